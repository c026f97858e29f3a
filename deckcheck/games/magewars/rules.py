"""Mage Wars spellbook construction rules (MWR codes; game page ``magewars.md`` §2, §7).

The numbers come from the format files (``formats/magewars/``: copy limits, fixed costs,
the Academy settings) and from the mage table in ``cards/magewars/mages.yaml`` (each
mage's spellbook points and training). Costing is :mod:`deckcheck.games.magewars.book`;
the declared mage and the costed book come from :mod:`deckcheck.games.magewars.model`.
Every message ends with the rule it applies (MW-R1 … MW-R23).
"""

from __future__ import annotations

import difflib
from typing import Iterable

from deckcheck.games.magewars.apprentice import edition_word, apprentice_match
from deckcheck.games.magewars.book import card_kind, level_total, parts_of, spell_cost
from deckcheck.games.magewars.model import (book_cost, cost_options, element_totals, mage_info,
                                            mage_rows)
from deckcheck.matching import normalise
from deckcheck.models import Finding, Severity
from deckcheck.rules.base import Context, Rule, register
from deckcheck.rules.generic import count_copies

SEVERITIES = {"error": Severity.ERROR, "warning": Severity.WARNING, "info": Severity.INFO}


class MwRule(Rule):
    game = "magewars"


def _spell_counts(ctx: Context):
    """Copies per card name over the spellbook (all printings), spells only."""
    return [c for c in count_copies(ctx, ["spellbook"], "name") if card_kind(c.card) == "spell"]


def _first_line(ctx: Context) -> int | None:
    return ctx.first_line("spellbook") or ctx.first_line("mage")


def _mage_line(ctx: Context) -> int | None:
    info = mage_info(ctx)
    return info.entry.line if info.entry is not None else ctx.first_line("mage")


def _level_words(card) -> str:
    parts = parts_of(card)
    total = level_total(card)
    if len(parts) > 1 and (card.get("schools") or {}).get("kind") == "and":
        return f"{total} ({'+'.join(str(lv) for _, lv in parts)})"
    return str(total)


def _copy_limit(ctx: Context, card) -> int:
    limits = ctx.fmt.get("copy_limits") or {}
    if level_total(card) <= 1:
        return int(limits.get("level_1", 6))
    return int(limits.get("level_2_plus", 4))


def _once_per_name(entries):
    seen: set[str] = set()
    for e in entries:
        if e.card.name not in seen:
            seen.add(e.card.name)
            yield e


def _spell_entries(ctx: Context):
    return [e for e in ctx.resolved("spellbook") if card_kind(e.card) == "spell" and e.count > 0]


# ---------------------------------------------------------------------------------------
# points


@register
class SpellbookOverLimit(MwRule):
    """The spells cost more spellbook points than the mage may spend.

    MW-R2: every Arena mage has 120 spellbook points (the value on every Arena stats card,
    OCTGN ``StatSpellBookPoints``; Arcane Wonders' pre-built books are "perfectly balanced,
    with 120 points"). MW-R17: an Academy mage has 40 (Academy Elementalist 43
    [uncertain]). Each spell costs level x multiplier (MW-R3 … R9, §2.3 of the game page);
    the message lists the three most expensive lines so you see where the points go. Unknown
    card names are not counted (the total is then partial).
    """

    code = "MWR101"
    name = "spellbook-over-limit"
    message = ("Spellbook costs {actual} points; {mage} may spend at most {expected} ({format}). "
               "Most expensive lines: {top3}. ({rule})")

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mage_info(ctx)
        if info.mage is None or info.limit is None:
            return
        if (ctx.fmt.get("points") or {}).get("source") == "none":
            return
        book = book_cost(ctx)
        if book.total <= info.limit:
            return
        top = "; ".join(f"{ln.count}x {ctx.label(ln.card)} = {ln.total} "
                        f"({ln.cost.each} each)" for ln in book.top(3))
        rule = "MW-R2, MW-R17" if info.mage.variant == "academy" else "MW-R2"
        yield self.finding(ctx, zone="spellbook", line=_first_line(ctx), expected=info.limit,
                           actual=book.total, mage=info.mage.title, top3=top, rule=rule,
                           top_lines=[[ln.count, ctx.label(ln.card), ln.total, ln.cost.each]
                                      for ln in book.top(3)])


