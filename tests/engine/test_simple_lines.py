"""The one reading of a simple card line ("4 Island") that the census and the reader share
(deckcheck/parsing/text.py ``simple_line``): it must say what their full paths say.

The full paths are the reader's classification and entry parse (``TextParser._classify``,
``_read_entry``) and the census's line kind with the shared reading switched off. They are
compared on every card name of every game's shipped data written as a counted line, and on
lines at the edges of the simple shape.
"""

from __future__ import annotations

import random

import pytest

from deckcheck import carddb
from deckcheck.games.base import load_game
from deckcheck.matching import normalise
from deckcheck.models import DeckList
from deckcheck.parsing import decklike
from deckcheck.parsing.text import (_ENTRY, _TOTAL, TextParser, _read_entry, _subtotal_keys,
                                    reads_simple_lines, simple_line)

GAMES = ("mtg", "fow", "wowtcg", "magewars", "mageknight")

#: lines at the edges of the simple shape: near-misses must be None, the rest read the same
EDGES = [
    "4 Island", "0 Island", "999 Island", "1000 Island", "007 Agent", "4 x", "4 X", "4 x Marks",
    "4 X Marks the Spot", "4 X-Ray", "4 Xenagos", "4 xIsland", "4 x 4", "4 Island x",
    "4 Cards", "60 cards", "60 Cards.", "23 Creatures", "15 Sideboard", "4 Sideboard",
    "2 Lands", "1 Total", "4 Points", "4 sbp", "4 pts", "3 Main Deck", "1 Hero", "1 Ruler",
    "4  Island", "4\tIsland", "4 Island,", "4 Island, Forest", "4 Is,land", "4 ,Island",
    "4 -Island", "4 - Island", "4 Island-", "4 'Island'", "4 Island's", "-4 Island",
    "+4 Island", "4 a b c d e f g", "4 the cat sat on the mat today and then",
    "4 One Two Three Four Five Six Seven Eight Nine Ten Eleven Twelve Thirteen",
    "4 Fire // Ice", "4 Circle of Protection: Art", "4 Island (ISD) 12", "4 Æther Vial",
    "4 " + "A" * 299, "4 " + "A" * 298,
]


def _names(game_id: str) -> list[str]:
    game = load_game(game_id)
    return sorted({c.name for c in carddb.load(game.id, game.match_params).cards})


def _census_kind(line: str, shared: bool, monkeypatch) -> str | None:
    vocab = decklike._vocabulary()
    with monkeypatch.context() as m:
        if not shared:
            m.setattr(decklike, "_reads_simple_lines", lambda v: False)
        return decklike._line_kind(line, vocab)


def _agrees(game, line: str, monkeypatch) -> str | None:
    """Why the shared reading of ``line`` differs from the full paths in ``game``, or None."""
    simple = simple_line(line)
    if simple is None:
        return None
    deck = DeckList(path="t.txt", source_format="text", game=game.id)
    full_kind = TextParser(game)._classify(deck, 1, line)
    kind = _TOTAL if (simple.total or game.hint_map.get(simple.key) is not None
                      or game.header_map.get(simple.key)) else _ENTRY
    if kind != full_kind or deck.findings or deck.metadata:
        return f"kind {kind} != {full_kind}"
    if (simple.key in _subtotal_keys(game)) != (game.hint_map.get(simple.key) is not None
                                                or bool(game.header_map.get(simple.key))):
        return "the reader's subtotal keys"
    if simple.key != normalise.key(simple.entry.name):
        return f"key {simple.key} != {normalise.key(simple.entry.name)}"
    if (line, simple.entry) != _read_entry(line):
        return f"entry {simple.entry} != {_read_entry(line)[1]}"
    if _census_kind(line, True, monkeypatch) != _census_kind(line, False, monkeypatch):
        return "census kind"
    return None


@pytest.mark.parametrize("game_id", GAMES)
def test_every_card_name_as_a_counted_line_reads_as_the_full_paths_read_it(game_id, monkeypatch):
    game = load_game(game_id)
    assert reads_simple_lines(game)
    lines = [f"{n} {name}" for name in _names(game_id) for n in (1, 4)]
    simple = [ln for ln in lines if simple_line(ln) is not None]
    assert len(simple) > len(lines) / 3, "most names make simple lines"
    wrong = [(ln, why) for ln in simple if (why := _agrees(game, ln, monkeypatch))]
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("line", EDGES)
def test_lines_at_the_edges_of_the_shape(line, monkeypatch):
    for game_id in GAMES:
        assert _agrees(load_game(game_id), line, monkeypatch) is None, game_id


@pytest.mark.parametrize("line", ["4 x Marks", "4 - Island", "4  Island", "4 Island (ISD) 12",
                                  "4 Fire // Ice", "4 Æther Vial", "4 Is,land", "1000 Island",
                                  "4 " + "A" * 299])
