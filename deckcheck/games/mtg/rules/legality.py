"""Legality on the date: the legal sets of the profile in force, printings outside them, a
superseded profile, a date the format ignores, and the commander's colour identity.
"""

from __future__ import annotations

from typing import Iterable

from deckcheck.games.mtg.model import (color_identity, event_date_text, first_release, note_of,
                                       pool_reason, profile_note, profile_view, set_label,
                                       sets_text)
from deckcheck.games.mtg.rules.common import MtgRule, card_names, codes_text, data_gaps
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
    data does not know is an unknown-card error instead (with the data's coverage). A card
    the profile names in ``also_legal`` (Forge's ``Additional:``: Extended's dual lands
    after Revised left it) is legal whatever its sets.

    The message names the reason, read from the format's dated profiles:

    * ``left``: a set of the card was legal in an earlier profile; the date it left is the
      ``from`` of the first profile after the newest one that holds it ("Jace, the Mind
      Sculptor … its sets (WWK V13 VMA EMA A25) are not in mtg-standard then; Worldwake (WWK)
      left mtg-standard on 2011-09-30"); the newest such departure is named;
    * ``left-by-name``: an earlier profile allowed the card by name (``also_legal``) after
      its sets had left, and a later one stopped ("Tundra … Extended stopped allowing it by
      name on 2002-11-01");
    * ``not-yet``: a later loaded profile holds one of its sets ("Avacyn Restored (AVR) joins
      mtg-standard on 2012-05-04"); ``left-joins`` when both are true (a card reprinted in a
      later set);
    * ``not-yet-released``: in a format that picks its sets by a selector (Modern, Pauper),
      a set the selector admits was released after the event date (its release date from
      the card data's ``sets.yaml``); a format that lists its sets names no future set
      unless a later profile is loaded;
    * otherwise (the sets were never in the format, e.g. only in Masters sets for Standard)
      the legal sets are listed;
    * ``data-lacks``: the profile names sets the card data lacks (MTG212), so the card may
      have been reprinted in one of them; the sets the data has are named, and the missing
      ones. It stays an error: a card the data cannot show legal is not passed;
    * ``released-later``: in a format whose pool is every set (Commander, Oathbreaker …;
      ``sets: any``) or is picked by a selector (Legacy, Vintage, Pauper), a card none of
      whose printings was released on or before the date given is not legal then; promo
      sets, dated by the start of their series (pMEI 1995-01-01), never make a card legal
      before its first real set (:func:`~deckcheck.games.mtg.model.first_release`). Without
      a date (today) every printing of the data has been released.
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
        "left-by-name": ("{card} is not legal in {format}{on}{profile}: its sets ({printings}) "
                         "are not in {format} then, and {format} stopped allowing it by name "
                         "on {left_on}."),
        "not-yet": ("{card} is not legal in {format}{on}{profile}: its sets ({printings}) are "
                    "not yet in {format}; {joins_set} joins {format} on {joins_on}."),
        "not-yet-released": ("{card} is not legal in {format}{on}{profile}: its sets "
                             "({printings}) are not yet in {format}; {joins_set} was released "
                             "on {joins_on}, after {event_date}."),
        "data-lacks": ("{card} has no printing in the sets of {format}{on}{profile} that the "
                       "card data has ({sets}); the card data lacks {missing}, which may "
                       "reprint it. Printed in: {printings}."),
        "released-later": ("{card} is not legal in {format} on {event_date}: it was first "
                           "released in {joins_set} on {joins_on}."),
    }
    claims = (Check.POOL,)

    def check(self, ctx: Context) -> Iterable[Finding]:
        view = profile_view(ctx)
        dated_pool = (view.legal_sets is None or bool(ctx.fmt.get("set_selector"))) \
            and bool(ctx.date) and not ctx.fmt.get("ignores_date")
        if view.legal_sets is None and not dated_pool:
            return
        legal = set(view.legal_sets) if view.legal_sets is not None else None
        gaps = data_gaps(ctx)
        by_name = card_names(ctx, view.also_legal)      # legal by name: no pool check
        seen: set[str] = set()
        for e in ctx.resolved(*ctx.fmt.zones):
            card = e.card
            if card.id in seen or card.name in by_name:
                continue
            have = [str(s).upper() for s in card.get("sets") or ()]
            base = dict(zone=e.zone, card=card, line=e.line, on=event_date_text(view),
                        profile=profile_note(view),
                        printings=" ".join(have) or "none in the card data",
                        event_date=view.event_date)
            if legal is not None and not legal.intersection(have):
                seen.add(card.id)
                if gaps.missing:
                    yield self.finding(ctx, sets=sets_text(gaps.present) or "none",
                                       missing=codes_text(gaps.missing), variant="data-lacks",
                                       **base)
                    continue
                yield self.finding(ctx, sets=sets_text(view.legal_sets),
                                   **base, **_reason_args(ctx, have, card.name))
                continue
            first = first_release(card, ctx.db) if dated_pool else None
            if first and first[1] > ctx.date:
                seen.add(card.id)
                yield self.finding(ctx, sets=sets_text(view.legal_sets or []),
                                   joins_code=first[0], joins_set=set_label(ctx.db, first[0]),
                                   joins_on=first[1], variant="released-later", **base)


def _reason_args(ctx: Context, have: list[str], name: str) -> dict:
    """The message variant and its arguments that say why ``have`` (the sets of the card
    ``name``) is outside the pool."""
    reason = pool_reason(ctx, have, name)
    args: dict = {}
    if reason.by_name:
        args.update(left_on=reason.by_name, variant="left-by-name")
    if reason.left:
        args.update(left_code=reason.left[0], left_set=set_label(ctx.db, reason.left[0]),
                    left_on=reason.left[1])
    joins = reason.joins or reason.released
    if joins:
        args.update(joins_code=joins[0], joins_set=set_label(ctx.db, joins[0]),
                    joins_on=joins[1])
    if reason.left:
        args["variant"] = "left-joins" if reason.joins else "left"
    elif reason.by_name:
        pass
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
        by_name = card_names(ctx, view.also_legal)
        seen: set[str] = set()
        for e in ctx.resolved(*[z for z in ctx.fmt.zones if z != "commander"]):
            card = e.card
            if card.id in seen or card.name in by_name:
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
    message = ("The {set} printing of {card} is not in {sets}; the card is legal "
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

    With no date (today) the ``no-date`` variant is given, and it is lenient like DCK029's
    (it does not fail ``--strict``; ``--date`` makes it count). DCK029 ``data-ends`` stays
    silent where this rule speaks, since this one names the change; MTG212 names the sets
    the card data lacks. The finding is ``shared`` (shown once in a batch's text summary).
    """

    code = "MTG206"
    name = "profile-superseded"
    severity = Severity.WARNING
    shared = True
    message = ("{format} changed on {next_change}; the newest loaded profile is {profile}. "
               "Cards from later sets are unknown to the card data.")
    #: no date given (today): the newest loaded profile is older than the format's newest,
    #: which is withheld because the card data has none of its sets
    messages = {"no-date": ("No date given: {format} is checked with its newest loaded "
                            "profile, {profile}, but it changed on {next_change} (a later "
                            "profile names sets the card data lacks). Cards from later sets "
                            "are unknown to the card data; give --date to check an earlier "
                            "day.")}

    def check(self, ctx: Context) -> Iterable[Finding]:
        view = profile_view(ctx)
        if not view.next_change or ctx.fmt.get("ignores_date"):
            return
        if ctx.date is None:
            yield self.finding(ctx, next_change=view.next_change, profile=view.profile_label,
                               variant="no-date", lenient=True)
        elif ctx.date >= view.next_change:
            yield self.finding(ctx, next_change=view.next_change, profile=view.profile_label)


@register
class DataLacksSets(MtgRule):
    """The format's profile in force names sets, or banned and restricted cards, that the
    card data lacks: the list is checked with the sets the data has, and this warning (one
    per deck) names what is missing, so a list checked on partial data never passes
    silently.

    A card printed only in a missing set is an unknown card (DCK002, which then names the
    missing sets too); a card the data knows whose printings are all outside the sets it
    has is MTG201 ``data-lacks``, which names them: it may have been reprinted there.
    Example: Modern on 2022-11-18 names MH1, MH2, DBL, SNC, DMU and BRO; with card data
    to Kamigawa: Neon Dynasty those are named here. Import newer card data to check them.
    """

    code = "MTG212"
    name = "data-lacks-sets"
    severity = Severity.WARNING
    shared = True
    message = ("{format}{profile} names {count} {count:set|sets} the card data lacks: {missing}. The "
               "list is checked with the {present} of its sets the data has; a card printed "
               "only in the missing sets is reported unknown, and one reprinted there may be "
               "reported not legal. Import newer card data (`deckcheck cards import mtgjson "
               "AllPrintings.json`) to check them.")
    messages = {
        "names": ("{format}{profile} bans or restricts {names_count} {names_count:card|cards} the card data "
                  "lacks: {names}. A list holding one reports it as an unknown card; import "
                  "newer card data (`deckcheck cards import mtgjson AllPrintings.json`)."),
        "both": ("{format}{profile} names {count} {count:set|sets} the card data lacks: {missing}, and "
                 "bans or restricts {names_count} {names_count:card|cards} it lacks: {names}. The list is "
                 "checked with the {present} of its sets the data has; a card printed only "
                 "in the missing sets is reported unknown, and one reprinted there may be "
                 "reported not legal. Import newer card data (`deckcheck cards import "
                 "mtgjson AllPrintings.json`) to check them."),
    }

    def check(self, ctx: Context) -> Iterable[Finding]:
        gaps = data_gaps(ctx)
        if not gaps:
            return
        shown = gaps.names if len(gaps.names) <= 6 else \
            gaps.names[:6] + [f"{len(gaps.names) - 6} more"]
        variant = "both" if gaps.missing and gaps.names else \
            ("names" if gaps.names else "default")
        yield self.finding(ctx, profile=profile_note(profile_view(ctx)),
                           count=len(gaps.missing), missing=codes_text(gaps.missing),
                           missing_codes=list(gaps.missing), present=len(gaps.present),
                           names_count=len(gaps.names), names=", ".join(shown),
                           variant=variant)


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
