"""World of Warcraft TCG lists in the shapes players publish them (tests/data/real-lists)."""

from __future__ import annotations

from deckcheck.api import Options, check_file, check_text

from conftest import ROOT

LISTS = ROOT / "tests" / "data" / "real-lists"


def codes(result) -> list[str]:
    return [f.code for f in result.findings]


def test_a_hero_heading_a_dash_and_the_hero():
    r = check_file(LISTS / "wowtcg-hero-dash.txt", Options(format_id="wowtcg-constructed"))
    assert r.counts == {"hero": 1, "main": 60}
    assert r.stats["hero"] == "Nicholas Merrick"
    assert not {"DCK002", "WOW104", "WOW105"} & set(codes(r))


def test_a_bare_hero_among_the_cards_is_the_hero():
    r = check_text("Nicholas Merrick\n4 Arcane Intuition\n", "wowtcg-constructed")
    assert r.counts["hero"] == 1 and r.counts["main"] == 4
    assert [f.line for f in r.findings if f.code == "DCK031"] == [1]


def test_a_zone_heading_a_dash_and_a_count_is_a_heading():
    r = check_text("Hero: Nicholas Merrick\nMain Deck - 4\n4 Arcane Intuition\n",
                   "wowtcg-constructed")
    assert r.counts["main"] == 4 and "DCK002" not in codes(r)
