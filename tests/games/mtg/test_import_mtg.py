"""Tests of the Magic: The Gathering importer and of the generated ``cards/mtg/`` files.

The data tests (mtg.md §4.2, §3.3, §3.6, §3.7, §8.5) read the shipped files and need nothing
else. Tests that run the importer on the public MTGJSON v3 files skip when ``../shared`` is
absent; the v3 and v5 fixture tests build their own small synthetic files.
"""

from __future__ import annotations

import json
import unicodedata
from collections import Counter
from pathlib import Path

import pytest
import yaml

from deckcheck.carddb import jsonform
from deckcheck.games.mtg import importer as mtg
from deckcheck.games.mtg.importing.mtgjson import _v3_faces
from deckcheck.games.mtg.importing.rows import _deck_limit, slug
from deckcheck.carddb.importers.common import DataError
from deckcheck.matching.normalise import key, to_simplified
from deckcheck.resources import data_dir, shared_dir

CARDS_DIR = data_dir("cards") / "mtg"
SHARED = shared_dir()
V3_DIR = SHARED / "data" / "mtg" / "mtgjson3" / "json" if SHARED else None
needs_shared = pytest.mark.skipif(
    SHARED is None, reason="../shared (the public MTGJSON v3 files) is absent")

SETS = ["SOM", "MBS", "NPH", "M12", "ISD", "DKA"]
BASICS = {"Plains", "Island", "Swamp", "Mountain", "Forest"}


def _load(name: str, folder: Path = CARDS_DIR):
    with (folder / name).open(encoding="utf-8") as fh:
        return jsonform.loads(fh.read())


@pytest.fixture(scope="module")
def six_dir(tmp_path_factory) -> Path:
    """The six sets of ../shared/data/mtg/mtgjson3 imported on their own: the facts of
    mtg.md §4.2–§3.7 below are those of the six-set import (the shipped data is the whole
    pool; its own tests are test_reimport_is_byte_identical and test_shipped_*)."""
    if SHARED is None:
        pytest.skip("../shared (the public MTGJSON v3 files) is absent")
    out = tmp_path_factory.mktemp("six-sets")
    mtg.run(V3_DIR, out, progress=False)
    return out


@pytest.fixture(scope="module")
def shipped() -> list[dict]:
    return _load("cards.yaml")["cards"]


@pytest.fixture(scope="module")
def cards(six_dir) -> list[dict]:
    return _load("cards.yaml", six_dir)["cards"]


@pytest.fixture(scope="module")
def by_name(cards) -> dict[str, dict]:
    return {c["name"]: c for c in cards}


@pytest.fixture(scope="module")
def sets_table(six_dir) -> dict:
    return _load("sets.yaml", six_dir)


@pytest.fixture(scope="module")
def confusables(six_dir) -> dict:
    return _load("confusables.yaml", six_dir)


def _faces(cards):
    """(card, face) pairs: the record itself, then each other face."""
    for c in cards:
        yield c, c
        for f in c.get("faces", ()):
            yield c, f


# --------------------------------------------------------------------------- counts (§4.2)

def test_names_cards_and_dfcs(cards):
    names = [f["name"] for _c, f in _faces(cards)]
    assert len(names) == len(set(names)) == 1210
    assert len(cards) == 1177
    dfcs = [c for c in cards if c.get("layout") == "transform"]
    assert len(dfcs) == 33
    assert Counter(c["sets"][0] for c in dfcs) == {"ISD": 20, "DKA": 13}
    assert {c.get("layout") for c in cards} == {"normal", "transform"}
    for c in dfcs:
        assert len(c["faces"]) == 1
        assert c["full_name"] == f"{c['name']} // {c['faces'][0]['name']}"
        assert c["aliases"] == [c["full_name"]]


def test_per_set_counts(cards, sets_table):
    expected = {  # code: (objects, names, cards, DFCs)
        "SOM": (249, 234, 234, 0), "MBS": (155, 150, 150, 0), "NPH": (175, 170, 170, 0),
        "M12": (249, 234, 234, 0), "ISD": (284, 274, 254, 20), "DKA": (171, 171, 158, 13)}
    table = {s["code"]: s for s in sets_table["sets"]}
    assert list(table) == SETS
    for code, (objects, names, ncards, dfcs) in expected.items():
        s = table[code]
        assert (s["object_count"], s["name_count"], s["card_count"]) == (objects, names, ncards)
        assert len(s.get("double_faced", [])) == dfcs
        in_set = [c for c in cards if code in c["sets"]]
        assert len(in_set) == ncards
        assert len(in_set) + sum(len(c.get("faces", ())) for c in in_set) == names


