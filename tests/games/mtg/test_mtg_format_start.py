"""The day each Magic format began (``started:`` in forge_formats.yaml, written into
formats/mtg/<id>.yaml by the importer): refused the day before, accepted on the day, in
``check``, ``fix`` and ``formats show``, in the three languages."""

from __future__ import annotations

import datetime as _dt

import pytest
import yaml

from conftest import ROOT
from deckcheck import formats
from deckcheck.api import UsageError, check_text
from deckcheck.games.mtg.importing.forge_formats import DATA_FILE

EXAMPLES = ROOT / "examples" / "mtg"
DELVER = (EXAMPLES / "delver-dka.txt").read_text(encoding="utf-8")
OLIVIA = (ROOT / "tests/cases/_decks/mtg/commander-olivia.txt").read_text(encoding="utf-8")
FACTS = yaml.safe_load(DATA_FILE.read_text(encoding="utf-8"))["formats"]
STARTED = sorted(fid for fid, spec in FACTS.items() if spec.get("started"))
#: formats whose start no source gives a day for (forge_formats.yaml says why)
UNSOURCED = {"mtg-premodern", "mtg-duel-commander", "mtg-pauper-commander"}


def _before(day: str) -> str:
    return (_dt.date.fromisoformat(day) - _dt.timedelta(days=1)).isoformat()


def _deck(fid: str) -> str:
    return OLIVIA if formats.load(fid).zone("commander") else DELVER


def test_every_format_has_a_sourced_start_or_is_named_unsourced():
    assert set(FACTS) == set(STARTED) | UNSOURCED and not set(STARTED) & UNSOURCED
    for fid in STARTED:
        fact = FACTS[fid]["started"]
        assert isinstance(fact["date"], _dt.date), fid
        assert "http" in fact["source"] or "Forge" in fact["source"], fid


@pytest.mark.parametrize("fid", STARTED)
def test_the_shipped_format_carries_its_start(fid):
    shipped = formats.load(fid).started
    assert shipped["date"] == FACTS[fid]["started"]["date"].isoformat()
    assert shipped["source"] == " ".join(FACTS[fid]["started"]["source"].split())


@pytest.mark.parametrize("fid", STARTED)
def test_refused_the_day_before_and_accepted_on_the_day(fid):
    start = formats.load(fid).started["date"]
    with pytest.raises(UsageError) as err:
        check_text(_deck(fid), fid, _before(start))
    assert f"it began on {start}" in str(err.value) and fid in str(err.value)
    result = check_text(_deck(fid), fid, start)
    assert result.error is None and result.format == fid
    profiles = formats.load(fid).profiles
    first = min(p["from"] for p in profiles) if profiles else None
    codes = [f.code for f in result.findings]
    # between the start and the first profile the first profile is used, and said to be
    assert ("DCK039" in codes) == (first is not None and start < first), (fid, start, first)


def test_formats_without_a_start_keep_their_old_behaviour():
    """No sourced day: a format without profiles checks any date; one with profiles refuses
    a date before the first (no profile is in force)."""
    assert check_text(OLIVIA, "mtg-duel-commander", "1999-01-01").error is None
    with pytest.raises(UsageError, match="earliest is 2003-05-26"):
        check_text(DELVER, "mtg-premodern", "2003-05-25")


def test_extends_does_not_pass_the_start_on():
    assert formats.load("mtg-commander").started["date"] == "2011-06-17"
    assert formats.load("mtg-brawl").started["date"] == "2018-03-22"
    assert formats.load("mtg-duel-commander").started is None       # extends mtg-commander


def test_check_refuses_in_three_languages(cli):
    deck = str(EXAMPLES / "delver-dka.txt")
    for lang, word in (("en", "it began on 2019-10-21"), ("zh-Hans", "始于 2019-10-21"),
                       ("zh-Hant", "始於 2019-10-21")):
        r = cli("check", deck, "-f", "mtg-pioneer", "--date", "2019-10-20", "--lang", lang)
        err = r.stderr.decode()
        assert r.returncode == 2 and word in err and "mtg.wiki" in err, (lang, err)
        assert "Traceback" not in err


def test_a_list_whose_own_date_is_too_early_is_refused(cli, tmp_path):
    """The date may come from the list's Date: line: that file is refused (exit 2)."""
    path = tmp_path / "old.txt"
    path.write_text(DELVER.replace("Date: 2012-02-25", "Date: 2019-10-20"), encoding="utf-8")
    assert path.read_text(encoding="utf-8").splitlines()[2] == "Date: 2019-10-20"
    for lang, word in (("en", "it began on 2019-10-21"), ("zh-Hans", "始于 2019-10-21")):
        r = cli("check", str(path), "-f", "mtg-pioneer", "--lang", lang)
        text = (r.stdout + r.stderr).decode()
        # the list's own line is named: that is what to change
        assert r.returncode == 2 and "old.txt:3: 2019-10-20" in text and word in text, text


def test_fix_refuses_too(cli, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text(DELVER, encoding="utf-8")
    r = cli("fix", str(path), "-f", "mtg-modern", "--date", "2011-08-11", "--diff")
    err = r.stderr.decode()
    assert r.returncode == 2 and "it began on 2011-08-12" in err and "Traceback" not in err
    assert path.read_text(encoding="utf-8") == DELVER


def test_formats_show_gives_the_start_and_refuses_an_earlier_date(cli):
    r = cli("formats", "show", "mtg-legacy")
    out = r.stdout.decode()
    assert r.returncode == 0 and "began: 2004-09-01" in out and "starcitygames" in out
    r = cli("formats", "show", "mtg-legacy", "--date", "2004-08-31")
    assert r.returncode == 2 and "it began on 2004-09-01" in r.stderr.decode()
