"""World of Warcraft TCG construction rules (WOW codes): Comprehensive Rules 5.0, rule 100.

The seed prints sub-numbers only for 100.2a-100.2e; 100.1 (deck size), 100.2 (legal cards),
100.3 (sideboard) and 100.4 (copies) are the numbers its own cross-references imply
(wowtcg.md conventions). The numbers (60/30, 0 or 10, 4, one kind of Master Hero) come from the
format files in ``formats/wowtcg/``; card and hero facts from ``cards/wowtcg/``.

Precedence (wowtcg.md §6): at most one finding per (card, rule); a Deckbuilding finding
(WOW113/WOW114) replaces the icon and Hero Required findings (WOW108-WOW110) of the same
card; a card that is not a deck card (WOW119) or is a hero (WOW107) takes part in no other
check but still counts toward the zone sizes; unknown and ambiguous lines only count.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from deckcheck.games.wowtcg.model import hero_state, is_starting_hero
from deckcheck.games.wowtcg.traits import (UnknownAtom, Verdict, check_clauses,
                                           describe_clause, differing_fields, judge_card,
                                           printings, requirement_text, summary,
                                           talent_trees)
from deckcheck.models import Card, Entry, Severity
from deckcheck.rules.generic import ZoneBound
from deckcheck.rules.base import Context, Rule, card_matches, register

DECK_ZONES = ("main", "sideboard")
ZONE_ORDER = {"hero": 0, "main": 1, "sideboard": 2}


class WowRule(Rule):
    game = "wowtcg"


def _order(e: Entry) -> tuple:
    return (ZONE_ORDER.get(e.zone, 9), e.line if e.line is not None else 10**9)


def _names(cards: Iterable[str]) -> str:
    cards = list(cards)
    return ", ".join(cards)


# ---------------------------------------------------------------------------------------
# shared per-deck computations (memoised on the context)


def stopped(ctx: Context) -> dict[int, tuple[str, str]]:
    """id(entry) -> (code, what) for main/sideboard entries that WOW119 or WOW107 stop."""
    def build():
        out = {}
        for e in ctx.resolved(*DECK_ZONES):
            card = e.card
            if e.extra.get("back_face"):
                out[id(e)] = ("WOW119", f"the back face of hero {card.name}")
            elif card.get("pool") == "token":
                out[id(e)] = ("WOW119", "a token")
            elif card.get("pool") == "raid":
                what = "dungeon" if card.get("dungeon_only") else "raid"
                out[id(e)] = ("WOW119", f"printed only in {what} decks")
            elif card.get("type") == "Hero":
                out[id(e)] = ("WOW107", "a hero")
        return out

    return ctx.once("wowtcg.stopped", build)


def deck_entries(ctx: Context) -> list[Entry]:
    """Resolved main + sideboard entries that take part in the card checks, zone then line."""
    def build():
        stop = stopped(ctx)
        return sorted((e for e in ctx.resolved(*DECK_ZONES) if id(e) not in stop), key=_order)

    return ctx.once("wowtcg.deck", build)


def first_per_name(entries: list[Entry]) -> list[Entry]:
    seen: set[str] = set()
    out = []
    for e in entries:
        if e.card.name not in seen:
            seen.add(e.card.name)
            out.append(e)
    return out


@dataclass(slots=True)
class Judged:
    entry: Entry
    chosen: Verdict
    first: Verdict


def deckbuilding_problem(ctx: Context) -> str | None:
    """Why the hero's Deckbuilding cannot be evaluated (None: it can, or there is none)."""
    def build():
        hero = hero_state(ctx).hero
        if hero is None or not hero.deckbuilding:
            return None
        if hero.deckbuilding.get("unparsed"):
            return "its Deckbuilding text has no structured form in the card data"
        try:
            check_clauses(hero.deckbuilding)
        except UnknownAtom as exc:
            return f"its Deckbuilding uses a predicate deckcheck does not know ({exc})"
        return None

    return ctx.once("wowtcg.db_problem", build)


