"""What the Mage Wars rules share: the rule base class (its game), severities of the
format files, and helpers over the spellbook (copies per name, first lines, copy limits)."""

from __future__ import annotations

from deckcheck.games.magewars.book import card_kind, level_total, parts_of
from deckcheck.games.magewars.model import mage_info
from deckcheck.models import Severity
from deckcheck.rules.base import Context, Rule
from deckcheck.rules.generic import count_copies

SEVERITIES = {"error": Severity.ERROR, "warning": Severity.WARNING, "info": Severity.INFO}


class MwRule(Rule):
    game = "magewars"


def spell_counts(ctx: Context):
    """Copies per card name over the spellbook (all printings), spells only."""
    return [c for c in count_copies(ctx, ["spellbook"], "name") if card_kind(c.card) == "spell"]


def first_line(ctx: Context) -> int | None:
    return ctx.first_line("spellbook") or ctx.first_line("mage")


def mage_line(ctx: Context) -> int | None:
    info = mage_info(ctx)
    return info.entry.line if info.entry is not None else ctx.first_line("mage")


def level_words(card) -> str:
    parts = parts_of(card)
    total = level_total(card)
    if len(parts) > 1 and (card.get("schools") or {}).get("kind") == "and":
        return f"{total} ({'+'.join(str(lv) for _, lv in parts)})"
    return str(total)


def copy_limit(ctx: Context, card) -> int:
    limits = ctx.fmt.get("copy_limits") or {}
    if level_total(card) <= 1:
        return int(limits.get("level_1", 6))
    return int(limits.get("level_2_plus", 4))


def once_per_name(entries):
    seen: set[str] = set()
    for e in entries:
        if e.card.name not in seen:
            seen.add(e.card.name)
            yield e


def spell_entries(ctx: Context):
    return [e for e in ctx.resolved("spellbook") if card_kind(e.card) == "spell" and e.count > 0]


def card_line(ctx: Context, name: str) -> int | None:
    for e in ctx.entries("spellbook"):
        if (e.card.name if e.card is not None else e.name) == name and e.line is not None:
            return e.line
    return first_line(ctx)
