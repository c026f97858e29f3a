"""Magic formats end to end: dated Standard profiles, the JSON ``stats`` of the profile in force,
exit codes, the later formats that need imported data, and `cards import mtgjson` into the
user data folder (mtg.md §1, §8.1, §8.2).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import ROOT
from deckcheck.api import Options, UsageError, check_file, check_text

EXAMPLES = ROOT / "examples" / "mtg"
DELVER = (EXAMPLES / "delver-dka.txt").read_text(encoding="utf-8")
SIX = ["SOM", "MBS", "NPH", "M12", "ISD", "DKA"]


def _json(r) -> dict:
    return json.loads(r.stdout.decode("utf-8"))["results"][0]


# --------------------------------------------------------------------------- profiles and dates

@pytest.mark.parametrize("date,profile,sets", [
    (None, "2012-02-03", SIX), ("2012-02-03", "2012-02-03", SIX),   # None: the list's Date:
    ("2012-02-02", "2011-09-30", SIX[:5]), ("2011-09-30", "2011-09-30", SIX[:5]),
    ("2012-06-01", "2012-05-04", SIX + ["AVR"]),
])
def test_profile_in_force(date, profile, sets):
    result = check_text(DELVER, date=date)
    assert result.stats["profile"] == profile
    assert result.stats["legal_sets"] == sets
    assert result.stats["sideboard_rule"] == "0-or-15"
    assert result.stats["card_data"] == "mtgjson3 a89db5e"
    assert result.stats["event_date"] == (date or "2012-02-25")


def test_stats_of_the_reference_list():
    stats = check_text(DELVER).stats
    assert stats["profile_name"] == "Standard (DKA)" and stats["next_change"] == "2012-05-04"
    assert stats["main_by_type"] == {"creatures": 16, "other_spells": 18, "lands": 26}
    assert stats["mana_curve"] == {"1": 13, "2": 14, "3": 7}


def test_sideboard_rule_by_event_date():
    assert check_text(DELVER, date="2013-07-12").stats["sideboard_rule"] == "0-or-15"
    assert check_text(DELVER, date="2013-07-13").stats["sideboard_rule"] == "up-to-15"


def test_date_before_every_profile_is_a_usage_error(cli):
    """Standard began with Type 2's announcement, the day of Forge's first Type 2 file
    (1995-01-10); before it, exit 2 with the day and its source."""
    with pytest.raises(UsageError, match="it began on 1995-01-10"):
        check_text(DELVER, date="1995-01-09")
    r = cli("check", str(EXAMPLES / "delver-dka.txt"), "--date", "1994-06-01")
    assert r.returncode == 2
    err = r.stderr.decode()
    assert "1995-01-10" in err and "timeline-of-magic-gathering-standard" in err
    assert "Traceback" not in err


def test_a_profile_whose_sets_are_missing_is_checked_and_names_them(cli):
    """Legacy of 2022-11-18 names sets no shipped source has (MB1, SLD …): the list is checked
    with the sets the data has, and MTG212 (a warning) names the missing sets, not the ones
    transcribed from Forge's edition files (the Guild Kits, UMA) nor the banned Gitaxian Probe (a
    card the data has). Modern of 2021-06-18 names the Guild Kits too, which the data now has:
    no MTG212 there."""
    r = cli("check", str(EXAMPLES / "delver-dka.txt"), "-f", "mtg-legacy", "--date", "2023-01-01",
            "--output-format", "json")
    assert r.returncode == 1 and b"Traceback" not in r.stderr      # Gitaxian Probe is banned
    res = _json(r)
    assert res["stats"]["profile"] == "2022-11-18"
    gaps = [f for f in res["findings"] if f["code"] == "MTG212"]
    assert len(gaps) == 1 and gaps[0]["severity"] == "warning"
    assert all(code in gaps[0]["message"].split() for code in ("MB1", "SLD"))
    assert not any(code in gaps[0]["message"].split() for code in ("GK1", "GK2", "UMA", "MH1"))
    assert "Gitaxian Probe" not in gaps[0]["message"]
    assert {f["code"] for f in res["findings"]} >= {"MTG202", "MTG212"}
    r = cli("check", str(EXAMPLES / "delver-dka.txt"), "-f", "mtg-modern", "--date", "2021-07-01",
            "--output-format", "json")
    res = _json(r)
    assert res["stats"]["profile"] == "2021-06-18"
    assert "MTG212" not in {f["code"] for f in res["findings"]}
    assert "MTG202" in {f["code"] for f in res["findings"]}         # Ponder is banned


def test_json_through_the_cli(cli):
    """The list's own Date: 2012-02-25 picks the profile; --date wins over it."""
    r = cli("check", str(EXAMPLES / "delver-dka.txt"), "--output-format", "json")
    assert r.returncode == 0
    res = _json(r)
    assert res["legal"] and res["counts"] == {"main": 60, "sideboard": 15}
    assert res["stats"]["profile"] == "2012-02-03"
    assert res["stats"]["profile_name"] == "Standard (DKA)"
    assert res["stats"]["legal_sets"] == SIX
    r = cli("check", str(EXAMPLES / "delver-dka.txt"), "--date", "2012-02-02",
            "--output-format", "json")
    assert r.returncode == 1
    res = _json(r)
    assert res["stats"]["profile"] == "2011-09-30"
    assert [(f["code"], f["card"]) for f in res["findings"]] == \
        [("MTG201", "Thalia, Guardian of Thraben"), ("MTG408", None)]   # --date != Date:


