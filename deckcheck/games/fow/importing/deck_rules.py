"""Deck-building rules read from ability text: the closed list of recognised texts
(:data:`DECK_RULE_PATTERNS`), each turned into structured ``deck_rules``; a text that looks
like a deck-building rule but matches none stops the import."""

from __future__ import annotations

import re
from typing import Callable

from deckcheck.carddb.importers.common import DataError
from deckcheck.games.fow.importing.tables import ATTRIBUTE_ORDER, KEYWORD_FLAGS, NUMBER_WORDS


#: An ability entry that looks like a deck-building rule (must then be classified).
_DECK_WORDS = re.compile(
    r"copies of|copy of|in your (?:main |magic stone |side |extra |stranger |rune |EX )?deck\b"
    r"|deck size|stranger deck|extra deck|EX deck", re.I)


_DECK_VERBS = re.compile(
    r"may have|may not have|cannot have|may only have|must have|no maximum"
    r"|(?:start|begin) the game with", re.I)


def _n(word: str) -> int:
    word = word.lower()
    if word.isdigit():
        return int(word)
    if word not in NUMBER_WORDS:
        raise ValueError(word)
    return NUMBER_WORDS[word]


def _attr_or_race(word: str) -> dict:
    low = word.lower()
    return {"attribute": low} if low in ATTRIBUTE_ORDER else {"race": word}


def _zone(words: str) -> str:
    return "stone" if "magic stone" in words else "deck"


def _copy_any(m):
    return [{"rule": "copy_limit", "limit": "any", "zone": _zone(m["zone"])}]


def _copy_n(m):
    return [{"rule": "copy_limit", "limit": _n(m["n"]), "zone": _zone(m["zone"])}]


def _copy_if_ruler(m):
    rules = [{"rule": "copy_limit", "limit": _n(m["n"]), "zone": "deck",
              "if_starting_ruler": m["ruler"]}]
    if m["kw"]:
        rules.append({"rule": "exempt_keyword_forbid", "keywords": ["Tales", "Villains"],
                      "if_starting_ruler": m["ruler"]})
    return rules


def _copy_named(m):
    names = [n for n in (m["a"], m["b"]) if n]
    rule = {"rule": "copy_limit", "limit": _n(m["n"]), "zone": "deck", "names": names}
    if m["ruler"]:
        rule["if_starting_ruler"] = m["ruler"]
    return [rule]


def _forbid(m):
    zones = ["main", "stone"] if m["stone"] else ["main"]
    return [{"rule": "forbid_keyword", "keyword": KEYWORD_FLAGS[m["kw"]], "zones": zones}]


def _only(m):
    rule = {"rule": "only", "zone": "main",
            "any_of": [_attr_or_race(m["a"])] + ([_attr_or_race(m["b"])] if m["b"] else [])}
    if m["within"]:
        rule["attributes_within"] = [m["c"].lower(), m["d"].lower()]
        rule["checked"] = False
    return [rule]


