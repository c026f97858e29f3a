"""A hero's "Deckbuilding:" text (rule 100.2d) parsed into predicates, or ``{unparsed:
true}`` when it is outside the vocabulary (never guessed)."""

from __future__ import annotations

import re
from typing import Any

from deckcheck.carddb.importers.common import compact
from deckcheck.games.wowtcg.importing.facts import canonical_tree, strip_markup
from deckcheck.games.wowtcg.importing.printings import set_sorted
from deckcheck.games.wowtcg.importing.tables import (CLASSES, DAMAGE_TYPES, FACTIONS,
                                                     REPUTATIONS)


_DECKBUILDING = re.compile(r"Deck\s*+b?u?ilding\s*+:?\s*+:?(.*)", re.IGNORECASE | re.DOTALL)


def deckbuilding_text(p: dict) -> str | None:
    """The Deckbuilding paragraph of a hero's rules (up to the next ';'), markup removed."""
    match = _DECKBUILDING.search(strip_markup(p.get("rules")))
    if not match:
        return None
    return match.group(1).split(";")[0].strip()


def build_deckbuilding(printings: list[dict], top: dict) -> dict | None:
    """Structured Deckbuilding of a hero: the latest printing's text, parsed."""
    if top["type"] != "Hero":
        return None
    texts = [t for t in (deckbuilding_text(p) for p in set_sorted(printings)) if t]
    if not texts:
        return None
    return parse_deckbuilding(texts[-1])


class _Unparsed(Exception):
    pass


def parse_deckbuilding(text: str) -> dict:
    """Parse a Deckbuilding paragraph into ``{allow_only, forbid, single_faction}``.

    Anything outside the predicate vocabulary gives ``{unparsed: true}``: a hero is never
    given a guessed restriction.
    """
    text = re.sub(r"\((?:like|received)[^)]*\)?", " ", text)      # "(like Fire Hero Required)"
    text = " ".join(text.split())
    sentences = [s.strip() for s in re.split(r"\.\s*", text) if s.strip()]
    result: dict[str, Any] = {"allow_only": [], "forbid": [], "single_faction": False}
    try:
        if not sentences:
            raise _Unparsed(text)
        for sentence in sentences:
            allow = re.fullmatch(r"You can (?:include only|only include) (.+)", sentence)
            forbid = re.fullmatch(r"You can't (?:include|put) (.+?)(?: in your deck)?", sentence)
            if allow:
                clauses, single = _allow_list(allow.group(1))
                result["allow_only"] += clauses
                result["single_faction"] |= single
            elif forbid:
                result["forbid"] += _forbid_list(forbid.group(1), result["allow_only"])
            else:
                raise _Unparsed(sentence)
    except _Unparsed:
        return {"unparsed": True}
    return compact(result)


#: Allow-list phrases: regex -> function(match) returning clauses.
_CLASS_RE = "|".join(CLASSES)
_ALLOW_PHRASES: list[tuple[str, Any]] = [
    (r"either \[(Alliance|Horde)\] or \[(Alliance|Horde)\] cards",
     lambda m: [{"faction_icon": "any"}]),
    (r"neutral quests and locations", lambda m: [{"type": ["Quest", "Location"], "neutral": True}]),
    (r"neutral quests", lambda m: [{"type": "Quest", "neutral": True}]),
    (r"neutral cards", lambda m: [{"neutral": True}]),
    (r"(?:any )?Melee weapons", lambda m: [{"weapon": "Melee"}]),
    (r"(?:any )?(Traitor|Scourge) cards", lambda m: [{"tag": m.group(1)}]),
    (r"(?:any )?(Aldor|Scryers?|Argent Crusade|Nerubian) cards",
     lambda m: [{"reputation": REPUTATIONS[m.group(1)]}]),
    (r"(?:any )?abilities that deal (\w+) damage",
     lambda m: [{"type": "Ability", "deals_damage": m.group(1).lower()}]),
    (r"(?:any )?\[(" + "|".join(DAMAGE_TYPES) + r")\] allies",
     lambda m: [{"type": "Ally", "atk_type": m.group(1)}]),
    (r"(?:any )?allies with ally type (" + _CLASS_RE + ")",
     lambda m: [{"type": "Ally", "ally_class": m.group(1)}]),
    (r"(?:any )?([A-Z][a-z]+) allies", lambda m: [{"type": "Ally", "ally_race": m.group(1)}]),
    (r"(?:any )?\[(" + _CLASS_RE + r")\] (\w+(?: \w+)?) [Tt]alents",
     lambda m: [{"talent_card": {"class": m.group(1), "tree": _tree_or_fail(m.group(2))}}]),
    (r"(?:any )?\[(" + _CLASS_RE + r")\] cards", lambda m: [{"class_icon": m.group(1)}]),
    (r"(?:any )?\[(" + _CLASS_RE + r")\] abilities and Pets",
     lambda m: [{"type": "Ability", "class_icon": m.group(1)},
                {"tag": "Pet", "class_icon": m.group(1)}]),
    (r"(?:any )?\[(" + _CLASS_RE + r")\] abilities",
     lambda m: [{"type": "Ability", "class_icon": m.group(1)}]),
    (r"(?:any )?\[(" + _CLASS_RE + r")\] equipment",
     lambda m: [{"type": "Equipment", "class_icon": m.group(1)}]),
]
#: each phrase compiled once, ending where the list goes on (module level: the regex audit of
#: tests/hostile/test_regex_audit.py sees every pattern)
_ALLOW_COMPILED = {pattern: re.compile(pattern + r"(?=$|,|\s+and\s)")
                   for pattern, _ in _ALLOW_PHRASES}
