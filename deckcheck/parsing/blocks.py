"""The blocks of a list without headings (design §4): lines parted by blank lines.

Magic lists are often written with no heading at all: the main deck, a blank line, the
sideboard. The text reader numbers the blocks of card lines; :func:`blank_line_split` makes
the second of two blocks the sideboard, and reports a list of more blocks (DCK019) rather
than guess. What is not a block of cards does not count as one: a block that holds only a
total ("12 Creatures" set apart), and the list's title at the top ("Mono Red Aggro", a line
or two with no count, above blocks that have counts).
"""

from __future__ import annotations

from deckcheck.games.base import Game
from deckcheck.models import DeckList, Entry
from deckcheck.rules.core import BlankLineBlocks

#: a title at the top of a list has at most this many lines (the name, then its second line:
#: "Pauper Challenge #11880883 on 06/02/2019")
_TITLE_LINES = 2


def _titles(block_of: list[tuple[Entry, int]]) -> set[int]:
    """The blocks at the top that are a title, not cards: each one or two lines with no
    count, above the first block that has a card line with a count. A list written without
    counts (a Commander list of bare names) has no such block: its first block is cards."""
    if not block_of or not block_of[0][0].implicit_count:
        return set()      # the common list: its first line has a count
    first = next((b for e, b in block_of if not e.implicit_count), None)
    if first is None:
        return set()
    lead: dict[int, list[Entry]] = {}
    for e, b in block_of:
        if b < first:
            lead.setdefault(b, []).append(e)
    if any(len(entries) > _TITLE_LINES for entries in lead.values()):
        return set()
    for entries in lead.values():
        if len(entries) == 1:
            entries[0].apart = True   # a commander's name set apart reads the same way
    return set(lead)


def blank_line_split(game: Game, deck: DeckList, block_of: list[tuple[Entry, int]]) -> None:
    """Move the second of two blocks of card lines to the game's blank-line zone (the
    sideboard), or report more than two (DCK019). ``block_of``: each entry and its block."""
    # a block that holds only a total ("12 Creatures" set apart by blank lines) is no
    # block of cards: it neither starts the sideboard nor counts toward DCK019
    block_of = [(e, b) for e, b in block_of if e.maybe_total is None]
    titles = _titles(block_of)
    if titles:   # "Mono Red Aggro", a blank line, the deck, a blank line, the sideboard
        block_of = [(e, b) for e, b in block_of if b not in titles]
    blocks = sorted({b for _, b in block_of})
    if len(blocks) == 2:
        second = blocks[1]
        for b in blocks:   # one line set apart (a commander above or below the deck)
            lone = [e for e, eb in block_of if eb == b]
            if len(lone) == 1 and len(block_of) > 2:
                lone[0].apart = True
                if b == blocks[0] and lone[0].implicit_count:
                    # one line with no count above the rest: the list's title or its
                    # commander, and the rest is the deck, not a sideboard
                    return
        for entry, b in block_of:
            if b == second and entry.zone == game.default_zone:
                entry.zone = game.blank_line_zone
    elif len(blocks) > 2:
        first_lines = [e.line for e, b in block_of if b != blocks[0]]
        deck.findings.append(BlankLineBlocks().finding(
            None, line=first_lines[0] if first_lines else None, n=len(blocks)))
