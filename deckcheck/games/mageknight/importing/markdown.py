"""Reading the reference tables: the pipe tables of the seven Markdown files by their column
names (:func:`read_tables`), and the rows of each file the importer keeps (names, numbers,
colours, counts and categories; the effect columns are never read into a record)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from deckcheck.carddb.importers.common import DataError
from deckcheck.games.mageknight.importing.tables import NUMBER_RANGES, ROMAN


@dataclass
class Row:
    """One table row: its cells by column name and where it came from (``file:line``)."""
    cells: dict[str, str]
    where: str

    def get(self, column: str) -> str:
        try:
            return self.cells[column]
        except KeyError:
            raise DataError(f"{self.where}: no column {column!r}") from None


@dataclass
class Table:
    heading: str                # the nearest `##` heading
    subheading: str             # the nearest `###` heading below it ("" if none)
    columns: list[str]
    rows: list[Row] = field(default_factory=list)


_CELL_SPLIT = re.compile(r"(?<!\\)\|")
_BOLD = re.compile(r"^\*\*(.+?)\*\*$")


def cells_of(line: str) -> list[str]:
    """The cells of a ``| a | b |`` line."""
    parts = _CELL_SPLIT.split(line.strip())
    return [p.strip().replace("\\|", "|") for p in parts[1:-1]]


def read_tables(path: Path) -> list[Table]:
    """All pipe tables of a Markdown file, with their headings."""
    tables: list[Table] = []
    heading = subheading = ""
    current: Table | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.startswith("|"):
            current = None
            if line.startswith("## "):
                heading, subheading = line[3:].strip(), ""
            elif line.startswith("### "):
                subheading = line[4:].strip()
            continue
        cells = cells_of(line)
        if current is None:
            current = Table(heading, subheading, cells)
            tables.append(current)
        elif all(set(c) <= set("-: ") for c in cells):
            continue                                    # the |---|---| separator
        else:
            if len(cells) != len(current.columns):
                raise DataError(f"{path.name}:{number}: {len(cells)} cells, "
                                f"expected {len(current.columns)}")
            current.rows.append(Row(dict(zip(current.columns, cells)), f"{path.name}:{number}"))
    return tables


def tables_with(tables: list[Table], *columns: str) -> list[Table]:
    """The tables having all of ``columns``."""
    return [t for t in tables if all(c in t.columns for c in columns)]


def bold_name(row: Row, column: str) -> str:
    """The ``**bold**`` name of a row; DataError if the cell is not bold."""
    m = _BOLD.match(row.get(column))
    if not m:
        raise DataError(f"{row.where}: expected a **bold** name in column {column!r}, "
                        f"got {row.get(column)!r}")
    return m.group(1).strip()


def card_number(row: Row, column: str = "Card #") -> tuple[int, bool]:
    """``65/377`` -> (65, False); ``UE266/377`` -> (266, True)."""
    m = re.fullmatch(r"(UE)?(\d+)/377", row.get(column))
    if not m:
        raise DataError(f"{row.where}: bad card number {row.get(column)!r}")
    return int(m.group(2)), bool(m.group(1))


def expansion_of(kind: str, number: int, ue: bool, where: str) -> str:
    """The expansion a printed number belongs to (§5 MK-R9)."""
    if ue:
        return "ultimate"
    for low, high, expansion in NUMBER_RANGES[kind]:
        if low <= number <= high:
            return expansion
    raise DataError(f"{where}: number {number} is outside the known {kind} ranges")


def read_standard_deck(tables: list[Table]) -> list[dict]:
    """basic-actions.md, "Shared Basic Action Cards": name, copies and colour of the 12 cards."""
    found = [t for t in tables_with(tables, "Card", "Qty", "Color")
             if t.subheading.startswith("Shared Basic Action Cards")]
    if len(found) != 1:
        raise DataError("basic-actions.md: no single 'Shared Basic Action Cards' table")
    rows = []
    for row in found[0].rows:
        qty = row.get("Qty")
        if not qty.isdigit():
            raise DataError(f"{row.where}: bad Qty {qty!r}")
        rows.append({"name": row.get("Card"), "copies": int(qty),
                     "colour": row.get("Color").casefold(), "where": row.where})
    return rows


def read_hero_cards(tables: list[Table]) -> list[dict]:
    """basic-actions.md hero tables: hero, card, and the data's `Replaces` (checked only)."""
    rows = []
    for table in tables_with(tables, "Hero", "Card", "Replaces"):
        for row in table.rows:
            rows.append({"hero": bold_name(row, "Hero"), "name": row.get("Card"),
                         "data_replaces": row.get("Replaces"), "where": row.where,
                         "table": table.subheading})
    return rows


