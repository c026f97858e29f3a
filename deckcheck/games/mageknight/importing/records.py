"""The card records: the corrections of the data (§3.3), one builder per kind, and the
import checks on rows and records (§7.2)."""

from __future__ import annotations

import re
from collections import Counter

from deckcheck.carddb.importers.common import DataError, compact
from deckcheck.games.mageknight.importing.tables import (ARTIFACT_GROUPS, BOGUS_ADVANCED_ACTIONS,
                                                         BOGUS_NUMBERS, EXPECTED,
                                                         EXPECTED_BY_EXPANSION, EXTRA_ALIASES,
                                                         ID_PREFIX, STANDARD_DECK,
                                                         STANDARD_DECK_SIZE, UNVERIFIED_CARDS,
                                                         WOUND_NAMES_ZH)
from deckcheck.matching.normalise import key, to_traditional


def slug(name: str) -> str:
    """A name as the tail of a record id: ``"Mana Draw"`` -> ``mana-draw``."""
    return re.sub(r"[^a-z0-9]+", "-", name.casefold().replace("'", "")).strip("-")


# --------------------------------------------------------------------------- corrections

def correct_advanced_actions(rows: list[dict]) -> list[dict]:
    """Replace the two bogus names (numbers 75 / 78) by Blood Ritual and Regeneration."""
    found = {r["name"]: r for r in rows if r["name"] in BOGUS_ADVANCED_ACTIONS}
    if set(found) != set(BOGUS_ADVANCED_ACTIONS) or \
            sorted(r["number"] for r in found.values()) != list(BOGUS_NUMBERS):
        raise DataError("advanced-actions.md: the bogus rows 'Block and Grab' / 'Crushing Blow' "
                        "(75 / 78) changed; review the correction of docs/games/mageknight.md §3.3")
    corrected = []
    for row in rows:
        if row["name"] in BOGUS_ADVANCED_ACTIONS:
            row = dict(row, name=BOGUS_ADVANCED_ACTIONS[row["name"]], number=None,
                       number_candidates=list(BOGUS_NUMBERS))
        corrected.append(row)
    return corrected


# --------------------------------------------------------------------------- records

def base_record(kind: str, name: str, keep: tuple[str, ...] = (), **facts) -> dict:
    """id, name, kind, types first, then the given facts.

    Empty facts are dropped (``compact``) except the keys in ``keep``, whose null / false
    value is itself a fact (e.g. ``number: null``, ``verified: false``).
    """
    record = {"id": f"{ID_PREFIX[kind]}-{slug(name)}", "name": name, "kind": kind,
              "types": [kind], **facts}
    kept = compact(record)
    return {k: v for k, v in record.items() if k in kept or k in keep}


def with_extra_aliases(record: dict) -> dict:
    """Add the accepted misspellings of §7.2 that normalisation does not fold."""
    aliases = EXTRA_ALIASES.get(record["name"])
    return {**record, "aliases": list(aliases)} if aliases else record


def order_fields(record: dict) -> dict:
    """Matching fields first (id, name, kind, types, faces, aliases, names), then facts."""
    front = ("id", "name", "kind", "types", "faces", "aliases", "names")
    return {**{k: record[k] for k in front if k in record},
            **{k: v for k, v in record.items() if k not in front}}


def standard_records(rows: list[dict]) -> list[dict]:
    return [base_record("basic_action", r["name"], colour=r["colour"],
                        starting_copies=r["copies"], expansion="base") for r in rows]


def hero_action_records(heroes: dict) -> list[dict]:
    """The 14 unique cards, with hero and replaced card from heroes.yaml (never the data)."""
    records = []
    for hero in heroes["heroes"]:
        for number, slot in ((1, "card1"), (2, "card2")):
            card = hero[slot]
            if number == 1 or hero["expansion"] != "base":
                expansion = hero["expansion"]
            else:
                expansion = "lost-legion"     # the base heroes' second cards (§3.1)
            records.append(base_record(
                "hero_action", card["name"], hero=hero["name"], unique_card=number,
                replaces=card["replaces"], used_with=card.get("used_with"),
                expansion=expansion))
    return records


def unverified_records() -> list[dict]:
    """Battle Rage and Axe Throw: recognised by name, never part of a legal deck (MKN206)."""
    return [base_record("hero_action", name, keep=("hero", "verified"), hero=None,
                        verified=False) for name in UNVERIFIED_CARDS]


def numbered_records(kind: str, rows: list[dict]) -> list[dict]:
    """Advanced Actions and Artifacts (an artifact keeps its group; Banners are flagged)."""
    records = []
    for r in rows:
        facts = {"number": r["number"], "number_candidates": r.get("number_candidates"),
                 "ue": r["ue"], "expansion": r["expansion"]}
        if kind == "artifact":
            facts["group"] = ARTIFACT_GROUPS.get(r["group"].split(" (")[0])
            if facts["group"] is None:
                raise DataError(f"{r['where']}: artifact under unknown heading {r['group']!r}")
            facts["banner"] = facts["group"] == "banner"
        records.append(base_record(kind, r["name"], keep=("number",), **facts))
    return records


def spell_records(rows: list[dict]) -> list[dict]:
    """One record per spell under its basic name; the powered name is a face of it."""
    records = []
    for r in rows:
        card_id = f"{ID_PREFIX['spell']}-{slug(r['name'])}"
        faces = [{"id": f"{card_id}-powered", "name": r["powered_name"], "side": "powered"}]
        records.append(base_record("spell", r["name"], faces=faces,
                                   powered_name=r["powered_name"], colour=r["colour"],
                                   number=r["number"], ue=r["ue"], expansion=r["expansion"],
                                   interactive=r["interactive"]))
    return records


