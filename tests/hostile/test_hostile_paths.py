"""What a checkout can hold besides file contents: symbolic links (loops, links out of
the tree, links to devices), FIFOs, unreadable files, directories named like decks, odd
file names; and ``-o`` pointing somewhere unusual."""

from __future__ import annotations

import json
import os
import threading

import pytest

from corpus import GRIMM
from hostile_support import HANG_GUARD, assert_bounded_and_clean, run_bounded, snapshot

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def _deck(path, text=GRIMM):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _checked(run) -> list[str]:
    return [r["path"] for r in json.loads(run.stdout)["results"]]


def test_directory_symlink_loop_is_walked_once(tmp_path):
    _deck(tmp_path / "decks" / "a.txt")
    (tmp_path / "decks" / "sub").mkdir()
    os.symlink("..", tmp_path / "decks" / "sub" / "up")
    os.symlink(tmp_path / "decks", tmp_path / "decks" / "sub" / "again")
    run = run_bounded("check", "-f", "fow-classic", "--output-format", "json", "decks",
                      cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 0 and _checked(run) == ["decks/a.txt"]


def test_links_out_of_a_walked_directory_are_not_followed(tmp_path):
    """A pull request must not make the report quote a file from outside the tree."""
    secret = _deck(tmp_path / "outside" / "secret.txt", "AWS_SECRET=abc123\n")
    _deck(tmp_path / "decks" / "real.txt")
    _deck(tmp_path / "decks" / "inner" / "target.txt")
    os.symlink(secret, tmp_path / "decks" / "leak.txt")
    os.symlink("inner/target.txt", tmp_path / "decks" / "alias.txt")
    os.symlink("/dev/zero", tmp_path / "decks" / "zero.txt")
    run = run_bounded("check", "-f", "fow-classic", "--output-format", "json", "decks",
                      cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert "abc123" not in run.stdout + run.stderr
    assert _checked(run) == ["decks/alias.txt", "decks/real.txt", "decks/inner/target.txt"]


def test_a_link_named_on_the_command_line_is_read(tmp_path):
    os.symlink(_deck(tmp_path / "outside" / "grimm.txt"), tmp_path / "link.txt")
    run = run_bounded("check", "-f", "fow-classic", "link.txt", cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 0


def test_a_link_to_a_device_is_refused(tmp_path):
    os.symlink("/dev/zero", tmp_path / "zero.txt")
    os.symlink("/dev/stdin", tmp_path / "stdin.txt")
    run = run_bounded("check", "-f", "fow-classic", "zero.txt", "stdin.txt", cwd=tmp_path,
                      stdin=b"4 Thunder\n")
    assert_bounded_and_clean(run)
    assert run.returncode == 2
    assert run.stderr.splitlines() == [
        f"deckcheck: error: {name}: is not a regular file (a pipe, device or socket); give "
        "the list on standard input with -" for name in ("zero.txt", "stdin.txt")]


@needs_fifo
def test_a_fifo_does_not_block(tmp_path):
    os.mkfifo(tmp_path / "deck.txt")
    run = run_bounded("check", "-f", "fow-classic", "deck.txt", cwd=tmp_path)
    assert_bounded_and_clean(run)     # a blocked open would be ended by the hang guard
    assert run.returncode == 2 and "not a regular file" in run.stderr


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="root reads files whatever their permissions")
def test_an_unreadable_file(tmp_path):
    deck = _deck(tmp_path / "deck.txt")
    deck.chmod(0)
    try:
        run = run_bounded("check", "-f", "fow-classic", "deck.txt", cwd=tmp_path)
    finally:
        deck.chmod(0o644)
    assert_bounded_and_clean(run)
    assert run.returncode == 2
    assert run.stderr == "deckcheck: error: deck.txt: permission denied\n"


def test_an_unreadable_file_in_process(tmp_path, monkeypatch):
    """The same as the test above, for root: the reader turns the refusal into a message."""
    import os

    from deckcheck.api import Options, check_file

    deck = _deck(tmp_path / "deck.txt")
    real_open = os.open

    def refuse(path, *args, **kwargs):   # the deck file alone, as its mode would
        if os.fspath(path) == str(deck):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    result = check_file(deck, Options(format_id="fow-classic"))
    assert result.error == f"{deck}: permission denied"


def test_a_directory_named_like_a_deck(tmp_path):
    (tmp_path / "deck.txt").mkdir()
    run = run_bounded("check", "-f", "fow-classic", "deck.txt", cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 2
    assert run.stderr.startswith("deckcheck: error: deck.txt: no deck files found in this "
                                 "directory")
    _deck(tmp_path / "deck.txt" / "inner.o8d.txt")
    run = run_bounded("check", "-f", "fow-classic", "deck.txt", cwd=tmp_path)
    assert run.returncode == 0, str(run)


@pytest.mark.parametrize("command", [
    ("check", "-f", "fow-classic", "deck.txt", "-o", "missing/sub/report.txt"),
    ("check", "-f", "fow-classic", "--output-format", "html", "deck.txt", "-o",
     "missing/report.html"),
    ("convert", "-f", "fow-classic", "deck.txt", "--to", "o8d", "-o", "missing/deck.o8d"),
    ("sample", "magewars-apprentice", "wizard", "-o", "missing/wizard.txt"),
])
def test_output_into_a_missing_directory(command, tmp_path):
    _deck(tmp_path / "deck.txt")
    before = snapshot(tmp_path)
    run = run_bounded(*command, cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 2
    assert run.stderr.startswith("deckcheck: error: cannot write missing/")
    assert run.stderr.endswith(": No such file or directory\n")
    assert snapshot(tmp_path) == before


def test_output_onto_a_directory(tmp_path):
    _deck(tmp_path / "deck.txt")
    (tmp_path / "out").mkdir()
    before = snapshot(tmp_path)
    run = run_bounded("check", "-f", "fow-classic", "deck.txt", "-o", "out", cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 2 and "cannot write out" in run.stderr
    assert snapshot(tmp_path) == before


@needs_fifo
def test_output_into_a_fifo_nobody_reads(tmp_path):
    _deck(tmp_path / "deck.txt")
    os.mkfifo(tmp_path / "report")
    run = run_bounded("check", "-f", "fow-classic", "deck.txt", "-o", "report", cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 2
    assert run.stderr == "deckcheck: error: cannot write report: nothing is reading from this pipe\n"
    assert os.path.exists(tmp_path / "report") and not os.path.isfile(tmp_path / "report")


@needs_fifo
def test_output_into_a_fifo_is_written_not_replaced(tmp_path):
    """``-o /dev/stdout`` or a named pipe: the report goes through it; the pipe stays."""
    _deck(tmp_path / "deck.txt")
    fifo = tmp_path / "report"
    os.mkfifo(fifo)
    received: list[bytes] = []

    def reader():
        with open(fifo, "rb") as fh:
            received.append(fh.read())

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    run = run_bounded("check", "-f", "fow-classic", "--output-format", "json", "deck.txt",
                      "-o", "report", cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 0, str(run)
    thread.join(HANG_GUARD)     # deckcheck has closed the pipe: the reader is at its end
    assert not thread.is_alive() and len(received) == 1
    assert json.loads(received[0])["results"][0]["path"] == "deck.txt"
    assert not os.path.isfile(fifo)                 # still the FIFO, not a file
    assert sorted(os.listdir(tmp_path)) == ["deck.txt", "report"]   # no temporary left


def test_paths_with_spaces_and_non_ascii(tmp_path):
    folder = tmp_path / "Decks für Turnier" / "Grimm – 2. Platz"
    _deck(folder / "gröbe Liste (final).txt")
    _deck(folder / "魔石 デッキ.txt")
    run = run_bounded("check", "-f", "fow-classic", "--output-format", "json",
                      "Decks für Turnier", cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 0, str(run)
    assert _checked(run) == ["Decks für Turnier/Grimm – 2. Platz/gröbe Liste (final).txt",
                             "Decks für Turnier/Grimm – 2. Platz/魔石 デッキ.txt"]
    text = run_bounded("check", "-f", "fow-classic", "Decks für Turnier", cwd=tmp_path)
    assert "Decks für Turnier/Grimm – 2. Platz/魔石 デッキ.txt — fow-classic: LEGAL" in text.stdout


@pytest.mark.parametrize("output_format", ["text", "concise", "github", "json", "sarif",
                                           "junit", "markdown", "html"])
def test_a_file_name_with_a_line_break(output_format, tmp_path):
    """A file named ``a\\n::warning::x.txt`` must not start a line of the report (a
    workflow command in GitHub Actions) nor split an error message."""
    _deck(tmp_path / "decks" / "a\n::warning::injected.txt")
    (tmp_path / "decks" / "b\n::error::binary.txt").write_bytes(b"\x00\x01\x02")
    run = run_bounded("check", "-f", "fow-classic", "--output-format", output_format, "decks",
                      cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 2
    for line in run.stdout.splitlines():
        assert not line.startswith(("::warning::", "::error::")), line
    (error,) = run.stderr.splitlines()
    # every line deckcheck prints, on stdout and stderr, breaks the '::' of a workflow
    # command (deckcheck.safetext.log_safe): a CI log never runs one
    message = "decks/b\\n:\\:error:\\:binary.txt: binary file"
    assert "::" not in run.stderr
    if output_format == "text":    # the report shows the problem; stderr says why exit 2
        assert "decks/b\\n:\\:error:\\:binary.txt: UNREADABLE: binary file" in run.stdout
        assert error.startswith("deckcheck: error: 1 of 2 files")
    else:
        assert error.startswith(f"deckcheck: error: {message}")


@pytest.mark.parametrize("output_format", ["text", "concise", "github", "json", "sarif",
                                           "junit", "markdown", "html"])
def test_a_file_name_that_is_not_utf8(output_format, tmp_path):
    """Undecodable bytes in a file name reach Python as lone surrogates; every report
    prints them as escapes."""
    folder = os.fsencode(tmp_path / "decks")
    os.mkdir(folder)
    with open(folder + b"/d\xff\xfe.txt", "w", encoding="utf-8") as fh:
        fh.write(GRIMM)
    with open(folder + b"/bin\xff.txt", "wb") as fh:
        fh.write(b"\x00\x01\x02\x03binary")
    run = run_bounded("check", "-f", "fow-classic", "--output-format", output_format, "decks",
                      cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 2
    message = ("decks/bin\\udcff.txt: binary file (NUL byte at line 1, byte 0); deck lists are "
               "plain text")
    if output_format == "text":    # the report shows the problem; stderr says why exit 2
        assert "decks/bin\\udcff.txt: UNREADABLE: binary file (NUL byte at line 1, byte 0)" in run.stdout
        assert run.stderr.startswith("deckcheck: error: 1 of 2 files could not be checked")
    else:
        assert run.stderr == f"deckcheck: error: {message}\n"


@pytest.mark.parametrize("content", [b"\x00\x01binary", b"4 " + b"A" * 4_000_000,
                                     b"4 Thunder\n" * 30_000])
def test_fix_leaves_hostile_files_alone(content, tmp_path):
    (tmp_path / "deck.txt").write_bytes(content)
    before = snapshot(tmp_path)
    run = run_bounded("fix", "-f", "fow-classic", "deck.txt", cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert snapshot(tmp_path) == before
