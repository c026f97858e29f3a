"""The command line through the real console entry point: exit codes, messages, outputs."""

from __future__ import annotations

import json

import pytest

import deckcheck
from conftest import ROOT

GRIMM = (ROOT / "tests" / "cases" / "_decks" / "fow" / "grimm.txt").read_text(encoding="utf-8")


def test_version(cli):
    r = cli("--version")
    assert r.returncode == 0 and r.stdout.decode().strip() == f"deckcheck {deckcheck.__version__}"


def test_help_lists_commands(cli):
    out = cli("--help").stdout.decode()
    for command in ("check", "formats", "cards", "rules", "sample"):
        assert command in out


def test_legal_deck_exits_0(cli, tmp_path):
    deck = tmp_path / "grimm.txt"
    deck.write_text(GRIMM, encoding="utf-8")
    r = cli("check", str(deck))
    assert r.returncode == 0, r.stdout.decode() + r.stderr.decode()
    assert "LEGAL" in r.stdout.decode()


def test_illegal_deck_exits_1_with_numbers(cli, tmp_path):
    deck = tmp_path / "grimm39.txt"
    deck.write_text(GRIMM.replace("4 Tell a Fairy Tale", "3 Tell a Fairy Tale"), encoding="utf-8")
    r = cli("check", str(deck), "--output-format", "json")
    assert r.returncode == 1
    doc = json.loads(r.stdout)
    finding = next(f for f in doc["results"][0]["findings"] if f["code"] == "FOW101")
    assert (finding["zone"], finding["expected"], finding["actual"]) == ("main", 40, 39)


def test_stdin(cli):
    r = cli("check", "-", "-f", "fow-classic", input=GRIMM)
    assert r.returncode == 0, r.stderr.decode()


def test_strict_turns_warnings_into_failure(cli, tmp_path):
    deck = tmp_path / "g.txt"
    deck.write_text(GRIMM, encoding="utf-8")
    # 2019: Gretel is on no dated Wanderer list yet (formats/fow/fow-wanderer.yaml)
    when = ("--date", "2019-01-01")
    assert cli("check", str(deck), "-f", "fow-wanderer", *when).returncode == 0   # FOW112 warning
    assert cli("check", str(deck), "-f", "fow-wanderer", *when, "--strict").returncode == 1


@pytest.mark.parametrize("content,needle", [
    (b"\x00\x01\x02binary\xff", "binary"),
    (b"", "empty"),
])
def test_unreadable_files_exit_2_with_one_line(cli, tmp_path, content, needle):
    deck = tmp_path / "bad.txt"
    deck.write_bytes(content)
    r = cli("check", str(deck), "-f", "fow-classic")
    err = r.stderr.decode()
    assert r.returncode == 2 and needle in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_directory_without_decks_exits_2(cli, tmp_path):
    (tmp_path / "notes.bin").write_bytes(b"x")
    r = cli("check", str(tmp_path), "-f", "fow-classic")
    assert r.returncode == 2 and "no deck files" in r.stderr.decode()
    assert len(r.stderr.decode().strip().splitlines()) == 1


def test_unknown_format_exits_2_listing_known(cli, tmp_path):
    deck = tmp_path / "g.txt"
    deck.write_text(GRIMM, encoding="utf-8")
    r = cli("check", str(deck), "-f", "zzz-nonsense")
    err = r.stderr.decode()
    assert r.returncode == 2 and "fow-classic" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    r = cli("check", str(deck), "-f", "fow-wandrer")     # a typo: the nearest ids
    err = r.stderr.decode()
    assert r.returncode == 2 and "did you mean fow-wanderer?" in err


def test_no_format_names_the_three_ways(cli, tmp_path):
    deck = tmp_path / "g.txt"
    deck.write_text(GRIMM.replace("Format: fow-classic\n", ""), encoding="utf-8")
    r = cli("check", str(deck), "--no-config")
    err = r.stderr.decode()
    assert r.returncode == 2
    assert "-f" in err and "Format:" in err and ".deckcheck.yaml" in err


def test_bad_date_and_bad_option(cli, tmp_path):
    deck = tmp_path / "g.txt"
    deck.write_text(GRIMM, encoding="utf-8")
    r = cli("check", str(deck), "--date", "2012-13-40")
    assert r.returncode == 2 and "YYYY-MM-DD" in r.stderr.decode()
    r = cli("check", str(deck), "--no-such-option")
    assert r.returncode == 2 and "Traceback" not in r.stderr.decode()
    r = cli("check", str(deck), "--output-format", "pdf")
    assert r.returncode == 2 and "text" in r.stderr.decode()


