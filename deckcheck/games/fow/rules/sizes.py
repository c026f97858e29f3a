"""Zone sizes: the main deck (FOW101, FOW102; a ruler's text can move the bounds), the magic
stone deck (FOW103, FOW107), the side deck (FOW111, FOW112) and the rune, extra and stranger
decks (FOW114, and FOW115 when no starting ruler has the keyword that allows one)."""

from __future__ import annotations

from deckcheck.games.fow.model import card_keywords, ruler_info
from deckcheck.games.fow.rules.common import FowRule, ref, zname
from deckcheck.models import Severity
from deckcheck.rules.base import Context, register
from deckcheck.rules.claims import Bound, SizeClaim
from deckcheck.rules.generic import ZoneBound


def main_bounds(ctx: Context) -> tuple[int, int | None, str]:
    spec = ctx.fmt.zone("main") or {}
    low, high, note = spec.get("min", 0), spec.get("max"), ""
    for r in ruler_info(ctx).rules_of("deck_size"):
        if r.get("zone", "main") != "main" or r.get("checked") is False:
            continue
        if r.get("min") is not None:
            low = r["min"]
        if r.get("no_maximum"):
            high = spec.get("max_if_ruler_no_maximum", high) if high is not None else None
            note = f" ({ruler_info(ctx).starting.name} has no maximum, but CR 12.7 caps decks at {high})"
        elif r.get("max") is not None:
            high = r["max"]
    return low, high, note


@register
class MainDeckTooSmall(FowRule, ZoneBound):
    """The main deck has fewer cards than the format requires.

    CR 2.3 §4.1: "主牌庫至少 40 張牌" (at least 40 cards); CR 12.7 §402.3a: at least forty.
    A ruler's text can raise the minimum (Typhon, the Infinite Monster: 100).
    """

    code = "FOW101"
    name = "main-deck-too-small"
    message = "Main deck has {actual} {actual:card|cards}; {format} requires at least {expected}. ({rule})"
    zone, bound = "main", Bound.MIN

    def limit(self, ctx):
        return main_bounds(ctx)[0]

    def args(self, ctx):
        return {"rule": ref(ctx, "402.3a")}


@register
class MainDeckTooLarge(FowRule, ZoneBound):
    """The main deck has more cards than CR 12.7 allows (60; 200 when the ruler has no
    maximum). CR 2.3 has no maximum."""

    code = "FOW102"
    name = "main-deck-too-large"
    message = ("Main deck has {actual} {actual:card|cards}; {format} allows at most {expected}{ruler_note}. "
               "(CR 12.7 §402.3a)")
    zone, bound = "main", Bound.MAX

    def limit(self, ctx):
        return main_bounds(ctx)[1]

    def args(self, ctx):
        note = main_bounds(ctx)[2]
        return {"ruler_note": note, "ruler_note_key": "no-maximum" if note else "none",
                "ruler": ctx.label(ruler_info(ctx).starting) if note else None}


@register
class StoneDeckTooSmall(FowRule, ZoneBound):
    """The magic stone deck has fewer than 10 cards (CR 2.3 §4.1; CR 12.7 §402.4a)."""

    code = "FOW103"
    name = "stone-deck-too-small"
    message = "Magic stone deck has {actual} {actual:card|cards}; at least {expected} required. ({rule})"
    zone, bound = "stone", Bound.MIN

    def args(self, ctx):
        return {"rule": ref(ctx, "402.4a")}


@register
class StoneDeckTooLarge(FowRule, ZoneBound):
    """The magic stone deck has more than 20 cards (CR 2.3 §4.1; CR 12.7 §402.4a)."""

    code = "FOW107"
    name = "stone-deck-too-large"
    message = "Magic stone deck has {actual} {actual:card|cards}; at most {expected} allowed. ({rule})"
    zone, bound = "stone", Bound.MAX

    def args(self, ctx):
        return {"rule": ref(ctx, "402.4a")}


