"""Magic: The Gathering importer: MTGJSON card data -> the facts-only ``cards/mtg/`` folder.

Accepted sources (recognised by their content, not by their file names):

* a folder of MTGJSON v3 set files (``SOM.json`` …); language files such as ``SOM.cn.json``
  are skipped, a v5 ``SetList.json`` in the folder is used as set metadata;
* one v3 set file, or a v3 ``AllSets.json``;
* an MTGJSON v5 ``AllPrintings.json`` (or a v5 single-set file);
* an MTGJSON v5 ``AtomicCards.json``; a ``SetList.json`` beside it adds set names, dates and
  types (AtomicCards has no collector numbers or rarities, so records get no ``printings``).

How it works: each reader (``importing/mtgjson.py``) turns its source into :class:`Face` rows
(``importing/rows.py``) - one per card face per printing, in one shape whatever the source -
and :func:`build_records` (``importing/records.py``) groups the rows into one record per card
(per front face); the hand-kept tables are ``data/importer.yaml``.  This module writes the
files; four are written:

* ``cards.yaml``: the card records (see ``docs/card-data.md`` and mtg.md §4.3);
* ``sets.yaml``: set code, English / zh-Hans / zh-Hant names, release date, type, block,
  counts and the double-faced cards of each set;
* ``confusables.yaml``: near-collision name pairs (mtg.md §3.7) and the name collisions that
  make a Chinese or face name ambiguous;
* ``SOURCES.md``: provenance.

``deckcheck cards import mtgjson FILE`` writes to the user data folder, which is read after
the shipped ``cards/mtg``; there a record replaces the shipped one with the same id, so the
import is merged with the shipped data (:func:`merge_with_base`) and a partial import (one
newer set) keeps the older printings of reprinted cards.

Record ids are the slug of the canonical English name: the normalised spaced form with words
joined by ``-`` (``Delver of Secrets`` -> ``delver-of-secrets``, ``Séance`` -> ``seance``,
``Fire // Ice`` -> ``fire-ice``).  A slug does not change when a card is reprinted or when a
newer data set is imported, and it is unique because normalised names are unique (checked).

The canonical name of a card is its front face (transform, flip, meld, adventure, modal
double-faced cards) or ``Left // Right`` (split and aftermath cards).  ``Front // Back`` is
kept as ``full_name`` and as an alias.

Only facts are stored.  Card text is scanned for a deck-limit sentence ("A deck can have any
number of cards named …") and for what it says about commanders ("… can be your commander",
Partner, "Partner with …", "Choose a Background"), and only the resulting ``deck_limit``,
``commander``, ``partner``, ``partner_with`` and ``choose_background`` facts are kept; ``text``,
``flavor``, ``rulings`` and the rest are never stored, and ``legalities`` is never read
(MTGJSON's values describe the day the data was built, not historical formats).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Callable, TextIO

import yaml

from deckcheck.carddb import jsonform
from deckcheck.carddb.importers.common import DataError, dump_yaml, write_sources
from deckcheck.games.mtg.importing import forge_editions
from deckcheck.games.mtg.importing.mtgjson import read_source
from deckcheck.games.mtg.importing.records import (_english_names, _set_order, build_records,
                                                   confusable_groups, confusable_pairs,
                                                   name_collisions, set_counts, sets_table)
from deckcheck.games.mtg.importing.rows import Problems, Source, _number_sort, file_stem
from deckcheck.resources import data_dir, shared_dir, user_data_dir
from deckcheck.safetext import guard_lines

IMPORTER_VERSION = "1.0"


# --------------------------------------------------------------------------- provenance

def _shared_sources(source: Path) -> tuple[str | None, dict[str, dict[str, str]]]:
    """Snapshot commit and per-file rows of a ``SOURCES.md`` above the source, if any."""
    start = source if source.is_dir() else source.parent
    for folder in [start, *list(start.parents)[:3]]:
        path = folder / "SOURCES.md"
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            snap = re.search(r"Snapshot HEAD:?\s*`([0-9a-f]{7,40})`", text, re.I)
            rows = {}
            for m in re.finditer(r"^\|\s*([^|\s]+\.json)\s*\|\s*([^|\s]+)\s*\|\s*([0-9a-f]{40})\s*\|",
                                 text, re.M):
                rows[Path(m.group(1)).name] = {"path": m.group(2), "commit": m.group(3)}
            return (snap.group(1) if snap else None), rows
    return None, {}


def _licence(source: Path, default: str) -> str:
    start = source if source.is_dir() else source.parent
    for folder in (start, start.parent):
        lic = folder / "LICENSE"
        if lic.is_file():
            text = lic.read_text(encoding="utf-8", errors="replace").strip()
            if text and len(text) < 40:
                return text
    return default


def card_data_label(src: Source, source: Path) -> str:
    """A short label of the data, e.g. ``mtgjson3 a89db5e``."""
    if src.kind == "mtgjson3":
        snap, _rows = _shared_sources(source)
        return f"mtgjson3 {snap[:7]}" if snap else "mtgjson3"
    meta = src.meta.get("v5") or {}
    return " ".join(x for x in ("mtgjson5", meta.get("version"), meta.get("date")) if x)


def _file_order(path: Path, src: Source) -> tuple:
    """Set files in release order (``SOM.json`` before ``DKA.json``), then by name."""
    order = _set_order(src.sets)
    return (order.get(file_stem(path), len(order)), path.name)


def _write_provenance(src: Source, source: Path, out: Path,
                      merged_from: str | None = None, editions: tuple | None = None,
                      counts: tuple[int, int, int] | None = None) -> None:
    snap, rows = _shared_sources(source)
    v3 = src.kind == "mtgjson3"
    licence = _licence(source, "CC0" if v3 else "see mtgjson.com")
    entries = []
    for path in sorted(src.files, key=lambda p: _file_order(p, src)):
        row = rows.get(path.name, {})
        dataset = "MTGJSON v3 set file" if v3 else f"MTGJSON v5 ({src.kind})"
        repo = f"mtgjson/mtgjson3 (snapshot {snap[:7]})" if v3 and snap else \
            ("mtgjson/mtgjson3" if v3 else "mtgjson.com")
        entries.append({"dataset": dataset, "repo": repo, "path": row.get("path", path.name),
                        "commit": row.get("commit", card_data_label(src, source)),
                        "licence": licence})
    notes = [f"Importer version {IMPORTER_VERSION}; source format {src.kind}"
             + (f"; snapshot HEAD {snap}" if snap else "") + ".",
             f"Licence of the data: {licence}" + (" (MTGJSON v3 is CC0)." if v3 else "."),
             "Card names are Wizards of the Coast's; they are used here as identifying facts.",
             "Record ids are the slug of the canonical English name (front face; split cards "
             "`Left // Right`).",
             "Stored: names (English, zh-Hans, zh-Hant), set codes, collector numbers, "
             "rarities, types, mana cost, cmc, colours, colour identity, deck_limit, and the "
             "commander facts read from the text (commander, partner, partner_with, "
             "choose_background). "
             "Not stored: rules text, flavour text, rulings; `legalities` is not read.",
             "Set names in Traditional Chinese come from the importer's table "
             "(the data's `tw` translation is Simplified for most sets); "
             "M12's (魔法風雲會2012) is unverified.",
             "Language files (`*.cn.json`) are not read: they add no names."]
    if merged_from:
        notes.append(f"Merged with the card data of {merged_from}: printings, set codes and "
                     "Chinese names of cards in both are united, cards only there are kept.")
    if counts:
        base, n_sets, total = counts
        notes.append(f"Cards per source: {src.kind} {base} cards from {n_sets} sets"
                     + (f"; Forge edition files {total - base} new names" if total > base
                        else "") + f"; {total} cards in all.")
    if editions:
        read, folder, summary, problems = editions
        entries += forge_editions.provenance(read, folder)
        notes.append("Forge edition files (after the v3 data): per set, the lines of its "
                     "[cards] section, the names the data already had (reprints: the printing "
                     "is added) and the new names (records with name, set, number and rarity "
                     "only; their other facts are listed under `unknown`): "
                     + "; ".join(f"{code} {c['lines']} lines, {c['reprints']} reprints, "
                                 f"{c['new']} new" + (f", {c['unread']} lines not read"
                                                      if c['unread'] else "")
                                 for code, c in summary.items() if "skipped" not in c)
                     + ". Variant sections (borderless, showcase, promo, tokens …) are not read.")
        notes += [f"Edition file not read: {p}" for p in problems]
        notes += [f"Edition file not read: {code}: {c['skipped']}"
                  for code, c in summary.items() if "skipped" in c]
    notes += [f"Skipped on import: {p}" for p in src.skipped]
    notes += [f"Imported with a caveat: {p}" for p in src.notes]
    write_sources(out, "mtg", "Magic: The Gathering", entries, notes=notes,
                  files=["cards.yaml", "sets.yaml", "confusables.yaml"])


# --------------------------------------------------------------------------- entry point

CARDS_HEADER = """\
Magic: The Gathering card facts, generated by deckcheck/games/mtg/importer.py - do not edit.
One record per card (the front face; split cards are "Left // Right"). id = slug of the name.
faces: the other faces (DFC back faces, split halves) with their own names and categories.
printings: one entry per set and collector number; number_base drops the v3 face letter.
sets: codes of the printings in the imported data; printed_in: every code the data lists.
names: Chinese names (zh-Hans, zh-Hant), merged over printings. No rules or flavour text.
Written in YAML's JSON form, one card per line (deckcheck reads it with the JSON parser)."""

