"""Zone contents: which card types a zone holds (FOW108; misplaced entries are not checked
further), the types CR 2.3 knows (FOW116), the rune deck's master runes and attributes
(FOW117, FOW118), and the zones only their copy limits are checked in (FOW131)."""

from __future__ import annotations

from deckcheck.games.fow.model import card_keywords
from deckcheck.games.fow.rules.common import (FowRule, placed, ref, type_key, type_name, zname,
                                              zone_violations)
from deckcheck.models import Card, Entry, Severity
from deckcheck.rules.base import register
from deckcheck.rules.claims import Check


#: where a misplaced card goes instead (FOW108), in English, by :func:`_place_hint_key`
_PLACE_HINTS = {"declare-ruler": "; declare it with 'Ruler: {card}'", "none": "",
                "stone-deck": "; put it in the magic stone deck",
                "rune-deck": "; put it in the rune deck",
                "stranger-deck": "; put it in the stranger deck",
                "main-deck": "; put it in the main deck"}


def _place_hint_key(card: Card) -> str:
    """Where a card the zone may not hold goes instead, as a key of :data:`_PLACE_HINTS`."""
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
    claims = (Check.ZONE_TYPES,)

    def check(self, ctx):
        sections = {"main": "402.3", "stone": "402.4", "rune": "402.6", "extra": "402.5",
                    "stranger": "402.7"}
        for e, tname in zone_violations(ctx):
            hint = _place_hint_key(e.card)
            yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line, type=tname,
                               expected=0, actual=e.count, zone_name=zname(e.zone),
                               hint=_PLACE_HINTS[hint].format(card=e.card.name),
                               rule=ref(ctx, sections.get(e.zone, "402")),
                               type_key=type_key(e.card), hint_key=hint)


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


@register
class ZoneNotValidated(FowRule):
    """EX decks, starting sub-rulers and extension rules are recognised but only their copy
    limits are checked; their own construction rules are not implemented."""

    code = "FOW131"
    name = "zone-not-validated"
    severity = Severity.WARNING
    message = ("The {zone_name} ({actual} {actual:card|cards}) is only checked for copy limits; its "
               "construction rules are not implemented.")

    def check(self, ctx):
        for zone in ("ex", "subruler", "extension"):
            if ctx.count(zone) and ctx.fmt.zone(zone) is not None:
                yield self.finding(ctx, zone=zone, actual=ctx.count(zone),
                                   line=ctx.first_line(zone), zone_name=zname(zone))
