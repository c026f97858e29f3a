"""Mage Wars: the game's package (its descriptor; the pieces live in the modules beside it)."""

from deckcheck.games.registry import Descriptor

GAME = Descriptor(
    id="magewars",
    prefix="MWR",
    hooks="deckcheck.games.magewars.hooks:MageWarsGame",
    rules=("deckcheck.games.magewars.rules",),
    importer="deckcheck.games.magewars.importer",
    layout="deckcheck.games.magewars.layout:LAYOUT",
    fingerprint_stats=("element",),
    i18n="deckcheck.games.magewars.i18n",
)
