"""Files deckcheck is told to read or write by someone else: a mailed roster naming files
anywhere (``register``), and ``fix`` meeting links, hard links, read-only files, a file
edited while it runs, signals and kills (issue 13, items 5 and 9).

Every case runs the real CLI in a child process, except where a race has to be made
deterministic: there the CLI runs in this process with one function patched to make the
change at the worst moment.
"""

from __future__ import annotations

import csv
import io
import json
import os

import pytest

from corpus import GRIMM
from hostile_support import assert_bounded_and_clean, run_bounded

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")

#: a "deck list" whose every line would show up in a report if it were read
SECRET = "Name: TOKEN-k3y-0f-th3-0rg4n1s3r\nPlayer: TOKEN-root-password\n4 TOKEN-hunter2\n"
MARK = "TOKEN-"



def _write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------------------------------
# register: deck paths stay inside the roster's folder (or --decks-dir)


def _hostile_event(tmp_path):
    """An event folder whose roster names, besides one good list, files outside it in
    every way a path can; and the secret those paths lead to."""
    event = tmp_path / "event"
    _write(event / "decks" / "ada.txt", GRIMM)
    secret = _write(tmp_path / "private" / "secret.txt", SECRET)
    os.symlink(os.path.relpath(secret, event / "decks"), event / "decks" / "link.txt")
    os.symlink(tmp_path / "private", event / "mail")              # a folder link out
    rows = [("Ada", "decks/ada.txt"), ("Bea", str(secret)), ("Cy", "../private/secret.txt"),
            ("Di", "decks/link.txt"), ("Ed", "mail/secret.txt"), ("Fay", "decks"),
            ("Gus", "decks/../../private/secret.txt")]
    if hasattr(os, "mkfifo"):
        os.mkfifo(event / "decks" / "pipe.txt")
        rows.append(("Hal", "decks/pipe.txt"))
    header = "# Date: 2026-12-05\n# Format: fow-classic\nname,player id,deck\n"
    body = "".join(f"{name},{i},{deck}\n" for i, (name, deck) in enumerate(rows, 1))
    _write(event / "roster.csv", header + body)
    return event, rows


def test_register_never_reads_a_deck_outside_the_rosters_folder(tmp_path):
    event, rows = _hostile_event(tmp_path)
    outputs = {}
    for fmt in ("text", "json", "csv", "html"):
        run = run_bounded("register", "event/roster.csv", "--output-format", fmt,
                          "--sheets", f"sheets-{fmt}.html", cwd=tmp_path)
        assert_bounded_and_clean(run)
        assert run.returncode == 1, str(run)     # organiser errors, as REG004 is
        outputs[fmt] = run.stdout + run.stderr
        outputs[f"sheets-{fmt}"] = (tmp_path / f"sheets-{fmt}.html").read_text("utf-8")
    for name, text in outputs.items():
        assert MARK not in text, f"{name} shows the content of a file outside the roster"
    doc = json.loads(outputs["json"])
    players = {p["name"]: p for p in doc["players"]}
    assert players["Ada"]["status"] == "legal" and players["Ada"]["organiser"] == []
    for line, (name, deck) in enumerate(rows, 4):
        if name == "Ada":
            continue
        p = players[name]
        assert p["status"] == "unreadable" and p["findings"] == [] and p["deck_name"] is None
        assert [f["code"] for f in p["organiser"]] == ["REG007"], p
        message = p["organiser"][0]["message"]
        assert message.startswith(f"event/roster.csv:{line}: {name}: deck {deck!r} ")
        assert "was not read" in message and p["error"] == message
        assert p["organiser"][0]["line"] == line and p["organiser"][0]["severity"] == "error"
    assert doc["totals"]["organiser_errors"] == len(rows) - 1
    # the same rows in the spreadsheet: kept, unreadable, with the organiser error
    table = {r["name"]: r for r in csv.DictReader(io.StringIO(outputs["csv"]))}
    assert table["Bea"]["status"] == "unreadable" and "REG007" in table["Bea"]["organiser"]
    assert "REG007" in outputs["text"] and "REG007" in outputs["html"]


def test_register_reads_decks_inside_an_explicit_decks_dir(tmp_path):
    _write(tmp_path / "mail" / "ada.txt", GRIMM)
    _write(tmp_path / "event" / "roster.csv",
           "# Date: 2026-12-05\nname,deck\nAda,../mail/ada.txt\n")
    run = run_bounded("register", "event/roster.csv", "-f", "fow-classic",
                      "--output-format", "json", cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 1
    assert json.loads(run.stdout)["players"][0]["organiser"][0]["code"] == "REG007"
    run = run_bounded("register", "event/roster.csv", "-f", "fow-classic", "--decks-dir",
                      "mail", "--output-format", "json", cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 0, str(run)
    assert json.loads(run.stdout)["players"][0]["status"] == "legal"
    run = run_bounded("register", "event/roster.csv", "--decks-dir", "nowhere", cwd=tmp_path)
    assert run.returncode == 2 and "--decks-dir nowhere: no such folder" in run.stderr
