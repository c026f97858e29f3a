"""Tests of the World of Warcraft TCG importer (``deckcheck/games/wowtcg/importer.py``).

Three groups:

* parsers: the text parsers on hand-made input; always run;
* shipped files: the generated ``cards/wowtcg/`` (counts of wowtcg.md §4.2/§4.7, hero traits,
  Deckbuilding predicates, icons, sets, Chinese names, no rules text); always run;
* data: a fresh import of ``../shared/data/wowtcg`` (once per module), compared with the shipped
  files and cross-checked against the sources; skipped with a reason when ``../shared`` is
  absent.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from functools import lru_cache
from pathlib import Path
import re

import pytest
import yaml

from deckcheck.games.wowtcg import importer as wowtcg
from deckcheck.games.wowtcg.importing import deckbuilding, facts, tables
from deckcheck.carddb.importers.common import DataError
from deckcheck.matching.normalise import key
from deckcheck.resources import data_dir, shared_dir

from conftest import scalar_strings

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
CARD_FILES = ("cards.yaml", "raid.yaml", "tokens.yaml")


@lru_cache(maxsize=None)
def load_yaml(path: Path):
    """Parsed YAML file, read once per test session (callers must not modify it)."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)


# =========================================================================== parsers

def _printing(rules: str, type_: str = "Ally", **extra) -> dict:
    return {"name": "Test Card", "type": type_, "rules": rules, "_stem": "hoa", **extra}


def test_hero_required_alternatives():
    p = _printing("<b>[Hunter], [Mage], or Gnome</b> <b>Hero Required</b>; Draw a card.")
    assert facts.parse_hero_required(p) == [
        {"kind": "class", "value": "Hunter"}, {"kind": "class", "value": "Mage"},
        {"kind": "race", "value": "Gnome"}]


def test_hero_required_kinds_and_exclusions():
    assert facts.parse_hero_required(_printing("<b>Feral Combat Hero Required</b>")) == [
        {"kind": "talent", "value": "Feral"}]
    assert facts.parse_hero_required(_printing("<b>Scourge or [Death Knight] Hero Required"
                                                "</b>")) == [
        {"kind": "flag", "value": "Scourge"}, {"kind": "class", "value": "Death Knight"}]
    assert facts.parse_hero_required(_printing("<b>Tailoring Hero Required</b>")) == [
        {"kind": "profession", "value": "Tailoring"}]
    # parentheses, "[Trait] Hero:" abilities and hero texts are not requirements
    assert facts.parse_hero_required(_printing("Stuff (like Fire Hero Required).")) == []
    assert facts.parse_hero_required(_printing("Traitor Hero: <b>Elusive</b>")) == []
    assert facts.parse_hero_required(_printing("<b>Holy Hero Required</b>", "Hero")) == []


def test_hero_required_unknown_word_fails():
    with pytest.raises(DataError, match="unknown trait"):
        facts.parse_hero_required(_printing("<b>Pirate Hero Required</b>"))


def test_reputation_and_talent_card():
    assert facts.parse_reputation(_printing("<b>Scryers Reputation</b>; x")) == "Scryer"
    assert facts.parse_reputation(_printing("<b>Aldor Reputation</b>", "Hero")) is None
    card = _printing("<b>Fire Talent</b> <i>(You can't put Arcane Talents or Frost Talents in "
                     "your deck.)</i>; x", "Ability")
    assert facts.parse_talent_card(card) == {"tree": "Fire", "excludes": ["Arcane", "Frost"]}
    assert facts.parse_talent_card(_printing("Fire damage.", "Ability")) is None


def test_class_and_faction_icons():
    every = {flag: "x" for flag in tables.CLASS_FLAGS}
    assert facts.class_icons(every) == []
    nine = {flag: "X" for flag in tables.CLASS_FLAGS if flag != "DeathKnight"}
    assert facts.class_icons(nine) == []
    no_druid = {flag: "x" for flag in tables.CLASS_FLAGS if flag != "Druid"}
    assert "Druid" not in facts.class_icons(no_druid) and len(facts.class_icons(no_druid)) == 9
    assert facts.class_icons({"DeathKnight": "x"}) == ["Death Knight"]
    assert facts.faction_icons({"faction": "Both"}) == ["Alliance", "Horde"]
    assert facts.faction_icons({"faction": "Neutral"}) == []