def deckbuilding_problem_key(ctx: Context) -> tuple[str | None, str | None]:
    """What :func:`deckbuilding_problem` says, as a language-neutral key and the unknown
    predicate (for translated messages)."""
    hero = hero_state(ctx).hero
    if hero is None or not hero.deckbuilding:
        return None, None
    if hero.deckbuilding.get("unparsed"):
        return "unparsed", None
    try:
        check_clauses(hero.deckbuilding)
    except UnknownAtom as exc:
        return "unknown-predicate", str(exc)
    return None, None


def judged(ctx: Context) -> list[Judged]:
    """Hero-dependent verdicts, one per card name (at its first line), best printing first."""
    def build():
        hero = hero_state(ctx).hero
        if hero is None:
            return []
        use_db = deckbuilding_problem(ctx) is None
        out = []
        for e in first_per_name(deck_entries(ctx)):
            chosen, first = judge_card(hero, e.card, use_db)
            out.append(Judged(e, chosen, first))
        return out

    return ctx.once("wowtcg.judged", build)


def facts_for(ctx: Context, card: Card):
    """The printing the checks used for a card (the chosen variant when a hero is known)."""
    for j in judged(ctx):
        if j.entry.card.name == card.name:
            return j.chosen.facts
    return printings(card)[0]


def constructed_sets(ctx: Context) -> dict[str, Any]:
    """Set code -> block for the constructed sets of ``cards/wowtcg/sets.yaml``."""
    def build():
        table = (ctx.db.tables.get("sets") or {}).get("sets") or []
        return {s["code"]: s.get("block") for s in table if s.get("pool") == "constructed"}

    return ctx.once("wowtcg.sets", build)


def hero_label(ctx: Context) -> str:
    st = hero_state(ctx)
    return ctx.label(st.hero.card) if st.hero else "?"


# ---------------------------------------------------------------------------------------
# sizes and copies (rules 100.1, 100.3, 100.4)


@register
class MainDeckTooSmall(WowRule, ZoneBound):
    """The main deck has fewer cards than the format requires.

    Rule 100.1: "构筑赛所使用的套牌张数不得少于 60 张限制赛所使用的套牌张数不得少于 30 张套牌张数没有上限"
    (Constructed at least 60, Limited at least 30, no maximum), and "英雄牌不计入套牌张数主宰英雄
    … 会计入套牌张数" (the hero does not count; Master Heroes do). The sideboard never counts.
    Unknown lines count as written.
    """

    code = "WOW101"
    name = "main-deck-too-small"
    message = ("Main deck has {actual} cards; {format} requires at least {expected} (hero not "
               "counted, Master Heroes counted; rule 100.1).")
    zone, bound = "main", "min"
    extra_claims = ("zone:main:missing",)


@register
class SideboardSize(WowRule):
    """The sideboard is neither empty nor of the size the format requires.

    Rule 100.3: "某些比赛允许玩家使用备牌, 这并非强制性的 … 构筑赛中, 备牌张数必须为 10 张" (a
    sideboard is optional; in Constructed it must be exactly 10 cards). In Limited every pool
    card not in the main deck is the sideboard, so its size is never checked.
    """

    code = "WOW102"
    name = "sideboard-size"
    message = ("Sideboard has {actual} cards; in {format} a sideboard is optional but must "
               "have exactly {used} cards when used (rule 100.3).")
    claims = ("size:sideboard:sizes", "size:sideboard:min", "size:sideboard:max")

    def check(self, ctx):
        sizes = (ctx.fmt.zone("sideboard") or {}).get("sizes")
        have = ctx.count("sideboard")
        if sizes and have not in sizes:
            used = " or ".join(str(s) for s in sizes if s) or "0"
            yield self.finding(ctx, zone="sideboard", expected=sizes, actual=have,
                               line=ctx.first_line("sideboard"), used=used)