def test_set_facts(sets_table):
    table = {s["code"]: s for s in sets_table["sets"]}
    assert sets_table["card_data"] == "mtgjson3 a89db5e"
    assert {c: s["released"] for c, s in table.items()} == {
        "SOM": "2010-10-01", "MBS": "2011-02-04", "NPH": "2011-05-13", "M12": "2011-07-15",
        "ISD": "2011-09-30", "DKA": "2012-02-03"}
    assert table["M12"]["type"] == "core" and "block" not in table["M12"]
    assert table["DKA"]["block"] == "Innistrad" and table["SOM"]["block"] == "Scars of Mirrodin"
    assert table["DKA"]["name"] == "Dark Ascension"
    assert {c: (s["names"]["zh-Hans"], s["names"]["zh-Hant"]) for c, s in table.items()} == {
        "SOM": ("秘罗地创痕", "秘羅地創痕"), "MBS": ("围攻秘罗地", "圍攻秘羅地"),
        "NPH": ("新非瑞克西亚", "新非瑞克西亞"), "M12": ("核心系列2012", "魔法風雲會2012"),
        "ISD": ("依尼翠", "依尼翠"), "DKA": ("黑影笼罩", "黑影籠罩")}


def test_dka_rarities(cards):
    rarities = Counter(p["rarity"] for c in cards for p in c.get("printings", ())
                       if p["set"] == "DKA")
    assert rarities == {"common": 64, "uncommon": 44, "rare": 38, "mythic": 12}


def test_basics_and_reprints(cards):
    basics = {c["name"]: c for c in cards if c.get("is_basic")}
    assert set(basics) == BASICS
    assert all("Basic" in c["supertypes"] for c in basics.values())
    assert [c["name"] for c in cards if "Basic" in c.get("supertypes", ())] == \
        sorted(basics, key=lambda n: slug(n))
    reprints = {c["name"]: c["sets"] for c in cards if len(c["sets"]) > 1}
    assert reprints == {**{b: ["SOM", "MBS", "NPH", "M12", "ISD"] for b in BASICS},
                        "Divination": ["M12", "DKA"], "Fling": ["M12", "DKA"],
                        "Naturalize": ["M12", "ISD"]}


def test_no_deck_limit_and_no_text(shipped):
    cards = shipped
    allowed = {"id", "name", "full_name", "aliases", "names", "layout", "types", "supertypes",
               "subtypes", "is_basic", "mana_cost", "cmc", "colors", "color_identity", "faces",
               "sets", "printed_in", "printings", "deck_limit", "unknown", "source",
               "commander", "partner", "partner_with", "choose_background"}
    limits = {c["name"]: c["deck_limit"] for c in cards if "deck_limit" in c}
    assert limits["Relentless Rats"] == limits["Shadowborn Apostle"] == "any"
    assert limits["Rat Colony"] == "any" and set(limits.values()) == {"any"}
    by_name = {c["name"]: c for c in cards}             # later ones: the fact is unknown
    for later in ("Persistent Petitioners", "Seven Dwarves", "Dragon's Approach"):
        assert "deck_limit" in by_name[later]["unknown"], later
    for c in cards:
        assert set(c) <= allowed, c["name"]
        for f in c.get("faces", ()):
            assert set(f) <= {"id", "name", "names", "types", "supertypes", "subtypes",
                              "mana_cost", "colors", "printings"}
        if "unknown" in c:                      # a Forge edition record: name, sets, rarity
            assert set(c) <= {"id", "name", "faces", "sets", "printed_in", "printings",
                              "unknown", "source"}, c["name"]
    text = (CARDS_DIR / "cards.yaml").read_text(encoding="utf-8")
    for word in ("legalities", "flavor", "rulings", "originalText", '"text"'):
        assert word not in text


def test_deck_limit_from_text():
    assert _deck_limit("A deck can have any number of cards named Relentless Rats.") == "any"
    assert _deck_limit("A deck can have up to seven cards named Seven Dwarves.") == 7
    assert _deck_limit("Flying") is None


