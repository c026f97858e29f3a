"""Mage Wars importer: the public OCTGN data (plus the Chinese rules seed) -> ``cards/magewars/``.

Run as ``deckcheck cards import magewars ../shared/data/magewars``.  ``source`` is the
``data/magewars`` folder of the public data sets; the Chinese rules seed is looked up in
``source.parent.parent / "seeds"`` and the game page in ``…/docs/games/magewars.md``.

What is read:

* the OCTGN module (``Mage-Wars/GameDatabase/<game id>/``): every ``Sets/*/set.xml`` (the
  primary card and mage data), the eight ``Decks/Apprentice Spellbooks/*.o8d`` and the older
  Core ``set.xml`` kept under ``_history/`` (ids of the Wizard's per-element stats cards);
* ``MageWarsCodex/…/mages.json``: the mages' long names (joined on OCTGN GUIDs) as aliases;
* ``magewars-deckbuilder-om/…/sets/core.edn``: copies of each card in one Core Set;
* the seed ``000_a42356be5ac5e0de.txt``: Chinese names and the original apprentice lists.

What is written (facts only: names, codes, GUIDs, sets, types, schools, levels, flags):

* ``spells.yaml``: one record per spell **name** (``kind: spell``; the six Paladin auras are
  ``kind: aura``).  The facts come from the precedence printing (Final Release, then any
  other official set, then Promo, then the community playtest sets); every printing is kept
  under ``printings`` (precedence first) with the facts in which it differs.
* ``mage_cards.yaml``: the mage cards (``kind: mage``) and stats cards
  (``kind: mage_stats``), so a list's mage line resolves like any card name.  Arena and
  Academy mage cards share their names ("Beastmaster" twice); they are one record with one
  printing per OCTGN card, each printing naming its variant, and ``mage_rows`` tells which
  rows of ``mages.yaml`` the card can stand for.
* ``mages.yaml``: the mage table (training, opposition, limits) per mage and variant
  (arena / academy / apprentice), with the hand corrections of the game page applied and
  recorded in each row's ``corrections`` and in the file header.
* ``aliases.yaml``, ``names_zh.yaml``, ``sets.yaml``, ``apprentice.yaml`` and ``SOURCES.md``.

Record ids are slugs of the canonical name (``lash-of-hellfire``; mage and stats cards get a
``mage-`` prefix).  Printed codes cannot serve as ids: the OCTGN data reuses one code for up
to ten different cards (``MWAELC01``).  Re-running on the same data writes identical files
(apart from the date in ``SOURCES.md``).
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from defusedxml import ElementTree as ET

from deckcheck.carddb.importers.common import (DataError, compact, dump_yaml, sha1_of,
                                               write_sources)
from deckcheck.matching.normalise import key

GAME = "magewars"
OCTGN_GAME_ID = "9acef3d0-efa8-4d3f-a10c-54812baecdda"
SEED_FILE = "000_a42356be5ac5e0de.txt"

SCHOOLS = ("Air", "Arcane", "Dark", "Earth", "Fire", "Holy", "Mind", "Nature", "War", "Water")
ELEMENTS = ("Air", "Earth", "Fire", "Water")
SPELL_TYPES = ("Attack", "Conjuration", "Creature", "Enchantment", "Equipment", "Incantation")
TYPE_SUFFIX_SUBTYPES = {"Wall": "Wall", "Terrain": "Terrain"}   # Conjuration-Wall / -Terrain
SKIPPED_TYPES = {"Internal", "Phase", "DiceRoll", "Conjuration-Vine", "Conjuration-Terrrain"}
HIDDEN_SETS = {"Gameboards"}
SET_DISPLAY_NAMES = {"Lost Grimore": "Lost Grimoire"}           # misspelt in the OCTGN data
FINAL_RELEASE = "Mage Wars Arena Final Release"
PROMO = "Promo"
PLAYTEST_PREFIX = "Playtest:"
VARIANTS = ("arena", "academy", "apprentice")

# Facts compared between printings of one name (a difference is reported as MWR119).
PRINTING_FACTS = ("type", "subtypes", "schools", "level_total", "epic", "novice",
                  "only_class", "only_school", "living", "nonliving")
# The subset the game page counts as "printings differ" (school, level, type, Epic/Novice/Only).
RULE_FACTS = ("type", "schools", "level_total", "epic", "novice", "only_class", "only_school")

# ---------------------------------------------------------------------------------------
# Hand-made tables (facts restated from the game page; each is verified against the data)
# ---------------------------------------------------------------------------------------

#: Spellings seen in public lists and builders (game page §4.3).  Entries whose key equals
#: the card's own key are kept for the record; normalisation already matches them.
ALIAS_TABLE = {
    "Rajans Fury": "Rajan's Fury",
    "Rajan\u2019s Fury": "Rajan's Fury",
    "Tooth and Nail": "Tooth & Nail",
    "Bearskin Armor": "Bearskin",
    "Darkpact Slayer": "Dark Pact Slayer",
    "Mana Syphon": "Mana Siphon",
    "Battleforge": "Battle Forge",
    "Mohktari": "Mohktari, Great Tree of Life",
    "Slav\u00f6rg, Fang of the First Moon": "Slavorg, Fang of the First Moon",
    "Beastmaster (Johktari)": "Johktari Beastmaster",
    "Beastmistress": "Johktari Beastmaster",
}

#: Other accepted English names of a mage row (beside the mrosan long names).
MAGE_EXTRA_ALIASES = {
    "priestess": ["Priestess of Westlock", "Priesstess"],   # mrosan spells it "Priesstess"
    "adramelech-warlock": ["Warlock of Adramelech"],
}

#: Names the OCTGN deck files give stats cards, beside the card's own name.
STATS_EXTRA_ALIASES = {
    "Johktari Beastmaster Stats": ["Beastmaster (Johktari) Stats"],
}

#: Chinese card names of the seed -> canonical English (apprentice lists, seed p.3, and the
#: examples of the rules text).  Each must occur in the seed and name an existing card.
ZH_CARD_NAMES = {
    "巨熊皮甲": "Bearskin", "群兽法杖": "Staff of Beasts", "元素斗篷": "Elemental Cloak",
    "丛林灰狼": "Timber Wolf", "翠绿树蜥": "Emerald Tegu", "钢爪灰熊": "Steelclaw Grizzly",
    "苦木林狐": "Bitterwood Fox", "雷隙猎鹰": "Thunderift Falcon",
    "深林幽影切维尔": "Cervere, The Forest Shadow", "野性山猫": "Feral Bobcat",
    "缠绕藤蔓": "Tanglevine", "反戈一击": "Retaliate", "格挡": "Block",
    "巨熊力量": "Bear Strength", "灵蛇反射": "Cobra Reflexes", "体肤重生": "Regrowth",
    "犀牛兽皮": "Rhino Hide", "冲锋陷阵": "Charge", "次级治疗": "Minor Heal",
    "荒野呼唤": "Call of the Wild", "驱散": "Dispel", "群体治疗": "Group Heal",
    "兽性觉醒": "Rouse the Beast", "瓦解": "Dissolve", "间歇喷泉": "Geyser", "气流": "Jet Stream",
    "阿希拉法杖": "Staff of Asyra", "风龙皮甲": "Wind Wyvern Hide",
    "偏移护腕": "Deflection Bracers", "阿希拉牧师": "Asyran Cleric",
    "布洛根血石": "Brogan Bloodstone", "高地独角兽": "Highland Unicorn", "皇家箭手": "Royal Archer",
    "灰衣天使": "Gray Angel", "西锁骑士": "Knight of Westlock", "法力失效": "Nullify",
    "公牛耐力": "Bull Endurance", "神力加护": "Divine Intervention", "圣佑领地": "Sacred Ground",
    "心灵安抚": "Pacify", "单体治疗": "Heal", "昏睡": "Sleep", "原力推斥": "Force Push",
    "圣光之柱": "Pillar of Light", "眩目闪光": "Blinding Flash", "恶魔胸甲": "Demonhide Armor",
    "皮革手套": "Leather Gloves", "狱火长鞭": "Lash of Hellfire", "暗契屠魔": "Dark Pact Slayer",
    "暗沼蝙蝠": "Darkfenne Bat", "火烙魔婴": "Firebrand Imp", "骷髅哨兵": "Skeletal Sentry",
    "狼人宠物戈伦": "Goran, Werewolf Pet", "烈焰狱鬼": "Flaming Hellion", "法师祸咒": "Magebane",
    "剧痛难当": "Agony", "身心俱疲": "Enfeeble", "尸鬼腐化": "Ghoul Rot", "死亡链接": "Death Link",
    "死亡印记": "Marked for Death", "鲜血贪噬": "Vampirism", "汲血之击": "Vampiric Strike",
    "生命汲取": "Drain Life", "炎爆": "Explode", "火球术": "Fireball", "火焰风暴": "Firestorm",
    "烈焰爆弹": "Flameblast", "奥秘法杖": "Staff of the Arcanum",
    "龙鳞锁甲": "Dragonscale Hauberk", "皮革长靴": "Leather Boots", "抑制斗篷": "Suppression Cloak",
    "元素魔杖": "Elemental Wand", "暗沼九头蛇": "Darkfenne Hydra", "戈尔贡箭手": "Gorgon Archer",
    "汲法水蛭": "Mana Leech", "蓝色精怪": "Blue Gremlin", "石目蛇蜥": "Stonegaze Basilisk",
    "厄运": "Jinx", "攻击逆转": "Reverse Attack", "精华汲取": "Essence Drain",
    "原力法剑": "Force Sword", "原力之握": "Force Hold", "传送": "Teleport",
    "结界窃取": "Steal Enchantment", "雷导术": "Electrify", "连锁闪电": "Chain Lightning",
    "闪电箭矢": "Lightning Bolt",
    # examples in the rules text (game page §4.5)
    "巢穴": "Lair", "尖齿与利爪": "Tooth & Nail", "磐石之墙": "Wall of Stone",
    "涡流风灵": "Whirling Spirit", "胡金": "Huginn, Raven Familiar", "战斗锻炉": "Battle Forge",
    "法师魔杖": "Mage Wand", "圣光天使萨曼德瑞尔": "Samandriel, Angel of Light",
    "剧痛锁链": "Chains of Agony", "法力融合": "Harmonize", "烈火之墙": "Wall of Fire",
}

#: Chinese names whose card is inferred, not printed beside an English name.
ZH_UNCERTAIN = {
    "法力融合": "named in the seed's Magebind example (reveal cost 2, Magebind +2), which fits "
               "Harmonize; not confirmed by a printed card",
    "烈火之墙": "named in the seed's Incorporeal example; may be generic wording for any wall "
               "of fire rather than the card Wall of Fire",
}

#: Chinese mage names of the seed -> arena mage row id.
ZH_MAGE_NAMES = {"兽王": "beastmaster", "兽王法师": "beastmaster", "女祭司": "priestess",
                 "邪术师": "warlock", "巫师": "wizard"}

#: Other Chinese words of the seed that lists use (section headers, schools).
ZH_TYPE_WORDS = {"攻击": "Attack", "咒语": "Incantation", "生物": "Creature", "魔物": "Conjuration",
                 "墙体": "Wall", "结界": "Enchantment", "装备": "Equipment"}
ZH_ZONE_WORDS = {"法师": "mage", "法术书": "spellbook"}
ZH_SCHOOL_WORDS = {"自然": "Nature", "神圣": "Holy", "黑暗": "Dark", "火系": "Fire", "奥术": "Arcane"}
ZH_DAMAGE_TYPES = {"火焰": "Flame", "水流": "Hydro", "圣光": "Light", "闪电": "Lightning",
                   "毒素": "Poison", "精神": "Psychic", "风力": "Wind"}
ZH_NOT_CARDS = {"奥法电击": "Arcane Zap (a Wizard ability, not a card)"}

APPRENTICE_MAGES = ("Beastmaster", "Priestess", "Warlock", "Wizard")   # seed column order
APPRENTICE_TOTALS = {"original": {"Beastmaster": 33, "Priestess": 30, "Warlock": 30, "Wizard": 30},
                     "4th": {"Beastmaster": 28, "Priestess": 25, "Warlock": 24, "Wizard": 21}}
SEED_TABLE_MARKER = "兽王女祭司邪术师巫师"
SEED_ROW_WORDS = ("装备", "生物", "结界", "咒语", "攻击")
_SEED_ROW_SPLIT = re.compile(r"(%s)(?= \d)" % "|".join(SEED_ROW_WORDS))
_SEED_ENTRY = re.compile(r"\s*(\d+) ([\u4e00-\u9fff]+)(?: \( ([\u4e00-\u9fff]+) \))?")


@dataclass(frozen=True)
class Correction:
    """A hand correction of one mage row: the fields to set and why."""

    row: str
    fields: dict
    note: str


#: Hand corrections of the OCTGN mage fields (game page §2.2 and §4.2).
MAGE_CORRECTIONS = (
    Correction("siren", {"subtype_trained": ["Pirate", "Song"]},
               "OCTGN also trains the Aquatic subtype; the printed training names Water plus "
               "Pirate and Song spells only, so Aquatic is dropped"),
    Correction("academy-forcemaster", {"spellbook_points": 40, "subtype_trained": ["Dsjer-Tet"]},
               "OCTGN says 80 points and has no subtype training; the stats text trains Mind "
               "and Dsjer-Tet spells and the official Academy book costs 40 with that, so "
               "40 points and Dsjer-Tet training (which also exempts Dsjer-Tet creatures from "
               "the creature opposition)"),
    Correction("academy-druid", {"trained": ["Nature"], "capped": {"Water": 1}},
               "OCTGN fields train all of Water; the stats text says level 1 Water spells "
               "only (the text wins): Water capped at level 1"),
    Correction("elementalist", {"opposed": [], "type_opposed": {"kind": "living_objects"}},
               "OCTGN approximates the printed rule by opposing the six non-elemental "
               "schools; deckcheck uses the printed rule: Living objects cost triple, no "
               "school is opposed"),
    Correction("academy-monk", {"type_opposed": {"kind": "creatures_not_trained"}},
               "OCTGN fields have no creature opposition; the Academy table of the game page "
               "opposes creatures the Monk is not trained in, as for the Arena Monk"),
    Correction("wizard", {"trained": ["Arcane"], "element_choice": list(ELEMENTS)},
               "OCTGN fields fix Air; the Wizard is trained in Arcane plus one element "
               "chosen when the book is built (element parameter)"),
    Correction("apprentice-wizard", {"trained": ["Arcane"], "element_choice": list(ELEMENTS)},
               "as the Arena Wizard: Arcane plus a chosen element (only used for the "
               "information-only points of the apprentice books)"),
    Correction("sistarran-wizard", {"trained": ["Arcane"], "element_choice": list(ELEMENTS)},
               "OCTGN fields fix Air; whether this Wizard's element is fixed is unknown, so it "
               "is treated like the Wizard (element parameter) [uncertain]"),
    Correction("pellian-forcemaster", {},
               "the OCTGN training text is a copy of the Monk's; the fields (Mind, non-Mind "
               "creatures triple) match the Forcemaster and are used, not the text"),
)

#: Open questions per mage row (kept in the row as ``uncertain``).
MAGE_UNCERTAIN = {
    "academy-elementalist": "spellbook points 43 as in the OCTGN data and the official "
                            "Academy book; the other Academy mages have 40",
    "academy-warlock": "the stats text names only Dark; the fields (Dark, Fire) are used "
                       "because the official Academy book costs 40 only with Fire trained",
    "sistarran-wizard": "whether this alternate mage is official",
    "pellian-forcemaster": "status of this separate OCTGN entry",
    "monk": "community playtest mage: no official Arena release is known",
    "elementalist": "community playtest mage: no official Arena release is known; whether a "
                    "Living object of a trained school still costs triple (deckcheck: yes)",
}


# ---------------------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------------------

def slug(text: str) -> str:
    """A stable ASCII id from a name: "Rajan's Fury" -> "rajans-fury"."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    text = text.replace("&", " and ").replace("'", "").replace("\u2019", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


