"""The ``deckcheck`` command line (design §7).

Only typer is imported at module level; everything heavy (YAML, rapidfuzz, pydantic,
tabulate, card data) is imported inside the command that needs it, so ``deckcheck
--version`` and ``--help`` start fast. Exit codes: 0 every deck legal, 1 at least one deck
has an error finding (with ``--strict`` warnings count too), 2 usage, configuration,
unreadable input or internal error. No traceback is ever shown.
"""

from __future__ import annotations

import itertools
import sys
from typing import List, Optional

import typer

from deckcheck.cli_base import (EXIT_ERROR, EXIT_ILLEGAL, EXIT_OK, Fail, _echo, _jobs, _lang,
                                _stderr, _use_colour, _write, _write_chunks, app,
                                complete_format)


@app.command()
def check(
    paths: List[str] = typer.Argument(..., metavar="PATH...", help="Deck files, directories (recursed) or - for stdin."),
    format_id: Optional[str] = typer.Option(None, "-f", "--format", metavar="FORMAT", autocompletion=complete_format, help="Format id, e.g. fow-classic (see `deckcheck formats`)."),
    date: Optional[str] = typer.Option(None, "--date", metavar="YYYY-MM-DD", help="Check as on this date (YYYY-MM-DD; 2012/2/3 and 2012年2月3日 are read too); picks dated format profiles."),
    output_format: Optional[str] = typer.Option(None, "--output-format", metavar="FMT", envvar="DECKCHECK_OUTPUT_FORMAT", help="text (default), json, jsonl (one JSON object per deck per line, then a summary line), concise, sarif, junit, github, markdown or html."),
    output: Optional[str] = typer.Option(None, "-o", "--output", metavar="FILE", help="Write the report to this file instead of stdout."),
    lang: Optional[str] = typer.Option(None, "--lang", metavar="LANG", help="en, zh-Hans or zh-Hant (zh-CN, zh-TW, zh-HK are read too)."),
    strict: bool = typer.Option(False, "--strict", help="Warnings also make the exit code 1."),
    config_path: Optional[str] = typer.Option(None, "--config", metavar="FILE", help="Use this .deckcheck.yaml instead of searching for one."),
    select: Optional[List[str]] = typer.Option(None, "--select", metavar="CODE", help="Only report rule codes with these prefixes (repeatable)."),
    ignore: Optional[List[str]] = typer.Option(None, "--ignore", metavar="CODE", help="Do not report rule codes with these prefixes (repeatable)."),
    jobs: str = typer.Option("1", "-j", "--jobs", metavar="N", help="Worker processes for many decks: 1 to 64, or auto (the CPUs this process may use that the load average leaves idle)."),
    no_config: bool = typer.Option(False, "--no-config", help="Ignore any .deckcheck.yaml."),
    force_exclude: bool = typer.Option(False, "--force-exclude", help="Apply the config's include/exclude to files named on the command line too (for pre-commit)."),
    show_info: bool = typer.Option(False, "--show-info", help="List info notes too (text, concise, github), and in text each deck's zone and card-type tables."),
    quiet: bool = typer.Option(False, "-q", "--quiet", help="Text: list only the decks with errors or warnings, with those findings, and no summary."),
) -> None:
    """Check deck lists and report every problem; exit 1 if any deck is illegal.

    The text report gives one line per deck without problems and leads with the errors and
    warnings of the others; info notes are counted, not listed, unless --show-info. JSON,
    SARIF and JUnit keep every finding. Colour on a terminal, unless NO_COLOR is set
    (FORCE_COLOR turns it on elsewhere). Each file's .deckcheck.yaml is found from its
    own folder upward to the repository root, unless --config or --no-config.

    Examples:

    \b
      deckcheck check mydeck.txt -f fow-wanderer
      deckcheck check decks/                      # formats from .deckcheck.yaml
      deckcheck check - -f mtg-standard --date 2012-02-03 < list.txt
      deckcheck check decks/ --output-format json -o report.json
      deckcheck check decks/ -q --strict          # problems only; warnings fail
    """

    from deckcheck.api import (NothingToCheck, Options, UsageError, iter_check_paths,
                               validate_date)
    from deckcheck.cli_base import _configs
    from deckcheck.reporting import get_reporter, reporter_names
    from deckcheck.reporting.base import ReportOptions

    cfg, finder = _configs(config_path, no_config, paths)
    lang = _lang(lang or cfg.lang)
    fmt_name = output_format or cfg.output_format or "text"
    try:
        reporter_cls = get_reporter(fmt_name)
    except KeyError:
        raise Fail(f"--output-format {fmt_name!r}: use one of {', '.join(reporter_names())}") from None
    try:
        opts = Options(format_id=format_id.lower() if format_id else None,
                       date=validate_date(date), lang=lang,
                       select=[s.upper() for s in select or []],
                       ignore=[s.upper() for s in ignore or []], config=cfg,
                       configs=finder)
        if format_id:
            from deckcheck import formats

            try:
                formats.load(opts.format_id, cfg.formats_dirs).for_date(opts.date)
            except formats.FormatError as exc:
                from deckcheck.i18n import error_text

                raise UsageError(error_text(exc, lang)) from None
        progress = _progress_bar() if sys.stderr.isatty() else None
        _check_codes(opts.select + opts.ignore)
        workers = _jobs(jobs)
        checked = iter_check_paths(paths, opts, jobs=workers, progress=progress,
                                   force_exclude=force_exclude)
        first = next(checked, None)   # the paths' problems come before any output
    except NothingToCheck as exc:
        if fmt_name != "text":   # machine formats are written even when nothing was checked
            _write(reporter_cls(ReportOptions(lang=lang, strict=strict)).render([]), output)
        raise Fail(str(exc)) from None
    except UsageError as exc:
        raise Fail(str(exc)) from None
    outcome = _Outcome(strict)
    results = outcome.follow(first, checked)
    reporter = reporter_cls(ReportOptions(
        lang=lang, strict=strict, show_info=show_info, quiet=quiet,
        color=_use_colour(output),
        extra={"select": list(opts.select) or list(cfg.select),
               "ignore": list(opts.ignore) + list(cfg.ignore),
               "formats_dirs": list(cfg.formats_dirs)}))
    if fmt_name == "text":
        # held only while nothing could be checked: a run of nothing but problems prints
        # one line per problem and no report; from the first checked deck on, it streams
        held = []
        for r in results:
            held.append(r)
            if r.error is None:
                break
        else:
            if outcome.late is not None:
                raise Fail(outcome.late)
            errors = outcome.errors
            if errors and len(errors) == outcome.decks and not output:
                for message in errors:
                    _stderr(f"deckcheck: error: {message}\n")
                raise typer.Exit(EXIT_ERROR)
        results = itertools.chain(held, results)
        del held
    _write_chunks(reporter.chunks(results), output)
    del results
    errors = outcome.errors
    if errors and fmt_name == "text" and not output:
        # the report on stdout already shows each problem; one line says why the exit is 2
        from deckcheck.wording import counted

        _stderr(f"deckcheck: error: {len(errors)} of {counted(outcome.decks, 'file')} could "
                "not be checked (see the report above)\n")
    else:
        for message in errors:
            _stderr(f"deckcheck: error: {message}\n")
    if outcome.late is not None:   # a directory with no deck list, after the others' results
        raise Fail(outcome.late)
    if errors:
        raise typer.Exit(EXIT_ERROR)
    raise typer.Exit(EXIT_ILLEGAL if outcome.failed else EXIT_OK)


