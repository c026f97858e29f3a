"""The rule facts of one printing: icons, tags, race, and the structured restrictions read
from its text ("[Trait] Hero Required", Reputation, "[Tree] Talent", damage types)."""

from __future__ import annotations

import re

from deckcheck.carddb.importers.common import DataError, compact
from deckcheck.games.wowtcg.importing.tables import (CLASS_FLAGS, CLASSES, DAMAGE_TYPES,
                                                     FACTIONS, HERO_FLAGS, PLAYER_RACES,
                                                     PROFESSIONS, REPUTATIONS, TALENT_TREES,
                                                     TREE_FIXES)


def strip_markup(text: str) -> str:
    """Rules text without HTML tags (tags become spaces), whitespace collapsed."""
    return " ".join(re.sub(r"<[^>]*>", " ", text or "").split())


def class_icons(p: dict) -> list[str]:
    """The class icons of a printing; an "any class" card has none (doc §4.2)."""
    flags = [flag for flag in CLASS_FLAGS if str(p.get(flag) or "").lower() == "x"]
    if len(flags) == len(CLASS_FLAGS) or (len(flags) == 9 and "DeathKnight" not in flags):
        return []
    return [CLASS_FLAGS[f] for f in flags]


def faction_icons(p: dict) -> list[str]:
    faction = p.get("faction")
    if faction == "Both":
        return list(FACTIONS)
    if faction in FACTIONS:
        return [faction]
    if faction != "Neutral":
        raise DataError(f"{p['_stem']}.json: {p['name']!r} has unknown faction {faction!r}")
    return []


def canonical_tree(word: str) -> str | None:
    """A talent tree name from its spelling in the data (case and typos folded)."""
    low = word.strip().lower()
    low = TREE_FIXES.get(low, low).lower()
    for tree in TALENT_TREES:
        if tree.lower() == low:
            return tree
    return None


def clean_tags(p: dict) -> list[str]:
    """``subtype`` .. ``subtype4`` split into single tags, e.g. "Melee(1)" -> "Melee (1)"."""
    tags: list[str] = []
    for field in ("subtype", "subtype2", "subtype3", "subtype4"):
        for part in strip_markup(str(p.get(field) or "")).split(","):
            tag = re.sub(r"\s*\(\s*(\d+)\s*\)", r" (\1)", part.strip())
            tag = canonical_tree(tag) or tag
            if tag and tag not in tags:
                tags.append(tag)
    return tags


def normalise_race(race: str | None) -> str | None:
    if not race:
        return None
    race = " ".join(race.split())
    for known in PLAYER_RACES:
        if known.lower() == race.lower():
            return known
    return race


# "<traits> Hero Required", up to the sentence's start; it starts only at the text's start, after
# ";.:" or after the previous match (where the leftmost match always starts), so a long text
# without the phrase is read once, not once from every position
_REQUIRED = re.compile(r"(?:^|(?<=[;.:])|(?<=Hero Required))([^;.:]*?)(?<!\s)\s*+Hero Required")


def parse_hero_required(p: dict) -> list[dict]:
    """Parse "[Trait] Hero Required" (rule 100.2b) into alternatives ``{kind, value}``.

    Hero texts are skipped (they only quote the phrase), text after "Deckbuilding" and inside
    parentheses is ignored; an unknown trait word fails the import.
    """
    if p["type"] == "Hero":
        return []
    text = strip_markup(p.get("rules") or "")
    text = re.split(r"Deck\s*b?u?ilding", text)[0]
    text = re.sub(r"\([^)]*\)", " ", text)
    phrases = [m.group(1).strip() for m in _REQUIRED.finditer(text)]
    if len(phrases) > 1:
        raise DataError(f"{p['_stem']}.json: {p['name']!r} has several 'Hero Required' phrases")
    if not phrases:
        return []
    alternatives = []
    for word in re.split(r"\s*,\s*(?:or\s+)?|\s+or\s+", phrases[0]):
        if word:
            alternatives.append(_trait(word, p))
    return alternatives


def _trait(word: str, p: dict) -> dict:
    """One trait word of a "Hero Required" phrase as ``{kind, value}``."""
    bracket = re.fullmatch(r"\[(.+)\]", word)
    if bracket and bracket.group(1) in CLASSES:
        return {"kind": "class", "value": bracket.group(1)}
    tree = canonical_tree(word)
    if tree:
        return {"kind": "talent", "value": tree}
    for kind, values in (("race", PLAYER_RACES), ("profession", PROFESSIONS),
                         ("faction", FACTIONS), ("flag", HERO_FLAGS)):
        if word in values:
            return {"kind": kind, "value": word}
    raise DataError(f"{p['_stem']}.json: {p['name']!r}: unknown trait {word!r} in "
                    f"'Hero Required'")


