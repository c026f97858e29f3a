"""One reputation per deck (rule 100.2c) and talent trees (card text): WOW111, WOW112,
WOW118."""

from __future__ import annotations

from deckcheck.games.wowtcg.model import deck_entries, facts_for, first_per_name
from deckcheck.games.wowtcg.rules.common import WowRule, names
from deckcheck.games.wowtcg.traits import talent_trees
from deckcheck.models import Entry, Severity
from deckcheck.rules.base import register


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
                           cards=names(cards), reputation_items=list(reps),
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
                               cards=names(ctx.label(e.card) for e in side),
                               main_reputation_key="used" if main else "side-only",
                               base_reputation=base)


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
                                   conflicting=names(bad), excluded_list=excluded,
                                   conflict_trees=[
                                       [ctx.label(o.card),
                                        sorted(trees[o.card.name] & set(excluded))]
                                       for o in cards
                                       if o is not e and trees[o.card.name] & set(excluded)])