_LIST_SEPARATOR = re.compile(r"\s*+(?:,\s*+and\s++|,\s*+)|\s++and\s++")


def _tree_or_fail(word: str) -> str:
    tree = canonical_tree(word)
    if not tree:
        raise _Unparsed(word)
    return tree


def _allow_list(text: str) -> tuple[list[dict], bool]:
    """Consume the allow list phrase by phrase; unknown phrases raise ``_Unparsed``."""
    clauses: list[dict] = []
    single_faction = False
    rest = text.strip()
    while rest:
        for pattern, make in _ALLOW_PHRASES:
            match = _ALLOW_COMPILED[pattern].match(rest)
            if match:
                clauses += make(match)
                single_faction |= pattern.startswith("either")
                rest = rest[match.end():]
                sep = _LIST_SEPARATOR.match(rest)
                if sep:
                    rest = rest[sep.end():]
                elif rest:
                    raise _Unparsed(rest)
                break
        else:
            raise _Unparsed(rest)
    return clauses, single_faction


def _forbid_list(text: str, allowed: list[dict]) -> list[dict]:
    """Forbid phrases: icon cards, "class cards", "Talent cards", or cards with reputation /
    text restrictions ("other" = other than those the allow list names)."""
    text = text.strip()
    restr = re.fullmatch(r"cards with (other )?reputations? or (other )?text restrictions", text)
    if restr:
        return [_with_except({"has_reputation": True},
                             _allowed_reputations(allowed) if restr.group(1) else []),
                _with_except({"text_restriction": True},
                             _allowed_traits(allowed) if restr.group(2) else [])]
    items = [w for w in re.split(r"\s*,\s*(?:or\s+)?|\s+or\s+",
                                 re.sub(r"\s+cards$", "", text)) if w]
    factions, clauses = [], []
    for item in items:
        icon = re.fullmatch(r"\[(\w+)\]", item)
        if icon and icon.group(1).capitalize() in FACTIONS:
            factions.append(icon.group(1).capitalize())
        elif item == "class":
            clauses.append({"class_icon": "any"})
        elif item == "Talent":
            clauses.append({"talent_card": "any"})
        else:
            raise _Unparsed(item)
    if factions:
        clause = {"faction_icon": "any" if set(factions) == set(FACTIONS) else factions[0]}
        clauses.insert(0, clause)
    return clauses


def _with_except(clause: dict, excused: list[dict]) -> dict:
    return {**clause, "except": excused} if excused else clause


def _allowed_reputations(allowed: list[dict]) -> list[dict]:
    return [{"kind": "reputation", "value": c["reputation"]} for c in allowed
            if "reputation" in c]


def _allowed_traits(allowed: list[dict]) -> list[dict]:
    """Hero Required traits the allow list itself names: talent trees and Traitor/Scourge."""
    traits = []
    for c in allowed:
        if isinstance(c.get("talent_card"), dict):
            traits.append({"kind": "talent", "value": c["talent_card"]["tree"]})
        elif c.get("tag") in ("Traitor", "Scourge") and len(c) == 1:
            traits.append({"kind": "flag", "value": c["tag"]})
    return traits
