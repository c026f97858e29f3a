"""World of Warcraft TCG importer: public card data -> facts-only ``cards/wowtcg/``.

Sources (``SOURCE`` is the ``data/wowtcg`` folder of the public data sets):

* ``wowtcg-decktools/data/cards/<set>.json`` + ``setlist.json`` - every printing; the primary
  source of every card fact;
* ``WoWTCGUtility/desktop/data/wow_tcg.csv`` - the 2010 "Core" format column (``core_2010``)
  and a cross-check of the parsed "Hero Required" and Reputation restrictions;
* ``WoW-TCG/.../Resources/*.xml`` (OCTGN set files) - OCTGN card GUIDs and OCTGN spellings
  (added as aliases, never as canonical names);
* the Simplified-Chinese Comprehensive Rules seed (``seeds/`` beside ``data/``) - the Chinese
  names of its example cards and its English misspellings (aliases);
* ``cardcarp/`` (the CardCarp dataset, optional) plus the CardCarp files gathered beyond it
  (the ignored ``.data-cache/cardcarp/`` of the working tree, and the facts committed from them
  in ``cards/wowtcg/cardcarp-facts.yaml``) - the sets after Tomb of the Forgotten (War of the
  Ancients, Betrayal of the Guardian, Reign of Fire): ``importing/cardcarp.py`` derives the
  facts, ``importing/cardcarp_merge.py`` adds them to the records.

Output (``OUT``): ``cards.yaml`` (names with a constructed printing), ``raid.yaml`` (names
printed only in raid or dungeon decks), ``tokens.yaml`` (token-only names), ``sets.yaml`` (set
code, name, block, kind, pool) and ``SOURCES.md``.  One record per card name: printings that
differ only by extended-art / loot / sketch treatment or by reprint fold into one record.

Only facts are written: names, numbers, types, icons, tags and *structured* restrictions parsed
from the rules text ("[Trait] Hero Required", Reputation, "[Tree] Talent", hero
"Deckbuilding:").  Rules and flavour text are read but never written.

This module runs the import; the pieces are in ``importing/`` (reading each source, building
the records, writing the files) and the hand-kept tables (vocabulary, set kinds, OCTGN types,
the seed's names) in ``deckcheck/games/wowtcg/data/importer.yaml``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from deckcheck.carddb.importers.common import DataError
from deckcheck.games.wowtcg.importing import cardcarp, cardcarp_merge, tracker
from deckcheck.games.wowtcg.importing.printings import (group_printings, load_printings,
                                                        load_sets)
from deckcheck.games.wowtcg.importing.records import build_record, spelling_index
from deckcheck.games.wowtcg.importing.sources import (apply_core_2010, apply_octgn, apply_seed,
                                                      check_collisions, cross_check_csv)
from deckcheck.games.wowtcg.importing.tables import SEED_FILE
from deckcheck.games.wowtcg.importing.writing import summarise, write_output
from deckcheck.resources import data_dir


#: the working tree's ignored folder of CardCarp files gathered beyond ../shared
CARDCARP_CACHE = Path(__file__).resolve().parents[3] / ".data-cache" / "cardcarp"
#: the working tree's ignored folder of the tracker print list's pages read (tracker.py)
TRACKER_CACHE = Path(__file__).resolve().parents[3] / ".data-cache" / "wowtcg-tracker"


def run(source: Path, out: Path, cardcarp_cache: Path | None = CARDCARP_CACHE,
        cardcarp_facts: Path | None = None, tracker_cache: Path | None = TRACKER_CACHE,
        tracker_facts: Path | None = None) -> dict:
    """Import ``source`` (the ``data/wowtcg`` folder) into ``out``; return a dict of counts.

    ``cardcarp_facts`` is the committed facts file of the gathered CardCarp files (default:
    the shipped ``cards/wowtcg/cardcarp-facts.yaml``); the merged facts are written to
    ``out/cardcarp-facts.yaml``; ``tracker_facts`` likewise for the rarities of the tracker's
    print list (``tracker-rarity.yaml``).
    """
    source, out = Path(source), Path(out)
    paths = _source_paths(source)
    sets = load_sets(paths["cards"])
    printings = load_printings(paths["cards"], sets)
    groups = group_printings(printings)
    records = [build_record(name, group) for name, group in groups.items()]
    committed = cardcarp.load_facts(cardcarp_facts or data_dir("cards") / "wowtcg"
                                    / cardcarp.FACTS_FILE)
    entries = cardcarp.combined_entries(source / "cardcarp", cardcarp_cache, committed)
    cardcarp_merge.add_sets(sets)
    by_spelling = spelling_index(records)
    report: dict[str, Any] = {}
    report["core_2010"], csv_rows = apply_core_2010(records, by_spelling, paths["csv"])
    report["csv_disagreements"] = cross_check_csv(csv_rows)
    report["octgn"] = apply_octgn(records, by_spelling, paths["octgn"])
    report["seed"] = apply_seed(records, by_spelling, paths["seed"])
    report["cardcarp"] = cardcarp_merge.merge(records, entries)
    codes = {info["name"]: info["code"] for info in cardcarp_merge.CARDCARP_SETS.values()}
    prints = tracker.combined(
        tracker.read_pages(tracker_cache, codes),
        tracker.load_facts(tracker_facts or data_dir("cards") / "wowtcg" / tracker.FACTS_FILE))
    report["tracker_rarity"] = tracker.apply(records, prints, codes)
    report["undated_sets"] = cardcarp_merge.add_page_releases(
        sets, cardcarp_merge.add_releases(sets, source / "cardcarp"))
    report["collisions"] = check_collisions(records)
    write_output(out, records, sets, paths, cardcarp_merge.coverage_note(entries),
                 (cardcarp_merge.raid_reprint_note(report["cardcarp"]),
                  tracker.coverage_note(prints), releases_note(report["undated_sets"])))
    cardcarp.write_facts(out / cardcarp.FACTS_FILE, entries)
    cardcarp.write_gathered(out / cardcarp.GATHERED_FILE, entries)
    tracker.write_facts(out / tracker.FACTS_FILE, prints)
    return summarise(records, printings, sets, report)


def releases_note(undated: list[str]) -> str:
    return ("Set release months (sets.yaml released, DCK037) are CardCarp set files' date "
            "(YYYY-MM, ../shared/data/wowtcg/cardcarp/data/set/; the file is each set's "
            "released_source), or, for a set no CardCarp file dates, the month public pages "
            "give (deckcheck/games/wowtcg/data/importer.yaml set_release_pages; the pages are "
            "its released_source); the month counts from its 1st day. "
            + cardcarp_merge.page_release_note(sorted(cardcarp_merge.SET_RELEASE_PAGES)) + " "
            + cardcarp_merge.undated_note(undated))


def _source_paths(source: Path) -> dict[str, Any]:
    paths = {
        "cards": source / "wowtcg-decktools" / "data" / "cards",
        "csv": source / "WoWTCGUtility" / "desktop" / "data" / "wow_tcg.csv",
        "octgn": source / "WoW-TCG" / "WoWTCG" / "WoWTCG" / "Resources",
        "seed": source.parent.parent / "seeds" / SEED_FILE,
        "sources": source / "SOURCES.md",
    }
    for name, path in paths.items():
        if not path.exists():
            raise DataError(f"{path}: missing ({name} source of the wowtcg importer)")
    return paths
