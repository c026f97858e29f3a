"""The compiled card store: one file per game and installation, read lazily.

A one-deck check needs the name index and some sixty card records, not the whole pool, so
the store keeps them apart::

    MAGIC (8 bytes) | total length (8) | head offset (8) | head length (8) | head crc32 (4)
    record 0 | … | record n-1 | hashed tables' buckets | lazy sections | head

Each record is one card's facts, pickled on its own. A hashed table (the name index's
exact-name, folded-name and id tables) is cut into buckets by a CRC-32 of the key, each
bucket a small pickled dict (:class:`HashedTable`): a lookup unpickles one bucket. A lazy
section (the fuzzy step's name lists, each data table) is pickled whole and read on first
use. The head holds the offsets and the small rest (the match parameters, the id ->
position table). Opening the store maps the file, checks its length and the head's
checksum and unpickles the head; the cost of a load thus follows what the check touches
(about sixty cards and their names), not the size of the pool.

The collector is kept off while the head is unpickled and the objects it made are moved to
the permanent generation (``gc.freeze``): they live as long as the process, and sweeping
them again and again was most of a large pool's load time.
"""

from __future__ import annotations

import gc
import mmap
import os
import pickle
import struct
import zlib
from array import array
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Callable, Iterator

from deckcheck.models import Card

MAGIC = b"DCKSTOR4"   # bump when the layout changes
_HEADER = struct.Struct("<8sQQQI")
_PROTOCOL = pickle.HIGHEST_PROTOCOL


class StoreDamaged(Exception):
    """The store file is truncated, foreign or otherwise unreadable (it is rebuilt)."""


def _bucket_of(key: str, count: int) -> int:
    return zlib.crc32(key.encode("utf-8", "surrogatepass")) % count


