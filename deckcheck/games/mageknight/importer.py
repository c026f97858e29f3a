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

A spell is one record under its basic name; its powered name is stored as ``powered_name`` and
as a face (``faces: [{name: Firestorm, side: powered}]``) so that the matcher resolves it to the
spell with ``via: face``.
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from deckcheck.carddb.importers.common import DataError, compact, dump_yaml, write_sources
from deckcheck.matching.normalise import key, to_traditional
from deckcheck.resources import data_dir

GAME = "mageknight"
REFERENCE = Path("MageKnight") / "docs" / "reference"
FILES = ("basic-actions.md", "advanced-actions.md", "spells.md", "artifacts.md",
         "units.md", "skills.md", "tactics.md")
REPO = "mage-knight-digital/MageKnight"

EXPANSIONS = ("base", "lost-legion", "krang", "shades-of-tezla", "ultimate")

# Import checks (§7.2): the number of rows each table must yield.
EXPECTED = {"basic_action": 12, "hero_action": 14, "advanced_action": 44, "spell": 24,
            "artifact": 25, "unit_rows": 30, "unit_names": 27, "skill_rows": 70, "tactic": 12}

# §2: the standard starting deck (name, copies, colour); the data's table must agree.
STANDARD_DECK = (("Rage", 2, "red"), ("Determination", 1, "blue"), ("Swiftness", 2, "white"),
                 ("March", 2, "green"), ("Stamina", 2, "blue"), ("Tranquility", 1, "green"),
                 ("Promise", 1, "white"), ("Threaten", 1, "red"), ("Crystallize", 1, "blue"),
                 ("Mana Draw", 1, "white"), ("Concentration", 1, "green"),
                 ("Improvisation", 1, "red"))
STANDARD_DECK_SIZE = 16

# §3.3: the data's two bogus Advanced Action names (printed numbers 75 and 78) and the cards
# they stand for.  Which of 75 / 78 is which is unknown.
BOGUS_ADVANCED_ACTIONS = {"Block and Grab": "Blood Ritual", "Crushing Blow": "Regeneration"}
BOGUS_NUMBERS = (75, 78)

# §3.3: rows of the data's `Replaces` column known to be wrong: card -> what the data says.
KNOWN_WRONG_REPLACES = {"Cold Toughness": "Rage", "Tirelessness": "March"}

# Printed numbers (n/377) per kind -> expansion (§5 MK-R9); `UE` numbers are Ultimate Edition.
NUMBER_RANGES = {
    "advanced_action": ((65, 92, "base"), (287, 298, "lost-legion")),
    "spell": ((93, 112, "base"), (299, 302, "lost-legion")),
    "artifact": ((113, 128, "base"), (303, 310, "lost-legion")),
    "unit": ((148, 179, "base"), (311, 325, "lost-legion")),
}
# §6: cards per expansion; the data must yield exactly these.
EXPECTED_BY_EXPANSION = {
    "advanced_action": {"base": 28, "lost-legion": 12, "ultimate": 4},
    "spell": {"base": 20, "lost-legion": 4},
    "artifact": {"base": 16, "lost-legion": 8, "ultimate": 1},
}
EXPECTED_BANNERS = 6

# §7.1: cards named by one digital implementation only; recognised, never accepted (MKN206).
UNVERIFIED_CARDS = ("Battle Rage", "Axe Throw")

# §7.2: accepted misspellings that plain normalisation does not fold.
EXTRA_ALIASES = {"Crystallize": ["Crystalize"], "Mist Form": ["Mistw Form"], "Wound": ["Wounds"]}

# Chinese terms of the seed walkthrough (Simplified): the Wound card.
WOUND_NAMES_ZH = ["创伤", "创伤卡"]

# §6.4: level -> Fame threshold, hand limit, armor, command tokens.  From the printed Fame
# track as given in public player aids; the thresholds are [uncertain] (one digital
# implementation uses 0, 3, 8, 14, 21, 29, 38, 48, 59, 71).
FAME_LEVELS = ((1, 0, 5, 2, 1), (2, 3, 5, 2, 1), (3, 8, 5, 3, 2), (4, 15, 5, 3, 2),
               (5, 24, 6, 3, 3), (6, 35, 6, 3, 3), (7, 48, 6, 4, 4), (8, 63, 6, 4, 4),
               (9, 80, 7, 4, 5), (10, 99, 7, 4, 5))

