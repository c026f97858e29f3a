"""Dated changes of Magic formats after Forge's archive in ../shared stops, and the Legacy and
Vintage lists read from Forge's Archive files (forge_formats.yaml `transcribed:`): the same deck
checked the day before and the day a change took effect gets different verdicts.

Each row: format, deck (one card, in the number the rule is about, and basic lands), the
last day before the change, the day of the change, and the rule code found on the side where
the card is not allowed (the other side has no error at all)."""

from __future__ import annotations

import pytest

from deckcheck.api import check_text
from dated_checks import day_before, deck_of




def _errors(deck: str, fmt: str, date: str):
    result = check_text(deck, fmt, date)
    assert result.error is None, result.error
    assert result.stats["profile"] <= date
    return result, [(f.code, f.card) for f in result.findings if f.severity.name == "ERROR"]


# (format, card line, basic land, day of the change, rule code, the card is allowed after it)
CHANGES = [
    # Standard after 2022-04-29 (whatsinstandard's set dates, the announcements' bans)
    ("mtg-standard", "4 Skyclave Apparition", "Plains", "2022-09-09", "MTG201", False),  # ZNR left
    ("mtg-standard", "4 The Meathook Massacre", "Swamp", "2022-10-10", "MTG202", False),
    ("mtg-standard", "4 Fable of the Mirror-Breaker", "Mountain", "2023-05-29", "MTG202", False),
    ("mtg-standard", "4 The Wandering Emperor", "Plains", "2024-08-02", "MTG201", False),  # NEO
    ("mtg-standard", "4 Heartfire Hero", "Mountain", "2025-06-30", "MTG202", False),
    ("mtg-standard", "4 Sheoldred, the Apocalypse", "Swamp", "2025-08-01", "MTG201", False),  # DMU
    # Legacy: bans and unbans from Forge's Archive/Legacy files and later announcements
    ("mtg-legacy", "4 Land Tax", "Plains", "2012-06-29", "MTG202", True),
    ("mtg-legacy", "4 Treasure Cruise", "Island", "2015-01-23", "MTG202", False),
    ("mtg-legacy", "4 Black Vise", "Swamp", "2015-10-02", "MTG202", True),
    ("mtg-legacy", "4 Deathrite Shaman", "Swamp", "2018-07-06", "MTG202", False),
    ("mtg-legacy", "4 Wrenn and Six", "Forest", "2019-11-22", "MTG202", False),
    ("mtg-legacy", "4 Oko, Thief of Crowns", "Forest", "2021-02-15", "MTG202", False),
    ("mtg-legacy", "4 Ragavan, Nimble Pilferer", "Mountain", "2022-01-25", "MTG202", False),
    ("mtg-legacy", "4 Expressive Iteration", "Island", "2023-03-06", "MTG202", False),
    # Vintage: restricted cards (two copies) and bans
    ("mtg-vintage", "2 Burning Wish", "Mountain", "2012-10-01", "MTG103", True),
    ("mtg-vintage", "2 Regrowth", "Forest", "2013-05-03", "MTG103", True),
    ("mtg-vintage", "2 Treasure Cruise", "Island", "2015-01-23", "MTG103", False),
    ("mtg-vintage", "2 Lodestone Golem", "Island", "2016-04-08", "MTG103", False),
    ("mtg-vintage", "2 Gush", "Island", "2017-04-24", "MTG103", False),
    ("mtg-vintage", "2 Yawgmoth's Bargain", "Swamp", "2017-09-01", "MTG103", True),
    ("mtg-vintage", "2 Fastbond", "Forest", "2019-08-30", "MTG103", True),
    ("mtg-vintage", "2 Narset, Parter of Veils", "Island", "2019-11-22", "MTG103", False),
    ("mtg-vintage", "1 Lurrus of the Dream-Den", "Plains", "2021-02-15", "MTG202", True),
    ("mtg-vintage", "2 Ponder", "Island", "2024-03-11", "MTG103", True),
]


@pytest.mark.parametrize("fmt,line,basic,day,code,allowed_after", CHANGES,
                         ids=[f"{c[0]}-{c[3]}-{c[1][2:]}" for c in CHANGES])
def test_a_change_takes_effect_on_its_day(fmt, line, basic, day, code, allowed_after):
    deck = deck_of(line, basic)
    card = line.split(" ", 1)[1]
    before, found_before = _errors(deck, fmt, day_before(day))
    after, found_after = _errors(deck, fmt, day)
    barred, free = (found_before, found_after) if allowed_after else (found_after, found_before)
    assert barred == [(code, card)], (barred, before.stats["profile"], after.stats["profile"])
    assert free == [], free
    assert before.stats["profile"] != after.stats["profile"]
    assert after.stats["profile"] == day


def test_standard_did_not_rotate_in_2023():
    """Wilds of Eldraine joined on 2023-09-08 and no set left (three-year rotation): a Kamigawa:
    Neon Dynasty card stays legal until Bloomburrow (2024-08-02)."""
    deck = deck_of("4 The Wandering Emperor", "Plains")
    for day in ("2023-09-07", "2023-09-08", "2024-08-01"):
        assert _errors(deck, "mtg-standard", day)[1] == [], day
    wilds = check_text(deck_of("4 Hopeless Nightmare", "Swamp"), "mtg-standard", "2023-09-08")
    assert wilds.legal and wilds.stats["profile"] == "2023-09-08"


def test_vintage_restricted_cards_that_stay_restricted():
    """One copy of a restricted card is legal; on the day a card is restricted, the profile's
    other restricted cards are still restricted (each profile holds the whole list)."""
    for day in ("2016-04-08", "2024-08-26"):
        one = check_text(deck_of("1 Lodestone Golem", "Island"), "mtg-vintage", day)
        assert one.legal, day
        two = check_text(deck_of("2 Black Lotus", "Island"), "mtg-vintage", day)
        assert [(f.code, f.card) for f in two.findings if f.severity.name == "ERROR"] == \
            [("MTG103", "Black Lotus")], day
