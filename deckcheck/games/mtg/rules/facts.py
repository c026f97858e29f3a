"""Cards the data knows only by name, set, number and rarity (MTG501).

Records made from Forge's edition files (the sets after the MTGJSON v3 data, see
``deckcheck/games/mtg/importing/forge_editions.py``) list the facts they lack under
``unknown``. A rule that needs such a fact cannot judge the card: it does not guess (an
unknown card is never taken as a basic land, as colourless, or as a card that allows any
number of copies), and this rule says which check could not be made.
"""

from __future__ import annotations

from typing import Iterable

from deckcheck.games.mtg.rules.common import MtgRule
from deckcheck.models import Finding, Severity
from deckcheck.rules.base import Context, register
from deckcheck.rules.generic import count_copies


def unknown_facts(card) -> set[str]:
    return set(card.get("unknown") or ())


@register
class FactsUnknown(MtgRule):
    """A card the data knows only by name, set, number and rarity, in a check that needs a
    fact it lacks: its colour identity in a Commander format (MTG207 counts it as colourless
    and could be wrong), its types in a zone that allows or denies types, or its own copy
    limit when the list has more copies than the format allows (a card such as Dragon's
    Approach allows any number; MTG102 applies the format's limit), or its types and
    abilities in the command zone of a format that names the commander's kind (MTG210 and
    MTG211 cannot say whether it may be a commander, or partner with the other one).

    Where no check needs the missing facts (its sets and rarity are known, so set legality
    and the Pauper rarity are checked), nothing is reported. Import newer card data
    (``deckcheck cards import mtgjson AllPrintings.json``, MTGJSON v5) to know them.
    """

    code = "MTG501"
    name = "card-facts-unknown"
    severity = Severity.WARNING
    _IMPORT = " Import newer card data (deckcheck cards import mtgjson AllPrintings.json) to check it."
    message = ("{card}: the card data has only its name, sets and rarity ({sets}); its colour "
               "identity is unknown, so it could not be checked against the commander's "
               "colour identity." + _IMPORT)
    messages = {
        "types": ("{card}: the card data has only its name, sets and rarity ({sets}); its "
                  "types are unknown, so it could not be checked against the card types the "
                  "{zone} zone takes." + _IMPORT),
        "commander": ("{card}: the card data has only its name, sets and rarity ({sets}); its "
                      "types and abilities are unknown, so whether it can be your commander "
                      "could not be checked." + _IMPORT),
        "copies": ("{card}: the card data has only its name, sets and rarity ({sets}); whether "
                   "its own text allows more than {expected} copies is unknown, so the format's "
                   "limit was applied ({actual} copies listed)." + _IMPORT),
    }

    def check(self, ctx: Context) -> Iterable[Finding]:
        typed_zones = {z for z, spec in ctx.fmt.zones.items()
                       if spec.get("allow_types") is not None or spec.get("deny_types") is not None}
        seen: set[tuple[str, str]] = set()
        for e in ctx.resolved():
            missing = unknown_facts(e.card)
            if not missing:
                continue
            sets = " ".join(e.card.get("sets") or ())
            if ctx.fmt.get("color_identity") and "color_identity" in missing \
                    and (e.card.id, "ci") not in seen:
                seen.add((e.card.id, "ci"))
                yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line, sets=sets)
            if e.zone == "commander" and ctx.fmt.get("commander_types") and "types" in missing \
                    and (e.card.id, "cmd") not in seen:
                seen.add((e.card.id, "cmd"))
                yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line, sets=sets,
                                   variant="commander")
            if e.zone in typed_zones and "types" in missing and (e.card.id, e.zone) not in seen:
                seen.add((e.card.id, e.zone))
                yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line, sets=sets,
                                   variant="types")
        for spec in ctx.fmt.get("copies") or ():
            field = spec.get("override_field") or "deck_limit"
            zones = spec.get("zones") or ["main", "sideboard"]
            for c in count_copies(ctx, zones, spec.get("key", "name"), spec.get("exempt") or (),
                                  spec.get("override_field"), spec["limit"]):
                if c.limit is not None and c.total > c.limit and field in unknown_facts(c.card):
                    yield self.finding(ctx, zone=c.entries[0].zone, card=c.card,
                                       line=c.first_line, expected=c.limit, actual=c.total,
                                       sets=" ".join(c.card.get("sets") or ()),
                                       variant="copies")
