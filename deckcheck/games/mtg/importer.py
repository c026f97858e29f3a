"""Magic: The Gathering importer: MTGJSON card data -> the facts-only ``cards/mtg/`` folder.

Accepted sources (recognised by their content, not by their file names):

* a folder of MTGJSON v3 set files (``SOM.json`` …); language files such as ``SOM.cn.json``
  are skipped, a v5 ``SetList.json`` in the folder is used as set metadata;
* one v3 set file, or a v3 ``AllSets.json``;
* an MTGJSON v5 ``AllPrintings.json`` (or a v5 single-set file);
* an MTGJSON v5 ``AtomicCards.json``; a ``SetList.json`` beside it adds set names, dates and
  types (AtomicCards has no collector numbers or rarities, so records get no ``printings``).

How it works: each reader turns its source into :class:`Face` rows - one per card face per
printing, in one shape whatever the source - and :func:`build_records` groups the rows into
one record per card (per front face).  Four files are written:

* ``cards.yaml``: the card records (see ``docs/card-data.md`` and mtg.md §4.3);
* ``sets.yaml``: set code, English / zh-Hans / zh-Hant names, release date, type, block,
  counts and the double-faced cards of each set;
* ``confusables.yaml``: near-collision name pairs (mtg.md §3.7) and the name collisions that
  make a Chinese or face name ambiguous;
* ``SOURCES.md``: provenance.

``deckcheck cards import mtgjson FILE`` writes to the user data folder, which is read after
the shipped ``cards/mtg``; there a record replaces the shipped one with the same id, so the
import is merged with the shipped data (:func:`merge_with_base`) and a partial import (one
newer set) keeps the older printings of reprinted cards.

Record ids are the slug of the canonical English name: the normalised spaced form with words
joined by ``-`` (``Delver of Secrets`` -> ``delver-of-secrets``, ``Séance`` -> ``seance``,
``Fire // Ice`` -> ``fire-ice``).  A slug does not change when a card is reprinted or when a
newer data set is imported, and it is unique because normalised names are unique (checked).

The canonical name of a card is its front face (transform, flip, meld, adventure, modal
double-faced cards) or ``Left // Right`` (split and aftermath cards).  ``Front // Back`` is
kept as ``full_name`` and as an alias.

Only facts are stored.  Card text is scanned for a deck-limit sentence ("A deck can have any
number of cards named …") and only the resulting ``deck_limit`` flag is kept; ``text``,
``flavor``, ``rulings`` and the rest are never stored, and ``legalities`` is never read
(MTGJSON's values describe the day the data was built, not historical formats).
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable

from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

from deckcheck.carddb.importers.common import DataError, compact, dump_yaml, write_sources
from deckcheck.matching.normalise import key, spaced

IMPORTER_VERSION = "1.0"

#: v3 colour words -> colour letters; letters are written in WUBRG order.
COLOR_LETTERS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}
WUBRG = "WUBRG"

#: v3 layout words -> the v5 words used in the records.
V3_LAYOUTS = {"double-faced": "transform"}

#: Layouts that are not deck cards (tokens, planes, art cards …): not imported.
SKIP_LAYOUTS = {"token", "double_faced_token", "emblem", "art_series", "plane", "planar",
                "scheme", "phenomenon", "vanguard", "reversible_card"}

#: Layouts whose canonical name is "Left // Right" (every half is a face).
SPLIT_LAYOUTS = {"split", "aftermath"}

#: v3 rarity words -> record words (v5 files already use these).
RARITIES = {"Common": "common", "Uncommon": "uncommon", "Rare": "rare",
            "Mythic Rare": "mythic", "Basic Land": "basic", "Special": "special"}

#: The languages of v3 ``foreignNames`` (mtg.md §4.4); anything else is a malformed file.
V3_LANGUAGES = {"German", "Spanish", "French", "Italian", "Japanese", "Portuguese (Brazil)",
                "Russian", "Chinese Simplified", "Chinese Traditional", "Korean"}
V3_FOREIGN_KEYS = {"language", "name", "multiverseid"}

#: Language names that may appear in v5 ``foreignData`` (used to spot swapped keys).
KNOWN_LANGUAGES = V3_LANGUAGES | {"Portuguese", "Ancient Greek", "Arabic", "Hebrew", "Latin",
                                  "Phyrexian", "Sanskrit", "Quenya"}

#: foreign language -> record key for Chinese names (other languages are not stored).
CHINESE = {"Chinese Simplified": "zh-Hans", "Chinese Traditional": "zh-Hant"}

#: Traditional-Chinese set names as printed in Taiwan (MTGJSON's ``tw`` translation holds the
#: Simplified string for most sets, so it is used only when it differs from ``cn``).
#: M12's Traditional name is unverified.
ZH_HANT_SET_NAMES = {"SOM": "秘羅地創痕", "MBS": "圍攻秘羅地", "NPH": "新非瑞克西亞",
                     "M12": "魔法風雲會2012", "ISD": "依尼翠", "DKA": "黑影籠罩"}

NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty".split())}
_ANY_NUMBER = re.compile(r"a deck can have any number of cards named", re.I)
_UP_TO = re.compile(r"a deck can have up to (\w+) cards named", re.I)

#: Confusable thresholds (mtg.md §3.7).
CONFUSABLE_RATIO = 80.0
CONFUSABLE_DISTANCE = 2


# --------------------------------------------------------------------------- intermediate rows

@dataclass
class Face:
    """One face of one printing, in the same shape whatever the source format."""

    card: str                      # canonical card name (the grouping key)
    index: int                     # 0 = front / left half; 1 … = other faces
    name: str
    layout: str
    origin: str                    # "<file>" or "<file> <SET>", for error messages
    types: list[str] = field(default_factory=list)
    supertypes: list[str] = field(default_factory=list)
    subtypes: list[str] = field(default_factory=list)
    mana_cost: str | None = None
    cmc: int | float | None = None
    colors: list[str] = field(default_factory=list)
    color_identity: list[str] = field(default_factory=list)
    zh: dict[str, list[str]] = field(default_factory=dict)
    printing: dict[str, Any] | None = None
    printed_in: list[str] = field(default_factory=list)
    deck_limit: int | str | None = None
    ascii_name: str | None = None
    full: str | None = None        # the data's "A // B" name of a v5 multi-face object


@dataclass
class SetInfo:
    code: str
    name: str | None = None
    zh_hans: str | None = None
    zh_hant: str | None = None
    released: str | None = None
    type: str | None = None
    block: str | None = None
    objects: int | None = None


@dataclass
class Source:
    """Everything read from the source: rows, set metadata and provenance details."""

    kind: str
    faces: list[Face] = field(default_factory=list)
    sets: dict[str, SetInfo] = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)


# --------------------------------------------------------------------------- small helpers

def _colors(values: Iterable[str] | None) -> list[str]:
    letters = {COLOR_LETTERS.get(v, v) for v in values or ()}
    return [c for c in WUBRG if c in letters] + sorted(letters - set(WUBRG))


def _cmc(value: Any) -> int | float | None:
    if value is None:
        return None
    value = float(value)
    return int(value) if value.is_integer() else value


def _number_base(number: str) -> str:
    """``51a`` -> ``51`` (v3 face letters); other numbers are returned unchanged."""
    m = re.fullmatch(r"(\d+)[a-z]", number)
    return m.group(1) if m else number


def _number_sort(number: str) -> tuple:
    m = re.match(r"(\d*+)(.*)", number)
    return (int(m.group(1)) if m.group(1) else 10**9, m.group(2))


def _deck_limit(text: str | None) -> int | str | None:
    """The deck-limit flag a card's own text sets (the text itself is not kept)."""
    if not text:
        return None
    if _ANY_NUMBER.search(text):
        return "any"
    m = _UP_TO.search(text)
    if m:
        word = m.group(1).lower()
        return int(word) if word.isdigit() else NUMBER_WORDS.get(word)
    return None