def test_deckbuilding_parser_vocabulary():
    parsed = deckbuilding.parse_deckbuilding(
        "You can only include either [Alliance] or [Horde] cards, [Mage] cards, [Mage] Arcane "
        "Talents, neutral cards, and Aldor cards. You can't include cards with other "
        "reputations or other text restrictions.")
    assert parsed == {
        "allow_only": [{"faction_icon": "any"}, {"class_icon": "Mage"},
                       {"talent_card": {"class": "Mage", "tree": "Arcane"}}, {"neutral": True},
                       {"reputation": "Aldor"}],
        "forbid": [{"has_reputation": True, "except": [{"kind": "reputation", "value": "Aldor"}]},
                   {"text_restriction": True, "except": [{"kind": "talent", "value": "Arcane"}]}],
        "single_faction": True}
    assert deckbuilding.parse_deckbuilding("You can't put [ALLIANCE], [HORDE], or class cards in "
                                     "your deck.") == {
        "forbid": [{"faction_icon": "any"}, {"class_icon": "any"}]}


def test_deckbuilding_outside_vocabulary_is_flagged_not_guessed():
    assert deckbuilding.parse_deckbuilding("You can include only cards that mention dragons.") == {
        "unparsed": True}
    assert deckbuilding.parse_deckbuilding("Your deck must be exactly 40 cards.") == {"unparsed": True}
    assert deckbuilding.parse_deckbuilding("") == {"unparsed": True}


# =========================================================================== shipped files

OUT = data_dir("cards") / "wowtcg"


@pytest.fixture(scope="module")
def shipped() -> dict[str, dict]:
    """name -> record over the three card files of ``cards/wowtcg/``."""
    records = {}
    for name in CARD_FILES:
        for r in load_yaml(OUT / name)["cards"]:
            assert r["name"] not in records, r["name"]
            records[r["name"]] = r
    return records


def constructed(shipped: dict) -> list[dict]:
    """The constructed records of the decktools data (ids ``WOW-<n>``; the CardCarp sets'
    new cards, ``WOW-<set>-<NNN>``, are counted in test_import_wowtcg_cardcarp.py)."""
    return [r for r in shipped.values() if r["pool"] == "constructed"
            and r["id"][4:].isdigit()]


def test_d1_counts(shipped):
    cons = constructed(shipped)
    # doc: 4,939 constructed names.  deckcheck folds "Mind-numbing Poison" (TDP) into its
    # reprint "Mind-Numbing Poison" (ToD): same card, spelling differs only in case.
    # Plus one raid card of the decktools data that Reign of Fire reprints for constructed
    # play (RoF 184 Frostmourne, an Icecrown raid card): 4938 + 1, and one raid name fewer.
    assert len(cons) == 4938 + 1
    assert shipped["Frostmourne"]["id"] == "WOW-04756" and "RoF" in shipped["Frostmourne"]["sets"]
    assert Counter(r["type"] for r in cons) == {
        "Ally": 1762, "Ability": 1586, "Equipment": 828 + 1, "Hero": 368, "Quest": 324,
        "Location": 49, "Master Hero": 15, "Ability Ally": 6}
    assert sum(1 for r in cons if r.get("deckbuilding")) == 35
    assert sum(1 for r in cons if r.get("unlimited")) == 23
    assert sum(1 for r in cons if any(v.get("hero_required")
                                      for v in [r, *r.get("variants", [])])) == 324
    assert Counter(r["reputation"] for r in cons if r.get("reputation")) == {
        "Scryer": 46, "Aldor": 40, "Argent Crusade": 14, "Nerubian": 13}
    assert sum(1 for r in cons if r.get("talent_card")) == 50
    assert sum(1 for r in shipped.values() if r["pool"] == "raid") == 430 - 1


def test_records_well_formed(shipped):
    ids = [r["id"] for r in shipped.values()]
    assert len(ids) == len(set(ids))
    for name in CARD_FILES:
        file_ids = [r["id"] for r in load_yaml(OUT / name)["cards"]]
        assert file_ids == sorted(file_ids)
    for r in shipped.values():
        assert r["types"] and r["printings"] and r["sets"]
        assert r.get("raid_only", False) == (r["pool"] == "raid")
        assert r.get("token", False) == (r["pool"] == "token")


