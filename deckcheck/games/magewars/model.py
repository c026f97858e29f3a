"""Mage Wars' domain model: the declared mage, printed codes and the costed spellbook.

The rules read it; the hooks (``hooks.py``), the rules (``rules/``) and the apprentice
books (``apprentice.py``) import it, it imports none of them. The spell costs themselves
are :mod:`deckcheck.games.magewars.book`.

* :func:`mage_info` picks the mage row of the format's variant (arena / academy /
  apprentice) and the element; :func:`book_cost` costs the spellbook (§2.3).
* :func:`code_map` finds the cards printed with a code (``.sbb`` files, forum BBCode).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from deckcheck.games.magewars.book import (BookCost, Mage, card_kind, cost_book, level_text,
                                           school_text)
from deckcheck.models import Entry, game_note, pickled_as_arguments

MAGE_KINDS = ("mage", "mage_stats")
DEFAULT_ELEMENT = "Air"


@pickled_as_arguments
@dataclass(slots=True)
class MageWarsNote:
    """What the readers and the hooks note on one line (``Entry.game_note``)."""

    no_mage: bool = False             # an export's "no mage" line (MWR106 reports it)
    element: str | None = None        # the mage's element, from "Wizard (Fire)" or the id
    bad_element: str | None = None    # the word in brackets that is no element
    by_code: str | None = None        # a .sbb line: the printed code that names the card
    duplicate_lines: list[int] = field(default_factory=list)  # .sbb: the code again, other case
    code: str | None = None           # forum BBCode: the code the card tag gives
    moved_from: str | None = None     # the zone a mage or a spell was written in
    listed: dict[str, Any] | None = None  # clipboard export: the level, cost and total listed


def note_of(entry: Entry) -> MageWarsNote:
    """The line's Mage Wars annotations (attached on first use)."""
    return game_note(entry, MageWarsNote)


def is_mage_card(card) -> bool:
    return card is not None and card_kind(card) in MAGE_KINDS


# ---------------------------------------------------------------------------------------
# the declared mage


@dataclass(slots=True)
class MageInfo:
    mage: Mage | None = None             # the mage used for costing (format variant, element)
    limit: int | None = None
    identities: list[tuple[str, Entry]] = field(default_factory=list)   # distinct mages named
    entry: Entry | None = None           # the entry that declared the mage
    unknown: list[Entry] = field(default_factory=list)
    no_mage_line: Entry | None = None
    element: str | None = None
    element_line: int | None = None
    element_missing: bool = False
    assumed_element: str | None = None
    bad_element: tuple[str, int | None] | None = None
    stray_element: tuple[str, int | None] | None = None
    variant_mismatch: list[tuple[Entry, str]] = field(default_factory=list)   # (entry, its variant)
    no_version: bool = False             # the mage has no row for the format's variant
    arena: Mage | None = None            # the Arena version (apprentice points, fallbacks)


_CODES: dict[int, dict[str, list]] = {}


def code_map(db) -> dict[str, list]:
    """Printed code (upper case) -> the cards printed with it (codes are sometimes reused)."""
    found = _CODES.get(id(db))
    if found is None:
        found = {}
        for card in db.cards:
            codes = {card.get("code")} | {p.get("code") for p in card.get("printings") or ()}
            for c in codes:
                if c:
                    bucket = found.setdefault(str(c).upper(), [])
                    if card not in bucket:
                        bucket.append(card)
        _CODES[id(db)] = found
    return found


def mage_rows(db) -> dict[str, dict[str, Any]]:
    return (db.tables.get("mages") or {}).get("mages") or {}


def mage_identity(db, card) -> str:
    rows = mage_rows(db)
    for rid in (card.get("mage_rows") or {}).values():
        if rid in rows:
            return rows[rid].get("name") or rid
    return card.name


def _row_for(db, identity: str, variant: str) -> str | None:
    for rid, row in mage_rows(db).items():
        if row.get("name") == identity and row.get("variant") == variant:
            return rid
    return None


def mage_info(ctx) -> MageInfo:
    return ctx.once("magewars.mage", lambda: _mage_info(ctx))