def test_report_sections_in_text_output(cli):
    r = cli("check", str(EXAMPLES / "delver-dka.txt"), "--show-info")   # the full report
    out = r.stdout.decode()
    for title in ("Main deck: creatures (16)", "Main deck: other spells (18)",
                  "Main deck: lands (26)", "Mana value curve", "Sideboard (15)"):
        assert title in out


def test_behaviour_of_issue_5():
    """The issue's list of behaviour that must hold."""
    assert check_text(DELVER, date="2012-02-03").legal
    jace = check_text(DELVER.replace("4 Ponder", "4 Jace, the Mind Sculptor"), date="2012-02-03")
    assert not jace.legal
    codes = {f.code for f in jace.findings}
    assert "MTG201" in codes and not codes & {"DCK002", "MTG202", "DCK017", "MTG102"}
    why = next(f for f in jace.findings if f.code == "MTG201")
    assert "Jace, the Mind Sculptor" in why.message and "WWK" in why.message
    cathar = "4 Loyal Cathar\n"
    assert [f.code for f in check_text(cathar, "mtg-standard", "2011-12-01").findings
            if f.code == "MTG201"] == ["MTG201"]
    assert not [f for f in check_text(cathar, "mtg-standard", "2012-02-03").findings
                if f.code == "MTG201"]
    volleys = check_text(DELVER.replace("3 Vapor Snag", "3 Brimstone Volley")
                         .replace("2 Negate", "2 Brimstone Volley"))
    f = next(f for f in volleys.findings if f.code == "MTG102")
    assert f.card == "Brimstone Volley" and "3 main + 2 sideboard" in f.message
    plains = check_file(EXAMPLES / "mono-white-24-plains.txt", Options())
    assert plains.legal
    assert not check_text(DELVER.replace("11 Island", "10 Island")).legal
    assert not check_text(DELVER.replace("1 Divine Offering\n", "")).legal
    three = check_text(DELVER.replace("4 Delver of Secrets",
                                      "2 Delver of Secrets\n1 Insectile Aberration\n"
                                      "1 Delver of Secrets // Insectile Aberration"))
    assert three.legal
    assert {e.card.name for e in three.deck.entries[:3]} == {"Delver of Secrets"}
    for a, b in (("Peace Strider", "Pierce Strider"), ("Pierce Strider", "Peace Strider")):
        r = check_text(f"4 {a}\n", "mtg-limited")
        assert r.deck.entries[0].card.name == a


def test_limited_ignores_date_and_checks_no_sets():
    text = (EXAMPLES / "sealed-dka.txt").read_text(encoding="utf-8")
    r = check_text(text, date="2011-01-01")
    assert r.legal and r.counts == {"main": 40, "sideboard": 45}
    assert [f.code for f in r.findings] == ["MTG208"]
    assert r.stats["legal_sets"] == "any" and r.stats["sideboard_rule"] is None


# --------------------------------------------------------------------------- format listing

def test_formats_listing(cli):
    r = cli("formats", "mtg")
    out = r.stdout.decode()
    for fid in ("mtg-standard", "mtg-innistrad-block", "mtg-limited", "mtg-modern",
                "mtg-legacy", "mtg-vintage", "mtg-commander"):
        assert fid in out
    assert "mtg-constructed" not in out
    r = cli("formats", "show", "mtg-standard", "--date", "2012-02-25")
    assert "2012-02-03" in r.stdout.decode() and "SOM MBS NPH M12 ISD DKA" in r.stdout.decode()
    r = cli("check", "-f", "mtg-constructed", str(EXAMPLES / "delver-dka.txt"))
    assert r.returncode == 2 and "abstract" in r.stderr.decode()