def read_numbered(tables: list[Table], kind: str) -> list[dict]:
    """advanced-actions.md / artifacts.md: name, number and the `##` group of each card."""
    rows = []
    for table in tables_with(tables, "Card #", "Name"):
        for row in table.rows:
            number, ue = card_number(row)
            rows.append({"name": bold_name(row, "Name"), "number": number, "ue": ue,
                         "expansion": expansion_of(kind, number, ue, row.where),
                         "group": table.heading, "where": row.where})
    return rows


def read_spells(tables: list[Table]) -> list[dict]:
    """spells.md: basic name, powered name, colour (from the heading), number, ● flag."""
    rows = []
    for table in tables_with(tables, "Card #", "Basic Name", "Powered Name"):
        m = re.match(r"(Green|Red|Blue|White) Spells\b", table.heading)
        if not m:
            raise DataError(f"spells.md: spell table under unexpected heading {table.heading!r}")
        for row in table.rows:
            number, ue = card_number(row)
            dot = row.get("●")
            if dot not in ("", "●"):
                raise DataError(f"{row.where}: bad ● cell {dot!r}")
            rows.append({"name": bold_name(row, "Basic Name"),
                         "powered_name": bold_name(row, "Powered Name"),
                         "colour": m.group(1).casefold(), "number": number, "ue": ue,
                         "expansion": expansion_of("spell", number, ue, row.where),
                         "interactive": dot == "●", "where": row.where})
    return rows


def read_units(tables: list[Table]) -> list[dict]:
    """units.md: name, number, level, cost and class (regular / elite) of each unit row."""
    rows = []
    for table in tables_with(tables, "Card #", "Name", "Cost", "Level"):
        unit_class = table.heading.split()[0].casefold()
        if unit_class not in ("regular", "elite"):
            raise DataError(f"units.md: unit table under unexpected heading {table.heading!r}")
        for row in table.rows:
            number, ue = card_number(row)
            cost = re.match(r"(\d+)\b", row.get("Cost"))
            level = ROMAN.get(row.get("Level"))
            if not cost or level is None:
                raise DataError(f"{row.where}: bad cost or level")
            rows.append({"name": bold_name(row, "Name"), "number": number,
                         "expansion": expansion_of("unit", number, ue, row.where),
                         "level": level, "cost": int(cost.group(1)), "unit_class": unit_class,
                         "where": row.where})
    return rows


def read_skills(tables: list[Table], heroes: list[str]) -> list[dict]:
    """skills.md: each skill name with the hero of its `## <Hero> Skills` heading."""
    rows = []
    for table in tables_with(tables, "Skill", "Type"):
        m = re.fullmatch(r"(\w+) Skills", table.heading)
        if not m:
            continue                                     # the "Skill Types" legend
        if m.group(1) not in heroes:
            raise DataError(f"skills.md: skills of unknown hero {m.group(1)!r}")
        for row in table.rows:
            rows.append({"name": bold_name(row, "Skill"), "hero": m.group(1),
                         "where": row.where})
    return rows


def read_tactics(tables: list[Table]) -> list[dict]:
    """tactics.md: name, day/night and turn-order number of each tactic."""
    rows = []
    for table in tables_with(tables, "#", "Name"):
        m = re.fullmatch(r"(Day|Night) Tactics", table.heading)
        if not m:
            raise DataError(f"tactics.md: tactic table under unexpected heading {table.heading!r}")
        for row in table.rows:
            if not row.get("#").isdigit():
                raise DataError(f"{row.where}: bad tactic number {row.get('#')!r}")
            rows.append({"name": bold_name(row, "Name"), "time_of_day": m.group(1).casefold(),
                         "order": int(row.get("#")), "where": row.where})
    return rows
