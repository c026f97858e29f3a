"""Registration-sheet layouts per game: which fields, which card sections, which totals.

:data:`LAYOUTS` maps a game id to a :class:`Layout`; a game without one gets
:data:`DEFAULT_LAYOUT` (one section per zone). The layouts use what the games already compute
(``DeckResult.stats`` and the games' grouping helpers), so a sheet shows the same numbers as
``deckcheck check``:

* ``mtg`` — the DCI-era sheet (mtg.md §6.1): event block, Last Name / First Name / DCI # (ten
  boxes), the main deck grouped as creatures, other spells, lands (front face's types), the
  sideboard, both totals, the official-use box.
* ``fow`` — ruler, main deck by card type, magic stone deck, side deck (and rune / extra
  decks when the list has them).
* ``wowtcg`` — hero, main deck by card type, sideboard.
* ``magewars`` — the mage (and the Wizard's element), the spellbook by spell type with each
  card's points, the spellbook total against the mage's limit.
* ``mageknight`` — the hero, the deed deck by kind, the hand, units (not deed cards).

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
# Magic: The Gathering (mtg.md §6.1)

MTG_GROUPS = ["creatures", "other_spells", "lands"]
MTG_LABELS = {"creatures": "Creatures", "other_spells": "Other Spells", "lands": "Lands"}


def mtg_sections(result: "DeckResult") -> list[Section]:
    from deckcheck.games.mtg import card_group

    out = grouped("Main Deck", zone_entries(result, "main"), lambda e: card_group(e.card),
                  MTG_GROUPS, MTG_LABELS)
    out += zone_section(result, "sideboard", "Sideboard")
    out += other_zones(result, {"main", "sideboard", "maybeboard", "tokens", "outside"},
                       {"commander": "Commander", "companion": "Companion"})
    return out


def mtg_totals(result: "DeckResult") -> list[tuple[str, str]]:
    return [("Total Number of Cards in Main Deck", str(count(result, "main"))),
            ("Total Number of Cards in Sideboard", str(count(result, "sideboard")))]


# ---------------------------------------------------------------------------------------
# Force of Will

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


# ---------------------------------------------------------------------------------------
# World of Warcraft TCG

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


# ---------------------------------------------------------------------------------------
# Mage Wars


def magewars_sections(result: "DeckResult") -> list[Section]:
    from deckcheck.games.magewars_book import SPELL_TYPES

    stats = result.stats or {}
    out: list[Section] = []
    mage = zone_section(result, "mage", "Mage")
    if mage and stats.get("element"):
        for row in mage[0].rows:
            if not row.unresolved:
                row.name = f"{row.name} ({stats['element']})"
    out += mage
    cols = ("#", "Spell", "School / Level", "Points")
    cards: list[dict[str, Any]] = list(stats.get("cards") or ())
    unresolved = [e for e in zone_entries(result, "spellbook") if e.card is None]
    if not cards and not unresolved:
        return out + other_zones(result, {"mage", "spellbook"}, {})
    spells = sum(int(c["count"]) for c in cards) + sum(e.count for e in unresolved)
    out.append(Section(title=f"Spellbook ({spells} spells, {stats.get('spellbook_points')} "
                             "points)", columns=cols))
    rank = {t: i for i, t in enumerate(SPELL_TYPES)}
    by_type: dict[str, list[dict[str, Any]]] = {}
    for c in cards:
        by_type.setdefault(c.get("type") or "Other", []).append(c)
    for t in sorted(by_type, key=lambda t: (rank.get(t, len(rank)), t)):
        rows = [Row(count=int(c["count"]), name=c["name"],
                    cells=(f"{c.get('schools') or ''} {c.get('level') or ''}".strip(),
                           str(c.get("cost_total", ""))))
                for c in sorted(by_type[t], key=lambda c: c["name"].casefold())]
        points = sum(int(c.get("cost_total") or 0) for c in by_type[t])
        out.append(Section(title=f"{t} ({sum(r.count for r in rows)} spells, {points} points)",
                           rows=rows, columns=cols, level=2))
    if unresolved:
        rows = [Row(r.count, r.name, ("", ""), True) for r in rows_of(unresolved)]
        out.append(Section(title=f"Not recognised ({sum(r.count for r in rows)})", rows=rows,
                           columns=cols, level=2))
    return out + other_zones(result, {"mage", "spellbook"}, {})


def magewars_totals(result: "DeckResult") -> list[tuple[str, str]]:
    stats = result.stats or {}
    points = stats.get("spellbook_points")
    limit = stats.get("spellbook_limit")
    shown = "" if points is None else f"{points}" + (f" / {limit}" if limit is not None else "")
    return [("Mage", str(count(result, "mage"))), ("Spells", str(count(result, "spellbook"))),
            ("Spellbook Points", shown)]


# ---------------------------------------------------------------------------------------
# Mage Knight


def mageknight_sections(result: "DeckResult") -> list[Section]:
    from deckcheck.games.mageknight import KIND_ORDER

    out = zone_section(result, "hero", "Hero")
    out += grouped("Deed Deck", zone_entries(result, "deck"),
                   lambda e: e.card.get("kind") or "other", list(KIND_ORDER))
    out += zone_section(result, "hand", "Hand")
    out += zone_section(result, "units", "Units (not deed cards)")
    return out + other_zones(result, {"hero", "deck", "hand", "units"}, {})


def mageknight_totals(result: "DeckResult") -> list[tuple[str, str]]:
    return [("Hero", str(count(result, "hero"))), ("Deed Cards", str(count(result, "deck", "hand"))),
            ("Units", str(count(result, "units")))]


# ---------------------------------------------------------------------------------------
# the table


def default_sections(result: "DeckResult") -> list[Section]:
    return other_zones(result, set(), {})


def default_totals(result: "DeckResult") -> list[tuple[str, str]]:
    return [(z.replace("_", " ").title(), str(n)) for z, n in (result.counts or {}).items()]


DEFAULT_LAYOUT = Layout(sections=default_sections, totals=default_totals)

LAYOUTS: dict[str, Layout] = {
    "mtg": Layout(event_fields=("Date", "Event", "Location", "Deck Name", "Deck Designer",
                                "Table Number", "First Letter of Last Name"),
                  id_label="DCI #", id_boxes=10,
                  official=("Deck Check Rd #", "Status", "Judge", "Main/SB count"),
                  sections=mtg_sections, totals=mtg_totals,
                  blank=(("Main Deck", 36), ("Sideboard", 15))),
    "fow": Layout(sections=fow_sections, totals=fow_totals,
                  blank=(("Ruler", 1), ("Main Deck", 24), ("Magic Stone Deck", 8),
                         ("Side Deck", 15))),
    "wowtcg": Layout(sections=wow_sections, totals=wow_totals,
                     blank=(("Hero", 1), ("Main Deck", 36), ("Sideboard", 10))),
    "magewars": Layout(sections=magewars_sections, totals=magewars_totals,
                       blank=(("Mage", 1), ("Spellbook", 48))),
    "mageknight": Layout(sections=mageknight_sections, totals=mageknight_totals,
                         blank=(("Hero", 1), ("Deed Deck", 20), ("Units", 6))),
}


def layout_for(game: str | None) -> Layout:
    return LAYOUTS.get(game or "", DEFAULT_LAYOUT)
