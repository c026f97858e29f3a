"""World of Warcraft TCG: the game's package (its descriptor; the pieces live in the modules beside it)."""

from deckcheck.games.registry import Descriptor

GAME = Descriptor(
    id="wowtcg",
    prefix="WOW",
    hooks="deckcheck.games.wowtcg.hooks:WowGame",
    rules=("deckcheck.games.wowtcg.rules",),
    importer="deckcheck.games.wowtcg.importer",
    layout="deckcheck.games.wowtcg.layout:LAYOUT",
    i18n="deckcheck.games.wowtcg.i18n",
)