#: Key order of the written records (other keys follow in insertion order).
FIELD_ORDER = ("id", "name", "kind", "class", "mage_rows", "element_octgn_ids", "type", "types",
               "subtypes", "schools", "level_total", "epic", "novice", "only_class", "only_school",
               "living", "nonliving", "code", "sets", "official", "promo_only", "playtest",
               "academy", "mana_cost", "slot", "core_set_count", "names", "aliases", "octgn_ids",
               "printings", "printings_differ", "rule_facts_differ")


def ordered(record: dict) -> dict:
    first = {k: record[k] for k in FIELD_ORDER if k in record}
    return first | {k: v for k, v in record.items() if k not in first}


def _split_list(value: str | None, sep: str = ",") -> list[str]:
    return [part.strip() for part in (value or "").split(sep) if part.strip()]


def _set_tier(set_name: str) -> int:
    """Printing precedence of a set: 1 Final Release, 2 other official, 3 Promo, 4 playtest."""
    if set_name == FINAL_RELEASE:
        return 1
    if set_name.startswith(PLAYTEST_PREFIX):
        return 4
    if set_name == PROMO:
        return 3
    return 2


def _is_academy_code(code: str) -> bool:
    return code.startswith("MWA") and not code.startswith("MWAPROMO")


# ---------------------------------------------------------------------------------------
# Reading the OCTGN set files
# ---------------------------------------------------------------------------------------

