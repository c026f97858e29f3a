"""Legal cards for the hero (rules 100.2a, 100.2b, 100.2d): icons, Hero Required and the
hero's Deckbuilding (WOW108-WOW110, WOW113-WOW115, WOW122, WOW123)."""

from __future__ import annotations

from typing import Any

from deckcheck.games.wowtcg.model import (deck_entries, deckbuilding_problem, facts_for,
                                          first_per_name, hero_state, judged)
from deckcheck.games.wowtcg.rules.common import WowRule, names
from deckcheck.games.wowtcg.traits import (Verdict, describe_clause, differing_fields,
                                           requirement_text, summary)
from deckcheck.models import Entry, Severity
from deckcheck.rules.base import register


class _HeroCheck(WowRule):
    """Base: report one failure code of the per-card verdicts."""

    def check(self, ctx):
        st = hero_state(ctx)
        if st.hero is None:
            return
        for j in judged(ctx):
            details = j.chosen.failures.get(self.code)
            if details is not None:
                e = j.entry
                yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line,
                                   hero=ctx.label(st.hero.card), hero_id=st.hero.card.id,
                                   **self.args(ctx, st.hero, j.chosen, details))

    def args(self, ctx, hero, verdict: Verdict, details: dict) -> dict[str, Any]:
        return {}


@register
class ClassIconMismatch(_HeroCheck):
    """A card with class icons shares none with the hero's class(es).

    Rule 100.2a: "只有该牌与玩家的英雄至少有一个共通的职业图标时, 玩家才可以把该牌加入其套牌" (a card
    may go in the deck only if it shares at least one class icon with the hero). Cards with no
    class icon pass (rule 100.2a: "没有特性图标的牌可以加入任何套牌"). Icons are tested, not ally
    types (rule 206.1a: Bloodclaw has the Hunter icon but is not a Hunter card). An all-class
    card (every icon) has none in the data. Applies to the sideboard too (rule 100.3).
    """

    code = "WOW108"
    name = "class-icon-mismatch"
    message = ("{card} ({zone}) has class icon(s) {card_classes}; hero {hero} is "
               "{hero_classes}. They must share at least one (rule 100.2a).")

    def args(self, ctx, hero, verdict, details):
        return {"card_classes": "/".join(verdict.facts.class_icons),
                "hero_classes": hero.classes_text()}


@register
class FactionIconMismatch(_HeroCheck):
    """A card's faction icon (Alliance or Horde) is not the hero's faction.

    Rule 100.2a: "只有该牌与玩家的英雄至少有一个共通的阵营图标时, 玩家才可以把该牌加入其套牌". A
    Neutral hero fails every faction card unless its Deckbuilding allows it (rule 100.2d).
    [decision] Class and faction icons are separate tests; a card with icons of one kind is
    tested on that kind only.
    """

    code = "WOW109"
    name = "faction-icon-mismatch"
    message = ("{card} ({zone}) is a card of the {card_faction} faction; hero {hero} is "
               "{hero_faction} (rule 100.2a).")

    def args(self, ctx, hero, verdict, details):
        return {"card_faction": "/".join(verdict.facts.faction_icons),
                "hero_faction": hero.faction}


@register
class HeroRequired(_HeroCheck):
    """A "[Trait] Hero Required" card whose trait the hero lacks.

    Rule 100.2b: "读作 [ 特性 ] 英雄限定 ([Trait] Hero Required.) 只有当玩家的英雄具有该 [ 特性 ]
    时, 玩家才可以把它加入其套牌中". Traits: class, race (a compound race counts by its last
    word, rule 202.1b), talent, profession, faction, Traitor / Loyal, Scourge, Monster; a card
    listing several is legal if the hero has any. [decision] A hero with no talent has no
    talent trait. "[Trait] Hero:" abilities (rule 206.1c) are not restrictions.
    """

    code = "WOW110"
    name = "hero-required"
    message = "{card} ({zone}) requires a {requirement} hero; {hero} is {hero_traits} (rule 100.2b)."

    def args(self, ctx, hero, verdict, details):
        return {"requirement": requirement_text(verdict.facts.hero_required),
                "hero_traits": hero.traits_text(),
                "required": [dict(a) for a in verdict.facts.hero_required]}


@register
class DeckbuildingNotAllowed(_HeroCheck):
    """The hero's Deckbuilding allows only some cards, and this is not one of them.

    Rule 100.2d: "只有允许加入的牌才能合法地加入套牌, 且其中某些牌会是规则的例外情况" (only the allowed
    cards may be put in the deck, and some of them are exceptions to the rules). A card an
    allow clause admits is exempt from the icon tests and from "Hero Required" for the trait
    the clause names. Replaces WOW108-WOW110 for the card.
    """

    code = "WOW113"
    name = "deckbuilding-not-allowed"
    message = ("{card} ({zone}) is not allowed by {hero}'s Deckbuilding: it may include only "
               "{allowed_summary} (rule 100.2d).")

    def args(self, ctx, hero, verdict, details):
        return {"allowed_summary": summary(hero.deckbuilding.get("allow_only") or []),
                "allow_clauses": list(hero.deckbuilding.get("allow_only") or [])}


