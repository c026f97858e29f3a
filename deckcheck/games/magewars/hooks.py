"""Mage Wars: declaring the mage, spellbook points, report tables and apprentice books.

* The mage is declared by a ``Mage:`` / ``法师:`` line, a Mage section (text or OCTGN), or
  a mage name on a line of its own (an export's first line). ``Wizard (Fire)``,
  ``Wizard(Fire)``, ``巫师 (火)`` and the older OCTGN ``Wizard Stats (Fire)`` carry the
  Wizard's element; an ``Element:`` line does too. A mage or stats card listed among the
  spells is moved to the mage zone; a spell listed under the Mage header is moved to the
  spellbook.
* An OCTGN clipboard line ``2 - Lightning Bolt - 2 - 2 - 4`` keeps its trailing numbers
  (level, cost, total) so that MWR122 can compare them with deckcheck's cost.
* The declared mage, its element and the costed spellbook are the game's model
  (:mod:`deckcheck.games.magewars.model`, :mod:`deckcheck.games.magewars.book`).
* ``stats`` and ``report_sections`` give the points per card, school, type and level;
  ``sample`` prints an apprentice spellbook as a plain-text list
  (:mod:`deckcheck.games.magewars.apprentice`).
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from deckcheck import carddb
from deckcheck.formats import load
from deckcheck.games.base import Game
from deckcheck.games.magewars.apprentice import (apprentice_books, apprentice_match, render_book,
                                                 split_edition)
from deckcheck.games.magewars.book import SCHOOL_LEVEL, SPELL_TYPES
from deckcheck.games.magewars.model import (MAGE_KINDS, book_cost, card_row, code_map,
                                            is_mage_card, mage_identity, mage_info, note_of)
from deckcheck.games.magewars.parsers.bbcode import looks_like_bbcode, parse_bbcode
from deckcheck.games.magewars.parsers.sbb import looks_like_sbb, parse_sbb
from deckcheck.matching import normalise
from deckcheck.matching.index import Match
from deckcheck.models import DeckList, Entry, Finding
from deckcheck.parsing.phrases import Phrase
from deckcheck.resolve import apply_match
from deckcheck.rules.base import get_rule

_CLIPBOARD = re.compile(r"^(?P<name>.*?\S)\s+-\s+(?P<level>\d+(?:[+/]\d+)*)\s+-\s+(?P<cost>\d+)"
                        r"\s+-\s+(?P<total>\d+)\s*$")
_SUFFIX = re.compile(r"^(?P<base>.*?\S)\s*[(（]\s*(?P<word>[^()（）]{1,20}?)\s*[)）]\s*$")
NO_MAGE = {"nomage", "none"}
_CLASS_DASH_ELEMENT = re.compile(r"^(?P<a>.*?\S)\s*+[\-–—:,]\s*+(?P<b>[^\s\-–—:,]+)$")   # "Wizard - Fire"

# the report tables' titles (the catalogue's ``sections`` translates them by their ids); the
# Apprentice note is a word of the catalogue's ``cells``
ARENA_POINTS = " — Arena points, for information (Apprentice Mode does not count points)"
POINTS = Phrase("magewars-points", "Spellbook points — {mage}{apprentice}")
POINTS_ELEMENT = Phrase("magewars-points-element",
                        "Spellbook points — {mage} ({element}){apprentice}")
POINTS_ASSUMED = Phrase("magewars-points-assumed", "Spellbook points — {mage} (no element given; "
                                                   "costed as {element}){apprentice}")
TOTAL = Phrase("magewars-total", "Total: {total}{partial}")
TOTAL_OF_LIMIT = Phrase("magewars-total-of-limit", "Total: {total} / {limit}{partial}")
PARTIAL = " (partial: unknown cards not counted)"     # a word of the catalogue's ``cells``
POINTS_BY_SCHOOL = Phrase("magewars-points-by-school", "Points by school")
POINTS_BY_TYPE = Phrase("magewars-points-by-type", "Points by type")


class MageWarsGame(Game):
    def __init__(self, data: dict[str, Any]):
        super().__init__(data)
        self.element_words: dict[str, str] = {}
        for element, words in (data.get("elements") or {}).items():
            for w in [element] + list(words or ()):
                self.element_words[normalise.key(w)] = element
        self.type_header_map: dict[str, str] = {}
        for type_, words in (data.get("type_headers") or {}).items():
            for w in [type_] + list(words or ()):
                self.type_header_map[normalise.key(w)] = type_

    # -- parsing ---------------------------------------------------------------------------
    @property
    def parsers(self):  # type: ignore[override]
        return {"bbcode": (looks_like_bbcode, parse_bbcode), "sbb": (looks_like_sbb, parse_sbb)}

    def element_of(self, word: str | None) -> str | None:
        return self.element_words.get(normalise.key(word or "")) if word else None

    def header_type(self, hint: str | None) -> str | None:
        return self.type_header_map.get(normalise.key(hint)) if hint else None

    def prepare_entry(self, entry: Entry, deck: DeckList) -> Iterable[Finding]:
        m = _CLIPBOARD.match(entry.raw_name or entry.name)
        if m:
            note_of(entry).listed = {"level": m.group("level"), "cost": int(m.group("cost")),
                                     "total": int(m.group("total"))}
            entry.name = entry.raw_name = m.group("name")
            entry.set_code = entry.number = None
        if normalise.key(entry.name) in NO_MAGE and entry.zone in ("mage", "spellbook"):
            note_of(entry).no_mage = True
        return ()

    def resolve_entry(self, entry: Entry, db) -> bool:
        """Mage lines with an element suffix: ``Wizard (Fire)``, ``Wizard Stats (Fire)``."""
        if note_of(entry).no_mage:
            entry.match = "exact"       # NO_MAGE: an export's "no mage" line; MWR106 reports it
            return True
        if note_of(entry).by_code:  # .sbb: printed codes only
            return self._resolve_code(entry, db)
        index = db.index
        if entry.zone == "mage" and index.lookup_exact(entry.name) is None:
            form = self._mage_form(entry.name, db)
            if form is not None:            # "Darkfenne Necromancer", "Fire Wizard" …
                card, element = form
                apply_match(entry, Match("normalized", card, via="mage", label=entry.name))
                if element:
                    note_of(entry).element = element
                return True
        for text in dict.fromkeys([entry.raw_name or entry.name, entry.name]):
            if index.lookup_exact(text) is not None:
                return False            # the whole text is a name (e.g. "Beastmaster (Johktari)")
            m = _SUFFIX.match(text)
            if not m:
                continue
            base = index.lookup_exact(m.group("base"))
            if base is None and self.element_of(m.group("word")):
                base = index.match(m.group("base"))    # "Wizzard (Fire)": misspelt, with a warning
            if base is None or not is_mage_card(base.card):
                continue
            entry.name, entry.set_code, entry.number = m.group("base"), None, None
            apply_match(entry, base)
            element = self.element_of(m.group("word"))
            if element:
                note_of(entry).element = element
            else:
                note_of(entry).bad_element = m.group("word")
            return True
        return False

    def _mage_form(self, text: str, db) -> tuple[Any, str | None] | None:
        """A mage written the way players title a spellbook: an element before or after the
        class ("Fire Wizard", "Wizard - Fire") or a homeland before it ("Darkfenne
        Necromancer", "Straywood Beastmaster", "Arraxian Crown Warlock"): the mage whose full
        name in the data mentions that homeland ("Necromancer from Darkfenne"). Anything else
        is left to the usual matching."""
        words = normalise.spaced(text).split()
        if len(words) < 2:
            return None
        mages = [c for c in db.of_kind(*MAGE_KINDS) if is_mage_card(c)]
        by_class = {normalise.key(c.name): c for c in mages}
        element = None
        m = _CLASS_DASH_ELEMENT.match(text.strip())
        if m and self.element_of(m.group("b")) and normalise.key(m.group("a")) in by_class:
            return by_class[normalise.key(m.group("a"))], self.element_of(m.group("b"))
        if self.element_of(words[0]):
            element, words = self.element_of(words[0]), words[1:]
        cls = by_class.get(words[-1])
        if cls is None:
            return None
        place = normalise.key(" ".join(words[:-1]))
        if not place:
            return cls, element
        for c in mages:   # the mage whose full name mentions the homeland ("of Darkfenne")
            names = [c.name] + list(c.get("aliases") or ())
            if normalise.key(c.name).endswith(words[-1]) and any(
                    place in normalise.key(n) for n in names):
                return c, element
        return None       # "Grand Wizard": no mage of that name

    def _resolve_code(self, entry: Entry, db) -> bool:
        cards = code_map(db).get(note_of(entry).by_code, [])
        if len(cards) == 1:
            apply_match(entry, Match("exact", cards[0], via="code"))
        elif cards:
            apply_match(entry, Match("ambiguous", candidates=cards))
        else:
            apply_match(entry, Match("unknown"))
        return True

    def after_resolve(self, entry: Entry, db) -> Iterable[Finding]:
        card = entry.card
        code = note_of(entry).code
        if code and card is not None:       # forum BBCode: does the code name the same card?
            named = code_map(db).get(code.upper(), [])
            if named and card not in named:
                return [get_rule("DCK023").finding(
                    None, card=card.name, line=entry.line, zone=entry.zone, variant="code",
                    code=code, named=named[0].name, input=entry.name, used=card.name)]
        if card is None:
            if entry.zone == "mage" and not note_of(entry).no_mage and entry.match == "unknown":
                entry.no_generic = True     # MWR106 names the unknown mage
            return ()
        if is_mage_card(card):
            if entry.zone != "mage":
                note_of(entry).moved_from = entry.zone
                entry.zone = "mage"
            for element, guid in (card.get("element_octgn_ids") or {}).items():
                if entry.ref and entry.ref.strip().lower() == guid.lower():
                    if note_of(entry).element is None:
                        note_of(entry).element = element
        elif entry.zone == "mage":
            note_of(entry).moved_from = "mage"
            entry.zone = "spellbook"
        return ()

    def written_name(self, entry: Entry, name: str) -> str:
        element = note_of(entry).element
        return f"{name} ({element})" if element and entry.zone == "mage" else name

    def written_notes(self, deck: DeckList) -> list[str]:
        # OCTGN readers without element ids learn a Wizard's element from the notes (§6.4)
        elements = {note_of(e).element for e in deck.entries
                    if e.zone == "mage" and note_of(e).element}
        if len(elements) == 1 and "element" not in deck.metadata:
            return [f"Element: {elements.pop()}"]
        return []

    def written_octgn_id(self, entry: Entry) -> str | None:
        element = note_of(entry).element
        if element and entry.card is not None:   # each element of a Wizard has its own id
            guid = (entry.card.get("element_octgn_ids") or {}).get(element)
            if guid:
                return str(guid)
        return super().written_octgn_id(entry)

    # -- statistics and report -------------------------------------------------------------
    def stats(self, ctx) -> dict[str, Any]:
        info = mage_info(ctx)
        mage = info.mage
        if mage is None:
            return {"mage": None, "spellbook_points": None, "spellbook_limit": None,
                    "partial": True, "apprentice": None}
        book = book_cost(ctx)
        apprentice = ctx.fmt.get("apprentice") is not None
        out: dict[str, Any] = {
            "mage": mage.name, "mage_class": mage.cls, "element": mage.element,
            "variant": mage.variant,
            "spellbook_points": book.total,
            "spellbook_limit": None if apprentice else info.limit,
            "spells": book.spells, "distinct": len(book.lines),
            "by_school": book.by_school(), "by_type": book.by_type(), "by_level": book.by_level(),
            "epic": sum(ln.count for ln in book.lines if ln.card.get("epic")),
            "novice": sum(ln.count for ln in book.lines if ln.card.get("novice")),
            "cards": [card_row(ctx, ln) for ln in book.lines],
            "apprentice": None,
        }
        if info.element_missing:
            out["element_assumed"] = info.assumed_element
        unresolved = sum(e.count for e in ctx.entries("spellbook") if e.card is None)
        if unresolved:
            out["partial"] = True
            out["unresolved"] = unresolved
        if apprentice:
            match = apprentice_match(ctx)
            out["apprentice"] = {"edition": match.edition if match.exact else None,
                                 "points_arena": book.total}
        return out

    def report_sections(self, result) -> list[tuple[str, list[str], list[list[Any]]]]:
        stats = result.stats or {}
        cards = stats.get("cards")
        if not cards:
            return []
        rows: list[list[Any]] = []
        order = {t: i for i, t in enumerate(SPELL_TYPES)}
        for c in sorted(cards, key=lambda c: (order.get(c.get("type"), 99), c["name"])):
            rows.append([c["count"], c.get("label") or c["name"], c.get("type") or "",
                         SCHOOL_LEVEL.say(school=c["schools"], level=c["level"]),
                         c["cost_each"], c["cost_total"],
                         c["basis"]])
        limit = stats.get("spellbook_limit")
        total = stats.get("spellbook_points")
        partial = PARTIAL if stats.get("partial") else ""
        rows.append(["", TOTAL.say(total=total, partial=partial) if limit is None else
                     TOTAL_OF_LIMIT.say(total=total, limit=limit, partial=partial),
                     "", "", "", total, ""])
        apprentice = ARENA_POINTS if stats.get("apprentice") is not None else ""
        if stats.get("element"):
            title = POINTS_ELEMENT.say(mage=stats.get("mage"), element=stats["element"],
                                       apprentice=apprentice)
        elif stats.get("element_assumed"):
            title = POINTS_ASSUMED.say(mage=stats.get("mage"), element=stats["element_assumed"],
                                       apprentice=apprentice)
        else:
            title = POINTS.say(mage=stats.get("mage"), apprentice=apprentice)
        out = [(title, ["Qty", "Card", "Type", "School/Level", "Each", "Total", "Basis"], rows)]
        school_rows = [[s, v["cards"], v["points"]] for s, v in (stats.get("by_school") or {}).items()]
        if school_rows:
            out.append((POINTS_BY_SCHOOL.say(), ["School", "Cards", "Points"], school_rows))
        type_rows = [[t, v["cards"], v["points"]] for t, v in (stats.get("by_type") or {}).items()]
        if type_rows:
            out.append((POINTS_BY_TYPE.say(), ["Type", "Cards", "Points"], type_rows))
        return out

    # -- apprentice books ------------------------------------------------------------------
    def sample(self, format_id: str, who: str | None, lang: str = "en") -> str:
        fmt = load(format_id)
        if fmt.get("apprentice") is None:
            raise LookupError(f"{format_id} has no ready-made lists; try "
                              "`deckcheck sample magewars-apprentice beastmaster`")
        db = carddb.load(self.id, self.match_params)
        books = apprentice_books(db)
        choices = sorted({f"{b['mage'].lower()}" for b in books})
        if not who:
            raise LookupError(f"say whose apprentice spellbook: {', '.join(choices)} "
                              "(add '-4th' for the 4th edition, e.g. beastmaster-4th)")
        mage_word, edition = split_edition(who)
        mage_name = self._book_mage(db, mage_word)
        chosen = [b for b in books if b["mage"] == mage_name and b["edition"] == edition]
        if not chosen:
            raise LookupError(f"no apprentice spellbook for {who!r}; choose one of "
                              f"{', '.join(choices)} (editions: original, 4th)")
        return render_book(chosen[0], fmt.id, db, lang, self)

    def _book_mage(self, db, word: str) -> str | None:
        names = {b["mage"] for b in apprentice_books(db)}
        for n in names:
            if normalise.key(n) == normalise.key(word):
                return n
        card = db.find(word)
        if card is not None and is_mage_card(card):
            return mage_identity(db, card)
        return None


GAME_CLASS = MageWarsGame
