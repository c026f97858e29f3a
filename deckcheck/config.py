"""``.deckcheck.yaml``: which files to check, in which format, and which rules to apply.

The file is found from the working directory upward, stopping at the repository root (the
directory holding ``.git``), or given with ``--config``. Paths and patterns in it are
relative to the file. ``extends:`` takes a shipped preset (``default``, ``casual``,
``registration``) or a path to another config file; the extending file's keys win, and
lists of rule codes are added together.

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
import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

CONFIG_NAMES = (".deckcheck.yaml", ".deckcheck.yml", "deckcheck.yaml")
#: a configuration is a few dozen lines; these bound what a hostile one can cost
MAX_CONFIG_BYTES = 256 * 1024
MAX_CONFIG_NODES = 10_000      # values, counting every use of an alias in full
MAX_CONFIG_DEPTH = 20
PRESETS = ("default", "casual", "registration")
_PRESET_DIR = Path(__file__).resolve().parent / "presets"


class ConfigError(Exception):
    """A configuration file is missing, unreadable or invalid (exit 2)."""


# ---------------------------------------------------------------------------------------
# limits for YAML a repository supplies: this file, and the formats-dirs and cards folders
# it names (a pull request may change those too). YAML anchors and aliases share one value,
# so ten anchors of ten aliases each ("billion laughs") load quickly but describe 10^10
# values, and any code that walks or merges the result would take that long.
# check_yaml_limits reads only the event stream (no objects are built) and refuses a
# document nested too deeply or holding too many values once every alias is counted in
# full. Tags other than the plain ones are refused by the safe loaders.


class YAMLLimitError(ValueError):
    """The YAML is nested too deeply or expands to too many values; the message says where."""


def check_yaml_limits(text: str, where: str, max_values: int, max_depth: int) -> None:
    """Raise :class:`YAMLLimitError` when ``text`` exceeds the limits; YAML syntax errors
    are raised as ``yaml.YAMLError`` as when loading."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    anchors: dict[str, int] = {}
    stack: list[list] = [[0, None]]          # [values so far, anchor] per open collection
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.CollectionStartEvent):
            stack.append([1, event.anchor])
            if len(stack) > max_depth + 1:
                raise YAMLLimitError(f"{where}:{event.start_mark.line + 1}: nested more than "
                                     f"{max_depth} levels deep")
            continue
        if isinstance(event, yaml.CollectionEndEvent):
            size, anchor = stack.pop()
        elif isinstance(event, yaml.ScalarEvent):
            size, anchor = 1, event.anchor
        elif isinstance(event, yaml.AliasEvent):
            size, anchor = anchors.get(event.anchor, 1), None
        else:
            continue
        if anchor is not None:
            anchors[anchor] = size
        stack[-1][0] += size
        if stack[-1][0] > max_values:
            raise YAMLLimitError(f"{where}:{event.start_mark.line + 1}: more than "
                                 f"{max_values:,} values (counting each alias of an anchor "
                                 "in full); write the values out plainly")


@dataclass(slots=True)
class FormatRule:
    pattern: str
    format: str
    date: str | None = None


@dataclass(slots=True)
class Config:
    path: Path | None = None
    root: Path = field(default_factory=Path.cwd)
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


_GLOB_CACHE: dict[str, re.Pattern] = {}


def glob_match(path: str, pattern: str) -> bool:
    """Match a relative POSIX path against a glob where ``**`` spans directories."""
    rx = _GLOB_CACHE.get(pattern)
    if rx is None:
        parts, i = [], 0
        pat = pattern.lstrip("./") if pattern.startswith("./") else pattern
        while i < len(pat):
            if pat.startswith("**/", i):
                parts.append("(?:.*/)?")
                i += 3
            elif pat.startswith("**", i):
                parts.append(".*")
                i += 2
            else:
                ch = pat[i]
                parts.append("[^/]*" if ch == "*" else "[^/]" if ch == "?" else re.escape(ch))
                i += 1
        rx = _GLOB_CACHE[pattern] = re.compile("^" + "".join(parts) + "$")
    return bool(rx.match(path)) or fnmatch.fnmatch(path, pattern)


# ---------------------------------------------------------------------------------------
# discovery and loading


def find_config(start: Path | None = None) -> Path | None:
    here = (start or Path.cwd()).resolve()
    for d in [here, *here.parents]:
        for name in CONFIG_NAMES:
            if (d / name).is_file():
                return d / name
        if (d / ".git").exists():
            return None
    return None


def load_config(path: Path | None = None, discover: bool = True) -> Config:
    if path is None and discover:
        path = find_config()
    if path is None:
        return Config()
    if not Path(path).is_file():
        raise ConfigError(f"{path}: configuration file not found")
    return _load(Path(path), seen=())


def _yaml_with_lines(path: Path) -> tuple[dict[str, Any], Any]:
    import yaml

    try:
        with path.open("rb") as fh:
            raw = fh.read(MAX_CONFIG_BYTES + 1)
        if len(raw) > MAX_CONFIG_BYTES:
            raise ConfigError(f"{path}: the configuration is larger than {MAX_CONFIG_BYTES:,} "
                              "bytes; a .deckcheck.yaml is a few dozen lines")
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
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


def _load(path: Path, seen: tuple[Path, ...]) -> Config:
    from pydantic import ValidationError

    from deckcheck.config_schema import ConfigModel

    path = path.resolve()
    if path in seen:
        raise ConfigError(f"{path}: extends loop ({' -> '.join(map(str, seen + (path,)))})")
    data, node = _yaml_with_lines(path)
    try:
        model = ConfigModel.model_validate(data)
    except ValidationError as exc:
        errors = sorted(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")
        err = errors[0]
        loc = tuple(err["loc"])
        line = _line_of(node, loc)
        key = ".".join(map(str, loc)) or "(top level)"
        msg = "unknown key; check its spelling" if err["type"] == "extra_forbidden" else err["msg"]
        raise ConfigError(f"{path}:{line}: {key}: {msg}") from None
    base = Config(root=path.parent)
    if model.extends:
        base = _resolve_extends(model.extends, path, seen + (path,))
        base.root = path.parent
    cfg = base
    cfg.path = path
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
    for game, d in (model.cards or {}).items():
        cfg.cards[game] = (path.parent / d).resolve()
    for d in model.formats_dirs or ():
        cfg.formats_dirs.append((path.parent / d).resolve())
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


def _date_str(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, (_dt.date, _dt.datetime)):
        return value.isoformat()[:10]
    return str(value)


def _resolve_extends(name: str, path: Path, seen: tuple[Path, ...]) -> Config:
    if name in PRESETS:
        return _load(_PRESET_DIR / f"{name}.yaml", seen)
    target = (path.parent / name).resolve()
    if not target.is_file():
        raise ConfigError(f"{path}: extends {name!r}: neither a preset "
                          f"({', '.join(PRESETS)}) nor an existing file")
    return _load(target, seen)
