"""Legality on the date: the legal sets of the profile in force, printings outside them, a
superseded profile, a date the format ignores, and the commander's colour identity.
"""

from __future__ import annotations

from typing import Iterable

from deckcheck.games.mtg.model import (color_identity, event_date_text, note_of, pool_reason,
                                       profile_note, profile_view, set_label, sets_text)
from deckcheck.games.mtg.rules.common import MtgRule
from deckcheck.models import Finding, Severity
from deckcheck.rules.base import Context, register
from deckcheck.rules.claims import Check

@register
class NotInFormat(MtgRule):
    """A card has no printing in a set that is legal in the format on the event date.

    Legality goes by English name: a card may be played if a card with the same name was
    printed in a legal set (MTG-R11: MTR authorised cards; Forge ``wasPrintedInSets``; XMage
    ``legalSets()``). The legal sets come from the dated profile in force (MTG-R1 … R4: the
    seed FAQ L5, "DKA may be used in sanctioned Constructed from Friday 3 Feb 2012", and
    Forge ``Archive/Standard/*.txt``). MTGJSON ``legalities`` are never read. A card the
    data does not know is an unknown-card error instead (with the data's coverage).

    The message names the reason, read from the format's dated profiles:

    * ``left``: a set of the card was legal in an earlier profile; the date it left is the
      ``from`` of the first profile after the newest one that holds it ("Jace, the Mind
      Sculptor … its sets (WWK V13 VMA EMA A25) are not in mtg-standard then; Worldwake (WWK)
      left mtg-standard on 2011-09-30"); the newest such departure is named;
    * ``not-yet``: a later loaded profile holds one of its sets ("Avacyn Restored (AVR) joins
      mtg-standard on 2012-05-04"); ``left-joins`` when both are true (a card reprinted in a
      later set);
    * ``not-yet-released``: in a format that picks its sets by a selector (Modern, Pauper),
      a set the selector admits was released after the event date (its release date from
      the card data's ``sets.yaml``); a format that lists its sets names no future set
      unless a later profile is loaded;
    * otherwise (the sets were never in the format, e.g. only in Masters sets for Standard)
      the legal sets are listed.
    """

    code = "MTG201"
    name = "not-in-format"
    message = ("{card} is not legal in {format}{on}{profile}: no printing in {sets}. "
               "Printed in: {printings}.")
    #: the reason, from the format's dated profiles (see :func:`~deckcheck.games.mtg.model.pool_reason`)
    messages = {
        "left": ("{card} is not legal in {format}{on}{profile}: its sets ({printings}) are "
                 "not in {format} then; {left_set} left {format} on {left_on}."),
        "left-joins": ("{card} is not legal in {format}{on}{profile}: its sets ({printings}) "
                       "are not in {format} then; {left_set} left {format} on {left_on}, and "
                       "{joins_set} joins it on {joins_on}."),
        "not-yet": ("{card} is not legal in {format}{on}{profile}: its sets ({printings}) are "
                    "not yet in {format}; {joins_set} joins {format} on {joins_on}."),
        "not-yet-released": ("{card} is not legal in {format}{on}{profile}: its sets "
                             "({printings}) are not yet in {format}; {joins_set} was released "
                             "on {joins_on}, after {event_date}."),
    }
    claims = (Check.POOL,)

    def check(self, ctx: Context) -> Iterable[Finding]:
        view = profile_view(ctx)
        if view.legal_sets is None:
            return
        legal = set(view.legal_sets)
        seen: set[str] = set()
        for e in ctx.resolved(*ctx.fmt.zones):
            card = e.card
            if card.id in seen:
                continue
            have = [str(s).upper() for s in card.get("sets") or ()]
            if not legal.intersection(have):
                seen.add(card.id)
                yield self.finding(ctx, zone=e.zone, card=card, line=e.line,
                                   on=event_date_text(view), profile=profile_note(view),
                                   sets=sets_text(view.legal_sets),
                                   printings=" ".join(have) or "none in the card data",
                                   event_date=view.event_date, **_reason_args(ctx, have))


