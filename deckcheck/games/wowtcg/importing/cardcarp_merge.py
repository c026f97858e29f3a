"""The CardCarp facts entries (:mod:`cardcarp`) merged into the card records: the sets new to
the data (War of the Ancients, Betrayal of the Guardian, Reign of Fire), a record per new
card, and the new printings of cards the data already has.

A card keeps one id: an oracle whose name is already a constructed record (by
:func:`~deckcheck.matching.normalise.key`) and a printing of a reprint (its oracle lives in an
older set's folder) add their set and printing to that record.  A new card's id is
``WOW-<set code>-<NNN>`` from its oracle's origin (``WOW-WotA-084``), stable across imports.
A printing that reprints a raid deck's card (its oracle under ``data/oracle/raid/``: RoF 143
Mal'Ganis, RoF 184 Frostmourne) moves the raid record of that name to the constructed pool,
or, when the data has none, builds the card from the raid oracle with the printing's id
(``WOW-RoF-143``).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

from deckcheck.carddb.importers.common import DataError, compact
from deckcheck.games.wowtcg.importing.cardcarp import kebab
from deckcheck.games.wowtcg.importing.tables import (CARDCARP_SET_FILES, CARDCARP_SETS,
                                                     SET_RELEASE_PAGES, UNDATED_REASONS)
from deckcheck.matching.normalise import key


_MONTH = re.compile(r"^\d{4}-(0[1-9]|1[0-2])$")
#: where CardCarp keeps the oracles of raid decks' cards (``data/oracle/raid/<raid>/<set>/``)
RAID_ORACLES = "data/oracle/raid/"


def add_sets(sets: dict[str, dict]) -> None:
    """The CardCarp sets new to the data, after the others (release order)."""
    for set_id, info in CARDCARP_SETS.items():
        sets[f"cardcarp-{set_id}"] = {"code": info["code"], "name": info["name"],
                                      "block": info["block"], "kind": info["kind"],
                                      "pool": "constructed"}


def add_releases(sets: dict[str, dict], root: Path) -> list[str]:
    """Each set's release month (``released``, ``YYYY-MM``) from the CardCarp set file that
    ``CARDCARP_SET_FILES`` names for its code, with CardCarp's id of that set (the kebab case of
    its name, ``heroes-of-azeroth``) as ``released_source``; return
    the codes left undated (no file named, or the file absent from ``root``)."""
    undated = []
    for s in sets.values():
        rel = CARDCARP_SET_FILES.get(s["code"])
        path = root / rel if rel else None
        if path is None or not path.is_file():
            undated.append(s["code"])
            continue
        try:
            doc = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        except (OSError, yaml.YAMLError) as exc:
            raise DataError(f"{path}: {exc}") from exc
        date = str(doc.get("date") or "") if isinstance(doc, dict) else ""
        if not _MONTH.match(date):
            raise DataError(f"{path}: date {date!r} is not YYYY-MM (the set {s['code']} "
                            "takes its release month from it)")
        s["released"] = date
        s["released_source"] = kebab(str(doc.get("name") or path.stem))  # CardCarp's set id
    return undated


def add_page_releases(sets: dict[str, dict], undated: list[str],
                      pages: dict[str, dict] | None = None) -> list[str]:
    """The release month of each undated set that ``set_release_pages`` (importer.yaml) dates
    from public pages (``released_source``: the pages); the sets the pages say came out with it
    must have that month.  Return the codes still undated."""
    pages = SET_RELEASE_PAGES if pages is None else pages
    by_code = {s["code"]: s for s in sets.values()}
    left = []
    for code in undated:
        row = pages.get(code)
        if row is None:
            left.append(code)
            continue
        month = str(row.get("released") or "")
        where = f"importer.yaml set_release_pages {code}"
        if not _MONTH.match(month) or not str(row.get("source") or "").strip():
            raise DataError(f"{where}: needs `released` (YYYY-MM) and the `source` pages "
                            f"(got {row!r})")
        for other in row.get("with") or ():
            got = (by_code.get(other) or {}).get("released")
            if got != month:
                raise DataError(f"{where}: released {month} with {other}, but {other} is "
                                f"{got or 'undated'}; fix one of them")
        by_code[code]["released"] = month
        by_code[code]["released_source"] = f"set_release_pages {code}"   # pages: SOURCES.md
    return left


def page_release_note(dated: list[str], pages: dict[str, dict] | None = None) -> str:
    """The SOURCES.md note: the pages behind each month of ``set_release_pages``."""
    pages = SET_RELEASE_PAGES if pages is None else pages
    rows = [f"{c} {pages[c]['released']}: {' '.join(str(pages[c]['source']).split())}"
            for c in dated if c in pages]
    return ("Release months from public pages (released_source set_release_pages <code>): "
            + ("; ".join(rows) if rows else "none") + ".")


def undated_note(undated: list[str], reasons: dict[str, str] | None = None) -> str:
    """The SOURCES.md note: each undated set and why (``undated_reasons`` of importer.yaml,
    which must name exactly the undated sets)."""
    reasons = UNDATED_REASONS if reasons is None else reasons
    missing = [c for c in undated if c not in reasons]
    extra = [c for c in reasons if c not in undated]
    if missing or extra:
        raise DataError("importer.yaml undated_reasons: "
                        + (f"no reason for {', '.join(missing)}" if missing else "")
                        + ("; " if missing and extra else "")
                        + (f"{', '.join(extra)} is dated now; remove it" if extra else ""))
    if not undated:
        return "Every set has a release month."
    return ("Sets without a release month (a card printed only in one of these is never "
            "reported as not yet released): "
            + "; ".join(f"{c} ({reasons[c]})" for c in undated) + ".")


def oracle_id(entry: dict) -> str:
    """``<slug of the file name>-<set id>-<NNN>``: the id printings refer to."""
    stem = entry["path"].rsplit("/", 1)[-1][:-len(".yml")]
    slug = stem.split("-", 1)[1]
    return f"{slug}-{entry['facts']['set_id']}-{entry['facts']['number']}"


def new_record(f: dict, code: str) -> dict[str, Any]:
    ctype = f["type"]
    return {
        "id": f"WOW-{code}-{f['number']}", "name": f["name"], "aliases": [], "type": ctype,
        "types": ["Ability", "Ally"] if ctype == "Ability Ally" else [ctype],
        "pool": "raid" if f.get("dungeon") else "constructed", "raid_only": False,
        "dungeon_only": bool(f.get("dungeon")), "token": False,
        "sets": [], "blocks": [], "unlimited": False, "master_hero": ctype == "Master Hero",
        "cost": f.get("cost"), "instant": bool(f.get("instant")),
        **{k: f.get(k) for k in ("atk", "health", "faction_icons", "class_icons", "ally_class",
                                 "race", "talents", "atk_type", "hero_required", "reputation",
                                 "talent_card", "deals_damage", "hero", "unknown")},
        "tags": [], "deckbuilding": None, "variants": [], "printings": [],
        "cardcarp": None,
    }


class _Records:
    """Constructed records by name key and by CardCarp slug of the name."""

    def __init__(self, records: list[dict]):
        self.records = records
        self.by_key: dict[str, list[dict]] = {}
        self.by_slug: dict[str, list[dict]] = {}
        self.raid: dict[str, list[dict]] = {}      # raid/dungeon records by name key
        for r in records:
            if r["pool"] == "constructed":
                self.add(r)
            elif r["pool"] == "raid":
                self.raid.setdefault(key(r["name"]), []).append(r)

    def dungeon_by_name(self, name: str) -> dict | None:
        """The one raid-pool record (raid or dungeon deck card) of that name, if any."""
        found = self.raid.get(key(name)) or []
        return found[0] if len(found) == 1 else None

    def promote(self, r: dict) -> None:
        """A raid deck's card printed in a constructed set joins the constructed pool."""
        found = self.raid.get(key(r["name"])) or []
        if r in found:
            found.remove(r)
        r.update(pool="constructed", raid_only=False, dungeon_only=False)
        self.add(r)

    def add(self, r: dict) -> None:
        self.by_key.setdefault(key(r["name"]), []).append(r)
        self.by_slug.setdefault(kebab(r["name"]), []).append(r)

    def by_name(self, name: str) -> dict | None:
        found = self.by_key.get(key(name)) or self.by_slug.get(kebab(name)) or []
        return found[0] if len(found) == 1 else None

    def by_oracle(self, oracle: str) -> dict | None:
        """The record whose name slug is the longest leading part of an oracle id."""
        parts = oracle.split("-")
        for cut in range(len(parts) - 2, 0, -1):
            found = self.by_slug.get("-".join(parts[:cut])) or []
            if len(found) == 1:
                return found[0]
        return None


