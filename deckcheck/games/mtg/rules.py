"""Magic: The Gathering construction rules (MTG codes, mtg.md §7).

The numbers and lists come from the format files (``formats/mtg/``): zone sizes, the copy
limit and its exemptions, dated profiles with their legal sets, banned and restricted lists,
and the sideboard era (0 or 15 cards until 2013-07-12). Card facts (names, printings,
supertypes, colour identity) come from ``cards/mtg/``. Sources are cited in each rule: the
Comprehensive Rules (CR), the Magic Tournament Rules (MTR) and the Infraction Procedure
Guide (IPG) in force in early 2012, the Dark Ascension FAQ of the seed, and the dated Forge
format files whose facts the format YAML restates.

Findings made while names are read (MTG204, MTG205, MTG303–306, MTG401–404, MTG409) come
from :mod:`deckcheck.games.mtg.hooks`; their rules are registered here (``stage = "parse"``) so
they can be documented, selected and ignored like any rule.
"""

from __future__ import annotations

import datetime as _dt
import re
from typing import Iterable

from deckcheck.errors import FormatError
from deckcheck.games.mtg.model import (VOID_SECTION, color_identity, dci_valid, event_date_text,
                                       is_dfc,
                                       is_registration, listed_names, profile_note, profile_view,
                                       set_table, sets_text)
from deckcheck.models import Finding, Severity
from deckcheck.rules.base import Context, Rule, register
from deckcheck.rules.generic import ZoneBound, count_copies, over_limit

ZONE_WORDS = {"main": "main deck", "sideboard": "sideboard", "commander": "command zone",
              "companion": "companion"}


class MtgRule(Rule):
    game = "mtg"

    def applies(self, ctx: Context) -> bool:
        check_format_data(ctx)        # a format the card data cannot support stops here
        return True


class MtgParseRule(MtgRule):
    stage = "parse"


# ---------------------------------------------------------------------------------------
# the profile in force


_CHECKED: dict[tuple, str | None] = {}


def check_format_data(ctx: Context) -> None:
    """Stop (exit 2) when the format's profile needs sets or cards the card data lacks.

    mtg.md §1.4: a profile naming a set missing from the card data, or a banned / restricted
    name that does not resolve (exact and normalised steps only), is a load error that names
    the profile and what is missing.
    """
    if ctx.db is None or ctx.deck is None:
        return
    fmt = ctx.fmt
    key = (fmt.id, (fmt.profile or {}).get("from"), id(ctx.db))
    if key not in _CHECKED:
        _CHECKED[key] = _data_problem(ctx)
    problem = _CHECKED[key]
    if problem:
        raise FormatError(problem)


def _data_problem(ctx: Context) -> str | None:
    fmt = ctx.fmt
    sets = set_table(ctx.db)
    prof = fmt.profile or {}
    who = fmt.id + (f" (profile {prof['from']}" + (f", {prof['name']}" if prof.get("name")
                                                      else "") + ")" if prof else "")
    problems = []
    wanted = fmt.get("sets")
    if isinstance(wanted, list):
        missing = [str(s) for s in wanted if str(s).upper() not in sets.codes]
        if missing:
            problems.append(f"needs card data for {len(missing)} set(s) that the card data "
                            f"lacks: {' '.join(missing)}")
    unresolved = [n for n in listed_names(fmt, "banned") + listed_names(fmt, "restricted")
                  if ctx.db.find(n) is None]
    if unresolved:
        shown = ", ".join(unresolved)
        problems.append(f"names {len(unresolved)} banned or restricted card(s) that are not "
                        f"in the card data: {shown}")
    if not problems:
        return None
    return (f"{who} " + "; it ".join(problems) + f". The card data covers {sets.coverage()}. "
            "Import newer data with `deckcheck cards import mtgjson AllPrintings.json` "
            "(MTGJSON v5), then check again.")


# ---------------------------------------------------------------------------------------
# deck size and copies


