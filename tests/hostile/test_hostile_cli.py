"""The hostile-input corpus through the real command line: every case ends with a report
or one clear error line, within bounded CPU time and memory (never a wall-clock limit, see
:mod:`hostile_support`), and writes nothing but the requested output."""

from __future__ import annotations

import json

import pytest

from corpus import CASES, Case
from hostile_support import assert_bounded_and_clean, cpu_limit, run_bounded, snapshot


@pytest.mark.parametrize("case", CASES, ids=str)
def test_hostile_file(case: Case, tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    deck = work / case.filename
    case.make(deck)
    before = snapshot(work)
    fmt = ["-f", case.format] if case.format else []

    if case.outcome == "error":
        run = run_bounded("check", *fmt, case.filename, cwd=work)
        assert_bounded_and_clean(run)
        assert run.returncode == 2, str(run)
        lines = run.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"deckcheck: error: {case.filename}:")
        for part in case.expect:
            assert part in lines[0], str(run)
        assert run.stdout == ""
        assert snapshot(work) == before          # nothing written, the file untouched
        return

    run = run_bounded("check", *fmt, "--output-format", "json", "-o", "report.json",
                      case.filename, cwd=work)
    assert_bounded_and_clean(run)
    assert run.returncode in (0, 1), str(run)
    assert run.stdout == "" and run.stderr == "", str(run)
    after = snapshot(work)
    added = set(after) - set(before)
    assert added == {b"report.json"}, added       # only the requested output …
    assert {k: after[k] for k in before} == before  # … and the deck is unchanged
    report = json.loads((work / "report.json").read_text(encoding="utf-8"))
    (result,) = report["results"]
    assert result.get("error") is None, result.get("error")
    findings = result["findings"]
    codes = {f["code"] for f in findings}
    assert set(case.expect) <= codes, (case.expect, sorted(codes))
    lines_with_findings = {f["line"] for f in findings}
    assert set(case.lines) <= lines_with_findings, (case.lines, sorted(
        x for x in lines_with_findings if x is not None)[:20])


@pytest.mark.parametrize("case", [c for c in CASES if c.id in (
    "terminal-escape-in-name", "fdk-control-character-escape", "line-separator-in-name",
    "confusables-and-rtl-marks", "counts-0-minus1-10e12")], ids=str)
@pytest.mark.parametrize("output_format", ["text", "concise", "github", "markdown", "sarif"])
def test_hostile_names_stay_on_their_line(case: Case, output_format, tmp_path):
    """A name with a terminal escape or a line separator is reported without the
    character itself: a CI log cannot be rewritten or given a new line by a deck."""
    case.make(tmp_path / case.filename)
    run = run_bounded("check", "-f", case.format, "--output-format", output_format,
                      case.filename, cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 1, str(run)
    assert "\x1b" not in run.stdout and "\u2028" not in run.stdout
    assert not any(line.startswith("::") and not line.startswith(("::error", "::warning",
                                                                    "::notice", "::group",
                                                                    "::endgroup"))
                   for line in run.stdout.splitlines())


def test_50mb_on_standard_input_is_refused(tmp_path):
    run = run_bounded("check", "-f", "fow-classic", "-", cwd=tmp_path,
                      stdin=b"4 Thunder\n" * (5 * 1024 * 1024))
    assert_bounded_and_clean(run)
    assert run.returncode == 2
    assert run.stderr == ("deckcheck: error: <stdin>: input exceeds 5,242,880 bytes; deck "
                          "lists are smaller\n")


def test_binary_on_standard_input_is_refused(tmp_path):
    run = run_bounded("check", "-f", "fow-classic", "-", cwd=tmp_path,
                      stdin=bytes(range(256)) * 100)
    assert_bounded_and_clean(run)
    assert run.returncode == 2 and "binary file" in run.stderr


def test_a_directory_of_hostile_files_with_two_workers(tmp_path):
    """The whole corpus at once, as CI checks a pull request: one report, every unreadable
    file named on its own line, the same result with one worker and with two."""
    work = tmp_path / "decks"
    work.mkdir()
    chosen = [c for c in CASES if c.format == "fow-classic"]
    for c in chosen:
        c.make(work / f"{c.id}{c.filename[c.filename.rfind('.'):]}")
    before = snapshot(work)
    runs = [run_bounded("check", "-f", "fow-classic", "--output-format", "json", "-j", jobs,
                        "decks", cwd=tmp_path) for jobs in ("1", "2")]
    for run in runs:
        assert run.returncode == 2 and not run.hung, str(run)
        # CPU time of deckcheck and its workers: the 33 files took 7.5 s (one worker) and
        # 9.3 s (two); the bound is that of four hostile runs
        assert run.cpu_seconds < cpu_limit(factor=4), str(run)
        assert "Traceback" not in run.stderr and "internal error" not in run.stderr
        report = json.loads(run.stdout)
        assert len(report["results"]) == len(chosen)
        errors = [r for r in report["results"] if r.get("error")]
        assert len(run.stderr.splitlines()) == len(errors)
    assert runs[0].stdout == runs[1].stdout
    assert snapshot(work) == before
