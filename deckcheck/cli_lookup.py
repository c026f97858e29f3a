"""The commands that look things up: ``formats``, ``cards search|show|import``, ``sample``
and ``rules`` (registered on the app of :mod:`deckcheck.cli_base`)."""

from __future__ import annotations

from typing import Optional

import typer

from deckcheck.cli_base import (EXIT_ILLEGAL, Fail, _config, _echo, _write, app, cards_app,
                                complete_format, complete_game)

_CONFIG_HELP = "Use this .deckcheck.yaml (its formats-dirs and cards: folders)."


@app.command("formats")
def formats_cmd(
    what: Optional[str] = typer.Argument(None, metavar="GAME|show|import", help="A game id (fow, mtg, wowtcg, magewars, mageknight), 'show' or 'import'."),
    format_id: Optional[str] = typer.Argument(None, metavar="FORMAT|GAME", help="With 'show': the format id; with 'import': the game id."),
    source: Optional[str] = typer.Argument(None, metavar="SOURCE", help="With 'import': the format files to read (default: the game's folder in ../shared/data)."),
    date: Optional[str] = typer.Option(None, "--date", metavar="YYYY-MM-DD", help="With 'show': the profile in force on this date."),
    out: Optional[str] = typer.Option(None, "--out", metavar="DIR", help="With 'import': the output folder (default: the shipped formats/<game> for ../shared data, else the user's formats folder)."),
    config_path: Optional[str] = typer.Option(None, "--config", metavar="FILE", help=_CONFIG_HELP),
    no_config: bool = typer.Option(False, "--no-config", help="Ignore any .deckcheck.yaml."),
) -> None:
    """List the formats (of one game), `formats show FORMAT` to describe one, or
    `formats import GAME [SOURCE]` to write a game's dated formats from public format files;
    the config's `formats-dirs` are read as `check` reads them.

    Examples:

    \b
      deckcheck formats                 # every game's formats
      deckcheck formats mtg
      deckcheck formats show mtg-standard --date 2012-02-03
    """
    from deckcheck import formats
    from deckcheck.api import UsageError, formats_dirs, validate_date

    extra = formats_dirs(_config(config_path, no_config))
    try:
        if what == "import":
            _formats_import(format_id, source, out)
            return
        if source is not None:
            raise Fail(f"unexpected argument {source!r} (see `deckcheck formats --help`)")
        if what == "show":
            if not format_id:
                raise Fail("usage: deckcheck formats show FORMAT (see `deckcheck formats`)")
            fmt = formats.load(format_id.lower(), extra)
            from deckcheck.describe import describe_format

            _echo(describe_format(fmt, validate_date(date)))
            return
        games = formats.game_ids(extra)
        if what is not None and what not in games:
            raise Fail(f"unknown game {what!r}; games: {', '.join(games)}")
        from deckcheck.reporting.table import table

        rows = [[f.id, f.game, f.title] for f in formats.all_formats(extra, game=what)]
        _echo(table(["format", "game", "name"], rows))
    except (formats.FormatError, UsageError) as exc:
        raise Fail(str(exc)) from None


def _import_source(source: str | None, shared_part: str, what: str):
    """An importer's input: ``source``, else ``shared_part`` of ``../shared/data``; and
    whether it lies inside ``../shared`` (the shipped data is rebuilt from there)."""
    from pathlib import Path

    from deckcheck.resources import shared_dir

    shared = shared_dir()
    if source is None:
        if shared is None:
            raise Fail(f"no SOURCE given and ../shared/data is not present; give {what}")
        src = shared / "data" / shared_part
    else:
        src = Path(source)
    return src, shared is not None and src.resolve().is_relative_to(shared.resolve())


