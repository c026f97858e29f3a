"""Spell facts: schools and levels, traits, and one record per spell name from the precedence
printing (game page §4.3)."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

from deckcheck.carddb.importers.common import DataError, compact
from deckcheck.games.magewars.importing.octgn import OctgnCard, OctgnSet, is_academy_code
from deckcheck.games.magewars.importing.records import slug, split_list
from deckcheck.games.magewars.importing.tables import (HIDDEN_SETS, PRINTING_FACTS, PROMO,
                                                       RULE_FACTS, SCHOOLS, SPELL_TYPES,
                                                       TYPE_SUFFIX_SUBTYPES)

def parse_schools(school: str, level: str, where: str, repairs: list[str]) -> dict:
    """``School``/``Level`` -> ``{kind, parts: [{school, level}]}``.

    "+" joins the parts of an "and" card, "/" the choices of an "or" card.  An "or" card
    with fewer levels than schools repeats its single level (reported in ``repairs``).
    """
    seps = {s for s in "+/" if s in school}
    if len(seps) > 1 or (seps and not (set(level) & seps) and not level.isdigit()):
        raise DataError(f"{where}: cannot read School={school!r} Level={level!r}")
    kind = {"+": "and", "/": "or"}.get(next(iter(seps), ""), "single")
    sep = next(iter(seps), None)
    schools = [s.strip() for s in school.split(sep)] if sep else [school.strip()]
    levels = [lv.strip() for lv in re.split(r"[+/]", level)]
    if any(s not in SCHOOLS for s in schools) or not all(lv.isdigit() for lv in levels):
        raise DataError(f"{where}: unknown school or level in School={school!r} Level={level!r}")
    if len(levels) != len(schools):
        if kind == "or" and len(set(levels)) == 1:
            label = where.split(": ", 1)[-1]      # without the absolute file path
            repairs.append(f"{label}: School={school!r} has Level={level!r}; the single level "
                           f"is repeated for every school of this \"or\" card")
            levels = levels[:1] * len(schools)
        else:
            raise DataError(f"{where}: {len(schools)} schools but {len(levels)} levels "
                            f"(School={school!r} Level={level!r})")
    return {"kind": kind, "parts": [{"school": s, "level": int(lv)} for s, lv in zip(schools, levels)]}


def level_total(schools: dict) -> int:
    levels = [p["level"] for p in schools["parts"]]
    return sum(levels) if schools["kind"] == "and" else levels[0]


def trait_facts(traits: str) -> dict:
    """Epic / Novice / "X Only" / "X Mage Only" / Living / Nonliving from ``Traits``."""
    facts: dict[str, Any] = {"epic": False, "novice": False, "only_class": None,
                             "only_school": None, "living": False, "nonliving": False}
    for trait in split_list(traits):
        if trait == "Epic":
            facts["epic"] = True
        elif trait == "Novice":
            facts["novice"] = True
        elif trait == "Living":
            facts["living"] = True
        elif trait in ("Nonliving", "Non-living"):
            facts["nonliving"] = True
        elif m := re.fullmatch(r"(\w+) Mage Only", trait):
            facts["only_school"] = m.group(1)
        elif m := re.fullmatch(r"(\w+) Only", trait):
            facts["only_class"] = m.group(1)
    return facts


def spell_facts(card: OctgnCard, repairs: list[str]) -> dict:
    """The facts of one spell printing (no text of any kind)."""
    where = f"{card.set.path}: card {card.name!r} (set {card.set.name}, {card.guid})"
    base, _, suffix = card.type.partition("-")
    if base not in SPELL_TYPES or (suffix and suffix not in TYPE_SUFFIX_SUBTYPES):
        raise DataError(f"{where}: unknown Type {card.type!r}")
    subtypes = split_list(card.props.get("Subtype"))
    if suffix and TYPE_SUFFIX_SUBTYPES[suffix] not in subtypes:
        subtypes.append(TYPE_SUFFIX_SUBTYPES[suffix])
    schools = parse_schools(card.props["School"], card.props.get("Level", ""), where, repairs)
    facts = {"type": base, "subtypes": subtypes, "schools": schools,
             "level_total": level_total(schools)}
    facts.update(trait_facts(card.props.get("Traits", "")))
    facts["code"] = card.props.get("CardID", "")
    facts["mana_cost"] = card.props.get("Cost", "")
    facts["slot"] = card.props.get("StatEquipmentSlot", "")
    return facts


def _printing_order(card: OctgnCard) -> tuple:
    return (card.set.tier, card.set.name, card.props.get("CardID", ""), card.guid)


def spell_record(name: str, printings: list[OctgnCard], repairs: list[str]) -> dict:
    """One record per spell name; facts from the precedence printing (§4.3)."""
    printings = sorted(printings, key=_printing_order)
    facts = [spell_facts(p, repairs) for p in printings]
    main = facts[0]
    kind = "aura" if "Aura" in main["subtypes"] and main["level_total"] == 0 else "spell"
    entries, differ, rule_differ = [], False, False
    for card, f in zip(printings, facts):
        entry = compact({"set": card.set.name, "code": f["code"], "octgn_id": card.guid})
        if card.set.playtest:
            entry["official"] = False
        diffs = {k: f[k] for k in PRINTING_FACTS if f[k] != main[k]}   # kept even when False
        differ |= bool(diffs)
        rule_differ |= any(k in diffs for k in RULE_FACTS)
        entries.append(entry | diffs)
    codes = [f["code"] for f in facts]
    sets = list(dict.fromkeys(p.set.name for p in printings))
    record = {
        "id": slug(name), "name": name, "kind": kind,
        "type": main["type"], "types": [main["type"]], "subtypes": main["subtypes"],
        "schools": main["schools"], "level_total": main["level_total"],
        "epic": main["epic"], "novice": main["novice"],
        "only_class": main["only_class"], "only_school": main["only_school"],
        "living": main["living"], "nonliving": main["nonliving"],
        "code": main["code"], "sets": sets,
        "promo_only": all(p.set.name == PROMO for p in printings),
        "playtest": all(p.set.playtest for p in printings),
        "academy": any(is_academy_code(c) for c in codes),
        "mana_cost": main["mana_cost"], "slot": main["slot"],
        "octgn_ids": [p.guid for p in printings],
        "printings": entries,
        "printings_differ": differ,
        "rule_facts_differ": rule_differ,
    }
    record = compact(record)
    record["official"] = not all(p.set.playtest for p in printings)
    return record


def spell_records(sets: list[OctgnSet], repairs: list[str]) -> list[dict]:
    by_name: dict[str, list[OctgnCard]] = defaultdict(list)
    for oset in sets:
        if oset.octgn_name in HIDDEN_SETS:
            continue
        for card in oset.cards:
            if card.is_spell:
                by_name[card.name].append(card)
    return [spell_record(name, cards, repairs) for name, cards in by_name.items()]
