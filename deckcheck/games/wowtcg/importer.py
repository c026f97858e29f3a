"""World of Warcraft TCG importer: public card data -> facts-only ``cards/wowtcg/``.

Sources (``SOURCE`` is the ``data/wowtcg`` folder of the public data sets):

* ``wowtcg-decktools/data/cards/<set>.json`` + ``setlist.json`` - every printing; the primary
  source of every card fact;
* ``WoWTCGUtility/desktop/data/wow_tcg.csv`` - the 2010 "Core" format column (``core_2010``)
  and a cross-check of the parsed "Hero Required" and Reputation restrictions;
* ``WoW-TCG/.../Resources/*.xml`` (OCTGN set files) - OCTGN card GUIDs and OCTGN spellings
  (added as aliases, never as canonical names);
* the Simplified-Chinese Comprehensive Rules seed (``seeds/`` beside ``data/``) - the Chinese
  names of its example cards and its English misspellings (aliases).

Output (``OUT``): ``cards.yaml`` (names with a constructed printing), ``raid.yaml`` (names
printed only in raid or dungeon decks), ``tokens.yaml`` (token-only names), ``sets.yaml`` (set
code, name, block, kind, pool) and ``SOURCES.md``.  One record per card name: printings that
differ only by extended-art / loot / sketch treatment or by reprint fold into one record.

Only facts are written: names, numbers, types, icons, tags and *structured* restrictions parsed
from the rules text ("[Trait] Hero Required", Reputation, "[Tree] Talent", hero
"Deckbuilding:").  Rules and flavour text are read but never written.
"""

from __future__ import annotations

import copy
import csv
import json
import re
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Iterable

from defusedxml import ElementTree as SafeET
from rapidfuzz import fuzz, process

from deckcheck.carddb.importers.common import (
    DataError, compact, dump_yaml, sha1_of, write_sources)
from deckcheck.matching.normalise import key, spaced

GAME = "wowtcg"
SEED_FILE = "001_56092096a03671bb.txt"

# --------------------------------------------------------------------------------------------
# Game vocabulary
# --------------------------------------------------------------------------------------------

CLASSES = ("Death Knight", "Druid", "Hunter", "Mage", "Paladin", "Priest", "Rogue", "Shaman",
           "Warlock", "Warrior")
#: JSON icon flag -> class name (the flag of Death Knight has no space).
CLASS_FLAGS = {c.replace(" ", ""): c for c in CLASSES}
FACTIONS = ("Alliance", "Horde")
TALENT_TREES = ("Affliction", "Arcane", "Arms", "Assassination", "Balance", "Beast Mastery",
                "Blood", "Combat", "Demonology", "Destruction", "Discipline", "Elemental",
                "Enhancement", "Feral", "Fire", "Frost", "Fury", "Holy", "Marksmanship",
                "Protection", "Restoration", "Retribution", "Shadow", "Subtlety", "Survival",
                "Unholy")
#: Misspelt or differently cased tree names found in the data.
TREE_FIXES = {"survivial": "Survival", "subtelty": "Subtlety", "feral combat": "Feral"}
PLAYER_RACES = ("Blood Elf", "Draenei", "Dwarf", "Gnome", "Goblin", "Human", "Night Elf", "Orc",
                "Tauren", "Troll", "Undead", "Worgen")
PROFESSIONS = ("Alchemy", "Blacksmithing", "Enchanting", "Engineering", "Herbalism",
               "Inscription", "Jewelcrafting", "Leatherworking", "Mining", "Skinning",
               "Tailoring")
#: Trait words of "Hero Required" that are yes/no hero flags (Loyal = not a Traitor).
HERO_FLAGS = ("Traitor", "Loyal", "Scourge", "Monster")
REPUTATIONS = {"Aldor": "Aldor", "Scryer": "Scryer", "Scryers": "Scryer",
               "Argent Crusade": "Argent Crusade", "Nerubian": "Nerubian"}
DAMAGE_TYPES = ("Arcane", "Fire", "Frost", "Holy", "Melee", "Nature", "Ranged", "Shadow")
TYPES = ("Ability", "Ally", "Equipment", "Quest", "Location", "Hero", "Master Hero",
         "Achievement", "Ability Ally")

# --------------------------------------------------------------------------------------------
# Sets and blocks
# --------------------------------------------------------------------------------------------

#: Set files of raid decks, dungeon decks and tokens: not constructed (rule 800.3a).
RAID_FILES = ("btr", "icr", "mcr", "mlr", "nxr", "olr")
DUNGEON_FILES = ("ddd", "dsk", "dsm")
TOKEN_FILES = ("tok",)
#: Block Constructed membership.  setlist.json says ScourgeWar is block 5; the printings and the
#: 2010 CSV put it in the Icecrown block (4), which deckcheck uses.  Draft Rally is in no block.
BLOCK_FIXES = {"sw": 4}
#: Release order inside each block, and the kind of product each set is.
SET_KINDS = {
    "hoa": "expansion", "tdp": "expansion", "foo": "expansion", "fwv": "holiday",
    "bcp": "promo", "blz": "promo", "mct": "treasure", "mlt": "treasure", "olt": "treasure",
    "mol": "expansion", "sob": "expansion", "hfi": "expansion", "bt": "raid-player",
    "btt": "treasure", "bwg": "badge", "crp": "crafted", "dmf": "promo",
    "dow": "expansion", "bog": "expansion", "foh": "expansion", "agm": "promo", "boj": "badge",
    "cbg": "crafted", "cdw": "crafted", "cfh": "crafted", "dks": "starter", "wlk": "promo",
    "sw": "expansion", "wg": "expansion", "ice": "expansion", "cd1": "class-deck",
    "cit": "treasure", "nt": "treasure", "bic": "badge", "bsw": "badge", "cic": "crafted",
    "csc": "crafted", "cwg": "crafted", "dws": "starter",
    "wbr": "expansion", "ele": "expansion", "tod": "expansion", "arc": "archive",
    "bwb": "badge", "cat": "promo", "cd2": "class-deck", "cd3": "class-deck", "cwb": "crafted",
    "hol": "holiday",
    "tot": "expansion", "coh": "expansion", "tof": "expansion", "cab": "crafted",
    "cd4": "champion-deck", "dtp": "treasure", "hol6": "holiday", "tja": "badge",
    "ral": "draft-rally",
    "btr": "raid", "icr": "raid", "mcr": "raid", "mlr": "raid", "nxr": "raid", "olr": "raid",
    "ddd": "dungeon", "dsk": "dungeon", "dsm": "dungeon", "tok": "token",
}

#: Printing treatments, written as a suffix of the set name: "Heroes of Azeroth (EA)".
VARIANT_SUFFIX = re.compile(r"\s*\((EA|EA - Sketch|Loot)\)\s*$")

# --------------------------------------------------------------------------------------------
# Hand-checked tables from the seed (Comprehensive Rules 5.0, Simplified Chinese)
# --------------------------------------------------------------------------------------------

