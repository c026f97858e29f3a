"""``deckcheck register`` end to end on the 22-player test roster of two games.

The roster (``tests/data/register/roster.csv``) holds Force of Will and MTG players with
legal and illegal lists, a missing, an empty and a binary deck file, a row without a deck,
duplicate player ids (one MTG DCI number in its 7- and 10-digit forms), a DCI number with a
wrong check digit, an empty player id, a list whose ``DCI:`` line contradicts the roster, and
two pairs of players with the same list in different file formats.
"""

from __future__ import annotations

import csv
import io
import json

import pytest

from conftest import ROOT
from deckcheck.registration.run import register

DATA = ROOT / "tests" / "data" / "register"
ROSTER = DATA / "roster.csv"
SPRING = ROOT / "examples" / "register" / "spring-open.yaml"
#: the test rosters' deck paths lead into examples/, outside their folder: allow the repository
DECKS = str(ROOT)

# number: (name, status, first error code or None, organiser codes)
EXPECTED = {
    1: ("Aiko Tanaka", "legal", None, {"REG002"}),
    2: ("Bruno Costa", "legal", None, {"REG002"}),
    3: ("Chloé Martin", "legal", None, set()),
    4: ("Dmitri Volkov", "legal", None, set()),
    5: ("Elena Rossi", "illegal", "FOW101", {"REG001"}),
    6: ("Farid Haddad", "illegal", "FOW109", set()),
    7: ("Grace Liu", "legal", None, {"REG001"}),
    8: ("Hugo Weber", "unreadable", None, {"REG004"}),
    9: ("Ines Silva", "legal", None, set()),
    10: ("Jonas Berg", "illegal", "FOW103", set()),
    11: ("Kenji Mori", "unreadable", None, {"REG004"}),
    12: ("Laura Schmidt", "legal", None, {"REG001", "REG002"}),
    13: ("Marco Bianchi", "legal", None, {"REG001"}),
    14: ("Nadia Petrova", "legal", None, {"REG002"}),
    15: ("O'Brien, Sam", "legal", None, {"REG003"}),
    16: ("Priya Nair", "legal", None, {"REG006"}),
    17: ("Quentin Moreau", "illegal", "MTG101", set()),
    18: ("Rosa Delgado", "illegal", "MTG102", set()),
    19: ("Tomás Novák", "unreadable", None, {"REG004"}),
    20: ("Ulla Jensen", "unreadable", None, {"REG004"}),
    21: ("Victor Okafor", "illegal", "MTG102", set()),
    22: ("Wen Zhou", "illegal", "MTG302", {"REG005"}),
}


@pytest.fixture(scope="module")
def reg():
    return register(str(ROSTER), decks_dir=DECKS)


def test_roster_has_twenty_two_players_of_two_games(reg):
    assert len(reg.players) == 22
    assert {p.game for p in reg.players} == {"fow", "mtg"}
    assert reg.event.name == "Winter Open 2012" and reg.event.date == "2012-02-11"
    assert reg.event.location == "Riverside Community Hall"
    assert reg.event.formats["mtg-standard"]["profile"] == "2012-02-03"


@pytest.mark.parametrize("number", sorted(EXPECTED))
def test_each_player(reg, number):
    name, status, first_error, organiser = EXPECTED[number]
    p = reg.players[number - 1]
    assert p.player.name == name
    assert p.status == status, p.error_text if status != "unreadable" else p.findings
    if first_error:
        assert p.first_findings(1)[0].code == first_error
    assert {f.code for f in p.organiser} == organiser
    assert (p.fingerprint is None) == (status == "unreadable")


def test_totals(reg):
    assert reg.totals() == {"players": 22, "legal": 11, "illegal": 7, "unreadable": 4,
                            "organiser_errors": 9, "organiser_warnings": 2,
                            "organiser_notes": 4, "identical_lists": 2}
    assert reg.by_format() == {
        "fow-classic": {"players": 11, "legal": 6, "illegal": 3, "unreadable": 2},
        "mtg-standard": {"players": 11, "legal": 5, "illegal": 4, "unreadable": 2}}
    assert reg.exit_code == 1


def test_dci_number_in_old_and_new_form_is_one_player(reg):
    laura, marco = reg.players[11], reg.players[12]
    dup = next(f for f in laura.organiser if f.code == "REG001")
    assert dup.severity.value == "error" and "Marco Bianchi" in dup.message
    assert "9051234567" in dup.message and dup.line == laura.player.line == 18


