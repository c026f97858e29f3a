"""The CardCarp WoW TCG dataset (``cardcarp/wow``, MIT-0): oracle and printing files -> card
facts, and the merge of those facts into the card records.

A CardCarp-shaped folder holds ``data/oracle/<type>/<collection>/<set>/<NNN>-<slug>.yml``
(the rules of a card, in the folder of its first printing) and
``data/card/<type>/<collection>/<set>/<NNN>-<slug>.yml`` (one printing: rarity, variation,
the oracle it prints).  Two such folders are read: the shared copy (``cardcarp/`` beside the
other WoW data sets, provenance in its ``COPYLOG.tsv``) and the ignored local folder of
gathered files (``.data-cache/cardcarp/`` in the working tree, provenance in its
``READ.tsv``).  Each file becomes one *facts entry* (:func:`file_facts`): its path, commit,
length and the facts derived from it - never its text.

The facts of the gathered files are kept in the committed ``cards/wowtcg/cardcarp-facts.yaml``
(:func:`write_facts`), so that an import without the raw files reproduces the same cards:
an entry read from a raw file replaces the committed entry of the same path.

Derived facts (oracle): name, origin set and number, type (category + ``type``: ``Hero`` +
``Master`` is a Master Hero, an ``Ability`` of type ``Ally`` a totem), cost, ATK and health,
ATK type (``combat``), class and faction icons, for allies the race and ally class (from
``temp``, "Night Elf Mage"), for abilities the talent tree (``temp``) and a bold
"[Tree] Talent" (rules text), "[Trait] Hero Required", Reputation and the damage types an
ability deals (rules text, with the parsers of :mod:`facts`).  A fact the rules need that the
oracle does not give (no rules text, no race of an ally, the professions and talent of a
hero) is listed in ``unknown``; the check warns about it (WOW126) instead of passing it.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path
from typing import Any, Iterable

import yaml

from deckcheck.carddb.importers.common import DataError, compact, dump_yaml
from deckcheck.games.wowtcg.importing import facts as wfacts
from deckcheck.games.wowtcg.importing.tables import (CLASS_TREES, CLASSES, DAMAGE_TYPES,
                                                     TALENT_TREES)

REPO = "cardcarp/wow"
TARGET_COMMIT = "bf1c8ee1d5c6c9c9c2d77021038052df7c7a8785"
FACTS_FILE = "cardcarp-facts.yaml"
GATHERED_FILE = "cardcarp-gathered.tsv"
RARITY = {"Common": "C", "Uncommon": "U", "Rare": "R", "Epic": "E", "Legendary": "L",
          "Promo": "P", "Promotional": "P"}
_NUMBERED = re.compile(r"^(\d{3})-(.+)\.yml$")
_ORIGIN = re.compile(r"^(.+)-(\d{3}[a-z]?)$")


def kebab(text: str) -> str:
    """CardCarp's ids: lower case, apostrophes dropped, other non-alphanumerics to '-'."""
    text = re.sub(r"['’]", "", text.lower())
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


# --------------------------------------------------------------------------------------------
# reading the folders


def provenance(root: Path) -> dict[str, dict]:
    """path -> {commit, read_from} from the folder's COPYLOG.tsv (shared) or READ.tsv
    (gathered: path, commit, chars, read_from)."""
    out: dict[str, dict] = {}
    for name in ("COPYLOG.tsv", "READ.tsv"):
        log = root / name
        if not log.is_file():
            continue
        with log.open(encoding="utf-8", newline="") as fh:
            for row in csv.reader(fh, delimiter="\t"):
                if not row or row[0].startswith("#") or row[0] == "path" or len(row) < 2:
                    continue
                read_from = row[3] if len(row) > 3 else ""
                out[row[0]] = compact({"commit": row[1], "read_from": read_from or None})
    return out


def source_files(root: Path) -> list[Path]:
    """The oracle and printing files of a CardCarp-shaped folder, sorted by path."""
    found = []
    for kind in ("oracle", "card"):
        base = root / "data" / kind
        if base.is_dir():
            found += [p for p in base.rglob("*.yml") if _NUMBERED.match(p.name)]
    return sorted(found, key=lambda p: p.relative_to(root).as_posix())