def _formats_import(game: str | None, source: str | None, out: str | None) -> None:
    """``formats import GAME [SOURCE]``: the game's formats importer writes its format files;
    the card data decides which profiles a format can load (see the importer)."""
    from pathlib import Path

    from deckcheck.carddb.importers.common import DataError
    from deckcheck.games.registry import descriptor, game_ids, resolve
    from deckcheck.resources import data_dir, user_data_dir

    d = descriptor(game) if game in game_ids() else None
    if d is None or not d.formats_importer:
        have = [g for g in game_ids() if descriptor(g).formats_importer]
        raise Fail(f"usage: deckcheck formats import GAME [SOURCE]; games with a formats "
                   f"importer: {', '.join(have) or 'none'}")
    module = resolve(d.formats_importer)
    src, from_shared = _import_source(source, module.SHARED_SOURCE, "the folder")
    if not src.is_dir():
        raise Fail(f"{src}: no such folder (give the folder of the format files)")
    if out:
        dest = Path(out)
    elif from_shared:
        dest = data_dir("formats") / d.id
    else:
        dest = user_data_dir() / "formats" / d.id
    g, db = _game_db(d.id)
    try:
        summary = module.run(src, dest, db)
    except DataError as exc:
        raise Fail(str(exc)) from None
    _echo(f"wrote {dest}")
    for k, v in (summary or {}).items():
        _echo(f"  {k}: {v}")


def _game_db(game: str, config_path: Optional[str] = None, no_config: bool = False):
    """The game and its card data as `check` sees them (the config's `cards:` folder too)."""
    from deckcheck.api import UsageError, prepare_game

    config = _config(config_path, no_config)
    try:
        return prepare_game(game, config)
    except UsageError as exc:
        raise Fail(str(exc)) from None


def _games_asked(game: Optional[str], extra=None) -> list[str]:
    """``-g GAME``, or every game."""
    from deckcheck.formats import game_ids

    games = game_ids(extra or [])
    if game is None:
        return games
    if game not in games:
        raise Fail(f"unknown game {game!r}; games: {', '.join(games)}")
    return [game]


@cards_app.command("search")
def cards_search(query: str = typer.Argument(..., metavar="QUERY", help="A name, part of a name, a misspelling or a Chinese name (or part of one)."),
                 game: Optional[str] = typer.Option(None, "-g", "--game", metavar="GAME", autocompletion=complete_game, help="Only this game (default: every game)."),
                 limit: int = typer.Option(10, "--limit", metavar="N", min=1, max=100, help="At most this many cards per game."),
                 config_path: Optional[str] = typer.Option(None, "--config", metavar="FILE", help=_CONFIG_HELP),
                 no_config: bool = typer.Option(False, "--no-config", help="Ignore any .deckcheck.yaml.")) -> None:
    """Find cards by name with the same matcher and card data `check` uses.

    Examples:

    \b
      deckcheck cards search rapunzle -g fow
      deckcheck cards search 掘密
    """
    from deckcheck.api import formats_dirs
    from deckcheck.describe import search_cards

    games = _games_asked(game, formats_dirs(_config(config_path, no_config)))
    found = []
    for g_id in games:
        g, db = _game_db(g_id, config_path, no_config)
        text = search_cards(db, query, limit, none=None if len(games) > 1 else "",
                            similar=60 if len(games) == 1 else 75)
        if text:
            found.append(text if len(games) == 1 else f"{g_id}:\n{text}")
    if not found:
        from deckcheck.safetext import guard_lines

        _echo(guard_lines(f'no card of {", ".join(games)} matches "{query}"'))
        raise typer.Exit(EXIT_ILLEGAL)
    _echo("\n\n".join(found))


