"""What every reporter gets: the results, the options, and summary figures.

A reporter turns results into text in one of two ways. :meth:`Reporter.render` takes a list
of results and returns the whole report (every reporter has it). :meth:`Reporter.chunks`
takes an iterable of results and yields the report piece by piece; the command line writes
each piece as it comes. By default ``chunks`` holds the results and yields ``render()``
once, so a reporter that only defines ``render`` works unchanged; one whose report needs
less than the whole result says so with ``keeps = "findings"`` (the parsed deck is then
dropped from each result as it arrives), and one that can write a result as soon as it has
it overrides ``chunks`` (JSON, JSON Lines).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from dataclasses import replace
from typing import Any, Iterable, Iterator

from deckcheck.models import DeckResult, Finding, Severity
from deckcheck.wording import counted as english_counted, number


@dataclass(slots=True)
class ReportOptions:
    lang: str = "en"
    strict: bool = False
    color: bool = False
    root: str | None = None          # paths are shown relative to this directory
    show_info: bool = False          # text and CI formats list info notes (else one line)
    quiet: bool = False              # text: only the decks with problems, and those problems
    # more for the CI formats: "select"/"ignore" (rule-code prefixes the user chose, so that
    # JUnit marks left-out rules as skipped), "formats_dirs" (the config's format folders)
    extra: dict[str, Any] = field(default_factory=dict)


class Tally:
    """The summary figures, added up one result at a time (a streamed report's last part)."""

    __slots__ = ("decks", "legal", "errors", "warnings")

    def __init__(self) -> None:
        self.decks = self.legal = self.errors = self.warnings = 0

    def add(self, result: DeckResult) -> None:
        self.decks += 1
        self.legal += result.legal
        for f in result.findings:
            if f.severity is Severity.ERROR:
                self.errors += 1
            elif f.severity is Severity.WARNING:
                self.warnings += 1

    def as_dict(self) -> dict[str, int]:
        return {"decks": self.decks, "legal": self.legal, "illegal": self.decks - self.legal,
                "errors": self.errors, "warnings": self.warnings}


def summary(results: Iterable[DeckResult]) -> dict[str, int]:
    tally = Tally()
    for r in results:
        tally.add(r)
    return tally.as_dict()


def compact(result: DeckResult) -> DeckResult:
    """The result without its parsed deck: path, format, counts, stats, findings, error."""
    return result if result.deck is None else replace(result, deck=None)


class Reporter:
    name = ""
    #: what :meth:`chunks` keeps of each result until the report is written: "result" (all
    #: of it) or "findings" (all but the parsed deck, for reports that never show it)
    keeps = "result"

    def __init__(self, options: ReportOptions | None = None):
        self.options = options or ReportOptions()

    def render(self, results: list[DeckResult]) -> str:
        raise NotImplementedError

    def chunks(self, results: Iterable[DeckResult]) -> Iterator[str]:
        """The report of ``results`` in pieces, in order; joined they are ``render()``."""
        held = list(results) if self.keeps == "result" else [compact(r) for r in results]
        yield self.render(held)


# ---------------------------------------------------------------------------------------
# helpers shared by the CI formats

#: deckcheck severities as SARIF / GitHub levels
LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}

_STDIN_NAMES = {"-", "<stdin>", "<string>", "<bytes>"}


def is_stdin(path: str) -> bool:
    """True for decks that did not come from a file (stdin, the API's strings)."""
    return path in _STDIN_NAMES


def error_text(result: DeckResult) -> str:
    """An unreadable deck's problem, without the ``path: `` prefix the reader puts first."""
    text = str(result.error or "")
    prefix = f"{result.path}: "
    return text[len(prefix):] if text.startswith(prefix) and len(text) > len(prefix) else text


def is_failure(finding: Finding, strict: bool) -> bool:
    """An error finding, or with ``--strict`` a warning: what makes the exit code 1."""
    return finding.severity is Severity.ERROR or (strict and finding.severity is Severity.WARNING)


def ordered_findings(result: DeckResult) -> list[Finding]:
    """Findings in file order: whole-deck findings first, then by line, code and message."""
    return sorted(result.findings,
                  key=lambda f: (f.line if f.line is not None else 0, f.code, f.message))


def report_root(options: ReportOptions) -> Path:
    """The directory report paths are relative to: ``options.root``, else the git work tree
    containing the working directory, else the working directory."""
    if options.root:
        return Path(os.path.abspath(options.root))
    cwd = Path(os.path.abspath(os.getcwd()))
    for d in (cwd, *cwd.parents):
        if (d / ".git").exists():
            return d
    return cwd


def relative_path(path: str, root: Path) -> str | None:
    """``path`` relative to ``root`` with forward slashes, or None when it lies outside."""
    if is_stdin(path):
        return None
    absolute = Path(os.path.abspath(path))
    real = (Path(os.path.realpath(absolute)), Path(os.path.realpath(root)))
    for a, r in ((absolute, root), real):  # as written, then with symbolic links resolved
        try:
            return a.relative_to(r).as_posix()
        except ValueError:
            continue
    return None


def repo_path(path: str, root: Path) -> str:
    """The path CI tools should show: repository-relative where possible, else as given."""
    rel = relative_path(path, root)
    return rel if rel is not None else path.replace(os.sep, "/")