def _chinese_name(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).split())


def _compact(record: dict) -> dict:
    """:func:`compact` that keeps numeric zeros (a land's cmc 0, a count of 0)."""
    kept = compact(record)
    return {k: v for k, v in record.items()
            if k in kept or (isinstance(v, (int, float)) and not isinstance(v, bool))}


def _add_unique(target: list, values: Iterable) -> None:
    for v in values:
        if v not in target:
            target.append(v)


def slug(name: str) -> str:
    """The record id of a card: its spaced normalised name with ``-`` between words."""
    return spaced(name).replace(" ", "-")


def _load_json(path: Path) -> Any:
    try:
        with path.open(encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError) as exc:
        raise DataError(f"{path.name}: cannot read JSON ({exc})") from exc


# --------------------------------------------------------------------------- MTGJSON v3

def _v3_check_foreign(item: Any, origin: str, card: dict) -> None:
    """Reject ``foreignNames`` items that are not {language, name, multiverseid}.

    A known bad copy of DKA.json has ``language`` and ``name`` swapped; its language values
    are card names, so they fail the language check.
    """
    where = f"{origin}: card {card.get('name')!r} (number {card.get('number')})"
    if not isinstance(item, dict) or not {"language", "name"} <= set(item) \
            or not set(item) <= V3_FOREIGN_KEYS:
        raise DataError(f"{where}: malformed foreignNames entry {item!r}")
    if item["language"] not in V3_LANGUAGES:
        raise DataError(f"{where}: foreignNames entry has unknown language "
                        f"{item['language']!r} (name {item['name']!r}; keys swapped?)")


def _v3_chinese(card: dict, origin: str) -> dict[str, list[str]]:
    zh: dict[str, list[str]] = {}
    for item in card.get("foreignNames") or ():
        _v3_check_foreign(item, origin, card)
        lang = CHINESE.get(item["language"])
        if lang:
            _add_unique(zh.setdefault(lang, []), [_chinese_name(item["name"])])
    return zh


def _v3_positions(card: dict, layout: str) -> list[tuple[str, int]]:
    """(canonical card name, face index) pairs a v3 object belongs to.

    Split halves form ``Left // Right``; transform and flip faces belong to ``names[0]``.
    A meld object lists [front, melded back, other front]: each front is its own card and
    the melded back is a face of both.
    """
    name = card["name"]
    names = card.get("names") or [name]
    if name not in names:
        raise DataError(f"{card.get('name')!r}: `names` {names!r} does not list the card")
    if len(names) == 1:
        return [(name, 0)]
    if layout in SPLIT_LAYOUTS:
        return [(" // ".join(names), names.index(name))]
    if layout == "meld" and len(names) == 3:
        return [(names[0], 1), (names[2], 1)] if name == names[1] else [(name, 0)]
    return [(names[0], names.index(name))]


def _v3_set_info(data: dict) -> SetInfo:
    code = data["code"]
    tr = data.get("translations") or {}
    hant = ZH_HANT_SET_NAMES.get(code)
    if hant is None and tr.get("tw") and tr.get("tw") != tr.get("cn"):
        hant = tr["tw"]
    return SetInfo(code=code, name=data.get("name"), zh_hans=tr.get("cn"), zh_hant=hant,
                   released=data.get("releaseDate"), type=data.get("type"),
                   block=data.get("block"), objects=len(data.get("cards") or ()))