@register
class TooManyCopies(MwRule):
    """More copies of a spell than its level allows: 6 of a level-1 spell, 4 of a level-2+.

    MW-R11: copies are counted by card name across all printings (Core, promo, reprints;
    two OCTGN GUIDs of one name add up). An "and" spell's level is the sum of its levels
    (Lash of Hellfire, Dark+Fire 1+1, is level 2: 4 copies); an "or" spell's level is its
    single level. Source: the consensus of the public spellbook builders and the community
    restatement "six copies of each level 1 spell and 4 copies of each level 2+ spell".
    Epic spells are MWR103. The limits are the format's ``copy_limits``.
    """

    code = "MWR102"
    name = "too-many-copies"
    message = ("{card}: {actual} copies (all printings); a level-{level} spell allows at most "
               "{expected}. (MW-R11)")
    claims = ("copies",)

    def check(self, ctx: Context) -> Iterable[Finding]:
        for c in _spell_counts(ctx):
            if c.card.get("epic"):
                continue
            limit = _copy_limit(ctx, c.card)
            if c.total > limit:
                yield self.finding(ctx, zone="spellbook", card=c.card, line=c.first_line,
                                   expected=limit, actual=c.total, level=_level_words(c.card))


@register
class EpicDuplicate(MwRule):
    """An Epic spell appears more than once.

    MW-R12, Codex "Epic": "Only 1 copy of this spell can be in a Mage's spellbook." The
    Epic flag is that of the card's precedence printing (Final Release first: *Mage Wand*
    is Epic there, not in the Core printing; MWR119 notes such differences).
    """

    code = "MWR103"
    name = "epic-duplicate"
    message = "{card} is Epic: {actual} copies, at most {expected}. (MW-R12)"

    def check(self, ctx: Context) -> Iterable[Finding]:
        limit = int((ctx.fmt.get("copy_limits") or {}).get("epic", 1))
        for c in _spell_counts(ctx):
            if c.card.get("epic") and c.total > limit:
                yield self.finding(ctx, zone="spellbook", card=c.card, line=c.first_line,
                                   expected=limit, actual=c.total)


# ---------------------------------------------------------------------------------------
# restrictions


@register
class ClassOnly(MwRule):
    """A "<Class> Only" spell in another class's spellbook.

    MW-R13, Codex "Mage Only": "Some spells are restricted to particular Mage classes. For
    example, a spell may have the 'Warlock Only' trait." An alternate mage counts as its
    base class (the Johktari Beastmaster is a Beastmaster, the Adramelech Warlock a
    Warlock); the Priest counts as a Priestess (Priest stats: "The Priest counts a
    'Priestess' - using spells which say Priestess Only").
    """

    code = "MWR104"
    name = "class-only"
    message = "{card} is {cls} Only; {mage} is a {mage_class}. (MW-R13)"

    def check(self, ctx: Context) -> Iterable[Finding]:
        mage = mage_info(ctx).mage
        if mage is None:
            return
        for e in _once_per_name(_spell_entries(ctx)):
            want = e.card.get("only_class")
            if want and want != mage.cls:
                yield self.finding(ctx, zone="spellbook", card=e.card, line=e.line,
                                   expected=want, actual=mage.cls, cls=want, mage=mage.title,
                                   mage_class=mage.cls)