def write(path: Path, records: list[dict[str, Any]], head: dict[str, Any],
          hashed: dict[str, dict[str, Any]], lazy: dict[str, Any]) -> None:
    """Write a store atomically: to a temporary file beside ``path``, then renamed over it,
    so a reader (another process building the same store at the same moment included)
    sees the old file, the new one or none, never half of one."""
    from deckcheck.cache import replacing

    path.parent.mkdir(parents=True, exist_ok=True)
    with replacing(path) as fh:
        fh.write(b"\0" * _HEADER.size)
        offsets = array("Q")
        pos = _HEADER.size
        for rec in records:
            blob = pickle.dumps(rec, protocol=_PROTOCOL)
            offsets.append(pos)
            fh.write(blob)
            pos += len(blob)
        offsets.append(pos)
        head = dict(head, offsets=offsets.tobytes(), hashed={}, lazy={})
        for name, table in hashed.items():
            buckets: list[dict[str, Any]] = [{} for _ in range(max(1, len(table) // 4))]
            for key, value in table.items():
                buckets[_bucket_of(key, len(buckets))][key] = value
            starts = array("Q")
            for bucket in buckets:
                blob = pickle.dumps(bucket, protocol=_PROTOCOL)
                starts.append(pos)
                fh.write(blob)
                pos += len(blob)
            starts.append(pos)
            head["hashed"][name] = starts.tobytes()
        for name, value in lazy.items():
            blob = pickle.dumps(value, protocol=_PROTOCOL)
            head["lazy"][name] = (pos, len(blob))
            fh.write(blob)
            pos += len(blob)
        blob = pickle.dumps(head, protocol=_PROTOCOL)
        fh.write(blob)
        total = pos + len(blob)
        fh.seek(0)
        fh.write(_HEADER.pack(MAGIC, total, pos, len(blob), zlib.crc32(blob)))


class Store:
    """An open store file: its head and a map of its records."""

    def __init__(self, path: Path):
        self.path = path
        try:
            with open(path, "rb") as fh:
                size = os.fstat(fh.fileno()).st_size
                if size < _HEADER.size:
                    raise StoreDamaged(f"{path}: {size} bytes, shorter than a header")
                self._map = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError) as exc:
            raise StoreDamaged(f"{path}: {exc}") from None
        magic, total, at, length, crc = _HEADER.unpack_from(self._map, 0)
        if magic != MAGIC or total != size or at + length != total:
            raise StoreDamaged(f"{path}: not a complete store file")
        blob = self._map[at:at + length]
        if zlib.crc32(blob) != crc:
            raise StoreDamaged(f"{path}: the head's checksum differs")
        enabled = gc.isenabled()
        gc.disable()
        try:
            self.head: dict[str, Any] = pickle.loads(blob)
        except Exception as exc:   # a foreign pickle (another version's classes …)
            raise StoreDamaged(f"{path}: {type(exc).__name__}: {exc}") from None
        finally:
            if enabled:
                gc.enable()
        freeze()
        self.offsets = array("Q")
        self.offsets.frombytes(self.head.pop("offsets"))

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def load(self, start: int, end: int) -> Any:
        """The pickle at ``start:end``. The head's checksum does not cover the records: one
        that does not unpickle (the file changed under us, a failing disk) deletes the file,
        so that the next run rebuilds it, and says so."""
        try:
            return pickle.loads(self._map[start:end])
        except Exception as exc:
            try:
                os.unlink(self.path)
            except OSError:
                pass
            raise StoreDamaged(f"the card cache {self.path} is damaged ({type(exc).__name__} "
                               f"at byte {start}); it was deleted: run the command again to "
                               "rebuild it") from None

    def record(self, i: int) -> dict[str, Any]:
        return self.load(self.offsets[i], self.offsets[i + 1])

    def hashed(self, name: str) -> "HashedTable":
        starts = array("Q")
        starts.frombytes(self.head["hashed"][name])
        return HashedTable(self, starts)

    def section(self, name: str) -> Any:
        """A lazy section's value (unpickled each call: callers keep it)."""
        at, length = self.head["lazy"][name]
        return self.load(at, at + length)

    def sections(self) -> list[str]:
        return list(self.head["lazy"])


class HashedTable:
    """A read-only ``str`` -> value table whose buckets are unpickled on first lookup."""

    def __init__(self, st: Store, starts: array):
        self._store = st
        self._starts = starts
        self._count = len(starts) - 1
        self._buckets: dict[int, dict[str, Any]] = {}

    def _bucket(self, b: int) -> dict[str, Any]:
        bucket = self._buckets.get(b)
        if bucket is None:
            bucket = self._buckets[b] = self._store.load(self._starts[b], self._starts[b + 1])
        return bucket

    def get(self, key: str, default: Any = None) -> Any:
        return self._bucket(_bucket_of(key, self._count)).get(key, default)

    def __getitem__(self, key: str) -> Any:
        marker = object()
        value = self.get(key, marker)
        if value is marker:
            raise KeyError(key)
        return value

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.get(key, _MISSING) is not _MISSING

    def items(self) -> Iterator[tuple[str, Any]]:
        """Every entry (reads every bucket; not for the hot path)."""
        for b in range(self._count):
            yield from self._bucket(b).items()


_MISSING = object()


def freeze() -> None:
    """Move every object alive now to the collector's permanent generation: the loaded
    card data lives as long as the process and is never garbage."""
    if hasattr(gc, "freeze"):
        gc.freeze()


class LazyCards(Sequence):
    """The cards of a store as a sequence: ``cards[i]`` unpickles card ``i`` on first
    access and returns the same :class:`Card` object afterwards. Iterating materialises
    every card (listings and searches do; a one-deck check does not)."""

    def __init__(self, count: int, fetch: Callable[[int], dict[str, Any]]):
        self._cards: list[Card | None] = [None] * count
        self._fetch = fetch

    def __len__(self) -> int:
        return len(self._cards)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self._cards)))]
        card = self._cards[i]
        if card is None:
            card = self._cards[i] = Card(self._fetch(i if i >= 0 else i + len(self._cards)))
        return card

    def __iter__(self) -> Iterator[Card]:
        for i in range(len(self._cards)):
            yield self[i]

    @property
    def materialised(self) -> int:
        """How many cards have been unpickled so far (for tests and the benchmark)."""
        return sum(1 for c in self._cards if c is not None)


class LazyTables(Mapping):
    """The data tables (``sets``, ``mages``, ``confusables`` …), each unpickled on first
    read from the store's lazy section ``table:<name>``."""

    def __init__(self, store: Store):
        self._store = store
        self._names = [n[6:] for n in store.sections() if n.startswith("table:")]
        self._tables: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        try:
            return self._tables[key]
        except KeyError:
            if key not in self._names:
                raise
            value = self._tables[key] = self._store.section("table:" + key)
            return value

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)