# --------------------------------------------------------------------------- record shape

def test_dfc_records(by_name):
    delver = by_name["Delver of Secrets"]
    assert delver["id"] == "delver-of-secrets"
    assert delver["layout"] == "transform"
    assert delver["names"] == {"zh-Hans": ["掘密师"], "zh-Hant": ["掘密師"]}
    back = delver["faces"][0]
    assert back["name"] == "Insectile Aberration" and back["id"] == "insectile-aberration"
    assert back["names"] == {"zh-Hans": ["昆虫变体"], "zh-Hant": ["昆蟲變體"]}
    assert back["colors"] == ["U"] and "mana_cost" not in back
    assert delver["printings"] == [{"set": "ISD", "number": "51a", "number_base": "51",
                                    "rarity": "common", "multiverseid": 226749}]
    assert back["printings"][0]["number"] == "51b"
    assert "V17" in delver["printed_in"] and delver["sets"] == ["ISD"]
    elbrus = by_name["Elbrus, the Binding Blade"]
    assert "colors" not in elbrus and elbrus["color_identity"] == ["B"]
    assert elbrus["faces"][0]["supertypes"] == ["Legendary"]
    assert elbrus["faces"][0]["types"] == ["Creature"]
    chalice = by_name["Chalice of Life"]
    assert "colors" not in chalice and "colors" not in chalice["faces"][0]
    assert by_name["Plains"]["cmc"] == 0 and "mana_cost" not in by_name["Plains"]


def test_dfc_lists(cards, sets_table):
    def dfcs(code):
        return [(c["name"], c["faces"][0]["name"],
                 next(p["number_base"] for p in c["printings"] if p["set"] == code))
                for c in cards if c.get("layout") == "transform" and code in c["sets"]]

    assert sorted(dfcs("DKA"), key=lambda t: int(t[2])) == [
        ("Loyal Cathar", "Unhallowed Cathar", "13"), ("Soul Seizer", "Ghastly Haunting", "50"),
        ("Chosen of Markov", "Markov's Servant", "55"),
        ("Ravenous Demon", "Archdemon of Greed", "71"),
        ("Afflicted Deserter", "Werewolf Ransacker", "81"),
        ("Hinterland Hermit", "Hinterland Scourge", "94"),
        ("Mondronen Shaman", "Tovolar's Magehunter", "98"),
        ("Lambholt Elder", "Silverpelt Werewolf", "122"),
        ("Scorned Villager", "Moonscarred Werewolf", "125"),
        ("Wolfbitten Captive", "Krallenhorde Killer", "133"),
        ("Huntmaster of the Fells", "Ravager of the Fells", "140"),
        ("Chalice of Life", "Chalice of Death", "146"),
        ("Elbrus, the Binding Blade", "Withengar Unbound", "147")]
    isd = dfcs("ISD")
    assert len(isd) == 20
    assert {("Delver of Secrets", "Insectile Aberration", "51"),
            ("Garruk Relentless", "Garruk, the Veil-Cursed", "181"),
            ("Mayor of Avabruck", "Howlpack Alpha", "193")} <= set(isd)
    table = {s["code"]: s for s in sets_table["sets"]}
    assert table["DKA"]["double_faced"] == [t[0] for t in sorted(dfcs("DKA"),
                                                                 key=lambda t: int(t[2]))]
    assert sorted(table["ISD"]["double_faced"]) == sorted(t[0] for t in isd)


def test_ids_sorted_and_unique(cards):
    ids = [c["id"] for c in cards]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    assert {c["id"] for c in cards if c["name"] == "Séance"} == {"seance"}


# --------------------------------------------------------------------------- names (§3.1, §3.6)

def test_normalised_keys_unique(cards):
    names = [f["name"] for _c, f in _faces(cards)]
    assert len({key(n) for n in names}) == 1210
    assert [n for n in names if not n.isascii()] == ["Séance"]


def test_every_name_has_chinese(cards, by_name):
    for _c, f in _faces(cards):
        assert len(f["names"]["zh-Hans"]) == 1 and len(f["names"]["zh-Hant"]) == 1, f["name"]
        for n in f["names"]["zh-Hans"] + f["names"]["zh-Hant"]:
            assert all(0x4E00 <= ord(ch) <= 0x9FFF for ch in n), n
    # SOM's Plains has no zh-Hans entry; the name comes from the other printings
    assert by_name["Plains"]["names"] == {"zh-Hans": ["平原"], "zh-Hant": ["平原"]}


