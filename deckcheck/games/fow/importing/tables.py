"""The importer's fixed knowledge: where the upstream files are, and the hand-kept tables
of ``deckcheck/games/fow/data/importer.yaml`` (upstream data sets and their commits, the
fowsim type and colour vocabularies, name suffixes, OCTGN set codes, number words)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

_TABLES = Path(__file__).resolve().parent.parent / "data" / "importer.yaml"

# where the files of the shared ``data/fow`` folder are
FOWSIM_CARDS = Path("fowsim/cardDatabase/static/cards.json")
OCTGN_SETS = Path("FoWTCGOCTGN/Game Definition/Sets")
FOWDB_CLUSTERS = Path("fowdb/app/helpers/data/clusters.json")
FOWDB_FORMATS = Path("fowdb/app/helpers/data/formats.json")


def _load() -> dict[str, Any]:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(_TABLES.read_text(encoding="utf-8"), Loader=loader)


_DATA = _load()

#: the upstream data sets (written to ``SOURCES.md``)
SOURCES: list[dict[str, str]] = _DATA["sources"]
#: fowsim ``type[]`` spelling -> (deckcheck card type, subtype or None)
TYPE_MAP: dict[str, tuple[str, str | None]] = {k: (v[0], v[1]) for k, v in _DATA["types"].items()}
TYPE_ORDER: list[str] = _DATA["type_order"]
SUBTYPE_ORDER: list[str] = _DATA["subtype_order"]
#: "<attribute> Magic Stone" entries of ``type[]``: the magic stone *type* (CR 202.4)
STONE_TYPES: dict[str, str] = _DATA["stone_types"]
#: fowsim ``colour`` letter -> attribute
ATTRIBUTES: dict[str, str] = _DATA["attributes"]
ATTRIBUTE_ORDER: list[str] = _DATA["attribute_order"]
#: name markers the data appends to keep names unique; they stay in canonical names
NAME_SUFFIXES: tuple[str, ...] = tuple(_DATA["name_suffixes"])
#: OCTGN set codes that differ from fowsim's
OCTGN_SET_CODES: dict[str, str] = _DATA["octgn_set_codes"]
#: numbers written as words in deck-building texts
NUMBER_WORDS: dict[str, int] = _DATA["number_words"]
#: keywords that are flags, by the data's spellings -> the keyword
KEYWORD_FLAGS: dict[str, str] = _DATA["keyword_flags"]