def _v3_faces(data: dict, origin: str) -> list[Face]:
    """Rows of one v3 set; checks the set's own printing and the DFC shape."""
    code = data["code"]
    rows: list[Face] = []
    for card in data.get("cards") or ():
        layout = V3_LAYOUTS.get(card.get("layout", "normal"), card.get("layout", "normal"))
        if layout in SKIP_LAYOUTS:
            continue
        if "name" not in card:
            raise DataError(f"{origin}: a card object has no name (number {card.get('number')})")
        printed_in = list(card.get("printings") or ())
        if code not in printed_in:
            raise DataError(f"{origin}: card {card['name']!r}: `printings` {printed_in} "
                            f"does not include the file's own set {code}")
        zh = _v3_chinese(card, origin)
        number = str(card.get("number") or "")
        printing = {"set": code, "number": number,
                    "rarity": RARITIES.get(card.get("rarity"), card.get("rarity")),
                    "multiverseid": card.get("multiverseid")}
        for canonical, index in _v3_positions(card, layout):
            rows.append(Face(
                card=canonical, index=index, name=card["name"], layout=layout, origin=origin,
                types=list(card.get("types") or ()), supertypes=list(card.get("supertypes") or ()),
                subtypes=list(card.get("subtypes") or ()), mana_cost=card.get("manaCost"),
                cmc=_cmc(card.get("cmc")), colors=_colors(card.get("colors")),
                color_identity=_colors(card.get("colorIdentity")), zh=zh,
                printing=dict(printing), printed_in=printed_in,
                deck_limit=_deck_limit(card.get("text"))))
    _check_transform_faces(rows, origin)
    return rows


def _check_transform_faces(rows: list[Face], origin: str) -> None:
    """Every printing of a transform card has exactly one front and one back.

    The faces of one printing share a collector number (v5 ``51``) or its base (v3
    ``51a``/``51b``).
    """
    seen: dict[tuple[str, str], list[Face]] = {}
    for r in rows:
        if r.layout == "transform":
            number = _number_base(r.printing["number"]) if r.printing else ""
            seen.setdefault((r.card, number), []).append(r)
    for (card, _number), faces in seen.items():
        if sorted(f.index for f in faces) != [0, 1] or len({f.name for f in faces}) != 2:
            found = ", ".join(f"{f.name} (face {f.index})" for f in faces)
            raise DataError(f"{origin}: double-faced card {card!r} needs one front and one "
                            f"back face; found {found}")


# --------------------------------------------------------------------------- MTGJSON v5

def _v5_chinese(card: dict, origin: str) -> dict[str, list[str]]:
    zh: dict[str, list[str]] = {}
    for item in card.get("foreignData") or ():
        lang, name = item.get("language"), item.get("name")
        if not isinstance(lang, str) or not lang.isascii() or name in KNOWN_LANGUAGES:
            raise DataError(f"{origin}: card {card.get('name')!r} (number "
                            f"{card.get('number')}): foreignData entry has language {lang!r} "
                            f"and name {name!r} (keys swapped?)")
        code = CHINESE.get(lang)
        if code is None:
            continue
        text = item.get("faceName") or name or ""
        if " // " in text and "faceName" not in item:  # full "A // B" name: take this face
            parts = text.split(" // ")
            side = _v5_side(card)
            text = parts[side] if side < len(parts) else parts[0]
        if text:
            _add_unique(zh.setdefault(code, []), [_chinese_name(text)])
    return zh


def _v5_side(card: dict) -> int:
    side = card.get("side") or "a"
    return max(0, ord(side[0]) - ord("a"))


def _v5_position(card: dict, layout: str) -> tuple[str, int, str]:
    """(canonical card name, face index, face name) of a v5 card object."""
    full = card["name"]
    face_name = card.get("faceName") or full
    if " // " not in full:  # a one-face card, or a melded back listed under its own name
        return full, _v5_side(card), face_name
    index = _v5_side(card)
    if layout in SPLIT_LAYOUTS:
        return full, index, face_name
    return full.split(" // ")[0], index, face_name


def _v5_face(card: dict, origin: str, printing: dict | None, include_funny: bool) -> Face | None:
    layout = card.get("layout", "normal")
    if layout in SKIP_LAYOUTS or (card.get("isFunny") and not include_funny):
        return None
    if "name" not in card:
        raise DataError(f"{origin}: a card object has no name (number {card.get('number')})")
    canonical, index, face_name = _v5_position(card, layout)
    limit = _deck_limit(card.get("text")) if card.get("hasAlternativeDeckLimit") else None
    if card.get("hasAlternativeDeckLimit") and limit is None:
        limit = "any"
    ascii_name = card.get("asciiName")
    return Face(
        card=canonical, index=index, name=face_name, layout=layout, origin=origin,
        types=list(card.get("types") or ()), supertypes=list(card.get("supertypes") or ()),
        subtypes=list(card.get("subtypes") or ()), mana_cost=card.get("manaCost"),
        cmc=_cmc(card.get("manaValue", card.get("convertedManaCost"))),
        colors=_colors(card.get("colors")), color_identity=_colors(card.get("colorIdentity")),
        zh=_v5_chinese(card, origin), printing=printing,
        printed_in=list(card.get("printings") or ()), deck_limit=limit,
        ascii_name=ascii_name if ascii_name and ascii_name != face_name else None,
        full=card["name"])


def _attach_meld_backs(rows: list[Face]) -> list[Face]:
    """v5 lists a melded back face under its own name: make it a face of each of its fronts
    (the fronts are named "Front // Back")."""
    fronts: dict[str, set[str]] = {}
    for r in rows:
        if r.layout == "meld" and r.index == 0 and r.full and " // " in r.full:
            fronts.setdefault(r.full.split(" // ")[-1], set()).add(r.card)
    out = []
    for r in rows:
        owners = fronts.get(r.name) if r.layout == "meld" and r.card == r.name else None
        if owners:
            out += [replace(r, card=front, index=max(r.index, 1)) for front in sorted(owners)]
        elif r.index and r.card == r.name:  # a back face listed alone: keep it as a card
            out.append(replace(r, index=0))
        else:
            out.append(r)
    return out


