"""Mage Knight rules (``MKN`` codes), one module per theme; importing this package registers
them all (the descriptor's ``rules``).

* :mod:`~deckcheck.games.mageknight.rules.heroes` — the hero and the products in play (MKN101–104,
  MKN205);
* :mod:`~deckcheck.games.mageknight.rules.starting` — the starting deed deck (MKN111–113);
* :mod:`~deckcheck.games.mageknight.rules.deed` — the deed deck's cards (MKN201–204, MKN206–208);
* :mod:`~deckcheck.games.mageknight.rules.figures` — Fame, level and hand (MKN301–303);
* :mod:`~deckcheck.games.mageknight.rules.common` — what they share.

The rule ids (MK-R1 … MK-R10) and sections (§…) are those of ``docs/games/mageknight.md``.
Numbers come from the card data (``heroes.yaml``, ``standard_deck.yaml``, ``fame_levels.yaml``)
and the format files (``starting_size``, ``unique_kinds``, ``unlimited``,
``multiplayer_relaxes``); the shared per-deck facts come from
:func:`deckcheck.games.mageknight.model.deck_info`.
"""

from deckcheck.games.mageknight.rules import heroes, starting, deed, figures  # registers them
from deckcheck.games.mageknight.rules.deed import PoweredName  # the hooks report it at parse

__all__ = ["PoweredName", "deed", "figures", "heroes", "starting"]
