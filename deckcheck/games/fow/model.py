"""Force of Will's domain model: the starting ruler and its versions, card keywords.

The rules read it; the hooks (``hooks.py``) and rules (``rules.py``) import it, it imports
neither.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from deckcheck.models import Card, Entry, game_note, pickled_as_arguments


@pickled_as_arguments
@dataclass(slots=True)
class FowNote:
    """What the hooks note on one line (``Entry.game_note``)."""

    starting: bool = False            # "(starting ruler)" written after the name
    versions: list[Card] | None = None  # the J-ruler versions of one ruler name (FOW127)
    j_face: str | None = None         # the J-ruler face the line names (FOW reports it)


def note_of(entry: Entry) -> FowNote:
    """The line's Force of Will annotations (attached on first use)."""
    return game_note(entry, FowNote)


@dataclass(slots=True)
class RulerInfo:
    entries: list[Entry] = field(default_factory=list)   # resolved ruler-zone entries
    starting: Card | None = None
    starting_entry: Entry | None = None
    versions: list[Card] = field(default_factory=list)   # all versions of the starting name
    keywords: dict[str, Any] = field(default_factory=dict)  # union over versions and faces
    deck_rules: list[dict[str, Any]] = field(default_factory=list)

    def has_keyword(self, name: str) -> bool:
        return name in self.keywords

    def rules_of(self, kind: str) -> list[dict[str, Any]]:
        return [r for r in self.deck_rules if r.get("rule") == kind]


def card_keywords(card: Card) -> dict[str, Any]:
    kw = dict(card.get("keywords") or {})
    for face in card.faces:
        for k, v in (face.get("keywords") or {}).items():
            kw.setdefault(k, v)
    return kw


def ruler_info(ctx) -> RulerInfo:
    def build() -> RulerInfo:
        info = RulerInfo(entries=ctx.resolved("ruler"))
        rulers = [e for e in info.entries if "ruler" in (e.card.get("types") or ())]
        chosen = next((e for e in rulers if note_of(e).starting), None) or \
            (rulers[0] if rulers else None)
        if chosen is None:
            return info
        info.starting_entry, info.starting = chosen, chosen.card
        info.versions = list(note_of(chosen).versions or [chosen.card])
        for card in info.versions:
            for k, v in card_keywords(card).items():
                info.keywords.setdefault(k, v)
            for r in card.get("deck_rules") or ():
                if r not in info.deck_rules:
                    info.deck_rules.append(r)
        return info

    return ctx.once("fow.ruler", build)


def starting_ruler_names(ctx) -> set[str]:
    info = ruler_info(ctx)
    return {c.name for c in info.versions}