def _add_printing(record: dict, code: str, number: str, rarity: str | None) -> None:
    if code not in record["sets"]:
        record["sets"].append(code)
    num = str(int(number[:3])) + number[3:]
    for p in record["printings"]:
        if p.get("set") == code and p.get("number") == num:
            if rarity and not p.get("rarity"):
                p["rarity"] = rarity
            return
    record["printings"].append(compact({"set": code, "number": num, "rarity": rarity}))


def merge(records: list[dict], entries: list[dict]) -> dict:
    """Add the entries' cards to ``records`` (in place); return counts per set."""
    index = _Records(records)
    by_oracle: dict[str, dict] = {}
    raid_oracles: dict[str, dict] = {}           # oracle id -> entry of a raid deck's oracle
    report: dict[str, Any] = {"new": Counter(), "new_dungeon": Counter(), "merged": Counter(),
                              "printings": Counter(),
                              "reprints": Counter(), "raid_reprints": [], "unresolved": [],
                              "placeholders": sorted(f"{e['facts']['name']} ({e['path']})"
                                                     for e in entries
                                                     if e["kind"] == "placeholder")}
    for e in sorted((e for e in entries if e["kind"] == "oracle"), key=lambda e: e["path"]):
        f = e["facts"]
        info = CARDCARP_SETS.get(f["set_id"])
        dungeon = bool(f.get("dungeon"))
        record = index.dungeon_by_name(f["name"]) if dungeon else index.by_name(f["name"])
        if info is None:                         # a reprint's oracle in an older set
            if record is not None:
                by_oracle[oracle_id(e)] = record
            elif e["path"].startswith(RAID_ORACLES):  # a raid deck's card (RoF 143, 184)
                raid_oracles[oracle_id(e)] = e
            continue
        code = info["code"]
        if record is None:
            record = new_record(f, code)
            records.append(record)
            if dungeon:
                index.raid.setdefault(key(record["name"]), []).append(record)
                report["new_dungeon"][code] += 1
            else:
                index.add(record)
                report["new"][code] += 1
        else:
            report["merged"][code] += 1
        if record.get("cardcarp") is None and record["id"].startswith(f"WOW-{code}-"):
            record["cardcarp"] = oracle_id(e)
        by_oracle[oracle_id(e)] = record
        _add_printing(record, code, f["number"], None)
    for e in sorted((e for e in entries if e["kind"] == "printing"), key=lambda e: e["path"]):
        f = e["facts"]
        info = CARDCARP_SETS.get(f["set_id"])
        if info is None:
            continue
        code = info["code"]
        record = by_oracle.get(f["oracle"]) or index.by_oracle(f["oracle"])
        if record is None and f["oracle"] in raid_oracles:
            record = _raid_reprint(raid_oracles[f["oracle"]], code, f["number"], records,
                                   index, report)
            by_oracle[f["oracle"]] = record
        if record is None:
            report["unresolved"].append(e["path"])
            continue
        report["printings"][code] += 1
        if not f["oracle"].endswith(f"-{f['set_id']}-{f['number']}"):
            report["reprints"][code] += 1
        _add_printing(record, code, f["number"], f.get("rarity"))
        if f.get("flip"):
            record["flip"] = True
    return {k: dict(sorted(v.items())) if isinstance(v, Counter) else v
            for k, v in report.items()}


