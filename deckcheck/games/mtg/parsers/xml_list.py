"""XML deck files of Magic programs: MTGO ``.dek`` and Cockatrice ``.cod`` (mtg.md §5.3).

Both are read only through :mod:`deckcheck.parsing.xmlsafe` (no DOCTYPE, no entities).

* **MTGO** ``<Deck><Cards CatID Quantity Sideboard Name/></Deck>``: ``Sideboard="true"``
  puts the line in the sideboard; ``CatID`` (MTGO's catalogue id) and the header elements
  are ignored; split cards are written ``Fire/Ice``.
* **Cockatrice** ``<cockatrice_deck><deckname/><comments/><zone name><card number name/>``:
  ``number`` is the **quantity** (missing: 1, reported as info); ``setShortName`` and
  ``collectorNumber`` are printing hints; the ``tokens`` zone is not part of the deck.

A card element with no name, or a quantity that is not a plausible number, is an
unparseable-line finding with the element's line.
"""

from __future__ import annotations

from deckcheck.games.base import Game
from deckcheck.models import DeckList, Entry
from deckcheck.parsing import phrases
from deckcheck.parsing.text import MAX_COUNT, split_printing, unparseable
from deckcheck.parsing.xmlsafe import Node, parse_xml
from deckcheck.reading import SourceText
from deckcheck.rules.core import UnknownSection

COCKATRICE_ZONES = {"main": "main", "side": "sideboard", "sideboard": "sideboard",
                    "tokens": "tokens", "maybe": "maybeboard"}


def _count(deck: DeckList, node: Node, attr: str, name: str) -> tuple[int, bool] | None:
    text = node.attr(attr)
    if text is None or not text.strip():
        return 1, True
    try:
        count = int(text.strip())
        if count < 0 or count > MAX_COUNT:
            raise ValueError
    except ValueError:
        deck.findings.append(unparseable(node.line, f'{attr}="{text}" {name}',
                                         phrases.QUANTITY_IMPLAUSIBLE,
                                         phrases.FIX_ATTRIBUTE.say(attr=attr)))
        return None
    return count, False


def _entry(deck: DeckList, node: Node, zone: str, name: str, count: int, implicit: bool,
           set_code: str | None = None, number: str | None = None, section: str = "") -> None:
    clean, hint_set, hint_num, tags = split_printing(name)
    deck.entries.append(Entry(
        line=node.line, zone=zone, count=count, name=clean or name, raw_name=name,
        set_code=(set_code or hint_set or None), number=(number or hint_num or None),
        tags=tags, implicit_count=implicit, hint=section or None))


def _not_a(deck: DeckList, root: Node, what: str) -> DeckList:
    deck.findings.append(unparseable(root.line, f"<{root.tag}>", phrases.FILE_NOT.say(what=what),
                                     phrases.EXPORT_PROGRAM))
    return deck


def parse_dek(src: SourceText, game: Game) -> DeckList:
    """An MTGO ``.dek`` file."""
    root = parse_xml(src.text, src.path)
    deck = DeckList(path=src.path, source_format="mtgo-dek", game=game.id)
    if root.tag.casefold() != "deck":
        return _not_a(deck, root, "an MTGO .dek deck (its root element is not <Deck>)")
    for node in root.iter("Cards"):
        name = (node.attr("Name") or "").strip()
        if not name:
            deck.findings.append(unparseable(node.line, "<Cards/>", phrases.CARD_NO_NAME.say(attr="Name"),
                                             phrases.GIVE_ATTRIBUTE.say(attr="Name")))
            continue
        counted = _count(deck, node, "Quantity", name)
        if counted is None:
            continue
        side = (node.attr("Sideboard") or "false").strip().casefold() in ("true", "1", "yes")
        zone = "sideboard" if side else "main"
        deck.headers.setdefault(zone, node.line)
        _entry(deck, node, zone, name, *counted)
    return deck


def parse_cockatrice(src: SourceText, game: Game) -> DeckList:
    """A Cockatrice ``.cod`` file."""
    root = parse_xml(src.text, src.path)
    deck = DeckList(path=src.path, source_format="cockatrice", game=game.id)
    if root.tag != "cockatrice_deck":
        return _not_a(deck, root, "a Cockatrice deck (its root element is not "
                                  "<cockatrice_deck>)")
    for tag, key in (("deckname", "name"), ("comments", "description")):
        node = root.find(tag)
        if node is not None and node.text.strip():
            deck.metadata.setdefault(key, node.text.strip())
            deck.metadata_lines.setdefault(key, node.line)
    for zone_node in root.findall("zone"):
        zname = (zone_node.attr("name") or "").strip()
        zone = COCKATRICE_ZONES.get(zname.casefold()) or game.header_zone(zname)
        cards = zone_node.findall("card")
        if zone is None:
            if cards:
                deck.findings.append(UnknownSection().finding(
                    None, variant="cockatrice-zone", line=zone_node.line, section=zname,
                    game=game.name, n=len(cards)))
            for card in cards:
                deck.non_deck.append((card.line, zname, (card.attr("name") or "").strip()))
            continue
        deck.headers.setdefault(zone, zone_node.line)
        for card in cards:
            name = (card.attr("name") or "").strip()
            if not name:
                deck.findings.append(unparseable(card.line, "<card/>",
                                                 phrases.CARD_NO_NAME.say(attr="name"),
                                                 phrases.GIVE_ATTRIBUTE.say(attr="name")))
                continue
            counted = _count(deck, card, "number", name)
            if counted is None:
                continue
            _entry(deck, card, zone, name, *counted,
                   set_code=(card.attr("setShortName") or "").strip().upper() or None,
                   number=(card.attr("collectorNumber") or "").strip() or None, section=zname)
    return deck
