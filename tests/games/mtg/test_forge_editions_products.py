"""The sets today's formats name that the card data lacked (issue 16): the Guild Kits (GK1, GK2),
Q06 and TLA that Modern, Pioneer and Standard name, and the products that add names for Legacy,
Vintage and Commander: the Commander decks (AFC, MIC, VOC, NEC, MOC, LTC, WOC, LCC, MKC, OTC,
M3C, DRC, TDC, FIC, EOC, BLC, DMC, BRC, ONC, KHC, ZNC, CMM), Jumpstart (JMP, J22, J25), CLU,
Game Night (GNT, GN2, GN3), the bonus sheets and reprint products (REX, BOT, SPE, MAR, EOS, STA,
BRR, WOT, MUL, SPG, OTP, FCA, ZNE, CC1, CC2, SS2, SS3, H1R, H2R, SLX, SCD, PZ1, PZ2, TD0) and
the Masters sets UMA, RVR, 2XM, 2X2, DMR and INR. Their cards resolve with set, number and rarity;
a product's transcription keeps every line or the first line of each name; a deck of their
cards is known card by card."""

from __future__ import annotations

import re
from functools import lru_cache

import pytest

from deckcheck.api import Options, check_file, prepare_game
from deckcheck.games.mtg.importing import forge_editions as fe

#: set code -> (release date, whole [cards] section transcribed)
ADDED = {"GK1": ("2018-11-02", True), "GK2": ("2019-02-15", True), "Q06": ("2021-10-15", True),
         "TLA": ("2025-11-21", True), "AFC": ("2021-07-23", True),
         "MIC": ("2021-09-24", False), "VOC": ("2021-11-19", False),
         "NEC": ("2022-02-18", False), "MOC": ("2023-04-21", False),
         "LTC": ("2023-06-23", False), "WOC": ("2023-09-08", False),
         "LCC": ("2023-11-17", False), "MKC": ("2024-02-09", False),
         "OTC": ("2024-04-19", False), "M3C": ("2024-06-07", False),
         "DRC": ("2025-02-14", False), "TDC": ("2025-04-11", False),
         "FIC": ("2025-06-13", False), "EOC": ("2025-08-01", False),
         "BLC": ("2024-08-02", False), "DMC": ("2022-09-09", False),
         "BRC": ("2022-11-18", False), "ONC": ("2023-02-10", False),
         "KHC": ("2021-02-05", True), "ZNC": ("2020-09-25", False),
         "JMP": ("2020-07-17", True), "J22": ("2022-12-02", True),
         "CLU": ("2024-02-23", True), "J25": ("2024-11-15", True),
         "CMM": ("2023-08-04", False), "REX": ("2023-11-17", False),
         "BOT": ("2022-11-18", False), "SPE": ("2025-09-26", True),
         "MAR": ("2025-09-26", True), "EOS": ("2025-08-01", False),
         "STA": ("2021-04-23", False), "BRR": ("2022-11-18", False),
         "WOT": ("2023-09-08", False), "MUL": ("2023-04-21", False),
         "SPG": ("2023-11-17", False), "OTP": ("2024-04-19", False),
         "FCA": ("2025-06-13", True), "ZNE": ("2020-09-25", True),
         "CC1": ("2020-12-04", True), "CC2": ("2022-01-28", True),
         "SS2": ("2019-06-28", True), "SS3": ("2020-06-26", True),
         "GNT": ("2018-11-16", True), "GN2": ("2019-11-15", True),
         "GN3": ("2022-10-14", True), "H1R": ("2021-06-18", True),
         "H2R": ("2024-06-07", True), "SLX": ("2022-03-03", True),
         "SCD": ("2022-12-02", True), "PZ1": ("2015-11-18", True),
         "UMA": ("2018-12-07", True), "TD0": ("2010-11-08", True),
         "PZ2": ("2016-11-16", False), "RVR": ("2024-01-12", True),
         "2XM": ("2020-08-07", True), "DMR": ("2023-01-13", True),
         "INR": ("2025-01-24", True), "2X2": ("2022-07-08", True),
         "MB2": ("2024-08-02", True)}
