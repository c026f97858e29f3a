"""Mage Wars Apprentice Mode: the fixed Core Set apprentice spellbooks (MW-R21 … R23).

The books (both editions) are card data (``cards/magewars/apprentice.yaml``).
:func:`apprentice_match` compares a list's spells, as a multiset of canonical names, with
the books of its mage and names the closest edition's missing and extra cards;
:func:`render_book` prints a book as a plain-text list (``deckcheck sample``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from deckcheck.games.base import Game
from deckcheck.games.magewars.book import SPELL_TYPES, card_kind
from deckcheck.games.magewars.model import mage_identity, mage_info, note_of
from deckcheck.matching import normalise


def apprentice_books(db) -> list[dict[str, Any]]:
    return (db.tables.get("apprentice") or {}).get("books") or []


@dataclass(slots=True)
class ApprenticeMatch:
    mage: str | None
    exact: bool = False
    edition: str | None = None            # the matching (or closest) edition
    missing: list[tuple[str, int]] = field(default_factory=list)
    extra: list[tuple[str, int]] = field(default_factory=list)
    has_book: bool = True
    book_counts: dict[str, int] = field(default_factory=dict)
    list_counts: dict[str, int] = field(default_factory=dict)


def list_spell_counts(ctx) -> dict[str, int]:
    counts: dict[str, int] = {}
    for e in ctx.entries("spellbook"):
        if note_of(e).no_mage:
            continue
        name = e.card.name if e.card is not None else e.name
        if e.card is not None and card_kind(e.card) != "spell":
            continue
        counts[name] = counts.get(name, 0) + e.count
    return {k: v for k, v in counts.items() if v > 0}


def apprentice_match(ctx) -> ApprenticeMatch:
    return ctx.once("magewars.apprentice", lambda: _apprentice_match(ctx))


def _apprentice_match(ctx) -> ApprenticeMatch:
    info = mage_info(ctx)
    if info.entry is None:
        return ApprenticeMatch(None, has_book=False)
    identity = mage_identity(ctx.db, info.entry.card)
    cfg = ctx.fmt.get("apprentice") or {}
    editions = list(cfg.get("editions") or ["original", "4th"])
    wanted = (ctx.deck.metadata.get("edition") or "").strip().lower()
    if wanted:
        wanted = edition_word(wanted) or wanted
        if wanted in editions:
            editions = [wanted]
    books = [b for b in apprentice_books(ctx.db)
             if b["mage"] == identity and b["edition"] in editions]
    have = list_spell_counts(ctx)
    if not books:
        return ApprenticeMatch(identity, has_book=False, list_counts=have)
    best: ApprenticeMatch | None = None
    for b in books:
        want: dict[str, int] = {}
        for c in b["cards"]:
            want[c["name"]] = want.get(c["name"], 0) + int(c["count"])
        missing = [(n, want[n] - have.get(n, 0)) for n in want if want[n] > have.get(n, 0)]
        extra = [(n, have[n] - want.get(n, 0)) for n in have if have[n] > want.get(n, 0)]
        m = ApprenticeMatch(identity, not missing and not extra, b["edition"], missing, extra,
                            True, want, have)
        size = sum(k for _, k in missing) + sum(k for _, k in extra)
        if best is None or m.exact or size < sum(k for _, k in best.missing) + \
                sum(k for _, k in best.extra):
            best = m
            if m.exact:
                break
    assert best is not None
    return best


def edition_word(text: str) -> str | None:
    t = normalise.key(text)
    if t in ("original", "orig", "first", "1st", "core", "seed", "原版"):
        return "original"
    if t in ("4th", "fourth", "4", "4thedition", "第四版"):
        return "4th"
    return None


def split_edition(who: str) -> tuple[str, str]:
    m = re.match(r"^\s*+(?P<mage>.*?\S)(?:\s*+[-@/:,(]\s*+|\s++)(?P<ed>original|orig|4th|fourth|4)\s*+\)?\s*+$",
                 who, re.IGNORECASE)
    if m:
        return m.group("mage"), edition_word(m.group("ed")) or "original"
    return who.strip(), "original"


_ZH_TYPES = {"Attack": "攻击", "Conjuration": "魔物", "Creature": "生物", "Enchantment": "结界",
             "Equipment": "装备", "Incantation": "咒语"}


def render_book(book: dict[str, Any], format_id: str, db, lang: str, game: Game) -> str:
    """An apprentice book as a plain-text list that ``deckcheck check`` accepts."""
    zh = lang.startswith("zh")
    mage_card = db.find(book["mage"])
    mage_name = book["mage"]
    if zh and mage_card is not None:
        from deckcheck.i18n import card_name_in

        mage_name = card_name_in(mage_card, lang) or mage_name
    lines = [f"Format: {format_id}",
             f"Name: {book['mage']} apprentice spellbook ({book['edition']} edition)",
             f"Edition: {book['edition']}"]
    lines.append(f"{'法师' if zh else 'Mage'}: {mage_name}")
    lines.append("")
    by_type: dict[str, list[dict[str, Any]]] = {}
    for c in book["cards"]:
        by_type.setdefault(c["type"], []).append(c)
    for t in SPELL_TYPES:
        if t not in by_type:
            continue
        lines.append(_ZH_TYPES[t] if zh else t)
        for c in by_type[t]:
            name = c["name"]
            if zh:
                card = db.find(name)
                if card is not None:
                    from deckcheck.i18n import card_name_in

                    name = card_name_in(card, lang) or name
            lines.append(f"{c['count']} {name}")
        lines.append("")
    if zh:
        lines.append("# 没有中文译名的卡牌以英文列出。")
    text = "\n".join(lines).rstrip() + "\n"
    if lang == "zh-Hant":   # headers and the note in Traditional script (card names already are)
        text = "\n".join(normalise.to_traditional(ln) if not ln[:1].isdigit() else ln
                         for ln in text.split("\n"))
    return text
