"""The Chinese rules seed: its words (card, mage, type and school names) and the flattened
apprentice table of its p.3."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from deckcheck.carddb.importers.common import DataError
from deckcheck.games.magewars.importing.tables import (SEED_FILE, ZH_CARD_NAMES, ZH_DAMAGE_TYPES,
                                                       ZH_MAGE_NAMES, ZH_NOT_CARDS, ZH_SCHOOL_WORDS,
                                                       ZH_TYPE_WORDS, ZH_UNCERTAIN, ZH_ZONE_WORDS)
from deckcheck.matching.normalise import key

def find_seed(source: Path) -> Path | None:
    path = source.parent.parent / "seeds" / SEED_FILE
    return path if path.is_file() else None


def check_seed_words(seed_text: str, seed_path: Path) -> None:
    """Every Chinese word we ship must occur in the seed."""
    tables = (ZH_CARD_NAMES, ZH_MAGE_NAMES, ZH_TYPE_WORDS, ZH_ZONE_WORDS, ZH_SCHOOL_WORDS,
              ZH_DAMAGE_TYPES, ZH_NOT_CARDS)
    missing = [w for t in tables for w in t if w not in seed_text]
    if missing:
        raise DataError(f"{seed_path}: Chinese names not found in the seed: {', '.join(missing)}")


def add_chinese_names(records: dict[str, dict]) -> int:
    """``names.zh-Hans`` for every card the seed names (``records`` by name key)."""
    count = 0
    for zh, english in ZH_CARD_NAMES.items():
        rec = records.get(key(english))
        if rec is None:
            raise DataError(f"seed name {zh} -> {english!r}: no such card")
        names = rec.setdefault("names", {}).setdefault("zh-Hans", [])
        if zh not in names:
            names.append(zh)
            count += 1
    return count


def names_zh_table(records: dict[str, dict], rows: dict[str, dict]) -> dict:
    return {
        "cards": {zh: records[key(en)]["name"] for zh, en in ZH_CARD_NAMES.items()},
        "mages": {zh: rows[rid]["name"] for zh, rid in ZH_MAGE_NAMES.items()},
        "uncertain": dict(ZH_UNCERTAIN),
        "types": dict(ZH_TYPE_WORDS),
        "zones": dict(ZH_ZONE_WORDS),
        "schools": dict(ZH_SCHOOL_WORDS),
        "damage_types_not_schools": dict(ZH_DAMAGE_TYPES),
        "not_cards": dict(ZH_NOT_CARDS),
    }


SEED_TABLE_MARKER = "兽王女祭司邪术师巫师"
SEED_ROW_WORDS = ("装备", "生物", "结界", "咒语", "攻击")
_SEED_ROW_SPLIT = re.compile(r"(%s)(?= \d)" % "|".join(SEED_ROW_WORDS))
_SEED_ENTRY = re.compile(r"\s*(\d+) ([\u4e00-\u9fff]+)(?: \( ([\u4e00-\u9fff]+) \))?")


@dataclass
class SeedEntry:
    count: int
    zh: str
    row: str                 # the seed row's type (English)
    marker: str | None       # "( 魔物 )" after Tanglevine: its real type


def seed_table_line(seed_text: str, seed_path: Path) -> tuple[int, str]:
    """Line number (1-based) and text of the seed line holding the apprentice table (p.3)."""
    for number, line in enumerate(seed_text.splitlines(), 1):
        if SEED_TABLE_MARKER + SEED_ROW_WORDS[0] in line:
            return number, line
    raise DataError(f"{seed_path}: apprentice table (p.3) not found")


def read_seed_apprentice_rows(line: str, seed_path: Path) -> list[SeedEntry]:
    """The flattened apprentice table of seed p.3: type rows of "N name" entries."""
    table = line[line.index(SEED_TABLE_MARKER) + len(SEED_TABLE_MARKER):]
    pieces = _SEED_ROW_SPLIT.split(table)
    entries: list[SeedEntry] = []
    row = None
    for piece in pieces:
        if piece in SEED_ROW_WORDS:
            row = ZH_TYPE_WORDS[piece]
            continue
        if not piece.strip():
            continue
        if row is None:
            raise DataError(f"{seed_path}: apprentice table text before the first type row")
        pos = 0
        while pos < len(piece.rstrip()):
            m = _SEED_ENTRY.match(piece, pos)
            if m is None:
                raise DataError(f"{seed_path}: cannot read apprentice entry at {piece[pos:pos + 20]!r}")
            marker = ZH_TYPE_WORDS.get(m.group(3)) if m.group(3) else None
            entries.append(SeedEntry(int(m.group(1)), m.group(2), row, marker))
            pos = m.end()
    return entries
