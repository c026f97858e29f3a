"""The secondary sources: the 2010 WoWTCGUtility CSV (``core_2010`` and a cross-check of
the parsed restrictions), OCTGN set files (GUIDs and spellings) and the seed (Chinese names,
its English spellings); then the aliases they bring, unless they collide."""

from __future__ import annotations

import csv
import re
from collections import defaultdict
from pathlib import Path

from defusedxml import ElementTree as SafeET

from deckcheck.carddb.importers.common import DataError
from deckcheck.games.wowtcg.importing.facts import canonical_tree
from deckcheck.games.wowtcg.importing.records import resolve
from deckcheck.games.wowtcg.importing.tables import (HERO_FLAGS, OCTGN_TYPES, SEED_EN_SPELLINGS,
                                                     SEED_ZH_NAMES, TYPES)
from deckcheck.matching.normalise import key


def apply_core_2010(records: list[dict], index: dict, path: Path) -> tuple[dict, list]:
    """Flag names the 2010 CSV lists as "Classic, Core"; return counts and matched rows."""
    try:
        with path.open(encoding="utf-8", newline="") as fh:
            rows = list(csv.DictReader(fh))
    except (OSError, csv.Error, UnicodeDecodeError) as exc:
        raise DataError(f"{path}: {exc}") from exc
    matched, unresolved = [], []
    for i, row in enumerate(rows, start=2):
        if not row.get("name") or "format" not in row:
            raise DataError(f"{path}: line {i} has no name/format")
        record, _how = resolve(index, row["name"].strip())
        if record is None:
            unresolved.append(row["name"])
            continue
        matched.append((record, row))
        if "Core" in row["format"] and record["pool"] == "constructed":
            record["core_2010"] = True
    counts = {"rows": len(rows), "unresolved": sorted(set(unresolved)),
              "names": sum(1 for r in records if r.get("core_2010"))}
    return counts, matched


def cross_check_csv(matched: list[tuple[dict, dict]]) -> list[str]:
    """Compare the CSV restriction columns with the parsed requirements and reputations."""
    problems = []
    for record, row in matched:
        if record["type"] == "Hero":
            continue
        facts = [record] + record["variants"]
        parsed = {(a["kind"], a["value"]) for f in facts for a in f["hero_required"]}
        reps = {f["reputation"] for f in facts if f["reputation"]}
        csv_req = set()
        for column, kind in (("talent_restrictions", "talent"), ("race_restrictions", "race"),
                             ("profession_restrictions", "profession")):
            for word in filter(None, (w.strip() for w in row.get(column, "").split(","))):
                if kind == "talent" and word in HERO_FLAGS:
                    csv_req.add(("flag", word))
                else:
                    csv_req.add((kind, canonical_tree(word) or word if kind == "talent"
                                 else word))
        parsed_cmp = {x for x in parsed if x[0] in ("talent", "race", "profession")
                      or x in {("flag", "Traitor"), ("flag", "Loyal")}}
        csv_rep = (row.get("reputation_restrictions") or "").strip()
        if csv_req != parsed_cmp or {csv_rep} - {""} != reps:
            problems.append(f"{record['name']}: csv {sorted(csv_req)} {csv_rep or '-'} / "
                            f"parsed {sorted(parsed_cmp)} {sorted(reps) or '-'}")
    return sorted(set(problems))


def octgn_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.xml") if p.name not in ("cards_full.xml",
                                                                     "decks.xml"))