@register
class TooManyCopies(WowRule):
    """More than four cards with one name in main deck and sideboard together.

    Rule 100.4: "构筑赛中, 一副套牌 ( 包括其备牌, 如果有的话 ) 只能加入至多四张同名牌" (at most four
    cards with the same name, sideboard included); "限制赛中, 玩家可以在套牌中加入任意数量的同名牌"
    (Limited: any number); "标签为无限 (Unlimited) 的牌张为例外情况" (Unlimited cards are
    exempt). Printings (extended art, loot, reprints) are one name (rule 200). Unique and (N)
    tags are in-play limits (rule 414), never deck limits.
    """

    code = "WOW103"
    name = "too-many-copies"
    message = ("{card}: {actual} copies ({breakdown}); at most {expected} per name in "
               "{format} (rule 100.4).")
    claims = ("copies",)

    def check(self, ctx):
        for spec in ctx.fmt.get("copies") or ():
            zones = spec.get("zones") or list(DECK_ZONES)
            limit = spec.get("limit")
            exempt = spec.get("exempt") or ()
            totals: dict[str, list[Entry]] = {}
            for e in deck_entries(ctx):
                if e.zone in zones:
                    totals.setdefault(e.card.name, []).append(e)
            for name, entries in totals.items():
                card = entries[0].card
                if any(card_matches(card, p) for p in exempt):
                    continue
                total = sum(e.count for e in entries)
                if limit is not None and total > limit:
                    by_zone = {z: sum(e.count for e in entries if e.zone == z) for z in zones}
                    breakdown = " + ".join(f"{n} {z}" for z, n in by_zone.items() if n)
                    yield self.finding(ctx, zone=entries[0].zone, card=card,
                                       line=entries[0].line, expected=limit, actual=total,
                                       breakdown=breakdown, main=by_zone.get("main", 0),
                                       side=by_zone.get("sideboard", 0))


# ---------------------------------------------------------------------------------------
# the hero (rules 101, 301)


@register
class HeroMissing(WowRule):
    """No hero is declared.

    Rule 101: "每位玩家准备好自己的套牌, 并将英雄放臵进场" (each player puts their hero into play);
    rule 301: "玩家开始游戏前先将一个英雄以未横臵的方式放臵进场". Declare it with ``Hero: <name>``
    (``英雄: <name>``) or a ``Hero`` section. If the main deck holds exactly one hero card,
    the message suggests it; the card is not moved (it also gets WOW107).
    """

    code = "WOW104"
    name = "hero-missing"
    message = "No hero declared. Add a line `Hero: <name>`{suggestion_text}. (rules 101, 301)"
    claims = ("zone:hero:missing", "size:hero:min")

    def check(self, ctx):
        if hero_state(ctx).entries:
            return
        heroes = sorted({e.card.name for e in ctx.resolved("main")
                         if e.card.get("type") == "Hero"})
        text = f" — the main deck contains the hero card {heroes[0]}" if len(heroes) == 1 else ""
        yield self.finding(ctx, zone="hero", expected=1, actual=0,
                           card=heroes[0] if len(heroes) == 1 else None,
                           suggestion=f"Hero: {heroes[0]}" if len(heroes) == 1 else None,
                           suggestion_text=text,
                           suggestion_text_key="holds" if len(heroes) == 1 else "none",
                           held=heroes[0] if len(heroes) == 1 else None)


@register
class TooManyHeroes(WowRule):
    """More than one hero is declared (two hero lines, or a count above 1).

    Rule 301: a player puts **one** hero into play before the game. The hero-dependent checks
    use the first hero listed, and the message says which.
    """

    code = "WOW105"
    name = "too-many-heroes"
    message = ("{actual} heroes declared ({cards}); a deck has exactly one starting hero. "
               "Checks used {hero}.")
    claims = ("size:hero:max",)

    def check(self, ctx):
        st = hero_state(ctx)
        most = (ctx.fmt.zone("hero") or {}).get("max", 1)
        if st.count <= most:
            return
        shown = []
        for e in st.entries:
            name = e.card.name if e.card else e.name
            shown.append(f"{e.count} × {name}" if e.count != 1 else name)
        first = st.entry
        used = first.card.name if first.card is not None else first.name
        yield self.finding(ctx, zone="hero", card=first.card or first.name, line=first.line,
                           expected=most, actual=st.count, cards=_names(shown), hero=used)


