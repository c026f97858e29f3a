"""Links and files that are not deck lists, through the real CLI (issue 13, item 1).

A pull request adds ``decks/notes.txt -> ../.git/config``, where actions/checkout keeps
``extraheader = AUTHORIZATION: basic <token>``: no output format and no report file may
show the token. More generally a walk follows no folder link and a file link only to a
regular file inside the folder walked and outside hidden folders; a named link must end
inside the working tree; a FIFO or device is never opened; and a file that is not a deck
list is one "not a deck list" entry when named (exit 2) and one info line when met in a
walk (skipped), never quoted line by line.
"""

from __future__ import annotations

import json
import os

import pytest

from corpus import GRIMM
from hostile_support import assert_bounded_and_clean, run_bounded, snapshot

FORMATS = ["text", "concise", "github", "json", "sarif", "junit", "markdown", "html"]
TOKEN = "c2VjcmV0LXRva2VuLWZvci1jaQ"
GIT_CONFIG = f"""[core]
\trepositoryformatversion = 0
\tfilemode = true
\tbare = false
[remote "origin"]
\turl = https://github.com/example/decks
\tfetch = +refs/heads/*:refs/remotes/origin/*
[http "https://github.com/"]
\textraheader = AUTHORIZATION: basic {TOKEN}
"""
NOTES = """# Notes from the spring open

We played five rounds on Saturday and the top eight on Sunday.
Alice won the final with her Grimm deck, which surprised everybody.
- Bring more sleeves next time, the shop ran out of them.
- Ask the judge about the new ruling on J-rulers before the event.
"""
PLAYERS = "player,deck,dci\nAlice,decks/alice.txt,1234567\nBob,decks/bob.txt,7654321\n"
README = """Deck lists for the club league
==============================

Put one list per player in this folder and name it after the player.
The CI checks every list when you open a pull request; see the workflow file.
"""
#: lines of the files above that must never reach a report
QUOTABLE = ["Alice won the final", "Bring more sleeves", "decks/alice.txt", "1234567",
            "name it after the player", "repositoryformatversion", TOKEN]

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def _write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def repo(tmp_path):
    """A checkout: ``.git/config`` holding a token, one legal deck, and the planted link."""
    _write(tmp_path / ".git" / "config", GIT_CONFIG)
    _write(tmp_path / "decks" / "grimm.txt", GRIMM)
    os.symlink("../.git/config", tmp_path / "decks" / "notes.txt")
    return tmp_path


def _info_lines(run) -> list[str]:
    return [line for line in run.stderr.splitlines() if line.startswith("deckcheck: info: ")]


def _checked(run) -> list[str]:
    return [r["path"] for r in json.loads(run.stdout)["results"]]


def _assert_quotes_nothing(run, *files):
    shown = run.stdout + run.stderr + "".join(f.read_text(encoding="utf-8") for f in files)
    for text in QUOTABLE:
        assert text not in shown, (text, str(run))


# ---------------------------------------------------------------------------------------
# the token of .git/config


@pytest.mark.parametrize("output_format", FORMATS)
@pytest.mark.parametrize("walked", [".", "decks"])
def test_a_link_to_git_config_in_a_walk_shows_no_token(output_format, walked, repo):
    """``check .`` is the case of the issue: the link stays inside the tree walked, but ends
    in a hidden folder; ``check decks``: it leaves the folder walked."""
    run = run_bounded("check", "-f", "fow-classic", "--output-format", output_format,
                      "-o", "report.out", walked, cwd=repo)
    assert_bounded_and_clean(run)
    _assert_quotes_nothing(run, repo / "report.out")
    assert run.returncode == 0, str(run)
    (info,) = _info_lines(run)
    assert info.startswith("deckcheck: info: decks/notes.txt: skipped: a symbolic link ")


@pytest.mark.parametrize("output_format", FORMATS)
def test_a_named_link_to_git_config_is_refused_and_shows_no_token(output_format, repo):
    """pre-commit and shell globs (``decks/*.txt``) name the link itself."""
    run = run_bounded("check", "-f", "fow-classic", "--output-format", output_format,
                      "-o", "report.out", "decks/grimm.txt", "decks/notes.txt", cwd=repo)
    assert_bounded_and_clean(run)
    _assert_quotes_nothing(run, repo / "report.out")
    assert run.returncode == 2
    assert run.stderr == ("deckcheck: error: decks/notes.txt: is a symbolic link into a hidden "
                          "folder or file (such as .git); name a deck file instead\n")