class _Outcome:
    """What the exit code and the closing messages need of a streamed batch, added up as
    the results pass: how many, which could not be checked, whether one failed."""

    def __init__(self, strict: bool):
        self.strict = strict
        self.decks = 0
        self.errors: list[str] = []
        self.failed = False
        self.late: str | None = None   # NothingToCheck raised after some results

    def follow(self, first, rest):
        from deckcheck.api import NothingToCheck

        if first is None:
            return
        yield self._add(first)
        try:
            for r in rest:
                yield self._add(r)
        except NothingToCheck as exc:
            self.late = str(exc)

    def _add(self, result):
        self.decks += 1
        if result.error is not None:
            self.errors.append(result.error)
        if not self.failed and result.failed(self.strict):
            self.failed = True
        return result


def _check_codes(prefixes: list[str]) -> None:
    """--select/--ignore prefixes must name at least one rule code (a typo selects nothing)."""
    if not prefixes:
        return
    from deckcheck.api import UsageError
    from deckcheck.rules.base import all_rules

    codes = [r.code for r in all_rules(None)]
    for p in prefixes:
        if not any(c.startswith(p) for c in codes):
            raise UsageError(f"{p!r} is no rule code or prefix of one (e.g. FOW, FOW1, FOW101); "
                             "see `deckcheck rules`")