def _v5_set_info(data: dict) -> SetInfo:
    tr = data.get("translations") or {}
    return SetInfo(code=data["code"], name=data.get("name"),
                   zh_hans=tr.get("Chinese Simplified") or tr.get("cn"),
                   zh_hant=ZH_HANT_SET_NAMES.get(data["code"])
                   or tr.get("Chinese Traditional"),
                   released=data.get("releaseDate"), type=data.get("type"),
                   block=data.get("block"),
                   objects=len(data["cards"]) if "cards" in data else None)


def _v5_set_faces(data: dict, origin: str, include_funny: bool) -> list[Face]:
    code = data["code"]
    rows = []
    for card in data.get("cards") or ():
        ident = card.get("identifiers") or {}
        mid = ident.get("multiverseId", card.get("multiverseId"))
        printing = {"set": card.get("setCode") or code, "number": str(card.get("number") or ""),
                    "rarity": card.get("rarity"),
                    "multiverseid": int(mid) if mid not in (None, "") else None}
        face = _v5_face(card, f"{origin} {code}", printing, include_funny)
        if face is not None:
            rows.append(face)
    _check_transform_faces(rows, f"{origin} {code}")
    return rows


def _v5_atomic_faces(data: dict, origin: str, include_funny: bool) -> list[Face]:
    rows = []
    for _name, objects in sorted(data.items()):
        for card in objects:
            face = _v5_face(card, origin, None, include_funny)
            if face is not None:
                rows.append(face)
    return rows


# --------------------------------------------------------------------------- source detection

def _is_v5_card(card: dict) -> bool:
    return any(k in card for k in ("uuid", "identifiers", "foreignData", "faceName"))


def _read_file(path: Path, src: Source, include_funny: bool) -> None:
    """Add one JSON file's rows and set metadata to ``src`` (format found by content)."""
    data = _load_json(path)
    origin = path.name
    body = data.get("data") if isinstance(data, dict) and "data" in data else None
    if isinstance(data, dict) and isinstance(data.get("meta"), dict):
        src.meta.setdefault("v5", data["meta"])
    if isinstance(body, list):                                     # v5 SetList.json
        for item in body:
            if isinstance(item, dict) and "code" in item:
                src.sets.setdefault(item["code"], _v5_set_info(item))
        src.files.append(path)
        return
    if isinstance(body, dict) and "cards" in body:                 # v5 single set
        sets = [body]
    elif isinstance(body, dict) and body and all(isinstance(v, list) for v in body.values()):
        src.kind = "mtgjson5-atomic"                               # v5 AtomicCards.json
        src.faces += _v5_atomic_faces(body, origin, include_funny)
        src.files.append(path)
        return
    elif isinstance(body, dict) and body and all(isinstance(v, dict) and "cards" in v
                                                 for v in body.values()):
        sets = list(body.values())                                 # v5 AllPrintings.json
    elif isinstance(data, dict) and "cards" in data and "code" in data:
        sets = [data]                                              # v3 set file
    elif isinstance(data, dict) and data and all(isinstance(v, dict) and "cards" in v
                                                 for v in data.values()):
        sets = list(data.values())                                 # v3 AllSets.json
    else:
        raise DataError(f"{origin}: not MTGJSON card data (no set files, AllPrintings or "
                        "AtomicCards structure found)")
    for s in sets:
        if "code" not in s:
            raise DataError(f"{origin}: a set has no `code`")
        v5 = any(_is_v5_card(c) for c in (s.get("cards") or ())[:5])
        src.kind = "mtgjson5" if v5 else "mtgjson3"
        info = _v5_set_info(s) if v5 else _v3_set_info(s)
        src.sets[info.code] = info
        src.faces += (_v5_set_faces(s, origin, include_funny) if v5
                      else _v3_faces(s, origin))
    src.files.append(path)


def _folder_files(folder: Path) -> list[Path]:
    """Card files of a folder: ``*.json`` minus language files (``SOM.cn.json``)."""
    files = sorted(p for p in folder.glob("*.json") if "." not in p.stem)
    if not files:
        raise DataError(f"{folder}: no MTGJSON files (*.json) found")
    return files


def read_source(source: Path, include_funny: bool = False) -> Source:
    """Read a folder or a file of MTGJSON data into :class:`Face` rows and set metadata."""
    source = Path(source)
    src = Source(kind="")
    if source.is_dir():
        for path in _folder_files(source):
            _read_file(path, src, include_funny)
    elif source.is_file():
        _read_file(source, src, include_funny)
        setlist = source.parent / "SetList.json"
        if src.kind == "mtgjson5-atomic" and setlist.is_file():
            _read_file(setlist, src, include_funny)
    else:
        raise DataError(f"{source}: no such file or folder")
    if not src.faces:
        raise DataError(f"{source}: no cards found")
    if src.kind.startswith("mtgjson5"):
        src.faces = _attach_meld_backs(src.faces)
    return src


# --------------------------------------------------------------------------- building records

def _set_order(sets: dict[str, SetInfo]) -> dict[str, int]:
    ordered = sorted(sets.values(), key=lambda s: (s.released or "9999", s.code))
    return {s.code: i for i, s in enumerate(ordered)}


def _merge_names(faces: list[Face]) -> dict[str, list[str]]:
    names: dict[str, list[str]] = {}
    for lang in ("zh-Hans", "zh-Hant"):
        for f in faces:
            _add_unique(names.setdefault(lang, []), f.zh.get(lang, ()))
    return compact(names)


