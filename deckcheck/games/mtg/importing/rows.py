"""The intermediate rows of the importer (one :class:`Face` per card face per printing,
:class:`SetInfo`, the whole :class:`Source`) and the small helpers the readers and the record
builder share."""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from deckcheck.carddb.importers.common import DataError, compact
from deckcheck.games.mtg.importing.tables import COLOR_LETTERS, NUMBER_WORDS, WUBRG
from deckcheck.matching.normalise import spaced

_ANY_NUMBER = re.compile(r"a deck can have any number of cards named", re.I)
_UP_TO = re.compile(r"a deck can have up to (\w+) cards named", re.I)
#: commander facts a card's own text states (CR 702.124 partner, 903.3 commanders)
_CAN_BE_COMMANDER = re.compile(r"\bcan be your commander\b", re.I)
_PARTNER = re.compile(r"^Partner[ \t]*(?:\(|$)", re.M)
_PARTNER_WITH = re.compile(r"^Partner with ([^(\n]+)", re.M)   # the name, up to its reminder
_CHOOSE_BACKGROUND = re.compile(r"^Choose a Background\b", re.M)


# --------------------------------------------------------------------------- intermediate rows

@dataclass
class Face:
    """One face of one printing, in the same shape whatever the source format."""

    card: str                      # canonical card name (the grouping key)
    index: int                     # 0 = front / left half; 1 … = other faces
    name: str
    layout: str
    origin: str                    # "<file>" or "<file> <SET>", for error messages
    types: list[str] = field(default_factory=list)
    supertypes: list[str] = field(default_factory=list)
    subtypes: list[str] = field(default_factory=list)
    mana_cost: str | None = None
    cmc: int | float | None = None
    colors: list[str] = field(default_factory=list)
    color_identity: list[str] = field(default_factory=list)
    zh: dict[str, list[str]] = field(default_factory=dict)
    printing: dict[str, Any] | None = None
    printed_in: list[str] = field(default_factory=list)
    deck_limit: int | str | None = None
    commander: dict[str, Any] = field(default_factory=dict)   # see _commander_facts
    ascii_name: str | None = None
    full: str | None = None        # the data's "A // B" name of a v5 multi-face object


@dataclass
class SetInfo:
    code: str
    name: str | None = None
    zh_hans: str | None = None
    zh_hant: str | None = None
    released: str | None = None
    type: str | None = None
    block: str | None = None
    objects: int | None = None


@dataclass(frozen=True)
class Problem:
    """A set or card the importer skipped (or imported with a caveat), and why."""

    where: str                     # the file (and set) it was found in
    card: str | None               # the card's name; None when the whole set is meant
    reason: str

    def __str__(self) -> str:
        card = f": card {self.card!r}" if self.card is not None else ""
        return f"{self.where}{card}: {self.reason}"


class Problems(list):
    """The problems of one import; printed as a count and then one line each."""

    def __str__(self) -> str:
        return "".join([str(len(self))] + [f"\n    {p}" for p in self])


def keep_going(problems: list[Problem] | None, where: str, card: str | None,
               error: Exception) -> None:
    """Record a skipped set or card; without a problem list (strict use) re-raise."""
    if problems is None:
        raise error
    reason = str(error)
    if reason.startswith(f"{where}: "):       # the message names the file already
        reason = reason[len(where) + 2:]
    problems.append(Problem(where, card, reason))


@dataclass
class Source:
    """Everything read from the source: rows, set metadata and provenance details.

    ``skipped``: the sets and cards left out, and why; ``notes``: what was imported with a
    caveat (a double-faced card's printing without its back face)."""

    kind: str
    faces: list[Face] = field(default_factory=list)
    sets: dict[str, SetInfo] = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    skipped: Problems = field(default_factory=Problems)
    notes: Problems = field(default_factory=Problems)


# --------------------------------------------------------------------------- small helpers

def _colors(values: Iterable[str] | None) -> list[str]:
    letters = {COLOR_LETTERS.get(v, v) for v in values or ()}
    return [c for c in WUBRG if c in letters] + sorted(letters - set(WUBRG))


