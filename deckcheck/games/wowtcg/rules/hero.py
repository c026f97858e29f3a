"""The hero (rules 101, 301): WOW104-WOW107, WOW124."""

from __future__ import annotations

from deckcheck.games.wowtcg.model import (DECK_ZONES, entry_order, hero_state,
                                          is_starting_hero, stopped)
from deckcheck.games.wowtcg.rules.common import WowRule, names
from deckcheck.models import Severity
from deckcheck.rules.base import register
from deckcheck.rules.claims import Bound, MissingClaim, SizeClaim


@register
class HeroMissing(WowRule):
    """No hero is declared.

    Rule 101: "每位玩家准备好自己的套牌, 并将英雄放臵进场" (each player puts their hero into play);
    rule 301: "玩家开始游戏前先将一个英雄以未横臵的方式放臵进场". Declare it with ``Hero: <name>``
    (``英雄: <name>``) or a ``Hero`` section. If the main deck holds exactly one hero card,
    the message suggests it; the card is not moved (it also gets WOW107).
    """

    code = "WOW104"
    name = "hero-missing"
    message = "No hero declared. Add a line `Hero: <name>`{suggestion_text}. (rules 101, 301)"
    claims = (MissingClaim("hero"), SizeClaim("hero", Bound.MIN))

    def check(self, ctx):
        if hero_state(ctx).entries:
            return
        heroes = sorted({e.card.name for e in ctx.resolved("main")
                         if e.card.get("type") == "Hero"})
        text = f" — the main deck contains the hero card {heroes[0]}" if len(heroes) == 1 else ""
        yield self.finding(ctx, zone="hero", expected=1, actual=0,
                           card=heroes[0] if len(heroes) == 1 else None,
                           suggestion=f"Hero: {heroes[0]}" if len(heroes) == 1 else None,
                           suggestion_text=text,
                           suggestion_text_key="holds" if len(heroes) == 1 else "none",
                           held=heroes[0] if len(heroes) == 1 else None)


@register
class TooManyHeroes(WowRule):
    """More than one hero is declared (two hero lines, or a count above 1).

    Rule 301: a player puts **one** hero into play before the game. The hero-dependent checks
    use the first hero listed, and the message says which.
    """

    code = "WOW105"
    name = "too-many-heroes"
    message = ("{actual} heroes declared ({cards}); a deck has exactly one starting hero. "
               "Checks used {hero}.")
    claims = (SizeClaim("hero", Bound.MAX),)

    def check(self, ctx):
        st = hero_state(ctx)
        most = (ctx.fmt.zone("hero") or {}).get("max", 1)
        if st.count <= most:
            return
        shown = []
        for e in st.entries:
            name = e.card.name if e.card else e.name
            shown.append(f"{e.count} × {name}" if e.count != 1 else name)
        first = st.entry
        used = first.card.name if first.card is not None else first.name
        yield self.finding(ctx, zone="hero", card=first.card or first.name, line=first.line,
                           expected=most, actual=st.count, cards=names(shown), hero=used)


@register
class NotAHero(WowRule):
    """A card in the hero zone cannot start the game as the hero.

    Rules 301 and 301.4: the starting hero is a Hero card; a Master Hero "应被放入套牌中"
    (goes in the deck). Heroes printed only in raid decks (Onyxia; Kel'Thuzad of Naxxramas)
    are not constructed cards (rule 800.3a). The hero-dependent checks are skipped (WOW124).
    """

    code = "WOW106"
    name = "not-a-hero"
    message = ("{card} in the hero zone cannot start the game (card type {type}){raid}. "
               "Hero-dependent checks skipped.")
    #: a further card of the hero zone (the checks used the first): they are not skipped
    #: for it; ``card_type`` is the card's type as the data has it. ``untyped`` and
    #: ``extra-untyped``: the card data gives the card no type
    messages = {"extra": "{card} in the hero zone cannot start the game (card type "
                         "{card_type}){raid}.",
                "untyped": "{card} in the hero zone cannot start the game (the card data "
                           "gives it no card type){raid}. Hero-dependent checks skipped.",
                "extra-untyped": "{card} in the hero zone cannot start the game (the card "
                                 "data gives it no card type){raid}."}

    def check(self, ctx):
        st = hero_state(ctx)
        seen = set()
        for e in st.entries:
            card = e.card
            if card is None or is_starting_hero(card) or card.name in seen:
                continue
            seen.add(card.name)
            raid, raid_key = "", "none"
            if card.get("pool") == "raid":
                raid, raid_key = ": it appears only in raid decks", "raid"
            elif card.get("pool") == "token":
                raid, raid_key = ": it is a token", "token"
            yield self.finding(ctx, zone="hero", card=card, line=e.line,
                               type=card.get("type") or "card", card_type=card.get("type"),
                               raid=raid, raid_key=raid_key,
                               variant=("default" if e is st.entry else "extra")
                               if card.get("type") else
                               ("untyped" if e is st.entry else "extra-untyped"))


@register
class HeroInDeck(WowRule):
    """A hero card is in the main deck or sideboard.

    Heroes start in play (rules 101, 301); only Master Heroes go in the deck (rule 301.4).
    [decision] CR 5.0 only implies it; Comprehensive Rules 1.11 §100 said "Decks can't
    include hero cards". The line still counts toward the zone's size; no other check uses it.
    """

    code = "WOW107"
    name = "hero-in-deck"
    message = ("{card} ({zone}) is a hero; heroes start in play and cannot be in "
               "the deck or sideboard. Only Master Heroes go in the deck.")

    def check(self, ctx):
        stop = stopped(ctx)
        seen = set()
        for e in sorted(ctx.resolved(*DECK_ZONES), key=entry_order):
            if stop.get(id(e), ("",))[0] == "WOW107" and e.card.name not in seen:
                seen.add(e.card.name)
                yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line)


@register
class ChecksSkippedNoHero(WowRule):
    """The hero-dependent checks were skipped because there is no usable hero.

    Icons, Hero Required and Deckbuilding depend on the hero. The hero is missing (WOW104), an
    unknown name (DCK002) or a card that cannot start the game (WOW106).
    """

    code = "WOW124"
    name = "checks-skipped-no-hero"
    severity = Severity.INFO
    message = ("Hero-dependent checks (icons, Hero Required, Deckbuilding) were skipped: "
               "{reason}.")
    #: ``reason`` by the hero state's ``problem_key``, filled with its ``problem_args``
    reasons = {"no-hero": "no hero is declared",
               "unknown-card": 'the hero "{input}" (line {hero_line}) is not a known card',
               "cannot-start": "{hero_card} cannot start the game as a hero"}

    def check(self, ctx):
        st = hero_state(ctx)
        if st.hero is None:
            yield self.finding(ctx, zone="hero", line=st.entry.line if st.entry else None,
                               reason=self.reasons[st.problem_key].format(
                                   **(st.problem_args or {})),
                               reason_key=st.problem_key,
                               **(st.problem_args or {}))
