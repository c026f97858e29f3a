"""The MTG importer on real data: the hardest sets of the whole MTGJSON v3 folder.

``../shared/data/mtg/mtgjson3-all/json`` holds every v3 set file, xz-compressed. These tests
import a sample of the sets that broke earlier importers - pPRE (a double-faced card without
its back), V17 (meld), LEA (no collector numbers), UNH (an Un-set; a name with no letter) -
with ORI, the normal set that holds pPRE's backs, into a tmp folder. They skip when the
folder is absent. The skip report, the compression formats and the terminal progress are
also tested on small synthetic files (always run).
"""

from __future__ import annotations

import bz2
import gzip
import io
import json
import lzma
from pathlib import Path

import pytest

from conftest import SHARED, import_v3_sets, run_cli
from deckcheck.carddb.importers.common import DataError
from deckcheck.carddb import jsonform
from deckcheck.games.mtg import importer as mtg
from deckcheck.games.mtg.importing.mtgjson import read_source

ALL_SETS = SHARED / "data" / "mtg" / "mtgjson3-all" / "json" if SHARED else None
needs_all_sets = pytest.mark.skipif(
    ALL_SETS is None or not ALL_SETS.is_dir(),
    reason="needs ../shared/data/mtg/mtgjson3-all/json (the whole MTGJSON v3 folder), "
           "which is not present")
SAMPLE = ["pPRE", "V17", "LEA", "UNH", "ORI"]
OUTPUTS = ["cards.yaml", "sets.yaml", "confusables.yaml"]


def _load(folder: Path, name: str):
    with (folder / name).open(encoding="utf-8") as fh:
        return jsonform.loads(fh.read())


@pytest.fixture(scope="module")
def sample(tmp_path_factory) -> tuple[Path, dict]:
    """The sample sets (as shipped: .json.xz) imported into a tmp folder."""
    return import_v3_sets(tmp_path_factory, SAMPLE, "v3-sample")


@pytest.fixture(scope="module")
def by_name(sample) -> dict[str, dict]:
    return {c["name"]: c for c in _load(sample[0], "cards.yaml")["cards"]}


@needs_all_sets
def test_sample_imports_every_set(sample):
    out, summary = sample
    assert summary["files"] == len(SAMPLE) and summary["sets_imported"] == len(SAMPLE)
    assert list(summary["skipped"]) == []
    assert {s["code"] for s in _load(out, "sets.yaml")["sets"]} == set(SAMPLE)
    assert summary["printings"] == sum(len(c.get("printings", ()))
                                       for c in _load(out, "cards.yaml")["cards"])


@needs_all_sets
def test_meld_cards_have_their_melded_face(by_name):
    for front in ("Bruna, the Fading Light", "Gisela, the Broken Blade"):
        rec = by_name[front]
        assert rec["layout"] == "meld"
        assert [f["name"] for f in rec["faces"]] == ["Brisela, Voice of Nightmares"]
        assert rec["full_name"] == f"{front} // Brisela, Voice of Nightmares"
        assert [p["set"] for p in rec["printings"]] == ["V17"]
    assert "Brisela, Voice of Nightmares" not in by_name       # a face, not a card of its own
    assert by_name["Bruna, the Fading Light"]["printings"][0]["number"] == "5a"


@needs_all_sets
def test_double_faced_card_without_back_in_a_promo_set(sample, by_name):
    chandra = by_name["Chandra, Fire of Kaladesh"]
    assert chandra["layout"] == "transform"
    assert [f["name"] for f in chandra["faces"]] == ["Chandra, Roaring Flame"]   # from ORI
    assert {"ORI", "pPRE", "V17"} == {p["set"] for p in chandra["printings"]}
    notes = [p for p in sample[1]["notes"] if p.card == "Chandra, Fire of Kaladesh"]
    assert notes and notes[0].where == "pPRE.json.xz" and "back face" in notes[0].reason


@needs_all_sets
def test_lea_printing_without_number(by_name):
    lotus = by_name["Black Lotus"]
    assert lotus["id"] == "black-lotus"
    [printing] = lotus["printings"]
    assert printing["set"] == "LEA" and "number" not in printing
    assert isinstance(printing["multiverseid"], int)
    plains = [p for p in by_name["Plains"]["printings"] if p["set"] == "LEA"]
    assert len(plains) >= 2 and len({p["multiverseid"] for p in plains}) == len(plains)


@needs_all_sets
def test_unhinged_cards(by_name):
    blank = by_name["_____"]
    assert blank["id"] and blank["id"] == "low-line-x5"
    assert by_name["Little Girl"]["cmc"] == 0.5
    assert by_name["Gleemax"]["sets"] == ["UNH"]
    ids = [c["id"] for c in by_name.values()]
    assert all(ids) and len(ids) == len(set(ids))


@needs_all_sets
def test_compressed_and_plain_files_give_the_same_output(tmp_path):
    raw = lzma.decompress((ALL_SETS / "V17.json.xz").read_bytes())
    writers = {".json": lambda b: b, ".json.gz": gzip.compress, ".json.bz2": bz2.compress,
               ".json.xz": lzma.compress}
    outputs = []
    for suffix, pack in writers.items():
        folder = tmp_path / suffix.strip(".").replace(".", "-")
        folder.mkdir()
        (folder / f"V17{suffix}").write_bytes(pack(raw))
        mtg.run(folder, tmp_path / f"out{suffix}", progress=False)
        outputs.append([(tmp_path / f"out{suffix}" / n).read_bytes() for n in OUTPUTS])
    assert all(o == outputs[0] for o in outputs[1:])


# --------------------------------------------------------------------------- synthetic files

def _card(name: str, number: str, **extra) -> dict:
    return {"name": name, "number": number, "layout": "normal", "types": ["Instant"],
            "rarity": "Common", "printings": ["TST"], "multiverseid": 1, **extra}


