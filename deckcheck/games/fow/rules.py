"""Force of Will construction rules (FOW codes): CR 2.3 §4.1 and CR 12.7 §402–404.

The numbers come from the format files (``formats/fow/``); the card facts (types, stone
class, keywords, structured deck rules read from card text) from ``cards/fow/``. Messages cite
"CR 2.3 §4.1" in ``fow-classic`` and the CR 12.7 section in the cluster formats.
"""

from __future__ import annotations

from typing import Any

from deckcheck.games.fow.model import card_keywords, ruler_info, starting_ruler_names
from deckcheck.models import Card, Entry, Severity
from deckcheck.rules.base import Context, Rule, card_matches, register
from deckcheck.rules.generic import CopyCount, ZoneBound, count_copies

ZONE_NAMES = {"ruler": "ruler area", "main": "main deck", "stone": "magic stone deck",
              "side": "side deck", "rune": "rune deck", "extra": "extra deck",
              "stranger": "stranger deck", "ex": "EX deck", "subruler": "sub-ruler area",
              "extension": "extension rule area"}
TYPE_NAMES = {"ruler": "ruler", "j_ruler": "J-ruler", "magic_stone": "magic stone",
              "resonator": "resonator", "chant": "chant", "addition": "addition",
              "regalia": "regalia", "rune": "rune", "sub_ruler": "sub-ruler",
              "extension_rule": "extension rule", "order": "order"}
_STRANGER_WHAT = ("stranger_resonator", "stranger resonators")


class FowRule(Rule):
    game = "fow"


def is_cr23(ctx: Context) -> bool:
    return str(ctx.fmt.get("cr")) == "2.3"


def ref(ctx: Context, section: str) -> str:
    """The rule citation: CR 2.3 §4.1 in the classic format, else the CR 12.7 section."""
    return "CR 2.3 §4.1" if is_cr23(ctx) else f"CR 12.7 §{section}"


def zname(zone: str) -> str:
    return ZONE_NAMES.get(zone, f"{zone} zone")


def type_name(card: Card) -> str:
    types = list(card.get("types") or ())
    subs = set(card.get("subtypes") or ())
    if "resonator" in types and "stranger" in subs:
        return "stranger resonator"
    if "ruler" in types and "basic" in subs:
        return "Basic Ruler"
    if "rune" in types and "master" in subs:
        return "master rune"
    if "magic_stone" in types:
        return {"basic": "basic magic stone", "special": "special magic stone"}.get(
            card.get("stone_class") or "", "magic stone")
    return "/".join(TYPE_NAMES.get(t, t) for t in types) or "card"


def type_key(card: Card) -> list[str]:
    """What :func:`type_name` says, as language-neutral keys (for translated messages)."""
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


def misplaced(ctx: Context) -> set[int]:
    """ids of entries that break their zone's content rule (FOW108 stops other checks)."""
    return ctx.once("fow.misplaced", lambda: {id(e) for e, _ in _zone_violations(ctx)})


def placed(ctx: Context, *zones: str) -> list[Entry]:
    """Resolved entries not reported by FOW108 (which stops further checks on an entry)."""
    bad = misplaced(ctx)
    return [e for e in ctx.resolved(*zones) if id(e) not in bad]


