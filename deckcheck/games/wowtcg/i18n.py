"""World of Warcraft TCG translation: the argument adapters of the WOW findings (imported with
the catalogues, see the descriptor's ``i18n``); the templates and words are in ``locale/``."""

from __future__ import annotations

import re
from typing import Any

from deckcheck.games.wowtcg.traits import Hero
from deckcheck.i18n import Render, adapter


def _hero(r: Render, a: dict[str, Any]):
    """The hero of a finding (its ``hero_id``) from the card data, if known."""
    card = r.db.get(a["hero_id"]) if r.db is not None and a.get("hero_id") else None
    return Hero.of(card) if card is not None else None


def _wow_classes(r: Render, classes) -> str:
    return "/".join(r.t.term("class", c) for c in classes) if classes else \
        r.t.term("word", "classless")


def _wow_traits(r: Render, hero) -> str:
    t = r.t
    cls = _wow_classes(r, hero.classes)
    if hero.talent:
        cls += f"（{t.term('talent', hero.talent)}）"
    elif hero.traitor:
        cls += f"（{t.term('flag', 'Traitor')}）"
    else:
        cls += f"（{t.term('word', 'no talent')}）"
    parts = [t.term("faction", hero.faction), cls]
    if hero.race:
        parts.append(t.term("race", hero.race))
    parts += [t.term("flag", n) for n, on in (("Monster", hero.monster),
                                                ("Scourge", hero.scourge)) if on]
    if hero.professions:
        parts.append("/".join(t.term("profession", p) for p in hero.professions))
    return " · ".join(parts)


def _wow_requirement(r: Render, alts) -> str:
    words = []
    for alt in alts or ():
        kind, value = alt.get("kind"), alt.get("value")
        words.append(r.t.term({"class": "class", "race": "race", "talent": "talent",
                               "profession": "profession", "faction": "faction",
                               "flag": "flag"}.get(kind, "word"), value))
    return r.t.or_list(words)


@adapter("WOW103")
def _wow_copies(a, r):
    parts = []
    for key, zone in (("main", "main"), ("side", "sideboard")):
        if a.get(key):
            parts.append(r.t.term("word", "n in zone").format(n=a[key], zone=r.zone(zone)))
    if parts:
        a["breakdown"] = " + ".join(parts)


@adapter("WOW102")
def _wow_side(a, r):
    if isinstance(a.get("expected"), (list, tuple)):
        a["used"] = r.t.or_list([s for s in a["expected"] if s] or [0])


@adapter("WOW106")
def _wow_not_hero(a, r):
    a["type"] = r.t.term("type", a.get("type"))


@adapter("WOW108")
def _wow_class(a, r):
    if isinstance(a.get("card_classes"), str):
        a["card_classes"] = "/".join(r.t.term("class", c) for c in a["card_classes"].split("/"))
    hero = _hero(r, a)
    if hero is not None:
        a["hero_classes"] = _wow_classes(r, hero.classes)


@adapter("WOW109")
def _wow_faction(a, r):
    if isinstance(a.get("card_faction"), str):
        a["card_faction"] = "/".join(r.t.term("faction", c)
                                     for c in a["card_faction"].split("/"))
    a["hero_faction"] = r.t.term("faction", a.get("hero_faction"))


@adapter("WOW110")
def _wow_required(a, r):
    if a.get("required") is not None:
        a["requirement"] = _wow_requirement(r, a["required"])
    hero = _hero(r, a)
    if hero is not None:
        a["hero_traits"] = _wow_traits(r, hero)


@adapter("WOW111")
def _wow_reputations(a, r):
    if a.get("reputation_items") is not None:
        a["reputations"] = r.t.items(r.t.term("reputation", x) for x in a["reputation_items"])
    if a.get("card_reputations") is not None:
        a["cards"] = r.t.items(f"{card}（{r.t.term('reputation', rep)}）"
                               for card, rep in a["card_reputations"])


@adapter("WOW112")
def _wow_side_reputation(a, r):
    a["reputation"] = r.t.term("reputation", a.get("reputation"))
    if a.get("base_reputation") is not None:
        a["base_reputation"] = r.t.term("reputation", a["base_reputation"])


@adapter("WOW113")
def _wow_allowed(a, r):
    if a.get("allow_clauses") is not None:
        a["allowed_summary"] = "；".join(_wow_clause(r, c) for c in a["allow_clauses"])


