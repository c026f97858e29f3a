"""The registration sheet of Magic: The Gathering (mtg.md §6.1): its card sections and totals."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcheck.games.mtg.model import card_group, dci_check_digit, dci_expand, dci_valid
from deckcheck.registration.checks import PlayerIdRule, plain_id
from deckcheck.registration.layouts import (Section, Layout, grouped, zone_entries, zone_section,
    other_zones, count)

if TYPE_CHECKING:
    from deckcheck.models import DeckResult

MTG_GROUPS = ["creatures", "other_spells", "lands"]
MTG_LABELS = {"creatures": "Creatures", "other_spells": "Other Spells", "lands": "Lands"}


def mtg_sections(result: "DeckResult") -> list[Section]:
    out = grouped("Main Deck", zone_entries(result, "main"), lambda e: card_group(e.card),
                  MTG_GROUPS, MTG_LABELS)
    out += zone_section(result, "sideboard", "Sideboard")
    out += other_zones(result, {"main", "sideboard", "maybeboard", "tokens", "outside"},
                       {"commander": "Commander", "companion": "Companion"})
    return out


def mtg_totals(result: "DeckResult") -> list[tuple[str, str]]:
    return [("Total Number of Cards in Main Deck", str(count(result, "main"))),
            ("Total Number of Cards in Sideboard", str(count(result, "sideboard")))]


LAYOUT = Layout(event_fields=("Date", "Event", "Location", "Deck Name", "Deck Designer",
                              "Table Number", "First Letter of Last Name"),
                id_label="DCI #", id_boxes=10,
                official=("Deck Check Rd #", "Status", "Judge", "Main/SB count"),
                sections=mtg_sections, totals=mtg_totals,
                blank=(("Main Deck", 36), ("Sideboard", 15)))


# the DCI number on the sheet and in the roster (mtg.md §6.3)

def _dci_digits(value: str) -> str:
    return "".join(value.split()).replace("-", "")


def _dci_valid(value: str) -> bool:
    return dci_valid(_dci_digits(value))


def _dci_canonical(value: str) -> str:
    """A valid DCI number in its 10-digit form (mtg.md §6.3), anything else as written."""
    digits = _dci_digits(value)
    if not digits.isdigit() or not dci_valid(digits):
        return plain_id(value)
    if len(digits) < 8:
        return dci_expand(digits)
    if len(digits) == 8:
        return f"{dci_check_digit('0' + digits)}0{digits}"
    return digits


PLAYER_ID = PlayerIdRule(label="DCI #", word="DCI number", valid=_dci_valid,
                         canonical=_dci_canonical, metadata_key="dci")
