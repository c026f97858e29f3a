"""World of Warcraft TCG's domain model for a deck: the declared hero, the entries that take
part in the card checks and the hero-dependent verdicts, each computed once per deck
(memoised on the rule context).

The rules read it; the hooks (``hooks.py``) and rules (``rules/``) import it, it imports
neither. What one card and one hero are (printings, traits, Deckbuilding) is in
:mod:`deckcheck.games.wowtcg.traits`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deckcheck.games.wowtcg.traits import (Hero, UnknownAtom, Verdict, check_clauses,
                                           judge_card, printings)
from deckcheck.models import Card, Entry, game_note, pickled_as_arguments

if TYPE_CHECKING:
    from deckcheck.rules.base import Context

#: the zones of deck cards (the hero is in play, not in the deck)
DECK_ZONES = ("main", "sideboard")
ZONE_ORDER = {"hero": 0, "main": 1, "sideboard": 2}


@pickled_as_arguments
@dataclass(slots=True)
class WowNote:
    """What the readers and the hooks note on one line (``Entry.game_note``)."""

    block_hint: Any = None            # the ``[block]`` a .mwDeck or CSV line gives (WOW125)
    set_hint: str | None = None       # the set a line names (WOW125)
    sb_line: bool = False             # a .mwDeck ``SB:`` line: may be the hero (§5.3)
    xml_hero_candidate: bool = False  # a decks.xml card: a Hero with count 1 is the hero
    back_face: bool = False           # "<Hero> Back": the back of the hero card (§3.4)
    inverted_article: bool = False    # "Skybreaker, The" read as "The Skybreaker"


def note_of(entry: Entry) -> WowNote:
    """The line's WoW TCG annotations (attached on first use)."""
    return game_note(entry, WowNote)


def entry_order(e: Entry) -> tuple:
    """Hero, main deck, sideboard; then by line."""
    return (ZONE_ORDER.get(e.zone, 9), e.line if e.line is not None else 10**9)


def is_starting_hero(card: Card) -> bool:
    """A card that can start the game as the hero: type Hero, with a constructed printing."""
    return card.get("type") == "Hero" and card.get("pool") == "constructed"


# ---------------------------------------------------------------------------------------
# the declared hero


@dataclass(slots=True)
class HeroState:
    entries: list[Entry] = field(default_factory=list)  # hero-zone entries (backs removed)
    count: int = 0
    entry: Entry | None = None       # the entry the checks use (the first one)
    hero: Hero | None = None         # None: hero-dependent checks are skipped
    #: why they are skipped (no-hero, unknown-card, cannot-start) and the facts it names
    problem_key: str | None = None
    problem_args: dict | None = None


def hero_state(ctx) -> HeroState:
    def build() -> HeroState:
        entries = [e for e in ctx.entries("hero")
                   if not note_of(e).back_face and e.count > 0]
        st = HeroState(entries=entries, count=sum(e.count for e in entries))
        if not entries:
            st.problem_key = "no-hero"
            return st
        first = st.entry = entries[0]
        card = first.card
        if card is None:
            st.problem_key = "unknown-card"
            st.problem_args = {"input": first.name, "hero_line": first.line}
        elif not is_starting_hero(card):
            st.problem_key = "cannot-start"
            st.problem_args = {"hero_card": card.name}
        else:
            st.hero = Hero.of(card)
        return st

    return ctx.once("wowtcg.hero", build)


# ---------------------------------------------------------------------------------------
# shared per-deck computations (memoised on the context)


def stopped(ctx: Context) -> dict[int, tuple[str, str]]:
    """id(entry) -> (code, why) for main/sideboard entries that WOW119 or WOW107 stop; why is
    back-face, token, raid or dungeon (WOW119) or hero (WOW107)."""
    def build():
        out = {}
        for e in ctx.resolved(*DECK_ZONES):
            card = e.card
            if note_of(e).back_face:
                out[id(e)] = ("WOW119", "back-face")
            elif card.get("pool") == "token":
                out[id(e)] = ("WOW119", "token")
            elif card.get("pool") == "raid":
                out[id(e)] = ("WOW119", "dungeon" if card.get("dungeon_only") else "raid")
            elif card.get("type") == "Hero":
                out[id(e)] = ("WOW107", "hero")
        return out

    return ctx.once("wowtcg.stopped", build)


def deck_entries(ctx: Context) -> list[Entry]:
    """Resolved main + sideboard entries that take part in the card checks, zone then line."""
    def build():
        stop = stopped(ctx)
        return sorted((e for e in ctx.resolved(*DECK_ZONES) if id(e) not in stop),
                      key=entry_order)

    return ctx.once("wowtcg.deck", build)


def first_per_name(entries: list[Entry]) -> list[Entry]:
    seen: set[str] = set()
    out = []
    for e in entries:
        if e.card.name not in seen:
            seen.add(e.card.name)
            out.append(e)
    return out


@dataclass(slots=True)
class Judged:
    entry: Entry
    chosen: Verdict
    first: Verdict


def deckbuilding_problem(ctx: Context) -> tuple[str, str | None] | None:
    """Why the hero's Deckbuilding cannot be evaluated, as ``(why, predicate)``: ``unparsed``
    (no structured form in the card data) or ``unknown-predicate`` and the predicate
    deckcheck does not know. None: it can, or there is none."""
    def build():
        hero = hero_state(ctx).hero
        if hero is None or not hero.deckbuilding:
            return None
        if hero.deckbuilding.get("unparsed"):
            return "unparsed", None
        try:
            check_clauses(hero.deckbuilding)
        except UnknownAtom as exc:
            return "unknown-predicate", str(exc)
        return None

    return ctx.once("wowtcg.db_problem", build)


def judged(ctx: Context) -> list[Judged]:
    """Hero-dependent verdicts, one per card name (at its first line), best printing first."""
    def build():
        hero = hero_state(ctx).hero
        if hero is None:
            return []
        use_db = deckbuilding_problem(ctx) is None
        out = []
        for e in first_per_name(deck_entries(ctx)):
            chosen, first = judge_card(hero, e.card, use_db)
            out.append(Judged(e, chosen, first))
        return out

    return ctx.once("wowtcg.judged", build)


def facts_for(ctx: Context, card: Card):
    """The printing the checks used for a card (the chosen variant when a hero is known)."""
    for j in judged(ctx):
        if j.entry.card.name == card.name:
            return j.chosen.facts
    return printings(card)[0]


def constructed_sets(ctx: Context) -> dict[str, Any]:
    """Set code -> block for the constructed sets of ``cards/wowtcg/sets.yaml``."""
    def build():
        table = (ctx.db.tables.get("sets") or {}).get("sets") or []
        return {s["code"]: s.get("block") for s in table if s.get("pool") == "constructed"}

    return ctx.once("wowtcg.sets", build)
