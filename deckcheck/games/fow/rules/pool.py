"""The card pool: printings in the format's clusters (FOW125). The bans are in ``bans``."""

from __future__ import annotations

from deckcheck.games.fow.rules.common import FowRule, placed
from deckcheck.rules.base import card_matches, register
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