def _printings(faces: list[Face], order: dict[str, int], front: bool) -> list[dict]:
    seen: dict[tuple, dict] = {}
    for f in faces:
        p = f.printing
        if not p or (p["set"], p["number"]) in seen:
            continue
        entry = {"set": p["set"], "number": p["number"]}
        if front:
            entry["number_base"] = _number_base(p["number"])
            entry["rarity"] = p.get("rarity")
        entry["multiverseid"] = p.get("multiverseid")
        seen[(p["set"], p["number"])] = _compact(entry)
    return sorted(seen.values(),
                  key=lambda e: (order.get(e["set"], len(order)), e["set"],
                                 _number_sort(e["number"])))


def _face_entry(faces: list[Face], order: dict[str, int]) -> dict:
    first = faces[0]
    return _compact({
        "id": slug(first.name), "name": first.name, "names": _merge_names(faces),
        "types": first.types, "supertypes": first.supertypes, "subtypes": first.subtypes,
        "mana_cost": first.mana_cost, "colors": first.colors,
        "printings": _printings(faces, order, front=False)})


def _card_record(card: str, rows: list[Face], order: dict[str, int]) -> dict:
    """One record from every row (face x printing) of one card."""
    by_index: dict[int, list[Face]] = {}
    for r in rows:
        by_index.setdefault(r.index, []).append(r)
    for index, faces in by_index.items():
        if len({f.name for f in faces}) != 1:
            raise DataError(f"{faces[0].origin}: card {card!r} face {index} has different "
                            f"names in different printings: {sorted({f.name for f in faces})}")
    split = rows[0].layout in SPLIT_LAYOUTS
    if 0 not in by_index:
        raise DataError(f"{rows[0].origin}: card {card!r} has no front face in the data")
    front = by_index[0]
    f0 = front[0]
    face_indexes = sorted(by_index) if split else sorted(i for i in by_index if i > 0)
    faces = [_face_entry(by_index[i], order) for i in face_indexes]
    full_name = card if split else " // ".join([f0.name] + [by_index[i][0].name
                                                           for i in face_indexes])
    aliases = [] if full_name == card else [full_name]
    _add_unique(aliases, [f.ascii_name for f in front if f.ascii_name])
    printed_in: list[str] = []
    for r in rows:
        _add_unique(printed_in, r.printed_in)
    printings = _printings(front, order, front=True)
    sets = sorted({p["set"] for p in printings} or set(printed_in),
                  key=lambda c: (order.get(c, len(order)), c))
    limits = {r.deck_limit for r in front if r.deck_limit is not None}
    return _compact({
        "id": slug(card), "name": card, "full_name": full_name if full_name != card else None,
        "aliases": aliases, "names": {} if split else _merge_names(front),
        "layout": f0.layout, "types": f0.types, "supertypes": f0.supertypes,
        "subtypes": f0.subtypes, "is_basic": "Basic" in f0.supertypes,
        "mana_cost": f0.mana_cost, "cmc": f0.cmc, "colors": f0.colors,
        "color_identity": f0.color_identity, "faces": faces, "sets": sets,
        "printed_in": printed_in, "printings": printings,
        "deck_limit": sorted(limits, key=str)[0] if limits else None})


def _row_order(row: Face, order: dict[str, int]) -> tuple:
    p = row.printing
    if not p:
        return (-1, "", (0, ""))
    return (order.get(p["set"], len(order)), p["set"], _number_sort(p["number"]))


def build_records(rows: list[Face], sets: dict[str, SetInfo]) -> list[dict]:
    """Group the rows by card and build the records, sorted by id."""
    order = _set_order(sets)
    grouped: dict[str, list[Face]] = {}
    # oldest printing first, so that the first row of a face is the same for every source
    for r in sorted(rows, key=lambda r: _row_order(r, order)):
        grouped.setdefault(r.card, []).append(r)
    records = [_card_record(card, faces, order) for card, faces in grouped.items()]
    _check_unique_names(records, grouped)
    return sorted(records, key=lambda r: r["id"])


def _check_unique_names(records: list[dict], grouped: dict[str, list[Face]]) -> None:
    """Two cards whose canonical names share a normalised key (or an id) cannot be told apart."""
    seen: dict[str, str] = {}
    for rec in records:
        for k in (key(rec["name"]), "id:" + rec["id"]):
            other = seen.setdefault(k, rec["name"])
            if other != rec["name"]:
                origin = grouped[rec["name"]][0].origin
                raise DataError(f"{origin}: card names {other!r} and {rec['name']!r} have the "
                                "same normalised form")


# --------------------------------------------------------------------------- name tables

def _english_names(records: list[dict]) -> list[str]:
    """Every English card and face name (each once)."""
    names: dict[str, None] = {}
    for rec in records:
        names.update(dict.fromkeys([rec["name"]] + [f["name"] for f in rec.get("faces", ())]))
    return list(names)


def name_collisions(records: list[dict]) -> list[dict]:
    """Keys that answer to more than one card: English face names and Chinese names.

    Keys use :func:`key`, which folds Traditional to Simplified, so a clash that only the
    fold creates is listed too.
    """
    owners: dict[str, dict[str, list[str]]] = {}
    for rec in records:
        faces = [rec] + list(rec.get("faces", ()))
        for f in faces:
            written = [f["name"]] + [n for ns in (f.get("names") or {}).values() for n in ns]
            for n in written:
                entry = owners.setdefault(key(n), {"names": [], "cards": []})
                _add_unique(entry["names"], [n])
                _add_unique(entry["cards"], [rec["name"]])
    out = []
    for k, entry in sorted(owners.items()):
        if len(entry["cards"]) > 1:
            out.append({"key": k, "names": sorted(entry["names"]),
                        "cards": sorted(entry["cards"])})
    return out


