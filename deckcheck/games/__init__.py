"""The table of games: the one place in deckcheck that lists them.

Each game is one package, ``deckcheck.games.<id>``, whose ``__init__`` holds nothing but its
:class:`~deckcheck.games.registry.Descriptor` (``GAME``): the rule-code prefix and where its
hooks, rules, parsers, importer, sheet layout and translations live. Everything else that
needs the list of games — rule loading, translations, importers, registration sheets —
derives it from :data:`GAMES` through :mod:`deckcheck.games.registry`, which imports a
game's package only when that game is asked for (start-up stays fast).

Adding a game is one line here and one package beside the others (see docs/architecture.md).
"""

#: game id -> the package that holds the game (imported lazily)
GAMES: dict[str, str] = {
    "fow": "deckcheck.games.fow",
    "mtg": "deckcheck.games.mtg",
    "wowtcg": "deckcheck.games.wowtcg",
    "magewars": "deckcheck.games.magewars",
    "mageknight": "deckcheck.games.mageknight",
}
