"""The declared mage: missing, more than one, its version for the format, the Wizard's element
and community mages (MW-R1, MW-R15, §1, §2.2)."""

from __future__ import annotations

import difflib
from typing import Iterable

from deckcheck.games.magewars.book import card_kind
from deckcheck.games.magewars.model import element_totals, mage_info, mage_rows, note_of
from deckcheck.games.magewars.rules.common import MwRule, first_line, mage_line
from deckcheck.matching import normalise
from deckcheck.models import Finding, Severity
from deckcheck.rules.base import Context, register
from deckcheck.rules.claims import Bound, MissingClaim, SizeClaim


@register
class MageMissing(MwRule):
    """No mage is declared, or the declared mage is unknown.

    MW-R1: a spellbook belongs to exactly one mage (seed, printed p.2: each player chooses
    a mage and finds the mage card and the spells on its list). Declare it with a
    ``Mage: …`` / ``法师: …`` line (``Mage: Wizard (Fire)``, ``Mage: 兽王``), a Mage section,
    or the OCTGN ``Mage`` section. Without a mage nothing can be costed.
    """

    code = "MWR106"
    name = "mage-missing"
    message = ('No mage declared (add a "Mage: …" line or a Mage section); cannot cost the '
               "spellbook. (MW-R1)")
    messages = {
        "unknown-mage": 'Unknown mage "{input}"; closest: {closest}. (MW-R1)',
        "title": ('No mage declared; the list\'s title "{title}" names {mage}: add '
                  '"Mage: {written}" to cost the spellbook. (MW-R1)'),
        "spell-not-mage": ('{card} is a spell, not a mage; no mage declared (add a '
                           '"Mage: …" line); cannot cost the spellbook. (MW-R1)'),
    }
    claims = (SizeClaim("mage", Bound.MIN), MissingClaim("mage"))

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mage_info(ctx)
        if info.entry is not None:
            return
        if info.unknown:
            for e in info.unknown:
                close = _closest_mages(ctx, e.name)
                yield self.finding(
                    ctx, zone="mage", line=e.line, actual=e.name, input=e.name,
                    suggestion="; ".join(close) or None, variant="unknown-mage",
                    closest=", ".join(close) or "none", closest_items=close)
            return
        stray = [e for e in ctx.resolved("spellbook") if note_of(e).moved_from == "mage"]
        if stray:
            e = stray[0]
            yield self.finding(
                ctx, zone="mage", card=e.card, line=e.line, input=e.name, variant="spell-not-mage")
            return
        line = info.no_mage_line.line if info.no_mage_line is not None else first_line(ctx)
        named = _mage_in_title(ctx)
        if named:   # "Siren's Starting Spellbook": the mage is in the list's title only
            yield self.finding(ctx, zone="mage", line=line, expected=1, actual=0, mage=named,
                               written=named, title=ctx.deck.metadata["name"], variant="title")
            return
        yield self.finding(ctx, zone="mage", line=line, expected=1, actual=0)


def _mage_in_title(ctx: Context) -> str | None:
    """The one mage whose name (or alias) is a word of the list's title, or None."""
    title = ctx.deck.metadata.get("name")
    if not title:
        return None
    words = f" {normalise.spaced(title)} "
    found = {row["name"] for row in mage_rows(ctx.db).values()
             for n in [row.get("name")] + list(row.get("aliases") or []) if n
             and (f" {normalise.spaced(n)} " in words or f" {normalise.spaced(n)}s " in words)}
    return next(iter(found)) if len(found) == 1 else None


def _closest_mages(ctx: Context, text: str) -> list[str]:
    names: dict[str, str] = {}
    for row in mage_rows(ctx.db).values():
        for n in [row.get("name")] + list(row.get("aliases") or []):
            if n:
                names.setdefault(normalise.key(n), row["name"])
    keys = difflib.get_close_matches(normalise.key(text), list(names), n=6, cutoff=0.5)
    return list(dict.fromkeys(names[k] for k in keys))[:3]


@register
class WizardElementMissing(MwRule):
    """A Wizard spellbook does not say which element the Wizard is trained in.

    MW-R15, Wizard stats: "Trained in the Arcane school, and an elemental school of his
    choice: Fire, Earth, Air, or Water." The element is part of the book, so the list must
    say it: ``Mage: Wizard (Fire)``, ``Wizard(Fire)`` in an OCTGN Mage section, or an
    ``Element: Fire`` line. The message gives the book's points for each element; the
    statistics use Air.
    """

    code = "MWR108"
    name = "wizard-element-missing"
    message = ('Wizard element not given: Air {air}, Earth {earth}, Fire {fire}, Water {water} '
               'points. Add e.g. "Mage: {mage} ({best})". (MW-R15)')

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mage_info(ctx)
        if info.mage is None or not info.element_missing or info.bad_element is not None:
            return
        totals = element_totals(ctx)
        best = min(totals, key=lambda el: (totals[el], el)) if totals else "Air"
        yield self.finding(ctx, zone="mage", card=info.entry.card if info.entry else None,
                           line=mage_line(ctx), actual=totals.get("Air"), mage=info.mage.name,
                           best=best, air=totals.get("Air"), earth=totals.get("Earth"),
                           fire=totals.get("Fire"), water=totals.get("Water"))