#: The seed's example cards: Chinese name -> English card name (checked against the data).
SEED_ZH_NAMES = {
    "饮灵瓦萨克": "Valthak Spiritdrinker", "追迹者格伦": "Tracker Gallen",
    "影印柯娜": "Kena Shadowbrand", "自然之力": "Force of Nature", "树人": "Treant",
    "变形术": "Polymorph", "血爪": "Bloodclaw", "雷首角鹰兽": "Thunderhead Hippogryph",
    "奥术爆发": "Arcane Burst", "复活术": "Resurrection", "征服": "Vanquish",
    "银色新月徽记": "Icon of the Silver Crescent", "精神控制": "Mind Control",
    "发明家的聚焦剑": "Inventor's Focal Sword", "纠缠根须": "Entangling Roots",
    "月之女祭司泰兰德风语者": "High Priestess Tyrande Whisperwind", "小精灵": "Wisp",
    "痛苦领主巴纳斯鲁姆": "Barnathrum, Lord of Pain", "冰霜新星": "Frost Nova",
    "坠暗维希拉": "Vexra Darkfall", "死亡召唤者": "Deathbringer",
    "观察者之盾": "Observer's Shield", "狂热之剑": "Sword of Zeal", "快速治疗": "Flash Heal",
    "闪电箭": "Lightning Bolt", "亮须波瑞斯": "Boris Brightbeard", "野性之皮": "Hide of the Wild",
    "群体避难": "Shelter the Flock", "石工兄弟会之戒": "Masons Fraternity Ring",
    "歼灭者": "Annihilator", "痛击之刃": "Thrash Blade", "格拉库斯": "Graccus",
    "剑刃乱舞": "Blade Flurry", "密银战锤": "Viking Warhammer", "铁炉堡守卫": "Ironforge Guards",
    "闪电链": "Chain Lightning", "剑刃翻转": "Turn the Blade", "奥金幼龙": "Arcanite Dragonling",
    "准备就绪": "Readiness", "那隆尼": "Nalonae", "剥夺": "Lobotomize", "快速变形": "Swiftshift",
    "怒虎": "Fury", "金色月亮": "Goldenmoon", "铁护": "Hootie", "灼热图腾": "Searing Totem",
    "猎豹形态": "Cat Form", "守备官卡德尔": "Vindicator Kaldel", "神射手歌勒丝": "Marksman Glous",
    "大主教欧雷里斯": "Exarch Orelis", "萨莫斯": "Sarmoth", "霍莱希": "Warrax",
    "嘲弄攻击": "Mocking Blow", "高阶督军萨鲁法尔": "High Overlord Saurfang",
    "兽兵巴兰卡": "Grunt Baranka", "长者莫佛": "Elder Moorf", "捐献毛料": "A Donation of Wool",
    "生命花环": "Lei of Lilies", "看守玛尔维": "Watcher Mal'wi", "噬灵卡尔": "Kaal Soulreaper",
    "布瑞格": "Brigg", "碎脸": "Face Smash", "智慧审判": "Judgement of Wisdom",
    "魔法反射": "Spell Reflection", "盾击": "Shield Bash", "折树者沃斯": "Voss Treebender",
    "冬娜卡琳斯特": "Donna Calister", "破盾者胡尔": "Hur Shieldsmasher", "冲锋": "Charge",
    "自由祝福": "Blessing of Freedom", "破釜沉舟": "Last Stand", "毁灭王冠": "Crown of Destruction",
    "火球术": "Fireball", "麦须柯顿": "Kryton Barleybeard", "图加的任务": "Tooga's Quest",
    "玩世不恭的德拉米拉": "Dramla Lifebender", "牺牲仪式": "Ritual Sacrifice",
    "生命循环": "Circle of Life", "恐怖梦境巨剑": "Greatsword of Horrid Dreams",
    "新生曼托斯": "Manthos the Recently Sewn", "突然逆转": "Sudden Reversal", "海尔文": "Helwen",
    "休眠": "Hibernate", "重整旗鼓": "Rally the Troops", "利若杰克因斯": "Leeroy Jenkins",
    "血顶萨满吉尔金": "Kil'zin of the Bloodscalp", "烈焰世界": "World in Flames",
    "烈焰风暴": "Flamestrike", "禁断的知识": "Forbidden Knowledge", "火焰冲击": "Fire Blast",
    "多彩披风": "Chromatic Cloak", "精神鞭笞": "Mind Spike", "绿色幼龙护甲": "Green Whelp Armor",
    "狂暴姿态": "Berserker Stance", "石颅头盔": "Golem Skull Helm", "援护": "Intervene",
    "风暴打击": "Stormstrike", "拉姆斯登的闪电钉": "Ramstein's Lightning Bolts",
    "断趾者布莉恩": "Breen Toestubber", "魔能机甲": "Fel Reaver", "希拉斯暗月": "Silas Darkmoon",
    "致聋怒吼": "Deafening Shout", "雷霆脚步": "Thundering Footsteps", "炉石": "Hearthstone",
    "穿越黑暗之门": "Through the Dark Portal", "女伯爵卡特拉娜普瑞斯托": "Lady Katrana Prestor",
    "PX-238 冬幕欢乐制造器": "PX-238 Winter Wondervolt", "凋零怒吼": "Withering Shout",
    "图加": "Tooga",
}

#: English spellings the seed prints for its example cards that differ from the card name.
SEED_EN_SPELLINGS = {
    "Stromstrike": "Stormstrike",
    "Arcane Bust": "Arcane Burst",
    "Inventor s Focal Sword": "Inventor's Focal Sword",
    "Dimzer the Prestididitator": "Dimzer the Prestidigitator",
    "Mason's Fraternity Ring": "Masons Fraternity Ring",
    "Breen Teostubber": "Breen Toestubber",
}

# --------------------------------------------------------------------------------------------
# Output header (documents the record structure and the predicate vocabulary)
# --------------------------------------------------------------------------------------------