def _mage_info(ctx) -> MageInfo:
    info = MageInfo()
    db, game = ctx.db, ctx.game
    for e in ctx.entries("mage", "spellbook"):
        if note_of(e).no_mage:
            info.no_mage_line = info.no_mage_line or e
        elif e.zone == "mage" and e.card is None and e.match in ("unknown", "ambiguous"):
            info.unknown.append(e)
    declared = [e for e in ctx.entries("mage") if is_mage_card(e.card) and e.count > 0]
    seen: dict[str, Entry] = {}
    for e in declared:
        seen.setdefault(mage_identity(db, e.card), e)
    info.identities = list(seen.items())
    if not declared:
        return info
    primary = next((e for e in declared if card_kind(e.card) == "mage"), declared[0])
    identity = mage_identity(db, primary.card)
    info.entry = primary
    variant = ctx.fmt.get("mage_variant") or "arena"
    for e in declared:
        variants = set((e.card.get("mage_rows") or {}))
        if mage_identity(db, e.card) == identity and variant not in variants and variants:
            info.variant_mismatch.append((e, sorted(variants)[0]))
    rows = mage_rows(db)
    arena_id = _row_for(db, identity, "arena")
    info.arena = Mage.from_row(arena_id, rows[arena_id]) if arena_id else None
    rid = _row_for(db, identity, variant)
    points = ctx.fmt.get("points") or {}
    if rid is None:
        info.no_version = True
        base = info.arena
        if base is None:
            any_id = next(iter((primary.card.get("mage_rows") or {}).values()), None)
            base = Mage.from_row(any_id, rows[any_id]) if any_id in rows else None
        mage = base
        limit = points.get("fallback_limit", base.limit if base else None)
    else:
        mage = Mage.from_row(rid, rows[rid])
        limit = mage.limit
    # the element: on a mage line, an older stats card id, or an Element: line
    element = element_line = None
    for e in declared:
        if note_of(e).element and element is None:
            element, element_line = note_of(e).element, e.line
        if note_of(e).bad_element and info.bad_element is None:
            info.bad_element = (note_of(e).bad_element, e.line)
    meta = ctx.deck.metadata.get("element")
    if meta:
        word = game.element_of(meta) if hasattr(game, "element_of") else None
        if word and element is None:
            element, element_line = word, ctx.deck.metadata_lines.get("element")
        elif not word and info.bad_element is None:
            info.bad_element = (meta, ctx.deck.metadata_lines.get("element"))
    if mage is not None:
        if mage.element_choice:
            if element:
                mage = mage.with_element(element)
                info.element, info.element_line = element, element_line
            else:
                info.element_missing = True
                info.assumed_element = _default_element(ctx, mage)
                mage = mage.with_element(info.assumed_element)
        elif element:
            info.stray_element = (element, element_line)
    if info.arena is not None and info.arena.element_choice:
        info.arena = info.arena.with_element(info.element or _default_element(ctx, info.arena))
    info.mage, info.limit = mage, limit
    return info


def _default_element(ctx, mage: Mage) -> str:
    want = (ctx.fmt.get("apprentice") or {}).get("info_element") or DEFAULT_ELEMENT
    return want if want in mage.element_choice else mage.element_choice[0]


# ---------------------------------------------------------------------------------------
# costing the list


def cost_options(ctx) -> dict[str, Any]:
    points = ctx.fmt.get("points") or {}
    academy = ctx.fmt.get("academy") or {}
    return {"academy_novice": bool(academy.get("novice_opposed_triple")),
            "fixed": points.get("fixed_cost") or {}, "novice_cost": points.get("novice_cost", 1)}


def spell_items(ctx) -> list[tuple[Any, int, Entry]]:
    return [(e.card, e.count, e) for e in ctx.resolved("spellbook")]


def book_cost(ctx, mage: Mage | None = None) -> BookCost:
    """The spellbook costed for the declared mage (or for ``mage``)."""
    if mage is not None:
        return cost_book(spell_items(ctx), mage, **cost_options(ctx))

    def build() -> BookCost:
        info = mage_info(ctx)
        m = info.mage
        opts = cost_options(ctx)
        if ctx.fmt.get("apprentice") is not None:
            m = info.arena or m        # Apprentice Mode: the Arena points, for information
            opts["academy_novice"] = False
        return cost_book(spell_items(ctx), m, **opts)

    return ctx.once("magewars.book", build)


def card_row(ctx, line) -> dict[str, Any]:
    card = line.card
    row = {"name": card.name, "count": line.count, "type": card.get("type"),
           "schools": school_text(card), "level": level_text(card),
           "cost_each": line.cost.each, "cost_total": line.total, "basis": line.cost.detail}
    label = ctx.label(card)
    if label != card.name:
        row["label"] = label
    return row


def element_totals(ctx) -> dict[str, int]:
    """The book's points for each element the declared Wizard could choose."""
    info = mage_info(ctx)
    mage = info.mage
    if mage is None or not mage.element_choice:
        return {}
    return {el: book_cost(ctx, mage.with_element(el)).total for el in sorted(mage.element_choice)}