@register
class NotAHero(WowRule):
    """A card in the hero zone cannot start the game as the hero.

    Rules 301 and 301.4: the starting hero is a Hero card; a Master Hero "应被放入套牌中"
    (goes in the deck). Heroes printed only in raid decks (Onyxia; Kel'Thuzad of Naxxramas)
    are not constructed cards (rule 800.3a). The hero-dependent checks are skipped (WOW124).
    """

    code = "WOW106"
    name = "not-a-hero"
    message = ("{card} in the hero zone cannot start the game (card type {type}){raid}. "
               "Hero-dependent checks skipped.")

    def check(self, ctx):
        st = hero_state(ctx)
        seen = set()
        for e in st.entries:
            card = e.card
            if card is None or is_starting_hero(card) or card.name in seen:
                continue
            seen.add(card.name)
            raid, raid_key = "", "none"
            if card.get("pool") == "raid":
                raid, raid_key = ": it appears only in raid decks", "raid"
            elif card.get("pool") == "token":
                raid, raid_key = ": it is a token", "token"
            msg, variant = None, "default"
            if e is not st.entry:
                msg, variant = (f"{ctx.label(card)} in the hero zone cannot start the game "
                                f"(card type {card.get('type')}){raid}."), "extra"
            yield self.finding(ctx, zone="hero", card=card, line=e.line,
                               type=card.get("type") or "card", raid=raid, message=msg,
                               variant=variant, raid_key=raid_key)


@register
class HeroInDeck(WowRule):
    """A hero card is in the main deck or sideboard.

    Heroes start in play (rules 101, 301); only Master Heroes go in the deck (rule 301.4).
    [decision] CR 5.0 only implies it; Comprehensive Rules 1.11 §100 said "Decks can't
    include hero cards". The line still counts toward the zone's size; no other check uses it.
    """

    code = "WOW107"
    name = "hero-in-deck"
    message = ("{card} ({zone}, line {line}) is a hero; heroes start in play and cannot be in "
               "the deck or sideboard. Only Master Heroes go in the deck.")

    def check(self, ctx):
        stop = stopped(ctx)
        seen = set()
        for e in sorted(ctx.resolved(*DECK_ZONES), key=_order):
            if stop.get(id(e), ("",))[0] == "WOW107" and e.card.name not in seen:
                seen.add(e.card.name)
                yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line)


@register
class ChecksSkippedNoHero(WowRule):
    """The hero-dependent checks were skipped because there is no usable hero.

    Icons, Hero Required and Deckbuilding depend on the hero. The hero is missing (WOW104), an
    unknown name (DCK002) or a card that cannot start the game (WOW106).
    """

    code = "WOW124"
    name = "checks-skipped-no-hero"
    severity = Severity.INFO
    message = ("Hero-dependent checks (icons, Hero Required, Deckbuilding) were skipped: "
               "{reason}.")

    def check(self, ctx):
        st = hero_state(ctx)
        if st.hero is None:
            yield self.finding(ctx, zone="hero", line=st.entry.line if st.entry else None,
                               reason=st.problem, reason_key=st.problem_key,
                               **(st.problem_args or {}))