def test_identical_lists_in_other_file_formats_are_notes(reg):
    aiko, bruno = reg.players[0], reg.players[1]
    assert aiko.fingerprint.short == bruno.fingerprint.short         # grimm.txt / grimm.fdk
    note = next(f for f in aiko.organiser if f.code == "REG002")
    assert note.severity.value == "info" and "Bruno Costa" in note.message
    assert reg.players[11].fingerprint.digest == reg.players[13].fingerprint.digest  # txt/.dek
    assert aiko.legal and not aiko.failed(strict=False)


def test_duplicate_id_is_an_error_for_both_rows(reg):
    elena, grace = reg.players[4], reg.players[6]
    for p, other in ((elena, "Grace Liu"), (grace, "Elena Rossi")):
        f = next(f for f in p.organiser if f.code == "REG001")
        assert other in f.message and f.severity.value == "error"
    assert grace.legal and grace.failed(strict=False)      # a legal list, a roster error


def test_check_digit_and_dci_line(reg):
    sam, priya = reg.players[14], reg.players[15]
    f = next(f for f in sam.organiser if f.code == "REG003")
    assert "9051234568" in f.message and "appears invalid" in f.message
    f = next(f for f in priya.organiser if f.code == "REG006")
    assert (f.expected, f.actual) == ("2027654321", "2013141592")
    # FOW ids have no check digit: FOW-0001 is never REG003
    assert not any(f.code == "REG003" for p in reg.players[:11] for f in p.organiser)


@pytest.mark.parametrize("number,needle", [
    (8, "no such file"), (11, "no deck file given"), (19, "binary file"), (20, "empty")])
def test_unreadable_lists_are_a_status_not_a_crash(reg, number, needle):
    p = reg.players[number - 1]
    assert p.status == "unreadable" and needle in p.error_text
    assert p.game == ("fow" if number < 12 else "mtg")    # from the row's format


def test_strict_counts_organiser_warnings(tmp_path):
    deck = ROOT / "examples" / "fow" / "legal" / "grimm.txt"
    roster = tmp_path / "r.csv"
    roster.write_text(f"# Date: 2026-01-01\nname,player id,deck\nA,,{deck}\n", encoding="utf-8")
    assert register(str(roster), format_id="fow-classic", decks_dir=DECKS).exit_code == 0      # REG005 warning
    assert register(str(roster), format_id="fow-classic", strict=True,
                    decks_dir=DECKS).exit_code == 1


# --------------------------------------------------------------------------------- the CLI


def test_help_lists_the_registration_commands(cli):
    out = cli("--help").stdout.decode()
    for command in ("register", "fingerprint", "verify"):
        assert command in out


def test_cli_text_table_and_totals(cli):
    # a wide terminal: one row a player (at 80 columns the rows are stacked)
    r = cli("register", str(ROSTER), "--decks-dir", DECKS, env={"COLUMNS": "200"})
    assert r.returncode == 1, r.stderr.decode()
    out = r.stdout.decode()
    assert r.stderr.decode() == ""
    assert "Event: Winter Open 2012 · 2012-02-11 · Riverside Community Hall" in out
    for number, (name, status, first_error, _) in EXPECTED.items():
        line = next(ln for ln in out.splitlines() if ln.startswith(f"{number} ") and name in ln)
        assert {"legal": "legal", "illegal": "ILLEGAL", "unreadable": "UNREADABLE"}[status] \
            in line
        if first_error:
            assert first_error in line
    assert "Organiser checks" in out and "REG001" in out and "REG003" in out
    assert out.rstrip().endswith(
        "22 players: 11 legal, 7 illegal, 4 unreadable; organiser checks: 9 errors, "
        "2 warnings, 4 notes; 2 lists registered by more than one player.")
    assert "Traceback" not in out


