"""CSV deck lists with a header row: Deckbox, Moxfield, Archidekt and similar (mtg.md §5.5).
An export with no header (``Counterspell,4,Ice Age``: name, count, set) is read by position.

The delimiter (``,``, ``;`` or tab) is taken from the header row, and columns are found by
their header, case- and punctuation-insensitively:

| role | headers |
|---|---|
| quantity | Count, Quantity, Qty |
| name | Name, Card Name, Card |
| set | Edition, Set, Set Code, Edition Code, Set Name |
| collector number | Collector Number, Card Number, Number |
| zone | Board, Section, Category, Categories (Sideboard, Maybeboard, Commander …; else main) |
| language | Language |

Deckbox's ``Edition`` holds full set names (``Dark Ascension``); the set column is kept as
written and mapped to a code through the card data's ``sets.yaml`` when names are resolved.
Each row keeps its line number; a row without a name or with a bad quantity is an
unparseable-line finding.
"""

from __future__ import annotations

import csv
import io

from deckcheck.games.base import Game
from deckcheck.games.mtg.model import note_of
from deckcheck.matching.normalise import key
from deckcheck.models import DeckList, Entry
from deckcheck.parsing import phrases
from deckcheck.parsing.phrases import Phrase
from deckcheck.parsing.text import MAX_COUNT, unparseable
from deckcheck.reading import SourceText

ROLES = {
    "quantity": ("count", "quantity", "qty", "amount"),
    "name": ("name", "cardname", "card"),
    "set": ("edition", "set", "setcode", "editioncode", "setname", "expansion"),
    "number": ("collectornumber", "cardnumber", "number", "collectorsnumber", "cn"),
    "zone": ("board", "section", "category", "categories", "zone"),
    "language": ("language", "lang"),
}
_ROLE_OF = {k: role for role, keys in ROLES.items() for k in keys}


# the reader's own phrases (DCK001 why and fix)
NO_NAME_COLUMN = Phrase("mtg-csv-no-name-column", "the CSV header has no card name column")
NAME_THE_COLUMN = Phrase("mtg-csv-name-the-column", "Name the column Name, Card Name or Card.")
MALFORMED = Phrase("mtg-csv-malformed", "the CSV is malformed ({detail})")
SAVE_AS_CSV = Phrase("mtg-csv-save-as-csv", "Save the file again as CSV.")
ROW_NO_NAME = Phrase("mtg-csv-row-no-name", "the row has no card name")
FILL_NAME = Phrase("mtg-csv-fill-name", "Fill in the name column.")
FIX_QUANTITY = Phrase("mtg-csv-fix-quantity", "Fix the quantity column.")


def csv_delimiter(line: str) -> str | None:
    """The delimiter of a CSV header line: the most frequent of ``,``, ``;`` and tab."""
    if "," not in line and ";" not in line and "\t" not in line:   # most lines: three scans
        return None
    counts = {d: line.count(d) for d in (",", ";", "\t")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else None


def header_roles(cells: list[str]) -> dict[int, str]:
    """Column index -> role, for the header cells that name a known column (first wins)."""
    out: dict[int, str] = {}
    for i, cell in enumerate(cells):
        role = _ROLE_OF.get(key(cell))
        if role and role not in out.values():
            out[i] = role
    return out


def headerless_row(cells: list[str]) -> bool:
    """Whether a first row is a card row of an export with no header: a name, a count and
    maybe a set (``Counterspell,4,Ice Age``), not a header naming its columns."""
    if len(cells) < 2 or len(cells) > 4:
        return False
    name, count = cells[0].strip().strip('"').strip(), cells[1].strip()
    return bool(name) and not name.isdigit() and count.isdigit() and int(count) <= MAX_COUNT \
        and not header_roles(cells)


#: the columns of an export with no header, by position: name, count, set
HEADERLESS = {"name": 0, "quantity": 1, "set": 2}


def _zone(game: Game, value: str) -> str:
    first = value.split(",")[0].strip()        # Archidekt: "Sideboard,Creature"
    if not first:
        return game.default_zone
    return game.header_zone(first) or (game.hint_zone(first) or None) or game.default_zone


def parse_csv(src: SourceText, game: Game) -> DeckList:
    deck = DeckList(path=src.path, source_format="csv", game=game.id)
    text = src.text.lstrip("\ufeff")
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    delimiter = csv_delimiter(first) or ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    header: list[str] | None = None
    roles: dict[int, str] = {}
    cols: dict[str, int] = {}
    try:
        for row in reader:
            lineno = reader.line_num
            if not any(c.strip() for c in row):
                continue
            if header is None:
                header = row
                roles = header_roles(row)
                cols = {role: i for i, role in roles.items()}
                if "name" not in cols and headerless_row(row):
                    # "Counterspell,4,Ice Age": no header, the first row is a card's
                    cols = {role: i for role, i in HEADERLESS.items() if i < len(row)}
                    _row(deck, game, lineno, row, cols, delimiter)
                    continue
                if "name" not in cols:
                    deck.findings.append(unparseable(
                        lineno, delimiter.join(row), NO_NAME_COLUMN, NAME_THE_COLUMN))
                    return deck
                continue
            _row(deck, game, lineno, row, cols, delimiter)
    except csv.Error as exc:
        deck.findings.append(unparseable(reader.line_num, "", MALFORMED.say(detail=str(exc)),
                                         SAVE_AS_CSV))
    return deck


def _row(deck: DeckList, game: Game, lineno: int, row: list[str], cols: dict[str, int],
         delimiter: str) -> None:
    def cell(role: str) -> str:
        i = cols.get(role)
        return row[i].strip() if i is not None and i < len(row) else ""

    shown = delimiter.join(row)
    name = cell("name")
    if not name:
        deck.findings.append(unparseable(lineno, shown, ROW_NO_NAME, FILL_NAME))
        return
    qty_text = cell("quantity")
    implicit = not qty_text
    try:
        count = 1 if implicit else int(qty_text)
        if count < 0 or count > MAX_COUNT:
            raise ValueError
    except ValueError:
        deck.findings.append(unparseable(lineno, shown,
                                         phrases.QUANTITY_WRITTEN_IMPLAUSIBLE.say(q=qty_text),
                                         FIX_QUANTITY))
        return
    entry = Entry(line=lineno, zone=_zone(game, cell("zone")), count=count, name=name,
                  raw_name=name, number=cell("number") or None, implicit_count=implicit)
    if cell("set"):
        note_of(entry).set_value = cell("set")
    if cell("language"):
        note_of(entry).language = cell("language")
    deck.entries.append(entry)
