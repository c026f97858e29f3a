"""deckcheck benchmarks: prints a table of figures (not a test; nothing is asserted).

    python bench/run.py            # everything but the big batches
    python bench/run.py --quick    # fewer repetitions
    python bench/run.py --memory   # also peak memory and throughput for 1k/10k/50k lists

    python bench/run.py --big-mtg /tmp/mtg-full   # plus the figures of a whole-game MTG pool
    python bench/run.py --import-mtg [DIR]        # plus the full MTGJSON v3 import's time

Figures: start-up (``deckcheck --version`` / ``--help`` against ``python -c pass``), one-deck
check in a fresh process per game (wall time, and CPU time against ``python -c "import
typer"``), card-database load from the compiled cache and from the YAML source per game,
batch throughput with 1 and 2 workers, fuzzy lookup throughput and top-1 accuracy against
``difflib.get_close_matches``, and peak memory. With ``--big-mtg DIR`` (or
``$DECKCHECK_BENCH_BIG_MTG``; a cards folder holding ``mtg/*.yaml``, e.g. the whole MTGJSON v3
folder imported set by set): the store's compile and load, the one-deck check and the fuzzy
lookup with that pool. Parsing speed against ``mtg-parser`` on the same generated Magic
lists (when it is installed); with ``--memory``, peak memory and decks/s of ``deckcheck
check`` on 1,000 / 10,000 / 50,000 generated 75-card Magic lists with JSON and JSON Lines
output.

Children run with bytecode caching on (as an installed package does) even when
``PYTHONDONTWRITEBYTECODE`` is set: otherwise every start-up figure measures the compiler.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

EXAMPLE_DECKS = {
    "fow": ("examples/fow/legal/grimm.txt", "fow-classic"),
    "mtg": ("examples/mtg/delver-dka.txt", "mtg-standard"),
    "magewars": ("examples/magewars/apprentice-beastmaster.txt", "magewars-apprentice"),
    "wowtcg": ("examples/wowtcg/legal/boris-holy-priest.txt", "wowtcg-constructed"),
    "mageknight": ("examples/mageknight/legal/starting-tovak.txt", "mageknight-starting"),
}


def deckcheck_exe() -> list[str]:
    exe = Path(sys.executable).parent / "deckcheck"
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "deckcheck.cli"]


def wall(cmd: list[str], runs: int, env: dict | None = None) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                       cwd=ROOT)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def cpu(cmd: list[str], runs: int, env: dict | None = None) -> float:
    """Median CPU time (user + system) of ``cmd`` in fresh processes, after one warm-up."""
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
    times = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                       cwd=ROOT)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(times)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def bench_startup(runs: int, rows: list) -> None:
    base = wall([sys.executable, "-c", "pass"], runs)
    rows.append(("python -c pass", ms(base), ""))
    for args in (["--version"], ["--help"]):
        t = wall(deckcheck_exe() + args, runs)
        rows.append((f"deckcheck {args[0]}", ms(t), f"{t / base:.1f}x python -c pass"))


def bench_one_deck(runs: int, rows: list) -> None:
    for game, (path, fmt) in EXAMPLE_DECKS.items():
        if not (ROOT / path).exists():
            rows.append((f"check one {game} deck", "n/a", f"{path} missing"))
            continue
        cmd = deckcheck_exe() + ["check", path, "-f", fmt, "--no-config"]
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
        t = wall(cmd, runs)
        rows.append((f"check one {game} deck (fresh process, warm cache)", ms(t), fmt))


def bench_cpu_one_deck(runs: int, rows: list, big: Path | None) -> None:
    """CPU time of a whole-process one-deck check (JSON output, warm cache) per game, and
    with the big MTG pool, against ``python -c "import typer"`` (the CLI framework alone)."""
    typer = cpu([sys.executable, "-c", "import typer"], runs)
    rows.append(('python -c "import typer" (CPU)', ms(typer), "the anchor of the rows below"))
    shipped_mtg = None
    for game, (path, fmt) in EXAMPLE_DECKS.items():
        if not (ROOT / path).exists():
            continue
        t = cpu(deckcheck_exe() + ["check", path, "-f", fmt, "--no-config",
                                   "--output-format", "json"], runs)
        shipped_mtg = t if game == "mtg" else shipped_mtg
        rows.append((f"check one {game} deck, CPU (JSON, warm cache)", ms(t),
                     f"{t / typer:.2f}x import typer"))
    if big is not None:
        path, fmt = EXAMPLE_DECKS["mtg"]
        env = dict(os.environ, DECKCHECK_CARDS_DIR=str(big))
        t = cpu(deckcheck_exe() + ["check", path, "-f", fmt, "--no-config",
                                   "--output-format", "json"], runs, env)
        note = f"{t / typer:.2f}x import typer"
        if shipped_mtg:
            note += f"; {t / shipped_mtg:.2f}x the shipped data"
        rows.append((f"check one mtg deck, CPU, {_pool_size(big)}-name pool", ms(t), note))


def _pool_size(big: Path) -> str:
    import yaml

    data = yaml.load((big / "mtg" / "cards.yaml").read_text(encoding="utf-8"),
                     Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return f"{len({c['name'] for c in data['cards']}) / 1000:.1f}k"


def bench_big_load(rows: list, big: Path) -> None:
    """The big pool's store: compiled from the YAML (empty cache), then opened (fresh
    processes; the load and three exact lookups)."""
    code = (
        "import time, sys; from deckcheck import carddb; from deckcheck.games.base import load_game;"
        "g = load_game('mtg'); t = time.process_time(); db = carddb.load(g.id, g.match_params);"
        "[db.find(n) for n in ('Island', 'Delver of Secrets', 'Snapcaster Mage')];"
        "print(time.process_time() - t, len(db))")
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, DECKCHECK_CACHE_DIR=cache, DECKCHECK_CARDS_DIR=str(big))
        cold = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              env=env, cwd=ROOT).stdout.split()
        warm = [float(subprocess.run([sys.executable, "-c", code], capture_output=True,
                                     text=True, env=env, cwd=ROOT).stdout.split()[0])
                for _ in range(5)]
    if cold:
        rows.append(("card db mtg, big pool: compile (YAML -> store)", ms(float(cold[0])),
                     f"{cold[1]} cards; the first check after an import"))
        rows.append(("card db mtg, big pool: open the store + 3 lookups",
                     ms(statistics.median(warm)), "CPU, median of five"))


def bench_db_load(rows: list) -> None:
    code = (
        "import time, sys; from deckcheck import carddb; from deckcheck.games.base import load_game;"
        "g = load_game(sys.argv[1]); t = time.perf_counter(); db = carddb.load(g.id, g.match_params);"
        "print(time.perf_counter() - t, len(db))")
    for game in EXAMPLE_DECKS:
        if not (ROOT / "cards" / game).is_dir():
            continue
        with tempfile.TemporaryDirectory() as cache:
            env = dict(os.environ, DECKCHECK_CACHE_DIR=cache)
            cold = subprocess.run([sys.executable, "-c", code, game], capture_output=True,
                                  text=True, env=env, cwd=ROOT).stdout.split()
            warm = []
            for _ in range(5):
                out = subprocess.run([sys.executable, "-c", code, game], capture_output=True,
                                     text=True, env=env, cwd=ROOT).stdout.split()
                warm.append(float(out[0]))
        if cold:
            rows.append((f"card db {game}: from source (YAML)", ms(float(cold[0])),
                         f"{cold[1]} cards"))
            rows.append((f"card db {game}: from cache", ms(statistics.median(warm)), ""))


def bench_batch(n: int, runs: int, rows: list) -> None:
    """1,000 generated FoW decks (an example list plus three random side-deck lines each):
    the whole command with -j 1 and -j 2, and the checking alone (in one process with the
    card data loaded: check_paths, which the command runs between start-up and output)."""
    from deckcheck.api import Options, check_paths

    text = (ROOT / EXAMPLE_DECKS["fow"][0]).read_text(encoding="utf-8")
    names = ["Absolute Cake Zone", "Gretel", "Elvish Priest", "Tell a Fairy Tale",
             "Glinda, the Fairy", "Law of Silence", "Xeex the Ancient Magic"]
    rnd = random.Random(7)
    with tempfile.TemporaryDirectory() as d:
        for i in range(n):
            extra = "\n".join(f"{rnd.randint(1, 4)} {rnd.choice(names)}" for _ in range(3))
            Path(d, f"deck{i:04d}.txt").write_text(text + "Side Deck\n" + extra + "\n",
                                                   encoding="utf-8")
        whole = {}
        for jobs in (1, 2):
            cmd = deckcheck_exe() + ["check", d, "-j", str(jobs), "--output-format", "json",
                                     "--no-config"]
            whole[jobs] = wall(cmd, max(1, runs // 3))
        check_paths([str(Path(d, "deck0000.txt"))], Options(), jobs=1)   # load the card data
        phase = {}
        for jobs in (1, 2):
            times = []
            for _ in range(max(1, runs // 3)):
                t = time.perf_counter()
                check_paths([d], Options(), jobs=jobs)
                times.append(time.perf_counter() - t)
            phase[jobs] = statistics.median(times)
    for jobs in (1, 2):
        note = f"{n / whole[jobs]:.0f} decks/s"
        if jobs == 2:
            note += f"; {whole[1] / whole[2]:.2f}x -j 1 (start-up and output are serial)"
        rows.append((f"deckcheck check {n} decks -j {jobs} (JSON)", f"{whole[jobs]:.2f} s", note))
    for jobs in (1, 2):
        note = f"{n / phase[jobs]:.0f} decks/s"
        if jobs == 2:
            note += f"; {phase[1] / phase[2]:.2f}x -j 1"
        rows.append((f"checking alone, {n} decks, {jobs} worker{'s' if jobs > 1 else ''}",
                     f"{phase[jobs]:.2f} s", note))


def typo_corpus(names: list[str], rnd: random.Random, size: int,
                chinese: dict[str, list[str]] | None = None) -> list[tuple[str, str]]:
    """(text, intended English name) pairs: one or two edits, a swap of neighbours, upper
    case, punctuation dropped, and a Chinese name written in the other script."""
    from deckcheck.matching import normalise

    letters = "abcdefghijklmnopqrstuvwxyz"
    kinds = ["sub", "del", "ins", "swap", "two", "case", "punct"] + (["script"] if chinese else [])
    zh_cards = sorted(chinese or {})
    out = []
    while len(out) < size:
        kind = rnd.choice(kinds)
        if kind == "script":
            name = rnd.choice(zh_cards)
            written = rnd.choice(chinese[name])
            other = normalise.to_simplified(written)
            if other == written:
                other = normalise.to_traditional(written)
            if other != written:
                out.append((other, name))
            continue
        name = rnd.choice(names)
        s = list(name)
        if kind in ("sub", "two") and s:
            i = rnd.randrange(len(s))
            s[i] = rnd.choice(letters)
        if kind in ("del", "two") and len(s) > 1:
            del s[rnd.randrange(len(s))]
        if kind == "ins":
            s.insert(rnd.randrange(len(s) + 1), rnd.choice(letters))
        if kind == "swap" and len(s) > 2:
            i = rnd.randrange(len(s) - 1)
            s[i], s[i + 1] = s[i + 1], s[i]
        text = "".join(s)
        if kind == "case":
            text = name.upper()
        if kind == "punct":
            text = name.replace(",", "").replace("-", " ").replace("'", "")
        out.append((text, name))
    return out


def bench_fuzzy(rows: list, size: int, big: Path | None = None,
                difflib_size: int | None = None) -> None:
    """``size`` typos through our cascade, the first ``difflib_size`` (all by default)
    through difflib; ``big``: with that cards folder's Magic pool instead of the shipped."""
    import difflib

    from deckcheck import carddb
    from deckcheck.games.base import load_game
    from deckcheck.resources import data_dir

    if big is not None:
        os.environ["DECKCHECK_CARDS_DIR"] = str(big)
        data_dir.cache_clear()
    try:
        game = load_game("mtg") if (data_dir("cards") / "mtg").is_dir() else load_game("fow")
        db = carddb.load(game.id, game.match_params)
    finally:
        if big is not None:
            del os.environ["DECKCHECK_CARDS_DIR"]
            data_dir.cache_clear()
    names = sorted({c.name for c in db.cards})
    chinese = {}   # English name -> its Chinese names as the data writes them
    for c in db.cards:
        zh = [n for lang in ("zh-Hans", "zh-Hant") for n in (c.get("names") or {}).get(lang, [])]
        if zh:
            chinese.setdefault(c.name, []).extend(zh)
    rnd = random.Random(42)
    corpus = typo_corpus(names, rnd, size, chinese)
    # difflib gets the same chance: every English and Chinese name, each mapped to its card
    choices = {n: n for n in names}
    for name, zh in chinese.items():
        for n in zh:
            choices.setdefault(n, name)
    pool = list(choices)
    t = time.perf_counter()
    ours_right = ours_wrong = 0
    for text, want in corpus:
        m = db.index.match(text)
        if m.card is not None:
            if m.card.name == want:
                ours_right += 1
            else:
                ours_wrong += 1
    ours = time.perf_counter() - t
    t = time.perf_counter()
    diff_right = diff_wrong = 0
    sample = corpus[:difflib_size or size]
    for text, want in sample:
        got = difflib.get_close_matches(text, pool, n=1, cutoff=0.6)
        if got:
            if choices[got[0]] == want:
                diff_right += 1
            else:
                diff_wrong += 1
    diff = time.perf_counter() - t
    pool_note = f", {len(names) / 1000:.1f}k names" if big is not None else ""
    rows.append((f"fuzzy lookup ({game.id}{pool_note}, {size} typos)", f"{size / ours:.0f} /s",
                 f"top-1 {100 * ours_right / size:.1f}%, wrong {ours_wrong}"))
    n = len(sample)
    rows.append((f"difflib.get_close_matches, {'same corpus' if n == size else f'first {n}'}",
                 f"{n / diff:.1f} /s",
                 f"top-1 {100 * diff_right / n:.1f}%, wrong {diff_wrong}; "
                 f"deckcheck is {(diff / n) / (ours / size):.0f}x faster"))


