"""Mage Knight rules (``MKN`` codes): heroes, starting decks and deed-deck snapshots.

The rule ids (MK-R1 … MK-R10) and sections (§…) are those of ``docs/games/mageknight.md``.
Numbers come from the card data (``heroes.yaml``, ``standard_deck.yaml``, ``fame_levels.yaml``)
and the format files (``starting_size``, ``unique_kinds``, ``unlimited``,
``multiplayer_relaxes``); the shared per-deck facts come from
:func:`deckcheck.games.mageknight.model.deck_info`.
"""

from __future__ import annotations

from typing import Iterable

from deckcheck.games.mageknight import model as mk
from deckcheck.models import Entry, Finding, Severity
from deckcheck.rules.base import Context, Rule, register

# short product names for card messages: "a Lost Legion card"
CARD_TITLES = {"lost-legion": "Lost Legion", "krang": "Krang",
               "shades-of-tezla": "Shades of Tezla", "ultimate": "Ultimate Edition"}
# which declarations make an expansion's cards available (MK-R9)
CARD_NEEDS = {"lost-legion": ("lost-legion", "ultimate"), "krang": ("krang", "ultimate"),
              "shades-of-tezla": ("shades-of-tezla", "ultimate"), "ultimate": ("ultimate",)}
# why a kind is never a deed card (MK-R7)
NOT_DEED = {"unit": "recruited into the unit area; list it under Units:",
            "skill": "a Skill token kept beside the hero",
            "tactic": "a Tactic card chosen each round",
            "hero": "the hero itself; declare it with Hero:"}


def _article(word: str) -> str:
    return "an" if word.lower().startswith(("a", "e", "i", "o", "ul", "un")) \
        and not word.lower().startswith("uni") else "a"


def _counts_text(counts: dict[str, int], order: dict[str, int]) -> str:
    if not counts:
        return "nothing"
    return ", ".join(f"{n} {name}" for name, n in
                     sorted(counts.items(), key=lambda kv: (order.get(kv[0], 999), kv[0])))


def _count_pairs(counts: dict[str, int], order: dict[str, int]) -> list[list]:
    """The ``[n, name]`` pairs of :func:`_counts_text` (for translated messages)."""
    return [[n, name] for name, n in
            sorted(counts.items(), key=lambda kv: (order.get(kv[0], 999), kv[0]))]


def _relaxed(ctx: Context, code: str, info: mk.DeckInfo) -> Severity | None:
    """Warning instead of error in a multiplayer game for the codes the format names."""
    if info.players is not None and info.players > 1 and \
            code in (ctx.fmt.get("multiplayer_relaxes") or ()):
        return Severity.WARNING
    return None


def _by_card(entries: Iterable[Entry]) -> dict[str, list[Entry]]:
    out: dict[str, list[Entry]] = {}
    for e in entries:
        out.setdefault(e.card.id, []).append(e)
    return out


def _first_line(entries: list[Entry]) -> int | None:
    lines = [e.line for e in entries if e.line is not None]
    return min(lines) if lines else None


class MageKnightRule(Rule):
    game = "mageknight"


# ----------------------------------------------------------------------------- hero (MK-R1)


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
    claims = ("zone:hero:missing", "size:hero:min")
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
            note = f" ({card.name} is {_article(label)} {label})"
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
            yield self.finding(ctx, severity=Severity.INFO, variant="inferred",
                               message="{hero} needs {needed}; the list has no Expansions: "
                                       "line, so {expansions} was inferred.", **args)
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


# ----------------------------------------------------------------------------- starting deck


@register
class StartingDeckSize(MageKnightRule):
    """A starting deed deck does not have 16 cards (MK-R2).

    Every hero starts with 16 basic action cards: the standard deck with the hero's unique
    cards each replacing one copy of a standard card (§2, §3). Cards under ``Hand:`` count as
    deed cards.
    """

    code = "MKN111"
    name = "starting-deck-size"
    formats = ("mageknight-starting",)
    claims = ("size:deck:min", "size:deck:max", "size:deck:sizes", "zone:deck:missing")
    message = "A starting deed deck has {expected} cards; this one has {actual}."

    def check(self, ctx: Context) -> Iterable[Finding]:
        size = ctx.fmt.get("starting_size") or (ctx.fmt.zone("deck") or {}).get("min") or 16
        have = sum(ctx.count(z) for z in mk.DEED_ZONES)
        if have != size:
            yield self.finding(ctx, zone="deck", line=ctx.first_line("deck"),
                               expected=size, actual=have)