def test_chinese_collisions(cards, confusables):
    def owners(fold):
        out: dict[str, set[str]] = {}
        for c, f in _faces(cards):
            for n in f["names"]["zh-Hans"] + f["names"]["zh-Hant"]:
                out.setdefault(fold(n), set()).add(c["name"])
        return {k: v for k, v in out.items() if len(v) > 1}

    wurms = {"Massacre Wurm", "Carnage Wurm"}
    raw = owners(lambda n: unicodedata.normalize("NFKC", n))
    assert raw == {"屠戮亞龍": wurms, "屠戮亚龙": wurms}
    assert owners(key) == {"屠戮亚龙": wurms}          # the T->S fold adds no collision
    hans = {n: c["name"] for c, f in _faces(cards) for n in f["names"]["zh-Hans"]}
    hant = {n: c["name"] for c, f in _faces(cards) for n in f["names"]["zh-Hant"]}
    assert all(hans[n] == hant[n] for n in set(hans) & set(hant))  # no cross-script clash
    assert confusables["collisions"] == [
        {"key": "屠戮亚龙", "names": ["屠戮亚龙", "屠戮亞龍"], "cards": sorted(wurms)}]


def test_script_facts(cards):
    pairs = [(f["name"], f["names"]["zh-Hant"][0], f["names"]["zh-Hans"][0])
             for _c, f in _faces(cards)]
    assert sum(1 for _n, t, s in pairs if t == s) == 205
    unfolded = {n for n, t, s in pairs if to_simplified(t) != s}
    assert len(unfolded) == 16
    assert {"Skinrender", "Zombie Apocalypse", "Hollowhenge Spirit", "Manabarbs",
            "Lux Cannon", "Nim Deathmantle", "Nephalia Drownyard"} <= unfolded


# --------------------------------------------------------------------------- confusables (§3.7)

def test_confusable_pairs(confusables):
    pairs = {tuple(p["names"]): p for p in confusables["pairs"]}
    assert len(pairs) == 39
    assert len(confusables["groups"]) == 25
    assert pairs[("Black Sun's Zenith", "Blue Sun's Zenith")]["ratio"] == 84.8
    assert pairs[("Green Sun's Zenith", "Red Sun's Zenith")]["ratio"] == 87.5
    assert pairs[("Chancellor of the Annex", "Chancellor of the Tangle")]["ratio"] == 89.4
    assert pairs[("Peace Strider", "Pierce Strider")]["ratio"] == 88.9
    assert pairs[("Peace Strider", "Pierce Strider")]["levenshtein"] == 2
    assert pairs[("Phyrexian Digester", "Phyrexian Ingester")]["ratio"] == 94.4
    assert pairs[("Auriok Replica", "Moriok Replica")]["levenshtein"] == 2
    assert pairs[("Arrest", "Forest")]["via"] == ["levenshtein"]
    assert pairs[("Dross Hopper", "Dross Ripper")]["levenshtein"] == 2
    for pair in [("Flight", "Flight Spellbomb"), ("Glint Hawk", "Glint Hawk Idol"),
                 ("Kessig Wolf", "Kessig Wolf Run")]:
        assert "prefix" in pairs[pair]["via"]
    groups = {tuple(g) for g in confusables["groups"]}
    assert tuple(f"{c} Sun's Zenith" for c in ("Black", "Blue", "Green", "Red", "White")) \
        in groups
    assert tuple(f"Chancellor of the {w}" for w in ("Annex", "Dross", "Forge", "Spires",
                                                     "Tangle")) in groups
    assert tuple(f"Phyrexian {w}" for w in ("Crusader", "Hydra", "Rager", "Rebirth",
                                             "Revoker")) in groups
    assert ("Auriok Replica", "Moriok Replica", "Neurok Replica") in groups
    assert ("Niblis of the Breath", "Niblis of the Mist", "Niblis of the Urn") in groups
    assert sum(1 for g in groups if len(g) == 2) == 20


# --------------------------------------------------------------------------- importer runs

ALL_DIR = SHARED / "data" / "mtg" / "mtgjson3-all" / "json" if SHARED else None
EDITIONS = SHARED / "data" / "mtg" / "forge" / "forge-gui" / "res" / "editions" if SHARED else None


