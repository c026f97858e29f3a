"""Check many decks with worker processes; output order equals the input order.

The runner is given the function that checks one file (``check_file(path, opts)``), so it
depends on no particular pipeline (and the one-deck API can call it without an import cycle).

Each worker loads the card databases once. Results travel back pickled with card references
(game, id) instead of whole card records, and the parent process re-attaches its own card
objects, so sending a result costs about as much as its findings.
"""

from __future__ import annotations

import io
import pickle
from concurrent.futures import ProcessPoolExecutor

from deckcheck.models import Card, DeckResult

_OPTS = None
_CHECK = None


def _init(opts, check) -> None:
    global _OPTS, _CHECK
    _OPTS, _CHECK = opts, check


def _card_db(game_id: str, opts):
    from deckcheck import carddb
    from deckcheck.games.base import load_game

    return carddb.for_config(load_game(game_id), opts.config)


# Card objects travel as (game, id) references: the pickler's dispatch table turns each
# into a call of _card_ref, which the parent answers from its own card databases. Only
# cards cost a Python call; everything else is pickled by the C pickler as usual.
_PARENT_DBS: dict = {}


def _card_ref(game: str, card_id: str) -> Card:
    card = _PARENT_DBS[game].get(card_id)
    if card is None:
        raise pickle.UnpicklingError(f"card {card_id!r} is not in this process's card data")
    return card


def _check(path: str) -> tuple[str | None, bytes]:
    result = _CHECK(path, _OPTS)
    buf = io.BytesIO()
    pickler = pickle.Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL)
    if result.game is not None:
        game = result.game
        pickler.dispatch_table = {Card: lambda card: (_card_ref, (game, card.id))}
    pickler.dump(result)
    return result.game, buf.getvalue()


def _check_chunk(paths: list[str]) -> list[tuple[str | None, bytes]]:
    return [_check(p) for p in paths]


def _load(game: str | None, payload: bytes, opts) -> DeckResult:
    if game is not None and game not in _PARENT_DBS:
        _PARENT_DBS[game] = _card_db(game, opts)
    return pickle.loads(payload)


def check_parallel(files: list[str], opts, jobs: int, check_file,
                   progress=None) -> list[DeckResult]:
    """Check ``files`` with ``jobs`` worker processes, each file by ``check_file(path, opts)``
    (a module-level function, so workers can be handed it); results come back in input order.

    This process only hands out chunks of files and unpickles the results: when it checked
    decks itself as well, it competed with the workers for the CPU and the batch was slower.
    """
    # The first deck is checked here: that imports the rules and loads the formats and card
    # data once, and the forked workers inherit them instead of loading them again.
    results: list[DeckResult] = [check_file(files[0], opts)]
    _PARENT_DBS.clear()   # this run's card data (opts may name a repository's card folder)
    if progress is not None:
        progress(1, len(files))
    size = max(1, min(32, (len(files) - 1) // (jobs * 8) or 1))
    chunks = [files[i:i + size] for i in range(1, len(files), size)]
    with ProcessPoolExecutor(max_workers=jobs, initializer=_init, initargs=(opts, check_file)) as pool:
        for chunk in pool.map(_check_chunk, chunks):
            results.extend(_load(game, payload, opts) for game, payload in chunk)
            if progress is not None:
                progress(len(results), len(files))
    return results
