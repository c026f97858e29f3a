"""Registration-sheet layouts: which fields, which card sections, which totals.

A game declares its own :class:`Layout` (its descriptor's ``layout``, in the game's package);
a game without one gets :data:`DEFAULT_LAYOUT` (one section per zone). The helpers here
(:func:`grouped`, :func:`zone_section`, :func:`other_zones`, :func:`count`) are what the
games' layouts are built from. Layouts use what the games already compute
(``DeckResult.stats`` and the games' grouping helpers), so a sheet shows the same numbers as
``deckcheck check``.

Card names are the English names of the card data (a double-faced card's record name is its
front face); a line that did not resolve is printed as written and marked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from deckcheck.models import DeckResult, Entry


@dataclass(slots=True)
class Row:
    count: int
    name: str
    cells: tuple[str, ...] = ()
    unresolved: bool = False


@dataclass(slots=True)
class Section:
    title: str
    rows: list[Row] = field(default_factory=list)
    columns: tuple[str, ...] = ("#", "Card Name")
    blank: int = 0                 # empty lines to write on (a sheet without a readable list)
    level: int = 1                 # 1 = zone heading, 2 = a group inside a zone

    @property
    def total(self) -> int:
        return sum(r.count for r in self.rows)


@dataclass(frozen=True, slots=True)
class Layout:
    title: str = "DECK REGISTRATION SHEET"
    subtitle: str = "PRINT CLEARLY USING ENGLISH CARD NAMES"
    event_fields: tuple[str, ...] = ("Date", "Event", "Location", "Format", "Deck Name")
    id_label: str = "Player ID"
    id_boxes: int = 0
    official: tuple[str, ...] = ("Deck Check Rd #", "Status", "Judge")
    sections: Callable[["DeckResult"], list[Section]] | None = None
    totals: Callable[["DeckResult"], list[tuple[str, str]]] | None = None
    blank: tuple[tuple[str, int], ...] = (("Deck", 30), ("Sideboard", 15))


# ---------------------------------------------------------------------------------------
# helpers


def sheet_name(entry: "Entry") -> str:
    """The English name to print: the card data's name (front face), else as written."""
    if entry.card is not None:
        return entry.card.name
    return entry.raw_name or entry.name


def rows_of(entries: list["Entry"]) -> list[Row]:
    """One row per printed name, counts added, alphabetical (case-insensitive)."""
    merged: dict[tuple[str, bool], int] = {}
    for e in entries:
        key = (sheet_name(e), e.card is None)
        merged[key] = merged.get(key, 0) + e.count
    return [Row(count=n, name=name, unresolved=unres)
            for (name, unres), n in sorted(merged.items(), key=lambda kv: (kv[0][1],
                                                                          kv[0][0].casefold()))]


def zone_entries(result: "DeckResult", zone: str) -> list["Entry"]:
    return [e for e in result.deck.entries if e.zone == zone] if result.deck else []


def grouped(title: str, entries: list["Entry"], group_of: Callable[["Entry"], str],
            order: list[str], labels: dict[str, str] | None = None) -> list[Section]:
    """A zone heading, then one sub-section per group (in ``order``, then alphabetical)."""
    groups: dict[str, list["Entry"]] = {}
    for e in entries:
        groups.setdefault(group_of(e) if e.card is not None else "_unresolved", []).append(e)
    if not groups:
        return []
    rank = {g: i for i, g in enumerate(order)}
    out = [Section(title=f"{title} ({sum(e.count for e in entries)})")]
    for g in sorted(groups, key=lambda g: (g == "_unresolved", rank.get(g, len(rank)), g)):
        label = "Not recognised" if g == "_unresolved" else \
            (labels or {}).get(g) or g.replace("_", " ").title()
        rows = rows_of(groups[g])
        out.append(Section(title=f"{label} ({sum(r.count for r in rows)})", rows=rows, level=2))
    return out


def zone_section(result: "DeckResult", zone: str, title: str) -> list[Section]:
    rows = rows_of(zone_entries(result, zone))
    return [Section(title=f"{title} ({sum(r.count for r in rows)})", rows=rows)] if rows else []


def other_zones(result: "DeckResult", done: set[str], titles: dict[str, str]) -> list[Section]:
    """Sections for zones a layout does not place itself, in the list's order."""
    out: list[Section] = []
    if result.deck is None:
        return out
    for zone in result.deck.zones():
        if zone not in done:
            out += zone_section(result, zone, titles.get(zone) or zone.replace("_", " ").title())
    return out


def count(result: "DeckResult", *zones: str) -> int:
    deck = result.deck
    return sum(deck.zone_count(z) for z in zones) if deck is not None else 0


# ---------------------------------------------------------------------------------------
# the default layout


def default_sections(result: "DeckResult") -> list[Section]:
    return other_zones(result, set(), {})


def default_totals(result: "DeckResult") -> list[tuple[str, str]]:
    return [(z.replace("_", " ").title(), str(n)) for z, n in (result.counts or {}).items()]


DEFAULT_LAYOUT = Layout(sections=default_sections, totals=default_totals)


def layout_for(game: str | None) -> Layout:
    """The game's own sheet layout (its descriptor's ``layout``), else the default."""
    from deckcheck.games.registry import piece

    return piece(game, "layout") or DEFAULT_LAYOUT
