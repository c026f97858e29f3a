"""Write a parsed deck in another file format (``deckcheck convert``).

Writers: ``text`` (deckcheck's plain syntax, readable by every game), ``arena`` (MTG Arena
export sections) and ``o8d`` (OCTGN, with the game's GUID and section names). Resolved cards
are written by their canonical names; unresolved lines keep the name as written, so nothing
the user wrote is lost.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from deckcheck.games.base import Game
from deckcheck.models import DeckList, Entry

WRITERS = ("text", "arena", "o8d")
_META_ORDER = ("name", "player", "event", "date", "location", "designer", "description")


def _one_line(value: object) -> str:
    """A metadata value on one line and printable (a .cod comment or .fdk name may span
    several lines, and a second line would be read back as a card)."""
    return "".join(ch for ch in " ".join(str(value).split()) if ch.isprintable())


def _cdata(text: str) -> str:
    return "<![CDATA[" + text.replace("]]>", "]]]]><![CDATA[>") + "]]>"


def _name(e: Entry) -> str:
    if e.card is None:
        return e.name
    if e.card.get("versions"):  # one name, several cards (FoW rulers): write "Front // Back"
        full = next((a for a in e.card.get("aliases") or () if "//" in a), None)
        if full:
            return full
    return e.card.name


def _grouped(deck: DeckList, game: Game) -> list[tuple[str, list[tuple[int, str, Entry]]]]:
    """Entries per zone in the game's zone order, identical cards merged (first line wins)."""
    zones: dict[str, dict[str, list]] = {}
    for e in deck.entries:
        key = _name(e) + (f" ({e.set_code}) {e.number}" if e.set_code and e.number else
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
    for key in _META_ORDER:
        if deck.metadata.get(key) and key != "format":
            lines.append(f"{key.capitalize()}: {_one_line(deck.metadata[key])}")
    inline = set(game.data.get("inline_zones") or ())
    for zone, items in _grouped(deck, game):
        if zone in inline and len(items) == 1 and items[0][0] == 1:
            lines.append(f"{header_for(game, zone)}: {items[0][1]}")
            continue
        if lines:
            lines.append("")
        lines.append(header_for(game, zone))
        lines.extend(f"{count} {name}" for count, name, _ in items)
    return "\n".join(lines) + "\n"


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


def write_o8d(deck: DeckList, game: Game, format_id: str | None = None) -> str:
    octgn = game.octgn or {}
    reverse = {}
    for section, zone in (octgn.get("sections") or {}).items():
        reverse.setdefault(zone, section)
    out = ['<?xml version="1.0" encoding="utf-8" standalone="yes"?>',
           f'<deck game={quoteattr(octgn.get("game_id", ""))}>']
    for zone, items in _grouped(deck, game):
        section = reverse.get(zone, header_for(game, zone))
        out.append(f'  <section name={quoteattr(section)} shared="False">')
        for count, _, e in items:
            ids = (e.card.get("octgn_ids") or []) if e.card is not None else []
            id_attr = f" id={quoteattr(str(ids[0]))}" if ids else ""
            out.append(f'    <card qty="{count}"{id_attr}>{escape(_name(e))}</card>')
        out.append("  </section>")
    notes = []
    if format_id or deck.format_id:
        notes.append(f"Format: {format_id or deck.format_id}")
    if deck.metadata.get("name"):
        notes.append(f"Name: {_one_line(deck.metadata['name'])}")
    out.append(f"  <notes>{_cdata(chr(10).join(notes))}</notes>")
    out.append("</deck>")
    return "\n".join(out) + "\n"


def write(deck: DeckList, game: Game, to: str, format_id: str | None = None) -> str:
    writer = {"text": write_text, "arena": write_arena, "o8d": write_o8d}[to]
    return writer(deck, game, format_id)
