"""Force of Will construction rules (FOW codes): CR 2.3 §4.1 and CR 12.7 §402–404.

The numbers come from the format files (``formats/fow/``); the card facts (types, stone
class, keywords, structured deck rules read from card text) from ``cards/fow/``. Messages cite
"CR 2.3 §4.1" in ``fow-classic`` and the CR 12.7 section in the cluster formats.

One module per theme; importing this package registers every rule:

``common``    the rule base class, rule citations, zone and type names, misplaced entries
``sizes``     zone sizes (FOW101–FOW103, FOW107, FOW111, FOW112, FOW114, FOW115)
``ruler``     the ruler (FOW104–FOW106, FOW123, FOW124, FOW126, FOW127, FOW132, FOW133)
``zones``     zone contents (FOW108, FOW116–FOW118, FOW131)
``copies``    copies per name (FOW109, FOW110, FOW113, FOW122, FOW130)
``keywords``  keywords a deck may not mix or its ruler forbids (FOW119–FOW121)
``pool``      card pool (FOW125)
``bans``      the dated ban list and combination bans (FOW128, FOW129), undated ones (FOW137)
"""

# importing the modules registers their rules
from deckcheck.games.fow.rules import bans, copies, keywords, pool, ruler, sizes, zones  # noqa: F401