HEADER = """\
World of Warcraft TCG card facts, generated by deckcheck/games/wowtcg/importer.py from the
public data sets listed in SOURCES.md.  Facts only: no rules text, no flavour text.

One record per card name (extended-art, loot and sketch printings and reprints fold in).
  id            "WOW-<n>": n = the lowest data-set card id among the name's printings
  name          canonical English name; aliases = OCTGN / seed spellings; names.zh-Hans = seed
  type / types  printed type; types lists it (Ability Ally -> [Ability, Ally])
  pool          constructed | raid (raid and dungeon decks only) | token
  raid_only / dungeon_only / token   true when the name has no constructed printing
  sets / blocks set codes of every printing (sets.yaml) / blocks of the constructed printings
  core_2010     listed as "Classic, Core" by the 2010 WoWTCGUtility CSV (wowtcg-core-2010)
  faction_icons [Alliance] / [Horde] / both; none = neutral
  class_icons   class icons; an all-class card (every flag, or the 9 pre-Death-Knight flags)
                has none.  Classes are spelt as in CLASSES ("Death Knight", with a space)
  ally_class    ally type(s) from the type line ("Ally - Dwarf Warrior" -> [Warrior]); not icons
  race, talents, atk_type, cost, instant, tags   as printed (tags cleaned, e.g. "Pet (1)")
  unlimited     a constructed printing carries the Unlimited tag (copy limit exempt)
  master_hero   type Master Hero
  hero_required alternatives of "[Trait] Hero Required" (any one satisfies), each
                {kind: class|race|talent|profession|faction|flag, value}; flag values are
                Traitor, Loyal (hero is not a Traitor), Scourge, Monster
  reputation    Aldor | Scryer | Argent Crusade | Nerubian (non-hero cards)
  talent_card   {tree, excludes: [trees]} for cards that begin with a bold "[Tree] Talent"
  deals_damage  damage types an Ability's text deals (lower case)
  hero          heroes only: {classes, faction, race, talent, traitor, monster, scourge,
                professions}
  deckbuilding  heroes with "Deckbuilding:" text, parsed into predicates (below), or
                {unparsed: true} when the text is outside the vocabulary (never guessed)
  variants      only when constructed printings disagree on a rule fact (type, icons, race,
                ally type, requirements, hero traits, ...): one entry per distinct fact set with
                the set codes of its printings; the top level repeats the entry that holds the
                lowest card id.  A card is legal if any variant is.
  printings     {set, number, rarity, variant: EA | EA - Sketch | Loot, cardid}
  octgn_ids     OCTGN card GUIDs (OCTGN set files)

Deckbuilding predicates.  deckbuilding = {allow_only: [clause...], forbid: [clause...],
single_faction: true}.  A clause is a mapping of atoms that must all hold (AND); a list of
clauses holds if any clause holds (OR).  Atoms, true when the card ...
  type: T | [T, ...]               has type T (Ability Ally counts as Ability and as Ally)
  neutral: true                    has no faction icon and no class icon
  faction_icon: any | Alliance | Horde   has that faction icon (any: either)
  class_icon: any | <class>        has that class icon (any: any class icon)
  ally_class: <class>              is an Ally whose ally type is <class>
  ally_race: <race>                is an Ally whose race ends with the word <race>
  tag: Traitor | Scourge | Pet     has that tag (Pet matches any "Pet (n)")
  weapon: Melee                    is Equipment with a "Melee (n)" tag
  atk_type: <damage type>          is an Ally with that ATK icon
  deals_damage: <type>             is an Ability whose text deals that damage (deals_damage)
  talent_card: any | {class: C, tree: T}   is a Talent card (of tree T with class icon C)
  reputation: R                    has reputation R
  has_reputation: true             has any reputation
  text_restriction: true           has hero_required or is a talent_card
  except: [{kind, value}, ...]     (with has_reputation / text_restriction) restrictions that
                                   do not trigger the clause: a reputation, or a Hero Required
                                   trait (a requirement is excused when one of its
                                   alternatives is listed; a talent_card when its tree is)
single_faction: the faction-icon cards of main + sideboard must all share one faction.
"""

# --------------------------------------------------------------------------------------------
# Entry point
# --------------------------------------------------------------------------------------------


def run(source: Path, out: Path) -> dict:
    """Import ``source`` (the ``data/wowtcg`` folder) into ``out``; return a dict of counts."""
    source, out = Path(source), Path(out)
    paths = _source_paths(source)
    sets = load_sets(paths["cards"])
    printings = load_printings(paths["cards"], sets)
    groups = group_printings(printings)
    records = [build_record(name, group) for name, group in groups.items()]
    by_spelling = spelling_index(records)
    report: dict[str, Any] = {}
    report["core_2010"], csv_rows = apply_core_2010(records, by_spelling, paths["csv"])
    report["csv_disagreements"] = cross_check_csv(csv_rows)
    report["octgn"] = apply_octgn(records, by_spelling, paths["octgn"])
    report["seed"] = apply_seed(records, by_spelling, paths["seed"])
    report["collisions"] = check_collisions(records)
    write_output(out, records, sets, paths)
    return summarise(records, printings, sets, report)


def _source_paths(source: Path) -> dict[str, Any]:
    paths = {
        "cards": source / "wowtcg-decktools" / "data" / "cards",
        "csv": source / "WoWTCGUtility" / "desktop" / "data" / "wow_tcg.csv",
        "octgn": source / "WoW-TCG" / "WoWTCG" / "WoWTCG" / "Resources",
        "seed": source.parent.parent / "seeds" / SEED_FILE,
        "sources": source / "SOURCES.md",
    }
    for name, path in paths.items():
        if not path.exists():
            raise DataError(f"{path}: missing ({name} source of the wowtcg importer)")
    return paths


# --------------------------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------------------------


def load_sets(cards_dir: Path) -> dict[str, dict]:
    """Read ``setlist.json``: set file stem -> {code, name, block, kind, pool}, in set order."""
    path = cards_dir / "setlist.json"
    try:
        setlist = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise DataError(f"{path}: {exc}") from exc
    sets: dict[str, dict] = {}
    for stem in SET_KINDS:                      # SET_KINDS is in release/block order
        entry = setlist.get(stem)
        if entry is None:
            raise DataError(f"{path}: set {stem!r} is missing")
        pool = _pool_of(stem)
        block = BLOCK_FIXES.get(stem, entry.get("block"))
        if pool != "constructed" or not isinstance(block, int) or block < 1:
            block = None                        # raid/dungeon/token sets and Draft Rally
        sets[stem] = {"code": None, "name": entry.get("setname"), "block": block,
                      "kind": SET_KINDS[stem], "pool": pool}
    unknown = sorted(set(setlist) - set(SET_KINDS))
    if unknown:
        raise DataError(f"{path}: sets without a kind in the importer: {', '.join(unknown)}")
    return sets


def _pool_of(stem: str) -> str:
    if stem in RAID_FILES or stem in DUNGEON_FILES:
        return "raid"
    return "token" if stem in TOKEN_FILES else "constructed"


def load_printings(cards_dir: Path, sets: dict[str, dict]) -> list[dict]:
    """Read every ``<set>.json`` into a list of printing dicts (``_stem`` = set file)."""
    printings: list[dict] = []
    for stem, info in sets.items():
        path = cards_dir / f"{stem}.json"
        try:
            rows = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise DataError(f"{path}: {exc}") from exc
        if not isinstance(rows, list):
            raise DataError(f"{path}: expected a list of cards")
        for i, row in enumerate(rows):
            _check_printing(path, i, row)
            row = dict(row, _stem=stem, name=row["name"].strip())
            if info["code"] is None:
                info["code"] = row["setcode"]
            elif info["code"] != row["setcode"]:
                raise DataError(f"{path}: record {i} ({row['name']!r}) has set code "
                                f"{row['setcode']!r}, expected {info['code']!r}")
            printings.append(row)
    return printings


def _check_printing(path: Path, index: int, row: Any) -> None:
    if not isinstance(row, dict):
        raise DataError(f"{path}: record {index} is not an object")
    for field in ("cardid", "name", "type", "setcode", "setname"):
        if not row.get(field) and row.get(field) != 0:
            raise DataError(f"{path}: record {index} ({row.get('name')!r}) has no {field}")
    if row["type"] not in TYPES:
        raise DataError(f"{path}: record {index} ({row['name']!r}) has unknown type "
                        f"{row['type']!r}")


def group_printings(printings: list[dict]) -> dict[str, list[dict]]:
    """Group printings by canonical name.

    Printings share a record when they have the same name, or when one is a reprint of the
    other (``original``) and the names differ only by case or punctuation (same ``key()``),
    e.g. "Mind-numbing Poison" / "Mind-Numbing Poison".  The canonical spelling is the one of
    the latest such printing; the older spelling becomes an alias.
    """
    by_id = {p["cardid"]: p for p in printings}
    parent: dict[str, str] = {}

    def find(name: str) -> str:
        while parent.get(name, name) != name:
            name = parent[name]
        return name

    for p in printings:
        parent.setdefault(p["name"], p["name"])
        orig = by_id.get(p.get("original") or 0)
        if orig and orig["name"] != p["name"] and key(orig["name"]) == key(p["name"]):
            # the reprint's (newer) spelling wins as canonical
            parent[find(orig["name"])] = find(p["name"])
    groups: dict[str, list[dict]] = defaultdict(list)
    for p in sorted(printings, key=lambda p: p["cardid"]):
        groups[find(p["name"])].append(p)
    return dict(groups)


