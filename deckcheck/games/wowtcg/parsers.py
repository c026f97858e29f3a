"""World of Warcraft TCG deck files besides plain text and OCTGN (wowtcg.md §5).

* Magic Workstation ``.mwDeck``: ``[SB: ]N [block] Name {block}``; ``//`` comments. The
  bracketed numbers are *blocks* (kept as a hint, WOW125). ``SB:`` lines go to the
  sideboard; the game moves the one that resolves to a Hero (or its back) to ``hero``.
* seriallos ``.deck``: ``# HERO <name>`` declares the hero, other ``#`` lines are type hints;
  ``# Sideboard`` / ``# SB`` / ``# 备牌`` start the sideboard.
* CSV: a title line, then ``name,qty,set,type,block[,sideboard]`` rows read with the csv
  module; ``type == Hero`` is the hero; a row ``Sideboard`` starts the sideboard.
* ``decks.xml`` (``<decks><deck><card name count/>``): the game moves a Hero with count 1
  to ``hero`` once names are resolved.

Every line becomes an entry, a header, metadata, a comment or a DCK001 finding.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from deckcheck.games.base import Game
from deckcheck.games.wowtcg.model import note_of
from deckcheck.models import DeckList, Entry, Severity
from deckcheck.parsing import phrases
from deckcheck.parsing.phrases import Phrase, Said
from deckcheck.parsing.text import (CSV_CARD_ROW, MAX_COUNT, MAX_LINE, TextParser,
                                    parse_card_text, unparseable)
from deckcheck.reading import SourceText, split_lines
from deckcheck.rules.core import UnknownSection, UnparseableLine

_KEY_VALUE = re.compile(r"^(?P<key>[^:：]{1,40}?)\s*+[:：]\s*+(?P<rest>.+)$")


def _metadata(deck: DeckList, game: Game, text: str, lineno: int) -> bool:
    """Take a ``Key: value`` metadata line (``Format:``, ``Name:`` …); True if it was one."""
    m = _KEY_VALUE.match(text.strip())
    if not m:
        return False
    key = game.metadata_key(m.group("key"))
    if key is None or game.header_zone(m.group("key")):
        return False
    rest = m.group("rest").strip()
    if key not in deck.metadata:
        deck.metadata[key] = rest
        deck.metadata_lines[key] = lineno
        if key == "format" and not deck.format_id:
            deck.format_id = rest.split()[0].strip().lower()
            deck.format_line = lineno
    return True


# the readers' own phrases (DCK001 why and fix)
NOT_MWS = Phrase("wowtcg-not-mws", "it is not a Magic Workstation entry")
WRITE_MWS = Phrase("wowtcg-write-mws",
                   "Write '[SB: ]N [block] Card Name {{block}}', e.g. '4 [1] Flash Heal {{1}}'.")
WRITE_HERO = Phrase("wowtcg-write-hero", "Write 'Hero: <card name>'.")
QUOTE_NAMES = Phrase("wowtcg-quote-names", "Quote names that contain commas or quotes.")
CSV_ROW_SHORT = Phrase("wowtcg-csv-row-short", "a CSV row needs at least a name and a quantity")
WRITE_CSV_ROW = Phrase("wowtcg-write-csv-row", 'Write "Card Name",qty,set,type,block.')
NO_DECK_ELEMENT = Phrase("wowtcg-no-deck-element", "the file has no <deck>")
WRITE_DECKS_XML = Phrase("wowtcg-write-decks-xml",
                         "Write <decks><deck><card name=… count=…/></deck></decks>.")
WRITE_CARD_XML = Phrase("wowtcg-write-card-xml", 'Write <card name="Card Name" count="N"/>.')


def _count(text: str) -> int | Said:
    try:
        n = int(text.strip())
    except ValueError:
        return phrases.COUNT_WRITTEN_NOT_NUMBER.say(n=text.strip())
    if n < 0:
        return phrases.COUNT_NEGATIVE.say(n=n)
    if n > MAX_COUNT:
        return phrases.COUNT_TOO_LARGE.say(n=n, most=MAX_COUNT)
    return n


def _block_hint(text: str | None) -> int | None:
    text = (text or "").strip()
    return int(text) if text.isdigit() and len(text) <= 3 else None


# ---------------------------------------------------------------------------------------
# Magic Workstation .mwDeck

_MW_HEAD = re.compile(r"^\s*//\s*Deck file for Magic Workstation", re.IGNORECASE | re.MULTILINE)
_MW_LINE = re.compile(
    r"^(?P<sb>SB\s*+:\s*+)?(?P<count>[+-]?\d++)\s++(?:\[(?P<pre>[^\]]*)\]\s*+)?(?P<name>.*?\S)"
    r"(?:\s*+\{(?P<post>[^}]*)\})?\s*+$", re.IGNORECASE)
#: the WoW exporter's own shape, "2 [6] As Hyjal Burns {6}" (a plain list may use "[SET]")
_MW_ENTRY = re.compile(r"^\s*(?:SB\s*:\s*)?\d+\s+\[\d*\]\s*\S.*\{\d*\}\s*$", re.IGNORECASE)


def looks_like_mwdeck(path: str, text: str) -> bool:
    if Path(path).suffix.lower() == ".mwdeck" or _MW_HEAD.search(text[:4096]):
        return True
    lines = [l for l in split_lines(text[:65536]) if l.strip() and not l.lstrip().startswith("//")]
    hits = sum(1 for l in lines if _MW_ENTRY.match(l))
    return hits >= 2 and hits >= 0.6 * len(lines)


def parse_mwdeck(src: SourceText, game: Game) -> DeckList:
    deck = DeckList(path=src.path, source_format="mwdeck", game=game.id)
    zone_override = "main"
    for lineno, raw in enumerate(split_lines(src.text), start=1):
        line = raw.strip().lstrip("\ufeff").strip()
        if not line:
            continue
        if len(line) > MAX_LINE:
            deck.findings.append(unparseable(lineno, line, phrases.LINE_TOO_LONG.say(n=len(line)),
                                             phrases.ONE_CARD_PER_LINE))
            continue
        if line.startswith("//"):
            _metadata(deck, game, line.lstrip("/").strip(), lineno)
            continue
        header = game.header_zone(line.rstrip(":：").strip())
        if header:                          # "Sideboard" written as a line of its own
            zone_override = header
            deck.headers.setdefault(header, lineno)
            continue
        m = _MW_LINE.match(line)
        if not m:
            if line.startswith("#") or _inline_zone_entry(deck, game, line, lineno):
                continue
            if not _metadata(deck, game, line, lineno):
                deck.findings.append(unparseable(
                    lineno, line, NOT_MWS, WRITE_MWS))
            continue
        count = _count(m.group("count"))
        if isinstance(count, str):
            deck.findings.append(unparseable(lineno, line, count,
                                             phrases.WRITE_COUNT_AND_NAME))
            continue
        zone = "sideboard" if m.group("sb") else zone_override
        pre, post = m.group("pre"), m.group("post")
        name = m.group("name").strip()
        entry = Entry(line=lineno, zone=zone, count=count, name=name, raw_name=name,
                      inline=bool(m.group("sb")))
        hint = _block_hint(pre) if pre is not None else _block_hint(post)
        if hint is not None:
            note_of(entry).block_hint = hint
        elif pre and pre.strip():
            entry.set_code = pre.strip()
            note_of(entry).set_hint = pre.strip()
        if m.group("sb"):
            note_of(entry).sb_line = True       # may be the hero (games/wowtcg.py)
        deck.headers.setdefault(zone, lineno)
        deck.entries.append(entry)
    return deck


def _inline_zone_entry(deck: DeckList, game: Game, line: str, lineno: int) -> bool:
    """``Hero: <name>`` (a plain-text one-line zone entry) in a file of another format."""
    m = _KEY_VALUE.match(line)
    zone = game.header_zone(m.group("key")) if m else None
    if not zone:
        return False
    parsed = parse_card_text(m.group("rest"))
    if isinstance(parsed, str):
        deck.findings.append(unparseable(lineno, line, parsed, WRITE_HERO))
        return True
    deck.headers.setdefault(zone, lineno)
    deck.entries.append(Entry(line=lineno, zone=zone, count=parsed.count, name=parsed.name,
                              raw_name=parsed.raw_name, inline=True,
                              implicit_count=parsed.implicit))
    return True


# ---------------------------------------------------------------------------------------
# seriallos .deck

# possessive blanks: "# HERO" and a million tabs must not be split every possible way
_HERO_COMMENT = re.compile(r"^(?P<lead>\s*+#++\s*+)HERO\b\s*+[:：]?\s*+(?P<name>\S.*)$",
                           re.IGNORECASE)


def looks_like_seriallos(path: str, text: str) -> bool:
    if Path(path).suffix.lower() == ".deck":
        return True
    return any(_HERO_COMMENT.match(l) for l in split_lines(text[:65536]))


def parse_seriallos(src: SourceText, game: Game) -> DeckList:
    deck = DeckList(path=src.path, source_format="seriallos-deck", game=game.id)
    lines = []
    for lineno, raw in enumerate(split_lines(src.text), start=1):
        m = _HERO_COMMENT.match(raw.lstrip("\ufeff"))
        lines.append((lineno, f"Hero: {m.group('name').strip()}" if m else raw))
    TextParser(game).parse_lines(deck, lines)
    return deck


# ---------------------------------------------------------------------------------------
# CSV

_SB_WORDS = {"sideboard", "sb", "side", "side deck", "备牌", "備牌"}


def looks_like_csv(path: str, text: str) -> bool:
    if Path(path).suffix.lower() == ".csv":
        return True
    lines = [l for l in split_lines(text[:65536]) if l.strip()]
    hits = len(CSV_CARD_ROW.findall(text[:65536]))
    return hits >= 3 and hits >= 0.6 * len(lines)


def parse_csv(src: SourceText, game: Game) -> DeckList:
    deck = DeckList(path=src.path, source_format="csv", game=game.id)
    reader = csv.reader(io.StringIO(src.text.lstrip("\ufeff"), newline=""))
    zone = "main"
    last = 0
    seen_row = False
    while True:
        start = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            line = reader.line_num or start
            deck.findings.append(unparseable(line, f"CSV line {line}",
                                             phrases.CSV_INVALID.say(detail=str(exc)), QUOTE_NAMES))
            if reader.line_num == last:
                break
            last = reader.line_num
            continue
        last = reader.line_num
        cells = [c.strip() for c in row]
        while cells and not cells[-1]:
            cells.pop()
        if not cells:
            continue
        text = ",".join(cells)
        if cells[0].startswith("#") or cells[0].startswith("//"):
            continue                                      # a comment row
        if len(cells) == 1:
            one = cells[0]
            header = game.header_zone(one.rstrip(":："))
            if header:
                zone = header
                deck.headers.setdefault(zone, start)
            elif _metadata(deck, game, one, start):
                pass
            elif not seen_row and "name" not in deck.metadata:
                deck.metadata["name"] = one               # the title line
                deck.metadata_lines["name"] = start
            else:
                deck.findings.append(unparseable(
                    start, text, CSV_ROW_SHORT, WRITE_CSV_ROW))
            continue
        name, qty = cells[0], cells[1]
        if not seen_row and not qty.isdigit() and name.casefold() in ("name", "card", "card name"):
            continue                                      # a column header row
        seen_row = True
        count = _count(qty)
        if isinstance(count, str) or not name:
            deck.findings.append(unparseable(
                start, text, count if isinstance(count, str) else phrases.NAME_EMPTY,
                WRITE_CSV_ROW))
            continue
        set_hint = cells[2] if len(cells) > 2 and cells[2] else None
        type_hint = cells[3] if len(cells) > 3 and cells[3] else None
        block = cells[4] if len(cells) > 4 else None
        flag = cells[5].casefold() if len(cells) > 5 else ""
        if type_hint and type_hint.casefold() == "hero":
            row_zone = "hero"
        elif flag in _SB_WORDS:
            row_zone = "sideboard"
        else:
            row_zone = zone
        entry = Entry(line=start, zone=row_zone, count=count, name=name, raw_name=name,
                      set_code=set_hint, hint=type_hint)
        if set_hint:
            note_of(entry).set_hint = set_hint
        if _block_hint(block) is not None:
            note_of(entry).block_hint = _block_hint(block)
        if len(cells) > 6:
            deck.findings.append(UnparseableLine().finding(
                None, line=start, variant="columns", text=text[:60], severity=Severity.WARNING))
        deck.headers.setdefault(row_zone, start)
        deck.entries.append(entry)
    return deck


# ---------------------------------------------------------------------------------------
# decks.xml

def looks_like_decks_xml(path: str, text: str) -> bool:
    head = text[:4096].lower()
    return "<decks" in head and "<card" in text[:65536].lower()


def parse_decks_xml(src: SourceText, game: Game) -> DeckList:
    from deckcheck.parsing.xmlsafe import parse_xml

    root = parse_xml(src.text, src.path)
    deck = DeckList(path=src.path, source_format="decks-xml", game=game.id)
    decks = root.findall("deck") if root.tag.casefold() == "decks" else \
        ([root] if root.tag.casefold() == "deck" else [])
    if not decks:
        deck.findings.append(unparseable(root.line, f"<{root.tag}>", NO_DECK_ELEMENT,
                                         WRITE_DECKS_XML))
        return deck
    for extra in decks[1:]:
        deck.findings.append(UnknownSection().finding(
            None, line=extra.line, variant="several-decks", n=len(decks),
            id=decks[0].attr("id") or "?"))
        for card in extra.iter("card"):
            deck.non_deck.append((card.line, f"deck {extra.attr('id') or '?'}",
                                  card.attr("name") or ""))
    first = decks[0]
    if first.attr("id"):
        deck.metadata["name"] = f"deck {first.attr('id')}"
    for card in first.iter("card"):
        name = (card.attr("name") or card.text or "").strip()
        qty = card.attr("count") or card.attr("qty")
        count = _count(qty) if qty is not None else 1
        if isinstance(count, str) or not name:
            deck.findings.append(unparseable(
                card.line, f'<card name="{name}" count="{qty}"/>',
                count if isinstance(count, str) else phrases.CARD_NO_NAME.say(attr="name"),
                WRITE_CARD_XML))
            continue
        entry = Entry(line=card.line, zone="main", count=count, name=name, raw_name=name,
                      implicit_count=qty is None)
        note_of(entry).xml_hero_candidate = True
        deck.entries.append(entry)
    return deck


PARSERS = {
    "decks-xml": (looks_like_decks_xml, parse_decks_xml),
    "mwdeck": (looks_like_mwdeck, parse_mwdeck),
    "csv": (looks_like_csv, parse_csv),
    "seriallos-deck": (looks_like_seriallos, parse_seriallos),
}
