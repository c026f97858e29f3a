"""Force of Will: the game's package (its descriptor; the pieces live in the modules beside it)."""

from deckcheck.games.registry import Descriptor

GAME = Descriptor(
    id="fow",
    prefix="FOW",
    hooks="deckcheck.games.fow.hooks:FowGame",
    rules=("deckcheck.games.fow.rules",),
    importer="deckcheck.games.fow.importer",
    layout="deckcheck.games.fow.layout:LAYOUT",
    shared_parsers="deckcheck.games.fow.fdk:SHARED_PARSERS",
    i18n="deckcheck.games.fow.i18n",
)
