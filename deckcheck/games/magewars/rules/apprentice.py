"""Apprentice Mode: the list must be one of the fixed apprentice books (MW-R21 … R23)."""

from __future__ import annotations

from typing import Iterable

from deckcheck.games.magewars.apprentice import apprentice_match, edition_word
from deckcheck.games.magewars.model import mage_info
from deckcheck.games.magewars.rules.common import MwRule, card_line
from deckcheck.models import Finding, Severity
from deckcheck.rules.base import Context, register


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
    messages = {"no-book": "{mage} has no apprentice spellbook (only {mages}). (MW-R21)"}

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
                                                or []))
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
        yield self.finding(ctx, zone="spellbook", card=card, line=card_line(ctx, first),
                           expected=m.book_counts.get(first, 0),
                           actual=m.list_counts.get(first, 0), mage=m.mage, edition=m.edition,
                           diff="; ".join(bits),
                           missing_items=[[n, ctx.label(ctx.db.find(k) or k)] for k, n in m.missing],
                           extra_items=[[n, ctx.label(ctx.db.find(k) or k)] for k, n in m.extra])


@register
class EditionUnknown(MwRule):
    """An ``Edition:`` line names no apprentice edition deckcheck knows (original, 4th), so
    the list was compared with every edition of its mage's apprentice book (MW-R23)."""

    code = "MWR123"
    name = "edition-unknown"
    severity = Severity.WARNING
    message = ('"{input}" is not an apprentice edition (original, 4th); the list '
               "was compared with every edition. (MW-R23)")

    def check(self, ctx: Context) -> Iterable[Finding]:
        written = (ctx.deck.metadata.get("edition") or "").strip()
        if written and edition_word(written) is None:
            yield self.finding(ctx, line=ctx.deck.metadata_lines.get("edition"), input=written)
