"""Magic: The Gathering: the game's package (its descriptor; the pieces live in the modules beside it)."""

from deckcheck.games.registry import Descriptor

GAME = Descriptor(
    id="mtg",
    prefix="MTG",
    hooks="deckcheck.games.mtg.hooks:MtgGame",
    rules=("deckcheck.games.mtg.rules",),
    importer="deckcheck.games.mtg.importer",
    layout="deckcheck.games.mtg.layout:LAYOUT",
    importer_aliases=("mtgjson",),
    formats_importer="deckcheck.games.mtg.importing.forge_formats",
    shared_source="mtg/mtgjson3/json",
    user_imports=True,
    player_id="deckcheck.games.mtg.layout:PLAYER_ID",
    writers=("arena",),
    i18n="deckcheck.games.mtg.i18n",
)