def bench_memory(rows: list) -> None:
    path, fmt = EXAMPLE_DECKS["fow"]
    # VmHWM is the peak of this program's own memory; ru_maxrss would also count the
    # benchmark process the child was forked from (Linux keeps it across exec)
    code = ("import resource, sys; from deckcheck.cli import _run;"
            f"_run(['check', {path!r}, '-f', {fmt!r}, '--no-config']);"
            "lines = open('/proc/self/status').read().splitlines() "
            "if sys.platform == 'linux' else [];"
            "hwm = [int(l.split()[1]) for l in lines if l.startswith('VmHWM:')];"
            "print(hwm[0] if hwm else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,"
            " file=sys.stderr)")
    subprocess.run([sys.executable, "-c", code], capture_output=True, cwd=ROOT)   # warm cache
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    try:
        kb = int(out.stderr.strip().splitlines()[-1])
        rows.append(("peak memory, one FoW deck", f"{kb / 1024:.0f} MB", "peak resident set"))
    except (ValueError, IndexError):
        rows.append(("peak memory, one FoW deck", "n/a", out.stderr.strip()[-80:]))


# ---------------------------------------------------------------------------------------
# generated Magic lists: parsing against mtg-parser, memory of big batches

def mtg_lists(n: int, folder: Path, seed: int = 11) -> list[Path]:
    """``n`` 75-card Magic lists (60 main, 15 sideboard; counts 1-4 of random card names
    of the shipped data) written to ``folder``, one file each; the same for the same seed."""
    from deckcheck import carddb
    from deckcheck.games.base import load_game

    game = load_game("mtg")
    names = sorted({c.name for c in carddb.load(game.id, game.match_params).cards})
    rnd = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(n):
        lines: list[str] = []
        for total, head in ((60, []), (15, ["", "Sideboard"])):
            lines += head
            left = total
            while left:
                k = min(left, rnd.randint(1, 4))
                left -= k
                lines.append(f"{k} {rnd.choice(names)}")
        path = folder / f"deck{i:05d}.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