@pytest.mark.parametrize("output_format", FORMATS)
def test_git_config_named_itself_is_not_a_deck_list(output_format, repo):
    """Named without a link, the file is read, found to be no deck list and never quoted."""
    run = run_bounded("check", "-f", "fow-classic", "--output-format", output_format,
                      ".git/config", cwd=repo)
    assert_bounded_and_clean(run)
    _assert_quotes_nothing(run)
    assert run.returncode == 2
    (line,) = run.stderr.splitlines()
    assert line.startswith("deckcheck: error: .git/config: not a deck list (no line reads as "
                           "a card entry or zone heading; ")
    assert line.endswith("); name a deck file, or write one card per line (e.g. '4 Card Name')")


def test_a_json_report_holds_one_entry_without_content_for_a_file_that_is_no_deck(repo):
    run = run_bounded("check", "-f", "fow-classic", "--output-format", "json", ".git/config",
                      "decks/grimm.txt", cwd=repo)
    assert_bounded_and_clean(run)
    assert run.returncode == 2
    first, second = json.loads(run.stdout)["results"]
    assert first["path"] == ".git/config" and "not a deck list" in first["error"]
    assert first["findings"] == [] and first["cards"] == [] and first["legal"] is False
    assert second["path"] == "decks/grimm.txt" and second["legal"] is True


# ---------------------------------------------------------------------------------------
# links and special files in a walk, and named


def test_links_in_a_walk_are_passed_over_with_one_info_line_each(tmp_path):
    outside = tmp_path / "outside"
    _write(outside / "deck.txt", GRIMM)
    _write(outside / "folder" / "inner.txt", GRIMM)
    _write(tmp_path / "repo" / ".github" / "hidden.txt", GRIMM)
    _write(tmp_path / "repo" / "other" / "sub.txt", GRIMM)
    decks = tmp_path / "repo" / "decks"
    _write(decks / "grimm.txt", GRIMM)
    _write(decks / "real" / "target.txt", GRIMM)
    links = {
        "a-folder-inside": "../other",
        "b-folder-outside": str(outside / "folder"),
        "c-file-outside.txt": str(outside / "deck.txt"),
        "d-dangling.txt": "missing.txt",
        "e-zero.txt": "/dev/zero",
        "f-alias.txt": "real/target.txt",
    }
    for name, target in links.items():
        os.symlink(target, decks / name)
    os.symlink("../../.github/hidden.txt", decks / "real" / "g-hidden.txt")
    run = run_bounded("check", "-f", "fow-classic", "--output-format", "json", "decks",
                      cwd=tmp_path / "repo")
    assert_bounded_and_clean(run)
    assert run.returncode == 0, str(run)
    assert _checked(run) == ["decks/f-alias.txt", "decks/grimm.txt", "decks/real/target.txt"]
    assert _info_lines(run) == [
        "deckcheck: info: decks/a-folder-inside: skipped: a symbolic link to a folder "
        "(directory walks follow no links; name the folder to check it)",
        "deckcheck: info: decks/b-folder-outside: skipped: a symbolic link to a folder "
        "(directory walks follow no links; name the folder to check it)",
        "deckcheck: info: decks/c-file-outside.txt: skipped: a symbolic link to a file "
        "outside the folder walked (walks follow links only to files inside it)",
        "deckcheck: info: decks/d-dangling.txt: skipped: a symbolic link to nothing (its "
        "target does not exist)",
        "deckcheck: info: decks/e-zero.txt: skipped: a symbolic link to a file outside the "
        "folder walked (walks follow links only to files inside it)",
        "deckcheck: info: decks/real/g-hidden.txt: skipped: a symbolic link to a file "
        "outside the folder walked (walks follow links only to files inside it)",
    ]


