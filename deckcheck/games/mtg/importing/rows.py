"""The intermediate rows of the importer (one :class:`Face` per card face per printing,
:class:`SetInfo`, the whole :class:`Source`) and the small helpers the readers and the record
builder share."""

from __future__ import annotations

import json
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


@dataclass
class Source:
    """Everything read from the source: rows, set metadata and provenance details."""

    kind: str
    faces: list[Face] = field(default_factory=list)
    sets: dict[str, SetInfo] = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)


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
    """The record id of a card: its spaced normalised name with ``-`` between words."""
    return spaced(name).replace(" ", "-")


def _load_json(path: Path) -> Any:
    try:
        with path.open(encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError) as exc:
        raise DataError(f"{path.name}: cannot read JSON ({exc})") from exc
