"""fowpro ``.fdk`` deck files (Force of Will, JSON): one card id per copy.

``{"name": …, "ruler": "CMF-005", "main": [ids…], "stones": [ids…], "side": [ids…]}``.
Identical ids are merged into one entry whose line is the id's first line in the file;
``stones`` is the ``stone`` zone. An unknown key is reported, never ignored.
"""

from __future__ import annotations

import json
import re

from deckcheck.games.base import Game
from deckcheck.models import DeckList, Entry
from deckcheck.parsing.phrases import Phrase
from deckcheck.parsing.text import MAX_COUNT, unparseable
from deckcheck.reading import ReadError, SourceText, line_count
from deckcheck.rules.core import UnknownSection

# fowpro writes these keys; anything else (a future "rune" list …) is reported, not guessed
KEYS = {"ruler": "ruler", "main": "main", "stones": "stone", "side": "side"}
MAX_KEYS = 64   # fowpro writes five; more is not a deck file (and each is looked up)
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


# the reader's own phrases (DCK001 why and fix)
NOT_IDS = Phrase("fow-fdk-not-ids", "the value is not a card id or a list of card ids")
FIX_JSON = Phrase("fow-fdk-fix-json", "Fix the JSON.")
ID_TOO_OFTEN = Phrase("fow-fdk-id-too-often", "the id is listed {n:,} times (at most {most})")
FIX_IDS = Phrase("fow-fdk-fix-ids", "Fix the list of ids.")


def looks_like_fdk(text: str) -> bool:
    head = text.lstrip()[:4096]
    return head.startswith("{") and '"ruler"' in head and ('"main"' in head or '"stones"' in head)


def detect_fdk(path: str, text: str) -> bool:
    """A fowpro file: by its extension or its content."""
    return path.lower().endswith(".fdk") or looks_like_fdk(text)


#: the parsers every game's lists may come in (the descriptor's ``shared_parsers``): a
#: fowpro file checked in another game's format is still read as fowpro wrote it
SHARED_PARSERS = {"fdk": (detect_fdk, lambda src, game: parse_fdk(src, game))}


def _key_span(text: str, key: str) -> tuple[int, int] | None:
    m = re.search(r'"%s"\s*:\s*' % re.escape(key), text)
    if not m:
        return None
    start = m.end()
    if start < len(text) and text[start] == "[":
        end = text.find("]", start)
        return start, (end if end >= 0 else len(text))
    m2 = _STRING.match(text, start)
    return (start, m2.end()) if m2 else (start, start)


def parse_fdk(src: SourceText, game: Game) -> DeckList:
    deck = DeckList(path=src.path, source_format="fdk", game=game.id)
    # a file that is no JSON object holds no deck at all: unreadable (exit 2), as malformed
    # XML is, rather than an empty deck with size errors
    def unreadable(line: int, why: str, fix: str = "export the deck again or fix the JSON"):
        return ReadError(f"{src.path}:{line}", f"{why}; {fix}")

    try:
        data = json.loads(src.text)
    except RecursionError:
        raise unreadable(1, "the JSON is nested too deeply",
                         "a .fdk file is a flat JSON object") from None
    except json.JSONDecodeError as exc:
        # json counts a final "\n" as opening one more line; an editor shows no such line
        lineno = min(exc.lineno, max(1, line_count(src.text)))
        raise unreadable(lineno, f"invalid JSON ({exc.msg})") from None
    except ValueError as exc:   # e.g. a number of more than 4,300 digits
        raise unreadable(1, f"invalid JSON ({exc})") from None
    try:   # "\ud800" escapes decode to lone surrogates, which no report can print
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except (UnicodeEncodeError, RecursionError, ValueError):
        raise unreadable(1, "the JSON holds a \\u escape of a lone surrogate (no character)") \
            from None
    if not isinstance(data, dict):
        raise unreadable(1, "the JSON is not an object",
                         "a .fdk file is a JSON object with ruler, main and stones")
    if len(data) > MAX_KEYS:
        raise unreadable(1, f"the JSON object has {len(data):,} keys",
                         "a .fdk file has the keys name, ruler, main, stones and side")
    text = src.text
    for key, value in data.items():
        if key == "name":
            if isinstance(value, str):
                deck.metadata["name"] = value
            continue
        zone = KEYS.get(key)
        span = _key_span(text, key)
        key_line = text.count("\n", 0, span[0]) + 1 if span else None
        if zone is None:
            deck.findings.append(UnknownSection().finding(None, variant="fdk-key",
                                                          line=key_line, key=key))
            continue
        ids = [value] if isinstance(value, str) else value
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            deck.findings.append(unparseable(key_line, f'"{key}": …', NOT_IDS, FIX_JSON))
            continue
        lines: dict[str, int] = {}
        if span:
            pos, line = span[0], key_line or 1
            for m in _STRING.finditer(text, span[0], span[1] + 1):
                line += text.count("\n", pos, m.start())   # counted once: linear in the file
                pos = m.start()
                lines.setdefault(m.group(1), line)
        counts: dict[str, int] = {}
        for card_id in ids:
            counts[card_id] = counts.get(card_id, 0) + 1
        deck.headers.setdefault(zone, key_line)
        for card_id, n in counts.items():
            if n > MAX_COUNT:   # as in every other file format
                deck.findings.append(unparseable(lines.get(card_id, key_line), card_id,
                                                 ID_TOO_OFTEN.say(n=n, most=MAX_COUNT),
                                                 FIX_IDS))
                continue
            deck.entries.append(Entry(line=lines.get(card_id, key_line), zone=zone, count=n,
                                      name=card_id, raw_name=card_id, ref=card_id))
    return deck