@adapter("WOW114")
def _wow_forbidden(a, r):
    if a.get("forbid_clause") is not None:
        a["forbid_summary"] = r.t.term("word", "no clause").format(
            clause=_wow_clause(r, a["forbid_clause"]))


@adapter("WOW115")
def _wow_two_factions(a, r):
    for key, faction in (("alliance", "Alliance"), ("horde", "Horde")):
        if a.get(f"{key}_items") is not None:
            a[f"{key}_cards"] = f"{r.t.term('faction', faction)}：{a[key]}"


@adapter("WOW117")
def _wow_master_side(a, r):
    if a.get("card_zones") is not None:
        a["cards"] = r.t.items(f"{card}（{r.zone(zone)}）" for card, zone in a["card_zones"])


@adapter("WOW118")
def _wow_talents(a, r):
    a["tree"] = r.t.term("talent", a.get("tree"))
    if a.get("excluded_list") is not None:
        a["excluded"] = r.t.or_list(r.t.term("talent", x) for x in a["excluded_list"])
    if a.get("conflict_trees") is not None:
        a["conflicting"] = r.t.items(
            f"{card}（{'/'.join(r.t.term('talent', x) for x in trees)}）"
            for card, trees in a["conflict_trees"])


@adapter("WOW120")
def _wow_pool(a, r):
    printed = str(a.get("printings") or "")
    if printed == "no constructed set":
        a["printings"] = r.t.term("word", "no constructed set")
    else:
        a["printings"] = re.sub(r" \(block (\d+)\)",
                                lambda m: r.t.term("word", "block n").format(n=m.group(1)),
                                printed)


@adapter("WOW122")
def _wow_printing(a, r):
    if isinstance(a.get("field"), str):
        a["field"] = r.t.items(r.t.term("field", x) for x in a["field"].split(", "))


def _wow_clause(r: Render, clause: dict[str, Any]) -> str:
    """A Deckbuilding clause in words (the Chinese of ``describe_clause``)."""
    t = r.t
    parts: list[str] = []
    noun = t.term("clause", "cards")
    types = clause.get("type")
    if types:
        types = types if isinstance(types, list) else [types]
        noun = t.and_list(t.term("type", x) for x in types)
    if clause.get("neutral"):
        parts.append(t.term("clause", "neutral"))
    fi = clause.get("faction_icon")
    if fi:
        parts.append(t.term("clause", "any faction") if fi == "any"
                     else f"[{t.term('faction', fi)}]")
    ci = clause.get("class_icon")
    if ci:
        parts.append(t.term("clause", "any class") if ci == "any"
                     else f"[{t.term('class', ci)}]")
    if clause.get("reputation"):
        parts.append(t.term("reputation", clause["reputation"]))
    if clause.get("atk_type"):
        parts.append(f"[{t.term('atk_type', clause['atk_type'])}]")
    if clause.get("ally_race"):
        parts.append(t.term("race", clause["ally_race"]))
    tag = clause.get("tag")
    if tag == "Pet":
        noun = t.term("clause", "pets") if not types else noun + t.term("clause", "pets")
    elif tag:
        parts.append(t.term("flag", tag))
    if clause.get("weapon"):
        noun = t.term("clause", "weapons").format(weapon=t.term("weapon", clause["weapon"]))
    tc = clause.get("talent_card")
    if tc == "any":
        noun = t.term("clause", "talent cards")
    elif isinstance(tc, dict):
        parts.append(f"[{t.term('class', tc.get('class'))}]")
        noun = t.term("clause", "talents").format(tree=t.term("talent", tc.get("tree")))
    text = "".join(parts) + noun
    if clause.get("ally_class"):
        text = t.term("clause", "with ally type").format(
            text=text, ally=t.term("class", clause["ally_class"]))
    if clause.get("deals_damage"):
        text = t.term("clause", "deals damage").format(
            text=text, damage=t.term("damage", clause["deals_damage"]))
    if clause.get("has_reputation"):
        text = t.term("clause", "with a reputation")
    if clause.get("text_restriction"):
        text = t.term("clause", "with text restrictions")
    ex = clause.get("except") or []
    if ex:
        shown = []
        for e in ex:
            kind, value = e.get("kind"), e.get("value")
            word = t.term({"class": "class", "race": "race", "talent": "talent",
                           "flag": "flag", "reputation": "reputation"}.get(kind, "word"), value)
            if kind in ("flag", "talent", "class", "race"):
                word = t.term("clause", "hero required").format(trait=word)
            shown.append(word)
        text = t.term("clause", "other than").format(text=text, others=t.items(shown))
    return text
