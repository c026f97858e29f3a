"""Property tests of the rules (hypothesis): every format of every game, with decks built
from the real card data (``tests/rule_decks.py``), checked through the public API.

For every generated list: no exception, a result (or the usage error that the format and
date themselves give, for any list), findings that name zones of the game, cards of the
deck and lines of the list, the same result twice, and a line with the count 0 changing
nothing but the notes about that line.

Seeded (``derandomize``) and bounded: ``DECKCHECK_FUZZ_EXAMPLES`` sets the examples per
format and property (default 16); ``bench/fuzz_rules.py`` is the larger run.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rule_decks import (check, findings_apart_from_line, problems, random_deck, signature,
                        zero_line_pair)

from deckcheck.formats import all_formats

from conftest import ROOT, run_cli

FORMATS = [f.id for f in all_formats()]
EXAMPLES = int(os.environ.get("DECKCHECK_FUZZ_EXAMPLES") or 16)
SEEDED = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
# MTG310 lists the lines of a section that is not part of the deck, as written: a line with
# the count 0 is one of them
LINES_AS_WRITTEN = {"MTG310"}


def test_every_game_has_formats_here() -> None:
    games = {f.split("-")[0] for f in FORMATS}
    assert games == {"fow", "mtg", "wowtcg", "magewars", "mageknight"}, games


@pytest.mark.parametrize("format_id", FORMATS)
@pytest.mark.parametrize("dated", [False, True], ids=["no-date", "date"])
@SEEDED
@given(rnd=st.randoms(use_true_random=False))
def test_generated_decks_are_checked(format_id: str, dated: bool, rnd) -> None:
    deck = random_deck(rnd, format_id, with_date=dated)
    result, usage = check(deck)
    assert problems(deck, result, usage) == [], deck.text
    again, usage_again = check(deck)
    assert usage_again == usage
    if result is not None:
        assert signature(again) == signature(result), f"not deterministic:\n{deck.text}"


@pytest.mark.parametrize("format_id", FORMATS)
@SEEDED
@given(rnd=st.randoms(use_true_random=False))
def test_a_line_with_count_zero_changes_nothing(format_id: str, rnd) -> None:
    deck = random_deck(rnd, format_id)
    result, _ = check(deck)
    pair = zero_line_pair(rnd, deck, result) if result is not None else None
    if pair is None:
        return
    zero, comment, line = pair
    with_zero, _ = check(zero)
    with_comment, _ = check(comment)
    assert problems(zero, with_zero, None) == [], zero.text

    def kept(result):
        return [f for f in findings_apart_from_line(result, line)
                if not any(f"'code', '{c}'" in f for c in LINES_AS_WRITTEN)]

    assert kept(with_zero) == kept(with_comment), f"line {line}:\n{zero.text}"
    assert {z: n for z, n in with_zero.counts.items() if n} == \
        {z: n for z, n in with_comment.counts.items() if n}


# ---------------------------------------------------------------------------------------
# issue 21: the deck that stopped deckcheck with an IndexError


def _two_copies_of_one_master_rune() -> str:
    lines = (ROOT / "tests" / "cases" / "_decks" / "fow" / "fuxi-runes.txt").read_text(
        encoding="utf-8").splitlines()
    lines = [ln for ln in lines if ln != "1 Concealed Khopesh"]
    return "\n".join("2 Flame Soldier Formation" if ln == "1 Flame Soldier Formation" else ln
                     for ln in lines) + "\n"


def test_cli_reports_two_copies_of_one_master_rune(tmp_path) -> None:
    deck = tmp_path / "wanderer.txt"
    deck.write_text(_two_copies_of_one_master_rune(), encoding="utf-8")
    run = run_cli("check", "-f", "fow-wanderer", "--no-config", str(deck))
    out = run.stdout.decode()
    assert run.returncode == 1, run.stderr.decode() + out
    assert "FOW117" in out and "internal error" not in run.stderr.decode()
    assert "2 master runes (2 × Flame Soldier Formation)" in " ".join(out.split())
