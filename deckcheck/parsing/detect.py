"""Choose the parser for a deck file by its extension and content, and find its format.

The game's own parsers (``Game.parsers`` of its hooks) are tried first, then OCTGN ``.o8d``,
then the parsers a game shares with every game (its descriptor's ``shared_parsers``:
fowpro ``.fdk``), then plain text.
"""

from __future__ import annotations

import os
import re

from deckcheck.formats import format_files
from deckcheck.games.base import Game
from deckcheck.games.registry import shared_parsers
from deckcheck.models import DeckList
from deckcheck.parsing.o8d import looks_like_o8d, parse_o8d
from deckcheck.parsing.names import check_names
from deckcheck.parsing.text import TextParser
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
    for m in _FORMAT_LINE.finditer(text):
        value = m.group(2).lower()
        if m.group(1) and value not in format_files():
            continue
        return value
    return None


_DATE_LINE = re.compile(
    r"^[ \t\ufeff]*+(//+|#+)?[ \t]*+(?:date|日期)[ \t]*+[:：][ \t]*+([^\r\n]*)",
    re.IGNORECASE | re.MULTILINE)
_DATE_FORM = re.compile(r"(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?")


def read_list_date(value: str) -> str | None:
    """``value`` as an ISO date if it is one: ``2012-02-25``, ``2012/2/25``, ``2012.02.25``,
    ``2012年2月25日`` (nothing else on the line but blanks), else ``None``."""
    import datetime as _dt

    m = _DATE_FORM.fullmatch(value.strip())
    if m:
        try:
            return _dt.date(*map(int, m.groups())).isoformat()
        except ValueError:
            return None
    return None


def sniff_date(text: str) -> tuple[str | None, str, int] | None:
    """The list's own date line, if any: ``(ISO date or None when unreadable, the value as
    written, line number)``. A plain ``Date:`` line always counts (an unreadable one is
    reported); a commented one (``// DATE : …``) only when it holds a date."""
    for m in _DATE_LINE.finditer(text):
        written = m.group(2).strip()
        day = read_list_date(written)
        if m.group(1) and day is None:
            continue
        return day, written, text.count("\n", 0, m.start()) + 1
    return None


def sniff_game(src: SourceText) -> str | None:
    """Guess the game from content alone (OCTGN game GUIDs, a game's shared file formats)."""
    from deckcheck.formats import FormatError, compiled_game, game_ids
    from deckcheck.parsing.o8d import octgn_game_id

    if looks_like_o8d(src.text):
        guid = octgn_game_id(src.text)
        for game_id in game_ids():
            try:
                data = compiled_game(game_id)["game"] or {}
            except FormatError:
                continue
            if guid and (data.get("octgn") or {}).get("game_id", "").lower() == guid:
                return game_id
    for game_id, _name, detect, _parse in shared_parsers():
        if detect(src.path, src.text):
            return game_id
    return None


def parse(src: SourceText, game: Game) -> DeckList:
    """Parse with the parser the file's extension and content call for; a file with more
    lines or entries than a deck list can have is refused (``ReadError``)."""
    check_limits(src.path, text=src.text)
    deck = _parse(src, game)
    check_names(deck)
    check_limits(src.path, items=len(deck.entries) + len(deck.non_deck),
                 findings=len(deck.findings))
    return deck


def _parse(src: SourceText, game: Game) -> DeckList:
    suffix = os.path.splitext(src.path)[1].lower()
    for name, (detect, parser) in game.parsers.items():
        if detect(src.path, src.text):
            deck = parser(src, game)
            deck.source_format = deck.source_format or name
            return deck
    if suffix == ".o8d" or looks_like_o8d(src.text):
        return parse_o8d(src, game)
    for _game_id, _name, detect, parser in shared_parsers():
        if detect(src.path, src.text):
            return parser(src, game)
    return TextParser(game).parse(src)
