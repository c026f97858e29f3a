"""The importer's fixed knowledge: the game's vocabulary (schools, types, the sets that decide
a card's facts) and the hand-kept tables of ``deckcheck/games/magewars/data/importer.yaml``
(set fixes, aliases, the Chinese words of the seed, the apprentice books' totals, the hand
corrections of the mage table)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

_TABLES = Path(__file__).resolve().parent.parent / "data" / "importer.yaml"

GAME = "magewars"
OCTGN_GAME_ID = "9acef3d0-efa8-4d3f-a10c-54812baecdda"
SEED_FILE = "000_a42356be5ac5e0de.txt"

SCHOOLS = ("Air", "Arcane", "Dark", "Earth", "Fire", "Holy", "Mind", "Nature", "War", "Water")
ELEMENTS = ("Air", "Earth", "Fire", "Water")
SPELL_TYPES = ("Attack", "Conjuration", "Creature", "Enchantment", "Equipment", "Incantation")
TYPE_SUFFIX_SUBTYPES = {"Wall": "Wall", "Terrain": "Terrain"}   # Conjuration-Wall / -Terrain
FINAL_RELEASE = "Mage Wars Arena Final Release"
PROMO = "Promo"
PLAYTEST_PREFIX = "Playtest:"
VARIANTS = ("arena", "academy", "apprentice")

# Facts compared between printings of one name (a difference is reported as MWR119).
PRINTING_FACTS = ("type", "subtypes", "schools", "level_total", "epic", "novice",
                  "only_class", "only_school", "living", "nonliving")
# The subset the game page counts as "printings differ" (school, level, type, Epic/Novice/Only).
RULE_FACTS = ("type", "schools", "level_total", "epic", "novice", "only_class", "only_school")


@dataclass(frozen=True)
class Correction:
    """A hand correction of one mage row: the fields to set and why."""

    row: str
    fields: dict
    note: str


def _load() -> dict[str, Any]:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(_TABLES.read_text(encoding="utf-8"), Loader=loader)


_DATA = _load()

#: OCTGN set names shown otherwise ("Lost Grimore" is misspelt in the OCTGN data)
SET_DISPLAY_NAMES: dict[str, str] = _DATA["set_display_names"]
#: OCTGN sets that are not imported
HIDDEN_SETS: set[str] = set(_DATA["hidden_sets"])
#: OCTGN card types that are not spells
SKIPPED_TYPES: set[str] = set(_DATA["skipped_types"])
#: spellings seen in public lists and builders (game page §4.3), written -> canonical
ALIAS_TABLE: dict[str, str] = _DATA["aliases"]
#: other accepted English names of a mage row (beside the mrosan long names)
MAGE_EXTRA_ALIASES: dict[str, list[str]] = _DATA["mage_extra_aliases"]
#: names the OCTGN deck files give stats cards, beside the card's own name
STATS_EXTRA_ALIASES: dict[str, list[str]] = _DATA["stats_extra_aliases"]
#: Chinese card names of the seed -> canonical English; each must occur in the seed
ZH_CARD_NAMES: dict[str, str] = _DATA["zh_card_names"]
#: Chinese names whose card is inferred, not printed beside an English name -> why
ZH_UNCERTAIN: dict[str, str] = _DATA["zh_uncertain"]
#: Chinese mage names of the seed -> arena mage row id
ZH_MAGE_NAMES: dict[str, str] = _DATA["zh_mage_names"]
#: other Chinese words of the seed that lists use
ZH_TYPE_WORDS: dict[str, str] = _DATA["zh_type_words"]
ZH_ZONE_WORDS: dict[str, str] = _DATA["zh_zone_words"]
ZH_SCHOOL_WORDS: dict[str, str] = _DATA["zh_school_words"]
ZH_DAMAGE_TYPES: dict[str, str] = _DATA["zh_damage_types"]
ZH_NOT_CARDS: dict[str, str] = _DATA["zh_not_cards"]
#: the Core apprentice books' mages, in the seed's column order
APPRENTICE_MAGES: tuple[str, ...] = tuple(_DATA["apprentice_mages"])
#: edition -> mage -> number of spells of the book (game page §5)
APPRENTICE_TOTALS: dict[str, dict[str, int]] = _DATA["apprentice_totals"]
#: hand corrections of the OCTGN mage fields (game page §2.2 and §4.2)
MAGE_CORRECTIONS: tuple[Correction, ...] = tuple(
    Correction(c["row"], c["fields"], c["note"]) for c in _DATA["mage_corrections"])
#: open questions per mage row (kept in the row as ``uncertain``)
MAGE_UNCERTAIN: dict[str, str] = _DATA["mage_uncertain"]