@cards_app.command("show")
def cards_show(name: str = typer.Argument(..., metavar="NAME", help="The card's name (any spelling check accepts)."),
               game: Optional[str] = typer.Option(None, "-g", "--game", metavar="GAME", autocompletion=complete_game, help="The card's game (default: the format's, else every game)."),
               format_id: Optional[str] = typer.Option(None, "-f", "--format", metavar="FORMAT", autocompletion=complete_format, help="Also say whether the card is legal in this format."),
               date: Optional[str] = typer.Option(None, "--date", metavar="YYYY-MM-DD", help="With -f: as on this date."),
               config_path: Optional[str] = typer.Option(None, "--config", metavar="FILE", help=_CONFIG_HELP),
               no_config: bool = typer.Option(False, "--no-config", help="Ignore any .deckcheck.yaml.")) -> None:
    """Show the facts deckcheck knows about one card (the config's `cards:` folder too);
    with -f, whether it is legal in that format (on --date), as `check` would find.

    Examples:

    \b
      deckcheck cards show "Delver of Secrets"
      deckcheck cards show "Laevateinn, the Demon Sword" -f fow-wanderer \\
        --date 2019-01-01
    """
    from deckcheck import formats
    from deckcheck.api import Options, UsageError, formats_dirs
    from deckcheck.describe import describe_card, describe_verdict, match_card
    from deckcheck.probe import probe
    from deckcheck.reporting.table import fit
    from deckcheck.safetext import guard_lines

    config = _config(config_path, no_config)
    if date is not None and not format_id:
        raise Fail("--date goes with -f FORMAT (whether the card is legal on that date)")
    if format_id:
        try:
            fmt_game = formats.load(format_id.lower(), formats_dirs(config)).game
        except formats.FormatError as exc:
            raise Fail(str(exc)) from None
        if game is not None and game != fmt_game:
            raise Fail(f"-f {format_id} is a format of {fmt_game}, not of {game}")
        game = fmt_game
    games = _games_asked(game, formats_dirs(config))
    found, why = [], []
    for g_id in games:
        g, db = _game_db(g_id, config_path, no_config)
        card, how = match_card(db, name)
        if card is None:
            why.append(how if len(games) == 1 else f"{g_id}: {how}")
        else:
            found.append((g_id, card, how))
    # over every game: the cards the name names exactly, else the one game's guess (several
    # games' guesses are listed, not shown: the user says which with -g)
    chosen = [f for f in found if not f[2]] or (found if len(found) == 1 else [])
    if not chosen:
        why += [f"{g_id}: {how}" for g_id, _card, how in found]
        if len(found) > 1:
            why.append("give -g GAME to show one of these")
        _echo(guard_lines("\n".join(why)))
        raise typer.Exit(EXIT_ILLEGAL)
    shown = []
    for g_id, card, how in chosen:
        text = (how + "\n" if how else "") + describe_card(card, g_id)
        if format_id:
            try:
                verdict = probe(card, format_id, date, Options(config=config))
            except UsageError as exc:
                raise Fail(str(exc)) from None
            text += "\n\n" + describe_verdict(verdict)
            if not verdict.legal:
                _echo(guard_lines(fit(text)))
                raise typer.Exit(EXIT_ILLEGAL)
        shown.append(text)
    _echo(guard_lines(fit("\n\n".join(shown))))


@cards_app.command("import")
def cards_import(game: str = typer.Argument(..., metavar="GAME", help="Game id; for Magic, 'mtg' or 'mtgjson' with a user's MTGJSON file adds it to the user data folder."),
                 source: Optional[str] = typer.Argument(None, metavar="SOURCE", help="The public data (default: ../shared/data/<game>)."),
                 out: Optional[str] = typer.Option(None, "--out", metavar="DIR", help="Output directory (default: the shipped cards/<game>).")) -> None:
    """Build facts-only card files from public card data."""
    from pathlib import Path

    from deckcheck.carddb.importers.common import DataError
    from deckcheck.games.registry import descriptor, importers, resolve
    from deckcheck.resources import data_dir

    names = importers()
    target_game = names.get(game)
    if target_game is None:
        raise Fail(f"no importer for {game!r}; importers: {', '.join(sorted(names))}")
    d = descriptor(target_game)
    alias = game != target_game
    if alias and source is None:
        raise Fail(f"usage: deckcheck cards import {game} FILE (the data file or folder to add)")
    src, from_shared = _import_source(source, d.shared_source or target_game, "the data path")
    if not src.exists():
        raise Fail(f"{src}: no such file or directory")
    if out:
        dest = Path(out)
    elif d.user_imports and (alias or not from_shared):
        # newer data (`import mtgjson FILE`, or `import mtg FILE` with the user's own file)
        # goes to the user's data folder, next to the shipped one
        from deckcheck.resources import user_data_dir

        dest = user_data_dir() / "cards" / target_game
    else:
        dest = data_dir("cards") / target_game
    module = resolve(d.importer)
    try:
        summary = module.run(src, dest)
    except DataError as exc:
        raise Fail(str(exc)) from None
    _echo(f"wrote {dest}")
    for k, v in (summary or {}).items():
        _echo(f"  {k}: {v}")