# --------------------------------------------------------------------------------------------
# Per-printing facts
# --------------------------------------------------------------------------------------------


def strip_markup(text: str) -> str:
    """Rules text without HTML tags (tags become spaces), whitespace collapsed."""
    return " ".join(re.sub(r"<[^>]*>", " ", text or "").split())


def class_icons(p: dict) -> list[str]:
    """The class icons of a printing; an "any class" card has none (doc §4.2)."""
    flags = [flag for flag in CLASS_FLAGS if str(p.get(flag) or "").lower() == "x"]
    if len(flags) == len(CLASS_FLAGS) or (len(flags) == 9 and "DeathKnight" not in flags):
        return []
    return [CLASS_FLAGS[f] for f in flags]


def faction_icons(p: dict) -> list[str]:
    faction = p.get("faction")
    if faction == "Both":
        return list(FACTIONS)
    if faction in FACTIONS:
        return [faction]
    if faction != "Neutral":
        raise DataError(f"{p['_stem']}.json: {p['name']!r} has unknown faction {faction!r}")
    return []


def canonical_tree(word: str) -> str | None:
    """A talent tree name from its spelling in the data (case and typos folded)."""
    low = word.strip().lower()
    low = TREE_FIXES.get(low, low).lower()
    for tree in TALENT_TREES:
        if tree.lower() == low:
            return tree
    return None


def clean_tags(p: dict) -> list[str]:
    """``subtype`` .. ``subtype4`` split into single tags, e.g. "Melee(1)" -> "Melee (1)"."""
    tags: list[str] = []
    for field in ("subtype", "subtype2", "subtype3", "subtype4"):
        for part in strip_markup(str(p.get(field) or "")).split(","):
            tag = re.sub(r"\s*\(\s*(\d+)\s*\)", r" (\1)", part.strip())
            tag = canonical_tree(tag) or tag
            if tag and tag not in tags:
                tags.append(tag)
    return tags


def normalise_race(race: str | None) -> str | None:
    if not race:
        return None
    race = " ".join(race.split())
    for known in PLAYER_RACES:
        if known.lower() == race.lower():
            return known
    return race


# "<traits> Hero Required", up to the sentence's start; it starts only at the text's start, after
# ";.:" or after the previous match (where the leftmost match always starts), so a long text
# without the phrase is read once, not once from every position
_REQUIRED = re.compile(r"(?:^|(?<=[;.:])|(?<=Hero Required))([^;.:]*?)(?<!\s)\s*+Hero Required")


def parse_hero_required(p: dict) -> list[dict]:
    """Parse "[Trait] Hero Required" (rule 100.2b) into alternatives ``{kind, value}``.

    Hero texts are skipped (they only quote the phrase), text after "Deckbuilding" and inside
    parentheses is ignored; an unknown trait word fails the import.
    """
    if p["type"] == "Hero":
        return []
    text = strip_markup(p.get("rules") or "")
    text = re.split(r"Deck\s*b?u?ilding", text)[0]
    text = re.sub(r"\([^)]*\)", " ", text)
    phrases = [m.group(1).strip() for m in _REQUIRED.finditer(text)]
    if len(phrases) > 1:
        raise DataError(f"{p['_stem']}.json: {p['name']!r} has several 'Hero Required' phrases")
    if not phrases:
        return []
    alternatives = []
    for word in re.split(r"\s*,\s*(?:or\s+)?|\s+or\s+", phrases[0]):
        if word:
            alternatives.append(_trait(word, p))
    return alternatives


def _trait(word: str, p: dict) -> dict:
    """One trait word of a "Hero Required" phrase as ``{kind, value}``."""
    bracket = re.fullmatch(r"\[(.+)\]", word)
    if bracket and bracket.group(1) in CLASSES:
        return {"kind": "class", "value": bracket.group(1)}
    tree = canonical_tree(word)
    if tree:
        return {"kind": "talent", "value": tree}
    for kind, values in (("race", PLAYER_RACES), ("profession", PROFESSIONS),
                         ("faction", FACTIONS), ("flag", HERO_FLAGS)):
        if word in values:
            return {"kind": kind, "value": word}
    raise DataError(f"{p['_stem']}.json: {p['name']!r}: unknown trait {word!r} in "
                    f"'Hero Required'")


def parse_reputation(p: dict) -> str | None:
    if p["type"] == "Hero":                     # a hero's own reputation is not a deck card's
        return None
    found = {REPUTATIONS[m.group(1)] for m in re.finditer(
        r"\b(Aldor|Scryers?|Argent Crusade|Nerubian) Reputation", strip_markup(p.get("rules")))}
    if len(found) > 1:
        raise DataError(f"{p['_stem']}.json: {p['name']!r} names several reputations")
    return found.pop() if found else None


_TALENT_START = re.compile(r"^\s*([A-Za-z]+(?: [A-Za-z]+)?) Talent\b(.*)$")


def parse_talent_card(p: dict) -> dict | None:
    """A card beginning with a bold "[Tree] Talent" and its excluded trees (rule text)."""
    match = _TALENT_START.match(strip_markup(p.get("rules")))
    tree = canonical_tree(match.group(1)) if match else None
    if not tree:
        return None
    reminder = re.match(r"\s*+\(?\s*+You can't (?:put|include) (.*?) in(?:to)? (?:your|you) deck",
                        match.group(2))
    if not reminder:
        raise DataError(f"{p['_stem']}.json: {p['name']!r}: '{tree} Talent' without the "
                        f"excluded-talents reminder")
    words = re.split(r",|\bor\b", re.sub(r"\bTalents?\b", " ", reminder.group(1)))
    excludes = [canonical_tree(w) for w in words if w.strip()]
    if len(excludes) != 2 or None in excludes or tree in excludes:
        raise DataError(f"{p['_stem']}.json: {p['name']!r}: cannot read the excluded talents "
                        f"of '{tree} Talent'")
    return {"tree": tree, "excludes": excludes}


_DEALS = re.compile(r"\bdeals? (?:\S+ )?(?:unpreventable )?(" + "|".join(DAMAGE_TYPES)
                    + r") damage", re.IGNORECASE)


def parse_deals_damage(p: dict) -> list[str]:
    if p["type"] not in ("Ability", "Ability Ally"):
        return []
    return sorted({m.group(1).lower() for m in _DEALS.finditer(strip_markup(p.get("rules")))})


def hero_traits(p: dict) -> dict:
    """The six hero traits of rule 206 (class, faction, professions, race, talent, Traitor)
    plus the Monster and Scourge sub-types."""
    subtype = str(p.get("subtype") or "")
    return compact({
        "classes": [c for c in (p.get("class"), p.get("class2")) if c],
        "faction": p.get("faction"),
        "race": normalise_race(p.get("race")),
        "talent": canonical_tree(subtype),
        "traitor": subtype == "Traitor",
        "monster": subtype == "Monster",
        "scourge": p.get("subtype2") == "Scourge",
        "professions": [x for x in (p.get("profession"), p.get("profession2")) if x],
    })


