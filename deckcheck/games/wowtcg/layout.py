"""The registration sheet of World of Warcraft TCG: its card sections and totals."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcheck.registration.layouts import (Section, Layout, grouped, zone_entries, zone_section,
    other_zones, count)

if TYPE_CHECKING:
    from deckcheck.models import DeckResult

WOW_TYPES = ["Ally", "Ability", "Ability Ally", "Equipment", "Quest", "Location",
             "Achievement"]


def wow_sections(result: "DeckResult") -> list[Section]:
    out = zone_section(result, "hero", "Hero")
    out += grouped("Main Deck", zone_entries(result, "main"),
                   lambda e: e.card.get("type") or "Other", WOW_TYPES)
    out += zone_section(result, "sideboard", "Sideboard")
    out += other_zones(result, {"hero", "main", "sideboard"}, {})
    return out


def wow_totals(result: "DeckResult") -> list[tuple[str, str]]:
    return [("Hero", str(count(result, "hero"))), ("Main Deck", str(count(result, "main"))),
            ("Sideboard", str(count(result, "sideboard")))]


LAYOUT = Layout(sections=wow_sections, totals=wow_totals,
                blank=(("Hero", 1), ("Main Deck", 36), ("Sideboard", 10)))