_PARSE_DECKCHECK = """
import sys, time
from deckcheck.games.base import load_game
from deckcheck.parsing.decklike import not_a_deck_list
from deckcheck.parsing.detect import parse
from deckcheck.reading import read_path
game = load_game("mtg")
paths = sys.argv[1:]
t = time.process_time()
out = []
for p in paths:
    src = read_path(p)
    if not_a_deck_list(src.text, src.path) is None:
        deck = parse(src, game)
        out.append(sorted((e.name, e.count) for e in deck.entries))
t = time.process_time() - t
print(t); print(repr(out))
"""

_PARSE_PEER = """
import sys, time
from pathlib import Path
import mtg_parser
paths = sys.argv[1:]
t = time.process_time()
out = []
for p in paths:
    cards = mtg_parser.parse_deck(Path(p).read_text(encoding="utf-8"))
    out.append(sorted((c.name, c.quantity) for c in cards or ()))
t = time.process_time() - t
print(t); print(repr(out))
"""


def bench_parse_peer(rows: list, n: int = 1000) -> None:
    """Parsing the same ``n`` generated Magic lists (read, decide it is a deck list, parse
    to entries; no card look-up) with deckcheck and with mtg-parser, each once in a fresh
    process, CPU time of the loop."""
    import ast
    import importlib.util

    with tempfile.TemporaryDirectory() as d:
        paths = [str(p) for p in mtg_lists(n, Path(d))]
        got = {}
        for who, code in (("deckcheck", _PARSE_DECKCHECK), ("mtg-parser", _PARSE_PEER)):
            if who == "mtg-parser" and importlib.util.find_spec("mtg_parser") is None:
                rows.append((f"parse {n} MTG lists: mtg-parser", "n/a",
                             "skipped: not installed (pip install mtg-parser to compare)"))
                continue
            out = subprocess.run([sys.executable, "-c", code, *paths], capture_output=True,
                                 text=True, cwd=ROOT)
            try:
                seconds, cards = out.stdout.split("\n", 1)
                got[who] = (float(seconds), ast.literal_eval(cards.strip()))
            except ValueError:
                rows.append((f"parse {n} MTG lists: {who}", "n/a", out.stderr.strip()[-80:]))
    if "deckcheck" in got:
        t, _ = got["deckcheck"]
        rows.append((f"parse {n} MTG lists: deckcheck", f"{n / t:.0f} lists/s", "CPU time"))
    if "deckcheck" in got and "mtg-parser" in got:
        (ours, a), (theirs, b) = got["deckcheck"], got["mtg-parser"]
        same = sum(1 for x, y in zip(a, b) if x == y)
        rows.append((f"parse {n} MTG lists: mtg-parser", f"{n / theirs:.0f} lists/s",
                     f"deckcheck takes {ours / theirs:.1f}x its time; same cards in "
                     f"{same}/{n} lists"))


