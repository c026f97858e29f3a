"""Mage Knight rules of the list's figures (MK-R10, §6.4): Fame and level, the hand limit,
and a hand above it."""

from __future__ import annotations

from typing import Iterable

from deckcheck.games.mageknight import model as mk
from deckcheck.games.mageknight.rules.common import MageKnightRule
from deckcheck.models import Finding, Severity
from deckcheck.rules.base import Context, register


@register
class FameLevelMismatch(MageKnightRule):
    """The "Level:" does not match the "Fame:" (MK-R10, §6.4).

    Levels start at Fame 0, 3, 8, 15, 24, 35, 48, 63, 80 and 99 (the printed Fame track as
    given in public player aids; **[uncertain]** until checked against a Fame board). A
    warning only: the list's figures are information, not deed cards.
    """

    code = "MKN301"
    name = "fame-level-mismatch"
    severity = Severity.WARNING
    message = "Fame {fame} is level {derived}; the list says level {level}."

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mk.deck_info(ctx)
        if info.fame is None or info.level is None or info.derived_level is None:
            return
        if info.derived_level != info.level:
            yield self.finding(ctx, line=ctx.deck.metadata_lines.get("level"),
                               expected=info.derived_level, actual=info.level, fame=info.fame,
                               derived=info.derived_level, level=info.level)


@register
class HandLimitBelowLevel(MageKnightRule):
    """The "Hand limit:" is below the value on the hero's level token (MK-R10, §6.4).

    The hand limit is the level token's value (5 at levels 1–4, 6 at 5–8, 7 at 9–10) plus
    modifiers such as Keeps; it is never below the token's value. The level is ``Level:``, else
    the one ``Fame:`` gives.
    """

    code = "MKN302"
    name = "hand-limit-below-level"
    severity = Severity.WARNING
    message = "Hand limit {actual} is below the level-{level} value {expected}."

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mk.deck_info(ctx)
        level = info.effective_level
        if info.hand_limit is None or level is None:
            return
        value = mk.hand_limit_for_level(ctx.db, level)
        if value is not None and info.hand_limit < value:
            yield self.finding(ctx, line=ctx.deck.metadata_lines.get("hand_limit"),
                               expected=value, actual=info.hand_limit, level=level)


@register
class HandOverLimit(MageKnightRule):
    """The "Hand:" holds more cards than the hand limit (MK-R10).

    Information only: a hand above the limit is legal, the player just draws no cards at the
    end of the turn. The limit is ``Hand limit:``, else the level token's value (from
    ``Level:`` or ``Fame:``), plus one per Keep (``Keeps:``) when the turn ends on or next to
    one (MK-S11).
    """

    code = "MKN303"
    name = "hand-over-limit"
    severity = Severity.INFO
    message = ("Hand has {actual} {actual:card|cards}; the hand limit is {expected}{keeps_note}. A larger "
               "hand is legal; you just don't draw.")

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mk.deck_info(ctx)
        limit = info.hand_limit
        if limit is None and info.effective_level is not None:
            limit = mk.hand_limit_for_level(ctx.db, info.effective_level)
        have = ctx.count("hand")
        if limit is None or not have:
            return
        keeps = info.keeps or 0
        if have > limit + keeps:
            yield self.finding(ctx, zone="hand", line=ctx.first_line("hand"), actual=have,
                               expected=limit, keeps=keeps,
                               keeps_note=f" (+{keeps} for Keeps)" if keeps else "")
