"""Vintage (Type 1) from its first list (1994-01-26) to 2012-02-03: the profiles transcribed
from Forge's Archive/Vintage files (forge_formats.yaml `transcribed:`), checked through the
real checker on the generated formats/mtg/mtg-vintage.yaml.

A card restricted or banned on a day has its limit on that day and not the day before; an
unrestriction or an unban the reverse. Restricted means at most one copy over the main deck
and the sideboard together."""

from __future__ import annotations

import pytest
import yaml

from deckcheck import formats
from dated_checks import day_before, deck_of, errors_on
from deckcheck.api import UsageError, check_text
from deckcheck.games.mtg.importing.forge_formats import DATA_FILE

FIRST_DAY = "1994-01-26"
#: the first profile the earlier transcription (2012 on) already had
LATER = "2012-02-03"




def _errors(deck: str, date: str):
    return errors_on(deck, "mtg-vintage", date)


# (card line, basic land, day of the change, rule code on the barred side, allowed after it)
CHANGES = [
    # restrictions: two copies are legal the day before, MTG103 on the day
    ("2 Channel", "Forest", "1994-03-23", "MTG103", False),
    ("2 Library of Alexandria", "Island", "1994-05-02", "MTG103", False),
    ("2 Mishra's Workshop", "Island", "1994-06-13", "MTG103", False),
    ("2 Maze of Ith", "Plains", "1994-10-10", "MTG103", False),
    ("2 Balance", "Plains", "1995-04-19", "MTG103", False),
    ("2 Fastbond", "Forest", "1996-10-01", "MTG103", False),
    ("2 Strip Mine", "Island", "1998-01-01", "MTG103", False),
    ("2 Tolarian Academy", "Island", "1999-01-01", "MTG103", False),
    ("2 Yawgmoth's Will", "Swamp", "1999-10-01", "MTG103", False),
    ("2 Necropotence", "Swamp", "2000-10-01", "MTG103", False),
    ("2 Fact or Fiction", "Island", "2002-01-01", "MTG103", False),
    ("2 Gush", "Island", "2003-07-01", "MTG103", False),
    ("2 Trinisphere", "Island", "2005-03-20", "MTG103", False),
    ("2 Gifts Ungiven", "Island", "2007-06-20", "MTG103", False),
    ("2 Brainstorm", "Island", "2008-06-20", "MTG103", False),
    ("2 Time Vault", "Island", "2008-09-20", "MTG103", False),
    ("2 Thirst for Knowledge", "Island", "2009-07-01", "MTG103", False),
    # unrestrictions: MTG103 the day before, two copies legal on the day
    ("2 Icy Manipulator", "Island", "1994-03-23", "MTG103", True),
    ("2 Dingus Egg", "Mountain", "1994-05-02", "MTG103", True),
    ("2 Ali from Cairo", "Mountain", "1996-04-01", "MTG103", True),
    ("2 Mishra's Workshop", "Island", "1997-10-01", "MTG103", True),
    ("2 Maze of Ith", "Plains", "1999-04-01", "MTG103", True),
    ("2 Fork", "Mountain", "2004-09-20", "MTG103", True),
    ("2 Stroke of Genius", "Island", "2004-12-20", "MTG103", True),
    ("2 Black Vise", "Island", "2007-06-20", "MTG103", True),
    ("2 Entomb", "Swamp", "2009-07-01", "MTG103", True),
    ("2 Gush", "Island", "2010-10-01", "MTG103", True),
    ("2 Fact or Fiction", "Island", "2011-10-01", "MTG103", True),
    # bans and unbans: one copy
    ("1 Divine Intervention", "Plains", "1994-08-02", "MTG202", False),
    ("1 Amulet of Quoz", "Swamp", "1995-06-03", "MTG202", False),
    ("1 Timmerian Fiends", "Swamp", "1995-11-13", "MTG202", False),
    ("1 Mind Twist", "Swamp", "1996-02-01", "MTG202", False),
    ("1 Time Vault", "Island", "1996-04-01", "MTG202", True),
    ("1 Shahrazad", "Plains", "1999-10-01", "MTG202", True),
    ("1 Divine Intervention", "Plains", "1999-10-01", "MTG202", True),
    ("1 Mind Twist", "Swamp", "2000-10-01", "MTG202", True),
    ("1 Shahrazad", "Plains", "2007-09-20", "MTG202", False),
]


@pytest.mark.parametrize("line,basic,day,code,allowed_after", CHANGES,
                         ids=[f"{c[2]}-{c[0][2:]}" for c in CHANGES])