def _zone_violations(ctx: Context) -> list[tuple[Entry, str]]:
    info = ruler_info(ctx)
    allow_strangers = any(r.get("what") in _STRANGER_WHAT
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


def _place_hint(card: Card) -> str:
    types = set(card.get("types") or ())
    if "ruler" in types or "j_ruler" in types:
        return f"; declare it with 'Ruler: {card.name}'" if "ruler" in types else ""
    if "magic_stone" in types:
        return "; put it in the magic stone deck"
    if "rune" in types:
        return "; put it in the rune deck"
    if "resonator" in types and "stranger" in set(card.get("subtypes") or ()):
        return "; put it in the stranger deck"
    return "; put it in the main deck"


def _place_hint_key(card: Card) -> str:
    """What :func:`_place_hint` says, as a language-neutral key."""
    types = set(card.get("types") or ())
    if "ruler" in types or "j_ruler" in types:
        return "declare-ruler" if "ruler" in types else "none"
    if "magic_stone" in types:
        return "stone-deck"
    if "rune" in types:
        return "rune-deck"
    if "resonator" in types and "stranger" in set(card.get("subtypes") or ()):
        return "stranger-deck"
    return "main-deck"


# ---------------------------------------------------------------------------------------
# sizes


def main_bounds(ctx: Context) -> tuple[int, int | None, str]:
    spec = ctx.fmt.zone("main") or {}
    low, high, note = spec.get("min", 0), spec.get("max"), ""
    for r in ruler_info(ctx).rules_of("deck_size"):
        if r.get("zone", "main") != "main" or r.get("checked") is False:
            continue
        if r.get("min") is not None:
            low = r["min"]
        if r.get("no_maximum"):
            high = spec.get("max_if_ruler_no_maximum", high) if high is not None else None
            note = f" ({ruler_info(ctx).starting.name} has no maximum, but CR 12.7 caps decks at {high})"
        elif r.get("max") is not None:
            high = r["max"]
    return low, high, note


@register
class MainDeckTooSmall(FowRule, ZoneBound):
    """The main deck has fewer cards than the format requires.

    CR 2.3 §4.1: "主牌庫至少 40 張牌" (at least 40 cards); CR 12.7 §402.3a: at least forty.
    A ruler's text can raise the minimum (Typhon, the Infinite Monster: 100).
    """

    code = "FOW101"
    name = "main-deck-too-small"
    message = "Main deck has {actual} cards; {format} requires at least {expected}. ({rule})"
    zone, bound = "main", "min"

    def limit(self, ctx):
        return main_bounds(ctx)[0]

    def args(self, ctx):
        return {"rule": ref(ctx, "402.3a")}


@register
class MainDeckTooLarge(FowRule, ZoneBound):
    """The main deck has more cards than CR 12.7 allows (60; 200 when the ruler has no
    maximum). CR 2.3 has no maximum."""

    code = "FOW102"
    name = "main-deck-too-large"
    message = ("Main deck has {actual} cards; {format} allows at most {expected}{ruler_note}. "
               "(CR 12.7 §402.3a)")
    zone, bound = "main", "max"

    def limit(self, ctx):
        return main_bounds(ctx)[1]

    def args(self, ctx):
        note = main_bounds(ctx)[2]
        return {"ruler_note": note, "ruler_note_key": "no-maximum" if note else "none",
                "ruler": ctx.label(ruler_info(ctx).starting) if note else None}


@register
class StoneDeckTooSmall(FowRule, ZoneBound):
    """The magic stone deck has fewer than 10 cards (CR 2.3 §4.1; CR 12.7 §402.4a)."""

    code = "FOW103"
    name = "stone-deck-too-small"
    message = "Magic stone deck has {actual} cards; at least {expected} required. ({rule})"
    zone, bound = "stone", "min"

    def args(self, ctx):
        return {"rule": ref(ctx, "402.4a")}


@register
class StoneDeckTooLarge(FowRule, ZoneBound):
    """The magic stone deck has more than 20 cards (CR 2.3 §4.1; CR 12.7 §402.4a)."""

    code = "FOW107"
    name = "stone-deck-too-large"
    message = "Magic stone deck has {actual} cards; at most {expected} allowed. ({rule})"
    zone, bound = "stone", "max"

    def args(self, ctx):
        return {"rule": ref(ctx, "402.4a")}


# ---------------------------------------------------------------------------------------
# the ruler


@register
class RulerMissing(FowRule):
    """No ruler is declared. Every deck has exactly one ruler (CR 2.3 §4.1; CR 12.7 §402.2).

    Declare it with ``Ruler: <name>`` (or ``領主: <name>``). If the main deck holds a ruler
    card, the message suggests it; the card is not moved.
    """

    code = "FOW104"
    name = "ruler-missing"
    message = "No ruler declared. Add `Ruler: <name>`{suggestion_text}. ({rule})"
    claims = ("zone:ruler:missing", "size:ruler:min")

    def check(self, ctx):
        if ctx.count("ruler") > 0:
            return
        candidates = [e.card for e in ctx.resolved("main", "side")
                      if "ruler" in (e.card.get("types") or ())]
        text = f" (the list holds the ruler {candidates[0].name})" if candidates else ""
        yield self.finding(ctx, zone="ruler", expected=1, actual=0,
                           suggestion=f"Ruler: {candidates[0].name}" if candidates else None,
                           suggestion_text=text, rule=ref(ctx, "402.2"),
                           suggestion_text_key="holds" if candidates else "none",
                           held=ctx.label(candidates[0]) if candidates else None)


@register
class TooManyRulers(FowRule):
    """More rulers than allowed: one (CR 2.3 §4.1; CR 12.7 §402.2), or up to three when
    rulers with [Tag] or [Partner] are used (CR 12.7 §1145, §1155)."""

    code = "FOW105"
    name = "too-many-rulers"
    message = "{actual} rulers declared ({cards}); {format} allows {expected}. ({rule})"
    claims = ("size:ruler:max",)

    def check(self, ctx):
        have = ctx.count("ruler")
        spec = ctx.fmt.zone("ruler") or {}
        allowed = spec.get("max", 1)
        if spec.get("max_with_tag_or_partner"):
            if any(k in card_keywords(e.card) for e in ctx.resolved("ruler")
                   for k in ("Tag", "Partner")):
                allowed = spec["max_with_tag_or_partner"]
        if have > allowed:
            names = ", ".join(f"{e.count} × {e.card.name if e.card else e.name}"
                              if e.count > 1 else (e.card.name if e.card else e.name)
                              for e in ctx.entries("ruler") if e.count > 0)
            surplus = _surplus_ruler(ctx, allowed)
            yield self.finding(ctx, zone="ruler", expected=allowed, actual=have,
                               card=(surplus.card or surplus.name) if surplus else None,
                               line=surplus.line if surplus else ctx.first_line("ruler"),
                               cards=names, rule=ref(ctx, "402.2"))


def _surplus_ruler(ctx: Context, allowed: int) -> Entry | None:
    """The first ruler-zone entry beyond the allowed number (the starting ruler stays)."""
    seen = 0
    for e in ctx.entries("ruler"):
        seen += e.count
        if seen > allowed:
            return e
    return None


def invalid_ruler_reason(ctx: Context, card: Card) -> str | None:
    """Why ``card`` cannot be a starting ruler in this format (None: it can)."""
    types = set(card.get("types") or ())
    if "ruler" not in types:
        if card.get("orphan_j") or "j_ruler" in types:
            return "it is a J-ruler without a ruler side"
        return f"it is a {type_name(card)}, not a ruler"
    if not is_cr23(ctx) and "Arcana" in (card.get("races") or ()):
        return "it is of the Arcana race"
    if not is_cr23(ctx) and "basic" in (card.get("subtypes") or ()):
        return "it is a Basic Ruler"
    return None


def invalid_ruler_key(ctx: Context, card: Card) -> str | None:
    """What :func:`invalid_ruler_reason` says, as a language-neutral key."""
    types = set(card.get("types") or ())
    if "ruler" not in types:
        if card.get("orphan_j") or "j_ruler" in types:
            return "j-ruler-without-ruler"
        return "not-a-ruler"
    if not is_cr23(ctx) and "Arcana" in (card.get("races") or ()):
        return "arcana"
    if not is_cr23(ctx) and "basic" in (card.get("subtypes") or ()):
        return "basic-ruler"
    return None


@register
class InvalidRuler(FowRule):
    """A card in the ruler area cannot be the starting ruler: it is not a ruler (e.g. a
    resonator, or a J-ruler with no ruler side), or, in CR 12.7, it is an Arcana ruler or a
    Basic Ruler (§402.2)."""

    code = "FOW106"
    name = "invalid-ruler"
    message = "{card} cannot be the starting ruler: {reason}. ({rule})"

    def check(self, ctx):
        for e in ctx.resolved("ruler"):
            card = e.card
            reason = invalid_ruler_reason(ctx, card)
            if reason is None:
                continue
            yield self.finding(ctx, zone="ruler", card=card, line=e.line, reason=reason,
                               rule=ref(ctx, "402.2"), reason_key=invalid_ruler_key(ctx, card),
                               type_key=type_key(card))


@register
class RulerFaceResolved(FowRule):
    """A J-ruler name (or a J-ruler card id) was given for the ruler; it was read as the
    ruler card whose back face it is."""

    code = "FOW126"
    name = "ruler-face-resolved"
    severity = Severity.INFO
    stage = "parse"
    message = 'Line {line}: "{input}" is the J-ruler side of {card}; read as that ruler.'


@register
class RulerVersionAmbiguous(FowRule):
    """A ruler name exists with different J-ruler backs (e.g. Pandora, Girl of the Box →
    Pandora of Light or Pandora of Dark). Write ``Ruler // J-ruler`` to choose; until then
    the checks use every version's keywords."""

    code = "FOW127"
    name = "ruler-version-ambiguous"
    severity = Severity.WARNING
    message = ("{card} exists with {n} different J-rulers ({faces}); write `{card} // "
               "<J-ruler>` to choose. Checks used all of them.")

    def check(self, ctx):
        for e in ctx.resolved("ruler", "side"):
            versions = e.extra.get("versions")
            if not versions:
                continue
            faces = [f["name"] for c in versions for f in c.faces
                     if {"j_ruler", "order"} & set(f.get("types") or ())]
            yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line, n=len(versions),
                               faces=", ".join(faces) or "unknown")


