"""The Core Set apprentice spellbooks, both editions: the original from the seed (its lost
columns recovered with the OCTGN books), the 4th from the OCTGN files, checked against the
game page (§5)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

from deckcheck.carddb.importers.common import DataError
from deckcheck.games.magewars.importing.mages import row_id
from deckcheck.games.magewars.importing.octgn import read_o8d
from deckcheck.games.magewars.importing.records import NameResolver
from deckcheck.games.magewars.importing.seed import (SeedEntry, read_seed_apprentice_rows,
                                                     seed_table_line)
from deckcheck.games.magewars.importing.tables import (APPRENTICE_MAGES, APPRENTICE_TOTALS,
                                                       ZH_CARD_NAMES)
from deckcheck.matching.normalise import key

def octgn_book(path: Path, resolve: NameResolver) -> Counter:
    book: Counter = Counter()
    for section, name, qty, _ in read_o8d(path):
        if section != "Mage":
            book[resolve(name, str(path))] += qty
    return book


def split_seed_columns(entries: list[SeedEntry], books: dict[str, Counter], seed_path: Path,
                       ) -> dict[str, list[tuple[SeedEntry, str]]]:
    """Cut each seed row into the four mage columns.

    The seed lost its column breaks; the OCTGN original books say which cards each mage has.
    Entries are taken in order: an entry belongs to the current column while that mage still
    lacks the card, otherwise the next column starts.  Names and counts must then agree
    exactly with the OCTGN books.
    """
    remaining = {m: Counter(b) for m, b in books.items()}
    columns: dict[str, list[tuple[SeedEntry, str]]] = {m: [] for m in APPRENTICE_MAGES}
    col, row = 0, None
    for entry in entries:
        if entry.row != row:
            col, row = 0, entry.row
        english = ZH_CARD_NAMES.get(entry.zh)
        if english is None:
            raise DataError(f"{seed_path}: apprentice card {entry.zh} has no English name")
        while col < len(APPRENTICE_MAGES) and not remaining[APPRENTICE_MAGES[col]].get(english):
            col += 1
        if col == len(APPRENTICE_MAGES):
            raise DataError(f"{seed_path}: apprentice entry {entry.count} {entry.zh} ({english}) "
                            f"is in no OCTGN original book at this position")
        mage = APPRENTICE_MAGES[col]
        if remaining[mage][english] != entry.count:
            raise DataError(f"{seed_path}: {mage} apprentice: seed has {entry.count} {english}, "
                            f"OCTGN has {remaining[mage][english]}")
        del remaining[mage][english]
        columns[mage].append((entry, english))
    left = {m: dict(c) for m, c in remaining.items() if c}
    if left:
        raise DataError(f"{seed_path}: OCTGN original apprentice cards missing from the seed: {left}")
    return columns


def apprentice_books(gdb: Path, seed: tuple[str, Path] | None, records: dict[str, dict],
                     resolve: NameResolver, rows: dict[str, dict]) -> list[dict]:
    """Both editions of the four Core apprentice books (original from the seed, 4th from
    the OCTGN files)."""
    folder = gdb / "Decks" / "Apprentice Spellbooks"
    originals = {m: octgn_book(folder / f"{m} Apprentice.o8d", resolve) for m in APPRENTICE_MAGES}
    fourth = {m: octgn_book(folder / f"{m} Apprentice - 4th Edition.o8d", resolve)
              for m in APPRENTICE_MAGES}
    books = []
    for mage, (original, source) in original_editions(seed, originals).items():
        books.append(_book(mage, "original", original, source, records, rows))
        books.append(_book(mage, "4th", fourth_edition_entries(fourth[mage], original),
                           f"OCTGN Decks/Apprentice Spellbooks/{mage} Apprentice - 4th Edition.o8d",
                           records, rows))
    return books


def original_editions(seed: tuple[str, Path] | None, originals: dict[str, Counter],
                      ) -> dict[str, tuple[list[tuple], str]]:
    """Per mage: ``[(name, count, zh, seed row)]`` in seed order, and the source note.
    Without the seed, the OCTGN original books (which the seed equals) are used."""
    if seed is None:
        return {m: ([(n, c, None, None) for n, c in originals[m].items()],
                    f"OCTGN Decks/Apprentice Spellbooks/{m} Apprentice.o8d (seed absent)")
                for m in APPRENTICE_MAGES}
    seed_text, seed_path = seed
    lineno, line = seed_table_line(seed_text, seed_path)
    columns = split_seed_columns(read_seed_apprentice_rows(line, seed_path), originals, seed_path)
    return {m: ([(english, e.count, e.zh, e.row) for e, english in columns[m]],
                f"seed {seed_path.name}, line {lineno} (printed p.3); equal to OCTGN "
                f"Decks/Apprentice Spellbooks/{m} Apprentice.o8d")
            for m in APPRENTICE_MAGES}


def fourth_edition_entries(book: Counter, original: list[tuple]) -> list[tuple]:
    """The 4th-edition book in the original's order; cards new in it come last."""
    order = [name for name, *_ in original]

    def position(name: str) -> int:
        return order.index(name) if name in order else len(order)

    return [(n, c, None, None) for n, c in sorted(book.items(), key=lambda nc: position(nc[0]))]