# The kinds of records, whether they can be deed cards, and the seed's Chinese terms.
KINDS = {
    "basic_action": {"deed": True, "label": "Basic Action"},
    "hero_action": {"deed": True, "label": "Basic Action (hero card)"},
    "advanced_action": {"deed": True, "label": "Advanced Action", "zh-Hans": "进阶动作"},
    "spell": {"deed": True, "label": "Spell", "zh-Hans": "法术"},
    "artifact": {"deed": True, "label": "Artifact", "zh-Hans": "神器"},
    "wound": {"deed": True, "label": "Wound", "zh-Hans": "创伤卡"},
    "unit": {"deed": False, "label": "Unit", "zh-Hans": "部队"},
    "skill": {"deed": False, "label": "Skill"},
    "tactic": {"deed": False, "label": "Tactic"},
    "hero": {"deed": False, "label": "Hero"},
}
ID_PREFIX = {"basic_action": "ba", "hero_action": "ha", "advanced_action": "aa", "spell": "sp",
             "artifact": "ar", "unit": "unit", "skill": "skill", "tactic": "tac", "hero": "hero"}

# artifacts.md `##` headings -> the artifact's group.
ARTIFACT_GROUPS = {"Banners": "banner", "Rings": "ring", "Weapons": "weapon",
                   "Amulets": "amulet", "Other Artifacts": "other"}

ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4}


# --------------------------------------------------------------------------- Markdown tables

@dataclass
class Row:
    """One table row: its cells by column name and where it came from (``file:line``)."""
    cells: dict[str, str]
    where: str

    def get(self, column: str) -> str:
        try:
            return self.cells[column]
        except KeyError:
            raise DataError(f"{self.where}: no column {column!r}") from None


@dataclass
class Table:
    heading: str                # the nearest `##` heading
    subheading: str             # the nearest `###` heading below it ("" if none)
    columns: list[str]
    rows: list[Row] = field(default_factory=list)


_CELL_SPLIT = re.compile(r"(?<!\\)\|")
_BOLD = re.compile(r"^\*\*(.+?)\*\*$")


def _cells(line: str) -> list[str]:
    parts = _CELL_SPLIT.split(line.strip())
    return [p.strip().replace("\\|", "|") for p in parts[1:-1]]


def read_tables(path: Path) -> list[Table]:
    """All pipe tables of a Markdown file, with their headings."""
    tables: list[Table] = []
    heading = subheading = ""
    current: Table | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.startswith("|"):
            current = None
            if line.startswith("## "):
                heading, subheading = line[3:].strip(), ""
            elif line.startswith("### "):
                subheading = line[4:].strip()
            continue
        cells = _cells(line)
        if current is None:
            current = Table(heading, subheading, cells)
            tables.append(current)
        elif all(set(c) <= set("-: ") for c in cells):
            continue                                    # the |---|---| separator
        else:
            if len(cells) != len(current.columns):
                raise DataError(f"{path.name}:{number}: {len(cells)} cells, "
                                f"expected {len(current.columns)}")
            current.rows.append(Row(dict(zip(current.columns, cells)), f"{path.name}:{number}"))
    return tables


def tables_with(tables: list[Table], *columns: str) -> list[Table]:
    """The tables having all of ``columns``."""
    return [t for t in tables if all(c in t.columns for c in columns)]


def bold_name(row: Row, column: str) -> str:
    """The ``**bold**`` name of a row; DataError if the cell is not bold."""
    m = _BOLD.match(row.get(column))
    if not m:
        raise DataError(f"{row.where}: expected a **bold** name in column {column!r}, "
                        f"got {row.get(column)!r}")
    return m.group(1).strip()


def card_number(row: Row, column: str = "Card #") -> tuple[int, bool]:
    """``65/377`` -> (65, False); ``UE266/377`` -> (266, True)."""
    m = re.fullmatch(r"(UE)?(\d+)/377", row.get(column))
    if not m:
        raise DataError(f"{row.where}: bad card number {row.get(column)!r}")
    return int(m.group(2)), bool(m.group(1))


def expansion_of(kind: str, number: int, ue: bool, where: str) -> str:
    """The expansion a printed number belongs to (§5 MK-R9)."""
    if ue:
        return "ultimate"
    for low, high, expansion in NUMBER_RANGES[kind]:
        if low <= number <= high:
            return expansion
    raise DataError(f"{where}: number {number} is outside the known {kind} ranges")


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.casefold().replace("'", "")).strip("-")