@register
class RulerPairingNotChecked(FowRule):
    """Several rulers are declared under [Tag]/[Partner]; their pairing conditions (same
    race, named partners, «Bond») are not checked."""

    code = "FOW133"
    name = "ruler-pairing-not-checked"
    severity = Severity.INFO
    message = "{n} rulers declared under [Tag]/[Partner]; their pairing conditions were not checked."

    def check(self, ctx):
        if is_cr23(ctx):
            return
        rulers = ctx.resolved("ruler")
        n = sum(e.count for e in rulers)
        if n > 1 and any(k in card_keywords(e.card) for e in rulers for k in ("Tag", "Partner")):
            yield self.finding(ctx, zone="ruler", n=n, line=ctx.first_line("ruler"))


@register
class RulerTextNotChecked(FowRule):
    """The starting ruler has deck-building text that deckcheck records but does not check
    (for example the Arcana rulers' attribute limits or Neun's nine names)."""

    code = "FOW132"
    name = "ruler-text-not-checked"
    severity = Severity.WARNING
    message = "{ruler} has deck-building text that deckcheck does not check."

    def check(self, ctx):
        info = ruler_info(ctx)
        if info.starting is None or invalid_ruler_reason(ctx, info.starting):
            return  # an invalid starting ruler is FOW106; its text is moot
        unchecked = sorted({r.get("rule") for r in info.deck_rules if r.get("checked") is False})
        if unchecked:
            yield self.finding(ctx, zone="ruler", card=info.starting,
                               line=info.starting_entry.line, ruler=ctx.label(info.starting),
                               unchecked=", ".join(unchecked))


# ---------------------------------------------------------------------------------------
# zone contents


@register
class CardNotAllowedInZone(FowRule):
    """A card is in a zone its type may not be in.

    The main deck holds no rulers, J-rulers or magic stones (CR 2.3 §4.1; CR 12.7 §402.3 also
    excludes stranger resonators, sub-rulers, extension rules and runes that are not chants
    or additions); the magic stone deck holds only magic stones (a resonator "treated as" a
    stone is a main-deck card); rune, extra and stranger decks hold only their own kinds.
    The entry still counts toward its zone's size, but is not checked further.
    """

    code = "FOW108"
    name = "card-not-allowed-in-zone"
    message = "{card} is a {type} and cannot be in the {zone_name} ({rule}){hint}."
    claims = ("zone-types",)

    def check(self, ctx):
        sections = {"main": "402.3", "stone": "402.4", "rune": "402.6", "extra": "402.5",
                    "stranger": "402.7"}
        for e, tname in _zone_violations(ctx):
            yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line, type=tname,
                               expected=0, actual=e.count,
                               zone_name=zname(e.zone), hint=_place_hint(e.card),
                               rule=ref(ctx, sections.get(e.zone, "402")),
                               type_key=type_key(e.card), hint_key=_place_hint_key(e.card))


@register
class TypeNotInRules(FowRule):
    """A card type that CR 2.3 does not know (rune, master rune, stranger resonator,
    sub-ruler, extension rule, order, Basic Ruler) is used in ``fow-classic``.

    CR 2.3 §2.1 lists the types: ruler, J-ruler, magic stone, resonator, chant, addition and
    regalia.
    """

    code = "FOW116"
    name = "type-not-in-rules"
    message = ("{card} is a {type}; rules 2.3 know only rulers, J-rulers, magic stones, "
               "resonators, chants, additions and regalia.")

    def check(self, ctx):
        known = ctx.fmt.get("card_types")
        if not known:
            return
        seen = set()
        for e in placed(ctx):
            card = e.card
            types = set(card.get("types") or ())
            subs = set(card.get("subtypes") or ())
            unknown = types - set(known)
            if "resonator" in types and "stranger" in subs:
                unknown.add("stranger")
            if "ruler" in types and "basic" in subs:
                unknown.add("basic")
            if unknown and card.id not in seen:
                seen.add(card.id)
                yield self.finding(ctx, zone=e.zone, card=card, line=e.line,
                                   type=type_name(card), type_key=type_key(card))


# ---------------------------------------------------------------------------------------
# copies


