"""Locate the shipped data folders (``formats/`` and ``cards/``).

In an installed wheel they live inside the package as ``deckcheck/_data/<name>``;
in a source checkout (or an editable install) they sit at the repository top level.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


@lru_cache(maxsize=None)
def data_dir(name: str) -> Path:
    """Return the directory of shipped data ``name`` ("formats" or "cards")."""
    env = os.environ.get(f"DECKCHECK_{name.upper()}_DIR")
    if env:
        return Path(env)
    packaged = _PACKAGE_DIR / "_data" / name
    if packaged.is_dir():
        return packaged
    return _PACKAGE_DIR.parent / name


def cache_dir() -> Path:
    """Directory for compiled caches (``$DECKCHECK_CACHE_DIR`` or the user cache)."""
    env = os.environ.get("DECKCHECK_CACHE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "deckcheck"


def user_data_dir() -> Path:
    """Where users keep their own card data and formats (``cards/<game>/``, ``formats/``):
    ``$DECKCHECK_DATA_DIR`` or ``$XDG_DATA_HOME/deckcheck`` (``~/.local/share/deckcheck``)."""
    env = os.environ.get("DECKCHECK_DATA_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                            "share")
    return Path(base) / "deckcheck"


def shared_dir() -> Path | None:
    """The public data sets (``../shared`` beside the checkout), if present."""
    env = os.environ.get("DECKCHECK_SHARED_DIR")
    candidates = [Path(env)] if env else []
    candidates.append(_PACKAGE_DIR.parent.parent / "shared")
    candidates.append(Path.cwd().parent / "shared")
    for c in candidates:
        if (c / "data").is_dir():
            return c
    return None
