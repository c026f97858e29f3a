"""The human report: what matters first, fitted to the terminal.

By default a deck with no error or warning is one line (its verdict, and how many info
notes it has); a deck with problems is its verdict, then its errors and warnings, one per
line (wrapped under the message). The summary gives the totals, how many info notes were
not shown, and how many names ``deckcheck fix`` can correct. A *shared* warning (one about
the format's data, not the list: DCK029 ``data-ends``, MTG206, MTG212) is the same for every
deck checked in that format on that day, so it is not repeated under each deck: the summary
shows it once, with the number of decks it concerns (the summary's warning total counts it
for each) (as ruff and sqlfluff print a per-run notice once, not per file). A batch of
N legal decks thus stays N lines plus the summary. ``show_info`` gives the full
report of every deck (zone counts, the game's tables, every finding with its zone and card);
``quiet`` only the decks with problems and their problems.

Every value is shown with :func:`deckcheck.safetext.log_safe` before it is laid out (so
escapes keep the columns aligned), and each finished line passes through
:func:`deckcheck.safetext.log_safe` again: no hidden character and no workflow command, even
where a long name is wrapped onto a line of its own. Colour (``options.color``) is added
after that, around words deckcheck wrote (the verdicts and severities).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable, Iterator

from deckcheck.i18n import t, zone_name
from deckcheck.i18n_tables import section
from deckcheck.models import DeckResult, Severity
from deckcheck.reporting.base import (Reporter, SharedWarnings, Tally, codes_counted, counted,
                                      notes, number, problems, summary_text)
from deckcheck.reporting.table import fit, table, terminal_width, text_width, wrap
from deckcheck.safetext import guard_lines, log_safe

#: ANSI styles of the words deckcheck colours
#: below this width a finding's message continues HANG columns in, not under itself
WIDE, HANG = 100, 6

STYLES = {"legal": "32", "illegal": "1;31", "unreadable": "1;31", "error": "31",
          "warning": "33", "info": "36", "dim": "2"}


def _cell(value: object) -> object:
    """A table cell: numbers stay numbers (right-aligned), text is shown safely."""
    return value if isinstance(value, (int, float)) else log_safe(value)


def _rows(rows) -> list[list[object]]:
    return [[_cell(v) for v in row] for row in rows]


class TextReporter(Reporter):
    name = "text"

    def render(self, results: list[DeckResult]) -> str:
        return "".join(self.chunks(results))

    def chunks(self, results: Iterable[DeckResult]) -> Iterator[str]:
        """Each deck's lines as its result comes, then the summary, which is added up from
        the decks as they go by (:class:`_Seen`): no result is held. A blank line that ends
        a deck's part waits for the next part (the quiet report ends without it)."""
        self.width = terminal_width()
        self.lang = self.options.lang
        seen = _Seen(self.options)
        # a blank line held back; whether a deck took more than its verdict line
        blank = long = False
        for r in results:
            seen.add(r)
            lines = self._full(r) if self.options.show_info else self._brief(r)
            if not lines:
                continue
            part = ("\n" if blank else "") + "".join(line + "\n" for line in lines[:-1])
            blank = lines[-1] == ""
            long = long or blank or len(lines) > 1
            yield part if blank else part + lines[-1] + "\n"
        if not self.options.quiet:
            # a list of one-line verdicts runs straight into its summary (N decks, N lines
            # and the summary); after a deck's findings a blank line sets the summary apart
            summary_lines = self._summary(seen)
            yield ("\n" if long else "") + "".join(line + "\n" for line in summary_lines)

    # -- pieces -----------------------------------------------------------------------------
    def _paint(self, text: str, style: str) -> str:
        if not self.options.color or not text:
            return text
        return f"\x1b[{STYLES[style]}m{text}\x1b[0m"

    def _lines(self, text: str) -> list[str]:
        """Text of deckcheck's own, made safe and fitted to the width, as lines."""
        return fit(guard_lines(text), self.width).split("\n")

    def _title(self, r: DeckResult, suffix: str = "") -> list[str]:
        """The deck's verdict line(s): ``path — format: ILLEGAL``, the status coloured."""
        lang = self.lang
        if r.error is not None:
            status, style = t("unreadable", lang).upper(), "unreadable"
            head = f"{log_safe(r.path)}: "
            error = log_safe(r.error)
            if error.startswith(head):      # the reader's message names the file already
                error = error[len(head):]
            lines = self._lines(f"{head}{status}: {error}")
            lines[0] = lines[0].replace(status, self._paint(status, style), 1)
            return lines
        status = (t("legal", lang) if r.legal else t("illegal", lang)).upper()
        style = "legal" if r.legal else "illegal"
        title = f"{log_safe(r.path)} — {log_safe(r.format)}"
        if r.date:
            title += t(" on {date}", lang, date=log_safe(r.date))
        if r.stats.get("profile") and self.options.show_info:   # the brief report leaves it
            title += t(" (profile {profile})", lang, profile=log_safe(r.stats["profile"]))
        text = t("{title}: {status}", lang, title=title, status=status)
        lines = self._lines(text + suffix)
        # the status is the last word of the title part: colour its last occurrence there
        for i in range(len(lines) - 1, -1, -1):
            at = lines[i].rfind(status)
            if at >= 0:
                lines[i] = lines[i][:at] + self._paint(status, style) + lines[i][at + len(status):]
                break
        return lines

    def _one_line(self, r: DeckResult) -> list[str]:
        """A deck with nothing to show: its verdict on one line. When the line is wider
        than the terminal, its note count (the summary counts the notes too) and then the
        folders in the middle of its path give way (``examples/…/grimm.txt``); the file's
        name, the format and the verdict stay whole. Else it wraps."""
        suffix = self._notes_suffix(r)
        lines = self._title(r, suffix)
        if len(lines) == 1:
            return lines
        tries = [(r.path, "")] if suffix else []
        for short in _shorter_paths(r.path):
            tries += [(short, suffix)] + ([(short, "")] if suffix else [])
        for path, end in tries:
            shown = self._title(replace(r, path=path), end)
            if len(shown) == 1:
                return shown
        return lines

    def _notes_suffix(self, r: DeckResult) -> str:
        hidden = notes(r)
        if not hidden or self.options.quiet:
            return ""
        note = counted(len(hidden), "note", self.lang)
        return f" ({note})" if self.lang == "en" else f"（{note}）"

    def _brief(self, r: DeckResult) -> list[str]:
        if r.error is not None:
            return self._title(r)
        found = problems(r)
        if not self.options.quiet:    # the quiet report has no summary: nothing is folded
            found = [f for f in found if not SharedWarnings.folds(f)]
        if not found:
            return [] if self.options.quiet else self._one_line(r)
        out = self._title(r, self._notes_suffix(r))
        out += self._finding_lines(r, found)
        out.append("")
        return out

    def _finding_lines(self, r: DeckResult, found) -> list[str]:
        """One finding a line: where, severity, code, message (wrapped under itself)."""
        lang = self.lang
        where = [t("line {n}", lang, n=f.line) if f.line is not None
                 else log_safe(zone_name(r.game, f.zone or "", lang)) for f in found]
        sev = [t(f.severity.value, lang) for f in found]
        codes = [log_safe(f.code) for f in found]
        w_where = max(text_width(s) for s in where)
        w_sev = max(text_width(s) for s in sev)
        w_code = max(text_width(s) for s in codes)
        lead = 2 + (w_where + 2 if w_where else 0) + w_sev + 2 + w_code + 2
        room = self.width - lead
        out: list[str] = []
        for f, at, level, code in zip(found, where, sev, codes):
            head = "  " + (at + " " * (w_where - text_width(at)) + "  " if w_where else "")
            head += (self._paint(level, f.severity.value) + " " * (w_sev - text_width(level))
                     + "  " + code + " " * (w_code - text_width(code)) + "  ")
            message = log_safe(f.message)
            if room >= 30:
                lines = wrap(message, room)
                out.append(head + lines[0])
                if len(lines) > 1 and self.width < WIDE:
                    # a narrow terminal: continue under the line's start, not the message
                    # column, so a long message takes fewer lines
                    rest = message[len(lines[0]):].lstrip(" ")
                    out += [" " * HANG + line for line in wrap(rest, self.width - HANG)]
                else:
                    out += [" " * lead + line for line in lines[1:]]
            else:     # too narrow beside the columns: the message below them
                out.append(head.rstrip())
                out += ["    " + line for line in wrap(message, max(10, self.width - 4))]
        return [log_safe(line) if not self.options.color else line for line in out]

    def _full(self, r: DeckResult) -> list[str]:
        """Everything about one deck: zones, the game's tables, every finding."""
        lang = self.lang
        if r.error is not None:
            return self._title(r) + [""]
        found = [f for f in problems(r)] + ([] if self.options.quiet else notes(r))
        if self.options.quiet and not found:
            return []
        out = self._title(r)
        if r.counts:
            out += table([t("zone", lang), t("cards", lang)],
                         _rows([zone_name(r.game, z, lang), n] for z, n in r.counts.items()),
                         right=(False, True), width=self.width).split("\n")
        for title_, headers, rows in self._game_sections(r):
            title_, headers, rows = section(r.game, title_, headers, rows, lang)
            out.append("")
            out += self._lines(log_safe(title_))
            out += table([log_safe(h) for h in headers], _rows(rows),
                         width=self.width).split("\n")
        out.append("")
        if found:
            rows = [[f.code, t(f.severity.value, lang), zone_name(r.game, f.zone or "", lang),
                     f.card or "", f.line if f.line is not None else "", f.message]
                    for f in found]
            out += guard_lines(table([t(h, lang) for h in ("code", "severity", "zone", "card",
                                                           "line", "message")],
                                     _rows(rows), width=self.width)).split("\n")
        else:
            out.append(t("no findings", lang))
        out.append("")
        return out

    def _summary(self, seen: "_Seen") -> list[str]:
        lang = self.lang
        totals = seen.tally.as_dict()
        text = summary_text(totals, lang)
        if text_width(text) > self.width:    # narrow: without the counts that are 0
            text = summary_text(totals, lang, brief=True)
        out = self._lines(text)
        unreadable = seen.unreadable
        if unreadable:
            out += self._lines(t("unreadable summary", lang, n=number(unreadable))
                               if lang != "en" else
                               f"Of these, {number(unreadable)} could not be read or checked "
                               "(counted as illegal).")
        if self.options.strict:    # legal, yet the exit code is 1: say why
            n = seen.strict_failing
            if n:
                out += self._lines(t("strict summary", lang, n=number(n)) if lang != "en" else
                                   f"With --strict, {counted(n, 'legal deck')} "
                                   f"{'fails' if n == 1 else 'fail'} because of warnings "
                                   "(exit 1).")
        for sev, code, message, n in seen.shared.groups():
            out += self._lines(t("{severity} {code} ({decks}): {message}", lang,
                                 severity=t(sev, lang), code=log_safe(code),
                                 decks=counted(n, "deck", lang), message=log_safe(message)))
        if not self.options.show_info:
            hidden = seen.hidden
            if hidden:   # as many codes named as fit on the line (at least one)
                for most in (3, 2, 1):
                    text = t("{notes} not shown ({codes}); --show-info lists them.", lang,
                             notes=counted(len(hidden), "info note", lang),
                             codes=codes_counted(hidden, most=most))
                    if text_width(log_safe(text)) <= self.width:
                        break
                out += self._lines(text)
        out += self._fixable(seen.safe, seen.unsafe)
        return out

    def _fixable(self, safe: int, unsafe: int) -> list[str]:
        """How many names ``deckcheck fix`` (or its unsafe option) corrects, as ruff says."""
        lang = self.lang
        if safe and unsafe:
            text = t("`deckcheck fix` corrects {safe}, and {unsafe} with --unsafe-fixes.",
                     lang,
                     safe=counted(safe, "name", lang), unsafe=counted(unsafe, "misspelt name",
                                                                    lang))
        elif safe:
            text = t("{safe} can be corrected with `deckcheck fix`.", lang,
                     safe=counted(safe, "name", lang))
        elif unsafe:
            text = t("{unsafe} can be corrected with `deckcheck fix --unsafe-fixes`.", lang,
                     unsafe=counted(unsafe, "misspelt name", lang))
        else:
            return []
        return self._lines(text)

    def _game_sections(self, r: DeckResult):
        if r.game is None:
            return []
        from deckcheck.games.base import load_game

        return load_game(r.game).report_sections(r) or []


