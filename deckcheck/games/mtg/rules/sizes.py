"""Zones and sizes: the main deck, the whole deck, the sideboard (and its 0-or-15 era),
zones the format lacks and sections that are not part of the deck.
"""

from __future__ import annotations

from typing import Iterable

from deckcheck.games.mtg.model import VOID_SECTION, profile_view
from deckcheck.games.mtg.rules.common import MtgParseRule, MtgRule
from deckcheck.models import Finding, Severity
from deckcheck.rules.base import Context, register
from deckcheck.rules.claims import Bound, Check, SizeClaim
from deckcheck.rules.generic import ZoneBound

@register
class MainDeckTooSmall(MtgRule, ZoneBound):
    """The main deck has fewer cards than the format requires.

    Constructed: at least 60 cards, no maximum (MTG-R5; CR 100.2a, MTR 6.1). Limited: at
    least 40 cards (MTG-R12; CR 100.2b). Lines with unknown or ambiguous names still count,
    so the size describes the list as written.
    """

    code = "MTG101"
    name = "main-deck-too-small"
    message = "Main deck has {actual} {actual:card|cards}; {format} requires at least {expected}."
    zone, bound = "main", Bound.MIN


@register
class DeckSizeExact(MtgRule):
    """The deck must have an exact number of cards (Commander: commanders + main deck = 100).

    Read from the format's ``total: {zones, exact}`` (mtg.md §1.5). Reserved for Commander.
    """

    code = "MTG105"
    name = "deck-size-exact"
    message = "Deck has {actual} {actual:card|cards}; {format} requires exactly {expected}."

    def check(self, ctx: Context) -> Iterable[Finding]:
        total = ctx.fmt.get("total") or {}
        if not total.get("exact"):
            return
        zones = total.get("zones") or ctx.counted_zones()
        have = sum(ctx.count(z) for z in zones)
        if have != total["exact"]:
            yield self.finding(ctx, zone=zones[-1], expected=total["exact"], actual=have,
                               line=ctx.first_line(zones[-1]))


@register
class SideboardTooLarge(MtgRule, ZoneBound):
    """The sideboard has more than 15 cards (MTG-R9: CR 100.4a).

    Limited has no sideboard limit: the sideboard is the rest of the pool (CR 100.4b).
    """

    code = "MTG301"
    name = "sideboard-too-large"
    message = "Sideboard has {actual} {actual:card|cards}; at most {expected}."
    zone, bound = "sideboard", Bound.MAX


@register
class SideboardNotZeroOrFifteen(MtgRule):
    """Until 2013-07-12 a Constructed sideboard, if used, has exactly 15 cards.

    CR 100.4a as worded in 2012: "In constructed play, sideboards are optional, but must
    contain exactly fifteen cards if used." From 2013-07-13 a sideboard has up to 15 cards
    (Wizards, *Magic 2014 Core Set Rules Preview*, 2013-05-23) — MTG-R9. The event date
    (``--date``, else the profile's start) picks the rule. Raised only for 1–14 cards; more
    than 15 is MTG301.
    """

    code = "MTG302"
    name = "sideboard-not-0-or-15"
    message = ("Sideboard has {actual} {actual:card|cards}; on {date} a Constructed sideboard had exactly "
               "0 or 15 cards (up to 15 from 2013-07-13).")
    claims = (SizeClaim("sideboard", Bound.SIZES),)

    def check(self, ctx: Context) -> Iterable[Finding]:
        view = profile_view(ctx)
        sizes = view.sideboard_sizes
        if not sizes:
            return
        have = ctx.count("sideboard")
        most = (ctx.fmt.zone("sideboard") or {}).get("max")
        if have not in sizes and (most is None or have <= most):
            yield self.finding(ctx, zone="sideboard", expected=sizes, actual=have,
                               date=view.event_date, line=ctx.first_line("sideboard"))


@register
class ZoneNotInFormat(MtgRule):
    """The list has a zone the format does not have, e.g. a Commander section in Standard.

    Its cards are listed and still counted under that zone, but the zone itself is an error.
    """

    code = "MTG309"
    name = "zone-not-in-format"
    message = "{format} has no {zone} zone."
    claims = (Check.ZONE_NOT_IN_FORMAT,)

    def check(self, ctx: Context) -> Iterable[Finding]:
        for zone in ctx.deck.zones():
            if zone in ctx.fmt.zones or zone in ctx.game.non_deck_zones:
                continue
            yield self.finding(ctx, zone=zone, line=ctx.first_line(zone),
                               actual=ctx.count(zone))


@register
class XmageCommanderLine(MtgParseRule):
    """An XMage ``.dck`` file of a Commander format keeps the commander on an ``SB:`` line
    (XMage's deck format has no command-zone section): in a format with a command zone and
    no sideboard, a file without a commander section whose sideboard lines hold no more
    cards than the command zone takes has them read as the commanders (information). A
    larger sideboard is left a sideboard (MTG309 then names the zone).
    """

    code = "MTG311"
    name = "xmage-commander-line"
    severity = Severity.INFO
    message = "Lines {lines}: XMage keeps the commander on an SB: line; {cards} read as the commander."


@register
class NonDeckSection(MtgRule):
    """Cards in a section that is not part of the deck (maybeboard, tokens, Forge planes,
    an unknown program section) are shown but not counted."""

    code = "MTG310"
    name = "non-deck-section"
    severity = Severity.INFO
    message = 'Lines {lines}: section "{section}" is not part of the deck and was not counted.'

    def check(self, ctx: Context) -> Iterable[Finding]:
        groups: dict[str, list[int | None]] = {}
        for zone in ctx.deck.zones():
            if zone in ctx.game.non_deck_zones and zone not in ctx.fmt.zones:
                groups[zone] = [e.line for e in ctx.entries(zone)]
        for line, section, _text in ctx.deck.non_deck:
            if section != VOID_SECTION:
                groups.setdefault(section, []).append(line)
        for section, lines in groups.items():
            nums = sorted(n for n in lines if n is not None)
            yield self.finding(ctx, zone=section if section in ctx.game.zones else None,
                               line=nums[0] if nums else None, lines=_ranges(nums) or "?",
                               section=section, actual=len(lines))


def _ranges(nums: list[int]) -> str:
    out: list[str] = []
    start = prev = None
    for n in nums:
        if start is None:
            start = prev = n
        elif n == prev + 1:
            prev = n
        else:
            out.append(f"{start}" if start == prev else f"{start}–{prev}")
            start = prev = n
    if start is not None:
        out.append(f"{start}" if start == prev else f"{start}–{prev}")
    return ", ".join(out)