@register
class StartingDeckMismatch(MageKnightRule):
    """The deck is not the declared hero's starting deck (MK-R2, §3.2).

    The deck must equal, as a multiset of names, the hero's 16 cards under the declared (or
    inferred) expansions: the standard deck of §2 with unique card 1 replacing one copy of its
    card, and with ``lost-legion``/``ultimate`` (always, for Wolfhawk, Krang and Braevalar)
    unique card 2 replacing another. The replacements are the judged ones of §3.3: Cold
    Toughness replaces Determination and Tirelessness replaces Stamina (the data's
    ``Replaces`` column says Rage and March). The message names what is missing and extra.
    """

    code = "MKN112"
    name = "starting-deck-mismatch"
    formats = ("mageknight-starting",)
    message = "Not {hero}'s starting deck ({expansions}): missing {missing}; extra {extra}."

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mk.deck_info(ctx)
        comp = mk.starting_comparison(ctx)
        if comp is None or comp.equal or comp.base_style:
            return
        order = {n: i for i, n in enumerate(info.table.order(info.hero))}
        first = next((e for e in mk.deed_entries(ctx) if e.card.name in comp.extra), None)
        card = next(iter(sorted(comp.extra, key=lambda n: order.get(n, 999))), None) or \
            next(iter(sorted(comp.missing, key=lambda n: order.get(n, 999))), None)
        yield self.finding(ctx, zone="deck", card=card,
                           line=first.line if first else ctx.first_line("deck"),
                           expected=comp.missing or None, actual=comp.extra or None,
                           hero=info.hero.name, expansions=mk.expansions_text(info.expansions),
                           missing=_counts_text(comp.missing, order),
                           extra=_counts_text(comp.extra, order),
                           expansions_items=list(info.expansions),
                           missing_counts=_count_pairs(comp.missing, order),
                           extra_counts=_count_pairs(comp.extra, order))


@register
class BaseDeckWithLostLegion(MageKnightRule):
    """A base hero's deck without its second unique card although The Lost Legion is in play
    (§3.3).

    With ``lost-legion`` or ``ultimate`` Arythea, Goldyx, Norowas and Tovak start with a second
    unique card (Mana Pull, Crystal Joy, Rejuvenate, Instinct) replacing one more standard
    card. Whether The Lost Legion makes it optional is **[uncertain]**, so a deck with card 1
    only is a warning, not an error. In ``mageknight-deed`` the same base-style deck (the
    replaced card held, the second card absent) is tolerated with this warning.
    """

    code = "MKN113"
    name = "base-deck-with-lost-legion"
    severity = Severity.WARNING
    message = ("{hero}'s deck has only {card1}; with {expansions} it also has {card2} "
               "(replacing one {replaced}).")

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mk.deck_info(ctx)
        hero = info.hero
        if hero is None:
            return
        if mk.is_starting_format(ctx):
            comp = mk.starting_comparison(ctx)
            fires = comp is not None and comp.base_style
        else:
            allowance = mk.basic_allowance(ctx)
            fires = allowance is not None and allowance.base_style
        if fires:
            replaced = hero.card2["replaces"]
            line = next((e.line for e in mk.deed_entries(ctx) if e.card.name == replaced),
                        ctx.first_line("deck"))
            yield self.finding(ctx, zone="deck", card=hero.card2["name"], line=line,
                               hero=hero.name, card1=hero.card1["name"],
                               card2=hero.card2["name"], replaced=replaced,
                               expansions=mk.expansions_text(info.expansions),
                               expansions_items=list(info.expansions))


# ----------------------------------------------------------------------------- deed deck