SETS_HEADER = """\
Magic: The Gathering sets in the card data, generated by the mtg importer - do not edit.
card_count: cards (front faces); name_count: names incl. back faces; object_count: objects in
the data file; double_faced: the set's double-faced cards by collector number."""

CONFUSABLES_HEADER = """\
Near-collision names, generated by the mtg importer - do not edit.
pairs: names whose spaced normalised forms have rapidfuzz ratio >= 80, whose normalised keys
are within Levenshtein distance 2, or where one is a whole-word prefix of the other.
groups: the connected groups of those pairs.
collisions: keys (normalised; Traditional folded to Simplified) that name more than one card."""


def _default_source() -> Path:
    shared = shared_dir()
    if shared is None:
        raise DataError("no source given and ../shared (the public data sets) is absent")
    return shared / "data" / "mtg" / "mtgjson3" / "json"


def _read_base(folder: Path) -> tuple[list[dict], dict]:
    try:
        cards = (jsonform.loads((folder / "cards.yaml").read_text(encoding="utf-8"))
                 or {}).get("cards") or []
        sets = jsonform.loads((folder / "sets.yaml").read_text(encoding="utf-8")) or {}
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise DataError(f"{folder}: cannot read the card data to merge with ({exc})") from None
    return cards, sets


def _union(first: list, second: list, key=lambda x: x) -> list:
    out = list(first)
    seen = {repr(key(x)) for x in out}
    for x in second:
        if repr(key(x)) not in seen:
            seen.add(repr(key(x)))
            out.append(x)
    return out


