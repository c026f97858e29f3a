"""Property tests of the formats deckcheck writes (hypothesis): parse -> write -> parse
reads the same cards for text, Arena and OCTGN output, writing again gives the same
file, and ``deckcheck fix`` output reads back as the cards the list was checked as."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from deckcheck import carddb
from deckcheck.api import Options, check_source, parse_source
from deckcheck.fixing import fix_deck
from deckcheck.games.base import load_game
from deckcheck.reading import SourceText
from deckcheck.writing import header_for, write, writers_for

FORMATS = {"fow": "fow-classic", "mtg": "mtg-standard", "wowtcg": "wowtcg-classic",
           "magewars": "magewars-arena", "mageknight": "mageknight-deed"}
WRITERS = [(g, to) for g in FORMATS for to in writers_for(load_game(g))]
SUFFIX = {"text": ".txt", "arena": ".mtga", "o8d": ".o8d"}
SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def card_names(game: str) -> list[str]:
    g = load_game(game)
    return sorted({c.name for c in carddb.load(g.id, g.match_params).cards})


# names deckcheck does not know: words of letters, as a misspelt or new card would be
unknown_names = st.lists(st.text("abcdefghijklmnopqrstuvwxyzQZ", min_size=3, max_size=9),
                         min_size=2, max_size=4).map(lambda ws: "Qz " + " ".join(ws))


@st.composite
def decks(draw, game: str) -> str:
    """A plain-text list: zone sections of (count, name) lines, known and unknown names."""
    g = load_game(game)
    zones = draw(st.lists(st.sampled_from(g.zones), min_size=1, max_size=3, unique=True))
    lines = [f"Format: {FORMATS[game]}"]
    for zone in zones:
        lines.append(header_for(g, zone))
        rows = draw(st.lists(st.tuples(st.integers(1, 4), st.one_of(
            st.sampled_from(card_names(game)), unknown_names)), min_size=1, max_size=6))
        lines += [f"{n} {name}" for n, name in rows]
    return "\n".join(lines) + "\n"


def tally(deck) -> Counter:
    """(zone, card id or the name as written) -> copies, for every entry."""
    out: Counter = Counter()
    for e in deck.entries:
        out[(e.zone, e.card.id if e.card is not None else e.name)] += e.count
    return out


@pytest.mark.parametrize("game,to", WRITERS, ids=[f"{g}-{t}" for g, t in WRITERS])
@SETTINGS
@given(data=st.data())
def test_parse_write_parse_is_stable(game, to, data):
    text = data.draw(decks(game))
    opts = Options(format_id=FORMATS[game])
    deck, g, fid = parse_source(SourceText("deck.txt", text, "utf-8"), opts)
    assume(all(e.match in ("exact", "unknown") for e in deck.entries))
    written = write(deck, g, to, fid)
    again, _, _ = parse_source(SourceText("deck" + SUFFIX[to], written, "utf-8"), opts)
    assert tally(again) == tally(deck), written
    assert not [f for f in again.findings if f.code == "DCK001"], written
    assert write(again, g, to, fid) == written          # writing is a fixed point


VARIANTS = {
    "as is": lambda n, c: f"{c} {n}",
    "4x": lambda n, c: f"{c}x {n}",
    "x4 after": lambda n, c: f"{n} x{c}",
    "bullet": lambda n, c: f"- {c} {n}",
    "lower case": lambda n, c: f"{c} {n.lower()}",
    "upper case": lambda n, c: f"{c} {n.upper()}",
    "no punctuation": lambda n, c: f"{c} {''.join(ch for ch in n if ch.isalnum() or ch == ' ')}",
    "comment": lambda n, c: f"{c} {n}  # keep",
}


@st.composite
def messy_lists(draw, game: str) -> str:
    g = load_game(game)
    zone = g.default_zone
    rows = draw(st.lists(st.tuples(st.sampled_from(card_names(game)), st.integers(1, 4),
                                   st.sampled_from(sorted(VARIANTS))), min_size=1, max_size=8))
    lines = [f"Format: {FORMATS[game]}", header_for(g, zone)]
    lines += [VARIANTS[v](name, count) for name, count, v in rows]
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    return newline.join(lines) + newline


@pytest.mark.parametrize("game", FORMATS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fix_output_reads_back_as_the_same_cards(game, data):
    text = data.draw(messy_lists(game))
    opts = Options(format_id=FORMATS[game])
    result = check_source(SourceText("deck.txt", text, "utf-8"), opts)
    fixed = fix_deck(text, result)
    again = check_source(SourceText("deck.txt", fixed.text, "utf-8"), opts)
    assert tally(again.deck) == tally(result.deck), fixed.text
    assert not fix_deck(fixed.text, again).changed, fixed.text      # fixing twice: no-op
    if "\r\n" in text:
        assert "\r\n" in fixed.text and "\n" not in fixed.text.replace("\r\n", "")
