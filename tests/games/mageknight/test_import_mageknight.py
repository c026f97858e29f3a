"""Mage Knight card data: the importer's checks (docs/games/mageknight.md §7.2) and the data
tests of §10 on the generated ``cards/mageknight/`` files.

Tests that read only the generated files always run; tests that re-run the importer need the
public data set (``../shared/data/mageknight``) and skip without it.
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml

from conftest import scalar_strings
from deckcheck.carddb.importers.common import DataError
from deckcheck.games.mageknight import importer as mageknight
from deckcheck.matching.normalise import key
from deckcheck.resources import data_dir, shared_dir

CARDS_DIR = data_dir("cards") / "mageknight"
SHARED = shared_dir()
SOURCE = SHARED / "data" / "mageknight" if SHARED else None
needs_shared = pytest.mark.skipif(
    SOURCE is None or not SOURCE.is_dir(),
    reason="needs the public Mage Knight data set ../shared/data/mageknight (not present)")


def _load(name: str):
    return yaml.safe_load((CARDS_DIR / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def cards() -> list[dict]:
    return _load("cards.yaml")["cards"]


@pytest.fixture(scope="module")
def by_name(cards) -> dict[str, dict]:
    return {c["name"]: c for c in cards}


@pytest.fixture(scope="module")
def heroes() -> dict:
    return _load("heroes.yaml")


def _of_kind(cards, kind):
    return [c for c in cards if c["kind"] == kind]


def _index(cards) -> dict[str, str]:
    """normalised name -> record id, over names, faces, aliases and foreign names."""
    index = {}
    for card in cards:
        for k in mageknight.record_keys(card):
            assert k not in index, f"{k!r} answers to {index[k]} and {card['id']}"
            index[k] = card["id"]
    return index


# --------------------------------------------------------------------------- counts (§6, §7.2)

def test_counts_per_kind(cards):
    counts = Counter(c["kind"] for c in cards)
    assert counts["basic_action"] == 12
    assert counts["advanced_action"] == 44
    assert counts["spell"] == 24
    assert counts["artifact"] == 25
    assert counts["unit"] == 27                   # 30 rows: "Heroes" appears four times
    assert counts["tactic"] == 12
    assert counts["wound"] == 1
    verified = [c for c in _of_kind(cards, "hero_action") if c.get("verified", True)]
    assert len(verified) == 14
    assert len([c for c in _of_kind(cards, "hero") if c["playable"]]) == 7


def test_skills_keep_70_rows_as_69_names_plus_generic_motivation(cards, by_name):
    skills = _of_kind(cards, "skill")
    assert len(skills) == 70
    assert by_name["Regenerate"]["heroes"] == ["Braevalar", "Krang"]
    assert by_name["Motivation"]["heroes"] == ["Arythea", "Goldyx", "Norowas", "Tovak",
                                               "Wolfhawk"]
    assert by_name["Motivation (Tovak)"]["hero"] == "Tovak"


@pytest.mark.parametrize("kind, expected", [
    ("advanced_action", {"base": 28, "lost-legion": 12, "ultimate": 4}),
    ("spell", {"base": 20, "lost-legion": 4}),
    ("artifact", {"base": 16, "lost-legion": 8, "ultimate": 1}),
])
def test_counts_per_expansion(cards, kind, expected):
    assert dict(Counter(c["expansion"] for c in _of_kind(cards, kind))) == expected


def test_six_banners(cards):
    banners = sorted(c["name"] for c in cards if c.get("banner"))
    assert banners == ["Banner of Command", "Banner of Courage", "Banner of Fear",
                       "Banner of Fortitude", "Banner of Glory", "Banner of Protection"]
    assert all(c["kind"] == "artifact" for c in cards if c.get("banner"))


def test_numbers_and_ue_flags(by_name):
    assert by_name["Fire Bolt"]["number"] == 65
    assert by_name["Power of Crystals"] == {**by_name["Power of Crystals"], "number": 266,
                                            "ue": True, "expansion": "ultimate"}
    assert by_name["Mysterious Box"]["ue"] is True
    assert by_name["Counterattack"]["expansion"] == "lost-legion"
    assert by_name["Banner of Fortitude"]["number"] == 305


def test_printed_numbers_unique(cards):
    numbers = Counter((c.get("ue", False), c["number"]) for c in cards
                      if c["kind"] in ("advanced_action", "spell", "artifact")
                      and c["number"] is not None)
    assert [n for n, count in numbers.items() if count > 1] == []


# --------------------------------------------------------------------------- standard deck and heroes

STANDARD = {"Rage": 2, "Determination": 1, "Swiftness": 2, "March": 2, "Stamina": 2,
            "Tranquility": 1, "Promise": 1, "Threaten": 1, "Crystallize": 1, "Mana Draw": 1,
            "Concentration": 1, "Improvisation": 1}

# §3.1, written here independently of heroes.yaml: hero -> (needs, card 1, card 2).
HERO_TABLE = {
    "Arythea": ([], ("Battle Versatility", "Rage"), ("Mana Pull", "Mana Draw")),
    "Goldyx": ([], ("Will Focus", "Concentration"), ("Crystal Joy", "Crystallize")),
    "Norowas": ([], ("Noble Manners", "Promise"), ("Rejuvenate", "Tranquility")),
    "Tovak": ([], ("Cold Toughness", "Determination"), ("Instinct", "Improvisation")),
    "Wolfhawk": (["lost-legion", "ultimate"], ("Swift Reflexes", "Swiftness"),
                 ("Tirelessness", "Stamina")),
    "Krang": (["krang", "ultimate"], ("Savage Harvesting", "March"),
              ("Ruthless Coercion", "Threaten")),
    "Braevalar": (["shades-of-tezla", "ultimate"], ("One With the Land", "March"),
                  ("Druidic Paths", "Stamina")),
}


def test_standard_deck_has_16_cards(cards):
    table = _load("standard_deck.yaml")
    deck = {row["name"]: row["copies"] for row in table["standard_deck"]}
    assert deck == STANDARD
    assert sum(deck.values()) == table["size"] == 16
    basics = {c["name"]: c["starting_copies"] for c in _of_kind(cards, "basic_action")}
    assert basics == STANDARD


def test_hero_table_is_the_judged_one(heroes):
    table = {h["name"]: (h["needs"], (h["card1"]["name"], h["card1"]["replaces"]),
                         (h["card2"]["name"], h["card2"]["replaces"]))
             for h in heroes["heroes"]}
    assert table == HERO_TABLE


def test_second_card_used_with(heroes):
    for hero in heroes["heroes"]:
        if hero["expansion"] == "base":
            assert hero["card2"]["used_with"] == ["lost-legion", "ultimate"], hero["name"]
        else:                                   # always: the hero needs these anyway
            assert hero["card2"]["used_with"] == hero["needs"], hero["name"]


@pytest.mark.parametrize("hero_name", sorted(HERO_TABLE))
def test_every_hero_starting_deck_is_16(heroes, hero_name):
    hero = next(h for h in heroes["heroes"] if h["name"] == hero_name)
    _, (card1, replaced1), (card2, replaced2) = HERO_TABLE[hero_name]
    full = Counter(STANDARD)
    full.update({replaced1: -1, replaced2: -1, card1: 1, card2: 1})
    assert Counter(hero["starting_deck"]) == +full
    assert sum(hero["starting_deck"].values()) == 16
    if hero["expansion"] == "base":               # base game alone: card 1 only
        base = Counter(STANDARD)
        base.update({replaced1: -1, card1: 1})
        assert Counter(hero["base_starting_deck"]) == +base
        assert sum(hero["base_starting_deck"].values()) == 16


def test_hero_cards_carry_judged_replacements(by_name):
    for hero, (_, (card1, replaced1), (card2, replaced2)) in HERO_TABLE.items():
        for number, card, replaced in ((1, card1, replaced1), (2, card2, replaced2)):
            record = by_name[card]
            assert (record["kind"], record["hero"], record["unique_card"], record["replaces"]) \
                == ("hero_action", hero, number, replaced)
            assert "colour" not in record          # hero-card colours are not imported (§3.3)
    # §3.3: the data's Replaces column is wrong for these two
    assert by_name["Cold Toughness"]["replaces"] == "Determination"
    assert by_name["Tirelessness"]["replaces"] == "Stamina"
    assert by_name["Mana Pull"]["expansion"] == "lost-legion"
    assert by_name["Battle Versatility"]["expansion"] == "base"


def test_hero_records(by_name):
    for hero in HERO_TABLE:
        assert by_name[hero]["kind"] == "hero" and by_name[hero]["playable"] is True
    assert by_name["Volkare"]["kind"] == "hero"
    assert by_name["Volkare"]["playable"] is False


def test_unverified_cards_belong_to_no_deck(by_name, heroes):
    for name in ("Battle Rage", "Axe Throw"):
        record = by_name[name]
        assert (record["kind"], record["hero"], record["verified"]) == ("hero_action", None, False)
    in_decks = {n for h in heroes["heroes"] for n in h["starting_deck"]}
    assert not {"Battle Rage", "Axe Throw"} & in_decks


# --------------------------------------------------------------------------- names (§7.2)

def test_names_unique_across_kinds(cards):
    _index(cards)                                  # asserts on the first collision


def test_bogus_advanced_actions_replaced(cards, by_name):
    index = _index(cards)
    assert key("Block and Grab") not in index
    assert key("Crushing Blow") not in index
    for name in ("Blood Ritual", "Regeneration"):
        record = by_name[name]
        assert record["kind"] == "advanced_action"
        assert record["number"] is None and record["number_candidates"] == [75, 78]


def test_spell_powered_name_is_a_face(cards, by_name):
    fireball = by_name["Fireball"]
    assert fireball["powered_name"] == "Firestorm"
    assert fireball["faces"] == [{"id": "sp-fireball-powered", "name": "Firestorm",
                                  "side": "powered"}]
    assert "Firestorm" not in by_name
    for spell in _of_kind(cards, "spell"):
        assert [f["name"] for f in spell["faces"]] == [spell["powered_name"]]
    assert _index(cards)[key("Firestorm")] == "sp-fireball"
    assert sorted(s["name"] for s in _of_kind(cards, "spell") if s.get("interactive")) == \
        ["Energy Flow", "Mana Meltdown", "Mind Read"]
    assert Counter(s["colour"] for s in _of_kind(cards, "spell")) == \
        {"green": 6, "red": 6, "blue": 6, "white": 6}


NEAR_COLLISIONS = [
    ["Fire Bolt", "Ice Bolt", "Swift Bolt", "Crushing Bolt", "Mana Bolt", "Explosive Bolt"],
    ["Blood Rage", "Blood Ritual", "Battle Rage", "Rage"],
    ["Crystallize", "Crystal Joy", "Crystal Mastery"],
    ["Mana Draw", "Mana Pull", "Mana Storm", "Mana Claim"],
    ["Swiftness", "Swift Bolt", "Swift Reflexes"],
]


@pytest.mark.parametrize("group", NEAR_COLLISIONS, ids=lambda g: g[0])
def test_near_collisions_are_distinct_records(cards, group):
    index = _index(cards)
    assert len({index[key(name)] for name in group}) == len(group)


@pytest.mark.parametrize("written, canonical", [
    ("Crystalize", "Crystallize"),
    ("Noble manners", "Noble Manners"),
    ("Mistw Form", "Mist Form"),
    ("one with the land", "One With the Land"),
    ("ONE WITH THE LAND", "One With the Land"),
    ("I Don\u2019t Give a Damn", "I Don't Give a Damn"),
    ("Firestorm", "Fireball"),
    ("创伤卡", "Wound"),
    ("創傷", "Wound"),
])
def test_accepted_spelling_variants(cards, by_name, written, canonical):
    assert _index(cards)[key(written)] == by_name[canonical]["id"]


# --------------------------------------------------------------------------- other kinds

def test_non_deed_kinds_are_recorded(by_name):
    kinds = _load("kinds.yaml")["kinds"]
    for name, kind in (("Peasants", "unit"), ("Heroes", "unit"), ("Motivation (Tovak)", "skill"),
                       ("Early Bird", "tactic"), ("Tovak", "hero")):
        assert by_name[name]["kind"] == kind
        assert kinds[kind]["deed"] is False
    for kind in ("basic_action", "hero_action", "advanced_action", "spell", "artifact", "wound"):
        assert kinds[kind]["deed"] is True
    assert by_name["Heroes"]["numbers"] == [319, 320, 321, 322]
    assert (by_name["Peasants"]["level"], by_name["Peasants"]["cost"]) == (1, 4)
    assert by_name["From The Dusk"]["time_of_day"] == "night"


def test_wound(by_name):
    wound = by_name["Wound"]
    assert wound["kind"] == "wound"
    assert {"创伤", "创伤卡"} <= set(wound["names"]["zh-Hans"])


def test_fame_levels():
    levels = _load("fame_levels.yaml")["levels"]
    assert [lv["level"] for lv in levels] == list(range(1, 11))
    assert [lv["fame"] for lv in levels] == [0, 3, 8, 15, 24, 35, 48, 63, 80, 99]  # [uncertain]
    assert [lv["hand_limit"] for lv in levels] == [5, 5, 5, 5, 6, 6, 6, 6, 7, 7]

    def level_of(fame):
        return max(lv["level"] for lv in levels if lv["fame"] <= fame)

    assert (level_of(14), level_of(15), level_of(17)) == (3, 4, 4)


# --------------------------------------------------------------------------- facts only

_EFFECT = re.compile(r"\b(Attack|Block|Move|Influence|Heal|Fame|Armor|Reputation|Draw)"
                     r"\s*[+-]?\d|\w\.\s+\w|\bthis (turn|combat|round)\b", re.IGNORECASE)


def test_no_effect_text_in_generated_files():
    for path in sorted(CARDS_DIR.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for text in scalar_strings(data):
            assert len(text) <= 40, f"{path.name}: long string {text!r}"
            assert not _EFFECT.search(text), f"{path.name}: effect-like text {text!r}"


# --------------------------------------------------------------------------- re-import (needs data)

NAME_COLUMNS = {"#", "Card #", "Name", "Card", "Hero", "Qty", "Color", "Basic Name",
                "Powered Name", "●", "Cost", "Level", "Armor", "Skill", "Type", "Replaces",
                "Resistances", "Image", "BGG ID", "Icon", "Usage"}


@needs_shared
def test_no_data_effect_text_in_output():
    output = "\n".join(p.read_text(encoding="utf-8") for p in sorted(CARDS_DIR.iterdir()))
    checked = 0
    for name in mageknight.FILES:
        for table in mageknight.read_tables(SOURCE / mageknight.REFERENCE / name):
            for row in table.rows:
                for column, text in row.cells.items():
                    if column not in NAME_COLUMNS and len(text) >= 12:
                        checked += 1
                        assert text not in output, f"{row.where}: {column} text copied"
    assert checked > 200


@needs_shared
def test_reimport_is_byte_identical(tmp_path):
    counts = mageknight.run(SOURCE, tmp_path)
    assert (counts["advanced_action"], counts["spell"], counts["artifact"],
            counts["banners"]) == (44, 24, 25, 6)
    for path in sorted(CARDS_DIR.iterdir()):
        generated = (tmp_path / path.name).read_text(encoding="utf-8")
        shipped = path.read_text(encoding="utf-8")
        if path.name == "SOURCES.md":             # differs only in the date line
            generated, shipped = (re.sub(r" on \d{4}-\d\d-\d\d\.", "", t)
                                  for t in (generated, shipped))
        assert generated == shipped, f"{path.name} is stale: re-run the importer"


def _edit(path: Path, old: str, new: str) -> None:
    """Replace text in a data file; ``new=None`` drops the whole line holding ``old``;
    ``old`` ending in "|...|" keeps the row prefix and replaces the row's last cell."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    hits = [i for i, line in enumerate(lines) if old.removesuffix("...|") in line]
    assert hits, f"{path.name}: {old!r} not found (the test's premise changed)"
    i = hits[0]
    if new is None:
        del lines[i]
    elif old.endswith("...|"):
        cells = lines[i].rstrip().rstrip("|").rsplit("|", 1)[0]
        lines[i] = f"{cells}| {new} |\n"
    else:
        lines[i] = lines[i].replace(old, new, 1)
    path.write_text("".join(lines), encoding="utf-8")


