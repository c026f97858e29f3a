"""Mage Knight rules of the starting deed deck (MK-R2, §3): its size, the hero's 16 cards,
and the base-game deck kept under The Lost Legion."""

from __future__ import annotations

from typing import Iterable

from deckcheck.games.mageknight import model as mk
from deckcheck.games.mageknight.rules.common import MageKnightRule, count_pairs, counts_text
from deckcheck.models import Finding, Severity
from deckcheck.rules.base import Context, register
from deckcheck.rules.claims import Bound, MissingClaim, SizeClaim


@register
class StartingDeckSize(MageKnightRule):
    """A starting deed deck does not have 16 cards (MK-R2).

    Every hero starts with 16 basic action cards: the standard deck with the hero's unique
    cards each replacing one copy of a standard card (§2, §3). Cards under ``Hand:`` count as
    deed cards.
    """

    code = "MKN111"
    name = "starting-deck-size"
    formats = ("mageknight-starting",)
    claims = (SizeClaim("deck", Bound.MIN), SizeClaim("deck", Bound.MAX),
              SizeClaim("deck", Bound.SIZES), MissingClaim("deck"))
    message = "A starting deed deck has {expected} cards; this one has {actual}."

    def check(self, ctx: Context) -> Iterable[Finding]:
        size = ctx.fmt.get("starting_size") or (ctx.fmt.zone("deck") or {}).get("min") or 16
        have = sum(ctx.count(z) for z in mk.DEED_ZONES)
        if have != size:
            yield self.finding(ctx, zone="deck", line=ctx.first_line("deck"),
                               expected=size, actual=have)


@register
class StartingDeckMismatch(MageKnightRule):
    """The deck is not the declared hero's starting deck (MK-R2, §3.2).

    The deck must equal, as a multiset of names, the hero's 16 cards under the declared (or
    inferred) expansions: the standard deck of §2 with unique card 1 replacing one copy of its
    card, and with ``lost-legion``/``ultimate`` (always, for Wolfhawk, Krang and Braevalar)
    unique card 2 replacing another. The replacements are the judged ones of §3.3: Cold
    Toughness replaces Determination and Tirelessness replaces Stamina (the data's
    ``Replaces`` column says Rage and March). The message names what is missing and extra.
    """

    code = "MKN112"
    name = "starting-deck-mismatch"
    formats = ("mageknight-starting",)
    message = "Not {hero}'s starting deck ({expansions}): missing {missing}; extra {extra}."

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mk.deck_info(ctx)
        comp = mk.starting_comparison(ctx)
        if comp is None or comp.equal or comp.base_style:
            return
        order = {n: i for i, n in enumerate(info.table.order(info.hero))}
        first = next((e for e in mk.deed_entries(ctx) if e.card.name in comp.extra), None)
        card = next(iter(sorted(comp.extra, key=lambda n: order.get(n, 999))), None) or \
            next(iter(sorted(comp.missing, key=lambda n: order.get(n, 999))), None)
        yield self.finding(ctx, zone="deck", card=card,
                           line=first.line if first else ctx.first_line("deck"),
                           expected=comp.missing or None, actual=comp.extra or None,
                           hero=info.hero.name, expansions=mk.expansions_text(info.expansions),
                           missing=counts_text(comp.missing, order),
                           extra=counts_text(comp.extra, order),
                           expansions_items=list(info.expansions),
                           missing_counts=count_pairs(comp.missing, order),
                           extra_counts=count_pairs(comp.extra, order))


@register
class BaseDeckWithLostLegion(MageKnightRule):
    """A base hero's deck without its second unique card although The Lost Legion is in play
    (§3.3).

    With ``lost-legion`` or ``ultimate`` Arythea, Goldyx, Norowas and Tovak start with a second
    unique card (Mana Pull, Crystal Joy, Rejuvenate, Instinct) replacing one more standard
    card. Whether The Lost Legion makes it optional is **[uncertain]**, so a deck with card 1
    only is a warning, not an error. In ``mageknight-deed`` the same base-style deck (the
    replaced card held, the second card absent) is tolerated with this warning.
    """

    code = "MKN113"
    name = "base-deck-with-lost-legion"
    severity = Severity.WARNING
    message = ("{hero}'s deck has only {card1}; with {expansions} it also has {card2} "
               "(replacing one {replaced}).")

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mk.deck_info(ctx)
        hero = info.hero
        if hero is None:
            return
        if mk.is_starting_format(ctx):
            comp = mk.starting_comparison(ctx)
            fires = comp is not None and comp.base_style
        else:
            allowance = mk.basic_allowance(ctx)
            fires = allowance is not None and allowance.base_style
        if fires:
            replaced = hero.card2["replaces"]
            line = next((e.line for e in mk.deed_entries(ctx) if e.card.name == replaced),
                        ctx.first_line("deck"))
            yield self.finding(ctx, zone="deck", card=hero.card2["name"], line=line,
                               hero=hero.name, card1=hero.card1["name"],
                               card2=hero.card2["name"], replaced=replaced,
                               expansions=mk.expansions_text(info.expansions),
                               expansions_items=list(info.expansions))