def _raid_reprint(oracle: dict, code: str, number: str, records: list[dict], index: _Records,
                  report: dict) -> dict:
    """The card of a constructed printing whose oracle is a raid deck's card: the raid record
    the data already has (by name), moved to the constructed pool, or else a new record built
    from the raid oracle, with the printing's id (``WOW-RoF-143``)."""
    f = oracle["facts"]
    record = index.dungeon_by_name(f["name"])
    if record is not None:
        index.promote(record)
        how = f"the raid card {record['id']}"
    else:
        record = new_record(dict(f, number=number, dungeon=None), code)
        record["cardcarp"] = oracle_id(oracle)
        records.append(record)
        index.add(record)
        how = f"a new card from the raid oracle {oracle['path']}"
    report["raid_reprints"].append(f"{code} {number} {f['name']}: {how}")
    return record


def raid_reprint_note(report: dict) -> str:
    """The SOURCES.md note: the printings that reprint a raid deck's card, and their card."""
    found = report.get("raid_reprints") or []
    return ("Printings that reprint a raid deck's card (CardCarp oracle under "
            f"{RAID_ORACLES}): {'; '.join(found) or 'none'}.")


def ranges(numbers: list[str]) -> str:
    """["001", "002", "003", "007"] -> "001-003, 007"."""
    nums = sorted({int(n[:3]) for n in numbers})
    parts: list[str] = []
    i = 0
    while i < len(nums):
        j = i
        while j + 1 < len(nums) and nums[j + 1] == nums[j] + 1:
            j += 1
        parts.append(f"{nums[i]:03d}" + (f"-{nums[j]:03d}" if j > i else ""))
        i = j + 1
    return ", ".join(parts)


