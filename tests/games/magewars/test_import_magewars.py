"""Mage Wars card data: the generated ``cards/magewars/`` files and the importer.

Tests that only read the shipped files need nothing else.  Tests that run the importer or
read the public data sets need ``../shared`` and are skipped (with the reason) without it.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from pathlib import Path

import pytest
import yaml

from deckcheck.games.magewars import importer
from deckcheck.carddb.importers.common import DataError
from deckcheck.matching.normalise import key
from deckcheck.resources import data_dir, shared_dir

CARDS = data_dir("cards") / "magewars"
SHARED = shared_dir()
MW_SOURCE = SHARED / "data" / "magewars" if SHARED else None
needs_shared = pytest.mark.skipif(
    MW_SOURCE is None or not MW_SOURCE.is_dir(),
    reason="../shared/data/magewars (public Mage Wars data sets) is not available")

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_CACHE: dict[str, object] = {}


def load(name: str):
    if name not in _CACHE:
        with (CARDS / name).open(encoding="utf-8") as fh:
            _CACHE[name] = yaml.load(fh, Loader=_LOADER)
    return _CACHE[name]


def spells() -> list[dict]:
    return load("spells.yaml")["cards"]


def spell(name: str) -> dict:
    found = [c for c in spells() if c["name"] == name]
    assert len(found) == 1, name
    return found[0]


def mage_cards() -> dict[str, dict]:
    return {c["name"]: c for c in load("mage_cards.yaml")["cards"]}


def mages() -> dict[str, dict]:
    return load("mages.yaml")["mages"]


def books() -> dict[tuple[str, str], dict]:
    return {(b["mage"], b["edition"]): b for b in load("apprentice.yaml")["books"]}


# ---------------------------------------------------------------------------------------
# Import invariants (game page §8 / §4.3)
# ---------------------------------------------------------------------------------------

def test_838_spell_names_one_record_each():
    names = [c["name"] for c in spells()]
    assert len(names) == 838
    assert len(set(names)) == 838
    assert Counter(c["kind"] for c in spells()) == {"spell": 832, "aura": 6}


def test_epic_54_any_printing_52_by_precedence():
    precedence = [c["name"] for c in spells() if c.get("epic")]
    anywhere = [c["name"] for c in spells()
                if c.get("epic") or any(p.get("epic") for p in c["printings"])]
    assert len(precedence) == 52
    assert len(anywhere) == 54


def test_novice_28_any_printing_27_by_precedence_all_level_1():
    novice = [c for c in spells() if c.get("novice")]
    anywhere = [c for c in spells() if c.get("novice") or any(p.get("novice") for p in c["printings"])]
    assert (len(novice), len(anywhere)) == (27, 28)
    assert {c["level_total"] for c in novice} == {1}
    schools = {p["school"] for c in novice for p in c["schools"]["parts"]}
    assert schools <= {"War", "Arcane", "Mind", "Holy", "Dark"}


def test_136_names_in_more_than_one_set_and_19_differ():
    assert sum(len(c["sets"]) > 1 for c in spells()) == 136
    differ = sorted(c["name"] for c in spells() if c.get("rule_facts_differ"))
    assert len(differ) == 19
    assert {"Mage Wand", "Pharaoh's Cheetah", "Staff of Storms", "Asto Vidatu, Angel Slayer"} <= set(differ)


def test_and_55_or_39_names():
    def kinds(c):
        return {c["schools"]["kind"]} | {p["schools"]["kind"] for p in c["printings"] if "schools" in p}
    assert sum("and" in kinds(c) for c in spells()) == 55
    assert sum("or" in kinds(c) for c in spells()) == 39
    both = sorted(c["name"] for c in spells() if {"and", "or"} <= kinds(c))
    assert both == ["Asto Vidatu, Angel Slayer", "Natural Pandemonium"]


def test_academy_promo_and_playtest_flags():
    assert sum(bool(c.get("academy")) for c in spells()) == 290
    assert [c["name"] for c in spells() if c.get("promo_only")] == ["Eekamouse"]
    playtest = sorted(c["name"] for c in spells() if c.get("playtest"))
    assert playtest == ["Paralyzing Strike", "Paralyzing Strike V2", "Steam Elemental V1",
                        "Steam Elemental V2", "Weapon Strike V2"]
    assert all(c["official"] is (c["name"] not in playtest) for c in spells())


def test_only_trait_counts_by_precedence_cover_every_class_and_school():
    classes = {c["only_class"] for c in spells() if c.get("only_class")}
    schools = {c["only_school"] for c in spells() if c.get("only_school")}
    assert classes == set(load("mages.yaml")["classes"])
    assert schools == {"Arcane", "Dark", "Fire", "Holy", "Mind", "Nature", "War", "Water"}


def _walk(value, path=""):
    if isinstance(value, dict):
        for k, v in value.items():
            yield f"{path}/{k}", k, v
            yield from _walk(v, f"{path}/{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _walk(v, f"{path}[{i}]")


def test_no_text_fields_anywhere():
    forbidden = {"text", "rules_text", "flavor", "flavour", "abilities"}
    octgn_text_fields = {"Text", "MageAbilities", "AttackBar", "cAttacks", "MageTraining",
                         "Traits", "Stats"}
    for path in sorted(CARDS.glob("*.yaml")):
        raw = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*-?\s*Text\s*:", raw, re.M), path.name
        for where, k, _ in _walk(load(path.name)):
            assert str(k).casefold() not in forbidden, f"{path.name}{where}"
            assert k not in octgn_text_fields, f"{path.name}{where}"


def test_card_files_hold_only_short_strings():
    """Rules or ability text would show up as long strings; names and codes are short."""
    for name in ("spells.yaml", "mage_cards.yaml", "aliases.yaml", "apprentice.yaml"):
        for where, _, v in _walk(load(name)):
            if isinstance(v, str) and not where.endswith("/source"):
                assert len(v) <= 110, f"{name}{where}: {v[:60]}…"


def test_ids_unique_slugs_and_sorted():
    for name in ("spells.yaml", "mage_cards.yaml"):
        ids = [c["id"] for c in load(name)["cards"]]
        assert ids == sorted(ids)
        assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", i) for i in ids)
    all_ids = [c["id"] for c in spells()] + [c["id"] for c in mage_cards().values()]
    assert len(all_ids) == len(set(all_ids))


def test_no_name_key_answers_to_two_cards():
    owners: dict[str, set[str]] = defaultdict(set)
    by_name = {}
    for c in spells() + list(mage_cards().values()):
        by_name[c["name"]] = c["id"]
        for n in [c["name"], *c.get("aliases", []), *(c.get("names") or {}).get("zh-Hans", [])]:
            owners[key(n)].add(c["id"])
    for written, canonical in load("aliases.yaml")["aliases"].items():
        assert canonical in by_name, canonical
        owners[key(written)].add(by_name[canonical])
    clashes = {k: v for k, v in owners.items() if len(v) > 1}
    assert clashes == {}


def test_printings_precedence_first_and_octgn_ids_complete():
    rank = {"Mage Wars Arena Final Release": 1, "Promo": 3}
    for c in spells():
        tiers = [4 if p["set"].startswith("Playtest:") else rank.get(p["set"], 2) for p in c["printings"]]
        assert tiers == sorted(tiers), c["name"]
        assert c["octgn_ids"] == [p["octgn_id"] for p in c["printings"]]
        assert c["sets"] == list(dict.fromkeys(p["set"] for p in c["printings"]))


# ---------------------------------------------------------------------------------------
# Spot checks of schools, levels and flags
# ---------------------------------------------------------------------------------------

def parts(card: dict) -> list[tuple[str, int]]:
    return [(p["school"], p["level"]) for p in card["schools"]["parts"]]


def test_lash_of_hellfire_is_an_and_card_level_2():
    c = spell("Lash of Hellfire")
    assert c["schools"]["kind"] == "and"
    assert parts(c) == [("Dark", 1), ("Fire", 1)]
    assert c["level_total"] == 2
    assert c["only_class"] == "Warlock"
    assert c["type"] == "Equipment"
    assert c["names"]["zh-Hans"] == ["狱火长鞭"]


def test_steam_elemental_or_card_repeats_its_single_level():
    c = spell("Steam Elemental")
    assert c["schools"]["kind"] == "or"
    assert parts(c) == [("Fire", 2), ("Air", 2), ("Water", 2)]
    assert c["level_total"] == 2
    v1 = spell("Steam Elemental V1")
    assert v1["playtest"] is True and v1["official"] is False


def test_talos_epic_warlord_only_war_7():
    c = spell("Talos")
    assert parts(c) == [("War", 7)] and c["epic"] is True and c["only_class"] == "Warlord"


def test_elemental_wand_or_four_elements():
    c = spell("Elemental Wand")
    assert c["schools"]["kind"] == "or"
    assert sorted(parts(c)) == [("Air", 2), ("Earth", 2), ("Fire", 2), ("Water", 2)]


def test_differing_printings_keep_their_own_facts():
    wand = spell("Mage Wand")
    assert wand["epic"] is True and wand["printings"][0]["set"] == "Mage Wars Arena Final Release"
    core = next(p for p in wand["printings"] if p["set"] == "Core")
    assert core["epic"] is False
    asto = spell("Asto Vidatu, Angel Slayer")
    assert asto["schools"]["kind"] == "or" and parts(asto) == [("Arcane", 5), ("Dark", 5)]
    promo = next(p for p in asto["printings"] if p["set"] == "Promo")
    assert promo["schools"] == {"kind": "and", "parts": [{"school": "Arcane", "level": 3},
                                                          {"school": "Dark", "level": 2}]}
    assert spell("Pharaoh's Cheetah")["level_total"] == 2
    ballista = spell("Ballista")        # Lost Grimoire (official) beats Promo
    assert ballista["only_school"] == "War" and ballista["sets"][0] == "Lost Grimoire"


def test_auras_walls_names_and_living():
    aura = spell("Retribution Aura")
    assert aura["kind"] == "aura" and aura["level_total"] == 0 and parts(aura) == [("Holy", 0)]
    assert "Wall" in spell("Wall of Stone")["subtypes"] and spell("Wall of Stone")["type"] == "Conjuration"
    assert spell("Ankh of Asyra")["name"] == "Ankh of Asyra"            # trailing space stripped
    assert spell("Tanglevine")["living"] is True
    assert spell("Talos")["nonliving"] is True
    assert spell("Teleport")["octgn_ids"][:2] and len(spell("Teleport")["octgn_ids"]) == 2
    assert spell("Timber Wolf")["core_set_count"] >= 1


def test_sets_table_flags():
    sets = load("sets.yaml")["sets"]
    assert "Lost Grimoire" in sets and sets["Lost Grimoire"]["octgn_name"] == "Lost Grimore"
    unofficial = sorted(n for n, s in sets.items() if not s["official"])
    assert len(unofficial) == 2 and all(n.startswith("Playtest:") for n in unofficial)
    assert sets["Mage Wars Arena Final Release"]["precedence"] == 1
    assert sets["Promo"]["precedence"] == 3


# ---------------------------------------------------------------------------------------
# Mage table and mage cards
# ---------------------------------------------------------------------------------------

CREATURES = "creatures_not_trained"
ARENA = {   # id: (class, points, trained, capped, opposed, subtypes, type_opposed, combo, elements)
    "beastmaster": ("Beastmaster", 120, ["Nature"], {}, ["Fire"], [], None, None, []),
    "johktari-beastmaster": ("Beastmaster", 120, ["Nature"], {}, ["Fire"], [], None, None, []),
    "priestess": ("Priestess", 120, ["Holy"], {}, ["Dark"], [], None, None, []),
    "priest": ("Priestess", 120, ["Holy"], {}, ["Dark"], [], None, None, []),
    "warlock": ("Warlock", 120, ["Dark", "Fire"], {}, ["Holy"], [], None, None, []),
    "adramelech-warlock": ("Warlock", 120, ["Dark", "Fire"], {}, ["Holy"], [], None, None, []),
    "wizard": ("Wizard", 120, ["Arcane"], {}, [], [], None, None, ["Air", "Earth", "Fire", "Water"]),
    "sistarran-wizard": ("Wizard", 120, ["Arcane"], {}, [], [], None, None, ["Air", "Earth", "Fire", "Water"]),
    "forcemaster": ("Forcemaster", 120, ["Mind"], {}, [], [], CREATURES, None, []),
    "pellian-forcemaster": ("Forcemaster", 120, ["Mind"], {}, [], [], CREATURES, None, []),
    "warlord": ("Warlord", 120, ["War", "Earth"], {}, ["Arcane"], [], None, None, []),
    "anvil-throne-warlord": ("Warlord", 120, ["War", "Earth"], {}, ["Arcane"], [], None, None, []),
    "necromancer": ("Necromancer", 120, ["Dark"], {}, ["Holy"], [], None, None, []),
    "druid": ("Druid", 120, ["Nature"], {"Water": 1}, ["Fire", "War"], [], None, None, []),
    "paladin": ("Paladin", 120, [], {"Holy": 3, "War": 2}, ["Dark"], [], None,
                {"school": "Holy", "type": "Creature"}, []),
    "siren": ("Siren", 120, ["Water"], {}, [], ["Pirate", "Song"], None, None, []),
    "monk": ("Monk", 120, ["Mind"], {}, [], ["Martial", "Monk"], CREATURES, None, []),
    "elementalist": ("Elementalist", 120, ["Air", "Earth", "Fire", "Water"], {}, [], [],
                     "living_objects", None, []),
}
ACADEMY = {  # id: (points, trained, capped, opposed, subtypes, type_opposed)
    "academy-beastmaster": (40, ["Nature"], {}, ["Fire"], [], None),
    "academy-wizard": (40, ["Arcane", "Air"], {}, [], [], None),
    "academy-priestess": (40, ["Holy"], {}, ["Dark"], [], None),
    "academy-warlock": (40, ["Dark", "Fire"], {}, ["Holy"], [], None),
    "academy-forcemaster": (40, ["Mind"], {}, [], ["Dsjer-Tet"], CREATURES),
    "academy-warlord": (40, ["War"], {}, [], [], None),
    "academy-druid": (40, ["Nature"], {"Water": 1}, ["Fire", "War"], [], None),
    "academy-necromancer": (40, ["Dark"], {}, ["Holy"], ["Dsjer-Tet"], None),
    "academy-monk": (40, ["Mind"], {}, [], ["Martial", "Monk"], CREATURES),
    "academy-elementalist": (43, ["Air", "Earth", "Fire", "Water"], {}, [], [], "living_objects"),
}


def _opp_kind(row):
    return (row["type_opposed"] or {}).get("kind")


def test_mage_table_arena_rows():
    rows = {k: r for k, r in mages().items() if r["variant"] == "arena"}
    assert set(rows) == set(ARENA)
    for rid, (cls, sbp, trained, capped, opposed, subtypes, opp, combo, elements) in ARENA.items():
        r = rows[rid]
        got = (r["class"], r["spellbook_points"], r["trained"], r["capped"], r["opposed"],
               r["subtype_trained"], _opp_kind(r), r["combo"], r["element_choice"])
        assert got == (cls, sbp, trained, capped, opposed, subtypes, opp, combo, elements), rid


def test_mage_table_academy_and_apprentice_rows():
    rows = mages()
    for rid, (sbp, trained, capped, opposed, subtypes, opp) in ACADEMY.items():
        r = rows[rid]
        assert r["variant"] == "academy"
        assert (r["spellbook_points"], r["trained"], r["capped"], r["opposed"],
                r["subtype_trained"], _opp_kind(r)) == (sbp, trained, capped, opposed, subtypes, opp), rid
    apprentice = {k: r for k, r in rows.items() if r["variant"] == "apprentice"}
    assert sorted(r["name"] for r in apprentice.values()) == ["Beastmaster", "Priestess", "Warlock", "Wizard"]
    assert len(rows) == 32


def test_creature_opposition_spells_out_its_exceptions():
    rows = mages()
    assert rows["forcemaster"]["type_opposed"] == {
        "kind": CREATURES, "types": ["Creature"], "except_schools": ["Mind"], "except_subtypes": []}
    assert rows["monk"]["type_opposed"]["except_subtypes"] == ["Martial", "Monk"]
    assert rows["academy-forcemaster"]["type_opposed"]["except_subtypes"] == ["Dsjer-Tet"]


def test_mage_corrections_are_applied_and_recorded():
    rows = mages()
    corrected = {k for k, r in rows.items() if r.get("corrections")}
    assert corrected == {"siren", "academy-forcemaster", "academy-druid", "elementalist",
                         "academy-monk", "wizard", "apprentice-wizard", "sistarran-wizard",
                         "pellian-forcemaster"}
    header = (CARDS / "mages.yaml").read_text(encoding="utf-8").split("\nschools:")[0]
    for rid in corrected:
        assert f"`{rid}`" in header, rid
    assert "Aquatic" not in rows["siren"]["subtype_trained"]


def test_community_playtest_mages_are_flagged():
    rows = mages()
    flagged = {k: r["playtest_spellbook_points"] for k, r in rows.items() if r.get("playtest")}
    assert flagged == {"monk": 105, "elementalist": 135}


def test_mage_names_accepted():
    rows = mages()
    assert {"Beastmaster (Johktari)", "Beastmistress", "Beastmaster of the Johktari tribes"} \
        <= set(rows["johktari-beastmaster"]["aliases"])
    assert "Wizard of Sortilege" in rows["wizard"]["aliases"]
    assert "Priesstess of Westlock" in rows["priestess"]["aliases"]
    zh = {rid: r.get("names", {}).get("zh-Hans", []) for rid, r in rows.items()}
    assert zh["beastmaster"] == ["兽王", "兽王法师"]
    assert (zh["priestess"], zh["warlock"], zh["wizard"]) == (["女祭司"], ["邪术师"], ["巫师"])
    assert rows["academy-wizard"]["aliases"] == ["Academy Wizard"]


def test_mage_cards_resolve_names_to_rows():
    cards = mage_cards()
    rows = mages()
    assert Counter(c["kind"] for c in cards.values()) == {"mage": 19, "mage_stats": 31}
    bm = cards["Beastmaster"]
    assert bm["mage_rows"] == {"arena": "beastmaster", "academy": "academy-beastmaster",
                               "apprentice": "apprentice-beastmaster"}
    assert len(bm["octgn_ids"]) == 2 and bm["names"]["zh-Hans"][0] == "兽王"
    assert {p["variant"] for p in bm["printings"]} == {"arena", "academy"}
    assert cards["Wizard Stats"]["mage_rows"] == {"arena": "wizard"}
    assert set(cards["Wizard Stats"]["element_octgn_ids"]) == {"Earth", "Fire", "Water"}
    assert cards["Academy Wizard Stats"]["mage_rows"] == {"academy": "academy-wizard"}
    assert cards["Warlock"]["mage_rows"]["apprentice"] == "apprentice-warlock"
    for c in cards.values():
        assert c["mage_rows"] and all(rows[r]["class"] == c["class"] for r in c["mage_rows"].values())
    # "Beastmaster(Apprentice)" (the OCTGN deck spelling) answers to the apprentice stats card
    by_key = {key(n): c["name"] for c in cards.values() for n in [c["name"], *c.get("aliases", [])]}
    assert by_key[key("Beastmaster(Apprentice)")] == "Beastmaster Stats (Apprentice)"
    assert by_key[key("Beastmaster (Johktari) Stats")] == "Johktari Beastmaster Stats"


# ---------------------------------------------------------------------------------------
# Aliases and Chinese names
# ---------------------------------------------------------------------------------------

def test_alias_table_of_the_game_page():
    aliases = load("aliases.yaml")["aliases"]
    assert aliases["Bearskin Armor"] == "Bearskin"
    assert aliases["Tooth and Nail"] == "Tooth & Nail"
    assert aliases["Rajan\u2019s Fury"] == aliases["Rajans Fury"] == "Rajan's Fury"
    assert aliases["Mohktari"] == "Mohktari, Great Tree of Life"
    assert aliases["Mana Syphon"] == "Mana Siphon"
    assert aliases["Beastmistress"] == "Johktari Beastmaster"
    assert key("Mohktari") != key("Mohktari's Branch")


def test_chinese_names_from_the_seed():
    zh = load("names_zh.yaml")
    cards = {c["name"]: c for c in spells()}
    assert zh["cards"]["丛林灰狼"] == "Timber Wolf"
    assert zh["cards"]["尖齿与利爪"] == "Tooth & Nail"
    assert "奥法电击" not in zh["cards"] and "奥法电击" in zh["not_cards"]
    for name_zh, english in zh["cards"].items():
        assert name_zh in cards[english]["names"]["zh-Hans"], english
    assert set(zh["uncertain"]) == {"法力融合", "烈火之墙"}
    assert zh["mages"] == {"兽王": "Beastmaster", "兽王法师": "Beastmaster", "女祭司": "Priestess",
                           "邪术师": "Warlock", "巫师": "Wizard"}
    assert sum(bool((c.get("names") or {}).get("zh-Hans")) for c in spells()) == len(zh["cards"])


# ---------------------------------------------------------------------------------------
# Apprentice spellbooks (game page §5)
# ---------------------------------------------------------------------------------------

def test_apprentice_totals():
    b = books()
    assert {m: b[(m, "original")]["total"] for m in importer.APPRENTICE_MAGES} == \
        {"Beastmaster": 33, "Priestess": 30, "Warlock": 30, "Wizard": 30}
    assert {m: b[(m, "4th")]["total"] for m in importer.APPRENTICE_MAGES} == \
        {"Beastmaster": 28, "Priestess": 25, "Warlock": 24, "Wizard": 21}
    assert {m: (b[(m, "original")]["distinct"], b[(m, "4th")]["distinct"])
            for m in importer.APPRENTICE_MAGES} == \
        {"Beastmaster": (26, 21), "Priestess": (25, 20), "Warlock": (25, 21), "Wizard": (26, 18)}
    for book in b.values():
        assert book["total"] == sum(c["count"] for c in book["cards"])
        assert book["distinct"] == len({c["name"] for c in book["cards"]})


def test_apprentice_books_use_canonical_names_and_types():
    cards = {c["name"]: c for c in spells()}
    for book in books().values():
        for entry in book["cards"]:
            assert entry["name"] in cards, entry
            assert entry["type"] == cards[entry["name"]]["type"]
        assert mages()[book["mage_row"]]["variant"] == "apprentice"


def test_apprentice_edition_differences_and_seed_details():
    b = books()

    def counts(mage, edition):
        return {c["name"]: c["count"] for c in b[(mage, edition)]["cards"]}

    assert counts("Beastmaster", "4th")["Charge"] == 2
    assert "Redclaw, Alpha Male" in counts("Beastmaster", "4th")
    assert "Redclaw, Alpha Male" not in counts("Beastmaster", "original")
    assert counts("Priestess", "4th")["Highland Unicorn"] == 2
    assert "Regrowth Belt" in counts("Priestess", "4th")
    assert "Block" not in counts("Wizard", "4th")
    original = b[("Beastmaster", "original")]
    assert all(e.get("zh") for bk in b.values() if bk["edition"] == "original" for e in bk["cards"])
    tangle = next(e for e in original["cards"] if e["name"] == "Tanglevine")
    assert tangle == {"name": "Tanglevine", "count": 2, "type": "Conjuration", "zh": "缠绕藤蔓",
                      "listed_under": "Enchantment"}
    assert original["cards"][0]["name"] == "Bearskin"          # seed row order
    assert original["names"]["zh-Hans"][0] == "兽王"


def _doc_tables(doc: Path) -> dict[tuple[str, str], dict[str, int]]:
    """The §5 tables of the game page, read independently of the importer."""
    text = doc.read_text(encoding="utf-8")
    section = text[text.index("## 5."):text.index("## 6.")]
    out: dict[tuple[str, str], dict[str, int]] = {}
    mage = None
    for line in section.splitlines():
        if line.startswith("#### "):
            mage = line.split()[1]
        elif mage and line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if len(cells) == 5 and cells[2].isdigit() | cells[3].isdigit():
                for edition, cell in (("original", cells[2]), ("4th", cells[3])):
                    if cell.isdigit():
                        out.setdefault((mage, edition), {})[cells[1]] = int(cell)
    return out


@needs_shared
def test_apprentice_books_equal_the_game_page_tables():
    doc = SHARED / "docs" / "games" / "magewars.md"
    if not doc.is_file():
        pytest.skip("../shared/docs/games/magewars.md is not available")
    tables = _doc_tables(doc)
    assert len(tables) == 8
    for (mage, edition), book in books().items():
        got = {key(c["name"]): c["count"] for c in book["cards"]}
        want = {key(n): c for n, c in tables[(mage, edition)].items()}
        assert got == want, (mage, edition)


# ---------------------------------------------------------------------------------------
# The importer itself (needs ../shared)
# ---------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def fresh_import(tmp_path_factory):
    if MW_SOURCE is None or not MW_SOURCE.is_dir():
        pytest.skip("../shared/data/magewars (public Mage Wars data sets) is not available")
    out = tmp_path_factory.mktemp("magewars")
    return out, importer.run(MW_SOURCE, out)


@needs_shared
def test_import_counts_match_the_game_page(fresh_import):
    _, counts = fresh_import
    expected = {"set_files": 23, "card_entries": 1074, "spell_entries": 991, "spell_names": 838,
                "multi_set_names": 136, "rule_facts_differ": 19, "and_names": 55, "or_names": 39,
                "epic": 52, "epic_any_printing": 54, "novice": 27, "novice_any_printing": 28,
                "academy_names": 290, "promo_only": 1, "playtest_only": 5, "auras": 6,
                "mage_rows": 32, "core_set": {"names": 176, "cards": 320}}
    assert {k: counts[k] for k in expected} == expected
    assert counts["seed"] and counts["checked_against_doc"]
    assert len(counts["repairs"]) == 1 and "Steam Elemental" in counts["repairs"][0]
    assert counts["aliases_dropped"] == []


@needs_shared
def test_shipped_files_are_current_and_import_is_deterministic(fresh_import):
    out, _ = fresh_import
    produced = sorted(p.name for p in out.iterdir())
    shipped = sorted(p.name for p in CARDS.iterdir())
    assert produced == shipped
    for name in produced:
        if name != "SOURCES.md":
            assert (out / name).read_bytes() == (CARDS / name).read_bytes(), name
    sources = (out / "SOURCES.md").read_text(encoding="utf-8")
    assert "0c9f65cc7ebf3efd053b67af9cae22b6bcf82db3" in sources
    assert importer.SEED_FILE in sources
    assert "Arcane Wonders, used as facts for identification" in sources
    for correction in importer.MAGE_CORRECTIONS:
        assert f"`{correction.row}`" in sources


@needs_shared
def test_seed_contains_every_chinese_word_shipped():
    seed = SHARED / "seeds" / importer.SEED_FILE
    if not seed.is_file():
        pytest.skip("the Mage Wars rules seed is not available")
    text = seed.read_text(encoding="utf-8")
    zh = load("names_zh.yaml")
    for table in ("cards", "mages", "types", "schools", "damage_types_not_schools"):
        for word in zh[table]:
            assert word in text, word


# ---------------------------------------------------------------------------------------
# Parsing helpers (no data needed)
# ---------------------------------------------------------------------------------------

def test_parse_schools_kinds_and_errors():
    repairs: list[str] = []
    assert importer.parse_schools("Nature+Air", "2+1", "x", repairs) == {
        "kind": "and", "parts": [{"school": "Nature", "level": 2}, {"school": "Air", "level": 1}]}
    assert importer.parse_schools("Dark/Mind", "1/1", "x", repairs)["kind"] == "or"
    assert importer.parse_schools("Holy", "0", "x", repairs) == {
        "kind": "single", "parts": [{"school": "Holy", "level": 0}]}
    assert repairs == []
    assert [p["level"] for p in importer.parse_schools("Fire/Air/Water", "2/2", "f: c", repairs)["parts"]] == [2, 2, 2]
    assert len(repairs) == 1
    with pytest.raises(DataError):
        importer.parse_schools("War+Earth", "2", "f: c", [])
    with pytest.raises(DataError):
        importer.parse_schools("Fyre", "1", "f: c", [])
    with pytest.raises(DataError):
        importer.parse_schools("Fire/Air", "2/3/4", "f: c", [])


def test_trait_facts_and_slugs():
    facts = importer.trait_facts("Epic, Holy Mage Only, Living")
    assert facts["epic"] and facts["living"] and facts["only_school"] == "Holy"
    assert facts["only_class"] is None and not facts["novice"]
    assert importer.trait_facts("Novice, Warlock Only, Non-living")["only_class"] == "Warlock"
    assert importer.slug("Rajan's Fury") == "rajans-fury"
    assert importer.slug("Slavörg, Fang of the First Moon") == "slavorg-fang-of-the-first-moon"
    assert importer.slug("Tooth & Nail") == "tooth-and-nail"


def test_school_cost_compact_form():
    got = importer.parse_school_cost("L-3-Holy=1,L-2-War=1,C-Holy-Creature=1,Dark=3")
    assert got["capped"] == {"Holy": 3, "War": 2}
    assert got["combo"] == {"school": "Holy", "type": "Creature"}
    assert got["opposed"] == ["Dark"]
    got = importer.parse_school_cost("Mind=1, S-Martial=1, S-Monk=1, T-Creature=3")
    assert got["trained"] == ["Mind"] and got["subtype_trained"] == ["Martial", "Monk"]
    assert got["type_opposed"] == ["Creature"]
