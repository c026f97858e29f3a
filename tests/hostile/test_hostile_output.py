"""What deckcheck prints for text a stranger wrote (issue 13, items 4, 7 and 8), through the
real command line: card names, file names and roster values that try to run GitHub workflow
commands, rewrite a terminal, reorder a line, turn a job summary into a page that fetches
images, or run a formula in a spreadsheet.

Each test asserts the invariant on every line of the output, and that the hostile text is
still shown (escaped), not dropped.
"""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from pathlib import Path

import pytest

from hostile_support import assert_bounded_and_clean, run_bounded

ROOT = Path(__file__).resolve().parents[2]
GRIMM = (ROOT / "tests" / "cases" / "_decks" / "fow" / "grimm.txt").read_text(encoding="utf-8")

#: card names a pull request may add, each trying to make the CI runner execute something.
#: The long one is wrapped by the text table so that its second half starts a line of its own.
COMMAND_NAMES = (
    "::set-output name=x::y",
    "::add-mask::secret",
    "x" * 58 + " ::set-output name=wrapped::z",
    "##[error]boom",
    "Fire ##[set-output name=x]y",
    "##vso[task.setvariable variable=x]y",
)
#: file names that try the same
COMMAND_FILES = ("::add-mask::secret.txt", "##[error]x.txt", "::warning::w.txt")
#: C1 controls (CSI, OSC, ST, NEL), bidi overrides, isolates and marks, a line separator
HIDDEN = ("\x9b", "\x9d", "\x9c", "\x85", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e",
          "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c", "\u2028",
          "\u2029")
HIDDEN_NAMES = tuple(f"Thun{ch}der{i}" for i, ch in enumerate(HIDDEN))
#: the parser itself refuses a name with a line break (NEL, U+2028/9) and shows '?' for it
READ_NAMES = tuple(n for n in HIDDEN_NAMES if not any(c in n for c in "\x85\u2028\u2029"))

CHECK_FORMATS = ("text", "concise", "github", "markdown", "json", "sarif", "junit", "html")
#: deckcheck's own workflow commands in the github format
OWN_COMMAND = re.compile(r"::(error|warning|notice|group|endgroup)( [^:]*)?::")


def write_deck(path: Path, names) -> None:
    path.write_text(GRIMM + "".join(f"4 {n}\n" for n in names), encoding="utf-8")


def assert_no_ci_command(stdout: str, fmt: str) -> None:
    """No line starts (after blanks) with ``::`` unless it is one of deckcheck's own github
    commands, and no line holds a legacy ``##[`` or ``##vso[`` command anywhere."""
    for line in stdout.split("\n"):
        assert "\r" not in line, repr(line)
        if fmt == "github" and line.startswith("::"):
            assert OWN_COMMAND.match(line), repr(line)
        else:
            assert not re.match(r"\s*::", line), repr(line)
        assert "##[" not in line and "##vso[" not in line.lower(), repr(line)


def assert_no_hidden(stdout: str) -> None:
    """No C0/C1 control (but the line feeds), format character or separator is printed."""
    for ch in set(stdout) - {"\n"}:
        assert unicodedata.category(ch) not in ("Cc", "Cf", "Zl", "Zp", "Cs"), \
            f"U+{ord(ch):04X} printed raw"