def test_a_change_takes_effect_on_its_day(line, basic, day, code, allowed_after):
    deck = deck_of(line, basic)
    card = line.split(" ", 1)[1]
    before, found_before = _errors(deck, day_before(day))
    after, found_after = _errors(deck, day)
    barred, free = (found_before, found_after) if allowed_after else (found_after, found_before)
    assert barred == [(code, card)], (barred, before.stats["profile"], after.stats["profile"])
    assert free == [], free
    assert after.stats["profile"] == day != before.stats["profile"]


# (card line, basic land, day, rule code the day before, rule code on the day)
MOVES = [
    ("4 Time Vault", "Island", "1994-03-23", "MTG103", "MTG202"),     # restricted -> banned
    ("2 Channel", "Forest", "1995-11-01", "MTG103", "MTG202"),
    ("2 Chaos Orb", "Mountain", "1995-11-01", "MTG103", "MTG202"),
    ("2 Mind Twist", "Swamp", "2000-10-01", "MTG202", "MTG103"),      # banned -> restricted
]


@pytest.mark.parametrize("line,basic,day,code_before,code_after", MOVES,
                         ids=[f"{m[2]}-{m[0][2:]}" for m in MOVES])
def test_a_card_moved_between_the_lists(line, basic, day, code_before, code_after):
    deck = deck_of(line, basic)
    card = line.split(" ", 1)[1]
    assert _errors(deck, day_before(day))[1] == [(code_before, card)]
    assert _errors(deck, day)[1] == [(code_after, card)]


@pytest.mark.parametrize("day", ["1994-01-26", "1995-01-10", "1999-10-01", "2005-09-20"])
def test_restricted_counts_main_deck_and_sideboard_together(day):
    """One Black Lotus is legal; one in the main deck and one in the sideboard are two."""
    one = check_text("1 Black Lotus\n59 Island\n", "mtg-vintage", day)
    assert one.legal, [(f.code, f.card) for f in one.findings]
    split = check_text("1 Black Lotus\n59 Island\n\nSideboard\n1 Black Lotus\n14 Island\n",
                       "mtg-vintage", day)
    assert [(f.code, f.card) for f in split.findings if f.severity.name == "ERROR"] == \
        [("MTG103", "Black Lotus")]


def test_the_first_list_is_in_force_from_the_first_day():
    """1994-01-26 is both the format's start and its first profile: the day before is refused
    (exit 2), the day itself is checked with the first list and no DCK039 (a date between the
    start and the first profile) arises."""
    fmt = formats.load("mtg-vintage")
    assert fmt.started["date"] == FIRST_DAY
    assert min(p["from"] for p in fmt.profiles) == FIRST_DAY
    with pytest.raises(UsageError, match=f"it began on {FIRST_DAY}"):
        check_text(deck_of("1 Black Lotus", "Island"), "mtg-vintage", day_before(FIRST_DAY))
    result = check_text(deck_of("2 Black Lotus", "Island"), "mtg-vintage", FIRST_DAY)
    codes = [f.code for f in result.findings]
    assert "DCK039" not in codes and codes == ["MTG103"]
    assert result.stats["profile"] == FIRST_DAY


def _transcribed() -> list[dict]:
    data = yaml.safe_load(DATA_FILE.read_text(encoding="utf-8"))
    return [p for p in data["transcribed"]["mtg-vintage"] if str(p["from"]) < LATER]


def test_one_profile_per_change_each_naming_its_forge_file():
    """Consecutive early profiles differ in their banned or restricted list (a file with the
    same lists makes no profile), and each source names the Forge file it was read from."""
    early = _transcribed()
    assert early and str(early[0]["from"]) == FIRST_DAY
    for prev, cur in zip(early, early[1:]):
        assert str(prev["from"]) < str(cur["from"])
        assert (sorted(prev["banned"]), sorted(prev["restricted"])) != \
            (sorted(cur["banned"]), sorted(cur["restricted"])), cur["from"]
    for prof in early:
        assert f"Archive/Vintage/{prof['from']}.txt" in prof["source"], prof["from"]
        assert not set(prof["banned"]) & set(prof["restricted"]), prof["from"]


def test_every_early_profile_is_the_one_in_force_on_its_day():
    """The generated file holds each transcribed profile, and the checker picks it on its own
    day and keeps the one before on the day before."""
    early = [str(p["from"]) for p in _transcribed()]
    shipped = [p["from"] for p in formats.load("mtg-vintage").profiles]
    assert early == [d for d in shipped if d < LATER]
    deck = deck_of("1 Black Lotus", "Island")
    for prev, day in zip(early, early[1:] + [LATER]):
        assert check_text(deck, "mtg-vintage", day).stats["profile"] == day
        assert check_text(deck, "mtg-vintage", day_before(day)).stats["profile"] == prev


def test_what_the_importer_does_not_enforce_is_in_the_notes():
    notes = " ".join(formats.load("mtg-vintage").notes)
    assert "RestrictedLegendary" in notes and "Not sourced: Vintage before" not in notes
