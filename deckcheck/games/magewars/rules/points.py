"""Spellbook points: the limit, the points left, and an OCTGN line's own costs (MW-R2, MW-R17,
§2.3, §6.2)."""

from __future__ import annotations

from typing import Iterable

from deckcheck.games.magewars.book import spell_cost
from deckcheck.games.magewars.model import book_cost, cost_options, mage_info, note_of
from deckcheck.games.magewars.rules.common import MwRule, first_line
from deckcheck.models import Finding, Severity
from deckcheck.rules.base import Context, register


@register
class SpellbookOverLimit(MwRule):
    """The spells cost more spellbook points than the mage may spend.

    MW-R2: every Arena mage has 120 spellbook points (the value on every Arena stats card,
    OCTGN ``StatSpellBookPoints``; Arcane Wonders' pre-built books are "perfectly balanced,
    with 120 points"). MW-R17: an Academy mage has 40 (Academy Elementalist 43
    [uncertain]). Each spell costs level x multiplier (MW-R3 … R9, §2.3 of the game page);
    the message lists the three most expensive lines so you see where the points go. Unknown
    card names are not counted (the total is then partial).
    """

    code = "MWR101"
    name = "spellbook-over-limit"
    message = ("Spellbook costs {actual} points; {mage} may spend at most {expected} ({format}). "
               "Most expensive lines: {top3}. ({rule})")

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mage_info(ctx)
        if info.mage is None or info.limit is None:
            return
        if (ctx.fmt.get("points") or {}).get("source") == "none":
            return
        book = book_cost(ctx)
        if book.total <= info.limit:
            return
        top = "; ".join(f"{ln.count}x {ctx.label(ln.card)} = {ln.total} "
                        f"({ln.cost.each} each)" for ln in book.top(3))
        rule = "MW-R2, MW-R17" if info.mage.variant == "academy" else "MW-R2"
        yield self.finding(ctx, zone="spellbook", line=first_line(ctx), expected=info.limit,
                           actual=book.total, mage=info.mage.title, top3=top, rule=rule,
                           top_lines=[[ln.count, ctx.label(ln.card), ln.total, ln.cost.each]
                                      for ln in book.top(3)])


@register
class PointsUnused(MwRule):
    """How many of the mage's spellbook points the book uses (MW-R2), for information."""

    code = "MWR118"
    name = "points-unused"
    severity = Severity.INFO
    message = "{actual} of {expected} points used ({left} left). (MW-R2)"

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mage_info(ctx)
        if info.mage is None or info.limit is None:
            return
        if (ctx.fmt.get("points") or {}).get("source") == "none":
            return
        total = book_cost(ctx).total
        if total <= info.limit:
            yield self.finding(ctx, zone="spellbook", expected=info.limit, actual=total,
                               left=info.limit - total)


@register
class ListedCostDiffers(MwRule):
    """An OCTGN clipboard line's own numbers disagree with deckcheck's cost.

    Game page §6.2: the OCTGN spellbook report line ``2 - Lightning Bolt - 2 - 2 - 4`` is
    quantity, name, level, cost and total. The trailing numbers are ignored for checking;
    when they differ from the cost deckcheck computes for the declared mage (§2.3), this note
    shows both (an older export, another mage or element, or changed card data).
    """

    code = "MWR122"
    name = "listed-cost-differs"
    severity = Severity.INFO
    message = ("The list says {card} costs {listed} each ({listed_total} in all); "
               "for {mage} it costs {expected} each ({total} in all). (§6.2)")

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mage_info(ctx)
        mage = info.mage
        if mage is None:
            return
        opts = cost_options(ctx)
        for e in ctx.resolved("spellbook"):
            listed = note_of(e).listed
            if not listed:
                continue
            cost = spell_cost(e.card, mage, **opts)
            if cost is None:
                continue
            if cost.each != listed["cost"] or cost.each * e.count != listed["total"]:
                yield self.finding(ctx, zone="spellbook", card=e.card, line=e.line,
                                   expected=cost.each, actual=listed["cost"], listed=listed["cost"],
                                   listed_total=listed["total"], total=cost.each * e.count,
                                   mage=mage.title)
