"""The count a heading states for the cards under it: ``Creatures (12)``, ``Lands (24)``,
``Sideboard (15)``, ``主牌（60张）``.

Such a count is a subtotal of its group, as a ``Total – 31`` line under the group is: the
text reader keeps, for each heading with a count, the lines of its group, and DCK040
(:mod:`deckcheck.rules.subtotals`) compares the two once the names are resolved (a title, a
total line or a card moved to its one-card zone is then no longer counted). A type heading's
group is the run of card lines under it, up to the next heading, total line or blank line;
a zone heading's is every card of that zone up to the next zone heading (its type headings
and their subtotals included). Points (``Attack (34 pts)``) and part-counts (``Resonators:
(25 of 41)``) are no card counts.
"""

from __future__ import annotations

from typing import NamedTuple

from deckcheck.models import DeckList, Entry


class StatedGroup(NamedTuple):
    """A heading's stated count and the lines of the group it counts."""

    line: int
    text: str                # the heading as written
    stated: int
    zone: str                # the zone the heading's cards are in
    zone_heading: bool       # a zone's heading ("Sideboard (15)"), not a type's
    lines: frozenset[int]    # the lines of the group's card entries


def stated_groups(deck: DeckList, heads: list[tuple[int, bool, str, bool, str, int | None]],
                  block_of: list[tuple[Entry, int]]) -> None:
    """Keep on ``deck.stated`` each heading's count and its group. ``heads``: every heading
    and type heading of the list in order, as (line, glued to its first card?, text, zone
    heading?, zone, the count it states or None: ``parsing.text.heading_count``);
    ``block_of``: every entry in order and its blank-line block."""
    for i, (lineno, glued, text, zone_heading, zone, stated) in enumerate(heads):
        if stated is None:
            continue
        end = next((h[0] for h in heads[i + 1:] if h[3] or not zone_heading), None)
        first = lineno if glued else lineno + 1   # "-Lands (25)- 4 《Dark Confidant》"
        lines: set[int] = set()
        block = None
        for e, b in block_of:
            if e.line is None or e.line < first:
                continue
            if end is not None and e.line >= end:
                break
            if e.maybe_total is not None or e.inline:
                if zone_heading:
                    continue   # a type group's subtotal or a one-line zone inside the zone
                break
            if not zone_heading:
                if block is None:
                    block = b
                elif b != block:
                    break      # a blank line ends a type group
            lines.add(e.line)
        deck.stated.append(StatedGroup(lineno, text, stated, zone, zone_heading,
                                       frozenset(lines)))
