"""Mage Knight importer: the reference tables of mage-knight-digital/MageKnight -> ``cards/mageknight/``.

The source folder (``../shared/data/mageknight``) holds seven Markdown files under
``MageKnight/docs/reference/``.  The importer reads the pipe tables by their column names and
keeps only names, numbers, colours, counts and categories; the effect columns are never read
into a record.

Output (``cards/mageknight/``):

* ``cards.yaml``         - one record per name a player may write (ids sort by kind prefix):
  deed cards (``basic_action``, ``hero_action``, ``advanced_action``, ``spell``, ``artifact``,
  ``wound``) and the things that are not deed cards (``unit``, ``skill``, ``tactic``, ``hero``);
* ``standard_deck.yaml`` - the 16-card standard starting deck (docs/games/mageknight.md §2);
* ``fame_levels.yaml``   - the Fame / level / hand-limit table (§6.4; not in the data);
* ``kinds.yaml``         - which kinds are deed cards, with the seed's Chinese terms;
* ``SOURCES.md``         - provenance and the corrections applied.

``heroes.yaml`` is hand-written (§3.1-§3.3).  The importer reads it, checks it against the data
and the standard deck, and copies each unique card's hero and replaced card onto its record.

Corrections of the data (§3.3, §7.2), each checked so that a change of the data fails loudly:

* Advanced Actions 75 and 78 are listed as "Block and Grab" / "Crushing Blow", names that exist
  in no other source; they are Blood Ritual and Regeneration (which is which is unknown, so
  ``number`` is null).
* The ``Replaces`` column of ``basic-actions.md`` is never imported (two of its rows are wrong:
  Cold Toughness and Tirelessness); replacements come from ``heroes.yaml``.
* Hero-card colours are not imported (several are wrong in the data; no check uses them).

The hand-kept tables (import counts, the standard deck, the data's known errors, number
ranges, aliases, the Fame track, kinds, the notes of ``SOURCES.md``) are
``deckcheck/games/mageknight/data/importer.yaml``; reading the Markdown tables, ``heroes.yaml``
and building the records are the modules of :mod:`deckcheck.games.mageknight.importing`. This
module runs them and writes the files.

A spell is one record under its basic name; its powered name is stored as ``powered_name`` and
as a face (``faces: [{name: Firestorm, side: powered}]``) so that the matcher resolves it to the
spell with ``via: face``.
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

from deckcheck.carddb.importers.common import DataError, dump_yaml, write_sources
from deckcheck.games.mageknight.importing.heroes import (check_hero_cards_against_data,
                                                         check_heroes, heroes_file, load_heroes)
from deckcheck.games.mageknight.importing.markdown import (cells_of, read_hero_cards,
                                                           read_numbered, read_skills,
                                                           read_spells, read_standard_deck,
                                                           read_tables, read_tactics,
                                                           read_units)
from deckcheck.games.mageknight.importing.records import (
    check_by_expansion, check_count, check_ids_unique, check_numbers_unique, check_standard_deck,
    check_unique_names, correct_advanced_actions, hero_action_records, hero_records,
    numbered_records, order_fields, record_keys, skill_records, spell_records, standard_records,
    tactic_records, unit_records, unverified_records, with_extra_aliases, wound_record)
from deckcheck.games.mageknight.importing.tables import (EXPECTED, EXPECTED_BANNERS, FAME_LEVELS,
                                                         FILES, GAME, KINDS, LICENCE, NOTES,
                                                         REFERENCE, REPO, STANDARD_DECK,
                                                         STANDARD_DECK_SIZE, UNVERIFIED_CARDS)

# what other modules (and the tests) use from the importer
__all__ = ["FILES", "REFERENCE", "read_tables", "record_keys", "run"]


# --------------------------------------------------------------------------- output

def read_source_commit(source: Path) -> dict[str, str]:
    """path in repo -> commit, from the data set's SOURCES.md table."""
    path = source / "SOURCES.md"
    if not path.is_file():
        raise DataError(f"{path}: missing")
    commits = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = cells_of(line) if line.startswith("|") else []
        if len(cells) >= 4 and cells[1] == REPO and re.fullmatch(r"[0-9a-f]{40}", cells[3]):
            commits[cells[2]] = cells[3]
    for name in FILES:
        if f"docs/reference/{name}" not in commits:
            raise DataError(f"{path}: no commit recorded for docs/reference/{name}")
    return commits


def write_tables(out: Path) -> None:
    """standard_deck.yaml, fame_levels.yaml and kinds.yaml."""
    dump_yaml(out / "standard_deck.yaml",
              {"standard_deck": [{"name": n, "copies": c, "colour": col}
                                 for n, c, col in STANDARD_DECK],
               "size": STANDARD_DECK_SIZE},
              header="Mage Knight: the standard 16-card starting deed deck (12 names).\n"
                     "Generated by deckcheck/games/mageknight/importer.py; checked against "
                     "basic-actions.md.\nEach hero's unique cards replace one copy each "
                     "(heroes.yaml). Colours are not used by any check.")
    levels = []
    for level, fame, hand, armor, command in FAME_LEVELS:
        gains = ([] if level == 1 else ["skill", "advanced_action"] if level % 2 == 0
                 else ["level_token"])
        levels.append({"level": level, "fame": fame, "hand_limit": hand, "armor": armor,
                       "command_tokens": command, "gains": gains})
    dump_yaml(out / "fame_levels.yaml", {"levels": levels},
              header="Mage Knight: Fame needed for each level, and the level token's hand limit,\n"
                     "armor and command tokens. Generated by the importer from "
                     "docs/games/mageknight.md §6.4.\n[uncertain] the Fame thresholds follow the "
                     "printed Fame track as given in public\nplayer aids; one digital "
                     "implementation uses 0, 3, 8, 14, 21, 29, 38, 48, 59, 71.")
    dump_yaml(out / "kinds.yaml", {"kinds": KINDS},
              header="Mage Knight record kinds: whether a kind can be a deed card, its English "
                     "label,\nand the Chinese term of the seed walkthrough where it gives one.")


