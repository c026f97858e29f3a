"""The registration sheet of Force of Will: its card sections and totals."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcheck.registration.layouts import (Section, Layout, grouped, zone_entries, zone_section,
    other_zones, count)

if TYPE_CHECKING:
    from deckcheck.models import DeckResult

FOW_TYPES = ["resonator", "chant", "addition", "regalia", "rune", "magic_stone"]
FOW_ZONES = {"ruler": "Ruler", "main": "Main Deck", "stone": "Magic Stone Deck",
             "side": "Side Deck", "rune": "Rune Deck", "extra": "Extra Deck",
             "stranger": "Stranger Deck"}


def fow_sections(result: "DeckResult") -> list[Section]:
    out = zone_section(result, "ruler", "Ruler")
    out += grouped("Main Deck", zone_entries(result, "main"),
                   lambda e: (e.card.get("types") or ["other"])[0], FOW_TYPES)
    out += zone_section(result, "stone", "Magic Stone Deck")
    out += zone_section(result, "side", "Side Deck")
    out += other_zones(result, {"ruler", "main", "stone", "side"}, FOW_ZONES)
    return out


def fow_totals(result: "DeckResult") -> list[tuple[str, str]]:
    out = [("Ruler", str(count(result, "ruler"))), ("Main Deck", str(count(result, "main"))),
           ("Magic Stone Deck", str(count(result, "stone"))),
           ("Side Deck", str(count(result, "side")))]
    for zone in ("rune", "extra"):
        if count(result, zone):
            out.append((FOW_ZONES[zone], str(count(result, zone))))
    return out


LAYOUT = Layout(sections=fow_sections, totals=fow_totals,
                blank=(("Ruler", 1), ("Main Deck", 24), ("Magic Stone Deck", 8),
                       ("Side Deck", 15)))
