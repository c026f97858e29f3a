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
import itertools
import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from corpus import GRIMM
from hostile_support import assert_bounded_and_clean, run_bounded, snapshot

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")

#: a "deck list" whose every line would show up in a report if it were read
SECRET = "Name: TOKEN-k3y-0f-th3-0rg4n1s3r\nPlayer: TOKEN-root-password\n4 TOKEN-hunter2\n"
MARK = "TOKEN-"

#: GRIMM with names written in lower case: ``fix`` has something safe to change
MESSY = GRIMM.replace("Grimm, the Fairy Tale Prince", "grimm, the fairy tale prince") \
    .replace("4 Gretel", "4x gretel")


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


# ---------------------------------------------------------------------------------------
# fix: links


def _repo(tmp_path):
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    return repo


def _fix(*args, cwd):
    run = run_bounded("fix", "-f", "fow-classic", *args, cwd=cwd)
    assert_bounded_and_clean(run)
    return run


def test_fix_writes_through_a_link_inside_the_tree_and_keeps_the_link(tmp_path):
    repo = _repo(tmp_path)
    target = _write(repo / "lists" / "grimm.txt", MESSY)
    (repo / "decks").mkdir()
    os.symlink("../lists/grimm.txt", repo / "decks" / "grimm.txt")
    run = _fix("decks/grimm.txt", cwd=repo)
    assert run.returncode == 0, str(run)
    assert os.readlink(repo / "decks" / "grimm.txt") == "../lists/grimm.txt"
    fixed = target.read_text(encoding="utf-8")
    assert "Ruler: Grimm, the Fairy Tale Prince" in fixed and "4 Gretel" in fixed


@pytest.mark.parametrize("where", ["outside", "dot-folder"])
def test_fix_refuses_a_link_that_leads_out_and_writes_nothing(tmp_path, where):
    repo = _repo(tmp_path)
    if where == "outside":
        target = os.path.relpath(_write(tmp_path / "elsewhere" / "grimm.txt", MESSY), repo)
    else:
        target = os.path.relpath(_write(repo / ".git" / "grimm.txt", MESSY), repo)
    os.symlink(target, repo / "grimm.txt")
    before = snapshot(tmp_path)
    run = _fix("grimm.txt", cwd=repo)
    assert run.returncode == 2, str(run)
    assert run.stderr.startswith("deckcheck: error: grimm.txt: is ") and \
        "symbolic link" in run.stderr, str(run)
    assert run.stderr.count("\n") == 1 and snapshot(tmp_path) == before


def test_a_rewrite_through_a_link_out_of_the_tree_is_refused_before_reading(tmp_path):
    """API level: whatever chose the file (a name, a directory walk), the write goes through
    a link only inside the tree; the file is not even read."""
    from deckcheck.fileio import WriteRefused, plan_rewrite

    repo = _repo(tmp_path)
    outside = _write(tmp_path / "elsewhere" / "grimm.txt", MESSY)
    os.symlink(outside, repo / "grimm.txt")
    os.symlink(tmp_path / "elsewhere", repo / "folder")
    for name in ("grimm.txt", "folder/grimm.txt"):
        with pytest.raises(WriteRefused, match="symbolic link to a file outside the working"):
            plan_rewrite(str(repo / name), repo, 1 << 20)
    inside = plan_rewrite(str(repo / "grimm.txt"), tmp_path, 1 << 20)   # a wider tree
    assert inside.path == outside and inside.state is not None


# ---------------------------------------------------------------------------------------
# fix: hard links and read-only files


def test_fix_refuses_a_file_with_several_hard_links(tmp_path):
    repo = _repo(tmp_path)
    one = _write(repo / "decks" / "grimm.txt", MESSY)
    os.link(one, repo / "grimm-copy.txt")
    before = snapshot(tmp_path)
    run = _fix("decks/grimm.txt", cwd=repo)
    assert run.returncode == 2 and "has 2 hard links" in run.stderr, str(run)
    assert snapshot(tmp_path) == before
    assert os.stat(one).st_ino == os.stat(repo / "grimm-copy.txt").st_ino   # not split
    assert _fix("--diff", "decks/grimm.txt", cwd=repo).returncode == 1     # --diff still works