@pytest.mark.parametrize("fmt,found", [
    ("mtg-modern", [("MTG202", "Ponder"), ("MTG202", "Mental Misstep")]),
    ("mtg-legacy", [("MTG202", "Mental Misstep")]),
    ("mtg-vintage", [("MTG103", "Ponder")]),
])
def test_later_formats_check_with_the_full_pool(fmt, found):
    """With every v3 set shipped, Modern, Legacy and Vintage of 2012 load and check."""
    r = check_text(DELVER, fmt, "2012-02-25")
    assert [(f.code, f.card) for f in r.findings if f.severity.value == "error"] == found


def test_commander_works_with_shipped_data():
    text = (ROOT / "tests/cases/_decks/mtg/commander-olivia.txt").read_text(encoding="utf-8")
    r = check_text(text, "mtg-commander")
    assert r.legal and r.counts == {"commander": 1, "main": 99}


# --------------------------------------------------------------------------- user-imported data

MODERN = ["8ED", "MRD", "DST", "5DN", "CHK", "BOK", "SOK", "9ED", "RAV", "GPT", "DIS", "CSP",
          "TSP", "TSB", "PLC", "FUT", "10E", "LRW", "MOR", "SHM", "EVE", "ALA", "CON", "ARB",
          "M10", "ZEN", "WWK", "ROE", "DPA", "M11"]


def _v5(name, number, code, **extra):
    card = {"name": name, "number": str(number), "layout": "normal", "rarity": "common",
            "setCode": code, "uuid": f"{code}-{number}", "types": ["Creature"], "supertypes": [],
            "subtypes": [], "colors": ["W"], "colorIdentity": ["W"], "manaValue": 1.0,
            "printings": [code], "identifiers": {}, "foreignData": []}
    card.update(extra)
    return card


def _set(code, name, released, cards, kind="expansion"):
    return {"code": code, "name": name, "releaseDate": released, "type": kind, "cards": cards}


