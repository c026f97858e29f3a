"""The importer's fixed knowledge: the hand-kept tables of
``deckcheck/games/mtg/data/importer.yaml`` (colour, layout and rarity words, the languages of
the data, Traditional-Chinese set names, number words)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

_TABLES = Path(__file__).resolve().parent.parent / "data" / "importer.yaml"


def _load() -> dict[str, Any]:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(_TABLES.read_text(encoding="utf-8"), Loader=loader)


_DATA = _load()

#: v3 colour words -> colour letters; letters are written in WUBRG order.
COLOR_LETTERS: dict[str, str] = _DATA["color_letters"]
WUBRG = "WUBRG"
#: v3 layout words -> the v5 words used in the records.
V3_LAYOUTS: dict[str, str] = _DATA["v3_layouts"]
#: Layouts that are not deck cards (tokens, planes, art cards …): not imported.
SKIP_LAYOUTS: set[str] = set(_DATA["skip_layouts"])
#: Layouts whose canonical name is "Left // Right" (every half is a face).
SPLIT_LAYOUTS: set[str] = set(_DATA["split_layouts"])
#: v3 rarity words -> record words (v5 files already use these).
RARITIES: dict[str, str] = _DATA["rarities"]
#: The languages of v3 ``foreignNames`` (mtg.md §4.4); anything else is a malformed file.
V3_LANGUAGES: set[str] = set(_DATA["v3_languages"])
V3_FOREIGN_KEYS: set[str] = set(_DATA["v3_foreign_keys"])
#: Language names that may appear in v5 ``foreignData`` (used to spot swapped keys).
KNOWN_LANGUAGES: set[str] = V3_LANGUAGES | set(_DATA["more_languages"])
#: foreign language -> record key for Chinese names (other languages are not stored).
CHINESE: dict[str, str] = _DATA["chinese"]
#: Traditional-Chinese set names as printed in Taiwan (used over MTGJSON's ``tw``).
ZH_HANT_SET_NAMES: dict[str, str] = _DATA["zh_hant_set_names"]
#: numbers written as words in deck-limit sentences
NUMBER_WORDS: dict[str, int] = {w: i for i, w in enumerate(_DATA["number_words"])}
