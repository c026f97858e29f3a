"""The importer's fixed knowledge: the hand-kept tables of
``deckcheck/games/mageknight/data/importer.yaml`` (upstream files, import counts, the standard
deck, the data's known errors, number ranges, aliases, the Fame track, record kinds, the
notes of ``SOURCES.md``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

_TABLES = Path(__file__).resolve().parent.parent / "data" / "importer.yaml"


def _load() -> dict[str, Any]:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(_TABLES.read_text(encoding="utf-8"), Loader=loader)


def _rows(rows: list[list]) -> tuple[tuple, ...]:
    return tuple(tuple(row) for row in rows)


_DATA = _load()

GAME = "mageknight"
#: the upstream repository, the folder of its reference tables and the files read there
REPO: str = _DATA["repo"]
REFERENCE = Path(_DATA["reference"])
FILES: tuple[str, ...] = tuple(_DATA["files"])
LICENCE: str = _DATA["licence"]

EXPANSIONS: tuple[str, ...] = tuple(_DATA["expansions"])

#: import checks (§7.2): the number of rows each table must yield
EXPECTED: dict[str, int] = _DATA["expected"]

#: §2: the standard starting deck (name, copies, colour); the data's table must agree
STANDARD_DECK: tuple[tuple[str, int, str], ...] = _rows(_DATA["standard_deck"])
STANDARD_DECK_SIZE: int = _DATA["standard_deck_size"]

#: §3.3: the data's two bogus Advanced Action names (numbers 75 and 78) -> the cards they are
BOGUS_ADVANCED_ACTIONS: dict[str, str] = _DATA["bogus_advanced_actions"]
BOGUS_NUMBERS: tuple[int, ...] = tuple(_DATA["bogus_numbers"])

#: §3.3: rows of the data's `Replaces` column known to be wrong: card -> what the data says
KNOWN_WRONG_REPLACES: dict[str, str] = _DATA["known_wrong_replaces"]

#: printed numbers (n/377) per kind -> expansion (§5 MK-R9): (low, high, expansion)
NUMBER_RANGES: dict[str, tuple[tuple[int, int, str], ...]] = {
    kind: _rows(ranges) for kind, ranges in _DATA["number_ranges"].items()}
#: §6: cards per expansion; the data must yield exactly these
EXPECTED_BY_EXPANSION: dict[str, dict[str, int]] = _DATA["expected_by_expansion"]
EXPECTED_BANNERS: int = _DATA["expected_banners"]

#: §7.1: cards named by one digital implementation only; recognised, never accepted (MKN206)
UNVERIFIED_CARDS: tuple[str, ...] = tuple(_DATA["unverified_cards"])
#: §7.2: accepted misspellings that plain normalisation does not fold
EXTRA_ALIASES: dict[str, list[str]] = _DATA["extra_aliases"]
#: Chinese terms of the seed walkthrough (Simplified): the Wound card
WOUND_NAMES_ZH: list[str] = _DATA["wound_names_zh"]

#: §6.4: (level, Fame threshold, hand limit, armor, command tokens)
FAME_LEVELS: tuple[tuple[int, int, int, int, int], ...] = _rows(_DATA["fame_levels"])

#: the kinds of records, whether they can be deed cards, and the seed's Chinese terms
KINDS: dict[str, dict[str, Any]] = _DATA["kinds"]
ID_PREFIX: dict[str, str] = _DATA["id_prefix"]
#: artifacts.md `##` headings -> the artifact's group
ARTIFACT_GROUPS: dict[str, str] = _DATA["artifact_groups"]
ROMAN: dict[str, int] = _DATA["roman"]

#: the notes of SOURCES.md
NOTES: list[str] = _DATA["notes"]