def printing_facts(p: dict) -> dict:
    """The rule facts of one printing (the fields a record or a variant carries)."""
    is_hero = p["type"] == "Hero"
    tags = [] if is_hero else clean_tags(p)
    atk = str(p.get("dmgtype") or "").capitalize()
    facts = {
        "type": p["type"],
        "cost": p.get("cost") if isinstance(p.get("cost"), int) else None,
        "instant": p.get("instant") == "Instant",
        "faction_icons": faction_icons(p),
        "class_icons": class_icons(p),
        "ally_class": [] if is_hero else [c for c in (p.get("class"), p.get("class2")) if c],
        "race": None if is_hero else normalise_race(p.get("race")),
        "talents": [t for t in tags if t in TALENT_TREES],
        "atk_type": atk if atk in DAMAGE_TYPES else None,
        "tags": tags,
        "hero_required": parse_hero_required(p),
        "reputation": parse_reputation(p),
        "talent_card": parse_talent_card(p),
        "deals_damage": parse_deals_damage(p),
        "hero": hero_traits(p) if is_hero else None,
    }
    return facts


#: Facts whose difference between printings makes a separate variant.
VARIANT_KEYS = ("type", "faction_icons", "class_icons", "ally_class", "race", "atk_type",
                "hero_required", "reputation", "talent_card", "hero")
#: Facts some printings simply lack (no race / ATK type / ally type recorded): an empty value
#: takes the other printings' value instead of making a variant.
FILLABLE_KEYS = ("race", "atk_type", "ally_class")
#: Facts merged (union) over the printings of one variant: one printing often lacks a tag.
UNION_KEYS = ("tags", "talents", "deals_damage")


# --------------------------------------------------------------------------------------------
# Records
# --------------------------------------------------------------------------------------------


def build_record(name: str, group: list[dict]) -> dict:
    """One card record from all printings of a name (``group`` is sorted by card id)."""
    stems = {p["_stem"] for p in group}
    pools = {_pool_of(s) for s in stems}
    pool = "constructed" if "constructed" in pools else ("raid" if "raid" in pools else "token")
    rule_printings = [p for p in group if _pool_of(p["_stem"]) == pool]
    variants = build_variants(rule_printings)
    top = variants[0]
    record: dict[str, Any] = {
        "id": f"WOW-{group[0]['cardid']:05d}",
        "name": name,
        "aliases": sorted({p["name"] for p in group} - {name}),
        "type": top["type"],
        "types": top["type"].split() if top["type"] == "Ability Ally" else [top["type"]],
        "pool": pool,
        "raid_only": pool == "raid",
        "dungeon_only": pool == "raid" and stems <= set(DUNGEON_FILES) | set(TOKEN_FILES),
        "token": pool == "token",
        "sets": _unique(p["setcode"] for p in _set_sorted(group)),
        "blocks": [],                                     # filled by finish_record
        "unlimited": pool == "constructed" and any("Unlimited" in clean_tags(p)
                                                   for p in rule_printings),
        "master_hero": top["type"] == "Master Hero",
    }
    record.update({k: copy.deepcopy(v) for k, v in top.items() if k != "sets"})
    record["deckbuilding"] = build_deckbuilding(rule_printings, top)
    record["variants"] = variants if len(variants) > 1 else []
    record["printings"] = [printing_entry(p) for p in _set_sorted(group)]
    return record


def build_variants(printings: list[dict]) -> list[dict]:
    """Distinct rule-fact sets among ``printings``; the first holds the lowest card id."""
    variants: list[dict] = []
    for p in printings:
        facts = printing_facts(p)
        for v in variants:
            if all(v[k] == facts[k] or (k in FILLABLE_KEYS and not (v[k] and facts[k]))
                   for k in VARIANT_KEYS):
                for k in FILLABLE_KEYS:
                    v[k] = v[k] or facts[k]
                for k in UNION_KEYS:
                    v[k] = _unique([*v[k], *facts[k]])
                if p["setcode"] not in v["sets"]:
                    v["sets"].append(p["setcode"])
                break
        else:
            variants.append({"sets": [p["setcode"]], **facts})
    return variants


def printing_entry(p: dict) -> dict:
    variant = VARIANT_SUFFIX.search(p["setname"])
    number = p.get("no")
    return compact({
        "set": p["setcode"],
        "number": str(number) if number not in (None, "", 0, "0") else None,
        "rarity": (p.get("rarity") or "").upper() or None,
        "variant": variant.group(1) if variant else None,
        "cardid": p["cardid"],
    })


def _unique(items: Iterable) -> list:
    out: list = []
    for item in items:
        if item not in out:
            out.append(item)
    return out


_SET_ORDER = {stem: i for i, stem in enumerate(SET_KINDS)}


def _set_sorted(printings: list[dict]) -> list[dict]:
    return sorted(printings, key=lambda p: (_SET_ORDER[p["_stem"]], p["cardid"]))


# --------------------------------------------------------------------------------------------
# Hero "Deckbuilding:" (rule 100.2d)
# --------------------------------------------------------------------------------------------

_DECKBUILDING = re.compile(r"Deck\s*+b?u?ilding\s*+:?\s*+:?(.*)", re.IGNORECASE | re.DOTALL)


def deckbuilding_text(p: dict) -> str | None:
    """The Deckbuilding paragraph of a hero's rules (up to the next ';'), markup removed."""
    match = _DECKBUILDING.search(strip_markup(p.get("rules")))
    if not match:
        return None
    return match.group(1).split(";")[0].strip()


def build_deckbuilding(printings: list[dict], top: dict) -> dict | None:
    """Structured Deckbuilding of a hero: the latest printing's text, parsed."""
    if top["type"] != "Hero":
        return None
    texts = [t for t in (deckbuilding_text(p) for p in _set_sorted(printings)) if t]
    if not texts:
        return None
    return parse_deckbuilding(texts[-1])


class _Unparsed(Exception):
    pass


def parse_deckbuilding(text: str) -> dict:
    """Parse a Deckbuilding paragraph into ``{allow_only, forbid, single_faction}``.

    Anything outside the predicate vocabulary gives ``{unparsed: true}``: a hero is never
    given a guessed restriction.
    """
    text = re.sub(r"\((?:like|received)[^)]*\)?", " ", text)      # "(like Fire Hero Required)"
    text = " ".join(text.split())
    sentences = [s.strip() for s in re.split(r"\.\s*", text) if s.strip()]
    result: dict[str, Any] = {"allow_only": [], "forbid": [], "single_faction": False}
    try:
        if not sentences:
            raise _Unparsed(text)
        for sentence in sentences:
            allow = re.fullmatch(r"You can (?:include only|only include) (.+)", sentence)
            forbid = re.fullmatch(r"You can't (?:include|put) (.+?)(?: in your deck)?", sentence)
            if allow:
                clauses, single = _allow_list(allow.group(1))
                result["allow_only"] += clauses
                result["single_faction"] |= single
            elif forbid:
                result["forbid"] += _forbid_list(forbid.group(1), result["allow_only"])
            else:
                raise _Unparsed(sentence)
    except _Unparsed:
        return {"unparsed": True}
    return compact(result)