def test_master_heroes(shipped):
    masters = {r["name"] for r in constructed(shipped) if r["type"] == "Master Hero"}
    assert masters == {
        "The Lich King", "Lord of Icecrown", "Illidan Stormrage", "Cenarius, Lord of the Forest",
        "Kalecgos", "Nozdormu the Timeless", "Metamorphosis", "Highlord Tirion Fordring",
        "Kel'Thuzad", "Deathwing the Destroyer", "Thrall the Earth-Warder", "Neptulon",
        "Alexstrasza the Life-Binder", "Ysera the Dreamer", "Spirit of Redemption"}
    assert all(shipped[n]["master_hero"] for n in masters)
    assert shipped["The Lich King"]["hero_required"] == [
        {"kind": "flag", "value": "Scourge"}, {"kind": "class", "value": "Death Knight"}]


def test_unlimited_examples(shipped):
    for name in ("Ironforge Guards", "Orgrimmar Grunts", "Crypt Fiend", "Banshee Soulclaimer"):
        assert shipped[name]["unlimited"] is True
    assert "unlimited" not in shipped["High Priestess Tyrande Whisperwind"]   # Unique only


def test_hero_traits(shipped):
    assert shipped["Boris Brightbeard"]["hero"] == {
        "classes": ["Priest"], "faction": "Alliance", "race": "Dwarf", "talent": "Holy",
        "professions": ["Enchanting", "Tailoring"]}
    assert shipped["Fama'sin the Lifeseer"]["hero"] == {
        "classes": ["Druid"], "faction": "Horde", "race": "Troll"}          # no talent (R8)
    assert shipped["General Lightsbane"]["hero"] == {
        "classes": ["Death Knight"], "faction": "Neutral", "race": "Human", "talent": "Frost",
        "scourge": True}
    assert shipped["Mogdar the Frozenheart"]["hero"]["classes"] == ["Death Knight", "Shaman"]
    assert shipped["Mogdar the Frozenheart"]["hero"]["monster"] is True
    assert "classes" not in shipped["Xia, Queen of Suffering"]["hero"]
    assert shipped["Elendril"]["hero"]["race"] == "Night Elf"
    traitors = [r for r in constructed(shipped) if r.get("hero", {}).get("traitor")]
    assert traitors and all("talent" not in r["hero"] for r in traitors)
    races = {r["hero"].get("race") for r in constructed(shipped) if r["type"] == "Hero"}
    assert "orc" not in races and "Orc" in races
    talents = {r["hero"].get("talent") for r in constructed(shipped) if r["type"] == "Hero"}
    assert "Beast mastery" not in talents and "Beast Mastery" in talents


MONSTER_FORBID = {"forbid": [{"faction_icon": "any"}]}
TOF_FORBID = {"forbid": [{"faction_icon": "any"}, {"talent_card": "any"}]}
NO_TEXT = [{"has_reputation": True}, {"text_restriction": True}]


