"""Reading fowsim's ``cards.json``: its entries (faces) validated, back faces linked to their
fronts, printings grouped into one record per name (a ruler name per back face), and the
facts and keywords of a record's entries."""

from __future__ import annotations

import json
import math
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from deckcheck.carddb.importers.common import DataError
from deckcheck.games.fow.importing.tables import (ATTRIBUTE_ORDER, ATTRIBUTES, KEYWORD_FLAGS,
                                                  NAME_SUFFIXES, STONE_TYPES, SUBTYPE_ORDER,
                                                  TYPE_MAP, TYPE_ORDER)
from deckcheck.matching.normalise import key


@dataclass
class Face:
    """One fowsim entry (a front or a back face) with its place in the data."""

    id: str
    name: str
    cluster: str
    set: str
    raw: dict
    backs: list["Face"] = field(default_factory=list)
    #: False for a printing from a secondary source (``newer.py``): it adds the printing, but
    #: the record's facts come from the primary entries whenever the record has one
    facts: bool = True


@dataclass
class Record:
    """A card record under construction: one name (or one ruler version) and its printings."""

    printings: list[Face]
    data: dict = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.printings[0].id


def read_fowsim(path: Path) -> list[Face]:
    """Every entry of ``cards.json`` in data order, validated."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise DataError(f"{path}: not a fowsim cards.json ({exc})") from exc
    return fowsim_faces(data, path)


def fowsim_faces(data: Any, path: Path) -> list[Face]:
    """The entries of a fowsim ``{"fow": {"clusters": [...]}}`` tree, validated."""
    try:
        clusters = data["fow"]["clusters"]
    except (KeyError, TypeError) as exc:
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


BACK_SUFFIX = re.compile(r"^(?P<front>.+?)(?:J\^|J|\^)$")


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


KEYWORD_HEAD = re.compile(
    r"^\s*\[(Tag|Partner|Divinity|Grimoire|Stranger|Tales|Villains|VIllains|Will of Hope|"
    r"Will of Despair)\]")


def parse_keywords(raw: dict, where: str) -> dict[str, Any]:
    """Keywords of the ability entries that *start* with a deck-relevant keyword."""
    found: dict[str, Any] = {}
    for entry in raw.get("abilities") or []:
        m = KEYWORD_HEAD.match(entry)
        if not m:
            continue
        word, rest = m.group(1), entry[m.end():].strip()
        if word in KEYWORD_FLAGS:
            found[KEYWORD_FLAGS[word]] = True
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
