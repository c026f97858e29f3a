"""Keywords a deck may not mix or a ruler forbids: «Tales» and «Villains» (FOW119), «Will
of Hope» and «Will of Despair» (FOW120), and a ruler that allows only some cards (FOW121)."""

from __future__ import annotations

from typing import Any

from deckcheck.games.fow.model import ruler_info, starting_ruler_names
from deckcheck.games.fow.rules.common import FowRule, is_cr23, placed, zname
from deckcheck.models import Card, Entry
from deckcheck.rules.base import Context, register


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
