"""The ``DCK`` rules of dated format data, for every game: a check past the last day the
format's data covers (``data_until:``) and a check on a profile the sources leave open in
part (``incomplete: true``). Neither changes a verdict; both make sure that a list checked
where the data stops or is partial never passes silently."""

from __future__ import annotations

from typing import Iterable

from deckcheck.models import Finding, Severity
from deckcheck.rules.base import Context, Rule, register


@register
class DataEnds(Rule):
    """The date checked on is after the last day the format's data covers (``data_until:``
    in the format file): bans, rotations or set releases after that day are not known, so
    the list is checked with the newest data, which may be out of date.

    Without a date the newest data is used as well; the same note is an info then. A date on
    or after the ``next_change:`` of the profile in force is not reported here: a later
    profile is known but not loaded (its sets are missing from the card data), and the
    game says so with its own code (Magic's MTG206), naming that change.
    """

    code = "DCK029"
    name = "data-ends"
    severity = Severity.WARNING
    message = ("The data of {format} ends on {until}: nothing later is known, so {date} is "
               "checked with the state of {until}.")
    messages = {"no-date": "No date given: {format} is checked with its newest data, which "
                           "ends on {until} (give --date to check another day)."}

    def check(self, ctx: Context) -> Iterable[Finding]:
        until = ctx.fmt.get("data_until")
        if not until:
            return
        if ctx.date is None:
            yield self.finding(ctx, until=until, severity=Severity.INFO, variant="no-date")
        elif ctx.date > until and not _superseded(ctx):
            yield self.finding(ctx, until=until, date=ctx.date, expected=until,
                               actual=ctx.date)


def _superseded(ctx: Context) -> bool:
    nxt = (ctx.fmt.profile or {}).get("next_change")
    return bool(nxt) and ctx.date >= nxt


@register
class DataIncomplete(Rule):
    """The format's profile in force on the date checked is marked ``incomplete: true``: the
    sources leave part of its state open (a cut-off announcement, an undated change, no
    complete list printed). What is known is checked; the finding says what is not, so a
    list that passes is not taken for a complete check.
    """

    code = "DCK030"
    name = "data-incomplete"
    severity = Severity.INFO
    message = "The {format} data in force on {day} ({profile}) is incomplete: {note}."

    def check(self, ctx: Context) -> Iterable[Finding]:
        p = ctx.fmt.profile
        if not p or not p.get("incomplete"):
            return
        yield self.finding(ctx, day=ctx.date or p["from"], profile=p.get("name") or p["from"],
                           note=p.get("incomplete_note") or "the sources are partial")
