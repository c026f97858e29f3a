"""Write a parsed deck in another file format (``deckcheck convert``).

Writers: ``text`` (deckcheck's plain syntax, readable by every game), ``arena`` (MTG Arena
export sections; Magic only) and ``o8d`` (OCTGN, with the game's GUID and section names; the
games OCTGN has). Resolved cards are written by their canonical names; unresolved lines keep
the name as written, and every metadata line (``Players:``, ``Edition:`` …) is carried over,
so nothing the user wrote is lost and the converted list checks the same.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from deckcheck.games.base import Game
from deckcheck.games.registry import descriptor
from deckcheck.models import DeckList, Entry

WRITERS = ("text", "arena", "o8d")


def writers_for(game: Game) -> tuple[str, ...]:
    """The writers that can express a deck of ``game``."""
    d = descriptor(game.id)
    own = d.writers if d is not None else ()
    return tuple(w for w in WRITERS if w == "text" or w in own
                 or (w == "o8d" and (game.octgn or {}).get("game_id")))
_META_ORDER = ("name", "player", "event", "date", "location", "designer", "description")


def _one_line(value: object) -> str:
    """A metadata value on one line and printable (a .cod comment or .fdk name may span
    several lines, and a second line would be read back as a card)."""
    return "".join(ch for ch in " ".join(str(value).split()) if ch.isprintable())


def _cdata(text: str) -> str:
    return "<![CDATA[" + text.replace("]]>", "]]]]><![CDATA[>") + "]]>"


def _name(e: Entry, game: Game) -> str:
    if e.card is None:
        return e.name
    name = e.card.name
    if e.card.get("versions"):  # one name, several cards (FoW rulers): write "Front // Back"
        name = next((a for a in e.card.get("aliases") or () if "//" in a), name)
    return game.written_name(e, name)


def _metadata(deck: DeckList) -> list[tuple[str, str]]:
    """Every metadata line but the format: the usual keys first, then the rest in file order."""
    keys = [k for k in _META_ORDER if deck.metadata.get(k)]
    # "notes" is an OCTGN file's free text, whose metadata lines are keys of their own
    rest = sorted((k for k in deck.metadata if k not in keys and k not in ("format", "notes")
                   and deck.metadata.get(k)),
                  key=lambda k: deck.metadata_lines.get(k) or 0)
    return [(k, _one_line(deck.metadata[k])) for k in keys + rest]


def _grouped(deck: DeckList, game: Game) -> list[tuple[str, list[tuple[int, str, Entry]]]]:
    """Entries per zone in the game's zone order, identical cards merged (first line wins)."""
    zones: dict[str, dict[str, list]] = {}
    for e in deck.entries:
        key = _name(e, game) + (f" ({e.set_code}) {e.number}" if e.set_code and e.number else
                          f" ({e.set_code})" if e.set_code else "")
        bucket = zones.setdefault(e.zone, {})
        if key in bucket:
            bucket[key][0] += e.count
        else:
            bucket[key] = [e.count, key, e]
    order = sorted(zones, key=game.zone_order)
    return [(z, [tuple(v) for v in zones[z].values()]) for z in order]


def header_for(game: Game, zone: str) -> str:
    aliases = (game.data.get("headers") or {}).get(zone) or []
    return aliases[0] if aliases else zone.capitalize()


def write_text(deck: DeckList, game: Game, format_id: str | None = None) -> str:
    lines = []
    fid = format_id or deck.format_id
    if fid:
        lines.append(f"Format: {fid}")
    for key, value in _metadata(deck):
        lines.append(f"{key.capitalize()}: {value}")
    inline = set(game.data.get("inline_zones") or ())
    groups = game.data.get("write_groups") or {}
    for zone, items in _grouped(deck, game):
        if zone in inline and len(items) == 1 and items[0][0] == 1:
            lines.append(f"{header_for(game, zone)}: {items[0][1]}")
            continue
        if lines:
            lines.append("")
        if zone in groups:   # type headings, each sorted by name (Mage Wars spellbooks)
            grouped, rest = _by_type(items, groups[zone])
            if rest:         # no listed type (an unknown line): under the zone's own header
                lines.append(header_for(game, zone))
                lines.extend(f"{count} {name}" for count, name, _ in rest)
            for heading, group in grouped:
                lines.append(heading)
                lines.extend(f"{count} {name}" for count, name, _ in group)
            continue
        lines.append(header_for(game, zone))
        lines.extend(f"{count} {name}" for count, name, _ in items)
    return "\n".join(lines) + "\n"