def _copy_overrides(ctx: Context) -> dict[tuple[str, str], tuple[Any, Card, bool]]:
    """Copy limits changed by card text in the deck.

    ``(name, deck|stone) -> (limit, the card saying so, names_ruler)``; ``names_ruler`` is
    true when the text is conditional on the starting ruler ("if your ruler is Zeus …"),
    which is what lets it beat a restricting ruler (CR 12.7 §404.7a).
    """

    def build():
        starting = starting_ruler_names(ctx)
        out: dict[tuple[str, str], tuple[Any, Card, bool]] = {}
        cards = {e.card.id: e.card for e in ctx.resolved()}
        for card in cards.values():
            for r in card.get("deck_rules") or ():
                if r.get("rule") != "copy_limit" or r.get("checked") is False:
                    continue
                cond = r.get("if_starting_ruler")
                if cond and cond not in starting:
                    continue
                for name in r.get("names") or [card.name]:
                    out[(name, r.get("zone", "deck"))] = (r["limit"], card, bool(cond))
        return out

    return ctx.once("fow.copy_overrides", build)


def _effective(limit: int, name: str, kind: str, ctx: Context,
               restricted: bool = False) -> tuple[int | None, Card | None]:
    """The limit for ``name`` after card text; ``None`` = unlimited.

    ``restricted``: the base limit comes from a restricting ruler (singleton), so only text
    that names that ruler applies (CR 12.7 §404.7a).
    """
    over = _copy_overrides(ctx).get((name, kind))
    if over is None:
        return limit, None
    value, source, names_ruler = over
    if restricted and not names_ruler:
        return limit, None
    return (None if value == "any" else int(value)), source


def _is_singleton(ctx: Context) -> bool:
    """The starting ruler's text allows one copy of each card (card text: any format)."""
    return bool(ruler_info(ctx).rules_of("singleton"))


def is_stone(card: Card) -> bool:
    return "magic_stone" in (card.get("types") or ())


def _counts(ctx: Context, zones: list[str], stones_only: bool = False,
            only: list[Any] | None = None) -> list[CopyCount]:
    """Copies per name over ``zones``: basic magic stones and misplaced entries (FOW108)
    left out; ``only``: format predicates a card must match to be counted."""
    bad = misplaced(ctx)
    counts = [c for c in count_copies(ctx, zones, exempt=[{"stone_class": "basic"}], limit=4)
              if c.limit is not None]
    out = []
    for c in counts:
        if only and not any(card_matches(c.card, p) for p in only):
            continue
        c.entries = [e for e in c.entries if id(e) not in bad]
        c.total = sum(e.count for e in c.entries)
        c.by_zone = {}
        for e in c.entries:
            c.by_zone[e.zone] = c.by_zone.get(e.zone, 0) + e.count
        if stones_only and not is_stone(c.card):
            continue
        if c.total:
            out.append(c)
    return out


def _zones_text(c: CopyCount) -> str:
    order = ["ruler", "main", "stone", "side", "extra", "ex", "rune", "stranger", "subruler",
             "extension"]
    return " + ".join(z for z in sorted(c.by_zone, key=lambda z: order.index(z)
                                        if z in order else 99))


SINGLETON_ZONES = ["main", "extra", "ex", "rune", "stranger"]   # 404.1b: not the side deck


def _singleton_breaches(ctx: Context) -> list[CopyCount]:
    """Names over the one-copy limit of a singleton starting ruler (FOW122)."""

    def build():
        if not _is_singleton(ctx):
            return []
        out = []
        for c in _counts(ctx, SINGLETON_ZONES):
            if is_stone(c.card):
                continue          # [uncertain] stones not covered (fow.md R19); shipped: no
            limit, _ = _effective(1, c.card.name, "deck", ctx, restricted=True)
            if limit is not None and c.total > limit:
                c.limit = limit
                out.append(c)
        return out

    return ctx.once("fow.singleton", build)


def _stranger_limit(ctx: Context, card: Card) -> int | None:
    """A ruler that allows stranger resonators in the deck sets their copy limit (Magna)."""
    if "stranger" not in (card.get("subtypes") or ()):
        return None
    for r in ruler_info(ctx).rules_of("allow_in_main"):
        if r.get("checked") is not False and r.get("what") in _STRANGER_WHAT \
                and r.get("copy_limit") is not None:
            return int(r["copy_limit"])
    return None


@register
class TooManyCopies(FowRule):
    """More than four cards with the same name (CR 2.3 §4.1 over the main and magic stone
    decks; CR 12.7 §404.1 over deck, side deck, extra, EX and rune decks), or more than the
    one-per-name of extra and rune decks and two-per-name of stranger decks (§402.5b–7b),
    or more than one of a sub-ruler or extension rule (§404.4–404.5).

    Basic magic stones are unlimited; other magic stones are FOW110, and a singleton ruler's
    limit is FOW122. A card's own text can change its limit (FOW130).
    """

    code = "FOW109"
    name = "too-many-copies"
    message = "{card}: {actual} copies in {limit_zones}; at most {expected} per name. ({rule})"
    claims = ("copies",)

    def check(self, ctx):
        singleton = {c.card.name for c in _singleton_breaches(ctx)}
        for spec in ctx.fmt.get("copies") or ():
            if spec.get("stones"):
                continue
            zones = spec["zones"]
            for c in _counts(ctx, zones, only=spec.get("only")):
                name = c.card.name
                if is_stone(c.card) or name in singleton:
                    continue  # stones: FOW110; singleton ruler: FOW122
                if spec.get("text_overrides", True):
                    limit, _ = _effective(spec["limit"], name, "deck", ctx)
                else:
                    limit = spec["limit"]
                stranger = _stranger_limit(ctx, c.card)
                if stranger is not None and "main" in c.by_zone and limit is not None:
                    limit = min(limit, stranger)
                if limit is None or c.total <= limit:
                    continue
                yield self.finding(ctx, zone=c.entries[0].zone, card=c.card, line=c.first_line,
                                   expected=limit, actual=c.total, limit_zones=_zones_text(c),
                                   rule=ref(ctx, spec.get("section", "404.1")))


