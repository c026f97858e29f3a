"""Mage Knight's domain model: the products in play, the heroes and their starting decks,
the Fame track, and the facts about one list the rules share (computed once per deck).

* ``Expansions:`` declares the products in play (:func:`parse_expansions`); without it the
  smallest set consistent with the list is inferred (:func:`deck_info`).
* The hero table, the standard deck and the Fame track are card data (``heroes.yaml``,
  ``standard_deck.yaml``, ``fame_levels.yaml``), read through :func:`heroes`,
  :func:`fame_table` and the per-deck :func:`deck_info`, :func:`basic_allowance` and
  :func:`starting_comparison`.

The rules (:mod:`deckcheck.games.mageknight.rules`) and the hooks
(:mod:`deckcheck.games.mageknight.hooks`) both build on this module; it imports neither.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable

from deckcheck.matching import normalise
from deckcheck.matching.index import Match
from deckcheck.models import Card, DeckList, Entry
from deckcheck.rules.base import format_lineage

# Expansions a list may declare (§1), in canonical order, with their titles.
EXPANSIONS = ("lost-legion", "krang", "shades-of-tezla", "ultimate")
TITLES = {"base": "the base game", "lost-legion": "The Lost Legion", "krang": "Krang",
          "shades-of-tezla": "Shades of Tezla", "ultimate": "Ultimate Edition"}
# The Ultimate Edition bundles the three expansions (§1).
ULTIMATE_BUNDLES = ("lost-legion", "krang", "shades-of-tezla")
_SPELLINGS = {
    "base": ["base", "base game", "core", "none", "no expansions", "-", "基础", "基礎"],
    "lost-legion": ["lost-legion", "lost legion", "the lost legion", "ll", "失落军团",
                    "失落軍團"],
    "krang": ["krang", "krang expansion", "krang character expansion"],
    "shades-of-tezla": ["shades-of-tezla", "shades of tezla", "sot", "tezla"],
    "ultimate": ["ultimate", "ultimate edition", "ue", "终极版", "終極版"],
}
_EXPANSION_KEYS = {normalise.key(s) or s: exp for exp, spellings in _SPELLINGS.items()
                   for s in spellings}
_EXPANSION_SPLIT = re.compile(r"\s*(?:[,;+&/、，；]|\band\b)\s*")

# Kind order in reports and written lists (§8).
KIND_ORDER = ("basic_action", "hero_action", "advanced_action", "spell", "artifact", "wound")
DEED_ZONES = ("deck", "hand")
# numeric metadata: key -> (label, smallest, largest)
NUMERIC_METADATA = {"fame": ("Fame", 0, None), "level": ("Level", 1, 10),
                    "hand_limit": ("Hand limit", 0, None), "keeps": ("Keeps", 0, None),
                    "players": ("Players", 1, None)}


# ----------------------------------------------------------------------------- expansions

def parse_expansions(text: str) -> tuple[list[str], list[str]]:
    """``"Lost Legion, krang"`` -> (known ids in canonical order, unknown words as written).

    ``base`` (and ``none``) name the base game, which is always included.
    """
    known: set[str] = set()
    unknown: list[str] = []
    for part in _EXPANSION_SPLIT.split(text.strip()):
        part = part.strip()
        if not part:
            continue
        exp = _EXPANSION_KEYS.get(normalise.key(part) or part)
        if exp is None:  # "lost-legion krang": whitespace-separated ids
            words = [_EXPANSION_KEYS.get(normalise.key(w) or w) for w in part.split()]
            if len(words) > 1 and all(words):
                known.update(w for w in words if w)
                continue
            unknown.append(part)
        else:
            known.add(exp)
    known.discard("base")
    return [e for e in EXPANSIONS if e in known], unknown


def covers(expansions: Iterable[str]) -> frozenset[str]:
    """The products whose cards are available: the base game, the declared ones, and the
    three expansions the Ultimate Edition bundles."""
    out = {"base", *expansions}
    if "ultimate" in out:
        out.update(ULTIMATE_BUNDLES)
    return frozenset(out)


def expansions_text(expansions: list[str]) -> str:
    return ", ".join(expansions) if expansions else "the base game only"


def needs_text(needs: Iterable[str]) -> str:
    return " or ".join(needs)


# ----------------------------------------------------------------------------- heroes

@dataclass(slots=True)
class Hero:
    """One playable hero of ``heroes.yaml`` and its starting decks (§3)."""

    name: str
    expansion: str
    needs: tuple[str, ...]
    card1: dict[str, Any]
    card2: dict[str, Any]
    deck: dict[str, int]                 # with the second unique card (§3.2)
    base_deck: dict[str, int] | None     # base heroes, base game alone: card 1 only

    @property
    def unique_cards(self) -> tuple[str, str]:
        return self.card1["name"], self.card2["name"]

    def available(self, have: frozenset[str]) -> bool:
        return not self.needs or any(n in have for n in self.needs)

    def card2_used(self, have: frozenset[str]) -> bool:
        return any(e in have for e in self.card2.get("used_with") or ())

    def deck_for(self, have: frozenset[str]) -> dict[str, int]:
        """The starting deck under the products ``have``."""
        if self.base_deck is None or self.card2_used(have):
            return self.deck
        return self.base_deck

    def lenient_deck(self, have: frozenset[str]) -> dict[str, int] | None:
        """The base-style deck still tolerated (MKN113) when the second card applies."""
        if self.base_deck is not None and self.card2_used(have):
            return self.base_deck
        return None


@dataclass(slots=True)
class HeroTable:
    heroes: dict[str, Hero]                       # normalised name -> hero
    non_playable: dict[str, dict[str, Any]]       # normalised name -> record
    standard: list[dict[str, Any]]                # the standard deck, in order (§2)

    def find(self, name: str | None) -> Hero | None:
        return self.heroes.get(normalise.key(name or "")) if name else None

    @property
    def names(self) -> list[str]:
        return sorted(h.name for h in self.heroes.values())

    def owner_of(self, card_name: str) -> Hero | None:
        for hero in self.heroes.values():
            if card_name in hero.unique_cards:
                return hero
        return None

    def order(self, hero: Hero | None) -> list[str]:
        """Basic-action names in the written order: the standard deck, then hero cards."""
        names = [row["name"] for row in self.standard]
        if hero is not None:
            names += list(hero.unique_cards)
        return names


_HERO_TABLES: dict[int, tuple[Any, "HeroTable"]] = {}


def heroes(db) -> HeroTable:
    """The hero table of the card data (``heroes.yaml``, ``standard_deck.yaml``)."""
    cached = _HERO_TABLES.get(id(db))
    if cached is not None and cached[0] is db:
        return cached[1]
    data = db.tables.get("heroes") or {}
    table: dict[str, Hero] = {}
    for row in data.get("heroes") or ():
        hero = Hero(name=row["name"], expansion=row.get("expansion") or "base",
                    needs=tuple(row.get("needs") or ()), card1=dict(row["card1"]),
                    card2=dict(row["card2"]), deck=dict(row["starting_deck"]),
                    base_deck=dict(row["base_starting_deck"])
                    if row.get("base_starting_deck") else None)
        table[normalise.key(hero.name)] = hero
    others = {normalise.key(r["name"]): dict(r) for r in data.get("non_playable") or ()}
    standard = list((db.tables.get("standard_deck") or {}).get("standard_deck") or ())
    result = HeroTable(table, others, standard)
    _HERO_TABLES[id(db)] = (db, result)
    return result


def kind_label(db, kind: str | None) -> str:
    kinds = (db.tables.get("kinds") or {}).get("kinds") or {}
    return (kinds.get(kind) or {}).get("label") or (kind or "card")


def is_deed_kind(db, kind: str | None) -> bool:
    kinds = (db.tables.get("kinds") or {}).get("kinds") or {}
    spec = kinds.get(kind)
    return bool(spec and spec.get("deed"))


def is_playable_hero(card: Card | None) -> bool:
    return card is not None and card.get("kind") == "hero" and bool(card.get("playable"))


# ----------------------------------------------------------------------------- metadata

def metadata_number(deck: DeckList, key: str) -> tuple[int | None, str | None]:
    """A numeric metadata value, or (None, why) when it is given but not usable; ``why`` is
    the DCK001 variant that says so (``whole-number``, ``number-between``,
    ``number-at-least``)."""
    text = deck.metadata.get(key)
    if text is None:
        return None, None
    _, low, high = NUMERIC_METADATA[key]
    m = re.fullmatch(r"\s*([-+]?\d{1,6})\s*", text)
    if not m:
        return None, "whole-number"
    value = int(m.group(1))
    if value < low or (high is not None and value > high):
        return None, "number-between" if high is not None else "number-at-least"
    return value, None


def fame_table(db) -> list[dict[str, Any]]:
    return sorted((db.tables.get("fame_levels") or {}).get("levels") or (),
                  key=lambda r: r["level"])


def level_for_fame(db, fame: int) -> int | None:
    level = None
    for row in fame_table(db):
        if fame >= row["fame"]:
            level = row["level"]
    return level


def hand_limit_for_level(db, level: int) -> int | None:
    for row in fame_table(db):
        if row["level"] == level:
            return row["hand_limit"]
    return None


# ----------------------------------------------------------------------------- one deck

@dataclass(slots=True)
class DeckInfo:
    """What the rules need to know about one list, computed once (``ctx.once``)."""

    table: HeroTable
    hero: Hero | None = None
    hero_entry: Entry | None = None
    declared: list[str] | None = None      # None: no Expansions: line
    unknown_expansions: list[str] = field(default_factory=list)
    expansions: list[str] = field(default_factory=list)   # declared, else inferred
    inferred: bool = False
    reasons: dict[str, Any] = field(default_factory=dict)  # inferred expansion -> Entry | Hero
    have: frozenset[str] = frozenset({"base"})
    players: int | None = None
    fame: int | None = None
    level: int | None = None               # as written
    derived_level: int | None = None       # from Fame
    hand_limit: int | None = None          # as written
    keeps: int | None = None

    @property
    def effective_level(self) -> int | None:
        return self.level if self.level is not None else self.derived_level


def deck_info(ctx) -> DeckInfo:
    def build() -> DeckInfo:
        deck, db = ctx.deck, ctx.db
        info = DeckInfo(table=heroes(db))
        for e in ctx.entries("hero"):
            if e.count == 0:
                continue            # "0 Tovak" declares no hero (DCK009 notes the line)
            info.hero_entry = e
            if is_playable_hero(e.card):
                info.hero = info.table.find(e.card.name)
            break
        # expansions: declared, else the smallest set the list needs
        default = ctx.fmt.get("expansions", "infer") if ctx.fmt is not None else "infer"
        if "expansions" in deck.metadata:
            info.declared, info.unknown_expansions = parse_expansions(deck.metadata["expansions"])
            info.expansions = list(info.declared)
        elif isinstance(default, list):      # a format that fixes the products in play
            info.declared, info.unknown_expansions = parse_expansions(", ".join(default))
            info.expansions = list(info.declared)
        else:
            info.inferred = True
            need: dict[str, Any] = {}
            if info.hero is not None and info.hero.expansion != "base":
                need[info.hero.expansion] = info.hero
            for e in ctx.resolved("deck", "hand", "units"):
                exp = e.card.get("expansion")
                if exp and exp != "base" and exp in TITLES:
                    need.setdefault(exp, e)
            if "ultimate" in need:
                need = {"ultimate": need["ultimate"]}
            info.expansions = [e for e in EXPANSIONS if e in need]
            info.reasons = need
        info.have = covers(info.expansions)
        info.players, _ = metadata_number(deck, "players")
        info.fame, _ = metadata_number(deck, "fame")
        info.level, _ = metadata_number(deck, "level")
        info.hand_limit, _ = metadata_number(deck, "hand_limit")
        info.keeps, _ = metadata_number(deck, "keeps")
        if info.fame is not None:
            info.derived_level = level_for_fame(db, info.fame)
        return info

    return ctx.once("mageknight.info", build)


def deed_entries(ctx) -> list[Entry]:
    """Resolved entries of the deed zones (deck and its sub-zone hand)."""
    return ctx.resolved(*DEED_ZONES)


def deed_counts(ctx, kinds: Iterable[str] | None = None) -> Counter:
    want = set(kinds) if kinds is not None else None
    out: Counter = Counter()
    for e in deed_entries(ctx):
        if want is None or e.card.get("kind") in want:
            out[e.card.name] += e.count
    return out


@dataclass(slots=True)
class Allowance:
    """The basic actions a hero may hold in a deed deck (MK-R5)."""

    counts: dict[str, int]         # the starting counts that apply
    base_style: bool = False       # a base-game deck under lost-legion/ultimate (MKN113)


def basic_allowance(ctx) -> Allowance | None:
    def build() -> Allowance | None:
        info = deck_info(ctx)
        hero = info.hero
        if hero is None:
            return None
        expected = hero.deck_for(info.have)
        lenient = hero.lenient_deck(info.have)
        if lenient is not None:
            have = deed_counts(ctx, ("basic_action", "hero_action"))
            replaced = hero.card2["replaces"]
            if have[hero.card2["name"]] == 0 and \
                    expected.get(replaced, 0) < have[replaced] <= lenient.get(replaced, 0):
                return Allowance(dict(lenient), base_style=True)
        return Allowance(dict(expected))

    return ctx.once("mageknight.allowance", build)


@dataclass(slots=True)
class StartingComparison:
    expected: dict[str, int]
    missing: dict[str, int]
    extra: dict[str, int]
    base_style: bool               # equals the base-game deck although card 2 applies

    @property
    def equal(self) -> bool:
        return not self.missing and not self.extra


def starting_comparison(ctx) -> StartingComparison | None:
    """The list's deed cards against the hero's starting deck (MK-R2), names as a multiset."""
    def build() -> StartingComparison | None:
        info = deck_info(ctx)
        hero = info.hero
        if hero is None:
            return None
        have = deed_counts(ctx)
        expected = Counter(hero.deck_for(info.have))
        lenient = hero.lenient_deck(info.have)
        missing, extra = expected - have, have - expected
        base_style = bool(missing or extra) and lenient is not None and \
            not (Counter(lenient) - have) and not (have - Counter(lenient))
        return StartingComparison(dict(expected), dict(missing), dict(extra), base_style)

    return ctx.once("mageknight.starting", build)


def is_starting_format(ctx) -> bool:
    """The list is checked as a starting deck (``mageknight-starting`` or a format built on it)."""
    return "mageknight-starting" in format_lineage(ctx.fmt)



# ----------------------------------------------------------------------------- hero names

def fuzzy_hero(text: str, db):
    """A misspelt hero name read as the one clearly closest hero (or None)."""
    from rapidfuzz import fuzz   # heavy: imported when a hero name is misspelt

    folded = normalise.spaced(text)
    if not folded or normalise.has_cjk(text):
        return None
    scored = sorted(((fuzz.ratio(folded, normalise.spaced(c.name)), c) for c in db.cards
                     if is_playable_hero(c)), key=lambda t: -t[0])
    if not scored:
        return None
    best, card = scored[0]
    runner_up = scored[1][0] if len(scored) > 1 else 0.0
    if best >= 75 and best - runner_up >= 15:
        return Match("fuzzy", card, score=round(best, 1))
    return None


def hero_suggestions(text: str, db) -> list[str]:
    """Every playable hero, closest to ``text`` first."""
    from rapidfuzz import fuzz

    folded = normalise.spaced(text or "")
    names = sorted(c.name for c in db.cards if is_playable_hero(c))
    return sorted(names, key=lambda n: (-fuzz.ratio(folded, normalise.spaced(n)), n))