@register
class NotADeedCard(MageKnightRule):
    """A card that can never be in a deed deck is listed among the deed cards (MK-R7).

    Units are recruited into the unit area (list them under ``Units:``, which is shown but not
    counted), Skills are tokens, Tactic cards are chosen each round, and the hero is declared
    with ``Hero:``. Only Basic Actions, Advanced Actions, Spells, Artifacts (Banners included)
    and Wounds are deed cards (MK-R3).
    """

    code = "MKN201"
    name = "not-a-deed-card"
    claims = ("zone-types",)
    message = "{card} is {kind_a} ({where}); it cannot be in a deed deck."

    def check(self, ctx: Context) -> Iterable[Finding]:
        for e in mk.deed_entries(ctx):
            kind = e.card.get("kind")
            if mk.is_deed_kind(ctx.db, kind):
                continue
            label = mk.kind_label(ctx.db, kind)
            yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line, actual=e.count,
                               kind=label, kind_a=f"{_article(label)} {label}",
                               where=NOT_DEED.get(kind, "not a deed card"), kind_id=kind)


@register
class DuplicateUniqueCard(MageKnightRule):
    """More than one copy of an Advanced Action, Spell or Artifact (MK-R4).

    The game holds one physical copy of each (every one has its own card number n/377), so a
    deed deck holds each at most once. A Spell's basic and powered names (Fireball /
    Firestorm) are the same card and count together. The kinds come from the format's
    ``unique_kinds``.
    """

    code = "MKN202"
    name = "duplicate-unique-card"
    claims = ("copies",)
    message = ("{card}: {actual} copies listed{via_names}; the game has one copy of each "
               "{kind}.")

    def check(self, ctx: Context) -> Iterable[Finding]:
        kinds = set(ctx.fmt.get("unique_kinds") or ())
        unlimited = set(ctx.fmt.get("unlimited") or ())
        if not kinds:
            return
        for entries in _by_card(e for e in mk.deed_entries(ctx)
                                if e.card.get("kind") in kinds).values():
            card = entries[0].card
            total = sum(e.count for e in entries)
            if total <= 1 or card.name in unlimited:
                continue
            written: list[str] = []
            for e in entries:     # a powered or foreign name as written, else the name
                shown = e.name if e.match in ("alias", "foreign") else card.name
                if shown not in written:
                    written.append(shown)
            written.sort(key=lambda n: n != card.name)          # the basic name first
            via = f" (as {' and '.join(written)})" if len(written) > 1 else ""
            yield self.finding(ctx, zone=entries[0].zone, card=card, line=_first_line(entries),
                               expected=1, actual=total, via_names=via,
                               kind=mk.kind_label(ctx.db, card.get("kind")),
                               kind_id=card.get("kind"),
                               written_items=written if len(written) > 1 else [])


@register
class ForeignBasicAction(MageKnightRule):
    """A basic action that is not in the hero's starting deck (MK-R5).

    The deed deck never gains basic actions: it holds only cards of the hero's starting deck.
    Another hero's unique card, a standard card the hero's unique card replaced, and the
    unverified Battle Rage / Axe Throw are findings. **Exception:** Mind Steal (the powered
    Mind Read) permanently steals another player's Action card, so with ``Players:`` above 1
    this is a warning (the format's ``multiplayer_relaxes``).
    """

    code = "MKN203"
    name = "foreign-basic-action"
    formats = ("mageknight-deed",)
    message = ("{card} is not in {hero}'s starting deck{owner_note}. Only Mind Steal can move "
               "another player's Action card into a deed deck.")

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mk.deck_info(ctx)
        allowance = mk.basic_allowance(ctx)
        if info.hero is None or allowance is None:
            return
        hero = info.hero
        for entries in _by_card(e for e in mk.deed_entries(ctx) if e.card.get("kind") in
                                ("basic_action", "hero_action")).values():
            card = entries[0].card
            if allowance.counts.get(card.name, 0) > 0 or card.name in hero.unique_cards:
                continue   # the hero's own card under missing expansions: MKN205
            owner = info.table.owner_of(card.name)
            by: list[str] = []
            if owner is not None:
                note, note_key = f" (it is {owner.name}'s)", "owner"
            elif card.get("verified") is False:
                note, note_key = " (no hero's printed deck has it)", "unverified"
            else:
                by = [c["name"] for c in (hero.card1, hero.card2) if c["replaces"] == card.name]
                note = f" ({by[0]} replaces it)" if by else ""
                note_key = "replaced" if by else "none"
            total = sum(e.count for e in entries)
            yield self.finding(ctx, zone=entries[0].zone, card=card, line=_first_line(entries),
                               expected=0, actual=total, hero=hero.name, owner_note=note,
                               owner_note_key=note_key,
                               owner=owner.name if owner is not None else None,
                               replaced_by=by[0] if by else None,
                               severity=_relaxed(ctx, self.code, info))


