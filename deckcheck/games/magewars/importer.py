"""Mage Wars importer: the public OCTGN data (plus the Chinese rules seed) -> ``cards/magewars/``.

Run as ``deckcheck cards import magewars ../shared/data/magewars``.  ``source`` is the
``data/magewars`` folder of the public data sets; the Chinese rules seed is looked up in
``source.parent.parent / "seeds"`` and the game page in ``…/docs/games/magewars.md``.

What is read:

* the OCTGN module (``Mage-Wars/GameDatabase/<game id>/``): every ``Sets/*/set.xml`` (the
  primary card and mage data), the eight ``Decks/Apprentice Spellbooks/*.o8d`` and the older
  Core ``set.xml`` kept under ``_history/`` (ids of the Wizard's per-element stats cards);
* ``MageWarsCodex/…/mages.json``: the mages' long names (joined on OCTGN GUIDs) as aliases;
* ``magewars-deckbuilder-om/…/sets/core.edn``: copies of each card in one Core Set;
* the seed ``000_a42356be5ac5e0de.txt``: Chinese names and the original apprentice lists.

What is written (facts only: names, codes, GUIDs, sets, types, schools, levels, flags):

* ``spells.yaml``: one record per spell **name** (``kind: spell``; the six Paladin auras are
  ``kind: aura``).  The facts come from the precedence printing (Final Release, then any
  other official set, then Promo, then the community playtest sets); every printing is kept
  under ``printings`` (precedence first) with the facts in which it differs.
* ``mage_cards.yaml``: the mage cards (``kind: mage``) and stats cards
  (``kind: mage_stats``), so a list's mage line resolves like any card name.  Arena and
  Academy mage cards share their names ("Beastmaster" twice); they are one record with one
  printing per OCTGN card, each printing naming its variant, and ``mage_rows`` tells which
  rows of ``mages.yaml`` the card can stand for.
* ``mages.yaml``: the mage table (training, opposition, limits) per mage and variant
  (arena / academy / apprentice), with the hand corrections of the game page applied and
  recorded in each row's ``corrections`` and in the file header.
* ``aliases.yaml``, ``names_zh.yaml``, ``sets.yaml``, ``apprentice.yaml`` and ``SOURCES.md``.

Record ids are slugs of the canonical name (``lash-of-hellfire``; mage and stats cards get a
``mage-`` prefix).  Printed codes cannot serve as ids: the OCTGN data reuses one code for up
to ten different cards (``MWAELC01``).  Re-running on the same data writes identical files
(apart from the date in ``SOURCES.md``).

This module runs the import; the pieces are in :mod:`deckcheck.games.magewars.importing`
(reading the OCTGN module, spells, mages, records and names, the Chinese seed, the
apprentice books, writing the files) and the hand-kept tables in
``deckcheck/games/magewars/data/importer.yaml``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from deckcheck.carddb.importers.common import DataError, write_sources
from deckcheck.games.magewars.importing.apprentice import (apprentice_books, check_against_doc,
                                                           check_apprentice_totals)
from deckcheck.games.magewars.importing.mages import (add_mage_aliases, add_mage_card_aliases,
                                                      apply_corrections, build_mage_rows,
                                                      finish_type_opposition, mage_card_records,
                                                      mage_long_names, pair_stats_cards,
                                                      parse_school_cost)
from deckcheck.games.magewars.importing.octgn import read_history_stats, read_sets
from deckcheck.games.magewars.importing.output import (read_provenance, sets_table, sources_notes,
                                                       sources_rows, write_outputs)
from deckcheck.games.magewars.importing.records import (NameResolver, add_core_set_counts,
                                                        alias_table, check_collisions, slug)
from deckcheck.games.magewars.importing.seed import (add_chinese_names, check_seed_words, find_seed,
                                                     names_zh_table)
from deckcheck.games.magewars.importing.spells import parse_schools, spell_records, trait_facts
from deckcheck.games.magewars.importing.tables import (APPRENTICE_MAGES, GAME, HIDDEN_SETS,
                                                       MAGE_CORRECTIONS, OCTGN_GAME_ID, SEED_FILE)
from deckcheck.matching.normalise import key

#: ``run`` and the pieces the importer's tests use
__all__ = ["run", "APPRENTICE_MAGES", "MAGE_CORRECTIONS", "SEED_FILE", "parse_school_cost",
           "parse_schools", "slug", "trait_facts"]


def run(source: Path, out: Path) -> dict:
    """Import ``source`` (``data/magewars``) into ``out`` (``cards/magewars``); return counts."""
    source, out = Path(source), Path(out)
    mw_root = source / "Mage-Wars"
    gdb = mw_root / "GameDatabase" / OCTGN_GAME_ID
    if not gdb.is_dir():
        raise DataError(f"{gdb}: OCTGN Mage Wars game database not found")
    prov = read_provenance(source)
    repairs: list[str] = []
    conflicts: list[str] = []
    dropped: list[str] = []

    sets = read_sets(gdb)
    spells = spell_records(sets, repairs)
    pairs = pair_stats_cards(sets)
    rows = build_mage_rows(pairs, conflicts)
    correction_notes = apply_corrections(rows)
    finish_type_opposition(rows)
    add_mage_aliases(rows, mage_long_names(source / "MageWarsCodex/src/app/data/mages.json", rows))
    current_guids = {c.guid for s in sets for c in s.cards}
    history = read_history_stats(mw_root, current_guids)
    mage_cards = mage_card_records(sets, pairs, rows, history)
    add_mage_card_aliases(mage_cards, rows)

    spell_by_key = {key(r["name"]): r for r in spells}
    seed_path = find_seed(source)
    seed = None
    zh_table = None
    zh_count = 0
    if seed_path is not None:
        seed_text = seed_path.read_text(encoding="utf-8")
        check_seed_words(seed_text, seed_path)
        zh_count = add_chinese_names(spell_by_key)
        zh_table = names_zh_table(spell_by_key, rows)
        seed = (seed_text, seed_path)

    records = spells + mage_cards
    aliases = alias_table(records, dropped)
    check_collisions(records, aliases)
    resolve = NameResolver(records, aliases)
    core_names, core_cards = add_core_set_counts(
        source / "magewars-deckbuilder-om/resources/data/sets/core.edn", resolve,
        {key(r["name"]): r for r in records})

    books = apprentice_books(gdb, seed, spell_by_key, resolve, rows)
    check_apprentice_totals(books)
    doc = source.parent.parent / "docs" / "games" / "magewars.md"
    if doc.is_file():
        check_against_doc(books, doc)

    files = write_outputs(out, spells, mage_cards, rows, aliases, zh_table, books,
                          sets_table(sets), correction_notes)
    write_sources(out, GAME, "Mage Wars card data", sources_rows(prov, seed_path),
                  notes=sources_notes(correction_notes, repairs, dropped, seed_path is not None),
                  files=files)
    return _summary(sets, spells, mage_cards, rows, aliases, books, zh_count, core_names,
                    core_cards, repairs, conflicts, dropped, seed_path is not None, doc.is_file())


def _summary(sets, spells, mage_cards, rows, aliases, books, zh_count, core_names, core_cards,
             repairs, conflicts, dropped, seed_present, doc_checked) -> dict:
    spell_entries = sum(1 for s in sets if s.octgn_name not in HIDDEN_SETS
                        for c in s.cards if c.is_spell)

    def any_printing(rec: dict, fact: str) -> bool:
        return bool(rec.get(fact)) or any(p.get(fact) for p in rec["printings"])

    def kinds(rec: dict) -> set[str]:
        return {rec["schools"]["kind"]} | {p["schools"]["kind"] for p in rec["printings"]
                                            if "schools" in p}

    return {
        "set_files": len(sets),
        "card_entries": sum(len(s.cards) for s in sets),
        "spell_entries": spell_entries,
        "spell_names": len(spells),
        "auras": sum(r["kind"] == "aura" for r in spells),
        "multi_set_names": sum(len(r["sets"]) > 1 for r in spells),
        "printings_differ": sum(bool(r.get("printings_differ")) for r in spells),
        "rule_facts_differ": sum(bool(r.get("rule_facts_differ")) for r in spells),
        "and_names": sum("and" in kinds(r) for r in spells),
        "or_names": sum("or" in kinds(r) for r in spells),
        "epic": sum(bool(r.get("epic")) for r in spells),
        "epic_any_printing": sum(any_printing(r, "epic") for r in spells),
        "novice": sum(bool(r.get("novice")) for r in spells),
        "novice_any_printing": sum(any_printing(r, "novice") for r in spells),
        "academy_names": sum(bool(r.get("academy")) for r in spells),
        "promo_only": sum(bool(r.get("promo_only")) for r in spells),
        "playtest_only": sum(bool(r.get("playtest")) for r in spells),
        "mage_card_records": sum(r["kind"] == "mage" for r in mage_cards),
        "stats_card_records": sum(r["kind"] == "mage_stats" for r in mage_cards),
        "mage_rows": len(rows),
        "mage_rows_by_variant": dict(Counter(r["variant"] for r in rows.values())),
        "aliases": len(aliases),
        "chinese_names": zh_count,
        "core_set": {"names": core_names, "cards": core_cards},
        "apprentice_books": {f"{b['mage']} {b['edition']}": b["total"] for b in books},
        "repairs": repairs,
        "mage_field_conflicts": conflicts,
        "aliases_dropped": dropped,
        "seed": seed_present,
        "checked_against_doc": doc_checked,
    }
