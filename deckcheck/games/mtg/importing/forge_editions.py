"""Names after the MTGJSON v3 data, from Forge's edition files (``forge-gui/res/editions/``).

An edition file has a ``[metadata]`` section (``Code=``, ``Date=``, ``Name=``, ``Type=``)
and a ``[cards]`` section of lines ``<collector number> <rarity letter> <name>`` (newer
revisions add `` @<artist>``; the oldest have no number; ``1★`` is a variant's number). The
other sections (borderless, showcase, promo, tokens …) are variant printings and booster
sheets: not read, their line count is reported.

What a card line gives is a name, a set, a collector number and a rarity. A name the card data
already has (the record's name, or one face of it) gains the printing — a reprint; a new name
becomes a record with only those facts and the list of facts it lacks under ``unknown``
(types, colours, colour identity …), so a rule that needs one says it could not check rather
than guessing. A split card's ``Left // Right`` name gives its two halves as faces (names only).
An edition file of a set the card data already has (Forge keeps ``Dark Ascension.txt``) is
not read. The set gets a ``sets.yaml`` row with its code, name, date and type.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from deckcheck.carddb.importers.common import DataError, sha1_of
from deckcheck.games.mtg.importing.rows import slug

#: the facts a record made from an edition line does not have (docs/card-data.md)
UNKNOWN_FACTS = ["layout", "types", "supertypes", "subtypes", "mana_cost", "cmc", "colors",
                 "color_identity", "deck_limit"]
RARITIES = {"C": "common", "U": "uncommon", "R": "rare", "M": "mythic", "S": "special",
            "L": "basic"}
#: Forge's ``L`` is its "basic land" rarity, which its files also give to the common lands of
#: a set's land slot (DSK's Abandoned Campground, FDN's gain lands, FIN's towns); such a land
#: was printed at common. Only a basic land's name keeps ``basic``.
BASIC_NAMES = frozenset(["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"]
                        + [f"Snow-Covered {t}" for t in ("Plains", "Island", "Swamp",
                                                         "Mountain", "Forest", "Wastes")])
SOURCE = "forge-editions"
_CARD_LINE = re.compile(r"(?:(?P<number>[A-Z]{0,3}[0-9]+[a-z★]?)[ \t]++)?(?P<rarity>[CURMSL])"
                        r"[ \t]++(?P<rest>\S.*)")
_TYPES = {"expansion": "expansion", "core": "core", "promo": "promo"}
#: edition files ../shared lacks, transcribed as facts (each with its repository commit)
TRANSCRIBED = Path(__file__).resolve().parent.parent / "data" / "forge_editions.yaml"


@dataclass
class Edition:
    path: Path
    code: str
    name: str
    date: str
    type: str
    cards: list[tuple[str, str, str]] = field(default_factory=list)   # number, rarity, name
    other_lines: int = 0
    unread: list[str] = field(default_factory=list)                   # lines not understood
    commit: str = ""                                                  # transcribed: its commit


def read_edition(path: Path) -> Edition:
    """One edition file; :class:`DataError` when it has no code, date or ``[cards]``."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"{path}: cannot read the edition file ({exc})") from None
    meta: dict[str, str] = {}
    section = ""
    cards: list[tuple[str, str, str]] = []
    other = 0
    unread: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().lower()
            continue
        if section == "metadata":
            key, sep, value = line.partition("=")
            if sep:
                meta.setdefault(key.strip(), value.strip())
        elif section == "cards":
            m = _CARD_LINE.fullmatch(line)
            if m:
                name = m["rest"].partition(" @")[0].strip()      # " @artist" is not kept
                cards.append((m["number"] or "", rarity_of(m["rarity"], name), name))
            else:
                unread.append(line)
        elif section:
            other += 1
    missing = [k for k in ("Code", "Date", "Name") if not meta.get(k)]
    if missing or not cards:
        raise DataError(f"{path}: not an edition file (no {', '.join(missing) or '[cards] lines'})")
    return Edition(path, meta["Code"].upper(), meta["Name"], meta["Date"],
                   _TYPES.get(meta.get("Type", "").lower(), meta.get("Type", "").lower()),
                   cards, other, unread)


def rarity_of(letter: str, name: str) -> str:
    """The rarity of an edition line's letter: ``L`` on a land that is not basic is common."""
    rarity = RARITIES[letter]
    return "common" if rarity == "basic" and name not in BASIC_NAMES else rarity


def read_folder(folder: Path) -> tuple[list[Edition], list[str]]:
    """Every ``*.txt`` edition file of ``folder`` and the transcribed ones (sorted by date,
    then code; the more complete source of a set, :func:`prefer_complete`) and the problems
    of those that could not be read (file: reason), which are skipped."""
    editions, problems = [], []
    for path in sorted(folder.glob("*.txt")):
        try:
            editions.append(read_edition(path))
        except DataError as exc:
            problems.append(str(exc))
    editions = prefer_complete(editions, transcribed())
    editions.sort(key=lambda e: (e.date, e.code))
    return editions, problems


def prefer_complete(folder: list[Edition], transcribed_: list[Edition]) -> list[Edition]:
    """One edition per set code: of a folder file and a transcription of the same set, the one
    with more ``[cards]`` lines (../shared's VOW file is a partial one, 86 lines, while Forge's
    whole file has the set's 277 cards); on a tie the folder's file."""
    by_code: dict[str, Edition] = {}
    for ed in folder + transcribed_:
        have = by_code.get(ed.code)
        if have is None or len(ed.cards) > len(have.cards):
            by_code[ed.code] = ed
    return list(by_code.values())