def _cmc(value: Any) -> int | float | None:
    if value is None:
        return None
    value = float(value)
    return int(value) if value.is_integer() else value


def _number_base(number: str) -> str:
    """``51a`` -> ``51`` (v3 face letters); other numbers are returned unchanged."""
    m = re.fullmatch(r"(\d+)[a-z]", number)
    return m.group(1) if m else number


def _number_sort(number: str) -> tuple:
    m = re.match(r"(\d*+)(.*)", number)
    return (int(m.group(1)) if m.group(1) else 10**9, m.group(2))


def _deck_limit(text: str | None) -> int | str | None:
    """The deck-limit flag a card's own text sets (the text itself is not kept)."""
    if not text:
        return None
    if _ANY_NUMBER.search(text):
        return "any"
    m = _UP_TO.search(text)
    if m:
        word = m.group(1).lower()
        return int(word) if word.isdigit() else NUMBER_WORDS.get(word)
    return None


def _commander_facts(text: str | None) -> dict[str, Any]:
    """What a card's own text says about being a commander (the text itself is not kept):
    ``commander: true`` ("… can be your commander"), ``partner: true`` (the Partner keyword),
    ``partner_with: <name>`` ("Partner with …"), ``choose_background: true``."""
    if not text:
        return {}
    out: dict[str, Any] = {}
    if _CAN_BE_COMMANDER.search(text):
        out["commander"] = True
    if _PARTNER.search(text):
        out["partner"] = True
    m = _PARTNER_WITH.search(text)
    if m:
        out["partner_with"] = m.group(1).strip()
    if _CHOOSE_BACKGROUND.search(text):
        out["choose_background"] = True
    return out


def _chinese_name(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).split())


def _compact(record: dict) -> dict:
    """:func:`compact` that keeps numeric zeros (a land's cmc 0, a count of 0)."""
    kept = compact(record)
    return {k: v for k, v in record.items()
            if k in kept or (isinstance(v, (int, float)) and not isinstance(v, bool))}


def _add_unique(target: list, values: Iterable) -> None:
    for v in values:
        if v not in target:
            target.append(v)


def slug(name: str) -> str:
    """The record id of a card: its spaced normalised name with ``-`` between words.

    A name with no letter or digit (Unhinged's ``_____``) is spelt by its characters'
    Unicode names instead (``low-line-x5``), so that every card has an id."""
    word = spaced(name).replace(" ", "-")
    if word or not name.strip():
        return word
    parts = []
    for m in re.finditer(r"(.)\1*", name.strip()):
        ch = m.group(1)
        label = unicodedata.name(ch, f"u{ord(ch):04x}").lower().replace(" ", "-")
        n = len(m.group(0))
        parts.append(label if n == 1 else f"{label}-x{n}")
    return "-".join(parts)


#: File name endings of the card files, plain and compressed (as MTGJSON publishes them).
JSON_SUFFIXES = (".json", ".json.xz", ".json.gz", ".json.bz2")
_MAGIC = ((b"\xfd7zXZ\x00", lzma.open), (b"\x1f\x8b", gzip.open), (b"BZh", bz2.open))


def file_stem(path: Path) -> str:
    """``SOM.json.xz`` -> ``SOM`` (the name without the JSON and compression endings)."""
    name = path.name
    for suffix in sorted(JSON_SUFFIXES, key=len, reverse=True):
        if name.lower().endswith(suffix):
            return name[:-len(suffix)]
    return path.stem


def _load_json(path: Path) -> Any:
    """A JSON file, plain or compressed with xz, gzip or bzip2 (found by its first bytes)."""
    try:
        with path.open("rb") as fh:
            head = fh.read(6)
            fh.seek(0)
            opener = next((o for magic, o in _MAGIC if head.startswith(magic)), None)
            raw = opener(fh).read() if opener else fh.read()
        return json.loads(raw.decode("utf-8"))
    except (OSError, EOFError, ValueError, lzma.LZMAError) as exc:
        raise DataError(f"{path.name}: cannot read JSON ({exc})") from exc
