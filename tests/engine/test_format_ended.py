"""A format's ``ended:`` fact, for every game: a date after it is refused (a usage error
naming the format, the day and the source), and a check with no date (today) is refused
too, with the way to give one; ``extends:`` does not pass it on."""

from __future__ import annotations

import pytest

from deckcheck.errors import FormatEnded, FormatNotInForce
from deckcheck.formats import Format, FormatError, _compile
from deckcheck.i18n import error_text

SOURCE = "https://example.org/retired (a quotation)"


def _fmt(profiles=({"from": "2010-01-01", "name": "A"}, {"from": "2013-09-27", "name": "B"})):
    return Format({"id": "g-x", "game": "g", "name": "Game — X", "profiles": list(profiles),
                   "started": {"date": "2009-01-01", "source": SOURCE},
                   "ended": {"date": "2013-10-08", "source": SOURCE}})


def test_a_date_after_the_end_is_refused_the_last_day_is_not():
    fmt = _fmt()
    assert fmt.for_date("2013-10-08").profile["name"] == "B"
    with pytest.raises(FormatEnded) as err:
        fmt.for_date("2013-10-09")
    assert str(err.value) == ("2013-10-09 is after Game — X (g-x) ended: it was retired on "
                              "2013-10-08 (https://example.org/retired); choose a date on or "
                              "before 2013-10-08.")
    assert isinstance(err.value, FormatNotInForce) and isinstance(err.value, FormatError)
    # no date: the newest profile (a check refuses it: deckcheck.api, tested below)
    assert fmt.for_date(None).profile["name"] == "B"


def test_the_no_date_refusal_says_how_to_give_one_in_every_language():
    exc = FormatEnded("g-x", "Game — X", "2013-10-08", SOURCE, None)
    assert "retired on 2013-10-08" in str(exc) and "--date" in str(exc)
    assert "2013-10-08" in error_text(exc, "zh-Hans") and "停止" in error_text(exc, "zh-Hans")
    assert "--date" in error_text(exc, "zh-Hant")
    after = FormatEnded("g-x", "Game — X", "2013-10-08", SOURCE, "2014-01-01")
    assert "2014-01-01" in error_text(after, "zh-Hans")


def _write(tmp_path, fid, text):
    path = tmp_path / "g" / f"{fid}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_ended_is_read_checked_and_not_inherited(tmp_path):
    base = _write(tmp_path, "g-base", "id: g-base\nended: {date: 2013-10-08, source: s}\n")
    child = _write(tmp_path, "g-child", "id: g-child\nextends: g-base\n")
    out = _compile({"g-base": base, "g-child": child}, None)["formats"]
    assert out["g-base"]["ended"]["date"] == "2013-10-08"
    assert "ended" not in out["g-child"]
    bad = _write(tmp_path, "g-bad", "id: g-bad\nended: {source: s}\n")
    with pytest.raises(FormatError, match="g-bad.yaml: ended: give the day the format was "
                                          "retired"):
        _compile({"g-bad": bad}, None)
