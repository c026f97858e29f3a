"""Magic formats from Forge's format files: the importer on real Forge files (skipped when
../shared is absent) and the shipped profiles on real dates with the shipped six sets."""

from __future__ import annotations

import datetime as _dt

import pytest
import yaml

from conftest import ROOT, SHARED
from deckcheck.api import UsageError, check_text
from deckcheck.formats import load

FORGE = SHARED / "data/mtg/forge/forge-gui/res/formats" if SHARED else None
needs_forge = pytest.mark.skipif(FORGE is None or not FORGE.is_dir(),
                                 reason="../shared/data/mtg/forge (Forge's format files) is absent")
EXAMPLES = ROOT / "examples" / "mtg"
DELVER = (EXAMPLES / "delver-dka.txt").read_text(encoding="utf-8")
FORMATS = ROOT / "formats" / "mtg"


def _sets(fid: str, date: str) -> list[str]:
    return load(fid).for_date(date).get("sets")


# --------------------------------------------------------------------------- reading Forge files

@needs_forge
def test_parse_real_forge_files():
    from deckcheck.games.mtg.importing.forge_formats import parse_forge_file

    dka = parse_forge_file(FORGE / "Archive/Standard/2012-02-03.txt")
    assert dka["Name"] == "Standard (DKA)" and dka["Effective"] == "2012-02-03"
    assert dka["Sets"] == ["SOM", "MBS", "NPH", "M12", "ISD", "DKA"] and "Banned" not in dka
    m12 = parse_forge_file(FORGE / "Archive/Standard/2011-07-01.txt")
    assert m12["Banned"] == ["Jace, the Mind Sculptor", "Stoneforge Mystic"]
    type2 = parse_forge_file(FORGE / "Archive/Standard/1995-01-10.txt")
    assert "Channel" in type2["Restricted"] and type2["RestrictedLegendary"] == "true"
    brawl = parse_forge_file(FORGE / "Casual/Brawl.txt")     # a trailing ';' adds no name
    assert brawl["Banned"][-1] == "Winota, Joiner of Forces" and "" not in brawl["Banned"]


@needs_forge
def test_forge_codes_become_mtgjson_v3_codes():
    from deckcheck.games.mtg.importing.forge_formats import Importer

    imp = Importer(FORGE)
    prof = imp.profile("mtg-modern", FORGE / "Archive/Modern/2012-02-03.txt")
    assert "CON" in prof["sets"] and "CFX" not in prof["sets"]
    assert prof["from"] == _dt.date(2012, 2, 3)
    assert prof["source"] == "Forge Archive/Modern/2012-02-03.txt (Card-Forge/forge 7dfeb79)"
    bfz = imp.profile("mtg-standard", FORGE / "Archive/Standard/2015-10-02.txt")
    assert "FRF_UGIN" in bfz["sets"] and "UGF" not in bfz["sets"]     # Ugin's Fate promos
    undated = imp.profile("mtg-standard", FORGE / "Sanctioned/Standard.txt")
    assert undated["from"] == _dt.date(2025, 9, 26) and "newest set SPM" in undated["source"]


@needs_forge
def test_pauper_rarities_become_the_card_datas_words(tmp_path):
    from deckcheck.carddb.importers.common import DataError
    from deckcheck.games.mtg.importing.forge_formats import Importer

    imp = Importer(FORGE)
    prof = imp.profile("mtg-pauper", FORGE / "Archive/Pauper/2019-05-24.txt")
    assert prof["rarities"] == ["basic", "common"]          # Forge: Rarities:L, C
    profiles = load("mtg-pauper").profiles
    assert len(profiles) > 4
    assert [p["rarities"] for p in profiles] == [["basic", "common"]] * len(profiles)
    assert load("mtg-pauper-commander").data["rarities"] == ["basic", "common"]
    bad = tmp_path / "Archive" / "Pauper" / "2019-05-24.txt"
    bad.parent.mkdir(parents=True)
    bad.write_text("Name:Pauper\nEffective:2019-05-24\nRarities:L, X\n", encoding="utf-8")
    with pytest.raises(DataError, match="unknown rarity letter 'X'"):
        Importer(tmp_path).profile("mtg-pauper", bad)