@pytest.mark.parametrize("what", ["file", "folder"])
def test_fix_refuses_a_read_only_file_or_folder(tmp_path, what):
    """The mode bits count, also for root (who tests often run as and who could write)."""
    repo = _repo(tmp_path)
    deck = _write(repo / "decks" / "grimm.txt", MESSY)
    locked = deck if what == "file" else deck.parent
    locked.chmod(0o444 if what == "file" else 0o555)
    try:
        before = snapshot(tmp_path)
        run = _fix("decks/grimm.txt", cwd=repo)
        after = snapshot(tmp_path)
    finally:
        locked.chmod(0o644 if what == "file" else 0o755)
    assert run.returncode == 2, str(run)
    needle = "is read-only (mode -r--r--r--)" if what == "file" else "its folder is read-only"
    assert run.stderr.startswith(f"deckcheck: error: decks/grimm.txt: {needle}"), str(run)
    assert "left alone" in run.stderr and after == before


# ---------------------------------------------------------------------------------------
# fix: an edit made while fix runs is kept


def test_an_edit_made_between_reading_and_renaming_is_kept(tmp_path, monkeypatch, capsys):
    """The CLI in this process; the edit is made while the new version is being written
    (``os.fsync`` of the temporary file), the last moment before the check and the rename."""
    from deckcheck.cli import _run

    repo = _repo(tmp_path)
    deck = _write(repo / "grimm.txt", MESSY)
    real_fsync = os.fsync

    def edit_then_fsync(fd):
        with open(deck, "a", encoding="utf-8") as fh:
            fh.write("1 Gretel\n")
        real_fsync(fd)

    monkeypatch.chdir(repo)
    monkeypatch.setattr(os, "fsync", edit_then_fsync)
    assert _run(["fix", "-f", "fow-classic", "grimm.txt"]) == 2
    err = capsys.readouterr().err
    assert "grimm.txt: changed while fix was running" in err and "the change was kept" in err
    assert deck.read_text(encoding="utf-8") == MESSY + "1 Gretel\n"
    assert sorted(p.name for p in repo.iterdir()) == [".git", "grimm.txt"]   # no temporary


def test_a_change_that_keeps_size_and_mtime_is_still_seen(tmp_path):
    """API level: the bytes' hash catches what the size and the modification time miss."""
    from deckcheck.fileio import WriteRefused, plan_rewrite

    deck = _write(tmp_path / "grimm.txt", MESSY)
    plan = plan_rewrite(str(deck), tmp_path, 1 << 20)
    st = deck.stat()
    deck.write_text(MESSY.replace("gretel", "GRETEL"), encoding="utf-8")   # same size
    os.utime(deck, ns=(st.st_atime_ns, st.st_mtime_ns))
    with pytest.raises(WriteRefused, match="changed while fix was running"):
        plan.write(GRIMM)
    assert deck.read_text(encoding="utf-8") == MESSY.replace("gretel", "GRETEL")
    plan = plan_rewrite(str(deck), tmp_path, 1 << 20)       # read again: now it may write
    plan.write(GRIMM)
    assert deck.read_text(encoding="utf-8") == GRIMM


# ---------------------------------------------------------------------------------------
# fix: temporary files


_SIGNAL_CHILD = """
import os, signal, sys
from deckcheck.cli import main
real = os.fsync
def fsync_then_signal(fd):
    real(fd)
    os.kill(os.getpid(), signal.{name})
os.fsync = fsync_then_signal
main(["fix", "-f", "fow-classic", "grimm.txt"])
"""


