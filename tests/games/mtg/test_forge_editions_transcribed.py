"""The Forge edition files transcribed into ``data/forge_editions.yaml`` (the sets after NEO,
MH1, MH2 and DBL, which ../shared lacks) and what the shipped card data and formats gain from them:
the new names resolve with their set, number and rarity, reprints keep their v3 facts, and
today's Standard names its cards (banned, or outside its sets) instead of withholding itself."""

from __future__ import annotations

import re
from functools import lru_cache

import pytest

from deckcheck.api import Options, check_file, prepare_game
from deckcheck.games.mtg.importing import forge_editions as fe

#: the sets this transcription added, in release order (docs/card-data.md)
ADDED = ["MH1", "MH2", "DBL", "SNC", "DMU", "BRO", "ONE", "MOM", "WOE", "LCI", "MKM", "OTJ", "BIG",
         "BLB", "DSK", "FDN", "DFT", "TDM", "FIN", "EOE", "SPM"]


@lru_cache(maxsize=1)
def _cards():
    return prepare_game("mtg", None)[1]


def test_each_transcribed_file_names_its_source_and_reads_whole():
    editions = fe.transcribed()
    codes = [e.code for e in editions]
    assert len(codes) == len(set(codes))
    assert set(ADDED) <= set(codes)
    for ed in editions:
        assert ed.path.as_posix().startswith("forge-gui/res/editions/"), ed.code
        assert ed.path.suffix == ".txt", ed.code
        assert re.fullmatch(r"[0-9a-f]{40}", ed.commit), ed.code
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", ed.date), ed.code
        numbers = [number for number, _rarity, _name in ed.cards]
        assert len(numbers) == len(set(numbers)), ed.code            # one line per number
        assert all(name and name == name.strip() and " @" not in name
                   for _n, _r, name in ed.cards), ed.code           # no artist kept
    by_code = {e.code: e for e in editions}
    # whole sets, not spoiler-season revisions (SPM is the one stored only so, and says so)
    for code in ("DBL", "SNC", "DMU", "BRO", "ONE", "MOM", "WOE", "LCI", "MKM", "OTJ", "BLB", "DSK",
                 "FDN", "DFT", "TDM", "FIN", "EOE"):
        numbers = {int(n) for n, _r, _name in by_code[code].cards}
        assert numbers == set(range(1, max(numbers) + 1)), code
    assert [by_code[c].date for c in ("SNC", "DMU", "BRO", "ONE")] == \
        ["2022-04-29", "2022-09-09", "2022-11-18", "2023-02-10"]


@pytest.mark.parametrize("name,code,number,rarity", [
    ("Sheoldred, the Apocalypse", "DMU", "107", "mythic"),
    ("Urza's Saga", "MH2", "259", "rare"),                  # Forge's [special slot] numbers
    ("Wrenn and Six", "MH1", "217", "mythic"),
    ("Raffine, Scheming Seer", "SNC", "213", "mythic"),
    ("Cori-Steel Cutter", "TDM", "103", "rare"),
    ("Summon: Bahamut", "FIN", "1", "mythic"),
    ("Cavern of Souls", "LCI", "269", "mythic"),           # a v3 card: gains the printing
    ("Hopeful Initiate", "DBL", "287", "rare"),            # VOW's, missing from ../shared
])
def test_a_new_set_card_resolves_with_its_printing(name, code, number, rarity):
    card = _cards().find(name)
    assert card is not None and card.name == name
    printings = [p for p in card.get("printings") if p.get("set") == code]
    assert [(p["number"], p["rarity"]) for p in printings] == [(number, rarity)]
    assert code in card.get("sets")


def test_a_reprint_keeps_its_facts_and_a_new_name_lists_what_it_lacks():
    counterspell = _cards().find("Counterspell")             # LEA … and MH2 267
    assert {"LEA", "MH2"} <= set(counterspell.get("sets"))
    assert counterspell.get("unknown") is None and counterspell.get("types") == ["Instant"]
    ragavan = _cards().find("Ragavan, Nimble Pilferer")
    assert ragavan.get("sets")[0] == "MH2" and "color_identity" in ragavan.get("unknown")


def test_room_halves_are_faces_but_a_name_with_a_bare_slash_is_one_card():
    room = _cards().find("Dazzling Theater // Prop Room")
    assert [f["name"] for f in room.get("faces")] == ["Dazzling Theater", "Prop Room"]
    spider = _cards().find("SP//dr, Piloted by Peni")
    assert spider is not None and not spider.get("faces")


def test_todays_standard_names_banned_and_rotated_new_cards(tmp_path):
    deck = tmp_path / "standard.txt"
    deck.write_text("4 Cori-Steel Cutter\n4 Sheoldred, the Apocalypse\n4 Vivi Ornitier\n"
                    "4 Stormchaser's Talent\n22 Island\n22 Mountain\n", encoding="utf-8")
    result = check_file(deck, Options(format_id="mtg-standard", date="2025-10-01"))
    assert result.error is None, result.error
    errors = {(f.code, f.line) for f in result.findings if f.severity.name == "ERROR"}
    assert errors == {("MTG202", 1), ("MTG201", 2)}          # banned; DMU is not in Standard
    assert all(e.card is not None for e in result.deck.entries)
    assert not result.legal
