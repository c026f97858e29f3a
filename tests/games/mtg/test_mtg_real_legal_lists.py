"""Published Magic lists that were legal where and when they were played (tests/data/real-lists,
``mtg-legal-*``; each file names its source, event, date and player): every one checks LEGAL in
its format on its event's date, with every line read as a card of the card data.

A list whose sets the card data lacks (the shipped data holds six sets until the full pool is
imported) is skipped, naming the card that is missing; so is a list whose format profile names
sets the card data lacks."""

from __future__ import annotations

from functools import lru_cache

import pytest

from conftest import ROOT
from deckcheck.api import Options, check_file, prepare_game

LISTS = ROOT / "tests" / "data" / "real-lists"

# file, format, event date, a card of the newest set the list needs (the skip probe)
REAL_LEGAL = [
    # the main deck in blocks split by blank lines, no headings, then "sb:"
    ("mtg-legal-standard-2009-brodzek-red-deck-wins.txt", "mtg-standard", "2009-11-19",
     "Zektar Shrine Expedition"),                                            # ZEN
    ("mtg-legal-standard-2012-10-anderson-rwu-miracles.txt", "mtg-standard", "2012-10-06",
     "Jace, Architect of Thought"),                                          # RTR
    ("mtg-legal-standard-2012-12-boggemes-bant.txt", "mtg-standard", "2012-12-09",
     "Sphinx's Revelation"),                                                 # RTR
    ("mtg-legal-standard-2015-takimura-abzan.txt", "mtg-standard", "2015-10-16",
     "Gideon, Ally of Zendikar"),                                            # BFZ
    ("mtg-legal-standard-2018-gutierrez-von-porat-sultai-gift.txt", "mtg-standard",
     "2018-08-11", "Vivien Reid"),                                           # M19
    # Standard (BRO) of 2022-11-18: transcribed, Forge's archive stops at 2022-04-29
    ("mtg-legal-standard-2023-jiggiestjay-esper-midrange.txt", "mtg-standard", "2023-01-29",
     "Gix, Yawgmoth Praetor"),                                               # BRO
    ("mtg-legal-pioneer-rizzi-bant-spirits.txt", "mtg-pioneer", "2020-01-31",
     "Brazen Borrower"),                                                     # ELD
    ("mtg-legal-pioneer-rodriguez-lopez-mono-red.txt", "mtg-pioneer", "2020-01-31",
     "Bonecrusher Giant"),                                                   # ELD
    ("mtg-legal-modern-de-castro-sanchez-knightfall.txt", "mtg-modern", "2017-08-12",
     "Reflector Mage"),                                                      # OGW
    ("mtg-legal-modern-glogowski-lantern-control.txt", "mtg-modern", "2017-08-12",
     "Inventors' Fair"),                                                     # KLD
    ("mtg-legal-legacy-de-gruyter-steel-stompy.txt", "mtg-legacy", "2018-05-11",
     "Karn, Scion of Urza"),                                                 # DOM
    ("mtg-legal-legacy-kowalski-grixis-delver.txt", "mtg-legacy", "2018-05-11",
     "Gurmag Angler"),                                                       # FRF
    ("mtg-legal-vintage-demars-hangarback-workshop.txt", "mtg-vintage", "2015-08-23",
     "Hangarback Walker"),                                                   # ORI
    ("mtg-legal-vintage-ravitz-grixis-thieves.txt", "mtg-vintage", "2015-08-23",
     "Dig Through Time"),                                                    # KTK
    ("mtg-legal-pauper-denisevichalexey-izzet-delver.txt", "mtg-pauper", "2019-06-09",
     "Swirling Sandstorm"),                                                  # HOU
    ("mtg-legal-commander-richard-nekusar.txt", "mtg-commander", "2013-11-01",
     "Nekusar, the Mindrazer"),                                              # C13
    # the widget's "COMMANDER:" heading, the commander, then type headings of the 99
    ("mtg-legal-commander-styborski-xenagos.txt", "mtg-commander", "2015-04-30",
     "Dragonlord Atarka"),                                                   # DTK
    # the widget's type heading "Legendary planeswalker (5)" (a supertype before the type)
    ("mtg-legal-standard-2018-mechin-turbo-fog.txt", "mtg-standard", "2018-08-11",
     "Nexus of Fate"),                                                       # M19
    # "Condescend (2nd Place)": a player's name that is a card's, with a placing: the title
    ("mtg-legal-pauper-condescend-dimir-control.txt", "mtg-pauper", "2019-06-09",
     "Ob Nixilis's Cruelty"),                                                # WAR
    # a Spanish page: "Criatura (23)", "Tierra (22)", "60 Cartas", "Sideboard" then "(15)"
    ("mtg-legal-pauper-raptor56-spanish-headings.txt", "mtg-pauper", "2019-06-02",
     "Sunscape Familiar"),                                                   # INV
]


