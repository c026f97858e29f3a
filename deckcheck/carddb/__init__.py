"""Card databases: ``cards/<game>/*.yaml`` loaded into records plus a name index.

See ``docs/card-data.md`` for the file layout. :func:`load` opens the compiled store
(:mod:`deckcheck.carddb.store`) from the cache when the files are unchanged, so the hot path
never parses YAML and unpickles only the name index and the cards it asks for.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from deckcheck.cache import Damaged, cached, digest
from deckcheck.carddb import store
from deckcheck.matching.index import CardIndex, MatchParams
from deckcheck.models import Card
from deckcheck.resources import data_dir, user_data_dir
from deckcheck.safeio import (MAX_CARD_FILE_BYTES, UnsafeFileError, YAMLLimitError,
                              check_yaml_limits, read_regular_file)


#: limits for card files from folders a repository's .deckcheck.yaml names (the largest
#: shipped file holds about 235,000 values)
MAX_VALUES = 2_000_000
MAX_DEPTH = 32


class CardDataError(Exception):
    """The card data files are missing or malformed."""


class CardDB:
    """A game's cards, data tables and name index.

    Built from YAML, every card is a :class:`Card` in a list; opened from the compiled store
    (:meth:`from_store`), ``cards`` is a :class:`~deckcheck.carddb.store.LazyCards` sequence
    that unpickles a card the first time it is asked for, and ``tables`` unpickles each
    table on first read."""

    def __init__(self, game: str, cards: Sequence[Card], tables: Mapping[str, Any],
                 params: MatchParams, source: str, index: CardIndex | None = None,
                 ids: Mapping[str, int] | None = None,
                 load_kinds: Callable[[], dict[str, list[int]]] | None = None):
        self.game = game
        self.cards = cards
        self.tables = tables
        self.source = source
        if ids is None:
            ids = {c.id: i for i, c in enumerate(cards)}
        self._ids = ids
        self._kinds: dict[str, list[int]] | None = None
        self._load_kinds = load_kinds
        if index is not None:
            self.index = index
            return
        self.index = CardIndex(cards, params)
        for written, canonical in (tables.get("aliases") or {}).get("aliases", {}).items():
            m = self.index.lookup_exact(canonical)
            if m is None or m.card is None:
                raise CardDataError(f"{source}/aliases.yaml: alias {written!r} names unknown "
                                    f"card {canonical!r}")
            self.index.add_alias_at(written, ids[m.card.id])

    def get(self, card_id: str) -> Card | None:
        i = self._ids.get(card_id)
        return None if i is None else self.cards[i]

    def find(self, name: str) -> Card | None:
        """The card with this exact or normalised name (no fuzzy matching)."""
        m = self.index.lookup_exact(name)
        return m.card if m is not None else None

    def __len__(self) -> int:
        return len(self.cards)

    def of_kind(self, *kinds: str) -> list[Card]:
        """The cards whose ``kind`` fact is one of ``kinds``, in the data's order: from a
        table the store keeps, so asking for a game's few mages or heroes does not read
        every card."""
        if self._kinds is None:
            self._kinds = self._load_kinds() if self._load_kinds else _kinds_of(self.cards)
        found = sorted(i for k in kinds for i in self._kinds.get(k, ()))
        return [self.cards[i] for i in found]

    # -- the compiled store ------------------------------------------------------------
    def write_store(self, path: Path) -> None:
        hashed, fuzzy, rest = self.index.compiled_tables()
        lazy = {"fuzzy": fuzzy, "kinds": _kinds_of(self.cards)} \
            | {f"table:{k}": v for k, v in self.tables.items()}
        store.write(path, [c.data for c in self.cards],
                    {"game": self.game, "source": self.source, "index": rest},
                    hashed | {"ids": self._ids}, lazy)

    @classmethod
    def from_store(cls, path: Path) -> "CardDB":
        st = store.Store(path)
        head = st.head
        cards = store.LazyCards(len(st), st.record)
        hashed = {name: st.hashed(name) for name in head["hashed"]}
        ids = hashed.pop("ids")
        index = CardIndex.from_tables(cards, head["index"], hashed, lambda: st.section("fuzzy"))
        return cls(head["game"], cards, store.LazyTables(st), index.params, head["source"],
                   index=index, ids=ids, load_kinds=lambda: st.section("kinds"))


def _kinds_of(cards: Sequence[Card]) -> dict[str, list[int]]:
    kinds: dict[str, list[int]] = {}
    for i, card in enumerate(cards):
        kind = card.get("kind")
        if isinstance(kind, str):
            kinds.setdefault(kind, []).append(i)
    return kinds


def card_dirs(game: str, extra: list[Path] | None = None) -> list[Path]:
    """Shipped card data first, then the user's imported data, then configured folders;
    a later folder's record replaces an earlier one with the same id."""
    dirs = [data_dir("cards") / game]
    user = user_data_dir() / "cards" / game
    if user.is_dir():
        dirs.append(user)
    for d in extra or ():
        folder = _configured_folder(d, game)
        if folder is not None:
            dirs.append(folder)
    return dirs


