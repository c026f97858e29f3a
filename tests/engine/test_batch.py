"""Batches: stable order, identical output with worker processes."""

from __future__ import annotations

from conftest import ROOT

GRIMM = (ROOT / "tests" / "cases" / "_decks" / "fow" / "grimm.txt").read_text(encoding="utf-8")


def _decks(tmp_path, n=24):
    d = tmp_path / "decks"
    (d / "sub").mkdir(parents=True)
    for i in range(n):
        text = GRIMM if i % 3 else GRIMM.replace("4 Gretel", f"{i % 5} Gretel")
        folder = d / "sub" if i % 2 else d
        (folder / f"deck{i:03d}.txt").write_text(text, encoding="utf-8")
    (d / "broken.txt").write_bytes(b"\x00\x01binary")
    return d


def test_two_workers_give_byte_identical_output(cli, tmp_path):
    d = _decks(tmp_path)
    one = cli("check", str(d), "--output-format", "json", "-j", "1")
    two = cli("check", str(d), "--output-format", "json", "-j", "2")
    assert one.returncode == two.returncode == 2          # the binary file is unreadable
    assert one.stdout == two.stdout and one.stdout


def test_directories_are_walked_in_a_stable_order(tmp_path):
    from deckcheck.api import collect_paths

    d = _decks(tmp_path, 6)
    names = [p.replace(str(d) + "/", "") for p in collect_paths([str(d)])]
    assert names == ["broken.txt", "deck000.txt", "deck002.txt", "deck004.txt",
                     "sub/deck001.txt", "sub/deck003.txt", "sub/deck005.txt"]
