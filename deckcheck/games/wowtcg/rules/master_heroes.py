"""One kind of Master Hero per deck (rule 100.2e): WOW116, WOW117."""

from __future__ import annotations

from typing import Iterable

from deckcheck.games.wowtcg.model import deck_entries
from deckcheck.games.wowtcg.rules.common import WowRule, names
from deckcheck.models import Entry, Severity
from deckcheck.rules.base import Context, register


def _master_limits(ctx: Context) -> list[tuple[str, int]]:
    """The format's Master Hero limits (``master_hero:``), each ``(how, limit)``.

    ``("cards", n)`` first when the format gives ``max_cards`` (an event ruling "one card" is
    the stricter reading), then ``("names", n)``: ``max_names``, 1 unless the format lifts it
    with ``null`` (rule 100.2e, one kind of Master Hero). Every limit applies.
    """
    spec = ctx.fmt.get("master_hero") or {}
    limits = []
    if spec.get("max_cards") is not None:
        limits.append(("cards", int(spec["max_cards"])))
    names = spec.get("max_names", 1)
    if names is not None:
        limits.append(("names", int(names)))
    return limits


def _master_count(entries: list[Entry], how: str) -> int:
    if how == "names":
        return len({e.card.name for e in entries})
    return sum(e.count for e in entries)


def _master_breach(entries: list[Entry],
                   limits: list[tuple[str, int]]) -> tuple[str, int, int] | None:
    """The first limit ``entries`` exceed, as ``(how, limit, count)``; None if none."""
    for how, limit in limits:
        have = _master_count(entries, how)
        if have > limit:
            return how, limit, have
    return None


def _master_over(entries: list[Entry], how: str, limit: int,
                 known: Iterable[str] = ()) -> Entry:
    """The entry that takes ``entries`` over ``limit``: the first line of the name one past
    the limit (``names``; names in ``known`` are already counted), else the line whose copies
    pass it (``cards``)."""
    if how == "names":
        seen = set(known)
        for e in entries:
            if e.card.name not in seen:
                seen.add(e.card.name)
                if len(seen) > limit:
                    return e
    total = 0
    for e in entries:
        total += e.count
        if total > limit:
            return e
    return entries[-1]


def _master_copies(ctx: Context, entries: list[Entry]) -> list[tuple[str, str]]:
    """``("4 × Name", zone)`` per Master Hero name and zone, in deck order (one copy: the
    name alone)."""
    counts: dict[tuple[str, str], int] = {}
    labels: dict[tuple[str, str], str] = {}
    for e in entries:
        key = (e.card.name, e.zone)
        counts[key] = counts.get(key, 0) + e.count
        labels.setdefault(key, ctx.label(e.card))
    return [(f"{n} × {labels[key]}" if n != 1 else labels[key], key[1])
            for key, n in counts.items()]


@register
class TooManyMasterHeroes(WowRule):
    """The main deck holds more than one kind of Master Hero.

    Rule 100.2e: "套牌中仅能包含一种主宰英雄 … 此规则高于于规则 100.2d" (a deck may contain only one
    kind of Master Hero; this overrides Deckbuilding). The seed (001_56092096a03671bb.txt)
    says 一种, "one kind", not 一张, "one card": two different Master Hero names are the
    error, while copies of one name are
    limited only by the copy rule (four, rule 100.4). Published tournament lists agree: a
    Worlds 2012 side-event list and a 2017 Classic list with a "Master Hero (4)" section run
    four copies of one Master Hero. Format key ``master_hero: {max_names: 1}`` (the default
    of every WoW format); an event that rules "one card" adds ``max_cards: 1``.
    """

    code = "WOW116"
    name = "too-many-master-heroes"
    message = ("Main deck has {actual} kinds of Master Hero ({cards}); a deck may contain "
               "only one kind of Master Hero (rule 100.2e; {format}: at most {expected}), "
               "however many copies of it the copy rule allows, and hero Deckbuilding text "
               "cannot raise this.")
    #: the format counts Master Hero cards (``max_cards``), not kinds (``names``, the default)
    messages = {"cards": ("Main deck has {actual} Master Hero cards ({cards}); {format} allows "
                          "at most {expected} (its master_hero max_cards, stricter than rule "
                          "100.2e's one kind of Master Hero), and hero Deckbuilding text cannot "
                          "raise this.")}

    def check(self, ctx):
        zone = (ctx.fmt.get("master_hero") or {}).get("zone", "main")
        mains = [e for e in deck_entries(ctx) if e.zone == zone and e.card.get("master_hero")]
        breach = _master_breach(mains, _master_limits(ctx))
        if breach is None:
            return
        how, limit, have = breach
        extra = _master_over(mains, how, limit)
        labels = [label for label, _ in _master_copies(ctx, mains)]
        yield self.finding(ctx, zone=zone, card=extra.card, line=extra.line, actual=have,
                           expected=limit, variant=how,
                           cards=names(labels), cards_items=labels)


@register
class MasterHeroViaSideboard(WowRule):
    """Main deck and sideboard together hold more than one kind of Master Hero.

    Rule 100.2e allows one kind of Master Hero in the deck (WOW116; the format's
    ``master_hero`` limits). [decision] A sideboard that brings in a second name is a
    warning, since only the main deck is certain to count; more copies of the main deck's
    Master Hero in the sideboard are the copy rule's business, not this one's.
    """

    code = "WOW117"
    name = "master-hero-via-sideboard"
    severity = Severity.WARNING
    message = ("Main deck and sideboard together hold {actual} kinds of Master Hero "
               "({cards}); a deck may contain only one kind of Master Hero (rule 100.2e; "
               "{format}: at most {expected}), so swapping them in would break it.")
    #: the format counts Master Hero cards (``max_cards``), not kinds (``names``, the default)
    messages = {"cards": ("Main deck and sideboard together hold {actual} Master Hero cards "
                          "({cards}); {format} allows at most {expected} in the deck at a time "
                          "(its master_hero max_cards; rule 100.2e).")}

    def check(self, ctx):
        limits = _master_limits(ctx)
        every = [e for e in deck_entries(ctx) if e.card.get("master_hero")]
        mains = [e for e in every if e.zone == "main"]
        if _master_breach(mains, limits) is not None:
            return                                  # WOW116 already
        breach = _master_breach(every, limits)
        if breach is None:
            return
        how, limit, have = breach
        side = [e for e in every if e.zone == "sideboard"]
        main_names = {e.card.name for e in mains}
        if how == "names":
            over = _master_over(side, how, limit, known=main_names)
        else:
            over = _master_over(side, how, limit - _master_count(mains, how))
        copies = _master_copies(ctx, every)
        yield self.finding(ctx, zone="sideboard", card=over.card, line=over.line,
                           actual=have, expected=limit, variant=how,
                           cards=names(f"{label} ({zone})" for label, zone in copies),
                           card_zones=[[label, zone] for label, zone in copies])