def _allprintings(tmp: Path) -> Path:
    """A synthetic MTGJSON v5 AllPrintings: AVR with a new card and an Island reprint, one
    stand-in card per older Modern set, and the Modern banned cards (test facts only)."""
    from deckcheck.formats import load

    banned = load("mtg-modern").for_date("2012-02-25").profile["banned"]
    data = {"AVR": _set("AVR", "Avacyn Restored", "2012-05-04", [
        _v5("Test Angel of Restoration", 1, "AVR"),
        _v5("Island", 232, "AVR", types=["Land"], supertypes=["Basic"], subtypes=["Island"],
            colors=[], colorIdentity=["U"], manaValue=0.0)])}
    for i, code in enumerate(MODERN):
        cards = [_v5(f"Test Card {code}", 1, code)]
        if code == "ZEN":
            cards += [_v5(n, 10 + j, code) for j, n in enumerate(banned)
                      if n not in ("Ponder", "Mental Misstep")]
        data[code] = _set(code, f"Test Set {code}", f"2003-{(i % 12) + 1:02d}-01", cards)
    data["LEA"] = _set("LEA", "Limited Edition Alpha", "1993-08-05",
                       [_v5("Test Card LEA", 1, "LEA")], kind="core")
    path = tmp / "AllPrintings.json"
    path.write_text(json.dumps({"meta": {"version": "5.2.2+test", "date": "2024-01-01"},
                                "data": data}), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def user_data(tmp_path_factory):
    from conftest import run_cli

    tmp = tmp_path_factory.mktemp("mtg-user")
    env = {"DECKCHECK_DATA_DIR": str(tmp / "data"), "DECKCHECK_CACHE_DIR": str(tmp / "cache")}
    r = run_cli("cards", "import", "mtgjson", str(_allprintings(tmp)), env=env)
    assert r.returncode == 0, r.stderr.decode()
    fmt_dir = tmp / "data" / "formats" / "mtg"
    fmt_dir.mkdir(parents=True)
    (fmt_dir / "my-standard-avr.yaml").write_text(
        "id: my-standard-avr\ngame: mtg\nextends: mtg-standard\nprofiles:\n"
        "  - {from: 2012-02-03, name: Standard (DKA), sets: [SOM, MBS, NPH, M12, ISD, DKA]}\n"
        "  - {from: 2012-05-04, name: Standard (AVR), sets: [SOM, MBS, NPH, M12, ISD, DKA, AVR]}\n",
        encoding="utf-8")
    return tmp, env


def test_import_keeps_the_shipped_printings(user_data):
    from deckcheck.carddb import jsonform

    tmp, _env = user_data
    folder = tmp / "data" / "cards" / "mtg"
    cards = {c["name"]: c for c in jsonform.loads((folder / "cards.yaml").read_text("utf-8"))
             ["cards"]}
    island = cards["Island"]["sets"]
    assert {"LEA", "SOM", "ISD", "AVR", "GRN", "NEO"} <= set(island)    # shipped + imported
    assert island.index("SOM") < island.index("AVR") < island.index("GRN")   # by date
    assert "ISD" in cards["Delver of Secrets"]["sets"]            # shipped-only cards kept
    assert cards["Oko, Thief of Crowns"]["unknown"]               # and the edition records
    assert cards["Island"]["names"]["zh-Hant"]
    sets = jsonform.loads((folder / "sets.yaml").read_text("utf-8"))
    codes = [s["code"] for s in sets["sets"]]
    assert {"AVR", "SOM", "DKA", "LEA", "CON"} <= set(codes)
    assert sets["card_data"] == "mtgjson5 5.2.2+test 2024-01-01 + mtgjson3 a89db5e"


def test_user_profile_with_imported_set(user_data, cli):
    tmp, env = user_data
    deck = tmp / "avr.txt"
    deck.write_text(DELVER.replace("Format: mtg-standard", "Format: my-standard-avr")
                    .replace("2 Phantasmal Image", "2 Test Angel of Restoration"), "utf-8")
    r = cli("check", str(deck), "--date", "2012-06-01", "--output-format", "json", env=env)
    res = _json(r)
    assert r.returncode == 0, res["findings"]
    assert res["stats"]["profile"] == "2012-05-04" and "AVR" in res["stats"]["legal_sets"]
    r = cli("check", str(deck), "--date", "2012-04-01", "--output-format", "json", env=env)
    res = _json(r)
    assert r.returncode == 1
    assert [(f["code"], f["card"]) for f in res["findings"]] == \
        [("MTG201", "Test Angel of Restoration"), ("MTG408", None)]   # --date != its Date:


def test_modern_works_after_import(user_data, cli):
    tmp, env = user_data
    deck = tmp / "modern.txt"
    deck.write_text("Format: mtg-modern\n4 Ponder\n4 Test Card ZEN\n4 Test Card LEA\n"
                    "48 Island\n", "utf-8")
    r = cli("check", str(deck), "--date", "2012-02-25", "--output-format", "json", env=env)
    assert r.returncode == 1, r.stderr.decode()
    res = _json(r)
    got = sorted((f["code"], f["card"]) for f in res["findings"])
    assert got == [("MTG201", "Test Card LEA"), ("MTG202", "Ponder")]
    assert res["stats"]["profile"] == "2012-02-03"


def test_chinese_collision_and_cjk_typo_messages():
    """§8.3 C13 and C16: 屠戮亞龍 names two cards; a one-character CJK typo is never guessed."""
    zh = (ROOT / "tests/cases/_decks/mtg/humans-zh-hant.txt").read_text(encoding="utf-8")
    r = check_text(zh.replace("10 山脈", "10 山脈\n2 屠戮亞龍\n4 黑陽當空\n4 黑陽當室"),
                   "mtg-limited")
    amb = next(f for f in r.findings if f.code == "DCK004")
    assert "Carnage Wurm (M12)" in amb.message and "Massacre Wurm (MBS M21" in amb.message
    unknown = next(f for f in r.findings if f.code == "DCK002")
    assert '"黑陽當室"' in unknown.message and "Black Sun's Zenith" in unknown.message
    zenith = next(e for e in r.deck.entries if e.name == "黑陽當空")
    assert (zenith.card.name, zenith.match) == ("Black Sun's Zenith", "foreign")
    assert {e.match for e in r.deck.entries if e.card is not None} == {"foreign"}


def test_import_mtg_with_a_users_file_goes_to_the_user_folder(tmp_path):
    from conftest import ROOT, run_cli

    shipped = {p: p.stat().st_mtime_ns for p in (ROOT / "cards" / "mtg").glob("*")}
    env = {"DECKCHECK_DATA_DIR": str(tmp_path / "data"),
           "DECKCHECK_CACHE_DIR": str(tmp_path / "cache")}
    r = run_cli("cards", "import", "mtg", str(_allprintings(tmp_path)), env=env)
    assert r.returncode == 0, r.stderr.decode()
    assert str(tmp_path / "data" / "cards" / "mtg") in r.stdout.decode()
    assert any((tmp_path / "data" / "cards" / "mtg").iterdir())
    assert {p: p.stat().st_mtime_ns for p in (ROOT / "cards" / "mtg").glob("*")} == shipped