#: numbers a whole transcription lacks because the edition file has no such line
ABSENT = {"J25": {350}, "GN3": {66}}


@lru_cache(maxsize=1)
def _cards():
    return prepare_game("mtg", None)[1]


def _transcribed() -> dict[str, fe.Edition]:
    return {e.code: e for e in fe.transcribed()}


def test_added_transcriptions_are_dated_and_whole_where_said():
    by_code = _transcribed()
    for code, (date, whole) in ADDED.items():
        ed = by_code[code]
        assert ed.date == date, code
        numbers = [int(re.sub(r"\D", "", n)) for n, _r, _name in ed.cards]   # TD0's A1 …
        if whole:      # every line of the [cards] section, 1 to its last number
            expected = set(range(1, max(numbers) + 1)) - ABSENT.get(code, set())
            assert sorted(numbers) == sorted(expected), code
        else:          # the first line of each name (basic lands: every line), numbers rising
            names = [name for _n, _r, name in ed.cards if name not in fe.BASIC_NAMES]
            assert len(names) == len(set(names)), code
            assert numbers == sorted(numbers), code


def test_added_sets_are_in_the_shipped_card_data_with_their_dates():
    rows = {str(r["code"]): r for r in _cards().tables["sets"]["sets"]}
    for code, (date, _whole) in ADDED.items():
        assert code in rows, code
        assert str(rows[code]["released"]) == date, code
        assert rows[code]["source"] == fe.SOURCE, code


@pytest.mark.parametrize("name,code,number,rarity", [
    ("Etrata, the Silencer", "GK1", "1", "rare"),           # a GRN card: gains the printing
    ("Isperia, Supreme Judge", "GK2", "1", "mythic"),
    ("Lurrus of the Dream-Den", "Q06", "9", "rare"),
    ("Aang, the Last Airbender", "TLA", "4", "uncommon"),
    ("Airship Engine Room", "TLA", "265", "common"),
    ("Galea, Kindler of Hope", "AFC", "1", "mythic"),
    ("Wilhelt, the Rotcleaver", "MIC", "2", "mythic"),
    ("Millicent, Restless Revenant", "VOC", "1", "mythic"),
    ("Shorikai, Genesis Engine", "NEC", "4", "mythic"),
    ("Rashmi and Ragavan", "MOC", "8", "mythic"),
    ("Sauron, Lord of the Rings", "LTC", "4", "mythic"),
    ("Ellivere of the Wild Court", "WOC", "2", "mythic"),
    ("Clavileño, First of the Blessed", "LCC", "2", "mythic"),
    ("Ransom Note", "MKC", "45", "rare"),
    ("Stella Lee, Wild Card", "OTC", "3", "mythic"),
    ("Satya, Aetherflux Genius", "M3C", "3", "mythic"),
    ("Pia Nalaar, Chief Mechanic", "DRC", "2", "mythic"),
    ("Teval, the Balanced Scale", "TDC", "8", "mythic"),
    ("Cloud, Ex-SOLDIER", "FIC", "2", "mythic"),
    ("Kilo, Apogee Mind", "EOC", "3", "mythic"),
    ("Ms. Bumbleflower", "BLC", "3", "mythic"),
    ("Jared Carthalion", "DMC", "2", "mythic"),
    ("Urza, Chief Artificer", "BRC", "2", "mythic"),
    ("Neyali, Suns' Vanguard", "ONC", "2", "mythic"),
    ("Lathril, Blade of the Elves", "KHC", "1", "mythic"),
    ("Obuun, Mul Daya Ancestor", "ZNC", "2", "mythic"),
    ("Tinybones, Trinket Thief", "JMP", "17", "mythic"),
    ("Kibo, Uktabi Prince", "J22", "835", "mythic"),     # its second line, kept
    ("Commander Mustard", "CLU", "6", "rare"),
    ("Pol Jamaar, Illusionist", "J25", "38", "mythic"),
    ("Commodore Guff", "CMM", "706", "mythic"),
    ("Jeweled Lotus", "CMM", "396", "mythic"),
    ("Owen Grady, Raptor Trainer", "REX", "16", "rare"),
    ("Optimus Prime, Hero", "BOT", "13", "mythic"),
    ("Venom, Eddie Brock", "SPE", "12", "mythic"),
    ("Counterspell", "MAR", "9", "mythic"),              # reprints at Forge's letter
    ("Mutavault", "EOS", "28", "mythic"),
    ("Mana Drain", "OTP", "11", "mythic"),
    ("Strip Mine", "ZNE", "28", "mythic"),
    ("Demonic Tutor", "STA", "27", "mythic"),            # STA's [borderless] lines
    ("Mana Crypt", "SPG", "17", "mythic"),
    ("Zamriel, Seraph of Steel", "GN3", "1", "mythic"),
    ("Sylvan Library", "CC1", "5", "rare"),
    ("Arvinox, the Mind Flail", "SLX", "1", "mythic"),
    ("True-Name Nemesis", "PZ1", "35", "mythic"),
    ("Liliana of the Veil", "UMA", "104", "mythic"),
    ("Rhystic Study", "TD0", "A31", "common"),
    ("Atraxa, Praetors' Voice", "PZ2", "62", "mythic"),
    ("Teferi, Time Raveler", "RVR", "232", "mythic"),
    ("Force of Will", "2XM", "51", "mythic"),
    ("Vampiric Tutor", "DMR", "108", "mythic"),
    ("Griselbrand", "INR", "115", "mythic"),
    ("Imperial Seal", "2X2", "79", "mythic"),
    ("Doomsday", "MB2", "182", "mythic"),                # MB2's [eternal] reprints
    ("Lightning Bolt", "JMP", "342", "uncommon"),       # a v3 card: gains the printing
])
def test_a_card_of_an_added_set_resolves_with_its_printing(name, code, number, rarity):
    card = _cards().find(name)
    assert card is not None and card.name == name
    assert code in card.get("sets")
    assert (number, rarity) in [(p["number"], p["rarity"]) for p in card.get("printings")
                                if p.get("set") == code]