@register
class SchoolOnly(MwRule):
    """A "<School> Mage Only" spell for a mage not trained in that school.

    MW-R14, Codex "Mage Only" (example "Holy Mage Only"). A level-capped school counts
    only up to its cap: the Paladin (Holy up to 3, War up to 2) may take Holy Mage Only
    spells of level 3 or less, but not *Conquer* (War 4, War Mage Only). [uncertain] The
    Druid (Water up to level 1) counts as a Water Mage for level-1 cards, as the OCTGN
    validator has it (only *Ring of the Ocean's Depths* is affected). A Wizard without an
    element is not checked for element schools (MWR108 asks for the element).
    """

    code = "MWR105"
    name = "school-only"
    message = "{card} is {school} Mage Only; {mage} is not trained in {school}{cap_note}. (MW-R14)"

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mage_info(ctx)
        mage = info.mage
        if mage is None:
            return
        for e in _once_per_name(_spell_entries(ctx)):
            school = e.card.get("only_school")
            if not school:
                continue
            if info.element_missing and school in mage.element_choice:
                continue
            levels = [lv for s, lv in parts_of(e.card) if s == school]
            level = levels[0] if levels else level_total(e.card)
            if mage.trained_for_only(school, level):
                continue
            cap = mage.capped.get(school)
            note = (f" above level {cap} (its {school} training stops at level {cap}; "
                    f"this spell is level {level})") if cap is not None else ""
            yield self.finding(ctx, zone="spellbook", card=e.card, line=e.line,
                               expected=cap if cap is not None else school, actual=level,
                               school=school, mage=mage.title, cap_note=note,
                               cap_note_key="capped" if cap is not None else "none", cap=cap,
                               spell_level=level)


# ---------------------------------------------------------------------------------------
# the mage


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
    claims = ("size:mage:min", "zone:mage:missing")

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
                    closest_items=close,
                    message=f'Unknown mage "{e.name}"; closest: {", ".join(close) or "none"}. (MW-R1)')
            return
        stray = [e for e in ctx.resolved("spellbook") if e.extra.get("moved_from") == "mage"]
        if stray:
            e = stray[0]
            yield self.finding(
                ctx, zone="mage", card=e.card, line=e.line, input=e.name, variant="spell-not-mage",
                message=f'Line {e.line}: {ctx.label(e.card)} is a spell, not a mage; no mage '
                        'declared (add a "Mage: …" line); cannot cost the spellbook. (MW-R1)')
            return
        line = info.no_mage_line.line if info.no_mage_line is not None else _first_line(ctx)
        yield self.finding(ctx, zone="mage", line=line, expected=1, actual=0)


def _closest_mages(ctx: Context, text: str) -> list[str]:
    names: dict[str, str] = {}
    for row in mage_rows(ctx.db).values():
        for n in [row.get("name")] + list(row.get("aliases") or []):
            if n:
                names.setdefault(normalise.key(n), row["name"])
    keys = difflib.get_close_matches(normalise.key(text), list(names), n=6, cutoff=0.5)
    return list(dict.fromkeys(names[k] for k in keys))[:3]


