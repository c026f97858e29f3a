"""World of Warcraft TCG's domain model for a deck: the declared hero.

The rules read it; the hooks (``hooks.py``) and rules (``rules.py``) import it, it imports
neither. What one card and one hero are (printings, traits, Deckbuilding) is in
:mod:`deckcheck.games.wowtcg.traits`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from deckcheck.games.wowtcg.traits import Hero
from deckcheck.models import Card, Entry


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
    problem: str | None = None       # why they are skipped
    problem_key: str | None = None   # the same, language-neutral (translated messages)
    problem_args: dict | None = None


def hero_state(ctx) -> HeroState:
    def build() -> HeroState:
        entries = [e for e in ctx.entries("hero")
                   if not e.extra.get("back_face") and e.count > 0]
        st = HeroState(entries=entries, count=sum(e.count for e in entries))
        if not entries:
            st.problem = "no hero is declared"
            st.problem_key = "no-hero"
            return st
        first = st.entry = entries[0]
        card = first.card
        if card is None:
            st.problem = f'the hero "{first.name}" (line {first.line}) is not a known card'
            st.problem_key = "unknown-card"
            st.problem_args = {"input": first.name, "hero_line": first.line}
        elif not is_starting_hero(card):
            st.problem = f"{card.name} cannot start the game as a hero"
            st.problem_key = "cannot-start"
            st.problem_args = {"hero_card": card.name}
        else:
            st.hero = Hero.of(card)
        return st

    return ctx.once("wowtcg.hero", build)
