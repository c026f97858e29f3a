"""Hostile names and counts written in the syntax of every parser, through the parser
choice of ``deckcheck.parsing.detect.parse`` and the whole check (``check_source``).

Each payload must end in entries and findings, or in deckcheck's own input errors, within
a CPU-time budget of this process (``hostile_support.cpu_budget``: CPU time, not wall time,
so a busy machine does not fail the test, and a runaway parser is stopped when the budget
is spent); the large ones are also measured with tracemalloc.
"""

from __future__ import annotations

import tracemalloc

import pytest

from hostile_support import cpu_budget
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
    # loading the game's cards and formats (a cache rebuild the first time) is not the
    # payload's work: done before the budget starts
    check_source(SourceText(target.filename, _payload(target, "4", "{card}"), "utf-8"),
                 Options(format_id=target.format_id))
    with cpu_budget(3.0):
        try:
            deck = parse(SourceText(target.filename, text, "utf-8"), game)
        except OWN_ERRORS:
            deck = None
        try:
            result = check_source(SourceText(target.filename, text, "utf-8"),
                                  Options(format_id=target.format_id))
        except OWN_ERRORS:
            result = None
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

    # CPU time untraced (tracing every allocation slows parsing several times over) …
    with cpu_budget(5.0):
        deck = run()
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
    six seconds of string copying. Calibrated in the test: the same document with blanks
    for the line breaks comes in a few large pieces (expat's buffer), so its CPU time is
    what reading the text costs; the lines may cost a generous multiple of that, never
    the quadratic copying (about 70 times as much)."""
    from deckcheck.parsing.xmlsafe import parse_xml

    def document(separator: str) -> str:
        return ('<deck game="x"><section name="Main"><card qty="1">Thunder</card></section>'
                "<notes>" + ("n" * 240 + separator) * 19_000 + "</notes></deck>")

    with cpu_budget(5.0) as used:
        assert len(parse_xml(document(" ")).find("notes").text) == 241 * 19_000
        calibration = used()
    with cpu_budget(20 * calibration + 0.5):
        root = parse_xml(document("\n"))
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
    "[spellbook][mage]a" + " " * 9_900 + "x[/mage][/spellbook]",
    "[spellbook][mwcard=X]1 x a" + " #a" * 3_300 + "[/mwcard][/spellbook]",
])
def test_bbcode_bodies_are_bounded(text):
    # as long as a line may be (MAX_LINE_CHARS); a longer one is refused (below)
    game = load_game("magewars")
    with cpu_budget(1.0):
        deck = parse(SourceText("book.txt", text, "utf-8"), game)
    assert [f.code for f in deck.findings] == ["DCK001"]
    with cpu_budget(1.0), pytest.raises(ReadError, match="line 1 has"):
        parse(SourceText("book.txt", text.replace(" ", " " * 30), "utf-8"), game)