def _by_type(items, headings: list[str]):
    """(heading, items) in the headings' order, each sorted by name, and the items whose
    card has none of the headings' types (unknown lines)."""
    by: dict[str, list] = {h: [] for h in headings}
    rest: list = []
    for item in items:
        types = _card_types(item[2])
        heading = next((h for h in headings if h.casefold() in types), None)
        (by[heading] if heading else rest).append(item)
    return [(h, sorted(g, key=lambda t: t[1].casefold())) for h, g in by.items() if g], rest


def write_arena(deck: DeckList, game: Game, format_id: str | None = None) -> str:
    names = {"main": "Deck", "sideboard": "Sideboard", "side": "Sideboard",
             "commander": "Commander", "companion": "Companion"}
    out = []
    if deck.metadata.get("name"):
        out += ["About", f"Name {_one_line(deck.metadata['name'])}", ""]
    for zone, items in _grouped(deck, game):
        out.append(names.get(zone, header_for(game, zone)))
        out.extend(f"{count} {name}" for count, name, _ in items)
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def _section(game: Game, zone: str, e: Entry, sections: dict[str, list[str]]) -> str:
    """The OCTGN section of an entry: where a zone has several sections (Mage Wars files a
    spellbook by card type), the one named after the card's type."""
    names = sections.get(zone)
    if not names:
        return header_for(game, zone)
    if len(names) > 1:
        types = _card_types(e)
        for n in names:
            if n.casefold() in types:
                return n
    return names[0]


def _card_types(e: Entry) -> set[str]:
    """The entry's card types, case-folded (none for an unknown line)."""
    if e.card is None:
        return set()
    return {str(t).casefold() for t in (e.card.get("types") or [e.card.get("type")]) if t}


def write_o8d(deck: DeckList, game: Game, format_id: str | None = None) -> str:
    octgn = game.octgn or {}
    sections: dict[str, list[str]] = {}
    for section, zone in (octgn.get("sections") or {}).items():
        sections.setdefault(zone, []).append(section)
    out = ['<?xml version="1.0" encoding="utf-8" standalone="yes"?>',
           f'<deck game={quoteattr(octgn.get("game_id", ""))}>']
    for zone, items in _grouped(deck, game):
        by_section: dict[str, list] = {}
        for count, _, e in items:
            by_section.setdefault(_section(game, zone, e, sections), []).append((count, e))
        for section, cards in by_section.items():
            out.append(f'  <section name={quoteattr(section)} shared="False">')
            for count, e in cards:
                ref = game.written_octgn_id(e)
                id_attr = f" id={quoteattr(ref)}" if ref else ""
                out.append(f'    <card qty="{count}"{id_attr}>{escape(_name(e, game))}</card>')
            out.append("  </section>")
    notes = []
    if format_id or deck.format_id:
        notes.append(f"Format: {format_id or deck.format_id}")
    notes += [f"{key.capitalize()}: {value}" for key, value in _metadata(deck)]
    notes += game.written_notes(deck)
    # each note on a line of its own, so that "Format:" is found as in any deck file
    out.append(f"  <notes>{_cdata(chr(10) + chr(10).join(notes))}</notes>")
    out.append("</deck>")
    return "\n".join(out) + "\n"


def write(deck: DeckList, game: Game, to: str, format_id: str | None = None) -> str:
    """``deck`` in the file format ``to``; ValueError when that format cannot hold a deck of
    ``game`` (an Arena export of a Force of Will deck)."""
    if to not in writers_for(game):
        where = ("an MTG Arena export holds Magic decks only" if to == "arena" else
                 f"OCTGN has no {game.name} game" if to == "o8d" else f"unknown writer {to!r}")
        raise ValueError(f"cannot write a {game.name} deck as {to}: {where}; "
                         f"use --to {' or '.join(writers_for(game))}")
    writer = {"text": write_text, "arena": write_arena, "o8d": write_o8d}[to]
    return writer(deck, game, format_id)