# --------------------------------------------------------------------------- readers

def read_standard_deck(tables: list[Table]) -> list[dict]:
    """basic-actions.md, "Shared Basic Action Cards": name, copies and colour of the 12 cards."""
    found = [t for t in tables_with(tables, "Card", "Qty", "Color")
             if t.subheading.startswith("Shared Basic Action Cards")]
    if len(found) != 1:
        raise DataError("basic-actions.md: no single 'Shared Basic Action Cards' table")
    rows = []
    for row in found[0].rows:
        qty = row.get("Qty")
        if not qty.isdigit():
            raise DataError(f"{row.where}: bad Qty {qty!r}")
        rows.append({"name": row.get("Card"), "copies": int(qty),
                     "colour": row.get("Color").casefold(), "where": row.where})
    return rows


def read_hero_cards(tables: list[Table]) -> list[dict]:
    """basic-actions.md hero tables: hero, card, and the data's `Replaces` (checked only)."""
    rows = []
    for table in tables_with(tables, "Hero", "Card", "Replaces"):
        for row in table.rows:
            rows.append({"hero": bold_name(row, "Hero"), "name": row.get("Card"),
                         "data_replaces": row.get("Replaces"), "where": row.where,
                         "table": table.subheading})
    return rows


def read_numbered(tables: list[Table], kind: str) -> list[dict]:
    """advanced-actions.md / artifacts.md: name, number and the `##` group of each card."""
    rows = []
    for table in tables_with(tables, "Card #", "Name"):
        for row in table.rows:
            number, ue = card_number(row)
            rows.append({"name": bold_name(row, "Name"), "number": number, "ue": ue,
                         "expansion": expansion_of(kind, number, ue, row.where),
                         "group": table.heading, "where": row.where})
    return rows


def read_spells(tables: list[Table]) -> list[dict]:
    """spells.md: basic name, powered name, colour (from the heading), number, ● flag."""
    rows = []
    for table in tables_with(tables, "Card #", "Basic Name", "Powered Name"):
        m = re.match(r"(Green|Red|Blue|White) Spells\b", table.heading)
        if not m:
            raise DataError(f"spells.md: spell table under unexpected heading {table.heading!r}")
        for row in table.rows:
            number, ue = card_number(row)
            dot = row.get("●")
            if dot not in ("", "●"):
                raise DataError(f"{row.where}: bad ● cell {dot!r}")
            rows.append({"name": bold_name(row, "Basic Name"),
                         "powered_name": bold_name(row, "Powered Name"),
                         "colour": m.group(1).casefold(), "number": number, "ue": ue,
                         "expansion": expansion_of("spell", number, ue, row.where),
                         "interactive": dot == "●", "where": row.where})
    return rows


def read_units(tables: list[Table]) -> list[dict]:
    """units.md: name, number, level, cost and class (regular / elite) of each unit row."""
    rows = []
    for table in tables_with(tables, "Card #", "Name", "Cost", "Level"):
        unit_class = table.heading.split()[0].casefold()
        if unit_class not in ("regular", "elite"):
            raise DataError(f"units.md: unit table under unexpected heading {table.heading!r}")
        for row in table.rows:
            number, ue = card_number(row)
            cost = re.match(r"(\d+)\b", row.get("Cost"))
            level = ROMAN.get(row.get("Level"))
            if not cost or level is None:
                raise DataError(f"{row.where}: bad cost or level")
            rows.append({"name": bold_name(row, "Name"), "number": number,
                         "expansion": expansion_of("unit", number, ue, row.where),
                         "level": level, "cost": int(cost.group(1)), "unit_class": unit_class,
                         "where": row.where})
    return rows


def read_skills(tables: list[Table], heroes: list[str]) -> list[dict]:
    """skills.md: each skill name with the hero of its `## <Hero> Skills` heading."""
    rows = []
    for table in tables_with(tables, "Skill", "Type"):
        m = re.fullmatch(r"(\w+) Skills", table.heading)
        if not m:
            continue                                     # the "Skill Types" legend
        if m.group(1) not in heroes:
            raise DataError(f"skills.md: skills of unknown hero {m.group(1)!r}")
        for row in table.rows:
            rows.append({"name": bold_name(row, "Skill"), "hero": m.group(1),
                         "where": row.where})
    return rows


