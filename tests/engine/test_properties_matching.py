"""Property tests of name matching (hypothesis) on the shipped card databases: any text
gives a well-formed answer, every card's own name finds it however it is cased or spaced,
and a misspelling is never silently resolved to a card farther from it than another one."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rapidfuzz.distance import Levenshtein

from deckcheck import carddb
from deckcheck.games.base import load_game
from deckcheck.matching import normalise

GAMES = ("fow", "mtg", "wowtcg", "magewars", "mageknight")
KINDS = {"exact", "normalized", "alias", "foreign", "fuzzy", "ambiguous", "unknown"}
RESOLVED = KINDS - {"ambiguous", "unknown"}
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_DB: dict = {}


def db(game: str):
    if game not in _DB:
        g = load_game(game)
        _DB[game] = carddb.load(g.id, g.match_params)
    return _DB[game]


def own_names(game: str) -> list[str]:
    """Names that belong to exactly one card (a name two cards share is ambiguous by design)."""
    seen: dict[str, set] = {}
    for card in db(game).cards:
        seen.setdefault(normalise.key(card.name), set()).add(card.id)
    return sorted({c.name for c in db(game).cards if len(seen[normalise.key(c.name)]) == 1})


any_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=80)


@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(text=st.one_of(any_text, st.text("abcdefghij -'/,.xX0123", max_size=40)))
def test_any_text_gets_a_well_formed_answer(game, text):
    m = db(game).index.match(text)
    assert m.kind in KINDS
    if m.kind in RESOLVED:
        assert m.card is not None and not m.candidates
    elif m.kind == "ambiguous":
        assert m.card is None and len(m.candidates) >= 2
    else:
        assert m.card is None
    assert len(m.suggestions) <= db(game).index.params.suggestions


SPELLINGS = {
    "as printed": lambda n: n,
    "lower": str.lower,
    "upper": str.upper,
    "padded": lambda n: f"  {n}\t",
    "doubled blanks": lambda n: n.replace(" ", "  "),
    "curly apostrophe": lambda n: n.replace("'", "\u2019"),
    "full width": lambda n: "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in n),
}


@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(data=st.data())
def test_a_cards_name_finds_that_card(game, data):
    name = data.draw(st.sampled_from(own_names(game)))
    spelling = data.draw(st.sampled_from(sorted(SPELLINGS)))
    m = db(game).index.match(SPELLINGS[spelling](name))
    assert m.kind in RESOLVED, (name, spelling, m.kind)
    assert normalise.key(m.card.name) == normalise.key(name), (name, spelling, m.card.name)


LETTERS = "abcdefghijklmnopqrstuvwxyz"


@st.composite
def misspelt(draw, game: str) -> tuple[str, str]:
    """A card name with one or two random edits (delete, insert, replace, swap)."""
    name = draw(st.sampled_from(own_names(game)))
    text = name
    for _ in range(draw(st.integers(1, 2))):
        if not text:
            break
        i = draw(st.integers(0, len(text) - 1))
        op = draw(st.sampled_from(["delete", "insert", "replace", "swap"]))
        ch = draw(st.sampled_from(LETTERS))
        if op == "delete":
            text = text[:i] + text[i + 1:]
        elif op == "insert":
            text = text[:i] + ch + text[i:]
        elif op == "replace":
            text = text[:i] + ch + text[i + 1:]
        elif i + 1 < len(text):
            text = text[:i] + text[i + 1] + text[i] + text[i + 2:]
    return name, text


def _distance(a: str, b: str) -> int:
    return Levenshtein.distance(normalise.spaced(a), normalise.spaced(b))


@pytest.mark.parametrize("game", ("fow", "mtg", "wowtcg", "magewars"))
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_misspelling_never_resolves_past_a_closer_card(game, data):
    """A fuzzy resolution picks a card no other card is strictly closer to the text than
    (Levenshtein distance on the folded names); the finding then names the card chosen."""
    name, text = data.draw(misspelt(game))
    m = db(game).index.match(text)
    if m.kind != "fuzzy":
        return
    chosen = _distance(text, m.card.name)
    for other in db(game).cards:
        if other.id == m.card.id:
            continue
        assert _distance(text, other.name) >= chosen, (name, text, m.card.name, other.name)


# pairs of the game document's near-collision table (mtg.md §3.7)
PAIRS = [("mtg", "Peace Strider", "Pierce Strider"),
         ("mtg", "Phyrexian Digester", "Phyrexian Ingester"),
         ("mtg", "Auriok Replica", "Moriok Replica"),
         ("mtg", "Dross Hopper", "Dross Ripper"),
         ("mtg", "Tainted Strike", "Tine Shrike")]


@pytest.mark.parametrize("game,a,b", PAIRS)
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_near_collision_pairs_never_cross(game, a, b, data):
    """Text edited from one name of a near-collision pair resolves to the other only if it
    is strictly closer to the other; text as close to both is never resolved to either."""
    src = data.draw(st.sampled_from([a, b]))
    text = src
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, max(0, len(text) - 1)))
        text = text[:i] + data.draw(st.sampled_from(LETTERS + " ")) + text[i + 1:]
    m = db(game).index.match(text)
    da, db_ = _distance(text, a), _distance(text, b)
    if m.card is not None and m.card.name in (a, b):
        mine, theirs = (da, db_) if m.card.name == a else (db_, da)
        assert mine < theirs or (m.kind != "fuzzy" and mine == 0), (text, m.kind, m.card.name)
