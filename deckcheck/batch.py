"""Check many decks with worker processes; output order equals the input order."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

from deckcheck.models import DeckResult

_OPTS = None


def _init(opts) -> None:
    global _OPTS
    _OPTS = opts


def _check(path: str) -> DeckResult:
    from deckcheck.api import check_file

    return check_file(path, _OPTS)


def check_parallel(files: list[str], opts, jobs: int, progress=None) -> list[DeckResult]:
    results: list[DeckResult] = []
    chunk = max(1, min(64, len(files) // (jobs * 8) or 1))
    with ProcessPoolExecutor(max_workers=jobs, initializer=_init, initargs=(opts,)) as pool:
        for result in pool.map(_check, files, chunksize=chunk):
            results.append(result)
            if progress is not None:
                progress(len(results), len(files))
    return results
