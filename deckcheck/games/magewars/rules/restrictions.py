"""Spells a mage may not take: "<Class> Only", "<School> Mage Only" and the Academy card pool
(MW-R13, MW-R14, MW-R19)."""

from __future__ import annotations

from typing import Iterable

from deckcheck.games.magewars.book import level_total, parts_of
from deckcheck.games.magewars.model import mage_info
from deckcheck.games.magewars.rules.common import MwRule, SEVERITIES, once_per_name, spell_entries
from deckcheck.models import Finding, Severity
from deckcheck.rules.base import Context, register


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
        for e in once_per_name(spell_entries(ctx)):
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
        for e in once_per_name(spell_entries(ctx)):
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
        for e in once_per_name(spell_entries(ctx)):
            if not e.card.get("academy"):
                yield self.finding(ctx, zone="spellbook", card=e.card, line=e.line,
                                   code=e.card.get("code") or "none", severity=sev)