def rules_checked(result: DeckResult, options: ReportOptions) -> list[tuple["object", bool]]:
    """The rules that ran for one deck, as ``(rule, selected)`` pairs in code order.

    These are the format's active check rules plus the reading and name-matching rules of
    the game. ``selected`` is False for rules the user left out with ``select``/``ignore``
    prefixes passed in ``options.extra``. A rule with a finding is always included.
    """
    from deckcheck.rules.base import all_rules, get_rule, matches_prefix

    rules: dict[str, object] = {}
    if result.game is not None:
        for r in all_rules(result.game):
            if r.stage == "parse":
                rules[r.code] = r
        fmt = None
        if result.format:
            from deckcheck import formats

            try:
                extra = [Path(p) for p in options.extra.get("formats_dirs") or ()]
                fmt = formats.load(result.format, extra or None).for_date(result.date)
            except (formats.FormatError, OSError, ValueError):
                fmt = None
        if fmt is not None:
            from deckcheck.api import active_rules_cached
            from deckcheck.games.base import load_game

            for r in active_rules_cached(load_game(result.game), fmt):
                rules[r.code] = r
        else:  # a format from elsewhere: the game's rules
            for r in all_rules(result.game):
                rules.setdefault(r.code, r)
    for f in result.findings:
        if f.code not in rules:
            rules[f.code] = get_rule(f.code) or UndocumentedRule(f)
    select = [str(s) for s in options.extra.get("select") or ()]
    ignore = [str(s) for s in options.extra.get("ignore") or ()]
    found = {f.code for f in result.findings}
    out = []
    for code in sorted(rules):
        selected = code in found or ((not select or matches_prefix(code, select))
                                     and not (ignore and matches_prefix(code, ignore)))
        out.append((rules[code], selected))
    return out


class UndocumentedRule:
    """Stands in for a finding code that no registered rule documents."""

    def __init__(self, finding: Finding):
        self.code = finding.code
        self.name = finding.name
        self.severity = finding.severity
        self.game = None
        self.doc = self.summary = finding.name


# ---------------------------------------------------------------------------------------
# counted words and the summary sentence the human formats share

class SharedWarnings:
    """The *shared* warnings of a batch (a rule with ``shared = True``: about the format's
    data, the same for every deck checked in that format on that day), grouped by code,
    format and message, each with the number of decks it concerns, in the order first seen.
    The human reports show each group once instead of under every deck."""

    __slots__ = ("_groups",)

    def __init__(self) -> None:
        self._groups: dict[tuple[str, str, str], list] = {}

    @staticmethod
    def folds(f: Finding) -> bool:
        return f.severity is Severity.WARNING and bool(f.args.get("shared"))

    def add(self, result: DeckResult) -> None:
        for f in result.findings:
            if self.folds(f):
                key = (f.code, str(f.args.get("format_id") or ""), f.message)
                self._groups.setdefault(key, [f.severity.value, 0])[1] += 1

    def groups(self) -> list[tuple[str, str, str, int]]:
        """``(severity, code, message, decks)`` of each group."""
        return [(sev, code, message, n)
                for (code, _fmt, message), (sev, n) in self._groups.items()]


def counted(n: int, word: str, lang: str = "en") -> str:
    """``n`` and the word, singular or plural: "1 deck", "3 decks", "10,000 decks"; in
    Chinese the catalogue's ``{n} <word>`` entry with its measure word ("3 副套牌")."""
    from deckcheck.i18n import t

    if lang != "en":
        return t("{n} " + word, lang, n=number(n))
    return english_counted(n, word)


def summary_text(totals: dict[str, int], lang: str = "en", brief: bool = False) -> str:
    """"3 decks checked: 2 legal, 1 illegal (1 error, 0 warnings)." in ``lang``; ``brief``
    (English) leaves out the counts that are 0 in the brackets ("20 decks checked: 20
    legal, 0 illegal.", for a narrow terminal)."""
    from deckcheck.i18n import t

    if lang != "en":
        if brief and not totals["errors"] and not totals["warnings"]:
            return t("summary brief", lang, **{k: number(v) for k, v in totals.items()})
        return t("summary", lang, **totals)
    found = [counted(totals[k], k[:-1]) for k in ("errors", "warnings")
             if totals[k] or not brief]
    return (f"{counted(totals['decks'], 'deck')} checked: {number(totals['legal'])} legal, "
            f"{number(totals['illegal'])} illegal" + (f" ({', '.join(found)})." if found
                                                      else "."))


def problems(result: DeckResult) -> list[Finding]:
    """A deck's errors and warnings: errors first, each kind in file order."""
    return sorted((f for f in result.findings if f.severity is not Severity.INFO),
                  key=lambda f: (-f.severity.rank, f.line if f.line is not None else 0,
                                 f.code, f.message))


def notes(result: DeckResult) -> list[Finding]:
    """A deck's info findings in file order."""
    return [f for f in ordered_findings(result) if f.severity is Severity.INFO]


def codes_counted(findings: list[Finding], most: int = 0) -> str:
    """``DCK005 ×15, DCK006``: the codes of some findings with how many of each, the most
    frequent first; with ``most``, only that many codes and then "…"."""
    seen: dict[str, int] = {}
    for f in findings:
        seen[f.code] = seen.get(f.code, 0) + 1
    ranked = sorted(seen.items(), key=lambda kv: (-kv[1], kv[0]))
    shown = ranked[:most] if most else ranked
    text = ", ".join(code if n == 1 else f"{code} ×{n}" for code, n in shown)
    return text + (", …" if len(shown) < len(ranked) else "")
