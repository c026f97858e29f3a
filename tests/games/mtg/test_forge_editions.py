"""Post-2018 names from Forge's edition files (importing/forge_editions.py): a reprint adds a
printing to the known card, a new name is a record with name, set, number and rarity and
its missing facts under ``unknown``; the shipped data has the 14 edition sets of ../shared."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from deckcheck.carddb import jsonform
from deckcheck.games.mtg.importing import forge_editions as fe
from deckcheck.resources import data_dir

from conftest import ROOT, SHARED

FIXTURES = ROOT / "tests" / "data" / "mtg" / "forge-editions"
EDITIONS = (SHARED / "data" / "mtg" / "forge" / "forge-gui" / "res" / "editions") if SHARED else None


def _records():
    return [
        {"id": "shock", "name": "Shock", "types": ["Instant"], "color_identity": ["R"],
         "sets": ["M19"], "printed_in": ["M19"],
         "printings": [{"set": "M19", "number": "156", "rarity": "common"}]},
        {"id": "island", "name": "Island", "types": ["Land"], "supertypes": ["Basic"],
         "sets": ["M19"], "printed_in": ["M19"], "printings": []},
        {"id": "delver-of-secrets", "name": "Delver of Secrets", "sets": ["ISD"],
         "faces": [{"id": "insectile-aberration", "name": "Insectile Aberration"}]},
    ]


def test_read_edition_fixture():
    ed = fe.read_edition(FIXTURES / "Test Edition.txt")
    assert (ed.code, ed.name, ed.date, ed.type) == ("TZZ", "Test Edition", "2030-01-01",
                                                    "expansion")
    assert ed.cards[0] == ("1", "common", "Shock")          # the artist is not a fact we keep
    assert [c[2] for c in ed.cards][1:3] == ["Zzyzx, the Made-Up Planeswalker",
                                             "Bedeck // Bedazzle"]
    assert ed.unread == ["this line is not a card line"]
    assert ed.other_lines == 2                              # borderless + tokens: not read


def test_folder_reports_a_bad_file_and_goes_on():
    editions, problems = fe.read_folder(FIXTURES)
    assert [e.code for e in editions if not e.commit] == ["DKA", "TZZ"]   # + transcribed
    assert len(problems) == 1 and "Not An Edition.txt" in problems[0]


def test_merge_reprint_new_name_face_and_known_set():
    editions, _ = fe.read_folder(FIXTURES)
    editions = [e for e in editions if not e.commit]    # the fixture files, not data/*.yaml
    rows = [{"code": "M19", "released": "2018-07-13"}, {"code": "DKA", "released": "2012-02-03"}]
    records, sets, summary = fe.merge_editions(_records(), rows, editions)
    by_id = {r["id"]: r for r in records}
    shock = by_id["shock"]
    assert shock["sets"] == ["M19", "TZZ"] and "unknown" not in shock
    assert shock["printings"][-1] == {"set": "TZZ", "number": "1", "number_base": "1",
                                      "rarity": "common"}
    new = by_id["zzyzx-the-made-up-planeswalker"]
    assert new["unknown"] == fe.UNKNOWN_FACTS and "types" not in new
    assert new["printings"] == [{"set": "TZZ", "number": "2", "number_base": "2",
                                 "rarity": "mythic"}]
    split = by_id["bedeck-bedazzle"]
    assert [f["name"] for f in split["faces"]] == ["Bedeck", "Bedazzle"]
    assert by_id["island"]["printings"][-1]["rarity"] == "basic"
    assert by_id["delver-of-secrets"]["sets"] == ["ISD", "TZZ"]    # a back face's name
    assert "zzyzx-known-set-card" not in by_id                      # DKA is already known
    assert summary["DKA"] == {"skipped": "the card data already has this set"}
    assert summary["TZZ"]["reprints"] == 3 and summary["TZZ"]["new"] == 2
    row = sets[-1]
    assert row["code"] == "TZZ" and row["released"] == "2030-01-01" and row["card_count"] == 5


@pytest.mark.skipif(EDITIONS is None, reason="../shared (Forge's edition files) is absent")
def test_real_edition_files_read():
    editions, problems = fe.read_folder(EDITIONS)
    codes = [e.code for e in editions]
    assert codes.index("RNA") < codes.index("WAR") < codes.index("NEO")   # by date
    assert {"RNA", "WAR", "M20", "ELD", "THB", "IKO", "M21", "ZNR", "KHM", "STX", "AFR", "MID",
            "VOW", "NEO"} <= set(codes)
    eld = next(e for e in editions if e.code == "ELD")
    assert eld.date == "2019-10-04" and len(eld.cards) == 269 and not eld.unread
    assert ("197", "mythic", "Oko, Thief of Crowns") in eld.cards


def test_shipped_data_has_the_edition_names():
    text = (data_dir("cards") / "mtg" / "cards.yaml").read_text(encoding="utf-8")
    cards = {c["name"]: c for c in jsonform.loads(text)["cards"]}
    oko = cards["Oko, Thief of Crowns"]
    assert oko["sets"][0] == "ELD" and "color_identity" in oko["unknown"]   # and OTP's reprint
    assert oko["printings"][0] == {"set": "ELD", "number": "197", "number_base": "197",
                                   "rarity": "mythic"}
    shock = cards["Shock"]                   # a v3 card reprinted in M20 and M21
    assert {"M20", "M21"} <= set(shock["sets"]) and "unknown" not in shock
    sets = {r["code"]: r for r in jsonform.loads(
        (data_dir("cards") / "mtg" / "sets.yaml").read_text(encoding="utf-8"))["sets"]}
    assert sets["NEO"]["released"] == "2022-02-18" and sets["NEO"]["source"] == fe.SOURCE
    # the names of the edition files of ../shared and the transcribed ones: as many records as
    # the new names per set that the importer wrote into cards/mtg/SOURCES.md
    sources = (data_dir("cards") / "mtg" / "SOURCES.md").read_text(encoding="utf-8")
    per_set = [int(n) for n in re.findall(r"\b[A-Z0-9]{3} \d+ lines, \d+ reprints, (\d+) new",
                                          sources)]
    assert len(per_set) >= 30 and sum(per_set) > 8000
    assert sum(1 for c in cards.values() if c.get("source") == fe.SOURCE) == sum(per_set)
    assert sets["G18"]["released"] == "2018-11-16"        # transcribed (data/forge_editions.yaml)
