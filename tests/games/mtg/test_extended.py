"""Extended (1997-07-01 to 2013-10-08), from Forge's 76 Archive/Extended files: rotating
sets, dated bans, dual lands legal by name (also_legal), and the format's end."""

from __future__ import annotations

import pytest

from conftest import run_cli
from deckcheck.api import check_text
from deckcheck.formats import load

ISLANDS = "\n40 Island\n"


def _codes(text, date):
    r = check_text(text, "mtg-extended", date=date)
    return r, {f.code for f in r.findings if f.severity.name == "ERROR"}


def test_every_forge_file_is_a_profile_with_its_source():
    fmt = load("mtg-extended")
    assert len(fmt.profiles) == 76
    assert fmt.profiles[0]["from"] == "1997-07-01" and fmt.profiles[-1]["from"] == "2013-09-27"
    assert all("Archive/Extended/" in p["source"] for p in fmt.profiles)
    assert fmt.data["data_until"] == "2013-10-08"


def test_dual_lands_are_legal_by_name_while_forge_says_so():
    deck = "4 Tundra\n4 Counterspell\n4 Brainstorm\n4 Force of Will\n4 Morphling" + ISLANDS
    r, errors = _codes(deck, "2000-06-01")        # Revised left on 1999-10-01
    assert r.legal and not errors
    r, errors = _codes(deck, "2003-06-01")
    text = " ".join(f.message for f in r.findings if f.code == "MTG201")
    assert "Tundra" in text and "stopped allowing it by name on 2002-11-01" in text
    assert "Alliances (ALL) left Extended on 2002-11-01" in text      # Force of Will


@pytest.mark.parametrize("card, before, on", [
    ("Memory Jar", "1999-03-31", "1999-04-01"),     # ULG joins in the 1999-03-01 file
    ("Skullclamp", "2004-09-19", "2004-09-20"),
    ("Hypergenesis", "2010-06-30", "2010-07-01"),
    ("Stoneforge Mystic", "2011-09-30", "2011-10-01"),
])
def test_a_ban_applies_from_its_day(card, before, on):
    deck = f"4 {card}" + ISLANDS + "16 Plains\n"
    _r, errors = _codes(deck, before)
    assert "MTG202" not in errors and "MTG201" not in errors
    _r, errors = _codes(deck, on)
    assert "MTG202" in errors


def test_the_unban_of_the_last_file():
    deck = "4 Stoneforge Mystic" + ISLANDS + "16 Plains\n"
    assert "MTG202" in _codes(deck, "2013-09-26")[1]
    assert "MTG202" not in _codes(deck, "2013-09-27")[1]


def test_before_the_start_after_the_end_and_today_are_refused(tmp_path):
    deck = tmp_path / "d.txt"
    deck.write_text("40 Island\n20 Plains\n", encoding="utf-8")
    ok = run_cli("check", str(deck), "-f", "mtg-extended", "--date", "2013-10-08")
    assert ok.returncode == 0, ok.stdout.decode() + ok.stderr.decode()
    for args, said in [(["--date", "1997-06-30"], "began on 1997-07-01"),
                       (["--date", "2013-10-09"], "retired on 2013-10-08"),
                       ([], "no such format today")]:
        res = run_cli("check", str(deck), "-f", "mtg-extended", *args)
        err = res.stderr.decode()
        assert res.returncode == 2 and said in err and "Traceback" not in err, err
    dated = tmp_path / "dated.txt"
    dated.write_text("Date: 2014-02-01\n4 Counterspell" + ISLANDS + "16 Plains\n",
                     encoding="utf-8")
    res = run_cli("check", str(dated), "-f", "mtg-extended")
    assert res.returncode == 2 and "dated.txt:1:" in res.stderr.decode(), res.stderr
