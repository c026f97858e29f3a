"""What a first-time user meets: the spellings of --date, --lang and other everyday inputs
are read or refused with the fix spelt out, and big runs stay within their bounds."""

from __future__ import annotations

import pytest

from conftest import ROOT

from deckcheck.api import UsageError, validate_date

GRIMM = ROOT / "examples" / "fow" / "legal" / "grimm.txt"


@pytest.mark.parametrize("written, iso", [
    ("2012-02-25", "2012-02-25"), ("2012/2/25", "2012-02-25"), ("2012.02.25", "2012-02-25"),
    ("2012年2月25日", "2012-02-25"), (" 2012/02/05 ", "2012-02-05"),
])
def test_date_takes_the_spellings_of_a_lists_date_line(written, iso):
    assert validate_date(written) == iso


@pytest.mark.parametrize("written, hint", [
    ("25/02/2012", "write YYYY-MM-DD: --date 2012-02-25"),     # only day first is a date
    ("02/25/2012", "write YYYY-MM-DD: --date 2012-02-25"),     # only month first is
    ("03/02/2012", "--date 2012-02-03 or --date 2012-03-02, whichever is meant"),
    ("2012-02-30", "e.g. --date 2012-02-03"),
    ("tomorrow", "e.g. --date 2012-02-03"),
])
def test_an_unreadable_date_says_how_to_write_the_one_meant(written, hint):
    with pytest.raises(UsageError) as err:
        validate_date(written)
    assert str(err.value).startswith(f"--date {written!r} is not a date; write YYYY-MM-DD: ")
    assert str(err.value).endswith(hint)


def test_cli_date_in_slashes_checks_as_the_iso_date(cli):
    slashes = cli("check", str(GRIMM), "--date", "2019/1/1", "--output-format", "json")
    iso = cli("check", str(GRIMM), "--date", "2019-01-01", "--output-format", "json")
    assert slashes.returncode == iso.returncode == 0
    assert slashes.stdout == iso.stdout and b'"date": "2019-01-01"' in iso.stdout
    bad = cli("check", str(GRIMM), "--date", "31.12.2018")
    assert bad.returncode == 2 and b"Traceback" not in bad.stderr
    assert "--date 2018-12-31" in bad.stderr.decode()


def _folder_of_lists(tmp_path, n):
    d = tmp_path / "lists"
    d.mkdir()
    text = GRIMM.read_text(encoding="utf-8")
    for i in range(n):
        (d / f"d{i:03d}.txt").write_text(text.replace("4 Gretel", f"{i % 5} Gretel"),
                                         encoding="utf-8")
    return d


def test_the_text_report_of_a_folder_holds_no_result_once_it_is_printed(tmp_path,
                                                                      monkeypatch):
    """An organiser's folder of lists: the text report is written deck by deck, so the
    results alive at any time stay a handful (counted objects, not a clock)."""
    import gc

    from deckcheck import cli
    from deckcheck.models import DeckResult

    d = _folder_of_lists(tmp_path, 40)
    most, pieces = 0, []

    def counting_write(chunks, output):
        nonlocal most
        for i, piece in enumerate(chunks):
            pieces.append(piece)
            if i % 8 == 7:
                most = max(most, sum(1 for o in gc.get_objects() if type(o) is DeckResult))

    monkeypatch.setattr(cli, "_write_chunks", counting_write)
    assert cli._run(["check", str(d), "--no-config", "-f", "fow-classic"]) == 1
    assert "40 decks checked" in "".join(pieces)
    assert len(pieces) > 40 // 8 and most <= 3


def test_a_run_where_nothing_could_be_checked_prints_one_line_per_problem(cli, tmp_path):
    d = tmp_path / "bad"
    d.mkdir()
    for name in ("a.txt", "b.txt"):
        (d / name).write_bytes(b"\x00\x01 not text")
    r = cli("check", str(d / "a.txt"), str(d / "b.txt"), "--no-config", "-f", "fow-classic")
    assert r.returncode == 2 and r.stdout == b""
    lines = r.stderr.decode().splitlines()
    assert len(lines) == 2 and all(line.startswith("deckcheck: error: ") for line in lines)
    assert "binary file" in lines[0] and "a.txt" in lines[0] and "b.txt" in lines[1]


@pytest.mark.parametrize("columns", ["80", "72"])
def test_register_table_keeps_ids_and_fingerprints_whole_on_a_narrow_terminal(cli, columns):
    roster = ROOT / "examples" / "register" / "spring-open.yaml"
    table = cli("register", str(roster), "--no-config", env={"COLUMNS": columns})
    js = cli("register", str(roster), "--no-config", "--output-format", "json")
    assert table.returncode == js.returncode == 0
    import json

    players = json.loads(js.stdout)["players"]
    text = table.stdout.decode()
    assert len(players) == 5
    for p in players:
        assert p["fingerprint"] in text and p["player_id"] in text
    from deckcheck.reporting.table import text_width

    assert max(text_width(line) for line in text.splitlines()) <= int(columns)