def test_cli_json_contract(cli, tmp_path):
    target = tmp_path / "reg.json"
    r = cli("register", str(ROSTER), "--decks-dir", DECKS, "--output-format", "json",
            "-o", str(target))
    assert r.returncode == 1 and r.stdout == b""
    doc = json.loads(target.read_text(encoding="utf-8"))
    assert doc["version"] == 1 and doc["tool"]["name"] == "deckcheck"
    assert doc["event"]["name"] == "Winter Open 2012" and doc["event"]["date"] == "2012-02-11"
    assert doc["totals"]["players"] == 22 and doc["totals"]["illegal"] == 7
    keys = {"name", "player_id", "deck", "legal", "fingerprint", "findings", "organiser",
            "status", "counts", "list", "line", "format", "game"}
    for p, (number, (name, status, first_error, organiser)) in zip(doc["players"],
                                                                  EXPECTED.items()):
        assert keys <= set(p), p.keys()
        assert p["name"] == name and p["status"] == status
        assert p["legal"] is (status == "legal")
        assert {f["code"] for f in p["organiser"]} == organiser
        if first_error:
            assert first_error in {f["code"] for f in p["findings"]}
        if status == "unreadable":
            assert p["fingerprint"] is None and p["error"]
        else:
            assert len(p["fingerprint"]) == 19 and len(p["fingerprint_sha256"]) == 64
            assert sum(n for n, _ in p["list"]["main"]) == p["counts"]["main"]
    laura = doc["players"][11]
    assert laura["player_id"] == "1234567" and laura["counts"] == {"main": 60, "sideboard": 15}
    assert laura["deck"] == "../../../examples/mtg/delver-dka.txt"


def test_cli_csv(cli):
    r = cli("register", str(ROSTER), "--decks-dir", DECKS, "--output-format", "csv")
    assert r.returncode == 1
    rows = list(csv.DictReader(io.StringIO(r.stdout.decode())))
    assert len(rows) == 22
    assert [row["status"] for row in rows].count("unreadable") == 4
    assert rows[4]["name"] == "Elena Rossi" and rows[4]["first_findings"].startswith("FOW101")
    assert "REG001 error" in rows[4]["organiser"]


def test_cli_html_is_self_contained(cli):
    r = cli("register", str(ROSTER), "--decks-dir", DECKS, "--output-format", "html")
    html = r.stdout.decode()
    assert r.returncode == 1 and html.startswith("<!DOCTYPE html>")
    assert "Content-Security-Policy" in html and "<script" not in html
    assert "http://" not in html and "https://" not in html
    assert html.count('<span class="badge unreadable">') == 4
    assert "O&#x27;Brien, Sam" in html


def test_cli_writes_sheets_next_to_the_report(cli, tmp_path):
    sheets = tmp_path / "sheets.html"
    r = cli("register", str(SPRING), "--sheets", str(sheets), "--paper", "letter")
    assert r.returncode == 0 and "5 players" in r.stdout.decode()
    html = sheets.read_text(encoding="utf-8")
    assert html.count('<section class="sheet') == 5 and "size: letter" in html
    r = cli("register", str(SPRING), "--sheets", str(tmp_path / "no" / "dir" / "s.html"))
    assert r.returncode == 2 and "cannot write" in r.stderr.decode()


def test_clean_roster_exits_0_and_strict_counts_warnings(cli):
    r = cli("register", str(SPRING))
    assert r.returncode == 0, r.stdout.decode() + r.stderr.decode()
    assert "5 players: 5 legal, 0 illegal, 0 unreadable" in r.stdout.decode()
    assert cli("register", str(SPRING), "--strict").returncode == 1   # DCK003 in one list


def test_options_replace_the_roster_header_and_are_noted(cli):
    """The issue's example command, on the example roster whose header says the same."""
    r = cli("register", str(SPRING), "-f", "fow-classic", "--date", "2026-12-05",
            "--event", "Spring Open", "--output-format", "json")
    assert r.returncode == 0, r.stderr.decode()
    doc = json.loads(r.stdout)
    assert doc["event"]["name"] == "Spring Open" and doc["event"]["notes"] == []
    r = cli("register", str(SPRING), "--event", "Autumn Cup", "--location", "Hall 9",
            "-f", "fow-wanderer", "--output-format", "json")
    doc = json.loads(r.stdout)
    assert doc["event"]["name"] == "Autumn Cup" and doc["event"]["location"] == "Hall 9"
    assert {p["format"] for p in doc["players"]} == {"fow-wanderer"}
    assert any("--event Autumn Cup replaces the roster's Event: Spring Open (line 3)" in n
               for n in doc["event"]["notes"])