@pytest.mark.parametrize("hero, expected", [
    ("Hogger", MONSTER_FORBID),
    ("Deathbringer Kor'ush", MONSTER_FORBID),            # "Deckuilding" misprint
    ("Arisella, Daughter of Cenarius", MONSTER_FORBID),
    ("Iso'rath", {"forbid": [{"faction_icon": "any"}, {"class_icon": "any"}]}),
    ("Augh", TOF_FORBID),
    ("Mother Misery", {"allow_only": [{"type": "Quest", "neutral": True}, {"weapon": "Melee"}],
                       "forbid": NO_TEXT}),
    ("Obliveron", {"allow_only": [{"type": "Quest", "neutral": True}, {"tag": "Traitor"},
                                  {"type": "Ally", "ally_race": "Demon"}],
                   "forbid": [{"has_reputation": True},
                              {"text_restriction": True,
                               "except": [{"kind": "flag", "value": "Traitor"}]}]}),
    ("Imp Lord Pinprik", {"allow_only": [{"type": "Quest", "neutral": True},
                                         {"type": "Ability", "deals_damage": "fire"},
                                         {"type": "Ally", "atk_type": "Fire"}],
                          "forbid": NO_TEXT}),
    ("Xia, Queen of Suffering", {"allow_only": [{"type": "Quest", "neutral": True},
                                                {"type": "Ability", "class_icon": "Warlock"},
                                                {"type": "Ally", "ally_class": "Warlock"}],
                                 "forbid": NO_TEXT}),
    ("Arch Druid Lilliandra", {
        "allow_only": [{"faction_icon": "any"}, {"class_icon": "Druid"},
                       {"talent_card": {"class": "Druid", "tree": "Balance"}}, {"neutral": True},
                       {"reputation": "Argent Crusade"}],
        "forbid": [{"has_reputation": True,
                    "except": [{"kind": "reputation", "value": "Argent Crusade"}]},
                   {"text_restriction": True, "except": [{"kind": "talent", "value": "Balance"}]}],
        "single_faction": True}),
    ("General Lightsbane", {
        "allow_only": [{"faction_icon": "any"}, {"class_icon": "Death Knight"},
                       {"talent_card": {"class": "Death Knight", "tree": "Frost"}},
                       {"neutral": True}, {"tag": "Scourge"}],
        "forbid": [{"has_reputation": True},
                   {"text_restriction": True, "except": [{"kind": "talent", "value": "Frost"},
                                                         {"kind": "flag", "value": "Scourge"}]}],
        "single_faction": True}),
    ("Kjaran the Callous", {
        "allow_only": [{"type": "Ability", "class_icon": "Hunter"},
                       {"tag": "Pet", "class_icon": "Hunter"},
                       {"type": "Equipment", "class_icon": "Paladin"},
                       {"type": "Ally", "ally_class": "Death Knight"},
                       {"type": ["Quest", "Location"], "neutral": True}, {"tag": "Scourge"}],
        "forbid": [{"has_reputation": True},
                   {"text_restriction": True, "except": [{"kind": "flag", "value": "Scourge"}]}]}),
])
def test_deckbuilding_predicates(shipped, hero, expected):
    assert shipped[hero]["deckbuilding"] == expected


def test_all_35_deckbuilding_heroes_parsed(shipped):
    heroes = {r["name"]: r["deckbuilding"] for r in shipped.values() if r.get("deckbuilding")}
    assert len(heroes) == 35
    assert not [h for h, d in heroes.items() if d.get("unparsed")]
    groups = Counter("single" if d.get("single_faction") else
                     "allow" if d.get("allow_only") else "forbid" for d in heroes.values())
    assert groups == {"forbid": 16, "allow": 9, "single": 10}
    assert all(r["type"] == "Hero" for r in shipped.values() if r.get("deckbuilding"))


def test_d2_icons(shipped):
    assert "class_icons" not in shipped["Vanquish"]
    assert "class_icons" not in shipped["Hearthstone"]
    chalice = shipped["Chalice of the Mountain Kings"]["class_icons"]
    assert len(chalice) == 9 and "Druid" not in chalice
    assert shipped["Grunt Baranka"]["faction_icons"] == ["Horde"]
    assert shipped["Fireball"]["class_icons"] == ["Mage"]
    assert shipped["Flash Heal"]["class_icons"] == ["Priest"]            # "X" flags count
    assert shipped["Dimzer the Prestidigitator"]["hero_required"] == [
        {"kind": "race", "value": "Gnome"}]
    assert shipped["Nature's Reach"]["hero_required"] == [{"kind": "talent", "value": "Balance"}]


def test_variants_when_printings_differ(shipped):
    coil = shipped["Death Coil"]
    assert [v["class_icons"] for v in coil["variants"]] == [["Warlock"], ["Death Knight"]]
    assert coil["class_icons"] == ["Warlock"] and coil["variants"][0]["sets"] == ["FoO"]
    branch = shipped["Branch of Nordrassil"]["variants"]
    assert all("Druid" in v["class_icons"] for v in branch)
    assert {v["type"] for v in shipped["Paladin Training"]["variants"]} == {"Ability", "Quest"}
    assert "variants" not in shipped["Flash Heal"]


