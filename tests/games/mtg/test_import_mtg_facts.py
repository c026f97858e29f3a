"""Facts the MTG importer derives from card text, on real MTGJSON v3 sets (the text itself
is not stored): deck limits (mtg.md §1.3, MTG-R8), basic supertypes (MTG-R7), colour identity
with hybrid symbols and back faces, and the commander facts (``commander``, ``partner``,
``partner_with``). Skipped when ``../shared/data/mtg/mtgjson3-all/json`` is absent.

Post-v3 cards with their own deck limit (Persistent Petitioners, RNA 2019; Seven Dwarves,
ELD 2019; Dragon's Approach, Slime Against Humanity, Nazgûl) are not in the v3 data: they
come through Forge's edition files, which carry no text, so no ``deck_limit`` is derived
for them (the rule then applies the ordinary limit).
"""

from __future__ import annotations

import pytest
import yaml

from conftest import import_v3_sets
from deckcheck.games.mtg.importing.rows import _commander_facts

#: M11 Relentless Rats; M14 Shadowborn Apostle; DOM Rat Colony; CSP snow basics; OGW Wastes;
#: SHM hybrid; ISD double-faced cards; C14 planeswalker commanders; C16 partners; BBD
#: "Partner with"
SETS = ["M11", "M14", "DOM", "CSP", "OGW", "SHM", "ISD", "C14", "C16", "BBD"]


@pytest.fixture(scope="module")
def cards(tmp_path_factory) -> dict[str, dict]:
    out, _ = import_v3_sets(tmp_path_factory, SETS, "v3-facts")
    with (out / "cards.yaml").open(encoding="utf-8") as fh:
        data = yaml.load(fh, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return {c["name"]: c for c in data["cards"]}


def test_any_number_cards(cards):
    for name in ("Relentless Rats", "Shadowborn Apostle", "Rat Colony"):
        assert cards[name]["deck_limit"] == "any", name
    limited = sorted(n for n, c in cards.items() if "deck_limit" in c)
    assert limited == ["Rat Colony", "Relentless Rats", "Shadowborn Apostle"]
    assert "Persistent Petitioners" not in cards and "Seven Dwarves" not in cards  # post-v3


def test_basic_lands_by_supertype(cards):
    for name in ("Snow-Covered Island", "Snow-Covered Forest", "Wastes", "Island"):
        assert "Basic" in cards[name]["supertypes"], name
    assert cards["Snow-Covered Island"]["supertypes"] == ["Basic", "Snow"]
    assert cards["Wastes"]["supertypes"] == ["Basic"] and cards["Wastes"]["is_basic"]
    assert "deck_limit" not in cards["Wastes"]


def test_colour_identity_has_hybrid_symbols_and_back_faces(cards):
    assert cards["Kitchen Finks"]["mana_cost"] == "{1}{G/W}{G/W}"
    assert cards["Kitchen Finks"]["color_identity"] == ["W", "G"]
    scholar = cards["Civilized Scholar"]          # blue front, red back (Homicidal Brute)
    assert scholar["colors"] == ["U"] and scholar["color_identity"] == ["U", "R"]


def test_commander_facts(cards):
    assert cards["Daretti, Scrap Savant"]["commander"] is True      # "can be your commander"
    assert cards["Thrasios, Triton Hero"]["partner"] is True
    assert cards["Pir, Imaginative Rascal"]["partner_with"] == "Toothy, Imaginary Friend"
    assert cards["Toothy, Imaginary Friend"]["partner_with"] == "Pir, Imaginative Rascal"
    assert "partner" not in cards["Pir, Imaginative Rascal"]         # Partner with ≠ Partner
    assert cards["Blaring Captain"]["partner_with"] == "Blaring Recruiter"
    assert "Legendary" not in (cards["Blaring Captain"].get("supertypes") or ())
    will = cards["Will Kenrith"]
    assert will["commander"] is True and will["partner_with"] == "Rowan Kenrith"
    partners = sorted(n for n, c in cards.items() if c.get("partner"))
    assert len(partners) == 15 and "Tymna the Weaver" in partners     # C16's fifteen
    assert not any(c.get("choose_background") for c in cards.values())  # v3 predates them
    assert not any("text" in c for c in cards.values())


def test_commander_facts_from_text():
    assert _commander_facts("Partner (You can have two commanders if both have partner.)") \
        == {"partner": True}
    assert _commander_facts("Flying\nPartner with Sylvia Brightspear (When this …)") \
        == {"partner_with": "Sylvia Brightspear"}
    assert _commander_facts("Choose a Background (You can have a Background as a second "
                            "commander.)") == {"choose_background": True}
    assert _commander_facts("Teferi, Temporal Archmage can be your commander.") \
        == {"commander": True}
    assert _commander_facts("Whenever a partner of yours attacks, draw a card.") == {}
    assert _commander_facts(None) == {}
