"""Read a tournament roster: the event's details and one row per player.

Two file types, chosen by extension:

* **CSV** (``.csv``, ``.tsv``, ``.txt``): a header row, then one row per player. The
  delimiter is whichever of ``,`` ``;`` or tab the header uses most. Lines starting with
  ``#`` are comments; before the header, ``# Event: Spring Open``, ``# Date: 2026-12-05``,
  ``# Location: …``, ``# Format: fow-classic`` give the event's details.
* **YAML** (``.yaml``, ``.yml``): a mapping with ``event``, ``date``, ``location``,
  ``format`` and ``players`` (a list of mappings with the same keys as the CSV columns), or
  just the list of players. Every value is read as the text written (``0042`` stays
  ``0042``, ``2026-12-05`` stays a string), never as a YAML number or date.

Columns / player keys (case, spaces, ``_`` and ``-`` do not matter; aliases in ``COLUMNS``):
``name`` (or ``first name`` + ``last name``), ``player id`` (``dci``, ``id`` …), ``deck`` (the
deck file, relative to the roster's folder), and optionally ``deck name``, ``format`` (this
player's format: rosters of several games), ``designer``, ``table``. Columns deckcheck does
not know are ignored and listed in :attr:`Roster.ignored`.

Problems that stop the roster from being read (no such file, no header, no deck column, a
row without a name …) raise :class:`RosterError` whose message starts ``file:line:``.

Deck paths are confined (:func:`place_deck`): a roster is mail from strangers as much as
the lists are, so a row may only name a regular file that is, after following every link,
inside the roster's folder or inside the ``--decks-dir`` given on the command line. An
absolute path, a ``..`` that climbs out, a link leading out or a device is not read at all:
the row keeps :attr:`Player.deck_refused`, which the run reports as an organiser error.
"""

from __future__ import annotations

import csv
import io
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

MAX_BYTES = 5 * 1024 * 1024
MAX_FIELD = 500
CSV_SUFFIXES = {".csv", ".tsv", ".txt"}
YAML_SUFFIXES = {".yaml", ".yml"}

#: canonical player field -> accepted column names (compared by :func:`column_key`)
COLUMNS: dict[str, tuple[str, ...]] = {
    "name": ("name", "player", "player name", "full name", "玩家", "姓名"),
    "first_name": ("first name", "given name", "firstname"),
    "last_name": ("last name", "surname", "family name", "lastname"),
    "player_id": ("player id", "id", "dci", "dci number", "dci no", "member id",
                  "membership number", "player number", "playerid", "玩家编号", "玩家編號"),
    "deck": ("deck", "deck file", "deck path", "file", "path", "list", "deck list",
             "decklist", "decklist file", "牌表", "套牌"),
    "deck_name": ("deck name", "deckname", "archetype", "套牌名称", "套牌名稱"),
    "format": ("format", "赛制", "賽制"),
    "designer": ("designer", "deck designer"),
    "table": ("table", "table number"),
}

#: canonical event field -> accepted header keys
EVENT_KEYS: dict[str, tuple[str, ...]] = {
    "event": ("event", "event name", "tournament", "赛事", "賽事"),
    "date": ("date", "event date", "日期"),
    "location": ("location", "venue", "place", "地点", "地點"),
    "format": ("format", "赛制", "賽制"),
}

_COLUMN_MAP = {a: k for k, aliases in COLUMNS.items() for a in aliases}
_EVENT_MAP = {a: k for k, aliases in EVENT_KEYS.items() for a in aliases}
_META_LINE = re.compile(r"^#\s*(?P<key>[^:：]{1,40}?)\s*+[:：]\s*+(?P<value>(?:.*?\S)??)\s*+$")


class RosterError(Exception):
    """The roster cannot be used; the message is ``file:line: what and how to fix it``."""


@dataclass(slots=True)
class Player:
    line: int                         # roster line of the row
    name: str
    deck: str | None                  # as written in the roster
    deck_path: Path | None            # where the file is (relative to the roster's folder)
    player_id: str | None = None
    first_name: str | None = None
    last_name: str | None = None
    deck_name: str | None = None
    format_id: str | None = None
    designer: str | None = None
    table: str | None = None
    #: why ``deck`` is not read (outside the allowed folders, not a regular file), or None
    deck_refused: str | None = None


