"""Checklist cards (seed FAQ L5, mtg.md §3.4): lines that stand for a double-faced card.

MTG303–306 are made by :mod:`deckcheck.games.mtg.hooks` while names are read; MTG307 and
MTG308 look at the whole deck.
"""

from __future__ import annotations

from typing import Iterable

from deckcheck.games.mtg.model import is_dfc
from deckcheck.games.mtg.rules.common import MtgParseRule, MtgRule
from deckcheck.models import Finding, Severity
from deckcheck.rules.base import Context, register

@register
class ChecklistUnmarked(MtgParseRule):
    """A checklist card line does not name the double-faced card it represents.

    Seed FAQ L5 (MTG-R14): a checklist card may be in a deck only to represent a
    double-faced card, and exactly one circle is marked to show which. The line counts toward
    no card and no zone.
    """

    code = "MTG303"
    name = "checklist-unmarked"
    message = "A checklist card must name the one double-faced card it represents."


@register
class ChecklistLine(MtgParseRule):
    """A checklist card line was counted as the double-faced card it names.

    Seed FAQ L5 (MTG-R13, R14): "in the game the checklist is treated as the DFC it
    represents". Decklists use the card's English name (MTG-R17), so register the
    double-faced card by its front face. ``--strict`` makes this fail.
    """

    code = "MTG304"
    name = "checklist-line"
    severity = Severity.WARNING
    message = ("Checklist counted as {count} × {card} in {zone}; register the "
               "double-faced card by its front-face name.")


@register
class ChecklistWrongSet(MtgParseRule):
    """The checklist card of one set cannot stand for a double-faced card of another set.

    Seed FAQ L5 (MTG-R14e): each set's checklist lists that set's double-faced cards (ISD:
    20, DKA: 13; the lists are the ``double_faced`` entries of ``cards/mtg/sets.yaml``).
    """

    code = "MTG305"
    name = "checklist-wrong-set"
    message = "The {set} checklist does not list {card} (a {card_set} double-faced card)."


@register
class ChecklistNotDfc(MtgParseRule):
    """A checklist card line names a card that is not double-faced; it counts toward nothing.

    Seed FAQ L5 (MTG-R14a): only a double-faced card can be represented by a checklist.
    """

    code = "MTG306"
    name = "checklist-not-dfc"
    message = "{card} is not a double-faced card; a checklist can only stand for one."


@register
class DfcListedTwice(MtgRule):
    """A double-faced card is listed directly and through checklist cards; both are counted.

    Seed FAQ L5 (MTG-R14c): the double-faced card a checklist represents is kept apart from
    the deck, so a list must name each copy once. Both lines count toward the copy limit, so
    MTG102 usually follows.
    """

    code = "MTG307"
    name = "dfc-listed-twice"
    severity = Severity.WARNING
    message = ("{card} is listed as a card (line {line1}) and through checklists (line {line2}); "
               "both were counted ({actual}).")

    def check(self, ctx: Context) -> Iterable[Finding]:
        by_card: dict[str, list] = {}
        for e in ctx.resolved():
            if ctx.fmt.zone(e.zone) is not None:
                by_card.setdefault(e.card.id, []).append(e)
        for entries in by_card.values():
            listed = [e for e in entries if e.via != "checklist"]
            checklists = [e for e in entries if e.via == "checklist"]
            if listed and checklists:
                yield self.finding(ctx, zone=listed[0].zone, card=listed[0].card,
                                   line=checklists[0].line, line1=listed[0].line,
                                   line2=checklists[0].line,
                                   actual=sum(e.count for e in entries))


@register
class MixedChecklistUse(MtgRule):
    """Some double-faced cards are listed through checklist cards and others directly.

    MTR 3.5 as quoted by judges in 2013 (MTG-R15): if a checklist represents any
    double-faced card in a deck, checklists must represent all of them. Whether the
    February 2012 MTR already said so is [uncertain], so this is information only.
    """

    code = "MTG308"
    name = "mixed-checklist-use"
    severity = Severity.INFO
    message = ("Double-faced cards are listed both through checklists ({a}) and directly ({b}); "
               "later tournament rules require all or none.")

    def check(self, ctx: Context) -> Iterable[Finding]:
        via, direct = [], []
        for e in ctx.resolved():
            if ctx.fmt.zone(e.zone) is None or not is_dfc(e.card):
                continue
            target = via if e.via == "checklist" else direct
            if e.card.name not in target:
                target.append(e.card.name)
        direct_only = [n for n in direct if n not in via]   # both ways at once: MTG307
        if via and direct_only:
            yield self.finding(ctx, a=", ".join(via), b=", ".join(direct_only))
