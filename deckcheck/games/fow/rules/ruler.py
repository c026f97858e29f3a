"""The ruler: declared (FOW104), how many (FOW105, FOW133), which card can be one (FOW106),
J-ruler faces and versions (FOW126, FOW127), text not checked (FOW132), one name per
physical card across ruler area and side deck (FOW123), no Basic Ruler in the side deck
(FOW124)."""

from __future__ import annotations

from deckcheck.games.fow.model import card_keywords, note_of, ruler_info
from deckcheck.games.fow.rules.common import FowRule, is_cr23, ref, type_key, type_name
from deckcheck.models import Card, Entry, Severity
from deckcheck.rules.base import Context, register
from deckcheck.rules.claims import Bound, MissingClaim, SizeClaim


@register
class RulerMissing(FowRule):
    """No ruler is declared. Every deck has exactly one ruler (CR 2.3 §4.1; CR 12.7 §402.2).

    Declare it with ``Ruler: <name>`` (or ``領主: <name>``). If the main deck holds a ruler
    card, the message suggests it; the card is not moved.
    """

    code = "FOW104"
    name = "ruler-missing"
    message = "No ruler declared. Add `Ruler: <name>`{suggestion_text}. ({rule})"
    claims = (MissingClaim("ruler"), SizeClaim("ruler", Bound.MIN))

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
    claims = (SizeClaim("ruler", Bound.MAX),)

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


#: why a card cannot be the starting ruler (FOW106), in English, by :func:`invalid_ruler_key`
_INVALID_RULER = {"j-ruler-without-ruler": "it is a J-ruler without a ruler side",
                  "not-a-ruler": "it is a {type}, not a ruler",
                  "arcana": "it is of the Arcana race",
                  "basic-ruler": "it is a Basic Ruler"}


def invalid_ruler_key(ctx: Context, card: Card) -> str | None:
    """Why ``card`` cannot be a starting ruler in this format, as a key of
    :data:`_INVALID_RULER` (None: it can)."""
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
            key = invalid_ruler_key(ctx, card)
            if key is None:
                continue
            reason = _INVALID_RULER[key].format(type=type_name(card))
            yield self.finding(ctx, zone="ruler", card=card, line=e.line, reason=reason,
                               rule=ref(ctx, "402.2"), reason_key=key,
                               type_key=type_key(card))


@register
class RulerFaceResolved(FowRule):
    """A J-ruler name (or a J-ruler card id) was given for the ruler; it was read as the
    ruler card whose back face it is."""

    code = "FOW126"
    name = "ruler-face-resolved"
    severity = Severity.INFO
    stage = "parse"
    message = '"{input}" is the J-ruler side of {card}; read as that ruler.'


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
            versions = note_of(e).versions
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
        if info.starting is None or invalid_ruler_key(ctx, info.starting):
            return  # an invalid starting ruler is FOW106; its text is moot
        unchecked = sorted({r.get("rule") for r in info.deck_rules if r.get("checked") is False})
        if unchecked:
            yield self.finding(ctx, zone="ruler", card=info.starting,
                               line=info.starting_entry.line, ruler=ctx.label(info.starting),
                               unchecked=", ".join(unchecked))


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
            # J-ruler names, then the card's: a fixed order, so that a group of lines two
            # names share is reported under the same name on every run (a set's order
            # changed with the string hash seed)
            names = dict.fromkeys([_strip_j(f["name"]) for f in card.faces
                                   if "j_ruler" in (f.get("types") or ())]
                                  + [_strip_j(card.name)])
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