# ---------------------------------------------------------------------------------------
# legal cards for the hero (rules 100.2a, 100.2b, 100.2d)


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
                           alliance_cards="Alliance: " + _names(ctx.label(x.card) for x in a),
                           horde_cards="Horde: " + _names(ctx.label(x.card) for x in h),
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

    def check(self, ctx):
        st = hero_state(ctx)
        problem = deckbuilding_problem(ctx)
        if st.hero is not None and problem:
            key, atom = deckbuilding_problem_key(ctx)
            yield self.finding(ctx, zone="hero", card=st.hero.card, line=st.entry.line,
                               hero=ctx.label(st.hero.card), reason=problem, reason_key=key,
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


# ---------------------------------------------------------------------------------------
# reputations, Master Heroes, talents (rules 100.2c, 100.2e; card text)


def _reputations(entries: list[Entry]) -> dict[str, list[Entry]]:
    reps: dict[str, list[Entry]] = {}
    for e in first_per_name(entries):
        rep = e.card.get("reputation")
        if rep:
            reps.setdefault(rep, []).append(e)
    return reps


@register
class MultipleReputations(WowRule):
    """The main deck holds cards of more than one reputation.

    Rule 100.2c: "[ 说明 ] 声望 ( [Description] Reputation) … 在一副套牌中, 只能加入一种声望的牌"
    (a deck may contain cards of only one reputation: Aldor, Scryer, Argent Crusade,
    Nerubian). A hero's own reputation does not count.
    """

    code = "WOW111"
    name = "multiple-reputations"
    message = ("Main deck mixes reputations: {reputations} ({cards}); a deck may contain cards "
               "of only one reputation (rule 100.2c).")

    def check(self, ctx):
        reps = _reputations([e for e in deck_entries(ctx) if e.zone == "main"])
        if len(reps) < 2:
            return
        second = list(reps.values())[1][0]
        cards = [f"{ctx.label(e.card)} ({rep})" for rep, es in reps.items() for e in es]
        yield self.finding(ctx, zone="main", card=second.card, line=second.line,
                           actual=len(reps), expected=1, reputations=", ".join(reps),
                           cards=_names(cards), reputation_items=list(reps),
                           card_reputations=[[ctx.label(e.card), rep]
                                             for rep, es in reps.items() for e in es])


@register
class ReputationViaSideboard(WowRule):
    """Only the sideboard brings a second reputation into the deck.

    Rule 100.2c allows one reputation per deck; [decision] the seed does not say whether the
    sideboard counts, so this is a warning: a one-for-one swap would make the deck illegal.
    """

    code = "WOW112"
    name = "reputation-via-sideboard"
    severity = Severity.WARNING
    message = ("Sideboard adds reputation {reputation} ({cards}) to a main deck using "
               "{main_reputation}; swapping them in would break rule 100.2c.")

    def check(self, ctx):
        entries = deck_entries(ctx)
        main = _reputations([e for e in entries if e.zone == "main"])
        if len(main) > 1:
            return                                  # WOW111 already
        everything = _reputations(entries)
        if len(everything) < 2:
            return
        base = next(iter(main)) if main else next(iter(everything))
        for rep, es in everything.items():
            if rep == base:
                continue
            side = [e for e in es if e.zone == "sideboard"] or es
            yield self.finding(ctx, zone="sideboard", card=side[0].card, line=side[0].line,
                               reputation=rep, main_reputation=base if main else
                               f"none (the sideboard also has {base})",
                               cards=_names(ctx.label(e.card) for e in side),
                               main_reputation_key="used" if main else "side-only",
                               base_reputation=base)


def _master_limits(ctx: Context) -> list[tuple[str, int]]:
    """The format's Master Hero limits (``master_hero:``), each ``(how, limit)``.

    ``("cards", n)`` first when the format gives ``max_cards`` (an event ruling "one card" is
    the stricter reading), then ``("names", n)``: ``max_names``, 1 unless the format lifts it
    with ``null`` (rule 100.2e, one kind of Master Hero). Every limit applies.
    """
    spec = ctx.fmt.get("master_hero") or {}
    limits = []
    if spec.get("max_cards") is not None:
        limits.append(("cards", int(spec["max_cards"])))
    names = spec.get("max_names", 1)
    if names is not None:
        limits.append(("names", int(names)))
    return limits


def _master_count(entries: list[Entry], how: str) -> int:
    if how == "names":
        return len({e.card.name for e in entries})
    return sum(e.count for e in entries)


def _master_breach(entries: list[Entry],
                   limits: list[tuple[str, int]]) -> tuple[str, int, int] | None:
    """The first limit ``entries`` exceed, as ``(how, limit, count)``; None if none."""
    for how, limit in limits:
        have = _master_count(entries, how)
        if have > limit:
            return how, limit, have
    return None


def _master_over(entries: list[Entry], how: str, limit: int,
                 known: Iterable[str] = ()) -> Entry:
    """The entry that takes ``entries`` over ``limit``: the first line of the name one past
    the limit (``names``; names in ``known`` are already counted), else the line whose copies
    pass it (``cards``)."""
    if how == "names":
        seen = set(known)
        for e in entries:
            if e.card.name not in seen:
                seen.add(e.card.name)
                if len(seen) > limit:
                    return e
    total = 0
    for e in entries:
        total += e.count
        if total > limit:
            return e
    return entries[-1]


def _master_copies(ctx: Context, entries: list[Entry]) -> list[tuple[str, str]]:
    """``("4 × Name", zone)`` per Master Hero name and zone, in deck order (one copy: the
    name alone)."""
    counts: dict[tuple[str, str], int] = {}
    labels: dict[tuple[str, str], str] = {}
    for e in entries:
        key = (e.card.name, e.zone)
        counts[key] = counts.get(key, 0) + e.count
        labels.setdefault(key, ctx.label(e.card))
    return [(f"{n} × {labels[key]}" if n != 1 else labels[key], key[1])
            for key, n in counts.items()]


@register
class TooManyMasterHeroes(WowRule):
    """The main deck holds more than one kind of Master Hero.

    Rule 100.2e: "套牌中仅能包含一种主宰英雄 … 此规则高于于规则 100.2d" (a deck may contain only one
    kind of Master Hero; this overrides Deckbuilding). The seed (001_56092096a03671bb.txt)
    says 一种, "one kind", not 一张, "one card": two different Master Hero names are the
    error, while copies of one name are
    limited only by the copy rule (four, rule 100.4). Published tournament lists agree: a
    Worlds 2012 side-event list and a 2017 Classic list with a "Master Hero (4)" section run
    four copies of one Master Hero. Format key ``master_hero: {max_names: 1}`` (the default
    of every WoW format); an event that rules "one card" adds ``max_cards: 1``.
    """

    code = "WOW116"
    name = "too-many-master-heroes"
    message = ("Main deck has {actual} kinds of Master Hero ({cards}); a deck may contain "
               "only one kind of Master Hero (rule 100.2e; {format}: at most {expected}), "
               "however many copies of it the copy rule allows, and hero Deckbuilding text "
               "cannot raise this.")
    cards_message = ("Main deck has {actual} Master Hero cards ({cards}); {format} allows at "
                     "most {expected} (its master_hero max_cards, stricter than rule 100.2e's "
                     "one kind of Master Hero), and hero Deckbuilding text cannot raise this.")

    def check(self, ctx):
        zone = (ctx.fmt.get("master_hero") or {}).get("zone", "main")
        mains = [e for e in deck_entries(ctx) if e.zone == zone and e.card.get("master_hero")]
        breach = _master_breach(mains, _master_limits(ctx))
        if breach is None:
            return
        how, limit, have = breach
        extra = _master_over(mains, how, limit)
        labels = [label for label, _ in _master_copies(ctx, mains)]
        yield self.finding(ctx, zone=zone, card=extra.card, line=extra.line, actual=have,
                           expected=limit, variant=how,
                           message=self.cards_message if how == "cards" else None,
                           cards=_names(labels), cards_items=labels)


@register
class MasterHeroViaSideboard(WowRule):
    """Main deck and sideboard together hold more than one kind of Master Hero.

    Rule 100.2e allows one kind of Master Hero in the deck (WOW116; the format's
    ``master_hero`` limits). [decision] A sideboard that brings in a second name is a
    warning, since only the main deck is certain to count; more copies of the main deck's
    Master Hero in the sideboard are the copy rule's business, not this one's.
    """

    code = "WOW117"
    name = "master-hero-via-sideboard"
    severity = Severity.WARNING
    message = ("Main deck and sideboard together hold {actual} kinds of Master Hero "
               "({cards}); a deck may contain only one kind of Master Hero (rule 100.2e; "
               "{format}: at most {expected}), so swapping them in would break it.")
    cards_message = ("Main deck and sideboard together hold {actual} Master Hero cards "
                     "({cards}); {format} allows at most {expected} in the deck at a time "
                     "(its master_hero max_cards; rule 100.2e).")

    def check(self, ctx):
        limits = _master_limits(ctx)
        every = [e for e in deck_entries(ctx) if e.card.get("master_hero")]
        mains = [e for e in every if e.zone == "main"]
        if _master_breach(mains, limits) is not None:
            return                                  # WOW116 already
        breach = _master_breach(every, limits)
        if breach is None:
            return
        how, limit, have = breach
        side = [e for e in every if e.zone == "sideboard"]
        main_names = {e.card.name for e in mains}
        if how == "names":
            over = _master_over(side, how, limit, known=main_names)
        else:
            over = _master_over(side, how, limit - _master_count(mains, how))
        copies = _master_copies(ctx, every)
        yield self.finding(ctx, zone="sideboard", card=over.card, line=over.line,
                           actual=have, expected=limit, variant=how,
                           message=self.cards_message if how == "cards" else None,
                           cards=_names(f"{label} ({zone})" for label, zone in copies),
                           card_zones=[[label, zone] for label, zone in copies])


@register
class TalentTreeConflict(WowRule):
    """A "[Tree] Talent" card excludes other trees' Talents, and the deck has one.

    Card text, not rule 100: cards of blocks 5-6 begin with e.g. "Arcane Talent (You can't put
    Fire Talents or Frost Talents in your deck.)". [uncertain] Older cards tagged Talent count
    as Talents of their tree (shipped reading). Main deck and sideboard are checked together.
    """

    code = "WOW118"
    name = "talent-tree-conflict"
    message = ("{card} is a {tree} Talent, which excludes {excluded} Talents, but the deck "
               "contains {conflicting} (card text; not part of rule 100).")

    def check(self, ctx):
        cards = first_per_name(deck_entries(ctx))
        trees = {e.card.name: talent_trees(facts_for(ctx, e.card)) for e in cards}
        for e in cards:
            tc = facts_for(ctx, e.card).talent_card
            if not tc:
                continue
            excluded = list(tc.get("excludes") or ())
            bad = [f"{ctx.label(o.card)} ({'/'.join(sorted(trees[o.card.name] & set(excluded)))})"
                   for o in cards if o is not e and trees[o.card.name] & set(excluded)]
            if bad:
                yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line,
                                   tree=tc.get("tree"), excluded=" or ".join(excluded),
                                   conflicting=_names(bad), excluded_list=excluded,
                                   conflict_trees=[
                                       [ctx.label(o.card),
                                        sorted(trees[o.card.name] & set(excluded))]
                                       for o in cards
                                       if o is not e and trees[o.card.name] & set(excluded)])


