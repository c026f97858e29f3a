"""The human report as people read it: tables that fit the terminal (Chinese aligned),
one line per deck without problems, problems first, info notes folded, fixes named."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckcheck.api import check_text
from deckcheck.reporting import get_reporter
from deckcheck.reporting.base import ReportOptions
from deckcheck.reporting.table import table, text_width, wrap

ROOT = Path(__file__).resolve().parents[2]
GRIMM = (ROOT / "tests" / "cases" / "_decks" / "fow" / "grimm.txt").read_text(encoding="utf-8")
# lower-case names: read with an info note (DCK005) each, which fix corrects
LOWER = GRIMM.replace("4 Elvish Priest", "4 elvish priest").replace("4 Gretel", "4 gretel")
BAD = GRIMM.replace("4 Cheshire Cat", "5 Cheshire Cat")


def render(name, results, **options):
    return get_reporter(name)(ReportOptions(**options)).render(results)


@pytest.fixture(autouse=True)
def _width(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")


def test_table_counts_wide_characters_twice_and_fits_the_width():
    rows = [["DCK004", "错误", "“Magic Stone of Wat”可能是 Magic Stone of Water (94.7)、"
             "Magic Stone of War (94.4)；请写出完整的卡名。"], ["FOW1", "警告", "短"]]
    out = table(["代码", "级别", "说明"], rows, width=40).split("\n")
    assert max(text_width(line) for line in out) <= 40
    # the message column starts at the same terminal column on every line
    starts = {text_width(line[:line.index("说明")]) for line in out[:1]}
    assert starts == {text_width("DCK004  错误  ")}
    assert out[2].startswith("DCK004  错误  ") and out[-1].startswith("FOW1    警告  短")
    assert text_width("错误") == 4 and text_width("e\u0301") == 1


def test_wrap_keeps_closing_punctuation_with_its_word_and_breaks_long_words():
    assert all(not line.startswith(("。", "；", "）")) for line in
               wrap("只允许每张卡放 1 张；在主牌库中有 4 张。（CR 12.7 §402.2g）", 12))
    assert wrap("supercalifragilistic word", 10) == ["supercalif", "ragilistic", "word"]


def test_a_table_too_narrow_for_its_words_is_stacked():
    out = table(["code", "message"], [["FOW101", "Main deck has 38 cards"]], width=12)
    assert out.split("\n")[0].startswith("code:") and "message:" in out
    assert max(text_width(line) for line in out.split("\n")) <= 12


def test_legal_decks_are_one_line_each_plus_the_summary():
    results = [check_text(GRIMM, path=f"decks/{i}.txt") for i in range(6)]
    out = render("text", results).splitlines()
    assert len(out) <= len(results) + 3
    assert out[0] == "decks/0.txt — fow-classic: LEGAL"
    assert out[-1] == "6 decks checked: 6 legal, 0 illegal (0 errors, 0 warnings)."


def test_problems_first_info_folded_and_fix_named():
    results = [check_text(LOWER, path="decks/lower.txt"), check_text(BAD, path="decks/bad.txt")]
    out = render("text", results)
    lines = out.splitlines()
    assert lines[0] == "decks/lower.txt — fow-classic: LEGAL (2 notes)"
    assert lines[1] == "decks/bad.txt — fow-classic: ILLEGAL"
    assert lines[2].startswith("  line 5  error  FOW109  Cheshire Cat")
    assert "DCK005" not in out.split("decks checked")[0]      # folded, not listed
    assert "2 info notes not shown (DCK005 ×2); --show-info lists them." in out
    assert "2 names can be corrected with `deckcheck fix`." in out
    assert "2 decks checked: 1 legal, 1 illegal (1 error, 0 warnings)." in out
    full = render("text", results, show_info=True)
    assert full.count("DCK005") == 2 and "not shown" not in full and "zone" in full


def test_quiet_shows_only_problems():
    results = [check_text(LOWER, path="decks/lower.txt"), check_text(BAD, path="decks/bad.txt")]
    out = render("text", results, quiet=True).splitlines()
    assert out[0] == "decks/bad.txt — fow-classic: ILLEGAL"
    assert out[1].startswith("  line 5  error  FOW109") and not any("checked" in ln for ln in out)
    assert render("text", results[:1], quiet=True) == ""


def test_chinese_report_fits_and_counts_in_chinese():
    results = [check_text(LOWER, path="decks/lower.txt"), check_text(BAD, path="decks/bad.txt")]
    out = render("text", results, lang="zh-Hans")
    assert max(text_width(line) for line in out.splitlines()) <= 80
    assert "检查了 2 副套牌" in out and "（2 条提示）" in out and "第 5 行" in out
    assert "2 个卡名可用 `deckcheck fix` 改正。" in out


def test_colour_only_when_asked():
    results = [check_text(BAD, path="decks/bad.txt")]
    assert "\x1b[" not in render("text", results)
    painted = render("text", results, color=True)
    assert "\x1b[1;31mILLEGAL\x1b[0m" in painted and "\x1b[31merror\x1b[0m" in painted


def test_concise_and_github_fold_info_notes():
    results = [check_text(LOWER, path="decks/lower.txt")]
    assert render("concise", results).splitlines() == [
        "decks/lower.txt: info: 2 notes not shown (DCK005 ×2); --show-info lists them"]
    assert render("concise", results, show_info=True).count(": info: DCK005 ") == 2
    github = render("github", results, root=".")
    assert "::notice" not in github and "2 info notes not shown as annotations" in github
    assert render("github", results, root=".", show_info=True).count("::notice ") == 2
    # JSON keeps every finding
    assert render("json", results).count('"DCK005"') == 2


COMMANDS = [["check", "examples/fow"], ["check", "examples/fow", "--show-info"],
            ["check", "examples/fow", "--lang", "zh-Hans"],
            ["check", "examples/fow", "--show-info", "--lang", "zh-Hans"],
            ["formats"], ["formats", "show", "mtg-standard"], ["rules"],
            ["cards", "search", "rapunzle", "-g", "fow"],
            # and the rest a new user meets first
            ["check", "examples/", "--quiet"], ["formats", "show", "fow-classic"],
            ["rules", "DCK003"], ["cards", "search", "掘密"],
            ["cards", "show", "Delver of Secrets"],
            ["cards", "show", "Delver of Secrets", "-f", "mtg-standard", "--date", "2012-02-03"],
            ["register", "examples/register/spring-open.yaml"]]


@pytest.mark.parametrize("columns", ["60", "80", "120"])
@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_every_command_fits_the_terminal(cli, args, columns):
    extra = []
    r = cli(*args, *extra, env={"COLUMNS": columns, "NO_COLOR": "1"})
    assert r.returncode in (0, 1), r.stderr.decode()
    lines = r.stdout.decode().splitlines()
    assert lines and max(text_width(line) for line in lines) <= int(columns)


@pytest.mark.parametrize("columns", [60, 80])
def test_register_fits_the_terminal(cli, columns):
    r = cli("register", "tests/data/register/roster.csv", "--decks-dir", str(ROOT),
            env={"COLUMNS": str(columns)})
    assert max(text_width(line) for line in r.stdout.decode().splitlines()) <= columns


def test_fix_exits_1_while_errors_it_cannot_correct_remain(cli, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text(BAD.replace("4 Gretel", "4 gretel"), encoding="utf-8")
    r = cli("fix", str(bad), "--no-config")
    assert r.returncode == 1 and "1 list still has errors" in r.stderr.decode()
    assert "4 Gretel" in bad.read_text(encoding="utf-8")        # the safe fix was made
    good = tmp_path / "good.txt"
    good.write_text(LOWER, encoding="utf-8")
    assert cli("fix", str(good), "--no-config").returncode == 0


def test_a_shared_warning_is_shown_once_in_the_summary_with_its_deck_count():
    # no date is today, past fow-new-frontiers' data_until: DCK029 is the same for each deck
    kirik = (ROOT / "tests" / "cases" / "_decks" / "fow" / "kirik.txt").read_text(encoding="utf-8")
    results = [check_text(kirik, path=f"decks/{i}.txt", format_id="fow-new-frontiers")
               for i in range(3)]
    assert all(any(f.code == "DCK029" for f in r.findings) for r in results)
    out = render("text", results)
    assert out.count("DCK029") == 1 and "warning DCK029 (3 decks): No date given" in out
    assert len(out.splitlines()) <= len(results) + 3 + 2     # + the wrapped warning
    assert render("json", results).count('"DCK029"') == 3   # machine formats keep each