@register
class WizardElementInvalid(MwRule):
    """The Wizard's element is not one of Fire, Earth, Air or Water.

    MW-R15: the Wizard chooses one elemental school. Chinese forms are accepted: 火/火系,
    土/土系, 气/气系/风/风系, 水/水系 (only 火系 is attested in the rules seed).
    """

    code = "MWR109"
    name = "wizard-element-invalid"
    message = '"{input}" is not a Wizard element (Fire, Earth, Air, Water). (MW-R15)'

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mage_info(ctx)
        if info.mage is None or info.bad_element is None or not info.mage.element_choice:
            return
        word, line = info.bad_element
        yield self.finding(ctx, zone="mage", line=line or mage_line(ctx), actual=word,
                           input=word)


@register
class ElementNotWizard(MwRule):
    """An element was given for a mage who does not choose one; it is ignored.

    MW-R15: only the Wizard chooses an element. The Academy Wizard is trained in Air (fixed).
    """

    code = "MWR110"
    name = "element-not-wizard"
    severity = Severity.WARNING
    message = "An element ({element}) was given, but {mage} is not a Wizard; ignored. (MW-R15)"
    messages = {"fixed": ("An element ({element}) was given, but the {mage_variant} {mage} is "
                          "trained in {trained} (fixed); ignored. (MW-R15)")}

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mage_info(ctx)
        mage = info.mage
        if mage is None or mage.element_choice or len(info.identities) > 1:
            return   # with two mages named, MWR111 says so; which one the element is for is moot
        given = info.stray_element or info.bad_element
        if given is None:
            return
        element, line = given
        if mage.cls == "Wizard":
            yield self.finding(ctx, zone="mage", line=line or mage_line(ctx), actual=element,
                               element=element, mage=mage.name, variant="fixed",
                               mage_variant=mage.variant, trained=", ".join(sorted(mage.trained)),
                               trained_items=sorted(mage.trained))
            return
        yield self.finding(ctx, zone="mage", line=line or mage_line(ctx), actual=element,
                           element=element, mage=mage.name)


@register
class MultipleMages(MwRule):
    """The list names more than one mage (or one mage card twice).

    MW-R1: a spellbook belongs to exactly one mage. A mage card with its own stats card is
    one mage; a Beastmaster card with Warlock Stats, or two ``Mage:`` lines naming different
    mages, are two.
    """

    code = "MWR111"
    name = "multiple-mages"
    message = "The list names more than one mage ({mages}); a spellbook has exactly one. (MW-R1)"
    claims = (SizeClaim("mage", Bound.MAX),)

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mage_info(ctx)
        if len(info.identities) > 1:
            second = info.identities[1][1]
            names = ", ".join(f"{n} (line {e.line})" if e.line else n for n, e in info.identities)
            yield self.finding(ctx, zone="mage", card=second.card, line=second.line,
                               expected=1, actual=len(info.identities), mages=names,
                               mage_lines=[[n, e.line] for n, e in info.identities])
            return
        cards = [e for e in ctx.resolved("mage") if card_kind(e.card) == "mage"]
        n = sum(e.count for e in cards)
        if n > 1:
            names = ", ".join(f"{e.count}x {e.card.name}" for e in cards)
            yield self.finding(ctx, zone="mage", card=cards[0].card,
                               line=cards[-1].line, expected=1, actual=n, mages=names,
                               mage_counts=[[e.count, e.card.name] for e in cards])


@register
class CommunityMage(MwRule):
    """The mage's Arena version is a community playtest mage (Monk, Elementalist).

    Game page §2.2: no official Arena release of the Monk or the Elementalist is known
    [uncertain]; the OCTGN "Mages" set gives them 120 points, the playtest set 105 (Monk)
    and 135 (Elementalist). deckcheck costs them with the "Mages" data and warns.
    """

    code = "MWR113"
    name = "community-mage"
    severity = Severity.WARNING
    message = ("{mage} (Arena) is a community playtest mage; its training and limit "
               "({expected}) are not official. (§2.2)")

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mage_info(ctx)
        if info.mage is not None and info.mage.playtest:
            yield self.finding(ctx, zone="mage", card=info.entry.card if info.entry else None,
                               line=mage_line(ctx), expected=info.limit, mage=info.mage.name)


@register
class MageFormatMismatch(MwRule):
    """The list names another version of the mage than the format uses.

    Game page §1: a list naming the Academy stats card ("Academy Wizard Stats") but checked
    as ``magewars-arena`` is costed with the format's version of the mage (Arena: 120
    points), and this warning says so; likewise an Arena stats card in an Academy book. A
    mage with no version for the format (e.g. the Paladin in Academy) is costed with its
    Arena training and the format's fallback limit.
    """

    code = "MWR117"
    name = "mage-format-mismatch"
    severity = Severity.WARNING
    message = ("{input} is the {variant} version of {mage}; {format} uses the {format_variant} "
               "version (limit {expected}). (§1)")
    messages = {"no-version": ("{mage} has no {want} version; {format} costs it with its "
                               "{mage_variant} training and the limit {expected}. (§1)")}

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mage_info(ctx)
        if info.mage is None:
            return
        want = ctx.fmt.get("mage_variant") or "arena"
        if info.no_version:
            yield self.finding(
                ctx, zone="mage", card=info.entry.card, line=info.entry.line,
                expected=info.limit, mage=info.mage.name, variant="no-version", want=want,
                mage_variant=info.mage.variant)
            return
        for e, variant in info.variant_mismatch:
            yield self.finding(ctx, zone="mage", card=e.card, line=e.line, expected=info.limit,
                               input=e.card.name, variant=variant, mage=info.mage.name,
                               format_variant=want)
