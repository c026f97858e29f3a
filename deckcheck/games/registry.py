"""What a game package declares (:class:`Descriptor`) and the lookups derived from the table
of games in :mod:`deckcheck.games`.

A descriptor names the game's pieces by import path (``"module"`` or ``"module:attribute"``)
so that reading it imports nothing heavy; :func:`resolve` imports a piece when it is used.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from deckcheck.games import GAMES


@dataclass(frozen=True, slots=True)
class Descriptor:
    """One game's declaration, the ``GAME`` of ``deckcheck.games.<id>``."""

    id: str
    #: the rule-code prefix of the game's rules (``FOW`` for FOW101); the registry refuses a
    #: rule of the game whose code does not start with it
    prefix: str
    #: ``module:Class``: the :class:`~deckcheck.games.base.Game` subclass with the hooks
    hooks: str | None = None
    #: modules whose import registers the game's rules
    rules: tuple[str, ...] = ()
    #: the importer module (``run(source, out, …)``) of ``deckcheck cards import <id>``
    importer: str | None = None
    #: the formats importer module (``run(source, out, db)``, ``SHARED_SOURCE``) of
    #: ``deckcheck formats import <id>``
    formats_importer: str | None = None
    #: other names ``cards import`` accepts for this game's importer (``mtgjson``)
    importer_aliases: tuple[str, ...] = ()
    #: the importer's default source, under ``../shared/data/`` (default: the game id)
    shared_source: str | None = None
    #: an import of the user's own data (not ``../shared``, or through an alias) goes to the
    #: user data folder beside the shipped cards instead of replacing them
    user_imports: bool = False
    #: ``module:attribute``: the registration-sheet :class:`~deckcheck.registration.layouts.Layout`
    layout: str | None = None
    #: ``module:attribute``: the player-id rule of registration (a check digit), if any
    player_id: str | None = None
    #: figures of the game's ``stats`` that belong to the list itself (fingerprints)
    fingerprint_stats: tuple[str, ...] = ()
    #: ``convert`` targets of this game besides ``text`` and ``o8d`` (``arena``)
    writers: tuple[str, ...] = ()
    #: ``module:attribute``: file parsers of this game that any game's list may come in,
    #: ``{name: (detect(path, text) -> bool, parse(source, game))}``; a file one of them
    #: detects is taken to be this game's when nothing else names the game
    shared_parsers: str | None = None
    #: the game's translation module (argument adapters, imported with the catalogues); its
    #: catalogues are ``locale/<lang>.yaml`` beside it
    i18n: str | None = None
    #: rule codes the game used once and retired: never given to another rule
    retired_codes: tuple[str, ...] = ()


def game_ids() -> tuple[str, ...]:
    """Every game id, in the table's order."""
    return tuple(GAMES)


@lru_cache(maxsize=None)
def descriptor(game_id: str) -> Descriptor | None:
    """The descriptor of ``game_id``, or ``None`` for a game deckcheck has no package for
    (a user's own game defined only by data)."""
    package = GAMES.get(game_id)
    if package is None:
        return None
    return importlib.import_module(package).GAME


def descriptors() -> list[Descriptor]:
    return [d for d in (descriptor(g) for g in GAMES) if d is not None]


@lru_cache(maxsize=None)
def _prefixes() -> dict[str, str]:
    return {d.prefix: d.id for d in descriptors()}


def game_of_code(code: str) -> str | None:
    """The game a rule code belongs to, by its prefix (``WOW116`` -> ``wowtcg``)."""
    prefixes = _prefixes()
    for n in range(len(code), 0, -1):
        game = prefixes.get(code[:n].upper())
        if game is not None:
            return game
    return None


def package_dir(game_id: str) -> Path | None:
    """The folder of a game's package (its ``locale/`` catalogues live there)."""
    package = GAMES.get(game_id)
    if package is None:
        return None
    spec = importlib.util.find_spec(package)
    locations = list(spec.submodule_search_locations or ()) if spec is not None else []
    return Path(locations[0]) if locations else None


def resolve(ref: str) -> Any:
    """Import ``module`` or ``module:attribute`` and return it."""
    module, _, attr = ref.partition(":")
    obj = importlib.import_module(module)
    return getattr(obj, attr) if attr else obj


def piece(game_id: str | None, name: str) -> Any:
    """A game's declared piece (``layout``, ``player_id`` …) imported, or ``None``."""
    d = descriptor(game_id) if game_id else None
    ref = getattr(d, name) if d is not None else None
    return resolve(ref) if ref else None


@lru_cache(maxsize=1)
def shared_parsers() -> tuple[tuple[str, str, Any, Any], ...]:
    """Every game's shared parsers: ``(game id, name, detect, parse)`` (asked for every file
    read; the table of games does not change)."""
    out = []
    for d in descriptors():
        if d.shared_parsers:
            for name, (detect, parse) in resolve(d.shared_parsers).items():
                out.append((d.id, name, detect, parse))
    return tuple(out)


def importers() -> dict[str, str]:
    """``cards import`` name -> game id (each game's id and its aliases)."""
    out: dict[str, str] = {}
    for d in descriptors():
        if d.importer:
            out[d.id] = d.id
            out.update({alias: d.id for alias in d.importer_aliases})
    return out
