"""Card pool and data notes: playtest and promo cards, Paladin auras, printings that differ,
type headers (MW-R10, §4.3, §6.2)."""

from __future__ import annotations

from typing import Iterable

from deckcheck.games.magewars.book import card_kind, level_total
from deckcheck.games.magewars.model import mage_info, note_of
from deckcheck.games.magewars.rules.common import MwRule, once_per_name
from deckcheck.models import Finding, Severity
from deckcheck.rules.base import Context, register


@register
class PlaytestCard(MwRule):
    """A card that exists only in a community playtest set, not an official card.

    Game page §4.3: the OCTGN sets "Playtest: Promo Errata" and "Playtest: Elementalist Vs
    Monk" are Mage Wars Community Project sets. Their only cards (Paralyzing Strike and V2,
    Steam Elemental V1 and V2, Weapon Strike V2) are warned about; ``--strict`` fails on it.
    """

    code = "MWR112"
    name = "playtest-card"
    severity = Severity.WARNING
    message = "{card} exists only in a community playtest set ({set}); not an official card. (§4.3)"

    def check(self, ctx: Context) -> Iterable[Finding]:
        for e in once_per_name(e for e in ctx.resolved("spellbook") if e.count > 0):
            if e.card.get("playtest"):
                yield self.finding(ctx, zone="spellbook", card=e.card, line=e.line,
                                   set=(e.card.get("sets") or ["?"])[0])


@register
class PromoOnly(MwRule):
    """A card printed only as a promo (in the OCTGN data: *Eekamouse*). It is legal; the note
    tells you that opponents may not know it (game page §4.3)."""

    code = "MWR114"
    name = "promo-only"
    severity = Severity.INFO
    message = "{card} was printed only as a promo. (§4.3)"

    def check(self, ctx: Context) -> Iterable[Finding]:
        for e in once_per_name(e for e in ctx.resolved("spellbook") if e.count > 0):
            if e.card.get("promo_only"):
                yield self.finding(ctx, zone="spellbook", card=e.card, line=e.line)


@register
class NotASpell(MwRule):
    """A card in the list that is not a spell: it is neither costed nor copy-counted.

    MW-R10, Codex "Spell": "Anything that goes into your spellbook. So, basically, any card
    except for your mage." The six Paladin auras (subtype Aura, Holy 0) are attached by the
    Paladin's ability, not cast from the book: an info note in a Paladin book, a warning in
    any other (they do nothing there). Mage and stats cards listed among the spells are
    read as the mage declaration.
    """

    code = "MWR115"
    name = "not-a-spell"
    severity = Severity.INFO
    message = "{card} is a {what}, not a spell; not counted. (MW-R10)"

    def check(self, ctx: Context) -> Iterable[Finding]:
        mage = mage_info(ctx).mage
        for e in once_per_name(ctx.resolved("spellbook")):
            if card_kind(e.card) != "aura":
                continue
            paladin = mage is not None and mage.cls == "Paladin"
            what = "Paladin aura (attached by the Paladin's ability)" if paladin else \
                "Paladin aura (only the Paladin uses auras)"
            yield self.finding(ctx, zone="spellbook", card=e.card, line=e.line, what=what,
                               severity=Severity.INFO if paladin else Severity.WARNING,
                               what_key="paladin-aura" if paladin else "aura-not-paladin")


_DIFF_FIELDS = ("type", "schools", "level_total", "epic", "novice", "only_class", "only_school")


_FIELD_WORDS = {"type": "type", "schools": "schools", "level_total": "level", "epic": "Epic",
                "novice": "Novice", "only_class": "class only", "only_school": "school only"}


def _facts(value) -> str:
    if isinstance(value, dict) and "parts" in value:
        sep = {"and": "+", "or": "/"}.get(value.get("kind"), "")
        return (sep or "+").join(f"{p['school']} {p['level']}" for p in value["parts"])
    if value is True:
        return "yes"
    if value is False or value is None:
        return "no"
    return str(value)


@register
class PrintingDiffers(MwRule):
    """A card whose printings differ in a fact that matters for construction.

    Game page §4.3: one record per name; when printings disagree (school, level, type, Epic,
    Novice, "Only" traits), the facts come from the first of Final Release, any other
    official set, Promo, playtest. Examples: *Mage Wand* is Epic only in Final Release;
    *Pharaoh's Cheetah* is Nature 3 in the promo, Nature 2 in Final Release. [uncertain]
    whether every Final Release change is official errata.
    """

    code = "MWR119"
    name = "printing-differs"
    severity = Severity.INFO
    message = "{card}: printings differ ({diff}); used the {set} printing. (§4.3)"

    def check(self, ctx: Context) -> Iterable[Finding]:
        for e in once_per_name(e for e in ctx.resolved("spellbook") if e.count > 0):
            card = e.card
            if not card.get("rule_facts_differ"):
                continue
            prints = card.get("printings") or []
            used = prints[0].get("set") if prints else "?"
            diffs = []
            for k in _DIFF_FIELDS:
                others = [(p.get("set"), p[k]) for p in prints[1:] if k in p]
                if others:
                    diffs.append(f"{_FIELD_WORDS[k]} {_facts(card.get(k))} ({used}) vs "
                                 + ", ".join(f"{_facts(v)} ({where})" for where, v in others))
            diff = "; ".join(diffs) or "see the card data"
            facts = [[k, card.get(k), [[where, v] for where, v in
                                       ((p.get("set"), p[k]) for p in prints[1:] if k in p)]]
                     for k in _DIFF_FIELDS if any(k in p for p in prints[1:])]
            yield self.finding(ctx, zone="spellbook", card=card, line=e.line, diff=diff, set=used,
                               differing=facts)


@register
class TypeHeaderMismatch(MwRule):
    """A card listed under a type header of another type (a header is only a hint).

    Game page §6.2: "Creature", "生物", "--- Attack ---" and the OCTGN sections are hints
    inside the spellbook; the card is costed by its real type. The seed itself lists
    Tanglevine (a Conjuration) among the enchantments. A wall under "Walls" or
    "Conjurations" is fine.
    """

    code = "MWR120"
    name = "type-header-mismatch"
    severity = Severity.INFO
    message = '{card} is {article} {type}, listed under "{header}". (§6.2)'

    def check(self, ctx: Context) -> Iterable[Finding]:
        game = ctx.game
        if not hasattr(game, "header_type"):
            return
        for e in ctx.resolved("spellbook"):
            if card_kind(e.card) == "mage" or note_of(e).moved_from:
                continue
            want = game.header_type(e.hint)
            if want is None:
                continue
            ctype = e.card.get("type")
            subs = set(e.card.get("subtypes") or ())
            ok = ctype == want or (want == "Wall" and "Wall" in subs)
            if not ok:
                shown = f"{ctype} (Wall)" if "Wall" in subs else ctype
                yield self.finding(ctx, zone="spellbook", card=e.card, line=e.line,
                                   expected=want, actual=ctype, type=shown, header=e.hint,
                                   article="an" if shown[:1] in "AEIOU" else "a")