@app.command()
def fix(
    paths: List[str] = typer.Argument(..., metavar="PATH...", help="Plain-text deck lists or directories."),
    format_id: Optional[str] = typer.Option(None, "-f", "--format", metavar="FORMAT", autocompletion=complete_format, help="Format id (else the list's Format: line or the config)."),
    date: Optional[str] = typer.Option(None, "--date", metavar="YYYY-MM-DD", help="As on this date (YYYY-MM-DD)."),
    diff: bool = typer.Option(False, "--diff", help="Show a unified diff and change nothing (exit 1 if there is something to fix)."),
    unsafe_fixes: bool = typer.Option(False, "--unsafe-fixes", help="Also replace misspelt names by the card they were read as."),
    lang: Optional[str] = typer.Option(None, "--lang", metavar="LANG", help="Write every card name in en, zh-Hans or zh-Hant where known (default: each line keeps its language)."),
    config_path: Optional[str] = typer.Option(None, "--config", metavar="FILE", help="Use this .deckcheck.yaml."),
    no_config: bool = typer.Option(False, "--no-config", help="Ignore any .deckcheck.yaml."),
    force_exclude: bool = typer.Option(False, "--force-exclude", help="Apply the config's include/exclude to files named on the command line too."),
) -> None:
    """Rewrite lists with canonical card names, merged duplicate lines and tidy counts.

    Only plain-text lists are rewritten; other files (OCTGN, CSV, exports) are left as they
    are, with a note (`deckcheck convert` turns them into text). Each file is replaced
    atomically; a link is written through only to a file inside the working tree, and a
    read-only file, a file with several hard links or one changed while fix ran is left
    alone with an error (exit 2). Exit 1 while a list has errors that fix cannot correct
    (and with --diff when there is something to fix).

    Examples:

    \b
      deckcheck fix mydeck.txt --diff
      deckcheck fix decks/ --unsafe-fixes
    """

    from deckcheck.api import (Options, UsageError, check_source, collect_paths,
                               file_options, not_a_deck_message, validate_date)
    from deckcheck.cli_base import _configs
    from deckcheck.discovery import working_tree
    from deckcheck.fileio import WriteRefused, plan_rewrite
    from deckcheck.fixing import FixError, fix_deck, unified_diff
    from deckcheck.parsing.decklike import not_a_deck_list
    from deckcheck.reading import MAX_BYTES, ReadError, read_path, shown_path


    lang = _lang(lang) if lang is not None else None
    cfg, finder = _configs(config_path, no_config, paths)
    try:
        opts = Options(format_id=format_id.lower() if format_id else None,
                       date=validate_date(date), lang=cfg.lang or "en", config=cfg,
                       configs=finder)
        files = collect_paths(paths, cfg, force_exclude, configs=finder)
    except UsageError as exc:
        raise Fail(str(exc)) from None
    pending = failed = 0
    remaining: list[str] = []   # lists that are still illegal after the fix
    root = working_tree()   # what fix writes through a link must be inside it (fileio.py)
    for name in files:
        try:
            # what will be written, and its state before it is read (a link out is refused)
            plan = None if diff or name in ("-", "<stdin>") else \
                plan_rewrite(name, root, MAX_BYTES)
            src = read_path(name)
            why = not_a_deck_list(src.text, src.path)   # never rewritten nor quoted
            if why is not None and name not in paths:
                _stderr(f"deckcheck: info: {shown_path(name)}: skipped: not a deck "
                                 f"list ({why})\n")
                continue
            if why is not None:
                raise UsageError(not_a_deck_message(src.path, why))
            file_opts = file_options(opts, name)
            result = check_source(src, file_opts)
            if result.deck is not None and result.deck.source_format != "text":
                kind = result.deck.source_format
                _stderr(f"deckcheck: note: {name}: left as it is: fix rewrites "
                                 f"plain-text lists and this file is in the {kind} format "
                                 "(`deckcheck convert --to text` turns it into text)\n")
                continue
            fixed = fix_deck(src.text, result, unsafe=unsafe_fixes, lang=lang)
        except (ReadError, UsageError, FixError, WriteRefused) as exc:
            from deckcheck.i18n import error_text

            _stderr(f"deckcheck: error: {error_text(exc, opts.lang)}\n")
            failed += 1
            continue
        if not fixed.changed:
            if result.failed():
                remaining.append(name)
            continue
        pending += 1
        if not diff and result.failed():
            # names and counts are all fix changes: is the fixed list still illegal?
            from dataclasses import replace

            if check_source(replace(src, text=fixed.text), file_opts).failed():
                remaining.append(name)
        elif result.failed():
            remaining.append(name)
        if diff:
            sys.stdout.write(unified_diff(name, src.text, fixed.text))
            continue
        if name in ("-", "<stdin>"):
            sys.stdout.write(fixed.text)
            continue
        encoding = src.encoding if src.encoding not in ("utf-16", "utf-32") else src.encoding
        try:
            fixed.text.encode(encoding)
        except (UnicodeEncodeError, LookupError):
            encoding = "utf-8"
        try:
            plan.write(fixed.text, encoding=encoding)
        except WriteRefused as exc:   # read-only, hard links, changed meanwhile
            _stderr(f"deckcheck: error: {exc}\n")
            failed += 1
            continue
        except OSError as exc:
            _stderr(f"deckcheck: error: cannot write {name}: {exc.strerror or exc}\n")
            failed += 1
            continue
        n = fixed.skipped_unsafe
        note = (f"; {n} misspelling{'' if n == 1 else 's'} left (use --unsafe-fixes)"
                if n else "")
        lines = len(fixed.changes)
        _echo(f"{name}: fixed {lines} line{'' if lines == 1 else 's'}{note}")
    if remaining:
        n = len(remaining)
        _stderr(f"deckcheck: {n} list{'' if n == 1 else 's'} still "
                f"{'has' if n == 1 else 'have'} errors fix cannot correct (`deckcheck check` "
                "shows them)")
    if failed:
        raise typer.Exit(EXIT_ERROR)
    raise typer.Exit(EXIT_ILLEGAL if (diff and pending) or remaining else EXIT_OK)