@dataclass
class OctgnSet:
    name: str            # display name (Lost Grimoire corrected)
    octgn_name: str
    octgn_id: str
    path: Path
    cards: list["OctgnCard"] = field(default_factory=list)

    @property
    def tier(self) -> int:
        return _set_tier(self.octgn_name)

    @property
    def playtest(self) -> bool:
        return self.octgn_name.startswith(PLAYTEST_PREFIX)


@dataclass
class OctgnCard:
    guid: str
    name: str
    props: dict[str, str]
    set: OctgnSet

    @property
    def type(self) -> str:
        return self.props.get("Type", "")

    @property
    def is_mage_card(self) -> bool:
        return self.type == "Creature" and "Mage" in _split_list(self.props.get("Subtype")) \
            and not self.props.get("School")

    @property
    def is_stats_card(self) -> bool:
        return self.type == "Magestats" or (self.is_mage_card and "StatSpellBookPoints" in self.props)

    @property
    def is_spell(self) -> bool:
        return bool(self.props.get("School")) and self.type not in SKIPPED_TYPES


def read_set(path: Path) -> OctgnSet:
    """One ``set.xml``: its name, id and cards (direct ``property`` children only)."""
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as exc:
        raise DataError(f"{path}: not well-formed XML: {exc}") from None
    octgn_name = (root.get("name") or "").strip()
    if not octgn_name or not root.get("id"):
        raise DataError(f"{path}: <set> without name or id")
    oset = OctgnSet(SET_DISPLAY_NAMES.get(octgn_name, octgn_name), octgn_name, root.get("id"), path)
    for el in root.iter("card"):
        guid, name = el.get("id"), (el.get("name") or "").strip()
        if not guid or not name:
            raise DataError(f"{path}: <card> without id or name near {el.get('name')!r}")
        props = {p.get("name"): (p.get("value") or "").strip() for p in el.findall("property")}
        oset.cards.append(OctgnCard(guid, name, props, oset))
    return oset


def read_sets(gdb: Path) -> list[OctgnSet]:
    files = sorted((gdb / "Sets").glob("*/set.xml"))
    if not files:
        raise DataError(f"{gdb / 'Sets'}: no set.xml files")
    return [read_set(f) for f in files]


# ---------------------------------------------------------------------------------------
# Spell facts
# ---------------------------------------------------------------------------------------

def parse_schools(school: str, level: str, where: str, repairs: list[str]) -> dict:
    """``School``/``Level`` -> ``{kind, parts: [{school, level}]}``.

    "+" joins the parts of an "and" card, "/" the choices of an "or" card.  An "or" card
    with fewer levels than schools repeats its single level (reported in ``repairs``).
    """
    seps = {s for s in "+/" if s in school}
    if len(seps) > 1 or (seps and not (set(level) & seps) and not level.isdigit()):
        raise DataError(f"{where}: cannot read School={school!r} Level={level!r}")
    kind = {"+": "and", "/": "or"}.get(next(iter(seps), ""), "single")
    sep = next(iter(seps), None)
    schools = [s.strip() for s in school.split(sep)] if sep else [school.strip()]
    levels = [lv.strip() for lv in re.split(r"[+/]", level)]
    if any(s not in SCHOOLS for s in schools) or not all(lv.isdigit() for lv in levels):
        raise DataError(f"{where}: unknown school or level in School={school!r} Level={level!r}")
    if len(levels) != len(schools):
        if kind == "or" and len(set(levels)) == 1:
            label = where.split(": ", 1)[-1]      # without the absolute file path
            repairs.append(f"{label}: School={school!r} has Level={level!r}; the single level "
                           f"is repeated for every school of this \"or\" card")
            levels = levels[:1] * len(schools)
        else:
            raise DataError(f"{where}: {len(schools)} schools but {len(levels)} levels "
                            f"(School={school!r} Level={level!r})")
    return {"kind": kind, "parts": [{"school": s, "level": int(lv)} for s, lv in zip(schools, levels)]}


def level_total(schools: dict) -> int:
    levels = [p["level"] for p in schools["parts"]]
    return sum(levels) if schools["kind"] == "and" else levels[0]


def trait_facts(traits: str) -> dict:
    """Epic / Novice / "X Only" / "X Mage Only" / Living / Nonliving from ``Traits``."""
    facts: dict[str, Any] = {"epic": False, "novice": False, "only_class": None,
                             "only_school": None, "living": False, "nonliving": False}
    for trait in _split_list(traits):
        if trait == "Epic":
            facts["epic"] = True
        elif trait == "Novice":
            facts["novice"] = True
        elif trait == "Living":
            facts["living"] = True
        elif trait in ("Nonliving", "Non-living"):
            facts["nonliving"] = True
        elif m := re.fullmatch(r"(\w+) Mage Only", trait):
            facts["only_school"] = m.group(1)
        elif m := re.fullmatch(r"(\w+) Only", trait):
            facts["only_class"] = m.group(1)
    return facts


def spell_facts(card: OctgnCard, repairs: list[str]) -> dict:
    """The facts of one spell printing (no text of any kind)."""
    where = f"{card.set.path}: card {card.name!r} (set {card.set.name}, {card.guid})"
    base, _, suffix = card.type.partition("-")
    if base not in SPELL_TYPES or (suffix and suffix not in TYPE_SUFFIX_SUBTYPES):
        raise DataError(f"{where}: unknown Type {card.type!r}")
    subtypes = _split_list(card.props.get("Subtype"))
    if suffix and TYPE_SUFFIX_SUBTYPES[suffix] not in subtypes:
        subtypes.append(TYPE_SUFFIX_SUBTYPES[suffix])
    schools = parse_schools(card.props["School"], card.props.get("Level", ""), where, repairs)
    facts = {"type": base, "subtypes": subtypes, "schools": schools,
             "level_total": level_total(schools)}
    facts.update(trait_facts(card.props.get("Traits", "")))
    facts["code"] = card.props.get("CardID", "")
    facts["mana_cost"] = card.props.get("Cost", "")
    facts["slot"] = card.props.get("StatEquipmentSlot", "")
    return facts


def _printing_order(card: OctgnCard) -> tuple:
    return (card.set.tier, card.set.name, card.props.get("CardID", ""), card.guid)


def spell_record(name: str, printings: list[OctgnCard], repairs: list[str]) -> dict:
    """One record per spell name; facts from the precedence printing (§4.3)."""
    printings = sorted(printings, key=_printing_order)
    facts = [spell_facts(p, repairs) for p in printings]
    main = facts[0]
    kind = "aura" if "Aura" in main["subtypes"] and main["level_total"] == 0 else "spell"
    entries, differ, rule_differ = [], False, False
    for card, f in zip(printings, facts):
        entry = compact({"set": card.set.name, "code": f["code"], "octgn_id": card.guid})
        if card.set.playtest:
            entry["official"] = False
        diffs = {k: f[k] for k in PRINTING_FACTS if f[k] != main[k]}   # kept even when False
        differ |= bool(diffs)
        rule_differ |= any(k in diffs for k in RULE_FACTS)
        entries.append(entry | diffs)
    codes = [f["code"] for f in facts]
    sets = list(dict.fromkeys(p.set.name for p in printings))
    record = {
        "id": slug(name), "name": name, "kind": kind,
        "type": main["type"], "types": [main["type"]], "subtypes": main["subtypes"],
        "schools": main["schools"], "level_total": main["level_total"],
        "epic": main["epic"], "novice": main["novice"],
        "only_class": main["only_class"], "only_school": main["only_school"],
        "living": main["living"], "nonliving": main["nonliving"],
        "code": main["code"], "sets": sets,
        "promo_only": all(p.set.name == PROMO for p in printings),
        "playtest": all(p.set.playtest for p in printings),
        "academy": any(_is_academy_code(c) for c in codes),
        "mana_cost": main["mana_cost"], "slot": main["slot"],
        "octgn_ids": [p.guid for p in printings],
        "printings": entries,
        "printings_differ": differ,
        "rule_facts_differ": rule_differ,
    }
    record = compact(record)
    record["official"] = not all(p.set.playtest for p in printings)
    return record


def spell_records(sets: list[OctgnSet], repairs: list[str]) -> list[dict]:
    by_name: dict[str, list[OctgnCard]] = defaultdict(list)
    for oset in sets:
        if oset.octgn_name in HIDDEN_SETS:
            continue
        for card in oset.cards:
            if card.is_spell:
                by_name[card.name].append(card)
    return [spell_record(name, cards, repairs) for name, cards in by_name.items()]


