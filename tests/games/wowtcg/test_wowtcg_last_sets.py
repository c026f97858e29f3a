"""The rarity of the last sets from the tracker's print list (``importing/tracker.py``), the
set release months from CardCarp's set files (``cardcarp_merge.add_releases``) and the dated
block formats (DCK037 on WoW decks)."""

from __future__ import annotations

import pytest
import yaml

from deckcheck.api import UsageError, check_text
from deckcheck.carddb import load
from deckcheck.carddb.importers.common import DataError
from deckcheck.games.base import load_game
from deckcheck.games.wowtcg import importer as wowtcg
from deckcheck.games.wowtcg.importing import cardcarp_merge, tracker
from deckcheck.releases import first_release
from deckcheck.resources import data_dir, shared_dir

OUT = data_dir("cards") / "wowtcg"
SHARED = shared_dir()
CODES = {"Reign of Fire": "RoF", "War of the Ancients": "WotA"}


def load_yaml(path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def cards():
    return {r["name"]: r for r in load_yaml(OUT / "cards.yaml")["cards"]}


def page(tmp_path, offset, text):
    (tmp_path / f"p{offset}.tsv").write_text(text, encoding="utf-8")


def test_a_page_gives_the_prints_of_the_wanted_sets(tmp_path):
    page(tmp_path, 2088000, "Fires of Outland\t99\tVictory Rush\tCommon\n"
                            "Reign of Fire\t1\tMedivh the Prophet\tEpic\n"
                            "Reign of Fire\t100\tGrom Hellscream\tRare\n")
    rows = tracker.read_pages(tmp_path, CODES)
    assert [(r["number"], r["name"], r["rarity"], r["page"]) for r in rows] == [
        ("001", "Medivh the Prophet", "E", 2088000), ("100", "Grom Hellscream", "R", 2088000)]


@pytest.mark.parametrize("line, says", [
    ("Reign of Fire\t1\tMedivh the Prophet\n", "expected 4 tab-separated fields"),
    ("Reign of Fire\tone\tMedivh the Prophet\tEpic\n", "is not a print"),
    ("Reign of Fire\t1\tMedivh the Prophet\tShiny\n", "is not a print"),
])
def test_a_bad_page_line_names_file_and_line(tmp_path, line, says):
    page(tmp_path, 2104000, "Reign of Fire\t2\tKil'jaeden the Deceiver\tEpic\n" + line)
    with pytest.raises(DataError, match=rf"p2104000\.tsv:2: .*{says}"):
        tracker.read_pages(tmp_path, CODES)


def test_raw_pages_replace_the_committed_prints_and_must_agree():
    committed = [{"set": "Reign of Fire", "number": "001", "name": "Medivh the Prophet",
                  "rarity": "E", "page": 2088000},
                 {"set": "Reign of Fire", "number": "002", "name": "Kil'jaeden the Deceiver",
                  "rarity": "E", "page": 2088000}]
    raw = [dict(committed[0], page=2072000)]
    merged = tracker.combined(raw, committed)
    assert [(r["number"], r["page"]) for r in merged] == [("001", 2072000), ("002", 2088000)]
    with pytest.raises(DataError, match="Reign of Fire 001 is both"):
        tracker.combined(raw + [dict(raw[0], rarity="R", page=2104000)], [])


def _record(name, printing):
    return {"name": name, "aliases": [], "printings": [printing]}


def test_apply_fills_compares_and_names_what_does_not_match():
    records = [_record("Medivh the Prophet", {"set": "RoF", "number": "1"}),
               _record("Impale", {"set": "RoF", "number": "59", "rarity": "R"}),
               _record("Phoenix", {"set": "RoF", "number": "25", "rarity": "U"}),
               _record("Gravebound", {"set": "RoF", "number": "3"})]
    prints = [{"set": "Reign of Fire", "number": n, "name": name, "rarity": r, "page": 0}
              for n, name, r in [("001", "Medivh the Prophet", "E"), ("059", "Impale", "R"),
                                 ("025", "Phoenix", "R"), ("003", "Bone Shield", "C"),
                                 ("004", "Howling Blast", "R")]]
    report = tracker.apply(records, prints, {"Reign of Fire": "RoF"})
    assert records[0]["printings"][0] == {"set": "RoF", "number": "1", "rarity": "E",
                                          "rarity_source": "tracker"}
    assert report["filled"] == {"RoF": 1} and report["agree"] == 1
    assert report["disagree"] == ["RoF 025 Phoenix: CardCarp U, print list R"]
    assert report["other_name"] == ["RoF 003: Bone Shield (card data: Gravebound)"]
    assert report["no_record"] == ["RoF 004 Howling Blast"]
    assert "rarity" not in records[3]["printings"][0]       # a name that differs is not used


def test_committed_rarities_cover_reign_of_fire():
    data = load_yaml(OUT / tracker.FACTS_FILE)
    assert data["source"] == {"repo": tracker.REPO, "path": tracker.PATH,
                              "commit": tracker.COMMIT, "total_chars": tracker.TOTAL_CHARS}
    rof = [r for r in data["prints"] if r["set"] == "Reign of Fire"]
    assert sorted(int(r["number"]) for r in rof) == list(range(1, 198))
    assert {r["rarity"] for r in rof} == {"C", "U", "R", "E"}
    assert {r["page"] for r in data["prints"]} <= set(data["pages"])
    assert all(p % 1000 == 0 and p < tracker.TOTAL_CHARS for p in data["pages"])


#: Reign of Fire cards whose rarity comes from the print list (no CardCarp printing read)
NEW = {"Alana the Hopebringer": ("WOW-RoF-068", "E"), "Necromancer": ("WOW-RoF-147", "U"),
       "Thunder Hawk": ("WOW-RoF-157", "C"), "Void Brute": ("WOW-RoF-160", "C"),
       "Health Stone": ("WOW-RoF-177", "C"), "Ring of Protection": ("WOW-RoF-179", "C"),
       "Rexxar the Wanderer": ("WOW-RoF-165", "R"), "Doomhammer": ("WOW-RoF-183", "E")}


def test_new_reign_of_fire_cards_resolve_with_rarity():
    db = load("wowtcg")
    by_name = cards()
    for name, (card_id, rarity) in NEW.items():
        card = db.find(name)
        record = by_name[name]
        assert record["id"] == card_id, name
        (p,) = [p for p in record["printings"] if p["set"] == "RoF"]
        assert (p.get("rarity"), p.get("rarity_source")) == (rarity, "tracker"), name
        assert card is not None and card.id == card_id, name
    # a printing CardCarp's own file was read for keeps its rarity, without the tracker mark
    (impale,) = by_name["Impale"]["printings"]
    assert impale == {"set": "RoF", "number": "59", "rarity": "R"}


def test_every_reign_of_fire_printing_has_a_rarity_but_the_empty_oracles():
    missing = sorted(r["name"] for r in cards().values() for p in r["printings"]
                     if p["set"] == "RoF" and not p.get("rarity"))
    # CardCarp left these oracles empty (no card record), so only printings of cards whose
    # CardCarp oracle is read remain: none
    assert missing == []


@pytest.mark.shared
@pytest.mark.skipif(SHARED is None, reason="../shared (public data sets) is absent")
def test_print_list_agrees_with_every_cardcarp_printing_read(tmp_path):
    report = wowtcg.run(SHARED / "data" / "wowtcg", tmp_path, tracker_cache=None)
    rarity = report["tracker_rarity"]
    assert rarity["disagree"] == []
    # the one print whose name is not the card's at that number: a transposed spelling
    # (the tracker's "Belthira", CardCarp's "Belithra"); its rarity is left unfilled
    assert rarity["other_name"] == ["BotG 063: Belthira the Black Thorn "
                                    "(card data: Belithra the Black Thorn)"]
    assert rarity["agree"] >= 8 and rarity["filled"]["RoF"] >= 180
    assert rarity["filled"]["WotA"] >= 138 and rarity["filled"]["BotG"] >= 199
    # the numbers without a record: CardCarp's empty oracles, and BotG 039/044, whose
    # CardCarp printings point to other cards of the same name (no oracle of their own)
    assert {" ".join(n.split()[:2]) for n in rarity["no_record"]} == {
        "BotG 039", "BotG 044", "RoF 017", "RoF 040", "RoF 084", "RoF 106", "RoF 116",
        "WotA 240"}


def test_release_months_come_from_cardcarp_set_files(tmp_path):
    rel = "data/set/standard/07-timewalker/03-reign-of-fire.yml"
    (tmp_path / rel).parent.mkdir(parents=True)
    (tmp_path / rel).write_text("name: Reign of Fire\ndate: 2013-07\n", encoding="utf-8")
    sets = {"rof": {"code": "RoF"}, "fwv": {"code": "FWV"}, "wota": {"code": "WotA"}}
    undated = cardcarp_merge.add_releases(sets, tmp_path)
    assert sets["rof"] == {"code": "RoF", "released": "2013-07",
                           "released_source": "reign-of-fire"}
    assert undated == ["FWV", "WotA"]      # no file named / the named file is absent
    (tmp_path / rel).write_text("name: Reign of Fire\ndate: 2013\n", encoding="utf-8")
    with pytest.raises(DataError, match="reign-of-fire.yml: date '2013' is not YYYY-MM"):
        cardcarp_merge.add_releases(sets, tmp_path)


def test_wow_offers_its_release_months_to_dck037():
    db = load("wowtcg")
    table = load_game("wowtcg").set_releases(db)
    assert (table["RoF"].first_day, table["RoF"].shown) == ("2013-07-01", "2013-07")
    assert table["HoA"].first_day == "2006-10-01" and "FWV" not in table
    burn = db.find("Burn Away")                                  # HoA, reprinted in WotA
    assert {"HoA", "WotA"} <= set(burn.get("sets"))
    assert first_release(burn.get("sets"), table).code == "HoA"


BLOCK_7 = "Hero: Tinker Priest Cassie\n" + "".join(
    f"4 {n}\n" for n in ["Necromancer", "Thunder Hawk", "Void Brute", "Health Stone",
                         "Ring of Protection"])


def test_block_7_is_dated_and_reign_of_fire_waits_for_its_month():
    before = check_text(BLOCK_7, "wowtcg-block-7", date="2013-06-30")
    late = {f.card for f in before.findings if f.code == "DCK037"}
    assert late == {"Necromancer", "Thunder Hawk", "Void Brute", "Health Stone",
                    "Ring of Protection"}
    after = check_text(BLOCK_7, "wowtcg-block-7", date="2013-07-01")
    assert not [f for f in after.findings if f.code == "DCK037"]
    with pytest.raises(UsageError, match="earliest is 2012-10-01"):
        check_text(BLOCK_7, "wowtcg-block-7", date="2012-09-30")
