"""The human and CI reports are written as the results come: each deck's part is given out
before the next result is asked for, the summary comes last from figures kept on the way,
and the pieces join to exactly the report of the whole list."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckcheck.api import check_text
from deckcheck.reporting import get_reporter
from deckcheck.reporting.base import ReportOptions

ROOT = Path(__file__).resolve().parents[2]
GRIMM = (ROOT / "tests" / "cases" / "_decks" / "fow" / "grimm.txt").read_text(encoding="utf-8")
LOWER = GRIMM.replace("4 Elvish Priest", "4 elvish priest")   # an info note, fixable
BAD = GRIMM.replace("4 Cheshire Cat", "5 Cheshire Cat")       # an error


@pytest.fixture(scope="module")
def results():
    return [check_text(GRIMM, "fow-classic", path="decks/good.txt"),
            check_text(LOWER, "fow-classic", path="decks/lower.txt"),
            check_text(BAD, "fow-classic", path="decks/bad.txt"),
            check_text(GRIMM, "fow-classic", path="decks/again.txt")]


@pytest.fixture(autouse=True)
def _width(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")


OPTIONS = [{}, {"show_info": True}, {"quiet": True}, {"strict": True},
           {"quiet": True, "show_info": True}]


@pytest.mark.parametrize("name", ["text", "concise", "github"])
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "default")
def test_each_deck_is_written_before_the_next_result_is_made(name, options, results):
    asked: list[int] = []

    def arriving():
        for i, r in enumerate(results):
            asked.append(i)
            yield r

    reporter = get_reporter(name)(ReportOptions(root=str(ROOT), **options))
    pieces = []
    for piece in reporter.chunks(arriving()):
        pieces.append((len(asked), piece))
    # a deck is first named in a piece given out while only results 0..i had been made
    for i, r in enumerate(results):
        first = next((made for made, piece in pieces if r.path in piece), None)
        assert first in (None, i + 1), (r.path, first)
    if name == "github" or (name == "text" and not options.get("quiet")):   # every deck named
        assert all(any(r.path in piece for _, piece in pieces) for r in results)
    whole = get_reporter(name)(ReportOptions(root=str(ROOT), **options)).render(list(results))
    assert "".join(p for _, p in pieces) == whole


def test_the_streamed_text_report_keeps_its_layout(results):
    out = get_reporter("text")(ReportOptions()).render(results)
    lines = out.split("\n")
    # problems under their deck, one blank line before the summary, no blank line at the end
    assert lines[0] == "decks/good.txt — fow-classic: LEGAL"
    assert lines[1] == "decks/lower.txt — fow-classic: LEGAL (1 note)"
    assert lines[2] == "decks/bad.txt — fow-classic: ILLEGAL"
    assert lines[3].startswith("  line 5  error  FOW109")
    assert "" in lines[4:7] and lines[-1] == "" and lines[-2] != ""
    assert out.count("4 decks checked: 3 legal, 1 illegal (1 error, 0 warnings).") == 1
    assert "1 name can be corrected with `deckcheck fix`." in out
    quiet = get_reporter("text")(ReportOptions(quiet=True)).render(results)
    assert quiet.startswith("decks/bad.txt — fow-classic: ILLEGAL\n")
    assert not quiet.endswith("\n\n") and "checked" not in quiet
    assert get_reporter("text")(ReportOptions(quiet=True)).render(results[:1]) == ""


def test_the_github_summary_lists_every_deck_after_the_groups(results):
    out = get_reporter("github")(ReportOptions(root=str(ROOT))).render(results)
    groups_end = out.rindex("::endgroup::")
    summary = out[groups_end:]
    assert summary.index("deckcheck: 4 decks checked") < summary.index("  decks/good.txt: legal")
    assert "  decks/bad.txt: illegal (fow-classic, 1 error)" in summary
    assert out.count("::group::") == 4
