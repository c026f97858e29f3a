"""`cards show` reads like a card and, with -f, answers through the check machinery
whether the card is legal on a date; `cards search` works across every game and finds
part of a Chinese name."""

from __future__ import annotations

import pytest

from deckcheck.api import Options, prepare_game
from deckcheck.describe import describe_card, describe_verdict, match_card, search_cards
from deckcheck.probe import probe


def card_of(game: str, name: str):
    _, db = prepare_game(game, None)
    card, how = match_card(db, name)
    assert card is not None, how
    return card


def test_a_card_reads_like_a_card_not_yaml():
    text = describe_card(card_of("mtg", "Delver of Secrets"), "mtg")
    lines = text.splitlines()
    assert lines[0].startswith("Delver of Secrets // Insectile Aberration")
    assert lines[1] == "Creature — Human Wizard"
    assert "  zh-Hans: 掘密师" in lines and "Mana value: 1" in lines
    assert any(line.startswith("Other face: Insectile Aberration") for line in lines)
    assert "  ISD 51a (rarity common)" in lines
    for line in lines:   # no YAML list items, no Python syntax
        assert not line.lstrip().startswith("- ") and "[" not in line.split("]", 1)[-1]
        assert "True" not in line and "{'" not in line


def test_legality_comes_from_the_rules_on_the_date():
    laevateinn = card_of("fow", "Laevateinn, the Demon Sword")
    banned = probe(laevateinn, "fow-wanderer", "2019-01-01", Options())
    assert not banned.legal and [f.code for f in banned.findings] == ["FOW128"]
    assert "NOT LEGAL" in describe_verdict(banned) and "2019-01-01" in describe_verdict(banned)
    grimm = card_of("fow", "Grimm, the Fairy Tale Prince")
    ok = probe(grimm, "fow-classic", None, Options())
    assert ok.legal and ok.zone == "ruler" and not ok.findings   # the ruler's own zone
    rotated = probe(grimm, "fow-new-frontiers", None, Options())
    assert not rotated.legal and "FOW125" in [f.code for f in rotated.findings]
    # what a one-card list lacks as a deck (no mage, too few cards) is not the card's fault
    bear = probe(card_of("magewars", "Bear Strength"), "magewars-arena", None, Options())
    assert bear.legal and bear.zones == ["spellbook"]


def test_search_finds_part_of_a_chinese_name_in_either_script():
    _, db = prepare_game("mtg", None)
    for query in ("掘密", "掘密師"[:2]):
        assert "Delver of Secrets" in search_cards(db, query)


@pytest.mark.parametrize("args, needle, code", [
    (("cards", "search", "掘密"), "mtg:", 0),                        # every game, no -g
    (("cards", "show", "Delver of Secrets"), "Creature — Human Wizard", 0),
    (("cards", "show", "Laevateinn, the Demon Sword", "-f", "fow-wanderer", "--date",
      "2019-01-01"), "NOT LEGAL", 1),
])
def test_commands(cli, args, needle, code):
    r = cli(*args, env={"COLUMNS": "80"})
    assert r.returncode == code and needle in r.stdout.decode()


def test_show_over_every_game_shows_the_one_games_guess_or_lists_several(cli):
    r = cli("cards", "show", "rapunzle")
    out = r.stdout.decode()
    assert r.returncode == 0 and "read as Rapunzel (fuzzy" in out and "[fow: " in out
    r = cli("cards", "show", "Zzzz Qqqq")
    assert r.returncode == 1 and "mtg: unknown card" in r.stdout.decode()