@app.command()
def convert(
    path: str = typer.Argument(..., metavar="PATH", help="A deck file (or - for stdin)."),
    to: str = typer.Option("text", "--to", metavar="FMT", help="text, arena or o8d."),
    format_id: Optional[str] = typer.Option(None, "-f", "--format", metavar="FORMAT", autocompletion=complete_format, help="Format id (else Format: line, config, or the file's game)."),
    output: Optional[str] = typer.Option(None, "-o", "--output", metavar="FILE", help="Write to this file instead of stdout."),
    config_path: Optional[str] = typer.Option(None, "--config", metavar="FILE", help="Use this .deckcheck.yaml."),
    no_config: bool = typer.Option(False, "--no-config", help="Ignore any .deckcheck.yaml."),
) -> None:
    """Write a deck in another supported file format.

    Every line is carried over: a line whose card was not found (or could be several) is
    written as it was, with a warning on standard error naming its line, and the exit code
    is then 1 (0 when every line became one card, 2 on usage errors).

    Examples:

    \b
      deckcheck convert mydeck.o8d --to text
      deckcheck convert list.txt -f mtg-standard --to arena -o list.mtga
    """

    from deckcheck.api import Options, UsageError, file_options, parse_source
    from deckcheck.cli_base import _configs
    from deckcheck.reading import ReadError, read_path
    from deckcheck.writing import WRITERS, write

    if to not in WRITERS:
        raise Fail(f"--to {to!r}: use one of {', '.join(WRITERS)}")
    cfg, finder = _configs(config_path, no_config, [path])
    try:
        src = read_path(path)
        opts = file_options(Options(format_id=format_id, config=cfg, configs=finder), path)
        deck, game, fmt_id = parse_source(src, opts)
        text = write(deck, game, to, fmt_id)
    except (UsageError, ReadError, ValueError) as exc:
        raise Fail(str(exc)) from None
    _write(text, output)
    from deckcheck.i18n import located
    from deckcheck.models import Severity

    unresolved = 0
    for f in deck.findings:   # what reading and name matching said about the lines
        if f.severity is Severity.INFO:
            continue
        unresolved += f.severity is Severity.ERROR
        _stderr(f"deckcheck: warning: {src.path}: {f.code} {located(f)}")
    if unresolved:
        _stderr(f"deckcheck: {unresolved} line{'' if unresolved == 1 else 's'} did not "
                "become one card and {} written as in the list; correct {} and convert "
                "again (`deckcheck check` says more)".format(
                    *(("is", "it") if unresolved == 1 else ("are", "them"))))
        raise typer.Exit(EXIT_ILLEGAL)