# ---------------------------------------------------------------------------------------
# Mages: the mage table and the mage / stats card records
# ---------------------------------------------------------------------------------------

@dataclass
class StatsPair:
    """A stats card (or a mage card carrying stats) with the mage card it belongs to."""

    stats: OctgnCard
    mage: OctgnCard
    base: str          # the mage's name ("Beastmaster")
    variant: str


def pair_stats_cards(sets: list[OctgnSet]) -> list[StatsPair]:
    """Pair every stats card with the mage card just before it in its set file."""
    pairs = []
    for oset in sets:
        last_mage: OctgnCard | None = None
        for card in oset.cards:
            if card.is_mage_card:
                last_mage = card
            if not card.is_stats_card:
                continue
            base, variant = _stats_base_and_variant(card.name)
            mage = card if card.is_mage_card else last_mage
            if mage is None or mage.name not in (base, card.name):
                raise DataError(f"{oset.path}: stats card {card.name!r} does not follow its "
                                f"mage card (found {mage.name if mage else None!r})")
            pairs.append(StatsPair(card, mage, base, variant))
    return pairs


def _stats_base_and_variant(name: str) -> tuple[str, str]:
    if m := re.fullmatch(r"Academy (.+) Stats", name):
        return m.group(1), "academy"
    if m := re.fullmatch(r"(.+?)(?: Stats)? \(Apprentice\)", name):
        return m.group(1), "apprentice"
    if m := re.fullmatch(r"(.+) Stats", name):
        return m.group(1), "arena"
    return name, "arena"


def row_id(base: str, variant: str) -> str:
    return slug(base) if variant == "arena" else f"{variant}-{slug(base)}"


def parse_school_cost(value: str) -> dict:
    """The compact OCTGN training form, e.g. ``L-3-Holy=1,C-Holy-Creature=1,Dark=3``."""
    out: dict[str, Any] = {"trained": [], "capped": {}, "opposed": [], "subtype_trained": [],
                           "type_opposed": [], "combo": None}
    for item in _split_list(value):
        name, _, mult = item.partition("=")
        name, mult = name.strip(), mult.strip()
        if m := re.fullmatch(r"L-(\d+)-(\w+)", name):
            out["capped"][m.group(2)] = int(m.group(1))
        elif name.startswith("S-"):
            out["subtype_trained"].append(name[2:])
        elif m := re.fullmatch(r"C-(\w+)-(\w+)", name):
            out["combo"] = {"school": m.group(1), "type": m.group(2)}
        elif name.startswith("T-") or name in ("Creature", "Living"):
            out["type_opposed"].append(name.removeprefix("T-"))
        elif name in SCHOOLS:
            out["trained" if mult == "1" else "opposed"].append(name)
    return out


def training_from_fields(props: dict[str, str]) -> dict:
    """Training read from the separate OCTGN fields."""
    capped_items = _split_list(props.get("MageSchoolPartialTraining"))
    combo_parts = [_split_list(p) for p in (props.get("MageComboTraining") or "").split(";") if p]
    combo = None
    if combo_parts:
        combo = {"school": combo_parts[0][0], "type": combo_parts[1][0]}
    return {
        "trained": _split_list(props.get("MageSchoolFullTraining")),
        "capped": {capped_items[i]: int(capped_items[i + 1]) for i in range(0, len(capped_items), 2)},
        "opposed": _split_list(props.get("MageSchoolOpposed")),
        "subtype_trained": _split_list(props.get("MageSubtypeTraining")),
        "type_opposed": _split_list(props.get("MageTypeOpposed")),
        "combo": combo,
    }


def merge_training(card: OctgnCard, conflicts: list[str]) -> dict:
    """Fields first, completed by the compact form; disagreements are reported."""
    fields_ = training_from_fields(card.props)
    compact_ = parse_school_cost(card.props.get("MageSchoolCost", ""))
    merged: dict[str, Any] = {}
    for k in fields_:
        a, b = fields_[k], compact_[k]
        if isinstance(a, list):
            merged[k] = a + [x for x in b if x not in a]
        elif isinstance(a, dict):
            merged[k] = {**b, **a}
        else:
            merged[k] = a or b
        if a and b and sorted(map(str, a if isinstance(a, list) else [a])) != \
                sorted(map(str, b if isinstance(b, list) else [b])):
            conflicts.append(f"{card.name} ({card.set.name}): {k} fields {a!r} vs "
                             f"MageSchoolCost {b!r}")
    return merged


def _type_opposed(kinds: list[str]) -> dict | None:
    if "Living" in kinds:
        return {"kind": "living_objects"}
    if "Creature" in kinds:
        return {"kind": "creatures_not_trained"}
    return None


def mage_row(pair: StatsPair, conflicts: list[str]) -> dict:
    props = pair.stats.props
    training = merge_training(pair.stats, conflicts)
    return {
        "name": pair.base,
        "variant": pair.variant,
        "class": props.get("Nickname", pair.base).removesuffix(" Stats").strip(),
        "mage_card": pair.mage.name,
        "stats_card": pair.stats.name,
        "octgn_ids": {"mage": pair.mage.guid, "stats": pair.stats.guid},
        "spellbook_points": int(props["StatSpellBookPoints"]),
        "trained": training["trained"],
        "capped": training["capped"],
        "opposed": training["opposed"],
        "subtype_trained": training["subtype_trained"],
        "type_opposed": _type_opposed(training["type_opposed"]),
        "combo": training["combo"],
        "element_choice": [],
    }


def build_mage_rows(pairs: list[StatsPair], conflicts: list[str]) -> dict[str, dict]:
    """One row per (mage, variant) from the official "Mages" set; playtest printings of an
    Arena mage mark that row ``playtest`` and add their own point limit."""
    rows: dict[str, dict] = {}
    for pair in pairs:
        if pair.stats.set.playtest:
            continue
        rid = row_id(pair.base, pair.variant)
        if rid in rows:
            raise DataError(f"{pair.stats.set.path}: second stats card for mage row {rid!r}")
        rows[rid] = mage_row(pair, conflicts)
    for pair in pairs:
        if not pair.stats.set.playtest:
            continue
        rid = row_id(pair.base, pair.variant)
        if rid not in rows:
            raise DataError(f"{pair.stats.set.path}: playtest mage {pair.base!r} has no "
                            f"official row")
        rows[rid]["playtest"] = True
        rows[rid]["playtest_set"] = pair.stats.set.name
        rows[rid]["playtest_spellbook_points"] = int(pair.stats.props["StatSpellBookPoints"])
    return rows


def apply_corrections(rows: dict[str, dict]) -> list[str]:
    """Apply :data:`MAGE_CORRECTIONS`; each row records its own notes."""
    notes = []
    for corr in MAGE_CORRECTIONS:
        row = rows.get(corr.row)
        if row is None:
            raise DataError(f"mage correction for unknown row {corr.row!r}")
        before = {k: row.get(k) for k in corr.fields}
        if corr.fields and all(before[k] == v for k, v in corr.fields.items()):
            raise DataError(f"mage correction for {corr.row!r} changes nothing; the OCTGN data "
                            f"may have been fixed: review MAGE_CORRECTIONS")
        row.update({k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
                    for k, v in corr.fields.items()})
        row.setdefault("corrections", []).append(corr.note)
        notes.append(f"mages.yaml `{corr.row}`: {corr.note}")
    return notes


def finish_type_opposition(rows: dict[str, dict]) -> None:
    """Spell out "creatures it is not trained in": creatures with none of the trained schools
    and none of the trained subtypes."""
    for row in rows.values():
        opp = row.get("type_opposed")
        if opp and opp["kind"] == "creatures_not_trained":
            row["type_opposed"] = {"kind": "creatures_not_trained", "types": ["Creature"],
                                   "except_schools": list(row["trained"]),
                                   "except_subtypes": list(row["subtype_trained"])}


def mage_long_names(path: Path, rows: dict[str, dict]) -> dict[str, list[str]]:
    """mrosan's long mage names, joined on the OCTGN GUIDs of the stats or mage card."""
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise DataError(f"{path}: {exc}") from None
    by_guid = {}
    for rid, row in rows.items():
        for guid in row["octgn_ids"].values():
            by_guid.setdefault(guid, rid)
    out: dict[str, list[str]] = defaultdict(list)
    for entry in data:
        images = entry.get("images") or {}
        guids = [str(images.get(side, "")).split(".")[0] for side in ("back", "front")]
        rid = next((by_guid[g] for g in guids if g in by_guid), None)
        if rid is None:
            raise DataError(f"{path}: mage {entry.get('name')!r} matches no OCTGN card")
        arena = row_id(rows[rid]["name"], "arena")
        out[arena].append(str(entry["name"]).strip())
    return out


