"""Force of Will importer: builds the facts-only ``cards/fow/`` from the public data sets.

``run(source, out)`` reads, below ``source`` (the ``data/fow`` folder of the shared data):

* ``fowsim/cardDatabase/static/cards.json`` - the primary card list (clusters, sets, faces);
* ``FoWTCGOCTGN/Game Definition/Sets/*/set.xml`` - OCTGN GUIDs (for ``.o8d`` decks) and the
  OCTGN spellings of names, which become aliases;
* ``fowdb/app/helpers/data/{clusters,formats}.json`` - fowdb's cluster and format lists;

and writes ``cards.yaml`` (the card records), ``clusters.yaml`` (cluster -> sets, fowdb
formats -> clusters) and ``SOURCES.md``.

Record model (see ``CARDS_HEADER`` for the field list written at the top of ``cards.yaml``):

* One record per card **name**: every physical card (front id) with that name is a printing
  of the record, so copy limits and cluster legality work on names (CR 2.3 §2.2, CR 12.7
  §404.1).  Names that differ only by punctuation or case ("Xeex the Ancient Magic" /
  "Xeex, the Ancient Magic") are one name; the earliest printing's spelling is canonical.
* Exception: a ruler name whose printings carry *different* back faces ("Pandora, Girl of the
  Box" with Pandora of Light or Pandora of Dark) gives one record per back.  Those records
  share ``name``; each gets the alias ``"<front> // <back>"`` and ``versions`` (the ids of all
  records with that name), so the FoW rules can ask the user to choose.
* Back faces (ids ending in ``J``, ``^`` or ``J^``) are ``faces`` of their front.  A J-ruler
  face with no front is a record of its own with ``orphan_j: true``.

Ability and flavour text are read only to derive ``keywords`` and ``deck_rules``; no text is
ever written.  An ability that looks like a deck-building rule but matches none of the known
patterns stops the import (``DataError``), so a new kind of rule cannot slip through silently.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from rapidfuzz import fuzz

from deckcheck.carddb.importers.common import DataError, compact, dump_yaml, write_sources
from deckcheck.matching.normalise import key, spaced

# --------------------------------------------------------------------------- sources

FOWSIM_CARDS = Path("fowsim/cardDatabase/static/cards.json")
OCTGN_SETS = Path("FoWTCGOCTGN/Game Definition/Sets")
FOWDB_CLUSTERS = Path("fowdb/app/helpers/data/clusters.json")
FOWDB_FORMATS = Path("fowdb/app/helpers/data/formats.json")

SOURCES = [
    {"dataset": "fowsim cards.json (primary)", "repo": "Force-of-Wind/fowsim",
     "path": "cardDatabase/static/cards.json",
     "commit": "e4a4985202f646f650c48a968e504ea5aff3d634"},
    {"dataset": "OCTGN set definitions (GUIDs, aliases)", "repo": "LycheeTofu/FoWTCGOCTGN",
     "path": "Game Definition/Sets/*/set.xml",
     "commit": "f8ffae25bc441f029950ebb2409b2e512fee5625"},
    {"dataset": "fowdb clusters", "repo": "alaindet/fowdb",
     "path": "app/helpers/data/clusters.json",
     "commit": "35d2fe7efc850daf06328f34be58a53f69d195cd"},
    {"dataset": "fowdb formats", "repo": "alaindet/fowdb",
     "path": "app/helpers/data/formats.json",
     "commit": "278ac73ba4175fa141b5bf916d4eb9685beb7a33"},
]

# --------------------------------------------------------------------------- vocabularies

#: fowsim ``type[]`` spelling -> (deckcheck card type, subtype or None).
TYPE_MAP: dict[str, tuple[str, str | None]] = {
    "Resonator": ("resonator", None),
    "Resonator (Stranger)": ("resonator", "stranger"),
    "Resonator (Shift)": ("resonator", "shift"),
    "Regalia": ("regalia", None),
    "Regalia (Shift)": ("regalia", "shift"),
    "Chant": ("chant", None),
    "Spell:Chant": ("chant", None),
    "Spell:Chant-Instant": ("chant", "instant"),
    "Spell:Chant-Standby": ("chant", "standby"),
    "Addition": ("addition", None),
    "Addition:Field": ("addition", "field"),
    "Addition: Field": ("addition", "field"),
    "Addition:Resonator": ("addition", "resonator"),
    "Addition:J/Resonator": ("addition", "j_resonator"),
    "Ruler": ("ruler", None),
    "Basic Ruler": ("ruler", "basic"),
    "J-Ruler": ("j_ruler", None),
    "Basic J-Ruler": ("j_ruler", "basic"),
    "Magic Stone": ("magic_stone", None),
    "Special Magic Stone": ("magic_stone", "special"),
    "Basic Magic Stone": ("magic_stone", "basic"),
    "True Magic Stone": ("magic_stone", "true"),
    "Rune": ("rune", None),
    "Master Rune": ("rune", "master"),
    "Sub-ruler": ("sub_ruler", None),
    "Extension Rule": ("extension_rule", None),
    "Order": ("order", None),
}
TYPE_ORDER = ["ruler", "j_ruler", "order", "sub_ruler", "extension_rule", "magic_stone",
              "resonator", "chant", "addition", "regalia", "rune"]
SUBTYPE_ORDER = ["basic", "special", "true", "master", "stranger", "shift", "instant",
                 "standby", "field", "resonator", "j_resonator"]

#: "<attribute> Magic Stone" entries of ``type[]``: the magic stone *type* (CR 202.4).
STONE_TYPES = {"Light Magic Stone": "light", "Fire Magic Stone": "fire",
               "Water Magic Stone": "water", "Wind Magic Stone": "wind",
               "Darkness Magic Stone": "darkness"}
ATTRIBUTES = {"W": "light", "R": "fire", "U": "water", "G": "wind", "B": "darkness", "V": "void"}
ATTRIBUTE_ORDER = ["light", "fire", "water", "wind", "darkness", "void"]

#: Name markers the data appends to keep names unique; they stay in canonical names.
NAME_SUFFIXES = (" (Stranger)", " [J-Ruler]", " [Alternative]", " [Inverse]", " [Light]",
                 " [Water]", " [Water/J-Ruler]")

#: OCTGN set codes that differ from fowsim's.
OCTGN_SET_CODES = {"VIN": "VIN001"}

BACK_SUFFIX = re.compile(r"^(?P<front>.+?)(?:J\^|J|\^)$")
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "sixty": 60}

CARDS_HEADER = """\
Force of Will card records - facts only, generated by deckcheck/games/fow/importer.py.
Do not edit by hand: re-run `deckcheck cards import fow`.  Card names (c) FORCE OF WILL Co., Ltd.