@app.command()
def register(
    roster: str = typer.Argument(..., metavar="ROSTER", help="The roster: a CSV or YAML file, one row per player (name, player id, deck file relative to the roster, optional deck name and format)."),
    format_id: Optional[str] = typer.Option(None, "-f", "--format", metavar="FORMAT", autocompletion=complete_format, help="The event's format (else the roster's '# Format:' line, a row's format column, or each list's own)."),
    date: Optional[str] = typer.Option(None, "--date", metavar="YYYY-MM-DD", help="The event date (YYYY-MM-DD; else the roster's '# Date:' line). Every list is checked as on it."),
    event: Optional[str] = typer.Option(None, "--event", metavar="NAME", help="The event's name (else the roster's '# Event:' line)."),
    location: Optional[str] = typer.Option(None, "--location", metavar="PLACE", help="Where the event is (else the roster's '# Location:' line)."),
    output_format: str = typer.Option("text", "--output-format", metavar="FMT", help="text (default), json, csv or html."),
    output: Optional[str] = typer.Option(None, "-o", "--output", metavar="FILE", help="Write the report to this file instead of stdout."),
    sheets: Optional[str] = typer.Option(None, "--sheets", metavar="FILE", help="Also write printable registration sheets (HTML, one page per player) to this file."),
    paper: str = typer.Option("a4", "--paper", metavar="PAPER", help="Paper of the sheets: a4 or letter."),
    lang: Optional[str] = typer.Option(None, "--lang", metavar="LANG", help="Language of the lists' findings: en, zh-Hans or zh-Hant."),
    strict: bool = typer.Option(False, "--strict", help="Warnings in a list also make the exit code 1."),
    config_path: Optional[str] = typer.Option(None, "--config", metavar="FILE", help="Use this .deckcheck.yaml instead of searching for one."),
    no_config: bool = typer.Option(False, "--no-config", help="Ignore any .deckcheck.yaml."),
    decks_dir: Optional[str] = typer.Option(None, "--decks-dir", metavar="DIR", help="Also accept deck files inside this folder (deck paths stay relative to the roster). A deck file outside the roster's folder and this one is not read."),
) -> None:
    """Check every registered list of a tournament roster on the event date; print sheets.

    Exit 0 when every list is legal and the roster has no organiser error, 1 when a list is
    illegal or unreadable or a player id is duplicated or invalid, 2 for a roster or usage
    problem.

    Examples:

    \b
      deckcheck register roster.yaml --sheets sheets.html
      deckcheck register roster.csv -f fow-classic --date 2026-12-05
      deckcheck register roster.yaml --output-format csv -o players.csv
    """
    from deckcheck.api import UsageError
    from deckcheck.cli_base import _configs
    from deckcheck.config import ConfigError
    from deckcheck.registration.output import FORMATS, render
    from deckcheck.registration.roster import RosterError
    from deckcheck.registration.run import register as run_register
    from deckcheck.registration.sheets import PAPERS, render_sheets

    fmt_name = output_format.lower()
    if fmt_name not in FORMATS:
        raise Fail(f"--output-format {output_format!r}: use one of {', '.join(FORMATS)}")
    paper = paper.lower()
    if paper not in PAPERS:
        raise Fail(f"--paper {paper!r}: use one of {', '.join(PAPERS)}")
    cfg, finder = _configs(config_path, no_config)
    if finder is not None:   # the roster's configuration: found from its folder upward
        try:
            cfg = finder.for_file(roster)
        except ConfigError as exc:
            raise Fail(str(exc)) from None
    lang = _lang(lang or cfg.lang)
    progress = _progress_bar() if sys.stderr.isatty() else None
    try:
        reg = run_register(roster, format_id=format_id, date=date, event=event,
                           location=location, lang=lang, config=cfg, strict=strict,
                           progress=progress, decks_dir=decks_dir)
    except (RosterError, UsageError) as exc:
        raise Fail(str(exc)) from None
    _write(render(reg, fmt_name), output)
    if sheets:
        _write(render_sheets(reg, paper), sheets)
    raise typer.Exit(reg.exit_code)


