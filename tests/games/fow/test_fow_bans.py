"""The dated Force of Will formats: the shipped fow-wanderer / fow-new-frontiers are what the
importer derives from ../shared/data/fow/bans/banlists.json, and every card they name is in
the shipped card data under that name and its printed ids."""

from __future__ import annotations

import shutil

import pytest
import yaml

from deckcheck import carddb, formats
from deckcheck.games.base import load_game
from deckcheck.games.fow.importer import write_ban_formats
from deckcheck.games.fow.importing.banlists import derive_formats
from deckcheck.games.fow.importing.newer import facts_paths, read_facts
from deckcheck.matching.normalise import key

from conftest import ROOT, SHARED, run_cli

BANLISTS = SHARED / "data" / "fow" / "bans" / "banlists.json" if SHARED else None
FORMATS = ROOT / "formats" / "fow"
IDS = ("fow-wanderer", "fow-new-frontiers")


def _shipped(fid: str) -> dict:
    return yaml.safe_load((FORMATS / f"{fid}.yaml").read_text(encoding="utf-8"))


@pytest.mark.skipif(BANLISTS is None or not BANLISTS.is_file(),
                    reason="needs ../shared/data/fow/bans/banlists.json")
def test_shipped_formats_are_the_derived_ones(tmp_path):
    # the import reads card-search's per-card bans from the facts files beside the cards
    shutil.copytree(ROOT / "cards" / "fow" / "sources", tmp_path / "sources")
    summary = write_ban_formats(BANLISTS.parent.parent, tmp_path)
    assert "fow-wanderer" in summary["ban_formats"]
    for fid in IDS:
        written = (tmp_path / "formats" / f"{fid}.yaml").read_text(encoding="utf-8")
        assert written == (FORMATS / f"{fid}.yaml").read_text(encoding="utf-8"), \
            f"formats/fow/{fid}.yaml is stale: re-run `deckcheck cards import fow`"


@pytest.mark.skipif(BANLISTS is None or not BANLISTS.is_file(),
                    reason="needs ../shared/data/fow/bans/banlists.json")
def test_derivation_follows_the_sources():
    derived = derive_formats(BANLISTS)
    w = {p["from"]: p for p in derived["fow-wanderer"]["profiles"]}
    assert "Magical Dragon" not in w["2021-12-10"]["banned"]
    assert "Magical Dragon" in w["2022-05-27"]["banned"]
    assert "Horn of Sacred Beasts" in w["2021-04-09"]["banned"]
    assert "Horn of Sacred Beasts" not in w["2021-12-10"]["banned"]
    for name in ("Gretel", "Law of Silence", "Laevateinn, the Demon Sword",
                 "Change the World, Orb of Illusion"):
        assert name in w["2020-08-21"]["banned"] and name in w["2021-04-09"]["banned"]
    assert ["Inferno", "Whisper from the Abyss"] in w["2022-08-26"]["combination_banned"]
    assert ["Inferno", "Whisper from the Abyss"] not in w["2022-05-27"]["combination_banned"]
    # the undated official snapshot and the cut-off 2018-03-02 post are not profiles
    assert all(p["name"] not in ("wanderer-official-snapshot-2021", "nf-wanderer-2018-03-02")
               for p in w.values())
    assert derived["fow-wanderer"]["data_until"] == "2024-11-29"
    nf = derived["fow-new-frontiers"]
    assert nf["data_until"] == "2019-11-11"
    pools = {p["from"]: p["clusters"] for p in nf["profiles"]}
    assert pools["2017-09-01"] == ["Alice", "Lapis"]
    assert pools["2018-03-09"] == ["Lapis", "Reiya"]
    assert pools["2018-09-20"] == ["Reiya", "New Valhalla"]


@pytest.mark.parametrize("fid", IDS)
def test_every_named_card_is_in_the_card_data(fid):
    data = _shipped(fid)
    db = carddb.for_config(load_game("fow"), None)
    by_id = {i: c for c in db.cards for i in c.get("ids") or ()}
    names = set()
    for p in data["profiles"]:
        names.update(p["banned"])
        names.update(n for pair in p["combination_banned"] for n in pair)
    assert names <= set(data["card_ids"]), names - set(data["card_ids"])
    for name, ids in data["card_ids"].items():
        card = db.find(name)
        assert card is not None and card.name == name, name
        assert {by_id[i].name for i in ids} == {name}, (name, ids)


@pytest.mark.parametrize("fid", IDS)
def test_profiles_are_dated_in_order_and_flag_what_is_partial(fid):
    fmt = formats.load(fid)
    days = [p["from"] for p in fmt.profiles]
    assert days == sorted(days) and len(set(days)) == len(days)
    assert fmt.data["data_until"] >= days[-1]
    for p in fmt.profiles:
        assert not p["incomplete"] or p["incomplete_note"], p["from"]


def test_formats_show_says_incomplete_and_data_until():
    r = run_cli("formats", "show", "fow-wanderer", "--date", "2022-09-01")
    out = " ".join(r.stdout.decode().split())      # the text is wrapped to the terminal
    assert r.returncode == 0, out + r.stderr.decode()
    assert "Data until: 2024-11-29" in out
    assert "Incomplete (2022-08-26): " in out
    assert "Combination bans (2022-08-26): " in out and "Inferno + Whisper from the Abyss" in out


def test_every_undated_card_search_ban_is_in_a_dated_list_or_listed_as_undated():
    """card-search's per-card Wanderer bans (undated) against the dated fow-wanderer: each
    is in a dated profile or in `undated_bans`, which formats show lists."""
    fmt = _shipped("fow-wanderer")
    single = {key(n) for p in fmt["profiles"] for n in p["banned"]}
    pairs = {frozenset(map(key, pair)) for p in fmt["profiles"]
             for pair in p["combination_banned"] + p.get("combination_from_fowsim", [])}
    undated = {(key(r["card"]), r["kind"], key(r.get("with", ""))) for r in fmt["undated_bans"]}
    checked = 0
    for path in facts_paths(ROOT / "cards" / "fow"):
        for entry in read_facts(path)["cards"]:
            for ban in entry.get("bans") or ():
                if ban["format"] != "Wanderer":
                    continue
                checked += 1
                name, kind, other = key(entry["name"]), ban["kind"], key(ban.get("with", ""))
                if kind == "banned" and name in single:
                    continue
                if kind == "combination" and frozenset((name, other)) in pairs:
                    continue
                assert (name, kind, other) in undated or (other, kind, name) in undated, \
                    (entry["id"], ban)
    assert checked >= 15 and len(fmt["undated_bans"]) >= 10
    r = run_cli("formats", "show", "fow-wanderer")
    out = " ".join(r.stdout.decode().split())
    assert r.returncode == 0, out + r.stderr.decode()
    assert "Banned per card-search, date unknown" in out
    assert "Broken Mask of the Crusader (banned)" in out
    assert "Zhenwu, Dragonborn Lord (combination with Crystal Heart Amulet)" in out


def test_a_date_before_the_data_is_a_usage_error(tmp_path):
    deck = ROOT / "tests" / "cases" / "_decks" / "fow" / "kirik.txt"
    r = run_cli("check", "-f", "fow-wanderer", "--date", "2017-01-01", str(deck))
    err = r.stderr.decode() + r.stdout.decode()
    assert r.returncode == 2 and "earliest is 2018-06-08" in err and "Traceback" not in err