def write_provenance(out: Path, commits: dict[str, str]) -> None:
    """SOURCES.md: the seven files with their commits, and the notes of ``data/importer.yaml``."""
    sources = [{"dataset": "mageknight reference tables", "repo": REPO,
                "path": f"docs/reference/{name}", "commit": commits[f"docs/reference/{name}"],
                "licence": LICENCE}
               for name in FILES]
    write_sources(out, GAME, "Mage Knight", sources, notes=list(NOTES),
                  files=["cards.yaml", "heroes.yaml", "standard_deck.yaml",
                         "fame_levels.yaml", "kinds.yaml"])


def copy_heroes_file(path: Path, out: Path) -> None:
    """Keep ``out`` complete when it is not the folder holding the hand-written file."""
    target = out / "heroes.yaml"
    if path.resolve() != target.resolve():
        shutil.copyfile(path, target)


# --------------------------------------------------------------------------- entry point

def read_source(ref: Path, heroes: dict) -> dict[str, list[dict]]:
    """Read the seven tables, run the row-level import checks, apply the corrections."""
    tables = {name: read_tables(ref / name) for name in FILES}
    rows = {"standard": read_standard_deck(tables["basic-actions.md"]),
            "hero_cards": read_hero_cards(tables["basic-actions.md"]),
            "advanced": read_numbered(tables["advanced-actions.md"], "advanced_action"),
            "spells": read_spells(tables["spells.md"]),
            "artifacts": read_numbered(tables["artifacts.md"], "artifact"),
            "units": read_units(tables["units.md"]),
            "skills": read_skills(tables["skills.md"], [h["name"] for h in heroes["heroes"]]),
            "tactics": read_tactics(tables["tactics.md"])}
    check_standard_deck(rows["standard"])
    check_count("basic-actions.md hero cards", len(rows["hero_cards"]), EXPECTED["hero_action"])
    check_hero_cards_against_data(rows["hero_cards"], heroes)
    for what, kind, file in (("advanced", "advanced_action", "advanced-actions.md"),
                             ("spells", "spell", "spells.md"),
                             ("artifacts", "artifact", "artifacts.md")):
        check_count(f"{file} rows", len(rows[what]), EXPECTED[kind])
        check_by_expansion(kind, rows[what])
    check_count("units.md rows", len(rows["units"]), EXPECTED["unit_rows"])
    check_count("skills.md rows", len(rows["skills"]), EXPECTED["skill_rows"])
    check_count("tactics.md rows", len(rows["tactics"]), EXPECTED["tactic"])
    rows["advanced"] = correct_advanced_actions(rows["advanced"])
    check_numbers_unique(rows["advanced"] + rows["spells"] + rows["artifacts"])
    return rows


def build_records(rows: dict[str, list[dict]], heroes: dict) -> list[dict]:
    """All card records, checked (unit names, Banners, unique ids and names), sorted by id."""
    records = (standard_records(rows["standard"]) + hero_action_records(heroes)
               + unverified_records() + numbered_records("advanced_action", rows["advanced"])
               + spell_records(rows["spells"]) + numbered_records("artifact", rows["artifacts"])
               + [wound_record()] + unit_records(rows["units"])
               + skill_records(rows["skills"], heroes) + tactic_records(rows["tactics"])
               + hero_records(heroes))
    records = [order_fields(with_extra_aliases(r)) for r in records]
    check_count("units.md names", sum(r["kind"] == "unit" for r in records),
                EXPECTED["unit_names"])
    check_count("Banners", sum(bool(r.get("banner")) for r in records), EXPECTED_BANNERS)
    check_ids_unique(records)
    check_unique_names(records)
    return sorted(records, key=lambda r: r["id"])


def run(source: Path, out: Path) -> dict:
    """Import ``source`` (../shared/data/mageknight) into ``out`` (cards/mageknight).

    Returns the number of records per kind plus the Banner, row and hero counts.
    """
    source, out = Path(source), Path(out)
    ref = source / REFERENCE
    missing = [n for n in FILES if not (ref / n).is_file()]
    if missing:
        raise DataError(f"{ref}: missing {', '.join(missing)}")
    commits = read_source_commit(source)
    heroes_path = heroes_file(out)
    heroes = load_heroes(heroes_path)
    check_heroes(heroes, heroes_path)
    rows = read_source(ref, heroes)
    records = build_records(rows, heroes)

    out.mkdir(parents=True, exist_ok=True)
    dump_yaml(out / "cards.yaml", {"cards": records},
              header="Mage Knight card records: facts only (names, numbers, kinds, expansions).\n"
                     "Generated by deckcheck/games/mageknight/importer.py - do not edit; see "
                     "SOURCES.md.")
    copy_heroes_file(heroes_path, out)
    write_tables(out)
    write_provenance(out, commits)

    counts = Counter(r["kind"] for r in records)
    return {"records": len(records), **dict(sorted(counts.items())),
            "banners": sum(bool(r.get("banner")) for r in records),
            "unverified": len(UNVERIFIED_CARDS), "heroes_playable": len(heroes["heroes"]),
            "skill_rows": len(rows["skills"]), "unit_rows": len(rows["units"])}
