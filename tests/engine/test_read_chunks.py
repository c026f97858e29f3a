"""safeio.read_chunks: every capped read of a file deckcheck opens goes through it."""

from __future__ import annotations

import os

import pytest

from deckcheck.safeio import read_chunks


def _chunks(tmp_path, data: bytes, cap: int, first: int) -> list[bytes]:
    path = tmp_path / "f.bin"
    path.write_bytes(data)
    fd = os.open(path, os.O_RDONLY)
    try:
        return list(read_chunks(fd, cap, first))
    finally:
        os.close(fd)


@pytest.mark.parametrize("size", [0, 1, 99, 100, 101, 3 * (1 << 20) + 7])
def test_reads_to_the_end_or_the_cap(tmp_path, size):
    data = bytes(range(256)) * (size // 256) + bytes(size % 256)
    cap = 2 * (1 << 20)
    got = b"".join(_chunks(tmp_path, data, cap, first=10))
    assert got == data[:cap]


def test_a_small_file_is_one_read_when_the_first_asks_for_its_size_plus_one(tmp_path):
    data = b"4 Lightning Bolt\n" * 100
    chunks = _chunks(tmp_path, data, 5 * (1 << 20) + 1, first=len(data) + 1)
    assert chunks == [data]


def test_the_cap_plus_one_tells_a_file_over_the_cap(tmp_path):
    limit = 1000
    assert len(b"".join(_chunks(tmp_path, b"x" * limit, limit + 1, first=1 << 20))) == limit
    assert len(b"".join(_chunks(tmp_path, b"x" * 5000, limit + 1, first=1 << 20))) == limit + 1