@register
class TooManyStoneCopies(FowRule):
    """More than four copies of a non-basic (special or True) magic stone (CR 2.3 §4.1;
    CR 12.7 §402.4c, §404.2 over the magic stone deck and side deck). Basic magic stones are
    unlimited; some stones' own text allows more (Solarisites, Satellite Crystal)."""

    code = "FOW110"
    name = "too-many-stone-copies"
    message = ("{card} (non-basic magic stone): {actual} copies in {limit_zones}; at most "
               "{expected}. Basic magic stones are unlimited. ({rule})")

    def check(self, ctx):
        for spec in ctx.fmt.get("copies") or ():
            if not (spec.get("stones") or is_cr23(ctx)):
                continue
            for c in _counts(ctx, spec["zones"], stones_only=True):
                limit, _ = _effective(spec["limit"], c.card.name, "stone", ctx)
                if limit is None or c.total <= limit:
                    continue
                yield self.finding(ctx, zone="stone" if "stone" in c.by_zone else c.entries[0].zone,
                                   card=c.card, line=c.first_line, expected=limit,
                                   actual=c.total, limit_zones=_zones_text(c),
                                   rule=ref(ctx, "404.2"))


@register
class SingletonRuler(FowRule):
    """The starting ruler allows one copy of each card ("You cannot have more than one copy
    of any card in your deck", CR 12.7 §402.2g): Ayu, Lunar Swordswoman; Ragnarok, Invading
    Dragon Lord; Zeus, the First Olympian. Not the side deck, not magic stones; only cards
    whose text names the ruler keep their own limit (§404.7a: Zeus Enters the Game of Gods,
    Return of the Shaman). Reported instead of FOW109."""

    code = "FOW122"
    name = "singleton-ruler"
    message = ("{ruler} allows one copy of each card; {card} has {actual} in {limit_zones}. "
               "(CR 12.7 §402.2g)")

    def check(self, ctx):
        ruler = ruler_info(ctx).starting
        for c in _singleton_breaches(ctx):
            yield self.finding(ctx, zone=c.entries[0].zone, card=c.card, line=c.first_line,
                               expected=c.limit, actual=c.total, ruler=ctx.label(ruler),
                               limit_zones=_zones_text(c))


@register
class ClassicSideCopies(FowRule):
    """In ``fow-classic``, main + magic stone + side deck hold more than four of a name.

    CR 2.3 limits the main and magic stone decks only and has no side deck, so this is a
    warning: swapping a side card in could break the four-copy rule.
    """

    code = "FOW113"
    name = "classic-side-copies"
    severity = Severity.WARNING
    message = ("{card}: {actual} copies across main, stone and side; CR 2.3 allows 4 in the "
               "main and stone decks, so a side swap could break the limit.")

    def check(self, ctx):
        if not is_cr23(ctx) or not ctx.count("side"):
            return
        for c in _counts(ctx, ["main", "stone", "side"]):
            if "side" not in c.by_zone:
                continue
            kind = "stone" if is_stone(c.card) else "deck"
            limit, _ = _effective(4, c.card.name, kind, ctx)
            inside = c.total - c.by_zone["side"]
            if limit is not None and c.total > limit and inside <= limit:
                yield self.finding(ctx, zone="side", card=c.card, line=c.first_line,
                                   expected=limit, actual=c.total)


@register
class CopyLimitFromCard(FowRule):
    """A card is used in more copies than the usual limit because card text allows it
    (Croco-Shark: any number; Solarisites: 10; Basket of Apples: 10 Poison Apple …).

    Under a singleton ruler only text that names the ruler counts (CR 12.7 §404.7a).
    """

    code = "FOW130"
    name = "copy-limit-from-card"
    severity = Severity.INFO
    message = "{card}: {actual} copies allowed by {source} (limit {expected})."

    def check(self, ctx):
        overrides = _copy_overrides(ctx)
        if not overrides:
            return
        singleton = _is_singleton(ctx)
        zones = [z for z in ctx.fmt.zones if z != "ruler"]
        for c in _counts(ctx, zones):
            kind = "stone" if is_stone(c.card) else "deck"
            over = overrides.get((c.card.name, kind))
            if over is None:
                continue
            value, source, names_ruler = over
            restricted = singleton and kind == "deck"
            if restricted and not names_ruler:
                continue  # the ruler's restriction wins: FOW122
            default = 1 if restricted else 4
            within = value == "any" or c.total <= int(value)   # above it: FOW109/FOW110
            if c.total > default and within:
                src = "its own text" if source.id == c.card.id else f"the text of {ctx.label(source)}"
                yield self.finding(ctx, zone=c.entries[0].zone, card=c.card,
                                   line=c.first_line, actual=c.total, expected=value, source=src,
                                   source_key="own" if source.id == c.card.id else "other",
                                   source_card=ctx.label(source))


@register
class RulerNameTwice(FowRule):
    """Two physical cards across the starting ruler(s) and the side deck share a ruler or
    J-ruler name (CR 12.7 §404.3), e.g. both versions of Pandora, Girl of the Box."""

    code = "FOW123"
    name = "ruler-name-twice"
    message = ('Ruler name "{ruler_name}" appears on {cards} across starting ruler(s) and side '
               "deck; at most one. (CR 12.7 §404.3)")

    def check(self, ctx):
        if is_cr23(ctx):
            return
        seen: dict[str, list[Entry]] = {}
        for e in ctx.resolved("ruler", "side"):
            card = e.card
            if not ({"ruler", "j_ruler"} & set(card.get("types") or ())):
                continue
            names = {_strip_j(card.name)} | {_strip_j(f["name"]) for f in card.faces
                                             if "j_ruler" in (f.get("types") or ())}
            for n in names:
                if e.count > 0:   # each line once with its count (a count may be 1,000)
                    seen.setdefault(n, []).append(e)
        reported: set[tuple[int, ...]] = set()
        for name, entries in seen.items():
            copies = sum(x.count for x in entries)
            group = tuple(sorted(id(x) for x in entries))
            if copies > 1 and group not in reported:
                # one finding per group of lines: a ruler and its J-ruler face name the same
                # lines, and the second name would repeat the first finding
                reported.add(group)
                shown = ", ".join(f"{x.card.name} ({x.zone}, line {x.line})"
                                  + (f" ×{x.count}" if x.count > 1 else "") for x in entries)
                yield self.finding(ctx, zone="side", card=entries[-1].card, line=entries[-1].line,
                                   expected=1, actual=copies, ruler_name=name,
                                   cards=shown, where=[[ctx.label(x.card), x.zone, x.line]
                                                       for x in entries])