@register
class DeckbuildingForbidden(_HeroCheck):
    """The hero's Deckbuilding text forbids this card.

    Rule 100.2d: "禁止加入的牌总是优先于允许加入的牌" (forbidden cards always take precedence over
    allowed cards). Replaces WOW108-WOW110 for the card (a monster hero's "no [Alliance] or
    [Horde] cards" is reported once, here).
    """

    code = "WOW114"
    name = "deckbuilding-forbidden"
    message = ("{card} ({zone}) is forbidden by {hero}'s Deckbuilding: {forbid_summary}. "
               "Forbidden cards override allowed ones (rule 100.2d).")

    def args(self, ctx, hero, verdict, details):
        return {"forbid_summary": "no " + describe_clause(details["clause"]),
                "forbid_clause": details["clause"]}


@register
class DeckbuildingTwoFactions(WowRule):
    """A hero that allows "either [Alliance] or [Horde] cards" has cards of both factions.

    The Icecrown champions' Deckbuilding; main deck and sideboard are checked together.
    Rule 100.2d: the allowed cards are the exception that lets these Neutral heroes use
    faction cards at all; the text allows one faction, not both.
    """

    code = "WOW115"
    name = "deckbuilding-two-factions"
    message = ("{hero} allows either Alliance or Horde cards, not both: {alliance_cards} / "
               "{horde_cards} (rule 100.2d).")

    def check(self, ctx):
        hero = hero_state(ctx).hero
        if hero is None or not hero.deckbuilding_parsed or \
                not hero.deckbuilding.get("single_faction") or deckbuilding_problem(ctx):
            return
        groups: dict[str, list[Entry]] = {"Alliance": [], "Horde": []}
        common = {"Alliance", "Horde"}
        for e in first_per_name(deck_entries(ctx)):
            icons = set(facts_for(ctx, e.card).faction_icons)
            if not icons:
                continue
            common &= icons
            if len(icons) == 1:
                groups[next(iter(icons))].append(e)
        if common or not groups["Alliance"] or not groups["Horde"]:
            return
        a, h = groups["Alliance"], groups["Horde"]
        minority = h if len(h) <= len(a) else a
        e = minority[0]
        yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line,
                           hero=ctx.label(hero.card),
                           alliance_cards="Alliance: " + names(ctx.label(x.card) for x in a),
                           horde_cards="Horde: " + names(ctx.label(x.card) for x in h),
                           alliance_items=[ctx.label(x.card) for x in a],
                           horde_items=[ctx.label(x.card) for x in h])


@register
class DeckbuildingNotEvaluated(WowRule):
    """The hero's Deckbuilding text has no structured form, so it was not checked.

    Its allow/forbid restrictions (rule 100.2d) are skipped; the other rules still apply.
    deckcheck never guesses a restriction. All 35 Deckbuilding heroes of the shipped data are
    structured; this concerns card data added by the user.
    """

    code = "WOW123"
    name = "deckbuilding-not-evaluated"
    severity = Severity.WARNING
    message = ("Hero {hero} has Deckbuilding text that deckcheck has no structured form for; "
               "its restrictions were not checked ({reason}).")
    #: ``reason`` by the problem :func:`~deckcheck.games.wowtcg.model.deckbuilding_problem` names
    reasons = {"unparsed": "its Deckbuilding text has no structured form in the card data",
               "unknown-predicate": "its Deckbuilding uses a predicate deckcheck does not know "
                                    "({atom})"}

    def check(self, ctx):
        st = hero_state(ctx)
        problem = deckbuilding_problem(ctx)
        if st.hero is not None and problem:
            key, atom = problem
            yield self.finding(ctx, zone="hero", card=st.hero.card, line=st.entry.line,
                               hero=ctx.label(st.hero.card),
                               reason=self.reasons[key].format(atom=atom), reason_key=key,
                               atom=atom)


@register
class PrintingAssumed(WowRule):
    """Printings of a name differ, and only some are legal for the hero; this names the one used.

    Death Coil is a Warlock ability in Fires of Outland and a Death Knight ability later;
    Branch of Nordrassil lost an icon in a reprint (raid-deck printings are not considered).
    [decision] The line is legal if any constructed printing is. Copies are still counted per
    name.
    """

    code = "WOW122"
    name = "printing-assumed"
    severity = Severity.INFO
    message = ("{card}: printings differ in {field}; checked as the {set} printing, which is "
               "legal for {hero}.")

    def check(self, ctx):
        st = hero_state(ctx)
        if st.hero is None:
            return
        for j in judged(ctx):
            if j.chosen is not j.first and j.chosen.legal and not j.first.legal:
                e = j.entry
                yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line,
                                   field=", ".join(differing_fields(j.first.facts,
                                                                    j.chosen.facts)) or "facts",
                                   set="/".join(j.chosen.facts.sets),
                                   hero=ctx.label(st.hero.card))