def _pairs_by_window(forms: list[str], scorer, cutoff, window, accept) -> set[tuple[int, int]]:
    """Index pairs whose ``scorer`` passes ``cutoff``; only names of similar length compared."""
    order = sorted(range(len(forms)), key=lambda i: (len(forms[i]), forms[i]))
    lengths = [len(forms[i]) for i in order]
    pairs = set()
    hi = 0
    for pos, i in enumerate(order):
        limit = window(lengths[pos])
        while hi < len(order) and lengths[hi] <= limit:
            hi += 1
        choices = [forms[j] for j in order[pos + 1:hi]]
        for _c, score, rel in process.extract(forms[i], choices, scorer=scorer,
                                              score_cutoff=cutoff, limit=None):
            if accept(score):
                j = order[pos + 1 + rel]
                pairs.add((min(i, j), max(i, j)))
    return pairs


def confusable_pairs(names: list[str]) -> list[dict]:
    """Near-collision pairs (mtg.md §3.7): ratio ≥ 80 on the spaced normalised forms,
    Levenshtein distance ≤ 2 on the normalised keys, or a whole-word prefix."""
    names = sorted(names, key=lambda n: (spaced(n), n))
    sp = [spaced(n) for n in names]
    keys = [key(n) for n in names]
    why: dict[tuple[int, int], list[str]] = {}
    # ratio >= 80 needs the shorter string to be at least 2/3 of the longer one
    for p in _pairs_by_window(sp, fuzz.ratio, CONFUSABLE_RATIO, lambda n: n * 3 // 2 + 1,
                              lambda s: s >= CONFUSABLE_RATIO):
        why.setdefault(p, []).append("ratio")
    for p in _pairs_by_window(keys, Levenshtein.distance, CONFUSABLE_DISTANCE,
                              lambda n: n + CONFUSABLE_DISTANCE,
                              lambda d: d <= CONFUSABLE_DISTANCE):
        why.setdefault(p, []).append("levenshtein")
    index = {s: i for i, s in enumerate(sp)}
    for i, s in enumerate(sp):
        words = s.split()
        for k in range(1, len(words)):
            j = index.get(" ".join(words[:k]))
            if j is not None and j != i:
                why.setdefault((min(i, j), max(i, j)), []).append("prefix")
    return [{"names": [names[i], names[j]],
             "ratio": round(fuzz.ratio(sp[i], sp[j]), 1),
             "levenshtein": Levenshtein.distance(keys[i], keys[j]),
             "via": reasons}
            for (i, j), reasons in sorted(why.items())]


def confusable_groups(pairs: list[dict]) -> list[list[str]]:
    """Connected groups of the pairs (each group sorted; groups sorted by first name)."""
    parent: dict[str, str] = {}

    def find(n: str) -> str:
        while parent.setdefault(n, n) != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    for p in pairs:
        a, b = (find(n) for n in p["names"])
        if a != b:
            parent[max(a, b)] = min(a, b)
    groups: dict[str, list[str]] = {}
    for n in parent:
        groups.setdefault(find(n), []).append(n)
    return sorted((sorted(g) for g in groups.values()), key=lambda g: g[0])


# --------------------------------------------------------------------------- sets table and counts

def set_counts(src: Source) -> dict[str, dict[str, int]]:
    """Per set: objects, distinct names, cards, DFCs and Chinese-name coverage.

    ``zh_hans`` / ``zh_hant`` count the set's names with that name in the set's own file;
    ``with_chinese`` counts the names that have both after merging over printings.
    """
    per: dict[str, dict[str, Any]] = {}
    merged: dict[str, set[str]] = {}
    for f in src.faces:
        for lang in f.zh:
            merged.setdefault(f.name, set()).add(lang)
    for f in src.faces:
        sets = [f.printing["set"]] if f.printing else f.printed_in
        for code in sets:
            s = per.setdefault(code, {"names": set(), "cards": set(), "dfcs": set(),
                                      "zh_hans": set(), "zh_hant": set()})
            s["names"].add(f.name)
            if f.index == 0:
                s["cards"].add(f.card)
            if f.layout == "transform":
                s["dfcs"].add(f.card)
            if f.printing:
                for lang, slot in (("zh-Hans", "zh_hans"), ("zh-Hant", "zh_hant")):
                    if f.zh.get(lang):
                        s[slot].add(f.name)
    out = {}
    order = _set_order(src.sets)
    for code, s in sorted(per.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])):
        info = src.sets.get(code)
        out[code] = _compact({
            "objects": info.objects if info else None,
            "names": len(s["names"]), "cards": len(s["cards"]), "dfcs": len(s["dfcs"]),
            "zh_hans": len(s["zh_hans"]), "zh_hant": len(s["zh_hant"]),
            "with_chinese": sum(1 for n in s["names"] if len(merged.get(n, ())) == 2)})
    return out


def _double_faced(src: Source) -> dict[str, list[str]]:
    """Set code -> its transform cards (front names) in collector-number order."""
    fronts: dict[str, dict[str, tuple]] = {}
    for f in src.faces:
        if f.layout == "transform" and f.index == 0 and f.printing:
            fronts.setdefault(f.printing["set"], {}).setdefault(
                f.card, _number_sort(f.printing["number"]))
    return {code: sorted(cards, key=lambda c: (cards[c], c)) for code, cards in fronts.items()}


def sets_table(src: Source, counts: dict[str, dict[str, int]]) -> list[dict]:
    order = _set_order(src.sets)
    codes = sorted(set(counts), key=lambda c: (order.get(c, len(order)), c))
    double_faced = _double_faced(src)
    rows = []
    for code in codes:
        info = src.sets.get(code) or SetInfo(code=code)
        c = counts[code]
        rows.append(_compact({
            "code": code, "name": info.name,
            "names": compact({"zh-Hans": info.zh_hans, "zh-Hant": info.zh_hant}),
            "released": info.released, "type": info.type, "block": info.block,
            "card_count": c.get("cards"), "name_count": c.get("names"),
            "object_count": c.get("objects"),
            "double_faced": double_faced.get(code)}))
    return rows


