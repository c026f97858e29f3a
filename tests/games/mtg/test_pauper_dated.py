"""Pauper's banned list on any date: the dated profiles of formats/mtg/mtg-pauper.yaml (Forge's
Archive/Pauper files to 2020-07-13, completed with the earlier bans, and the announcements after
them, forge_formats.yaml `transcribed:`) through the real checker and the shipped card data.

A ban takes effect on its day: the card is legal the day before and banned (MTG202) on the day
and the day after; an unban is the reverse. Each card below has a common printing released
before the day before, so the ban is the only thing that changes."""

from __future__ import annotations

import datetime as _dt

import pytest

from deckcheck.api import check_text
from deckcheck.formats import load


def _shift(day: str, days: int) -> str:
    return (_dt.date.fromisoformat(day) + _dt.timedelta(days=days)).isoformat()


def _errors(card: str, date: str):
    result = check_text(f"4 {card}\n56 Island\n", "mtg-pauper", date)
    assert result.error is None, result.error
    return result, [(f.code, f.card) for f in result.findings if f.severity.name == "ERROR"]


# (card, the day the change took effect, the card is allowed from that day on)
CHANGES = [
    ("High Tide", "2019-06-27", False),              # paper sanctioning adds three bans
    ("Stone-Throwing Devils", "2020-06-10", False),   # banned in every format
    ("Expedition Map", "2020-07-13", False),
    ("Mystic Sanctuary", "2020-07-13", False),
    ("Fall from Favor", "2021-01-14", False),         # not 2020-01-14 (the announcement's slip)
    ("Chatterstorm", "2021-09-08", False),
    ("Sojourner's Companion", "2021-09-08", False),
    ("Atog", "2022-01-20", False),
    ("Prophetic Prism", "2022-01-20", False),
    ("Galvanic Relay", "2022-03-07", False),
    ("Disciple of the Vault", "2022-03-07", False),
    ("Expedition Map", "2022-03-07", True),           # unbanned
    ("Aarakocra Sneak", "2022-09-19", False),
    ("Monastery Swiftspear", "2023-12-04", False),
    ("All That Glitters", "2024-05-13", False),
    ("Deadly Dispute", "2025-03-31", False),
    ("Kuldotha Rebirth", "2025-03-31", False),
    ("Basking Broodscale", "2025-03-31", False),
    ("Prophetic Prism", "2025-03-31", True),           # trial unban, kept
    ("High Tide", "2025-03-31", True),                 # trial unban ...
    ("High Tide", "2025-11-10", False),                # ... ended
]


@pytest.mark.parametrize("card,day,allowed_after", CHANGES,
                         ids=[f"{c[1]}-{c[0]}" for c in CHANGES])
def test_a_change_takes_effect_on_its_day(card, day, allowed_after):
    before, found_before = _errors(card, _shift(day, -1))
    on_day, found_on_day = _errors(card, day)
    after, found_after = _errors(card, _shift(day, 1))
    banned = [("MTG202", card)]
    if allowed_after:
        assert found_before == banned, (found_before, before.stats["profile"])
        assert found_on_day == [] and found_after == [], (found_on_day, found_after)
    else:
        assert found_before == [], (found_before, before.stats["profile"])
        assert found_on_day == banned and found_after == banned, (found_on_day, found_after)
    assert on_day.stats["profile"] == day
    assert before.stats["profile"] < day


def test_the_ban_message_names_the_profile_of_the_date():
    result, _ = _errors("Monastery Swiftspear", "2024-01-15")
    message = [f.message for f in result.findings if f.code == "MTG202"][0]
    assert "Monastery Swiftspear" in message and "2023-12-04" in message


PROFILES = [str(p["from"]) for p in load("mtg-pauper").profiles]


@pytest.mark.parametrize("day", PROFILES)
def test_the_bans_before_2019_hold_in_every_profile(day):
    # Forge's Archive/Pauper files name only the bans from 2019 on; the profiles keep the older
    # ones (Treasure Cruise, banned in 2015, is still banned today)
    _, found = _errors("Treasure Cruise", day)
    assert found == [("MTG202", "Treasure Cruise")]


def test_no_profile_on_forges_misdated_2020_01_14():
    assert "2020-01-14" not in PROFILES
    _, found = _errors("Arcum's Astrolabe", "2020-03-01")
    assert found == [("MTG202", "Arcum's Astrolabe")]


def test_the_newest_profile_differs_from_forges_current_list_as_the_notes_say():
    fmt = load("mtg-pauper")
    newest = set(fmt.profiles[-1]["banned"])
    current = set(fmt.data["withheld"]["profiles"][0]["banned"])
    assert current - newest == {"Seeker of Skybreak"}
    assert newest - current == {"Bonder's Ornament"}
    note = " ".join(fmt.data["notes"])
    assert "Seeker of Skybreak" in note and "Bonder's Ornament" in note


def test_every_profile_is_commons_and_basics_with_a_source():
    for prof in load("mtg-pauper").profiles:
        assert prof["rarities"] == ["basic", "common"], prof["from"]
        assert prof["restricted"] == [], prof["from"]
        assert prof["source"].strip(), prof["from"]