def read_tactics(tables: list[Table]) -> list[dict]:
    """tactics.md: name, day/night and turn-order number of each tactic."""
    rows = []
    for table in tables_with(tables, "#", "Name"):
        m = re.fullmatch(r"(Day|Night) Tactics", table.heading)
        if not m:
            raise DataError(f"tactics.md: tactic table under unexpected heading {table.heading!r}")
        for row in table.rows:
            if not row.get("#").isdigit():
                raise DataError(f"{row.where}: bad tactic number {row.get('#')!r}")
            rows.append({"name": bold_name(row, "Name"), "time_of_day": m.group(1).casefold(),
                         "order": int(row.get("#")), "where": row.where})
    return rows


# --------------------------------------------------------------------------- heroes.yaml

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


# --------------------------------------------------------------------------- corrections

def correct_advanced_actions(rows: list[dict]) -> list[dict]:
    """Replace the two bogus names (numbers 75 / 78) by Blood Ritual and Regeneration."""
    found = {r["name"]: r for r in rows if r["name"] in BOGUS_ADVANCED_ACTIONS}
    if set(found) != set(BOGUS_ADVANCED_ACTIONS) or \
            sorted(r["number"] for r in found.values()) != list(BOGUS_NUMBERS):
        raise DataError("advanced-actions.md: the bogus rows 'Block and Grab' / 'Crushing Blow' "
                        "(75 / 78) changed; review the correction of docs/games/mageknight.md §3.3")
    corrected = []
    for row in rows:
        if row["name"] in BOGUS_ADVANCED_ACTIONS:
            row = dict(row, name=BOGUS_ADVANCED_ACTIONS[row["name"]], number=None,
                       number_candidates=list(BOGUS_NUMBERS))
        corrected.append(row)
    return corrected


# --------------------------------------------------------------------------- records

def base_record(kind: str, name: str, keep: tuple[str, ...] = (), **facts) -> dict:
    """id, name, kind, types first, then the given facts.

    Empty facts are dropped (``compact``) except the keys in ``keep``, whose null / false
    value is itself a fact (e.g. ``number: null``, ``verified: false``).
    """
    record = {"id": f"{ID_PREFIX[kind]}-{slug(name)}", "name": name, "kind": kind,
              "types": [kind], **facts}
    kept = compact(record)
    return {k: v for k, v in record.items() if k in kept or k in keep}


def with_extra_aliases(record: dict) -> dict:
    """Add the accepted misspellings of §7.2 that normalisation does not fold."""
    aliases = EXTRA_ALIASES.get(record["name"])
    return {**record, "aliases": list(aliases)} if aliases else record


def order_fields(record: dict) -> dict:
    """Matching fields first (id, name, kind, types, faces, aliases, names), then facts."""
    front = ("id", "name", "kind", "types", "faces", "aliases", "names")
    return {**{k: record[k] for k in front if k in record},
            **{k: v for k, v in record.items() if k not in front}}


def standard_records(rows: list[dict]) -> list[dict]:
    return [base_record("basic_action", r["name"], colour=r["colour"],
                        starting_copies=r["copies"], expansion="base") for r in rows]


def hero_action_records(heroes: dict) -> list[dict]:
    """The 14 unique cards, with hero and replaced card from heroes.yaml (never the data)."""
    records = []
    for hero in heroes["heroes"]:
        for number, slot in ((1, "card1"), (2, "card2")):
            card = hero[slot]
            if number == 1 or hero["expansion"] != "base":
                expansion = hero["expansion"]
            else:
                expansion = "lost-legion"     # the base heroes' second cards (§3.1)
            records.append(base_record(
                "hero_action", card["name"], hero=hero["name"], unique_card=number,
                replaces=card["replaces"], used_with=card.get("used_with"),
                expansion=expansion))
    return records


def unverified_records() -> list[dict]:
    """Battle Rage and Axe Throw: recognised by name, never part of a legal deck (MKN206)."""
    return [base_record("hero_action", name, keep=("hero", "verified"), hero=None,
                        verified=False) for name in UNVERIFIED_CARDS]


def numbered_records(kind: str, rows: list[dict]) -> list[dict]:
    """Advanced Actions and Artifacts (an artifact keeps its group; Banners are flagged)."""
    records = []
    for r in rows:
        facts = {"number": r["number"], "number_candidates": r.get("number_candidates"),
                 "ue": r["ue"], "expansion": r["expansion"]}
        if kind == "artifact":
            facts["group"] = ARTIFACT_GROUPS.get(r["group"].split(" (")[0])
            if facts["group"] is None:
                raise DataError(f"{r['where']}: artifact under unknown heading {r['group']!r}")
            facts["banner"] = facts["group"] == "banner"
        records.append(base_record(kind, r["name"], keep=("number",), **facts))
    return records