def test_d3_sets_and_blocks(shipped):
    table = load_yaml(OUT / "sets.yaml")
    sets = {s["code"]: s for s in table["sets"]}
    assert sets["SW"]["block"] == 4
    assert table["blocks"][4] == ["SW", "WG", "ICE", "CD1", "CIT", "NT", "BIC", "BSW", "CIC",
                                  "CSC", "CWG", "DWS"]
    assert table["blocks"][1] == ["HoA", "TDP", "FoO", "FWV", "BCP", "BLZ", "MCT", "MLT", "OLT"]
    assert "block" not in sets["RAL"] and sets["RAL"]["pool"] == "constructed"
    for code in ("BTR", "DDD", "DSK", "DSM", "ICR", "MCR", "MLR", "NXR", "OLR"):
        assert sets[code]["pool"] == "raid" and "block" not in sets[code]
    assert sets["TOK"]["pool"] == "token"
    assert len(sets) == 72                 # 68 of decktools + WotA, BotG, RoF, TWC (CardCarp)
    assert table["blocks"][7] == ["WotA", "BotG", "RoF", "TWC"]
    for r in shipped.values():
        assert set(r["sets"]) <= set(sets)
    assert shipped["Arcane Burst"]["blocks"] == [4]


def test_not_deck_cards(shipped):
    assert shipped["Onyxia"]["pool"] == "raid" and shipped["Onyxia"]["raid_only"]
    assert shipped["Festergut"]["raid_only"]
    assert shipped["Treant"]["token"] and shipped["Tooga"]["token"]
    assert shipped["Kel'Thuzad"]["type"] == "Master Hero"    # raid hero in NXR, constructed in SW
    assert shipped["Water Elemental"]["pool"] == "constructed"   # also a token
    dungeon = [r for r in shipped.values() if r.get("dungeon_only")]
    assert dungeon and all(r["raid_only"] for r in dungeon)


def test_chinese_names_from_seed(shipped):
    zh = {n: r["name"] for r in shipped.values() for n in r.get("names", {}).get("zh-Hans", [])}
    assert len(zh) == 109
    assert zh["铁炉堡守卫"] == "Ironforge Guards"
    assert zh["亮须波瑞斯"] == "Boris Brightbeard"
    assert zh["树人"] == "Treant"
    assert zh["PX-238 冬幕欢乐制造器"] == "PX-238 Winter Wondervolt"
    assert zh == {k: v for k, v in tables.SEED_ZH_NAMES.items()}


def test_aliases(shipped):
    assert "Stromstrike" in shipped["Stormstrike"]["aliases"]
    assert "Arcane Bust" in shipped["Arcane Burst"]["aliases"]
    assert "Dimzer the Prestididitator" in shipped["Dimzer the Prestidigitator"]["aliases"]
    assert "Mind-numbing Poison" in shipped["Mind-Numbing Poison"]["aliases"]
    assert "Sowing of Seeds, The" in shipped["The Sowing of Seeds"]["aliases"]     # OCTGN
    assert "Grand Marshall Goldensword" in shipped["Grand Marshal Goldensword"]["aliases"]
    assert shipped["Boris Brightbeard"]["octgn_ids"] == ["c49f1fed-a1a1-46b1-8d47-8c711550bdf1"]


def test_no_alias_or_foreign_name_collides(shipped):
    owner = defaultdict(set)
    for r in shipped.values():
        owner[key(r["name"])].add(r["id"])
    for r in shipped.values():
        for spelling in [*r.get("aliases", []), *r.get("names", {}).get("zh-Hans", [])]:
            assert owner.get(key(spelling), {r["id"]}) == {r["id"]}, (spelling, r["name"])
    # different cards whose names share a key (left to the matcher's exact stage)
    shared = sorted(tuple(sorted(ids)) for ids in owner.values() if len(ids) > 1)
    assert len(shared) == 3


FORBIDDEN_KEYS = {"rules", "flavour", "flavor", "text", "artist", "image"}
RULES_WORDS = ("Ongoing", "Your hero deals", "Attach to target", "Hero Required", "Deckbuilding",
               "you can't", "Destroy target", ";")


