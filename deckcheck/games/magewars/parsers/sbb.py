"""Arcane Wonders Spellbook Builder ``.sbb`` files.

Lines: ``1``; the book's name; the mage (``Wizard (Air)``); product flags; the total cost;
per-set costs; the card count; then ``CODE,qty`` per card. Cards are named by printed code
only (the game resolves them, see ``MageWarsGame.resolve_entry``). The OCTGN export writes
every code twice, in upper and lower case: those lines are one card, not two.
"""

from __future__ import annotations

import re
from pathlib import Path

from deckcheck.games.magewars.model import note_of
from deckcheck.models import DeckList, Entry
from deckcheck.parsing import phrases
from deckcheck.parsing.phrases import Phrase
from deckcheck.parsing.text import MAX_LINE, unparseable
from deckcheck.reading import SourceText, split_lines

_CODE_LINE = re.compile(r"^\s*(?P<code>[A-Za-z0-9]+)\s*,\s*(?P<qty>-?\d+)\s*$")


# the reader's own phrases (DCK001 why and fix)
STARTS_WITH_1 = Phrase("magewars-sbb-starts-with-1", "an .sbb file starts with the line '1'")
EXPORT_BOOK = Phrase("magewars-export-book", "Export the book again.")
CODE_AND_COUNT = Phrase("magewars-sbb-code-and-count", "Each card line is a code and a count.")
NOT_CODE_LINE = Phrase("magewars-sbb-not-code-line", "not a 'CODE,qty' card line")
CODE_COMMA_COUNT = Phrase("magewars-sbb-code-comma-count", "Each card line is a printed code, a "
                                                         "comma and a count, e.g. MW1A02,2.")


def looks_like_sbb(path: str, text: str) -> bool:
    if Path(path).suffix.lower() == ".sbb":
        return True
    lines = split_lines(text[:4096].lstrip("\ufeff"))
    return len(lines) >= 8 and lines[0].strip() == "1" and bool(_CODE_LINE.match(lines[7]))


def parse_sbb(src: SourceText, game) -> DeckList:
    deck = DeckList(path=src.path, source_format="sbb", game=game.id)
    lines = split_lines(src.text.lstrip("\ufeff"))
    if not lines or lines[0].strip() != "1":
        deck.findings.append(unparseable(1, lines[0] if lines else "", STARTS_WITH_1,
                                         EXPORT_BOOK))
        return deck
    if len(lines) > 1 and lines[1].strip():
        deck.metadata["name"] = lines[1].strip()
        deck.metadata_lines["name"] = 2
    if len(lines) > 2 and lines[2].strip():
        deck.headers.setdefault("mage", 3)
        mage = lines[2].strip()
        deck.entries.append(Entry(line=3, zone="mage", count=1, name=mage, raw_name=mage,
                                  inline=True))
    if len(lines) > 4 and lines[4].strip():
        deck.metadata["listed_cost"] = lines[4].strip()
    seen: dict[str, Entry] = {}
    for i, raw in enumerate(lines[7:], start=8):
        if not raw.strip():
            continue
        if len(raw) > MAX_LINE:   # and a count of thousands of digits is not a number
            deck.findings.append(unparseable(i, raw.strip(), phrases.LINE_TOO_LONG.say(n=len(raw)),
                                             CODE_AND_COUNT))
            continue
        m = _CODE_LINE.match(raw)
        if not m:
            deck.findings.append(unparseable(i, raw.strip(), NOT_CODE_LINE, CODE_COMMA_COUNT))
            continue
        code, qty = m.group("code"), int(m.group("qty"))
        if qty < 0 or qty > 1000:
            deck.findings.append(unparseable(i, raw.strip(),
                                             phrases.COUNT_IMPLAUSIBLE.say(n=qty), phrases.FIX_COUNT))
            continue
        key = code.upper()
        if key in seen:   # the same code in the other case: one card, not two
            note_of(seen[key]).duplicate_lines.append(i)
            continue
        entry = Entry(line=i, zone="spellbook", count=qty, name=code, raw_name=code, ref=code)
        note_of(entry).by_code = key
        seen[key] = entry
        deck.entries.append(entry)
    return deck
