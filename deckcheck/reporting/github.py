"""GitHub Actions workflow commands: one annotation per finding, grouped per deck, then a
plain summary.

Errors and warnings become ``::error`` and ``::warning`` commands with the deck's
repository-relative path, the line where known and the rule code as title. Info notes are not
annotations (they would bury the problems): each deck's group says how many it has, and
``show_info`` makes them ``::notice`` commands. GitHub shows only the first few annotations of a step, so the summary after the
groups gives the totals, every deck's verdict and how many findings are only in the log.

Text from a deck or its path is shown with :func:`deckcheck.safetext.log_safe` and then
escaped by GitHub's rules (data: ``%`` ``CR`` ``LF``; properties also ``:`` ``,``). So a
message cannot end its command, a group title cannot hold a legacy ``##[command]``, and no
line but deckcheck's own commands starts with ``::``. The ``file=`` property stays the
repository path as it is (GitHub matches it against the tree), its ``:`` and ``,`` escaped;
only a ``##[`` in it is broken too, so no line holds a legacy command (such a file's
annotation then names no file, and its group title still names it).
"""

from __future__ import annotations

from typing import Iterable, Iterator

from deckcheck.i18n import located, t
from deckcheck.models import DeckResult, Severity
from deckcheck.reporting.base import (Reporter, Tally, codes_counted, counted, error_text,
                                      is_stdin, number, ordered_findings, repo_path,
                                      report_root)
from deckcheck.safetext import break_legacy_commands, guard_lines, log_safe

#: annotations of one kind GitHub shows per step; the rest are only in the log
ANNOTATION_LIMIT = 10

COMMANDS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def escape_data(text: object) -> str:
    """Escape a command's message (after ``::``)."""
    return str(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: object) -> str:
    """Escape a command property value (``file=``, ``title=`` …)."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(name: str, message: object, **props: object) -> str:
    """One workflow command line, e.g. ``::error file=a.txt,line=3,title=X::text``, escaped
    by GitHub's rules (pass text from a deck through :func:`log_safe` first)."""
    given = ",".join(f"{k}={escape_property(v)}" for k, v in props.items() if v is not None)
    return f"::{name}{' ' + given if given else ''}::{escape_data(message)}"


class GithubReporter(Reporter):
    name = "github"

    def render(self, results: list[DeckResult]) -> str:
        return "".join(self.chunks(results))

    def chunks(self, results: Iterable[DeckResult]) -> Iterator[str]:
        """Each deck's group as soon as its result comes, then the summary, made of what
        was kept of each deck: its verdict line and counts (no result is held)."""
        root = report_root(self.options)
        lang = self.options.lang
        emitted = dict.fromkeys(COMMANDS.values(), 0)
        tally = Tally()
        unreadable = notices = 0
        verdicts: list[str] = []   # every deck's summary line, in order
        comma = ", " if lang == "en" else "，"
        for r in results:
            out: list[str] = []
            # the path GitHub matches against the tree; only a legacy command is broken
            file = None if is_stdin(r.path) else break_legacy_commands(repo_path(r.path, root))
            out.append(command("group", t("deckcheck {path}", lang, path=log_safe(r.path))))
            if r.error is not None:
                out.append(command("error", log_safe(error_text(r)), file=file,
                                   title=t("unreadable deck", lang)))
                emitted["error"] += 1
            hidden = []
            for f in ordered_findings(r):
                if f.severity is Severity.INFO and not self.options.show_info:
                    hidden.append(f)
                    continue
                kind = COMMANDS[f.severity]
                if file is not None:
                    out.append(command(kind, log_safe(f.message), file=file, line=f.line,
                                       title=log_safe(f.code)))
                else:   # a line needs a file: the message says which line it is
                    out.append(command(kind, log_safe(located(f, lang)),
                                       title=log_safe(f.code)))
                emitted[kind] += 1
            if hidden:   # a plain line of the group, never a command
                out.append(guard_lines(t("{notes} not shown as annotations ({codes}).", lang,
                                         notes=counted(len(hidden), "info note", lang),
                                         codes=codes_counted(hidden))))
            out.append("::endgroup::")
            yield "".join(line + "\n" for line in out)
            tally.add(r)
            unreadable += r.error is not None
            notices += r.count(Severity.INFO)
            verdicts.append(self._verdict(r, lang, comma))
        out = []
        totals = tally.as_dict()
        gone = t(", {n} unreadable", lang, n=unreadable) if unreadable else ""
        if lang == "en":
            out.append(f"deckcheck: {counted(totals['decks'], 'deck')} checked: "
                       f"{number(totals['legal'])} legal, {number(totals['illegal'])} illegal "
                       f"({counted(totals['errors'], 'error')}, "
                       f"{counted(totals['warnings'], 'warning')}, "
                       f"{counted(notices, 'note')}{gone}).")
        else:
            out.append(t("deckcheck: {decks} deck(s) checked: {legal} legal, {illegal} illegal "
                         "({errors} error(s), {warnings} warning(s), {notes} note(s)"
                         "{unreadable}).", lang, notes=number(notices), unreadable=gone,
                         **{k: number(v) for k, v in totals.items()}))
        out += verdicts
        hidden = {k: n - ANNOTATION_LIMIT for k, n in emitted.items() if n > ANNOTATION_LIMIT}
        if hidden:
            listed = comma.join(counted(n, k, lang) if lang == "en" else
                                t("{n} {kind}(s)", lang, n=n, kind=t(k, lang))
                                for k, n in hidden.items())
            out.append(t("deckcheck: GitHub shows only the first {limit} annotations of each "
                         "kind; {hidden} more ({listed}) are listed only in the groups above.",
                         lang, limit=ANNOTATION_LIMIT, hidden=sum(hidden.values()),
                         listed=listed))
        yield "".join(line + "\n" for line in out)

    @staticmethod
    def _verdict(r: DeckResult, lang: str, comma: str) -> str:
        """The deck's line of the summary: its path and verdict."""
        if r.error is not None:
            verdict = t("unreadable", lang)
        else:
            verdict = t("legal", lang) if r.legal else t("illegal", lang)
            numbers = ((r.count(Severity.ERROR), "error"), (r.count(Severity.WARNING),
                                                            "warning"))
            parts = [counted(n, word, lang) for n, word in numbers if n]
            detail = comma.join([log_safe(r.format or "?")] + parts)
            verdict += f" ({detail})" if lang == "en" else f"（{detail}）"
        # one plain line, never a command
        return guard_lines(f"  {escape_data(log_safe(r.path))}: {verdict}")