def add_mage_aliases(rows: dict[str, dict], long_names: dict[str, list[str]]) -> None:
    """English and Chinese names accepted for each row."""
    zh_by_row: dict[str, list[str]] = defaultdict(list)
    for zh, rid in ZH_MAGE_NAMES.items():
        zh_by_row[rid].append(zh)
    table_aliases: dict[str, list[str]] = defaultdict(list)
    for written, canonical in ALIAS_TABLE.items():
        table_aliases[slug(canonical)].append(written)
    for rid, row in rows.items():
        names: list[str] = []
        if row["variant"] == "arena":
            names = (long_names.get(rid, []) + MAGE_EXTRA_ALIASES.get(rid, [])
                     + table_aliases.get(rid, []))
        elif row["variant"] == "academy":
            names = [f"Academy {row['name']}"]
        else:
            names = [f"{row['name']} (Apprentice)"]
        row["aliases"] = list(dict.fromkeys(names))
        if zh_by_row.get(rid):
            row["names"] = {"zh-Hans": zh_by_row[rid]}
        if rid in MAGE_UNCERTAIN:
            row["uncertain"] = MAGE_UNCERTAIN[rid]


def mage_card_records(sets: list[OctgnSet], pairs: list[StatsPair], rows: dict[str, dict],
                      history: list[OctgnCard]) -> list[dict]:
    """Records for the mage cards and stats cards (one per name)."""
    variant_of: dict[str, str] = {}
    rows_of_guid: dict[str, dict[str, str]] = defaultdict(dict)
    for pair in pairs:
        rid = row_id(pair.base, pair.variant)
        variant_of[pair.stats.guid] = pair.variant
        variant_of.setdefault(pair.mage.guid, pair.variant)
        rows_of_guid[pair.stats.guid][pair.variant] = rid
        rows_of_guid[pair.mage.guid][pair.variant] = rid
    by_name: dict[str, list[OctgnCard]] = defaultdict(list)
    for oset in sets:
        for card in oset.cards:
            if card.is_mage_card or card.is_stats_card:
                by_name[card.name].append(card)
    records = []
    for name, cards in by_name.items():
        cards = sorted(cards, key=lambda c: (c.set.tier, VARIANTS.index(variant_of[c.guid]), c.guid))
        kind = "mage" if cards[0].is_mage_card else "mage_stats"
        mage_rows: dict[str, str] = {}
        for card in cards:
            mage_rows.update(rows_of_guid[card.guid])
        if kind == "mage":   # the apprentice Warlock is the Warlock, whichever card is used
            mage_rows.update({r["variant"]: rid for rid, r in rows.items() if r["name"] == name})
        printings = [{"set": c.set.name, "octgn_id": c.guid, "variant": variant_of[c.guid]}
                     | ({"official": False} if c.set.playtest else {}) for c in cards]
        record = {
            "id": f"mage-{slug(name)}", "name": name, "kind": kind,
            "class": rows[next(iter(mage_rows.values()))]["class"],
            "mage_rows": {v: mage_rows[v] for v in VARIANTS if v in mage_rows},
            "sets": list(dict.fromkeys(c.set.name for c in cards)),
            "octgn_ids": [c.guid for c in cards],
            "printings": printings,
        }
        records.append(record)
    _attach_history_stats(records, history)
    return records


def _attach_history_stats(records: list[dict], history: list[OctgnCard]) -> None:
    """Older OCTGN stats cards (``Wizard Stats (Fire)`` …) become printings of the current
    stats record, with the element their name fixes."""
    by_name = {r["name"]: r for r in records}
    for card in history:
        base = re.sub(r" \((\w+)\)$", "", card.name)
        element = card.name[len(base) + 2:-1] if base != card.name else None
        target = by_name.get(base)
        if target is None:
            raise DataError(f"{card.set.path}: older stats card {card.name!r} has no current record")
        entry = {"set": card.set.name, "octgn_id": card.guid, "variant": "arena", "name": card.name}
        if element in ELEMENTS:
            entry["element"] = element
            target.setdefault("element_octgn_ids", {})[element] = card.guid
        target["printings"].append(entry)
        target["octgn_ids"].append(card.guid)


def read_history_stats(mw_root: Path, current_guids: set[str]) -> list[OctgnCard]:
    """Stats cards of the older Core set.xml that the current data no longer has."""
    out = []
    for path in sorted((mw_root / "_history").glob(f"*/GameDatabase/{OCTGN_GAME_ID}/Sets/*/set.xml")):
        oset = read_set(path)
        commit = path.relative_to(mw_root / "_history").parts[0]
        oset.name = f"{oset.name} (older OCTGN data, {commit[:8]})"
        out += [c for c in oset.cards if c.type == "Magestats" and c.guid not in current_guids]
    return out


def add_mage_card_aliases(records: list[dict], rows: dict[str, dict]) -> None:
    """Mage cards answer to their rows' long and Chinese names; stats cards to the
    "Academy X" / "X (Apprentice)" forms that select a variant."""
    table = {key(w) for w in ALIAS_TABLE}
    for rec in records:
        aliases: list[str] = list(STATS_EXTRA_ALIASES.get(rec["name"], []))
        zh: list[str] = []
        for variant, rid in rec["mage_rows"].items():
            row = rows[rid]
            if rec["kind"] == "mage" and variant == "arena":
                aliases += row["aliases"]
                zh += (row.get("names") or {}).get("zh-Hans", [])
            elif rec["kind"] == "mage_stats" and variant != "arena":
                aliases += row["aliases"]
        own = key(rec["name"])
        aliases = [a for a in dict.fromkeys(aliases) if key(a) != own and key(a) not in table]
        if aliases:
            rec["aliases"] = aliases
        if zh:
            rec["names"] = {"zh-Hans": list(dict.fromkeys(zh))}


# ---------------------------------------------------------------------------------------
# Chinese names (seed)
# ---------------------------------------------------------------------------------------

def find_seed(source: Path) -> Path | None:
    path = source.parent.parent / "seeds" / SEED_FILE
    return path if path.is_file() else None


def check_seed_words(seed_text: str, seed_path: Path) -> None:
    """Every Chinese word we ship must occur in the seed."""
    tables = (ZH_CARD_NAMES, ZH_MAGE_NAMES, ZH_TYPE_WORDS, ZH_ZONE_WORDS, ZH_SCHOOL_WORDS,
              ZH_DAMAGE_TYPES, ZH_NOT_CARDS)
    missing = [w for t in tables for w in t if w not in seed_text]
    if missing:
        raise DataError(f"{seed_path}: Chinese names not found in the seed: {', '.join(missing)}")


def add_chinese_names(records: dict[str, dict]) -> int:
    """``names.zh-Hans`` for every card the seed names (``records`` by name key)."""
    count = 0
    for zh, english in ZH_CARD_NAMES.items():
        rec = records.get(key(english))
        if rec is None:
            raise DataError(f"seed name {zh} -> {english!r}: no such card")
        names = rec.setdefault("names", {}).setdefault("zh-Hans", [])
        if zh not in names:
            names.append(zh)
            count += 1
    return count


def names_zh_table(records: dict[str, dict], rows: dict[str, dict]) -> dict:
    return {
        "cards": {zh: records[key(en)]["name"] for zh, en in ZH_CARD_NAMES.items()},
        "mages": {zh: rows[rid]["name"] for zh, rid in ZH_MAGE_NAMES.items()},
        "uncertain": dict(ZH_UNCERTAIN),
        "types": dict(ZH_TYPE_WORDS),
        "zones": dict(ZH_ZONE_WORDS),
        "schools": dict(ZH_SCHOOL_WORDS),
        "damage_types_not_schools": dict(ZH_DAMAGE_TYPES),
        "not_cards": dict(ZH_NOT_CARDS),
    }


# ---------------------------------------------------------------------------------------
# Apprentice spellbooks
# ---------------------------------------------------------------------------------------

@dataclass
class SeedEntry:
    count: int
    zh: str
    row: str                 # the seed row's type (English)
    marker: str | None       # "( 魔物 )" after Tanglevine: its real type


def seed_table_line(seed_text: str, seed_path: Path) -> tuple[int, str]:
    """Line number (1-based) and text of the seed line holding the apprentice table (p.3)."""
    for number, line in enumerate(seed_text.splitlines(), 1):
        if SEED_TABLE_MARKER + SEED_ROW_WORDS[0] in line:
            return number, line
    raise DataError(f"{seed_path}: apprentice table (p.3) not found")


