"""Reading MTGJSON: v3 set files (a folder, one file or ``AllSets.json``), v5
``AllPrintings.json`` / single-set files and ``AtomicCards.json`` (with a ``SetList.json``
beside it), recognised by their content. Each reader turns its source into
:class:`~deckcheck.games.mtg.importing.rows.Face` rows."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from deckcheck.carddb.importers.common import DataError
from deckcheck.games.mtg.importing.rows import (Face, SetInfo, Source, _add_unique, _chinese_name,
                                                _cmc, _colors, _deck_limit, _load_json,
                                                _number_base)
from deckcheck.games.mtg.importing.tables import (CHINESE, KNOWN_LANGUAGES, RARITIES,
                                                  SKIP_LAYOUTS, SPLIT_LAYOUTS, V3_FOREIGN_KEYS,
                                                  V3_LANGUAGES, V3_LAYOUTS, ZH_HANT_SET_NAMES)


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