_PEAK = """
import resource, subprocess, sys, time
t = time.perf_counter()
code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
wall = time.perf_counter() - t
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(code, r.ru_maxrss, r.ru_utime + r.ru_stime, wall)
"""


def bench_batch_memory(rows: list, sizes=(1000, 10000, 50000)) -> None:
    """``deckcheck check DIR -f mtg-standard --output-format json|jsonl -o FILE`` on
    generated 75-card lists: the peak resident set of the command
    (``getrusage(RUSAGE_CHILDREN).ru_maxrss``, measured from a small wrapper process so the
    benchmark's own memory is not counted) and decks per CPU second (start-up included)."""
    with tempfile.TemporaryDirectory() as d:
        made = 0
        folder = Path(d, "decks")
        for n in sorted(sizes):
            # one folder that grows: the lists of a smaller size are the first of the next
            extra = mtg_lists(n - made, Path(d, "new"), seed=11 + made) if n > made else []
            for p in extra:
                folder.mkdir(exist_ok=True)
                p.rename(folder / f"deck{made:05d}.txt")
                made += 1
            for fmt in ("json", "jsonl"):
                out = Path(d, f"report.{fmt}")
                cmd = deckcheck_exe() + ["check", str(folder), "-f", "mtg-standard",
                                         "--no-config", "--output-format", fmt, "-o", str(out)]
                res = subprocess.run([sys.executable, "-c", _PEAK, *cmd], capture_output=True,
                                     text=True, cwd=ROOT)
                try:
                    code, kb, cpu, wall_s = res.stdout.split()
                except ValueError:
                    rows.append((f"check {n} MTG lists ({fmt})", "n/a", res.stderr[-80:]))
                    continue
                rows.append((f"check {n} MTG lists -j 1 ({fmt}): peak memory",
                             f"{int(kb) / 1024:.0f} MB",
                             f"{n / float(cpu):.0f} decks/s per CPU second; "
                             f"{float(wall_s):.1f} s wall; exit {code}"))
                out.unlink(missing_ok=True)