def parse_reputation(p: dict) -> str | None:
    if p["type"] == "Hero":                     # a hero's own reputation is not a deck card's
        return None
    found = {REPUTATIONS[m.group(1)] for m in re.finditer(
        r"\b(Aldor|Scryers?|Argent Crusade|Nerubian) Reputation", strip_markup(p.get("rules")))}
    if len(found) > 1:
        raise DataError(f"{p['_stem']}.json: {p['name']!r} names several reputations")
    return found.pop() if found else None


_TALENT_START = re.compile(r"^\s*([A-Za-z]+(?: [A-Za-z]+)?) Talent\b(.*)$")


def parse_talent_card(p: dict) -> dict | None:
    """A card beginning with a bold "[Tree] Talent" and its excluded trees (rule text)."""
    match = _TALENT_START.match(strip_markup(p.get("rules")))
    tree = canonical_tree(match.group(1)) if match else None
    if not tree:
        return None
    reminder = re.match(r"\s*+\(?\s*+You can't (?:put|include) (.*?) in(?:to)? (?:your|you) deck",
                        match.group(2))
    if not reminder:
        raise DataError(f"{p['_stem']}.json: {p['name']!r}: '{tree} Talent' without the "
                        f"excluded-talents reminder")
    words = re.split(r",|\bor\b", re.sub(r"\bTalents?\b", " ", reminder.group(1)))
    excludes = [canonical_tree(w) for w in words if w.strip()]
    if len(excludes) != 2 or None in excludes or tree in excludes:
        raise DataError(f"{p['_stem']}.json: {p['name']!r}: cannot read the excluded talents "
                        f"of '{tree} Talent'")
    return {"tree": tree, "excludes": excludes}


_DEALS = re.compile(r"\bdeals? (?:\S+ )?(?:unpreventable )?(" + "|".join(DAMAGE_TYPES)
                    + r") damage", re.IGNORECASE)


def parse_deals_damage(p: dict) -> list[str]:
    if p["type"] not in ("Ability", "Ability Ally"):
        return []
    return sorted({m.group(1).lower() for m in _DEALS.finditer(strip_markup(p.get("rules")))})


def hero_traits(p: dict) -> dict:
    """The six hero traits of rule 206 (class, faction, professions, race, talent, Traitor)
    plus the Monster and Scourge sub-types."""
    subtype = str(p.get("subtype") or "")
    return compact({
        "classes": [c for c in (p.get("class"), p.get("class2")) if c],
        "faction": p.get("faction"),
        "race": normalise_race(p.get("race")),
        "talent": canonical_tree(subtype),
        "traitor": subtype == "Traitor",
        "monster": subtype == "Monster",
        "scourge": p.get("subtype2") == "Scourge",
        "professions": [x for x in (p.get("profession"), p.get("profession2")) if x],
    })


def printing_facts(p: dict) -> dict:
    """The rule facts of one printing (the fields a record or a variant carries)."""
    is_hero = p["type"] == "Hero"
    tags = [] if is_hero else clean_tags(p)
    atk = str(p.get("dmgtype") or "").capitalize()
    facts = {
        "type": p["type"],
        "cost": p.get("cost") if isinstance(p.get("cost"), int) else None,
        "instant": p.get("instant") == "Instant",
        "faction_icons": faction_icons(p),
        "class_icons": class_icons(p),
        "ally_class": [] if is_hero else [c for c in (p.get("class"), p.get("class2")) if c],
        "race": None if is_hero else normalise_race(p.get("race")),
        "talents": [t for t in tags if t in TALENT_TREES],
        "atk_type": atk if atk in DAMAGE_TYPES else None,
        "tags": tags,
        "hero_required": parse_hero_required(p),
        "reputation": parse_reputation(p),
        "talent_card": parse_talent_card(p),
        "deals_damage": parse_deals_damage(p),
        "hero": hero_traits(p) if is_hero else None,
    }
    return facts


#: Facts whose difference between printings makes a separate variant.
VARIANT_KEYS = ("type", "faction_icons", "class_icons", "ally_class", "race", "atk_type",
                "hero_required", "reputation", "talent_card", "hero")
#: Facts some printings simply lack (no race / ATK type / ally type recorded): an empty value
#: takes the other printings' value instead of making a variant.
FILLABLE_KEYS = ("race", "atk_type", "ally_class")
#: Facts merged (union) over the printings of one variant: one printing often lacks a tag.
UNION_KEYS = ("tags", "talents", "deals_damage")