@needs_shared
@pytest.mark.shared
def test_reimport_is_byte_identical(tmp_path):
    """The shipped cards/mtg is the whole v3 folder plus Forge's edition files, reproducibly."""
    if not ALL_DIR.is_dir() or not EDITIONS.is_dir():
        pytest.skip("needs ../shared/data/mtg/mtgjson3-all and Forge's edition files")
    summary = mtg.run(ALL_DIR, tmp_path, editions=EDITIONS, progress=False)
    for name in ("cards.yaml", "sets.yaml", "confusables.yaml"):
        assert (tmp_path / name).read_bytes() == (CARDS_DIR / name).read_bytes(), name

    def undated(p):
        return [ln for ln in p.read_text(encoding="utf-8").splitlines()
                if not ln.startswith("Generated by")]

    assert undated(tmp_path / "SOURCES.md") == undated(CARDS_DIR / "SOURCES.md")
    assert summary["cards"] == 29967 and summary["names"] == 30346 and summary["dfcs"] == 104
    assert summary["sets_imported"] == 229 and list(summary["skipped"]) == []
    # 14 edition files of ../shared and 103 transcribed (data/forge_editions.yaml), VOW in both
    assert sum(summary["editions"].values()) == 11426 and len(summary["editions"]) == 116
    six = {c: (s["names"], s["cards"]) for c, s in summary["sets"].items() if c in SETS}
    assert six == {"SOM": (234, 234), "MBS": (150, 150), "NPH": (170, 170), "M12": (234, 234),
                   "ISD": (274, 254), "DKA": (171, 158)}
    assert summary["sets"]["SOM"]["zh_hans"] == 233          # the Plains gap
    assert all(summary["sets"][c]["with_chinese"] == summary["sets"][c]["names"] for c in SETS)


def test_sources_md():
    text = (CARDS_DIR / "SOURCES.md").read_text(encoding="utf-8")
    assert "a89db5e54be98b1a82bef348cf51f6ff316958b7" in text and "CC0" in text
    assert "Wizards of the Coast" in text and "Importer version" in text
    assert text.count("| MTGJSON v3 set file |") == 230
    assert "| Forge edition file (ELD, 2019-10-04) | Card-Forge/forge | " \
           "forge-gui/res/editions/Throne of Eldraine.txt | " \
           "280c5c76986c496d548303948c6fe13c82ba8b28 |" in text
    assert "Cards per source: mtgjson3 18541 cards from 229 sets; Forge edition files " \
           "11426 new names; 29967 cards in all." in text


@needs_shared
@pytest.mark.shared
def test_single_v3_set_file(tmp_path):
    summary = mtg.run(V3_DIR / "DKA.json", tmp_path)
    assert (summary["cards"], summary["names"], summary["dfcs"]) == (158, 171, 13)
    assert [s["code"] for s in _load("sets.yaml", tmp_path)["sets"]] == ["DKA"]


# --------------------------------------------------------------------------- v3 fixtures

def _v3_card(name, number, **extra):
    card = {"name": name, "number": number, "layout": "normal", "rarity": "Common",
            "types": ["Instant"], "manaCost": "{1}{W}", "cmc": 2, "colors": ["White"],
            "colorIdentity": ["W"], "multiverseid": 1000 + int(number.rstrip("ab")),
            "printings": ["TST"],
            "foreignNames": [
                {"language": "Chinese Simplified", "name": "测试" + number, "multiverseid": 1},
                {"language": "Chinese Traditional", "name": "測試" + number, "multiverseid": 2}]}
    card.update(extra)
    return card


def _v3_set(cards, code="TST"):
    return {"name": "Test Set", "code": code, "releaseDate": "2012-01-01",
            "type": "expansion", "translations": {"cn": "测试", "tw": "测试"}, "cards": cards}