@dataclass(slots=True)
class Roster:
    path: str
    kind: str                                           # "csv" | "yaml"
    event: dict[str, str] = field(default_factory=dict)  # from the roster's header
    event_lines: dict[str, int] = field(default_factory=dict)
    players: list[Player] = field(default_factory=list)
    has_id_column: bool = False
    ignored: list[str] = field(default_factory=list)    # columns / keys deckcheck ignored


def column_key(text: str) -> str:
    return " ".join(re.sub(r"[_\-.#]+", " ", str(text).casefold()).split())


# ---------------------------------------------------------------------------------------
# reading


def read_roster(path: str | Path, decks_dir: str | Path | None = None) -> Roster:
    """Read the roster at ``path``. Deck paths are relative to the roster's folder and must
    lead inside it or inside ``decks_dir`` (:func:`place_deck`)."""
    name = str(path)
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix not in CSV_SUFFIXES | YAML_SUFFIXES:
        raise RosterError(f"{name}: a roster is a .csv (or .tsv) or a .yaml file; "
                          "see docs/before-the-event.md")
    text = _read_text(p, name)
    roster = _read_yaml(text, name) if suffix in YAML_SUFFIXES else _read_csv(text, name, suffix)
    if roster.event.get("format"):
        roster.event["format"] = roster.event["format"].lower()
    folders = [p.parent] + ([Path(decks_dir)] if decks_dir is not None else [])
    for player in roster.players:
        if player.deck:
            place_deck(roster, player, folders)
    return roster


def place_deck(roster: Roster, player: Player, folders: list[Path]) -> None:
    """Set ``player.deck_path`` (the deck path joined to ``folders[0]``, the roster's
    folder), and refuse it
    (``player.deck_refused``) unless it names a regular file inside one of ``folders``
    once every symbolic link is followed. Only the file's metadata is looked at: a refused
    file is never opened. A file that does not exist is not refused here (reading it says
    "no such file")."""
    written = Path(player.deck)
    player.deck_path = written if written.is_absolute() else folders[0] / written
    roots = [os.path.realpath(f) for f in folders]
    real = os.path.realpath(player.deck_path)
    row = f"{roster.path}:{player.line}: {player.name}: deck {player.deck!r}"
    if not any(_inside(real, root) for root in roots):
        plain = os.path.normpath(os.path.abspath(player.deck_path))
        if any(_inside(plain, os.path.normpath(os.path.abspath(f))) for f in folders):
            how = "is (or goes through) a symbolic link that leads outside"
        elif written.is_absolute():
            how = "is an absolute path outside"
        else:
            how = "leads outside"
        where = "the roster's folder and --decks-dir" if len(folders) > 1 else \
            "the roster's folder"
        player.deck_refused = (
            f"{row} {how} {where}, so it was not read; put the deck file in the roster's "
            "folder and write its path relative to the roster, or give the folder that holds "
            "it with --decks-dir")
        return
    try:
        mode = os.stat(real).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        player.deck_refused = f"{row} cannot be examined ({exc.strerror or exc}), so it was " \
                              "not read; name the deck file itself"
        return
    if not stat.S_ISREG(mode):
        what = "a directory" if stat.S_ISDIR(mode) else "not a regular file (a pipe or device)"
        player.deck_refused = f"{row} is {what}, so it was not read; name the deck file itself"


def _inside(path: str, root: str) -> bool:
    """Whether ``path`` is ``root`` or below it (both absolute and normalised)."""
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def _read_text(p: Path, name: str) -> str:
    from deckcheck.reading import ReadError, decode

    try:
        if p.is_dir():
            raise RosterError(f"{name}: is a directory, not a roster file")
        size = p.stat().st_size
        if size > MAX_BYTES:
            raise RosterError(f"{name}: file is {size:,} bytes; rosters are limited to "
                              f"{MAX_BYTES:,} bytes")
        data = p.read_bytes()
    except FileNotFoundError:
        raise RosterError(f"{name}: no such roster file") from None
    except PermissionError:
        raise RosterError(f"{name}: permission denied") from None
    except OSError as exc:
        raise RosterError(f"{name}: cannot read: {exc.strerror or exc}") from None
    if not data.strip():
        raise RosterError(f"{name}: the roster is empty; write a header line (name,player "
                          "id,deck) and one line per player")
    try:
        return decode(data, name, MAX_BYTES).text
    except ReadError as exc:
        raise RosterError(f"{name}: {exc.message}") from None