def spell_records(rows: list[dict]) -> list[dict]:
    """One record per spell under its basic name; the powered name is a face of it."""
    records = []
    for r in rows:
        card_id = f"{ID_PREFIX['spell']}-{slug(r['name'])}"
        faces = [{"id": f"{card_id}-powered", "name": r["powered_name"], "side": "powered"}]
        records.append(base_record("spell", r["name"], faces=faces,
                                   powered_name=r["powered_name"], colour=r["colour"],
                                   number=r["number"], ue=r["ue"], expansion=r["expansion"],
                                   interactive=r["interactive"]))
    return records


def unit_records(rows: list[dict]) -> list[dict]:
    """One record per unit name; "Heroes" (four cards, 319-322) keeps all its numbers."""
    by_name: dict[str, list[dict]] = {}
    for r in rows:
        by_name.setdefault(r["name"], []).append(r)
    records = []
    for name, group in by_name.items():
        first = group[0]
        for r in group[1:]:
            if (r["level"], r["cost"], r["expansion"]) != \
                    (first["level"], first["cost"], first["expansion"]):
                raise DataError(f"{r['where']}: {name} rows disagree on level/cost/expansion")
        numbers = sorted(r["number"] for r in group)
        records.append(base_record(
            "unit", name, number=numbers[0] if len(numbers) == 1 else None,
            numbers=numbers if len(numbers) > 1 else None, level=first["level"],
            cost=first["cost"], unit_class=first["unit_class"], expansion=first["expansion"]))
    return records


def skill_records(rows: list[dict], heroes: dict) -> list[dict]:
    """One record per skill name; a name shared by heroes lists them all under ``heroes``.

    "Motivation (<hero>)" stays as written; a generic "Motivation" record (all its heroes) lets
    a player write the bare name.
    """
    expansion_of_hero = {h["name"]: h["expansion"] for h in heroes["heroes"]}
    by_name: dict[str, list[str]] = {}
    for r in rows:
        by_name.setdefault(r["name"], []).append(r["hero"])
    motivation = sorted(h for n, hs in by_name.items() for h in hs
                        if re.fullmatch(r"Motivation \(\w+\)", n))
    if motivation:
        by_name["Motivation"] = motivation
    records = []
    for name, owners in by_name.items():
        if len(owners) == 1:
            records.append(base_record("skill", name, hero=owners[0],
                                       expansion=expansion_of_hero[owners[0]]))
        else:
            records.append(base_record("skill", name, heroes=sorted(owners)))
    return records


def tactic_records(rows: list[dict]) -> list[dict]:
    return [base_record("tactic", r["name"], time_of_day=r["time_of_day"], order=r["order"],
                        expansion="base") for r in rows]


def hero_records(heroes: dict) -> list[dict]:
    """Heroes (and Volkare, not playable) as records so ``Hero: Tovak`` resolves by name."""
    records = [base_record("hero", hero["name"], keep=("playable",), names=hero.get("names"),
                           expansion=hero["expansion"], needs=hero.get("needs"), playable=True)
               for hero in heroes["heroes"]]
    records += [base_record("hero", other["name"], keep=("playable",),
                            expansion=other.get("expansion"), role=other.get("role"),
                            playable=False)
                for other in heroes.get("non_playable", [])]
    return records


def wound_record() -> dict:
    names = {"zh-Hans": WOUND_NAMES_ZH, "zh-Hant": [to_traditional(n) for n in WOUND_NAMES_ZH]}
    return {"id": "wound", "name": "Wound", "kind": "wound", "types": ["wound"],
            "names": names, "expansion": "base"}


# --------------------------------------------------------------------------- checks

def check_count(what: str, actual: int, expected: int) -> None:
    if actual != expected:
        raise DataError(f"{what}: {actual} found, expected {expected} "
                        "(docs/games/mageknight.md §7.2)")


