"""Mage Knight rules of the hero and the products in play (MK-R1, MK-R9, §1): a hero
declared and playable, the expansions it and the cards need, the ``Expansions:`` line."""

from __future__ import annotations

from typing import Iterable

from deckcheck.games.mageknight import model as mk
from deckcheck.games.mageknight.rules.common import (CARD_NEEDS, CARD_TITLES, MageKnightRule,
                                                     article)
from deckcheck.models import Entry, Finding, Severity
from deckcheck.rules.base import Context, register
from deckcheck.rules.claims import Bound, MissingClaim, SizeClaim


@register
class HeroMissing(MageKnightRule):
    """No hero is declared (MK-R1).

    A Mage Knight list names exactly one hero with a ``Hero:`` (or ``英雄:``) line; the
    starting deck and the basic actions allowed in a deed deck depend on it. Playable heroes:
    Arythea, Goldyx, Norowas and Tovak (base game), Wolfhawk (The Lost Legion), Krang (Krang
    expansion) and Braevalar (Shades of Tezla).
    """

    code = "MKN101"
    name = "hero-missing"
    claims = (MissingClaim("hero"), SizeClaim("hero", Bound.MIN))
    message = 'No hero declared; add "Hero: <name>" ({heroes}).'

    def check(self, ctx: Context) -> Iterable[Finding]:
        if not any(e.count > 0 for e in ctx.entries("hero")):   # "0 Tovak" is no hero
            names = mk.heroes(ctx.db).names
            yield self.finding(ctx, zone="hero", expected=1, actual=0,
                               heroes=", ".join(names))


@register
class HeroUnknown(MageKnightRule):
    """The "Hero:" line names no playable hero (MK-R1).

    The message lists every playable hero, closest first. Volkare (The Lost Legion) is the
    game's opponent, not a hero a player can take; a card name (``Hero: Rage``) is not a hero
    either. A misspelt hero name that is clearly one hero is read as that hero with the
    generic fuzzy-match warning (DCK003).
    """

    code = "MKN102"
    name = "hero-unknown"
    message = '"{input}" is not a playable hero{volkare_note}; closest: {suggestions}.'

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mk.deck_info(ctx)
        e = info.hero_entry
        if e is None or info.hero is not None:
            return
        card, note, note_key = e.card, "", "none"
        if card is not None and card.get("kind") == "hero":
            role = card.get("role") or "not a player's hero"
            where = mk.TITLES.get(card.get("expansion") or "", "")
            note = f" ({card.name} is the {role} in {where})" if where else f" ({role})"
            note_key = "role-in" if where else "role"
        elif card is not None:
            label = mk.kind_label(ctx.db, card.get("kind"))
            note = f" ({card.name} is {article(label)} {label})"
            note_key = "kind"
        suggestions = mk.hero_suggestions(e.name, ctx.db)
        yield self.finding(ctx, zone="hero", line=e.line, input=e.name, volkare_note=note,
                           volkare_note_key=note_key,
                           named=card.name if card is not None else None,
                           role=card.get("role") if card is not None else None,
                           expansion_id=card.get("expansion") if card is not None else None,
                           kind_id=card.get("kind") if card is not None else None,
                           suggestions=", ".join(suggestions),
                           suggestion="; ".join(suggestions[:1]) or None)


@register
class HeroNeedsExpansion(MageKnightRule):
    """The hero comes with an expansion the list does not declare (MK-R1, §3.1).

    Wolfhawk needs ``lost-legion`` or ``ultimate``, Krang ``krang`` or ``ultimate``,
    Braevalar ``shades-of-tezla`` or ``ultimate``. With an ``Expansions:`` line this is an
    error; without one the expansion is inferred and this is info naming the inferred set.
    """

    code = "MKN103"
    name = "hero-needs-expansion"
    message = "{hero} needs {needed}; the list declares {expansions}."
    messages = {"inferred": "{hero} needs {needed}; the list has no Expansions: line, so "
                            "{expansions} was inferred."}

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mk.deck_info(ctx)
        hero = info.hero
        if hero is None or not hero.needs:
            return
        line = info.hero_entry.line if info.hero_entry else None
        args = dict(zone="hero", card=hero.name, line=line, hero=hero.name,
                    needed=mk.needs_text(hero.needs),
                    expansions=mk.expansions_text(info.expansions),
                    needed_list=list(hero.needs), expansions_items=list(info.expansions))
        if info.inferred:
            yield self.finding(ctx, severity=Severity.INFO, variant="inferred", **args)
        elif not hero.available(info.have):
            yield self.finding(ctx, expected=list(hero.needs), actual=list(info.expansions),
                               **args)