def _write(path: Path, data) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_swapped_foreign_names_skip_the_card(tmp_path):
    swapped = _v3_card("Archangel's Light", "2")
    swapped["foreignNames"] = [{"name": "Chinese Traditional", "language": "大天使恩光",
                                "multiverseid": 3}]
    later = _v3_card("Later Card", "3")
    src = _write(tmp_path / "DKA.json", _v3_set([_v3_card("Good Card", "1"), swapped, later]))
    for source in (src, tmp_path):                                   # the file and its folder
        summary = mtg.run(source, tmp_path / "out")
        assert [(p.where, p.card) for p in summary["skipped"]] == [
            ("DKA.json", "Archangel's Light")]
        assert "unknown language" in summary["skipped"][0].reason
        names = [c["name"] for c in _load("cards.yaml", tmp_path / "out")["cards"]]
        assert names == ["Good Card", "Later Card"]
        assert "Skipped on import: DKA.json: card \"Archangel's Light\"" in \
            (tmp_path / "out" / "SOURCES.md").read_text(encoding="utf-8")
    # strict use of the reader (no problem list) still raises, naming the file and card
    with pytest.raises(DataError, match="DKA.json.*Archangel's Light"):
        _v3_faces(_v3_set([swapped]), "DKA.json")


class _NoLegalities(dict):
    """A card object that fails the test if ``legalities`` is looked at."""

    def _guard(self, k):
        assert k != "legalities", "the importer read `legalities`"

    def __getitem__(self, k):
        self._guard(k)
        return super().__getitem__(k)

    def get(self, k, default=None):
        self._guard(k)
        return super().get(k, default)

    def __contains__(self, k):
        self._guard(k)
        return super().__contains__(k)


def test_legalities_not_read(tmp_path):
    card = _v3_card("Ponder", "1", legalities=[{"format": "Modern", "legality": "Banned"}])
    rows = _v3_faces(_v3_set([_NoLegalities(card)]), "TST.json")
    assert [r.name for r in rows] == ["Ponder"]
    # a file whose `legalities` is garbage imports the same as one without the field
    with_junk = _v3_card("Ponder", "1", legalities="not even a list")
    mtg.run(_write(tmp_path / "A.json", _v3_set([with_junk])), tmp_path / "a")
    mtg.run(_write(tmp_path / "B.json", _v3_set([_v3_card("Ponder", "1")])), tmp_path / "b")
    assert (tmp_path / "a" / "cards.yaml").read_bytes() == \
        (tmp_path / "b" / "cards.yaml").read_bytes()


def test_v3_split_card_and_missing_back(tmp_path):
    fire = _v3_card("Fire", "128a", layout="split", names=["Fire", "Ice"])
    ice = _v3_card("Ice", "128b", layout="split", names=["Fire", "Ice"])
    mtg.run(_write(tmp_path / "TST.json", _v3_set([fire, ice])), tmp_path / "out")
    rec = _load("cards.yaml", tmp_path / "out")["cards"][0]
    assert rec["id"] == "fire-ice" and rec["name"] == "Fire // Ice" and rec["layout"] == "split"
    assert [f["name"] for f in rec["faces"]] == ["Fire", "Ice"]
    assert rec["faces"][1]["names"] == {"zh-Hans": ["测试128b"], "zh-Hant": ["測試128b"]}
    front = _v3_card("Lonely Front", "5a", layout="double-faced",
                     names=["Lonely Front", "Missing Back"])
    summary = mtg.run(_write(tmp_path / "BAD.json", _v3_set([front])), tmp_path / "bad")
    assert [c["name"] for c in _load("cards.yaml", tmp_path / "bad")["cards"]] == \
        ["Lonely Front"]                                # imported, and said so
    assert {p.card for p in summary["notes"]} == {"Lonely Front"}
    assert any("back face is in no imported set" in p.reason for p in summary["notes"])
    with pytest.raises(DataError, match="Lonely Front"):    # strict use still refuses it
        _v3_faces(_v3_set([front]), "BAD.json")


def test_not_card_data_rejected(tmp_path):
    with pytest.raises(DataError, match="X.json"):
        mtg.run(_write(tmp_path / "X.json", {"hello": 1}), tmp_path / "out")


# --------------------------------------------------------------------------- v5 fixtures

def _v5_card(name, number, **extra):
    card = {"name": name, "number": number, "layout": "normal", "rarity": "common",
            "setCode": "ISD", "uuid": f"uuid-{name}-{number}", "types": ["Creature"],
            "supertypes": [], "subtypes": [], "colors": [], "colorIdentity": [],
            "manaValue": 0.0, "printings": ["ISD"], "identifiers": {},
            "legalities": {"standard": "Banned"}, "text": "Flying",
            "foreignData": []}
    card.update(extra)
    return card


