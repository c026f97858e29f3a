"""Property tests of reading and parsing (hypothesis): random lines, names, counts and
bytes in every parser's syntax never raise anything but deckcheck's own input errors;
counting does not depend on line order; two workers give what one gives."""

from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parser_matrix import TARGETS, Target

from deckcheck import carddb
from deckcheck.api import Options, UsageError, check_paths, check_source
from deckcheck.games.base import load_game
from deckcheck.parsing.detect import parse
from deckcheck.parsing.xmlsafe import XMLDeckError
from deckcheck.reading import ReadError, SourceText, decode, line_count

OWN_ERRORS = (ReadError, UsageError, XMLDeckError)
FORMATS = {"fow": "fow-classic", "mtg": "mtg-standard", "wowtcg": "wowtcg-classic",
           "magewars": "magewars-arena", "mageknight": "mageknight-deed"}
FAST = settings(max_examples=250, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def card_names(game: str) -> list[str]:
    g = load_game(game)
    return sorted({c.name for c in carddb.load(g.id, g.match_params).cards})


# any text except lone surrogates (a decoded file never holds them)
any_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=60)
deck_words = st.sampled_from(["Main Deck", "Sideboard", "Side Deck", "Ruler:", "Format:",
                              "Magic Stone Deck", "SB:", "# Creatures", "//", "x4", "(DKA)",
                              "[ISD]", "{1}", "4x", "备牌", "主牌组", "Hero:", "Mage:", "---",
                              "<card>", "[mwcard=X]", '"', ",", "|", "\t", "  "])
counts = st.one_of(st.integers(-2, 1200).map(str), st.sampled_from(
    ["", "0", "１", "\u0663", "1e3", "0x4", "+4", "4.0", "99999999999999999999", "x4"]))


@st.composite
def names(draw, game: str):
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return draw(st.sampled_from(card_names(game)))
    if kind == 1:
        return draw(any_text)
    if kind == 2:
        return " ".join(draw(st.lists(deck_words, min_size=1, max_size=4)))
    base = draw(st.sampled_from(card_names(game)))
    return base + draw(st.sampled_from(["", " x2", " (DKA) 12", " *F*", "\u200b", " // x"]))


@pytest.mark.parametrize("target", TARGETS, ids=str)
@FAST
@given(data=st.data())
def test_random_entries_in_every_syntax(target: Target, data):
    rows = data.draw(st.lists(st.tuples(counts, names(target.game)), min_size=1, max_size=6))
    text = target.render(rows)
    try:
        deck = parse(SourceText(target.filename, text, "utf-8"), load_game(target.game))
    except OWN_ERRORS:
        return
    for e in deck.entries:
        assert 0 <= e.count <= 1000 and e.name and len(e.name) <= 300


@pytest.mark.parametrize("game", FORMATS)
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(st.one_of(any_text, deck_words,
                                st.tuples(counts, any_text).map(" ".join)), max_size=12),
       newline=st.sampled_from(["\n", "\r\n", "\r"]))
def test_random_lines_are_checked_or_refused(game, lines, newline):
    """The whole check of arbitrary lines: a result, or deckcheck's own input error."""
    text = newline.join(lines)
    for path in ("deck.txt", "deck.o8d", "deck.csv", "deck.fdk"):
        try:
            result = check_source(SourceText(path, text, "utf-8"),
                                  Options(format_id=FORMATS[game]))
        except OWN_ERRORS:
            continue
        result.to_json()
        for f in result.findings:     # every finding points at a line of the text or none
            assert f.line is None or 1 <= f.line <= max(1, line_count(text))


@settings(max_examples=1000, deadline=None)
@given(data=st.binary(max_size=3000))
def test_random_bytes_are_read_or_refused(data):
    try:
        src = decode(data, "deck.txt")
    except ReadError:
        return
    assert "\x00" not in src.text or src.encoding.startswith("utf-16") or \
        src.encoding.startswith("utf-32")
    for game in FORMATS:
        try:
            parse(SourceText("deck.txt", src.text, src.encoding), load_game(game))
        except ReadError:
            pass


# ---------------------------------------------------------------------------------------
# order independence

def _tally(deck) -> Counter:
    out: Counter = Counter()
    for e in deck.entries:
        out[(e.zone, e.card.id if e.card is not None else e.name)] += e.count
    return out


ORDERED_TARGETS = [t for t in TARGETS if t.parser not in ("fdk", "sbb", "bbcode",
                                                          "seriallos-deck")]


@pytest.mark.parametrize("target", ORDERED_TARGETS, ids=str)
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_counting_does_not_depend_on_line_order(target: Target, data):
    pool = card_names(target.game)
    rows = data.draw(st.lists(st.tuples(st.integers(1, 4).map(str), st.sampled_from(pool)),
                              min_size=2, max_size=12))
    shuffled = data.draw(st.permutations(rows))
    results = []
    for order in (rows, shuffled):
        src = SourceText(target.filename, target.render(order), "utf-8")
        result = check_source(src, Options(format_id=target.format_id))
        results.append(result)
    assert _tally(results[0].deck) == _tally(results[1].deck)
    assert results[0].counts == results[1].counts
    # which card a finding names may depend on order (two mages: the first is "the" mage),
    # whether the deck is legal may not
    assert results[0].legal == results[1].legal


# ---------------------------------------------------------------------------------------
# worker processes

@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(decks=st.lists(st.lists(st.one_of(
    st.tuples(st.integers(0, 5), st.sampled_from(card_names("fow"))).map(
        lambda t: f"{t[0]} {t[1]}"),
    any_text, deck_words), max_size=8), min_size=2, max_size=5))
def test_two_workers_equal_one(decks):
    with tempfile.TemporaryDirectory() as tmp:
        for i, lines in enumerate(decks):
            Path(tmp, f"deck{i:02d}.txt").write_text("Format: fow-classic\n" + "\n".join(lines),
                                                     encoding="utf-8")
        Path(tmp, "binary.txt").write_bytes(b"\x00\x01\x02\x03binary")
        one = check_paths([tmp], Options(), jobs=1)
        two = check_paths([tmp], Options(), jobs=2)
    assert [r.to_json() for r in one] == [r.to_json() for r in two]
