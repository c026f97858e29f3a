"""Mage Knight rules of the deed deck (MK-R3 … MK-R7, §8): which cards may be deed cards,
their copies, the hero's basic actions, and how the list names and groups them."""

from __future__ import annotations

from typing import Iterable

from deckcheck.games.mageknight import model as mk
from deckcheck.games.mageknight.rules.common import (NOT_DEED, MageKnightRule, article, by_card,
                                                     first_line, relaxed)
from deckcheck.models import Finding, Severity
from deckcheck.rules.base import Context, register
from deckcheck.rules.claims import Check


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
    claims = (Check.ZONE_TYPES,)
    message = "{card} is {kind_a} ({where}); it cannot be in a deed deck."

    def check(self, ctx: Context) -> Iterable[Finding]:
        for e in mk.deed_entries(ctx):
            kind = e.card.get("kind")
            if mk.is_deed_kind(ctx.db, kind):
                continue
            label = mk.kind_label(ctx.db, kind)
            yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line, actual=e.count,
                               kind=label, kind_a=f"{article(label)} {label}",
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
    claims = (Check.COPIES,)
    message = ("{card}: {actual} copies listed{via_names}; the game has one copy of each "
               "{kind}.")

    def check(self, ctx: Context) -> Iterable[Finding]:
        kinds = set(ctx.fmt.get("unique_kinds") or ())
        unlimited = set(ctx.fmt.get("unlimited") or ())
        if not kinds:
            return
        for entries in by_card(e for e in mk.deed_entries(ctx)
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
            yield self.finding(ctx, zone=entries[0].zone, card=card, line=first_line(entries),
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
        for entries in by_card(e for e in mk.deed_entries(ctx) if e.card.get("kind") in
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
            yield self.finding(ctx, zone=entries[0].zone, card=card, line=first_line(entries),
                               expected=0, actual=total, hero=hero.name, owner_note=note,
                               owner_note_key=note_key,
                               owner=owner.name if owner is not None else None,
                               replaced_by=by[0] if by else None,
                               severity=relaxed(ctx, self.code, info))


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
        for entries in by_card(e for e in mk.deed_entries(ctx) if e.card.get("kind") in
                                ("basic_action", "hero_action")).values():
            card = entries[0].card
            start = allowance.counts.get(card.name, 0)
            total = sum(e.count for e in entries)
            if 0 < start < total:
                yield self.finding(ctx, zone=entries[0].zone, card=card,
                                   line=first_line(entries), expected=start, actual=total,
                                   hero=info.hero.name, severity=relaxed(ctx, self.code, info))


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
        for entries in by_card(e for e in mk.deed_entries(ctx)
                                if e.card.get("verified") is False).values():
            yield self.finding(ctx, zone=entries[0].zone, card=entries[0].card,
                               line=first_line(entries),
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
    message = '"{input}" is the powered side of the spell {card}; counted as {card}.'


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
    message = '{card} is {kind_a}, listed under "{header}".'
    messages = {"units": '{card} is {kind_a}, listed under "{header}"; it is not '
                         "counted there. A deed card on a unit (a Banner) still belongs under "
                         "Deck."}

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
                               kind=label, kind_a=f"{article(label)} {label}", kind_id=kind)
        for e in ctx.resolved("units"):
            kind = e.card.get("kind")
            if not mk.is_deed_kind(ctx.db, kind):
                continue
            label = mk.kind_label(ctx.db, kind)
            yield self.finding(
                ctx, zone=e.zone, card=e.card, line=e.line, header="Units", kind=label,
                kind_a=f"{article(label)} {label}", kind_id=kind, variant="units")
