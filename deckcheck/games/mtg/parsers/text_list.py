"""Text deck files of Magic programs: MTG Arena exports, XMage ``.dck`` and MWS ``.mwDeck``.

All three are the plain-text syntax of :mod:`deckcheck.parsing.text` with a few additions:

* **MTG Arena** (mtg.md §5.2): an ``About`` block (``Name UW Delver``) is metadata; the
  sections ``Deck``, ``Sideboard``, ``Commander`` and ``Companion`` are zone headers; without
  headers a blank line starts the sideboard; Arena-only set codes are mapped to the card
  data's (``DAR`` -> ``DOM``), the written code is kept for messages.
* **XMage** (§5.4): ``NAME:`` is the deck name and the ``LAYOUT MAIN:`` / ``LAYOUT
  SIDEBOARD:`` lines are metadata (declared in ``formats/mtg/_game.yaml``); cards are
  ``4 [ISD:51] Delver of Secrets`` and ``SB: 2 [M12:69] Negate``.
* **MWS** (§5.4): ``// NAME : …`` comment metadata, ``4 [ISD] Delver of Secrets``,
  ``SB: 2 [M12] Negate``.
"""

from __future__ import annotations

import re

from deckcheck.games.base import Game
from deckcheck.games.mtg.model import note_of
from deckcheck.models import DeckList
from deckcheck.parsing.text import TextParser
from deckcheck.reading import SourceText, split_lines

#: set codes MTG Arena writes that differ from the card data's (mtg.md §5.2)
ARENA_SET_CODES = {"DAR": "DOM"}
_ABOUT_LINE = re.compile(r"^(?P<key>[A-Za-z][A-Za-z ]{0,30}?)\s+(?P<value>\S.*)$")


def parse_arena(src: SourceText, game: Game) -> DeckList:
    deck = DeckList(path=src.path, source_format="arena", game=game.id)
    lines = list(enumerate(split_lines(src.text), start=1))
    rest: list[tuple[int, str]] = []
    in_about = False
    for lineno, raw in lines:
        text = raw.strip().lstrip("\ufeff")
        if text.casefold() == "about":
            in_about = True
            continue
        if in_about:
            if not text:
                in_about = False
                continue
            if text.casefold() in ("deck", "sideboard", "commander", "companion"):
                in_about = False
            else:
                m = _ABOUT_LINE.match(text)
                key = (game.metadata_key(m.group("key")) if m else None) or \
                    (m.group("key").strip().casefold().replace(" ", "_") if m else "about")
                value = m.group("value").strip() if m else text
                if key not in deck.metadata:
                    deck.metadata[key] = value
                    deck.metadata_lines[key] = lineno
                continue
        rest.append((lineno, raw))
    TextParser(game).parse_lines(deck, rest)
    for entry in deck.entries:
        if entry.set_code and entry.set_code.upper() in ARENA_SET_CODES:
            note_of(entry).set_written = entry.set_code
            entry.set_code = ARENA_SET_CODES[entry.set_code.upper()]
    return deck


def parse_xmage(src: SourceText, game: Game) -> DeckList:
    return TextParser(game).parse(src, source_format="xmage")


def parse_mws(src: SourceText, game: Game) -> DeckList:
    return TextParser(game).parse(src, source_format="mws")
