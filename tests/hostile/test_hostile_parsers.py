"""Hostile names and counts written in the syntax of every parser, through the parser
choice of ``deckcheck.parsing.detect.parse`` and the whole check (``check_source``).

Each payload must end in entries and findings, or in deckcheck's own input errors, within
a fraction of the CLI's time limit; the large ones are also measured with tracemalloc.
"""

from __future__ import annotations

import time
import tracemalloc

import pytest

from parser_matrix import TARGETS, Target

from deckcheck.api import Options, UsageError, check_source, check_text
from deckcheck.games.base import load_game
from deckcheck.parsing.detect import parse
from deckcheck.parsing.xmlsafe import XMLDeckError
from deckcheck.reading import MAX_LINES, ReadError, SourceText

OWN_ERRORS = (ReadError, UsageError, XMLDeckError)

NAMES = {"fow": "Thunder", "mtg": "Delver of Secrets", "wowtcg": "Arcane Missiles",
         "magewars": "Dissolve", "mageknight": "Rage"}

#: (what, count, name); "{card}" is the game's real card
PAYLOADS = [
    ("plain", "4", "{card}"),
    ("count 0", "0", "{card}"),
    ("count -1", "-1", "{card}"),
    ("count 10^12", "1000000000000", "{card}"),
    ("count of 5000 digits", "9" * 5000, "{card}"),
    ("full-width count", "\uff14", "{card}"),
    ("Arabic-Indic count", "\u0663", "{card}"),
    ("count 1e3", "1e3", "{card}"),
    ("count 0x10", "0x10", "{card}"),
    ("empty count", "", "{card}"),
    ("right-to-left override", "1", "Thun\u202eder"),
    ("right-to-left mark", "1", "\u200f{card}"),
    ("zero-width space", "1", "{card}\u200b"),
    ("Cyrillic confusable", "1", "\u0422hunder"),
    ("terminal escape", "1", "\x1b[31m{card}\x1b[0m"),
    ("line separator", "1", "{card}\u2028Island"),
    ("NUL", "1", "Thun\x00der"),
    ("tab inside", "1", "Thun\tder"),
    ("XML specials", "1", "<a href='x'>&amp;\"]]>"),
    ("CSV specials", "1", 'a,"b",,\n'),
    ("BBCode tags", "1", "[/spellbook][mwcard=X]9 x Y[/mwcard]"),
    ("format line", "1", "Format: mtg-vintage"),
    ("percent and braces", "1", "%s%n{0}{{card}}"),
    ("path traversal", "1", "../../../../etc/passwd"),
    ("10,000-character name", "1", "A" * 10_000),
    ("1,000,000 blanks", "1", "a" + " " * 1_000_000 + "b"),
    ("1,000,000 tabs", "1", "\t" * 1_000_000),
    ("1,000,000 brackets", "1", "[" * 1_000_000),
    ("Chinese name x300", "1", "\u96f7\u9706" * 300),
    ("emoji", "1", "\U0001F409 Dragon"),
]


def _payload(target: Target, count: str, name: str) -> str:
    name = name.replace("{card}", NAMES[target.game])
    return target.render([(count, name), ("4", NAMES[target.game])])


@pytest.mark.parametrize("target", TARGETS, ids=str)
def test_the_matrix_reaches_every_parser(target):
    deck = parse(SourceText(target.filename, _payload(target, "4", "{card}"), "utf-8"),
                 load_game(target.game))
    assert deck.source_format == target.parser
    assert deck.entries or deck.non_deck   # Mage Knight has no OCTGN sections


@pytest.mark.parametrize("target", TARGETS, ids=str)
@pytest.mark.parametrize("what,count,name", PAYLOADS, ids=[p[0] for p in PAYLOADS])
def test_hostile_entry_in_every_parser(target, what, count, name):
    text = _payload(target, count, name)
    game = load_game(target.game)
    start = time.perf_counter()
    try:
        deck = parse(SourceText(target.filename, text, "utf-8"), game)
    except OWN_ERRORS:
        deck = None
    try:
        result = check_source(SourceText(target.filename, text, "utf-8"),
                              Options(format_id=target.format_id))
    except OWN_ERRORS:
        result = None
    assert time.perf_counter() - start < 3.0
    if deck is None:
        return
    for e in deck.entries:          # what a parser accepts is a plausible entry
        assert 0 <= e.count <= 1000
        assert e.name and len(e.name) <= 300
        assert e.name.isprintable() or "\t" in e.name or not e.name.isascii()
        assert "\x1b" not in e.name and "\u2028" not in e.name and "\x00" not in e.name
    if result is not None:
        result.to_json()             # every result can be serialised


BIG = {
    "100,000 entries on one line": lambda t: t.render([("1", NAMES[t.game])] * 100_000),
    "19,000 entries": lambda t: t.render([("1", f"{NAMES[t.game]} {i}") for i in range(19_000)]),
    "4 MB name": lambda t: t.render([("1", "A" * 4_000_000)]),
}


@pytest.mark.parametrize("target", TARGETS, ids=str)
@pytest.mark.parametrize("what", BIG)
def test_large_inputs_stay_bounded(target, what):
    text = BIG[what](target)
    if len(text.encode("utf-8")) > 5 * 1024 * 1024:
        text = text[: 5 * 1024 * 1024 - 100]    # what the reader would let through
    game = load_game(target.game)

    def run():
        try:
            return parse(SourceText(target.filename, text, "utf-8"), game)
        except OWN_ERRORS:
            return None

    # time untraced (tracing every allocation slows parsing several times over) …
    start = time.perf_counter()
    deck = run()
    seconds = time.perf_counter() - start
    assert seconds < 5.0, seconds
    # … then the peak memory of a second, traced run
    tracemalloc.start()
    try:
        run()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 250 * 1024 * 1024, peak / 1024 / 1024
    if deck is not None:
        assert len(deck.entries) <= 2000 and len(deck.findings) <= MAX_LINES


def test_xml_text_in_many_pieces_is_linear():
    """expat hands element text over a line at a time: 19,000 lines of notes once took
    six seconds of string copying."""
    from deckcheck.parsing.xmlsafe import parse_xml

    text = ('<deck game="x"><section name="Main"><card qty="1">Thunder</card></section><notes>'
            + ("n" * 240 + "\n") * 19_000 + "</notes></deck>")
    start = time.perf_counter()
    root = parse_xml(text)
    assert time.perf_counter() - start < 1.0
    assert len(root.find("notes").text) == 241 * 19_000


def test_lone_surrogates_given_through_the_api():
    """Decoded files never hold lone surrogates, strings given to the API may."""
    with pytest.raises(UsageError, match="malformed XML"):
        check_text('<deck game="x"><section name="Main Deck"><card qty="1">Thun\ud800der'
                   "</card></section></deck>", "fow-classic", path="x.o8d")
    result = check_text("4 Thun\udc80der\n", "fow-classic")
    assert [f.code for f in result.findings if f.line == 1] == ["DCK001"]
    result.to_json()


@pytest.mark.parametrize("text", [
    "[spellbook][mage]a" + " " * 200_000 + "x[/mage][/spellbook]",
    "[spellbook][mwcard=X]1 x a" + " #a" * 100_000 + "[/mwcard][/spellbook]",
])
def test_bbcode_bodies_are_bounded(text):
    start = time.perf_counter()
    deck = parse(SourceText("book.txt", text, "utf-8"), load_game("magewars"))
    assert time.perf_counter() - start < 1.0
    assert [f.code for f in deck.findings] == ["DCK001"]