def read_seed_apprentice_rows(line: str, seed_path: Path) -> list[SeedEntry]:
    """The flattened apprentice table of seed p.3: type rows of "N name" entries."""
    table = line[line.index(SEED_TABLE_MARKER) + len(SEED_TABLE_MARKER):]
    pieces = _SEED_ROW_SPLIT.split(table)
    entries: list[SeedEntry] = []
    row = None
    for piece in pieces:
        if piece in SEED_ROW_WORDS:
            row = ZH_TYPE_WORDS[piece]
            continue
        if not piece.strip():
            continue
        if row is None:
            raise DataError(f"{seed_path}: apprentice table text before the first type row")
        pos = 0
        while pos < len(piece.rstrip()):
            m = _SEED_ENTRY.match(piece, pos)
            if m is None:
                raise DataError(f"{seed_path}: cannot read apprentice entry at {piece[pos:pos + 20]!r}")
            marker = ZH_TYPE_WORDS.get(m.group(3)) if m.group(3) else None
            entries.append(SeedEntry(int(m.group(1)), m.group(2), row, marker))
            pos = m.end()
    return entries


def read_o8d(path: Path) -> list[tuple[str, str, int, str]]:
    """``(section, name, qty, guid)`` for every card line of an OCTGN deck."""
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as exc:
        raise DataError(f"{path}: not well-formed XML: {exc}") from None
    out = []
    for section in root.iter("section"):
        for card in section.iter("card"):
            try:
                qty = int(card.get("qty", "1"))
            except ValueError:
                raise DataError(f"{path}: bad qty on {card.text!r}") from None
            out.append((section.get("name", ""), (card.text or "").strip(), qty, card.get("id", "")))
    return out


def record_names(rec: dict) -> list[str]:
    """Every name a record answers to: its name, aliases and Chinese names."""
    return [rec["name"], *rec.get("aliases", []), *(rec.get("names") or {}).get("zh-Hans", [])]


class NameResolver:
    """Canonical record name of a written card name (name, alias or Chinese name key)."""

    def __init__(self, records: Iterable[dict], aliases: dict[str, str]):
        self.by_key: dict[str, str] = {}
        for rec in records:
            for n in record_names(rec):
                self.by_key.setdefault(key(n), rec["name"])
        for written, canonical in aliases.items():
            self.by_key.setdefault(key(written), canonical)

    def __call__(self, name: str, where: str) -> str:
        canonical = self.by_key.get(key(name))
        if canonical is None:
            raise DataError(f"{where}: unknown card name {name!r}")
        return canonical


def octgn_book(path: Path, resolve: NameResolver) -> Counter:
    book: Counter = Counter()
    for section, name, qty, _ in read_o8d(path):
        if section != "Mage":
            book[resolve(name, str(path))] += qty
    return book


def split_seed_columns(entries: list[SeedEntry], books: dict[str, Counter], seed_path: Path,
                       ) -> dict[str, list[tuple[SeedEntry, str]]]:
    """Cut each seed row into the four mage columns.

    The seed lost its column breaks; the OCTGN original books say which cards each mage has.
    Entries are taken in order: an entry belongs to the current column while that mage still
    lacks the card, otherwise the next column starts.  Names and counts must then agree
    exactly with the OCTGN books.
    """
    remaining = {m: Counter(b) for m, b in books.items()}
    columns: dict[str, list[tuple[SeedEntry, str]]] = {m: [] for m in APPRENTICE_MAGES}
    col, row = 0, None
    for entry in entries:
        if entry.row != row:
            col, row = 0, entry.row
        english = ZH_CARD_NAMES.get(entry.zh)
        if english is None:
            raise DataError(f"{seed_path}: apprentice card {entry.zh} has no English name")
        while col < len(APPRENTICE_MAGES) and not remaining[APPRENTICE_MAGES[col]].get(english):
            col += 1
        if col == len(APPRENTICE_MAGES):
            raise DataError(f"{seed_path}: apprentice entry {entry.count} {entry.zh} ({english}) "
                            f"is in no OCTGN original book at this position")
        mage = APPRENTICE_MAGES[col]
        if remaining[mage][english] != entry.count:
            raise DataError(f"{seed_path}: {mage} apprentice: seed has {entry.count} {english}, "
                            f"OCTGN has {remaining[mage][english]}")
        del remaining[mage][english]
        columns[mage].append((entry, english))
    left = {m: dict(c) for m, c in remaining.items() if c}
    if left:
        raise DataError(f"{seed_path}: OCTGN original apprentice cards missing from the seed: {left}")
    return columns


def apprentice_books(gdb: Path, seed: tuple[str, Path] | None, records: dict[str, dict],
                     resolve: NameResolver, rows: dict[str, dict]) -> list[dict]:
    """Both editions of the four Core apprentice books (original from the seed, 4th from
    the OCTGN files)."""
    folder = gdb / "Decks" / "Apprentice Spellbooks"
    originals = {m: octgn_book(folder / f"{m} Apprentice.o8d", resolve) for m in APPRENTICE_MAGES}
    fourth = {m: octgn_book(folder / f"{m} Apprentice - 4th Edition.o8d", resolve)
              for m in APPRENTICE_MAGES}
    books = []
    for mage, (original, source) in original_editions(seed, originals).items():
        books.append(_book(mage, "original", original, source, records, rows))
        books.append(_book(mage, "4th", fourth_edition_entries(fourth[mage], original),
                           f"OCTGN Decks/Apprentice Spellbooks/{mage} Apprentice - 4th Edition.o8d",
                           records, rows))
    return books


def original_editions(seed: tuple[str, Path] | None, originals: dict[str, Counter],
                      ) -> dict[str, tuple[list[tuple], str]]:
    """Per mage: ``[(name, count, zh, seed row)]`` in seed order, and the source note.
    Without the seed, the OCTGN original books (which the seed equals) are used."""
    if seed is None:
        return {m: ([(n, c, None, None) for n, c in originals[m].items()],
                    f"OCTGN Decks/Apprentice Spellbooks/{m} Apprentice.o8d (seed absent)")
                for m in APPRENTICE_MAGES}
    seed_text, seed_path = seed
    lineno, line = seed_table_line(seed_text, seed_path)
    columns = split_seed_columns(read_seed_apprentice_rows(line, seed_path), originals, seed_path)
    return {m: ([(english, e.count, e.zh, e.row) for e, english in columns[m]],
                f"seed {seed_path.name}, line {lineno} (printed p.3); equal to OCTGN "
                f"Decks/Apprentice Spellbooks/{m} Apprentice.o8d")
            for m in APPRENTICE_MAGES}


def fourth_edition_entries(book: Counter, original: list[tuple]) -> list[tuple]:
    """The 4th-edition book in the original's order; cards new in it come last."""
    order = [name for name, *_ in original]

    def position(name: str) -> int:
        return order.index(name) if name in order else len(order)

    return [(n, c, None, None) for n, c in sorted(book.items(), key=lambda nc: position(nc[0]))]


_TYPE_ORDER = ("Equipment", "Creature", "Conjuration", "Enchantment", "Incantation", "Attack")


def _book(mage: str, edition: str, cards: list[tuple], source: str, records: dict[str, dict],
          rows: dict[str, dict]) -> dict:
    entries = []
    for name, count, zh, listed in cards:
        rec = records[key(name)]
        entry = {"name": rec["name"], "count": count, "type": rec["type"]}
        if zh:
            entry["zh"] = zh
        if listed and listed != rec["type"]:
            entry["listed_under"] = listed
        entries.append(entry)
    entries.sort(key=lambda e: _TYPE_ORDER.index(e["type"]))     # stable: keeps seed order
    row = rows[row_id(mage, "apprentice")]
    book = {"mage": mage, "class": row["class"], "mage_row": row_id(mage, "apprentice"),
            "edition": edition, "source": source,
            "total": sum(e["count"] for e in entries), "distinct": len(entries), "cards": entries}
    if edition == "original" and rows[row_id(mage, "arena")].get("names"):
        book["names"] = rows[row_id(mage, "arena")]["names"]
    return book


def check_apprentice_totals(books: list[dict]) -> None:
    for book in books:
        expected = APPRENTICE_TOTALS[book["edition"]][book["mage"]]
        if book["total"] != expected:
            raise DataError(f"apprentice {book['mage']} ({book['edition']}): {book['total']} "
                            f"spells, the game page says {expected}")


