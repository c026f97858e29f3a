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


def not_a_card(line: int, text: str, variant: str, section: int | None = None) -> Finding:
    """DCK027: a line that lists no card (a total, the list's title, forum markup) is shown,
    not counted. ``variant``: total, markup or title. A whole-deck total keeps its number
    (``stated``) for DCK028, unless it is the subtotal of the ``section`` of cards just above
    it ("Total – 31" under 31 resonators)."""
    shown = text if len(text) <= 80 else text[:77] + "..."
    args: dict = {"text": shown, "variant": variant}
    m = _whole_total().match(text.strip()) if variant == "total" else None
    if m:
        stated = int(next(g for g in m.groups() if g is not None))
        if stated != section:
            args["stated"] = stated
    return NotACardLine().finding(None, line=line, **args)


def section_count(entries: list[Entry], i: int) -> int:
    """How many cards the lines just above entry ``i`` list under the same heading (zone
    and type heading), back to the previous heading or total line."""
    here = entries[i]
    n = 0
    for e in reversed(entries[:i]):
        if e.maybe_total or e.zone != here.zone or e.hint != here.hint or e.inline:
            break
        n += e.count
    return n
