"""DCK040: a group's subtotal that differs from the group it counts ("29 Spells" over 30
spells, "Total – 31" under 30 resonators). The readers find the group (the cards above the
line, or under it when the list's subtotals lead their groups) and keep both numbers on the
line's DCK027 note (:func:`deckcheck.parsing.totals.group_differs`)."""

from __future__ import annotations

from typing import Iterable

from deckcheck.models import Finding, Severity
from deckcheck.rules.base import Context, Rule, register


@register
class SubtotalDiffers(Rule):
    """A subtotal the list states for a group of cards ("29 Spells", "12 Creatures",
    "Total – 19" under a type heading) differs from the cards of that group: a card line
    may be missing, mistyped or under the wrong heading, or the subtotal is wrong. A
    subtotal that matches its group is accepted silently; a ``Total`` line whose number is
    the main deck's or the whole list's is a deck total, not a group's (DCK028 compares
    those).

    The group is the run of card lines above the subtotal back to the previous heading or
    total line; in a list whose first total of a zone has no card above it, the totals lead
    their groups ("23 land" then 23 lands) and the group is the run under the line.

    A heading's count is a subtotal too: ``Creatures (12)`` counts the run of card lines
    under it (up to the next heading, total line or blank line), ``Sideboard (15)`` or
    ``主牌（60张）`` every card of its zone up to the next zone heading. Points (``Attack
    (34 pts)``) and part-counts (``(25 of 41)``) are not compared, nor is a zone heading's
    count that is the main deck's or the whole list's.
    """

    code = "DCK040"
    name = "subtotal-differs"
    severity = Severity.WARNING
    message = "'{text}' says {expected}; the group of cards above it has {actual}."
    messages = {"below": "'{text}' says {expected}; the group of cards under it "
                         "has {actual}."}

    def check(self, ctx: Context) -> Iterable[Finding]:
        main = ctx.game.default_zone
        deck_totals = (ctx.count(main), sum(ctx.count(z) for z in ctx.counted_zones()),
                       sum(e.count for e in ctx.deck.entries))
        for f in ctx.deck.findings:
            if f.code != "DCK027" or "group" not in f.args:
                continue
            stated = f.args["group_stated"]
            if "stated" in f.args and stated in deck_totals:
                continue   # "Total: 60" under the lands: the deck's total, and it is right
            yield self.finding(ctx, line=f.line, text=f.args["text"], expected=stated,
                               actual=f.args["group"],
                               variant="below" if f.args["group_side"] == "below" else None)
        for group in ctx.deck.stated:    # "Creatures (12)" over 11 creatures
            size = sum(e.count for e in ctx.deck.entries if e.line in group.lines
                       and (not group.zone_heading or e.zone == group.zone))
            if size == 0 or size == group.stated or \
                    (group.zone_heading and group.stated in deck_totals):
                continue
            text = group.text if len(group.text) <= 80 else group.text[:77] + "..."
            yield self.finding(ctx, line=group.line, text=text, expected=group.stated,
                               actual=size, variant="below")
