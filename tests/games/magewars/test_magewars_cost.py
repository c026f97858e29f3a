"""Mage Wars spellbook points (game page §2.3, §3): single-card costs and every mage's training."""

from __future__ import annotations

import pytest

from deckcheck import carddb
from deckcheck.games.base import load_game
from deckcheck.games.magewars.book import Mage, cost_book, spell_cost

FIXED = {"Talos": 0}


@pytest.fixture(scope="module")
def db():
    return carddb.load("magewars", load_game("magewars").match_params)


def mage(db, row_id: str, element: str | None = None) -> Mage:
    return Mage.from_row(row_id, db.tables["mages"]["mages"][row_id], element)


def cost(db, row_id: str, name: str, element: str | None = None, academy: bool = False):
    card = db.find(name)
    assert card is not None, name
    return spell_cost(card, mage(db, row_id, element), academy_novice=academy, fixed=FIXED)


# The 27 worked examples of §3 (rows with two mages give two cases).
WORKED = [
    (1, "beastmaster", None, "Timber Wolf", 2, "single"),
    (2, "beastmaster", None, "Fireball", 6, "single"),
    (3, "priestess", None, "Fireball", 4, "single"),
    (4, "wizard", "Fire", "Fireball", 2, "single"),
    (4, "wizard", "Air", "Fireball", 4, "single"),
    (5, "beastmaster", None, "Battle Forge", 5, "and"),
    (6, "warlock", None, "Battle Forge", 3, "and"),
    (7, "beastmaster", None, "Lightning Beetle", 4, "and"),
    (8, "beastmaster", None, "Elemental Wand", 4, "or"),
    (9, "warlock", None, "Elemental Wand", 2, "or"),
    (9, "wizard", "Air", "Elemental Wand", 2, "or"),
    (10, "priestess", None, "Chant of Rage", 2, "or"),
    (11, "druid", None, "Geyser", 1, "single"),
    (12, "druid", None, "Tsunami", 6, "single"),
    (13, "druid", None, "Shoalsdeep Crocodile", 6, "and"),
    (14, "druid", None, "Swamp Lurker", 2, "and"),
    (15, "druid", None, "Leather Gloves", 1, "novice"),
    (17, "forcemaster", None, "Timber Wolf", 6, "type-opposed"),
    (18, "forcemaster", None, "Psylok", 2, "single"),
    (19, "forcemaster", None, "Hired Bodyguard", 1, "novice"),
    (20, "paladin", None, "Samandriel, Angel of Light", 5, "combo"),
    (21, "paladin", None, "Resurrection", 8, "single"),
    (22, "paladin", None, "Armory", 6, "single"),
    (23, "siren", None, "Ballad of Courage", 2, "subtype"),
    (24, "siren", None, "Gerard Matranga", 3, "subtype"),
    (25, "siren", None, "Vengeful Merchant", 2, "subtype"),
    (25, "necromancer", None, "Vengeful Merchant", 2, "single"),
    (26, "warlock", None, "Lash of Hellfire", 2, "and"),
    (26, "beastmaster", None, "Lash of Hellfire", 5, "and"),
    (27, "warlord", None, "Talos", 0, "talos"),
]


@pytest.mark.parametrize("row,mage_id,element,card,points,basis", WORKED,
                         ids=[f"{r}-{m}{'-' + e if e else ''}-{c}" for r, m, e, c, _, _ in WORKED])
def test_worked_example(db, row, mage_id, element, card, points, basis):
    got = cost(db, mage_id, card, element)
    assert (got.each, got.basis) == (points, basis), got.detail


def test_worked_example_16_academy_druid_novice_opposed(db):
    got = cost(db, "academy-druid", "Leather Gloves", academy=True)
    assert (got.each, got.basis) == (3, "novice-opposed")
    # the same card for the Arena Druid, and for the Academy Druid without the Academy rule
    assert cost(db, "druid", "Leather Gloves").each == 1
    assert cost(db, "academy-druid", "Leather Gloves", academy=False).each == 1


def test_basis_texts_name_the_multipliers(db):
    assert cost(db, "beastmaster", "Battle Forge").detail == "and: War 1x2 + Fire 1x3"
    assert cost(db, "beastmaster", "Elemental Wand").detail == "or: Earth 2x2"
    assert cost(db, "warlock", "Elemental Wand").chosen == "Fire"
    assert cost(db, "priestess", "Chant of Rage").chosen == "Mind"


def test_or_card_books_the_first_of_the_cheapest_schools(db):
    got = cost(db, "beastmaster", "Elemental Wand")      # Earth, Air, Water all x2
    assert got.booked == [("Earth", 4)]