def read_folder(root: Path, origin: str) -> list[dict]:
    """One facts entry per oracle/printing file of ``root``; ``origin`` = shared | gathered."""
    prov = provenance(root)
    entries = []
    for path in source_files(root):
        rel = path.relative_to(root).as_posix()
        try:
            text = path.read_text(encoding="utf-8")
            doc = yaml.safe_load(text)
        except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
            raise DataError(f"{path}: {exc}") from exc
        if not isinstance(doc, dict):
            raise DataError(f"{path}: not a CardCarp record (a mapping)")
        where = prov.get(rel) or {}
        if not where.get("commit"):
            raise DataError(f"{path}: no commit for it in {root}/COPYLOG.tsv or READ.tsv")
        entries.append(compact({"path": rel, "commit": where["commit"],
                                "read_from": where.get("read_from"), "chars": len(text),
                                "origin": origin, **file_facts(rel, doc)}))
    return entries


def file_facts(rel: str, doc: dict) -> dict:
    """``{kind: oracle|printing|placeholder, facts: {...}}`` of one file (its path relative to
    the root); a placeholder is an oracle CardCarp left empty (no category, no rules)."""
    if rel.startswith("data/oracle/"):
        if doc.get("category") in (None, "", []) and not doc.get("rule"):
            return {"kind": "placeholder", "facts": placeholder_facts(doc, rel)}
        return {"kind": "oracle", "facts": oracle_facts(doc, rel)}
    return {"kind": "printing", "facts": printing_facts(doc, rel)}


# --------------------------------------------------------------------------------------------
# the facts of one file


def _need(doc: dict, field: str, where: str) -> Any:
    value = doc.get(field)
    if value in (None, "", []):
        raise DataError(f"{where}: no {field!r}")
    return value


def placeholder_facts(doc: dict, where: str) -> dict:
    """An oracle with a name and origin but no category and no rules (CardCarp has not
    filled it in): kept as a name only, so the import can name it instead of guessing a type."""
    origin = _ORIGIN.match(str(_need(doc, "origin", where)))
    if not origin:
        raise DataError(f"{where}: origin {doc.get('origin')!r} is not <set-id>-<NNN>")
    return {"name": " ".join(str(_need(doc, "name", where)).split()),
            "set_id": origin.group(1), "number": origin.group(2)}


def card_type(category: list, ctype: str | None, where: str) -> str:
    cats = [str(c) for c in category or ()]
    if "Hero" in cats or "Master Hero" in cats:
        return "Master Hero" if ctype == "Master" or "Master Hero" in cats else "Hero"
    if "Ability" in cats:
        return "Ability Ally" if ctype == "Ally" else "Ability"
    for t in ("Ally", "Equipment", "Location", "Quest", "Achievement"):
        if t in cats:
            return t
    raise DataError(f"{where}: category {cats} is not a deck card type deckcheck knows")


def split_class(words: str) -> tuple[str | None, str]:
    """("Night Elf Mage") -> ("Mage", "Night Elf"): a class name ending ``temp``."""
    for cls in sorted(CLASSES, key=len, reverse=True):
        if words == cls:
            return cls, ""
        if words.endswith(" " + cls):
            return cls, words[: -len(cls) - 1].strip()
    return None, words


def rules_text(doc: dict) -> str:
    parts = []
    for rule in doc.get("rule") or ():
        if isinstance(rule, dict) and rule.get("text"):
            parts.append(str(rule["text"]))
    if doc.get("instant"):
        parts.append(str(doc["instant"]))
    return " ".join(" ".join(parts).split())


_TALENT = re.compile(r"^\s*([A-Z][a-z]+(?: [A-Z][a-z]+)?) Talent\b")


