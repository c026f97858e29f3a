"""Copies per name: four per name and the special decks' own limits (FOW109), non-basic
magic stones (FOW110), a singleton ruler (FOW122), the classic format's side deck (FOW113),
and limits changed by card text (FOW130)."""

from __future__ import annotations

from typing import Any

from deckcheck.games.fow.model import ruler_info, starting_ruler_names
from deckcheck.games.fow.rules.common import STRANGER_WHAT, FowRule, is_cr23, misplaced, ref
from deckcheck.models import Card, Severity
from deckcheck.rules.base import Context, card_matches, register
from deckcheck.rules.claims import Check
from deckcheck.rules.generic import CopyCount, count_copies


def _copy_overrides(ctx: Context) -> dict[tuple[str, str], tuple[Any, Card, bool]]:
    """Copy limits changed by card text in the deck.

    ``(name, deck|stone) -> (limit, the card saying so, names_ruler)``; ``names_ruler`` is
    true when the text is conditional on the starting ruler ("if your ruler is Zeus …"),
    which is what lets it beat a restricting ruler (CR 12.7 §404.7a).
    """

    def build():
        starting = starting_ruler_names(ctx)
        out: dict[tuple[str, str], tuple[Any, Card, bool]] = {}
        cards = {e.card.id: e.card for e in ctx.resolved()}
        for card in cards.values():
            for r in card.get("deck_rules") or ():
                if r.get("rule") != "copy_limit" or r.get("checked") is False:
                    continue
                cond = r.get("if_starting_ruler")
                if cond and cond not in starting:
                    continue
                for name in r.get("names") or [card.name]:
                    out[(name, r.get("zone", "deck"))] = (r["limit"], card, bool(cond))
        return out

    return ctx.once("fow.copy_overrides", build)


def _effective(limit: int, name: str, kind: str, ctx: Context,
               restricted: bool = False) -> tuple[int | None, Card | None]:
    """The limit for ``name`` after card text; ``None`` = unlimited.

    ``restricted``: the base limit comes from a restricting ruler (singleton), so only text
    that names that ruler applies (CR 12.7 §404.7a).
    """
    over = _copy_overrides(ctx).get((name, kind))
    if over is None:
        return limit, None
    value, source, names_ruler = over
    if restricted and not names_ruler:
        return limit, None
    return (None if value == "any" else int(value)), source


def _is_singleton(ctx: Context) -> bool:
    """The starting ruler's text allows one copy of each card (card text: any format)."""
    return bool(ruler_info(ctx).rules_of("singleton"))


def is_stone(card: Card) -> bool:
    return "magic_stone" in (card.get("types") or ())


def _counts(ctx: Context, zones: list[str], stones_only: bool = False,
            only: list[Any] | None = None) -> list[CopyCount]:
    """Copies per name over ``zones``: basic magic stones and misplaced entries (FOW108)
    left out; ``only``: format predicates a card must match to be counted."""
    bad = misplaced(ctx)
    counts = [c for c in count_copies(ctx, zones, exempt=[{"stone_class": "basic"}], limit=4)
              if c.limit is not None]
    out = []
    for c in counts:
        if only and not any(card_matches(c.card, p) for p in only):
            continue
        c.entries = [e for e in c.entries if id(e) not in bad]
        c.total = sum(e.count for e in c.entries)
        c.by_zone = {}
        for e in c.entries:
            c.by_zone[e.zone] = c.by_zone.get(e.zone, 0) + e.count
        if stones_only and not is_stone(c.card):
            continue
        if c.total:
            out.append(c)
    return out


def _zones_text(c: CopyCount) -> str:
    order = ["ruler", "main", "stone", "side", "extra", "ex", "rune", "stranger", "subruler",
             "extension"]
    return " + ".join(z for z in sorted(c.by_zone, key=lambda z: order.index(z)
                                        if z in order else 99))