_TYPE_ORDER = ("Equipment", "Creature", "Conjuration", "Enchantment", "Incantation", "Attack")


def _book(mage: str, edition: str, cards: list[tuple], source: str, records: dict[str, dict],
          rows: dict[str, dict]) -> dict:
    entries = []
    for name, count, zh, listed in cards:
        rec = records[key(name)]
        entry = {"name": rec["name"], "count": count, "type": rec["type"]}
        if zh:
            entry["zh"] = zh
        if listed and listed != rec["type"]:
            entry["listed_under"] = listed
        entries.append(entry)
    entries.sort(key=lambda e: _TYPE_ORDER.index(e["type"]))     # stable: keeps seed order
    row = rows[row_id(mage, "apprentice")]
    book = {"mage": mage, "class": row["class"], "mage_row": row_id(mage, "apprentice"),
            "edition": edition, "source": source,
            "total": sum(e["count"] for e in entries), "distinct": len(entries), "cards": entries}
    if edition == "original" and rows[row_id(mage, "arena")].get("names"):
        book["names"] = rows[row_id(mage, "arena")]["names"]
    return book


def check_apprentice_totals(books: list[dict]) -> None:
    for book in books:
        expected = APPRENTICE_TOTALS[book["edition"]][book["mage"]]
        if book["total"] != expected:
            raise DataError(f"apprentice {book['mage']} ({book['edition']}): {book['total']} "
                            f"spells, the game page says {expected}")


def read_doc_apprentice_tables(doc: Path) -> dict[tuple[str, str], dict[str, tuple[int, str | None]]]:
    """The game page's §5 tables: ``(mage, edition) -> {name: (count, zh)}``."""
    text = doc.read_text(encoding="utf-8")
    start = text.find("## 5.")
    section = text[start:text.find("\n## ", start + 5)] if start >= 0 else ""
    tables: dict[tuple[str, str], dict[str, tuple[int, str | None]]] = {}
    mage = None
    for line in section.splitlines():
        if m := re.match(r"#### (\w+)", line):
            mage = m.group(1)
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if mage is None or len(cells) != 5 or not cells[1] or cells[0] in ("type",) \
                or set(cells[0]) <= set("-"):
            continue
        zh = None if cells[4] in ("—", "") else cells[4]
        for edition, cell in (("original", cells[2]), ("4th", cells[3])):
            if cell.isdigit():
                tables.setdefault((mage, edition), {})[cells[1]] = (int(cell), zh)
    return tables


def _by_key(book: dict[str, Any]) -> dict[str, Any]:
    return {key(name): value for name, value in book.items()}


def check_against_doc(books: list[dict], doc: Path) -> None:
    """Fail when a generated book differs from the game page's table."""
    tables = read_doc_apprentice_tables(doc)
    if not tables:
        raise DataError(f"{doc}: apprentice tables (§5) not found")
    for book in books:
        want = tables.get((book["mage"], book["edition"]))
        got = {e["name"]: (e["count"], e.get("zh")) for e in book["cards"]}
        if book["edition"] == "4th" and want is not None:
            want = {n: (c, None) for n, (c, _) in want.items()}
        if want is not None and _by_key(want) != _by_key(got):
            diff = sorted(set(map(str, want.items())) ^ set(map(str, got.items())))
            raise DataError(f"apprentice {book['mage']} ({book['edition']}) differs from {doc} "
                            f"§5: {'; '.join(diff)}")
        if want is None:
            raise DataError(f"{doc}: no §5 table for {book['mage']} ({book['edition']})")
