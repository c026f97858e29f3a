"""The card pool and bans: printings in the format's clusters (FOW125), the ban list
(FOW128) and cards banned together (FOW129)."""

from __future__ import annotations

from deckcheck.games.fow.rules.common import FowRule, placed
from deckcheck.models import Entry
from deckcheck.rules.base import Context, card_matches, register
from deckcheck.rules.claims import Check


@register
class NotInFormat(FowRule):
    """A card has no printing in the format's clusters (fowdb formats; a card is legal if
    any printing of its name is in a legal cluster). Basic magic stones are legal in every
    format."""

    code = "FOW125"
    name = "not-in-format"
    message = "{card} is not legal in {format}: no printing in {clusters}. Printed in {printings}."
    claims = (Check.POOL,)

    def check(self, ctx):
        legal = ctx.fmt.get("clusters")
        if not legal or legal == "any":
            return
        exempt = ctx.fmt.get("pool_exempt") or []
        seen = set()
        for e in placed(ctx):
            card = e.card
            if card.id in seen or any(card_matches(card, p) for p in exempt):
                continue
            clusters = card.get("clusters") or []
            if not set(clusters) & set(legal):
                seen.add(card.id)
                yield self.finding(ctx, zone=e.zone, card=card, line=e.line,
                                   clusters=", ".join(legal),
                                   printings=", ".join(clusters) or "no known cluster")


def _profile_note(ctx: Context) -> str:
    p = ctx.fmt.profile
    if not p:
        return ""
    return f" (list of {p['from']}" + (f", {p['name']})" if p.get("name") else ")")


def _canonical(ctx: Context, names) -> list[str]:
    out = []
    for n in names or ():
        card = ctx.db.find(n)
        out.append(card.name if card is not None else n)
    return out


@register
class Banned(FowRule):
    """A card on the format's ban list (``banned:`` in the format file or its dated profile,
    compared by canonical name). The shipped formats have no ban list: the card data
    carries none (fow.md §1)."""

    code = "FOW128"
    name = "banned"
    message = "{card} is banned in {format}{profile}."
    claims = (Check.BANNED,)

    def check(self, ctx):
        banned = set(_canonical(ctx, ctx.fmt.get("banned")))
        if not banned:
            return
        seen = set()
        for e in placed(ctx):
            if e.card.name in banned and e.card.name not in seen:
                seen.add(e.card.name)
                yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line,
                                   profile=_profile_note(ctx))


@register
class CombinationBanned(FowRule):
    """Cards that may not be played together (``combination_banned:`` lists in the format
    file or its dated profile) are all in the deck."""

    code = "FOW129"
    name = "combination-banned"
    message = "{cards} may not be played together in {format}{profile}."

    def check(self, ctx):
        first: dict[str, Entry] = {}
        for e in ctx.resolved():
            first.setdefault(e.card.name, e)
        for combo in ctx.fmt.get("combination_banned") or ():
            names = _canonical(ctx, combo)
            if len(names) > 1 and all(n in first for n in names):
                last = max((first[n] for n in names), key=lambda e: e.line or 0)
                yield self.finding(ctx, zone=last.zone, card=last.card, line=last.line,
                                   actual=len(names),
                                   cards=" + ".join(ctx.label(first[n].card) for n in names),
                                   profile=_profile_note(ctx))