def coverage(entries: list[dict]) -> dict[str, dict[str, list[str]]]:
    """Per CardCarp set code: the numbers with an oracle read (its origin is that set), with a
    printing read, and with neither (up to the set's total)."""
    out: dict[str, dict[str, list[str]]] = {}
    for set_id, info in CARDCARP_SETS.items():
        oracles = sorted({e["facts"]["number"] for e in entries
                          if e["kind"] in ("oracle", "placeholder")
                          and e["facts"]["set_id"] == set_id})
        printings = sorted({e["facts"]["number"] for e in entries
                            if e["kind"] == "printing" and e["facts"]["set_id"] == set_id})
        seen = {int(n[:3]) for n in oracles + printings}
        missing = [f"{n:03d}" for n in range(1, int(info.get("total") or 0) + 1)
                   if n not in seen]
        out[info["code"]] = {"oracles": oracles, "printings": printings, "missing": missing}
    return out


def coverage_note(entries: list[dict]) -> str:
    """The SOURCES.md note: what of each CardCarp set was read and what is still missing."""
    cov = coverage(entries)
    names = {info["code"]: info["name"] for info in CARDCARP_SETS.values()}
    read = "; ".join(f"{names[c]} {ranges(v['oracles']) or 'none'} ({len(v['oracles'])})"
                     for c, v in cov.items())
    prints = "; ".join(f"{names[c]} {ranges(v['printings'])} ({len(v['printings'])})"
                       for c, v in cov.items() if v["printings"])
    missing = "; ".join(f"{names[c]} {ranges(v['missing'])} ({len(v['missing'])})"
                        for c, v in cov.items() if v["missing"])
    placeholders = sorted(e["facts"]["name"] for e in entries if e["kind"] == "placeholder")
    note = (f"CardCarp coverage - oracles read (../shared and gathered): {read}. "
            f"Printings read (rarity, Flip faces, reprints): {prints or 'none'}. "
            f"No oracle or printing read yet: {missing or 'none'} (a reprint's oracle is in "
            "its first set's folder, so some of these numbers are reprints of older cards).")
    if placeholders:
        note += (" Oracles CardCarp left empty (no category, no rules; not in the card "
                 f"data): {', '.join(placeholders)}.")
    return note
