"""Formats: ``formats/<game>/<id>.yaml`` with ``extends:`` and dated ``profiles:``.

A format file declares its game, zones with their sizes, copy limits, card pool (sets or
clusters), banned/restricted lists and any game-specific settings the game's rules module
reads. ``extends: other-id`` deep-merges the other format underneath (mappings merge key by
key, everything else is replaced). ``abstract: true`` formats exist only to be extended.

Dated profiles (``profiles: [{from: 2012-02-03, sets: [...], banned: [...]}]``) override
the format's fields from their date on; :meth:`Format.for_date` picks the newest profile in
force on a date (default: the newest of all). ``data_until:`` (a date) is the last day the
format's data covers, and a profile's ``incomplete: true`` (with ``incomplete_note``) says
the sources leave its state open in part: the rules of ``deckcheck/rules/dated.py`` report
both, so a check past the data or on incomplete data never passes silently.

``started: {date: …, source: …}`` is the day the format began (it was announced or first
sanctioned, with the source that says so): :meth:`Format.for_date` refuses an earlier date
(:class:`~deckcheck.errors.FormatNotStarted`, a usage error), and a date from that day on
but before the first profile is checked with the first profile (DCK039 says so). It is the
format's own fact, so ``extends:`` does not pass it on. Nor are a format's dated
``profiles:`` (with its ``data_until:``) passed on to a format that gives a ``banned``,
``restricted``, ``sets`` or ``profiles`` list of its own: Brawl or Oathbreaker extend
Commander's deck shape, not its ban list of a date. A format that gives none of them (a
variant with another deck shape, say) keeps the profiles it extends.

``_game.yaml`` in each game folder is the game definition (zones, headers), not a format.
Everything is validated once with pydantic and kept in a compiled cache.
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Any

from deckcheck.cache import cached, digest
from deckcheck.errors import (FormatEnded, FormatError, FormatNotInForce,  # noqa: F401
                              FormatNotStarted)
from deckcheck.resources import data_dir, user_data_dir
from deckcheck.safeio import (MAX_FORMAT_BYTES, UnsafeFileError, YAMLLimitError,
                              check_yaml_limits, read_regular_file)


#: far above any shipped format file (a few hundred values); format folders named in a
#: repository's .deckcheck.yaml are not trusted further than that
MAX_FORMAT_VALUES = 100_000
MAX_FORMAT_DEPTH = 32
#: formats in one ``extends:`` chain (the shipped chains are two long)
MAX_EXTENDS_DEPTH = 20
#: a format giving any of these has lists of its own, so it does not take the dated
#: ``profiles:`` (and what goes with them, :data:`DATED_KEYS`) of the format it extends
OWN_LISTS = ("banned", "restricted", "sets", "profiles")
DATED_KEYS = ("profiles", "data_until", "withheld", "lists_source")


class Format:
    """A resolved format (after ``extends:``), optionally narrowed to one dated profile."""

    __slots__ = ("id", "game", "data", "profile", "date")

    def __init__(self, data: dict[str, Any], profile: dict[str, Any] | None = None,
                 date: str | None = None):
        self.id: str = data["id"]
        self.game: str = data["game"]
        self.data = data
        self.profile = profile
        self.date = date

    def __getattr__(self, item: str) -> Any:
        if item.startswith("__"):
            raise AttributeError(item)
        if self.profile is not None and item in self.profile:
            return self.profile[item]
        return self.data.get(item)

    def get(self, key: str, default: Any = None) -> Any:
        if self.profile is not None and key in self.profile:
            return self.profile[key]
        return self.data.get(key, default)

    @property
    def title(self) -> str:
        return self.data.get("name") or self.id

    @property
    def zones(self) -> dict[str, dict[str, Any]]:
        return self.get("zones") or {}

    def zone(self, zone: str) -> dict[str, Any] | None:
        return self.zones.get(zone)

    @property
    def profiles(self) -> list[dict[str, Any]]:
        return self.data.get("profiles") or []

    @property
    def started(self) -> dict[str, Any] | None:
        """``{date, source}``: the day the format began, or None when it is not known."""
        return self.data.get("started") or None

    @property
    def ended(self) -> dict[str, Any] | None:
        """``{date, source}``: the day the format was retired, or None (it still exists)."""
        return self.data.get("ended") or None

    def for_date(self, date: str | None) -> "Format":
        """This format as in force on ``date`` (ISO ``YYYY-MM-DD``; None = newest profile).

        A date before the format's ``started`` day is refused (:class:`FormatNotStarted`),
        as is one after its ``ended`` day (:class:`FormatEnded`; a check with no date, which
        means today, is refused by :func:`deckcheck.api.prepare`); a date from the start on
        but before the first profile gets the first profile."""
        started, ended = self.started, self.ended
        if date is not None and started and date < started["date"]:
            raise FormatNotStarted(self.id, self.title, started["date"], started.get("source"),
                                   date)
        if date is not None and ended and date > ended["date"]:
            raise FormatEnded(self.id, self.title, ended["date"], ended.get("source"), date)
        if not self.profiles:
            return Format(self.data, None, date)
        ordered = sorted(self.profiles, key=lambda p: p["from"])
        if date is None:
            return Format(self.data, ordered[-1], None)
        chosen = [p for p in ordered if p["from"] <= date]
        if not chosen and started:
            return Format(self.data, ordered[0], date)
        if not chosen:
            first = ordered[0]
            raise FormatError(
                f"{self.id} has no profile in effect on {date}; the earliest is {first['from']}"
                + (f" ({first['name']})" if first.get("name") else "")
                + (f"; {self.data['coverage_note']}" if self.data.get("coverage_note") else ""))
        return Format(self.data, chosen[-1], date)


# ---------------------------------------------------------------------------------------
# loading


def _roots(extra_dirs: list[Path] | None) -> list[Path]:
    return [data_dir("formats"), user_data_dir() / "formats"] + list(extra_dirs or ())


_FILES: dict[tuple, dict[str, Path]] = {}


def format_files(extra_dirs: list[Path] | None = None) -> dict[str, Path]:
    """Map every format id to its file (by file name; no YAML is read; once per process)."""
    key = tuple(map(str, extra_dirs or ()))
    if key not in _FILES:
        _FILES[key] = _find_format_files(extra_dirs)
    return _FILES[key]


def folder_files(root: Path) -> list[Path]:
    """Every file deckcheck may read from the formats folder ``root``: the format files and
    game definitions of its game folders (``<game>/*.yaml``), in a stable order."""
    return sorted(root.glob("*/*.yaml")) if root.is_dir() else []


def _find_format_files(extra_dirs: list[Path] | None) -> dict[str, Path]:
    found: dict[str, Path] = {}
    for root in _roots(extra_dirs):
        for path in folder_files(root):
            if not path.stem.startswith("_"):
                found[path.stem] = path
    return found


_GAMES: dict[tuple, list[str]] = {}


def game_ids(extra_dirs: list[Path] | None = None) -> list[str]:
    """Every game with a ``_game.yaml`` (no YAML is read; each set of folders is listed
    once per process)."""
    roots = _roots(extra_dirs)
    key = tuple(map(str, roots))
    if key not in _GAMES:
        out = set()
        for root in roots:
            if root.is_dir():
                out.update(p.parent.name for p in root.glob("*/_game.yaml"))
        _GAMES[key] = sorted(out)
    return list(_GAMES[key])


def _game_file(game: str, extra_dirs: list[Path] | None) -> Path | None:
    found = None
    for root in _roots(extra_dirs):
        if (root / game / "_game.yaml").is_file():
            found = root / game / "_game.yaml"
    return found


def _deep_merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _deep_merge(out[k], v)
        else:
            out[k] = v
    return out


def _iso(value: Any, where: str) -> str:
    if isinstance(value, (_dt.date, _dt.datetime)):
        return value.isoformat()[:10]
    try:
        return _dt.date.fromisoformat(str(value)).isoformat()
    except ValueError:
        raise FormatError(f"{where}: {value!r} is not a date (YYYY-MM-DD)") from None


#: what the day of ``started:`` and ``ended:`` is, for the message when it is missing
_DAY_OF = {"started": "began", "ended": "was retired"}


def _started(value: Any, where: str, key: str = "started") -> dict[str, Any]:
    """``started:`` or ``ended:`` as ``{date: "YYYY-MM-DD", source: …}`` (a bare date is
    taken too)."""
    if not isinstance(value, dict):
        value = {"date": value}
    if "date" not in value:
        raise FormatError(f"{where}: give the day the format {_DAY_OF[key]} as date: "
                          "YYYY-MM-DD (with source: where that is said)")
    return dict(value, date=_iso(value["date"], f"{where}.date"))


def _read_yaml(path: Path) -> dict[str, Any]:
    import yaml

    try:
        text = read_regular_file(path, MAX_FORMAT_BYTES, "format file").decode("utf-8")
        check_yaml_limits(text, str(path), MAX_FORMAT_VALUES, MAX_FORMAT_DEPTH)
        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (YAMLLimitError, UnsafeFileError) as exc:
        raise FormatError(str(exc)) from None
    except (OSError, UnicodeDecodeError, yaml.YAMLError, ValueError) as exc:
        # ValueError: a date-like value that is no date (2012-02-30)
        raise FormatError(f"{path}: cannot read format file: {' '.join(str(exc).split())}") \
            from None
    if not isinstance(data, dict):
        raise FormatError(f"{path}: a format file must be a mapping")
    return data


def _compile(files: dict[str, Path], game_file: Path | None) -> dict[str, Any]:
    """Resolve and validate the formats of one game (``files``) and read its definition."""
    from deckcheck.format_schema import validate_format

    raw = {fid: _read_yaml(p) for fid, p in files.items()}
    resolved: dict[str, dict[str, Any]] = {}

    def resolve(fid: str, chain: tuple[str, ...] = ()) -> dict[str, Any]:
        if fid in resolved:
            return resolved[fid]
        if fid in chain:
            raise FormatError(f"{files[fid]}: extends loop: {' -> '.join(chain + (fid,))}")
        if len(chain) >= MAX_EXTENDS_DEPTH:
            raise FormatError(f"{files[chain[-1]]}: extends {fid!r}: the chain of extended "
                              f"formats is longer than {MAX_EXTENDS_DEPTH} (it starts at "
                              f"{chain[0]}); extend fewer formats in a row")
        data = raw[fid]
        if data.get("id", fid) != fid:
            raise FormatError(f"{files[fid]}: id {data.get('id')!r} differs from the file name")
        data = dict(data, id=fid)
        parent = data.get("extends")
        if parent:
            if parent not in raw:
                raise FormatError(f"{files[fid]}: extends unknown format {parent!r} (a format "
                                  "extends another format of the same game)")
            base = {k: v for k, v in resolve(parent, chain + (fid,)).items()
                    if k not in ("abstract", "id", "name", "_file", "started", "ended")}
            if any(k in data for k in OWN_LISTS):
                for k in DATED_KEYS:        # the parent's dated lists, not this format's
                    base.pop(k, None)
            data = _deep_merge(base, data)
        data.setdefault("game", files[fid].parent.name)
        if data.get("data_until"):
            data["data_until"] = _iso(data["data_until"], f"{files[fid]}: data_until")
        for key in ("started", "ended"):
            if data.get(key):
                data[key] = _started(data[key], f"{files[fid]}: {key}", key)
        if data.get("profiles"):
            profiles = []
            for i, prof in enumerate(data["profiles"]):
                prof = dict(prof)
                where = f"{files[fid]}: profile {i + 1}"
                prof["from"] = _iso(prof.get("from"), where)
                if prof.get("next_change"):
                    prof["next_change"] = _iso(prof["next_change"], where)
                profiles.append(prof)
            data["profiles"] = profiles
        data["_file"] = str(files[fid])
        resolved[fid] = validate_format(data, str(files[fid]))
        return resolved[fid]

    for fid in raw:
        resolve(fid)
    return {"formats": resolved, "game": _read_yaml(game_file) if game_file else None}


_COMPILED: dict[tuple, dict[str, Any]] = {}


def compiled_game(game: str, extra_dirs: list[Path] | None = None) -> dict[str, Any]:
    """The compiled formats and definition of one game (a broken file of another game
    does not stop this one)."""
    key = (game,) + tuple(map(str, extra_dirs or ()))
    if key not in _COMPILED:
        files = {fid: p for fid, p in format_files(extra_dirs).items() if p.parent.name == game}
        game_file = _game_file(game, extra_dirs)
        tag = digest("|".join(key))[:8]
        deps = list(files.values()) + ([game_file] if game_file else [])
        _COMPILED[key] = cached(f"formats-{game}-{tag}", deps,
                                lambda: _compile(files, game_file))
    return _COMPILED[key]


def compiled(extra_dirs: list[Path] | None = None) -> dict[str, Any]:
    """Every game's formats and definitions (for listings)."""
    formats: dict[str, Any] = {}
    games: dict[str, Any] = {}
    for game in game_ids(extra_dirs):
        data = compiled_game(game, extra_dirs)
        formats.update(data["formats"])
        if data["game"] is not None:
            games[game] = data["game"]
    return {"formats": formats, "games": games}


def load(format_id: str, extra_dirs: list[Path] | None = None) -> Format:
    """The format ``format_id``; raises :class:`FormatError` with the known ids if unknown."""
    files = format_files(extra_dirs)
    path = files.get(format_id)
    data = None
    if path is not None:
        data = compiled_game(path.parent.name, extra_dirs)["formats"].get(format_id)
    if data is None or data.get("abstract"):
        if data is not None:
            raise FormatError(f"{format_id!r} is abstract (only for extends:); "
                              f"{_known(files)} (see `deckcheck formats`)")
        raise FormatError(unknown_format_message(format_id, extra_dirs))
    return Format(data)


def _known(files: dict[str, Path]) -> str:
    return "known formats: " + ", ".join(sorted(fid for fid, p in files.items()
                                                 if not _looks_abstract(p)))


def unknown_format_message(format_id: str, extra_dirs: list[Path] | None = None) -> str | None:
    """Why ``format_id`` names no format, with the nearest ids; None when it names one."""
    import difflib

    files = format_files(extra_dirs)
    if format_id in files:
        return None
    ids = sorted(fid for fid, p in files.items() if not _looks_abstract(p))
    near = difflib.get_close_matches(format_id.lower(), ids, n=3, cutoff=0.6)
    if near:
        return (f"{format_id!r} is not a known format; did you mean {' or '.join(near)}? "
                "(see `deckcheck formats`)")
    return f"{format_id!r} is not a known format; {_known(files)} (see `deckcheck formats`)"


def _looks_abstract(path: Path) -> bool:
    try:
        head = read_regular_file(path, MAX_FORMAT_BYTES, "format file")[:4000] \
            .decode("utf-8", "replace")
    except UnsafeFileError:
        return False
    return "\nabstract: true" in "\n" + head


def all_formats(extra_dirs: list[Path] | None = None, game: str | None = None) -> list[Format]:
    games = [game] if game else game_ids(extra_dirs)
    out = []
    for g in games:
        for d in compiled_game(g, extra_dirs)["formats"].values():
            if not d.get("abstract"):
                out.append(Format(d))
    return sorted(out, key=lambda f: (f.game, f.id))


def game_definition(game: str, extra_dirs: list[Path] | None = None) -> dict[str, Any]:
    data = compiled_game(game, extra_dirs)["game"] if game in game_ids(extra_dirs) else None
    if data is None:
        raise FormatError(f"unknown game {game!r}; known games: {', '.join(game_ids(extra_dirs))}")
    return data