@pytest.mark.parametrize("name", ["SIGTERM", "SIGINT"])
def test_a_signal_while_writing_removes_the_temporary_file(tmp_path, name):
    """The real CLI in a child process that signals itself once the temporary file is
    written: the list is left as it was and nothing is left beside it. (SIGINT was handled
    before too, as KeyboardInterrupt; SIGTERM ended the process with the file left.)"""
    repo = _repo(tmp_path)
    deck = _write(repo / "grimm.txt", MESSY)
    proc = subprocess.run([sys.executable, "-c", _SIGNAL_CHILD.format(name=name)], cwd=repo,
                          capture_output=True, timeout=600)
    assert proc.returncode != 0, proc
    assert b"Traceback" not in proc.stderr, proc.stderr
    assert deck.read_text(encoding="utf-8") == MESSY
    assert sorted(p.name for p in repo.iterdir()) == [".git", "grimm.txt"]


def test_stale_temporaries_are_removed_and_never_checked(tmp_path):
    """What a SIGKILL can leave: the next fix in that folder removes it once it is a few
    minutes old (a younger one may be another run's), and no walk reads it."""
    from deckcheck.fileio import STALE_SECONDS

    repo = _repo(tmp_path)
    _write(repo / "decks" / "grimm.txt", MESSY)
    old = _write(repo / "decks" / ".grimm.txt.deckcheck-ab12cd_3.tmp", SECRET)
    young = _write(repo / "decks" / ".grimm.txt.deckcheck-zz99yy00.tmp", SECRET)
    other = _write(repo / "decks" / ".notes.tmp", SECRET)         # not ours: kept
    past = time.time() - STALE_SECONDS - 60
    for p in (old, other):
        os.utime(p, (past, past))
    run = run_bounded("check", "-f", "fow-classic", "--output-format", "json", "decks",
                      cwd=repo)
    assert_bounded_and_clean(run)
    assert [r["path"] for r in json.loads(run.stdout)["results"]] == ["decks/grimm.txt"]
    assert MARK not in run.stdout
    assert _fix("decks/grimm.txt", cwd=repo).returncode == 0
    assert not old.exists() and young.exists() and other.exists()


def test_random_kills_never_truncate_or_mix(tmp_path):
    """200 SIGKILLs at random moments of a (forked) child that rewrites one file in a loop:
    the file is always one whole version, never a truncated or mixed one; what the kills
    leave are temporary files of the documented pattern, which the next write removes once
    they are stale."""
    from deckcheck.fileio import STALE_SECONDS, is_temporary, plan_rewrite

    a = "A" * 200_000 + "\n"
    b = "B" * 200_000 + "\n"
    target = tmp_path / "deck.txt"
    target.write_text(a, encoding="utf-8")
    rng = random.Random(13)
    for _ in range(200):
        ready, started = os.pipe()
        pid = os.fork()
        if pid == 0:     # the child: rewrite the file for ever, until it is killed
            try:
                os.close(ready)
                for i in itertools.count():
                    plan_rewrite(str(target), tmp_path, 1 << 24).write((a, b)[i % 2])
                    os.write(started, b"x")         # one more version written
            finally:
                os._exit(1)
        os.close(started)
        for _ in range(rng.randrange(3)):            # the loop is under way …
            assert os.read(ready, 1) == b"x"
        time.sleep(rng.uniform(0, 0.01))             # … and is killed at a random moment
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        os.close(ready)
        assert os.WIFSIGNALED(status), status          # killed, not ended by an error
        assert target.read_text(encoding="utf-8") in (a, b)
    left = [p for p in tmp_path.iterdir() if p != target]
    assert all(is_temporary(p.name) for p in left), left
    past = time.time() - STALE_SECONDS - 60
    for p in left:
        os.utime(p, (past, past))
    plan_rewrite(str(target), tmp_path, 1 << 24).write(a)
    assert list(tmp_path.iterdir()) == [target]
