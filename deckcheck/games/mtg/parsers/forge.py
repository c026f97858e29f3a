"""Forge ``.dck`` deck files (mtg.md §5.4).

```
[metadata]
Name=UW Delver
[Main]
4 Delver of Secrets|ISD
4 Ponder|M12|1
[Sideboard]
2 Negate|M12
```

Sections are case-insensitive. ``[metadata]`` holds ``Key=Value`` lines (``Name`` is the deck
name). ``[Main]``, ``[Sideboard]`` and ``[Commander]`` are zones; ``[Planes]``,
``[Schemes]``, ``[Conspiracy]``, ``[Dungeon]`` and ``[Avatar]`` hold cards that are not part
of the deck (zone ``outside``, not counted). A card line is ``count name|SET|art``; the art
index is ignored. Any other line is an unparseable-line finding.
"""

from __future__ import annotations

import re

from deckcheck.games.base import Game
from deckcheck.models import DeckList, Entry
from deckcheck.parsing import phrases
from deckcheck.parsing.phrases import Phrase
from deckcheck.parsing.text import MAX_COUNT, MAX_LINE, unparseable
from deckcheck.reading import SourceText, split_lines
from deckcheck.rules.core import UnknownSection

SECTIONS = {"main": "main", "sideboard": "sideboard", "commander": "commander",
            "planes": "outside", "schemes": "outside", "conspiracy": "outside",
            "dungeon": "outside", "avatar": "outside", "attractions": "outside",
            "contraptions": "outside"}
_SECTION = re.compile(r"^\[(?P<name>[^\]]+)\]$")
_CARD = re.compile(r"^(?:(?P<count>\d++)(?:\s*+[xX]\s++|\s++))?(?P<body>\S.*)$")


# the reader's own phrases (DCK001 why and fix)
NOT_KEY_VALUE = Phrase("mtg-forge-not-key-value", "a [metadata] line is not Key=Value")
WRITE_KEY_VALUE = Phrase("mtg-forge-write-key-value", "Write e.g. Name=My Deck.")
BEFORE_SECTION = Phrase("mtg-forge-before-section", "it comes before any [section] header")
PUT_UNDER_SECTION = Phrase("mtg-forge-put-under-section", "Put cards under [Main] or [Sideboard].")
NOT_FORGE_LINE = Phrase("mtg-forge-not-line", "it is not 'count name|SET'")
WRITE_FORGE_LINE = Phrase("mtg-forge-write-line", "Write e.g. 4 Delver of Secrets|ISD.")


def parse_forge(src: SourceText, game: Game) -> DeckList:
    deck = DeckList(path=src.path, source_format="forge", game=game.id)
    section = None           # None: before any section header
    zone: str | None = None
    for lineno, raw in enumerate(split_lines(src.text), start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line or line.startswith("#") or line.startswith("//"):
            continue
        if len(line) > MAX_LINE:
            deck.findings.append(unparseable(lineno, line, phrases.LINE_TOO_LONG.say(n=len(line)),
                                             phrases.ONE_CARD_PER_LINE))
            continue
        m = _SECTION.match(line)
        if m:
            section = m.group("name").strip().casefold()
            if section == "metadata":
                zone = None
                continue
            zone = SECTIONS.get(section) or game.header_zone(section)
            if zone is None:
                deck.findings.append(UnknownSection().finding(
                    None, variant="forge-section", line=lineno, section=m.group("name"),
                    game=game.name))
            else:
                deck.headers.setdefault(zone, lineno)
            continue
        if section == "metadata":
            key, sep, value = line.partition("=")
            if not sep:
                deck.findings.append(unparseable(lineno, line, NOT_KEY_VALUE,
                                                 WRITE_KEY_VALUE))
                continue
            mkey = game.metadata_key(key) or key.strip().casefold().replace(" ", "_")
            if value.strip() and mkey not in deck.metadata:
                deck.metadata[mkey] = value.strip()
                deck.metadata_lines[mkey] = lineno
            continue
        if section is None:
            deck.findings.append(unparseable(lineno, line, BEFORE_SECTION,
                                             PUT_UNDER_SECTION))
            continue
        if zone is None:
            deck.non_deck.append((lineno, section, line))
            continue
        _card(deck, lineno, line, zone)
    return deck


def _card(deck: DeckList, lineno: int, line: str, zone: str) -> None:
    m = _CARD.match(line)
    if not m:
        deck.findings.append(unparseable(lineno, line, NOT_FORGE_LINE, WRITE_FORGE_LINE))
        return
    implicit = m.group("count") is None
    count = 1 if implicit else int(m.group("count"))
    if count > MAX_COUNT:
        deck.findings.append(unparseable(lineno, line,
                                         phrases.COUNT_TOO_LARGE.say(n=count, most=MAX_COUNT),
                                         phrases.FIX_COUNT))
        return
    fields = [f.strip() for f in m.group("body").split("|")]
    name = fields[0]
    if not name:
        deck.findings.append(unparseable(lineno, line, phrases.COUNT_NO_NAME, WRITE_FORGE_LINE))
        return
    set_code = fields[1].upper() if len(fields) > 1 and fields[1] else None
    deck.entries.append(Entry(line=lineno, zone=zone, count=count, name=name,
                              raw_name=name, set_code=set_code, implicit_count=implicit))
