"""The zone headings every game shares (deckcheck/parsing/headings.py), in both Chinese
scripts: `主牌` heads the main deck and `备牌`/`備牌`/`副牌` the side deck in every game that has
one, as in Magic; a game's own headings and type hints keep their reading."""

from __future__ import annotations

import pytest

from deckcheck.api import Options, check_file
from deckcheck.games.registry import game_ids
from deckcheck.games.base import load_game
from deckcheck.matching import normalise
from deckcheck.parsing.headings import COMMON_HEADINGS, role_zones

from conftest import ROOT

LISTS = ROOT / "tests" / "data" / "real-lists"


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_reads_the_shared_headings_of_its_zones(game_id):
    game = load_game(game_id)
    roles = role_zones(game.data, game.zones, game.default_zone)
    assert roles["main"] == game.default_zone
    for word in ("主牌", "主牌組", "主牌组", "Main Deck"):
        assert game.header_zone(word) == game.default_zone, word
    own = {normalise.key(a): zone for zone, aliases in (game.data.get("headers") or {}).items()
           for a in [zone, *(aliases or ())]}
    for role, zone in roles.items():
        for word in COMMON_HEADINGS[role]:
            k = normalise.key(word)
            if k in own:                       # the game's own heading wins
                assert game.header_zone(word) == own[k], word
            elif game.hint_zone(word) is not None:   # so does its type hint
                assert game.header_zone(word) is None, word
            else:
                assert game.header_zone(word) == zone, (game_id, word)


@pytest.mark.parametrize("game_id,side", [("fow", "side"), ("mtg", "sideboard"),
                                          ("wowtcg", "sideboard")])
def test_side_deck_headings_in_both_scripts(game_id, side):
    game = load_game(game_id)
    for word in ("备牌", "備牌", "副牌", "Sideboard", "Side Deck", "Sideboards"):
        assert game.header_zone(word) == side, word


def test_a_role_the_game_has_no_zone_for_stays_a_word():
    assert load_game("mtg").header_zone("统治者") is None
    assert load_game("magewars").header_zone("魔石") is None


def test_fow_list_under_chinese_forum_headings():
    r = check_file(LISTS / "fow-zh-forum-headings.txt", Options(format_id="fow-wanderer"))
    assert r.counts == {"ruler": 1, "main": 37, "stone": 10, "side": 15}
    codes = [f.code for f in r.findings]
    assert "DCK002" not in codes and "FOW104" not in codes and "FOW108" not in codes
    assert all(e.card is not None for e in r.deck.entries)


def test_wowtcg_list_under_chinese_forum_headings():
    r = check_file(LISTS / "wowtcg-zh-forum-headings.txt",
                   Options(format_id="wowtcg-constructed"))
    assert r.counts["hero"] == 1 and r.counts["main"] == 60
    codes = [f.code for f in r.findings]
    assert "DCK002" not in codes and "DCK028" not in codes
    assert [e.card.name for e in r.deck.entries if e.zone == "hero"] == ["Nicholas Merrick"]