def _strip_j(name: str) -> str:
    for suffix in (" [J-Ruler]", " [Water/J-Ruler]"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name


@register
class BasicRulerInSide(FowRule):
    """A Basic Ruler is in the side deck; the side deck holds cards other than basic rulers
    (CR 12.7 §403.1)."""

    code = "FOW124"
    name = "basic-ruler-in-side"
    message = "{card} is a Basic Ruler and cannot be in the side deck. (CR 12.7 §403.1)"

    def check(self, ctx):
        if is_cr23(ctx):
            return
        for e in ctx.resolved("side"):
            if "ruler" in (e.card.get("types") or ()) and "basic" in (e.card.get("subtypes") or ()):
                yield self.finding(ctx, zone="side", card=e.card, line=e.line)


# ---------------------------------------------------------------------------------------
# side deck and special decks


@register
class SideDeckTooLarge(FowRule, ZoneBound):
    """The side deck has more than 15 cards (CR 12.7 §403.1a, Constructed)."""

    code = "FOW111"
    name = "side-deck-too-large"
    message = "Side deck has {actual} cards; at most {expected} in Constructed. (CR 12.7 §403.1a)"
    zone, bound = "side", "max"


@register
class SideDeckEmpty(FowRule, ZoneBound):
    """No side deck is listed, but CR 12.7 §403.1a asks for 1–15 cards in Constructed.

    A warning, not an error: lists often omit the side deck. ``--strict`` makes it fail.
    """

    code = "FOW112"
    name = "side-deck-empty"
    severity = Severity.WARNING
    message = "No side deck listed; CR 12.7 §403.1a requires 1–15 cards in Constructed."
    zone, bound = "side", "min"


_SPECIAL = {"rune": ("Divinity", "402.6"), "extra": ("Grimoire", "402.5"),
            "stranger": ("Stranger", "402.7")}


@register
class ZoneSizeFixed(FowRule):
    """A rune, extra or stranger deck has a size the rules do not allow: a rune deck has
    exactly 0 or 5 cards, a stranger deck 0 or 10, an extra deck at most 5 (at most N for
    [Grimoire] (N)) (CR 12.7 §402.5–402.7)."""

    code = "FOW114"
    name = "zone-size-fixed"
    message = "{zone_name} has {actual} cards; it must have {allowed} (CR 12.7 §{section})."
    claims = ("size:rune:sizes", "size:stranger:sizes", "size:extra:max")

    def check(self, ctx):
        for zone, (keyword, section) in _SPECIAL.items():
            spec = ctx.fmt.zone(zone)
            have = ctx.count(zone)
            if spec is None or have == 0:
                continue
            sizes, most = spec.get("sizes"), spec.get("max")
            if zone == "extra":
                grimoire = ruler_info(ctx).keywords.get("Grimoire")
                if isinstance(grimoire, int) and not isinstance(grimoire, bool):
                    most = min(most, grimoire) if most is not None else grimoire
            if sizes and have not in sizes:
                allowed = "exactly " + " or ".join(map(str, sizes))
                allowed_key = "exactly"
            elif most is not None and have > most:
                allowed = f"at most {most}"
                allowed_key = "at-most"
            else:
                continue
            yield self.finding(ctx, zone=zone, actual=have, expected=sizes or most,
                               line=ctx.first_line(zone), zone_name=zname(zone).capitalize(),
                               allowed=allowed, section=section, allowed_key=allowed_key)


@register
class ZoneNeedsRulerKeyword(FowRule):
    """A rune, extra or stranger deck is used, but no starting ruler has the keyword that
    allows it ([Divinity], [Grimoire], [Stranger]; CR 12.7 §402.5–402.7)."""

    code = "FOW115"
    name = "zone-needs-ruler-keyword"
    message = ("{zone_name} has {actual} cards, but no starting ruler has [{keyword}] "
               "({ruler}). (CR 12.7 §{section})")

    def check(self, ctx):
        for zone, (keyword, section) in _SPECIAL.items():
            have = ctx.count(zone)
            if not have or ctx.fmt.zone(zone) is None:
                continue
            rulers = ctx.resolved("ruler")
            if any(keyword in card_keywords(e.card) for e in rulers) or \
                    ruler_info(ctx).has_keyword(keyword):
                continue
            names = ", ".join(e.card.name for e in rulers) or "no ruler"
            yield self.finding(ctx, zone=zone, actual=have, line=ctx.first_line(zone),
                               zone_name=zname(zone).capitalize(), keyword=keyword,
                               ruler=names, section=section)


@register
class TooManyMasterRunes(FowRule):
    """The rune deck holds more than one master rune (CR 12.7 §402.6c).

    Copies are counted, not lines: ``2 Flame Soldier Formation`` is two master runes. The
    finding points at the line holding the first copy too many.
    """

    code = "FOW117"
    name = "too-many-master-runes"
    message = "Rune deck has {actual} master runes ({cards}); at most 1. (CR 12.7 §402.6c)"

    def check(self, ctx):
        masters = [e for e in ctx.resolved("rune")
                   if e.count > 0 and "master" in (e.card.get("subtypes") or ())]
        n = sum(e.count for e in masters)
        if n <= 1:
            return
        copies: dict[str, int] = {}     # card name -> copies, in the order of the list
        for e in masters:
            copies[e.card.name] = copies.get(e.card.name, 0) + e.count
        surplus = _entry_holding_copy(masters, 2)
        yield self.finding(ctx, zone="rune", expected=1, actual=n, line=surplus.line,
                           card=surplus.card,
                           cards=", ".join(f"{k} × {name}" if k != 1 else name
                                           for name, k in copies.items()))


def _entry_holding_copy(entries: list[Entry], nth: int) -> Entry:
    """The entry that holds the ``nth`` copy counted over ``entries`` (in list order);
    the caller makes sure the entries hold at least ``nth`` copies."""
    seen = 0
    for e in entries:
        seen += e.count
        if seen >= nth:
            return e
    raise ValueError(f"the entries hold fewer than {nth} copies")


def _attrs(card: Card) -> set[str]:
    out = set(card.get("attributes") or ())
    for f in card.faces:
        out |= set(f.get("attributes") or ())
    return out - {"void"}


@register
class RuneAttribute(FowRule):
    """A rune that is neither a chant nor an addition shares no attribute with a starting
    ruler (CR 12.7 §402.6d)."""

    code = "FOW118"
    name = "rune-attribute"
    message = ("Rune {card} ({attributes}) is neither chant nor addition and shares no "
               "attribute with {ruler} ({ruler_attributes}). (CR 12.7 §402.6d)")

    def check(self, ctx):
        rulers = [e.card for e in ctx.resolved("ruler") if "ruler" in (e.card.get("types") or ())]
        if not rulers or not any("Divinity" in card_keywords(r) for r in rulers):
            return  # no rune deck is allowed at all: FOW115
        ruler_attrs = set().union(*(_attrs(r) for r in rulers))
        for e in placed(ctx, "rune"):
            types = set(e.card.get("types") or ())
            if "rune" not in types or types & {"chant", "addition"}:
                continue
            mine = _attrs(e.card)
            if not mine & ruler_attrs:
                yield self.finding(ctx, zone="rune", card=e.card, line=e.line,
                                   attributes=", ".join(sorted(mine)) or "no attribute",
                                   ruler=" / ".join(ctx.label(r) for r in rulers),
                                   ruler_attributes=", ".join(sorted(ruler_attrs)) or "none")


class _KeywordConflict(FowRule):
    """Shared logic of FOW119/FOW120 (not registered itself)."""

    pair: tuple[str, str] = ("", "")
    fields: tuple[str, str] = ("", "")

    def check(self, ctx):
        for e, args in keyword_conflicts(ctx, self.pair):
            yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line,
                               **dict(zip(self.fields, args[:2])), ruler_note=args[2],
                               ruler_note_key=args[3], keyword=args[4], ruler_name=args[5])


