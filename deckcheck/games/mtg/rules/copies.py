"""Copies and bans: the four-card limit, restricted and banned cards, singleton formats.
"""

from __future__ import annotations

from typing import Iterable

from deckcheck.games.mtg.model import profile_note, profile_view
from deckcheck.games.mtg.rules.common import MtgRule, card_names
from deckcheck.models import Finding
from deckcheck.rules.base import Context, register
from deckcheck.rules.claims import Check
from deckcheck.rules.generic import count_copies, over_limit

@register
class TooManyCopies(MtgRule):
    """More than 4 copies of one card, counted by English name over main deck and sideboard.

    CR 100.2a and 100.4a ("The four-card limit … applies to the combined deck and
    sideboard"), MTR 6.1, and the Wizards format pages ("counted by its English card title
    equivalent") — MTG-R6. A double-faced card counts under its front face, so Chinese,
    back-face and checklist lines all add to one card. Basic lands (supertype Basic: CR 205.4,
    MTG-R7) and cards whose own text lifts the limit (the data flag ``deck_limit``: CR 101.1,
    MTG-R8) are exempt. Limited has no copy limit.
    """

    code = "MTG102"
    name = "too-many-copies"
    message = ("{card}: {actual} copies ({main} main + {side} sideboard); at most {expected} "
               "per English name, main deck and sideboard combined.")
    claims = (Check.COPIES,)

    def check(self, ctx: Context) -> Iterable[Finding]:
        if ctx.fmt.get("singleton"):
            return
        for spec in ctx.fmt.get("copies") or ():
            zones = spec.get("zones") or ["main", "sideboard"]
            counts = count_copies(ctx, zones, spec.get("key", "name"), spec.get("exempt") or (),
                                  spec.get("override_field"), spec["limit"])
            for c in sorted(over_limit(counts), key=lambda c: c.first_line or 0):
                main, side = c.by_zone.get("main", 0), c.by_zone.get("sideboard", 0)
                yield self.finding(ctx, zone="main" if main else next(iter(c.by_zone)),
                                   card=c.card, line=c.first_line, expected=c.limit,
                                   actual=c.total, main=main, side=side)


@register
class RestrictedOverLimit(MtgRule):
    """A restricted card appears more than once, counting main deck and sideboard together.

    MTR §6 (format sections) and the Forge/XMage validators — MTG-R10. The restricted list
    comes from the format profile (e.g. ``mtg-vintage``, restating Forge
    ``Archive/Vintage/2012-02-03.txt``); no shipped Standard profile restricts anything.
    """

    code = "MTG103"
    name = "restricted-over-limit"
    message = "{card} is restricted in {format}{profile}: {actual} copies, at most {expected}."
    claims = (Check.RESTRICTED,)

    def check(self, ctx: Context) -> Iterable[Finding]:
        view = profile_view(ctx)
        if not view.restricted:
            return
        limit = int(ctx.fmt.get("restricted_limit") or 1)
        wanted = {c.name for c in (ctx.db.find(n) for n in view.restricted) if c is not None}
        totals: dict[str, list] = {}
        for e in ctx.resolved("main", "sideboard", "commander", "companion"):
            if e.card.name in wanted:
                totals.setdefault(e.card.name, []).append(e)
        for entries in totals.values():
            n = sum(e.count for e in entries)
            if n > limit:
                yield self.finding(ctx, zone=entries[0].zone, card=entries[0].card,
                                   line=entries[0].line, expected=limit, actual=n,
                                   profile=profile_note(view))


@register
class SingletonViolation(MtgRule):
    """More than one copy of a card in a singleton format (Commander).

    Commander: one copy of each card across the commanders and the main deck, except basic
    lands and cards whose own text lifts the limit (mtg.md §1.5). Reserved for Commander.
    """

    code = "MTG104"
    name = "singleton-violation"
    message = "{card}: {actual} copies; {format} allows {expected}."

    def check(self, ctx: Context) -> Iterable[Finding]:
        if not ctx.fmt.get("singleton"):
            return
        for spec in ctx.fmt.get("copies") or ():
            zones = spec.get("zones") or ctx.counted_zones()
            counts = count_copies(ctx, zones, spec.get("key", "name"), spec.get("exempt") or (),
                                  spec.get("override_field"), spec["limit"])
            for c in sorted(over_limit(counts), key=lambda c: c.first_line or 0):
                yield self.finding(ctx, zone=next(iter(c.by_zone)), card=c.card,
                                   line=c.first_line, expected=c.limit, actual=c.total)


@register
class BannedCard(MtgRule):
    """A card on the format's banned list for the profile in force (MTG-R10: MTR §6).

    Banned cards may not appear in the main deck or the sideboard. Ban lists are dated:
    they come from the profile (e.g. ``mtg-modern`` restating Forge
    ``Archive/Modern/2012-02-03.txt``), never from MTGJSON ``legalities``. No shipped
    Standard or Innistrad Block profile bans anything (MTG-R2 … R4).

    Variant ``as-commander``: a card of the profile's ``banned_as_commander`` list is in
    the commander zone. Commander kept such a list until 2014-09-12 (Braids, Cabal Minion
    and others could be played in the deck, not lead it); the card stays legal in the
    main deck.
    """

    code = "MTG202"
    name = "banned"
    message = "{card} is banned in {format}{profile}."
    messages = {"as-commander": ("{card} may not be your commander in {format}{profile}; it "
                                 "may be played in the main deck.")}
    claims = (Check.BANNED,)

    def check(self, ctx: Context) -> Iterable[Finding]:
        view = profile_view(ctx)
        as_commander = [str(n) for n in ctx.fmt.get("banned_as_commander") or ()]
        if not view.banned and not as_commander:
            return
        wanted = card_names(ctx, view.banned)
        leaders = card_names(ctx, as_commander)
        seen: set[str] = set()
        for e in ctx.resolved(*ctx.fmt.zones):
            if e.card.name in seen:
                continue
            if e.card.name in wanted:
                seen.add(e.card.name)
                yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line,
                                   profile=profile_note(view))
            elif e.zone == "commander" and e.card.name in leaders:
                seen.add(e.card.name)
                yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line,
                                   profile=profile_note(view), variant="as-commander")
