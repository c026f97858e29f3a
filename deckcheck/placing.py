"""Zones without headings: a card that can only be the card of a one-card zone.

Players leave out the heading of a zone that holds one card: a Force of Will ruler written
as a bare line under the title, a World of Warcraft hero among the deck's cards, a Commander
list whose commander is set apart from the other 99 by a blank line. Each game says which
cards belong to such a zone (``placed_zones`` in its ``_game.yaml``: zone -> the card fields
and the values one of which the card must have, and ``apart: true`` when the card must be
a block of its own at the top or bottom of the list); the format says whether the zone
exists and how many cards it takes (``max``). When the list has no heading and no card in
that zone, and the cards that fit it are at most that many, they are moved there with an
info note (DCK031) instead of being reported in the wrong zone. A card written under the
main deck's own heading stays there (its author put it there: the zone rules report it).
"""

from __future__ import annotations

from typing import Any, Mapping

from deckcheck.games.base import Game
from deckcheck.models import DeckList, Entry, Finding
from deckcheck.rules.core import PlacedInItsZone

_PLACED = PlacedInItsZone()


def _fits(entry: Entry, want: Mapping[str, Any]) -> bool:
    """The entry's card has, for every field the zone names, one of the values given."""
    card = entry.card
    for key, values in want.items():
        if key == "apart":
            continue
        have = card.get(key)
        have = set(have) if isinstance(have, (list, tuple)) else {have}
        if not have & set(values or ()):
            return False
    return True


def place_lone_cards(deck: DeckList, game: Game,
                     zones: Mapping[str, Mapping[str, Any]] | None) -> list[Finding]:
    """Move the cards that can only be a one-card zone's into it (see the module's
    docstring); ``zones`` are the format's (None: the game's zones, with no size known, so
    nothing moves). Returns the notes."""
    out: list[Finding] = []
    if not zones:
        return out
    for zone, want in (game.data.get("placed_zones") or {}).items():
        spec = zones.get(zone)
        if spec is None or zone in deck.headers or not spec.get("max"):
            continue
        if any(e.zone == zone for e in deck.entries):
            continue
        apart = bool(want.get("apart"))
        side = game.blank_line_zone if apart and game.blank_line_zone not in zones else None
        heading = deck.headers.get(game.default_zone)   # a card written under "Main Deck"
        fits = [e for e in deck.entries                   # was put there by its author
                if e.card is not None and not e.inline and e.count >= 1
                and (heading is None or e.line is None or e.line < heading)
                and e.zone in (game.default_zone, side)
                and (e.apart or not apart) and _fits(e, want)]
        if not fits or sum(e.count for e in fits) > spec["max"]:
            continue
        for e in fits:
            e.zone = zone
            out.append(_PLACED.finding(None, card=e.card, line=e.line, zone=zone,
                                       variant="apart" if apart else None))
        if side:   # the blank line set the card apart: the other block is the deck, not a
            for e in deck.entries:                          # sideboard the format lacks
                if e.zone == side and not e.inline:
                    e.zone = game.default_zone
    return out
