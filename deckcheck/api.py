"""The public Python API: check deck lists the same way the command line does.

>>> from deckcheck.api import check_text
>>> result = check_text(open("grimm.txt", encoding="utf-8").read(), "fow-classic")
>>> result.legal, [f.code for f in result.findings]

``__all__`` is the supported API (documented in ``docs/api.md``); everything else here
serves the command line and may change. Every stage is a plain function of its inputs
(read -> parse -> resolve -> check), so the CLI, the worker pool and library users get
identical results.
"""

from __future__ import annotations

import datetime as _dt
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Iterator

from deckcheck.discovery import Skipped, SkipHandler, Target, named_path_problem, walk, \
    working_tree
from deckcheck.models import DeckResult, Finding, Severity
from deckcheck.parsing.decklike import not_a_deck_list
from deckcheck import carddb
from deckcheck import formats as formats_mod
from deckcheck.games.base import load_game
from deckcheck.parsing.detect import DECK_EXTENSIONS, parse, sniff_date, sniff_format, sniff_game
from deckcheck.reading import ReadError, SourceText, decode, read_path, shown_path
from deckcheck.resolve import resolve_deck
from deckcheck.rules.base import Context, active_rules, matches_prefix
from deckcheck.wording import counted

__all__ = [
    "check_text", "check_bytes", "check_file", "check_paths", "iter_check_paths",
    "Options", "UsageError", "NothingToCheck", "validate_date",
    "DeckResult", "Finding", "Severity",
]

if TYPE_CHECKING:
    from deckcheck.carddb import CardDB
    from deckcheck.formats import Format
    from deckcheck.games.base import Game
    from deckcheck.rules.claims import Claim


class UsageError(Exception):
    """The user must change the command or the list (no format, bad date …): exit 2."""


class NothingToCheck(UsageError):
    """A directory given to check holds no deck file (or none the configuration wants)."""


@dataclass(slots=True)
class Options:
    format_id: str | None = None
    date: str | None = None
    lang: str = "en"
    select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    severity: dict[str, str] = field(default_factory=dict)
    config: "object | None" = None      # deckcheck.config.Config
    use_config_formats: bool = True
    #: a :class:`deckcheck.configs.ConfigFinder`: each file's own configuration, found from
    #: its folder upward (``config`` is then the run's, for standard input); None: ``config``
    #: applies to every file (``--config``, ``--no-config``, the Python API)
    configs: "object | None" = None


def file_options(opts: Options, path: str | Path) -> Options:
    """``opts`` with ``config`` set to the configuration of the file ``path`` (when the
    run finds one per file); a configuration that cannot be used is a :class:`UsageError`."""
    if opts.configs is None:
        return opts
    cfg = _errors_as_usage(opts.configs.for_file, path)
    return opts if cfg is opts.config else replace(opts, config=cfg)


def _config_of(where, path: Path, folder: bool = False):
    """The configuration that applies to ``path`` (a file, or with ``folder`` a folder):
    ``where`` is a configuration for every file, or a ConfigFinder, or None."""
    if not hasattr(where, "for_file"):
        return where
    return _errors_as_usage(where.for_folder if folder else where.for_file, path)


def validate_date(value: str | None) -> str | None:
    """``--date`` as ``YYYY-MM-DD``. The spellings a list's ``Date:`` line may use are read
    too (``2012/2/3``, ``2012.02.03``, ``2012年2月3日``); anything else is a
    :class:`UsageError` that says how to write it (with the date meant, when a day-first or
    month-first spelling can mean only one)."""
    if value is None:
        return None
    text = str(value).strip()
    try:
        return _dt.date.fromisoformat(text).isoformat()
    except ValueError:
        pass
    from deckcheck.parsing.detect import read_list_date

    day = read_list_date(text)
    if day is not None:
        return day
    meant = _meant_dates(text)
    hint = (f"--date {meant[0]}" if len(meant) == 1 else
            f"--date {meant[0]} or --date {meant[1]}, whichever is meant" if meant else
            "e.g. --date 2012-02-03")
    raise UsageError(f"--date {value!r} is not a date; write YYYY-MM-DD: {hint}")