@register
class SideDeckTooLarge(FowRule, ZoneBound):
    """The side deck has more than 15 cards (CR 12.7 §403.1a, Constructed)."""

    code = "FOW111"
    name = "side-deck-too-large"
    message = "Side deck has {actual} {actual:card|cards}; at most {expected} in Constructed. (CR 12.7 §403.1a)"
    zone, bound = "side", Bound.MAX


@register
class SideDeckEmpty(FowRule, ZoneBound):
    """No side deck is listed, but CR 12.7 §403.1a asks for 1–15 cards in Constructed.

    A warning, not an error: lists often omit the side deck. ``--strict`` makes it fail.
    """

    code = "FOW112"
    name = "side-deck-empty"
    severity = Severity.WARNING
    message = "No side deck listed; CR 12.7 §403.1a requires 1–15 cards in Constructed."
    zone, bound = "side", Bound.MIN


_SPECIAL = {"rune": ("Divinity", "402.6"), "extra": ("Grimoire", "402.5"),
            "stranger": ("Stranger", "402.7")}


@register
class ZoneSizeFixed(FowRule):
    """A rune, extra or stranger deck has a size the rules do not allow: a rune deck has
    exactly 0 or 5 cards, a stranger deck 0 or 10, an extra deck at most 5 (at most N for
    [Grimoire] (N)) (CR 12.7 §402.5–402.7)."""

    code = "FOW114"
    name = "zone-size-fixed"
    message = "{zone_name} has {actual} {actual:card|cards}; it must have {allowed} (CR 12.7 §{section})."
    claims = (SizeClaim("rune", Bound.SIZES), SizeClaim("stranger", Bound.SIZES),
              SizeClaim("extra", Bound.MAX))

    def check(self, ctx):
        for zone, (keyword, section) in _SPECIAL.items():
            spec = ctx.fmt.zone(zone)
            have = ctx.count(zone)
            if spec is None or have == 0:
                continue
            sizes, most = spec.get("sizes"), spec.get("max")
            if zone == "extra":
                grimoire = ruler_info(ctx).keywords.get("Grimoire")
                if isinstance(grimoire, int) and not isinstance(grimoire, bool):
                    most = min(most, grimoire) if most is not None else grimoire
            if sizes and have not in sizes:
                allowed = "exactly " + " or ".join(map(str, sizes))
                allowed_key = "exactly"
            elif most is not None and have > most:
                allowed = f"at most {most}"
                allowed_key = "at-most"
            else:
                continue
            yield self.finding(ctx, zone=zone, actual=have, expected=sizes or most,
                               line=ctx.first_line(zone), zone_name=zname(zone).capitalize(),
                               allowed=allowed, section=section, allowed_key=allowed_key)


@register
class ZoneNeedsRulerKeyword(FowRule):
    """A rune, extra or stranger deck is used, but no starting ruler has the keyword that
    allows it ([Divinity], [Grimoire], [Stranger]; CR 12.7 §402.5–402.7)."""

    code = "FOW115"
    name = "zone-needs-ruler-keyword"
    message = ("{zone_name} has {actual} {actual:card|cards}, but no starting ruler has [{keyword}] "
               "({ruler}). (CR 12.7 §{section})")

    def check(self, ctx):
        for zone, (keyword, section) in _SPECIAL.items():
            have = ctx.count(zone)
            if not have or ctx.fmt.zone(zone) is None:
                continue
            rulers = ctx.resolved("ruler")
            if any(keyword in card_keywords(e.card) for e in rulers) or \
                    ruler_info(ctx).has_keyword(keyword):
                continue
            names = ", ".join(e.card.name for e in rulers) or "no ruler"
            yield self.finding(ctx, zone=zone, actual=have, line=ctx.first_line(zone),
                               zone_name=zname(zone).capitalize(), keyword=keyword,
                               ruler=names, section=section)