@register
class MainDeckTooSmall(MtgRule, ZoneBound):
    """The main deck has fewer cards than the format requires.

    Constructed: at least 60 cards, no maximum (MTG-R5; CR 100.2a, MTR 6.1). Limited: at
    least 40 cards (MTG-R12; CR 100.2b). Lines with unknown or ambiguous names still count,
    so the size describes the list as written.
    """

    code = "MTG101"
    name = "main-deck-too-small"
    message = "Main deck has {actual} cards; {format} requires at least {expected}."
    zone, bound = "main", "min"


@register
class TooManyCopies(MtgRule):
    """More than 4 copies of one card, counted by English name over main deck and sideboard.

    CR 100.2a and 100.4a ("The four-card limit … applies to the combined deck and
    sideboard"), MTR 6.1, and the Wizards format pages ("counted by its English card title
    equivalent") — MTG-R6. A double-faced card counts under its front face, so Chinese,
    back-face and checklist lines all add to one card. Basic lands (supertype Basic: CR 205.4,
    MTG-R7) and cards whose own text lifts the limit (the data flag ``deck_limit``: CR 101.1,
    MTG-R8) are exempt. Limited has no copy limit.
    """

    code = "MTG102"
    name = "too-many-copies"
    message = ("{card}: {actual} copies ({main} main + {side} sideboard); at most {expected} "
               "per English name, main deck and sideboard combined.")
    claims = ("copies",)

    def check(self, ctx: Context) -> Iterable[Finding]:
        if ctx.fmt.get("singleton"):
            return
        for spec in ctx.fmt.get("copies") or ():
            zones = spec.get("zones") or ["main", "sideboard"]
            counts = count_copies(ctx, zones, spec.get("key", "name"), spec.get("exempt") or (),
                                  spec.get("override_field"), spec["limit"])
            for c in sorted(over_limit(counts), key=lambda c: c.first_line or 0):
                main, side = c.by_zone.get("main", 0), c.by_zone.get("sideboard", 0)
                yield self.finding(ctx, zone="main" if main else next(iter(c.by_zone)),
                                   card=c.card, line=c.first_line, expected=c.limit,
                                   actual=c.total, main=main, side=side)


@register
class RestrictedOverLimit(MtgRule):
    """A restricted card appears more than once, counting main deck and sideboard together.

    MTR §6 (format sections) and the Forge/XMage validators — MTG-R10. The restricted list
    comes from the format profile (e.g. ``mtg-vintage``, restating Forge
    ``Archive/Vintage/2012-02-03.txt``); no shipped Standard profile restricts anything.
    """

    code = "MTG103"
    name = "restricted-over-limit"
    message = "{card} is restricted in {format}{profile}: {actual} copies, at most {expected}."
    claims = ("restricted",)

    def check(self, ctx: Context) -> Iterable[Finding]:
        view = profile_view(ctx)
        if not view.restricted:
            return
        limit = int(ctx.fmt.get("restricted_limit") or 1)
        wanted = {c.name for c in (ctx.db.find(n) for n in view.restricted) if c is not None}
        totals: dict[str, list] = {}
        for e in ctx.resolved("main", "sideboard", "commander", "companion"):
            if e.card.name in wanted:
                totals.setdefault(e.card.name, []).append(e)
        for entries in totals.values():
            n = sum(e.count for e in entries)
            if n > limit:
                yield self.finding(ctx, zone=entries[0].zone, card=entries[0].card,
                                   line=entries[0].line, expected=limit, actual=n,
                                   profile=profile_note(view))


@register
class SingletonViolation(MtgRule):
    """More than one copy of a card in a singleton format (Commander).

    Commander: one copy of each card across the commanders and the main deck, except basic
    lands and cards whose own text lifts the limit (mtg.md §1.5). Reserved for Commander.
    """

    code = "MTG104"
    name = "singleton-violation"
    message = "{card}: {actual} copies; {format} allows {expected}."

    def check(self, ctx: Context) -> Iterable[Finding]:
        if not ctx.fmt.get("singleton"):
            return
        for spec in ctx.fmt.get("copies") or ():
            zones = spec.get("zones") or ctx.counted_zones()
            counts = count_copies(ctx, zones, spec.get("key", "name"), spec.get("exempt") or (),
                                  spec.get("override_field"), spec["limit"])
            for c in sorted(over_limit(counts), key=lambda c: c.first_line or 0):
                yield self.finding(ctx, zone=next(iter(c.by_zone)), card=c.card,
                                   line=c.first_line, expected=c.limit, actual=c.total)