def test_a_basic_land_of_a_guild_kit_stays_basic_and_a_reprint_keeps_its_facts():
    island = _cards().find("Island")
    assert {p["rarity"] for p in island.get("printings") if p.get("set") == "GK1"} == {"basic"}
    helix = _cards().find("Lightning Helix")                # RAV … and GK1 90
    assert helix.get("unknown") is None and "GK1" in helix.get("sets")


def test_a_commander_deck_of_new_product_cards_resolves_every_line(tmp_path):
    deck = tmp_path / "commander.txt"
    deck.write_text("Commander\n1 Galea, Kindler of Hope\n\nDeck\n1 Holy Avenger\n"
                    "1 Wand of the Worldsoul\n1 Celes, Rune Knight\n1 Sol Ring\n"
                    "95 Plains\n", encoding="utf-8")
    result = check_file(deck, Options(format_id="mtg-commander"))
    assert result.error is None, result.error
    assert all(e.card is not None for e in result.deck.entries)
    assert not any(f.code == "DCK002" for f in result.findings)      # no unknown card
    # the new names have no colour identity in the data: said so per card, with its set
    unknown = {f.line: f.message for f in result.findings if f.code == "MTG501"}
    assert "AFC" in unknown[2] and "MOC" in unknown[6] and "FIC" in unknown[7]


def test_mystery_booster_2_playtest_cards_stay_unknown():
    # MB2's [cards] section is its playtest sheet (not legal in Legacy or Vintage): left out
    mb2 = _transcribed()["MB2"]
    assert all(not n.startswith("F") for n, _r, _name in mb2.cards)
    assert _cards().find("Mothers Yamazaki") is None


def test_treasure_chest_keeps_only_the_lines_its_date_fits():
    # PZ2's later additions (Forge's Magic Online numbers 65669 on) would be dated 2016-11-16
    numbers = [int(n) for n, _r, _name in _transcribed()["PZ2"].cards]
    assert numbers == list(range(1, 74))
    militant = _cards().find("Militant Angel")                # GNT 2018, also in the chest later
    assert militant is not None and "PZ2" not in militant.get("sets")