def test_row_format_wins_over_the_event_format(tmp_path):
    roster = tmp_path / "r.csv"
    deck = ROOT / "examples" / "fow" / "legal" / "grimm.txt"
    roster.write_text(f"name,deck,format\nA,{deck},fow-wanderer\nB,{deck},\n", encoding="utf-8")
    reg = register(str(roster), format_id="fow-classic", date="2026-01-01",
                   decks_dir=DECKS)
    assert [p.format_id for p in reg.players] == ["fow-wanderer", "fow-classic"]
    # same cards, other format: not the same registered list
    assert reg.players[0].fingerprint.digest != reg.players[1].fingerprint.digest


def test_hostile_roster_text_is_escaped_in_html_and_defused_in_csv(cli, tmp_path):
    deck = ROOT / "examples" / "fow" / "legal" / "grimm.txt"
    roster = tmp_path / "r.csv"
    roster.write_text('# Date: 2026-01-01\n# Event: <img src=x onerror=alert(1)>\n'
                      'name,player id,deck,deck name,format\n'
                      f'"<script>alert(1)</script>","=HYPERLINK(""http://x"")",{deck},'
                      '"</title><b>",fow-classic\n', encoding="utf-8")
    html = cli("register", str(roster), "--decks-dir", DECKS, "--output-format", "html").stdout.decode()
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<img" not in html
    out = cli("register", str(roster), "--decks-dir", DECKS, "--output-format", "csv").stdout.decode()
    row = list(csv.DictReader(io.StringIO(out)))[0]
    assert row["player_id"].startswith("'=HYPERLINK")


@pytest.mark.parametrize("content,suffix,needle", [
    ("name,player id\nA,1\n", ".csv", "r.csv:1: no deck column"),
    ("# Date: 2026-01-01\n\nname,deck\nA,a.txt\n,b.txt\n", ".csv", "r.csv:5: this player has no name"),
    ("# Date: 2026-01-01\nname,deck,format\nA,a.txt,fow-nope\n", ".csv", "r.csv:3: 'fow-nope' is not a known format"),
    ("# Date: 2026-13-01\nname,deck\nA,a.txt\n", ".csv", "r.csv:1: Date '2026-13-01' is not a date"),
    ("# Date: 2026-01-01\nname,deck\nA,a.txt,extra\n", ".csv", "r.csv:3: 3 fields but the header has 2"),
    ("# Date: 2026-01-01\nname,deck,Name\n", ".csv", "r.csv:2: columns 'name' and 'Name'"),
    ("date: 2026-01-01\nplayers:\n  - name: [A\n", ".yaml", "r.yaml:"),
    ("date: 2026-01-01\nevnt: X\nplayers: []\n", ".yaml", "r.yaml:2: unknown key 'evnt'"),
    ("date: 2026-01-01\nplayers:\n  - name: A\n    deck: [a, b]\n", ".yaml", "r.yaml:4: expected a single value"),
    ("date: 2026-01-01\nplayers: {name: A}\n", ".yaml", "r.yaml:2: players must be a list"),
    ("name,deck\nA,a.txt\n", ".csv", "no event date: give --date"),
    ("", ".csv", "r.csv: the roster is empty"),
    ("name,deck\n", ".json", "a roster is a .csv"),
])
def test_roster_problems_exit_2_with_file_and_line(cli, tmp_path, content, suffix, needle):
    roster = tmp_path / f"r{suffix}"
    roster.write_text(content, encoding="utf-8")
    r = cli("register", str(roster), cwd=tmp_path)
    err = r.stderr.decode()
    assert r.returncode == 2 and r.stdout == b"", err
    assert needle in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("args,needle", [
    (["--output-format", "sarif"], "--output-format 'sarif': use one of text, json, csv, html"),
    (["--paper", "a5"], "--paper 'a5': use one of a4, letter"),
    (["--date", "tomorrow"], "--date 'tomorrow' is not a date"),
    (["-f", "mtg-nope"], "'mtg-nope' is not a known format"),
])
def test_usage_problems_exit_2(cli, args, needle):
    r = cli("register", str(SPRING), *args)
    assert r.returncode == 2 and needle in r.stderr.decode(), r.stderr.decode()


def test_missing_and_binary_roster_exit_2(cli, tmp_path):
    r = cli("register", str(tmp_path / "nope.csv"))
    assert r.returncode == 2 and "no such roster file" in r.stderr.decode()
    bad = tmp_path / "bin.csv"
    bad.write_bytes(b"name,deck\n\x00\x01\x02\xff" * 10)
    r = cli("register", str(bad))
    assert r.returncode == 2 and "binary" in r.stderr.decode()
    assert "Traceback" not in r.stderr.decode()