One record per card name; every physical card (fowsim front id) of that name is a printing.
Exception: a ruler name printed with different back faces (e.g. the two "Pandora, Girl of the
Box") has one record per back; those records share `name`, carry the alias "<front> // <back>"
and list each other's ids in `versions`.

Fields (absent = empty / false):
  id            the earliest printing's fowsim id (the record's stable id)
  name          canonical name: the earliest printing's spelling, data suffixes such as
                " (Stranger)" or " [Alternative]" kept
  aliases       other spellings: OCTGN names, other data spellings, the bare name without its
                data suffix (only where it collides with no other card), "<front> // <back>"
  faces         back faces [{id, name, types, subtypes, attributes, races, keywords, ...}];
                `id` is the first printing's back id (all back ids are in `ids`)
  types         card types: ruler j_ruler order sub_ruler extension_rule magic_stone
                resonator chant addition regalia rune (union over printings)
  subtypes      basic special true master stranger shift instant standby field resonator
                j_resonator (e.g. a Basic Ruler is types [ruler] + subtypes [basic]; a
                stranger resonator is [resonator] + [stranger]; a master rune [rune] + [master])
  stone_class   basic | special (magic stones only); true_stone: true for True Magic Stones
  stone_types   the magic stone types the card has (light fire water wind darkness)
  attributes    light fire water wind darkness void
  keywords      deck-relevant keywords of this face -> value: true, or the number
                ({Divinity: 10}, {Grimoire: 5}, {Stranger: 10}), or details
                ({Tag: {group: Six Sages}}, {Tag: {names: [...]}},
                {Partner: {count: 1, group: Moonchild}}); the front's keywords are on the
                record, each back face's on the face
  divinity      rune divinity (integer or .inf)
  deck_rules    structured deck-building rules read from the card (list of {rule: kind, ...}):
                copy_limit {limit: N|any, zone: deck|stone, names?, if_starting_ruler?}
                exempt_keyword_forbid {keywords, if_starting_ruler}
                singleton {}                    forbid_keyword {keyword, zones}
                deck_size {zone, min, max?, no_maximum?}
                only {zone, any_of: [{attribute|race: X}], attributes_within?}
                allow_in_main {what, copy_limit}   grimoire {size, what}   stranger {size}
                ex_deck {name, size}   distinct_names {zone, exactly}   not_in_side {}
                starting_rulers {name, count}
                `checked: false` marks rules recorded but not enforced by deckcheck
  orphan_j      a J-ruler card with no ruler side (CR 12.7 §404.6)
  versions      ids of all records sharing this ruler name (different back faces)
  clusters, sets  every cluster / set code the name was printed in
  printings     [{id, name, set, cluster, rarity}]: `name` only where that printing's
                spelling differs from the canonical one
  ids           every fowsim id of the record: printings and their back faces (for decks
                that list cards by id, e.g. .fdk)
  octgn_ids     OCTGN GUIDs of this card (LycheeTofu/FoWTCGOCTGN)"""


# --------------------------------------------------------------------------- data classes

@dataclass
class Face:
    """One fowsim entry (a front or a back face) with its place in the data."""

    id: str
    name: str
    cluster: str
    set: str
    raw: dict
    backs: list["Face"] = field(default_factory=list)


@dataclass
class Record:
    """A card record under construction: one name (or one ruler version) and its printings."""

    printings: list[Face]
    data: dict = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.printings[0].id


# --------------------------------------------------------------------------- fowsim

def read_fowsim(path: Path) -> list[Face]:
    """Every entry of ``cards.json`` in data order, validated."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        clusters = data["fow"]["clusters"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise DataError(f"{path}: not a fowsim cards.json ({exc})") from exc
    faces: list[Face] = []
    seen: set[str] = set()
    for cluster in clusters:
        for card_set in cluster.get("sets", []):
            for raw in card_set.get("cards", []):
                face = _validated_face(path, cluster, card_set, raw)
                if face.id in seen:
                    raise DataError(f"{path}: duplicate id {face.id!r}")
                seen.add(face.id)
                faces.append(face)
    if not faces:
        raise DataError(f"{path}: no cards")
    return faces