@needs_forge
def test_the_shipped_formats_are_the_importers_output(tmp_path):
    """Importing ../shared again with the shipped card data reproduces formats/mtg exactly."""
    from deckcheck import carddb
    from deckcheck.games.base import load_game
    from deckcheck.games.mtg.importing import forge_formats

    game = load_game("mtg")
    summary = forge_formats.run(FORGE, tmp_path, carddb.load("mtg", game.match_params))
    assert set(summary) == {p.stem for p in tmp_path.glob("*.yaml")}
    for path in sorted(tmp_path.glob("*.yaml")):
        assert path.read_text("utf-8") == (FORMATS / path.name).read_text("utf-8"), path.name


def test_next_change_before_an_undated_list(tmp_path):
    """Before an undated Forge list (dated by its newest set), a profile with sets changes at
    the first release of a set the list adds; one without sets (its pool is the set
    selector, as the transcribed Legacy profiles) changes at the list's own date: a set
    release alone does not change it."""
    from deckcheck.games.mtg.importing.forge_formats import Importer

    (tmp_path / "Sanctioned").mkdir()
    (tmp_path / "Sanctioned" / "X.txt").write_text("Name:X\nSets:AAA, BBB, CCC\nBanned:Y\n",
                                                   encoding="utf-8")
    data = {"set_codes": {"CFX": "CON"},
            "set_dates": {"AAA": {"date": "2020-01-10"}, "BBB": {"date": "2020-03-10"},
                          "CCC": {"date": "2020-06-10"}},
            "formats": {"x": {"files": ["Sanctioned/X.txt"], "load": "all"}},
            "transcribed": {"x": [
                {"from": "2020-01-10", "name": "X (AAA)", "sets": ["AAA"], "banned": []},
                {"from": "2020-02-01", "name": "X (2020-02-01)", "banned": ["Z"]}]}}
    profs = Importer(tmp_path, data=data).build("x")["profiles"]
    assert [str(p["from"]) for p in profs] == ["2020-01-10", "2020-02-01", "2020-06-10"]
    assert [str(p.get("next_change")) for p in profs] == ["2020-02-01", "2020-06-10", "None"]
    data["transcribed"]["x"][1]["sets"] = ["AAA"]           # with sets: BBB's release counts
    profs = Importer(tmp_path, data=data).build("x")["profiles"]
    assert str(profs[1]["next_change"]) == "2020-03-10"
    # a transcribed undated list (here Forge's CFX code) is one too; its codes are mapped
    data["transcribed"]["x"].append({"from": "2020-09-01", "name": "X (later)", "undated": True,
                                     "sets": ["AAA", "CFX"], "banned": []})
    data["set_dates"]["CON"] = {"date": "2020-08-01"}
    profs = Importer(tmp_path, data=data).build("x")["profiles"]
    assert profs[-1]["sets"] == ["AAA", "CON"] and "undated" not in profs[-1]
    assert str(profs[-2]["next_change"]) == "2020-08-01"    # CON's release, not 2020-09-01


