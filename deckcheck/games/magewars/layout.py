"""The registration sheet of Mage Wars: its card sections and totals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckcheck.games.magewars.book import SPELL_TYPES
from deckcheck.registration.layouts import (Row, Section, Layout, zone_entries, zone_section,
    other_zones, count, rows_of)

if TYPE_CHECKING:
    from deckcheck.models import DeckResult

def magewars_sections(result: "DeckResult") -> list[Section]:
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


LAYOUT = Layout(sections=magewars_sections, totals=magewars_totals,
                blank=(("Mage", 1), ("Spellbook", 48)))
