"""The importer's fixed knowledge: the hand-kept tables of
``deckcheck/games/wowtcg/data/importer.yaml`` (the game's vocabulary, the sets and their
kinds, OCTGN card types, the seed's Chinese names and spellings)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

_TABLES = Path(__file__).resolve().parent.parent / "data" / "importer.yaml"


def _load() -> dict[str, Any]:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(_TABLES.read_text(encoding="utf-8"), Loader=loader)


_DATA = _load()

GAME = "wowtcg"

# -- the game's vocabulary
CLASSES: tuple[str, ...] = tuple(_DATA["classes"])
#: JSON icon flag -> class name (the flag of Death Knight has no space).
CLASS_FLAGS = {c.replace(" ", ""): c for c in CLASSES}
FACTIONS: tuple[str, ...] = tuple(_DATA["factions"])
TALENT_TREES: tuple[str, ...] = tuple(_DATA["talent_trees"])
#: Misspelt or differently cased tree names found in the data.
TREE_FIXES: dict[str, str] = _DATA["tree_fixes"]
PLAYER_RACES: tuple[str, ...] = tuple(_DATA["player_races"])
PROFESSIONS: tuple[str, ...] = tuple(_DATA["professions"])
#: Trait words of "Hero Required" that are yes/no hero flags (Loyal = not a Traitor).
HERO_FLAGS: tuple[str, ...] = tuple(_DATA["hero_flags"])
REPUTATIONS: dict[str, str] = _DATA["reputations"]
DAMAGE_TYPES: tuple[str, ...] = tuple(_DATA["damage_types"])
TYPES: tuple[str, ...] = tuple(_DATA["types"])

# -- sets and blocks
#: Set files of raid decks, dungeon decks and tokens: not constructed (rule 800.3a).
RAID_FILES: tuple[str, ...] = tuple(_DATA["raid_files"])
DUNGEON_FILES: tuple[str, ...] = tuple(_DATA["dungeon_files"])
TOKEN_FILES: tuple[str, ...] = tuple(_DATA["token_files"])
#: Block Constructed membership fixes (ScourgeWar is in the Icecrown block, 4).
BLOCK_FIXES: dict[str, int] = _DATA["block_fixes"]
#: Release order inside each block, and the kind of product each set is.
SET_KINDS: dict[str, str] = _DATA["set_kinds"]

#: OCTGN card type -> deckcheck types it may stand for (fuzzy matches must agree).
OCTGN_TYPES: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in _DATA["octgn_types"].items()}

# -- the seed (Comprehensive Rules 5.0, Simplified Chinese)
SEED_FILE: str = _DATA["seed_file"]
#: The seed's example cards: Chinese name -> English card name (checked against the data).
SEED_ZH_NAMES: dict[str, str] = _DATA["seed_zh_names"]
#: English spellings the seed prints for its example cards that differ from the card name.
SEED_EN_SPELLINGS: dict[str, str] = _DATA["seed_en_spellings"]

# -- CardCarp (importing/cardcarp.py)
#: class -> its three talent trees (the trees a CardCarp Talent card excludes).
CLASS_TREES: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in _DATA["class_trees"].items()}
#: CardCarp set id -> {code, name, block, kind} of the sets new to the card data.
CARDCARP_SETS: dict[str, dict] = _DATA["cardcarp_sets"]
#: set code -> the CardCarp set file (relative to its root) whose ``date`` is the release month.
CARDCARP_SET_FILES: dict[str, str] = _DATA["cardcarp_set_files"]
#: set code -> {released, with, source}: release months from public pages (cardcarp_merge).
SET_RELEASE_PAGES: dict[str, dict] = _DATA.get("set_release_pages") or {}
#: set code -> why it has no release month (SOURCES.md).
UNDATED_REASONS: dict[str, str] = _DATA.get("undated_reasons") or {}