def test_a_broken_forge_file_names_its_line(tmp_path):
    from deckcheck.carddb.importers.common import DataError
    from deckcheck.games.mtg.importing.forge_formats import parse_forge_file

    bad = tmp_path / "x.txt"
    bad.write_text("[format]\nName:X\nthis line has no key\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"x\.txt:3: not a 'Key:value' line"):
        parse_forge_file(bad)


def test_formats_import_of_no_forge_folder_is_a_usage_error(cli, tmp_path):
    r = cli("formats", "import", "mtg", str(tmp_path), "--out", str(tmp_path / "out"))
    assert r.returncode == 2 and "not a Forge formats folder" in r.stderr.decode()
    r = cli("formats", "import", "fow", str(tmp_path))
    assert r.returncode == 2 and "games with a formats importer: mtg" in r.stderr.decode()


# --------------------------------------------------------------------------- real dates

def test_standard_on_real_dates():
    assert _sets("mtg-standard", "2012-02-25") == ["SOM", "MBS", "NPH", "M12", "ISD", "DKA"]
    assert not {"ZEN", "WWK", "ROE", "M11"} & set(_sets("mtg-standard", "2012-02-25"))
    summer = load("mtg-standard").for_date("2011-09-29")         # the day before ISD
    assert "WWK" in summer.get("sets") and "Jace, the Mind Sculptor" in summer.get("banned")
    assert "WWK" not in _sets("mtg-standard", "2011-09-30")      # Worldwake left Standard
    assert _sets("mtg-standard", "1995-01-10") == ["3ED", "DRK", "FEM"]
    assert "Braingeyser" in load("mtg-standard").for_date("1995-02-01").get("restricted")


def test_innistrad_era_lists_check_on_their_dates():
    assert check_text(DELVER, "mtg-standard", "2012-02-25").legal
    zh = (EXAMPLES / "humans-zh-hant.txt").read_text(encoding="utf-8")
    assert check_text(zh, "mtg-standard", "2012-03-10").legal
    dka_card = check_text(DELVER, "mtg-standard", "2012-01-15")      # Thalia is DKA
    assert [f.card for f in dka_card.findings if f.code == "MTG201"] == \
        ["Thalia, Guardian of Thraben"]


def _card_sets() -> set[str]:
    from deckcheck.api import prepare_game
    from deckcheck.games.mtg.model import set_table

    return set(set_table(prepare_game("mtg", None)[1]).codes)


def test_withheld_only_where_the_card_data_has_none_of_the_sets():
    """A `load: checkable` profile is loaded when the card data has at least one of its sets
    (it is checked with those, MTG212 names the rest); only one with none of them is
    withheld, and only after the newest loaded one."""
    have = _card_sets()
    for fid in ("mtg-standard", "mtg-innistrad-block"):
        data = yaml.safe_load((FORMATS / f"{fid}.yaml").read_text("utf-8"))
        for prof in data.get("profiles") or ():
            assert set(prof["sets"]) & have, (fid, prof["from"])
        held = [p for p in (data.get("withheld") or {}).get("profiles") or () if p.get("sets")]
        for prof in held:
            assert not set(prof["sets"]) & have, (fid, prof["from"])
            assert prof["from"] > data["profiles"][-1]["from"]


def test_standard_after_forges_archive_is_transcribed():
    """Forge's Standard archive stops at 2022-04-29; the later states are transcribed
    (forge_formats.yaml): every profile from DMU (2022-09-09) to the Forge file with TLA
    loads, each a day after the previous one's last day, so no date after 2022-04-29 is
    checked against a superseded profile (no MTG206)."""
    data = yaml.safe_load((FORMATS / "mtg-standard.yaml").read_text("utf-8"))
    assert "withheld" not in data
    later = [p for p in data["profiles"] if p["from"] >= _dt.date(2022, 4, 29)]
    assert [p["from"] for p in later][:3] == [_dt.date(2022, 4, 29), _dt.date(2022, 9, 9),
                                               _dt.date(2022, 10, 10)]
    for prof, nxt in zip(later, later[1:]):
        assert prof["next_change"] == nxt["from"], prof["from"]
    assert later[-1]["name"] == "Standard (TLA)" and "next_change" not in later[-1]
    assert data["data_until"] == later[-1]["from"]
    for day in ("2022-05-15", "2023-01-29", "2024-01-15", "2025-10-01"):
        r = check_text(DELVER, "mtg-standard", day)
        assert "MTG206" not in [f.code for f in r.findings], day
    assert check_text(DELVER, "mtg-standard", "2024-01-15").stats["profile"] == "2023-11-17"
    assert check_text(DELVER, "mtg-standard", "2012-06-01").stats["profile"] == "2012-05-04"
    # the rotation of 2022: the SNC profile's ZNR, KHM, STX and AFR are gone on 2022-09-09
    assert {"ZNR", "KHM", "STX", "AFR"} <= set(_sets("mtg-standard", "2022-09-08"))
    assert _sets("mtg-standard", "2022-09-09") == ["MID", "VOW", "NEO", "SNC", "DMU"]


@pytest.mark.parametrize("fid,before,start", [
    ("mtg-standard", "1995-01-09", "1995-01-10"), ("mtg-pioneer", "2019-10-20", "2019-10-21"),
    ("mtg-modern", "2011-08-11", "2011-08-12"), ("mtg-pauper", "2008-12-09", "2008-12-10"),
])
def test_a_date_before_the_format_existed_is_a_usage_error(cli, fid, before, start):
    with pytest.raises(UsageError, match=f"it began on {start}"):
        check_text(DELVER, fid, before)
    deck = EXAMPLES / "delver-dka.txt"
    r = cli("check", "-f", fid, str(deck), "--date", before)
    assert r.returncode == 2 and start in r.stderr.decode() and "Traceback" not in r.stderr.decode()


def test_later_formats_run_and_name_the_missing_sets():
    """A profile naming sets the card data lacks is checked with the sets it has (no usage
    error): MTG212 names the missing ones, once."""
    # SNC and DBL are transcribed from Forge's edition files: Pioneer loads to its newest
    assert check_text(DELVER, "mtg-pioneer", "2022-05-01").stats["profile"] == "2022-04-29"
    assert check_text(DELVER, "mtg-pioneer", "2020-01-01").stats["profile"] == "2019-12-17"
    have = _card_sets()
    for fid, day, code in (("mtg-pioneer", "2022-05-01", "SNC"),
                           ("mtg-modern", "2021-07-01", "MH1"),
                           ("mtg-modern", "2021-07-01", "GK1")):
        r = check_text(DELVER, fid, day)
        warned = [f for f in r.findings if f.code == "MTG212"]
        if code in have:
            assert not any(code in f.message.split() for f in warned)
        else:
            assert len(warned) == 1 and code in warned[0].message


def test_vintage_restricts_and_modern_bans_by_date():
    vintage = load("mtg-vintage")
    assert "Black Lotus" in vintage.for_date("2012-03-01").get("restricted")
    assert "Black Lotus" in vintage.for_date("2025-10-01").get("restricted")
    modern = load("mtg-modern")
    assert "Wild Nacatl" in modern.for_date("2012-02-25").get("banned")
    assert "Wild Nacatl" not in modern.for_date("2014-03-01").get("banned")   # unbanned 2014
    assert "CON" in modern.for_date("2012-02-25").get("sets")


def test_every_dated_format_records_data_until():
    from deckcheck.formats import all_formats

    mtg = {f.id: f for f in all_formats(game="mtg")}
    for fid in ("mtg-standard", "mtg-pioneer", "mtg-modern", "mtg-legacy", "mtg-vintage",
                "mtg-pauper", "mtg-historic", "mtg-innistrad-block", "mtg-premodern",
                "mtg-brawl", "mtg-commander", "mtg-oathbreaker", "mtg-duel-commander",
                "mtg-pauper-commander"):
        assert fid in mtg
        fmt = mtg[fid]
        if fmt.profiles:
            newest = max(p["from"] for p in fmt.profiles)
            until = fmt.data["data_until"]
            until = until.isoformat() if hasattr(until, "isoformat") else str(until)
            assert until >= newest, fid
    assert str(mtg["mtg-modern"].data["data_until"]) == "2025-11-21"     # Forge's list with TLA
    assert str(mtg["mtg-pioneer"].data["data_until"]) == "2025-11-21"
    assert str(mtg["mtg-historic"].data["data_until"]) == "2023-09-08"    # its list with WOE


def test_a_date_between_forges_archive_and_a_later_list_is_warned():
    """A format whose later list is known only as Forge's undated file (dated by its newest
    set; Historic's WOE list after the BRO one): a date between is checked with the profile
    before and MTG206 names the first release after it of a set the later list adds. Pioneer
    and Modern no longer do: each change from 2022-04-29 to TLA is a dated profile
    (test_modern_pioneer_dated.py)."""
    r = check_text(DELVER, "mtg-historic", "2023-06-01")
    assert r.stats["profile"] == "2022-11-18"
    warned = [f.message for f in r.findings if f.code == "MTG206"]
    assert len(warned) == 1 and "changed on 2023-02-10" in warned[0], warned
    for fid, day, profile in (("mtg-pioneer", "2023-06-01", "2023-05-12"),
                              ("mtg-modern", "2024-01-01", "2023-12-04")):
        r = check_text(DELVER, fid, day)
        assert r.stats["profile"] == profile
        assert not [f for f in r.findings if f.code == "MTG206"], fid
        assert check_text(DELVER, fid, "2025-11-21").stats["profile"] == "2025-11-21"


def test_commander_loads_its_ban_list_with_the_full_pool():
    """Commander's ban list is dated (tests/games/mtg/test_commander_dated.py); Forge's
    undated Casual/Commander.txt is kept under withheld: as the list of 2017-04-24."""
    data = yaml.safe_load((FORMATS / "mtg-commander.yaml").read_text("utf-8"))
    assert data["banned"] == [] and "lists_source" not in data
    forge = data["withheld"]["profiles"][0]
    assert forge["source"].startswith("Forge Casual/Commander.txt")
    assert {"Black Lotus", "Trade Secrets"} <= set(forge["banned"])   # Forge: "Trace Secrets"
    assert "Trace Secrets" not in forge["banned"]
    text = (ROOT / "tests/cases/_decks/mtg/commander-olivia.txt").read_text(encoding="utf-8")
    assert check_text(text, "mtg-commander").legal


def test_transcribed_legacy_and_vintage_profiles_on_their_dates():
    """The Forge archive files read one by one (forge_formats.yaml `transcribed:`) are the
    profiles of their dates: GP Birmingham 2018 Legacy is checked with DOM's list (Deathrite
    Shaman still legal, Sensei's Divining Top banned), the 2015 Vintage Championship with
    V15's (Trinisphere restricted, Chalice of the Void not yet)."""
    legacy = load("mtg-legacy").for_date("2018-05-11")
    assert legacy.profile["name"] == "Legacy (DOM)"
    assert "Sensei's Divining Top" in legacy.get("banned")
    assert "Deathrite Shaman" not in legacy.get("banned")
    vintage = load("mtg-vintage").for_date("2015-08-23")
    assert vintage.profile["name"] == "Vintage (V15)"
    assert "Trinisphere" in vintage.get("restricted")
    assert "Chalice of the Void" not in vintage.get("restricted")
    assert load("mtg-vintage").for_date("2015-08-20").profile["name"] == "Vintage (FRF)"
    assert load("mtg-vintage").for_date("2015-01-22").profile["name"] == "Vintage (CNS)"


@needs_forge
def test_commander_ban_list_loads_once_the_card_data_has_its_cards():
    """With card data that holds every listed card (a stand-in that finds any name), the
    importer writes every transcribed dated list of Commander (checked by MTG202 in every
    zone, the command zone too: tests/cases/MTG202.yaml) and keeps Forge's undated
    Casual/Commander.txt under withheld:, since the date it began is not in the file."""
    from deckcheck.games.mtg.importing.forge_formats import Importer

    class EveryCard:
        tables = {"sets": {"sets": []}}
        source = "every card"

        def find(self, name):
            return name

    out = Importer(FORGE, EveryCard()).build("mtg-commander")
    assert out["profiles"][0]["from"].isoformat() == out["started"]["date"].isoformat()
    newest = out["profiles"][-1]
    assert "Black Lotus" in newest["banned"] and "Griselbrand" in newest["banned"]
    held = out["withheld"]["profiles"]
    assert len(held) == 1 and held[0]["source"].startswith("Forge Casual/Commander.txt")
    assert out["commander_types"] == ["Creature"]


def test_standard_g18_and_the_ferocidon_unban_are_transcribed():
    """Two Archive/Standard files ../shared lacks (2018-11-16, 2019-08-30): the Gift Pack
    joins on its day, and Rampaging Ferocidon is banned until 2019-08-29 only."""
    assert "G18" not in _sets("mtg-standard", "2018-11-15")
    assert "G18" in _sets("mtg-standard", "2018-11-16")
    assert load("mtg-standard").for_date("2018-10-05").profile["next_change"] == "2018-11-16"
    deck = "Deck\n4 Rampaging Ferocidon\n56 Mountain\n"
    codes = {day: {f.code for f in check_text(deck, "mtg-standard", day).findings
                   if f.card == "Rampaging Ferocidon"}
             for day in ("2019-08-29", "2019-08-30")}
    assert "MTG202" in codes["2019-08-29"] and "MTG202" not in codes["2019-08-30"], codes