def _meant_dates(text: str) -> list[str]:
    """The dates a ``25/02/2012``-like spelling can mean, day first or month first (none
    for any other text, or for no day of the calendar)."""
    import re

    m = re.fullmatch(r"(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})", text)
    if not m:
        return []
    a, b, year = map(int, m.groups())
    meant = []
    for month, day in ((b, a), (a, b)):
        try:
            iso = _dt.date(year, month, day).isoformat()
        except ValueError:
            continue
        if iso not in meant:
            meant.append(iso)
    return sorted(meant)


# ---------------------------------------------------------------------------------------
# one deck


def check_text(text: str, format_id: str | None = None, date: str | None = None,
               path: str = "<string>", lang: str = "en") -> DeckResult:
    """Check one deck list given as text (the API of design §1).

    A list without a format (no ``format_id``, no ``Format:`` line) raises
    :class:`UsageError`, as does an unknown format or a bad date; ``bytes`` raise
    :class:`TypeError` (decode them, or use :func:`check_bytes`)."""
    if not isinstance(text, str):
        raise TypeError(
            f"check_text() takes the deck list as str, not {type(text).__name__}; "
            + ("decode it first, or call check_bytes(data, ...), which detects UTF-8, "
               "UTF-16, GB18030 and Big5" if isinstance(text, (bytes, bytearray, memoryview))
               else "pass the text of the list"))
    src = SourceText(path=path, text=text, encoding="utf-8")
    return check_source(src, Options(format_id=format_id, date=date, lang=lang))


def check_bytes(data: bytes, format_id: str | None = None, date: str | None = None,
                path: str = "<bytes>", lang: str = "en") -> DeckResult:
    """Check one deck list given as the bytes of a file, in any encoding deckcheck reads
    (UTF-8 with or without BOM, UTF-16, GB18030, Big5); undecodable bytes raise
    :class:`deckcheck.reading.ReadError`, a ``str`` raises :class:`TypeError`."""
    if isinstance(data, str):
        raise TypeError("check_bytes() takes the bytes of a file, not str; call "
                        "check_text(text, ...) for text")
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"check_bytes() takes bytes, not {type(data).__name__}")
    return check_source(decode(bytes(data), path),
                        Options(format_id=format_id, date=date, lang=lang))


def check_file(path: str | Path, opts: Options) -> DeckResult:
    """Check one file; reading and usage problems become ``result.error`` (exit 2).

    So does a file that is not a deck list (:mod:`deckcheck.parsing.decklike`): its
    ``result.not_a_deck`` says why, and nothing of its content is quoted anywhere.
    """
    name = shown_path(str(path))
    try:
        opts = file_options(opts, path)
        src = read_path(path)
        why = not_a_deck_list(src.text, src.path)
        if why is not None:
            return DeckResult(path=src.path, game=None, format=opts.format_id, date=opts.date,
                              error=not_a_deck_message(src.path, why), not_a_deck=why)
        return check_source(src, opts)
    except ReadError as exc:
        return DeckResult(path=name, game=None, format=opts.format_id, date=opts.date,
                          error=str(exc))
    except UsageError as exc:
        from deckcheck.i18n import error_text

        return DeckResult(path=name, game=None, format=opts.format_id, date=opts.date,
                          error=error_text(exc, opts.lang))


def not_a_deck_message(path: str, why: str, included=None) -> str:
    """The one line that reports a named file that is not a deck list (nothing quoted);
    ``included``: the configuration whose ``include:`` matched the file (it was not named)."""
    if included is not None:
        where = shown_path(str(included.path)) if included.path else ".deckcheck.yaml"
        return (f"{path}: not a deck list ({why}), yet the include: patterns of {where} "
                f"match it; add it to exclude: there (e.g. exclude: "
                f"[\"{included.relative(Path(path))}\"]) or narrow include:")
    return (f"{path}: not a deck list ({why}); name a deck file, or write one card per line "
            "(e.g. '4 Card Name')")


