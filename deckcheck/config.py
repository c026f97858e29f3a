"""``.deckcheck.yaml``: which files to check, in which format, and which rules to apply.

The file is found from each checked file's folder upward, stopping at the repository root
(the directory holding ``.git``; see :mod:`deckcheck.configs`), or given with ``--config``. Paths and patterns in it are
relative to the file. ``extends:`` takes a shipped preset (``default``, ``casual``,
``registration``) or a path to another config file; the extending file's keys win, and
lists of rule codes are added together.

A configuration arrives with the pull request it checks, so it is trusted no further than
its repository: the nearest folder above it holding ``.git`` (without one, its own folder).
Every file it makes deckcheck read (a file it ``extends:``, the files in its
``formats-dirs:`` and ``cards:`` folders) must lie inside that root once links are resolved,
be a regular file and stay under a size cap (see :mod:`deckcheck.safeio`); ``include:`` and
``exclude:`` patterns may not be absolute or climb out with ``..``. All of this is checked
when the configuration is loaded, so each refusal names the line that asked for the file.
A configuration that was found (not given with ``--config``) must itself lie inside its
repository. ``extends:`` chains are at most :data:`MAX_EXTENDS_DEPTH` files long.

Shape (design §7)::

    extends: default
    include: ["decks/**"]
    exclude: ["decks/drafts/**"]
    formats:                      # first matching pattern wins
      - {path: "decks/fow/**", format: fow-classic}
      - {path: "decks/mtg/2012/**", format: mtg-standard, date: 2012-02-03}
    select: ["DCK", "FOW"]        # rule codes by prefix
    ignore: ["DCK003"]
    per-file-ignores: {"decks/old/**": ["FOW112"]}
    severity: {DCK003: info}
    lang: en
"""

from __future__ import annotations

import datetime as _dt
import fnmatch
import os
import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from deckcheck.safeio import (MAX_CARD_FILE_BYTES, MAX_CONFIG_BYTES, MAX_FORMAT_BYTES,
                              UnsafeFileError, YAMLLimitError, check_regular_file,
                              check_yaml_limits, is_inside, read_regular_file,
                              repository_root)

CONFIG_NAMES = (".deckcheck.yaml", ".deckcheck.yml", "deckcheck.yaml")
#: a configuration is a few dozen lines; these (and MAX_CONFIG_BYTES) bound what a hostile
#: one can cost
MAX_CONFIG_NODES = 10_000      # values, counting every use of an alias in full
MAX_CONFIG_DEPTH = 20
#: files in one ``extends:`` chain, counting the first (real chains are two or three long)
MAX_EXTENDS_DEPTH = 20
#: a key or value quoted in a message is cut to this many characters
MAX_QUOTED = 40
PRESETS = ("default", "casual", "registration")
_PRESET_DIR = Path(__file__).resolve().parent / "presets"


class ConfigError(Exception):
    """A configuration file is missing, unreadable or invalid (exit 2)."""


@dataclass(slots=True)
class FormatRule:
    pattern: str
    format: str
    date: str | None = None