def _read_csv(text: str, name: str, suffix: str) -> Roster:
    from deckcheck.reading import split_lines

    roster = Roster(path=name, kind="csv")
    lines = split_lines(text)
    header_at = None
    for i, raw in enumerate(lines):
        stripped = raw.strip().lstrip("\ufeff")
        if not stripped:
            continue
        if stripped.startswith("#"):
            if header_at is None:
                _event_line(roster, stripped, i + 1)
            lines[i] = ""
            continue
        if header_at is None:
            header_at = i
    if header_at is None:
        raise RosterError(f"{name}:1: no header line; the first line that is not a comment "
                          "names the columns, e.g. name,player id,deck")
    delimiter = "\t" if suffix == ".tsv" else _delimiter(lines[header_at])
    reader = csv.reader(io.StringIO("\n".join(lines) + "\n"), delimiter=delimiter)
    columns: list[str | None] | None = None
    previous_end = 0
    try:
        for cells in reader:
            start, previous_end = previous_end + 1, reader.line_num
            if not any(c.strip() for c in cells):
                continue
            if columns is None:
                columns = _header(roster, cells, start)
                continue
            roster.players.append(_row(roster, columns, cells, start))
    except csv.Error as exc:
        raise RosterError(f"{name}:{reader.line_num}: {exc}") from None
    return roster


