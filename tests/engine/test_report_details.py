"""The last details of the reports (issue 18): a message never names its own line (every
report shows the finding's line itself), the Markdown findings go errors, warnings, info,
counts in summaries are read as words and with thousands separated."""

from __future__ import annotations

import json
import re
import string
from dataclasses import replace
from pathlib import Path

import pytest

from deckcheck.api import check_text
from deckcheck.i18n import catalog, located
from deckcheck.models import DeckResult, Severity
from deckcheck.reporting import get_reporter
from deckcheck.reporting.base import ReportOptions, counted, summary_text
from deckcheck.rules.base import all_rules

ROOT = Path(__file__).resolve().parents[2]
GRIMM = (ROOT / "tests" / "cases" / "_decks" / "fow" / "grimm.txt").read_text(encoding="utf-8")
# line 6 misspelt (DCK003 warning), line 5 five copies (FOW109 error), line 7 in lower case
# (DCK005 info)
MIXED = (GRIMM.replace("4 Cheshire Cat", "5 Cheshire Cat")
         .replace("4 Elvish Priest", "4 Elvish Preist")
         .replace("4 Fiethsing", "4 fiethsing"))


def render(name: str, results, **options) -> str:
    return get_reporter(name)(ReportOptions(**options)).render(results)


@pytest.fixture(scope="module")
def mixed() -> DeckResult:
    r = check_text(MIXED, path="decks/mixed.txt")
    assert {(f.code, f.severity, f.line) for f in r.findings} >= {
        ("FOW109", Severity.ERROR, 5), ("DCK003", Severity.WARNING, 6),
        ("DCK005", Severity.INFO, 7)}
    return r


# -- no message names its own line -----------------------------------------------------------

