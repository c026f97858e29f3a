"""The registration sheet of Mage Knight: its card sections and totals."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcheck.games.mageknight.model import KIND_ORDER
from deckcheck.registration.layouts import (Section, Layout, grouped, zone_entries, zone_section,
    other_zones, count)

if TYPE_CHECKING:
    from deckcheck.models import DeckResult

def mageknight_sections(result: "DeckResult") -> list[Section]:
    out = zone_section(result, "hero", "Hero")
    out += grouped("Deed Deck", zone_entries(result, "deck"),
                   lambda e: e.card.get("kind") or "other", list(KIND_ORDER))
    out += zone_section(result, "hand", "Hand")
    out += zone_section(result, "units", "Units (not deed cards)")
    return out + other_zones(result, {"hero", "deck", "hand", "units"}, {})


def mageknight_totals(result: "DeckResult") -> list[tuple[str, str]]:
    return [("Hero", str(count(result, "hero"))), ("Deed Cards", str(count(result, "deck", "hand"))),
            ("Units", str(count(result, "units")))]


LAYOUT = Layout(sections=mageknight_sections, totals=mageknight_totals,
                blank=(("Hero", 1), ("Deed Deck", 20), ("Units", 6)))
