"""One registration run: the event's details, every player's list checked, the totals.

The event's details come from the command line, else from the roster's header (a command
line value wins, and the difference is noted). The event date is required: every list is
checked as on that date. Each player's format is the roster row's ``format``, else ``-f``,
else the roster header's ``Format:``, else what the list itself or ``.deckcheck.yaml`` says
(the normal rules of ``deckcheck check``).

Statuses: ``legal``, ``illegal`` (an error finding), ``unreadable`` (no deck file given, a
missing or unreadable file, no format, the check failed, or a deck path the roster may not
name: outside the roster's folder and ``--decks-dir``, or not a regular file; such a file
is never opened, and the row is an organiser error, REG007). The exit code is 1 when any
list is not legal or an organiser check found an error (with ``strict``, warnings of the
lists and of the organiser checks count too), else 0; problems with the roster or the options raise
:class:`~deckcheck.registration.roster.RosterError` or :class:`deckcheck.api.UsageError`
(exit 2).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from deckcheck.models import DeckResult, Finding, Severity
from deckcheck.registration.fingerprint import Fingerprint, FingerprintError, fingerprint
from deckcheck.registration.roster import Player, Roster, RosterError, read_roster

STATUSES = ("legal", "illegal", "unreadable")


@dataclass(slots=True)
class Event:
    name: str | None
    date: str
    location: str | None
    format_id: str | None
    roster: str
    notes: list[str] = field(default_factory=list)
    formats: dict[str, dict[str, Any]] = field(default_factory=dict)  # id -> game, profile …

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "date": self.date, "location": self.location,
                "format": self.format_id, "roster": self.roster, "formats": self.formats,
                "notes": list(self.notes)}


@dataclass(slots=True)
class PlayerResult:
    number: int
    player: Player
    result: DeckResult | None
    game: str | None
    format_id: str | None
    fingerprint: Fingerprint | None = None
    organiser: list[Finding] = field(default_factory=list)
    problem: str | None = None          # why there is no result (no deck file given …)

    @property
    def status(self) -> str:
        if self.result is None or self.result.error is not None:
            return "unreadable"
        return "legal" if self.result.legal else "illegal"

    @property
    def legal(self) -> bool:
        return self.status == "legal"

    @property
    def error_text(self) -> str:
        if self.problem:
            return self.problem
        from deckcheck.reporting.base import error_text

        return error_text(self.result) if self.result is not None else "not checked"

    @property
    def findings(self) -> list[Finding]:
        return list(self.result.findings) if self.result is not None else []

    def first_findings(self, limit: int = 2) -> list[Finding]:
        """The findings to show in a status table: errors (or, for a legal list, warnings)."""
        want = Severity.ERROR if self.status == "illegal" else Severity.WARNING
        return [f for f in self.findings if f.severity is want][:limit]

    def failed(self, strict: bool) -> bool:
        if self.status != "legal":
            return True
        if any(f.severity is Severity.ERROR for f in self.organiser):
            return True
        if not strict:
            return False
        return any(f.severity is Severity.WARNING for f in self.organiser) or \
            (self.result is not None and self.result.failed(True))


@dataclass(slots=True)
class Registration:
    event: Event
    roster: Roster
    players: list[PlayerResult]
    strict: bool = False

    def totals(self) -> dict[str, int]:
        out = {"players": len(self.players)}
        for s in STATUSES:
            out[s] = sum(1 for p in self.players if p.status == s)
        org = [f for p in self.players for f in p.organiser]
        out["organiser_errors"] = sum(1 for f in org if f.severity is Severity.ERROR)
        out["organiser_warnings"] = sum(1 for f in org if f.severity is Severity.WARNING)
        out["organiser_notes"] = sum(1 for f in org if f.severity is Severity.INFO)
        digests: dict[str, int] = {}
        for p in self.players:
            if p.fingerprint is not None:
                digests[p.fingerprint.digest] = digests.get(p.fingerprint.digest, 0) + 1
        out["identical_lists"] = sum(1 for n in digests.values() if n > 1)
        return out

    def by_format(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for p in self.players:
            row = out.setdefault(p.format_id or "?", {"players": 0, **{s: 0 for s in STATUSES}})
            row["players"] += 1
            row[p.status] += 1
        return out

    @property
    def exit_code(self) -> int:
        return 1 if any(p.failed(self.strict) for p in self.players) else 0


# ---------------------------------------------------------------------------------------
# the run


def register(roster_path: str, *, format_id: str | None = None, date: str | None = None,
             event: str | None = None, location: str | None = None, lang: str = "en",
             select: list[str] | None = None, ignore: list[str] | None = None,
             config: Any = None, strict: bool = False, progress=None,
             decks_dir: str | None = None) -> Registration:
    """Check every list of the roster at ``roster_path``. Deck paths are relative to the
    roster's folder and must lead inside it or inside ``decks_dir``; a row naming anything
    else is not read (REG007)."""
    from deckcheck.api import Options, UsageError, check_file
    from deckcheck.registration.checks import run_checks

    if decks_dir is not None and not os.path.isdir(decks_dir):
        raise UsageError(f"--decks-dir {decks_dir}: no such folder; give the folder that holds "
                         "the deck files")
    roster = read_roster(roster_path, decks_dir)
    ev = _event(roster, format_id, date, event, location, config)
    ev.formats = _validate_formats(roster, ev, config)
    players: list[PlayerResult] = []
    for number, player in enumerate(roster.players, 1):
        fmt_id = player.format_id or ev.format_id
        game = ev.formats.get(fmt_id or "", {}).get("game")
        pr = PlayerResult(number=number, player=player, result=None, game=game, format_id=fmt_id)
        if player.deck_path is None:
            pr.problem = "no deck file given in the roster"
        elif player.deck_refused:
            pr.problem = player.deck_refused
        else:
            # every list is checked on the event date; that a game's rules do not depend on
            # it (DCK026) is no news to the organiser
            opts = Options(format_id=fmt_id, date=ev.date, lang=lang, select=list(select or []),
                           ignore=list(ignore or []) + ["DCK026"], config=config)
            try:
                pr.result = check_file(player.deck_path, opts)
            except Exception as exc:  # one list must not cost the whole roster
                pr.problem = f"the list could not be checked: {type(exc).__name__}: {exc}"
        if pr.result is not None and pr.result.error is None:
            pr.game, pr.format_id = pr.result.game, pr.result.format
            try:
                pr.fingerprint = fingerprint(pr.result)
            except FingerprintError as exc:
                pr.problem = str(exc)
                pr.result.error = str(exc)
            _note_profile(ev, pr.result)
        players.append(pr)
        if progress is not None:
            progress(number, len(roster.players))
    run_checks(players, roster.has_id_column)
    return Registration(event=ev, roster=roster, players=players, strict=strict)


def _event(roster: Roster, format_id: str | None, date: str | None, name: str | None,
           location: str | None, config: Any) -> Event:
    from deckcheck.api import UsageError, validate_date

    notes: list[str] = []
    header, lines = roster.event, roster.event_lines

    def pick(option: str | None, key: str, flag: str) -> str | None:
        written = header.get(key)
        if option and written and option != written:
            notes.append(f"{flag} {option} replaces the roster's {key.capitalize()}: {written} "
                         f"(line {lines.get(key)})")
        return option or written

    date_value = pick(date, "date", "--date")
    if not date_value:
        raise UsageError("no event date: give --date YYYY-MM-DD or a '# Date: YYYY-MM-DD' line "
                         "before the roster's header (every list is checked as on that date)")
    try:
        date_value = validate_date(date_value)
    except UsageError:
        if date:
            raise
        raise RosterError(f"{roster.path}:{lines.get('date')}: Date {header['date']!r} is not a "
                          "date; write YYYY-MM-DD, e.g. 2026-12-05") from None
    fmt = pick(format_id.lower() if format_id else None, "format", "-f")
    return Event(name=pick(name, "event", "--event"), date=date_value or "",
                 location=pick(location, "location", "--location"),
                 format_id=fmt.lower() if fmt else None, roster=roster.path, notes=notes)


def _validate_formats(roster: Roster, ev: Event, config: Any) -> dict[str, dict[str, Any]]:
    """Load every format the roster names, as on the event date: id -> game and profile."""
    from deckcheck import formats
    from deckcheck.api import UsageError

    extra = list(getattr(config, "formats_dirs", []) or [])
    wanted: list[tuple[str, str]] = []        # (format id, where it was given)
    if ev.format_id:
        where = (f"{roster.path}:{roster.event_lines['format']}"
                 if ev.format_id == roster.event.get("format") else "-f")
        wanted.append((ev.format_id, where))
    for p in roster.players:
        if p.format_id:
            wanted.append((p.format_id, f"{roster.path}:{p.line}"))
    out: dict[str, dict[str, Any]] = {}
    for fmt_id, where in wanted:
        if fmt_id in out:
            continue
        try:
            fmt = formats.load(fmt_id, extra).for_date(ev.date)
        except formats.FormatError as exc:
            if where == "-f":
                raise UsageError(str(exc)) from None
            raise RosterError(f"{where}: {exc}") from None
        info: dict[str, Any] = {"game": fmt.game, "title": fmt.title}
        if fmt.profile:
            info["profile"] = str(fmt.profile["from"])
            if fmt.profile.get("name"):
                info["profile_name"] = fmt.profile["name"]
        out[fmt_id] = info
    return out


def _note_profile(ev: Event, result: DeckResult) -> None:
    """A format only the list itself named (``Format:`` line, config): record it too."""
    if not result.format or result.format in ev.formats:
        return
    from deckcheck import formats

    info: dict[str, Any] = {"game": result.game}
    try:
        info["title"] = formats.load(result.format).title
    except formats.FormatError:
        pass
    stats = result.stats or {}
    if stats.get("profile"):
        info["profile"] = str(stats["profile"])
    if stats.get("profile_name"):
        info["profile_name"] = stats["profile_name"]
    ev.formats[result.format] = info
