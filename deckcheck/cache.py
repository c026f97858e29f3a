"""Compiled caches: build something from YAML once, then load it as a pickle.

A cache entry is keyed by the deckcheck version and the path, size and modification time of
every source file, so editing or re-importing a file rebuilds it. When the cache directory is
not writable the result is simply built in memory each time.
"""

from __future__ import annotations

import gc
import hashlib
import os
import pickle
import tempfile
from pathlib import Path
from typing import Callable, Iterable, TypeVar

from deckcheck import __version__
from deckcheck.resources import cache_dir

T = TypeVar("T")
_FORMAT = 4  # bump when the pickled structures change shape


def _fingerprint(kind: str, files: Iterable[Path]) -> str:
    h = hashlib.sha1(f"{_FORMAT}:{__version__}:{kind}".encode())
    for f in sorted(files):
        try:
            st = f.stat()
        except OSError:
            continue
        h.update(f"{f.resolve()}|{st.st_size}|{st.st_mtime_ns}\n".encode())
    return h.hexdigest()[:20]


def cached(kind: str, files: list[Path], build: Callable[[], T], use_cache: bool = True) -> T:
    """Return ``build()``'s result, from the cache when the source files are unchanged."""
    if not use_cache or os.environ.get("DECKCHECK_NO_CACHE"):
        return build()
    target = cache_dir() / f"{kind}-{_fingerprint(kind, files)}.pickle"
    try:
        with target.open("rb") as fh:
            data = fh.read()
    except OSError:
        data = None
    if data is not None:
        # unpickling creates some 10^5 containers, none of them garbage: without the cyclic
        # collector running over them again and again the load takes a quarter less time
        enabled = gc.isenabled()
        gc.disable()
        try:
            return pickle.loads(data)
        except (pickle.UnpicklingError, EOFError, AttributeError, ImportError, ValueError,
                TypeError, IndexError, KeyError):
            pass   # a damaged or foreign cache file is rebuilt
        finally:
            if enabled:
                gc.enable()
    value = build()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        for old in target.parent.glob(f"{kind}-*.pickle"):
            try:
                old.unlink()
            except OSError:
                pass
        fd, tmp = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            pickle.dump(value, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, target)
    except OSError:
        pass
    return value