def transcribed(path: Path = TRANSCRIBED) -> list[Edition]:
    """The edition files transcribed into ``data/forge_editions.yaml``."""
    import yaml

    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    out = []
    for row in data.get("editions") or ():
        cards = [(str(n), rarity_of(str(r), str(name)), str(name)) for n, r, name in row["cards"]]
        out.append(Edition(Path(row["file"]), str(row["code"]).upper(), str(row["name"]),
                           str(row["date"]), _TYPES.get(str(row.get("type", "")).lower(),
                                                        str(row.get("type", "")).lower()),
                           cards, commit=str(row["commit"])))
    return out


def merge_editions(records: list[dict], set_rows: list[dict], editions: list[Edition]
                   ) -> tuple[list[dict], list[dict], dict]:
    """Add the editions' printings and names to ``records`` and their sets to ``set_rows``.

    Returns the new records (sorted by id), the new set rows (by date) and a summary:
    per set, how many lines were reprints of a known name and how many new names."""
    known_sets = {str(r["code"]).upper() for r in set_rows}
    by_id = {r["id"]: r for r in records}
    by_name: dict[str, dict] = {}
    for rec in records:
        by_name.setdefault(rec["name"], rec)
        for face in rec.get("faces") or ():
            by_name.setdefault(face.get("name") or "", rec)
    rows = list(set_rows)
    summary: dict[str, dict] = {}
    for ed in editions:
        if ed.code in known_sets:
            summary[ed.code] = {"skipped": "the card data already has this set"}
            continue
        known_sets.add(ed.code)
        counts = {"reprints": 0, "new": 0, "lines": len(ed.cards),
                  "variant_lines": ed.other_lines, "unread": len(ed.unread)}
        names_in_set: set[str] = set()
        for number, rarity, name in ed.cards:
            printing = {"set": ed.code, "number": number,
                        "number_base": re.sub(r"[a-z★]$", "", number), "rarity": rarity} \
                if number else {"set": ed.code, "rarity": rarity}     # old files: no numbers
            rec = by_name.get(name)
            if rec is None:
                rec = _new_record(name, ed.code, by_id)
                by_id[rec["id"]] = rec
                by_name[name] = rec
                counts["new"] += 1
            elif name not in names_in_set:
                counts["reprints"] += 1
            names_in_set.add(name)
            _add_printing(rec, printing)
        rows.append({"code": ed.code, "name": ed.name, "released": ed.date,
                     "type": ed.type or "expansion", "card_count": len(names_in_set),
                     "name_count": len(names_in_set), "source": SOURCE})
        summary[ed.code] = counts
    rows.sort(key=lambda r: (str(r.get("released") or "9999"), str(r["code"])))
    return sorted(by_id.values(), key=lambda r: r["id"]), rows, summary


def _new_record(name: str, code: str, by_id: dict[str, dict]) -> dict:
    rid = slug(name)
    if rid in by_id:                     # a different card whose id the slug already took
        rid = f"{rid}-{code.lower()}"
    rec: dict = {"id": rid, "name": name}
    # " // " with its blanks: SP//dr, Piloted by Peni (SPM) is one name, not two halves
    halves = [h.strip() for h in name.split(" // ")] if " // " in name else []
    if len(halves) == 2 and all(halves):
        rec["faces"] = [{"id": slug(h), "name": h} for h in halves]
    rec.update({"sets": [], "printed_in": [], "printings": [],
                "unknown": list(UNKNOWN_FACTS), "source": SOURCE})
    return rec


def _add_printing(rec: dict, printing: dict) -> None:
    code = printing["set"]
    for key in ("sets", "printed_in"):
        values = rec.setdefault(key, [])
        if code not in values:
            values.append(code)
    printings = rec.setdefault("printings", [])
    if not any(p.get("set") == code and p.get("number") == printing["number"] for p in printings):
        printings.append(printing)       # editions come by date: after the v3 printings


def provenance(editions: list[Edition], folder: Path) -> list[dict[str, str]]:
    """One ``SOURCES.md`` row per edition file read (its path and content hash; the commit of
    each file is in the data set's ``SOURCES-editions.md``)."""
    commits = _commits(folder)
    return [{"dataset": f"Forge edition file ({e.code}, {e.date})",
             "repo": "Card-Forge/forge", "path": f"forge-gui/res/editions/{e.path.name}",
             "commit": e.commit or commits.get(e.path.name,
                                               f"sha1 of the file {sha1_of(e.path)[:12]}"),
             "licence": "GPL-3.0 (facts only: name, set, number, rarity)"}
            for e in editions]


def _commits(folder: Path) -> dict[str, str]:
    """File name -> commit, from the ``SOURCES-editions.md`` beside the data set's
    ``forge-gui`` folder (its table's ``repo path`` and ``commit`` columns)."""
    for parent in folder.parents:
        index = parent / "SOURCES-editions.md"
        if index.is_file():
            break
    else:
        return {}
    out: dict[str, str] = {}
    for line in index.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 6 and cells[4].startswith("forge-gui/res/editions/") \
                and re.fullmatch(r"[0-9a-f]{40}", cells[5]):
            out[cells[4].rsplit("/", 1)[1]] = cells[5]
    return out