@register
class BasicActionOverStart(MageKnightRule):
    """More copies of a basic action than the hero starts with (MK-R5).

    Basic actions are never gained, only thrown away (Training, Decompose, Maximal Effect,
    Ritual Attack, Book of Wisdom …), so each is at most its starting count (§3.2). With
    ``Players:`` above 1 this is a warning: Mind Steal can take another player's copy.
    """

    code = "MKN204"
    name = "basic-action-over-start"
    formats = ("mageknight-deed",)
    message = "{card}: {actual} copies; {hero} starts with {expected} and cannot gain more."

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mk.deck_info(ctx)
        allowance = mk.basic_allowance(ctx)
        if info.hero is None or allowance is None:
            return
        for entries in _by_card(e for e in mk.deed_entries(ctx) if e.card.get("kind") in
                                ("basic_action", "hero_action")).values():
            card = entries[0].card
            start = allowance.counts.get(card.name, 0)
            total = sum(e.count for e in entries)
            if 0 < start < total:
                yield self.finding(ctx, zone=entries[0].zone, card=card,
                                   line=_first_line(entries), expected=start, actual=total,
                                   hero=info.hero.name, severity=_relaxed(ctx, self.code, info))


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
                    line=reason.line, article=_article(title), expansion=title,
                    needed=" or ".join(CARD_NEEDS[exp]),
                    expansions=mk.expansions_text(info.expansions),
                    expansion_id=exp, needed_list=list(CARD_NEEDS[exp]),
                    expansions_items=list(info.expansions), variant="inferred",
                    message="{card} is {article} {expansion} card; the list has no "
                            "Expansions: line, so {expansions} was inferred.")
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
                               article=_article(title), expansion=title,
                               needed=" or ".join(CARD_NEEDS[exp]),
                               expansions=mk.expansions_text(info.expansions),
                               expansion_id=exp, needed_list=list(CARD_NEEDS[exp]),
                               expansions_items=list(info.expansions))


@register
class UnverifiedCard(MageKnightRule):
    """A card named by one digital implementation only (§3.3).

    Battle Rage (given to Krang as a third replacement) and Axe Throw (a white basic action in
    no starting deck) appear in no printed source found; they are recognised by name but
    belong to no starting deck. **[uncertain]**
    """

    code = "MKN206"
    name = "unverified-card"
    severity = Severity.WARNING
    message = ("{card} is listed by one digital implementation only; no printed source "
               "confirms it.")

    def check(self, ctx: Context) -> Iterable[Finding]:
        for entries in _by_card(e for e in mk.deed_entries(ctx)
                                if e.card.get("verified") is False).values():
            yield self.finding(ctx, zone=entries[0].zone, card=entries[0].card,
                               line=_first_line(entries),
                               actual=sum(e.count for e in entries))


@register
class PoweredName(MageKnightRule):
    """A Spell written by its powered name (MK-R4).

    A Spell card has a basic and a powered side with different names (Fireball / Firestorm,
    Mind Read / Mind Steal …); either name means the one card, counted under its basic name.
    """

    code = "MKN207"
    name = "powered-name"
    stage = "parse"
    severity = Severity.INFO
    message = 'Line {line}: "{input}" is the powered side of the spell {card}; counted as {card}.'