def _fingerprint_of(deck: str, format_id: Optional[str], config_path: Optional[str],
                    no_config: bool):

    from deckcheck.api import Options, UsageError, check_file
    from deckcheck.cli_base import _configs
    from deckcheck.registration.fingerprint import FingerprintError, fingerprint

    cfg, finder = _configs(config_path, no_config, [deck])
    try:
        result = check_file(deck, Options(format_id=format_id.lower() if format_id else None,
                                          config=cfg, configs=finder))
        if result.error is not None:
            raise Fail(result.error)
        return result, fingerprint(result)
    except (UsageError, FingerprintError) as exc:
        raise Fail(str(exc)) from None


@app.command("fingerprint")
def fingerprint_cmd(
    deck: str = typer.Argument(..., metavar="DECK", help="A deck file (or - for stdin)."),
    format_id: Optional[str] = typer.Option(None, "-f", "--format", metavar="FORMAT", autocompletion=complete_format, help="Format id (else the list's Format: line or the config)."),
    canonical: bool = typer.Option(False, "--canonical", help="Also print the canonical list the fingerprint is the hash of."),
    config_path: Optional[str] = typer.Option(None, "--config", metavar="FILE", help="Use this .deckcheck.yaml."),
    no_config: bool = typer.Option(False, "--no-config", help="Ignore any .deckcheck.yaml."),
) -> None:
    """Print a list's fingerprint (on the last line): the same for the same cards and counts
    in any file format or spelling.

    Examples:

    \b
      deckcheck fingerprint mydeck.txt -f fow-classic
      deckcheck fingerprint mydeck.o8d --canonical   # and the list it is made of
    """
    result, fp = _fingerprint_of(deck, format_id, config_path, no_config)
    counts = ", ".join(f"{z} {n}" for z, n in result.counts.items())
    _echo(f"{result.path}: {result.format}, {counts}")
    if not fp.complete:
        from deckcheck.wording import counted

        them = "it counts" if fp.unresolved == 1 else "they count"
        _echo(f"note: {counted(fp.unresolved, 'line')} did not resolve to one card; {them} "
              "as written (see `deckcheck check`)")
    if canonical:
        _echo(fp.canonical, nl=False)
    _echo(fp.short)