def _validated_face(path: Path, cluster: dict, card_set: dict, raw: Any) -> Face:
    ok = (isinstance(raw, dict) and isinstance(raw.get("id"), str) and raw["id"].strip()
          and isinstance(raw.get("name"), str) and raw["name"].strip()
          and isinstance(raw.get("type"), list)
          and isinstance(raw.get("abilities", []), list))
    if not ok:
        raise DataError(f"{path}: malformed card in set {card_set.get('code')!r}: "
                        f"{str(raw)[:80]}")
    for t in raw["type"]:
        if t not in TYPE_MAP and t not in STONE_TYPES:
            raise DataError(f"{path}: card {raw['id']}: unknown type {t!r}")
    return Face(id=raw["id"].strip(), name=raw["name"].strip(), cluster=cluster["name"],
                set=card_set["code"], raw=raw)


def link_faces(faces: list[Face]) -> list[Face]:
    """Attach back faces to their fronts; return the fronts (incl. orphan J faces)."""
    by_id = {f.id: f for f in faces}
    fronts = []
    for face in faces:
        m = BACK_SUFFIX.match(face.id)
        front = by_id.get(m.group("front")) if m else None
        if front is not None and front is not face:
            front.backs.append(face)
        else:
            fronts.append(face)
    return fronts


def is_orphan_j(front: Face) -> bool:
    return {TYPE_MAP[t][0] for t in front.raw["type"] if t in TYPE_MAP} == {"j_ruler"}


def strip_suffix(name: str) -> str:
    for suffix in NAME_SUFFIXES:
        if name.endswith(suffix):
            return name[: -len(suffix)].strip()
    return name


# --------------------------------------------------------------------------- grouping

def group_by_name(fronts: list[Face]) -> list[Record]:
    """One record per name key; ruler names with different backs split per back."""
    groups: dict[str, list[Face]] = defaultdict(list)
    for front in fronts:
        groups[key(front.name)].append(front)
    records: list[Record] = []
    for printings in groups.values():
        records.extend(split_ruler_versions(printings))
    return records


def split_ruler_versions(printings: list[Face]) -> list[Record]:
    """Split a ruler name whose printings have different back faces (CR 12.7 §404.3)."""
    is_ruler = any(TYPE_MAP.get(t, ("",))[0] == "ruler"
                   for p in printings for t in p.raw["type"])
    if not is_ruler:
        return [Record(printings)]
    versions: dict[frozenset, list[Face]] = {}
    for p in printings:
        back_keys = frozenset(key(strip_suffix(b.name)) for b in p.backs)
        versions.setdefault(back_keys, []).append(p)
    if len(versions) > 1 and frozenset() in versions:
        raise DataError(f"ruler {printings[0].name!r}: some printings have a back face and "
                        f"some do not ({', '.join(p.id for p in printings)})")
    records = [Record(ps) for ps in versions.values()]
    if len(records) > 1:
        ids = sorted(r.id for r in records)
        for r in records:
            r.data["versions"] = ids
    return records


# --------------------------------------------------------------------------- facts

def card_facts(entries: list[dict], where: str) -> dict:
    """Types, classes, attributes, races, keywords and stats merged over ``entries``.

    ``entries`` are fowsim dicts of the same card (printings), earliest first; lists are
    unions, single values come from the latest printing that has one.
    """
    types, subtypes, stone_types, attributes, races = set(), set(), set(), set(), set()
    keywords: dict[str, Any] = {}
    for raw in entries:
        for t in raw["type"]:
            if t in STONE_TYPES:
                stone_types.add(STONE_TYPES[t])
                continue
            base, sub = TYPE_MAP[t]
            types.add(base)
            if sub:
                subtypes.add(sub)
        for c in raw.get("colour") or []:
            if c not in ATTRIBUTES:
                raise DataError(f"{where}: card {raw['id']}: unknown colour {c!r}")
            attributes.add(ATTRIBUTES[c])
        races.update(r.strip() for r in raw.get("race") or [] if r and r.strip())
        keywords.update(parse_keywords(raw, where))
    facts = {
        "types": [t for t in TYPE_ORDER if t in types],
        "subtypes": [s for s in SUBTYPE_ORDER if s in subtypes],
    }
    if "magic_stone" in types:
        facts["stone_class"] = ("basic" if "basic" in subtypes
                                else "special" if "special" in subtypes else None)
        facts["true_stone"] = "true" in subtypes
    facts["stone_types"] = [a for a in ATTRIBUTE_ORDER if a in stone_types]
    facts["attributes"] = [a for a in ATTRIBUTE_ORDER if a in attributes]
    facts["races"] = sorted(races)
    facts["keywords"] = dict(sorted(keywords.items()))
    latest = list(reversed(entries))
    facts["divinity"] = _first(latest, "divinity", _divinity)
    facts["cost"] = _first(latest, "cost", lambda v: "".join(str(v).split()) or None)
    facts["atk"] = _first(latest, "ATK", _int_or_none)
    facts["def"] = _first(latest, "DEF", _int_or_none)
    return facts


