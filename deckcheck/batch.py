"""Check many decks with worker processes; output order equals the input order, and each
result is handed on as soon as its turn comes (a batch's memory does not grow with its size).

The runner is given the function that checks one file (``check_file(path, opts)``), so it
depends on no particular pipeline (and the one-deck API can call it without an import cycle).

Each worker loads the card databases once. Results travel back pickled with card references
(game, id) instead of whole card records, and the parent process re-attaches its own card
objects, so sending a result costs about as much as its findings.
"""

from __future__ import annotations

import io
import os
import pickle
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from typing import Iterator

from deckcheck.models import Card, DeckResult

_OPTS = None
_CHECK = None


def _init(opts, check) -> None:
    global _OPTS, _CHECK
    _OPTS, _CHECK = opts, check


def _card_db(game_id: str, cards_dir):
    from deckcheck import carddb
    from deckcheck.config import Config
    from deckcheck.games.base import load_game

    return carddb.for_config(load_game(game_id),
                             Config(cards={game_id: cards_dir}) if cards_dir else None)


def _cards_dir(path: str, game: str, opts):
    """The ``cards:`` folder for ``game`` of the configuration that applies to ``path``
    (each file may have its own): which card data the parent re-attaches cards from."""
    from deckcheck.config import ConfigError

    cfg = opts.config
    if getattr(opts, "configs", None) is not None:
        try:
            cfg = opts.configs.for_file(path)
        except ConfigError:   # a broken configuration: the result says so, and has no cards
            return None
    return (getattr(cfg, "cards", None) or {}).get(game)


# Card objects travel as ((game, cards folder), id) references: the pickler's dispatch table turns each
# into a call of _card_ref, which the parent answers from its own card databases. Only
# cards cost a Python call; everything else is pickled by the C pickler as usual.
_PARENT_DBS: dict = {}


def _card_ref(key: tuple, card_id: str) -> Card:
    card = _PARENT_DBS[key].get(card_id)
    if card is None:
        raise pickle.UnpicklingError(f"card {card_id!r} is not in this process's card data")
    return card


def _check(path: str) -> tuple[tuple | None, bytes]:
    result = _CHECK(path, _OPTS)
    buf = io.BytesIO()
    pickler = pickle.Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL)
    key = None
    if result.game is not None:
        key = (result.game, _cards_dir(path, result.game, _OPTS))
        pickler.dispatch_table = {Card: lambda card: (_card_ref, (key, card.id))}
    pickler.dump(result)
    return key, buf.getvalue()


def _check_chunk(paths: list[str]) -> list[tuple[tuple | None, bytes]]:
    return [_check(p) for p in paths]


def _load(key: tuple | None, payload: bytes, opts) -> DeckResult:
    if key is not None and key not in _PARENT_DBS:
        _PARENT_DBS[key] = _card_db(*key)
    return pickle.loads(payload)


#: how many chunks may be handed out ahead of the one the report is waiting for, per
#: worker: enough to keep every worker busy, few enough that results which arrive early
#: (held pickled until their turn) stay a bounded number whatever the batch's size
AHEAD_PER_WORKER = 3

#: figures of the last :func:`iter_parallel` run (tests read them): the most results that
#: were handed out or held at once, and the bound the window allows
STATS = {"peak_pending": 0, "bound": 0}


def chunk_size(n_files: int, jobs: int) -> int:
    return max(1, min(32, (n_files - 1) // (jobs * 8) or 1))


def iter_parallel(files: list[str], opts, jobs: int, check_file,
                  progress=None) -> Iterator[DeckResult]:
    """Check ``files`` with ``jobs`` worker processes, each file by ``check_file(path, opts)``
    (a module-level function, so workers can be handed it); yield the results in input order
    as soon as each one's turn comes.

    At most ``jobs * AHEAD_PER_WORKER`` chunks are out at once: a result that arrives before
    its turn waits, pickled, and nothing else is kept, so memory does not grow with the
    batch. This process only hands out chunks and unpickles the results: when it checked
    decks itself as well, it competed with the workers for the CPU and the batch was slower.
    """
    # The first deck is checked here: that imports the rules and loads the formats and card
    # data once, and the forked workers inherit them instead of loading them again.
    total = len(files)
    yield check_file(files[0], opts)
    _PARENT_DBS.clear()   # this run's card data (opts may name a repository's card folder)
    done = 1
    if progress is not None:
        progress(done, total)
    size = chunk_size(total, jobs)
    window = max(2, jobs * AHEAD_PER_WORKER)
    STATS.update(peak_pending=0, bound=window * size)
    pending: deque = deque()
    held = 0        # results handed out and not yet yielded
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_init, initargs=(opts, check_file))
    try:
        for start in range(1, total, size):
            chunk = files[start:start + size]
            pending.append((pool.submit(_check_chunk, chunk), len(chunk)))
            held += len(chunk)
            STATS["peak_pending"] = max(STATS["peak_pending"], held)
            while len(pending) >= window:
                done, held = yield from _drain(pending, opts, done, held, total, progress)
        while pending:
            done, held = yield from _drain(pending, opts, done, held, total, progress)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _drain(pending: deque, opts, done: int, held: int, total: int, progress):
    future, _n = pending.popleft()
    for game, payload in future.result():
        held -= 1
        done += 1
        yield _load(game, payload, opts)
    if progress is not None:
        progress(done, total)
    return done, held


def check_parallel(files: list[str], opts, jobs: int, check_file,
                   progress=None) -> list[DeckResult]:
    """:func:`iter_parallel` as a list (every result held: for callers that want them all)."""
    return list(iter_parallel(files, opts, jobs, check_file, progress))


def auto_jobs(affinity: set[int] | None = None, load: float | None = None) -> tuple[int, str]:
    """``-j auto``: one worker per CPU this process may run on that the load average leaves
    idle (at least one), and the sentence that says so. ``affinity`` and ``load`` default to
    ``os.sched_getaffinity(0)`` and the one-minute ``os.getloadavg()``."""
    if affinity is None:
        try:
            affinity = os.sched_getaffinity(0)
        except (AttributeError, OSError):   # not on Linux
            affinity = set(range(os.cpu_count() or 1))
    if load is None:
        try:
            load = os.getloadavg()[0]
        except (AttributeError, OSError):
            load = 0.0
    cpus = max(1, len(affinity))
    idle = int(cpus - load + 0.5)
    jobs = max(1, min(cpus, idle))
    why = (f"-j auto: {jobs} worker process{'es' if jobs > 1 else ''} "
           f"({cpus} CPU{'s' if cpus > 1 else ''} available, load average {load:.2f})")
    return jobs, why
