"""The CI output formats (concise, sarif, junit, github, markdown) with their real consumers:
the SARIF 2.1.0 JSON schema (vendored, see tests/data/README.md) through jsonschema, JUnit
XML through junitparser, GitHub's workflow-command escaping, Markdown tables.

Results come from the real pipeline (FoW decks made from tests/cases/_decks/fow/grimm.txt)
and from the real CLI.
"""

from __future__ import annotations

import json
import re
import subprocess

import pytest

from conftest import ROOT, run_cli
from deckcheck.api import Options, check_file, check_text
from deckcheck.models import Severity
from deckcheck.reporting import get_reporter, reporter_names
from deckcheck.reporting.base import ReportOptions
from deckcheck.rules.base import get_rule

GRIMM = (ROOT / "tests" / "cases" / "_decks" / "fow" / "grimm.txt").read_text(encoding="utf-8")
EVIL = "<b>Evil|Card, 100%: x</b>"
# 5 copies (FOW109, line 5), a misspelling (DCK003 warning, line 6), an unknown card with
# markup and workflow-command characters (DCK002, line 11), so 38 main cards (FOW101, line 4)
BAD = (GRIMM.replace("4 Cheshire Cat", "5 Cheshire Cat")
       .replace("4 Elvish Priest", "4 Elvish Preist")
       .replace("4 Tell a Fairy Tale\n", f"1 {EVIL}\n"))
NO_RULER = GRIMM.replace("Ruler: Grimm, the Fairy Tale Prince\n", "")  # FOW104 with no line
SCHEMA = ROOT / "tests" / "data" / "sarif-schema-2.1.0.json"
CI_FORMATS = ("concise", "sarif", "junit", "github", "markdown", "html")
MACHINE_FORMATS = ("json", "sarif", "junit", "github", "markdown", "html")


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    missing = tmp_path_factory.mktemp("decks") / "missing.txt"
    return [check_text(BAD, path="decks/bad.txt"),
            check_text(NO_RULER, path="decks/no-ruler.txt"),
            check_text(GRIMM, path="decks/grimm.txt"),
            check_file(missing, Options())]


def render(name: str, results, **options) -> str:
    return get_reporter(name)(ReportOptions(**options)).render(results)


def test_the_pipeline_gives_the_findings_these_tests_rely_on(results):
    bad, no_ruler, legal, missing = results
    assert [(f.code, f.severity.value, f.line) for f in bad.findings] == [
        ("FOW101", "error", 4), ("FOW109", "error", 5), ("DCK002", "error", 11),
        ("DCK003", "warning", 6)]
    assert [(f.code, f.line) for f in no_ruler.findings] == [("FOW104", None)]
    assert legal.legal and not legal.findings
    assert missing.error is not None and missing.game is None


def test_every_ci_format_is_in_the_table():
    assert set(CI_FORMATS) <= set(reporter_names())
    for name in CI_FORMATS:
        assert get_reporter(name).name == name


@pytest.mark.parametrize("name", MACHINE_FORMATS)
def test_machine_formats_are_written_without_findings_or_results(name, results):
    assert render(name, []).strip()
    assert render(name, [results[2]]).strip()   # one legal deck, no findings


# -- concise -------------------------------------------------------------------------------

def test_concise_is_one_line_per_finding_in_file_order(results):
    assert render("concise", results).splitlines() == [
        "decks/bad.txt:4: error: FOW101 Main deck has 38 cards; fow-classic requires at least "
        "40. (CR 2.3 §4.1)",
        "decks/bad.txt:5: error: FOW109 Cheshire Cat, the Grinning Remnant: 5 copies in main; "
        "at most 4 per name. (CR 2.3 §4.1)",
        'decks/bad.txt:6: warning: DCK003 "Elvish Preist" is not a card name; read as '
        "Elvish Priest (similarity 92.3).",
        f'decks/bad.txt:11: error: DCK002 Unknown card "{EVIL}".',
        "decks/no-ruler.txt: error: FOW104 No ruler declared. Add `Ruler: <name>`. "
        "(CR 2.3 §4.1)",
        f"{results[3].path}: error: no such file",
    ]
    assert render("concise", [results[2]]) == ""


