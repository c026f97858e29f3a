"""Sizes and copies (rules 100.1, 100.3, 100.4): WOW101-WOW103."""

from __future__ import annotations

from deckcheck.games.wowtcg.model import DECK_ZONES, deck_entries
from deckcheck.games.wowtcg.rules.common import WowRule
from deckcheck.models import Entry
from deckcheck.rules.base import card_matches, register
from deckcheck.rules.claims import Bound, Check, MissingClaim, SizeClaim
from deckcheck.rules.generic import ZoneBound


@register
class MainDeckTooSmall(WowRule, ZoneBound):
    """The main deck has fewer cards than the format requires.

    Rule 100.1: "构筑赛所使用的套牌张数不得少于 60 张限制赛所使用的套牌张数不得少于 30 张套牌张数没有上限"
    (Constructed at least 60, Limited at least 30, no maximum), and "英雄牌不计入套牌张数主宰英雄
    … 会计入套牌张数" (the hero does not count; Master Heroes do). The sideboard never counts.
    Unknown lines count as written.
    """

    code = "WOW101"
    name = "main-deck-too-small"
    message = ("Main deck has {actual} {actual:card|cards}; {format} requires at least {expected} (hero not "
               "counted, Master Heroes counted; rule 100.1).")
    zone, bound = "main", Bound.MIN
    extra_claims = (MissingClaim("main"),)


@register
class SideboardSize(WowRule):
    """The sideboard is neither empty nor of the size the format requires.

    Rule 100.3: "某些比赛允许玩家使用备牌, 这并非强制性的 … 构筑赛中, 备牌张数必须为 10 张" (a
    sideboard is optional; in Constructed it must be exactly 10 cards). In Limited every pool
    card not in the main deck is the sideboard, so its size is never checked.
    """

    code = "WOW102"
    name = "sideboard-size"
    message = ("Sideboard has {actual} {actual:card|cards}; in {format} a sideboard is optional but must "
               "have exactly {used} cards when used (rule 100.3).")
    claims = (SizeClaim("sideboard", Bound.SIZES), SizeClaim("sideboard", Bound.MIN),
              SizeClaim("sideboard", Bound.MAX))

    def check(self, ctx):
        sizes = (ctx.fmt.zone("sideboard") or {}).get("sizes")
        have = ctx.count("sideboard")
        if sizes and have not in sizes:
            used = " or ".join(str(s) for s in sizes if s) or "0"
            yield self.finding(ctx, zone="sideboard", expected=sizes, actual=have,
                               line=ctx.first_line("sideboard"), used=used)


@register
class TooManyCopies(WowRule):
    """More than four cards with one name in main deck and sideboard together.

    Rule 100.4: "构筑赛中, 一副套牌 ( 包括其备牌, 如果有的话 ) 只能加入至多四张同名牌" (at most four
    cards with the same name, sideboard included); "限制赛中, 玩家可以在套牌中加入任意数量的同名牌"
    (Limited: any number); "标签为无限 (Unlimited) 的牌张为例外情况" (Unlimited cards are
    exempt). Printings (extended art, loot, reprints) are one name (rule 200). Unique and (N)
    tags are in-play limits (rule 414), never deck limits.
    """

    code = "WOW103"
    name = "too-many-copies"
    message = ("{card}: {actual} copies ({breakdown}); at most {expected} per name in "
               "{format} (rule 100.4).")
    claims = (Check.COPIES,)

    def check(self, ctx):
        for spec in ctx.fmt.get("copies") or ():
            zones = spec.get("zones") or list(DECK_ZONES)
            limit = spec.get("limit")
            exempt = spec.get("exempt") or ()
            totals: dict[str, list[Entry]] = {}
            for e in deck_entries(ctx):
                if e.zone in zones:
                    totals.setdefault(e.card.name, []).append(e)
            for name, entries in totals.items():
                card = entries[0].card
                if any(card_matches(card, p) for p in exempt):
                    continue
                total = sum(e.count for e in entries)
                if limit is not None and total > limit:
                    by_zone = {z: sum(e.count for e in entries if e.zone == z) for z in zones}
                    breakdown = " + ".join(f"{n} {z}" for z, n in by_zone.items() if n)
                    yield self.finding(ctx, zone=entries[0].zone, card=card,
                                       line=entries[0].line, expected=limit, actual=total,
                                       breakdown=breakdown, main=by_zone.get("main", 0),
                                       side=by_zone.get("sideboard", 0))
