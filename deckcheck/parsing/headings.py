"""The zone headings every game shares, in English and both Chinese scripts.

Players write the same headings whatever the game: ``Main Deck``, ``主牌``, ``備牌``, ``副牌``,
``Sideboard``, and on Spanish pages ``Mazo principal`` and ``Banquillo``. Each heading here names a *role* (the main deck, the side deck, the ruler …);
a game takes the roles it has zones for (``heading_roles`` in its ``_game.yaml`` names the
zone of a role when the zone is called otherwise, e.g. Magic's ``side: sideboard``; the main
deck is the game's default zone). A game's own ``headers`` come first: where a word is both
a shared heading and one of the game's, the game's reading wins.
"""

from __future__ import annotations

from typing import Any

#: role -> headings (normalise.key folds case, blanks and Traditional to Simplified, but both
#: scripts are written out so the list reads as players write)
COMMON_HEADINGS: dict[str, tuple[str, ...]] = {
    "main": ("Main Deck", "Main", "Maindeck", "Mainboard", "Main Board", "Deck",
             "Mazo principal", "Mazo", "Baraja principal", "Baraja",
             "主牌", "主牌組", "主牌组", "主牌庫", "主牌库", "主卡組", "主卡组", "主套牌", "套牌",
             "牌庫", "牌库"),
    "side": ("Side Deck", "Sideboard", "Side Board", "Side", "SB", "Sideboards", "Side Decks",
             "Banquillo", "Mazo de banquillo", "Mazo auxiliar",
             "備牌", "备牌", "副牌", "側板", "侧板", "備用牌", "备用牌", "備牌區", "备牌区"),
    "ruler": ("Ruler", "Rulers", "Soberano", "領主", "领主", "統治者", "统治者", "裁決者", "裁决者"),
    "stone": ("Magic Stone Deck", "Stone Deck", "Magic Stones", "Stones",
              "魔石", "魔石牌庫", "魔石牌库", "魔石區", "魔石区"),
    "rune": ("Rune Deck", "Runes", "符文", "符文牌庫", "符文牌库"),
    "hero": ("Hero", "英雄", "Héroe"),
    "mage": ("Mage", "法師", "法师", "Mago"),
    "commander": ("Commander", "Commanders", "指揮官", "指挥官", "Comandante"),
}


def role_zones(data: dict[str, Any], zones: list[str], default_zone: str) -> dict[str, str]:
    """Which zone of a game each shared role names: ``heading_roles`` first, else the zone
    of the role's own name, else (for ``main``) the default zone; roles without a zone are
    left out (Magic has no ruler, so ``统治者`` stays a word)."""
    given = data.get("heading_roles") or {}
    out: dict[str, str] = {}
    for role in COMMON_HEADINGS:
        zone = given.get(role) or (role if role in zones else None)
        if zone is None and role == "main":
            zone = default_zone
        if zone:
            out[role] = zone
    return out


def type_heading_words(spec: dict[str, Any] | None) -> list[str]:
    """The type headings a game's ``type_headings`` spell out: per language, every card type
    (singular and plural), after an optional second type and an optional supertype (or
    before them, ``after: true``), joined
    by the language's ``joiner`` (a blank in English, nothing in Chinese): ``Creature``,
    ``Creatures``, ``Artifact Creatures``, ``Legendary planeswalker`` (a decklist widget's
    heading), ``传奇生物``. Case and blanks are folded when the headings are looked up."""
    out: list[str] = []
    for lang in (spec or {}).values():
        join = str(lang.get("joiner", " "))
        after = bool(lang.get("after"))   # Spanish: "Criatura artefacto legendaria"
        supers = [""] + [str(w) for w in lang.get("supertypes") or ()]
        prefixes = [""] + [str(w) for w in lang.get("prefixes") or ()]
        for forms in lang.get("types") or ():
            forms = [forms] if isinstance(forms, str) else forms
            for form in forms:
                for sup in supers:
                    for pre in prefixes:
                        if pre and pre in forms:
                            continue
                        words = (str(form), pre, sup) if after else (sup, pre, str(form))
                        out.append(join.join(w for w in words if w))
    return out
