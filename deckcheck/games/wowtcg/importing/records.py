"""One card record per name from its printings (variants when printings disagree on a rule
fact), and the lookup of a record by the spelling a secondary source uses."""

from __future__ import annotations

import copy
import re
from collections import defaultdict
from typing import Any, Iterable

from rapidfuzz import fuzz, process

from deckcheck.carddb.importers.common import compact
from deckcheck.games.wowtcg.importing.deckbuilding import build_deckbuilding
from deckcheck.games.wowtcg.importing.facts import (FILLABLE_KEYS, UNION_KEYS, VARIANT_KEYS,
                                                    clean_tags, printing_facts)
from deckcheck.games.wowtcg.importing.printings import pool_of, set_sorted
from deckcheck.games.wowtcg.importing.tables import DUNGEON_FILES, TOKEN_FILES
from deckcheck.matching.normalise import key, spaced

#: Printing treatments, written as a suffix of the set name: "Heroes of Azeroth (EA)".
VARIANT_SUFFIX = re.compile(r"\s*\((EA|EA - Sketch|Loot)\)\s*$")


def build_record(name: str, group: list[dict]) -> dict:
    """One card record from all printings of a name (``group`` is sorted by card id)."""
    stems = {p["_stem"] for p in group}
    pools = {pool_of(s) for s in stems}
    pool = "constructed" if "constructed" in pools else ("raid" if "raid" in pools else "token")
    rule_printings = [p for p in group if pool_of(p["_stem"]) == pool]
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
        "sets": _unique(p["setcode"] for p in set_sorted(group)),
        "blocks": [],                                     # filled by finish_record
        "unlimited": pool == "constructed" and any("Unlimited" in clean_tags(p)
                                                   for p in rule_printings),
        "master_hero": top["type"] == "Master Hero",
    }
    record.update({k: copy.deepcopy(v) for k, v in top.items() if k != "sets"})
    record["deckbuilding"] = build_deckbuilding(rule_printings, top)
    record["variants"] = variants if len(variants) > 1 else []
    record["printings"] = [printing_entry(p) for p in set_sorted(group)]
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
