"""A folder's deck files come in the order a person expects: deck2 before deck10."""

from __future__ import annotations

from deckcheck.discovery import natural_key, walk


def test_numbers_in_names_compare_as_numbers(tmp_path):
    for name in ["deck10.txt", "deck2.txt", "deck1.txt", "Deck3.txt", "deck01.txt",
                 "round 12 - a.txt", "round 9 - b.txt"]:
        (tmp_path / name).write_text("4 Island\n")
    (tmp_path / "week10").mkdir()
    (tmp_path / "week9").mkdir()
    (tmp_path / "week10" / "x.txt").write_text("4 Island\n")
    (tmp_path / "week9" / "x.txt").write_text("4 Island\n")
    found, _ = walk(str(tmp_path))
    got = [str(t.path)[len(str(tmp_path)) + 1:] for t in found]
    assert got == ["deck01.txt", "deck1.txt", "deck2.txt", "Deck3.txt", "deck10.txt",
                   "round 9 - b.txt", "round 12 - a.txt", "week9/x.txt", "week10/x.txt"]


def test_the_order_is_total_and_takes_any_run_of_digits():
    names = ["a" + "9" * 5000, "a" + "1" + "0" * 4999, "a007", "a7", "A7", "a", "7", ""]
    ordered = sorted(names, key=natural_key)
    assert ordered == ["", "7", "a", "A7", "a007", "a7", "a" + "1" + "0" * 4999,
                       "a" + "9" * 5000]
    assert sorted(reversed(names), key=natural_key) == ordered