def _delimiter(header: str) -> str:
    counts = {d: header.count(d) for d in (",", ";", "\t")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else ","


def _event_line(roster: Roster, line: str, number: int) -> None:
    m = _META_LINE.match(line)
    if not m:
        return
    key = _EVENT_MAP.get(column_key(m.group("key")))
    if key is not None and m.group("value"):
        roster.event[key] = _field(roster.path, number, m.group("value"))
        roster.event_lines[key] = number


def _header(roster: Roster, cells: list[str], line: int) -> list[str | None]:
    columns: list[str | None] = []
    seen: dict[str, str] = {}
    for cell in cells:
        text = cell.strip().lstrip("\ufeff")
        key = _COLUMN_MAP.get(column_key(text))
        if key is None:
            columns.append(None)
            if text:
                roster.ignored.append(text)
            continue
        if key in seen:
            raise RosterError(f"{roster.path}:{line}: columns {seen[key]!r} and {text!r} both "
                              f"give the {key.replace('_', ' ')}; keep one")
        seen[key] = text
        columns.append(key)
    _require_columns(roster, set(seen), line)
    return columns


def _require_columns(roster: Roster, keys: set[str], line: int) -> None:
    accepted = "name (or first name and last name), player id, deck; optional: deck name, " \
               "format, designer, table"
    if "deck" not in keys:
        raise RosterError(f"{roster.path}:{line}: no deck column (the deck file of each "
                          f"player); the columns are {accepted}")
    if "name" not in keys and not {"first_name", "last_name"} <= keys:
        raise RosterError(f"{roster.path}:{line}: no name column; the columns are {accepted}")
    roster.has_id_column = roster.has_id_column or "player_id" in keys


def _row(roster: Roster, columns: list[str | None], cells: list[str], line: int) -> Player:
    values: dict[str, str] = {}
    for i, cell in enumerate(cells):
        key = columns[i] if i < len(columns) else None
        value = cell.strip()
        if key is None:
            if i >= len(columns) and value:
                raise RosterError(f"{roster.path}:{line}: {len(cells)} fields but the header "
                                  f"has {len(columns)}; quote values that contain the "
                                  "delimiter")
            continue
        if value:
            values[key] = _field(roster.path, line, value)
    return _player(roster, values, line)


def _field(path: str, line: int, value: str) -> str:
    value = " ".join(value.split()) if "\n" in value or "\r" in value else value.strip()
    if len(value) > MAX_FIELD:
        raise RosterError(f"{path}:{line}: a value of {len(value)} characters; roster values "
                          f"are limited to {MAX_FIELD}")
    return value


def _player(roster: Roster, values: dict[str, str], line: int) -> Player:
    first, last = values.get("first_name"), values.get("last_name")
    name = values.get("name") or " ".join(x for x in (first, last) if x)
    if not name:
        raise RosterError(f"{roster.path}:{line}: this player has no name; fill in the name "
                          "column (or first and last name)")
    if not first and not last:
        first, last = split_name(name)
    fmt = values.get("format")
    return Player(line=line, name=name, deck=values.get("deck"), deck_path=None,
                  player_id=values.get("player_id"), first_name=first, last_name=last,
                  deck_name=values.get("deck_name"), format_id=fmt.lower() if fmt else None,
                  designer=values.get("designer"), table=values.get("table"))


def split_name(name: str) -> tuple[str | None, str | None]:
    """First and last name of a full name: ``Last, First`` or ``First … Last``."""
    if "," in name:
        last, _, first = name.partition(",")
        return first.strip() or None, last.strip() or None
    parts = name.split()
    if len(parts) == 1:
        return None, parts[0]
    return " ".join(parts[:-1]), parts[-1]


# ---------------------------------------------------------------------------------------
# YAML


def _read_yaml(text: str, name: str) -> Roster:
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        root = yaml.compose(text, Loader=loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        where = f"{name}:{mark.line + 1}" if mark is not None else name
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise RosterError(f"{where}: not valid YAML: {problem}") from None
    roster = Roster(path=name, kind="yaml")
    if root is None:
        raise RosterError(f"{name}:1: the roster is empty; see docs/before-the-event.md")
    players_node = root
    if isinstance(root, yaml.MappingNode):
        players_node = None
        for key_node, value_node in root.value:
            key = column_key(_scalar(name, key_node) or "")
            line = key_node.start_mark.line + 1
            if key == "players":
                players_node = value_node
                continue
            event_key = _EVENT_MAP.get(key)
            if event_key is None:
                raise RosterError(f"{name}:{line}: unknown key {key_node.value!r}; the roster "
                                  "keys are event, date, location, format and players")
            value = _scalar(name, value_node)
            if value:
                roster.event[event_key] = _field(name, line, value)
                roster.event_lines[event_key] = line
        if players_node is None:
            raise RosterError(f"{name}:{root.start_mark.line + 1}: no players list; add "
                              "'players:' with one '- name: … deck: …' item per player")
    if not isinstance(players_node, yaml.SequenceNode):
        raise RosterError(f"{name}:{players_node.start_mark.line + 1}: players must be a list "
                          "of '- name: … player id: … deck: …' items")
    seen_keys: set[str] = set()
    for item in players_node.value:
        line = item.start_mark.line + 1
        if not isinstance(item, yaml.MappingNode):
            raise RosterError(f"{name}:{line}: each player is a mapping such as "
                              "'- name: Alice, player id: 12, deck: decks/alice.txt'")
        values: dict[str, str] = {}
        for key_node, value_node in item.value:
            written = _scalar(name, key_node) or ""
            key = _COLUMN_MAP.get(column_key(written))
            if key is None:
                if written not in roster.ignored:
                    roster.ignored.append(written)
                continue
            value = _scalar(name, value_node)
            if value:
                values[key] = _field(name, value_node.start_mark.line + 1, value)
            seen_keys.add(key)
        roster.players.append(_player(roster, values, line))
    roster.has_id_column = "player_id" in seen_keys
    return roster


def _scalar(name: str, node) -> str | None:
    import yaml

    if not isinstance(node, yaml.ScalarNode):
        raise RosterError(f"{name}:{node.start_mark.line + 1}: expected a single value here, "
                          "not a list or mapping")
    if node.tag == "tag:yaml.org,2002:null":
        return None
    return str(node.value)