@register
class DeckSizeExact(MtgRule):
    """The deck must have an exact number of cards (Commander: commanders + main deck = 100).

    Read from the format's ``total: {zones, exact}`` (mtg.md §1.5). Reserved for Commander.
    """

    code = "MTG105"
    name = "deck-size-exact"
    message = "Deck has {actual} cards; {format} requires exactly {expected}."

    def check(self, ctx: Context) -> Iterable[Finding]:
        total = ctx.fmt.get("total") or {}
        if not total.get("exact"):
            return
        zones = total.get("zones") or ctx.counted_zones()
        have = sum(ctx.count(z) for z in zones)
        if have != total["exact"]:
            yield self.finding(ctx, zone=zones[-1], expected=total["exact"], actual=have,
                               line=ctx.first_line(zones[-1]))


# ---------------------------------------------------------------------------------------
# legality on the date


@register
class NotInFormat(MtgRule):
    """A card has no printing in a set that is legal in the format on the event date.

    Legality goes by English name: a card may be played if a card with the same name was
    printed in a legal set (MTG-R11: MTR authorised cards; Forge ``wasPrintedInSets``; XMage
    ``legalSets()``). The legal sets come from the dated profile in force (MTG-R1 … R4: the
    seed FAQ L5, "DKA may be used in sanctioned Constructed from Friday 3 Feb 2012", and
    Forge ``Archive/Standard/*.txt``). MTGJSON ``legalities`` are never read. A card the
    data does not know is an unknown-card error instead (with the data's coverage).
    """

    code = "MTG201"
    name = "not-in-format"
    message = ("{card} is not legal in {format}{on}{profile}: no printing in {sets}. "
               "Printed in: {printings}.")
    claims = ("pool",)

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
                                   printings=" ".join(have) or "none in the card data")


@register
class BannedCard(MtgRule):
    """A card on the format's banned list for the profile in force (MTG-R10: MTR §6).

    Banned cards may not appear in the main deck or the sideboard. Ban lists are dated:
    they come from the profile (e.g. ``mtg-modern`` restating Forge
    ``Archive/Modern/2012-02-03.txt``), never from MTGJSON ``legalities``. No shipped
    Standard or Innistrad Block profile bans anything (MTG-R2 … R4).
    """

    code = "MTG202"
    name = "banned"
    message = "{card} is banned in {format}{profile}."
    claims = ("banned",)

    def check(self, ctx: Context) -> Iterable[Finding]:
        view = profile_view(ctx)
        if not view.banned:
            return
        wanted = {c.name for c in (ctx.db.find(n) for n in view.banned) if c is not None}
        seen: set[str] = set()
        for e in ctx.resolved(*ctx.fmt.zones):
            if e.card.name in wanted and e.card.name not in seen:
                seen.add(e.card.name)
                yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line,
                                   profile=profile_note(view))


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
            code = e.extra.get("printing")
            if not code or code in legal:
                continue
            through = [s for s in (str(x).upper() for x in e.card.get("sets") or ())
                       if s in legal]
            if through:
                yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line, set=code,
                                   sets=sets_text(view.legal_sets),
                                   legal_printings=" ".join(through))


@register
class PrintingMismatch(MtgParseRule):
    """A line names a set and collector number the card was not printed with; the printing
    is ignored and the card is checked by name.

    Set codes are taken only from explicit syntax (``(SET) num``, ``[SET]``, ``[SET:num]``,
    ``|SET``, XML and CSV fields: mtg.md §5). Collector numbers with a face letter (``51a``)
    and without (``51``, Arena and Scryfall) are both accepted.
    """

    code = "MTG204"
    name = "printing-mismatch"
    severity = Severity.WARNING
    message = "Line {line}: {card} has no printing {set}{number}; set/number ignored."


