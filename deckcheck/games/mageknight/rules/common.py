"""What the Mage Knight rules share: product and kind wordings, counting helpers and the
rules' base class."""

from __future__ import annotations

from typing import Iterable

from deckcheck.games.mageknight import model as mk
from deckcheck.models import Entry, Severity
from deckcheck.rules.base import Context, Rule

# short product names for card messages: "a Lost Legion card"
CARD_TITLES = {"lost-legion": "Lost Legion", "krang": "Krang",
               "shades-of-tezla": "Shades of Tezla", "ultimate": "Ultimate Edition"}
# which declarations make an expansion's cards available (MK-R9)
CARD_NEEDS = {"lost-legion": ("lost-legion", "ultimate"), "krang": ("krang", "ultimate"),
              "shades-of-tezla": ("shades-of-tezla", "ultimate"), "ultimate": ("ultimate",)}
# why a kind is never a deed card (MK-R7)
NOT_DEED = {"unit": "recruited into the unit area; list it under Units:",
            "skill": "a Skill token kept beside the hero",
            "tactic": "a Tactic card chosen each round",
            "hero": "the hero itself; declare it with Hero:"}


def article(word: str) -> str:
    """The English article of ``word`` ("an Advanced Action", "a Unit")."""
    return "an" if word.lower().startswith(("a", "e", "i", "o", "ul", "un")) \
        and not word.lower().startswith("uni") else "a"


def counts_text(counts: dict[str, int], order: dict[str, int]) -> str:
    """``{"Rage": 2, "March": 1}`` -> "2 Rage, 1 March" in the hero's deck order."""
    if not counts:
        return "nothing"
    return ", ".join(f"{n} {name}" for name, n in
                     sorted(counts.items(), key=lambda kv: (order.get(kv[0], 999), kv[0])))


def count_pairs(counts: dict[str, int], order: dict[str, int]) -> list[list]:
    """The ``[n, name]`` pairs of :func:`counts_text` (for translated messages)."""
    return [[n, name] for name, n in
            sorted(counts.items(), key=lambda kv: (order.get(kv[0], 999), kv[0]))]


def relaxed(ctx: Context, code: str, info: mk.DeckInfo) -> Severity | None:
    """Warning instead of error in a multiplayer game for the codes the format names."""
    if info.players is not None and info.players > 1 and \
            code in (ctx.fmt.get("multiplayer_relaxes") or ()):
        return Severity.WARNING
    return None


def by_card(entries: Iterable[Entry]) -> dict[str, list[Entry]]:
    """The entries grouped by card id (a card listed on several lines counts once)."""
    out: dict[str, list[Entry]] = {}
    for e in entries:
        out.setdefault(e.card.id, []).append(e)
    return out


def first_line(entries: list[Entry]) -> int | None:
    """The first line of the entries, if any has one."""
    lines = [e.line for e in entries if e.line is not None]
    return min(lines) if lines else None


class MageKnightRule(Rule):
    """The base of every Mage Knight rule."""

    game = "mageknight"