#: Allow-list phrases: regex -> function(match) returning clauses.
_CLASS_RE = "|".join(CLASSES)
_ALLOW_PHRASES: list[tuple[str, Any]] = [
    (r"either \[(Alliance|Horde)\] or \[(Alliance|Horde)\] cards",
     lambda m: [{"faction_icon": "any"}]),
    (r"neutral quests and locations", lambda m: [{"type": ["Quest", "Location"], "neutral": True}]),
    (r"neutral quests", lambda m: [{"type": "Quest", "neutral": True}]),
    (r"neutral cards", lambda m: [{"neutral": True}]),
    (r"(?:any )?Melee weapons", lambda m: [{"weapon": "Melee"}]),
    (r"(?:any )?(Traitor|Scourge) cards", lambda m: [{"tag": m.group(1)}]),
    (r"(?:any )?(Aldor|Scryers?|Argent Crusade|Nerubian) cards",
     lambda m: [{"reputation": REPUTATIONS[m.group(1)]}]),
    (r"(?:any )?abilities that deal (\w+) damage",
     lambda m: [{"type": "Ability", "deals_damage": m.group(1).lower()}]),
    (r"(?:any )?\[(" + "|".join(DAMAGE_TYPES) + r")\] allies",
     lambda m: [{"type": "Ally", "atk_type": m.group(1)}]),
    (r"(?:any )?allies with ally type (" + _CLASS_RE + ")",
     lambda m: [{"type": "Ally", "ally_class": m.group(1)}]),
    (r"(?:any )?([A-Z][a-z]+) allies", lambda m: [{"type": "Ally", "ally_race": m.group(1)}]),
    (r"(?:any )?\[(" + _CLASS_RE + r")\] (\w+(?: \w+)?) [Tt]alents",
     lambda m: [{"talent_card": {"class": m.group(1), "tree": _tree_or_fail(m.group(2))}}]),
    (r"(?:any )?\[(" + _CLASS_RE + r")\] cards", lambda m: [{"class_icon": m.group(1)}]),
    (r"(?:any )?\[(" + _CLASS_RE + r")\] abilities and Pets",
     lambda m: [{"type": "Ability", "class_icon": m.group(1)},
                {"tag": "Pet", "class_icon": m.group(1)}]),
    (r"(?:any )?\[(" + _CLASS_RE + r")\] abilities",
     lambda m: [{"type": "Ability", "class_icon": m.group(1)}]),
    (r"(?:any )?\[(" + _CLASS_RE + r")\] equipment",
     lambda m: [{"type": "Equipment", "class_icon": m.group(1)}]),
]
#: each phrase compiled once, ending where the list goes on (module level: the regex audit of
#: tests/hostile/test_regex_audit.py sees every pattern)
_ALLOW_COMPILED = {pattern: re.compile(pattern + r"(?=$|,|\s+and\s)")
                   for pattern, _ in _ALLOW_PHRASES}
_LIST_SEPARATOR = re.compile(r"\s*+(?:,\s*+and\s++|,\s*+)|\s++and\s++")


def _tree_or_fail(word: str) -> str:
    tree = canonical_tree(word)
    if not tree:
        raise _Unparsed(word)
    return tree


def _allow_list(text: str) -> tuple[list[dict], bool]:
    """Consume the allow list phrase by phrase; unknown phrases raise ``_Unparsed``."""
    clauses: list[dict] = []
    single_faction = False
    rest = text.strip()
    while rest:
        for pattern, make in _ALLOW_PHRASES:
            match = _ALLOW_COMPILED[pattern].match(rest)
            if match:
                clauses += make(match)
                single_faction |= pattern.startswith("either")
                rest = rest[match.end():]
                sep = _LIST_SEPARATOR.match(rest)
                if sep:
                    rest = rest[sep.end():]
                elif rest:
                    raise _Unparsed(rest)
                break
        else:
            raise _Unparsed(rest)
    return clauses, single_faction


def _forbid_list(text: str, allowed: list[dict]) -> list[dict]:
    """Forbid phrases: icon cards, "class cards", "Talent cards", or cards with reputation /
    text restrictions ("other" = other than those the allow list names)."""
    text = text.strip()
    restr = re.fullmatch(r"cards with (other )?reputations? or (other )?text restrictions", text)
    if restr:
        return [_with_except({"has_reputation": True},
                             _allowed_reputations(allowed) if restr.group(1) else []),
                _with_except({"text_restriction": True},
                             _allowed_traits(allowed) if restr.group(2) else [])]
    items = [w for w in re.split(r"\s*,\s*(?:or\s+)?|\s+or\s+",
                                 re.sub(r"\s+cards$", "", text)) if w]
    factions, clauses = [], []
    for item in items:
        icon = re.fullmatch(r"\[(\w+)\]", item)
        if icon and icon.group(1).capitalize() in FACTIONS:
            factions.append(icon.group(1).capitalize())
        elif item == "class":
            clauses.append({"class_icon": "any"})
        elif item == "Talent":
            clauses.append({"talent_card": "any"})
        else:
            raise _Unparsed(item)
    if factions:
        clause = {"faction_icon": "any" if set(factions) == set(FACTIONS) else factions[0]}
        clauses.insert(0, clause)
    return clauses


def _with_except(clause: dict, excused: list[dict]) -> dict:
    return {**clause, "except": excused} if excused else clause


def _allowed_reputations(allowed: list[dict]) -> list[dict]:
    return [{"kind": "reputation", "value": c["reputation"]} for c in allowed
            if "reputation" in c]


def _allowed_traits(allowed: list[dict]) -> list[dict]:
    """Hero Required traits the allow list itself names: talent trees and Traitor/Scourge."""
    traits = []
    for c in allowed:
        if isinstance(c.get("talent_card"), dict):
            traits.append({"kind": "talent", "value": c["talent_card"]["tree"]})
        elif c.get("tag") in ("Traitor", "Scourge") and len(c) == 1:
            traits.append({"kind": "flag", "value": c["tag"]})
    return traits


# --------------------------------------------------------------------------------------------
# Name resolution for the secondary sources (CSV, OCTGN)
# --------------------------------------------------------------------------------------------


def spelling_index(records: list[dict]) -> dict[str, Any]:
    """Lookup tables: exact spelling -> record, key() -> records, fuzzy candidates."""
    exact: dict[str, dict] = {}
    by_key: dict[str, list[dict]] = defaultdict(list)
    for r in records:
        for spelling in [r["name"], *r["aliases"]]:
            exact[spelling] = r
            if r not in by_key[key(spelling)]:
                by_key[key(spelling)].append(r)
    fuzzy = {spaced(r["name"]): r for r in records}
    return {"exact": exact, "key": by_key, "fuzzy": fuzzy, "fuzzy_choices": list(fuzzy)}


_INVERTED = re.compile(r"^(.*), (The|A|An)$")


def resolve(index: dict, spelling: str, types: tuple[str, ...] = ()) -> tuple[dict | None, str]:
    """Find the record a secondary source means by ``spelling``.

    Order: exact, normalised key (unique), inverted article ("Skybreaker, The"), a trailing
    token qualifier ("Treant (Ferocity)"), then a close fuzzy match (ratio >= 88, clearly ahead
    of the runner-up and of a compatible type).  Returns (record or None, how).
    """
    if spelling in index["exact"]:
        return index["exact"][spelling], "exact"
    forms = [spelling]
    inverted = _INVERTED.match(spelling)
    if inverted:
        forms.append(f"{inverted.group(2)} {inverted.group(1)}")
    qualified = re.match(r"^(.*?) \((\w+)\)$", spelling)
    if qualified:
        forms.append(qualified.group(1))
    for form in forms:
        found = index["key"].get(key(form), [])
        if len(found) == 1:
            return found[0], "key"
    for form in forms:
        best = process.extract(spaced(form), index["fuzzy_choices"], scorer=fuzz.ratio, limit=2)
        if not best or best[0][1] < 88:
            continue
        if len(best) > 1 and best[1][1] > best[0][1] - 4:
            continue
        record = index["fuzzy"][best[0][0]]
        if types and not set(record["types"]) & set(types):
            continue
        return record, "fuzzy"
    return None, "unresolved"