@register
class ExpansionUnknown(MageKnightRule):
    """An "Expansions:" entry is not a Mage Knight product deckcheck knows (§1).

    Known: ``lost-legion`` (The Lost Legion), ``krang`` (Krang character expansion),
    ``shades-of-tezla`` (Shades of Tezla) and ``ultimate`` (Ultimate Edition: all three plus
    its own cards); ``base`` names the base game, which is always included. Separate several
    with commas.
    """

    code = "MKN104"
    name = "expansion-unknown"
    message = 'Unknown expansion "{input}" (use lost-legion, krang, shades-of-tezla, ultimate).'

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mk.deck_info(ctx)
        line = ctx.deck.metadata_lines.get("expansions")
        for word in info.unknown_expansions:
            yield self.finding(ctx, line=line, input=word)


@register
class CardNeedsExpansion(MageKnightRule):
    """A card from an expansion the list does not declare (MK-R9).

    Lost Legion cards (Advanced Actions 287–298, Spells 299–302, Artifacts 303–310, Units
    311–325, the base heroes' second unique cards, Wolfhawk's cards) need ``lost-legion`` or
    ``ultimate``; Krang's and Braevalar's cards need their expansion or ``ultimate``; the
    Ultimate Edition's own cards (``UE266``–``UE270``) need ``ultimate``. With an
    ``Expansions:`` line this is an error; without one the smallest consistent set is inferred
    and this is info naming the card that needed it.
    """

    code = "MKN205"
    name = "card-needs-expansion"
    message = ("{card} is {article} {expansion} card (needs {needed}); the list declares "
               "{expansions}.")
    messages = {"inferred": "{card} is {article} {expansion} card; the list has no "
                            "Expansions: line, so {expansions} was inferred."}

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mk.deck_info(ctx)
        hero = info.hero
        if info.inferred:
            for exp, reason in info.reasons.items():
                if not isinstance(reason, Entry) or (hero is not None and exp == hero.expansion):
                    continue
                title = CARD_TITLES[exp]
                yield self.finding(
                    ctx, severity=Severity.INFO, zone=reason.zone, card=reason.card,
                    line=reason.line, article=article(title), expansion=title,
                    needed=" or ".join(CARD_NEEDS[exp]),
                    expansions=mk.expansions_text(info.expansions),
                    expansion_id=exp, needed_list=list(CARD_NEEDS[exp]),
                    expansions_items=list(info.expansions), variant="inferred")
            return
        hero_missing = hero is not None and not hero.available(info.have)
        seen: set[str] = set()
        for e in ctx.resolved("deck", "hand", "units"):
            exp = e.card.get("expansion")
            if not exp or exp not in CARD_TITLES or exp in info.have or e.card.id in seen:
                continue
            if hero_missing and e.card.name in hero.unique_cards:
                continue            # MKN103 already says the hero needs the expansion
            seen.add(e.card.id)
            title = CARD_TITLES[exp]
            yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line,
                               expected=list(CARD_NEEDS[exp]), actual=list(info.expansions),
                               article=article(title), expansion=title,
                               needed=" or ".join(CARD_NEEDS[exp]),
                               expansions=mk.expansions_text(info.expansions),
                               expansion_id=exp, needed_list=list(CARD_NEEDS[exp]),
                               expansions_items=list(info.expansions))