_USAGE_ERRORS: tuple = ()


def _usage_errors() -> tuple:
    """The errors of formats, card data, configuration and XML lists (imported once)."""
    global _USAGE_ERRORS
    if not _USAGE_ERRORS:
        from deckcheck.carddb import CardDataError
        from deckcheck.config import ConfigError
        from deckcheck.formats import FormatError
        from deckcheck.parsing.xmlsafe import XMLDeckError

        _USAGE_ERRORS = (FormatError, CardDataError, ConfigError, XMLDeckError)
    return _USAGE_ERRORS


def _errors_as_usage(fn, *args):
    try:
        return fn(*args)
    except _usage_errors() as exc:
        from deckcheck.errors import carry_phrase

        raise carry_phrase(exc, UsageError(str(exc))) from None


def choose_format(src: SourceText, opts: Options) -> tuple[str, str | None, list[Finding]]:
    """The format id and date for one list: ``-f``, else ``Format:``, else the config.

    The date: ``--date``, else the list's own ``Date:`` line, else the config's pattern's
    ``date:``, else none (today's profile). An unreadable ``Date:`` line is a DCK032
    warning naming its line, and the next source decides."""
    notes: list[Finding] = []
    named = sniff_format(src.text)
    date = opts.date
    if date is None:
        date = _list_date(src, notes)
    if opts.format_id:
        if named and named != opts.format_id:
            from deckcheck.rules.core import FormatOverridden

            notes.append(FormatOverridden().finding(None, named=named, used=opts.format_id))
        return opts.format_id, date, notes
    if named:
        return named, date, notes
    cfg = opts.config
    if cfg is not None and opts.use_config_formats and src.path not in ("-", "<stdin>"):
        rule = cfg.format_for(Path(src.path))
        if rule is not None:
            return rule.format, date or rule.date, notes
    used = getattr(cfg, "path", None) if opts.use_config_formats else None
    if src.path in ("-", "<stdin>"):
        where = "name a file whose path a .deckcheck.yaml maps to a format"
    elif used:
        where = (f"map the path to a format in the configuration used, {shown_path(str(used))} "
                 "(none of its formats: patterns matches this file)")
    else:
        where = ("map the path to a format in a .deckcheck.yaml (formats: - path: … format: …"
                 + ("; none was found from the file's folder up to its repository root)"
                    if opts.configs is not None else ")"))
    raise UsageError(
        f"{src.path}: no format given. Use -f FORMAT, add a line 'Format: <id>' to the list, "
        f"or {where}. See `deckcheck formats` for the format ids.")


def _list_date(src: SourceText, notes: list[Finding]) -> str | None:
    """The date of the list's ``Date:`` line (``None`` without one); an unreadable one adds
    a DCK032 finding to ``notes``."""
    found = sniff_date(src.text)
    if found is None:
        return None
    day, written, line = found
    if day is None:
        from deckcheck.rules.core import ListDateUnreadable

        notes.append(ListDateUnreadable().finding(None, line=line, written=written))
    return day


@dataclass(slots=True)
class Prepared:
    """What every command works out before it reads a list's cards: the format (``-f``,
    ``Format:``, the config) and its dated profile, the game and its card data, from the
    same config (its ``formats-dirs`` and ``cards:`` folders) whichever command asks."""

    game: "Game"
    db: "CardDB"
    format: "Format | None"
    date: str | None
    notes: list[Finding]


def formats_dirs(config) -> list[Path]:
    """The format folders a run with ``config`` reads besides the shipped ones (its
    ``formats-dirs``): every command that loads a format passes them."""
    return list(getattr(config, "formats_dirs", []) or [])


def prepare_game(game_id: str, config) -> tuple["Game", "CardDB"]:
    """A game and its card data as a run with ``config`` sees them (the config's ``cards:``
    folder included): what ``check`` uses, and ``cards search``/``cards show`` too."""
    game = _errors_as_usage(load_game, game_id)
    return game, _errors_as_usage(carddb.for_config, game, config)