# mutation -> (file, old text, new text, expected DataError message part)
MUTATIONS = {
    "spell-not-bold": ("spells.md", "**Fireball**", "Fireball", "expected a **bold** name"),
    "spell-row-dropped": ("spells.md", "**Fireball**", None, "spells.md rows: 23 found"),
    "bogus-name-fixed": ("advanced-actions.md", "**Crushing Blow**", "**Regeneration**",
                         "bogus rows"),
    "cold-toughness-fixed": ("basic-actions.md", "| **Tovak** | Cold Toughness |...|",
                             "Determination", "review the judgement"),
    "tirelessness-changed": ("basic-actions.md", "| **Wolfhawk** | Tirelessness |...|",
                             "Swiftness", "review the judgement"),
    "standard-qty": ("basic-actions.md", "| Rage | 2 | Red |", "| Rage | 3 | Red |",
                     "expected Rage x2 red"),
    "duplicate-name": ("artifacts.md", "**Golden Grail**", "**Fire Bolt**", "used by both"),
    "powered-name-collides": ("tactics.md", "**Planning**", "**Firestorm**", "used by both"),
    "number-out-of-range": ("artifacts.md", "| 123/377 |", "| 140/377 |", "outside the known"),
    "unknown-hero-card": ("basic-actions.md", "| **Tovak** | Instinct |",
                          "| **Tovak** | Instincts |", "not in heroes.yaml"),
    "skill-dropped": ("skills.md", "**Flight**", None, "skills.md rows: 69 found"),
    "unit-renamed": ("units.md", "**Red Cape Monks**", "**Northern Monks**",
                     "units.md names: 26 found"),
    "unit-rows-disagree": ("units.md", "**Scouts**", "**Peasants**", "rows disagree"),
}


@pytest.fixture
def data_copy(tmp_path) -> Path:
    """A scratch copy of the data set (in tmp, never in the project) for mutation tests."""
    copy = tmp_path / "data"
    shutil.copytree(SOURCE, copy)
    return copy


@needs_shared
@pytest.mark.parametrize("mutation", sorted(MUTATIONS))
def test_import_checks_fail_loudly(data_copy, tmp_path, mutation):
    name, old, new, message = MUTATIONS[mutation]
    _edit(data_copy / mageknight.REFERENCE / name, old, new)
    with pytest.raises(DataError, match=re.escape(message)):
        mageknight.run(data_copy, tmp_path / "out")


@needs_shared
def test_inconsistent_heroes_file_fails(data_copy, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    shutil.copyfile(CARDS_DIR / "heroes.yaml", out / "heroes.yaml")
    _edit(out / "heroes.yaml", "{name: Cold Toughness, replaces: Determination}",
          "{name: Cold Toughness, replaces: Rage}")
    with pytest.raises(DataError, match="starting_deck differs"):
        mageknight.run(data_copy, out)
