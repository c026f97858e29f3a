"""A list's own ``Date:`` line (``日期:``) picks its format's dated profile when ``--date``
is not given: ``--date`` > the list's ``Date:`` > the config pattern's ``date:`` > today."""

from __future__ import annotations

import json

import pytest

from deckcheck.api import Options, check_source
from deckcheck.config import Config, FormatRule
from deckcheck.parsing.detect import read_list_date, sniff_date
from deckcheck.reading import SourceText

from conftest import ROOT

GRIMM = "".join(line for line in (ROOT / "tests" / "cases" / "_decks" / "fow" / "grimm.txt")
                .read_text(encoding="utf-8").splitlines(keepends=True)
                if not line.startswith("Format:"))


@pytest.mark.parametrize("written, day", [
    ("2012-02-25", "2012-02-25"), (" 2012/2/5 ", "2012-02-05"), ("2012.02.25", "2012-02-25"),
    ("2012年2月25日", "2012-02-25"), ("2012-02-30", None), ("Feb 25, 2012", None), ("", None)])
def test_read_list_date(written, day):
    assert read_list_date(written) == day


def test_sniff_date_finds_the_line_and_skips_commented_noise():
    text = "// DATE : whenever\nName: x\n日期：2012-02-25\nDate: 2013-01-01\n"
    assert sniff_date(text) == ("2012-02-25", "2012-02-25", 3)   # the first plain line wins
    assert sniff_date("# Date: 2012/02/25\n4 Ponder\n") == ("2012-02-25", "2012/02/25", 1)
    assert sniff_date("Date: soon\n") == (None, "soon", 1)
    assert sniff_date("4 Ponder\n") is None


def _check(text: str, date: str | None = None, config: Config | None = None):
    src = SourceText("decks/grimm.txt", text, "utf-8")
    return check_source(src, Options(format_id=None, date=date, config=config))


def _config(date: str) -> Config:
    cfg = Config()
    cfg.formats = [FormatRule("decks/**", "fow-wanderer", date)]
    return cfg


def test_the_order_date_option_list_config_today():
    listed = "Format: fow-wanderer\nDate: 2020-05-01\n" + GRIMM
    assert _check(listed).date == "2020-05-01"                      # the list's own date
    assert _check(listed, date="2021-01-01").date == "2021-01-01"   # --date wins
    undated = GRIMM
    cfg = _config("2019-03-01")
    assert _check(undated, config=cfg).date == "2019-03-01"         # the config's pattern
    assert _check("Date: 2020-05-01\n" + undated, config=cfg).date == "2020-05-01"  # list > config
    assert _check("Format: fow-wanderer\n" + GRIMM).date is None    # today


def test_a_bad_list_date_is_a_warning_and_the_next_source_decides():
    result = _check("Date: 2012-13-01\n" + GRIMM, config=_config("2019-03-01"))
    assert result.date == "2019-03-01"
    found = [f for f in result.findings if f.code == "DCK032"]
    assert len(found) == 1 and found[0].line == 1 and "'2012-13-01'" in found[0].message


def test_json_shows_the_date_used():
    result = _check("Format: fow-wanderer\n日期: 2020年5月1日\n" + GRIMM)
    assert json.loads(json.dumps(result.to_json()))["date"] == "2020-05-01"