@lru_cache(maxsize=1)
def _cards():
    return prepare_game("mtg", None)[1]


def _check(name: str, fmt: str, date: str, probe: str):
    if _cards().find(probe) is None:
        pytest.skip(f"the card data lacks {probe!r}, of the newest set that {name} needs "
                    "(import the full Magic card data)")
    result = check_file(LISTS / name, Options(format_id=fmt, date=date))
    if result.error and "needs card data for" in result.error:
        pytest.skip(result.error)
    return result


def _assert_legal_as_published(result, fmt: str, date: str) -> None:
    assert result.error is None, result.error
    assert result.format == fmt and result.date == date
    problems = [(f.code, f.line, f.message) for f in result.findings
                if f.code in {"DCK002", "DCK003"} or f.severity.name in {"ERROR", "WARNING"}]
    assert not problems, problems
    assert all(e.card is not None for e in result.deck.entries)
    if fmt == "mtg-commander":
        assert result.counts == {"commander": 1, "main": 99}
    else:
        assert result.counts == {"main": 60, "sideboard": 15}
    assert result.legal


@pytest.mark.parametrize("name,fmt,date,probe", REAL_LEGAL)
def test_a_published_legal_list_is_legal_on_its_date(name, fmt, date, probe):
    result = _check(name, fmt, date, probe)
    _assert_legal_as_published(result, fmt, date)
    # the list's own Date: line is the date checked: it agrees with --date (no MTG408 warning)
    assert result.stats.get("event_date") == date


def test_the_2023_standard_list_is_checked_with_brothers_war_standard():
    """The 2023 list's cards from DMU and BRO are in the Standard of its date, and the four sets
    that left on 2022-09-09 are not: the profile is Standard (BRO), not the SNC one before it."""
    name, fmt, date, probe = next(row for row in REAL_LEGAL if row[2] == "2023-01-29")
    result = _check(name, fmt, date, probe)
    assert result.stats["profile"] == "2022-11-18"
    legal_sets = set(result.stats["legal_sets"])
    assert {"DMU", "BRO", "SNC"} <= legal_sets and not {"ZNR", "KHM", "STX", "AFR"} & legal_sets
    before = check_file(LISTS / name, Options(format_id=fmt, date="2022-11-17"))
    flagged = {f.card for f in before.findings if f.code == "MTG201"}
    assert "Gix, Yawgmoth Praetor" in flagged and "Sheoldred, the Apocalypse" not in flagged


def test_every_legal_list_names_its_source_and_date():
    """Each fixture starts with where it was published (a URL) and the event's Date: line, and
    the table in tests/data/real-lists/README.md lists it."""
    readme = (LISTS / "README.md").read_text(encoding="utf-8")
    rows = [row[0] for row in REAL_LEGAL]
    assert sorted(rows) == sorted(p.name for p in LISTS.glob("mtg-legal-*.txt"))
    for name, _fmt, date, _probe in REAL_LEGAL:
        head = (LISTS / name).read_text(encoding="utf-8").splitlines()[:8]
        assert any(line.startswith("# http") for line in head), name
        assert f"Date: {date}" in head, name
        assert f"`{name}`" in readme, name


@pytest.mark.parametrize("name,fmt,date,probe,card,code", [
    # a rotation later the same 75 cards are not Standard any more
    ("mtg-legal-standard-2012-12-boggemes-bant.txt", "mtg-standard", "2013-10-01",
     "Sphinx's Revelation", "Drogskol Reaver", "MTG201"),
    ("mtg-legal-standard-2015-takimura-abzan.txt", "mtg-standard", "2016-04-08",
     "Gideon, Ally of Zendikar", "Wingmate Roc", "MTG201"),
    # the Vintage list in Legacy: its power is banned there
    ("mtg-legal-vintage-ravitz-grixis-thieves.txt", "mtg-legacy", "2018-05-11",
     "Dig Through Time", "Time Walk", "MTG202"),
])
def test_the_same_published_list_elsewhere_or_later_is_not_legal(name, fmt, date, probe, card,
                                                                  code):
    result = _check(name, fmt, date, probe)
    assert not result.legal
    assert any(f.code == code and card in f.message for f in result.findings), \
        [(f.code, f.message) for f in result.findings]