@app.command("verify")
def verify_cmd(
    deck: str = typer.Argument(..., metavar="DECK", help="A deck file (or - for stdin)."),
    expected: str = typer.Argument(..., metavar="FINGERPRINT", help="The fingerprint recorded at registration."),
    format_id: Optional[str] = typer.Option(None, "-f", "--format", metavar="FORMAT", autocompletion=complete_format, help="Format id (else the list's Format: line or the config)."),
    config_path: Optional[str] = typer.Option(None, "--config", metavar="FILE", help="Use this .deckcheck.yaml."),
    no_config: bool = typer.Option(False, "--no-config", help="Ignore any .deckcheck.yaml."),
) -> None:
    """Exit 0 if a list has the registered fingerprint, 1 if it does not (2 on errors).

    Examples:

    \b
      deckcheck verify mydeck.txt f946-24e8-8bbe-4177
      deckcheck verify - f946-24e8-8bbe-4177 -f fow-classic < list.txt
    """
    from deckcheck.registration.fingerprint import FingerprintError, parse_fingerprint

    try:
        parse_fingerprint(expected)
    except FingerprintError as exc:
        raise Fail(str(exc)) from None
    result, fp = _fingerprint_of(deck, format_id, config_path, no_config)
    if fp.matches(expected):
        _echo(f"{result.path}: fingerprint {fp.short} matches ({result.format})")
        raise typer.Exit(EXIT_OK)
    _echo(f"{result.path}: fingerprint {fp.short} does NOT match {expected.strip()} "
               f"({result.format}): the cards, counts or format differ from the registered "
               "list")
    raise typer.Exit(EXIT_ILLEGAL)


def _progress_bar():
    state = {"shown": False}

    def show(done: int, total: int) -> None:
        if total < 20:
            return
        width = 30
        filled = width * done // total
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} decks")
        if done == total:
            sys.stderr.write("\r" + " " * (width + 30) + "\r")
        sys.stderr.flush()
        state["shown"] = True

    return show


# the look-up commands, registered after these so `--help` lists them in this order
from deckcheck import cli_lookup  # noqa: E402,F401


def _run(argv: list[str]) -> int:
    import os

    if os.environ.get(cli_lookup.COMPLETE_VAR):   # a completion script asks: answer, exit
        from typer.completion import completion_init

        completion_init()
    try:
        result = app(args=argv, prog_name="deckcheck", standalone_mode=False)
        return result if isinstance(result, int) else EXIT_OK
    except Fail as exc:
        _stderr(f"deckcheck: error: {exc}\n")
        return EXIT_ERROR
    except KeyboardInterrupt:
        _stderr("deckcheck: interrupted\n")
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # click usage errors and anything unexpected
        code = getattr(exc, "exit_code", None)
        if hasattr(exc, "format_message") and code is not None:
            _stderr(f"deckcheck: error: {exc.format_message()}\n")
            if code == 2 or code is None:
                _stderr("Try 'deckcheck --help' for help.")
            return EXIT_ERROR if code not in (0, 1) else code
        if type(exc).__name__ == "Abort":
            return EXIT_ERROR
        _stderr(f"deckcheck: internal error: {type(exc).__name__}: {exc} "
                         "(please report this)\n")
        return EXIT_ERROR


def main(argv: list[str] | None = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    sys.exit(_run(argv))


if __name__ == "__main__":
    main()