def prepare(src: SourceText, opts: Options, checking: bool = True) -> Prepared:
    """The preparation ``check``, ``fix``, ``convert``, ``register`` and ``fingerprint``
    share. ``checking``: the list is checked, so its format is required and its date picks
    the format's profile; otherwise (``fix``, ``convert``) a list without a format is read
    as the game its content names (an OCTGN game GUID, a .fdk file)."""
    extra = formats_dirs(opts.config)
    fmt, date, notes = None, None, []
    try:
        format_id, date, notes = choose_format(src, opts)
    except UsageError:
        game_id = None if checking else sniff_game(src)
        if game_id is None:
            raise
    else:
        if checking:
            date = validate_date(date)
        fmt = _errors_as_usage(formats_mod.load, format_id, extra)
        if checking:
            fmt = _profile_on(fmt, date, src, opts)
        game_id = fmt.game
    game, db = prepare_game(game_id, opts.config)
    return Prepared(game=game, db=db, format=fmt, date=date, notes=notes)


def _profile_on(fmt, date: str | None, src: SourceText, opts: Options):
    """``fmt`` as on ``date``; a date outside the format's life (before it began, after it
    was retired) that the list's own ``Date:`` line gave is refused naming that line
    (``path:line:``), so the fix is plain. No date means today, which a retired format
    refuses too."""
    from deckcheck.errors import FormatEnded, FormatNotInForce, carry_phrase

    try:
        ended = fmt.ended
        if date is None and ended:
            raise FormatEnded(fmt.id, fmt.title, ended["date"], ended.get("source"), None)
        return fmt.for_date(date)
    except FormatNotInForce as exc:
        found = sniff_date(src.text) if opts.date is None else None
        if found is None or found[0] != date:
            raise carry_phrase(exc, UsageError(str(exc))) from None
        where = f"{shown_path(src.path)}:{found[2]}"
        err = carry_phrase(exc, UsageError(f"{where}: {exc}"))
        err.where = where                                 # type: ignore[attr-defined]
        raise err from None
    except _usage_errors() as exc:
        raise carry_phrase(exc, UsageError(str(exc))) from None


def check_source(src: SourceText, opts: Options) -> DeckResult:
    ready = prepare(src, opts)
    return _errors_as_usage(_check_prepared, src, ready, opts)


def _check_prepared(src: SourceText, ready: Prepared, opts: Options) -> DeckResult:
    """parse -> resolve -> check -> select -> localise: each stage returns new values."""
    game, db, fmt, date = ready.game, ready.db, ready.format, ready.date
    parsed = parse(src, game)
    deck = game.for_format(resolve_deck(parsed, game, db, notes=ready.notes, zones=fmt.zones),
                           fmt, db)
    rules = active_rules_cached(game, fmt)
    claims: set[Claim] = set()
    for r in rules:
        claims.update(r.claims)
    ctx = Context(deck, fmt, game, db, date=date, lang=opts.lang, claims=claims)
    findings = list(deck.findings)
    for rule in rules:
        if rule.applies(ctx):
            findings.extend(rule.check(ctx))
    findings = select_findings(findings, opts, Path(src.path))
    findings.sort(key=lambda f: (-f.severity.rank, game.zone_order(f.zone) if f.zone else -1,
                                 f.line if f.line is not None else -1, f.code))
    if opts.lang != "en":
        from deckcheck.i18n import localize

        findings = localize(findings, opts.lang, db)
    stats = {}
    if fmt.profile:
        stats["profile"] = fmt.profile["from"]
        if fmt.profile.get("name"):
            stats["profile_name"] = fmt.profile["name"]
    stats.update(game.stats(ctx) or {})
    return DeckResult(path=src.path, game=game.id, format=fmt.id, date=date, deck=deck,
                      findings=findings, counts=zone_counts(ctx), stats=stats)


_ACTIVE: dict[tuple, list] = {}