def keyword_conflicts(ctx: Context, pair: tuple[str, str]) -> list[tuple[Entry, tuple]]:
    """Entries breaking a «Tales»/«Villains» or «Will of Hope»/«Will of Despair» rule.

    A starting ruler's keyword forbids the opposite keyword (CR 12.7 §402.2c–f; 12.7
    formats only); a ruler's text "You cannot have cards with [X] …" forbids X (any format:
    it is card text); without a ruler forbid, holding both kinds in main + stone is one
    finding (§402.3c–d, 12.7 formats only). Misplaced entries (FOW108) are not checked.
    """

    def build():
        a, b = pair
        info = ruler_info(ctx)
        starting = starting_ruler_names(ctx)
        entries = placed(ctx, "main", "stone")
        exempt: set[str] = set()
        for e in entries:
            for r in e.card.get("deck_rules") or ():
                if r.get("rule") == "exempt_keyword_forbid" and \
                        (not r.get("if_starting_ruler") or r["if_starting_ruler"] in starting):
                    if set(r.get("keywords") or ()) & {a, b}:
                        exempt.add(e.card.name)
        groups: dict[str, list[Entry]] = {a: [], b: []}
        for e in entries:
            kw = e.card.get("keywords") or {}
            for k in (a, b):
                if k in kw and e.card.name not in exempt:
                    groups[k].append(e)

        def names(k: str) -> str:
            return ", ".join(dict.fromkeys(ctx.label(x.card) for x in groups[k])) or "-"

        ruler = ctx.label(info.starting) if info.starting else ""
        forbidden: dict[str, tuple[str, list[str]]] = {}
        note_keys: dict[str, tuple[str, str]] = {}     # the note, language-neutral
        if not is_cr23(ctx):
            for k, other in ((a, b), (b, a)):
                if info.has_keyword(k):
                    forbidden[other] = (f" (ruler {ruler} has [{k}])", ["main", "stone"])
                    note_keys[other] = ("ruler-has", k)
        for r in info.rules_of("forbid_keyword"):
            if r.get("checked") is False:
                continue
            k = r.get("keyword")
            if k in (a, b):
                forbidden[k] = (f" ({ruler} forbids [{k}] cards)",
                                r.get("zones") or ["main", "stone"])
                note_keys[k] = ("ruler-forbids", k)
        out: list[tuple[Entry, tuple]] = []
        for k, (note, zones) in forbidden.items():
            for e in groups[k]:
                if e.zone in zones:
                    # the ruler stands on the other side: "«Tales» (Nyarlathotep) … «Villains» (card)"
                    args = (ruler, ctx.label(e.card)) if k == b else (ctx.label(e.card), ruler)
                    out.append((e, args + (note,) + note_keys[k] + (ruler,)))
        if not out and groups[a] and groups[b] and not is_cr23(ctx):
            first = groups[b][0]
            out.append((first, (names(a), names(b), "", "none", "", ruler)))
        return out

    return ctx.once(f"fow.keywords.{pair[0]}", build)


@register
class TalesVillains(_KeywordConflict):
    """The deck mixes «Tales» and «Villains» cards, or has cards of the kind its ruler
    forbids (CR 12.7 §402.2c–d, §402.3c, §402.4d; rulers such as Nyarlathotep, Game Master).
    Dark Alice in Ma'at is exempt with the starting ruler Alice, Tales of Creation."""

    code = "FOW119"
    name = "tales-villains"
    message = ("The deck mixes «Tales» ({tales}) and «Villains» ({villains}) cards{ruler_note}. "
               "(CR 12.7 §402.2c–d, §402.3c)")
    pair = ("Tales", "Villains")
    fields = ("tales", "villains")