def test_json_is_written_even_when_nothing_is_found(cli, tmp_path):
    deck = tmp_path / "g.txt"
    deck.write_text(GRIMM, encoding="utf-8")
    out = tmp_path / "report.json"
    r = cli("check", str(deck), "--output-format", "json", "-o", str(out))
    assert r.returncode == 0 and r.stdout == b""
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["version"] == 1 and doc["tool"]["name"] == "deckcheck"
    assert doc["summary"] == {"decks": 1, "legal": 1, "illegal": 0, "errors": 0, "warnings": 0}
    res = doc["results"][0]
    assert set(res) >= {"path", "game", "format", "date", "legal", "counts", "stats",
                        "findings", "cards"}
    assert res["counts"] == {"ruler": 1, "main": 40, "stone": 10}
    assert all(set(c) == {"line", "zone", "count", "input", "name", "match", "score"}
               for c in res["cards"])


def test_internal_error_is_one_line_exit_2(monkeypatch, capsys):
    from deckcheck import api, cli as cli_mod

    def boom(*a, **k):
        raise RuntimeError("simulated failure")

    monkeypatch.setattr(api, "iter_check_paths", boom)
    code = cli_mod._run(["check", str(ROOT / "tests" / "cases" / "_decks" / "fow" / "grimm.txt")])
    err = capsys.readouterr().err
    assert code == 2 and "internal error" in err and "simulated failure" in err
    assert len(err.strip().splitlines()) == 1


def test_formats_and_rules_commands(cli):
    out = cli("formats").stdout.decode()
    assert "fow-classic" in out and "fow-cr127" not in out      # abstract formats hidden
    r = cli("formats", "show", "fow-new-frontiers")
    assert r.returncode == 0 and "Lapis" in r.stdout.decode() and "ban" in r.stdout.decode()
    assert cli("formats", "show", "nope").returncode == 2
    r = cli("rules", "FOW101")
    assert r.returncode == 0 and "main-deck-too-small" in r.stdout.decode()
    assert cli("rules", "XYZ999").returncode == 2


def test_cards_search_and_show(cli):
    r = cli("cards", "search", "rapunzle", "-g", "fow")
    assert r.returncode == 0 and "Rapunzel, the Long-Haired Princess" in r.stdout.decode()
    r = cli("cards", "show", "Rapunzel the Long Haired Princess", "-g", "fow")
    assert r.returncode == 0 and "resonator" in r.stdout.decode()
    r = cli("cards", "show", "Zzzz Qqqq", "-g", "fow")
    assert r.returncode == 1 and "unknown card" in r.stdout.decode()
    assert cli("cards", "search", "x", "-g", "chess").returncode == 2


@pytest.mark.parametrize("output_format", ["sarif", "json", "junit"])
def test_nothing_to_check_still_writes_machine_output(cli, tmp_path, output_format):
    (tmp_path / "empty").mkdir()
    out = tmp_path / f"report.{output_format}"
    r = cli("check", str(tmp_path / "empty"), "--no-config", "--output-format", output_format,
            "-o", str(out))
    assert r.returncode == 2 and "no deck files found" in r.stderr.decode()
    assert out.is_file() and out.stat().st_size > 0      # a CI upload step finds its file
    if output_format != "junit":
        import json

        doc = json.loads(out.read_text(encoding="utf-8"))
        assert doc.get("results", doc.get("runs", [{}])[0].get("results")) == []


def test_excluded_by_config_says_so(cli, tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / ".deckcheck.yaml").write_text('include: ["decks/**"]\n', encoding="utf-8")
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "g.txt").write_text(GRIMM, encoding="utf-8")
    r = cli("check", "d", cwd=tmp_path)
    assert r.returncode == 2 and "include/exclude patterns" in r.stderr.decode()


def test_a_select_or_ignore_that_names_no_rule_is_refused(cli, tmp_path):
    deck = tmp_path / "g.txt"
    deck.write_text(GRIMM, encoding="utf-8")
    r = cli("check", str(deck), "--no-config", "--ignore", "XYZ")
    assert r.returncode == 2 and "'XYZ' is no rule code" in r.stderr.decode()
    assert cli("check", str(deck), "--no-config", "--ignore", "dck00").returncode == 0


def test_strict_summary_says_why_a_legal_deck_fails(cli):
    r = cli("check", "examples/fow/legal/rapunzel-spellings.txt", "--strict", "--no-config")
    out = r.stdout.decode()
    assert r.returncode == 1 and "1 legal, 0 illegal" in out
    assert "With --strict, 1 legal deck fails because of warnings (exit 1)." in out
