"""Every deck-file parser, reachable through :func:`deckcheck.parsing.detect.parse`, with a
way to write one entry (a name and a count, both as arbitrary text) in its syntax.

Used by the hostile-input tests and the property tests: a payload written through each
``render`` reaches that parser's own code, not only the shared reader.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from typing import Callable
from xml.sax.saxutils import escape, quoteattr


@dataclass(frozen=True)
class Target:
    parser: str                                   # DeckList.source_format it must produce
    game: str
    format_id: str
    filename: str
    render: Callable[[list[tuple[str, str]]], str]  # [(count, name)] -> file text

    def __str__(self) -> str:
        return f"{self.game}-{self.parser}"


def _csv_row(*cells: str) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow(cells)
    return out.getvalue()


def _text(rows):
    return "".join(f"{c} {n}\n" for c, n in rows)


def _o8d(section: str, guid: str = ""):
    def render(rows):
        cards = "".join(f"<card qty={quoteattr(c)}>{escape(n)}</card>" for c, n in rows)
        return (f'<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n<deck game="{guid}">'
                f'<section name="{section}" shared="False">{cards}</section></deck>\n')
    return render


def _fdk(rows):
    return json.dumps({"ruler": rows[0][1], "main": [n for c, n in rows for _ in
                                                       range(_small_int(c))]})


def _small_int(count: str) -> int:
    try:
        return max(0, min(int(count), 5))
    except ValueError:
        return 1


def _cod(rows):
    cards = "".join(f"<card number={quoteattr(c)} name={quoteattr(n)}/>" for c, n in rows)
    return f'<cockatrice_deck><zone name="main">{cards}</zone></cockatrice_deck>\n'


def _dek(rows):
    cards = "".join(f'<Cards CatID="1" Quantity={quoteattr(c)} Sideboard="false" '
                    f"Name={quoteattr(n)}/>" for c, n in rows)
    return f'<?xml version="1.0" encoding="utf-8"?>\n<Deck>{cards}</Deck>\n'


def _forge(rows):
    return "[metadata]\nName=x\n[Main]\n" + "".join(f"{c} {n}|DKA\n" for c, n in rows)


def _mtg_csv(rows):
    return _csv_row("Count", "Name", "Edition") + "".join(_csv_row(c, n, "DKA") for c, n in rows)


def _arena(rows):
    return "Deck\n" + "".join(f"{c} {n} (DKA) 1\n" for c, n in rows)


def _xmage(rows):
    return "NAME:x\n" + "".join(f"{c} [DKA:1] {n}\n" for c, n in rows) + "LAYOUT MAIN:(1,1)\n"


def _mws(rows):
    return "// NAME : x\n" + "".join(f"{c} [DKA] {n}\n" for c, n in rows)


def _mwdeck(rows):
    return "// Deck file for Magic Workstation\n" + "".join(f"{c} [1] {n} {{1}}\n"
                                                             for c, n in rows)


def _seriallos(rows):
    return f"# HERO {rows[0][1]}\n" + "".join(f"{c} {n}\n" for c, n in rows)


def _wow_csv(rows):
    return "My deck\n" + "".join(_csv_row(n, c, "HOA", "Ally", "1") for c, n in rows)


def _decks_xml(rows):
    cards = "".join(f"<card name={quoteattr(n)} count={quoteattr(c)}/>" for c, n in rows)
    return f'<decks><deck id="1">{cards}</deck></decks>\n'


def _bbcode(rows):
    cards = "".join(f"[mwcard=MW1A01]{c} x {n}[/mwcard]\n" for c, n in rows)
    return f"[spellbook]\n[mage]{rows[0][1]}[/mage]\n[spells]\n{cards}[/spellbook]\n"


def _sbb(rows):
    return (f"1\nBook\n{rows[0][1]}\n0\n120\n0\n{len(rows)}\n"
            + "".join(f"{n},{c}\n" for c, n in rows))


TARGETS = [
    Target("text", "fow", "fow-classic", "deck.txt", _text),
    Target("o8d", "fow", "fow-classic", "deck.o8d",
           _o8d("Main Deck", "5c1280cc-f52d-4060-b0d9-11363df285fe")),
    Target("fdk", "fow", "fow-classic", "deck.fdk", _fdk),
    Target("text", "mtg", "mtg-standard", "deck.txt", _text),
    Target("o8d", "mtg", "mtg-standard", "deck.o8d",
           _o8d("Main", "a6c8d2e8-7cd8-11dd-8f94-e62b56d89593")),
    Target("cockatrice", "mtg", "mtg-standard", "deck.cod", _cod),
    Target("mtgo-dek", "mtg", "mtg-standard", "deck.dek", _dek),
    Target("forge", "mtg", "mtg-standard", "deck.dck", _forge),
    Target("csv", "mtg", "mtg-standard", "deck.csv", _mtg_csv),
    Target("arena", "mtg", "mtg-standard", "deck.mtga", _arena),
    Target("xmage", "mtg", "mtg-standard", "deck.dck", _xmage),
    Target("mws", "mtg", "mtg-standard", "deck.mwDeck", _mws),
    Target("text", "wowtcg", "wowtcg-classic", "deck.txt", _text),
    Target("o8d", "wowtcg", "wowtcg-classic", "deck.o8d",
           _o8d("Main", "d7e6fd4f-5252-4c4c-4a4a-a645c4d8e45f")),
    Target("mwdeck", "wowtcg", "wowtcg-classic", "deck.mwDeck", _mwdeck),
    Target("seriallos-deck", "wowtcg", "wowtcg-classic", "deck.deck", _seriallos),
    Target("csv", "wowtcg", "wowtcg-classic", "deck.csv", _wow_csv),
    Target("decks-xml", "wowtcg", "wowtcg-classic", "decks.xml", _decks_xml),
    Target("text", "magewars", "magewars-arena", "book.txt", _text),
    Target("o8d", "magewars", "magewars-arena", "book.o8d",
           _o8d("Attack", "9acef3d0-efa8-4d3f-a10c-54812baecdda")),
    Target("bbcode", "magewars", "magewars-arena", "book.txt", _bbcode),
    Target("sbb", "magewars", "magewars-arena", "book.sbb", _sbb),
    Target("text", "mageknight", "mageknight-deed", "deck.txt", _text),
    Target("o8d", "mageknight", "mageknight-deed", "deck.o8d",
           _o8d("Deck", "")),
]