SINGLETON_ZONES = ["main", "extra", "ex", "rune", "stranger"]   # 404.1b: not the side deck


def _singleton_breaches(ctx: Context) -> list[CopyCount]:
    """Names over the one-copy limit of a singleton starting ruler (FOW122)."""

    def build():
        if not _is_singleton(ctx):
            return []
        out = []
        for c in _counts(ctx, SINGLETON_ZONES):
            if is_stone(c.card):
                continue          # [uncertain] stones not covered (fow.md R19); shipped: no
            limit, _ = _effective(1, c.card.name, "deck", ctx, restricted=True)
            if limit is not None and c.total > limit:
                c.limit = limit
                out.append(c)
        return out

    return ctx.once("fow.singleton", build)


def _stranger_limit(ctx: Context, card: Card) -> int | None:
    """A ruler that allows stranger resonators in the deck sets their copy limit (Magna)."""
    if "stranger" not in (card.get("subtypes") or ()):
        return None
    for r in ruler_info(ctx).rules_of("allow_in_main"):
        if r.get("checked") is not False and r.get("what") in STRANGER_WHAT \
                and r.get("copy_limit") is not None:
            return int(r["copy_limit"])
    return None


@register
class TooManyCopies(FowRule):
    """More than four cards with the same name (CR 2.3 §4.1 over the main and magic stone
    decks; CR 12.7 §404.1 over deck, side deck, extra, EX and rune decks), or more than the
    one-per-name of extra and rune decks and two-per-name of stranger decks (§402.5b–7b),
    or more than one of a sub-ruler or extension rule (§404.4–404.5).

    Basic magic stones are unlimited; other magic stones are FOW110, and a singleton ruler's
    limit is FOW122. A card's own text can change its limit (FOW130).
    """

    code = "FOW109"
    name = "too-many-copies"
    message = "{card}: {actual} copies in {limit_zones}; at most {expected} per name. ({rule})"
    claims = (Check.COPIES,)

    def check(self, ctx):
        singleton = {c.card.name for c in _singleton_breaches(ctx)}
        for spec in ctx.fmt.get("copies") or ():
            if spec.get("stones"):
                continue
            zones = spec["zones"]
            for c in _counts(ctx, zones, only=spec.get("only")):
                name = c.card.name
                if is_stone(c.card) or name in singleton:
                    continue  # stones: FOW110; singleton ruler: FOW122
                if spec.get("text_overrides", True):
                    limit, _ = _effective(spec["limit"], name, "deck", ctx)
                else:
                    limit = spec["limit"]
                stranger = _stranger_limit(ctx, c.card)
                if stranger is not None and "main" in c.by_zone and limit is not None:
                    limit = min(limit, stranger)
                if limit is None or c.total <= limit:
                    continue
                yield self.finding(ctx, zone=c.entries[0].zone, card=c.card, line=c.first_line,
                                   expected=limit, actual=c.total, limit_zones=_zones_text(c),
                                   rule=ref(ctx, spec.get("section", "404.1")))


@register
class TooManyStoneCopies(FowRule):
    """More than four copies of a non-basic (special or True) magic stone (CR 2.3 §4.1;
    CR 12.7 §402.4c, §404.2 over the magic stone deck and side deck). Basic magic stones are
    unlimited; some stones' own text allows more (Solarisites, Satellite Crystal)."""

    code = "FOW110"
    name = "too-many-stone-copies"
    message = ("{card} (non-basic magic stone): {actual} copies in {limit_zones}; at most "
               "{expected}. Basic magic stones are unlimited. ({rule})")

    def check(self, ctx):
        for spec in ctx.fmt.get("copies") or ():
            if not (spec.get("stones") or is_cr23(ctx)):
                continue
            for c in _counts(ctx, spec["zones"], stones_only=True):
                limit, _ = _effective(spec["limit"], c.card.name, "stone", ctx)
                if limit is None or c.total <= limit:
                    continue
                yield self.finding(ctx, zone="stone" if "stone" in c.by_zone else c.entries[0].zone,
                                   card=c.card, line=c.first_line, expected=limit,
                                   actual=c.total, limit_zones=_zones_text(c),
                                   rule=ref(ctx, "404.2"))


