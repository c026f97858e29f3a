"""Card data newer than fowsim's ``cards.json``, as fowsim-style faces for the importer.

Two inputs:

* fowsim's ``cardBatchImport.json`` (the 2023 Arcana Battle Colosseum deck cards): the same
  layout as ``cards.json``; "A/B" type entries are split, and each set gets the cluster of
  ``set_clusters`` in ``deckcheck/games/fow/data/newer.yaml``;
* the committed facts file ``cards/fow/sources/fowtcgcardsearch-facts.yaml``: facts read from
  fowtcgcardsearch/card-search ``data/cards.json`` (one entry per face, Japanese types and
  attributes as the source writes them). Its entries become faces whose types and colours
  are translated by the tables of ``newer.yaml``; a J-ruler face sharing its ruler's card
  number (a J-ruler, an order) gets the fowsim back id ``<id>J``.

A face whose id the fowsim data already has is left out (the fowsim data keeps the card), so
every shipped id stays as it was; the ones left out are counted.
"""

from __future__ import annotations

import datetime as _dt
import json
from pathlib import Path
from typing import Any, Iterable

import yaml

from deckcheck.carddb.importers.common import DataError
from deckcheck.games.fow.importing.deck_rules import parse_deck_rules
from deckcheck.games.fow.importing.fowsim import BACK_SUFFIX, Face, fowsim_faces
from deckcheck.games.fow.importing.tables import STONE_TYPES, TYPE_MAP
from deckcheck.matching.normalise import key

_TABLES = Path(__file__).resolve().parent.parent / "data" / "newer.yaml"
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: the fowsim batch file of the shared ``data/fow`` folder
FOWSIM_BATCH = Path("fowsim/cardDatabase/static/cardBatchImport.json")
#: the committed facts file (beside cards.yaml)
#: in a subfolder: the card loader reads every cards/fow/*.yaml as card records
FACTS_FILE = "sources/fowtcgcardsearch-facts.yaml"


def tables() -> dict[str, Any]:
    return yaml.load(_TABLES.read_text(encoding="utf-8"), Loader=_Loader)


def split_types(types: list[str], splits: dict[str, list[str]]) -> list[str]:
    out: list[str] = []
    for t in types:
        for part in splits.get(t, [t]):
            if part not in out:
                out.append(part)
    return out