def test_no_rules_or_flavour_text():
    for name in (*CARD_FILES, "sets.yaml"):
        data = load_yaml(OUT / name)
        strings = list(scalar_strings(data))
        assert not FORBIDDEN_KEYS & set(strings), name
        # long strings are text, except CardCarp oracle ids (kebab-case, no spaces), e.g.
        # gauntlets-of-the-ancient-frostwolf-betrayal-of-the-guardian-169
        long = [s for s in strings if len(s) > 60 and not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+", s)]
        assert not long, (name, long[:3])
        for word in RULES_WORDS:
            assert not [s for s in strings if word in s], (name, word)


# =========================================================================== data (../shared)

SHARED = shared_dir()
needs_shared = pytest.mark.skipif(
    SHARED is None, reason="../shared (public data sets) is absent: the wowtcg importer "
                           "cannot be run; the shipped cards/wowtcg/ files are still checked")


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    out = tmp_path_factory.mktemp("wowtcg")
    summary = wowtcg.run(SHARED / "data" / "wowtcg", out)
    return out, summary


@pytest.mark.shared
@needs_shared
def test_shipped_files_are_current(fresh):
    out, _ = fresh
    for name in (*CARD_FILES, "sets.yaml"):
        assert (out / name).read_bytes() == (OUT / name).read_bytes(), name
    fresh_sources = (out / "SOURCES.md").read_text(encoding="utf-8").splitlines()
    shipped_sources = (OUT / "SOURCES.md").read_text(encoding="utf-8").splitlines()
    assert [l for l in fresh_sources if " on " not in l] == \
        [l for l in shipped_sources if " on " not in l]


@pytest.mark.shared
@needs_shared
def test_summary_counts(fresh):
    _, s = fresh
    assert s["printings"] == 6924
    # 4938 names of decktools, plus the new cards of the CardCarp sets and the raid decks'
    # cards a CardCarp set reprints (RoF 143 Mal'Ganis new, RoF 184 Frostmourne moved)
    assert len(s["cardcarp"]["raid_reprints"]) == 2
    assert s["constructed_names"] == (4938 + sum(s["cardcarp"]["new"].values())
                                      + len(s["cardcarp"]["raid_reprints"]))
    assert s["heroes"] == 368 and s["master_heroes"] == 15 + 4   # + Malorne, Aegwynn, Medivh, Kil'jaeden
    assert s["deckbuilding_heroes"] == 35 and s["deckbuilding_unparsed"] == []
    # 324 decktools cards with Hero Required, plus the CardCarp cards whose text has one
    cardcarp_hr = sum(1 for r in load_yaml(OUT / "cards.yaml")["cards"]
                      if r["id"].split("-")[1] in ("WotA", "BotG", "RoF", "TWC")
                      and r.get("hero_required"))
    assert s["unlimited"] == 23 and s["hero_required"] == 324 + cardcarp_hr
    assert s["seed"] == {"zh_names": 109, "en_spellings": 6}
    assert s["collisions"]["aliases_dropped"] == []


@pytest.mark.shared
@needs_shared
def test_d5_csv_restrictions_agree(fresh):
    """The 2010 CSV's restriction columns agree with the parsed text, except for rows the CSV
    leaves blank, its "Arns" misspelling, and Zaistor (Aldor in the CSV, no Reputation in the
    primary data)."""
    _, s = fresh
    names = {line.split(":")[0] for line in s["csv_disagreements"]}
    assert names == {"Anchorite Onkoth", "Azjol-anak Champion", "Boots of Utter Darkness",
                     "Bulwark of the Ancient Kings", "Dethvir the Malignant", "Exarch Orelis",
                     "Wrecking Crew", "Zaistor the Vigilant"}
    assert s["core_2010"]["names"] == 2317


@pytest.mark.shared
@needs_shared
def test_octgn_resolution(fresh):
    _, s = fresh
    assert s["octgn"]["cards"] == 3658
    # only tokens the card data does not list stay unresolved
    assert len(s["octgn"]["unresolved"]) == 13
    assert "Bessie" in s["octgn"]["unresolved"]


@pytest.mark.shared
@needs_shared
def test_rules_text_never_written(fresh):
    import json

    written = set()                     # the shipped files (identical to a fresh import)
    for name in CARD_FILES:
        written |= set(scalar_strings(load_yaml(OUT / name)))
    cards_dir = SHARED / "data" / "wowtcg" / "wowtcg-decktools" / "data" / "cards"
    texts = set()
    for path in cards_dir.glob("*.json"):
        if path.name == "setlist.json":
            continue
        for card in json.loads(path.read_text(encoding="utf-8")):
            texts |= {card.get("rules"), card.get("flavour"),
                      facts.strip_markup(card.get("rules"))}
    names = {r["name"] for name in CARD_FILES for r in load_yaml(OUT / name)["cards"]}
    assert not (texts - {None, ""} - names) & written
