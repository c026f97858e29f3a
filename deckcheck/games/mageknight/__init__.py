"""Mage Knight: the game's package (its descriptor; the pieces live in the modules beside it)."""

from deckcheck.games.registry import Descriptor

GAME = Descriptor(
    id="mageknight",
    prefix="MKN",
    hooks="deckcheck.games.mageknight.hooks:MageKnightGame",
    rules=("deckcheck.games.mageknight.rules",),
    importer="deckcheck.games.mageknight.importer",
    layout="deckcheck.games.mageknight.layout:LAYOUT",
    i18n="deckcheck.games.mageknight.i18n",
)
