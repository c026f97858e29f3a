"""World of Warcraft TCG construction rules (WOW codes): Comprehensive Rules 5.0, rule 100.

The seed prints sub-numbers only for 100.2a-100.2e; 100.1 (deck size), 100.2 (legal cards),
100.3 (sideboard) and 100.4 (copies) are the numbers its own cross-references imply
(wowtcg.md conventions). The numbers (60/30, 0 or 10, 4, one kind of Master Hero) come from the
format files in ``formats/wowtcg/``; card and hero facts from ``cards/wowtcg/``.

Precedence (wowtcg.md §6): at most one finding per (card, rule); a Deckbuilding finding
(WOW113/WOW114) replaces the icon and Hero Required findings (WOW108-WOW110) of the same
card; a card that is not a deck card (WOW119) or is a hero (WOW107) takes part in no other
check but still counts toward the zone sizes; unknown and ambiguous lines only count.

One module per theme; importing this package registers every rule:

``common``         the rule base class and how a list of names is written
``sizes``          sizes and copies (WOW101-WOW103)
``hero``           the hero (WOW104-WOW107, WOW124)
``hero_cards``     legal cards for the hero: icons, Hero Required, Deckbuilding (WOW108-WOW110,
                   WOW113-WOW115, WOW122, WOW123)
``restrictions``   one reputation per deck, talent trees (WOW111, WOW112, WOW118)
``master_heroes``  one kind of Master Hero (WOW116, WOW117)
``pool``           deck cards and the card pool (WOW119, WOW120)
``reading``        findings made while reading the list (WOW121, WOW125)
``unknown_facts``  facts the card data lacks (WOW126)

The per-deck computations the rules share (the hero, the entries the card checks use, the
verdicts) are in :mod:`deckcheck.games.wowtcg.model`.
"""

# importing the modules registers their rules
from deckcheck.games.wowtcg.rules import (hero, hero_cards, master_heroes, pool,  # noqa: F401
                                          reading, restrictions, sizes, unknown_facts)
# the hooks make these findings
from deckcheck.games.wowtcg.rules.reading import BlockHintMismatch, HeroBackFace  # noqa: F401
