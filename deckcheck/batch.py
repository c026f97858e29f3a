"""Check many decks with worker processes; output order equals the input order.

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


def _init(opts) -> None:
    global _OPTS
    _OPTS = opts


class _CardRefPickler(pickle.Pickler):
    def __init__(self, file, game: str | None):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.game = game

    def persistent_id(self, obj):
        if isinstance(obj, Card) and self.game is not None:
            return obj.id
        return None


class _CardRefUnpickler(pickle.Unpickler):
    def __init__(self, file, db):
        super().__init__(file)
        self.db = db

    def persistent_load(self, pid):
        card = self.db.get(pid)
        if card is None:
            raise pickle.UnpicklingError(f"card {pid!r} is not in this process's card data")
        return card


def _card_db(game_id: str, opts):
    from deckcheck import carddb
    from deckcheck.games.base import load_game

    game = load_game(game_id)
    cards_dir = getattr(opts.config, "cards", {}).get(game_id) if opts.config else None
    return carddb.load(game.id, game.match_params, [cards_dir] if cards_dir else None)


def _check(path: str) -> tuple[str | None, bytes]:
    from deckcheck.api import check_file

    result = check_file(path, _OPTS)
    buf = io.BytesIO()
    _CardRefPickler(buf, result.game).dump(result)
    return result.game, buf.getvalue()


def _load(game: str | None, payload: bytes, opts) -> DeckResult:
    db = _card_db(game, opts) if game is not None else None
    return _CardRefUnpickler(io.BytesIO(payload), db).load()


def check_parallel(files: list[str], opts, jobs: int, progress=None) -> list[DeckResult]:
    from deckcheck.api import check_file

    # The first deck is checked here: that imports the rules and loads the formats and card
    # data once, and the forked workers inherit them instead of loading them again.
    results: list[DeckResult] = [check_file(files[0], opts)]
    if progress is not None:
        progress(1, len(files))
    rest = files[1:]
    chunk = max(1, min(64, len(rest) // (jobs * 8) or 1))
    with ProcessPoolExecutor(max_workers=jobs, initializer=_init, initargs=(opts,)) as pool:
        for game, payload in pool.map(_check, rest, chunksize=chunk):
            results.append(_load(game, payload, opts))
            if progress is not None:
                progress(len(results), len(files))
    return results
