"""Rarity of the last sets' printings from the public print list of WoWTCG-Tracker
(``WoWTCG-Tracker/wowtcg-tracker-api`` ``assets/prints.json``): one record per printing with
its set name, number in the set, card name and rarity.

CardCarp's printing files give a rarity too, but one file per card; the print list gives a
whole set in a few pages, so it fills the rarity of the CardCarp cards whose printing file
was not read (:func:`apply`).  Where both were read they are compared, and the import report
names every disagreement (a test keeps it empty), as it names every print whose name is not
the card's at that number.

The list is 2.7 million characters, read in pages of 16,000 with the search tool's
``read_file``.  Each page read is kept as a raw excerpt in the ignored
``.data-cache/wowtcg-tracker/p<offset>.tsv`` of the working tree: one line per print of the
last sets on that page, ``set name, number, card name, rarity`` (the four fields
``card_print_expansion_name``, ``card_print_id_in_exapansion``, ``card_name``,
``card_print_rarity``; the rules text of the record is not kept).  The facts derived from
them are committed in ``cards/wowtcg/tracker-rarity.yaml`` (:func:`write_facts`), so that an
import without the raw pages gives the same cards; a raw page replaces the committed prints
of the same set and number.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterable


from deckcheck.carddb.importers.common import DataError, dump_yaml
from deckcheck.games.wowtcg.importing.cardcarp import read_fact_list
from deckcheck.games.wowtcg.importing.cardcarp_merge import ranges
from deckcheck.matching.normalise import key

REPO = "WoWTCG-Tracker/wowtcg-tracker-api"
PATH = "assets/prints.json"
COMMIT = "50e7613b7cdcf01cd5d11a32cd6c5fdb390decf1"
TOTAL_CHARS = 2744314
PAGE = 16000
FACTS_FILE = "tracker-rarity.yaml"
RARITY = {"Common": "C", "Uncommon": "U", "Rare": "R", "Epic": "E", "Legendary": "L",
          "Promo": "P"}
_PAGE_FILE = re.compile(r"^p(\d+)\.tsv$")


def read_pages(cache: Path | None, set_names: Iterable[str]) -> list[dict]:
    """The prints of the raw pages in ``cache`` whose set is one of ``set_names``."""
    if cache is None or not cache.is_dir():
        return []
    wanted = set(set_names)
    rows: list[dict] = []
    for path in sorted(cache.iterdir()):
        m = _PAGE_FILE.match(path.name)
        if not m:
            continue
        offset = int(m.group(1))
        if offset % 1000 or offset >= TOTAL_CHARS:
            raise DataError(f"{path}: {offset} is not a page offset of {PATH} "
                            f"({TOTAL_CHARS} characters)")
        text = path.read_text(encoding="utf-8")
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip() or line.startswith("#"):
                continue
            cells = line.split("\t")
            where = f"{path}:{n}"
            if len(cells) != 4:
                raise DataError(f"{where}: expected 4 tab-separated fields (set name, number, "
                                f"card name, rarity), found {len(cells)}")
            set_name, number, name, rarity = (c.strip() for c in cells)
            if set_name not in wanted:
                continue
            if not number.isdigit() or not name or rarity not in RARITY:
                raise DataError(f"{where}: number {number!r}, name {name!r} or rarity "
                                f"{rarity!r} is not a print of {PATH}; fix the line")
            rows.append({"set": set_name, "number": f"{int(number):03d}", "name": name,
                         "rarity": RARITY[rarity], "page": offset})
    return rows


def load_facts(path: Path) -> list[dict]:
    prints = read_fact_list(path, "prints", ("set", "number", "name", "rarity", "page"), "print")
    return [dict(r, number=str(r["number"])) for r in prints]


def combined(raw: list[dict], committed: list[dict]) -> list[dict]:
    """Raw prints first; committed prints for the set and number no raw page gives."""
    seen = {(r["set"], r["number"]) for r in raw}
    out = list(raw) + [r for r in committed if (r["set"], r["number"]) not in seen]
    by_place: dict[tuple, dict] = {}
    for r in out:
        other = by_place.setdefault((r["set"], r["number"]), r)
        if other is not r and (other["name"], other["rarity"]) != (r["name"], r["rarity"]):
            raise DataError(f"{PATH} pages {other['page']} and {r['page']}: {r['set']} "
                            f"{r['number']} is both {other['name']} ({other['rarity']}) and "
                            f"{r['name']} ({r['rarity']})")
    return sorted(by_place.values(), key=lambda r: (r["set"], r["number"]))


FACTS_HEADER = f"""\
World of Warcraft TCG: rarity of the last sets' printings from the public print list
{REPO} {PATH} (commit {COMMIT}), read in pages of
{PAGE} characters (page = the offset read).  One entry per print: set name, number, the
card name the list gives, rarity (C, U, R, E).  No rules text.  Derived by
deckcheck/games/wowtcg/importing/tracker.py from the raw pages in the ignored
.data-cache/wowtcg-tracker/; `deckcheck cards import wowtcg` fills the rarity of the CardCarp
printings not read from it and compares the rest."""


def write_facts(path: Path, prints: list[dict]) -> None:
    pages = sorted({r["page"] for r in prints})
    dump_yaml(path, {"source": {"repo": REPO, "path": PATH, "commit": COMMIT,
                                "total_chars": TOTAL_CHARS},
                     "pages": pages,
                     "prints": [{k: r[k] for k in ("set", "number", "name", "rarity", "page")}
                                for r in prints]},
              header=FACTS_HEADER)


def _names(record: dict) -> set[str]:
    return {key(record["name"])} | {key(a) for a in record.get("aliases") or ()}


def apply(records: list[dict], prints: list[dict], codes: dict[str, str]) -> dict[str, Any]:
    """Give each CardCarp printing of ``prints``' sets without a rarity the list's rarity
    (``rarity_source: tracker``); compare the rest.  ``codes``: set name -> set code."""
    at: dict[tuple[str, str], list[tuple[dict, dict]]] = {}
    for r in records:
        for p in r.get("printings") or ():
            if p.get("set") in codes.values():
                at.setdefault((p["set"], p["number"]), []).append((r, p))
    report: dict[str, Any] = {"filled": {}, "agree": 0, "disagree": [], "other_name": [],
                              "no_record": []}
    for row in prints:
        code = codes[row["set"]]
        place = f"{code} {row['number']}"
        found = at.get((code, str(int(row["number"])))) or []
        if len(found) != 1:
            report["no_record"].append(f"{place} {row['name']}")
            continue
        record, printing = found[0]
        if key(row["name"]) not in _names(record):
            report["other_name"].append(f"{place}: {row['name']} (card data: {record['name']})")
            continue
        if printing.get("rarity"):
            if printing.get("rarity_source") == "tracker" or printing["rarity"] == row["rarity"]:
                report["agree"] += printing.get("rarity_source") != "tracker"
            else:
                report["disagree"].append(f"{place} {record['name']}: CardCarp "
                                          f"{printing['rarity']}, print list {row['rarity']}")
            continue
        printing["rarity"] = row["rarity"]
        printing["rarity_source"] = "tracker"
        report["filled"][code] = report["filled"].get(code, 0) + 1
    return report


def coverage_note(prints: list[dict]) -> str:
    """The SOURCES.md note: which numbers of which sets the print list gave a rarity."""
    by_set: dict[str, list[str]] = {}
    for r in prints:
        by_set.setdefault(r["set"], []).append(r["number"])
    if not by_set:
        return "Rarity from the tracker's print list: no page read."
    parts = "; ".join(f"{s} {ranges(n)} ({len(n)})" for s, n in sorted(by_set.items()))
    pages = ", ".join(str(p) for p in sorted({r["page"] for r in prints}))
    return (f"Rarity from the tracker's print list ({REPO} {PATH}, commit {COMMIT}; pages at "
            f"offsets {pages}): {parts}. It fills the rarity of each of these printings whose "
            "CardCarp printing file was not read (the printing says rarity_source: tracker); "
            "where both were read the import compares them. Its card names are checked "
            "against the card data at each number; no other fact is taken from it.")