def _zh(hans, hant, face_hans=None, face_hant=None):
    out = [{"language": "Chinese Simplified", "name": hans},
           {"language": "Chinese Traditional", "name": hant},
           {"language": "German", "name": "Irgendwas"}]
    if face_hans:
        out[0]["faceName"], out[1]["faceName"] = face_hans, face_hant
    return out


V5_CARDS = [
    _v5_card("Delver of Secrets // Insectile Aberration", "51", faceName="Delver of Secrets",
             side="a", layout="transform", subtypes=["Human", "Wizard"], manaCost="{U}",
             manaValue=1.0, colors=["U"], colorIdentity=["U"], printings=["ISD", "V17"],
             identifiers={"multiverseId": "226749"},
             foreignData=_zh("掘密师 // 昆虫变体", "掘密師 // 昆蟲變體", "掘密师", "掘密師")),
    _v5_card("Delver of Secrets // Insectile Aberration", "51", faceName="Insectile Aberration",
             side="b", layout="transform", subtypes=["Human", "Insect"], manaValue=1.0,
             colors=["U"], colorIndicator=["U"], colorIdentity=["U"], printings=["ISD", "V17"],
             identifiers={"multiverseId": "226755"},
             foreignData=_zh("掘密师 // 昆虫变体", "掘密師 // 昆蟲變體", "昆虫变体", "昆蟲變體")),
    _v5_card("Fire // Ice", "128", faceName="Fire", side="a", layout="split",
             types=["Instant"], manaCost="{1}{R}", manaValue=4.0, colors=["R"],
             colorIdentity=["R", "U"], rarity="uncommon", foreignData=_zh("火 // 冰", "火 // 冰")),
    _v5_card("Fire // Ice", "128", faceName="Ice", side="b", layout="split",
             types=["Instant"], manaCost="{1}{U}", manaValue=4.0, colors=["U"],
             colorIdentity=["R", "U"], rarity="uncommon", foreignData=_zh("火 // 冰", "火 // 冰")),
    _v5_card("Plains", "250", types=["Land"], supertypes=["Basic"], subtypes=["Plains"],
             colorIdentity=["W"], foreignData=_zh("平原", "平原")),
    _v5_card("Plains", "251", types=["Land"], supertypes=["Basic"], subtypes=["Plains"],
             colorIdentity=["W"]),
    _v5_card("Seven Dwarves", "180", subtypes=["Dwarf"], manaCost="{1}{R}", manaValue=2.0,
             colors=["R"], colorIdentity=["R"], hasAlternativeDeckLimit=True,
             text="A deck can have up to seven cards named Seven Dwarves."),
    _v5_card("Delver of Secrets", "1", layout="art_series"),
    _v5_card("Bruna, the Fading Light // Brisela, Voice of Nightmares", "15a", layout="meld",
             faceName="Bruna, the Fading Light", side="a", rarity="rare"),
    _v5_card("Gisela, the Broken Blade // Brisela, Voice of Nightmares", "28a", layout="meld",
             faceName="Gisela, the Broken Blade", side="a", rarity="mythic"),
    _v5_card("Brisela, Voice of Nightmares", "15b", layout="meld",
             faceName="Brisela, Voice of Nightmares", side="b", rarity="mythic"),
]


def _v5_allprintings():
    return {"meta": {"version": "5.2.2+test", "date": "2024-01-01"},
            "data": {"ISD": {"code": "ISD", "name": "Innistrad", "releaseDate": "2011-09-30",
                             "type": "expansion", "block": "Innistrad",
                             "translations": {"Chinese Simplified": "依尼翠",
                                              "Chinese Traditional": "依尼翠"},
                             "cards": V5_CARDS}}}