# ---------------------------------------------------------------------------------------
# deck cards and the card pool (rules 800.3a, 801)


@register
class NotADeckCard(WowRule):
    """A token, a raid- or dungeon-deck card, or a hero's back face is in the deck.

    Tokens are created in play; raid and dungeon decks are not constructed (rule 800.3a:
    "你不能使用构筑过的主套牌和事件套牌"); ``<Hero> Back`` is the other side of the hero card.
    The line still counts toward the zone's size; no other check uses it.
    """

    code = "WOW119"
    name = "not-a-deck-card"
    message = ("{card} ({zone}, line {line}) is {what} and cannot be in a deck.")

    def check(self, ctx):
        stop = stopped(ctx)
        seen = set()
        for e in sorted(ctx.resolved(*DECK_ZONES), key=_order):
            code, what = stop.get(id(e), ("", ""))
            if code == "WOW119" and (e.card.name, what) not in seen:
                seen.add((e.card.name, what))
                key = _not_deck_key(e)
                msg = variant = None
                if key == "back-face":   # quote the line: the card's own name would repeat
                    variant = "back-face"
                    msg = (f'"{e.raw_name or e.name}" ({e.zone}, line {e.line}) is the back face '
                           f"of hero {ctx.label(e.card)} and cannot be in a deck.")
                yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line, what=what,
                                   what_key=key, message=msg, variant=variant,
                                   input=e.raw_name or e.name)


