"""Modern and Pioneer between Forge's archive (2022-04-29) and Forge's TLA lists (2025-11-21):
one profile per set's entry and per change of the banned list (forge_formats.yaml
`transcribed:`, regenerated into formats/mtg/). A card banned or unbanned on a day is judged
differently the day before and on the day; a set joins on its release date in the card data;
a date between is checked with its own state, not with the stale one MTG206 used to name."""

from __future__ import annotations

import json

import pytest
import yaml

from deckcheck.api import check_text
from dated_checks import day_before, deck_of, errors_on
from tests.conftest import ROOT





# (format, card line, basic land, day of the change, rule code, the card is allowed after it)
CHANGES = [
    # Pioneer: the announcements' bans and unbans
    ("mtg-pioneer", "4 Winota, Joiner of Forces", "Mountain", "2022-06-07", "MTG202", False),
    ("mtg-pioneer", "4 Expressive Iteration", "Island", "2022-06-07", "MTG202", False),
    ("mtg-pioneer", "4 Karn, the Great Creator", "Forest", "2023-12-04", "MTG202", False),
    ("mtg-pioneer", "4 Geological Appraiser", "Mountain", "2023-12-04", "MTG202", False),
    ("mtg-pioneer", "4 Smuggler's Copter", "Plains", "2023-12-04", "MTG202", True),
    ("mtg-pioneer", "4 Sorin, Imperious Bloodlord", "Swamp", "2024-08-26", "MTG202", False),
    ("mtg-pioneer", "4 Amalia Benavides Aguirre", "Plains", "2024-08-26", "MTG202", False),
    ("mtg-pioneer", "4 Jegantha, the Wellspring", "Mountain", "2024-12-16", "MTG202", False),
    ("mtg-pioneer", "4 Heartfire Hero", "Mountain", "2025-11-10", "MTG202", False),
    # Pioneer: sets joining on their release date
    ("mtg-pioneer", "4 Sheoldred, the Apocalypse", "Swamp", "2022-09-09", "MTG201", True),
    ("mtg-pioneer", "4 Hopeless Nightmare", "Swamp", "2023-09-08", "MTG201", True),
    # Modern: bans and unbans
    ("mtg-modern", "4 Yorion, Sky Nomad", "Plains", "2022-10-10", "MTG202", False),
    ("mtg-modern", "4 Preordain", "Island", "2023-08-07", "MTG202", True),
    ("mtg-modern", "4 Fury", "Mountain", "2023-12-04", "MTG202", False),
    ("mtg-modern", "4 Up the Beanstalk", "Forest", "2023-12-04", "MTG202", False),
    ("mtg-modern", "4 Violent Outburst", "Mountain", "2024-03-11", "MTG202", False),
    ("mtg-modern", "4 Nadu, Winged Wisdom", "Forest", "2024-08-26", "MTG202", False),
    ("mtg-modern", "4 Grief", "Swamp", "2024-08-26", "MTG202", False),
    ("mtg-modern", "4 The One Ring", "Island", "2024-12-16", "MTG202", False),
    ("mtg-modern", "4 Amped Raptor", "Mountain", "2024-12-16", "MTG202", False),
    ("mtg-modern", "4 Splinter Twin", "Mountain", "2024-12-16", "MTG202", True),
    ("mtg-modern", "4 Mox Opal", "Island", "2024-12-16", "MTG202", True),
    ("mtg-modern", "4 Underworld Breach", "Mountain", "2025-03-31", "MTG202", False),
    # Modern: sets released straight into it join on their release date
    ("mtg-modern", "4 Orcish Bowmasters", "Swamp", "2023-06-23", "MTG201", True),   # LTR
    ("mtg-modern", "4 Psychic Frog", "Island", "2024-06-07", "MTG201", True),       # MH3
    ("mtg-modern", "4 Ezio Auditore da Firenze", "Swamp", "2024-07-05", "MTG201", True),  # ACR
]


@pytest.mark.parametrize("fmt,line,basic,day,code,allowed_after", CHANGES,
                         ids=[f"{c[0]}-{c[3]}-{c[1][2:]}" for c in CHANGES])
def test_a_change_takes_effect_on_its_day(fmt, line, basic, day, code, allowed_after):
    deck = deck_of(line, basic)
    card = line.split(" ", 1)[1]
    before, found_before = errors_on(deck, fmt, day_before(day))
    after, found_after = errors_on(deck, fmt, day)
    barred, free = (found_before, found_after) if allowed_after else (found_after, found_before)
    assert barred == [(code, card)], (barred, before.stats["profile"], after.stats["profile"])
    assert free == [], free
    assert after.stats["profile"] == day
    assert before.stats["profile"] < day


