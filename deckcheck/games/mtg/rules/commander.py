"""Commanders: who may be a commander, and which two may be commanders together.

The format's ``commander_types`` (Commander: ``[Creature]``; Brawl: ``[Creature,
Planeswalker]``) turns both rules on; formats whose command zone holds something else
(Oathbreaker's planeswalker and signature spell, Pauper Commander's uncommon creature) set it
to null; ``commander_card`` (Pauper Commander) names the types and rarities instead (MTG213). The facts are the card data's: types and supertypes, and what the importer read in
the card's own text (``commander``, ``partner``, ``partner_with``, ``choose_background``; the
text itself is not kept).
"""

from __future__ import annotations

from typing import Iterable

from deckcheck.games.mtg.rules.common import MtgRule
from deckcheck.games.mtg.rules.facts import unknown_facts
from deckcheck.models import Card, Finding
from deckcheck.rules.base import Context, register


def is_background(card: Card) -> bool:
    return "Background" in (card.get("subtypes") or ())


def _kinds(types: list[str]) -> str:
    return " or ".join(t.lower() for t in types)


@register
class CommanderNotEligible(MtgRule):
    """A card in the command zone that cannot be a commander.

    A commander is a legendary creature card (CR 903.3; Brawl: a legendary creature or
    planeswalker, the format's ``commander_types``), or a card whose own text says "… can be
    your commander" (the importer's ``commander: true``, e.g. Daretti, Scrap Savant). A
    Background (Legendary Enchantment — Background) is a commander only beside a creature
    with "Choose a Background" (CR 702.124, the partner abilities; subrule letters
    [uncertain] across CR versions). The MTGJSON v3 data ends in 2018, before
    Backgrounds (2022): with it no card has ``choose_background``; the mechanism reads the
    facts of newer data (MTGJSON v5).

    A card the data knows only by name, sets and rarity (a Forge edition record: ``types``
    in its ``unknown`` facts) is not judged: MTG501 says its eligibility could not be checked.
    """

    code = "MTG210"
    name = "commander-not-eligible"
    message = ("{card} cannot be your commander: it is not a legendary {kinds}, and its text "
               "does not say it can be your commander.")
    messages = {"background": ("{card} is a Background: it can be your commander only beside "
                               "a creature with \u201cChoose a Background\u201d.")}

    def check(self, ctx: Context) -> Iterable[Finding]:
        types = list(ctx.fmt.get("commander_types") or ())
        if not types:
            return
        commanders = ctx.resolved("commander")
        seen: set[str] = set()
        for e in commanders:
            card = e.card
            if card.id in seen or card.get("commander") or "types" in unknown_facts(card):
                continue
            seen.add(card.id)
            if "Legendary" in (card.get("supertypes") or ()) and \
                    set(types) & set(card.get("types") or ()):
                continue
            if is_background(card):
                if any(o.card.get("choose_background") for o in commanders if o is not e):
                    continue
                yield self.finding(ctx, zone=e.zone, card=card, line=e.line,
                                   variant="background")
                continue
            yield self.finding(ctx, zone=e.zone, card=card, line=e.line, kinds=_kinds(types))


@register
class CommanderPair(MtgRule):
    """Two commanders that may not be commanders together.

    Two commanders are allowed when both have Partner, when each has "Partner with" naming
    the other, or when one has "Choose a Background" and the other is a Background (CR
    702.124, the partner abilities; subrule letters [uncertain] across CR versions). Later
    pairings (Friends forever, Doctor's companion) are not in the MTGJSON v3 data and are not
    checked, nor is a pair with a card the data knows only by name (MTG501 says so).
    """

    code = "MTG211"
    name = "commander-pair"
    message = ("{card} and {other} cannot be your commanders together: two commanders need "
               "Partner on both, \u201cPartner with\u201d naming each other, or a \u201cChoose a "
               "Background\u201d creature with a Background.")
    messages = {"partner-with": ("{card} and {other} cannot be your commanders together: "
                                 "{card} has \u201cPartner with {partner_with}\u201d, so its "
                                 "only partner is {partner_with}.")}

    def check(self, ctx: Context) -> Iterable[Finding]:
        if not ctx.fmt.get("commander_types"):
            return
        commanders: list = []
        for e in ctx.resolved("commander"):
            if all(o.card.id != e.card.id for o in commanders):
                commanders.append(e)
        if len(commanders) != 2:
            return
        a, b = commanders
        if _pair_ok(a.card, b.card) or any("types" in unknown_facts(x.card) for x in (a, b)):
            return
        named = next((x for x in (a, b) if x.card.get("partner_with")), None)
        if named is not None:
            other = b if named is a else a
            yield self.finding(ctx, zone="commander", card=named.card, line=named.line,
                               other=ctx.label(other.card), variant="partner-with",
                               partner_with=named.card.get("partner_with"))
            return
        yield self.finding(ctx, zone="commander", card=b.card, line=b.line,
                           other=ctx.label(a.card))


def _pair_ok(a: Card, b: Card) -> bool:
    if a.get("partner") and b.get("partner"):
        return True
    if a.get("partner_with") == b.name and b.get("partner_with") == a.name:
        return True
    return any(x.get("choose_background") and is_background(y) for x, y in ((a, b), (b, a)))


@register
class CommanderCardKind(MtgRule):
    """A commander that is not the kind of card the format's command zone takes, where the
    format says so as data: ``commander_card: {types: [...], rarities: [...]}``.

    Pauper Commander: the commander is a creature printed at uncommon (any printing; it
    need not be legendary, so ``commander_types`` is null and MTG210 stands aside), written
    ``commander_card: {types: [Creature], rarities: [uncommon]}``. The types and rarities
    are the card data's (MTGJSON ``types``, ``rarity`` per printing). A card whose types the
    data does not know (a record from Forge's edition files lists them in ``unknown``) is not
    judged by type; one without rarities is not judged by rarity.
    """

    code = "MTG213"
    name = "commander-card-kind"
    message = ("{card} cannot be the commander in {format}: it has no printing at {rarity} "
               "(printed as: {printed}).")
    messages = {"types": "{card} cannot be the commander in {format}: it is not a {kinds}."}

    def check(self, ctx: Context) -> Iterable[Finding]:
        spec = ctx.fmt.get("commander_card") or {}
        types = [str(t) for t in spec.get("types") or ()]
        rarities = [str(r) for r in spec.get("rarities") or ()]
        if not types and not rarities:
            return
        seen: set[str] = set()
        for e in ctx.resolved("commander"):
            card = e.card
            if card.id in seen:
                continue
            seen.add(card.id)
            base = dict(zone="commander", card=card, line=e.line)
            unknown = set(card.get("unknown") or ())
            if types and "types" not in unknown and \
                    not set(types) & set(card.get("types") or ()):
                yield self.finding(ctx, kinds=_kinds(types), variant="types", **base)
                continue
            printings = [p for p in card.get("printings") or () if p.get("rarity")]
            if rarities and printings and not any(p["rarity"] in rarities for p in printings):
                printed = ", ".join(dict.fromkeys(f"{p.get('set', '?')} {p['rarity']}"
                                                  for p in printings))
                yield self.finding(ctx, rarity=" or ".join(rarities), printed=printed,
                                   **base)