# -- SARIF ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def sarif_validator():
    jsonschema = pytest.importorskip("jsonschema", reason="pip install -e '.[test]'")
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    assert cls.__name__ == "Draft4Validator"
    return cls(schema)


def assert_valid_sarif(validator, doc: dict) -> None:
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:10])
    for run in doc["runs"]:
        base = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
        assert base.startswith("file:///") and base.endswith("/")
        for res in run["results"]:
            for loc in res.get("locations", []):
                uri = loc["physicalLocation"]["artifactLocation"]["uri"]
                assert re.fullmatch(r"[A-Za-z0-9\-._~/%!$&'()*+,;=:@]+", uri), uri
                assert "\\" not in uri


def test_sarif_validates_against_the_2_1_0_schema(sarif_validator, results):
    doc = json.loads(render("sarif", results, root="."))
    assert_valid_sarif(sarif_validator, doc)
    assert doc["version"] == "2.1.0"
    for empty in ([], [results[2]]):
        empty_doc = json.loads(render("sarif", empty, root="."))
        assert_valid_sarif(sarif_validator, empty_doc)
        assert empty_doc["runs"][0]["results"] == []


def test_sarif_schema_catches_a_broken_log(sarif_validator, results):
    doc = json.loads(render("sarif", results, root="."))
    doc["runs"][0]["results"][0]["level"] = "fatal"
    assert list(sarif_validator.iter_errors(doc))