def _templates(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from _templates(v)
    elif isinstance(value, str):
        yield value


def _names_its_line(template: str) -> bool:
    """True when the template fills in the finding's own line ({line} anywhere)."""
    return any(field == "line" for _text, field, _spec, _conv
               in string.Formatter().parse(template))


def test_no_english_template_names_its_own_line():
    found = [(r.code, text) for r in all_rules()
             for text in [r.message, *r.messages.values()]
             if re.match(r"\s*Line \{line\}", text) or _names_its_line(text)]
    assert found == []


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_no_translated_template_starts_with_its_line(lang):
    messages = catalog(lang)
    assert len(messages) > 50          # the catalogue was read, with the games' own
    found = [(code, text) for code, value in messages.items() for text in _templates(value)
             if re.match(r"\s*第 ?\{line\} ?行", text) or "{line}" in text]
    assert found == []


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_messages_do_not_repeat_the_line_the_report_gives(mixed, lang):
    r = check_text(MIXED, path="decks/mixed.txt", lang=lang)
    for f in r.findings:
        if f.line is not None:
            assert not f.message.startswith((f"Line {f.line}", f"第 {f.line} 行")), f.message


def test_every_format_still_shows_the_line(mixed):
    warning = next(f for f in mixed.findings if f.code == "DCK003")
    assert not re.search(r"\b6\b", warning.message)     # the line is not in the message
    lines = render("concise", [mixed], show_info=True).splitlines()
    assert any(line.startswith("decks/mixed.txt:6: warning: DCK003 ") for line in lines)
    text = render("text", [mixed]).splitlines()
    assert any(re.match(r"\s+line 6\s+warning\s+DCK003\s", line) for line in text)
    full = render("text", [mixed], show_info=True).splitlines()
    assert any(re.search(r"DCK003 .* 6 ", line) for line in full)
    github = render("github", [mixed], root=".")
    assert re.search(r"::warning file=decks/mixed.txt,line=6,title=DCK003::\"Elvish", github)
    assert "decks/mixed.txt:6: warning: DCK003 " in render("junit", [mixed])
    assert re.search(r"\| DCK003 \| warning \| 6 \|", render("markdown", [mixed]))
    doc = json.loads(render("json", [mixed]))
    shown = [f for f in doc["results"][0]["findings"] if f["code"] == "DCK003"]
    assert shown[0]["line"] == 6 and shown[0]["message"].startswith('"Elvish Preist" is not')
    sarif = json.loads(render("sarif", [mixed], root="."))
    result = next(x for x in sarif["runs"][0]["results"] if x["ruleId"] == "DCK003")
    assert result["locations"][0]["physicalLocation"]["region"] == {"startLine": 6}


def test_a_deck_from_stdin_has_its_line_in_the_message():
    r = check_text(MIXED, path="-")
    github = render("github", [r])
    assert re.search(r"::warning title=DCK003::Line 6: \"Elvish Preist\"", github)
    sarif = json.loads(render("sarif", [r]))
    result = next(x for x in sarif["runs"][0]["results"] if x["ruleId"] == "DCK003")
    assert "locations" not in result and result["message"]["text"].startswith("Line 6: ")
    zh = check_text(MIXED, path="-", lang="zh-Hans")
    assert "::warning title=DCK003::第 6 行：" in render("github", [zh], lang="zh-Hans")


def test_located_puts_the_line_in_front_only_when_there_is_one(mixed):
    warning = next(f for f in mixed.findings if f.code == "DCK003")
    assert located(warning) == "Line 6: " + warning.message
    whole = replace(warning, line=None)
    assert located(whole) == warning.message
    assert located(warning, "zh-Hans") == "第 6 行：" + warning.message


def test_convert_names_the_line_of_what_it_could_not_read(cli, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("Format: fow-classic\n1 Grimm, the Fairy Tale Prince\n4 Zzqx Unheard Of\n",
                    encoding="utf-8")
    err = cli("convert", str(deck), "--to", "text").stderr.decode()
    assert re.search(r"DCK002 Line 3: Unknown card \"Zzqx Unheard Of\"", err)


# -- Markdown: errors, warnings, info ----------------------------------------------------------

def test_markdown_lists_errors_then_warnings_then_info(mixed):
    rows = [line for line in render("markdown", [mixed]).splitlines()
            if re.match(r"\| [A-Z]+\d+ \|", line)]
    severities = [line.split(" | ")[1] for line in rows]
    assert {"error", "warning", "info"} <= set(severities)
    rank = {"error": 0, "warning": 1, "info": 2}
    assert [rank[s] for s in severities] == sorted(rank[s] for s in severities)
    # each kind in file order
    errors = [int(line.split(" | ")[2]) for line in rows if " | error | " in line
              and line.split(" | ")[2].strip()]
    assert errors == sorted(errors)


def test_markdown_summary_reads_as_words():
    legal = check_text(GRIMM, path="decks/grimm.txt")
    out = render("markdown", [legal])
    assert "1 deck checked: 1 legal, 0 illegal (0 errors, 0 warnings)." in out
    assert "deck(s)" not in out


# -- counts ------------------------------------------------------------------------------------

@pytest.mark.parametrize("n, word, shown", [
    (1, "deck", "1 deck"), (0, "deck", "0 decks"), (2, "card", "2 cards"),
    (1, "card", "1 card"), (10000, "deck", "10,000 decks"), (1234567, "error", "1,234,567 errors"),
    (2, "info note", "2 info notes"), (1, "misspelt name", "1 misspelt name")])
def test_counted_words(n, word, shown):
    assert counted(n, word) == shown


def test_summaries_separate_thousands_in_every_language():
    totals = {"decks": 10000, "legal": 9999, "illegal": 1, "errors": 1200, "warnings": 0}
    assert summary_text(totals) == ("10,000 decks checked: 9,999 legal, 1 illegal "
                                    "(1,200 errors, 0 warnings).")
    zh = summary_text(totals, "zh-Hans")
    assert "10,000" in zh and "9,999" in zh and "1,200" in zh and "10000" not in zh
    assert "10,000" in summary_text(totals, "zh-Hant")
    assert counted(10000, "deck", "zh-Hans") == "10,000 副套牌"


def test_a_large_batch_summary_in_the_text_and_github_reports():
    legal = check_text(GRIMM, path="decks/grimm.txt")
    many = [legal] * 1001
    text = render("text", many).splitlines()
    assert "1,001 decks checked: 1,001 legal, 0 illegal (0 errors, 0 warnings)." in text
    github = render("github", many, root=".")
    assert "deckcheck: 1,001 decks checked: 1,001 legal, 0 illegal" in github


# -- a folder of legal decks: one line each and the summary ---------------------------------

LOWER = GRIMM.replace("4 Elvish Priest", "4 elvish priest")   # a DCK005 note fix corrects
LONG = "tournaments/spring-open-2026/round-one/player-decks/{i:02}-grimm-fairy-tale.txt"


@pytest.mark.parametrize("columns", [80, 60])
def test_twenty_legal_decks_print_at_most_twenty_three_lines(monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", str(columns))
    plain, lower = check_text(GRIMM), check_text(LOWER)
    assert plain.legal and lower.legal and any(f.code == "DCK005" for f in lower.findings)
    results = [replace(lower if i % 4 == 0 else plain, path=LONG.format(i=i))
               for i in range(20)]
    out = render("text", results).splitlines()
    assert len(out) <= 20 + 3, "\n".join(out)
    assert max(len(line) for line in out) <= columns
    for i in range(20):     # every deck named by its file, in order, on a line of its own
        assert f"{i:02}-grimm-fairy-tale.txt — fow-classic: LEGAL" in out[i]
    # at 60 columns the summary leaves out the counts that are 0
    assert out[20] == ("20 decks checked: 20 legal, 0 illegal (0 errors, 0 warnings)."
                       if columns == 80 else "20 decks checked: 20 legal, 0 illegal.")
    assert "`deckcheck fix`" in out[-1]


def test_a_legal_line_keeps_its_whole_path_when_it_fits(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    r = replace(check_text(LOWER), path=LONG.format(i=1))
    assert render("text", [r]).splitlines()[0] == LONG.format(i=1) + \
        " — fow-classic: LEGAL (1 note)"


def test_shorter_paths_keep_the_first_folder_and_the_name():
    from deckcheck.reporting.text import _shorter_paths

    assert _shorter_paths("a/b/c/d.txt") == ["a/…/c/d.txt", "a/…/d.txt", "…/d.txt"]
    assert _shorter_paths("/tmp/x/d.txt") == ["/tmp/…/d.txt", "…/d.txt"]
    assert _shorter_paths("d.txt") == []


def test_a_narrow_summary_leaves_out_only_the_counts_that_are_0():
    totals = {"decks": 3, "legal": 2, "illegal": 1, "errors": 1, "warnings": 0}
    assert summary_text(totals, brief=True) == "3 decks checked: 2 legal, 1 illegal (1 error)."
    assert summary_text(totals) == "3 decks checked: 2 legal, 1 illegal (1 error, 0 warnings)."


@pytest.mark.parametrize("lang, brief", [
    ("zh-Hans", "检查了 20 副套牌：20 副合法，0 副不合法。"),
    ("zh-Hant", "檢查了 20 副套牌：20 副合法，0 副不合法。")])
def test_a_narrow_chinese_summary_with_nothing_found_is_brief(monkeypatch, lang, brief):
    monkeypatch.setenv("COLUMNS", "60")
    results = [replace(check_text(GRIMM, lang=lang), path=LONG.format(i=i)) for i in range(20)]
    out = render("text", results, lang=lang).splitlines()
    assert out[20:] == [brief] and len(out) == 21
    monkeypatch.setenv("COLUMNS", "80")
    assert "（0 " in render("text", results, lang=lang).splitlines()[20]


def test_the_fix_line_fits_80_columns_with_both_kinds(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    misspelt = GRIMM.replace("4 Elvish Priest", "4 Elvish Preist")     # an unsafe fix
    results = [check_text(LOWER, path="a.txt"), check_text(misspelt, path="b.txt")]
    out = render("text", results).splitlines()
    assert "`deckcheck fix` corrects 1 name, and 1 misspelt name with --unsafe-fixes." in out
    zh = render("text", results, lang="zh-Hans")
    assert "`deckcheck fix` 可改正1 个卡名，加上 --unsafe-fixes 还可改正1 个拼错的卡名。" in zh


def test_the_quick_start_stays_within_400_lines(cli):
    r = cli("check", "examples/", env={"COLUMNS": "80", "NO_COLOR": "1"})
    lines = r.stdout.decode().splitlines()
    assert r.returncode == 1 and 100 < len(lines) <= 400
    assert max(len(line) for line in lines) <= 80
    assert lines[-1] != "" and "decks checked" in "\n".join(lines[-8:])


# -- rule messages say "1 card line was", not "card line(s)" ----------------------------------

def test_rule_messages_agree_with_their_counts():
    from deckcheck.rules.base import get_rule

    section = get_rule("DCK022")
    one, two = (section.finding(None, line=3, variant="octgn-section", section="Tokens",
                                game="Force of Will", n=n).message for n in (1, 2))
    assert one.endswith("its 1 card line was not counted.")
    assert two.endswith("its 2 card lines were not counted.")
    assert get_rule("DCK025").finding(None, zone="units", actual=1).message.startswith(
        "The units section (1 card) is not")
    assert "(s)" not in "".join(r.message + "".join(r.messages.values())
                                for r in all_rules() if r.game in (None, "mtg")
                                and r.code in ("DCK010", "DCK013", "DCK015", "DCK022", "DCK025",
                                               "MTG212"))
    # a bar elsewhere in a message is kept as written
    assert get_rule("DCK001").finding(None, text="a|b", why="x", fix="y").message == \
        "Cannot read 'a|b': x. y"


def test_zone_sizes_say_1_card():
    from deckcheck.rules.base import get_rule

    for code in ("DCK010", "DCK011", "DCK012", "DCK013", "DCK015", "DCK025", "FOW101",
                 "MTG101", "MTG302"):
        rule = get_rule(code)
        for text in [rule.message, *rule.messages.values()]:
            assert "{actual} cards" not in text and "card(s)" not in text, (code, text)
    assert get_rule("DCK011").finding(None, zone="side", actual=1, expected=2).message \
        .startswith("The side zone has 1 card;")
    assert get_rule("DCK011").finding(None, zone="side", actual=3, expected=4).message \
        .startswith("The side zone has 3 cards;")


def test_cards_show_names_no_line_of_the_one_card_list_it_checks(cli):
    r = cli("cards", "show", "Gretel", "-f", "fow-wanderer", env={"COLUMNS": "80"})
    out = r.stdout.decode()
    assert r.returncode == 1 and "NOT" in out and "error: FOW128 Gretel is banned" in out
    assert "Line " not in out