def test_forcemaster_multi_school_creatures(db):
    """[uncertain] §2.3: a creature with Mind among its schools is normal-costed; a
    non-Mind "and" creature pays x3 on every component (OCTGN validators)."""
    assert cost(db, "forcemaster", "Oboko, Sohei Master").each == 4    # Holy 1x2 + Mind 2x1
    beetle = cost(db, "forcemaster", "Lightning Beetle")
    assert (beetle.each, beetle.basis) == (9, "type-opposed")
    assert beetle.booked == [("Nature", 6), ("Air", 3)]


def test_wizard_four_elements(db):
    fireball = {el: cost(db, "wizard", "Fireball", el).each for el in ("Air", "Earth", "Fire", "Water")}
    assert fireball == {"Air": 4, "Earth": 4, "Fire": 2, "Water": 4}
    geyser = {el: cost(db, "wizard", "Geyser", el).each for el in ("Air", "Earth", "Fire", "Water")}
    assert geyser == {"Air": 2, "Earth": 2, "Fire": 2, "Water": 1}
    assert cost(db, "wizard", "Teleport", "Fire").each == 2               # Arcane is trained
    # no element given: only Arcane is trained
    assert cost(db, "wizard", "Fireball").each == 4


def test_druid_water_is_capped_at_level_1(db):
    assert cost(db, "druid", "Geyser").detail == "Water 1x1"
    assert cost(db, "druid", "Tsunami").detail == "Water 3x2"
    assert cost(db, "druid", "Fireball").detail == "Fire 2x3"


def test_paladin_caps_and_holy_creature_combo(db):
    assert cost(db, "paladin", "Heal").detail == "Holy 2x1"              # within Holy 3
    assert cost(db, "paladin", "Resurrection").detail == "Holy 4x2"      # above the cap
    assert cost(db, "paladin", "Samandriel, Angel of Light").basis == "combo"
    assert cost(db, "paladin", "Death Link").detail == "Dark 2x3"        # Dark is opposed


def test_siren_subtypes_and_water(db):
    assert cost(db, "siren", "Geyser").each == 1
    assert cost(db, "siren", "Fireball").each == 4
    assert cost(db, "siren", "Gerard Matranga").booked == [("War", 2), ("Water", 1)]


def test_holy_costs_triple_for_a_warlock(db):
    got = cost(db, "warlock", "Heal")
    assert (got.each, got.detail) == (6, "Holy 2x3")


def test_elementalist_living_objects(db):
    """Elementalist (§2.2): Living objects cost triple even in a trained school [uncertain]."""
    assert cost(db, "elementalist", "Rock Golem").basis == "single"       # a Nonliving golem
    tangle = cost(db, "elementalist", "Tanglevine")                       # Living conjuration
    assert (tangle.each, tangle.basis) == (3, "type-opposed")
    assert cost(db, "elementalist", "Timber Wolf").each == 6


def test_academy_novice_living_object_for_the_elementalist(db):
    """[uncertain] MW-R18: the Academy Elementalist's stats say Living objects cost triple
    "even if Novice"; deckcheck applies the Academy Novice rule to whole-card opposition."""
    got = cost(db, "academy-elementalist", "Hired Bodyguard", academy=True)
    assert (got.each, got.basis) == (3, "novice-opposed")
    assert cost(db, "elementalist", "Hired Bodyguard").each == 1          # Arena: MW-R8


def test_academy_forcemaster_dsjer_tet_training(db):
    assert cost(db, "academy-forcemaster", "Tjusut, the Risen King", academy=True).basis == "subtype"
    assert cost(db, "forcemaster", "Tjusut, the Risen King").basis == "type-opposed"


def test_not_spells_are_not_costed(db):
    assert spell_cost(db.find("Retribution Aura"), mage(db, "paladin")) is None
    assert spell_cost(db.find("Wizard Stats"), mage(db, "wizard", "Air")) is None


def test_every_mage_costs_every_spell(db):
    """Points are computed for every row of the mage table (each Wizard element too)."""
    spells = [c for c in db.cards if c.get("kind") == "spell"]
    rows = db.tables["mages"]["mages"]
    assert len(rows) == 32
    for rid, row in rows.items():
        for element in row.get("element_choice") or [None]:
            m = mage(db, rid, element)
            book = cost_book([(c, 1, None) for c in spells], m, fixed=FIXED)
            assert len(book.lines) == len(spells)
            assert all(ln.cost.each >= 0 for ln in book.lines)
            assert book.total == sum(p for s in book.by_school().values() for p in [s["points"]])
            assert book.total == sum(v["points"] for v in book.by_type().values())
