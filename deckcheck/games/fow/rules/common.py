"""What every Force of Will rule module shares: the rule base class, the rule citation
(CR 2.3 or CR 12.7), zone and card-type names, and the entries FOW108 leaves to the others."""

from __future__ import annotations

from deckcheck.games.fow.model import ruler_info
from deckcheck.models import Card, Entry
from deckcheck.rules.base import Context, Rule


ZONE_NAMES = {"ruler": "ruler area", "main": "main deck", "stone": "magic stone deck",
              "side": "side deck", "rune": "rune deck", "extra": "extra deck",
              "stranger": "stranger deck", "ex": "EX deck", "subruler": "sub-ruler area",
              "extension": "extension rule area"}
#: English names of the type keys of :func:`type_key` (a card type without one shows its id)
TYPE_NAMES = {"ruler": "ruler", "j_ruler": "J-ruler", "magic_stone": "magic stone",
              "resonator": "resonator", "chant": "chant", "addition": "addition",
              "regalia": "regalia", "rune": "rune", "sub_ruler": "sub-ruler",
              "extension_rule": "extension rule", "order": "order",
              "stranger_resonator": "stranger resonator", "basic_ruler": "Basic Ruler",
              "master_rune": "master rune", "basic_magic_stone": "basic magic stone",
              "special_magic_stone": "special magic stone", "card": "card"}
#: what a ruler's ``allow_in_main`` text names when it lets stranger resonators in (Magna)
STRANGER_WHAT = ("stranger_resonator", "stranger resonators")


class FowRule(Rule):
    game = "fow"


def is_cr23(ctx: Context) -> bool:
    return str(ctx.fmt.get("cr")) == "2.3"


def ref(ctx: Context, section: str) -> str:
    """The rule citation: CR 2.3 §4.1 in the classic format, else the CR 12.7 section."""
    return "CR 2.3 §4.1" if is_cr23(ctx) else f"CR 12.7 §{section}"


def zname(zone: str) -> str:
    return ZONE_NAMES.get(zone, f"{zone} zone")


def type_key(card: Card) -> list[str]:
    """The card's type as language-neutral keys: one key for the kinds the rules name
    (``stranger_resonator``, ``basic_ruler``, ``basic_magic_stone`` …), else its types."""
    types = list(card.get("types") or ())
    subs = set(card.get("subtypes") or ())
    if "resonator" in types and "stranger" in subs:
        return ["stranger_resonator"]
    if "ruler" in types and "basic" in subs:
        return ["basic_ruler"]
    if "rune" in types and "master" in subs:
        return ["master_rune"]
    if "magic_stone" in types:
        return [{"basic": "basic_magic_stone", "special": "special_magic_stone"}.get(
            card.get("stone_class") or "", "magic_stone")]
    return types or ["card"]


def type_name(card: Card) -> str:
    """:func:`type_key` in English (``J-ruler``, ``stranger resonator``, ``resonator/chant``)."""
    return "/".join(TYPE_NAMES.get(k, k) for k in type_key(card))


def misplaced(ctx: Context) -> set[int]:
    """ids of entries that break their zone's content rule (FOW108 stops other checks)."""
    return ctx.once("fow.misplaced", lambda: {id(e) for e, _ in zone_violations(ctx)})


def placed(ctx: Context, *zones: str) -> list[Entry]:
    """Resolved entries not reported by FOW108 (which stops further checks on an entry)."""
    bad = misplaced(ctx)
    return [e for e in ctx.resolved(*zones) if id(e) not in bad]


def zone_violations(ctx: Context) -> list[tuple[Entry, str]]:
    info = ruler_info(ctx)
    allow_strangers = any(r.get("what") in STRANGER_WHAT
                          for r in info.rules_of("allow_in_main") if r.get("checked", True))
    story_only = any(r.get("what") == "story_chant" for r in info.rules_of("grimoire")
                     if r.get("checked", True))
    out = []
    for e in ctx.resolved():
        spec = ctx.fmt.zone(e.zone)
        if spec is None or e.zone in ("ruler", "side"):
            continue
        card = e.card
        types = set(card.get("types") or ())
        subs = set(card.get("subtypes") or ())
        allow, deny = spec.get("allow_types"), spec.get("deny_types")
        bad = False
        if allow is not None and not (types & set(allow)):
            bad = True
        if deny is not None and types & set(deny):
            bad = True
        if spec.get("deny_subtypes") and subs & set(spec["deny_subtypes"]):
            if not (e.zone == "main" and allow_strangers and "stranger" in subs):
                bad = True
        if spec.get("require_subtypes") and not set(spec["require_subtypes"]) <= subs:
            bad = True
        if spec.get("deny_pure_runes") and "rune" in types and not types & {"chant", "addition"}:
            bad = True
        if e.zone == "extra" and story_only and not ("chant" in types and
                                                     "Story" in (card.get("races") or ())):
            bad = True      # [Grimoire]: the extra deck holds story chants (CR 12.7 §1132.2)
        if bad:
            out.append((e, type_name(card)))
    return out
