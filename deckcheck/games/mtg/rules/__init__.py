"""Magic: The Gathering construction rules (MTG codes, mtg.md §7), one module per theme.

The numbers and lists come from the format files (``formats/mtg/``): zone sizes, the copy
limit and its exemptions, dated profiles with their legal sets, banned and restricted lists,
and the sideboard era (0 or 15 cards until 2013-07-12). Card facts (names, printings,
supertypes, colour identity) come from ``cards/mtg/``. Sources are cited in each rule: the
Comprehensive Rules (CR), the Magic Tournament Rules (MTR) and the Infraction Procedure
Guide (IPG) in force in early 2012, the Dark Ascension FAQ of the seed, and the dated Forge
format files whose facts the format YAML restates.

* :mod:`.common`: the base classes and the card-data check of the profile (mtg.md §1.4);
* :mod:`.sizes`: zones and sizes (MTG101, MTG105, MTG301, MTG302, MTG309–311);
* :mod:`.copies`: copies and bans (MTG102–104, MTG202);
* :mod:`.legality`: legality on the date (MTG201, MTG203, MTG206–209);
* :mod:`.commander`: commander eligibility and pairs (MTG210, MTG211);
* :mod:`.names`: names and printings as written (MTG204, MTG205, MTG401–404, MTG409);
* :mod:`.checklists`: checklist cards (MTG303–308);
* :mod:`.registration`: registration lists (MTG405–408);
* :mod:`.facts`: cards the data knows only by name, set and rarity (MTG501).

Findings made while names are read (MTG204, MTG205, MTG303–306, MTG401–404, MTG409) come
from :mod:`deckcheck.games.mtg.hooks`; their rules are registered here (``stage = "parse"``) so
they can be documented, selected and ignored like any rule. Importing this package registers
every rule (the descriptor's ``rules``).
"""

from deckcheck.games.mtg.rules import (checklists, commander, copies, facts, legality,  # noqa: F401
                                       names, registration, sizes)
