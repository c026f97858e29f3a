"""Deck cards and the card pool (rules 800.3a, 801): WOW119, WOW120."""

from __future__ import annotations

from deckcheck.games.wowtcg.model import (DECK_ZONES, constructed_sets, deck_entries,
                                          entry_order, first_per_name, hero_state, stopped)
from deckcheck.games.wowtcg.rules.common import WowRule
from deckcheck.rules.base import register
from deckcheck.rules.claims import Check


@register
class NotADeckCard(WowRule):
    """A token, a raid- or dungeon-deck card, or a hero's back face is in the deck.

    Tokens are created in play; raid and dungeon decks are not constructed (rule 800.3a:
    "你不能使用构筑过的主套牌和事件套牌"); ``<Hero> Back`` is the other side of the hero card.
    The line still counts toward the zone's size; no other check uses it.
    """

    code = "WOW119"
    name = "not-a-deck-card"
    message = ("{card} ({zone}) is {what} and cannot be in a deck.")
    #: a hero's back face quotes the line: the card's own name would repeat
    messages = {"back-face": ('"{input}" ({zone}) is the back face of hero {card} '
                              "and cannot be in a deck.")}
    #: ``what`` by why :func:`~deckcheck.games.wowtcg.model.stopped` keeps the card out
    whats = {"back-face": "the back face of hero {card_name}", "token": "a token",
             "raid": "printed only in raid decks", "dungeon": "printed only in dungeon decks"}

    def check(self, ctx):
        stop = stopped(ctx)
        seen = set()
        for e in sorted(ctx.resolved(*DECK_ZONES), key=entry_order):
            code, why = stop.get(id(e), ("", ""))
            if code == "WOW119" and (e.card.name, why) not in seen:
                seen.add((e.card.name, why))
                yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line,
                                   what=self.whats[why].format(card_name=e.card.name),
                                   what_key=why, input=e.raw_name or e.name,
                                   variant="back-face" if why == "back-face" else None)


@register
class NotInFormat(WowRule):
    """A card has no constructed printing in the format's card pool.

    The pool is the sets of a block (Block Constructed) or the mid-2010 Core list.
    The seed defers set legality to the tournament guidelines (rule 801); the pools come from
    the data (wowtcg.md §1, §4.4). A card is legal if **any** of its constructed printings is
    in the pool. Checked for the hero and every deck card.
    """

    code = "WOW120"
    name = "not-in-format"
    message = "{card} is not legal in {format}: no printing in {sets}. Printed in {printings}."
    #: the format's pool is a flag of the card data (``pool_flag``; ``sets`` is its label);
    #: ``printed`` is the printings as they are; ``flag-unprinted`` when the card data gives
    #: the card no constructed set
    messages = {"flag": "{card} is not legal in {format}: not on {sets}. Printed in {printed}.",
                "flag-unprinted": "{card} is not legal in {format}: not on {sets}. The card "
                                  "data gives no constructed set it was printed in."}
    claims = (Check.POOL,)

    def check(self, ctx):
        pool_sets = ctx.fmt.get("sets")
        flag = ctx.fmt.get("pool_flag")
        if not (isinstance(pool_sets, list) and pool_sets) and not flag:
            return
        blocks = constructed_sets(ctx)
        st = hero_state(ctx)
        entries = deck_entries(ctx)
        if st.hero is not None:
            entries = [st.entry] + entries
        for e in first_per_name(entries):
            card = e.card
            own = [s for s in card.get("sets") or () if s in blocks]
            printed = ", ".join(f"{s} (block {blocks[s]})" if blocks.get(s) else s for s in own)
            if flag and not card.get(flag):
                label = ctx.fmt.get("pool_label") or flag
                yield self.finding(ctx, zone=e.zone, card=card, line=e.line, sets=label,
                                   printings=printed or "no constructed set", printed=printed,
                                   variant="flag" if printed else "flag-unprinted")
            elif isinstance(pool_sets, list) and pool_sets and not set(own) & set(pool_sets):
                yield self.finding(ctx, zone=e.zone, card=card, line=e.line,
                                   sets=" ".join(pool_sets), printings=printed or "no constructed set")