def unit_records(rows: list[dict]) -> list[dict]:
    """One record per unit name; "Heroes" (four cards, 319-322) keeps all its numbers."""
    by_name: dict[str, list[dict]] = {}
    for r in rows:
        by_name.setdefault(r["name"], []).append(r)
    records = []
    for name, group in by_name.items():
        first = group[0]
        for r in group[1:]:
            if (r["level"], r["cost"], r["expansion"]) != \
                    (first["level"], first["cost"], first["expansion"]):
                raise DataError(f"{r['where']}: {name} rows disagree on level/cost/expansion")
        numbers = sorted(r["number"] for r in group)
        records.append(base_record(
            "unit", name, number=numbers[0] if len(numbers) == 1 else None,
            numbers=numbers if len(numbers) > 1 else None, level=first["level"],
            cost=first["cost"], unit_class=first["unit_class"], expansion=first["expansion"]))
    return records


def skill_records(rows: list[dict], heroes: dict) -> list[dict]:
    """One record per skill name; a name shared by heroes lists them all under ``heroes``.

    "Motivation (<hero>)" stays as written; a generic "Motivation" record (all its heroes) lets
    a player write the bare name.
    """
    expansion_of_hero = {h["name"]: h["expansion"] for h in heroes["heroes"]}
    by_name: dict[str, list[str]] = {}
    for r in rows:
        by_name.setdefault(r["name"], []).append(r["hero"])
    motivation = sorted(h for n, hs in by_name.items() for h in hs
                        if re.fullmatch(r"Motivation \(\w+\)", n))
    if motivation:
        by_name["Motivation"] = motivation
    records = []
    for name, owners in by_name.items():
        if len(owners) == 1:
            records.append(base_record("skill", name, hero=owners[0],
                                       expansion=expansion_of_hero[owners[0]]))
        else:
            records.append(base_record("skill", name, heroes=sorted(owners)))
    return records


def tactic_records(rows: list[dict]) -> list[dict]:
    return [base_record("tactic", r["name"], time_of_day=r["time_of_day"], order=r["order"],
                        expansion="base") for r in rows]


def hero_records(heroes: dict) -> list[dict]:
    """Heroes (and Volkare, not playable) as records so ``Hero: Tovak`` resolves by name."""
    records = [base_record("hero", hero["name"], keep=("playable",), names=hero.get("names"),
                           expansion=hero["expansion"], needs=hero.get("needs"), playable=True)
               for hero in heroes["heroes"]]
    records += [base_record("hero", other["name"], keep=("playable",),
                            expansion=other.get("expansion"), role=other.get("role"),
                            playable=False)
                for other in heroes.get("non_playable", [])]
    return records


def wound_record() -> dict:
    names = {"zh-Hans": WOUND_NAMES_ZH, "zh-Hant": [to_traditional(n) for n in WOUND_NAMES_ZH]}
    return {"id": "wound", "name": "Wound", "kind": "wound", "types": ["wound"],
            "names": names, "expansion": "base"}


# --------------------------------------------------------------------------- checks

def check_count(what: str, actual: int, expected: int) -> None:
    if actual != expected:
        raise DataError(f"{what}: {actual} found, expected {expected} "
                        "(docs/games/mageknight.md §7.2)")


def check_standard_deck(rows: list[dict]) -> None:
    check_count("basic-actions.md standard cards", len(rows), EXPECTED["basic_action"])
    for row, (name, copies, colour) in zip(rows, STANDARD_DECK):
        if (row["name"], row["copies"], row["colour"]) != (name, copies, colour):
            raise DataError(f"{row['where']}: {row['name']} x{row['copies']} {row['colour']}; "
                            f"expected {name} x{copies} {colour} (§2)")
    check_count("standard deck size", sum(r["copies"] for r in rows), STANDARD_DECK_SIZE)


def check_by_expansion(kind: str, rows: list[dict]) -> None:
    counts = Counter(r["expansion"] for r in rows)
    if dict(counts) != EXPECTED_BY_EXPANSION[kind]:
        raise DataError(f"{kind}: per-expansion counts {dict(counts)}, "
                        f"expected {EXPECTED_BY_EXPANSION[kind]} (§6)")


def check_numbers_unique(rows: list[dict]) -> None:
    """Every printed number belongs to one card (units may repeat a name, never a number)."""
    seen: dict[tuple, str] = {}
    for r in rows:
        if r.get("number") is None:
            continue
        number = ("UE" if r.get("ue") else "", r["number"])
        if number in seen:
            raise DataError(f"{r['where']}: number {number[0]}{number[1]} used by "
                            f"{seen[number]} and {r['name']}")
        seen[number] = r["name"]


def record_keys(record: dict) -> set[str]:
    """Every normalised name a record answers to (name, faces, aliases, foreign names)."""
    names = [record["name"], *record.get("aliases", [])]
    names += [face["name"] for face in record.get("faces", [])]
    for values in (record.get("names") or {}).values():
        names += values
    return {key(n) for n in names}


def check_unique_names(records: list[dict]) -> None:
    """No normalised name (including a spell's powered name) answers to two records."""
    owner: dict[str, str] = {}
    for record in records:
        for k in record_keys(record):
            if k in owner:
                raise DataError(f"name {k!r} used by both {owner[k]} and {record['id']}")
            owner[k] = record["id"]
    bogus = {key(n) for n in BOGUS_ADVANCED_ACTIONS} & set(owner)
    if bogus:
        raise DataError(f"bogus Advanced Action names still present: {sorted(bogus)}")


def check_ids_unique(records: list[dict]) -> None:
    ids = Counter(r["id"] for r in records)
    double = [i for i, n in ids.items() if n > 1]
    if double:
        raise DataError(f"duplicate record ids: {double}")
