"""Facts the card data lacks (WOW126)."""

from __future__ import annotations

from deckcheck.games.wowtcg.model import deck_entries, first_per_name, hero_state
from deckcheck.games.wowtcg.rules.common import WowRule, names
from deckcheck.models import Severity
from deckcheck.rules.base import register


@register
class FactsUnknown(WowRule):
    """A card's record says that a fact the construction rules need is unknown.

    The CardCarp records (War of the Ancients, Betrayal of the Guardian, Reign of Fire) give
    class, faction, type and cost as fields, but race, talent, professions and "[Trait] Hero
    Required" only in free text, which some records lack (no rules text, an ally without its
    race, a hero without talent or professions).  The importer lists such facts in the
    record's ``unknown``; the checks that need them cannot be sure, so the card is reported
    instead of passing silently (wowtcg.md §4.2).  Checked for the hero and every deck card.
    """

    code = "WOW126"
    name = "card-facts-unknown"
    severity = Severity.WARNING
    message = ("{card} ({zone}): the card data does not give its {facts}; the "
               "checks that need it (Hero Required, Reputation, Talent, race) may be wrong.")

    def check(self, ctx):
        st = hero_state(ctx)
        entries = deck_entries(ctx)
        if st.entry is not None and st.entry.card is not None:
            entries = [st.entry] + entries
        for e in first_per_name(entries):
            unknown = e.card.get("unknown") or []
            if unknown:
                yield self.finding(ctx, zone=e.zone, card=e.card, line=e.line,
                                   facts=names(unknown))