def active_rules_cached(game, fmt) -> list:
    key = (game.id, fmt.id, fmt.profile["from"] if fmt.profile else None)
    if key not in _ACTIVE:
        _ACTIVE[key] = active_rules(Context(None, fmt, game, None))  # type: ignore[arg-type]
    return _ACTIVE[key]


def zone_counts(ctx) -> dict[str, int]:
    zones = []
    required = [z for z, s in ctx.fmt.zones.items() if (s.get("min") or 0) > 0]
    present = ctx.deck.zones()
    for z in sorted(set(required) | set(present), key=ctx.game.zone_order):
        zones.append(z)
    return {z: ctx.count(z) for z in zones}


def select_findings(findings: list[Finding], opts: Options, path: Path) -> list[Finding]:
    cfg = opts.config
    select = list(opts.select) or list(getattr(cfg, "select", []) or [])
    ignore = list(opts.ignore) + list(getattr(cfg, "ignore", []) or [])
    if cfg is not None and str(path) not in ("-", "<stdin>", "<string>"):
        ignore += cfg.ignored_for(path)
    severity = dict(getattr(cfg, "severity", {}) or {})
    severity.update(opts.severity)
    out = []
    for f in findings:
        if select and not matches_prefix(f.code, select):
            continue
        if ignore and matches_prefix(f.code, ignore):
            continue
        override = _severity_for(f.code, severity)
        if override is not None and Severity(override) is not f.severity:
            f = replace(f, severity=Severity(override))
        out.append(f)
    return out


def _severity_for(code: str, table: dict[str, str]) -> str | None:
    best = None
    for prefix, sev in table.items():
        if code.startswith(prefix.upper()) and (best is None or len(prefix) > len(best[0])):
            best = (prefix, sev)
    return best[1] if best else None


def parse_source(src: SourceText, opts: Options):
    """Read and resolve a list without checking it: ``(deck, game, format id or None)``.

    The game comes from the format (``-f``, ``Format:``, config) or, failing that, from the
    file itself (an OCTGN game GUID, a .fdk file); formats and card data come from the
    config as for ``check`` (:func:`prepare`).
    """
    ready = prepare(src, opts, checking=False)
    deck = _errors_as_usage(parse, src, ready.game)
    deck = resolve_deck(deck, ready.game, ready.db)
    return deck, ready.game, ready.format.id if ready.format is not None else None


# ---------------------------------------------------------------------------------------
# many decks


def print_skipped(skipped: Skipped) -> None:
    """The default report of a file passed over: one info line on standard error."""
    sys.stderr.write(f"deckcheck: info: {skipped}\n")


def collect_targets(paths: Iterable[str], config=None, force_exclude: bool = False,
                    on_skip: SkipHandler | None = print_skipped,
                    configs=None) -> list[Target]:
    """The files to check for the paths of a command line, in order, under the link policy
    of :mod:`deckcheck.discovery`: directories are walked (recursively, in a stable order);
    a named path that the policy refuses becomes a :class:`Target` with its ``problem``.

    The config's include/exclude patterns filter files found in directories; with
    ``force_exclude`` they also filter files named explicitly (as pre-commit passes them).
    With ``configs`` (a :class:`deckcheck.configs.ConfigFinder`) each file's own
    configuration does, else ``config`` for every file.
    """
    where = configs if configs is not None else config

    def config_of(path, folder: bool = False):
        return _config_of(where, path, folder)

    tree = None
    out: list[Target] = []
    for p in paths:
        if p == "-":
            out.append(Target(p))
            continue
        tree = tree or working_tree()
        problem = named_path_problem(p, tree)
        if problem is not None:
            out.append(Target(p, problem=problem))
            continue
        path = Path(p)
        if force_exclude and path.is_file():
            cfg = config_of(path)
            if cfg is not None and not cfg.wants(path):
                continue
        if not path.is_dir():
            out.append(Target(str(path)))
            continue
        found, unwanted = walk(p, lambda folder: config_of(folder, True), on_skip)
        if not found and unwanted:
            raise NothingToCheck(
                f"{shown_path(p)}: the include/exclude patterns of "
                f"{getattr(config_of(path, True), 'path', None)} leave none "
                f"of the {counted(unwanted, 'deck file')} in this directory; change them or "
                "name the files")
        if not found:
            raise NothingToCheck(f"{shown_path(p)}: no deck files found in this directory "
                                 f"(looked for {', '.join(sorted(DECK_EXTENSIONS))})")
        out.extend(found)
    return out