def test_near_misses_are_left_to_the_full_paths(line):
    assert simple_line(line) is None


def test_a_simple_line_reads_its_count_name_and_total():
    s = simple_line("4 Surrak, the Hunt Caller")
    assert (s.entry.count, s.entry.name, s.entry.implicit, s.total) == \
        (4, "Surrak, the Hunt Caller", False, False)
    assert simple_line("60 Cards").total
    game = load_game("mtg")
    assert game.hint_map.get(simple_line("23 Creatures").key) is not None


@pytest.mark.parametrize("word", ["card", "Cards", "CARTA", "cartas", "Pts", "points", "SBP",
                                  "cardss", "card-s", "Carts", "pt", "point", "sb", "total",
                                  "Total Cards", "cards in deck", "Points left", "sbp total",
                                  "Cards, Sideboard", "Island"])
def test_a_simple_lines_total_is_what_the_total_pattern_says(word):
    from deckcheck.parsing.text import _TOTAL_LINE

    for line in (f"60 {word}", f"4 {word}", f"1 {word.lower()}"):
        simple = simple_line(line)
        assert simple is not None, line
        assert simple.total == (_TOTAL_LINE.match(line) is not None), line


# -- the census's shortcut: a list of short card lines needs no census -----------------------

#: what may surround a line: the census strips these (blanks of every kind, a mark)
_AROUND = ["", " ", "\t", " \t ", "\u3000", "\ufeff", "\xa0"]


def _short(line: str) -> bool:
    return decklike._SHORT_CARD_LINE.fullmatch(line) is not None


@pytest.mark.parametrize("game_id", GAMES)
def test_a_short_card_line_is_a_deck_line_to_the_census(game_id):
    """The shortcut's one premise, line by line: every line its pattern takes is one the
    census counts as a deck line (the pattern may leave some out, never take another)."""
    vocab = decklike._vocabulary()
    lines = [f"{n} {name}" for name in _names(game_id) for n in (1, 4)] + EDGES
    taken = 0
    for i, line in enumerate(lines):
        around = _AROUND[i % len(_AROUND)]
        for written in (line, around + line + around[::-1]):
            if _short(written):
                taken += 1
                assert decklike._line_kind(written.strip(), vocab) == "deck", written
    assert taken > len(lines) / 3, "most counted names are short card lines"
    for total in ("60 Cards", "4 cards", "15 SBP", "60 cartas", "3 Points"):
        assert not _short(total)
    assert not _short("4 One Two Three Four Five Six")   # six words: the census reads them
    assert _short("4 One Two Three Four Five")


def _texts(seed: int, n: int) -> list[str]:
    """Lists mixing short card lines with every other kind of line and line end."""
    rng = random.Random(seed)
    cards = ["4 Island", "2 Lightning Bolt", "1 Surrak, the Hunt Caller", "3 Jace's Erasure",
             "1 Fire-Lit Thicket", "4 A B C D E", "2 Grizzly Bears\t", "\t1 Forest"]
    others = ["", "", "Sideboard", "60 Cards", "https://example.com/deck/1", "Ask Bob about the date.",
              "def main():", "Name,Round,Deck", "Alice,1,Burn", "Bob,2,Grixis",
              "4 Fire // Ice", "4 One Two Three Four Five Six Seven", "# a note", "[Creatures]",
              "Bring sleeves and a playmat for the event on Saturday.", "x = 1;", "3 Cards",
              "Format: Modern", "4 Æther Vial", "\u3000", "SB: 2 Negate", "23 Creatures"]
    out = []
    for _ in range(n):
        share = rng.random()
        lines = [rng.choice(cards) if rng.random() < share else rng.choice(others)
                 for _ in range(rng.randint(1, 14))]
        end = rng.choice(["\n", "\r\n", "\r"])
        out.append(end.join(lines) + rng.choice(["", end]))
    return out


def test_the_census_is_skipped_only_where_it_would_find_a_deck_list(monkeypatch):
    """not_a_deck_list says the same with the shortcut and without it, on lists where it
    applies and lists where it does not."""
    texts = _texts(7, 3000)
    with_shortcut = [decklike.not_a_deck_list(t, "t.txt") for t in texts]
    taken = sum(decklike._mostly_card_lines(t) for t in texts)
    monkeypatch.setattr(decklike, "_mostly_card_lines", lambda text: False)
    without = [decklike.not_a_deck_list(t, "t.txt") for t in texts]
    differ = [(t, a, b) for t, a, b in zip(texts, with_shortcut, without) if a != b]
    assert not differ, differ[:3]
    assert 300 < taken < 2700, taken   # both ways are exercised
    assert any(w is not None for w in without)   # and some texts are refused