def _reason_args(ctx: Context, have: list[str]) -> dict:
    """The message variant and its arguments that say why ``have`` is outside the pool."""
    reason = pool_reason(ctx, have)
    args: dict = {}
    if reason.left:
        args.update(left_code=reason.left[0], left_set=set_label(ctx.db, reason.left[0]),
                    left_on=reason.left[1])
    joins = reason.joins or reason.released
    if joins:
        args.update(joins_code=joins[0], joins_set=set_label(ctx.db, joins[0]),
                    joins_on=joins[1])
    if reason.left:
        args["variant"] = "left-joins" if reason.joins else "left"
    elif reason.joins:
        args["variant"] = "not-yet"
    elif reason.released:
        args["variant"] = "not-yet-released"
    return args


@register
class NotPrintedAtRarity(MtgRule):
    """A card has no printing at the format's rarity (Pauper: common) in a legal set.

    Pauper: a card is legal if any printing of it was at common (Forge's Pauper files:
    ``Rarities:L, C``, basic land or common; the format's ``rarities:``). Which sets count is
    the profile in force (its ``sets`` or ``set_selector``), so a card first printed at
    common in a later set becomes legal on that set's date. The rarity is the card data's
    per printing (MTGJSON ``rarity``). A card whose printings in the legal sets carry no
    rarity (data imported without printings) is a warning: the rarity is unknown, not
    guessed. Cards the pool already rejects are MTG201. The commander zone is not checked
    (Pauper Commander's commander is an uncommon: not enforced).
    """

    code = "MTG209"
    name = "not-printed-at-rarity"
    message = ("{card} is not legal in {format}{on}{profile}: it was not printed at {rarity} "
               "in a legal set (printed there as: {printed}).")
    messages = {
        "elsewhere": ("{card} is not legal in {format}{on}{profile}: it was not printed at "
                      "{rarity} in a legal set (printed there as: {printed}); its {rarity} "
                      "printings ({elsewhere}) are not in {format} then."),
        "unknown": ("{card}: the card data gives no rarity for its printings in the legal "
                    "sets of {format}{on}, so whether it was printed at {rarity} is not "
                    "checked; import card data with printings (MTGJSON AllPrintings)."),
    }

    def check(self, ctx: Context) -> Iterable[Finding]:
        wanted = [str(r) for r in ctx.fmt.get("rarities") or ()]
        if not wanted:
            return
        view = profile_view(ctx)
        legal = set(view.legal_sets) if view.legal_sets is not None else None
        shown = " or ".join(r for r in wanted if r != "basic") or " or ".join(wanted)
        seen: set[str] = set()
        for e in ctx.resolved(*[z for z in ctx.fmt.zones if z != "commander"]):
            card = e.card
            if card.id in seen:
                continue
            seen.add(card.id)
            printings = [p for p in card.get("printings") or ()
                         if legal is None or str(p.get("set", "")).upper() in legal]
            if legal is not None and not printings and \
                    not legal.intersection(str(s).upper() for s in card.get("sets") or ()):
                continue                            # outside the pool: MTG201
            if any(p.get("rarity") in wanted for p in printings):
                continue
            base = dict(zone=e.zone, card=card, line=e.line, on=event_date_text(view),
                        profile=profile_note(view), rarity=shown)
            if not any(p.get("rarity") for p in printings):
                yield self.finding(ctx, variant="unknown", severity=Severity.WARNING, **base)
                continue
            printed = _rarity_list(printings)
            other = _rarity_list([p for p in card.get("printings") or ()
                                  if p.get("rarity") in wanted])
            yield self.finding(ctx, printed=printed, elsewhere=other or None,
                               variant="elsewhere" if other else "default", **base)


def _rarity_list(printings: list) -> str:
    """``ISD uncommon, M12 uncommon``: each set once with its rarities."""
    by_set: dict[str, list[str]] = {}
    for p in printings:
        rarities = by_set.setdefault(str(p.get("set", "")).upper(), [])
        if p.get("rarity") and p["rarity"] not in rarities:
            rarities.append(p["rarity"])
    return ", ".join(f"{code} {'/'.join(r) or '?'}" for code, r in by_set.items())