# Markdown escaped '#', '[' and kept '::' off the start of a line already; SARIF writes a file
# name only as a percent-encoded URI: those cases are covered by the Markdown test below.
@pytest.mark.parametrize("fmt", [f for f in CHECK_FORMATS if f != "markdown"])
def test_card_names_run_no_workflow_command(fmt, tmp_path):
    write_deck(tmp_path / "deck.txt", COMMAND_NAMES)
    run = run_bounded("check", "-f", "fow-classic", "--output-format", fmt, "deck.txt",
                      cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 1, str(run)
    assert_no_ci_command(run.stdout, fmt)
    if fmt in ("json", "sarif"):   # the machine formats keep the exact text
        assert "::add-mask::secret" in run.stdout.encode().decode("unicode_escape")
        doc = json.loads(run.stdout)
        if fmt == "json":
            inputs = {c["input"] for c in doc["results"][0]["cards"]}
            assert set(COMMAND_NAMES) <= inputs
    elif fmt in ("text", "concise", "github", "markdown"):  # shown, escaped, not dropped
        for part in ("set-output", "add-mask", "boom", "name=wrapped", "variable=x"):
            assert part in run.stdout, part


@pytest.mark.parametrize("fmt", [f for f in CHECK_FORMATS if f not in ("markdown", "sarif")])
def test_file_names_run_no_workflow_command(fmt, tmp_path):
    decks = tmp_path / "decks"
    decks.mkdir()
    for name in COMMAND_FILES:
        write_deck(decks / name, ["Not A Card"])
    run = run_bounded("check", "-f", "fow-classic", "--output-format", fmt, "decks",
                      cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 1, str(run)
    assert_no_ci_command(run.stdout, fmt)
    if fmt in ("text", "concise", "github"):
        assert run.stdout.count("add-mask") >= 1 and "error]x.txt" in run.stdout


@pytest.mark.parametrize("fmt", CHECK_FORMATS)
def test_control_and_bidi_characters_are_shown_escaped(fmt, tmp_path):
    write_deck(tmp_path / "deck.txt", HIDDEN_NAMES)
    (tmp_path / "b\u202eevil.txt").write_text(GRIMM + "4 Thunder\u009b\n", encoding="utf-8")
    run = run_bounded("check", "-f", "fow-classic", "--output-format", fmt, "deck.txt",
                      "b\u202eevil.txt", cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 1, str(run)
    assert_no_hidden(run.stdout)
    if fmt in ("json", "sarif"):   # exact content, written as \u escapes
        text = json.dumps(json.loads(run.stdout), ensure_ascii=False)
        for name in READ_NAMES:
            assert json.dumps(name, ensure_ascii=False)[1:-1] in text
    else:                          # the same escape in every human format
        for escape in ("\\x9b", "\\x9d", "\\x9c", "\\u202e", "\\u2066", "\\u061c", "\\u200f"):
            assert escape in run.stdout, escape


MARKDOWN_NAMES = (
    "![x](https://evil.example/a.png)",
    "<img src=https://evil.example/b.png>",
    "[click](http://evil.example/c)",
    "https://evil.example/d.png",
    "see www.evil.example/e",
    "<a href=x>y</a> <https://evil.example/f>",
    "sam@evil.example",
    "hi @octocat",
)


def test_markdown_summary_has_no_link_image_or_html_from_a_deck(tmp_path):
    write_deck(tmp_path / "deck.txt", MARKDOWN_NAMES)
    (tmp_path / "https:").mkdir()
    write_deck(tmp_path / "https:" / "www.evil.example.txt", ["Not A Card"])
    run = run_bounded("check", "-f", "fow-classic", "--output-format", "markdown",
                      "deck.txt", "https:/www.evil.example.txt", cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 1, str(run)
    md = run.stdout
    assert "![" not in md
    assert not re.search(r"(?<!\\)(?:\\\\)*\]\(", md)     # an unescaped "](": a link target
    assert not re.search(r"<\s*(img|a|https?)\b", md, re.I)
    assert not re.search(r"(https?|ftp)://", md, re.I)
    assert not re.search(r"www\.", md, re.I)
    assert not re.search(r"[\w.+-]@[\w-]+\.\w", md)      # e-mail autolink
    assert not re.search(r"(^|\s)@\w", md)               # @mention
    assert "evil.example" in md and "octocat" in md      # shown, as text
    assert_no_ci_command(md, "markdown")


# ---------------------------------------------------------------------------------------
# register: the roster's values in the text table, CSV, HTML and JSON

ROSTER_ROWS = (
    ("Sam;=1+1;x", "FOW-0001", "=HYPERLINK(\"https://evil.example\")"),
    ("x" * 15 + " ::set-output name=a::b", "+1-555", "a|@SUM(A1)"),
    ("Eve ##[error]x", "-1", "Fire\t=2+2"),
    ("Iris\u202eevil", "\u2066@x\u2069", "Thun\x9bder, -3"),
)


def write_roster(tmp_path: Path) -> None:
    write_deck(tmp_path / "deck.txt", ["Not A Card"])
    buf = io.StringIO("# Date: 2012-02-11\n")
    buf.seek(0, io.SEEK_END)
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["name", "player id", "deck", "deck name", "format"])
    for name, pid, deck_name in ROSTER_ROWS:
        w.writerow([name, pid, "deck.txt", deck_name, "fow-classic"])
    (tmp_path / "roster.csv").write_text(buf.getvalue(), encoding="utf-8")


def cell_parts(cell: str) -> list[str]:
    """The pieces a spreadsheet could split a cell into."""
    return re.split(r"[,;\t|\r\n]", cell)


def test_register_csv_runs_no_formula(tmp_path):
    write_roster(tmp_path)
    run = run_bounded("register", "roster.csv", "--output-format", "csv", cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 1, str(run)
    lines = run.stdout.splitlines()
    assert len(lines) == 1 + len(ROSTER_ROWS)
    for line in lines:                      # every cell quoted
        assert line.startswith('"') and line.endswith('"'), line
    rows = list(csv.reader(io.StringIO(run.stdout)))
    for row in rows:
        for cell in row:
            for part in cell_parts(cell):
                assert part.lstrip(" ")[:1] not in ("=", "+", "-", "@"), (cell, part)
    names = [row[2] for row in rows[1:]]
    assert names[0] == "Sam;'=1+1;x"        # guarded, not dropped
    assert_no_hidden(run.stdout)


@pytest.mark.parametrize("fmt", ["text", "csv", "html", "json"])
def test_register_output_runs_no_workflow_command_and_hides_nothing(fmt, tmp_path):
    write_roster(tmp_path)
    run = run_bounded("register", "roster.csv", "--output-format", fmt, cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 1, str(run)
    assert_no_ci_command(run.stdout, fmt)
    assert_no_hidden(run.stdout)
    if fmt == "json":                       # exact content
        names = [p["name"] for p in json.loads(run.stdout)["players"]]
        assert names == [r[0] for r in ROSTER_ROWS]
    else:
        assert "\\u202e" in run.stdout and "set-output name=a" in run.stdout