def merge_with_base(records: list[dict], set_rows: list[dict], base: Path,
                    label: str) -> tuple[list[dict], list[dict], str]:
    """Merge newly imported records with an existing ``cards/mtg`` folder (the shipped data).

    The user data folder is read after the shipped one and a record there replaces the
    shipped record with the same id, so a partial import (one newer set) must still carry
    the older printings: printings, set codes and Chinese names are united, the new record's
    other facts win. Cards and sets only in the base are kept.
    """
    base_cards, base_sets = _read_base(base)
    rows = {str(r["code"]): r for r in base_sets.get("sets") or ()}
    rows.update({str(r["code"]): r for r in set_rows})
    released = {c: str(r.get("released") or "9999") for c, r in rows.items()}
    set_key = lambda c: (released.get(c, "9999"), c)  # noqa: E731
    by_id = {r["id"]: r for r in records}
    for old in base_cards:
        rec = by_id.get(old["id"])
        if rec is None:
            by_id[old["id"]] = old
            continue
        rec["sets"] = sorted(set(rec.get("sets") or ()) | set(old.get("sets") or ()), key=set_key)
        rec["printed_in"] = _union(rec.get("printed_in") or [], old.get("printed_in") or [])
        printings = _union(rec.get("printings") or [], old.get("printings") or [],
                           key=lambda p: (p.get("set"), p.get("number")))
        rec["printings"] = sorted(printings, key=lambda p: (set_key(p.get("set")),
                                                            _number_sort(str(p.get("number") or ""))))
        names = dict(rec.get("names") or {})
        for lang, values in (old.get("names") or {}).items():
            names[lang] = _union(names.get(lang) or [], values)
        if names:
            rec["names"] = names
        old_faces = {f.get("name"): f for f in old.get("faces") or ()}
        for face in rec.get("faces") or ():
            prev = old_faces.get(face.get("name"))
            if prev:
                for lang, values in (prev.get("names") or {}).items():
                    face.setdefault("names", {})[lang] = _union(
                        (face.get("names") or {}).get(lang) or [], values)
                if prev.get("printings") or face.get("printings"):
                    face["printings"] = _union(face.get("printings") or [],
                                               prev.get("printings") or [],
                                               key=lambda p: (p.get("set"), p.get("number")))
    merged_sets = sorted(rows.values(), key=lambda r: set_key(str(r["code"])))
    base_label = str(base_sets.get("card_data") or "")
    full = label if not base_label or base_label in label else f"{label} + {base_label}"
    return sorted(by_id.values(), key=lambda r: r["id"]), merged_sets, full


