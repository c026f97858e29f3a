"""Mage Wars forum BBCode (OCTGN "Export to Forum Post"): ``[spellbook] … [/spellbook]``.

``[spellbookname]`` is the book's name, ``[mage]A Wizard Spellbook[/mage]`` names the mage,
``[spellclass]`` starts a type section (a hint, as in plain text) and each
``[mwcard=CODE]N x Name[/mwcard]`` is one entry. The card is read by its name; the code is
kept so that a code naming another card is reported (DCK023). Text outside the tags that
is not blank becomes an unparseable-line finding.
"""

from __future__ import annotations

import re

from deckcheck.games.magewars.model import note_of
from deckcheck.models import DeckList, Entry
from deckcheck.parsing import phrases
from deckcheck.parsing.phrases import Phrase
from deckcheck.parsing.text import MAX_LINE, parse_card_text, split_printing, unparseable
from deckcheck.reading import SourceText

_TAG = re.compile(r"\[(?P<close>/)?(?P<tag>[a-z]+)(?:=(?P<arg>[^\]]*))?\]", re.IGNORECASE)
_MAGE = re.compile(r"^(?:an?\s++)?(?P<mage>.*?\S)(?:\s++spell\s*+book)?$", re.IGNORECASE)
_KNOWN = {"spellbook", "spellbookheader", "spellbookname", "mage", "spells", "spellclass",
          "mwcard", "cost", "b", "i", "u", "url", "color", "size"}


# the reader's own phrases (DCK001 why and fix)
OUTSIDE_TAGS = Phrase("magewars-outside-tags", "text outside the spellbook tags")
PASTE_UNCHANGED = Phrase("magewars-paste-unchanged", "Paste the forum export unchanged.")
MAGE_TOO_LONG = Phrase("magewars-mage-too-long", "the mage has {n:,} characters")
NAME_THE_MAGE = Phrase("magewars-name-the-mage", "Name the mage, e.g. 'Wizard'.")
WRITE_N_X_NAME = Phrase("magewars-write-n-x-name", "Write the card as 'N x Name'.")


def looks_like_bbcode(path: str, text: str) -> bool:
    return "[spellbook]" in text[:4096].lower()


def parse_bbcode(src: SourceText, game) -> DeckList:
    text = src.text
    deck = DeckList(path=src.path, source_format="bbcode", game=game.id)
    starts = [0]
    for m in re.finditer(r"\r\n|\r|\n", text):
        starts.append(m.end())

    def line_of(pos: int) -> int:
        lo, hi = 0, len(starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if starts[mid] <= pos:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    hint = None
    pos = 0
    open_tag: tuple[str, str | None, int] | None = None   # (tag, arg, content start)
    for m in _TAG.finditer(text):
        tag = m.group("tag").lower()
        between = text[pos:m.start()]
        if open_tag is None and between.strip():
            deck.findings.append(unparseable(line_of(pos + len(between) - len(between.lstrip())),
                                             between.strip(), OUTSIDE_TAGS, PASTE_UNCHANGED))
        pos = m.end()
        if tag not in _KNOWN:
            continue
        if not m.group("close"):
            if tag in ("spellbookname", "mage", "spellclass", "mwcard", "cost"):
                open_tag = (tag, m.group("arg"), m.end())
            continue
        if open_tag is None or open_tag[0] != tag:
            continue
        body = text[open_tag[2]:m.start()].strip()
        line = line_of(open_tag[2])
        if tag == "spellbookname" and body:
            deck.metadata.setdefault("name", body)
            deck.metadata_lines.setdefault("name", line)
        elif tag == "mage" and len(body) > MAX_LINE:
            deck.findings.append(unparseable(line, body, MAGE_TOO_LONG.say(n=len(body)),
                                             NAME_THE_MAGE))
        elif tag == "mage" and body:
            mage = _MAGE.match(" ".join(body.split())).group("mage")   # one line, as written
            deck.headers.setdefault("mage", line)
            deck.entries.append(Entry(line=line, zone="mage", count=1, name=mage, raw_name=mage,
                                      inline=True))
        elif tag == "spellclass":
            hint = body or None
        elif tag == "mwcard":
            parsed = parse_card_text(body)
            if isinstance(parsed, str) or not parsed.name:
                deck.findings.append(unparseable(line, body or "[mwcard]", parsed if isinstance(
                    parsed, str) else phrases.NO_NAME, WRITE_N_X_NAME))
            else:
                name, _, _, _ = split_printing(parsed.name)
                entry = Entry(line=line, zone="spellbook", count=parsed.count, name=name,
                              raw_name=parsed.raw_name, hint=hint,
                              implicit_count=parsed.implicit)
                if open_tag[1]:
                    note_of(entry).code = open_tag[1].strip()
                deck.entries.append(entry)
        elif tag == "cost":
            deck.metadata.setdefault("listed_cost", body)
        open_tag = None
    tail = text[pos:]
    if tail.strip():
        deck.findings.append(unparseable(line_of(pos + len(tail) - len(tail.lstrip())),
                                         tail.strip(), OUTSIDE_TAGS, PASTE_UNCHANGED))
    return deck