def oracle_facts(doc: dict, where: str) -> dict:
    """The rule facts of one oracle (see the module docstring)."""
    name = str(_need(doc, "name", where)).strip()
    origin = _ORIGIN.match(str(_need(doc, "origin", where)))
    if not origin:
        raise DataError(f"{where}: origin {doc.get('origin')!r} is not <set-id>-<NNN>")
    ctype = card_type(_need(doc, "category", where), doc.get("type"), where)
    classes = [str(c) for c in doc.get("class") or ()]
    bad = sorted(set(classes) - set(CLASSES))
    if bad:
        raise DataError(f"{where}: unknown class {', '.join(bad)}")
    if set(classes) == set(CLASSES):             # an any-class card has no class icon
        classes = []
    faction = doc.get("faction")
    if faction not in (None, "", "Alliance", "Horde"):
        raise DataError(f"{where}: unknown faction {faction!r}")
    temp = " ".join(str(doc.get("temp") or "").split())
    text = rules_text(doc)
    cost = str(doc.get("cost") if doc.get("cost") is not None else "").strip()
    atk = str(doc.get("combat") or "").capitalize()
    unknown: list[str] = []
    out: dict[str, Any] = {
        "name": name, "set_id": origin.group(1), "number": origin.group(2), "type": ctype,
        "cost": int(cost) if cost.isdigit() else None, "cost_x": cost.upper() == "X" or None,
        "atk": doc.get("damage"), "health": doc.get("health"),
        "atk_type": atk if atk in DAMAGE_TYPES else None,
        "faction_icons": [faction] if faction else [],
    }
    temp_class, rest = split_class(temp)
    if ctype == "Ally":
        if faction:                  # "Night Elf Mage": race and ally type, no class icon
            out["ally_class"] = [temp_class] if temp_class else classes
            out["race"] = (rest if temp_class else temp) or None
        else:                        # monster/neutral allies: class icons; temp as above
            out["class_icons"] = classes
            out["ally_class"] = [temp_class] if temp_class else []
            out["race"] = (rest if temp_class else temp) or None
        if not out.get("race"):
            unknown.append("race")
    elif ctype in ("Hero", "Master Hero"):
        out["race"] = (rest if temp_class else temp) or None
        if ctype == "Hero":
            out["hero"] = compact({"classes": classes or ([temp_class] if temp_class else []),
                                   "faction": faction or "Neutral", "race": out["race"]})
            unknown += ["talent", "professions"]
            if not out["hero"].get("classes"):
                unknown.append("class")
        else:
            out["class_icons"] = classes
    else:
        out["class_icons"] = classes
        tree = next((t for t in sorted(TALENT_TREES, key=len, reverse=True)
                     if temp == t or temp.startswith(t + " ")), None)
        out["talents"] = [tree] if tree else []
    out["master_hero"] = ctype == "Master Hero" or None
    out["dungeon"] = doc.get("type") == "Dungeon" or None   # a dungeon deck's card (RoF 010)
    # an ability's text in ``instant`` (not ``rule``) is an instant ability; allies put
    # keywords there ("instant: Protector"), so only abilities count
    out["instant"] = (ctype.startswith("Ability") and bool(doc.get("instant"))) or None
    if ctype not in ("Hero", "Master Hero"):
        if not text:
            unknown.append("rules text")
        pseudo = {"type": ctype, "rules": text, "name": name, "_stem": where}
        try:
            out["hero_required"] = wfacts.parse_hero_required(pseudo)
        except DataError:
            unknown.append("Hero Required")
        try:
            out["reputation"] = wfacts.parse_reputation(pseudo)
        except DataError:
            unknown.append("reputation")
        out["deals_damage"] = wfacts.parse_deals_damage(pseudo)
        out["talent_card"] = talent_card(text, out.get("class_icons") or classes, where)
    out["unknown"] = unknown
    return compact(out)


def talent_card(text: str, classes: list[str], where: str) -> dict | None:
    """A text that begins with "[Tree] Talent": the tree and the class's two other trees."""
    match = _TALENT.match(text)
    tree = wfacts.canonical_tree(match.group(1)) if match else None
    if not tree:
        return None
    owners = [c for c in classes if tree in CLASS_TREES.get(c, ())]
    if len(owners) != 1:
        raise DataError(f"{where}: '{tree} Talent' on a card of class {classes or 'none'}: "
                        "cannot tell which trees it excludes")
    return {"tree": tree, "excludes": [t for t in CLASS_TREES[owners[0]] if t != tree]}


def printing_facts(doc: dict, where: str) -> dict:
    """The facts of one printing: the oracle it prints, number, rarity, a Flip back face."""
    match = _NUMBERED.match(Path(where).name)
    index = str(doc.get("index") or (match.group(1) if match else ""))
    rarity = doc.get("rarity")
    return compact({
        "oracle": str(_need(doc, "oracle", where)),
        "set": str(_need(doc, "set", where)),
        "set_id": kebab(str(doc["set"])),
        "number": index,
        "rarity": RARITY.get(str(rarity), str(rarity)[:1].upper() or None) if rarity else None,
        "flip": "Flip" in (doc.get("variation") or ()) or None,
    })


