"""The release days of the older Force of Will sets (deckcheck/games/fow/data/release_pages.yaml):
each is one card-search record's ``releaseDate`` with the page it was read at, and the importer
carries it, with that source, into cards/fow/clusters.yaml ``releases`` (read by DCK037)."""

from __future__ import annotations

import re

import pytest
import yaml

from deckcheck.carddb.importers.common import DataError
from deckcheck.games.fow.importing import releases
from deckcheck.games.fow.importing.releases import page_releases

from conftest import ROOT

PAGES = ROOT / "deckcheck" / "games" / "fow" / "data" / "release_pages.yaml"
CLUSTERS = ROOT / "cards" / "fow" / "clusters.yaml"
#: data/cards.json at the commit read (data/fow/newer/fowtcgcardsearch/SOURCES.md)
TOTAL_CHARS = 7_937_569


def _pages() -> dict:
    return yaml.safe_load(PAGES.read_text(encoding="utf-8"))


def test_each_day_names_its_page_and_a_record_of_that_set():
    data = _pages()
    assert data["source"]["commit"] == "009bfb56f52eee8fb1e3aa03fed3276ea824646a"
    assert data["source"]["page_size"] == 16000
    for code, row in data["sets"].items():
        assert 0 <= row["page"] < TOTAL_CHARS and row["page"] % 16000 == 0, code
        number, uid = re.fullmatch(r"(\S+) \((\S+_\d+)\)", row["record"]).groups()
        assert number.startswith(f"{code}-"), (code, number)
        assert uid.endswith(tuple("0123456789")), (code, uid)


def test_the_generated_releases_carry_each_day_with_its_page():
    rel = yaml.safe_load(CLUSTERS.read_text(encoding="utf-8"))["releases"]
    for code, row in _pages()["sets"].items():
        assert code in rel, code
        assert rel[code]["released"] == row["released"].isoformat(), code
        assert f"page at offset {row['page']:,}" in rel[code]["source"], code


def test_days_of_a_cluster_follow_the_sets_the_source_lists_together():
    rel = yaml.safe_load(CLUSTERS.read_text(encoding="utf-8"))["releases"]
    # the five Lapis starters came out together, a week before Curse of the Frozen Casket
    assert {rel[f"SDL{i}"]["released"] for i in range(1, 6)} == {"2016-09-01"}
    assert rel["CFC"]["released"] == "2016-09-08"
    # New Valhalla: the entry sets (quoted in the shared data) come a week before NDR
    assert rel["SDV1"]["released"] < rel["NDR"]["released"] == "2018-09-27"


def test_a_day_without_its_page_is_a_clear_data_error(tmp_path):
    bad = tmp_path / "release_pages.yaml"
    bad.write_text("source: {repo: r, path: p, commit: c, page_size: 16000}\n"
                   "sets:\n  TAT: {released: 2014-12-18, record: \"TAT-037 (x_1)\"}\n",
                   encoding="utf-8")
    with pytest.raises(DataError, match=r"set TAT: needs a `released` day and the `page`"):
        page_releases(bad)
    bad.write_text("sets: {}\n", encoding="utf-8")
    with pytest.raises(DataError, match="cannot read the release pages"):
        page_releases(bad)


def test_a_set_the_pages_date_but_the_card_data_lacks_is_not_listed(tmp_path, monkeypatch):
    pages = tmp_path / "release_pages.yaml"
    pages.write_text("source: {repo: r, path: p, commit: c, page_size: 16000}\n"
                     "sets:\n  ZZZ: {released: 2030-01-02, page: 16000, record: \"ZZZ-001 (x_1)\"}\n",
                     encoding="utf-8")
    monkeypatch.setattr(releases, "page_releases", lambda path=pages: page_releases(path))
    rows, _ = releases.release_rows(tmp_path, ["ZZZ"], {"ZZZ": "Test Set"})
    assert rows["ZZZ"]["released"] == "2030-01-02"
    assert "page at offset 16,000" in rows["ZZZ"]["source"]
    rows, _ = releases.release_rows(tmp_path, ["TTT"], {})
    assert "ZZZ" not in rows


def test_the_duel_starter_decks_take_the_day_of_game_of_gods():
    """card-search has no record of DSD; ICv2 says the starter decks came out alongside GOG,
    so DSD is dated with GOG's day. The Hero starter decks (HSD) and the ABC booster have no
    sourced day and stay undated."""
    from deckcheck.carddb import load
    from deckcheck.games.base import load_game
    from deckcheck.releases import first_release

    rel = yaml.safe_load(CLUSTERS.read_text(encoding="utf-8"))["releases"]
    assert rel["DSD"]["released"] == rel["GOG"]["released"] == "2021-12-09"
    assert "icv2.com/articles/news/view/49257" in rel["DSD"]["source"]
    assert "HSD" not in rel and "ABC" not in rel
    db = load("fow")
    table = load_game("fow").set_releases(db)
    barbatos = db.find("Barbatos, Aspiring Ascendant")          # DSD-001, reprinted in GOG
    assert first_release(barbatos.get("sets"), table).code == "DSD"
