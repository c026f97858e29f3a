"""Counts as people read them: "1 deck", "3 decks", "10,000 decks".

Every message that counts something says it with :func:`counted` rather than ``deck(s)``;
the reports add the Chinese measure words (:func:`deckcheck.reporting.base.counted`)."""

from __future__ import annotations

#: English plurals that are not the word + "s"
PLURALS = {"info note": "info notes", "misspelt name": "misspelt names", "match": "matches",
           "entry": "entries", "copy": "copies"}


def number(n: object) -> str:
    """A count with its thousands separated (``10,000``; Chinese readers write it so too)."""
    return f"{n:,}" if isinstance(n, int) and not isinstance(n, bool) else str(n)


def counted(n: int, word: str) -> str:
    """``n`` and the English word, singular for one and plural otherwise."""
    return f"{number(n)} {word if n == 1 else PLURALS.get(word, word + 's')}"
