"""What every command of the command line shares: the Typer app, exit codes, the usage
error, and output through the guard (nothing deckcheck did not write is printed raw).

The commands live in :mod:`deckcheck.cli` (checking and registration) and
:mod:`deckcheck.cli_lookup` (formats, cards, rules, samples).
"""

from __future__ import annotations

import sys
from typing import Iterable, Optional

import typer

from deckcheck import __version__

# rich_markup_mode=None: plain help text; rendering it with rich would triple the start-up
app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  rich_markup_mode=None, help="Check deck lists against a card game's deck-building rules.")
cards_app = typer.Typer(no_args_is_help=True, rich_markup_mode=None, help="Look up cards and import card data.")
app.add_typer(cards_app, name="cards")

EXIT_OK, EXIT_ILLEGAL, EXIT_ERROR = 0, 1, 2


class Fail(Exception):
    """A usage problem: printed as one line, exit 2."""


def _echo(text: object = "", nl: bool = True) -> None:
    """Print to standard output. Every line deckcheck prints may hold text from a deck, a
    file name or a pull request's data, so each goes through :func:`safetext.guard_lines`:
    no hidden character and no CI command sequence reaches a terminal or a CI log."""
    from deckcheck.safetext import guard_lines

    typer.echo(guard_lines(str(text)), nl=nl)


def _stderr(text: str) -> None:
    """One message on standard error, guarded like :func:`_echo`."""
    from deckcheck.safetext import guard_lines

    sys.stderr.write(guard_lines(text.rstrip("\n")) + "\n")


_LANG_REGIONS = {"cn": "zh-Hans", "sg": "zh-Hans", "my": "zh-Hans", "hans": "zh-Hans",
                 "tw": "zh-Hant", "hk": "zh-Hant", "mo": "zh-Hant", "hant": "zh-Hant"}


def _lang(value: Optional[str]) -> str:
    """``--lang``: en, zh-Hans or zh-Hant, also as locales spell them (``zh_CN``, ``zh-TW``,
    ``en-GB``, any case); ``zh`` alone asks for the script."""
    from deckcheck.i18n import LANGS

    text = (value or "en").strip().replace("_", "-").split(".")[0]
    parts = text.lower().split("-")
    if parts[0] == "en":
        return "en"
    if parts[0] == "zh" and len(parts) > 1 and parts[1] in _LANG_REGIONS:
        return _LANG_REGIONS[parts[1]]
    if parts == ["zh"]:
        raise Fail(f"--lang {value!r}: say which script, zh-Hans (Simplified Chinese) or "
                   "zh-Hant (Traditional Chinese)")
    raise Fail(f"--lang {value!r}: use one of {', '.join(LANGS)}")


def _version(value: bool) -> None:
    if value:
        typer.echo(f"deckcheck {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Show the version and exit.")) -> None:
    """Check deck lists against a card game's deck-building rules."""


def _write(text: str, output: Optional[str]) -> None:
    """``text`` to standard output, or atomically to the file ``output``."""
    _write_chunks((text,), output)


def _write_chunks(chunks: Iterable[str], output: Optional[str]) -> None:
    """:func:`_write` of a report made piece by piece: each piece is written as it comes
    (to a file through a temporary file that replaces it at the end)."""
    if output and output != "-":
        from deckcheck.fileio import atomic_write_chunks

        try:
            atomic_write_chunks(output, chunks)
        except OSError as exc:
            raise Fail(f"cannot write {output}: {exc.strerror or exc}") from None
    else:
        write = sys.stdout.write
        for piece in chunks:
            write(piece)
        sys.stdout.flush()


def _config(config_path: Optional[str], no_config: bool):
    """The run's configuration (``--config``, else the .deckcheck.yaml found from here,
    none with ``--no-config``); a broken one is a usage error."""
    from pathlib import Path

    from deckcheck.config import ConfigError, load_config

    try:
        return load_config(Path(config_path) if config_path else None, discover=not no_config)
    except ConfigError as exc:
        raise Fail(str(exc)) from None


def _configs(config_path: Optional[str], no_config: bool, paths: Iterable[str] = ()):
    """The run's configuration and, unless ``--config`` or ``--no-config`` fixes one for
    every file, the :class:`~deckcheck.configs.ConfigFinder` that gives each file its own
    (found from the file's folder upward, design §7). The run's configuration (its
    ``lang``, ``output-format``, and what standard input uses) is ``--config``, else the one
    found from the working directory, else the one of the first file named."""
    from pathlib import Path

    from deckcheck.config import ConfigError, load_config
    from deckcheck.configs import STDIN, ConfigFinder

    cfg = _config(config_path, no_config)
    if config_path or no_config:
        return cfg, None
    finder = ConfigFinder(cfg)
    if cfg.path is None:
        first = next((p for p in paths if p not in STDIN), None)
        if first is not None:
            try:
                p = Path(first)
                cfg = finder.for_folder(p) if p.is_dir() else finder.for_file(p)
            except (ConfigError, OSError) as exc:
                raise Fail(str(exc)) from None
    return cfg, finder


def complete_format(incomplete: str) -> list[str]:
    """Shell completion of ``-f``: the shipped format ids that start with what is typed."""
    from deckcheck.formats import all_formats

    return [f.id for f in all_formats([]) if f.id.startswith(incomplete)]


def complete_game(incomplete: str) -> list[str]:
    """Shell completion of ``-g``: the game ids."""
    from deckcheck.formats import game_ids

    return [g for g in game_ids([]) if g.startswith(incomplete)]


def _jobs(value: str) -> int:
    """``-j``: a number of worker processes, or ``auto`` (said on standard error)."""
    text = str(value).strip().lower()
    if text == "auto":
        from deckcheck.batch import auto_jobs

        jobs, why = auto_jobs()
        _stderr(f"deckcheck: info: {why}\n")
        return jobs
    try:
        jobs = int(text)
    except ValueError:
        jobs = 0
    if not 1 <= jobs <= 64:
        raise Fail(f"-j {value!r}: give a number of worker processes from 1 to 64, or auto")
    return jobs


def _use_colour(output: Optional[str]) -> bool:
    """Colour for a report on a terminal: never with NO_COLOR or TERM=dumb, nor into a
    file; FORCE_COLOR asks for it where standard output is no terminal (a CI log)."""
    import os

    if output and output != "-":
        return False
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False
