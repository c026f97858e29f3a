"""Streamed batches: the JSON and JSON Lines reports are written as results are made, in
input order, with the same content as the whole document; a batch holds a bounded number
of results, whatever its size."""

from __future__ import annotations

import gc
import json

from conftest import ROOT

from deckcheck.api import Options, check_paths, iter_check_paths
from deckcheck.models import DeckResult

GRIMM = (ROOT / "tests" / "cases" / "_decks" / "fow" / "grimm.txt").read_text(encoding="utf-8")


def _decks(tmp_path, n=12, name="decks"):
    d = tmp_path / name
    d.mkdir()
    for i in range(n):
        text = GRIMM if i % 3 else GRIMM.replace("4 Gretel", f"{i % 5} Gretel")
        (d / f"deck{i:03d}.txt").write_text(text, encoding="utf-8")
    (d / "deck005.txt").write_bytes(b"\x00\x01binary")     # one unreadable file among them
    return d


def test_streamed_json_has_the_content_of_the_whole_document(tmp_path):
    from deckcheck.reporting.json_report import JsonReporter

    results = check_paths([str(_decks(tmp_path))], Options(), jobs=1)
    reporter = JsonReporter()
    streamed = json.loads("".join(reporter.chunks(iter(results))))
    whole = json.loads(json.dumps(reporter.document(results), ensure_ascii=False, default=str))
    assert streamed == whole
    assert streamed["summary"]["decks"] == len(results) == 12
    assert reporter.render(results) == "".join(reporter.chunks(results))


def test_empty_json_report_is_the_version_1_document():
    from deckcheck.reporting.json_report import JsonReporter

    doc = json.loads(JsonReporter().render([]))
    assert doc["version"] == 1 and doc["results"] == []
    assert doc["summary"] == {"decks": 0, "legal": 0, "illegal": 0, "errors": 0, "warnings": 0}


def test_jsonl_has_one_line_per_deck_in_input_order_then_the_summary(cli, tmp_path):
    d = _decks(tmp_path)
    r = cli("check", str(d), "--output-format", "jsonl", "--no-config")
    lines = r.stdout.decode("utf-8").splitlines()
    assert r.returncode == 2                       # the binary file could not be read
    records = [json.loads(line) for line in lines]
    assert [x["type"] for x in records] == ["result"] * 12 + ["summary"]
    paths = [x["path"] for x in records[:-1]]
    assert paths == sorted(paths) and paths[0].endswith("deck000.txt")
    whole = json.loads(cli("check", str(d), "--output-format", "json", "--no-config").stdout)
    assert [{k: v for k, v in x.items() if k != "type"} for x in records[:-1]] == whole["results"]
    assert records[-1]["summary"] == whole["summary"] and records[-1]["version"] == 1


def test_jsonl_with_one_and_two_workers_is_byte_identical(cli, tmp_path):
    d = _decks(tmp_path, 20)
    one = cli("check", str(d), "--output-format", "jsonl", "-j", "1", "--no-config")
    two = cli("check", str(d), "--output-format", "jsonl", "-j", "2", "--no-config")
    assert one.stdout == two.stdout and one.stdout.count(b"\n") == 21


def test_a_batch_holds_a_bounded_number_of_results(tmp_path):
    """With worker processes, at most the window of chunks is out or held at once (an
    operation count, not a clock): far fewer than the batch."""
    from deckcheck import batch

    d = _decks(tmp_path, 160)
    seen = 0
    for result in iter_check_paths([str(d)], Options(), jobs=2):
        seen += 1
    assert seen == 160
    assert 0 < batch.STATS["peak_pending"] <= batch.STATS["bound"]
    assert batch.STATS["bound"] < 160 // 2


def test_one_worker_keeps_no_result_once_it_is_yielded(tmp_path):
    """A consumer that drops each result finds no more than a couple alive at any time."""
    d = _decks(tmp_path, 40)
    most = 0
    for i, result in enumerate(iter_check_paths([str(d)], Options(), jobs=1)):
        del result
        if i % 8 == 7:
            alive = sum(1 for o in gc.get_objects() if type(o) is DeckResult)
            most = max(most, alive)
    assert most <= 2


def test_a_folder_of_no_deck_lists_after_others_still_closes_the_report(cli, tmp_path):
    d = _decks(tmp_path, 3)
    empty = tmp_path / "notes"
    empty.mkdir()
    (empty / "readme.txt").write_text("This folder holds notes about the event.\n"
                                      "Nothing in it is a deck.\n", encoding="utf-8")
    r = cli("check", str(d), str(empty), "--output-format", "json", "--no-config")
    assert r.returncode == 2
    doc = json.loads(r.stdout)                     # a whole document, the checked decks in it
    assert doc["summary"]["decks"] == 4            # three lists and the binary file
    assert "no deck lists in this directory" in r.stderr.decode()


def test_auto_jobs_follows_the_affinity_and_the_load():
    from deckcheck.batch import auto_jobs

    assert auto_jobs({0, 1, 2, 3}, 0.2)[0] == 4
    assert auto_jobs({0, 1, 2, 3}, 2.6)[0] == 1
    assert auto_jobs({0, 1}, 7.0)[0] == 1
    jobs, why = auto_jobs({0, 1}, 0.0)
    assert jobs == 2 and "2 CPUs" in why and "load average 0.00" in why


def test_jobs_auto_says_what_it_chose(cli, tmp_path):
    d = _decks(tmp_path, 3)
    r = cli("check", str(d), "-j", "auto", "--output-format", "json", "--no-config")
    assert "-j auto:" in r.stderr.decode() and json.loads(r.stdout)["summary"]["decks"] == 4
    bad = cli("check", str(d), "-j", "0", "--no-config")
    assert bad.returncode == 2 and "from 1 to 64, or auto" in bad.stderr.decode()