def apply_octgn(records: list[dict], index: dict, folder: Path) -> dict:
    """Attach OCTGN GUIDs; OCTGN spellings that differ from the name become aliases."""
    ids: dict[str, set] = defaultdict(set)
    spellings: dict[str, set] = defaultdict(set)
    by_id = {r["id"]: r for r in records}
    total, unresolved, fuzzy = 0, [], []
    for path in octgn_files(folder):
        for guid, name, ctype in read_octgn_set(path):
            total += 1
            types = OCTGN_TYPES.get(ctype, (ctype,) if ctype in TYPES else ())
            record, how = resolve(index, name, types)
            if record is None:
                unresolved.append(name)
                continue
            if how == "fuzzy":
                fuzzy.append(f"{name} -> {record['name']}")
            ids[record["id"]].add(guid)
            if name != record["name"]:
                spellings[record["id"]].add(name)
    for rid, guids in ids.items():
        by_id[rid]["octgn_ids"] = sorted(guids)
    for rid, names in spellings.items():
        rec = by_id[rid]
        rec["_octgn_aliases"] = sorted(names - set(rec["aliases"]))
    return {"cards": total, "resolved": total - len(unresolved),
            "unresolved": sorted(set(unresolved)), "fuzzy": sorted(set(fuzzy))}


def read_octgn_set(path: Path) -> list[tuple[str, str, str]]:
    """(GUID, name, Type property) of every card of an OCTGN set file (safe XML parser)."""
    try:
        root = SafeET.parse(str(path)).getroot()
    except Exception as exc:  # defusedxml / expat errors
        raise DataError(f"{path}: {exc}") from exc
    cards = []
    for i, card in enumerate(root.iter("card")):
        guid, name = card.get("id"), (card.get("name") or "").strip()
        if not guid or not name:
            raise DataError(f"{path}: card {i} has no id or name")
        props = {p.get("name"): p.get("value") for p in card.iter("property")}
        cards.append((guid.lower(), name, (props.get("Type") or "").strip()))
    return cards


def apply_seed(records: list[dict], index: dict, path: Path) -> dict:
    """Add the seed's Chinese names (``names.zh-Hans``) and English misspellings (aliases).

    Each entry of the hand-checked tables must occur in the seed and name a card in the data.
    """
    seed = path.read_text(encoding="utf-8")
    flat = re.sub(r"\s+", "", seed)
    for zh, en in SEED_ZH_NAMES.items():
        if re.sub(r"\s+", "", zh) not in flat:
            raise DataError(f"{path}: Chinese name {zh!r} ({en}) does not occur in the seed")
        record = index["exact"].get(en)
        if record is None:
            raise DataError(f"{path}: seed card {en!r} ({zh}) is not in the card data")
        names = record.setdefault("names", {}).setdefault("zh-Hans", [])
        if zh not in names:
            names.append(zh)
    for spelling, en in SEED_EN_SPELLINGS.items():
        if spelling not in seed:
            raise DataError(f"{path}: seed spelling {spelling!r} does not occur in the seed")
        record = index["exact"].get(en)
        if record is None:
            raise DataError(f"{path}: seed card {en!r} is not in the card data")
        record.setdefault("_seed_aliases", []).append(spelling)
    return {"zh_names": len(SEED_ZH_NAMES), "en_spellings": len(SEED_EN_SPELLINGS)}


def check_collisions(records: list[dict]) -> dict:
    """Add the pending OCTGN/seed aliases unless their key() belongs to another record.

    Canonical names that share a key (different cards such as "Greatfather Winter" and
    "Great-father Winter") are reported; an alias is never added where it would collide.
    """
    owner: dict[str, set] = defaultdict(set)
    for r in records:
        for spelling in [r["name"], *r["aliases"], *r.get("names", {}).get("zh-Hans", [])]:
            owner[key(spelling)].add(r["id"])
    name_collisions = sorted(
        " / ".join(sorted(r["name"] for r in records if r["id"] in ids))
        for k, ids in owner.items() if len(ids) > 1)
    dropped = []
    for r in records:
        pending = r.pop("_octgn_aliases", []) + r.pop("_seed_aliases", [])
        for alias in pending:
            others = owner.get(key(alias), set()) - {r["id"]}
            if others:
                dropped.append(f"{alias} ({r['name']})")
                continue
            if alias not in r["aliases"]:
                r["aliases"].append(alias)
                owner[key(alias)].add(r["id"])
        r["aliases"].sort()
    return {"name_keys_shared": name_collisions, "aliases_dropped": sorted(dropped)}