# --------------------------------------------------------------------------------------------
# the committed facts file


def read_fact_list(path: Path, key: str, fields: tuple[str, ...], item: str) -> list[dict]:
    """The list under ``key`` of a committed facts file (none if the file is absent), each
    ``item`` a mapping with every one of ``fields``; anything else is a :class:`DataError`."""
    if not path.is_file():
        return []
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as exc:
        raise DataError(f"{path}: {exc}") from exc
    rows = data.get(key) if isinstance(data, dict) else None
    if not isinstance(rows, list):
        raise DataError(f"{path}: no '{key}' list")
    for i, row in enumerate(rows):
        if not isinstance(row, dict) or not set(fields) <= set(row):
            raise DataError(f"{path}: {item} {i + 1} lacks {', '.join(fields[:-1])} or "
                            f"{fields[-1]}")
    return rows


def load_facts(path: Path) -> list[dict]:
    return read_fact_list(path, "files", ("path", "commit", "kind", "facts"), "entry")


FACTS_HEADER = """\
World of Warcraft TCG: facts derived from the CardCarp files gathered beyond ../shared
(repository cardcarp/wow, MIT-0), one entry per file read: its repository path, the commit
read (read_from: the older path actually read when the file was unchanged at the target
commit), its length in characters, kind (oracle | printing) and the facts
deckcheck/games/wowtcg/importing/cardcarp.py derived from it.  No rules or flavour text.
`deckcheck cards import wowtcg` merges these with the facts of ../shared's CardCarp copy; a
raw file in .data-cache/cardcarp/ (git-ignored) replaces its entry here.
Target commit of the gathered files: """ + TARGET_COMMIT


def write_facts(path: Path, entries: Iterable[dict]) -> None:
    rows = sorted((e for e in entries if e.get("origin") != "shared"),
                  key=lambda e: e["path"])
    rows = [{k: v for k, v in e.items() if k != "origin"} for e in rows]
    dump_yaml(path, {"files": rows}, header=FACTS_HEADER)


GATHERED_HEADER = """\
# CardCarp WoW TCG files gathered beyond ../shared: provenance only (the facts derived from them
# are in cardcarp-facts.yaml; the raw files stay out of the repository, in the ignored
# .data-cache/cardcarp/<path> of the working tree, with this table as its READ.tsv).  Each was
# read from the public GitHub repository cardcarp/wow (MIT-0) with the search tool's read_file,
# its length checked against the reported total_chars.  Written by `deckcheck cards import
# wowtcg` from the entries of cardcarp-facts.yaml.  Columns as in
# ../shared/data/wowtcg/cardcarp/COPYLOG.tsv:
#   path      - the file's path at the target commit """ + TARGET_COMMIT + """
#   commit    - the commit actually read
#   chars     - length in characters
#   read_from - the path actually read, when it differs from path
"""


def write_gathered(path: Path, entries: Iterable[dict]) -> None:
    """The provenance table of the gathered files (path, commit, chars, read_from)."""
    rows = sorted((e for e in entries if e.get("origin") != "shared"), key=lambda e: e["path"])
    lines = [GATHERED_HEADER + "path\tcommit\tchars\tread_from"]
    lines += [f"{e['path']}\t{e['commit']}\t{e['chars']}\t{e.get('read_from') or ''}"
              for e in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def combined_entries(shared: Path | None, cache: Path | None, committed: list[dict]
                     ) -> list[dict]:
    """Shared-derived entries, then gathered ones: raw files first, committed facts for the
    paths whose raw file is gone."""
    entries = read_folder(shared, "shared") if shared and shared.is_dir() else []
    seen = {e["path"] for e in entries}
    raw = read_folder(cache, "gathered") if cache and cache.is_dir() else []
    raw = [e for e in raw if e["path"] not in seen]
    seen |= {e["path"] for e in raw}
    kept = [dict(e, origin="gathered") for e in committed if e["path"] not in seen]
    return entries + raw + kept