@dataclass(slots=True)
class Config:
    path: Path | None = None
    #: the folder patterns are relative to (the configuration's own folder)
    root: Path = field(default_factory=Path.cwd)
    #: the repository the configuration belongs to: every file it names lies inside
    repository: Path | None = None
    include: list[str] = field(default_factory=list)
    exclude: list[str] = field(default_factory=list)
    formats: list[FormatRule] = field(default_factory=list)
    select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    severity: dict[str, str] = field(default_factory=dict)
    lang: str | None = None
    output_format: str | None = None
    cards: dict[str, Path] = field(default_factory=dict)
    formats_dirs: list[Path] = field(default_factory=list)

    # -- queries ------------------------------------------------------------------------
    def relative(self, path: Path) -> str:
        try:
            return PurePosixPath(path.resolve().relative_to(self.root.resolve())).as_posix()
        except ValueError:
            return PurePosixPath(path).as_posix()

    def format_for(self, path: Path) -> FormatRule | None:
        if not self.formats:   # nothing to match: spare resolving the path
            return None
        rel = self.relative(path)
        for rule in self.formats:
            if glob_match(rel, rule.pattern):
                return rule
        return None

    def ignored_for(self, path: Path) -> list[str]:
        if not self.per_file_ignores:
            return []
        rel = self.relative(path)
        out: list[str] = []
        for pattern, codes in self.per_file_ignores.items():
            if glob_match(rel, pattern):
                out.extend(codes)
        return out

    def wants(self, path: Path) -> bool:
        if not self.exclude and not self.include:
            return True
        rel = self.relative(path)
        if self.exclude and any(glob_match(rel, p) for p in self.exclude):
            return False
        if self.include:
            return any(glob_match(rel, p) for p in self.include)
        return True


# a glob's tokens: a literal character, "?" ([^/]), "*" ([^/]*), "**" (.*) and "**/" ((?:.*/)?)
_GLOB_CACHE: dict[str, tuple[tuple[str, str], ...]] = {}


def _glob_tokens(pattern: str) -> tuple[tuple[str, str], ...]:
    tokens, i = [], 0
    pat = pattern.lstrip("./") if pattern.startswith("./") else pattern
    while i < len(pat):
        if pat.startswith("**/", i):
            tokens.append(("**/", ""))
            i += 3
        elif pat.startswith("**", i):
            tokens.append(("**", ""))
            i += 2
        else:
            ch = pat[i]
            tokens.append((ch, "") if ch in "*?" else ("", ch))
            i += 1
    return tuple(tokens)


def glob_match(path: str, pattern: str) -> bool:
    """Match a relative POSIX path against a glob where ``**`` spans directories.

    The glob comes from a config file that a pull request may write, so it is matched by
    walking all its positions at once (a set of states, like a DFA), in time proportional
    to ``len(path) * len(pattern)``: a backtracking regular expression of a glob such as
    ``*a*a*a*a*a*a*a*b`` takes hours on a long file name. ``*`` and ``?`` stop at ``/``,
    ``**`` (``.*``) and ``**/`` stop at nothing but a line break, as before.
    """
    tokens = _GLOB_CACHE.get(pattern)
    if tokens is None:
        tokens = _GLOB_CACHE[pattern] = _glob_tokens(pattern)
    end = len(tokens)

    def closure(states: set) -> set:
        todo, seen = list(states), set(states)
        while todo:
            state = todo.pop()
            if isinstance(state, int) and state < end and tokens[state][0] in ("*", "**", "**/"):
                nxt = [state + 1] + ([("in", state)] if tokens[state][0] == "**/" else [])
                for n in nxt:
                    if n not in seen:
                        seen.add(n)
                        todo.append(n)
        return seen

    def step(states: set, ch: str) -> set:
        out = set()
        for state in states:
            if not isinstance(state, int):         # inside the ".*" of "**/"
                if ch != "\n":
                    out.add(state)
                if ch == "/":
                    out.add(state[1] + 1)
                continue
            if state == end:
                continue
            kind, literal = tokens[state]
            if kind == "" and ch == literal or kind == "?" and ch != "/":
                out.add(state + 1)
            elif kind == "*" and ch != "/" or kind == "**" and ch != "\n":
                out.add(state)
        return closure(out)

    states = closure({0})
    for ch in path[:-1]:
        if not states:
            break
        states = step(states, ch)
    before_last = states
    if path and states:
        states = step(states, path[-1])
    # "$" of the former expression also matched before a final line break
    matched = end in states or (path.endswith("\n") and end in before_last)
    return matched or fnmatch.fnmatch(path, pattern)


# ---------------------------------------------------------------------------------------
# discovery and loading