@register
class ApprenticeMismatch(MwRule):
    """In Apprentice Mode the spellbook must be one of the fixed apprentice books.

    MW-R21 … R23 (seed, printed p.3: "choose the mage that suits you best, then pick out
    their spells according to the lists below"). A list is legal iff its spells, as a
    multiset of canonical names, equal the apprentice book of its mage in the original
    (seed) edition or the 4th edition (an ``Edition:`` line picks one). Only the Core mages
    Beastmaster, Priestess, Warlock and Wizard have one. Points, copies and restrictions are
    not checked; the message names the missing and extra cards of the closest edition.
    ``deckcheck sample magewars-apprentice beastmaster`` prints a book.
    """

    code = "MWR107"
    name = "apprentice-mismatch"
    message = ("This is not a {mage} apprentice spellbook. Closest: {edition} edition, which "
               "differs by: {diff}. (MW-R23)")

    def applies(self, ctx: Context) -> bool:
        return ctx.fmt.get("apprentice") is not None

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mage_info(ctx)
        if info.entry is None:
            return
        m = apprentice_match(ctx)
        mages = ", ".join((ctx.fmt.get("apprentice") or {}).get("mages") or [])
        if not m.has_book:
            yield self.finding(ctx, zone="mage", card=info.entry.card, line=info.entry.line,
                               mage=m.mage, variant="no-book", mages=mages,
                               mages_items=list((ctx.fmt.get("apprentice") or {}).get("mages")
                                                or []),
                               message=f"{m.mage} has no apprentice spellbook (only {mages}). (MW-R21)")
            return
        if m.exact:
            return
        bits = []
        if m.missing:
            bits.append("missing " + ", ".join(f"{n} {ctx.label(ctx.db.find(k) or k)}"
                                               for k, n in m.missing))
        if m.extra:
            bits.append("extra " + ", ".join(f"{n} {ctx.label(ctx.db.find(k) or k)}"
                                             for k, n in m.extra))
        first = (m.missing or m.extra)[0][0]
        card = ctx.db.find(first) or first
        yield self.finding(ctx, zone="spellbook", card=card, line=_card_line(ctx, first),
                           expected=m.book_counts.get(first, 0),
                           actual=m.list_counts.get(first, 0), mage=m.mage, edition=m.edition,
                           diff="; ".join(bits),
                           missing_items=[[n, ctx.label(ctx.db.find(k) or k)] for k, n in m.missing],
                           extra_items=[[n, ctx.label(ctx.db.find(k) or k)] for k, n in m.extra])