# --------------------------------------------------------------------------- provenance

def _shared_sources(source: Path) -> tuple[str | None, dict[str, dict[str, str]]]:
    """Snapshot commit and per-file rows of a ``SOURCES.md`` above the source, if any."""
    start = source if source.is_dir() else source.parent
    for folder in [start, *list(start.parents)[:3]]:
        path = folder / "SOURCES.md"
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            snap = re.search(r"Snapshot HEAD:\s*`([0-9a-f]{7,40})`", text)
            rows = {}
            for m in re.finditer(r"^\|\s*([^|\s]+\.json)\s*\|\s*([^|\s]+)\s*\|\s*([0-9a-f]{40})\s*\|",
                                 text, re.M):
                rows[Path(m.group(1)).name] = {"path": m.group(2), "commit": m.group(3)}
            return (snap.group(1) if snap else None), rows
    return None, {}


def _licence(source: Path, default: str) -> str:
    start = source if source.is_dir() else source.parent
    for folder in (start, start.parent):
        lic = folder / "LICENSE"
        if lic.is_file():
            text = lic.read_text(encoding="utf-8", errors="replace").strip()
            if text and len(text) < 40:
                return text
    return default


def card_data_label(src: Source, source: Path) -> str:
    """A short label of the data, e.g. ``mtgjson3 a89db5e``."""
    if src.kind == "mtgjson3":
        snap, _rows = _shared_sources(source)
        return f"mtgjson3 {snap[:7]}" if snap else "mtgjson3"
    meta = src.meta.get("v5") or {}
    return " ".join(x for x in ("mtgjson5", meta.get("version"), meta.get("date")) if x)


def _file_order(path: Path, src: Source) -> tuple:
    """Set files in release order (``SOM.json`` before ``DKA.json``), then by name."""
    order = _set_order(src.sets)
    return (order.get(path.stem, len(order)), path.name)


def _write_provenance(src: Source, source: Path, out: Path,
                      merged_from: str | None = None) -> None:
    snap, rows = _shared_sources(source)
    v3 = src.kind == "mtgjson3"
    licence = _licence(source, "CC0" if v3 else "see mtgjson.com")
    entries = []
    for path in sorted(src.files, key=lambda p: _file_order(p, src)):
        row = rows.get(path.name, {})
        dataset = "MTGJSON v3 set file" if v3 else f"MTGJSON v5 ({src.kind})"
        repo = f"mtgjson/mtgjson3 (snapshot {snap[:7]})" if v3 and snap else \
            ("mtgjson/mtgjson3" if v3 else "mtgjson.com")
        entries.append({"dataset": dataset, "repo": repo, "path": row.get("path", path.name),
                        "commit": row.get("commit", card_data_label(src, source)),
                        "licence": licence})
    notes = [f"Importer version {IMPORTER_VERSION}; source format {src.kind}"
             + (f"; snapshot HEAD {snap}" if snap else "") + ".",
             f"Licence of the data: {licence}" + (" (MTGJSON v3 is CC0)." if v3 else "."),
             "Card names are Wizards of the Coast's; they are used here as identifying facts.",
             "Record ids are the slug of the canonical English name (front face; split cards "
             "`Left // Right`).",
             "Stored: names (English, zh-Hans, zh-Hant), set codes, collector numbers, "
             "rarities, types, mana cost, cmc, colours, colour identity, deck_limit. "
             "Not stored: rules text, flavour text, rulings; `legalities` is not read.",
             "Set names in Traditional Chinese come from the importer's table "
             "(the data's `tw` translation is Simplified for most sets); "
             "M12's (魔法風雲會2012) is unverified.",
             "Language files (`*.cn.json`) are not read: they add no names."]
    if merged_from:
        notes.append(f"Merged with the card data of {merged_from}: printings, set codes and "
                     "Chinese names of cards in both are united, cards only there are kept.")
    write_sources(out, "mtg", "Magic: The Gathering", entries, notes=notes,
                  files=["cards.yaml", "sets.yaml", "confusables.yaml"])


# --------------------------------------------------------------------------- entry point

CARDS_HEADER = """\
Magic: The Gathering card facts, generated by deckcheck/games/mtg/importer.py - do not edit.
One record per card (the front face; split cards are "Left // Right"). id = slug of the name.
faces: the other faces (DFC back faces, split halves) with their own names and categories.
printings: one entry per set and collector number; number_base drops the v3 face letter.
sets: codes of the printings in the imported data; printed_in: every code the data lists.
names: Chinese names (zh-Hans, zh-Hant), merged over printings. No rules or flavour text."""

SETS_HEADER = """\
Magic: The Gathering sets in the card data, generated by the mtg importer - do not edit.
card_count: cards (front faces); name_count: names incl. back faces; object_count: objects in
the data file; double_faced: the set's double-faced cards by collector number."""

CONFUSABLES_HEADER = """\
Near-collision names, generated by the mtg importer - do not edit.
pairs: names whose spaced normalised forms have rapidfuzz ratio >= 80, whose normalised keys
are within Levenshtein distance 2, or where one is a whole-word prefix of the other.
groups: the connected groups of those pairs.
collisions: keys (normalised; Traditional folded to Simplified) that name more than one card."""


def _default_source() -> Path:
    from deckcheck.resources import shared_dir

    shared = shared_dir()
    if shared is None:
        raise DataError("no source given and ../shared (the public data sets) is absent")
    return shared / "data" / "mtg" / "mtgjson3" / "json"


