"""The last sets' cards read after the first round: War of the Ancients 082-240 and Betrayal
of the Guardian rarities from the tracker's print list, the Timewalkers Crafting oracles, and
the Reign of Fire printings that reprint raid decks' cards (``cardcarp_merge._raid_reprint``)."""

from __future__ import annotations

import pytest
import yaml

from deckcheck.api import check_text
from deckcheck.carddb import load
from deckcheck.games.wowtcg.importing import cardcarp_merge
from deckcheck.resources import data_dir

OUT = data_dir("cards") / "wowtcg"


def load_yaml(path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def records(name: str) -> dict[str, dict]:
    return {r["name"]: r for r in load_yaml(OUT / name)["cards"]}


#: new cards whose rarity comes from the print list (no CardCarp printing file read)
FROM_PRINT_LIST = {"Thunder Bluff Steelsnout": ("WOW-WotA-150", "C"),
                   "Axe of Cenarius": ("WOW-WotA-222", "E"),
                   "The Caverns of Time": ("WOW-WotA-233", "U"),
                   "Nightbane": ("WOW-BotG-150", "E"),
                   "Orgrim Doomhammer": ("WOW-BotG-105", "E"),
                   "Assault on Blackrock Spire": ("WOW-BotG-192", "U")}


def test_new_cards_resolve_with_the_print_lists_rarity():
    db = load("wowtcg")
    cards = records("cards.yaml")
    for name, (card_id, rarity) in FROM_PRINT_LIST.items():
        code = card_id.split("-")[1]
        (p,) = [p for p in cards[name]["printings"] if p["set"] == code]
        assert (cards[name]["id"], p.get("rarity"), p.get("rarity_source")) == \
            (card_id, rarity, "tracker"), name
        assert db.find(name).id == card_id, name


def test_every_war_and_betrayal_printing_has_a_rarity_but_one_misspelt():
    missing = sorted(f"{p['set']} {p['number']} {r['name']}"
                     for r in records("cards.yaml").values() for p in r["printings"]
                     if p["set"] in ("WotA", "BotG") and not p.get("rarity"))
    # the print list spells BotG 063 "Belthira", CardCarp "Belithra": not matched, not filled
    assert missing == ["BotG 63 Belithra the Black Thorn"]


def test_timewalkers_crafting_is_complete():
    cards = records("cards.yaml")
    twc = sorted(r["id"] for r in cards.values() if "TWC" in r["sets"])
    assert twc == [f"WOW-TWC-{n:03d}" for n in range(1, 10)]
    statue = cards["Druid and Priest Statue Set"]
    assert statue["type"] == "Equipment" and statue["cost"] == 3
    assert statue["printings"] == [{"set": "TWC", "number": "1", "rarity": "E"}]
    assert cards["Pterrordax Hatchling"]["type"] == "Ally"


def test_raid_reprints_are_constructed_cards():
    db = load("wowtcg")
    cards, raid = records("cards.yaml"), records("raid.yaml")
    malganis = cards["Mal'Ganis"]                    # built from the Caverns of Time oracle
    assert malganis["id"] == "WOW-RoF-143" and malganis["pool"] == "constructed"
    assert (malganis["type"], malganis["cost"], malganis["atk"], malganis["health"]) == \
        ("Ally", 8, 9, 9)
    assert malganis["printings"] == [{"set": "RoF", "number": "143", "rarity": "E"}]
    assert malganis["cardcarp"] == "malganis-caverns-of-time-raid-005"
    frostmourne = cards["Frostmourne"]               # the Icecrown raid card keeps its id
    assert frostmourne["id"] == "WOW-04756" and "Frostmourne" not in raid
    assert frostmourne["sets"] == ["ICR", "RoF"] and not frostmourne.get("raid_only")
    assert {p["set"]: p["rarity"] for p in frostmourne["printings"]} == {"ICR": "E", "RoF": "E"}
    assert db.find("Mal'Ganis").id == "WOW-RoF-143"
    assert db.find("Frostmourne").id == "WOW-04756"


#: newly read cards (TWC, raid reprints, print-list rarities) legal beside a Priest hero
NEW_DECK = ["Mal'Ganis", "Frostmourne", "Druid and Priest Statue Set", "Kaldorei Wind Chimes",
            "Arrival of the Naaru", "Ancient Amber", "Pterrordax Hatchling", "Nightbane",
            "Signet of the Timewalker", "The Caverns of Time", "Assault on Blackrock Spire",
            "Tyrandes Favorite Doll", "Floating Spellbook", "Bigbelly, Furbolg Chieftain",
            "The Well of Eternity"]


@pytest.mark.parametrize("fmt", ["wowtcg-contemporary", "wowtcg-classic",
                                 "wowtcg-cardcarp-classic"])
def test_deck_of_newly_read_cards_is_legal(fmt):
    deck = "Hero: Tinker Priest Cassie\n" + "".join(f"4 {n}\n" for n in NEW_DECK)
    result = check_text(deck, fmt)
    assert result.legal and not result.findings, result.findings


def test_the_same_deck_fails_where_a_card_breaks_a_rule():
    """Not a deck that passes anything: a banned, an off-faction and an off-class card of the
    newly read sets are each caught."""
    deck = "Hero: Tinker Priest Cassie\n" + "".join(
        f"4 {n}\n" for n in NEW_DECK[:-3] + ["The Last Relic of Argus", "Orgrim Doomhammer",
                                             "Axe of Cenarius"])
    codes = {(f.code, f.card) for f in check_text(deck, "wowtcg-contemporary").findings}
    assert {("DCK017", "The Last Relic of Argus"), ("WOW109", "Orgrim Doomhammer"),
            ("WOW108", "Axe of Cenarius")} <= codes


# -- the merge itself, on made-up entries ----------------------------------------------------

def _oracle(path: str, name: str, set_id: str, number: str, **facts) -> dict:
    return {"path": path, "kind": "oracle",
            "facts": {"name": name, "set_id": set_id, "number": number, "type": "Ally",
                      "cost": 3, "atk": 2, "health": 2, "race": "Demon", **facts}}


def _printing(number: str, oracle: str) -> dict:
    return {"path": f"data/card/standard/07-timewalker/03-reign-of-fire/{number}-x.yml",
            "kind": "printing",
            "facts": {"oracle": oracle, "set": "Reign of Fire", "set_id": "reign-of-fire",
                      "number": number, "rarity": "E"}}


def _raid_record(name: str) -> dict:
    return {"id": "WOW-09999", "name": name, "pool": "raid", "raid_only": True,
            "dungeon_only": False, "type": "Ally", "sets": ["XXR"], "printings": []}


def test_a_raid_reprint_moves_the_raid_card_or_builds_one():
    raid_dir = "data/oracle/raid/09-caverns-of-time/caverns-of-time-raid/"
    entries = [_oracle(raid_dir + "001-test-boss.yml", "Test Boss", "caverns-of-time-raid",
                       "001"),
               _oracle(raid_dir + "002-test-lord.yml", "Test Lord", "caverns-of-time-raid",
                       "002"),
               _printing("150", "test-boss-caverns-of-time-raid-001"),
               _printing("151", "test-lord-caverns-of-time-raid-002")]
    data = [_raid_record("Test Boss")]
    report = cardcarp_merge.merge(data, entries)
    boss, lord = data
    assert (boss["id"], boss["pool"], boss["raid_only"]) == ("WOW-09999", "constructed", False)
    assert boss["sets"] == ["XXR", "RoF"]
    assert (lord["id"], lord["pool"], lord["cost"]) == ("WOW-RoF-151", "constructed", 3)
    assert lord["printings"] == [{"set": "RoF", "number": "151", "rarity": "E"}]
    assert report["unresolved"] == [] and len(report["raid_reprints"]) == 2


def test_an_oracle_of_another_set_that_is_not_a_raid_card_stays_unresolved():
    entries = [_oracle("data/oracle/standard/01-azeroth/01-heroes-of-azeroth/001-nobody.yml",
                       "Nobody", "heroes-of-azeroth", "001"),
               _printing("152", "nobody-heroes-of-azeroth-001")]
    data: list[dict] = []
    report = cardcarp_merge.merge(data, entries)
    assert data == [] and report["raid_reprints"] == []
    assert report["unresolved"] == [entries[1]["path"]]


# -- release months from public pages (importer.yaml set_release_pages) -----------------------

def _sets(**months) -> dict[str, dict]:
    return {code.lower(): {"code": code, **({"released": m} if m else {})}
            for code, m in months.items()}


def test_a_page_release_dates_a_set_with_the_sets_it_came_out_with():
    sets = _sets(DDD="2011-11", DSM="2011-11", DSK=None, TOK=None)
    pages = {"DSK": {"released": "2011-11", "with": ["DDD", "DSM"], "source": "a page"}}
    left = cardcarp_merge.add_page_releases(sets, ["DSK", "TOK"], pages)
    assert left == ["TOK"]
    assert sets["dsk"] == {"code": "DSK", "released": "2011-11",
                           "released_source": "set_release_pages DSK"}
    assert "DSK 2011-11: a page" in cardcarp_merge.page_release_note(["DSK"], pages)


@pytest.mark.parametrize("row, says", [
    ({"released": "2011-11", "with": ["DDD"], "source": "p"}, "DDD is 2011-10; fix one"),
    ({"released": "2011", "source": "p"}, "needs `released` .YYYY-MM."),
    ({"released": "2011-11"}, "and the `source` pages"),
])
def test_a_page_release_that_disagrees_or_lacks_its_source_stops_the_import(row, says):
    from deckcheck.carddb.importers.common import DataError
    with pytest.raises(DataError, match=f"set_release_pages DSK: .*{says}"):
        cardcarp_merge.add_page_releases(_sets(DDD="2011-10", DSK=None), ["DSK"],
                                         {"DSK": row})


def test_every_undated_set_has_its_reason_and_no_dated_set_keeps_one():
    from deckcheck.carddb.importers.common import DataError
    note = cardcarp_merge.undated_note(["TOK"], {"TOK": "tokens of many products"})
    assert "TOK (tokens of many products)" in note
    with pytest.raises(DataError, match="no reason for RAL"):
        cardcarp_merge.undated_note(["RAL", "TOK"], {"TOK": "t"})
    with pytest.raises(DataError, match="DSK is dated now"):
        cardcarp_merge.undated_note(["TOK"], {"TOK": "t", "DSK": "d"})


def test_shadowfang_keep_is_dated_with_the_other_dungeon_decks():
    rows = {s["code"]: s for s in load_yaml(OUT / "sets.yaml")["sets"]}
    assert rows["DSK"]["released"] == rows["DDD"]["released"] == rows["DSM"]["released"] \
        == "2011-11"
    assert rows["DSK"]["released_source"] == "set_release_pages DSK"
    undated = sorted(c for c, s in rows.items() if not s.get("released"))
    assert undated == sorted(["FWV", "BWG", "CRP", "DMF", "BoJ", "WLK", "BSW", "ARC", "CD2",
                              "CD3", "CWB", "HOL", "HOL6", "RAL", "TOK"])
    sources = (OUT / "SOURCES.md").read_text(encoding="utf-8")
    assert "CD2 (CardCarp dates every 2011 class deck 2011-06" in sources
    assert "DSK 2011-11: the three Dungeon Decks" in sources and "gamerfront.net/2011/12" in sources