# --------------------------------------------------------------------------------------------
# WoWTCGUtility CSV: core_2010 and restriction cross-check
# --------------------------------------------------------------------------------------------


def apply_core_2010(records: list[dict], index: dict, path: Path) -> tuple[dict, list]:
    """Flag names the 2010 CSV lists as "Classic, Core"; return counts and matched rows."""
    try:
        with path.open(encoding="utf-8", newline="") as fh:
            rows = list(csv.DictReader(fh))
    except (OSError, csv.Error, UnicodeDecodeError) as exc:
        raise DataError(f"{path}: {exc}") from exc
    matched, unresolved = [], []
    for i, row in enumerate(rows, start=2):
        if not row.get("name") or "format" not in row:
            raise DataError(f"{path}: line {i} has no name/format")
        record, _how = resolve(index, row["name"].strip())
        if record is None:
            unresolved.append(row["name"])
            continue
        matched.append((record, row))
        if "Core" in row["format"] and record["pool"] == "constructed":
            record["core_2010"] = True
    counts = {"rows": len(rows), "unresolved": sorted(set(unresolved)),
              "names": sum(1 for r in records if r.get("core_2010"))}
    return counts, matched


def cross_check_csv(matched: list[tuple[dict, dict]]) -> list[str]:
    """Compare the CSV restriction columns with the parsed requirements and reputations."""
    problems = []
    for record, row in matched:
        if record["type"] == "Hero":
            continue
        facts = [record] + record["variants"]
        parsed = {(a["kind"], a["value"]) for f in facts for a in f["hero_required"]}
        reps = {f["reputation"] for f in facts if f["reputation"]}
        csv_req = set()
        for column, kind in (("talent_restrictions", "talent"), ("race_restrictions", "race"),
                             ("profession_restrictions", "profession")):
            for word in filter(None, (w.strip() for w in row.get(column, "").split(","))):
                if kind == "talent" and word in HERO_FLAGS:
                    csv_req.add(("flag", word))
                else:
                    csv_req.add((kind, canonical_tree(word) or word if kind == "talent"
                                 else word))
        parsed_cmp = {x for x in parsed if x[0] in ("talent", "race", "profession")
                      or x in {("flag", "Traitor"), ("flag", "Loyal")}}
        csv_rep = (row.get("reputation_restrictions") or "").strip()
        if csv_req != parsed_cmp or {csv_rep} - {""} != reps:
            problems.append(f"{record['name']}: csv {sorted(csv_req)} {csv_rep or '-'} / "
                            f"parsed {sorted(parsed_cmp)} {sorted(reps) or '-'}")
    return sorted(set(problems))


# --------------------------------------------------------------------------------------------
# OCTGN set files: GUIDs and spellings
# --------------------------------------------------------------------------------------------

#: OCTGN card type -> deckcheck types it may stand for (fuzzy matches must agree).
OCTGN_TYPES = {"Weapon": ("Equipment",), "Armor": ("Equipment",), "Item": ("Equipment",),
               "Armor Set": ("Equipment",), "Token Ally": ("Ally",), "Ally Token": ("Ally",),
               "Token Armor": ("Equipment",)}


def octgn_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.xml") if p.name not in ("cards_full.xml",
                                                                     "decks.xml"))


def apply_octgn(records: list[dict], index: dict, folder: Path) -> dict:
    """Attach OCTGN GUIDs; OCTGN spellings that differ from the name become aliases."""
    ids: dict[str, set] = defaultdict(set)
    spellings: dict[str, set] = defaultdict(set)
    by_id = {r["id"]: r for r in records}
    total, unresolved, fuzzy = 0, [], []
    for path in octgn_files(folder):
        for guid, name, ctype in read_octgn_set(path):
            total += 1
            types = OCTGN_TYPES.get(ctype, (ctype,) if ctype in TYPES else ())
            record, how = resolve(index, name, types)
            if record is None:
                unresolved.append(name)
                continue
            if how == "fuzzy":
                fuzzy.append(f"{name} -> {record['name']}")
            ids[record["id"]].add(guid)
            if name != record["name"]:
                spellings[record["id"]].add(name)
    for rid, guids in ids.items():
        by_id[rid]["octgn_ids"] = sorted(guids)
    for rid, names in spellings.items():
        rec = by_id[rid]
        rec["_octgn_aliases"] = sorted(names - set(rec["aliases"]))
    return {"cards": total, "resolved": total - len(unresolved),
            "unresolved": sorted(set(unresolved)), "fuzzy": sorted(set(fuzzy))}


def read_octgn_set(path: Path) -> list[tuple[str, str, str]]:
    """(GUID, name, Type property) of every card of an OCTGN set file (safe XML parser)."""
    try:
        root = SafeET.parse(str(path)).getroot()
    except Exception as exc:  # defusedxml / expat errors
        raise DataError(f"{path}: {exc}") from exc
    cards = []
    for i, card in enumerate(root.iter("card")):
        guid, name = card.get("id"), (card.get("name") or "").strip()
        if not guid or not name:
            raise DataError(f"{path}: card {i} has no id or name")
        props = {p.get("name"): p.get("value") for p in card.iter("property")}
        cards.append((guid.lower(), name, (props.get("Type") or "").strip()))
    return cards


# --------------------------------------------------------------------------------------------
# Seed: Chinese names and the seed's English spellings
# --------------------------------------------------------------------------------------------


def apply_seed(records: list[dict], index: dict, path: Path) -> dict:
    """Add the seed's Chinese names (``names.zh-Hans``) and English misspellings (aliases).

    Each entry of the hand-checked tables must occur in the seed and name a card in the data.
    """
    seed = path.read_text(encoding="utf-8")
    flat = re.sub(r"\s+", "", seed)
    for zh, en in SEED_ZH_NAMES.items():
        if re.sub(r"\s+", "", zh) not in flat:
            raise DataError(f"{path}: Chinese name {zh!r} ({en}) does not occur in the seed")
        record = index["exact"].get(en)
        if record is None:
            raise DataError(f"{path}: seed card {en!r} ({zh}) is not in the card data")
        names = record.setdefault("names", {}).setdefault("zh-Hans", [])
        if zh not in names:
            names.append(zh)
    for spelling, en in SEED_EN_SPELLINGS.items():
        if spelling not in seed:
            raise DataError(f"{path}: seed spelling {spelling!r} does not occur in the seed")
        record = index["exact"].get(en)
        if record is None:
            raise DataError(f"{path}: seed card {en!r} is not in the card data")
        record.setdefault("_seed_aliases", []).append(spelling)
    return {"zh_names": len(SEED_ZH_NAMES), "en_spellings": len(SEED_EN_SPELLINGS)}


# --------------------------------------------------------------------------------------------
# Collisions
# --------------------------------------------------------------------------------------------