def test_a_link_into_a_hidden_folder_inside_the_walked_tree_is_passed_over(tmp_path):
    _write(tmp_path / "decks" / ".drafts" / "secret.txt", GRIMM.replace("Gretel", "Secretel"))
    _write(tmp_path / "decks" / "grimm.txt", GRIMM)
    os.symlink(".drafts/secret.txt", tmp_path / "decks" / "copy.txt")
    run = run_bounded("check", "-f", "fow-classic", "decks", cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 0 and "Secretel" not in run.stdout + run.stderr
    assert _info_lines(run) == ["deckcheck: info: decks/copy.txt: skipped: a symbolic link "
                                "into a hidden folder or file (such as .git)"]


@needs_fifo
def test_a_fifo_in_a_walk_is_passed_over_without_opening_it(tmp_path):
    _write(tmp_path / "decks" / "grimm.txt", GRIMM)
    os.mkfifo(tmp_path / "decks" / "pipe.txt")
    os.symlink("pipe.txt", tmp_path / "decks" / "pipe-link.txt")
    run = run_bounded("check", "-f", "fow-classic", "decks", cwd=tmp_path, timeout=60)
    assert_bounded_and_clean(run)
    assert run.returncode == 0
    assert _info_lines(run) == [
        "deckcheck: info: decks/pipe-link.txt: skipped: a symbolic link to something that is "
        "not a regular file",
        "deckcheck: info: decks/pipe.txt: skipped: not a regular file (a pipe, device or "
        "socket)"]


@pytest.mark.parametrize("name, target, message", [
    ("outside.txt", "{outside}/deck.txt", "is a symbolic link that leads outside {tree}; "
     "deckcheck follows links only within the working tree: name the file itself"),
    ("hidden.txt", ".git/config", "is a symbolic link into a hidden folder or file (such as "
     ".git); name a deck file instead"),
    ("dangling.txt", "missing.txt", "is a symbolic link to nothing (its target does not "
     "exist)"),
    ("zero.txt", "/dev/zero", "is not a regular file (a pipe, device or socket); give the "
     "list on standard input with -"),
    ("folder", "{outside}", "is a symbolic link that leads outside {tree}; deckcheck follows "
     "links only within the working tree: name the file itself"),
])
def test_a_named_link_that_leads_astray_is_an_error_naming_the_link(name, target, message,
                                                                    tmp_path):
    outside = tmp_path / "outside"
    _write(outside / "deck.txt", GRIMM)
    tree = tmp_path / "repo"
    _write(tree / ".git" / "config", GIT_CONFIG)
    os.symlink(target.format(outside=outside), tree / name)
    run = run_bounded("check", "-f", "fow-classic", name, cwd=tree)
    assert_bounded_and_clean(run)
    assert run.returncode == 2
    assert run.stderr == f"deckcheck: error: {name}: {message.format(tree=tree)}\n"
    assert TOKEN not in run.stdout


def test_a_named_link_inside_the_working_tree_is_read(tmp_path):
    _write(tmp_path / "repo" / ".git" / "HEAD", "ref: refs/heads/main\n")
    _write(tmp_path / "repo" / "lists" / "grimm.txt", GRIMM)
    os.symlink("lists/grimm.txt", tmp_path / "repo" / "decks.txt")
    os.symlink("lists", tmp_path / "repo" / "alias")
    (tmp_path / "repo" / "sub").mkdir()
    run = run_bounded("check", "-f", "fow-classic", "../decks.txt", "../alias",
                      cwd=tmp_path / "repo" / "sub")
    assert_bounded_and_clean(run)
    assert run.returncode == 0, str(run)


@needs_fifo
def test_a_named_fifo_is_refused_without_opening_it(tmp_path):
    os.mkfifo(tmp_path / "pipe.txt")
    os.symlink("pipe.txt", tmp_path / "link.txt")
    run = run_bounded("check", "-f", "fow-classic", "pipe.txt", "link.txt", cwd=tmp_path,
                      timeout=60)
    assert_bounded_and_clean(run)
    assert run.returncode == 2
    assert run.stderr.splitlines() == [
        f"deckcheck: error: {name}: is not a regular file (a pipe, device or socket); give "
        "the list on standard input with -" for name in ("pipe.txt", "link.txt")]


# ---------------------------------------------------------------------------------------
# files that are not deck lists


@pytest.fixture
def folder(tmp_path):
    _write(tmp_path / "decks" / "grimm.txt", GRIMM)
    _write(tmp_path / "decks" / "notes.md", NOTES)
    _write(tmp_path / "decks" / "players.csv", PLAYERS)
    _write(tmp_path / "decks" / "README.txt", README)
    return tmp_path


@pytest.mark.parametrize("output_format", FORMATS)
def test_files_that_are_not_deck_lists_are_skipped_in_a_walk(output_format, folder):
    run = run_bounded("check", "-f", "fow-classic", "--output-format", output_format, "decks",
                      cwd=folder)
    assert_bounded_and_clean(run)
    _assert_quotes_nothing(run)
    assert run.returncode == 0, str(run)
    assert [line.split(": skipped: ")[0] for line in _info_lines(run)] == [
        f"deckcheck: info: decks/{name}" for name in ("notes.md", "players.csv", "README.txt")]
    for line in _info_lines(run):
        assert ": skipped: not a deck list (" in line
    if output_format == "json":
        assert _checked(run) == ["decks/grimm.txt"]


@pytest.mark.parametrize("output_format", FORMATS)
@pytest.mark.parametrize("name", ["notes.md", "players.csv", "README.txt"])
def test_a_named_file_that_is_not_a_deck_list_is_an_error(name, output_format, folder):
    run = run_bounded("check", "-f", "fow-classic", "--output-format", output_format,
                      f"decks/{name}", cwd=folder)
    assert_bounded_and_clean(run)
    _assert_quotes_nothing(run)
    assert run.returncode == 2
    (line,) = run.stderr.splitlines()
    assert line.startswith(f"deckcheck: error: decks/{name}: not a deck list (")


def test_a_folder_of_notes_only_has_nothing_to_check(folder):
    (folder / "decks" / "grimm.txt").unlink()
    run = run_bounded("check", "-f", "fow-classic", "decks", cwd=folder)
    assert_bounded_and_clean(run)
    assert run.returncode == 2
    assert run.stderr.splitlines()[-1] == ("deckcheck: error: decks: no deck lists in this "
                                           "directory (3 files skipped: not deck lists)")


def test_a_file_the_configuration_includes_must_be_a_deck_list(folder):
    """``include:`` names the deck files: one that is no deck list is an error."""
    _write(folder / ".deckcheck.yaml", 'include: ["decks/*.txt"]\n')
    run = run_bounded("check", "-f", "fow-classic", "decks", cwd=folder)
    assert_bounded_and_clean(run)
    _assert_quotes_nothing(run)
    assert run.returncode == 2
    assert run.stderr.splitlines() == [
        "deckcheck: error: 1 of 2 files could not be checked (see the report above)"]
    assert "decks/README.txt: UNREADABLE: not a deck list (" in run.stdout


def test_a_list_of_cards_nobody_knows_is_still_a_deck_list(tmp_path):
    """The shape decides, not the card data: unknown names fail with DCK002 findings."""
    _write(tmp_path / "decks" / "new-set.txt",
           "Ruler: Zorblax, the Unheard Sovereign\n\nMain Deck\n4 Glimmering Voidcaller\n"
           "4 Quillfeather Sprite\nMighty Flumph of Doom\n")
    _write(tmp_path / "decks" / "commander.txt", "Zorblax the Unheard\nGlorpwing Drake\n"
                                                  "Mossback Wanderer\nFlumph of Doom\n")
    run = run_bounded("check", "-f", "fow-classic", "--output-format", "json", "decks",
                      cwd=tmp_path)
    assert_bounded_and_clean(run)
    assert run.returncode == 1, str(run)
    assert _info_lines(run) == []
    results = json.loads(run.stdout)["results"]
    assert [r["path"] for r in results] == ["decks/commander.txt", "decks/new-set.txt"]
    for r in results:
        assert not r.get("error"), r
        assert "DCK002" in {f["code"] for f in r["findings"]}, r


def test_fix_leaves_files_that_are_not_deck_lists_alone(folder):
    """A note that happens to name a card ("Gretel") is neither rewritten nor quoted."""
    _write(folder / "decks" / "notes.md", NOTES + "Gretel\n")
    before = snapshot(folder)
    run = run_bounded("fix", "-f", "fow-classic", "--diff", "decks", cwd=folder)
    assert_bounded_and_clean(run)
    _assert_quotes_nothing(run)
    assert run.returncode == 0, str(run)
    assert len(_info_lines(run)) == 3
    run = run_bounded("fix", "-f", "fow-classic", "decks/notes.md", cwd=folder)
    assert_bounded_and_clean(run)
    _assert_quotes_nothing(run)
    assert run.returncode == 2
    assert run.stderr.startswith("deckcheck: error: decks/notes.md: not a deck list (")
    assert snapshot(folder) == before
