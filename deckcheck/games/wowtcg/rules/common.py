"""What every World of Warcraft TCG rule module shares: the rule base class and how a
list of names is written in a message."""

from __future__ import annotations

from typing import Iterable

from deckcheck.rules.base import Rule


class WowRule(Rule):
    game = "wowtcg"


def names(cards: Iterable[str]) -> str:
    """Names joined for a message (``A, B, C``)."""
    return ", ".join(cards)