def check_collisions(records: list[dict]) -> dict:
    """Add the pending OCTGN/seed aliases unless their key() belongs to another record.

    Canonical names that share a key (different cards such as "Greatfather Winter" and
    "Great-father Winter") are reported; an alias is never added where it would collide.
    """
    owner: dict[str, set] = defaultdict(set)
    for r in records:
        for spelling in [r["name"], *r["aliases"], *r.get("names", {}).get("zh-Hans", [])]:
            owner[key(spelling)].add(r["id"])
    name_collisions = sorted(
        " / ".join(sorted(r["name"] for r in records if r["id"] in ids))
        for k, ids in owner.items() if len(ids) > 1)
    dropped = []
    for r in records:
        pending = r.pop("_octgn_aliases", []) + r.pop("_seed_aliases", [])
        for alias in pending:
            others = owner.get(key(alias), set()) - {r["id"]}
            if others:
                dropped.append(f"{alias} ({r['name']})")
                continue
            if alias not in r["aliases"]:
                r["aliases"].append(alias)
                owner[key(alias)].add(r["id"])
        r["aliases"].sort()
    return {"name_keys_shared": name_collisions, "aliases_dropped": sorted(dropped)}


# --------------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------------

#: Field order of a record in the YAML files.
FIELD_ORDER = ("id", "name", "aliases", "names", "type", "types", "pool", "raid_only",
               "dungeon_only", "token", "sets", "blocks", "core_2010", "cost", "instant",
               "faction_icons", "class_icons", "ally_class", "race", "talents", "atk_type",
               "tags", "unlimited", "master_hero", "hero_required", "reputation", "talent_card",
               "deals_damage", "hero", "deckbuilding", "variants", "printings", "octgn_ids")
VARIANT_ORDER = ("sets", "type", "cost", "instant", "faction_icons", "class_icons",
                 "ally_class", "race", "talents", "atk_type", "tags", "hero_required",
                 "reputation", "talent_card", "deals_damage", "hero")


def finish_record(record: dict, block_of: dict[str, int | None]) -> dict:
    """Blocks from the constructed printings, fields in a fixed order, empty values dropped."""
    record = dict(record)
    if record["pool"] == "constructed":
        record["blocks"] = sorted({block_of[s] for s in record["sets"]
                                   if block_of.get(s) is not None})
    record["variants"] = [compact({k: v[k] for k in VARIANT_ORDER})
                          for v in record["variants"]]
    unknown = set(record) - set(FIELD_ORDER)
    if unknown:
        raise DataError(f"record {record['name']!r}: unexpected fields {sorted(unknown)}")
    return compact({k: record.get(k) for k in FIELD_ORDER})


def write_output(out: Path, records: list[dict], sets: dict[str, dict], paths: dict) -> None:
    out.mkdir(parents=True, exist_ok=True)
    block_of = {s["code"]: s["block"] for s in sets.values()}
    files = {"constructed": "cards.yaml", "raid": "raid.yaml", "token": "tokens.yaml"}
    for pool, filename in files.items():
        chosen = sorted((finish_record(r, block_of) for r in records if r["pool"] == pool),
                        key=lambda r: r["id"])
        dump_yaml(out / filename, {"cards": chosen},
                  header=HEADER + f"\nThis file: names whose pool is {pool}.")
    set_rows = [compact({"code": s["code"], "name": s["name"], "block": s["block"],
                         "kind": s["kind"], "pool": s["pool"]}) for s in sets.values()]
    blocks = defaultdict(list)
    for s in sets.values():
        if s["block"] is not None:
            blocks[s["block"]].append(s["code"])
    dump_yaml(out / "sets.yaml", {"sets": set_rows, "blocks": dict(sorted(blocks.items()))},
              header="World of Warcraft TCG sets: code (as printed in the card data), name, "
                     "block, kind, pool.\nblock = Block Constructed block (ScourgeWar is in the "
                     "Icecrown block, 4); none for Draft Rally,\nraid/dungeon decks and tokens. "
                     " pool = constructed | raid | token (rule 800.3a).\n"
                     "blocks = block -> set codes.")
    write_provenance(out, paths)


def write_provenance(out: Path, paths: dict) -> None:
    commits = read_source_commits(paths["sources"])
    rows = [
        {"dataset": "card printings", "repo": "seriallos/wowtcg-decktools",
         "path": "data/cards/*.json", "commit": commits.get("seriallos/wowtcg-decktools", "")},
        {"dataset": "2010 Core list, restriction columns", "repo": "mikechambers/WoWTCGUtility",
         "path": "desktop/data/wow_tcg.csv",
         "commit": commits.get("mikechambers/WoWTCGUtility", ""), "licence": "MIT"},
        {"dataset": "OCTGN GUIDs and spellings", "repo": "oleksii-demedetskyi/WoW-TCG",
         "path": "WoWTCG/WoWTCG/Resources/*.xml (set files)",
         "commit": commits.get("oleksii-demedetskyi/WoW-TCG", "")},
        {"dataset": "Chinese names of the example cards (Comprehensive Rules 5.0, zh-Hans)",
         "repo": "seed", "path": f"seeds/{SEED_FILE}",
         "commit": f"sha1 {sha1_of(paths['seed'])}"},
    ]
    write_sources(out, GAME, "World of Warcraft TCG", rows,
                  notes=["Card names (c) Blizzard Entertainment; published by Upper Deck / "
                         "Cryptozoic. Facts only.",
                         "Deckbuilding predicates, Hero Required, Reputation and Talent fields "
                         "are parsed from the card text by the importer; the text itself is not "
                         "stored."],
                  files=["cards.yaml", "raid.yaml", "tokens.yaml", "sets.yaml"])


def read_source_commits(path: Path) -> dict[str, str]:
    """repo -> commit of its set/card files, from the data set's own SOURCES.md table."""
    commits: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 4 or not re.fullmatch(r"[0-9a-f]{40}", cells[3]):
            continue
        repo, repo_path, commit = cells[1], cells[2], cells[3]
        if repo_path.endswith(("cards_full.xml", "decks.xml")):
            continue                               # not imported
        if commits.setdefault(repo, commit) != commit:
            raise DataError(f"{path}: {repo} lists two commits for imported files")
    return commits


def summarise(records: list[dict], printings: list[dict], sets: dict, report: dict) -> dict:
    cons = [r for r in records if r["pool"] == "constructed"]
    heroes = [r for r in cons if r["type"] == "Hero"]
    deckbuilding = [r for r in heroes if r.get("deckbuilding")]
    unparsed = sorted(r["name"] for r in deckbuilding if r["deckbuilding"].get("unparsed"))
    types = Counter(r["type"] for r in cons)
    reps = Counter(r["reputation"] for r in cons if r.get("reputation"))
    return {
        "printings": len(printings),
        "records": len(records),
        "constructed_names": len(cons),
        "raid_only_names": sum(1 for r in records if r["pool"] == "raid"),
        "token_names": sum(1 for r in records if r["pool"] == "token"),
        "by_type": dict(sorted(types.items())),
        "heroes": len(heroes),
        "master_heroes": types.get("Master Hero", 0),
        "deckbuilding_heroes": len(deckbuilding),
        "deckbuilding_parsed": len(deckbuilding) - len(unparsed),
        "deckbuilding_unparsed": unparsed,
        "unlimited": sum(1 for r in cons if r.get("unlimited")),
        "hero_required": sum(1 for r in cons if any(
            v["hero_required"] for v in [r] + r["variants"])),
        "reputations": dict(sorted(reps.items())),
        "talent_cards": sum(1 for r in cons if r.get("talent_card")),
        "with_variants": sorted(r["name"] for r in cons if r["variants"]),
        "sets": len(sets),
        **report,
    }
