"""Text of a deck's web page pasted with a list (deckcheck.parsing.sitetext, DCK036): the
buttons and price lines are one note and no card; no card name of any game is such text."""

from __future__ import annotations

import pytest

from deckcheck import carddb
from deckcheck.api import Options, check_file, check_text
from deckcheck.games.base import load_game
from deckcheck.games.registry import game_ids
from deckcheck.parsing.sitetext import is_site_text

from conftest import ROOT

SITE = ["Buy this deck", "Add to cart", "Export to Arena", "Deck Tools", "Export",
        "Copy to clipboard", "Playtest", "Draw sample hand", "Download .dek", "[Export]",
        "Add all to cart »", "Price: $123.45", "$123.45", "TCGplayer Mid: $210.34",
        "Deck price (paper): $45.10", "12.50 tix", "Total value: 45.10 USD", "€ 45,00",
        "Mainboard: $120.50", "Sideboard $30"]
CARDS = ["Lightning Bolt", "Clone", "Export to Arena Prime", "4 Buy this deck",
         "Deck of Many Things", "Price of Progress", "Cost of Brilliance", "Hall of Triumph",
         "Sideboard", "Tools of the Trade", "Gold Card $5", "Copy Enchantment",
         "Playtest Rules", "Market Festival", "High Market", "Mid-Summer Revel"]


@pytest.mark.parametrize("line", SITE)
def test_buttons_and_prices_are_site_text(line):
    assert is_site_text(line)


@pytest.mark.parametrize("line", CARDS)
def test_card_names_and_other_lines_are_not(line):
    assert not is_site_text(line)


@pytest.mark.parametrize("game", game_ids())
def test_no_card_name_of_any_game_is_site_text(game):
    # every name the index matches by letters (names, other faces, aliases), and each
    # card's name and faces' names in lower case, as a player may type them
    db = carddb.load(game, load_game(game).match_params)
    names = set(db.index.choice_label)
    for card in db.cards:
        names.update(n.lower() for n in [card.name, *(f.get("name") or "" for f in card.faces)])
    assert len(names) > 200
    assert sorted(n for n in names if n and is_site_text(n)) == []


def test_a_paste_with_the_sites_buttons_and_prices():
    # a list copied from a deck page: the title, the page's tool buttons, the deck, the
    # sideboard after a blank line, then the page's prices and shop buttons
    r = check_file(ROOT / "tests" / "data" / "real-lists" / "mtg-site-footer-paste.txt",
                   Options(format_id="mtg-standard", date="2012-02-25"))
    assert r.counts == {"main": 60, "sideboard": 15} and r.legal
    notes = [f for f in r.findings if f.code == "DCK036"]
    assert len(notes) == 1                                   # once, not a line each
    assert notes[0].line == 2 and "Lines 2, 3, 4, 34, 35, 36, 37, 38:" in notes[0].message
    assert "'Deck Tools', 'Export to Arena', 'Copy to clipboard' and 5 more" in notes[0].message
    assert not {"DCK002", "DCK019"} & {f.code for f in r.findings}


def test_one_site_line_is_named_and_a_card_named_alike_is_a_card():
    r = check_text("4 Lightning Bolt\nBuy this deck\n", "mtg-limited")
    assert [(f.line, f.message) for f in r.findings if f.code == "DCK036"] == [
        (2, "'Buy this deck' is text of the deck's web page, not a card; not counted.")]
    r = check_text("4 Lightning Bolt\nClone\n", "mtg-limited")
    assert "DCK036" not in {f.code for f in r.findings} and r.counts == {"main": 5}


@pytest.mark.parametrize("text, count, name, tags", [
    ("4 Lightning Bolt $0.50", 4, "Lightning Bolt", ("$0.50",)),
    ("4x Lightning Bolt - $2.00", 4, "Lightning Bolt", ("$2.00",)),
    ("1 Jace, the Mind Sculptor  € 89,99", 1, "Jace, the Mind Sculptor", ("€ 89,99",)),
    ("4 Counterspell 0.99 USD", 4, "Counterspell", ("0.99 USD",)),
    ("20 Island 0.10 tix", 20, "Island", ("0.10 tix",)),
    ("4 Brainstorm *F* $3.00", 4, "Brainstorm", ("*F*", "$3.00")),
    ("4 Lightning Bolt (M10) 146 £0.40", 4, "Lightning Bolt", ("£0.40",)),
])
def test_a_price_after_a_card_name_is_a_tag_not_part_of_the_name(text, count, name, tags):
    from deckcheck.parsing.cardtext import parse_card_text

    parsed = parse_card_text(text)
    assert (parsed.count, parsed.name, parsed.tags) == (count, name, tags)


@pytest.mark.parametrize("game", game_ids())
def test_no_card_name_of_any_game_loses_a_price_like_ending(game):
    from deckcheck.parsing.cardtext import split_printing

    db = carddb.load(game, load_game(game).match_params)
    names = {n for card in db.cards
             for n in [card.name, *(f.get("name") or "" for f in card.faces)] if n}
    assert len(names) > 200
    assert sorted(n for n in names if split_printing(n)[3]) == []


def test_a_list_with_prices_on_its_card_lines_reads_every_card():
    r = check_text("4 Lightning Bolt $0.50\n4 Counterspell - $1.25\n52 Island 0.10 tix\n",
                   "mtg-legacy", date="2012-03-01")
    assert r.counts == {"main": 60} and r.legal
    assert "DCK002" not in {f.code for f in r.findings}