def test_v5_allprintings(tmp_path, by_name):
    summary = mtg.run(_write(tmp_path / "AllPrintings.json", _v5_allprintings()),
                      tmp_path / "out")
    assert summary["source"] == "mtgjson5" and summary["cards"] == 6
    recs = {c["name"]: c for c in _load("cards.yaml", tmp_path / "out")["cards"]}
    assert set(recs) == {"Delver of Secrets", "Fire // Ice", "Plains", "Seven Dwarves",
                         "Bruna, the Fading Light", "Gisela, the Broken Blade"}
    for front in ("Bruna, the Fading Light", "Gisela, the Broken Blade"):  # melded back face
        assert [f["name"] for f in recs[front]["faces"]] == ["Brisela, Voice of Nightmares"]
        assert recs[front]["aliases"] == [f"{front} // Brisela, Voice of Nightmares"]
    assert summary["collisions"] == ["briselavoiceofnightmares"]
    delver = recs["Delver of Secrets"]
    # the same record shape as the v3 import, apart from the printing details
    v3 = by_name["Delver of Secrets"]
    skip = {"printings", "sets", "printed_in", "faces"}
    assert {k: v for k, v in delver.items() if k not in skip} == \
        {k: v for k, v in v3.items() if k not in skip}
    assert {k: v for k, v in delver["faces"][0].items() if k != "printings"} == \
        {k: v for k, v in v3["faces"][0].items() if k != "printings"}
    assert delver["printings"] == [{"set": "ISD", "number": "51", "number_base": "51",
                                    "rarity": "common", "multiverseid": 226749}]
    assert delver["printed_in"] == ["ISD", "V17"]
    fire = recs["Fire // Ice"]
    assert fire["id"] == "fire-ice" and fire["layout"] == "split" and "aliases" not in fire
    assert [f["name"] for f in fire["faces"]] == ["Fire", "Ice"]
    assert fire["faces"][1]["names"] == {"zh-Hans": ["冰"], "zh-Hant": ["冰"]}
    plains = recs["Plains"]
    assert plains["is_basic"] and plains["cmc"] == 0
    assert [p["number"] for p in plains["printings"]] == ["250", "251"]
    assert recs["Seven Dwarves"]["deck_limit"] == 7
    assert set(delver) <= set(by_name["Delver of Secrets"])
    sets = _load("sets.yaml", tmp_path / "out")
    assert sets["card_data"] == "mtgjson5 5.2.2+test 2024-01-01"
    assert sets["sets"][0]["double_faced"] == ["Delver of Secrets"]
    assert "legalit" not in (tmp_path / "out" / "cards.yaml").read_text(encoding="utf-8")


def test_v5_atomic_with_setlist(tmp_path):
    atomic: dict[str, list] = {}
    for card in V5_CARDS:
        card = {k: v for k, v in card.items()
                if k not in ("number", "rarity", "setCode", "uuid", "identifiers")}
        atomic.setdefault(card["name"], []).append(card)
    atomic["Plains"] = atomic["Plains"][:1]
    folder = tmp_path / "v5"
    folder.mkdir()
    _write(folder / "AtomicCards.json", {"meta": {"version": "5.2.2"}, "data": atomic})
    _write(folder / "SetList.json", {"data": [
        {"code": "ISD", "name": "Innistrad", "releaseDate": "2011-09-30", "type": "expansion"},
        {"code": "V17", "name": "From the Vault: Transform", "releaseDate": "2017-11-24",
         "type": "from_the_vault"}]})
    summary = mtg.run(folder / "AtomicCards.json", tmp_path / "out")
    assert summary["source"] == "mtgjson5-atomic" and summary["cards"] == 6
    recs = {c["name"]: c for c in _load("cards.yaml", tmp_path / "out")["cards"]}
    delver = recs["Delver of Secrets"]
    assert delver["sets"] == ["ISD", "V17"] and "printings" not in delver
    assert delver["faces"][0]["name"] == "Insectile Aberration"
    assert delver["names"]["zh-Hant"] == ["掘密師"]
    sets = _load("sets.yaml", tmp_path / "out")["sets"]
    assert [(s["code"], s["name"]) for s in sets] == [
        ("ISD", "Innistrad"), ("V17", "From the Vault: Transform")]


def test_v5_swapped_foreign_data_skips_the_card(tmp_path):
    data = _v5_allprintings()
    bad = dict(V5_CARDS[6], foreignData=[{"language": "七矮人", "name": "Chinese Traditional"}])
    data["data"]["ISD"]["cards"] = [V5_CARDS[4], bad]
    summary = mtg.run(_write(tmp_path / "AllPrintings.json", data), tmp_path / "out")
    [problem] = summary["skipped"]
    assert problem.where.startswith("AllPrintings.json") and problem.card == "Seven Dwarves"
    assert "keys swapped" in problem.reason
    names = {c["name"] for c in _load("cards.yaml", tmp_path / "out")["cards"]}
    assert "Seven Dwarves" not in names and names