def _first(entries: list[dict], field_name: str, convert: Callable[[Any], Any]) -> Any:
    for raw in entries:
        value = raw.get(field_name)
        if value not in (None, ""):
            converted = convert(value)
            if converted is not None:
                return converted
    return None


def _int_or_none(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _divinity(value: Any) -> int | float | None:
    if str(value).strip().lower() in ("inf", "infinity", "∞"):
        return math.inf
    return _int_or_none(value)


# --------------------------------------------------------------------------- keywords

KEYWORD_HEAD = re.compile(
    r"^\s*\[(Tag|Partner|Divinity|Grimoire|Stranger|Tales|Villains|VIllains|Will of Hope|"
    r"Will of Despair)\]")
_KEYWORD_FLAGS = {"Tales": "Tales", "Villains": "Villains", "VIllains": "Villains",
                  "Will of Hope": "Will of Hope", "Will of Despair": "Will of Despair"}


def parse_keywords(raw: dict, where: str) -> dict[str, Any]:
    """Keywords of the ability entries that *start* with a deck-relevant keyword."""
    found: dict[str, Any] = {}
    for entry in raw.get("abilities") or []:
        m = KEYWORD_HEAD.match(entry)
        if not m:
            continue
        word, rest = m.group(1), entry[m.end():].strip()
        if word in _KEYWORD_FLAGS:
            found[_KEYWORD_FLAGS[word]] = True
        else:
            value = _keyword_value(word, rest)
            if value is None:
                raise DataError(f"{where}: card {raw['id']}: unrecognised [{word}] entry")
            found[word] = value
    return found


def _keyword_value(word: str, rest: str) -> Any:
    if word == "Divinity":
        m = re.match(r"^(\d+)?$", rest)
        return (int(m.group(1)) if m.group(1) else True) if m else None
    if word == "Grimoire":
        m = re.match(r"^\((\d+)\)", rest)
        return int(m.group(1)) if m else None
    if word == "Stranger":
        m = re.match(r"^(\d+)\b", rest)
        return int(m.group(1)) if m else None
    if word == "Partner":
        m = re.match(r"^(\d+) \(([^()]+)\)", rest)
        return {"count": int(m.group(1)), "group": m.group(2)} if m else None
    if word == "Tag":
        m = re.match(r"^\(([^()]+)\)", rest)
        if m:
            return {"group": m.group(1)}
        names = re.findall(r'"([^"]+)"', rest.split("\n")[0])
        return {"names": names} if names else None
    return None


# --------------------------------------------------------------------------- deck rules

#: An ability entry that looks like a deck-building rule (must then be classified).
_DECK_WORDS = re.compile(
    r"copies of|copy of|in your (?:main |magic stone |side |extra |stranger |rune |EX )?deck\b"
    r"|deck size|stranger deck|extra deck|EX deck", re.I)
_DECK_VERBS = re.compile(
    r"may have|may not have|cannot have|may only have|must have|no maximum"
    r"|(?:start|begin) the game with", re.I)


def _n(word: str) -> int:
    word = word.lower()
    if word.isdigit():
        return int(word)
    if word not in NUMBER_WORDS:
        raise ValueError(word)
    return NUMBER_WORDS[word]


def _attr_or_race(word: str) -> dict:
    low = word.lower()
    return {"attribute": low} if low in ATTRIBUTE_ORDER else {"race": word}


def _zone(words: str) -> str:
    return "stone" if "magic stone" in words else "deck"


def _copy_any(m):
    return [{"rule": "copy_limit", "limit": "any", "zone": _zone(m["zone"])}]


def _copy_n(m):
    return [{"rule": "copy_limit", "limit": _n(m["n"]), "zone": _zone(m["zone"])}]


def _copy_if_ruler(m):
    rules = [{"rule": "copy_limit", "limit": _n(m["n"]), "zone": "deck",
              "if_starting_ruler": m["ruler"]}]
    if m["kw"]:
        rules.append({"rule": "exempt_keyword_forbid", "keywords": ["Tales", "Villains"],
                      "if_starting_ruler": m["ruler"]})
    return rules


def _copy_named(m):
    names = [n for n in (m["a"], m["b"]) if n]
    rule = {"rule": "copy_limit", "limit": _n(m["n"]), "zone": "deck", "names": names}
    if m["ruler"]:
        rule["if_starting_ruler"] = m["ruler"]
    return [rule]


def _forbid(m):
    zones = ["main", "stone"] if m["stone"] else ["main"]
    return [{"rule": "forbid_keyword", "keyword": _KEYWORD_FLAGS[m["kw"]], "zones": zones}]


def _only(m):
    rule = {"rule": "only", "zone": "main",
            "any_of": [_attr_or_race(m["a"])] + ([_attr_or_race(m["b"])] if m["b"] else [])}
    if m["within"]:
        rule["attributes_within"] = [m["c"].lower(), m["d"].lower()]
        rule["checked"] = False
    return [rule]


#: The closed list of recognised deck-building texts (fullmatch on the stripped entry).
DECK_RULE_PATTERNS: list[tuple[re.Pattern, Callable[[re.Match], list[dict]]]] = [
    (re.compile(r"You may have any number of copies of this card in your "
                r"(?P<zone>main deck|deck|magic stone deck)\."), _copy_any),
    (re.compile(r"You may have up to (?P<n>\w+) copies of this card in your "
                r"(?P<zone>deck|magic stone deck)\."), _copy_n),
    (re.compile(r'If your starting ruler is "(?P<ruler>[^"]+)",? you may have up to (?P<n>\w+) '
                r"copies of this card in your deck(?P<kw>, even if your deck or magic stone deck "
                r"contains cards with \[Tales\])?\."), _copy_if_ruler),
    (re.compile(r'(?:If your starting ruler is "(?P<ruler>[^"]+)", you|You) may have up to '
                r'(?P<n>\w+) copies (?:each )?of cards named "(?P<a>[^"]+)"'
                r'(?: or "(?P<b>[^"]+)")? in your deck\.'), _copy_named),
    (re.compile(r"You (?:may not|cannot) have more than one copy of any card in your deck\."),
     lambda m: [{"rule": "singleton"}]),
    (re.compile(r"You cannot have cards with \[(?P<kw>Tales|Villains|VIllains|Will of Hope|"
                r"Will of Despair)\] in your deck(?P<stone> or (?:a )?magic stone deck)?\."),
     _forbid),
    (re.compile(r"You cannot have non-(?P<a>light|fire|water|wind|darkness) cards in your "
                r"deck\.(?P<b>)(?P<within>)"), _only),
    (re.compile(r"You may have only (?P<a>\w+) and/or (?P<b>\w+) cards in your deck"
                r"(?P<within> with no attributes other than (?P<c>\w+) or (?P<d>\w+))?\."),
     _only),
    (re.compile(r"You have no maximum deck size, but must have at least (?P<n>\d+) cards in "
                r"your deck\."),
     lambda m: [{"rule": "deck_size", "zone": "main", "min": int(m["n"]), "no_maximum": True}]),
    (re.compile(r"You may have \(Stranger\) resonators in your deck\. You may not have more "
                r"than one copy of any \(Stranger\) resonator in your deck\."),
     lambda m: [{"rule": "allow_in_main", "what": "stranger_resonator", "copy_limit": 1}]),
    (re.compile(r"\[Grimoire\] \((?P<n>\d+)\) \(Begin the game with an extra deck of up to "
                r"\w+ Story chants\..*\)", re.S),
     lambda m: [{"rule": "grimoire", "size": int(m["n"]), "what": "story_chant"}]),
    (re.compile(r"\[Stranger\] (?P<n>\d+) \(You may begin the game with an? (?:Stranger|extra) "
                r"deck of exactly \w+ \(Stranger\) resonators\..*\)", re.S),
     lambda m: [{"rule": "stranger", "size": int(m["n"])}]),
    (re.compile(r"<(?P<name>[^>]+)> EX Deck \((?P<n>\d+)\) - .*", re.S),
     lambda m: [{"rule": "ex_deck", "name": m["name"], "size": int(m["n"]),
                 "checked": False}]),
    (re.compile(r"You must have exactly (?P<n>\w+) cards in your deck\. As the game starts, "
                r"you may not have this card in your side deck\."),
     lambda m: [{"rule": "deck_size", "zone": "main", "min": _n(m["n"]), "max": _n(m["n"]),
                 "checked": False},
                {"rule": "not_in_side", "checked": False}]),
    (re.compile(r"You may only have cards with a total of exactly (?P<n>\w+) different card "
                r"names in your deck\."),
     lambda m: [{"rule": "distinct_names", "zone": "main", "exactly": _n(m["n"]),
                 "checked": False}]),
    (re.compile(r'If you have exactly four cards named "[^"]+" and four cards named "[^"]+" in '
                r"your deck, you may start the game with exactly (?P<n>\w+) rulers you own "
                r'named "(?P<name>[^"]+)" that don\'t share a name on their J-ruler side as '
                r"starting rulers\."),
     lambda m: [{"rule": "starting_rulers", "name": m["name"], "count": _n(m["n"]),
                 "checked": False}]),
]


def looks_like_deck_rule(entry: str) -> bool:
    return bool(_DECK_WORDS.search(entry) and _DECK_VERBS.search(entry))


def parse_deck_rules(raw: dict, where: str) -> list[dict]:
    """Structured deck rules of one fowsim entry; unknown deck-building text is an error."""
    rules: list[dict] = []
    for entry in raw.get("abilities") or []:
        text = " ".join(entry.split())
        matched = False
        for pattern, build in DECK_RULE_PATTERNS:
            m = pattern.fullmatch(text)
            if m:
                try:
                    rules.extend(build(m))
                except ValueError as exc:
                    raise DataError(f"{where}: card {raw['id']} ({raw['name']}): "
                                    f"unreadable number {exc} in a deck-building rule") from exc
                matched = True
                break
        if not matched and looks_like_deck_rule(text):
            raise DataError(f"{where}: card {raw['id']} ({raw['name']}): deck-building text "
                            "not recognised; add a pattern to DECK_RULE_PATTERNS")
    return rules


def _unique(items: Iterable[Any]) -> list[Any]:
    out: list[Any] = []
    for item in items:
        if item not in out:
            out.append(item)
    return out


# --------------------------------------------------------------------------- records

def build_record(rec: Record, where: str) -> None:
    """Fill ``rec.data`` (everything except aliases and OCTGN ids)."""
    first = rec.printings[0]
    raws = [p.raw for p in rec.printings]
    facts = card_facts(raws, where)
    data = {"id": first.id, "name": first.name}
    data["faces"] = build_faces(rec, where)
    data.update(facts)
    data["deck_rules"] = _unique(r for raw in raws for r in parse_deck_rules(raw, where))
    data["orphan_j"] = is_orphan_j(first)
    data["versions"] = rec.data.get("versions")
    data["clusters"] = _unique(p.cluster for p in rec.printings)
    data["sets"] = _unique(p.set for p in rec.printings)
    data["printings"] = [compact({"id": p.id, "name": p.name if p.name != first.name else None,
                                  "set": p.set, "cluster": p.cluster,
                                  "rarity": (p.raw.get("rarity") or "").strip()})
                         for p in rec.printings]
    data["ids"] = [i for p in rec.printings for i in [p.id] + [b.id for b in p.backs]]
    rec.data = data


def build_faces(rec: Record, where: str) -> list[dict]:
    """The distinct back faces over all printings (same name up to data suffix = one face)."""
    by_key: dict[str, list[Face]] = {}
    for p in rec.printings:
        for back in p.backs:
            by_key.setdefault(key(strip_suffix(back.name)), []).append(back)
    faces = []
    for backs in by_key.values():
        facts = card_facts([b.raw for b in backs], where)
        face = {"id": backs[0].id, "name": backs[0].name}
        face.update({k: facts[k] for k in ("types", "subtypes", "stone_types", "attributes",
                                           "races", "keywords")})
        face["deck_rules"] = _unique(r for b in backs for r in parse_deck_rules(b.raw, where))
        faces.append(compact(face))
    return faces


# --------------------------------------------------------------------------- OCTGN

@dataclass
class OctgnCard:
    guid: str
    name: str
    set: str
    number: str
    alternates: list[tuple[str, str]]  # (name, number)
    file: Path


def read_octgn(sets_dir: Path) -> list[OctgnCard]:
    """Cards of every OCTGN ``set.xml`` (safe parser: no DTDs, no entities)."""
    from defusedxml import ElementTree

    cards: list[OctgnCard] = []
    for path in sorted(sets_dir.glob("*/set.xml")):
        try:
            root = ElementTree.parse(path).getroot()
        except Exception as exc:  # defusedxml and expat errors
            raise DataError(f"{path}: unreadable set.xml ({exc})") from exc
        for card in root.iter("card"):
            props = {p.get("name"): (p.get("value") or "") for p in card.findall("property")}
            guid, name = card.get("id"), (card.get("name") or "").strip()
            if not guid or not name:
                raise DataError(f"{path}: card without id or name: {card.attrib}")
            alternates = []
            for alt in card.findall("alternate"):
                alt_props = {p.get("name"): (p.get("value") or "") for p in alt.findall("property")}
                alternates.append(((alt.get("name") or "").strip(), alt_props.get("Number", "")))
            cards.append(OctgnCard(guid, name, props.get("Set", "").strip(),
                                   props.get("Number", "").strip(), alternates, path))
    return cards


def match_octgn(cards: list[OctgnCard], records: list[Record]) -> dict:
    """Add ``octgn_ids`` and OCTGN spellings (alias candidates) to the matched records.

    Match by normalised front name; when several records share it, prefer the one whose back
    face has the OCTGN J-ruler's name, then Set+Number.  A name with no match falls back to
    Set+Number if the two names are close (OCTGN spelling slips).
    """
    by_name: dict[str, list[Record]] = defaultdict(list)
    by_printing: dict[str, Record] = {}
    for rec in records:
        by_name[key(rec.data["name"])].append(rec)
        for p in rec.printings:
            by_printing[p.id] = rec
            for b in p.backs:
                by_printing[b.id] = rec
    unmatched, by_number = [], 0
    for card in cards:
        candidates = by_name.get(key(card.name), [])
        if len(candidates) > 1:
            candidates = _tie_break(card, candidates, by_printing)
        if not candidates:
            rec = _by_set_number(card, by_printing)
            if rec is None or fuzz.ratio(spaced(card.name), spaced(rec.data["name"])) < 80:
                unmatched.append(f"{card.name} ({card.set} {card.number})")
                continue
            by_number += 1
            candidates = [rec]
        rec = candidates[0]
        rec.data.setdefault("octgn_ids", []).append(card.guid)
        spellings = rec.data.setdefault("_octgn_names", [])
        spellings.extend([card.name] + [n for n, _ in card.alternates if n])
    for rec in records:
        if "octgn_ids" in rec.data:
            rec.data["octgn_ids"] = sorted(set(rec.data["octgn_ids"]))
    return {"octgn_cards": len(cards), "octgn_matched_by_number": by_number,
            "octgn_unmatched": unmatched}


def _tie_break(card: OctgnCard, candidates: list[Record],
               by_printing: dict[str, Record]) -> list[Record]:
    alt_keys = {key(strip_suffix(n)) for n, _ in card.alternates if n}
    with_back = [r for r in candidates
                 if alt_keys & {key(strip_suffix(f["name"])) for f in r.data.get("faces", [])}]
    if len(with_back) == 1:
        return with_back
    numbered = _by_set_number(card, by_printing)
    if numbered in candidates:
        return [numbered]
    raise DataError(f"{card.file}: OCTGN card {card.name!r} ({card.set} {card.number}) "
                    "matches several records and no tie-breaker decides")


def _by_set_number(card: OctgnCard, by_printing: dict[str, Record]) -> Record | None:
    set_code = OCTGN_SET_CODES.get(card.set, card.set)
    for number in [card.number] + [n for _, n in card.alternates]:
        for part in number.split("/"):
            rec = by_printing.get(f"{set_code}-{part.strip()}")
            if rec is not None:
                return rec
    return None


# --------------------------------------------------------------------------- aliases

def add_aliases(records: list[Record]) -> dict:
    """Set ``aliases``: OCTGN and data spellings, bare names, "front // back" for versions.

    A spelling is kept only if no *other* record answers to its normalised key (by name,
    face name or another alias candidate), and it is not one of the record's own names.
    """
    owners: dict[str, set[str]] = defaultdict(set)
    candidates: dict[str, list[str]] = {}
    for rec in records:
        own = [rec.data["name"]] + [f["name"] for f in rec.data.get("faces", [])]
        for n in own:
            owners[key(n)].add(rec.id)
        cand = [p.name for p in rec.printings[1:]]  # other data spellings of the name
        cand += rec.data.pop("_octgn_names", [])
        cand += [strip_suffix(n) for n in own]
        if rec.data.get("versions"):
            cand += [f"{rec.data['name']} // {f['name']}" for f in rec.data.get("faces", [])]
        cand = [c for c in _unique(c.strip() for c in cand) if c and c not in own]
        candidates[rec.id] = cand
        for c in cand:
            owners[key(c)].add(rec.id)
    added = dropped = 0
    for rec in records:
        kept = []
        for c in candidates[rec.id]:
            if owners[key(c)] == {rec.id}:
                kept.append(c)
            elif len(owners[key(c)]) > 1:
                dropped += 1
        rec.data["aliases"] = sorted(kept)
        added += len(kept)
    return {"aliases": added, "aliases_dropped_as_colliding": dropped}


# --------------------------------------------------------------------------- clusters

def read_fowdb(source: Path, fowsim_sets: dict[str, list[str]]) -> tuple[dict, list[str]]:
    """``clusters.yaml`` content from fowdb's files, cross-checked against fowsim's sets."""
    try:
        fd_clusters = json.loads((source / FOWDB_CLUSTERS).read_text(encoding="utf-8"))
        fd_formats = json.loads((source / FOWDB_FORMATS).read_text(encoding="utf-8"))
        formats = fd_formats["list"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise DataError(f"{source / FOWDB_FORMATS} / {FOWDB_CLUSTERS.name}: {exc}") from exc
    notes: list[str] = []
    names_by_id: dict[str, str] = {}
    clusters: dict[str, dict] = {}
    for cname, sets in fowsim_sets.items():
        clusters[cname] = {"sets": sets}
    for cid in sorted(fd_clusters, key=int):
        entry = fd_clusters[cid]
        cname = re.sub(r"\s+Cluster$", "", entry["name"]).strip()
        names_by_id[cid] = cname
        fd_sets = sorted(entry.get("sets", {}))
        info = clusters.setdefault(cname, {"sets": [], "in_card_data": False})
        info["fowdb_id"] = int(cid)
        info["fowdb_sets"] = fd_sets
        known = {s.casefold() for s in info["sets"]}
        missing = [s for s in fd_sets if s.casefold() not in known]
        if info["sets"] and missing:
            notes.append(f"fowdb cluster {cname}: sets {missing} not in fowsim's {cname}")
    fowdb_formats = {}
    for fid in sorted(formats):
        fmt = formats[fid]
        ids = sorted(str(c) for c in fmt["clusters"])
        unknown = [c for c in ids if c not in names_by_id]
        if unknown:
            raise DataError(f"{source / FOWDB_FORMATS}: format {fid}: unknown clusters {unknown}")
        fowdb_formats[fid] = {"name": fmt["name"],
                              "clusters": [names_by_id[c] for c in sorted(ids, key=int)]}
    table = {"clusters": clusters, "fowdb_formats": fowdb_formats,
             "fowdb_default_format": fd_formats.get("default")}
    return table, notes


CLUSTERS_HEADER = """\
Force of Will clusters - facts only, generated by deckcheck/games/fow/importer.py.
clusters: fowsim cluster name -> its set codes in release order (`sets`, from fowsim
cards.json), with fowdb's cluster id and set codes where fowdb has the cluster ("X Cluster"
in fowdb is fowsim's "X"); `in_card_data: false` = no card of that cluster in the card data.
fowdb_formats: fowdb's format ids -> name and cluster names (fowdb's state of about 2019)."""


# --------------------------------------------------------------------------- checks

def check_output(records: list[Record]) -> None:
    """Guard the facts-only promise: no long free text, no text fields, unique ids."""
    seen: set[str] = set()
    for rec in records:
        if rec.data["id"] in seen:
            raise DataError(f"duplicate record id {rec.data['id']}")
        seen.add(rec.data["id"])
        _check_value(rec.data, rec.data["id"])


_FORBIDDEN_KEYS = {"abilities", "text", "flavour", "flavor", "artists"}


def _check_value(value: Any, where: str) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            if k in _FORBIDDEN_KEYS:
                raise DataError(f"record {where}: forbidden key {k!r}")
            _check_value(v, where)
    elif isinstance(value, list):
        for v in value:
            _check_value(v, where)
    elif isinstance(value, str) and len(value) > 160:
        raise DataError(f"record {where}: string too long for a fact: {value[:40]}…")


# --------------------------------------------------------------------------- main

def summarise(records: list[Record], fronts: list[Face], faces: list[Face]) -> dict:
    """Counts for the caller (and for the data tests of fow.md §7 D1)."""
    names = {r.data["name"] for r in records}

    def count(pred) -> int:
        return len({r.data["name"] for r in records if pred(r.data)})

    return {
        "faces": len(faces),
        "physical_cards": len(fronts),
        "records": len(records),
        "names": len(names),
        "rulers": count(lambda d: "ruler" in d["types"] and "basic" not in d["subtypes"]),
        "basic_rulers": count(lambda d: "ruler" in d["types"] and "basic" in d["subtypes"]),
        "basic_stones": count(lambda d: d.get("stone_class") == "basic"),
        "special_stones": count(lambda d: d.get("stone_class") == "special"),
        "true_stones": count(lambda d: d.get("true_stone")),
        "runes": count(lambda d: "rune" in d["types"]),
        "master_runes": count(lambda d: "rune" in d["types"] and "master" in d["subtypes"]),
        "stranger_resonators": count(lambda d: "stranger" in d["subtypes"]),
        "sub_rulers": count(lambda d: "sub_ruler" in d["types"]),
        "extension_rules": count(lambda d: "extension_rule" in d["types"]),
        "orphan_j": sum(1 for r in records if r.data.get("orphan_j")),
        "ruler_versions": sum(1 for r in records if r.data.get("versions")),
        "deck_rule_cards": sum(1 for r in records if r.data.get("deck_rules")),
    }


def run(source: Path, out: Path) -> dict:
    """Import Force of Will from ``source`` (the shared ``data/fow``) into ``out``."""
    started = time.perf_counter()
    source, out = Path(source), Path(out)
    cards_path = source / FOWSIM_CARDS
    faces = read_fowsim(cards_path)
    fronts = link_faces(faces)
    records = group_by_name(fronts)
    for rec in records:
        build_record(rec, str(cards_path))
    octgn = match_octgn(read_octgn(source / OCTGN_SETS), records)
    alias_counts = add_aliases(records)
    records.sort(key=lambda r: r.data["id"])
    check_output(records)

    fowsim_sets: dict[str, list[str]] = {}
    for f in faces:
        sets = fowsim_sets.setdefault(f.cluster, [])
        if f.set not in sets:
            sets.append(f.set)
    clusters_table, cluster_notes = read_fowdb(source, fowsim_sets)

    out.mkdir(parents=True, exist_ok=True)
    dump_yaml(out / "cards.yaml", {"cards": [_ordered(compact(r.data)) for r in records]},
              header=CARDS_HEADER)
    dump_yaml(out / "clusters.yaml", clusters_table, header=CLUSTERS_HEADER)
    notes = ["Card names © FORCE OF WILL Co., Ltd. Facts only.",
             "Ability and flavour text were read only to derive `keywords` and `deck_rules`; "
             "no text is stored.",
             "fowdb's cluster/format files describe the state of about 2019 (fow.md §4.5)."]
    notes += cluster_notes
    if octgn["octgn_unmatched"]:
        notes.append("OCTGN cards without a fowsim match: " + "; ".join(octgn["octgn_unmatched"]))
    write_sources(out, "fow", "Force of Will", SOURCES, notes=notes,
                  files=["cards.yaml", "clusters.yaml"])

    summary = summarise(records, fronts, faces)
    summary.update(octgn)
    summary.update(alias_counts)
    summary["seconds"] = round(time.perf_counter() - started, 2)
    return summary


_FIELD_ORDER = ["id", "name", "aliases", "faces", "types", "subtypes", "stone_class",
                "true_stone", "stone_types", "attributes", "races", "keywords", "divinity",
                "cost", "atk", "def", "deck_rules", "orphan_j", "versions", "clusters", "sets",
                "printings", "ids", "octgn_ids"]


def _ordered(data: dict) -> dict:
    unknown = set(data) - set(_FIELD_ORDER)
    if unknown:
        raise DataError(f"record {data.get('id')}: unexpected fields {sorted(unknown)}")
    return {k: data[k] for k in _FIELD_ORDER if k in data}
