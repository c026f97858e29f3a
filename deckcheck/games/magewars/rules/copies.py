"""Copies of a spell: the level limits, Epic spells and the official Academy books (MW-R11,
MW-R12, MW-R20)."""

from __future__ import annotations

from typing import Iterable

from deckcheck.games.magewars.book import level_total
from deckcheck.games.magewars.rules.common import (MwRule, SEVERITIES, copy_limit, level_words,
                                                   spell_counts)
from deckcheck.models import Finding, Severity
from deckcheck.rules.base import Context, register
from deckcheck.rules.claims import Check


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
    claims = (Check.COPIES,)

    def check(self, ctx: Context) -> Iterable[Finding]:
        for c in spell_counts(ctx):
            if c.card.get("epic"):
                continue
            limit = copy_limit(ctx, c.card)
            if c.total > limit:
                yield self.finding(ctx, zone="spellbook", card=c.card, line=c.first_line,
                                   expected=limit, actual=c.total, level=level_words(c.card))


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
        for c in spell_counts(ctx):
            if c.card.get("epic") and c.total > limit:
                yield self.finding(ctx, zone="spellbook", card=c.card, line=c.first_line,
                                   expected=limit, actual=c.total)


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
        for c in spell_counts(ctx):
            if c.card.get("epic"):
                continue
            limit = int(limits.get("level_1" if level_total(c.card) <= 1 else "level_2_plus", 99))
            if c.total > limit:
                yield self.finding(ctx, zone="spellbook", card=c.card, line=c.first_line,
                                   expected=limit, actual=c.total, level=level_words(c.card),
                                   severity=sev)