def read_batch(path: Path, known_ids: set[str]) -> tuple[list[Face], dict]:
    """The faces of ``cardBatchImport.json`` not already in the fowsim data."""
    tab = tables()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        for cluster in data["fow"]["clusters"]:
            for card_set in cluster["sets"]:
                for raw in card_set["cards"]:
                    raw["type"] = split_types(raw.get("type") or [], tab["type_splits"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise DataError(f"{path}: not a fowsim batch import file ({exc})") from exc
    faces = fowsim_faces(data, path)
    ids = {f.id for f in faces}
    kept, skipped = [], 0
    for f in faces:
        for mark, back in tab["batch_back_suffix"].items():
            if f.id.endswith(mark) and f.id[: -len(mark)] in ids:
                f.id = f.raw["id"] = f.id[: -len(mark)] + back
        f.facts = False
        if f.id in known_ids:
            skipped += 1
            continue
        placed = tab["set_clusters"].get(f.set)
        if placed is None:
            raise DataError(f"{path}: set {f.set!r} has no entry in set_clusters of {_TABLES}")
        f.cluster = placed["cluster"]
        kept.append(f)
    return kept, {"batch_faces": len(kept), "batch_faces_already_known": skipped}


# ------------------------------------------------------------------ fowtcgcardsearch facts

def read_facts(path: Path) -> dict:
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)
        cards = data["cards"]
        if not isinstance(cards, list):
            raise TypeError("`cards` is not a list")
    except (OSError, ValueError, KeyError, TypeError, yaml.YAMLError) as exc:
        raise DataError(f"{path}: not a fowtcgcardsearch facts file ({exc})") from exc
    return data


def jp_cost(cost: Any, attrs: dict[str, str], where: str,
            ignored: Iterable[str] = ()) -> str | None:
    """"光闇2" -> "{W}{B}{2}"; "-" / "" -> None; the characters of ``ignored`` are skipped."""
    text = "" if cost is None else str(cost).strip()
    if text in ("", "-"):
        return None
    out, digits = [], ""
    for ch in text:
        if ch in ignored:
            continue
        if ch.isdigit():
            digits += ch
            continue
        if digits:
            out.append("{" + digits + "}")
            digits = ""
        if ch in attrs:
            out.append("{" + attrs[ch] + "}")
        elif ch.upper() == "X":
            out.append("{X}")
        else:
            raise DataError(f"{where}: unknown cost symbol {ch!r} in {text!r}")
    if digits:
        out.append("{" + digits + "}")
    return "".join(out)


def _deck_rules(rules: Any, where: str) -> list[dict]:
    """A facts entry's structured ``deck_rules`` (a list of {rule: kind, ...})."""
    if rules is None:
        return []
    if not isinstance(rules, list) or not all(isinstance(r, dict) and r.get("rule")
                                              for r in rules):
        raise DataError(f"{where}: `deck_rules` must be a list of {{rule: kind, ...}}")
    return [dict(r) for r in rules]


def _num(value: Any) -> Any:
    return "" if value in (None, "-", "") else value


def facts_faces(path: Path, known_ids: set[str], released: dict[str, str] | None = None,
                known_sets: dict[str, str] | None = None) -> tuple[list[Face], dict]:
    """Faces of the facts file whose ids the fowsim data lacks; ``released`` (if given)
    receives each face's release date, so faces of several files can be put in one order.
    ``known_sets`` (set code -> cluster, fowsim's) places a new face of a set fowsim already
    has (GITS2045-079) in fowsim's cluster of that set."""
    tab = tables()
    data = read_facts(path)
    faces: list[Face] = []
    seen: dict[str, Face] = {}
    unsupported: set[str] = set()
    unplaced: list[str] = []
    skipped = 0
    # release order (stable: a card's faces keep their order), so clusters.yaml lists the
    # sets in the order they came out
    entries = sorted(data["cards"], key=lambda e: str(e.get("released") or "")
                     if isinstance(e, dict) else "")
    for i, entry in enumerate(entries, 1):
        where = f"{path}: card #{i} ({entry.get('id') if isinstance(entry, dict) else entry!r})"
        if not isinstance(entry, dict) or not entry.get("id") or not entry.get("name"):
            raise DataError(f"{where}: needs `id` and `name`")
        label = str(entry["id"]).strip()
        cid = safe_id(entry, label, tab["set_clusters"])
        if cid in unsupported or set(entry.get("types") or []) & set(tab["jp_types_unsupported"]):
            unsupported.add(cid)
            continue
        types = []
        for t in entry.get("types") or []:
            if t not in tab["jp_types"]:
                raise DataError(f"{where}: unknown card type {t!r}: add it to jp_types in {_TABLES}")
            types += [x for x in tab["jp_types"][t] if x not in types]
        if not types and "魔石" in (entry.get("types") or []):
            types = ["Magic Stone"]
        colours = []
        for a in entry.get("attributes") or []:
            if a not in tab["jp_attributes"]:
                raise DataError(f"{where}: unknown attribute {a!r}: add it to jp_attributes")
            colours.append(tab["jp_attributes"][a])
        for t in types:
            if t not in TYPE_MAP and t not in STONE_TYPES:
                raise DataError(f"{where}: {t!r} is not a fowsim type (jp_types of {_TABLES})")
        if cid in seen and "Ruler" not in types:
            # a further face of a card number (J-ruler, order, second part): the back id the
            # fowsim data already has for it (MP01-029* Apple Avenger), else the first free
            # one (<id>J; a third face, MP02-081's second J-ruler, <id>^)
            backs = [cid + s for s in tab["facts_back_suffixes"] if cid + s not in seen]
            cid = next((b for b in backs if b in known_ids), backs[0] if backs else cid)
        if cid in seen:
            raise DataError(f"{where}: duplicate id {cid!r}")
        source_set = source_set_of(entry, label)
        set_code = set_code_of(entry, label, tab["set_clusters"])
        if cid in known_ids:
            seen[cid] = None  # type: ignore[assignment]
            skipped += 1
            continue
        if source_set in (tab.get("sets_unplaced") or {}):
            unplaced.append(cid)   # a set the source gives no date or cluster for
            continue
        placed = tab["set_clusters"].get(source_set)
        if placed is None and set_code in (known_sets or {}):
            placed = {"cluster": known_sets[set_code]}
        if placed is None:
            raise DataError(f"{where}: set {source_set!r} has no entry in set_clusters of {_TABLES}")
        name = str(entry["name"]).strip()
        name = (tab.get("face_name_spellings") or {}).get(name, name)
        for suffix, spelled in (tab.get("facts_j_ruler_names") or {}).items():
            # a J-ruler side named "<ruler>(J)" by the source (MC10 Astema(J)) is fowsim's
            # "<ruler> [J-Ruler]", so a reprint joins the known card
            if name.endswith(suffix) and any("J-Ruler" in t for t in types):
                name = name[:-len(suffix)].rstrip() + spelled
        raw = {"id": cid, "name": name, "type": types,
               "race": list(entry.get("races") or []),
               "cost": jp_cost(entry.get("cost"),
                               {**tab["jp_attributes"], **(tab.get("jp_cost_symbols") or {})},
                               where, tab.get("jp_cost_ignored") or ()),
               "colour": colours, "ATK": _num(entry.get("atk")), "DEF": _num(entry.get("def")),
               "divinity": _num(entry.get("divinity")), "abilities": [],
               "deck_rules": _deck_rules(entry.get("deck_rules"), where),
               "rarity": entry.get("rarity") or ""}
        if not cid.startswith(label):               # a set given a safe code (DRCV)
            raw["source_id"] = label
        face = Face(id=cid, name=raw["name"], cluster=placed["cluster"], set=set_code, raw=raw,
                    facts=False)
        seen[cid] = face
        faces.append(face)
        if released is not None:
            released[cid] = str(entry.get("released") or "")
    return faces, {"fowtcgcardsearch_faces": len(faces),
                   "fowtcgcardsearch_faces_already_known": skipped,
                   "fowtcgcardsearch_unsupported_type": sorted(unsupported),
                   "fowtcgcardsearch_unplaced_set": unplaced}


def source_set_of(entry: dict, label: str) -> str:
    """The set as the source writes it: the entry's ``set``, else its card number's prefix
    (``DRC Video`` of ``DRC Video-01``)."""
    return str(entry.get("set") or label.rsplit("-", 1)[0])


def set_code_of(entry: dict, label: str, placed: dict) -> str:
    """The set code the card data uses: ``id`` of the set's ``set_clusters`` entry where the
    source's label is no safe code (``DRC Video`` -> ``DRCV``), else the label itself."""
    raw = source_set_of(entry, label)
    return str((placed.get(raw) or {}).get("id") or raw)


def safe_id(entry: dict, label: str, placed: dict) -> str:
    """The card id the data uses: ``DRCV-01`` for the source's ``DRC Video-01``; the source's
    number is kept as the printing's ``source_id``."""
    raw, code = source_set_of(entry, label), set_code_of(entry, label, placed)
    if code != raw and label.startswith(raw):
        return code + label[len(raw):]
    return label


def release_date(js_date: str) -> str | None:
    """"Thu Feb 27 2025 10:00:00 GMT-0500 (...)" -> "2025-02-27"."""
    try:
        return _dt.datetime.strptime(" ".join(js_date.split()[1:4]), "%b %d %Y").date().isoformat()
    except (ValueError, AttributeError):
        return None


# ------------------------------------------------------------------ merging into the import

def _base_types(face: Face) -> frozenset[str]:
    return frozenset(TYPE_MAP[t][0] for t in face.raw["type"] if t in TYPE_MAP)


def leave_out_name_collisions(known: list[Face], new: list[Face]) -> tuple[list[Face], list[str]]:
    """``new`` without the cards whose name has the name key of a known card of other card
    types (and without their back faces): the import groups printings by name key, so such a
    card would become a printing of another card (TOP-096 "(AAA)", a resonator, has the key
    of TTT-068 "A∵A∵A∵", a sub-ruler). A card of the very same name is a reprint even when
    its printing has other types (AVL-058 Dragonslayer, a Paradox regalia printing of the
    addition TAT-059): a name is one card.
    Returns the kept faces and the ids left out."""
    ids = {f.id for f in known} | {f.id for f in new}

    def is_back(f: Face) -> bool:
        m = BACK_SUFFIX.match(f.id)
        return bool(m) and m.group("front") in ids and m.group("front") != f.id

    first_by_key: dict[str, tuple[str, frozenset[str]]] = {}
    for f in known:
        if not is_back(f):
            first_by_key.setdefault(key(f.name), (f.name, _base_types(f)))
    dropped: set[str] = set()
    for f in new:
        if is_back(f):
            continue
        name, types = first_by_key.setdefault(key(f.name), (f.name, _base_types(f)))
        if name != f.name and types != _base_types(f):
            dropped.add(f.id)
    kept = [f for f in new
            if f.id not in dropped and not (is_back(f) and BACK_SUFFIX.match(f.id).group("front")
                                             in dropped)]
    left_out = sorted(f.id for f in new if f not in kept)
    return kept, left_out


def facts_paths(out: Path) -> list[Path]:
    """The facts files the import reads: ``FACTS_FILE``, then its siblings
    ``fowtcgcardsearch-facts-<part>.yaml`` in name order, in ``out`` (the shipped
    ``cards/fow`` has them; a trial import into another folder reads them only if they were
    copied there). Each part holds the pages one gathering read, so parts gathered apart
    never edit one file."""
    first = Path(out) / FACTS_FILE
    if not first.parent.is_dir():
        return []
    return sorted(first.parent.glob(first.stem + "*.yaml"), key=lambda p: (p != first, p.name))


def newer_files(out: Path) -> list[str]:
    return [p.relative_to(out).as_posix() for p in facts_paths(out)]


def add_newer(source: Path, out: Path, faces: list[Face]
              ) -> tuple[list[Face], dict, list[dict], list[str]]:
    """``faces`` + the batch file's + the facts file's faces the fowsim data lacks, with the
    counts, the SOURCES.md rows and notes they add."""
    known = {f.id for f in faces}
    counts: dict[str, Any] = {}
    rows: list[dict] = []
    notes: list[str] = []
    batch = Path(source) / FOWSIM_BATCH
    if batch.is_file():
        extra, c = read_batch(batch, known)
        faces = faces + extra
        known |= {f.id for f in extra}
        counts.update(c)
        rows.append({"dataset": "fowsim cardBatchImport.json (ABC 2023 deck cards)",
                     "repo": "Force-of-Wind/fowsim", "path": "cardDatabase/static/cardBatchImport.json",
                     "commit": "e4a4985202f646f650c48a968e504ea5aff3d634"})
        sets = sorted({f.set for f in extra})
        notes.append(f"cardBatchImport.json: {len(extra)} faces of the sets {', '.join(sets)} "
                     "(every name was already known: they add printings); their cluster is "
                     "deckcheck's (set_clusters in deckcheck/games/fow/data/newer.yaml).")
    else:
        notes.append(f"Not read: {FOWSIM_BATCH} (absent from {source}).")
    released: dict[str, str] = {}
    fowsim_sets = {f.set: f.cluster for f in faces if f.cluster}
    parts: list[Face] = []
    for fpath in facts_paths(out):
        data = read_facts(fpath)
        extra, c = facts_faces(fpath, known, released, fowsim_sets)
        parts += extra
        known |= {f.id for f in extra}
        for key, value in c.items():
            counts[key] = counts[key] + value if key in counts else value
        src = data.get("source") or {}
        rows.append({"dataset": "fowtcgcardsearch cards.json (facts committed in "
                                f"{fpath.relative_to(out).as_posix()})",
                     "repo": src.get("repo", ""), "path": src.get("path", ""),
                     "commit": src.get("commit", "")})
        notes.extend(data.get("notes") or [])
        if c["fowtcgcardsearch_unplaced_set"]:
            by_set: dict[str, list[str]] = {}
            for cid in c["fowtcgcardsearch_unplaced_set"]:
                by_set.setdefault(cid.rsplit("-", 1)[0], []).append(cid)
            notes.append("Left out (a set card-search gives no release date or cluster for, "
                         "sets_unplaced in deckcheck/games/fow/data/newer.yaml): "
                         + "; ".join(f"{s} ({len(ids)} faces, {ids[0]} to {ids[-1]})"
                                     for s, ids in by_set.items()) + ".")
        if c["fowtcgcardsearch_unsupported_type"]:
            notes.append("Left out (a card type deckcheck does not model, e.g. warden): "
                         + ", ".join(c["fowtcgcardsearch_unsupported_type"]) + ".")
    # all parts in release order (stable: the first file's order on a shared date), so
    # clusters.yaml lists the sets in the order they came out whichever part read them
    parts.sort(key=lambda f: released.get(f.id, ""))
    parts, collisions = leave_out_name_collisions(faces, parts)
    counts["fowtcgcardsearch_name_collisions"] = collisions
    counts["fowtcgcardsearch_faces"] = counts.get("fowtcgcardsearch_faces", 0) - len(collisions)
    if collisions:
        notes.append("Left out (the name has the name key of a card of other card types, so it "
                      "would be taken for a printing of that card): " + ", ".join(collisions)
                      + ".")
    return faces + parts, counts, rows, notes


# ------------------------------------------------------------------ building the facts file

#: one transcribed record per line: the fields of a card-search record that are facts
LINE_FIELDS = ["uid", "id", "name", "types", "cost", "attributes", "races", "divinity", "atk",
               "def", "rarity", "expansion_code", "released", "bans", "willpower"]
#: an optional last field: the card's deck-building sentence as printed (enText), read by the
#: recognised patterns of ``deck_rules.py`` into structured ``deck_rules``; the text itself
#: stays in the transcript
DECK_TEXT_FIELD = "deck_text"


def _value(text: str) -> Any:
    text = text.strip()
    if text in ("", "-"):
        return None
    return int(text) if text.lstrip("-").isdigit() else text


def facts_from_lines(folder: Path, commit: str, repo: str, path: str) -> dict:
    """The facts file from the per-page transcripts ``p<offset>.txt`` of ``folder``
    (``LINE_FIELDS`` separated by ``|``; lists by ``,`` (types), ``;`` (races), one symbol
    each (attributes); bans ``format/kind/pair`` separated by ``;``, ``?`` = not on the page).
    A record read twice (straddling two pages) is kept once, with both offsets."""
    tab = tables()
    words = tab["jp_ban_words"]
    by_uid: dict[str, dict] = {}
    offsets = []
    for page in sorted(Path(folder).glob("p*.txt"), key=lambda p: int(p.stem[1:])):
        offset = int(page.stem[1:])
        offsets.append(offset)
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            parts = line.split("|")
            if len(parts) not in (len(LINE_FIELDS), len(LINE_FIELDS) + 1):
                raise DataError(f"{page}:{n}: {len(parts)} fields, expected {len(LINE_FIELDS)} "
                                f"(and an optional {DECK_TEXT_FIELD})")
            f = dict(zip(LINE_FIELDS + [DECK_TEXT_FIELD], parts))
            entry: dict[str, Any] = {"uid": f["uid"], "id": f["id"], "name": f["name"],
                                     "types": [t for t in f["types"].split(",") if t],
                                     "cost": _value(f["cost"]),
                                     "attributes": list(f["attributes"].strip()),
                                     "races": [r for r in f["races"].split(";") if r]}
            for k in ("divinity", "willpower", "atk", "def"):
                if _value(f[k]) is not None:
                    entry[k] = _value(f[k])
            entry["rarity"] = f["rarity"]
            entry["expansion_code"] = f["expansion_code"]
            entry["released"] = f["released"]
            if f["bans"].strip() == "?":
                entry["bans_unknown"] = True
            elif f["bans"].strip():
                entry["bans"] = []
                for b in f["bans"].split(";"):
                    fmt, kind, pair = (b.split("/") + ["", ""])[:3]
                    ban = {"format": words.get(fmt, fmt), "kind": words.get(kind, kind)}
                    if pair:
                        ban["with"] = pair
                    entry["bans"].append(ban)
            if f.get(DECK_TEXT_FIELD, "").strip():
                entry["deck_rules"] = deck_text_rules(f[DECK_TEXT_FIELD], entry, f"{page}:{n}")
            entry["pages"] = [offset]
            old = by_uid.get(entry["uid"])
            if old is not None:
                old["pages"].append(offset)
                continue
            by_uid[entry["uid"]] = entry
    cards = sorted(by_uid.values(), key=lambda e: offsets_key(e))
    return {"source": {"repo": repo, "path": path, "commit": commit,
                       "page_size": 16000, "pages_read": offsets},
            "cards": cards}


def deck_text_rules(text: str, entry: dict, where: str) -> list[dict]:
    """The structured deck rules of a deck-building sentence; one no pattern knows stops."""
    rules = parse_deck_rules({"id": entry["id"], "name": entry["name"], "abilities": [text]},
                             where)
    if not rules:
        raise DataError(f"{where}: card {entry['id']} ({entry['name']}): {text!r} is no "
                        "recognised deck-building text (DECK_RULE_PATTERNS in deck_rules.py)")
    return rules


def offsets_key(entry: dict) -> tuple:
    label, _, n = entry["uid"].rpartition("_")
    return (entry["pages"][0], label, int(n) if n.isdigit() else 0)


def main(argv: list[str] | None = None) -> int:
    """``python -m deckcheck.games.fow.importing.newer <transcripts> <facts.yaml>``: the facts
    file carries the notes of its part (``part_notes``)."""
    import sys

    from deckcheck.carddb.importers.common import dump_yaml

    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print(main.__doc__, file=sys.stderr)
        return 2
    tab = tables()
    src = tab["fowtcgcardsearch"]
    try:
        data = facts_from_lines(Path(args[0]), src["commit"], src["repo"], src["path"])
        data["notes"] = part_notes(tab, Path(args[1]))
    except DataError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    dump_yaml(Path(args[1]), data, header=FACTS_HEADER)
    print(f"{len(data['cards'])} records from {len(data['source']['pages_read'])} pages")
    return 0


def part_notes(tab: dict, out: Path) -> list[str]:
    """The notes a facts file carries: ``facts_notes`` for ``FACTS_FILE``, and for its sibling
    ``fowtcgcardsearch-facts-<part>.yaml`` the list ``facts_notes_parts[<part>]``."""
    stem = Path(FACTS_FILE).stem
    part = out.stem[len(stem):].lstrip("-") if out.stem.startswith(stem) else None
    if part is None:
        raise DataError(f"{out}: a facts file is named {stem}.yaml or {stem}-<part>.yaml")
    if not part:
        return list(tab.get("facts_notes") or [])
    parts = tab.get("facts_notes_parts") or {}
    if part not in parts:
        raise DataError(f"{out}: no notes for part {part!r} (facts_notes_parts in {_TABLES})")
    return list(parts[part])


FACTS_HEADER = """\
Force of Will facts read from fowtcgcardsearch/card-search data/cards.json (see `source`):
one entry per face, facts only (no rules or flavour text).  Built from per-page transcripts
by `python -m deckcheck.games.fow.importing.newer` and read by `deckcheck cards import fow`
(deckcheck/games/fow/importing/newer.py), so the cards are reproduced without the raw pages.
types / attributes / cost are the source's Japanese words and symbols (mapped by
deckcheck/games/fow/data/newer.yaml); `pages`: the offsets (16,000 characters) the entry was
read from; `bans`: the source's per-card ban state at its commit (undated; not applied to
any format); `bans_unknown`: the page ended before the field; `deck_rules`: the card's
deck-building rule, structured (deckcheck/games/fow/importing/deck_rules.py)."""


if __name__ == "__main__":
    raise SystemExit(main())