def _not_deck_key(e: Entry) -> str:
    """Why :func:`stopped` keeps a card out of the deck, as a language-neutral key."""
    if e.extra.get("back_face"):
        return "back-face"
    if e.card.get("pool") == "token":
        return "token"
    return "dungeon" if e.card.get("dungeon_only") else "raid"


@register
class NotInFormat(WowRule):
    """A card has no constructed printing in the format's card pool.

    The pool is the sets of a block (Block Constructed) or the mid-2010 Core list.
    The seed defers set legality to the tournament guidelines (rule 801); the pools come from
    the data (wowtcg.md §1, §4.4). A card is legal if **any** of its constructed printings is
    in the pool. Checked for the hero and every deck card.
    """

    code = "WOW120"
    name = "not-in-format"
    message = "{card} is not legal in {format}: no printing in {sets}. Printed in {printings}."
    claims = ("pool",)

    def check(self, ctx):
        pool_sets = ctx.fmt.get("sets")
        flag = ctx.fmt.get("pool_flag")
        if not (isinstance(pool_sets, list) and pool_sets) and not flag:
            return
        blocks = constructed_sets(ctx)
        st = hero_state(ctx)
        entries = deck_entries(ctx)
        if st.hero is not None:
            entries = [st.entry] + entries
        for e in first_per_name(entries):
            card = e.card
            own = [s for s in card.get("sets") or () if s in blocks]
            printed = ", ".join(f"{s} (block {blocks[s]})" if blocks.get(s) else s for s in own)
            if flag and not card.get(flag):
                label = ctx.fmt.get("pool_label") or flag
                yield self.finding(ctx, zone=e.zone, card=card, line=e.line, sets=label,
                                   printings=printed or "no constructed set", variant="flag",
                                   message=f"{ctx.label(card)} is not legal in {ctx.fmt.id}: "
                                           f"not on {label}. Printed in {printed}.")
            elif isinstance(pool_sets, list) and pool_sets and not set(own) & set(pool_sets):
                yield self.finding(ctx, zone=e.zone, card=card, line=e.line,
                                   sets=" ".join(pool_sets), printings=printed or "no constructed set")


# ---------------------------------------------------------------------------------------
# findings made while reading the list (documented here)


@register
class HeroBackFace(WowRule):
    """The back of the hero card is listed as a card; in the hero zone it is ignored.

    The OCTGN and Magic Workstation exporters write it as "Fama'sin the Lifeseer Back".
    Anywhere else it is an error (WOW119). A real card whose name ends in "Back" (Fall Back)
    is never read as a back face.
    """

    code = "WOW121"
    name = "hero-back-face"
    severity = Severity.INFO
    stage = "parse"
    message = 'Line {line}: "{input}" is the back of hero {hero}; ignored.'


@register
class BlockHintMismatch(WowRule):
    """A file's block or set hint names a block or set the card was never printed in.

    ``.mwDeck`` ``[block]`` numbers and the set/block columns of CSV files are hints: the card
    names decide, the hint is ignored and never fails the deck.
    """

    code = "WOW125"
    name = "block-hint-mismatch"
    severity = Severity.WARNING
    stage = "parse"
    message = ("Line {line}: {card} was not printed in block {block} (file says [{block}]; "
               "printed in block {blocks}); hint ignored.")