def _read_base(folder: Path) -> tuple[list[dict], dict]:
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        with (folder / "cards.yaml").open(encoding="utf-8") as fh:
            cards = (yaml.load(fh, Loader=loader) or {}).get("cards") or []
        with (folder / "sets.yaml").open(encoding="utf-8") as fh:
            sets = yaml.load(fh, Loader=loader) or {}
    except (OSError, yaml.YAMLError) as exc:
        raise DataError(f"{folder}: cannot read the card data to merge with ({exc})") from None
    return cards, sets


def _union(first: list, second: list, key=lambda x: x) -> list:
    out = list(first)
    seen = {repr(key(x)) for x in out}
    for x in second:
        if repr(key(x)) not in seen:
            seen.add(repr(key(x)))
            out.append(x)
    return out


def merge_with_base(records: list[dict], set_rows: list[dict], base: Path,
                    label: str) -> tuple[list[dict], list[dict], str]:
    """Merge newly imported records with an existing ``cards/mtg`` folder (the shipped data).

    The user data folder is read after the shipped one and a record there replaces the
    shipped record with the same id, so a partial import (one newer set) must still carry
    the older printings: printings, set codes and Chinese names are united, the new record's
    other facts win. Cards and sets only in the base are kept.
    """
    base_cards, base_sets = _read_base(base)
    rows = {str(r["code"]): r for r in base_sets.get("sets") or ()}
    rows.update({str(r["code"]): r for r in set_rows})
    released = {c: str(r.get("released") or "9999") for c, r in rows.items()}
    set_key = lambda c: (released.get(c, "9999"), c)  # noqa: E731
    by_id = {r["id"]: r for r in records}
    for old in base_cards:
        rec = by_id.get(old["id"])
        if rec is None:
            by_id[old["id"]] = old
            continue
        rec["sets"] = sorted(set(rec.get("sets") or ()) | set(old.get("sets") or ()), key=set_key)
        rec["printed_in"] = _union(rec.get("printed_in") or [], old.get("printed_in") or [])
        printings = _union(rec.get("printings") or [], old.get("printings") or [],
                           key=lambda p: (p.get("set"), p.get("number")))
        rec["printings"] = sorted(printings, key=lambda p: (set_key(p.get("set")),
                                                            _number_sort(str(p.get("number")))))
        names = dict(rec.get("names") or {})
        for lang, values in (old.get("names") or {}).items():
            names[lang] = _union(names.get(lang) or [], values)
        if names:
            rec["names"] = names
        old_faces = {f.get("name"): f for f in old.get("faces") or ()}
        for face in rec.get("faces") or ():
            prev = old_faces.get(face.get("name"))
            if prev:
                for lang, values in (prev.get("names") or {}).items():
                    face.setdefault("names", {})[lang] = _union(
                        (face.get("names") or {}).get(lang) or [], values)
                if prev.get("printings") or face.get("printings"):
                    face["printings"] = _union(face.get("printings") or [],
                                               prev.get("printings") or [],
                                               key=lambda p: (p.get("set"), p.get("number")))
    merged_sets = sorted(rows.values(), key=lambda r: set_key(str(r["code"])))
    base_label = str(base_sets.get("card_data") or "")
    full = label if not base_label or base_label in label else f"{label} + {base_label}"
    return sorted(by_id.values(), key=lambda r: r["id"]), merged_sets, full


def _user_folder() -> Path:
    from deckcheck.resources import user_data_dir

    return user_data_dir() / "cards" / "mtg"


def run(source: Path | None = None, out: Path | None = None, *,
        include_funny: bool = False, merge_base: Path | None | bool = None) -> dict:
    """Import MTGJSON data from ``source`` and write ``cards/mtg/`` files to ``out``.

    ``merge_base``: a ``cards/mtg`` folder whose records are merged into the output (see
    :func:`merge_with_base`). By default the shipped data is merged when ``out`` is the user
    data folder (``deckcheck cards import mtgjson FILE``); ``False`` turns merging off.
    Returns a summary of counts (totals, per set, confusables, collisions).
    """
    from deckcheck.resources import data_dir

    source = Path(source) if source else _default_source()
    shipped = data_dir("cards") / "mtg"
    if out is None:
        out = shipped
    out = Path(out)
    if merge_base is None:
        same = out.resolve() == _user_folder().resolve()
        merge_base = shipped if same and (shipped / "cards.yaml").is_file() else False
    src = read_source(source, include_funny=include_funny)
    records = build_records(src.faces, src.sets)
    counts = set_counts(src)
    set_rows = sets_table(src, counts)
    label = card_data_label(src, source)
    if merge_base:
        records, set_rows, label = merge_with_base(records, set_rows, Path(merge_base), label)
    pairs = confusable_pairs(_english_names(records))
    groups = confusable_groups(pairs)
    collisions = name_collisions(records)

    out.mkdir(parents=True, exist_ok=True)
    dump_yaml(out / "cards.yaml", {"cards": records}, header=CARDS_HEADER)
    dump_yaml(out / "sets.yaml", {"card_data": label, "sets": set_rows}, header=SETS_HEADER)
    dump_yaml(out / "confusables.yaml", {"pairs": pairs, "groups": groups,
                                         "collisions": collisions}, header=CONFUSABLES_HEADER)
    _write_provenance(src, source, out,
                      merged_from=f"{merge_base} ({label})" if merge_base else None)

    names = _english_names(records)
    return {
        "source": src.kind, "files": len(src.files), "cards": len(records),
        "names": len(names), "dfcs": sum(1 for r in records if r.get("layout") == "transform"),
        "basic": sum(1 for r in records if r.get("is_basic")),
        "with_chinese": sum(1 for r in records
                            if len((r.get("names") or {})) == 2),
        "confusable_pairs": len(pairs), "confusable_groups": len(groups),
        "collisions": [c["key"] for c in collisions],
        "sets": counts,
    }