@app.command("sample")
def sample_cmd(format_id: str = typer.Argument(..., metavar="FORMAT", help="A format id, e.g. magewars-apprentice."),
               who: Optional[str] = typer.Argument(None, metavar="WHO", help="Whose list: a mage, a hero …"),
               lang: str = typer.Option("en", "--lang", metavar="LANG", help="en, zh-Hans or zh-Hant card names where known."),
               output: Optional[str] = typer.Option(None, "-o", "--output", metavar="FILE", help="Write the list to this file."),
               config_path: Optional[str] = typer.Option(None, "--config", metavar="FILE", help=_CONFIG_HELP),
               no_config: bool = typer.Option(False, "--no-config", help="Ignore any .deckcheck.yaml.")) -> None:
    """Print a ready-made legal list to start from (apprentice spellbooks, starting decks);
    the config's `formats-dirs` are read as `check` reads them.

    Examples:

    \b
      deckcheck sample magewars-apprentice wizard
      deckcheck sample mageknight-starting tovak -o tovak.txt
    """
    from deckcheck import formats
    from deckcheck.api import formats_dirs
    from deckcheck.games.base import load_game

    extra = formats_dirs(_config(config_path, no_config))
    try:
        fmt = formats.load(format_id.lower(), extra)
        text = load_game(fmt.game).sample(fmt.id, who, lang)
    except (formats.FormatError, LookupError) as exc:
        # a KeyError's str() quotes its message: show the message itself
        raise Fail(str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)) \
            from None
    _write(text if text.endswith("\n") else text + "\n", output)


@app.command("rules")
def rules_cmd(code: Optional[str] = typer.Argument(None, metavar="CODE", help="A rule code, e.g. FOW101."),
              game: Optional[str] = typer.Option(None, "-g", "--game", metavar="GAME", autocompletion=complete_game, help="Only this game's rules.")) -> None:
    """List every rule code, or print one rule's documentation.

    Examples:

    \b
      deckcheck rules -g fow
      deckcheck rules DCK003
    """
    from deckcheck.rules.base import all_rules, get_rule

    if code:
        rule = get_rule(code)
        if rule is None:
            raise Fail(f"unknown rule code {code!r}; see `deckcheck rules`")
        from deckcheck.reporting.table import fit

        _echo(fit(f"{rule.code} {rule.name} ({rule.severity.value}"
                  f"{', ' + rule.game if rule.game else ', all games'})\n"))
        _echo(fit(rule.doc))
        return
    from deckcheck.reporting.table import table

    rows = [[r.code, r.name, r.severity.value, r.game or "all", r.summary]
            for r in all_rules(game)]
    _echo(table(["code", "name", "severity", "game", "what it checks"], rows))


@app.command("completion")
def completion_cmd(shell: str = typer.Argument(..., metavar="bash|zsh", help="The shell to complete deckcheck's commands and options in.")) -> None:
    """Print a shell completion script (nothing is written to your files).

    Examples:

    \b
      source <(deckcheck completion bash)           # this bash session
      deckcheck completion bash \\
        > ~/.local/share/bash-completion/completions/deckcheck
      deckcheck completion zsh > "${fpath[1]}/_deckcheck"  # a folder of fpath
    """
    from typer.completion import get_completion_script

    shell = shell.lower()
    if shell not in COMPLETION_SHELLS:
        raise Fail(f"completion {shell!r}: use one of {', '.join(COMPLETION_SHELLS)}")
    _echo(get_completion_script(prog_name="deckcheck", complete_var=COMPLETE_VAR,
                                shell=shell).strip())


COMPLETION_SHELLS = ("bash", "zsh")
#: the variable the completion scripts set when they ask deckcheck for completions
COMPLETE_VAR = "_DECKCHECK_COMPLETE"