def _user_folder() -> Path:
    return user_data_dir() / "cards" / "mtg"


class _PerSet(dict):
    """The per-set counts of the summary; printed as their number (they are in sets.yaml)."""

    def __str__(self) -> str:
        return f"{len(self)} sets (per-set counts in sets.yaml)"


class _TerminalProgress:
    """Sets done / total on one terminal line, then a line per later stage."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def __call__(self, done: int, total: int, name: str) -> None:
        line = guard_lines(f"reading sets: {done}/{total} {name}")
        self.stream.write(f"\r{line[:70]:<70}" + ("\n" if done == total else ""))
        self.stream.flush()

    def stage(self, text: str) -> None:
        self.stream.write(f"{text}\n")
        self.stream.flush()


def terminal_progress(stream: TextIO | None = None) -> Callable[[int, int, str], None] | None:
    """A progress line (sets done / total) on ``stream`` (stderr) when it is a terminal;
    None (silence) when it is not."""
    stream = stream or sys.stderr
    if not getattr(stream, "isatty", lambda: False)():
        return None
    return _TerminalProgress(stream)


def _default_editions() -> Path | None:
    shared = shared_dir()
    folder = shared / "data" / "mtg" / "forge" / "forge-gui" / "res" / "editions" if shared else None
    return folder if folder is not None and folder.is_dir() else None


def run(source: Path | None = None, out: Path | None = None, *,
        include_funny: bool = False, merge_base: Path | None | bool = None,
        progress: Callable[[int, int, str], None] | None | bool = True,
        editions: Path | None | bool = None) -> dict:
    """Import MTGJSON data from ``source`` and write ``cards/mtg/`` files to ``out``.

    ``merge_base``: a ``cards/mtg`` folder whose records are merged into the output (see
    :func:`merge_with_base`). By default the shipped data is merged when ``out`` is the user
    data folder (``deckcheck cards import mtgjson FILE``); ``False`` turns merging off.
    ``editions``: a folder of Forge edition files whose later sets are added
    (:mod:`~deckcheck.games.mtg.importing.forge_editions`); by default ``../shared``'s when
    ``out`` is the shipped ``cards/mtg``, else none; ``False`` turns it off.
    ``progress``: ``progress(done, total, file)`` after each set file; by default a line on
    stderr when stderr is a terminal, nothing otherwise (``False``).

    A set or card that cannot be imported is skipped and listed in the summary's
    ``skipped`` (file, card, reason) and in ``SOURCES.md``; the import goes on with the
    rest. Only a source with nothing importable raises :class:`DataError`.
    Returns a summary of counts (sets, cards, printings, per set, confusables, collisions).
    """
    source = Path(source) if source else _default_source()
    shipped = data_dir("cards") / "mtg"
    if out is None:
        out = shipped
    out = Path(out)
    if merge_base is None:
        same = out.resolve() == _user_folder().resolve()
        merge_base = shipped if same and (shipped / "cards.yaml").is_file() else False
    show = terminal_progress() if progress is True else (progress or None)
    src = read_source(source, include_funny=include_funny, progress=show)
    stage = getattr(show, "stage", lambda text: None)
    stage(f"building the card records ({len(src.faces)} faces)")
    records = build_records(src.faces, src.sets, src.skipped, src.notes)
    if not records:
        raise DataError(f"{source}: no card could be imported; skipped:{src.skipped}")
    counts = set_counts(src)
    set_rows = sets_table(src, counts)
    label = card_data_label(src, source)
    if merge_base:
        records, set_rows, label = merge_with_base(records, set_rows, Path(merge_base), label)
    base_count = len(records)
    if editions is None:       # regenerating the shipped data: with Forge's edition files
        editions = _default_editions() if out.resolve() == shipped.resolve() else False
    read_editions, edition_problems, edition_summary = [], [], {}
    if editions:
        stage(f"adding Forge's edition files from {editions}")
        read_editions, edition_problems = forge_editions.read_folder(Path(editions))
        records, set_rows, edition_summary = forge_editions.merge_editions(
            records, set_rows, read_editions)
        read_editions = [e for e in read_editions
                         if "skipped" not in edition_summary.get(e.code, {})]
    stage(f"searching near-collision names ({len(records)} cards)")
    pairs = confusable_pairs(_english_names(records))
    groups = confusable_groups(pairs)
    collisions = name_collisions(records)

    stage(f"writing {out}")
    out.mkdir(parents=True, exist_ok=True)
    jsonform.dump(out / "cards.yaml", {"cards": records}, header=CARDS_HEADER)
    dump_yaml(out / "sets.yaml", {"card_data": label, "sets": set_rows}, header=SETS_HEADER)
    jsonform.dump(out / "confusables.yaml", {"pairs": pairs, "groups": groups,
                                             "collisions": collisions},
                  ("pairs", "groups", "collisions"), header=CONFUSABLES_HEADER)
    _write_provenance(src, source, out,
                      merged_from=f"{merge_base} ({label})" if merge_base else None,
                      editions=(read_editions, Path(editions), edition_summary,
                                edition_problems) if editions else None,
                      counts=(base_count, len(counts), len(records)))

    names = _english_names(records)
    return {
        "source": src.kind, "files": len(src.files), "sets_imported": len(counts),
        "cards": len(records), "names": len(names),
        "printings": sum(len(r.get("printings") or ()) for r in records),
        "dfcs": sum(1 for r in records if r.get("layout") == "transform"),
        "basic": sum(1 for r in records if r.get("is_basic")),
        "with_chinese": sum(1 for r in records
                            if len((r.get("names") or {})) == 2),
        "confusable_pairs": len(pairs), "confusable_groups": len(groups),
        "collisions": [c["key"] for c in collisions],
        "sets": _PerSet(counts),
        "skipped": Problems(src.skipped), "notes": Problems(src.notes),
        "editions": {code: c.get("new", 0) for code, c in edition_summary.items()
                     if "skipped" not in c},
        "editions_skipped": Problems(edition_problems
                                     + [f"{code}: {c['skipped']}" for code, c in
                                        edition_summary.items() if "skipped" in c]),
    }
