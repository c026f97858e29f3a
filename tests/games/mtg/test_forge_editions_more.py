"""More transcribed Forge edition files (MH3, MAT, TSR, the whole VOW, Commander products):
their cards resolve with set, number and rarity; of two sources of one set the more complete
is read; and Forge's ``L`` letter on a land that is not basic gives common, not basic."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from deckcheck.api import Options, check_file, prepare_game
from deckcheck.games.mtg.importing import forge_editions as fe


@lru_cache(maxsize=1)
def _cards():
    return prepare_game("mtg", None)[1]


def _edition(code: str, lines: int, where: str) -> fe.Edition:
    cards = [(str(n), "common", f"Card {n}") for n in range(1, lines + 1)]
    return fe.Edition(Path(f"{where}/{code}.txt"), code, code, "2021-11-19", "expansion", cards)


def test_the_more_complete_source_of_a_set_is_read():
    partial, whole = _edition("VOW", 86, "shared"), _edition("VOW", 277, "transcribed")
    other = _edition("MID", 10, "shared")
    chosen = {e.code: e for e in fe.prefer_complete([partial, other], [whole])}
    assert chosen["VOW"] is whole and chosen["MID"] is other
    # the folder's file wins a tie, and a fuller folder file beats a shorter transcription
    tie = _edition("VOW", 86, "transcribed")
    assert fe.prefer_complete([partial], [tie]) == [partial]
    assert fe.prefer_complete([whole], [partial]) == [whole]


def test_transcribed_vow_is_whole_and_wins_over_the_partial_folder_file():
    vow = next(e for e in fe.transcribed() if e.code == "VOW")
    numbers = {int(n) for n, _r, _name in vow.cards}
    assert numbers == set(range(1, 278))
    card = _cards().find("Toxrill, the Corrosive")      # not in ../shared's partial VOW file
    assert card is not None
    assert [(p["number"], p["rarity"]) for p in card.get("printings") if p["set"] == "VOW"] == \
        [("132", "mythic")]


@pytest.mark.parametrize("letter,name,rarity", [
    ("L", "Plains", "basic"), ("L", "Snow-Covered Wastes", "basic"), ("L", "Wastes", "basic"),
    ("L", "Abandoned Campground", "common"), ("L", "Bloodfell Caves", "common"),
    ("C", "Bloodfell Caves", "common"), ("M", "Ocelot Pride", "mythic"),
])
def test_forge_land_slot_letter_is_basic_only_for_a_basic_land(letter, name, rarity):
    assert fe.rarity_of(letter, name) == rarity


@pytest.mark.parametrize("name,code,rarity", [
    ("Abandoned Campground", "DSK", "common"),          # Forge: L (its land slot)
    ("Gohn, Town of Ruin", "FIN", "common"),
    ("Jungle Hollow", "TDM", "common"),
    ("Plains", "MH3", "basic"),
])
def test_shipped_land_slot_printings_keep_basic_for_basic_lands_only(name, code, rarity):
    card = _cards().find(name)
    assert card is not None
    rarities = {p["rarity"] for p in card.get("printings") if p.get("set") == code}
    assert rarities == {rarity}


@pytest.mark.parametrize("name,code,number,rarity", [
    ("Ocelot Pride", "MH3", "38", "mythic"),
    ("Nadu, Winged Wisdom", "MH3", "193", "rare"),
    ("Karn, Legacy Reforged", "MAT", "49", "mythic"),
    ("Tarmogoyf", "TSR", "235", "mythic"),               # a reprint gains the printing
])
def test_a_card_of_the_added_sets_resolves_with_its_printing(name, code, number, rarity):
    card = _cards().find(name)
    assert card is not None and card.name == name
    assert [(p["number"], p["rarity"]) for p in card.get("printings")
            if p.get("set") == code] == [(number, rarity)]
    assert code in card.get("sets")


@pytest.mark.parametrize("name,code,number,rarity", [
    ("Jirina Kudro", "C20", "8", "mythic"),              # Commander 2020
    ("Szarekh, the Silent King", "40K", "1", "mythic"),  # Warhammer 40,000 Commander
    ("The Tenth Doctor", "WHO", "3", "mythic"),          # Doctor Who
    ("Elminster", "CLB", "274", "mythic"),               # Commander Legends: Baldur's Gate
    ("Jeska, Thrice Reborn", "CMR", "186", "mythic"),    # Commander Legends
    ("Orcish Bowmasters", "LTR", "103", "rare"),
])
def test_a_card_of_a_commander_product_resolves_with_its_printing(name, code, number, rarity):
    card = _cards().find(name)
    assert card is not None and card.name == name
    assert (number, rarity) in [(p["number"], p["rarity"]) for p in card.get("printings")
                                if p.get("set") == code]


def test_a_commander_deck_of_new_product_cards_resolves_every_line(tmp_path):
    deck = tmp_path / "commander.txt"
    deck.write_text("Commander\n1 Jirina Kudro\n\nDeck\n1 Call the Coppercoats\n"
                    "1 Szarekh, the Silent King\n1 The Tenth Doctor\n1 Elminster\n"
                    "1 Jeska, Thrice Reborn\n93 Plains\n", encoding="utf-8")
    result = check_file(deck, Options(format_id="mtg-commander"))
    assert result.error is None, result.error
    assert all(e.card is not None for e in result.deck.entries)
    # the new names have no colour identity in the data: said so per card, with its set
    unknown = {f.line: f.message for f in result.findings if f.code == "MTG501"}
    assert "C20" in unknown[2] and "40K" in unknown[6]


def test_the_added_transcriptions_have_every_number_of_their_cards_section():
    by_code = {e.code: e for e in fe.transcribed()}
    for code in ("TSR", "MAT", "VOW", "LTR", "CLB", "CMR", "C20", "40K", "WHO"):
        numbers = [int(n) for n, _r, _name in by_code[code].cards]
        assert sorted(numbers) == list(range(1, max(numbers) + 1)), code
    mh3 = {int(n) for n, _r, _name in by_code["MH3"].cards}   # 304-309 are its full-art sheet
    assert mh3 == set(range(1, 304)) | set(range(310, 320))
