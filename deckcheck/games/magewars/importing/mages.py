"""Mages: the mage table (training, opposition, limits per mage and variant, with the hand
corrections) and the mage / stats card records."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckcheck.carddb.importers.common import DataError
from deckcheck.games.magewars.importing.octgn import OctgnCard, OctgnSet
from deckcheck.games.magewars.importing.records import slug, split_list
from deckcheck.games.magewars.importing.tables import (ALIAS_TABLE, ELEMENTS, MAGE_CORRECTIONS,
                                                       MAGE_EXTRA_ALIASES, MAGE_UNCERTAIN, SCHOOLS,
                                                       STATS_EXTRA_ALIASES, VARIANTS, ZH_MAGE_NAMES)
from deckcheck.matching.normalise import key

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
    for item in split_list(value):
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
    capped_items = split_list(props.get("MageSchoolPartialTraining"))
    combo_parts = [split_list(p) for p in (props.get("MageComboTraining") or "").split(";") if p]
    combo = None
    if combo_parts:
        combo = {"school": combo_parts[0][0], "type": combo_parts[1][0]}
    return {
        "trained": split_list(props.get("MageSchoolFullTraining")),
        "capped": {capped_items[i]: int(capped_items[i + 1]) for i in range(0, len(capped_items), 2)},
        "opposed": split_list(props.get("MageSchoolOpposed")),
        "subtype_trained": split_list(props.get("MageSubtypeTraining")),
        "type_opposed": split_list(props.get("MageTypeOpposed")),
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
                            f"may have been fixed: review mage_corrections in data/importer.yaml")
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