def read_doc_apprentice_tables(doc: Path) -> dict[tuple[str, str], dict[str, tuple[int, str | None]]]:
    """The game page's §5 tables: ``(mage, edition) -> {name: (count, zh)}``."""
    text = doc.read_text(encoding="utf-8")
    start = text.find("## 5.")
    section = text[start:text.find("\n## ", start + 5)] if start >= 0 else ""
    tables: dict[tuple[str, str], dict[str, tuple[int, str | None]]] = {}
    mage = None
    for line in section.splitlines():
        if m := re.match(r"#### (\w+)", line):
            mage = m.group(1)
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if mage is None or len(cells) != 5 or not cells[1] or cells[0] in ("type",) \
                or set(cells[0]) <= set("-"):
            continue
        zh = None if cells[4] in ("—", "") else cells[4]
        for edition, cell in (("original", cells[2]), ("4th", cells[3])):
            if cell.isdigit():
                tables.setdefault((mage, edition), {})[cells[1]] = (int(cell), zh)
    return tables


def _by_key(book: dict[str, Any]) -> dict[str, Any]:
    return {key(name): value for name, value in book.items()}


def check_against_doc(books: list[dict], doc: Path) -> None:
    """Fail when a generated book differs from the game page's table."""
    tables = read_doc_apprentice_tables(doc)
    if not tables:
        raise DataError(f"{doc}: apprentice tables (§5) not found")
    for book in books:
        want = tables.get((book["mage"], book["edition"]))
        got = {e["name"]: (e["count"], e.get("zh")) for e in book["cards"]}
        if book["edition"] == "4th" and want is not None:
            want = {n: (c, None) for n, (c, _) in want.items()}
        if want is not None and _by_key(want) != _by_key(got):
            diff = sorted(set(map(str, want.items())) ^ set(map(str, got.items())))
            raise DataError(f"apprentice {book['mage']} ({book['edition']}) differs from {doc} "
                            f"§5: {'; '.join(diff)}")
        if want is None:
            raise DataError(f"{doc}: no §5 table for {book['mage']} ({book['edition']})")


# ---------------------------------------------------------------------------------------
# Aliases, Core Set counts, collisions
# ---------------------------------------------------------------------------------------

def key_owners(records: Iterable[dict]) -> dict[str, set[str]]:
    """Name key -> ids of the records answering to it (name, aliases, Chinese names)."""
    owners: dict[str, set[str]] = defaultdict(set)
    for rec in records:
        for n in record_names(rec):
            owners[key(n)].add(rec["id"])
    return owners


def alias_table(records: list[dict], dropped: list[str]) -> dict[str, str]:
    """:data:`ALIAS_TABLE` minus any alias whose key belongs to another card."""
    by_name = {r["name"]: r for r in records}
    owners = key_owners(records)
    out = {}
    for written, canonical in ALIAS_TABLE.items():
        target = by_name.get(canonical)
        if target is None:
            raise DataError(f"alias {written!r}: no card named {canonical!r}")
        others = owners.get(key(written), set()) - {target["id"]}
        if others:
            dropped.append(f"{written!r} -> {canonical!r} collides with {sorted(others)}")
            continue
        out[written] = canonical
    return out


def check_collisions(records: list[dict], aliases: dict[str, str]) -> None:
    owners = key_owners(records)
    by_name = {r["name"]: r["id"] for r in records}
    for written, canonical in aliases.items():
        owners[key(written)].add(by_name[canonical])
    clashes = {k: sorted(v) for k, v in owners.items() if len(v) > 1}
    if clashes:
        k, ids = next(iter(sorted(clashes.items())))
        raise DataError(f"name key {k!r} answers to several cards: {ids} "
                        f"({len(clashes)} such keys)")
    ids = Counter(r["id"] for r in records)
    dup = [i for i, n in ids.items() if n > 1]
    if dup:
        raise DataError(f"duplicate record ids: {dup[:5]}")


def add_core_set_counts(path: Path, resolve: NameResolver, records: dict[str, dict]) -> tuple[int, int]:
    """``core_set_count``: copies of the card in one Core Set (flyingmachine ``core.edn``)."""
    if not path.is_file():
        return 0, 0
    pairs = re.findall(r'"([^"]+)"\s+(\d+)', path.read_text(encoding="utf-8"))
    total = 0
    for name, count in pairs:
        rec = records[key(resolve(name, str(path)))]
        if rec.get("core_set_count"):
            raise DataError(f"{path}: {name!r} listed twice")
        rec["core_set_count"] = int(count)
        total += int(count)
    return len(pairs), total


# ---------------------------------------------------------------------------------------
# Provenance and output
# ---------------------------------------------------------------------------------------

def read_provenance(source: Path) -> dict[str, dict[str, str]]:
    """Repository and commit of each dataset folder, from ``source/SOURCES.md``."""
    path = source / "SOURCES.md"
    if not path.is_file():
        raise DataError(f"{path}: missing (needed for provenance)")
    out: dict[str, dict[str, str]] = {}
    current = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if m := re.match(r"## (\S+?)/\s+<-\s+(\S+)", line):
            current = m.group(1)
            out[current] = {"repo": m.group(2)}
        elif current and (m := re.match(r"- commit: `([0-9a-f]{40})`", line)):
            out[current]["commit"] = m.group(1)
    for folder in ("Mage-Wars", "MageWarsCodex", "magewars-deckbuilder-om"):
        if "commit" not in out.get(folder, {}):
            raise DataError(f"{path}: no repository/commit for {folder}/")
    return out


def sets_table(sets: list[OctgnSet]) -> dict:
    rows = {}
    for oset in sorted(sets, key=lambda s: (s.tier, s.name)):
        rows[oset.name] = {"octgn_id": oset.octgn_id, "official": not oset.playtest,
                           "precedence": oset.tier, "entries": len(oset.cards)} | compact({
            "octgn_name": oset.octgn_name if oset.octgn_name != oset.name else None,
            "hidden": oset.octgn_name in HIDDEN_SETS, "playtest": oset.playtest,
            "final_release": oset.octgn_name == FINAL_RELEASE, "promo": oset.octgn_name == PROMO,
        })
    return {"sets": rows}


def write_outputs(out: Path, spells: list[dict], mage_cards: list[dict], rows: dict[str, dict],
                  aliases: dict[str, str], zh_table: dict | None, books: list[dict],
                  sets: dict, correction_notes: list[str]) -> list[str]:
    out.mkdir(parents=True, exist_ok=True)
    gen = "Generated by deckcheck/games/magewars/importer.py; do not edit by hand."
    dump_yaml(out / "spells.yaml",
              {"cards": [ordered(r) for r in sorted(spells, key=lambda r: r["id"])]},
              header=f"{gen}\nMage Wars spells: one record per name, facts of the precedence "
                     f"printing\n(Final Release > other official > Promo > playtest); all "
                     f"printings under `printings`.")
    dump_yaml(out / "mage_cards.yaml",
              {"cards": [ordered(r) for r in sorted(mage_cards, key=lambda r: r["id"])]},
              header=f"{gen}\nMage cards (kind: mage) and stats cards (kind: mage_stats); "
                     f"`mage_rows` names their rows in mages.yaml.")
    header = [gen, "The mage table: one row per mage and variant (arena / academy / apprentice).",
              "type_opposed kinds: creatures_not_trained (creatures with none of except_schools",
              "and none of except_subtypes cost triple), living_objects (Living objects cost triple).",
              "", "Hand corrections of the OCTGN fields:"] + [f"- {n}" for n in correction_notes]
    dump_yaml(out / "mages.yaml", {"schools": list(SCHOOLS), "elements": list(ELEMENTS),
                                   "classes": sorted({r["class"] for r in rows.values()}),
                                   "mages": dict(sorted(rows.items()))},
              header="\n".join(header))
    dump_yaml(out / "aliases.yaml", {"aliases": dict(sorted(aliases.items()))},
              header=f"{gen}\nSpellings seen in public lists and spellbook builders (written -> "
                     f"canonical).\nSome equal the card's own key and only document the spelling.")
    files = ["spells.yaml", "mage_cards.yaml", "mages.yaml", "aliases.yaml", "sets.yaml",
             "apprentice.yaml"]
    if zh_table is not None:
        dump_yaml(out / "names_zh.yaml", zh_table,
                  header=f"{gen}\nChinese words of the Simplified-Chinese rules seed ({SEED_FILE}).")
        files.insert(4, "names_zh.yaml")
    elif (out / "names_zh.yaml").exists():       # left from a run with the seed
        (out / "names_zh.yaml").unlink()
    dump_yaml(out / "sets.yaml", sets, header=gen)
    dump_yaml(out / "apprentice.yaml", {"editions": ["original", "4th"], "books": books},
              header=f"{gen}\nThe Core Set apprentice spellbooks (Apprentice Mode), both editions.")
    return files


