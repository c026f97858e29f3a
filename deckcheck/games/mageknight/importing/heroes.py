"""The hand-written ``heroes.yaml`` (§3.1-§3.3): finding and reading it, and checking it
against the standard deck and against the data's hero tables."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import yaml

from deckcheck.carddb.importers.common import DataError
from deckcheck.games.mageknight.importing.tables import (EXPANSIONS, GAME, KNOWN_WRONG_REPLACES,
                                                         STANDARD_DECK, STANDARD_DECK_SIZE)
from deckcheck.resources import data_dir


def heroes_file(out: Path) -> Path:
    """The hand-written heroes.yaml: the one in ``out`` or else the shipped one."""
    for candidate in (out / "heroes.yaml", data_dir("cards") / GAME / "heroes.yaml"):
        if candidate.is_file():
            return candidate
    raise DataError(f"heroes.yaml not found in {out} (it is hand-written, not generated)")


def load_heroes(path: Path) -> dict:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("heroes"), list):
        raise DataError(f"{path}: expected a top-level 'heroes:' list")
    return data


def derive_starting_deck(hero: dict, with_card2: bool) -> Counter:
    """The hero's deck: the standard 16 with each used unique card replacing one copy."""
    deck = Counter({name: copies for name, copies, _ in STANDARD_DECK})
    cards = [hero["card1"]] + ([hero["card2"]] if with_card2 else [])
    for card in cards:
        deck[card["replaces"]] -= 1
        deck[card["name"]] += 1
    return +deck


def check_heroes(heroes: dict, path: Path) -> None:
    """heroes.yaml is consistent: replaced cards exist, expansions valid, decks of 16."""
    standard = {name for name, _, _ in STANDARD_DECK}
    for hero in heroes["heroes"]:
        name = hero.get("name")
        where = f"{path.name}: hero {name!r}"
        if hero.get("expansion") not in EXPANSIONS or any(e not in EXPANSIONS
                                                           for e in hero.get("needs", [])):
            raise DataError(f"{where}: unknown expansion")
        for slot in ("card1", "card2"):
            card = hero.get(slot) or {}
            if card.get("replaces") not in standard:
                raise DataError(f"{where}: {slot} replaces {card.get('replaces')!r}, "
                                "not a standard card")
        if any(e not in EXPANSIONS for e in hero["card2"].get("used_with", [])):
            raise DataError(f"{where}: card2.used_with names an unknown expansion")
        decks = [("starting_deck", True)]
        if hero["expansion"] == "base":
            decks.append(("base_starting_deck", False))
        for field_name, with_card2 in decks:
            written = Counter(hero.get(field_name) or {})
            derived = derive_starting_deck(hero, with_card2)
            if written != derived or sum(derived.values()) != STANDARD_DECK_SIZE:
                raise DataError(f"{where}: {field_name} differs from the standard deck with "
                                f"its replacements: {dict(derived)}")


def check_hero_cards_against_data(hero_rows: list[dict], heroes: dict) -> None:
    """The data's hero tables name the same heroes and cards as heroes.yaml.

    Its `Replaces` column may differ only in the known wrong rows; if one of them is fixed or
    another row changes, the judgement of §3.3 has to be reviewed.
    """
    judged = {}
    for hero in heroes["heroes"]:
        for slot in ("card1", "card2"):
            judged[hero[slot]["name"]] = (hero["name"], hero[slot]["replaces"])
    seen = set()
    for row in hero_rows:
        if row["name"] not in judged:
            raise DataError(f"{row['where']}: hero card {row['name']!r} is not in heroes.yaml")
        hero, replaces = judged[row["name"]]
        if row["hero"] != hero:
            raise DataError(f"{row['where']}: {row['name']} belongs to {row['hero']} in the "
                            f"data, to {hero} in heroes.yaml")
        expected = KNOWN_WRONG_REPLACES.get(row["name"], replaces)
        if row["data_replaces"] != expected:
            raise DataError(f"{row['where']}: the data now says {row['name']} replaces "
                            f"{row['data_replaces']!r} (expected {expected!r}); review the "
                            "judgement of docs/games/mageknight.md §3.3")
        seen.add(row["name"])
    missing = sorted(set(judged) - seen)
    if missing:
        raise DataError(f"basic-actions.md: hero cards of heroes.yaml missing: {missing}")