def find_config(start: Path | None = None) -> Path | None:
    """The configuration file of the working directory (or ``start``): the first of
    :data:`CONFIG_NAMES` in it or a folder above, up to the repository root. Any entry with
    such a name counts, links and FIFOs included, so that one that cannot be read is
    refused with a message instead of being skipped for a configuration further up."""
    here = (start or Path.cwd()).resolve()
    for d in [here, *here.parents]:
        for name in CONFIG_NAMES:
            if os.path.lexists(d / name):
                return d / name
        if (d / ".git").exists():
            return None
    return None


def load_config(path: Path | None = None, discover: bool = True) -> Config:
    """The configuration at ``path`` (``--config``), else the one :func:`find_config` finds
    (unless ``discover`` is false), else the defaults.

    The repository the configuration may name files in is the nearest folder above it that
    holds ``.git``. A found file may be a link a pull request planted, so it must itself lie
    inside the repository it was found in; a file given with ``--config`` is the user's
    choice and is trusted as far as the repository that holds it."""
    found = path is None
    if path is None and discover:
        path = find_config()
    if path is None:
        return Config()
    path = Path(path)
    if not found and not path.exists():
        raise ConfigError(f"{path}: configuration file not found")
    if found:
        return load_found(path)
    return _load(path, seen=(), repository=repository_root(path.resolve().parent))


def load_found(path: Path) -> Config:
    """A configuration file that was found (not named with ``--config``): it may be a link a
    pull request planted, so it must itself lie inside the repository it was found in."""
    path = Path(path)
    return _load(path, seen=(), repository=repository_root(path.absolute().parent))


def _yaml_with_lines(path: Path, repository: Path) -> tuple[dict[str, Any], Any]:
    import yaml

    from deckcheck.config_schema import shorten

    try:
        text = read_regular_file(path, MAX_CONFIG_BYTES, "configuration", repository) \
            .decode("utf-8")
    except UnsafeFileError as exc:
        raise ConfigError(str(exc)) from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: cannot read configuration: {exc}") from None
    try:
        check_yaml_limits(text, str(path), MAX_CONFIG_NODES, MAX_CONFIG_DEPTH)
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except YAMLLimitError as exc:
        raise ConfigError(str(exc)) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark else str(path)
        problem = getattr(exc, "problem", None) or (str(exc).splitlines() or [repr(exc)])[0]
        problem = shorten(problem, 3 * MAX_QUOTED)   # it may quote an alias or a character
        raise ConfigError(f"{where}: invalid YAML: {problem} (only plain YAML is accepted; "
                          "no tags)") from None
    except ValueError as exc:   # a value that looks like a date but is none: 2012-02-30
        line = _bad_timestamp_line(node)
        where = f"{path}:{line}" if line else str(path)
        raise ConfigError(f"{where}: invalid date ({exc}); write a real date as YYYY-MM-DD") \
            from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError(f"{path}:1: the configuration must be a mapping of keys "
                          "(include, formats, select, …)")
    return data, node


def _bad_timestamp_line(node: Any) -> int | None:
    """The line of the first date-like scalar that is not a real date."""
    import datetime

    import yaml

    stack = [node]
    while stack:
        n = stack.pop(0)
        if isinstance(n, yaml.ScalarNode):
            if n.tag == "tag:yaml.org,2002:timestamp":
                try:
                    datetime.date.fromisoformat(n.value[:10])
                except ValueError:
                    return n.start_mark.line + 1
        elif isinstance(n, yaml.MappingNode):
            stack.extend(x for pair in n.value for x in pair)
        elif isinstance(n, yaml.SequenceNode):
            stack.extend(n.value)
    return None


def _line_of(node: Any, loc: tuple) -> int | None:
    import yaml

    line = node.start_mark.line + 1 if node is not None else None
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                if k.value == part:
                    node = v
                    line = k.start_mark.line + 1
                    break
            else:
                return line
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) \
                and part < len(node.value):
            node = node.value[part]
            line = node.start_mark.line + 1
        else:
            return line
    return line