def _set(code: str, cards: list[dict]) -> dict:
    return {"name": f"Set {code}", "code": code, "releaseDate": "2012-01-01",
            "type": "expansion", "cards": [dict(c, printings=[code]) for c in cards]}


def _broken_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "src"
    folder.mkdir()
    bad_card = _card("Broken Card", "2",
                     foreignNames=[{"language": "不是语言", "name": "Chinese Simplified"}])
    data = _set("AAA", [_card("Fine Card", "1"), bad_card])
    (folder / "AAA.json.gz").write_bytes(gzip.compress(json.dumps(data).encode()))
    (folder / "BBB.json.xz").write_bytes(lzma.compress(b'{"code": "BBB", "cards": [')[:-9])
    (folder / "CCC.json").write_text(json.dumps(_set("CCC", [_card("Other Card", "7")])),
                                     encoding="utf-8")
    return folder


def test_skip_report_names_set_card_and_reason(tmp_path):
    summary = mtg.run(_broken_folder(tmp_path), tmp_path / "out", progress=False)
    report = {(p.where, p.card): p.reason for p in summary["skipped"]}
    assert set(report) == {("AAA.json.gz", "Broken Card"), ("BBB.json.xz", None)}
    assert "unknown language" in report[("AAA.json.gz", "Broken Card")]
    assert "cannot read JSON" in report[("BBB.json.xz", None)]
    names = [c["name"] for c in _load(tmp_path / "out", "cards.yaml")["cards"]]
    assert names == ["Fine Card", "Other Card"]
    assert (summary["sets_imported"], summary["cards"], summary["printings"]) == (2, 2, 2)
    text = str(summary["skipped"])                  # how the summary prints it
    assert text.startswith("2\n") and "AAA.json.gz: card 'Broken Card': " in text


def test_cli_exit_codes(tmp_path):
    done = run_cli("cards", "import", "mtg", str(_broken_folder(tmp_path)),
                   "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode()
    assert "skipped: 2" in out and "BBB.json.xz: file skipped: " in out
    assert "cards: 2" in out and "sets_imported: 2" in out
    assert done.stderr.decode() == ""             # not a terminal: no progress line
    junk = tmp_path / "junk"
    junk.mkdir()
    (junk / "XXX.json.xz").write_bytes(b"not xz at all")
    done = run_cli("cards", "import", "mtg", str(junk), "--out", str(tmp_path / "out2"))
    assert done.returncode == 2
    err = done.stderr.decode()
    assert "no cards found" in err and "XXX.json.xz" in err and "Traceback" not in err
    assert not (tmp_path / "out2").exists()


def test_wholly_unreadable_single_file_is_an_error(tmp_path):
    path = tmp_path / "AAA.json.bz2"
    path.write_bytes(b"BZh9 broken")
    with pytest.raises(DataError, match="AAA.json.bz2: cannot read JSON"):
        mtg.run(path, tmp_path / "out", progress=False)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal_only(tmp_path):
    folder = _broken_folder(tmp_path)
    assert mtg.terminal_progress(io.StringIO()) is None         # a pipe or a file: silent
    screen = _Terminal()
    read_source(folder, progress=mtg.terminal_progress(screen))
    lines = screen.getvalue().split("\r")[1:]
    assert [line.split()[2] for line in lines] == ["1/3", "2/3", "3/3"]
    assert screen.getvalue().endswith("\n")


# --------------------------------------------------------------------------- near-collision search

def _every_pair(names: list[str]) -> set[tuple[frozenset, str]]:
    """The exhaustive search the blocked one replaces: every pair scored."""
    from rapidfuzz import fuzz, process
    from rapidfuzz.distance import Levenshtein

    from deckcheck.games.mtg.importing.records import CONFUSABLE_DISTANCE, CONFUSABLE_RATIO
    from deckcheck.matching.normalise import key, spaced

    sp, keys = [spaced(n) for n in names], [key(n) for n in names]
    found = set()
    for forms, scorer, cutoff, via in ((sp, fuzz.ratio, CONFUSABLE_RATIO, "ratio"),
                                       (keys, Levenshtein.distance, CONFUSABLE_DISTANCE,
                                        "levenshtein")):
        for i, form in enumerate(forms):
            for _c, _score, j in process.extract(form, forms, scorer=scorer,
                                                 score_cutoff=cutoff, limit=None):
                if j > i:
                    found.add((frozenset((names[i], names[j])), via))
    return found


def test_near_collision_search_finds_every_pair():
    from deckcheck.games.mtg.importing.records import confusable_pairs
    from deckcheck.resources import data_dir

    # the exhaustive search is quadratic: the names of the six Innistrad-era sets (1.2k) of
    # the shipped pool, not all 21.9k (the full-pool run was checked once: docs/card-data.md)
    six = {"SOM", "MBS", "NPH", "M12", "ISD", "DKA"}
    shipped = [c for c in _load(data_dir("cards") / "mtg", "cards.yaml")["cards"]
               if six & set(c.get("sets") or ())]
    names = [c["name"] for c in shipped] + [f["name"] for c in shipped
                                            for f in c.get("faces", ())]
    # near misses the blocks must not lose: one letter apart, words swapped, short names
    names += ["Delver of Secret", "Secrets of Delver", "Ox", "Oxe", "X", "Brainstorm Ii",
              "Snapcaster Mage Mage", "Lightning Bolt", "Lightening Bolt"]
    names = list(dict.fromkeys(names))
    blocked = {(frozenset(p["names"]), via) for p in confusable_pairs(names) for via in p["via"]
               if via != "prefix"}
    assert blocked == _every_pair(names) and len(blocked) > 40