def _sources_rows(prov: dict[str, dict[str, str]], seed_path: Path | None) -> list[dict[str, str]]:
    def row(folder: str, dataset: str, path: str) -> dict[str, str]:
        p = prov.get(folder, {})
        return {"dataset": dataset, "repo": p.get("repo", ""), "path": path,
                "commit": p.get("commit", ""), "licence": "none declared"}

    rows = [
        row("Mage-Wars", "OCTGN Mage Wars module: card sets",
            f"GameDatabase/{OCTGN_GAME_ID}/Sets/*/set.xml"),
        row("Mage-Wars", "OCTGN Mage Wars module: apprentice books",
            f"GameDatabase/{OCTGN_GAME_ID}/Decks/Apprentice Spellbooks/*.o8d"),
        {**row("Mage-Wars", "OCTGN Mage Wars module: older Core set (Wizard element stats ids)",
               f"GameDatabase/{OCTGN_GAME_ID}/Sets/ebf54167-43c4-48f0-a4ac-d0cd1ddeb6de/set.xml"),
         "commit": "f7821dbbd170d45445488247468a5ebbbd629963"},
        row("MageWarsCodex", "mrosan MageWarsCodex: mage long names", "src/app/data/mages.json"),
        row("magewars-deckbuilder-om", "flyingmachine deckbuilder: Core Set copies",
            "resources/data/sets/core.edn"),
        row("mage-wars-spell-book-builder", "camilosw spell book builder (cross-check only, not read)",
            "src/data/cards.ts"),
        row("MageWarsHelper", "GaigeKinsey MageWarsHelper (cross-check only, not read)",
            "MageWarsHelper/Database/cardDatabase.txt"),
    ]
    rows[5]["licence"] = "MIT"
    if seed_path is not None:
        rows.append({"dataset": "Mage Wars Rules & Codex, Simplified Chinese (2013), rules seed",
                     "repo": "../shared/seeds", "path": seed_path.name,
                     "commit": f"sha1 {sha1_of(seed_path)}", "licence": "(c) Arcane Wonders"})
    return rows


def _sources_notes(correction_notes: list[str], repairs: list[str], dropped: list[str],
                   seed_present: bool) -> list[str]:
    notes = [
        "Card names (c) Arcane Wonders, used as facts for identification. No rules, ability or "
        "flavour text is stored.",
        "Precedence printing per name: Final Release, then any other official set (set name "
        "order), then Promo, then the community playtest sets. Record ids are slugs of the "
        "canonical name (mage and stats cards prefixed `mage-`), because printed codes are "
        "reused for different cards in the OCTGN data.",
        "Set \"Lost Grimore\" is shown as \"Lost Grimoire\"; the two \"Playtest: …\" sets are "
        "not official; set \"Gameboards\" (hidden terrain markers) and the Internal, Phase, "
        "DiceRoll and Conjuration-Vine entries are not imported.",
        "Chinese names: hand pairing of the seed's names with the English cards (apprentice "
        "table of seed p.3 and rules examples); two are marked uncertain in names_zh.yaml.",
        "Original apprentice books: read from the seed, its lost column breaks recovered with "
        "the OCTGN original books, then checked against the game page tables.",
    ]
    if not seed_present:
        notes.append("The seed was absent: no Chinese names; original apprentice books from OCTGN.")
    notes += [f"Correction, {n}" for n in correction_notes]
    notes += [f"Repair, {r}" for r in repairs]
    notes += [f"Alias not shipped (collision): {d}" for d in dropped]
    return notes


# ---------------------------------------------------------------------------------------
# Entry point
# ---------------------------------------------------------------------------------------

def run(source: Path, out: Path) -> dict:
    """Import ``source`` (``data/magewars``) into ``out`` (``cards/magewars``); return counts."""
    source, out = Path(source), Path(out)
    mw_root = source / "Mage-Wars"
    gdb = mw_root / "GameDatabase" / OCTGN_GAME_ID
    if not gdb.is_dir():
        raise DataError(f"{gdb}: OCTGN Mage Wars game database not found")
    prov = read_provenance(source)
    repairs: list[str] = []
    conflicts: list[str] = []
    dropped: list[str] = []

    sets = read_sets(gdb)
    spells = spell_records(sets, repairs)
    pairs = pair_stats_cards(sets)
    rows = build_mage_rows(pairs, conflicts)
    correction_notes = apply_corrections(rows)
    finish_type_opposition(rows)
    add_mage_aliases(rows, mage_long_names(source / "MageWarsCodex/src/app/data/mages.json", rows))
    current_guids = {c.guid for s in sets for c in s.cards}
    history = read_history_stats(mw_root, current_guids)
    mage_cards = mage_card_records(sets, pairs, rows, history)
    add_mage_card_aliases(mage_cards, rows)

    spell_by_key = {key(r["name"]): r for r in spells}
    seed_path = find_seed(source)
    seed = None
    zh_table = None
    zh_count = 0
    if seed_path is not None:
        seed_text = seed_path.read_text(encoding="utf-8")
        check_seed_words(seed_text, seed_path)
        zh_count = add_chinese_names(spell_by_key)
        zh_table = names_zh_table(spell_by_key, rows)
        seed = (seed_text, seed_path)

    records = spells + mage_cards
    aliases = alias_table(records, dropped)
    check_collisions(records, aliases)
    resolve = NameResolver(records, aliases)
    core_names, core_cards = add_core_set_counts(
        source / "magewars-deckbuilder-om/resources/data/sets/core.edn", resolve,
        {key(r["name"]): r for r in records})

    books = apprentice_books(gdb, seed, spell_by_key, resolve, rows)
    check_apprentice_totals(books)
    doc = source.parent.parent / "docs" / "games" / "magewars.md"
    if doc.is_file():
        check_against_doc(books, doc)

    files = write_outputs(out, spells, mage_cards, rows, aliases, zh_table, books,
                          sets_table(sets), correction_notes)
    write_sources(out, GAME, "Mage Wars card data", _sources_rows(prov, seed_path),
                  notes=_sources_notes(correction_notes, repairs, dropped, seed_path is not None),
                  files=files)
    return _summary(sets, spells, mage_cards, rows, aliases, books, zh_count, core_names,
                    core_cards, repairs, conflicts, dropped, seed_path is not None, doc.is_file())


def _summary(sets, spells, mage_cards, rows, aliases, books, zh_count, core_names, core_cards,
             repairs, conflicts, dropped, seed_present, doc_checked) -> dict:
    spell_entries = sum(1 for s in sets if s.octgn_name not in HIDDEN_SETS
                        for c in s.cards if c.is_spell)

    def any_printing(rec: dict, fact: str) -> bool:
        return bool(rec.get(fact)) or any(p.get(fact) for p in rec["printings"])

    def kinds(rec: dict) -> set[str]:
        return {rec["schools"]["kind"]} | {p["schools"]["kind"] for p in rec["printings"]
                                            if "schools" in p}

    return {
        "set_files": len(sets),
        "card_entries": sum(len(s.cards) for s in sets),
        "spell_entries": spell_entries,
        "spell_names": len(spells),
        "auras": sum(r["kind"] == "aura" for r in spells),
        "multi_set_names": sum(len(r["sets"]) > 1 for r in spells),
        "printings_differ": sum(bool(r.get("printings_differ")) for r in spells),
        "rule_facts_differ": sum(bool(r.get("rule_facts_differ")) for r in spells),
        "and_names": sum("and" in kinds(r) for r in spells),
        "or_names": sum("or" in kinds(r) for r in spells),
        "epic": sum(bool(r.get("epic")) for r in spells),
        "epic_any_printing": sum(any_printing(r, "epic") for r in spells),
        "novice": sum(bool(r.get("novice")) for r in spells),
        "novice_any_printing": sum(any_printing(r, "novice") for r in spells),
        "academy_names": sum(bool(r.get("academy")) for r in spells),
        "promo_only": sum(bool(r.get("promo_only")) for r in spells),
        "playtest_only": sum(bool(r.get("playtest")) for r in spells),
        "mage_card_records": sum(r["kind"] == "mage" for r in mage_cards),
        "stats_card_records": sum(r["kind"] == "mage_stats" for r in mage_cards),
        "mage_rows": len(rows),
        "mage_rows_by_variant": dict(Counter(r["variant"] for r in rows.values())),
        "aliases": len(aliases),
        "chinese_names": zh_count,
        "core_set": {"names": core_names, "cards": core_cards},
        "apprentice_books": {f"{b['mage']} {b['edition']}": b["total"] for b in books},
        "repairs": repairs,
        "mage_field_conflicts": conflicts,
        "aliases_dropped": dropped,
        "seed": seed_present,
        "checked_against_doc": doc_checked,
    }