def _shorter_paths(path: str) -> list[str]:
    """``path`` with ever more of its middle folders written ``…``, its first folder and its
    file name kept, then the name alone: ``a/b/c/d.txt`` gives ``a/…/c/d.txt``,
    ``a/…/d.txt``, ``…/d.txt``."""
    parts = path.replace("\\", "/").split("/")
    lead = 2 if parts[0] == "" else 1    # an absolute path keeps its first folder
    head, middle, name = parts[:lead], parts[lead:-1], parts[-1]
    out = []
    while middle:
        middle = middle[1:]
        out.append("/".join([*head, "…", *middle, name]))
    if len(parts) > 1:
        out.append("…/" + name)    # the last resort: the file's name alone
    return out


class _Seen:
    """What the text report's summary needs of the decks, added up one result at a time."""

    __slots__ = ("options", "tally", "unreadable", "strict_failing", "hidden", "safe",
                 "unsafe", "shared")

    def __init__(self, options) -> None:
        self.options = options
        self.tally = Tally()
        self.unreadable = self.strict_failing = self.safe = self.unsafe = 0
        self.hidden: list = []   # the info notes not shown (their codes are counted)
        self.shared = SharedWarnings()   # the shared warnings, shown once in the summary

    def add(self, r: DeckResult) -> None:
        self.tally.add(r)
        if self.options.quiet:    # no summary
            return
        self.unreadable += r.error is not None
        if self.options.strict:
            self.strict_failing += r.legal and r.failed(strict=True)
        if not self.options.show_info:
            self.hidden += notes(r)
            self.shared.add(r)
        from deckcheck.fixing import correctable

        a, b = correctable(r)
        self.safe += a
        self.unsafe += b
