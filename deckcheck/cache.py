"""Compiled caches: build something from YAML once, then load the compiled file.

A cache file is named by its kind and a fingerprint of the deckcheck version, the installed
package's folder and the path, size and modification time of every source file. Two
installations (a virtual environment and a checkout, two CI jobs' checkouts …) thus have
files of their own and never delete each other's: a file is removed only when it has not
been used for :data:`UNUSED_DAYS` days (each use refreshes its modification time, at most
once a day). Files are written to a temporary name and renamed into place, so parallel
builders of the same cache never read half a file; a damaged or foreign file is rebuilt.
When the cache directory is not writable the result is simply built in memory each time.
"""

from __future__ import annotations

import gc
import os
import pickle
import time
import zlib
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO, Callable, Iterable, Iterator, TypeVar

from deckcheck import __version__
from deckcheck.resources import cache_dir

T = TypeVar("T")
_FORMAT = 5  # bump when the compiled structures change shape
_PACKAGE = str(Path(__file__).resolve().parent)
#: a cache file unused for this long is deleted when another one is written
UNUSED_DAYS = 30
#: a temporary file this old belongs to a builder that died
_STALE_TMP_SECONDS = 3600
_SUFFIXES = (".pickle", ".store")


class Damaged(Exception):
    """A cache file that cannot be read back (it is rebuilt)."""


def digest(text: str) -> str:
    """A short stable digest of ``text`` for file names (CRC-32 and Adler-32: 64 bits, and
    no hashlib to import on the hot path)."""
    data = text.encode("utf-8", "surrogatepass")
    return f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}"


def fingerprint(kind: str, files: Iterable[Path]) -> str:
    parts = [f"{_FORMAT}:{__version__}:{_PACKAGE}:{kind}"]
    real: dict[str, str] = {}   # each folder resolved once (realpath is costly per file)
    for f in sorted(files):
        try:
            st = os.stat(f)
        except OSError:
            continue
        folder = str(f.parent)
        where = real.get(folder)
        if where is None:
            where = real[folder] = os.path.realpath(folder)
        parts.append(f"{where}/{f.name}|{st.st_size}|{st.st_mtime_ns}")
    return digest("\n".join(parts))


def _read_pickle(path: Path):
    with path.open("rb") as fh:
        data = fh.read()
    # unpickling creates many containers, none of them garbage: the cyclic collector is
    # kept off meanwhile
    enabled = gc.isenabled()
    gc.disable()
    try:
        return pickle.loads(data)
    except (pickle.UnpicklingError, EOFError, AttributeError, ImportError, ValueError,
            TypeError, IndexError, KeyError) as exc:
        raise Damaged(f"{path}: {type(exc).__name__}") from None
    finally:
        if enabled:
            gc.enable()


@contextmanager
def replacing(path: Path) -> Iterator[BinaryIO]:
    """A temporary file beside ``path``, open for writing, renamed over ``path`` when the
    block ends without an exception and removed otherwise: a reader sees the old file, the
    new one or none, never half of one."""
    import tempfile

    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            yield fh
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _write_pickle(path: Path, value) -> None:
    with replacing(path) as fh:
        pickle.dump(value, fh, protocol=pickle.HIGHEST_PROTOCOL)


def cached(kind: str, files: list[Path], build: Callable[[], T], use_cache: bool = True, *,
           suffix: str = ".pickle", read: Callable[[Path], T] = _read_pickle,
           write: Callable[[Path, T], None] = _write_pickle) -> T:
    """Return ``build()``'s result, from the cache when the source files are unchanged.

    ``read(path)`` loads a cache file (raising :class:`Damaged` or ``OSError`` when it cannot)
    and ``write(path, value)`` writes one atomically; the defaults pickle ``value``."""
    if not use_cache or os.environ.get("DECKCHECK_NO_CACHE"):
        return build()
    target = cache_dir() / f"{kind}-{fingerprint(kind, files)}{suffix}"
    try:
        value = read(target)
    except (OSError, Damaged):
        pass
    else:
        mark_used(target)
        return value
    value = build()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write(target, value)
        prune(target.parent, keep=target)
    except OSError:
        pass
    return value


def mark_used(path: Path) -> None:
    """Refresh a cache file's modification time (at most once a day): it is in use."""
    try:
        if time.time() - path.stat().st_mtime > 86400:
            os.utime(path)
    except OSError:
        pass


def prune(folder: Path, keep: Path | None = None, now: float | None = None) -> list[Path]:
    """Delete the cache files of ``folder`` unused for :data:`UNUSED_DAYS` days and the
    temporary files of builders that died; returns what was deleted."""
    now = time.time() if now is None else now
    gone = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return gone
    for entry in entries:
        name = entry.name
        if keep is not None and name == keep.name:
            continue
        if name.endswith(_SUFFIXES):
            limit = UNUSED_DAYS * 86400
        elif name.endswith(".tmp") and name.startswith(("cards-", "formats-")):
            limit = _STALE_TMP_SECONDS
        else:
            continue
        try:
            if now - entry.stat().st_mtime > limit:
                os.unlink(entry.path)
                gone.append(Path(entry.path))
        except OSError:
            pass
    return gone
