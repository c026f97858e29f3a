"""Records and names: ids, key order, the names a record answers to, the alias table, name
collisions and the Core Set counts."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter, defaultdict
from pathlib import Path
from typing import Iterable

from deckcheck.carddb.importers.common import DataError
from deckcheck.games.magewars.importing.tables import ALIAS_TABLE
from deckcheck.matching.normalise import key

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


def split_list(value: str | None, sep: str = ",") -> list[str]:
    return [part.strip() for part in (value or "").split(sep) if part.strip()]


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