def bench_import(rows: list, source: Path) -> None:
    """``deckcheck cards import mtg SOURCE --out TMP`` (the whole MTGJSON v3 folder): CPU
    time (user + system of the command and its children) and wall time, once; the cards
    it wrote."""
    with tempfile.TemporaryDirectory() as out:
        cmd = deckcheck_exe() + ["cards", "import", "mtg", str(source), "--out", out]
        res = subprocess.run([sys.executable, "-c", _PEAK, *cmd], capture_output=True,
                             text=True, cwd=ROOT)
        try:
            code, kb, cpu_s, wall_s = res.stdout.split()
        except ValueError:
            rows.append(("import the MTGJSON v3 folder", "n/a", res.stderr.strip()[-80:]))
            return
        cards = Path(out, "cards.yaml")
        n = cards.read_text(encoding="utf-8").count("\n- id: ") if cards.is_file() else 0
        rows.append((f"import the MTGJSON v3 folder ({source.name}/)", f"{float(cpu_s):.1f} s",
                     f"CPU; {float(wall_s):.1f} s wall, peak {int(kb) / 1024:.0f} MB, "
                     f"{n} cards, exit {code}"))


def _default_import_source() -> Path | None:
    from deckcheck.resources import shared_dir

    shared = shared_dir()
    folder = shared / "data" / "mtg" / "mtgjson3-all" / "json" if shared else None
    return folder if folder is not None and folder.is_dir() else None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer repetitions")
    ap.add_argument("--big-mtg", metavar="DIR", type=Path,
                    default=os.environ.get("DECKCHECK_BENCH_BIG_MTG") or None,
                    help="a cards folder with a whole-game mtg/ pool for the full-data rows")
    ap.add_argument("--memory", action="store_true",
                    help="also peak memory and decks/s for 1k, 10k and 50k generated lists")
    ap.add_argument("--import-mtg", metavar="DIR", nargs="?", type=Path, const="",
                    help="also time `deckcheck cards import mtg DIR` (default DIR: the shared "
                         "MTGJSON v3 folder, ../shared/data/mtg/mtgjson3-all/json)")
    args = ap.parse_args()
    big = args.big_mtg
    if big is not None and not (Path(big) / "mtg" / "cards.yaml").is_file():
        ap.error(f"--big-mtg {big}: no mtg/cards.yaml in it")
    runs = 3 if args.quick else 9
    if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) and not os.environ.get("PYTHONPYCACHEPREFIX"):
        os.environ["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="deckcheck-bench-pyc-")
    rows: list[tuple[str, str, str]] = []
    bench_startup(runs, rows)
    bench_one_deck(runs, rows)
    bench_cpu_one_deck(runs, rows, big)
    bench_db_load(rows)
    if big is not None:
        bench_big_load(rows, big)
    bench_batch(200 if args.quick else 1000, runs, rows)
    bench_fuzzy(rows, 500 if args.quick else 3000)
    if big is not None:
        bench_fuzzy(rows, 500 if args.quick else 3000, big, 50 if args.quick else 200)
    bench_memory(rows)
    bench_parse_peer(rows, 1000)
    if args.import_mtg is not None:
        source = args.import_mtg if str(args.import_mtg) not in ("", ".") else \
            _default_import_source()
        if source is None or not Path(source).is_dir():
            rows.append(("import the MTGJSON v3 folder", "n/a", "no folder (give DIR)"))
        else:
            bench_import(rows, Path(source))
    if args.memory:
        bench_batch_memory(rows, (1000, 10000) if args.quick else (1000, 10000, 50000))
    from tabulate import tabulate

    print(f"deckcheck benchmarks ({'quick' if args.quick else 'full'}; "
          f"{os.cpu_count()} CPUs; Python {sys.version.split()[0]})")
    print(tabulate(rows, headers=["measure", "value", "note"], tablefmt="github"))


if __name__ == "__main__":
    main()
