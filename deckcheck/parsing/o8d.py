"""OCTGN ``.o8d`` deck files (any game): ``<deck game=GUID><section name=…><card qty id>``.

The game's ``_game.yaml`` maps OCTGN section names to zones (``octgn.sections``) and gives
the OCTGN game GUID. A section the game does not know is reported (DCK022) and its cards
are kept aside, not counted. ``<notes>`` may carry metadata lines (``Format:``, ``Mage:``).
"""

from __future__ import annotations

from deckcheck.games.base import Game
from deckcheck.models import DeckList, Entry, Finding, Severity
from deckcheck.parsing import phrases
from deckcheck.parsing.text import TextParser, split_printing, unparseable
from deckcheck.parsing.xmlsafe import Node, parse_xml
from deckcheck.rules.core import UnknownSection
from deckcheck.reading import SourceText, split_lines


def looks_like_o8d(text: str) -> bool:
    head = text[:2048].lower()
    return "<deck" in head and ("<section" in text[:65536].lower() or "game=" in head)


def octgn_game_id(text: str) -> str | None:
    try:
        root = parse_xml(text)
    except Exception:
        return None
    return (root.attr("game") or "").strip().lower() or None


def section_zone(game: Game, name: str) -> str | None:
    """The zone of an OCTGN section: the game's OCTGN section names, else its zone headers
    (``deckcheck convert --to o8d`` names a zone OCTGN has no section for by its header,
    e.g. a Force of Will rune deck or a Magic companion)."""
    sections = {k.casefold(): v for k, v in (game.octgn.get("sections") or {}).items()}
    return sections.get(name.strip().casefold()) or game.header_zone(name)


def parse_o8d(src: SourceText, game: Game) -> DeckList:
    root = parse_xml(src.text, src.path)
    deck = DeckList(path=src.path, source_format="o8d", game=game.id)
    if root.tag.casefold() != "deck":
        deck.findings.append(unparseable(root.line, f"<{root.tag}>", phrases.NOT_OCTGN,
                                         phrases.EXPORT_OCTGN))
        return deck
    want = (game.octgn.get("game_id") or "").lower()
    got = (root.attr("game") or "").lower()
    if want and got and got != want:
        deck.findings.append(UnknownSection().finding(
            None, line=root.line, variant="octgn-game", got=got, game=game.name, want=want))
    for section in root.findall("section"):
        name = section.attr("name") or ""
        zone = section_zone(game, name)
        cards = section.findall("card")
        if zone is None:
            if cards:
                deck.findings.append(UnknownSection().finding(
                    None, line=section.line, variant="octgn-section", section=name,
                    game=game.name, n=len(cards)))
            for card in cards:
                deck.non_deck.append((card.line, name, card.text.strip()))
            continue
        deck.headers.setdefault(zone, section.line)
        for card in cards:
            _card_entry(deck, card, zone, name)
    notes = root.find("notes")
    if notes is not None and notes.text.strip():
        _notes(deck, notes, game)
    return deck


def _card_entry(deck: DeckList, card: Node, zone: str, section: str) -> None:
    qty_text = card.attr("qty")
    implicit = qty_text is None
    name = card.text.strip()
    if implicit:
        qty = 1
    else:
        try:
            qty = int(qty_text.strip())
            if qty < 0 or qty > 1000:
                raise ValueError
        except ValueError:
            deck.findings.append(unparseable(card.line, f'qty="{qty_text}" {name}',
                                             phrases.QUANTITY_IMPLAUSIBLE,
                                             phrases.FIX_ATTRIBUTE.say(attr="qty")))
            return
    if not name and not card.attr("id"):
        deck.findings.append(unparseable(card.line, "<card/>", phrases.CARD_NO_NAME_NOR_ID,
                                         phrases.REMOVE_EMPTY_CARD))
        return
    clean, set_code, number, tags = split_printing(name) if name else ("", None, None, ())
    deck.entries.append(Entry(line=card.line, zone=zone, count=qty, name=clean or name,
                              raw_name=name, set_code=set_code, number=number, tags=tags,
                              ref=card.attr("id"), hint=section, implicit_count=implicit))


def _notes(deck: DeckList, notes: Node, game: Game) -> None:
    """Take metadata and one-line zone entries (``Mage: Wizard (Fire)``) from the notes."""
    parser = TextParser(game)
    lines = split_lines(notes.text)
    start = (notes.line or 1)
    sub = DeckList(path=deck.path, game=game.id)
    parser.parse_lines(sub, ((start + i, line) for i, line in enumerate(lines)))
    for key, value in sub.metadata.items():
        if key not in deck.metadata:
            deck.metadata[key] = value
            deck.metadata_lines[key] = sub.metadata_lines[key]
    if sub.format_id and not deck.format_id:
        deck.format_id, deck.format_line = sub.format_id, sub.format_line
    for e in sub.entries:
        if e.inline:  # "Mage: …" in the notes declares a zone entry; free text stays notes
            deck.entries.append(e)
    deck.metadata.setdefault("notes", notes.text.strip())