#: The closed list of recognised deck-building texts (fullmatch on the stripped entry).
DECK_RULE_PATTERNS: list[tuple[re.Pattern, Callable[[re.Match], list[dict]]]] = [
    (re.compile(r"You may have any number of copies of this card in your "
                r"(?P<zone>main deck|deck|magic stone deck)\."), _copy_any),
    (re.compile(r"You may have up to (?P<n>\w+) copies of this card in your "
                r"(?P<zone>deck|magic stone deck)\."), _copy_n),
    (re.compile(r'If your starting ruler is "(?P<ruler>[^"]+)",? you may have up to (?P<n>\w+) '
                r"copies of this card in your deck(?P<kw>, even if your deck or magic stone deck "
                r"contains cards with \[Tales\])?\."), _copy_if_ruler),
    (re.compile(r'(?:If your starting ruler is "(?P<ruler>[^"]+)", you|You) may have up to '
                r'(?P<n>\w+) copies (?:each )?of cards named "(?P<a>[^"]+)"'
                r'(?: or "(?P<b>[^"]+)")? in your deck\.'), _copy_named),
    (re.compile(r"You (?:may not|cannot) have more than one copy of any card in your deck\."),
     lambda m: [{"rule": "singleton"}]),
    (re.compile(r"You cannot have cards with (?:\[|«)(?P<kw>Tales|Villains|VIllains|Will of Hope|"
                r"Will of Despair)(?:\]|») in your deck(?P<stone> or (?:a )?magic stone deck)?\."),
     _forbid),
    (re.compile(r"You cannot have non-(?P<a>light|fire|water|wind|darkness) cards in your "
                r"deck\.(?P<b>)(?P<within>)"), _only),
    (re.compile(r"You may have only (?P<a>\w+) and/or (?P<b>\w+) cards in your deck"
                r"(?P<within> with no attributes other than (?P<c>\w+) or (?P<d>\w+))?\."),
     _only),
    (re.compile(r"You can only have (?P<a>light|fire|water|wind|darkness) cards and "
                r"(?P<b>light|fire|water|wind|darkness) cards in your deck"
                r"(?P<within>, and no cards with attributes other than (?P<c>\w+) or (?P<d>\w+))\."),
     _only),
    # races for one card type, recorded only: ABC-SD06-003 Ki Lua, Fossil Girl of Melted Ice
    # (non-Dinosaur), ABC-SD10-002 Garmheld, the Undead Regent (non-Skeleton, non-Zombie)
    (re.compile(r"You cannot have non-(?P<race>[A-Z][\w -]*?)(?:, non-(?P<race2>[A-Z][\w -]*?))? "
                r"(?P<type>resonator)s in your deck\."),
     lambda m: [{"rule": "only", "zone": "main",
                 "any_of": [{"race": r} for r in (m["race"], m["race2"]) if r],
                 "card_types": [m["type"]], "checked": False}]),
    (re.compile(r"You have no maximum deck size, but must have at least (?P<n>\d+) cards in "
                r"your deck\."),
     lambda m: [{"rule": "deck_size", "zone": "main", "min": int(m["n"]), "no_maximum": True}]),
    (re.compile(r"You may have \(Stranger\) resonators in your deck\. You may not have more "
                r"than one copy of any \(Stranger\) resonator in your deck\."),
     lambda m: [{"rule": "allow_in_main", "what": "stranger_resonator", "copy_limit": 1}]),
    (re.compile(r"\[Grimoire\] \((?P<n>\d+)\) \(Begin the game with an extra deck of up to "
                r"\w+ Story chants\..*\)", re.S),
     lambda m: [{"rule": "grimoire", "size": int(m["n"]), "what": "story_chant"}]),
    (re.compile(r"\[Stranger\] (?P<n>\d+) \(You may begin the game with an? (?:Stranger|extra) "
                r"deck of exactly \w+ \(Stranger\) resonators\..*\)", re.S),
     lambda m: [{"rule": "stranger", "size": int(m["n"])}]),
    (re.compile(r"<(?P<name>[^>]+)> EX Deck \((?P<n>\d+)\) - .*", re.S),
     lambda m: [{"rule": "ex_deck", "name": m["name"], "size": int(m["n"]),
                 "checked": False}]),
    (re.compile(r"You must have exactly (?P<n>\w+) cards in your deck\. As the game starts, "
                r"you may not have this card in your side deck\."),
     lambda m: [{"rule": "deck_size", "zone": "main", "min": _n(m["n"]), "max": _n(m["n"]),
                 "checked": False},
                {"rule": "not_in_side", "checked": False}]),
    (re.compile(r"You may only have cards with a total of exactly (?P<n>\w+) different card "
                r"names in your deck\."),
     lambda m: [{"rule": "distinct_names", "zone": "main", "exactly": _n(m["n"]),
                 "checked": False}]),
    (re.compile(r'If you have exactly four cards named "[^"]+" and four cards named "[^"]+" in '
                r"your deck, you may start the game with exactly (?P<n>\w+) rulers you own "
                r'named "(?P<name>[^"]+)" that don\'t share a name on their J-ruler side as '
                r"starting rulers\."),
     lambda m: [{"rule": "starting_rulers", "name": m["name"], "count": _n(m["n"]),
                 "checked": False}]),
]


def looks_like_deck_rule(entry: str) -> bool:
    return bool(_DECK_WORDS.search(entry) and _DECK_VERBS.search(entry))


def parse_deck_rules(raw: dict, where: str) -> list[dict]:
    """Structured deck rules of one fowsim entry; unknown deck-building text is an error.
    An entry from a facts file (``newer.py``) carries its rules already structured, in
    ``deck_rules``."""
    rules: list[dict] = [dict(r) for r in raw.get("deck_rules") or []]
    for entry in raw.get("abilities") or []:
        text = " ".join(entry.split())
        matched = False
        for pattern, build in DECK_RULE_PATTERNS:
            m = pattern.fullmatch(text)
            if m:
                try:
                    rules.extend(build(m))
                except ValueError as exc:
                    raise DataError(f"{where}: card {raw['id']} ({raw['name']}): "
                                    f"unreadable number {exc} in a deck-building rule") from exc
                matched = True
                break
        if not matched and looks_like_deck_rule(text):
            raise DataError(f"{where}: card {raw['id']} ({raw['name']}): deck-building text "
                            "not recognised; add a pattern to DECK_RULE_PATTERNS")
    return rules
