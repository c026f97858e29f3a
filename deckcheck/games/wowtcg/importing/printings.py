"""The primary source, ``wowtcg-decktools/data/cards``: ``setlist.json`` and one
``<set>.json`` per set, read into printing dicts and grouped by card name."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from deckcheck.carddb.importers.common import DataError
from deckcheck.games.wowtcg.importing.tables import (BLOCK_FIXES, DUNGEON_FILES, RAID_FILES,
                                                     SET_KINDS, TOKEN_FILES, TYPES)
from deckcheck.matching.normalise import key


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
        pool = pool_of(stem)
        block = BLOCK_FIXES.get(stem, entry.get("block"))
        if pool != "constructed" or not isinstance(block, int) or block < 1:
            block = None                        # raid/dungeon/token sets and Draft Rally
        sets[stem] = {"code": None, "name": entry.get("setname"), "block": block,
                      "kind": SET_KINDS[stem], "pool": pool}
    unknown = sorted(set(setlist) - set(SET_KINDS))
    if unknown:
        raise DataError(f"{path}: sets without a kind in the importer: {', '.join(unknown)}")
    return sets


def pool_of(stem: str) -> str:
    """The pool of a set file: constructed, raid (raid and dungeon decks) or token."""
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

_SET_ORDER = {stem: i for i, stem in enumerate(SET_KINDS)}


def set_sorted(printings: list[dict]) -> list[dict]:
    return sorted(printings, key=lambda p: (_SET_ORDER[p["_stem"]], p["cardid"]))