def check_standard_deck(rows: list[dict]) -> None:
    check_count("basic-actions.md standard cards", len(rows), EXPECTED["basic_action"])
    for row, (name, copies, colour) in zip(rows, STANDARD_DECK):
        if (row["name"], row["copies"], row["colour"]) != (name, copies, colour):
            raise DataError(f"{row['where']}: {row['name']} x{row['copies']} {row['colour']}; "
                            f"expected {name} x{copies} {colour} (§2)")
    check_count("standard deck size", sum(r["copies"] for r in rows), STANDARD_DECK_SIZE)


def check_by_expansion(kind: str, rows: list[dict]) -> None:
    counts = Counter(r["expansion"] for r in rows)
    if dict(counts) != EXPECTED_BY_EXPANSION[kind]:
        raise DataError(f"{kind}: per-expansion counts {dict(counts)}, "
                        f"expected {EXPECTED_BY_EXPANSION[kind]} (§6)")


def check_numbers_unique(rows: list[dict]) -> None:
    """Every printed number belongs to one card (units may repeat a name, never a number)."""
    seen: dict[tuple, str] = {}
    for r in rows:
        if r.get("number") is None:
            continue
        number = ("UE" if r.get("ue") else "", r["number"])
        if number in seen:
            raise DataError(f"{r['where']}: number {number[0]}{number[1]} used by "
                            f"{seen[number]} and {r['name']}")
        seen[number] = r["name"]


def record_keys(record: dict) -> set[str]:
    """Every normalised name a record answers to (name, faces, aliases, foreign names)."""
    names = [record["name"], *record.get("aliases", [])]
    names += [face["name"] for face in record.get("faces", [])]
    for values in (record.get("names") or {}).values():
        names += values
    return {key(n) for n in names}


def check_unique_names(records: list[dict]) -> None:
    """No normalised name (including a spell's powered name) answers to two records."""
    owner: dict[str, str] = {}
    for record in records:
        for k in record_keys(record):
            if k in owner:
                raise DataError(f"name {k!r} used by both {owner[k]} and {record['id']}")
            owner[k] = record["id"]
    bogus = {key(n) for n in BOGUS_ADVANCED_ACTIONS} & set(owner)
    if bogus:
        raise DataError(f"bogus Advanced Action names still present: {sorted(bogus)}")


def check_ids_unique(records: list[dict]) -> None:
    ids = Counter(r["id"] for r in records)
    double = [i for i, n in ids.items() if n > 1]
    if double:
        raise DataError(f"duplicate record ids: {double}")


# --------------------------------------------------------------------------- output

def read_source_commit(source: Path) -> dict[str, str]:
    """path in repo -> commit, from the data set's SOURCES.md table."""
    path = source / "SOURCES.md"
    if not path.is_file():
        raise DataError(f"{path}: missing")
    commits = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = _cells(line) if line.startswith("|") else []
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
    sources = [{"dataset": "mageknight reference tables", "repo": REPO,
                "path": f"docs/reference/{name}", "commit": commits[f"docs/reference/{name}"],
                "licence": "card names (c) WizKids / Vlaada Chvátil, used as facts"}
               for name in FILES]
    notes = [
        "heroes.yaml is hand-written from docs/games/mageknight.md §3.1-§3.3; the importer "
        "checks it and copies hero / replaces onto the hero cards.",
        "Correction: Advanced Actions 75 / 78 appear in the data as 'Block and Grab' and "
        "'Crushing Blow', names found in no other source; imported as Blood Ritual and "
        "Regeneration with number null (which is 75 and which 78 is unknown).",
        "Correction: the data's `Replaces` column is never imported. It says Cold Toughness "
        "replaces Rage (judged: Determination) and Tirelessness replaces March (judged: "
        "Stamina); both judged cards share the hero card's colour, as every other pair does.",
        "Hero-card colours are not imported (several are wrong in the data; no check uses them).",
        "Battle Rage and Axe Throw (named by one digital implementation only) are recorded with "
        "verified: false and belong to no starting deck.",
        "fame_levels.yaml comes from docs/games/mageknight.md §6.4 (printed Fame track), not "
        "from the data.",
        "The engine code of mage-knight-digital/MageKnight and yav/MageKnight were used only to "
        "judge conflicts between sources; nothing was copied from them.",
        "Chinese terms (创伤 / 创伤卡 for Wound, kind names) come from the Simplified-Chinese "
        "walkthrough seed.",
        "Card names are (c) WizKids / Vlaada Chvátil and are used as facts for identification.",
    ]
    write_sources(out, GAME, "Mage Knight", sources, notes=notes,
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