def test_a_file_include_matches_that_is_no_deck_says_how_to_exclude_it(cli, tmp_path):
    """A deck repository's folder also holds a roster and a README: the roster, matched by
    include:, is an error that names the pattern to add to exclude:."""
    repo = tmp_path / "repo"
    (repo / "decks" / "fow").mkdir(parents=True)
    (repo / ".git").mkdir()
    (repo / ".deckcheck.yaml").write_text(
        'include: ["decks/**"]\nformats:\n  - {path: "decks/fow/**", format: fow-classic}\n',
        encoding="utf-8")
    (repo / "decks" / "fow" / "grimm.txt").write_bytes(GRIMM.read_bytes())
    (repo / "decks" / "players.csv").write_text("name,deck\nAiko Tanaka,fow/grimm.txt\n",
                                               encoding="utf-8")
    (repo / "decks" / "README.md").write_text("# Our decks\n\nOne list per file.\n",
                                             encoding="utf-8")
    r = cli("check", ".", "--output-format", "concise", cwd=repo)
    assert r.returncode == 2 and b"Traceback" not in r.stderr
    lines = [x for x in r.stdout.decode().splitlines() if "players.csv" in x]
    assert len(lines) == 1 and lines[0].startswith("decks/players.csv: error: not a deck list")
    assert 'add it to exclude: there (e.g. exclude: ["decks/players.csv"])' in lines[0]
    assert "README" not in r.stdout.decode()
    (repo / ".deckcheck.yaml").write_text(
        'include: ["decks/**"]\nexclude: ["decks/players.csv"]\nformats:\n'
        '  - {path: "decks/fow/**", format: fow-classic}\n', encoding="utf-8")
    assert cli("check", ".", cwd=repo).returncode == 0


def _hostile(tmp_path):
    d = tmp_path / "hostile"
    d.mkdir()
    (d / "latin.txt").write_bytes(b"Format: fow-classic\n4 Gretel\n4 Caf\xc3\x28 \x80\x80\n")
    (d / "bom.txt").write_bytes(b"\xef\xbb\xbf4 Gretel\n\xff\n")
    (d / "nul.txt").write_bytes(b"4 Gretel\n4 Tinker\x00Bell\n")
    (d / "a.txt").symlink_to("b.txt")
    (d / "b.txt").symlink_to("a.txt")
    return d


@pytest.mark.parametrize("name, says", [
    ("latin.txt", "latin.txt: not valid UTF-8 (line 3, byte 34) nor GB18030, Big5 or "
                  "Windows-1252 text; save the list as UTF-8"),
    ("bom.txt", "bom.txt: starts with a UTF-8 byte-order mark but is not valid UTF-8 "
                "(line 2, byte 12); save the list as UTF-8"),
    ("nul.txt", "nul.txt: binary file (NUL byte at line 2, byte 17); deck lists are plain"),
    ("a.txt", "a.txt: cannot read: a symbolic link that leads round in a loop (or through "
              "too many links); point the link at the deck file, or name the file itself"),
])
def test_a_hostile_file_is_one_message_with_its_line_and_the_fix(cli, tmp_path, name, says):
    d = _hostile(tmp_path)
    r = cli("check", name, "-f", "fow-classic", "--no-config", cwd=d)
    assert r.returncode == 2 and r.stdout == b""
    assert r.stderr.decode().splitlines() == [f"deckcheck: error: {says}" + (
        " text" if name == "nul.txt" else "")]


@pytest.mark.parametrize("given, lang", [
    ("zh-Hans", "zh-Hans"), ("zh-CN", "zh-Hans"), ("zh_cn", "zh-Hans"), ("zh-TW", "zh-Hant"),
    ("zh_HK.UTF-8", "zh-Hant"), ("zh-hant", "zh-Hant"), ("en-GB", "en"), ("EN", "en"),
])
def test_lang_takes_locale_spellings(given, lang):
    from deckcheck.cli_base import _lang

    assert _lang(given) == lang


@pytest.mark.parametrize("given, says", [
    ("zh", "say which script, zh-Hans (Simplified Chinese) or zh-Hant"),
    ("fr", "use one of en, zh-Hans, zh-Hant"),
])
def test_lang_refuses_what_it_cannot_write_with_the_choices(cli, given, says):
    r = cli("check", str(GRIMM), "--lang", given)
    assert r.returncode == 2 and b"Traceback" not in r.stderr
    assert r.stderr.decode().strip() == f"deckcheck: error: --lang {given!r}: {says}" + (
        " (Traditional Chinese)" if given == "zh" else "")


def test_lang_zh_tw_writes_traditional_chinese(cli):
    a = cli("check", str(GRIMM), "--lang", "zh-TW")
    b = cli("check", str(GRIMM), "--lang", "zh-Hant")
    assert a.returncode == b.returncode == 0 and a.stdout == b.stdout
    assert "合法" in a.stdout.decode()


def test_quiet_help_says_what_quiet_leaves_out(cli):
    text = " ".join(cli("check", "--help", env={"COLUMNS": "200"}).stdout.decode().split())
    assert ("-q, --quiet Text: list only the decks with errors or warnings, with those "
            "findings, and no summary.") in text
    quiet = cli("check", str(GRIMM), "-q")
    assert quiet.returncode == 0 and quiet.stdout == b""   # a legal deck: nothing to list