def _card_line(ctx: Context, name: str) -> int | None:
    for e in ctx.entries("spellbook"):
        if (e.card.name if e.card is not None else e.name) == name and e.line is not None:
            return e.line
    return _first_line(ctx)


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
                           line=_mage_line(ctx), actual=totals.get("Air"), mage=info.mage.name,
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
        yield self.finding(ctx, zone="mage", line=line or _mage_line(ctx), actual=word,
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
            text = (f"An element ({element}) was given, but the {mage.variant} {mage.name} is "
                    f"trained in {', '.join(sorted(mage.trained))} (fixed); ignored. (MW-R15)")
            yield self.finding(ctx, zone="mage", line=line or _mage_line(ctx), actual=element,
                               element=element, mage=mage.name, message=text, variant="fixed",
                               mage_variant=mage.variant, trained_items=sorted(mage.trained))
            return
        yield self.finding(ctx, zone="mage", line=line or _mage_line(ctx), actual=element,
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
    claims = ("size:mage:max",)

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


# ---------------------------------------------------------------------------------------
# card pool and data notes


@register
class PlaytestCard(MwRule):
    """A card that exists only in a community playtest set, not an official card.

    Game page §4.3: the OCTGN sets "Playtest: Promo Errata" and "Playtest: Elementalist Vs
    Monk" are Mage Wars Community Project sets. Their only cards (Paralyzing Strike and V2,
    Steam Elemental V1 and V2, Weapon Strike V2) are warned about; ``--strict`` fails on it.
    """

    code = "MWR112"
    name = "playtest-card"
    severity = Severity.WARNING
    message = "{card} exists only in a community playtest set ({set}); not an official card. (§4.3)"

    def check(self, ctx: Context) -> Iterable[Finding]:
        for e in _once_per_name(e for e in ctx.resolved("spellbook") if e.count > 0):
            if e.card.get("playtest"):
                yield self.finding(ctx, zone="spellbook", card=e.card, line=e.line,
                                   set=(e.card.get("sets") or ["?"])[0])


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
                               line=_mage_line(ctx), expected=info.limit, mage=info.mage.name)


@register
class PromoOnly(MwRule):
    """A card printed only as a promo (in the OCTGN data: *Eekamouse*). It is legal; the note
    tells you that opponents may not know it (game page §4.3)."""

    code = "MWR114"
    name = "promo-only"
    severity = Severity.INFO
    message = "{card} was printed only as a promo. (§4.3)"

    def check(self, ctx: Context) -> Iterable[Finding]:
        for e in _once_per_name(e for e in ctx.resolved("spellbook") if e.count > 0):
            if e.card.get("promo_only"):
                yield self.finding(ctx, zone="spellbook", card=e.card, line=e.line)


@register
class NotASpell(MwRule):
    """A card in the list that is not a spell: it is neither costed nor copy-counted.

    MW-R10, Codex "Spell": "Anything that goes into your spellbook. So, basically, any card
    except for your mage." The six Paladin auras (subtype Aura, Holy 0) are attached by the
    Paladin's ability, not cast from the book: an info note in a Paladin book, a warning in
    any other (they do nothing there). Mage and stats cards listed among the spells are
    read as the mage declaration.
    """

    code = "MWR115"
    name = "not-a-spell"
    severity = Severity.INFO
    message = "{card} is a {what}, not a spell; not counted. (MW-R10)"

    def check(self, ctx: Context) -> Iterable[Finding]:
        mage = mage_info(ctx).mage
        for e in _once_per_name(ctx.resolved("spellbook")):
            if card_kind(e.card) != "aura":
                continue
            paladin = mage is not None and mage.cls == "Paladin"
            what = "Paladin aura (attached by the Paladin's ability)" if paladin else \
                "Paladin aura (only the Paladin uses auras)"
            yield self.finding(ctx, zone="spellbook", card=e.card, line=e.line, what=what,
                               severity=Severity.INFO if paladin else Severity.WARNING,
                               what_key="paladin-aura" if paladin else "aura-not-paladin")


@register
class AcademyPool(MwRule):
    """A non-Academy card in a Mage Wars Academy spellbook.

    MW-R19: Academy is played with Academy cards, whose printed code starts ``MWA`` (not
    ``MWAPROMO``): 290 names; all ten official Academy books use only such cards. It is not
    verified that other cards are illegal, so this is a warning [uncertain] (format
    ``academy.pool_severity``).
    """

    code = "MWR116"
    name = "academy-pool"
    severity = Severity.WARNING
    message = ("{card} is not an Academy card (code {code}); Academy books use Academy cards. "
               "(MW-R19)")

    def applies(self, ctx: Context) -> bool:
        return bool((ctx.fmt.get("academy") or {}).get("pool"))

    def check(self, ctx: Context) -> Iterable[Finding]:
        sev = SEVERITIES.get((ctx.fmt.get("academy") or {}).get("pool_severity") or "warning")
        for e in _once_per_name(_spell_entries(ctx)):
            if not e.card.get("academy"):
                yield self.finding(ctx, zone="spellbook", card=e.card, line=e.line,
                                   code=e.card.get("code") or "none", severity=sev)


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

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mage_info(ctx)
        if info.mage is None:
            return
        want = ctx.fmt.get("mage_variant") or "arena"
        if info.no_version:
            yield self.finding(
                ctx, zone="mage", card=info.entry.card, line=info.entry.line,
                expected=info.limit, mage=info.mage.name, variant="no-version", want=want,
                mage_variant=info.mage.variant,
                message=f"{info.mage.name} has no {want} version; {ctx.fmt.id} costs it with "
                        f"its {info.mage.variant} training and the limit {info.limit}. (§1)")
            return
        for e, variant in info.variant_mismatch:
            yield self.finding(ctx, zone="mage", card=e.card, line=e.line, expected=info.limit,
                               input=e.card.name, variant=variant, mage=info.mage.name,
                               format_variant=want)


@register
class PointsUnused(MwRule):
    """How many of the mage's spellbook points the book uses (MW-R2), for information."""

    code = "MWR118"
    name = "points-unused"
    severity = Severity.INFO
    message = "{actual} of {expected} points used ({left} left). (MW-R2)"

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mage_info(ctx)
        if info.mage is None or info.limit is None:
            return
        if (ctx.fmt.get("points") or {}).get("source") == "none":
            return
        total = book_cost(ctx).total
        if total <= info.limit:
            yield self.finding(ctx, zone="spellbook", expected=info.limit, actual=total,
                               left=info.limit - total)


_DIFF_FIELDS = ("type", "schools", "level_total", "epic", "novice", "only_class", "only_school")
_FIELD_WORDS = {"type": "type", "schools": "schools", "level_total": "level", "epic": "Epic",
                "novice": "Novice", "only_class": "class only", "only_school": "school only"}


def _facts(value) -> str:
    if isinstance(value, dict) and "parts" in value:
        sep = {"and": "+", "or": "/"}.get(value.get("kind"), "")
        return (sep or "+").join(f"{p['school']} {p['level']}" for p in value["parts"])
    if value is True:
        return "yes"
    if value is False or value is None:
        return "no"
    return str(value)


@register
class PrintingDiffers(MwRule):
    """A card whose printings differ in a fact that matters for construction.

    Game page §4.3: one record per name; when printings disagree (school, level, type, Epic,
    Novice, "Only" traits), the facts come from the first of Final Release, any other
    official set, Promo, playtest. Examples: *Mage Wand* is Epic only in Final Release;
    *Pharaoh's Cheetah* is Nature 3 in the promo, Nature 2 in Final Release. [uncertain]
    whether every Final Release change is official errata.
    """

    code = "MWR119"
    name = "printing-differs"
    severity = Severity.INFO
    message = "{card}: printings differ ({diff}); used the {set} printing. (§4.3)"

    def check(self, ctx: Context) -> Iterable[Finding]:
        for e in _once_per_name(e for e in ctx.resolved("spellbook") if e.count > 0):
            card = e.card
            if not card.get("rule_facts_differ"):
                continue
            prints = card.get("printings") or []
            used = prints[0].get("set") if prints else "?"
            diffs = []
            for k in _DIFF_FIELDS:
                others = [(p.get("set"), p[k]) for p in prints[1:] if k in p]
                if others:
                    diffs.append(f"{_FIELD_WORDS[k]} {_facts(card.get(k))} ({used}) vs "
                                 + ", ".join(f"{_facts(v)} ({where})" for where, v in others))
            diff = "; ".join(diffs) or "see the card data"
            facts = [[k, card.get(k), [[where, v] for where, v in
                                       ((p.get("set"), p[k]) for p in prints[1:] if k in p)]]
                     for k in _DIFF_FIELDS if any(k in p for p in prints[1:])]
            yield self.finding(ctx, zone="spellbook", card=card, line=e.line, diff=diff, set=used,
                               differing=facts)


@register
class TypeHeaderMismatch(MwRule):
    """A card listed under a type header of another type (a header is only a hint).

    Game page §6.2: "Creature", "生物", "--- Attack ---" and the OCTGN sections are hints
    inside the spellbook; the card is costed by its real type. The seed itself lists
    Tanglevine (a Conjuration) among the enchantments. A wall under "Walls" or
    "Conjurations" is fine.
    """

    code = "MWR120"
    name = "type-header-mismatch"
    severity = Severity.INFO
    message = 'Line {line}: {card} is {article} {type}, listed under "{header}". (§6.2)'

    def check(self, ctx: Context) -> Iterable[Finding]:
        game = ctx.game
        if not hasattr(game, "header_type"):
            return
        for e in ctx.resolved("spellbook"):
            if card_kind(e.card) == "mage" or e.extra.get("moved_from"):
                continue
            want = game.header_type(e.hint)
            if want is None:
                continue
            ctype = e.card.get("type")
            subs = set(e.card.get("subtypes") or ())
            ok = ctype == want or (want == "Wall" and "Wall" in subs)
            if not ok:
                shown = f"{ctype} (Wall)" if "Wall" in subs else ctype
                yield self.finding(ctx, zone="spellbook", card=e.card, line=e.line,
                                   expected=want, actual=ctype, type=shown, header=e.hint,
                                   article="an" if shown[:1] in "AEIOU" else "a")


@register
class AcademyCopiesAboveBooks(MwRule):
    """More copies than any official Academy book has (3 of a level-1, 2 of a level-2+ spell).

    MW-R20 [uncertain]: deckcheck uses the Arena copy limits 6/4/1 in Academy, but no official
    Academy book has more than 3 copies of a level-1 spell or 2 of a level-2+ spell, which
    hints at a stricter Academy rule. Off by default; the format
    ``magewars-academy-strict`` turns it on as a warning.
    """

    code = "MWR121"
    name = "academy-copies-above-books"
    severity = Severity.INFO
    default_enabled = False
    message = ("{card}: {actual} copies; official Academy books never exceed {expected} of a "
               "level-{level} spell. (MW-R20)")

    def applies(self, ctx: Context) -> bool:
        return bool((ctx.fmt.get("academy") or {}).get("book_copies"))

    def check(self, ctx: Context) -> Iterable[Finding]:
        academy = ctx.fmt.get("academy") or {}
        limits = academy["book_copies"]
        sev = SEVERITIES.get(academy.get("book_copies_severity") or "info")
        for c in _spell_counts(ctx):
            if c.card.get("epic"):
                continue
            limit = int(limits.get("level_1" if level_total(c.card) <= 1 else "level_2_plus", 99))
            if c.total > limit:
                yield self.finding(ctx, zone="spellbook", card=c.card, line=c.first_line,
                                   expected=limit, actual=c.total, level=_level_words(c.card),
                                   severity=sev)


@register
class ListedCostDiffers(MwRule):
    """An OCTGN clipboard line's own numbers disagree with deckcheck's cost.

    Game page §6.2: the OCTGN spellbook report line ``2 - Lightning Bolt - 2 - 2 - 4`` is
    quantity, name, level, cost and total. The trailing numbers are ignored for checking;
    when they differ from the cost deckcheck computes for the declared mage (§2.3), this note
    shows both (an older export, another mage or element, or changed card data).
    """

    code = "MWR122"
    name = "listed-cost-differs"
    severity = Severity.INFO
    message = ("Line {line}: the list says {card} costs {listed} each ({listed_total} in all); "
               "for {mage} it costs {expected} each ({total} in all). (§6.2)")

    def check(self, ctx: Context) -> Iterable[Finding]:
        info = mage_info(ctx)
        mage = info.mage
        if mage is None:
            return
        opts = cost_options(ctx)
        for e in ctx.resolved("spellbook"):
            listed = e.extra.get("listed")
            if not listed:
                continue
            cost = spell_cost(e.card, mage, **opts)
            if cost is None:
                continue
            if cost.each != listed["cost"] or cost.each * e.count != listed["total"]:
                yield self.finding(ctx, zone="spellbook", card=e.card, line=e.line,
                                   expected=cost.each, actual=listed["cost"], listed=listed["cost"],
                                   listed_total=listed["total"], total=cost.each * e.count,
                                   mage=mage.title)



@register
class EditionUnknown(MwRule):
    """An ``Edition:`` line names no apprentice edition deckcheck knows (original, 4th), so
    the list was compared with every edition of its mage's apprentice book (MW-R23)."""

    code = "MWR123"
    name = "edition-unknown"
    severity = Severity.WARNING
    message = ('Line {line}: "{input}" is not an apprentice edition (original, 4th); the list '
               "was compared with every edition. (MW-R23)")

    def check(self, ctx: Context) -> Iterable[Finding]:
        written = (ctx.deck.metadata.get("edition") or "").strip()
        if written and edition_word(written) is None:
            yield self.finding(ctx, line=ctx.deck.metadata_lines.get("edition"), input=written)