@register
class PrintingOutsideFormat(MtgRule):
    """A line names a printing (``(DKA) 90``) from a set outside the format, but the card is
    legal through another printing: information only (MTG-R11, reprint rule).

    Example: ``2 Fling (DKA) 90`` checked on 2012-01-10 (Standard without DKA) is legal
    because Fling was printed in Magic 2012.
    """

    code = "MTG203"
    name = "printing-outside-format"
    severity = Severity.INFO
    message = ("Line {line}: the {set} printing of {card} is not in {sets}; the card is legal "
               "through {legal_printings}.")

    def check(self, ctx: Context) -> Iterable[Finding]:
        view = profile_view(ctx)
        if view.legal_sets is None:
            return
        legal = set(view.legal_sets)
        for e in ctx.resolved(*ctx.fmt.zones):
            code = note_of(e).printing
            if not code or code in legal:
                continue
            through = [s for s in (str(x).upper() for x in e.card.get("sets") or ())
                       if s in legal]
            if through:
                yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line, set=code,
                                   sets=sets_text(view.legal_sets),
                                   legal_printings=" ".join(through))


@register
class ProfileSuperseded(MtgRule):
    """The event date is on or after the date the chosen profile stopped being current.

    The newest loaded profile is used (mtg.md §1.1), so cards from later sets are unknown to
    the card data; add the newer profile after importing its sets. Example: Standard (DKA)
    changed on 2012-05-04 when Avacyn Restored joined.
    """

    code = "MTG206"
    name = "profile-superseded"
    severity = Severity.WARNING
    message = ("{format} changed on {next_change}; the newest loaded profile is {profile}. "
               "Cards from later sets are unknown to the card data.")

    def check(self, ctx: Context) -> Iterable[Finding]:
        view = profile_view(ctx)
        if ctx.date and view.next_change and ctx.date >= view.next_change:
            yield self.finding(ctx, next_change=view.next_change, profile=view.profile_label)


@register
class ColorIdentity(MtgRule):
    """A card's colour identity is not within the commanders' combined colour identity.

    Commander (mtg.md §1.5): the identity covers both faces of a double-faced card and
    hybrid mana symbols — MTGJSON's ``colorIdentity`` already does (v3: Kitchen Finks
    ``{1}{G/W}{G/W}`` is W G; Civilized Scholar, blue with a red back face, is U R), and the
    faces' colours are added for data without it. Formats with ``color_identity: true``.
    """

    code = "MTG207"
    name = "color-identity"
    message = "{card} has colour identity {ci}, outside the commander's {cmd_ci}."

    def check(self, ctx: Context) -> Iterable[Finding]:
        if not ctx.fmt.get("color_identity"):
            return
        commanders = ctx.resolved("commander")
        if not commanders:
            return
        allowed: set[str] = set()
        for e in commanders:
            allowed.update(color_identity(e.card))
        shown = "".join(c for c in "WUBRG" if c in allowed) or "colourless"
        seen: set[str] = set()
        for e in ctx.resolved("main"):
            ci = color_identity(e.card)
            if ci - allowed and e.card.id not in seen:
                seen.add(e.card.id)
                yield self.finding(ctx, zone="main", card=e.card, line=e.line,
                                   ci="".join(c for c in "WUBRG" if c in ci), cmd_ci=shown)


@register
class DateIgnored(MtgRule):
    """``--date`` was given for a format without dated rules (Limited): it is ignored.

    mtg.md §1.2: Limited has no set check, so the date changes nothing.
    """

    code = "MTG208"
    name = "date-ignored"
    severity = Severity.INFO
    message = "--date {date} is ignored: {format} has no set restriction or dated profiles."

    def check(self, ctx: Context) -> Iterable[Finding]:
        if ctx.date and ctx.fmt.get("ignores_date"):
            yield self.finding(ctx, date=ctx.date)