@pytest.mark.parametrize("fmt", ["mtg-modern", "mtg-pioneer"])
def test_dates_between_are_checked_with_their_own_state(fmt):
    """Every day from 2022-04-29 to TLA has a profile of its own: no MTG206 (a later state is
    known but not loaded) and no DCK029 (the data ends) on any profile's first or last day."""
    days = [p["from"] for p in _profiles(fmt) if p["from"] >= "2022-04-29"]
    assert len(days) >= 20 and days[-1] == "2025-11-21"
    deck = deck_of("4 Llanowar Elves", "Forest")
    probes = days + [day_before(d) for d in days[1:]]
    for day in probes:
        result = check_text(deck, fmt, day)
        codes = {f.code for f in result.findings}
        assert not codes & {"MTG206", "DCK029"}, (day, codes)
        assert result.legal, (day, [(f.code, f.card) for f in result.findings])


def test_sets_released_straight_into_modern_stay_out_of_pioneer():
    for line, basic in (("4 Orcish Bowmasters", "Swamp"), ("4 Psychic Frog", "Island"),
                        ("4 Ezio Auditore da Firenze", "Swamp")):
        card = line.split(" ", 1)[1]
        assert errors_on(deck_of(line, basic), "mtg-pioneer", "2025-11-21")[1] == \
            [("MTG201", card)], line
        assert errors_on(deck_of(line, basic), "mtg-modern", "2025-11-21")[1] == [], line


def _profiles(fmt: str) -> list[dict]:
    data = yaml.safe_load((ROOT / "formats" / "mtg" / f"{fmt}.yaml").read_text("utf-8"))
    return [dict(p, **{"from": str(p["from"])}) for p in data["profiles"]]


def _released() -> dict[str, str]:
    table = yaml.safe_load((ROOT / "cards" / "mtg" / "sets.yaml").read_text("utf-8"))
    return {s["code"]: str(s["released"]) for s in table["sets"] if s.get("released")}


#: sets an older Forge list does not name and a later one does, added with the first
#: transcribed profile (the day Forge added them is not sourced; the format's notes say so)
NAMED_LATER = {"Q06"}


@pytest.mark.parametrize("fmt", ["mtg-modern", "mtg-pioneer"])
def test_each_profile_is_one_sourced_change(fmt):
    """From the archive's last file on, each profile changes something; one that adds sets
    starts on their release date in the card data and changes no ban; one that changes the
    banned list adds no set and names the page that says so. No set leaves, except TSR, which
    Forge's lists stopped naming by BRO."""
    released = _released()
    profiles = [p for p in _profiles(fmt) if p["from"] >= "2022-04-29"]
    for prev, prof in zip(profiles, profiles[1:]):
        added = set(prof["sets"]) - set(prev["sets"]) - NAMED_LATER
        left = set(prev["sets"]) - set(prof["sets"])
        bans = set(prof["banned"]) ^ set(prev["banned"])
        assert added or bans, prof["from"]
        assert left <= {"TSR"}, (prof["from"], left)
        if added:
            dates = {released.get(code) for code in added}
            assert dates == {prof["from"]}, (prof["from"], added, dates)
            # the BRO list's ban of Yorion is the 2022-10-10 profile's, not a new one
            assert not bans, (prof["from"], bans)
        else:
            assert "https://" in prof["source"], prof["from"]


def test_sets_named_later_decide_no_card():
    """Q06 (Pioneer Challenger Decks 2021) is undated in Forge's lists: every card printed in it
    has a printing in a set of Pioneer's 2022-04-29 profile, so no verdict depends on the day
    it is taken to join."""
    archive = next(p for p in _profiles("mtg-pioneer") if p["from"] == "2022-04-29")
    text = (ROOT / "cards" / "mtg" / "cards.yaml").read_text("utf-8")
    cards = json.loads(text[text.index("{"):])["cards"]
    named = [c for c in cards if NAMED_LATER & set(c.get("sets") or ())]
    assert named, "the card data has no card of Q06"
    alone = [c["name"] for c in named
             if not (set(c.get("sets") or ()) - NAMED_LATER) & set(archive["sets"])]
    assert alone == []