def _configured_folder(d: Path, game: str) -> Path | None:
    """The folder of ``game``'s records in a configured cards folder ``d``: its ``<game>/``
    subfolder, else ``d`` itself when it holds YAML files directly."""
    if (d / game).is_dir():
        return d / game
    if d.is_dir() and any(d.glob("*.yaml")):
        return d
    return None


def configured_files(d: Path, game: str) -> list[Path]:
    """Every file :func:`load` reads from the configured cards folder ``d`` for ``game``."""
    folder = _configured_folder(d, game)
    return _files([folder]) if folder is not None else []


def _files(dirs: list[Path]) -> list[Path]:
    files: list[Path] = []
    for d in dirs:
        files.extend(sorted(d.glob("*.yaml")))
    return files


def _build(game: str, dirs: list[Path], params: MatchParams) -> CardDB:
    import yaml

    from deckcheck.carddb import jsonform

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    trusted = (data_dir("cards"), user_data_dir() / "cards")   # shipped or imported here
    cards: dict[str, Card] = {}
    tables: dict[str, Any] = {}
    for f in _files(dirs):
        try:
            text = read_regular_file(f, MAX_CARD_FILE_BYTES, "card file").decode("utf-8")
            if not any(f.is_relative_to(t) for t in trusted):   # a folder named in a config
                check_yaml_limits(text, str(f), MAX_VALUES, MAX_DEPTH)
            data = jsonform.loads(text, loader)
        except (YAMLLimitError, UnsafeFileError) as exc:
            raise CardDataError(str(exc)) from None
        except (OSError, UnicodeDecodeError, yaml.YAMLError, ValueError) as exc:
            raise CardDataError(f"{f}: cannot load card data: {' '.join(str(exc).split())}") \
                from None
        if isinstance(data, dict) and isinstance(data.get("cards"), list):
            for rec in data["cards"]:
                if not isinstance(rec, dict) or "id" not in rec or "name" not in rec:
                    raise CardDataError(f"{f}: card record without id/name: {rec!r:.80}")
                cards[str(rec["id"])] = Card(rec)  # later directories override
            rest = {k: v for k, v in data.items() if k != "cards"}
            if rest:
                tables.setdefault(f.stem, {}).update(rest)
        elif data is not None:
            tables.setdefault(f.stem, {}).update(data if isinstance(data, dict) else {"items": data})
    if not cards:
        raise CardDataError(f"no card data for game {game!r} in {', '.join(map(str, dirs))}")
    try:
        return CardDB(game, list(cards.values()), tables, params, str(dirs[0]))
    except (TypeError, AttributeError, ValueError, KeyError) as exc:
        # a name, alias or id of the wrong type (a list where a string belongs …)
        raise CardDataError(f"{', '.join(map(str, dirs))}: malformed card data "
                            f"({type(exc).__name__}: {exc}); see docs/card-data.md") from None


_LOADED: dict[tuple, CardDB] = {}
#: what :func:`load` was asked (game, configured folders, the given params by identity and
#: what places the shipped and user folders) -> (params, key in _LOADED, database): a batch
#: asks for every deck, and looking for the folders again cost 4% of a check. An answer
#: counts while its database is still the one loaded (clearing _LOADED clears this too)
_ASKED: dict[tuple, tuple] = {}


def load(game: str, params: MatchParams | None = None, extra_dirs: list[Path] | None = None,
         use_cache: bool = True) -> CardDB:
    """Load a game's card database (once per process)."""
    asked = None
    if params is not None:
        asked = (game, tuple(map(str, extra_dirs or ())), id(params), data_dir("cards"),
                 os.environ.get("DECKCHECK_DATA_DIR"), os.environ.get("XDG_DATA_HOME"),
                 os.environ.get("HOME"))
        memo = _ASKED.get(asked)
        if memo is not None and memo[0] is params and _LOADED.get(memo[1]) is memo[2]:
            return memo[2]
    params = params or MatchParams()
    dirs = card_dirs(game, extra_dirs)
    key = (game, tuple(map(str, dirs)), repr(params))
    db = _LOADED.get(key)
    if db is None:
        files = _files(dirs)
        if not files:
            raise CardDataError(f"no card data for game {game!r} (looked in "
                                f"{', '.join(map(str, dirs))}); run `deckcheck cards import {game}`")
        db = cached(f"cards-{game}-{_params_tag(params)}", files,
                    lambda: _build(game, dirs, params), use_cache, suffix=".store",
                    read=_open_store, write=lambda path, db: db.write_store(path))
        _LOADED[key] = db
    if asked is not None:
        _ASKED[asked] = (params, key, db)
    return db


def _open_store(path: Path) -> CardDB:
    try:
        return CardDB.from_store(path)
    except store.StoreDamaged as exc:
        raise Damaged(str(exc)) from None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:   # another layout's head
        raise Damaged(f"{path}: {type(exc).__name__}: {exc}") from None


def _params_tag(params: MatchParams) -> str:
    return digest(repr(params))[:8]


def for_config(game, config) -> CardDB:
    """A game's card data as a run with ``config`` sees it: the shipped data, with the
    config's ``cards:`` folder for the game if it names one (``game``: a loaded
    :class:`~deckcheck.games.base.Game`)."""
    cards_dir = (getattr(config, "cards", None) or {}).get(game.id) if config else None
    return load(game.id, game.match_params, [cards_dir] if cards_dir else None)
