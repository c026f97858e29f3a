"""Lines that state a total instead of listing a card ("60 Cards", "Total – 31"): the
DCK027 note that shows such a line, and the size of the section of cards above it."""

from __future__ import annotations

import re
from functools import lru_cache

from deckcheck.models import Entry, Finding
from deckcheck.rules.core import NotACardLine


# a whole-deck total, whose number DCK028 compares with the deck: "60 Cards", "Total: 60",
# "Total cards in deck: 60", "Grand Total: 60", "60 Cartas", "共60张", "合计：60" (not
# "23 Creatures")
@lru_cache(maxsize=1)
def _whole_total() -> re.Pattern:
    """A whole-deck total with its number (see :func:`not_a_card`)."""
    return re.compile(
        r"^(?:(?P<a>\d++)\s*+(?:cards?|cartas?)\.?(?:\s*+[,，]\s*+\d++\s*+sideboard(?:\s++cards?)?)?|(?:grand\s++)?total(?:\s++cards?(?:\s++in\s++(?:the\s++)?deck)?)?"
        r"\s*+[:：–—-]?\s*+(?P<b>\d++)(?:\s*+cards?)?|[(（]?\s*+共\s*+(?P<c>\d++)\s*+(?:张|張)?\s*+(?:牌)?"
        r"\s*+[)）]?|(?:合计|合計|总计|總計|共计|共計|总数|總數)\s*+[:：]?\s*+(?P<d>\d++)\s*+(?:张|張)?)$",
        re.IGNORECASE)


#: "29 Spells", "12 creatures": a count, then words (a type heading's, for a group subtotal)
_COUNT_WORDS = re.compile(r"^(?P<n>\d++)\s++(?P<words>\D.*)$")


def not_a_card(line: int, text: str, variant: str, section: int | None = None,
               group: tuple[int, int, str] | None = None) -> Finding:
    """DCK027: a line that lists no card (a total, the list's title, forum markup) is shown,
    not counted. ``variant``: total, markup or title. A whole-deck total keeps its number
    (``stated``) for DCK028, unless it is the subtotal of the ``section`` of cards just above
    it ("Total – 31" under 31 resonators). ``group``: a subtotal's stated number, the size
    of its group and where the group is (``above``/``below``), when the two differ (DCK040)."""
    shown = text if len(text) <= 80 else text[:77] + "..."
    args: dict = {"text": shown, "variant": variant}
    m = _whole_total().match(text.strip()) if variant == "total" else None
    if m:
        stated = int(next(g for g in m.groups() if g is not None))
        if stated != section:
            args["stated"] = stated
    if group is not None:
        args["group_stated"], args["group"], args["group_side"] = group
    return NotACardLine().finding(None, line=line, **args)


def group_differs(entries: list[Entry], i: int, game,
                  skip: tuple[Entry, ...] = ()) -> tuple[int, int, str] | None:
    """The stated number, the size and the side of the group a subtotal at entry ``i``
    counts, when the two numbers differ; None when they agree or the line is no group
    subtotal.

    A group subtotal is a count and a type heading's words ("29 Spells", "12 Creatures") or
    a total ("Total – 31") under a type heading's cards or followed by another total of
    its zone (the resonators' total, then the chants'). Lists write such lines after their
    group or before it (a heading that leads with its count: "23 land"); which one is seen
    from the zone's first total line: with no card above it since the zone's heading, the
    totals of that zone lead their groups. ``skip``: lines that are no cards (the title)."""
    if skip:
        here = entries[i]
        entries = [e for e in entries if all(e is not s for s in skip)]
        i = next(j for j, e in enumerate(entries) if e is here)
    here = entries[i]
    text = (here.maybe_total or "").strip()
    m = _COUNT_WORDS.match(text)
    whole = None if m and game.hint_zone(m.group("words")) is not None \
        else _whole_total().match(text)
    if whole is not None:
        if here.hint is None and not any(e.maybe_total and e.zone == here.zone
                                         for e in entries[i + 1:]):
            return None          # a zone's or the deck's total: DCK028's to compare
        stated = int(next(g for g in whole.groups() if g is not None))
    elif m and game.hint_zone(m.group("words")) is not None:
        stated = int(m.group("n"))
    else:
        return None
    first = next(j for j in range(i + 1) if entries[j].maybe_total and entries[j].zone == here.zone)
    if whole is None and section_count(entries, first) == 0:
        side, size = "below", _count_below(entries, i)
    else:
        side, size = "above", section_count(entries, i)
    if size == 0 or size == stated:
        return None
    return stated, size, side


def _count_below(entries: list[Entry], i: int) -> int:
    """How many cards the lines just under entry ``i`` list in its zone, up to the next
    total line or heading."""
    here = entries[i]
    n = 0
    for e in entries[i + 1:]:
        if e.maybe_total or e.zone != here.zone or e.inline:
            break
        n += e.count
    return n


def section_count(entries: list[Entry], i: int, skip: tuple[Entry, ...] = ()) -> int:
    """How many cards the lines just above entry ``i`` list under the same heading (zone
    and type heading), back to the previous heading or total line; the lines of ``skip``
    (the title) are no cards."""
    here = entries[i]
    n = 0
    for e in reversed(entries[:i]):
        if skip and any(e is s for s in skip):
            continue
        if e.maybe_total or e.zone != here.zone or e.hint != here.hint or e.inline:
            break
        n += e.count
    return n