def _load(path: Path, seen: tuple[Path, ...], repository: Path) -> Config:
    """Read, validate and merge one configuration file and the chain it extends; every file
    it names must lie in ``repository``."""
    from pydantic import ValidationError

    from deckcheck.config_schema import ConfigModel, shorten

    named, path = path, path.resolve()
    if path in seen:
        raise ConfigError(f"{path}: extends loop ({' -> '.join(map(str, seen + (path,)))}); "
                          "remove one of these extends:")
    data, node = _yaml_with_lines(named, repository)   # a refusal names the file as named
    try:
        model = ConfigModel.model_validate(data)
    except ValidationError as exc:
        errors = sorted(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")
        err = errors[0]
        loc = tuple(err["loc"])
        line = _line_of(node, loc)
        key = ".".join(shorten(str(part), MAX_QUOTED) for part in loc) or "(top level)"
        msg = "unknown key; check its spelling" if err["type"] == "extra_forbidden" else err["msg"]
        raise ConfigError(f"{path}:{line}: {key}: {msg}") from None
    base = Config(root=path.parent)
    if model.extends:
        base = _resolve_extends(model.extends, path, _line_of(node, ("extends",)),
                                seen + (path,), repository)
    cfg = base
    cfg.path = path
    cfg.root = path.parent
    cfg.repository = repository
    for key in ("include", "exclude"):
        for i, pattern in enumerate(getattr(model, key) or ()):
            why = _pattern_escapes(pattern)
            if why:
                raise ConfigError(
                    f"{path}:{_line_of(node, (key, i))}: {key}.{i}: the pattern "
                    f"{shorten(pattern, MAX_QUOTED)!r} {why}; patterns are relative to the "
                    "configuration's folder and stay inside the repository: write e.g. "
                    "'decks/**'")
    if model.include is not None:
        cfg.include = list(model.include)
    if model.exclude is not None:
        cfg.exclude = list(model.exclude)
    if model.formats is not None:
        cfg.formats = [FormatRule(f.path, f.format, _date_str(f.date)) for f in model.formats]
    if model.select is not None:
        cfg.select = list(model.select)
    cfg.ignore = cfg.ignore + list(model.ignore or ())
    for pattern, codes in (model.per_file_ignores or {}).items():
        cfg.per_file_ignores.setdefault(pattern, []).extend(codes)
    cfg.severity.update({k.upper(): v for k, v in (model.severity or {}).items()})
    if model.lang:
        cfg.lang = model.lang
    if model.output_format:
        cfg.output_format = model.output_format
    for i, d in enumerate(model.formats_dirs or ()):
        cfg.formats_dirs.append(_formats_folder(path, node, i, d, repository))
    for game, d in (model.cards or {}).items():
        cfg.cards[game] = _card_folder(path, node, game, d, repository, cfg.formats_dirs)
    if model.formats:   # an unknown id is this file's mistake, not each deck's
        from deckcheck.formats import FormatError, unknown_format_message

        for i, rule in enumerate(cfg.formats):
            try:
                why = unknown_format_message(rule.format, cfg.formats_dirs)
            except FormatError as exc:   # an unreadable formats-dirs folder
                raise ConfigError(f"{path}: {exc}") from None
            if why:
                line = _line_of(node, ("formats", i, "format"))
                raise ConfigError(f"{path}:{line}: formats.{i}.format: {why}")
    return cfg


def _pattern_escapes(pattern: str) -> str | None:
    """How an ``include``/``exclude`` pattern reaches outside the configuration's folder
    (absolute, or a ``..`` part), or None when it does not."""
    if pattern.startswith("/"):
        return "is absolute"
    if ".." in re.split(r"[/\\]", pattern):
        return "climbs out of the folder with '..'"
    return None


def _named_folder(path: Path, node: Any, loc: tuple, value: str, repository: Path) -> Path:
    """The folder a configuration entry names, resolved; it must exist and lie inside the
    repository."""
    from deckcheck.config_schema import shorten

    where = f"{path}:{_line_of(node, loc)}: {'.'.join(shorten(str(p), MAX_QUOTED) for p in loc)}"
    folder = (path.parent / value).resolve()
    if not folder.is_relative_to(repository):
        raise ConfigError(f"{where}: {shorten(value, MAX_QUOTED)!r} is outside the repository "
                          f"{repository} (as {folder}); name a folder inside the repository")
    if not folder.is_dir():
        raise ConfigError(f"{where}: {shorten(value, MAX_QUOTED)!r} is not a folder (looked "
                          f"for {folder}); create it or remove the entry")
    return folder


def _check_files(where: str, files: list[Path], max_bytes: int, what: str,
                 repository: Path) -> None:
    """Refuse, naming the configuration entry, a file deckcheck would read from a named
    folder that is a link out of the repository, not a regular file or too large."""
    for f in files:
        try:
            check_regular_file(f, max_bytes, what, repository)
        except UnsafeFileError as exc:
            raise ConfigError(f"{where}: {exc}") from None


def _formats_folder(path: Path, node: Any, i: int, value: str, repository: Path) -> Path:
    from deckcheck.formats import folder_files

    folder = _named_folder(path, node, ("formats-dirs", i), value, repository)
    _check_files(f"{path}:{_line_of(node, ('formats-dirs', i))}: formats-dirs.{i}",
                 folder_files(folder), MAX_FORMAT_BYTES, "format file", repository)
    return folder


def _card_folder(path: Path, node: Any, game: str, value: str, repository: Path,
                 formats_dirs: list[Path]) -> Path:
    from deckcheck.carddb import configured_files
    from deckcheck.config_schema import shorten
    from deckcheck.formats import game_ids

    where = f"{path}:{_line_of(node, ('cards', game))}: cards.{shorten(game, MAX_QUOTED)}"
    games = game_ids(formats_dirs)
    if game not in games:   # a misspelt game would be ignored without a word
        raise ConfigError(f"{where}: not a game; the games are {', '.join(games)}")
    folder = _named_folder(path, node, ("cards", game), value, repository)
    _check_files(where, configured_files(folder, game), MAX_CARD_FILE_BYTES, "card file",
                 repository)
    return folder


def _date_str(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, (_dt.date, _dt.datetime)):
        return value.isoformat()[:10]
    return str(value)


def _resolve_extends(name: str, path: Path, line: int | None, seen: tuple[Path, ...],
                     repository: Path) -> Config:
    """The configuration ``path`` extends: a preset, or a file inside the repository, at
    most :data:`MAX_EXTENDS_DEPTH` files down the chain."""
    from deckcheck.config_schema import shorten

    where = f"{path}:{line}: extends {shorten(name, MAX_QUOTED)!r}"
    if len(seen) >= MAX_EXTENDS_DEPTH:
        raise ConfigError(f"{where}: the chain of extended configurations is longer than "
                          f"{MAX_EXTENDS_DEPTH} files (it starts at {seen[0]}); extend a "
                          "preset or merge some of the files")
    if name in PRESETS:   # shipped with deckcheck: their own folder is their repository
        return _load(_PRESET_DIR / f"{name}.yaml", seen, _PRESET_DIR)
    target = path.parent / name
    if not is_inside(target, repository):
        # refused before the file is read, or even looked for: nothing of it reaches a message
        raise ConfigError(f"{where}: the file is outside the repository {repository}; a "
                          f"configuration may extend only the presets ({', '.join(PRESETS)}) "
                          "or files inside its repository")
    if not os.path.lexists(target):
        raise ConfigError(f"{where}: neither a preset ({', '.join(PRESETS)}) nor an existing "
                          "file; name a preset or a file relative to this one")
    return _load(target, seen, repository)
