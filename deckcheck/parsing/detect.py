"""Choose the parser for a deck file by its extension and content, and find its format.

Game-specific parsers (declared by game modules in ``Game.parsers``) are tried first, then
the shared ones: OCTGN ``.o8d``, fowpro ``.fdk`` and plain text.
"""

from __future__ import annotations

import re
from pathlib import Path

from deckcheck.games.base import Game
from deckcheck.models import DeckList
from deckcheck.reading import SourceText, check_limits

DECK_EXTENSIONS = {".txt", ".dec", ".deck", ".dek", ".o8d", ".fdk", ".cod", ".dck", ".mwdeck",
                   ".csv", ".mtga", ".json", ".sbb", ".list", ".md"}

# possessive blanks: a long run of them is not re-split between the two [ \t]* for every
# possible length (one line of a million tabs took hours)
_FORMAT_LINE = re.compile(
    r"^[ \t\ufeff]*+(//+|#+)?[ \t]*+(?:format|赛制|賽制)[ \t]*+[:：][ \t]*+([A-Za-z0-9_.-]+)",
    re.IGNORECASE | re.MULTILINE)


def sniff_format(text: str) -> str | None:
    """The format id named by a ``Format:`` line, if any (before full parsing).

    A commented line (``// FORMAT : Standard`` in Magic Workstation headers) counts only when
    it names a deckcheck format id; a plain ``Format:`` line always counts, so a typo in it
    is reported rather than ignored.
    """
    from deckcheck.formats import format_files

    for m in _FORMAT_LINE.finditer(text):
        value = m.group(2).lower()
        if m.group(1) and value not in format_files():
            continue
        return value
    return None


def sniff_game(src: SourceText) -> str | None:
    """Guess the game from content alone (OCTGN game GUIDs, .fdk files)."""
    from deckcheck.formats import FormatError, compiled_game, game_ids
    from deckcheck.parsing.o8d import looks_like_o8d, octgn_game_id
    from deckcheck.parsing.fdk import looks_like_fdk

    if looks_like_o8d(src.text):
        guid = octgn_game_id(src.text)
        for game_id in game_ids():
            try:
                data = compiled_game(game_id)["game"] or {}
            except FormatError:
                continue
            if guid and (data.get("octgn") or {}).get("game_id", "").lower() == guid:
                return game_id
    if Path(src.path).suffix.lower() == ".fdk" or looks_like_fdk(src.text):
        return "fow"
    return None


def parse(src: SourceText, game: Game) -> DeckList:
    """Parse with the parser the file's extension and content call for; a file with more
    lines or entries than a deck list can have is refused (``ReadError``)."""
    from deckcheck.parsing.text import check_names

    check_limits(src.path, text=src.text)
    deck = _parse(src, game)
    check_names(deck)
    check_limits(src.path, items=len(deck.entries) + len(deck.non_deck),
                 findings=len(deck.findings))
    return deck


def _parse(src: SourceText, game: Game) -> DeckList:
    from deckcheck.parsing.fdk import looks_like_fdk, parse_fdk
    from deckcheck.parsing.o8d import looks_like_o8d, parse_o8d
    from deckcheck.parsing.text import TextParser

    suffix = Path(src.path).suffix.lower()
    for name, (detect, parser) in game.parsers.items():
        if detect(src.path, src.text):
            deck = parser(src, game)
            deck.source_format = deck.source_format or name
            return deck
    if suffix == ".o8d" or looks_like_o8d(src.text):
        return parse_o8d(src, game)
    if suffix == ".fdk" or looks_like_fdk(src.text):
        return parse_fdk(src, game)
    return TextParser(game).parse(src)