@register
class SingletonRuler(FowRule):
    """The starting ruler allows one copy of each card ("You cannot have more than one copy
    of any card in your deck", CR 12.7 §402.2g): Ayu, Lunar Swordswoman; Ragnarok, Invading
    Dragon Lord; Zeus, the First Olympian. Not the side deck, not magic stones; only cards
    whose text names the ruler keep their own limit (§404.7a: Zeus Enters the Game of Gods,
    Return of the Shaman). Reported instead of FOW109."""

    code = "FOW122"
    name = "singleton-ruler"
    message = ("{ruler} allows one copy of each card; {card} has {actual} in {limit_zones}. "
               "(CR 12.7 §402.2g)")

    def check(self, ctx):
        ruler = ruler_info(ctx).starting
        for c in _singleton_breaches(ctx):
            yield self.finding(ctx, zone=c.entries[0].zone, card=c.card, line=c.first_line,
                               expected=c.limit, actual=c.total, ruler=ctx.label(ruler),
                               limit_zones=_zones_text(c))


@register
class ClassicSideCopies(FowRule):
    """In ``fow-classic``, main + magic stone + side deck hold more than four of a name.

    CR 2.3 limits the main and magic stone decks only and has no side deck, so this is a
    warning: swapping a side card in could break the four-copy rule.
    """

    code = "FOW113"
    name = "classic-side-copies"
    severity = Severity.WARNING
    message = ("{card}: {actual} copies across main, stone and side; CR 2.3 allows 4 in the "
               "main and stone decks, so a side swap could break the limit.")

    def check(self, ctx):
        if not is_cr23(ctx) or not ctx.count("side"):
            return
        for c in _counts(ctx, ["main", "stone", "side"]):
            if "side" not in c.by_zone:
                continue
            kind = "stone" if is_stone(c.card) else "deck"
            limit, _ = _effective(4, c.card.name, kind, ctx)
            inside = c.total - c.by_zone["side"]
            if limit is not None and c.total > limit and inside <= limit:
                yield self.finding(ctx, zone="side", card=c.card, line=c.first_line,
                                   expected=limit, actual=c.total)


@register
class CopyLimitFromCard(FowRule):
    """A card is used in more copies than the usual limit because card text allows it
    (Croco-Shark: any number; Solarisites: 10; Basket of Apples: 10 Poison Apple …).

    Under a singleton ruler only text that names the ruler counts (CR 12.7 §404.7a).
    """

    code = "FOW130"
    name = "copy-limit-from-card"
    severity = Severity.INFO
    message = "{card}: {actual} copies allowed by {source} (limit {expected})."

    def check(self, ctx):
        overrides = _copy_overrides(ctx)
        if not overrides:
            return
        singleton = _is_singleton(ctx)
        zones = [z for z in ctx.fmt.zones if z != "ruler"]
        for c in _counts(ctx, zones):
            kind = "stone" if is_stone(c.card) else "deck"
            over = overrides.get((c.card.name, kind))
            if over is None:
                continue
            value, source, names_ruler = over
            restricted = singleton and kind == "deck"
            if restricted and not names_ruler:
                continue  # the ruler's restriction wins: FOW122
            default = 1 if restricted else 4
            within = value == "any" or c.total <= int(value)   # above it: FOW109/FOW110
            if c.total > default and within:
                src = "its own text" if source.id == c.card.id else f"the text of {ctx.label(source)}"
                yield self.finding(ctx, zone=c.entries[0].zone, card=c.card,
                                   line=c.first_line, actual=c.total, expected=value, source=src,
                                   source_key="own" if source.id == c.card.id else "other",
                                   source_card=ctx.label(source))
