"""The ``DCK`` rules of dated format data, for every game: a check past the last day the
format's data covers (``data_until:``) and a check on a profile the sources leave open in
part (``incomplete: true``). Neither changes a verdict; both make sure that a list checked
where the data stops or is partial never passes silently. A third, DCK037, reports a card
checked on a day before its first release (the game's set dates)."""

from __future__ import annotations

from typing import Iterable

from deckcheck.models import Finding, Severity
from deckcheck.releases import first_release
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


@register
class NotYetReleased(Rule):
    """A card is checked in a dated format on a day before it first came out: the earliest
    release of any printing of its name (a reprint shares the name's first release) is after
    the date, so the card is not legal in the format on that day.

    The release dates are the game's set dates (:meth:`~deckcheck.games.base.Game.set_releases`:
    Force of Will's ``releases`` in ``cards/fow/clusters.yaml``, World of Warcraft's
    ``released`` months in ``cards/wowtcg/sets.yaml``). A set given only by its month counts
    from the 1st of that month. A card with a printing whose set has no known date is not
    reported (that printing may be the older one). Only formats with dated profiles and only a
    check with a date (``--date`` or the list's ``Date:``) are concerned; a game whose own
    rules report this (Magic's MTG201 ``not-yet-released``) offers no table.
    """

    code = "DCK037"
    name = "not-yet-released"
    severity = Severity.ERROR
    message = ("{card} is not legal in {format} on {date}: it first came out in {set} on "
               "{released}.")
    messages = {"month": ("{card} is not legal in {format} on {date}: it first came out in "
                          "{set} in {released} (the source gives the month only).")}

    def check(self, ctx: Context) -> Iterable[Finding]:
        if ctx.date is None or not ctx.fmt.profiles:
            return
        table = ctx.once("set-releases", lambda: ctx.game.set_releases(ctx.db))
        if not table:
            return
        seen: set[str] = set()
        for e in ctx.resolved():
            card = e.card
            if card.id in seen:
                continue
            seen.add(card.id)
            first = first_release(ctx.game.card_sets(card), table)
            if first is None or ctx.date >= first.first_day:
                continue
            yield self.finding(ctx, zone=e.zone, card=card, line=e.line, date=ctx.date,
                               set=first.label, set_code=first.code, released=first.shown,
                               expected=f">= {first.first_day}", actual=ctx.date,
                               variant="month" if first.month_only else None)
