"""Magic lists in the shapes deck sites and articles publish them (tests/data/real-lists)."""

from __future__ import annotations

from deckcheck.api import Options, check_file, check_text

from conftest import ROOT

LISTS = ROOT / "tests" / "data" / "real-lists"


def codes(result) -> list[str]:
    return [f.code for f in result.findings]


def test_a_deck_name_line_keeps_the_blank_line_sideboard():
    r = check_file(LISTS / "mtg-deck-name-line.txt", Options(format_id="mtg-standard"))
    assert r.counts == {"main": 60, "sideboard": 15}
    assert r.deck.metadata["name"] == "UW Delver"
    assert [f.line for f in r.findings if f.code == "DCK027"] == [1]
    assert "DCK002" not in codes(r)


def test_a_deck_line_with_a_count_is_a_card():
    r = check_text("Deck: 4 Delver of Secrets\n4 Ponder\n", "mtg-standard")
    assert r.counts["main"] == 8 and "DCK027" not in codes(r)


def test_a_deck_line_naming_a_card_is_that_card():
    r = check_text("Deck: Island\n4 Ponder\n\n2 Negate\n", "mtg-standard")
    assert r.counts == {"main": 5, "sideboard": 2}
    assert "name" not in r.deck.metadata
