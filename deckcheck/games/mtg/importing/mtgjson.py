"""Reading MTGJSON: v3 set files (a folder, one file or ``AllSets.json``), v5
``AllPrintings.json`` / single-set files and ``AtomicCards.json`` (with a ``SetList.json``
beside it), recognised by their content. Each reader turns its source into
:class:`~deckcheck.games.mtg.importing.rows.Face` rows."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

from deckcheck.carddb.importers.common import DataError
from deckcheck.games.mtg.importing.rows import (JSON_SUFFIXES, Face, Problem, SetInfo, Source,
                                                _add_unique, _chinese_name, _cmc, _colors,
                                                _commander_facts, _deck_limit, _load_json,
                                                _number_base,
                                                file_stem, keep_going)
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


def _v3_positions(card: dict, layout: str, meld_backs: set[str]) -> list[tuple[str, int]]:
    """(canonical card name, face index) pairs a v3 object belongs to.

    Split halves form ``Left // Right``; transform and flip faces belong to ``names[0]``.
    A meld front is its own card and the melded back (``meld_backs``) is a face of each
    front its ``names`` list (v3 orders that list differently from set to set: EMN writes
    [front, front, back], V17 [front, back] once per front).
    """
    name = card["name"]
    names = card.get("names") or [name]
    if not isinstance(names, list) or name not in names:
        raise DataError(f"`names` {names!r} does not list the card")
    if len(names) == 1:
        return [(name, 0)]
    if layout in SPLIT_LAYOUTS:
        return [(" // ".join(names), names.index(name))]
    if layout == "meld":
        if name not in meld_backs:
            return [(name, 0)]
        fronts = [n for n in names if n != name and n not in meld_backs]
        if not fronts:
            raise DataError(f"melded card {name!r}: `names` {names!r} lists no front face")
        return [(front, 1) for front in fronts]
    return [(names[0], names.index(name))]


def _v3_meld_backs(cards: list) -> set[str]:
    """The melded (back) cards of a set: the meld objects numbered as a back (``15b``); in a
    set without collector numbers, the last of a three-name ``names`` list."""
    melds = [c for c in cards if isinstance(c, dict) and c.get("layout") == "meld"]
    backs = {c.get("name") for c in melds
             if re.fullmatch(r"\d+b", str(c.get("number") or ""))}
    if not backs:
        backs = {c["names"][-1] for c in melds
                 if isinstance(c.get("names"), list) and len(c["names"]) == 3}
    return backs


def _v3_set_info(data: dict) -> SetInfo:
    code = data["code"]
    tr = data.get("translations") or {}
    hant = ZH_HANT_SET_NAMES.get(code)
    if hant is None and tr.get("tw") and tr.get("tw") != tr.get("cn"):
        hant = tr["tw"]
    return SetInfo(code=code, name=data.get("name"), zh_hans=tr.get("cn"), zh_hant=hant,
                   released=data.get("releaseDate"), type=data.get("type"),
                   block=data.get("block"), objects=len(data.get("cards") or ()))


def _v3_card_faces(card: dict, code: str, origin: str, meld_backs: set[str]) -> list[Face]:
    """The rows of one v3 card object (none for tokens, planes …); DataError if malformed."""
    layout = V3_LAYOUTS.get(card.get("layout", "normal"), card.get("layout", "normal"))
    if layout in SKIP_LAYOUTS:
        return []
    if not isinstance(card.get("name"), str) or not card["name"].strip():
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
    return [Face(
        card=canonical, index=index, name=card["name"], layout=layout, origin=origin,
        types=list(card.get("types") or ()), supertypes=list(card.get("supertypes") or ()),
        subtypes=list(card.get("subtypes") or ()), mana_cost=card.get("manaCost"),
        cmc=_cmc(card.get("cmc")), colors=_colors(card.get("colors")),
        color_identity=_colors(card.get("colorIdentity")), zh=zh,
        printing=dict(printing), printed_in=printed_in,
        deck_limit=_deck_limit(card.get("text")), commander=_commander_facts(card.get("text")))
        for canonical, index in _v3_positions(card, layout, meld_backs)]


def _v3_faces(data: dict, origin: str, skipped: list[Problem] | None = None,
              notes: list[Problem] | None = None) -> list[Face]:
    """Rows of one v3 set; checks the set's own printing and the DFC shape.

    With a ``skipped`` list a malformed card is recorded there and left out (the rest of
    the set imports); without one it raises :class:`DataError`.
    """
    code = data["code"]
    rows: list[Face] = []
    cards = data.get("cards") or []
    meld_backs = _v3_meld_backs(cards)
    for card in cards:
        try:
            if not isinstance(card, dict):
                raise DataError(f"{origin}: a card entry is not an object ({card!r:.60})")
            rows += _v3_card_faces(card, code, origin, meld_backs)
        except (DataError, TypeError, ValueError, AttributeError) as exc:
            name = card.get("name") if isinstance(card, dict) else None
            keep_going(skipped, origin, name if isinstance(name, str) else None,
                       _as_data_error(exc, origin))
    return _check_transform_faces(rows, origin, skipped, notes)


def _as_data_error(exc: Exception, origin: str) -> DataError:
    """A malformed value (a number where a list belongs …) reported like a DataError."""
    if isinstance(exc, DataError):
        return exc if str(exc).startswith(origin) else DataError(f"{origin}: {exc}")
    return DataError(f"{origin}: malformed card object ({type(exc).__name__}: {exc})")


def _check_transform_faces(rows: list[Face], origin: str, skipped: list[Problem] | None = None,
                           notes: list[Problem] | None = None) -> list[Face]:
    """Every printing of a transform card has one front and one back; returns the rows kept.

    The faces of one printing share a collector number (v5 ``51``) or its base (v3
    ``51a``/``51b``). A printing of the front alone (a promo set that lists only the front,
    pPRE's Chandra) is kept and noted in ``notes``; its back face comes from the card's other
    printings. Any other shape (two fronts, a back alone, one name twice) is malformed: the
    card's rows of that printing are skipped (``skipped``) or, without a list, an error.
    """
    seen: dict[tuple[str, str], list[Face]] = {}
    for r in rows:
        if r.layout == "transform":
            number = _number_base(r.printing["number"]) if r.printing else ""
            seen.setdefault((r.card, number), []).append(r)
    bad: set[int] = set()
    for (card, _number), faces in seen.items():
        if sorted(f.index for f in faces) == [0, 1] and len({f.name for f in faces}) == 2:
            continue
        found = ", ".join(f"{f.name} (face {f.index})" for f in faces)
        if [f.index for f in faces] == [0] and notes is not None and skipped is not None:
            notes.append(Problem(origin, card, "double-faced card printed without its back "
                                 "face in this set; imported as a printing of the front"))
            continue
        keep_going(skipped, origin, card,
                   DataError(f"{origin}: double-faced card {card!r} needs one front and one "
                             f"back face; found {found}"))
        bad.update(id(f) for f in faces)
    return [r for r in rows if id(r) not in bad] if bad else rows


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
        commander=_commander_facts(card.get("text")),
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


def _v5_set_faces(data: dict, origin: str, include_funny: bool,
                  src: Source | None = None) -> list[Face]:
    code = data["code"]
    where = f"{origin} {code}"
    skipped = src.skipped if src is not None else None
    rows = []
    for card in data.get("cards") or ():
        try:
            ident = card.get("identifiers") or {}
            mid = ident.get("multiverseId", card.get("multiverseId"))
            printing = {"set": card.get("setCode") or code,
                        "number": str(card.get("number") or ""), "rarity": card.get("rarity"),
                        "multiverseid": int(mid) if mid not in (None, "") else None}
            face = _v5_face(card, where, printing, include_funny)
        except (DataError, TypeError, ValueError, AttributeError) as exc:
            name = card.get("name") if isinstance(card, dict) else None
            keep_going(skipped, where, name if isinstance(name, str) else None,
                       _as_data_error(exc, where))
            continue
        if face is not None:
            rows.append(face)
    return _check_transform_faces(rows, where, skipped,
                                  src.notes if src is not None else None)


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


def _released(value: Any) -> str | None:
    """A release date as the data writes it (``1995-01-01``, ``2007-02``, ``2007``); anything
    else (a placeholder, a number) is treated as unknown."""
    if isinstance(value, str) and _DATE.fullmatch(value.strip()):
        return value.strip()
    return None


_DATE = re.compile(r"\d{4}(?:-\d{2}(?:-\d{2})?)?")


def _read_file(path: Path, src: Source, include_funny: bool) -> None:
    """Add one JSON file's rows and set metadata to ``src`` (format found by content).

    A set that cannot be read is recorded in ``src.skipped`` and the file's other sets are
    read; a file that is not card data at all is an error (:class:`DataError`)."""
    data = _load_json(path)
    origin = path.name
    body = data.get("data") if isinstance(data, dict) and "data" in data else None
    if isinstance(data, dict) and isinstance(data.get("meta"), dict):
        src.meta.setdefault("v5", data["meta"])
    if isinstance(body, list):                                     # v5 SetList.json
        for item in body:
            if isinstance(item, dict) and isinstance(item.get("code"), str):
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
    read = 0
    for s in sets:
        try:
            _read_set(s, origin, src, include_funny)
            read += 1
        except (DataError, TypeError, ValueError, AttributeError, KeyError) as exc:
            code = s.get("code") if isinstance(s.get("code"), str) else None
            where = f"{origin} {code}" if code and len(sets) > 1 else origin
            reason = str(exc) if isinstance(exc, DataError) else \
                f"malformed set ({type(exc).__name__}: {exc})"
            src.skipped.append(Problem(where, None, f"set skipped: {reason}"))
    if read:
        src.files.append(path)


def _read_set(s: dict, origin: str, src: Source, include_funny: bool) -> None:
    if not isinstance(s.get("code"), str) or not s["code"].strip():
        raise DataError(f"{origin}: a set has no `code`")
    if not isinstance(s.get("cards") or [], list):
        raise DataError(f"{origin}: the set's `cards` is not a list")
    v5 = any(_is_v5_card(c) for c in (s.get("cards") or ())[:5] if isinstance(c, dict))
    info = _v5_set_info(s) if v5 else _v3_set_info(s)
    released = _released(info.released)
    if info.released is not None and released is None:
        src.notes.append(Problem(origin, None, f"release date {info.released!r} is not a "
                                 "date; the set is ordered last"))
    info = replace(info, released=released)
    faces = (_v5_set_faces(s, origin, include_funny, src) if v5
             else _v3_faces(s, origin, src.skipped, src.notes))
    if not faces and s.get("cards") and not any(p.where.startswith(origin)
                                                for p in src.skipped):
        layouts = sorted({str(c.get("layout")) for c in s["cards"] if isinstance(c, dict)})
        src.notes.append(Problem(origin, None, "no deck cards in the set (only "
                                 f"{', '.join(layouts)} objects, which are not imported)"))
    src.kind = "mtgjson5" if v5 else "mtgjson3"
    src.sets[info.code] = info
    src.faces += faces


def _folder_files(folder: Path, skipped: list[Problem]) -> list[Path]:
    """Card files of a folder: ``*.json`` (or ``.json.xz``, ``.gz``, ``.bz2``) minus language
    files (``SOM.cn.json``); a set found both plain and compressed is read once (plain)."""
    by_stem: dict[str, list[Path]] = {}
    for p in sorted(folder.iterdir()):
        stem = file_stem(p)
        if p.name.lower().endswith(JSON_SUFFIXES) and "." not in stem and p.is_file():
            by_stem.setdefault(stem, []).append(p)
    files = []
    for stem, paths in sorted(by_stem.items()):
        paths.sort(key=lambda p: (JSON_SUFFIXES.index(p.name[len(stem):].lower()), p.name))
        files.append(paths[0])
        for extra in paths[1:]:
            skipped.append(Problem(extra.name, None, f"file skipped: the same set as "
                                   f"{paths[0].name}, which is read instead"))
    if not files:
        raise DataError(f"{folder}: no MTGJSON files (*.json, *.json.xz, *.json.gz, "
                        "*.json.bz2) found")
    return files


def read_source(source: Path, include_funny: bool = False,
                progress: Callable[[int, int, str], None] | None = None) -> Source:
    """Read a folder or a file of MTGJSON data into :class:`Face` rows and set metadata.

    In a folder a file that cannot be read or is not card data is skipped (``skipped``);
    only when nothing at all can be read is it an error. ``progress(done, total, name)`` is
    called after each file."""
    source = Path(source)
    src = Source(kind="")
    if source.is_dir():
        files = _folder_files(source, src.skipped)
        for done, path in enumerate(files, 1):
            try:
                _read_file(path, src, include_funny)
            except DataError as exc:
                src.skipped.append(Problem(path.name, None, f"file skipped: {exc}"))
            if progress:
                progress(done, len(files), path.name)
    elif source.is_file():
        _read_file(source, src, include_funny)
        setlist = source.parent / "SetList.json"
        if src.kind == "mtgjson5-atomic" and setlist.is_file():
            _read_file(setlist, src, include_funny)
        if progress:
            progress(1, 1, source.name)
    else:
        raise DataError(f"{source}: no such file or folder")
    if not src.faces:
        why = "".join(f"\n  {p}" for p in [*src.skipped, *src.notes])
        raise DataError(f"{source}: no cards found" + (f"; skipped:{why}" if why else ""))
    if src.kind.startswith("mtgjson5"):
        src.faces = _attach_meld_backs(src.faces)
    return src
