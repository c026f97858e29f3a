"""The ``DCK`` rules of dated format data, for every game: a check past the last day the
format's data covers (``data_until:``) and a check on a profile the sources leave open in
part (``incomplete: true``). Neither changes a verdict; both make sure that a list checked
where the data stops or is partial never passes silently. DCK039 is DCK029's counterpart
at the other end: a day after the format began (its ``started:``) but before the first state
its data knows. DCK037 reports a card checked on a day before its first release (the game's
set dates).

A day before the format began is no finding: :meth:`deckcheck.formats.Format.for_date`
refuses it (a usage error, exit 2), so no list is checked against a format that did not
exist yet."""

from __future__ import annotations

import datetime as _dt
from typing import Iterable

from deckcheck.models import Finding, Severity
from deckcheck.releases import first_release
from deckcheck.rules.base import Context, Rule, register


@register
class DataEnds(Rule):
    """The day checked is after the last day the format's data covers (``data_until:`` in
    the format file: for Force of Will the last sourced ban list or rotation, for Magic the
    day before the first change the loaded profiles do not cover): bans, rotations and sets
    after that day are not known, so the list is checked with the newest data, which may be
    out of date. A format without ``data_until`` (no dated data) gets nothing.

    Without a date the day checked is today, so the same warning is given (variant
    ``no-date``, naming the day the data ends): a list checked today never passes silently
    on old data. That variant is *lenient*: it does not fail ``--strict``, since it is about
    the data and not the list, and would fail every list of a repository's CI run the day
    the data grows old; give ``--date`` to make it count (the ``default`` variant does).

    Each finding says one thing, so two codes never say the same:

    * MTG206 ``profile-superseded``: a later profile of the format is known but withheld
      (its sets are missing from the card data); it names that change, which is more than
      this rule could say, so this rule is silent on and after the ``next_change:`` of the
      profile in force (and, with no date, whenever that profile has one).
    * MTG212 ``data-lacks-sets``: the profile in force names sets or cards the *card data*
      lacks; this rule speaks of the *format data* ending, so both may appear.

    Both findings are ``shared``: the text and concise reports show each once, in the batch
    summary, with the number of decks it concerns (machine formats keep every finding).
    """

    code = "DCK029"
    name = "data-ends"
    severity = Severity.WARNING
    shared = True
    message = ("The data of {format} ends on {until}: nothing later is known, so {date} is "
               "checked with the state of {until}.")
    messages = {"no-date": ("No date given: the {format} data ends on {until}; later bans, "
                            "rotations and sets are not known.")}

    def check(self, ctx: Context) -> Iterable[Finding]:
        until = ctx.fmt.get("data_until")
        if not until or _superseded(ctx):
            return
        if ctx.date is None:
            today = _dt.date.today().isoformat()
            if today > until:
                yield self.finding(ctx, until=until, variant="no-date", lenient=True,
                                   expected=until, actual=today)
        elif ctx.date > until:
            yield self.finding(ctx, until=until, date=ctx.date, expected=until,
                               actual=ctx.date)


def _superseded(ctx: Context) -> bool:
    """A later profile is known but not loaded (MTG206 names it): with no date, whenever the
    profile in force has a ``next_change``; with a date, on or after it."""
    nxt = (ctx.fmt.profile or {}).get("next_change")
    return bool(nxt) and (ctx.date is None or ctx.date >= nxt)


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
class DataBegins(Rule):
    """The day checked is on or after the day the format began (``started:`` in the format
    file, with its source) but before its first dated profile: the sources give no earlier
    state, so the list is checked with the first one, whose bans and card pool are those of
    a later day (a card banned or a set added between the two is judged by that later
    state). The format's first profile is named, so the player knows which state was used.

    A warning, as DCK029 is at the other end of the data: it fails ``--strict``. A format
    without ``started:`` never gets here (an earlier date has no profile and is refused).
    """

    code = "DCK039"
    name = "data-begins"
    severity = Severity.WARNING
    message = ("{format} began on {start}, but its data begins on {first}: the state of "
               "{day} is not known, so it is checked with that of {first} ({profile}).")

    def check(self, ctx: Context) -> Iterable[Finding]:
        p = ctx.fmt.profile
        started = ctx.fmt.data.get("started")
        if ctx.date is None or not p or not started or ctx.date >= p["from"]:
            return
        yield self.finding(ctx, start=started["date"], first=p["from"], day=ctx.date,
                           profile=p.get("name") or p["from"], expected=f">= {p['from']}",
                           actual=ctx.date)


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