@register
class HopeDespair(_KeywordConflict):
    """The deck mixes «Will of Hope» and «Will of Despair» cards, or has cards of the kind
    its ruler forbids (CR 12.7 §402.2e–f, §402.3d; Book of Light / Book of Dark)."""

    code = "FOW120"
    name = "hope-despair"
    message = ("The deck mixes «Will of Hope» ({hope}) and «Will of Despair» ({despair}) "
               "cards{ruler_note}. (CR 12.7 §402.2e–f, §402.3d)")
    pair = ("Will of Hope", "Will of Despair")
    fields = ("hope", "despair")


@register
class RulerForbidsCard(FowRule):
    """The starting ruler allows only some cards in the main deck (Typhon, the Infinite
    Monster: darkness cards only; Wolfgang, Exiled Demon Prince: darkness or Cthulhu) and a
    card is not one of them (CR 12.7 §404.1b)."""

    code = "FOW121"
    name = "ruler-forbids-card"
    message = "{ruler} allows only {what} in the {zone_name}: {card} is not. (CR 12.7 §404.1b)"

    def check(self, ctx):
        info = ruler_info(ctx)
        # a keyword forbid of the ruler is FOW119/FOW120, never also FOW121
        keyword_hits = {id(e) for pair in (TalesVillains.pair, HopeDespair.pair)
                        for e, _ in keyword_conflicts(ctx, pair)}
        for r in info.rules_of("only"):
            if r.get("checked") is False:
                continue
            zone = r.get("zone", "main")
            options = r.get("any_of") or []
            what = " or ".join(f"{k} {v}" for o in options for k, v in o.items())
            for e in placed(ctx, zone):
                if id(e) in keyword_hits or any(_satisfies(e.card, o) for o in options):
                    continue
                yield self.finding(ctx, zone=zone, card=e.card, line=e.line,
                                   ruler=ctx.label(info.starting), what=what + " cards",
                                   zone_name=zname(zone), options=options)


def _satisfies(card: Card, option: dict[str, Any]) -> bool:
    for k, v in option.items():
        field = {"attribute": "attributes", "race": "races"}.get(k, k)
        if v not in (card.get(field) or ()):
            return False
    return True


@register
class ZoneNotValidated(FowRule):
    """EX decks, starting sub-rulers and extension rules are recognised but only their copy
    limits are checked; their own construction rules are not implemented."""

    code = "FOW131"
    name = "zone-not-validated"
    severity = Severity.WARNING
    message = ("The {zone_name} ({actual} cards) is only checked for copy limits; its "
               "construction rules are not implemented.")

    def check(self, ctx):
        for zone in ("ex", "subruler", "extension"):
            if ctx.count(zone) and ctx.fmt.zone(zone) is not None:
                yield self.finding(ctx, zone=zone, actual=ctx.count(zone),
                                   line=ctx.first_line(zone), zone_name=zname(zone))


# ---------------------------------------------------------------------------------------
# card pool and bans


@register
class NotInFormat(FowRule):
    """A card has no printing in the format's clusters (fowdb formats; a card is legal if
    any printing of its name is in a legal cluster). Basic magic stones are legal in every
    format."""

    code = "FOW125"
    name = "not-in-format"
    message = "{card} is not legal in {format}: no printing in {clusters}. Printed in {printings}."
    claims = ("pool",)

    def check(self, ctx):
        legal = ctx.fmt.get("clusters")
        if not legal or legal == "any":
            return
        exempt = ctx.fmt.get("pool_exempt") or []
        seen = set()
        for e in placed(ctx):
            card = e.card
            if card.id in seen or any(card_matches(card, p) for p in exempt):
                continue
            clusters = card.get("clusters") or []
            if not set(clusters) & set(legal):
                seen.add(card.id)
                yield self.finding(ctx, zone=e.zone, card=card, line=e.line,
                                   clusters=", ".join(legal),
                                   printings=", ".join(clusters) or "no known cluster")


def _profile_note(ctx: Context) -> str:
    p = ctx.fmt.profile
    if not p:
        return ""
    return f" (list of {p['from']}" + (f", {p['name']})" if p.get("name") else ")")


def _canonical(ctx: Context, names) -> list[str]:
    out = []
    for n in names or ():
        card = ctx.db.find(n)
        out.append(card.name if card is not None else n)
    return out


@register
class Banned(FowRule):
    """A card on the format's ban list (``banned:`` in the format file or its dated profile,
    compared by canonical name). The shipped formats have no ban list: the card data
    carries none (fow.md §1)."""

    code = "FOW128"
    name = "banned"
    message = "{card} is banned in {format}{profile}."
    claims = ("banned",)

    def check(self, ctx):
        banned = set(_canonical(ctx, ctx.fmt.get("banned")))
        if not banned:
            return
        seen = set()
        for e in placed(ctx):
            if e.card.name in banned and e.card.name not in seen:
                seen.add(e.card.name)
                yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line,
                                   profile=_profile_note(ctx))


@register
class CombinationBanned(FowRule):
    """Cards that may not be played together (``combination_banned:`` lists in the format
    file or its dated profile) are all in the deck."""

    code = "FOW129"
    name = "combination-banned"
    message = "{cards} may not be played together in {format}{profile}."

    def check(self, ctx):
        first: dict[str, Entry] = {}
        for e in ctx.resolved():
            first.setdefault(e.card.name, e)
        for combo in ctx.fmt.get("combination_banned") or ():
            names = _canonical(ctx, combo)
            if len(names) > 1 and all(n in first for n in names):
                last = max((first[n] for n in names), key=lambda e: e.line or 0)
                yield self.finding(ctx, zone=last.zone, card=last.card, line=last.line,
                                   actual=len(names),
                                   cards=" + ".join(ctx.label(first[n].card) for n in names),
                                   profile=_profile_note(ctx))
