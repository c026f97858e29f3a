"""Reusable checks driven by the format YAML: zone sizes, copy limits, card pools.

The ``DCK`` rules in :mod:`deckcheck.rules.core` use these for any game; game rule modules
use them too when they give the same check their own code and message.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterable

from deckcheck.models import Card, Entry, Finding
from deckcheck.rules.base import Context, Rule, card_matches
from deckcheck.rules.claims import Bound, Claim, SizeClaim


class ZoneBound(Rule):
    """A zone-size check on one bound of the format file (not a rule by itself).

    Subclasses set ``zone`` and ``bound`` (``"min"`` or ``"max"``); the check compares the
    zone's card count (unknown lines included, so it describes the list as written) with
    ``limit(ctx)`` — by default the format's ``zones.<zone>.<bound>`` — and claims
    ``SizeClaim(zone, bound)`` so that the generic DCK size rules stand aside. ``args(ctx)``
    adds template arguments.
    """

    zone: ClassVar[str] = "main"
    bound: ClassVar[Bound] = Bound.MIN
    extra_claims: ClassVar[tuple[Claim, ...]] = ()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.claims = (SizeClaim(cls.zone, Bound(cls.bound)),) + tuple(cls.extra_claims)

    def limit(self, ctx: Context) -> int | None:
        return (ctx.fmt.zone(self.zone) or {}).get(Bound(self.bound).value)

    def args(self, ctx: Context) -> dict[str, Any]:
        return {}

    def check(self, ctx: Context) -> Iterable[Finding]:
        limit, have = self.limit(ctx), ctx.count(self.zone)
        if limit is None or (self.bound == Bound.MIN and not limit):
            return
        if (have < limit) if self.bound == Bound.MIN else (have > limit):
            yield self.finding(ctx, zone=self.zone, expected=limit, actual=have,
                               line=ctx.first_line(self.zone), **self.args(ctx))


@dataclass(slots=True)
class CopyCount:
    key: str
    card: Card
    total: int = 0
    by_zone: dict[str, int] = field(default_factory=dict)
    entries: list[Entry] = field(default_factory=list)
    limit: int | None = None

    @property
    def first_line(self) -> int | None:
        lines = [e.line for e in self.entries if e.line is not None]
        return min(lines) if lines else None

    def zones_text(self, order: list[str] | None = None) -> str:
        zones = sorted(self.by_zone, key=(order.index if order else None)) if order else list(self.by_zone)
        return " + ".join(f"{self.by_zone[z]} {z}" for z in zones)


def copy_key(card: Card, key: str) -> str:
    if key == "name":
        return card.name
    value = card.get(key)
    return str(value) if value is not None else card.name


def count_copies(ctx: Context, zones: Iterable[str], key: str = "name",
                 exempt: Iterable[Any] = (), override_field: str | None = None,
                 limit: int | None = None) -> list[CopyCount]:
    """Count resolved cards by ``key`` over ``zones``; apply exemptions and per-card limits.

    Returns every counted key; ``limit`` is the effective limit (``None`` = unlimited).
    """
    zones = list(zones)
    exempt = list(exempt)
    counts: dict[str, CopyCount] = {}
    for e in ctx.resolved(*zones):
        card = e.card
        assert card is not None
        k = copy_key(card, key)
        c = counts.get(k)
        if c is None:
            c = counts[k] = CopyCount(k, card)
            c.limit = limit
            if any(card_matches(card, p) for p in exempt):
                c.limit = None
            elif override_field and card.get(override_field) is not None:
                own = card.get(override_field)
                c.limit = None if own == "any" else int(own)
        c.total += e.count
        c.by_zone[e.zone] = c.by_zone.get(e.zone, 0) + e.count
        c.entries.append(e)
    return list(counts.values())


def over_limit(counts: list[CopyCount]) -> list[CopyCount]:
    return [c for c in counts if c.limit is not None and c.total > c.limit]


def zone_bounds(spec: dict[str, Any]) -> tuple[int | None, int | None, list[int] | None]:
    return spec.get("min"), spec.get("max"), spec.get("sizes")


def in_pool(card: Card, fmt_values: list[str], field_name: str) -> bool:
    have = card.get(field_name) or ()
    if isinstance(have, str):
        have = [have]
    return any(v in fmt_values for v in have)