@register
class KindHintMismatch(MageKnightRule):
    """A card is listed under a kind header of another kind (§8).

    Headers such as ``Advanced Actions``, ``Spells``, ``Artifacts``, ``Wounds`` (进阶动作, 法术,
    神器, 创伤卡) only describe the lines below them; the card counts as what it is. A hero's
    unique cards count as basic actions. A deed card under ``Units:`` is shown but not counted;
    a Banner assigned to a unit is still a deed card and belongs under ``Deck:`` (MK-S8).
    """

    code = "MKN208"
    name = "kind-hint-mismatch"
    severity = Severity.INFO
    message = 'Line {line}: {card} is {kind_a}, listed under "{header}".'

    def check(self, ctx: Context) -> Iterable[Finding]:
        kinds_of = getattr(ctx.game, "hint_kinds_of", None)
        if kinds_of is None:
            return
        for e in mk.deed_entries(ctx):
            want = kinds_of(e.hint)
            kind = e.card.get("kind")
            if not want or kind in want or not mk.is_deed_kind(ctx.db, kind):
                continue
            label = mk.kind_label(ctx.db, kind)
            yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line, header=e.hint,
                               kind=label, kind_a=f"{_article(label)} {label}", kind_id=kind)
        for e in ctx.resolved("units"):
            kind = e.card.get("kind")
            if not mk.is_deed_kind(ctx.db, kind):
                continue
            label = mk.kind_label(ctx.db, kind)
            yield self.finding(
                ctx, zone=e.zone, card=e.card, line=e.line, header="Units", kind=label,
                kind_a=f"{_article(label)} {label}", kind_id=kind, variant="units",
                message=self.message[:-1] + "; it is not counted there. A deed card on a unit "
                "(a Banner) still belongs under Deck.")


# ----------------------------------------------------------------------------- fame, level, hand


@register
class FameLevelMismatch(MageKnightRule):
    """The "Level:" does not match the "Fame:" (MK-R10, §6.4).

    Levels start at Fame 0, 3, 8, 15, 24, 35, 48, 63, 80 and 99 (the printed Fame track as
    given in public player aids; **[uncertain]** until checked against a Fame board). A
    warning only: the list's figures are information, not deed cards.
    """

    code = "MKN301"
    name = "fame-level-mismatch"
    severity = Severity.WARNING
    message = "Fame {fame} is level {derived}; the list says level {level}."

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mk.deck_info(ctx)
        if info.fame is None or info.level is None or info.derived_level is None:
            return
        if info.derived_level != info.level:
            yield self.finding(ctx, line=ctx.deck.metadata_lines.get("level"),
                               expected=info.derived_level, actual=info.level, fame=info.fame,
                               derived=info.derived_level, level=info.level)


@register
class HandLimitBelowLevel(MageKnightRule):
    """The "Hand limit:" is below the value on the hero's level token (MK-R10, §6.4).

    The hand limit is the level token's value (5 at levels 1–4, 6 at 5–8, 7 at 9–10) plus
    modifiers such as Keeps; it is never below the token's value. The level is ``Level:``, else
    the one ``Fame:`` gives.
    """

    code = "MKN302"
    name = "hand-limit-below-level"
    severity = Severity.WARNING
    message = "Hand limit {actual} is below the level-{level} value {expected}."

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mk.deck_info(ctx)
        level = info.effective_level
        if info.hand_limit is None or level is None:
            return
        value = mk.hand_limit_for_level(ctx.db, level)
        if value is not None and info.hand_limit < value:
            yield self.finding(ctx, line=ctx.deck.metadata_lines.get("hand_limit"),
                               expected=value, actual=info.hand_limit, level=level)


@register
class HandOverLimit(MageKnightRule):
    """The "Hand:" holds more cards than the hand limit (MK-R10).

    Information only: a hand above the limit is legal, the player just draws no cards at the
    end of the turn. The limit is ``Hand limit:``, else the level token's value (from
    ``Level:`` or ``Fame:``), plus one per Keep (``Keeps:``) when the turn ends on or next to
    one (MK-S11).
    """

    code = "MKN303"
    name = "hand-over-limit"
    severity = Severity.INFO
    message = ("Hand has {actual} cards; the hand limit is {expected}{keeps_note}. A larger "
               "hand is legal; you just don't draw.")

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mk.deck_info(ctx)
        limit = info.hand_limit
        if limit is None and info.effective_level is not None:
            limit = mk.hand_limit_for_level(ctx.db, info.effective_level)
        have = ctx.count("hand")
        if limit is None or not have:
            return
        keeps = info.keeps or 0
        if have > limit + keeps:
            yield self.finding(ctx, zone="hand", line=ctx.first_line("hand"), actual=have,
                               expected=limit, keeps=keeps,
                               keeps_note=f" (+{keeps} for Keeps)" if keeps else "")