@register
class SetNotInData(MtgParseRule):
    """A line names a set code the card data does not have; the code is ignored.

    Typical causes: a set newer than the card data (import it with
    ``deckcheck cards import mtgjson``), or a program's own code (MTG Arena's ``DAR`` is read
    as ``DOM``).
    """

    code = "MTG205"
    name = "set-not-in-data"
    severity = Severity.WARNING
    message = 'Line {line}: set code "{set}" is not in the card data; ignored.'


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

    Commander (mtg.md §1.5): the identity covers both faces of a double-faced card (the
    data's ``color_identity``). Reserved for Commander formats (``color_identity: true``).
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


# ---------------------------------------------------------------------------------------
# sideboard


@register
class SideboardTooLarge(MtgRule, ZoneBound):
    """The sideboard has more than 15 cards (MTG-R9: CR 100.4a).

    Limited has no sideboard limit: the sideboard is the rest of the pool (CR 100.4b).
    """

    code = "MTG301"
    name = "sideboard-too-large"
    message = "Sideboard has {actual} cards; at most {expected}."
    zone, bound = "sideboard", "max"


@register
class SideboardNotZeroOrFifteen(MtgRule):
    """Until 2013-07-12 a Constructed sideboard, if used, has exactly 15 cards.

    CR 100.4a as worded in 2012: "In constructed play, sideboards are optional, but must
    contain exactly fifteen cards if used." From 2013-07-13 a sideboard has up to 15 cards
    (Wizards, *Magic 2014 Core Set Rules Preview*, 2013-05-23) — MTG-R9. The event date
    (``--date``, else the profile's start) picks the rule. Raised only for 1–14 cards; more
    than 15 is MTG301.
    """

    code = "MTG302"
    name = "sideboard-not-0-or-15"
    message = ("Sideboard has {actual} cards; on {date} a Constructed sideboard had exactly "
               "0 or 15 cards (up to 15 from 2013-07-13).")
    claims = ("size:sideboard:sizes",)

    def check(self, ctx: Context) -> Iterable[Finding]:
        view = profile_view(ctx)
        sizes = view.sideboard_sizes
        if not sizes:
            return
        have = ctx.count("sideboard")
        most = (ctx.fmt.zone("sideboard") or {}).get("max")
        if have not in sizes and (most is None or have <= most):
            yield self.finding(ctx, zone="sideboard", expected=sizes, actual=have,
                               date=view.event_date, line=ctx.first_line("sideboard"))


# ---------------------------------------------------------------------------------------
# checklist cards


@register
class ChecklistUnmarked(MtgParseRule):
    """A checklist card line does not name the double-faced card it represents.

    Seed FAQ L5 (MTG-R14): a checklist card may be in a deck only to represent a
    double-faced card, and exactly one circle is marked to show which. The line counts toward
    no card and no zone.
    """

    code = "MTG303"
    name = "checklist-unmarked"
    message = "Line {line}: a checklist card must name the one double-faced card it represents."


@register
class ChecklistLine(MtgParseRule):
    """A checklist card line was counted as the double-faced card it names.

    Seed FAQ L5 (MTG-R13, R14): "in the game the checklist is treated as the DFC it
    represents". Decklists use the card's English name (MTG-R17), so register the
    double-faced card by its front face. ``--strict`` makes this fail.
    """

    code = "MTG304"
    name = "checklist-line"
    severity = Severity.WARNING
    message = ("Line {line}: checklist counted as {count} × {card} in {zone}; register the "
               "double-faced card by its front-face name.")


@register
class ChecklistWrongSet(MtgParseRule):
    """The checklist card of one set cannot stand for a double-faced card of another set.

    Seed FAQ L5 (MTG-R14e): each set's checklist lists that set's double-faced cards (ISD:
    20, DKA: 13; the lists are the ``double_faced`` entries of ``cards/mtg/sets.yaml``).
    """

    code = "MTG305"
    name = "checklist-wrong-set"
    message = "Line {line}: the {set} checklist does not list {card} (a {card_set} double-faced card)."


@register
class ChecklistNotDfc(MtgParseRule):
    """A checklist card line names a card that is not double-faced; it counts toward nothing.

    Seed FAQ L5 (MTG-R14a): only a double-faced card can be represented by a checklist.
    """

    code = "MTG306"
    name = "checklist-not-dfc"
    message = "Line {line}: {card} is not a double-faced card; a checklist can only stand for one."


@register
class DfcListedTwice(MtgRule):
    """A double-faced card is listed directly and through checklist cards; both are counted.

    Seed FAQ L5 (MTG-R14c): the double-faced card a checklist represents is kept apart from
    the deck, so a list must name each copy once. Both lines count toward the copy limit, so
    MTG102 usually follows.
    """

    code = "MTG307"
    name = "dfc-listed-twice"
    severity = Severity.WARNING
    message = ("{card} is listed as a card (line {line1}) and through checklists (line {line2}); "
               "both were counted ({actual}).")

    def check(self, ctx: Context) -> Iterable[Finding]:
        by_card: dict[str, list] = {}
        for e in ctx.resolved():
            if ctx.fmt.zone(e.zone) is not None:
                by_card.setdefault(e.card.id, []).append(e)
        for entries in by_card.values():
            listed = [e for e in entries if e.via != "checklist"]
            checklists = [e for e in entries if e.via == "checklist"]
            if listed and checklists:
                yield self.finding(ctx, zone=listed[0].zone, card=listed[0].card,
                                   line=checklists[0].line, line1=listed[0].line,
                                   line2=checklists[0].line,
                                   actual=sum(e.count for e in entries))


@register
class MixedChecklistUse(MtgRule):
    """Some double-faced cards are listed through checklist cards and others directly.

    MTR 3.5 as quoted by judges in 2013 (MTG-R15): if a checklist represents any
    double-faced card in a deck, checklists must represent all of them. Whether the
    February 2012 MTR already said so is [uncertain], so this is information only.
    """

    code = "MTG308"
    name = "mixed-checklist-use"
    severity = Severity.INFO
    message = ("Double-faced cards are listed both through checklists ({a}) and directly ({b}); "
               "later tournament rules require all or none.")

    def check(self, ctx: Context) -> Iterable[Finding]:
        via, direct = [], []
        for e in ctx.resolved():
            if ctx.fmt.zone(e.zone) is None or not is_dfc(e.card):
                continue
            target = via if e.via == "checklist" else direct
            if e.card.name not in target:
                target.append(e.card.name)
        direct_only = [n for n in direct if n not in via]   # both ways at once: MTG307
        if via and direct_only:
            yield self.finding(ctx, a=", ".join(via), b=", ".join(direct_only))


# ---------------------------------------------------------------------------------------
# zones


@register
class ZoneNotInFormat(MtgRule):
    """The list has a zone the format does not have, e.g. a Commander section in Standard.

    Its cards are listed and still counted under that zone, but the zone itself is an error.
    """

    code = "MTG309"
    name = "zone-not-in-format"
    message = "Line {line}: {format} has no {zone} zone."
    claims = ("zone-not-in-format",)

    def check(self, ctx: Context) -> Iterable[Finding]:
        for zone in ctx.deck.zones():
            if zone in ctx.fmt.zones or zone in ctx.game.non_deck_zones:
                continue
            yield self.finding(ctx, zone=zone, line=ctx.first_line(zone),
                               actual=ctx.count(zone))


@register
class NonDeckSection(MtgRule):
    """Cards in a section that is not part of the deck (maybeboard, tokens, Forge planes,
    an unknown program section) are shown but not counted."""

    code = "MTG310"
    name = "non-deck-section"
    severity = Severity.INFO
    message = 'Lines {lines}: section "{section}" is not part of the deck and was not counted.'

    def check(self, ctx: Context) -> Iterable[Finding]:
        groups: dict[str, list[int | None]] = {}
        for zone in ctx.deck.zones():
            if zone in ctx.game.non_deck_zones and zone not in ctx.fmt.zones:
                groups[zone] = [e.line for e in ctx.entries(zone)]
        for line, section, _text in ctx.deck.non_deck:
            if section != VOID_SECTION:
                groups.setdefault(section, []).append(line)
        for section, lines in groups.items():
            nums = sorted(n for n in lines if n is not None)
            yield self.finding(ctx, zone=section if section in ctx.game.zones else None,
                               line=nums[0] if nums else None, lines=_ranges(nums) or "?",
                               section=section, actual=len(lines))


def _ranges(nums: list[int]) -> str:
    out: list[str] = []
    start = prev = None
    for n in nums:
        if start is None:
            start = prev = n
        elif n == prev + 1:
            prev = n
        else:
            out.append(f"{start}" if start == prev else f"{start}–{prev}")
            start = prev = n
    if start is not None:
        out.append(f"{start}" if start == prev else f"{start}–{prev}")
    return ", ".join(out)


# ---------------------------------------------------------------------------------------
# names


@register
class BackFaceName(MtgParseRule):
    """A line names the back face of a double-faced card; it counts as the card.

    A double-faced card is one card named by its front face (MTG-R13: seed FAQ L5, "they
    have two faces: front and back"; every seed entry is headed by the front name). Decklists
    use that name (MTG-R17), so register the front face. Chinese back-face names count too.
    """

    code = "MTG401"
    name = "back-face-name"
    severity = Severity.WARNING
    message = ('Line {line}: "{input}" is the back face of {card}; counted as {card}. Register '
               "double-faced cards by their front face.")


@register
class DfcFullName(MtgParseRule):
    """A line names a double-faced card as ``Front // Back`` or ``Front/Back``; it is read
    as the card (front face), information only (MTG-R13; mtg.md §3.3)."""

    code = "MTG402"
    name = "dfc-full-name"
    severity = Severity.INFO
    message = 'Line {line}: "{input}" read as {card} (front face).'


@register
class NonEnglishName(MtgParseRule):
    """A line names a card in Chinese; it was read as the English card.

    Decklists use English names: the registration sheet says "PRINT CLEARLY USING ENGLISH
    CARD NAMES" (MTG-R17). Information on ordinary lists, a warning on registration lists
    (lists with ``Player:``, ``DCI:`` or ``Event:``; mtg.md §6.2).
    """

    code = "MTG403"
    name = "non-english-name"
    severity = Severity.INFO
    message = ('Line {line}: "{input}" is the {language} name of {card}; registration sheets '
               "use English names.")


@register
class TruncatedName(MtgParseRule):
    """A line gives only the first words of a card name, and exactly one card starts so.

    A name that is unclear is a Deck/Decklist Problem (IPG 2011–2012, MTG-R17), so the
    reading is a warning: write the full name. Prefixes of several cards, endings of names
    and inputs under 6 letters never resolve (mtg.md §3.2).
    """

    code = "MTG404"
    name = "truncated-name"
    severity = Severity.WARNING
    message = ('Line {line}: "{input}" is not a full card name; read as {card}, the only card '
               "whose name starts this way.")


@register
class SplitHalfName(MtgParseRule):
    """A line names one half of a split card; it counts as the whole card (mtg.md §3.5).

    Split cards are named ``Left // Right``; a half name resolves only when it is unique.
    """

    code = "MTG409"
    name = "split-half-name"
    severity = Severity.WARNING
    message = 'Line {line}: "{input}" is half of {card}; counted as {card}.'


# ---------------------------------------------------------------------------------------
# registration lists (mtg.md §6)


@register
class SheetTotalMismatch(MtgRule):
    """The totals written on the list (``Main total:``, ``Sideboard total:``) differ from the
    listed cards.

    Decklists cannot change once accepted and the deck must match the list (MTG-R18: MTR
    2.x, IPG Deck/Decklist Problem); the sheet's "Total Number of Cards" boxes are part of
    it.
    """

    code = "MTG405"
    name = "sheet-total-mismatch"
    message = "The sheet gives the {zone_word} total as {expected}, but the listed cards add up to {actual}."

    def check(self, ctx: Context) -> Iterable[Finding]:
        for key, zone in (("main_total", "main"), ("sideboard_total", "sideboard")):
            value = ctx.deck.metadata.get(key)
            if value is None:
                continue
            line = ctx.deck.metadata_lines.get(key)
            have = ctx.count(zone)
            try:
                written = int(value.strip())
            except ValueError:
                yield self.finding(ctx, zone=zone, line=line, expected=value, actual=have,
                                   zone_word=ZONE_WORDS[zone], variant="not-a-number",
                                   value=value,
                                   message=f'Line {line}: the {ZONE_WORDS[zone]} total '
                                           f'"{value}" is not a number; the listed cards add '
                                           f"up to {have}.")
                continue
            if written != have:
                yield self.finding(ctx, zone=zone, line=line, expected=written, actual=have,
                                   zone_word=ZONE_WORDS[zone])


@register
class DciNumberInvalid(MtgRule):
    """The DCI number fails the check-digit test.

    The rule comes from a community implementation (april/decklist) and is [uncertain] as an
    official specification (mtg.md §6.3), so the message says the number "appears invalid".
    Numbers under 8 digits are old numbers without a check digit.
    """

    code = "MTG406"
    name = "dci-number-invalid"
    message = "DCI number {dci} appears invalid (check digit)."

    def check(self, ctx: Context) -> Iterable[Finding]:
        value = ctx.deck.metadata.get("dci")
        if value is None:
            return
        digits = "".join(value.split()).replace("-", "")
        if not dci_valid(digits):
            yield self.finding(ctx, line=ctx.deck.metadata_lines.get("dci"), dci=value.strip(),
                               actual=value.strip())


@register
class RegistrationFieldMissing(MtgRule):
    """A registration list lacks a field of the DCI deck registration sheet.

    A list with ``Player:``, ``DCI:`` or ``Event:`` is a registration list and must give the
    player (or first and last name), ``DCI:``, ``Event:``, ``Date:`` and ``Location:``
    (mtg.md §6.1, §6.2; decklists are required at Competitive REL, MTG-R18).
    """

    code = "MTG407"
    name = "registration-field-missing"
    severity = Severity.WARNING
    message = 'Registration field "{field}" is missing.'

    def check(self, ctx: Context) -> Iterable[Finding]:
        if not is_registration(ctx.deck):
            return
        meta = ctx.deck.metadata
        if "player" not in meta and not ("first_name" in meta and "last_name" in meta):
            yield self.finding(ctx, field="Player")
        for key, label in (("dci", "DCI"), ("event", "Event"), ("date", "Date"),
                           ("location", "Location")):
            if key not in meta:
                yield self.finding(ctx, field=label)


_DATE_FORMS = re.compile(r"^\s*(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?\s*$")


def _written_date(text: str) -> str:
    """A date as lists write it: 2012-02-11, 2012/02/11, 2012.2.11, 2012年2月11日."""
    m = _DATE_FORMS.match(text)
    if not m:
        raise ValueError(text)
    return _dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))).isoformat()