def test_sarif_rules_results_and_locations(results):
    run = json.loads(render("sarif", results, root="."))["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    ids = [r["id"] for r in rules]
    assert len(ids) == len(set(ids)) and "FOW101" in ids and "DCK002" in ids
    for d in rules:
        rule = get_rule(d["id"])
        assert d["name"] == rule.name
        assert d["shortDescription"]["text"] == rule.summary
        assert d["fullDescription"]["text"] == rule.doc == d["help"]["text"]
        assert d["defaultConfiguration"]["level"] == {"error": "error", "warning": "warning",
                                                      "info": "note"}[rule.severity.value]
    got = []
    for res in run["results"]:
        assert rules[res["ruleIndex"]]["id"] == res["ruleId"]
        loc = res["locations"][0]["physicalLocation"]
        assert loc["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
        got.append((res["ruleId"], res["level"], loc["artifactLocation"]["uri"],
                    loc.get("region", {}).get("startLine")))
    assert got == [("FOW101", "error", "decks/bad.txt", 4), ("FOW109", "error", "decks/bad.txt", 5),
                   ("DCK003", "warning", "decks/bad.txt", 6),
                   ("DCK002", "error", "decks/bad.txt", 11),
                   ("FOW104", "error", "decks/no-ruler.txt", None)]
    assert EVIL in run["results"][3]["message"]["text"]
    fingerprints = [r["partialFingerprints"]["deckcheckFinding/v1"] for r in run["results"]]
    assert len(set(fingerprints)) == len(fingerprints)
    (invocation,) = run["invocations"]
    assert invocation["executionSuccessful"] is False
    (note,) = invocation["toolExecutionNotifications"]
    assert note["level"] == "error" and "no such file" in note["message"]["text"]


def test_sarif_info_findings_are_notes():
    text = GRIMM.replace("4 Gretel", "4 gretel")  # a case-folded name: DCK005, info
    result = check_text(text, path="decks/case.txt")
    assert [f.severity for f in result.findings] == [Severity.INFO]
    (res,) = json.loads(render("sarif", [result], root="."))["runs"][0]["results"]
    assert res["level"] == "note" and res["ruleId"] == "DCK005"


def test_sarif_from_the_cli_is_relative_to_the_git_top_level(tmp_path, sarif_validator):
    repo = tmp_path / "repo"
    (repo / "decks" / "fow").mkdir(parents=True)
    (repo / "decks" / "fow" / "my bad deck.txt").write_text(BAD, encoding="utf-8")
    (repo / "decks" / "fow" / "grimm.txt").write_text(GRIMM, encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    work = repo / "decks"
    proc = run_cli("check", "fow", "--output-format", "sarif", "--no-config", cwd=work)
    assert proc.returncode == 1, proc.stderr
    doc = json.loads(proc.stdout)
    assert_valid_sarif(sarif_validator, doc)
    run = doc["runs"][0]
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == repo.resolve().as_uri() + "/"
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in run["results"]}
    assert uris == {"decks/fow/my%20bad%20deck.txt"}
    artifacts = [a["location"]["uri"] for a in run["artifacts"]]
    assert artifacts == ["decks/fow/grimm.txt", "decks/fow/my%20bad%20deck.txt"]


# -- JUnit ---------------------------------------------------------------------------------

def junit_suites(xml_text: str):
    junitparser = pytest.importorskip("junitparser", reason="pip install -e '.[test]'")
    doc = junitparser.JUnitXml.fromstring(xml_text)
    return doc, {s.name: s for s in doc}


def outcome(case) -> str:
    kinds = {type(r).__name__ for r in case.result}
    return next((k for k in ("Error", "Failure", "Skipped") if k in kinds), "pass")


def test_junit_is_read_by_junitparser_with_one_test_case_per_deck(results):
    doc, suites = junit_suites(render("junit", results))
    assert list(suites) == [r.path for r in results]
    bad = suites["decks/bad.txt"]
    bad.update_statistics()  # recount from the test cases themselves
    assert (bad.tests, bad.failures, bad.errors, bad.skipped) == (1, 1, 0, 0)
    (case,) = list(bad)
    assert case.name == "decks/bad.txt" and case.classname == "deckcheck.fow-classic"
    assert outcome(case) == "Failure"
    failure = case.result[0]
    # every error is in the failure, one a line; the warning (not --strict) is only output
    assert failure.message.startswith("3 findings; first: FOW101 ")
    lines = failure.text.splitlines()
    assert [ln.split(": ")[0] for ln in lines] == ["decks/bad.txt:4", "decks/bad.txt:5",
                                                   "decks/bad.txt:11"]
    assert EVIL in lines[2] and "DCK003" not in failure.text
    assert "decks/bad.txt:6: warning: DCK003" in case.system_out
    legal = suites["decks/grimm.txt"]
    assert (legal.tests, legal.failures, legal.errors) == (1, 0, 0)
    assert outcome(next(iter(legal))) == "pass"
    missing = suites[results[3].path]
    assert (missing.tests, missing.errors, missing.failures) == (1, 1, 0)
    assert outcome(next(iter(missing))) == "Error"
    assert (doc.tests, doc.failures, doc.errors, doc.skipped) == (4, 2, 1, 0)


def test_junit_strict_fails_on_warnings(results):
    _, suites = junit_suites(render("junit", results[:1], strict=True))
    (case,) = list(suites["decks/bad.txt"])
    assert outcome(case) == "Failure"
    assert "decks/bad.txt:6: warning: DCK003" in case.result[0].text
    assert case.result[0].message.startswith("4 findings; first: ")


def test_junit_with_no_results_is_an_empty_valid_document():
    doc, suites = junit_suites(render("junit", []))
    assert suites == {} and doc.tests == 0


# -- GitHub --------------------------------------------------------------------------------

def test_github_escapes_data_and_properties():
    from deckcheck.reporting.github import command, escape_data, escape_property

    assert escape_data("50% done\r\nnext: a,b") == "50%25 done%0D%0Anext: a,b"
    assert escape_property("50% done\r\nnext: a,b") == "50%25 done%0D%0Anext%3A a%2Cb"
    assert escape_data("%0A") == "%250A"  # an escape in the input stays literal
    assert command("error", "a\nb", file="d,1:x.txt", line=3, title="FOW101") == \
        "::error file=d%2C1%3Ax.txt,line=3,title=FOW101::a%0Ab"
    assert command("notice", "x", file=None, line=None) == "::notice::x"


def unescape(text: str) -> str:
    return (text.replace("%0D", "\r").replace("%0A", "\n").replace("%3A", ":")
            .replace("%2C", ",").replace("%25", "%"))


def test_github_annotations_are_grouped_per_deck_with_a_summary(results):
    out = render("github", results, root=".").splitlines()
    assert out.count("::endgroup::") == 4
    assert [line for line in out if line.startswith("::group::")] == [
        f"::group::deckcheck {r.path}" for r in results]
    annotations = [line for line in out if re.match(r"::(error|warning|notice) ", line)]
    parsed = []
    for line in annotations:
        m = re.fullmatch(r"::(\w+) ([^:]*)::(.*)", line)
        assert m, line
        props = dict(p.split("=", 1) for p in m.group(2).split(","))
        parsed.append((m.group(1), props.get("file"), props.get("line"), props.get("title"),
                       unescape(m.group(3))))
    assert parsed[:5] == [
        ("error", "decks/bad.txt", "4", "FOW101",
         "Main deck has 38 cards; fow-classic requires at least 40. (CR 2.3 §4.1)"),
        ("error", "decks/bad.txt", "5", "FOW109",
         "Cheshire Cat, the Grinning Remnant: 5 copies in main; at most 4 per name. "
         "(CR 2.3 §4.1)"),
        ("warning", "decks/bad.txt", "6", "DCK003",
         '"Elvish Preist" is not a card name; read as Elvish Priest (similarity 92.3).'),
        ("error", "decks/bad.txt", "11", "DCK002", f'Unknown card "{EVIL}".'),
        ("error", "decks/no-ruler.txt", None, "FOW104",
         "No ruler declared. Add `Ruler: <name>`. (CR 2.3 §4.1)")]
    assert "100%25" in annotations[3]  # escaped on the wire
    assert parsed[5][0] == "error" and parsed[5][3] == "unreadable deck"
    tail = out[len(out) - out[::-1].index("::endgroup::"):]   # after the last group
    assert tail[0].startswith("deckcheck: 4 decks checked: 1 legal, 3 illegal")
    assert "  decks/bad.txt: illegal (fow-classic, 3 errors, 1 warning)" in tail
    assert "  decks/grimm.txt: legal (fow-classic)" in tail
    assert not any("GitHub shows only" in line for line in out)


def test_github_summary_counts_annotations_github_will_not_show():
    unknown = "".join(f"1 Nonexistent Card Number {i}\n" for i in range(13))
    text = GRIMM.replace("Magic Stone Deck\n", unknown + "Magic Stone Deck\n")
    result = check_text(text, path="decks/many.txt")
    errors = result.count(Severity.ERROR)
    assert errors >= 13
    out = render("github", [result], root=".")
    assert out.count("\n::error ") == errors
    assert (f"GitHub shows only the first 10 annotations of each kind; {errors - 10} more "
            f"({errors - 10} errors)") in out


# -- Markdown ------------------------------------------------------------------------------

def test_markdown_summary_and_findings_tables(results):
    md = render("markdown", results)
    lines = md.splitlines()
    assert lines[0] == "## deckcheck"
    header = lines.index("| deck | format | legal | errors | warnings |")
    assert lines[header + 1:header + 6] == [
        "|---|---|---|---|---|",
        "| decks/bad.txt | fow-classic | ❌ illegal | 3 | 1 |",
        "| decks/no-ruler.txt | fow-classic | ❌ illegal | 1 | 0 |",
        "| decks/grimm.txt | fow-classic | ✅ legal | 0 | 0 |",
        f"| {results[3].path.replace('_', chr(92) + '_')} |  | ⚠️ unreadable | 0 | 0 |"]
    assert "### decks/bad.txt" in lines and "### decks/no-ruler.txt" in lines
    assert "### decks/grimm.txt" not in lines   # legal, nothing to list
    evil = next(line for line in lines if "Unknown card" in line)
    assert evil == ("| DCK002 | error | 11 | main |  | Unknown card "
                    '"&lt;b&gt;Evil\\|Card, 100%: x&lt;/b&gt;". |')
    for line in lines:  # every table row has its columns, whatever the cells hold
        if line.startswith("|"):
            cells = re.split(r"(?<!\\)\|", line)[1:-1]
            assert len(cells) in (5, 6), line


# -- through the real CLI ------------------------------------------------------------------

@pytest.mark.parametrize("name", MACHINE_FORMATS + ("concise",))
def test_cli_writes_each_format_to_a_file(tmp_path, name):
    deck = tmp_path / "grimm.txt"
    deck.write_text(GRIMM, encoding="utf-8")
    out = tmp_path / f"report.{name}"
    proc = run_cli("check", str(deck), "--output-format", name, "-o", str(out), "--no-config",
                   cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == b""
    assert out.exists()
    if name != "concise":
        assert out.read_text(encoding="utf-8").strip()


def test_cli_takes_the_format_from_the_environment(tmp_path):
    deck = tmp_path / "bad.txt"
    deck.write_text(BAD, encoding="utf-8")
    proc = run_cli("check", "bad.txt", "--no-config", cwd=tmp_path,
                   env={"DECKCHECK_OUTPUT_FORMAT": "concise"})
    assert proc.returncode == 1
    assert proc.stdout.decode().splitlines()[0].startswith("bad.txt:4: error: FOW101 ")


def test_cli_unreadable_deck_still_gets_a_junit_report(tmp_path):
    out = tmp_path / "junit.xml"
    proc = run_cli("check", "nope.txt", "--output-format", "junit", "-o", str(out),
                   "--no-config", cwd=tmp_path)
    assert proc.returncode == 2
    doc, suites = junit_suites(out.read_text(encoding="utf-8"))
    assert list(suites) == ["nope.txt"] and doc.errors == 1


# ---------------------------------------------------------------------------------------
# deckcheck.safetext: the one way every writer shows text it did not write (issue 13)


def test_safetext_escapes_hidden_characters_and_breaks_ci_commands():
    from deckcheck.safetext import log_safe, visible

    assert visible("a\x9b31m\u202eb\u2066c\u2028d\U000e0041") == \
        "a\\x9b31m\\u202eb\\u2066c\\u2028d\\U000e0041"
    assert visible("主牌　40 Café") == "主牌　40 Café"          # visible text is left alone
    assert log_safe("::set-output name=x::y") == ":\\:set-output name=x:\\:y"
    assert log_safe("a ##[error]b ##VSO[x]") == "a #\\#[error]b #\\#VSO[x]"
    assert log_safe(log_safe("::a ##[b")) == log_safe("::a ##[b")   # idempotent


def test_safetext_json_keeps_exact_content():
    from deckcheck.safetext import json_exact

    value = {"name": "::a ##[b] \u202e\x9b\u2028\U000e0041 中"}
    text = json_exact(json.dumps(value, ensure_ascii=False, indent=2))
    assert json.loads(text) == value
    assert "##[" not in text and "::" not in text and "\u202e" not in text
    assert "\\u202e" in text and "\\udb40\\udc41" in text and "中" in text


@pytest.mark.parametrize("cell, shown", [
    ("Sam;=1+1;x", "Sam;'=1+1;x"),
    ("=SUM(A1)", "'=SUM(A1)"),
    ("a, @b|+c; -d", "a, '@b|'+c; '-d"),
    ("x\t=1", "x\\t=1"),                 # a tab is shown as an escape, never split on
    ("O'Brien, Sam", "O'Brien, Sam"),
])
def test_safetext_spreadsheet_cell_guards_every_part(cell, shown):
    from deckcheck.safetext import spreadsheet_cell

    assert spreadsheet_cell(cell) == shown