def collect_paths(paths: Iterable[str], config=None, force_exclude: bool = False,
                  on_skip: SkipHandler | None = print_skipped, configs=None) -> list[str]:
    """:func:`collect_targets` as plain paths; a named path the link policy refuses is a
    :class:`UsageError` (nothing is read)."""
    targets = collect_targets(paths, config, force_exclude, on_skip, configs)
    for t in targets:
        if t.problem is not None:
            raise UsageError(f"{shown_path(t.path)}: {t.problem}")
    return [t.path for t in targets]


def check_paths(paths: Iterable[str], opts: Options, jobs: int = 1,
                progress=None, force_exclude: bool = False,
                on_skip: SkipHandler | None = print_skipped) -> list[DeckResult]:
    """Check every file the paths name, in order; every result in one list.

    A refused named path is a result with an ``error`` (exit 2), as is a named file that is
    not a deck list. A file met while walking a directory that is not a deck list is passed
    to ``on_skip`` and left out of the results (it is no deck, so it does not change the
    exit code); a directory left with no deck list at all is :class:`NothingToCheck`.
    For many files, :func:`iter_check_paths` gives the same results one at a time.
    """
    return list(iter_check_paths(paths, opts, jobs, progress, force_exclude, on_skip))


def iter_check_paths(paths: Iterable[str], opts: Options, jobs: int = 1,
                     progress=None, force_exclude: bool = False,
                     on_skip: SkipHandler | None = print_skipped) -> Iterator[DeckResult]:
    """:func:`check_paths` one result at a time, in input order, each as soon as it is made
    (with ``jobs`` > 1, as soon as the results before it are); nothing is kept once it has
    been yielded, so a consumer that writes each result out runs in constant memory.

    :class:`NothingToCheck` for a walked directory whose files are all no deck lists is
    raised after the results of the other paths (it is known only once they are checked).
    """
    targets = collect_targets(paths, opts.config, force_exclude, on_skip, opts.configs)
    files = [t.path for t in targets if t.problem is None]
    if jobs > 1 and len(files) > 1:
        from deckcheck.batch import iter_parallel

        checked = iter_parallel(files, opts, jobs, check_file, progress)
    else:
        checked = _check_each(files, opts, progress)
    skipped: dict[str, int] = {}
    kept: set[str] = set()
    try:
        for t in targets:
            if t.problem is not None:
                name = shown_path(t.path)
                yield DeckResult(path=name, game=None, format=opts.format_id,
                                 date=opts.date, error=f"{name}: {t.problem}")
                continue
            result = next(checked)
            if t.walked and result.not_a_deck is not None:
                if on_skip is not None:
                    on_skip(Skipped(t.path, f"not a deck list ({result.not_a_deck})"))
                skipped[t.top or ""] = skipped.get(t.top or "", 0) + 1
                continue
            if t.top is not None:
                kept.add(t.top)
                if result.not_a_deck is not None:   # matched by include:, not named
                    cfg = _config_of(opts.configs or opts.config, Path(t.path))
                    result = replace(result, error=not_a_deck_message(
                        result.path, result.not_a_deck, included=cfg))
            yield result
            del result
    finally:
        close = getattr(checked, "close", None)
        if close is not None:
            close()      # a consumer that stops early stops the worker processes too
    for top, n in skipped.items():
        if top not in kept:
            raise NothingToCheck(f"{shown_path(top)}: no deck lists in this directory "
                                 f"({counted(n, 'file')} skipped: not deck lists)")


def _check_each(files: list[str], opts: Options, progress=None) -> Iterable[DeckResult]:
    for i, f in enumerate(files, start=1):
        yield check_file(f, opts)
        if progress is not None:
            progress(i, len(files))
