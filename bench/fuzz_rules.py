"""The larger run of the rules-level property test: many generated decks per format.

    python bench/fuzz_rules.py                      # 800 decks per format (~21,600 in all)
    python bench/fuzz_rules.py --decks 200 --seed 7
    nice python bench/fuzz_rules.py --decks 2000    # in the background

The decks are those of ``tests/engine/test_properties_rules.py`` (``tests/rule_decks.py``): every
format of every game, built from the real card data, with and without a date, checked through
``deckcheck.api.check_text``. Each deck is checked twice (determinism) and once more with a
line of the count 0 (which must change nothing). Prints a table per game and every problem
found, grouped, with one list that shows it; exits 1 if anything was found.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from rule_decks import (check, findings_apart_from_line, problems,  # noqa: E402
                        random_deck, signature, zero_line_pair)

from deckcheck.formats import all_formats  # noqa: E402

LINES_AS_WRITTEN = ("MTG310",)   # as in the test: it lists a section's lines as written


def crash_key(exc: BaseException) -> str:
    """An exception as 'Type: message at file:line' of the innermost deckcheck frame."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "deckcheck" in f.filename]
    where = f" at {frames[-1].filename.split('deckcheck/')[-1]}:{frames[-1].lineno}" \
        if frames else ""
    return f"{type(exc).__name__}: {exc}{where}"


def fuzz_format(format_id: str, decks: int, seed: int, stats: Counter,
                found: dict[str, tuple[str, str | None, str]]) -> None:
    rnd = random.Random(f"{seed}-{format_id}")
    for _ in range(decks):
        deck = random_deck(rnd, format_id)
        stats["decks"] += 1
        try:
            result, usage = check(deck)
            issues = problems(deck, result, usage)
            if result is None:
                stats["refused (format/date)"] += 1
            else:
                stats["checked"] += 1
                stats["findings"] += len(result.findings)
                again, _ = check(deck)
                if signature(again) != signature(result):
                    issues.append("not deterministic")
                pair = zero_line_pair(rnd, deck, result)
                if pair is not None:
                    zero, comment, line = pair
                    stats["zero-line pairs"] += 1
                    a, _ = check(zero)
                    b, _ = check(comment)
                    issues += problems(zero, a, None)

                    def kept(r):
                        return [f for f in findings_apart_from_line(r, line)
                                if not any(f"'code', '{c}'" in f for c in LINES_AS_WRITTEN)]

                    if kept(a) != kept(b):
                        issues.append(f"a line with the count 0 (line {line}) changed findings")
                        deck = zero
        except Exception as exc:  # the point of the run: record, go on
            issues = [f"crash: {crash_key(exc)}"]
        for issue in issues:
            stats["problems"] += 1
            found.setdefault(issue, (format_id, deck.date, deck.text))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", type=int, default=800, help="decks per format")
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--game", help="only this game's formats")
    args = ap.parse_args()
    formats = [f.id for f in all_formats(game=args.game)]
    by_game: dict[str, Counter] = {}
    found: dict[str, tuple[str, str | None, str]] = {}
    start = time.process_time()
    for fid in formats:
        game = fid.split("-")[0]
        fuzz_format(fid, args.decks, args.seed, by_game.setdefault(game, Counter()), found)
    cpu = time.process_time() - start
    cols = ["decks", "checked", "refused (format/date)", "zero-line pairs", "findings",
            "problems"]
    print(f"{'game':<12}" + "".join(f"{c:>24}" for c in cols))
    total = Counter()
    for game, st in by_game.items():
        total.update(st)
        print(f"{game:<12}" + "".join(f"{st[c]:>24}" for c in cols))
    print(f"{'all':<12}" + "".join(f"{total[c]:>24}" for c in cols))
    print(f"\n{len(formats)} formats, seed {args.seed}, {cpu:.1f} s CPU")
    for issue, (fid, date, text) in found.items():
        print(f"\n== {issue}\n   format {fid}, date {date or '-'}; one list that shows it:")
        print("   " + text.replace("\n", "\n   "))
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
