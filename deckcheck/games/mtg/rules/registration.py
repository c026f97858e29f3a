"""Registration lists (mtg.md §6): the sheet's totals, the DCI number, the fields of the
sheet and the list's date.
"""

from __future__ import annotations

from typing import Iterable

from deckcheck.games.mtg.model import dci_valid, is_registration
from deckcheck.games.mtg.rules.common import ZONE_WORDS, MtgRule
from deckcheck.models import Finding, Severity
from deckcheck.parsing.detect import read_list_date
from deckcheck.rules.base import Context, register

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
    messages = {"not-a-number": ('The {zone_word} total "{value}" is not a number; '
                                 "the listed cards add up to {actual}.")}

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
                                   value=value)
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


@register
class EventDateMismatch(MtgRule):
    """The list's ``Date:`` line differs from ``--date``.

    Without ``--date`` the list's own date picks the profile (``--date`` > the list's
    ``Date:`` > the config > today), so only a ``--date`` that differs from it is reported,
    as a warning: the list is checked as on ``--date`` (mtg.md §6.4). An unreadable
    ``Date:`` line is DCK032.
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
        list_date = read_list_date(value)
        if list_date is None:
            return                          # DCK032 (the engine reads the list's date)
        if ctx.date is not None and ctx.date != list_date:
            yield self.finding(ctx, line=line, list_date=list_date, date=ctx.date)