@register
class EventDateMismatch(MtgRule):
    """The list's ``Date:`` line differs from ``--date``, or was not used to pick the profile.

    A ``Date:`` that differs from ``--date`` is a warning; a ``Date:`` with no ``--date`` is
    information: the format profile is chosen by ``--date`` only (mtg.md §6.4, open point 4).
    """

    code = "MTG408"
    name = "event-date-mismatch"
    severity = Severity.WARNING
    message = "The list's date {list_date} differs from --date {date}."

    def check(self, ctx: Context) -> Iterable[Finding]:
        value = ctx.deck.metadata.get("date")
        if value is None:
            return
        line = ctx.deck.metadata_lines.get("date")
        written = value.strip()
        try:
            list_date = _written_date(written)
        except ValueError:
            yield self.finding(ctx, line=line, list_date=written, date=ctx.date,
                               variant="not-a-date",
                               message=f'Line {line}: the list\'s date "{written}" is not a '
                                       "date (write YYYY-MM-DD); it was not used.")
            return
        if ctx.date is None:
            view = profile_view(ctx)
            chosen = f"; the profile is {view.profile_label}" if view.profile_label else ""
            yield self.finding(ctx, line=line, severity=Severity.INFO, list_date=list_date,
                               date=None, profile=view.profile_label,
                               variant="not-used-profile" if chosen else "not-used",
                               message=f"The list's date {list_date} was not used to choose the "
                                       f"profile (give --date {list_date} to check as on that "
                                       f"day){chosen}.")
        elif ctx.date != list_date:
            yield self.finding(ctx, line=line, list_date=list_date, date=ctx.date)
