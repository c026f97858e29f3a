"""The plain data structures that flow through the pipeline.

These are deliberately light (slotted dataclasses, no validation): they are created for
every line of every deck, so they stay cheap. Validation happens at the edges (formats,
config, card import).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum
from operator import attrgetter
from typing import Any, Iterator, TypeVar


def pickled_as_arguments(cls):
    """Pickle a slotted dataclass as a call of its constructor with its field values.

    The default for slotted dataclasses rebuilds each object field by field in Python; as
    one tuple the results that worker processes send back unpickle twice as fast."""
    values = attrgetter(*(f.name for f in fields(cls)))

    def __reduce__(self):
        return cls, values(self)

    cls.__reduce__ = __reduce__
    return cls


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 2, "warning": 1, "info": 0}[self.value]


class Card:
    """One card of a game's database: ``id``, ``name`` and the facts of its record.

    Facts are read as attributes (``card.types``); a fact the record does not have reads as
    ``None``.
    """

    __slots__ = ("id", "name", "data")

    def __init__(self, data: dict[str, Any]):
        self.id: str = str(data["id"])
        self.name: str = data["name"]
        self.data = data

    def __getattr__(self, item: str) -> Any:
        if item.startswith("__"):
            raise AttributeError(item)
        return self.data.get(item)

    def __getstate__(self):
        return self.data

    def __setstate__(self, state):
        self.id = str(state["id"])
        self.name = state["name"]
        self.data = state

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    @property
    def faces(self) -> list[dict[str, Any]]:
        return self.data.get("faces") or []

    def foreign_name(self, lang: str) -> str | None:
        names = (self.data.get("names") or {}).get(lang)
        return names[0] if names else None

    def __repr__(self) -> str:
        return f"Card({self.id!r}, {self.name!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)


@pickled_as_arguments
@dataclass(slots=True)
class Entry:
    """One card line of a deck list, before and after name resolution."""

    line: int | None
    zone: str
    count: int
    name: str                      # the card name as written (printing hints removed)
    raw_name: str = ""             # the name part with any bracketed hints still attached
    set_code: str | None = None
    number: str | None = None
    tags: tuple[str, ...] = ()
    hint: str | None = None        # a type-hint header the line was under ("Creatures")
    ref: str | None = None         # an id given by the file (OCTGN GUID, fowsim id, code)
    implicit_count: bool = False
    inline: bool = False           # written as a one-line zone entry ("Ruler: X", "SB: 2 X")
    # resolution
    card: Card | None = None
    match: str = "unresolved"      # exact|normalized|alias|foreign|fuzzy|ambiguous|unknown
    score: float | None = None
    via: str | None = None         # face / alias / checklist / id … that made the match
    candidates: list[Card] = field(default_factory=list)
    suggestions: list[str] = field(default_factory=list)
    label: str | None = None       # the name the match was made on (a face, an alias …)
    scores: list[float] | None = None   # the candidates' scores of an ambiguous match
    # the game reported how the name matched itself: the generic DCK match findings stand aside
    no_generic: bool = False
    other_game: str | None = None  # an unknown name is a card of this other game …
    checked_as: str | None = None  # … and the list is checked as this one
    id_mismatch: bool = False      # the file's id and the name name different cards
    id_card: str | None = None     # the card the file's id names, when the name won
    heading_on_line: str | None = None  # a type heading pasted in front of the name
    maybe_total: str | None = None      # the line may be a total ("21 Lands"), not a card
    apart: bool = False            # a block of its own: one line set apart by blank lines
    #: the game's own annotations of the line: one object of a type its package defines
    #: (see :func:`game_note`); the engine never looks inside
    game_note: Any = None

    @property
    def resolved(self) -> bool:
        return self.card is not None


_Note = TypeVar("_Note")


def game_note(entry: Entry, kind: type[_Note]) -> _Note:
    """The entry's annotation object of the game's type ``kind``, attached on first use (a
    line that another game's reader annotated starts afresh: no game reads another's)."""
    note = entry.game_note
    if type(note) is not kind:
        note = entry.game_note = kind()
    return note


@pickled_as_arguments
@dataclass(slots=True)
class Finding:
    code: str
    name: str
    severity: Severity
    message: str
    zone: str | None = None
    card: str | None = None
    line: int | None = None
    expected: Any = None
    actual: Any = None
    suggestion: str | None = None
    args: dict[str, Any] = field(default_factory=dict)  # template arguments (translation)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "name": self.name, "severity": self.severity.value,
                "message": self.message, "zone": self.zone, "card": self.card,
                "line": self.line, "expected": self.expected, "actual": self.actual,
                "suggestion": self.suggestion}

    def sort_key(self) -> tuple:
        return (-self.severity.rank, self.line if self.line is not None else 10**9, self.code)


@pickled_as_arguments
@dataclass(slots=True)
class DeckList:
    """A parsed deck: zones of entries plus metadata, with the line numbers of the source."""

    path: str
    source_format: str = "text"
    game: str | None = None
    format_id: str | None = None           # from a "Format:" line or the file
    format_line: int | None = None
    metadata: dict[str, str] = field(default_factory=dict)
    metadata_lines: dict[str, int] = field(default_factory=dict)
    entries: list[Entry] = field(default_factory=list)
    headers: dict[str, int] = field(default_factory=dict)   # zone -> first header line
    findings: list[Finding] = field(default_factory=list)  # parse findings
    non_deck: list[tuple[int | None, str, str]] = field(default_factory=list)  # (line, section, text)
    #: the counts headings state for their groups ("Creatures (12)"): parsing.headcounts
    stated: list = field(default_factory=list)

    def zone_entries(self, zone: str) -> list[Entry]:
        return [e for e in self.entries if e.zone == zone]

    def zone_count(self, zone: str) -> int:
        return sum(e.count for e in self.entries if e.zone == zone)

    def zones(self) -> list[str]:
        seen: dict[str, None] = {}
        for e in self.entries:
            seen.setdefault(e.zone, None)
        return list(seen)

    def iter_resolved(self, zones: tuple[str, ...] | list[str] | None = None) -> Iterator[Entry]:
        for e in self.entries:
            if e.card is not None and (zones is None or e.zone in zones):
                yield e


@pickled_as_arguments
@dataclass(slots=True)
class DeckResult:
    path: str
    game: str | None
    format: str | None
    date: str | None
    deck: DeckList | None = None
    findings: list[Finding] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    stats: dict[str, Any] = field(default_factory=dict)
    error: str | None = None   # the deck could not be read or checked (exit 2)
    not_a_deck: str | None = None   # why the file is no deck list (``error`` is set too)

    @property
    def legal(self) -> bool:
        return self.error is None and not any(f.severity is Severity.ERROR for f in self.findings)

    def count(self, severity: Severity) -> int:
        return sum(1 for f in self.findings if f.severity is severity)

    def failed(self, strict: bool = False) -> bool:
        """Not legal; with ``strict``, also a warning, except one whose arguments say
        ``lenient`` (a warning about the day checked that the user did not choose, such as
        "no date given, today is past the data": it would fail every list of a CI run once
        the data grows old; ``--date`` makes it count)."""
        if not self.legal:
            return True
        return strict and any(f.severity is Severity.WARNING and not f.args.get("lenient")
                              for f in self.findings)

    def cards_json(self) -> list[dict[str, Any]]:
        if self.deck is None:
            return []
        out = []
        for e in self.deck.entries:
            out.append({"line": e.line, "zone": e.zone, "count": e.count, "input": e.name,
                        "name": e.card.name if e.card is not None else None,
                        "match": e.match, "score": e.score})
        return out

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "path": self.path, "game": self.game, "format": self.format, "date": self.date,
            "legal": self.legal, "counts": self.counts, "stats": self.stats,
            "findings": [f.to_json() for f in self.findings],
            "cards": self.cards_json(),
        }
        if self.error is not None:
            data["error"] = self.error
        return data
