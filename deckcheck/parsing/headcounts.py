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
    lines: set[int]          # the lines of the group's card entries


def stated_groups(deck: DeckList, heads: list[tuple[int, bool, str, bool, str, int | None]],
                  block_of: list[tuple[Entry, int]]) -> None:
    """Keep on ``deck.stated`` each heading's count and its group. ``heads``: every heading
    and type heading of the list in order, as (line, glued to its first card?, text, zone
    heading?, zone, the count it states or None);
    ``block_of``: every entry in order and its blank-line block. One pass over the entries:
    a zone heading ends the groups before it, a type heading the type group before it."""
    groups: dict[int, set[int]] = {i: set() for i, h in enumerate(heads) if h[5] is not None}
    if not groups:
        return
    starts = [h[0] if h[1] else h[0] + 1 for h in heads]   # the first line each heads
    count = len(heads)
    at, upcoming = 0, starts[0]
    zone_group = type_group = type_block = None   # the line sets being filled
    for e, b in block_of:
        line = e.line
        if line >= upcoming:      # the entry is under the next heading(s)
            while at < count and starts[at] <= line:
                if heads[at][3]:
                    zone_group, type_group = groups.get(at), None
                else:
                    type_group, type_block = groups.get(at), None
                at += 1
            upcoming = starts[at] if at < count else line + 10**9
        if type_group is None and zone_group is None:
            continue
        if e.maybe_total is not None or e.inline:
            type_group = None   # a type group's subtotal, a one-line zone: the type group ends
            continue            # (the zone's goes on)
        if type_group is not None:
            if type_block is None:
                type_block = b
            if b == type_block:
                type_group.add(line)
            else:
                type_group = None   # a blank line ends a type group
        if zone_group is not None:
            zone_group.add(line)
    for i, lines in groups.items():   # made by tuple.__new__ (a NamedTuple's is a Python call)
        lineno, _, text, zone_heading, zone, stated = heads[i]
        deck.stated.append(_new(StatedGroup, (lineno, text, stated, zone, zone_heading, lines)))


_new = tuple.__new__
