"""Read deck files: bytes -> text, with encoding detection, a size cap and binary refusal.

Accepted encodings: UTF-8 (with or without BOM), UTF-16 and UTF-32 (with BOM, or UTF-16
without BOM when every other byte is NUL), and the legacy Chinese encodings GB18030 and Big5
that older editors still write. Western lists saved as Windows-1252 are accepted too.

When the bytes are not UTF-8, every candidate encoding that decodes them is scored by how
plausible the resulting text is (common Chinese characters score, rare ones, private-use
characters, kana or box drawing in the middle of a Chinese list count against), and the best
one wins. Line numbers are those an editor shows: ``\\r\\n``, ``\\r`` and ``\\n`` each end one
line.
"""

from __future__ import annotations

import codecs
import errno
import os
import re
import stat
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from deckcheck.safeio import read_chunks

MAX_BYTES = 5 * 1024 * 1024
#: limits on what one deck file may hold: far above any real deck (a Commander list has about
#: a hundred lines), low enough that a hostile file is refused before it costs seconds
MAX_LINES = 20_000
MAX_ENTRIES = 2_000
#: the longest line a deck file may have: a line of a list holds a card or a heading (a
#: one-line sideboard, even a Commander list on one line, is a few thousand characters); a
#: longer one is refused with its line number. XML and JSON documents are left to their
#: readers (a whole document may be one line)
MAX_LINE_CHARS = 10_000
_STRUCTURED_START = re.compile(r"[\ufeff \t\r\n]*+(?:<|\{|\[[ \t\r\n]*+[\[{\"\]])")
_LINE_SPLIT = re.compile(r"\r\n|\r|\n")


def shown_path(path: str) -> str:
    """``path`` as reports and messages show it: control characters, line breaks and
    undecodable bytes of a file name (a pull request can name a file anything) are written
    as escapes, so a name can neither break a one-line message nor fail to print."""
    if path.isprintable():
        return path
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape", "backslashreplace")
                   .decode("ascii") for ch in path)


class ReadError(Exception):
    """The input cannot be read as a deck list; the message says why and how to fix it."""

    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


@dataclass(slots=True)
class SourceText:
    path: str
    text: str
    encoding: str

    @property
    def lines(self) -> list[str]:
        return split_lines(self.text)


def split_lines(text: str) -> list[str]:
    # without a carriage return the pattern splits where str.split does
    lines = text.split("\n") if "\r" not in text else _LINE_SPLIT.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def line_count(text: str) -> int:
    """The number of lines an editor shows (``\\r\\n``, ``\\r`` and ``\\n`` each end one)."""
    breaks = text.count("\n") + text.count("\r") - text.count("\r\n")
    return breaks + (0 if text.endswith(("\n", "\r")) or not text else 1)


def check_limits(path: str, text: str | None = None, items: int | None = None,
                 findings: int | None = None) -> None:
    """Refuse a deck file with more lines, card entries or parse findings than a deck list
    can have (:data:`MAX_LINES`, :data:`MAX_ENTRIES`): such a file is not a deck, and reading
    it further would only cost time and memory."""
    if text is not None:
        n = line_count(text)
        if n > MAX_LINES:
            raise ReadError(path, f"the file has {n:,} lines; deck lists are limited to "
                                  f"{MAX_LINES:,} lines (is this really a deck list?)")
        long = _long_line(text) if len(text) > MAX_LINE_CHARS else None
        if long is not None:
            raise ReadError(path, f"line {long[0]} has {long[1]:,} characters; a deck list's "
                                  f"lines are limited to {MAX_LINE_CHARS:,} (write one card "
                                  "per line: is this really a deck list?)")
    if items is not None and items > MAX_ENTRIES:
        raise ReadError(path, f"the file has {items:,} card entries; deck lists are limited to "
                              f"{MAX_ENTRIES:,} (is this really a deck list?)")
    if findings is not None and findings > MAX_LINES:
        raise ReadError(path, f"{findings:,} parts of the file cannot be read as deck lines "
                              "(is this really a deck list?)")


def _long_line(text: str) -> tuple[int, int] | None:
    """The number and length of the first line longer than :data:`MAX_LINE_CHARS`, or None
    (also for an XML or JSON document, whose reader has its own limits)."""
    if _STRUCTURED_START.match(text):
        return None
    for n, line in enumerate(split_lines(text), start=1):
        if len(line) > MAX_LINE_CHARS:
            return n, len(line)
    return None


def read_path(path: str | Path, max_bytes: int = MAX_BYTES) -> SourceText:
    """Read a deck file (``-`` is standard input)."""
    if str(path) == "-":
        data = sys.stdin.buffer.read(max_bytes + 1)
        return decode(data, "<stdin>", max_bytes)
    name = shown_path(str(path))
    try:
        # one open, then the checks on its descriptor (no window for a swap between a check
        # and the open); without blocking, so a FIFO named as a deck list does not hang here
        fd = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        raise ReadError(name, "no such file") from None
    except (PermissionError, IsADirectoryError):
        if os.path.isdir(path):   # where a folder cannot be opened (Windows)
            raise ReadError(name, "is a directory") from None
        raise ReadError(name, "permission denied") from None
    except OSError as exc:
        raise ReadError(name, _os_error(exc)) from None
    try:
        st = os.fstat(fd)
        size = st.st_size
        if stat.S_ISDIR(st.st_mode):
            raise ReadError(name, "is a directory")
        if not stat.S_ISREG(st.st_mode):
            # a FIFO would block until someone writes to it, a device never ends
            raise ReadError(name, "is not a regular file (a pipe, device or socket); "
                                  "give the list on standard input with -")
        if size > max_bytes:
            raise ReadError(name, f"file is {size:,} bytes; deck lists are limited to "
                                  f"{max_bytes:,} bytes (is this really a deck list?)")
        if _NONBLOCK:
            os.set_blocking(fd, True)   # a regular file: plain reads from here on
        # the size fstat gave and one byte more (asking for max_bytes + 1 would allocate
        # 5 MB, 70 µs a file), then on to the end or the cap (a file that grew since)
        data = b"".join(read_chunks(fd, max_bytes + 1, first=size + 1))
    except ReadError:
        raise
    except OSError as exc:
        raise ReadError(name, _os_error(exc)) from None
    finally:
        os.close(fd)
    return decode(data, name, max_bytes)


_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_READ_FLAGS = os.O_RDONLY | _NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0) \
    | getattr(os, "O_BINARY", 0)


def _os_error(exc: OSError) -> str:
    """Why a file cannot be read, for a message."""
    if exc.errno == errno.ELOOP:
        return ("cannot read: a symbolic link that leads round in a loop (or through too "
                "many links); point the link at the deck file, or name the file itself")
    if exc.errno == errno.EACCES:
        return "permission denied"
    return f"cannot read: {exc.strerror or exc}"


def decode(data: bytes, path: str = "<input>", max_bytes: int = MAX_BYTES) -> SourceText:
    """Decode ``data`` (see the module docstring); raise :class:`ReadError` when impossible."""
    if len(data) > max_bytes:
        raise ReadError(path, f"input exceeds {max_bytes:,} bytes; deck lists are smaller")
    if not data.strip():
        raise ReadError(path, "file is empty; write one card per line, e.g. '4 Card Name'")
    text, encoding = _decode(data, path)
    _refuse_binary(text, path)
    if text.startswith("\ufeff"):
        text = text[1:]
    return SourceText(path=path, text=text, encoding=encoding)


def _decode(data: bytes, path: str) -> tuple[str, str]:
    for bom, enc in ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
                     (codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"),
                     (codecs.BOM_UTF16_BE, "utf-16")):
        if data.startswith(bom):
            try:
                return data.decode(enc), enc
            except UnicodeDecodeError as exc:
                name = enc.upper().removesuffix("-SIG")
                at = exc.start + (len(bom) if enc == "utf-8-sig" else 0)
                raise ReadError(path, f"starts with a {name} byte-order mark but is not "
                                      f"valid {name} ({_where(data, at, enc)}); save the "
                                      "list as UTF-8") from None
    if b"\x00" in data:
        utf16 = _utf16_without_bom(data)
        if utf16 is not None:
            return utf16
        offset = data.index(b"\x00")
        raise ReadError(path, f"binary file (NUL byte at {_where(data, offset)}); "
                              "deck lists are plain text")
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError as exc:
        utf8_error = exc
    best: tuple[float, str, str] | None = None
    for enc in ("gb18030", "big5", "cp1252"):
        try:
            text = data.decode(enc)
        except UnicodeDecodeError:
            continue
        score = _plausibility(text)
        if best is None or score > best[0]:
            best = (score, text, enc)
    if best is None or best[0] < 0:
        raise ReadError(path, f"not valid UTF-8 ({_where(data, utf8_error.start)}) nor "
                              "GB18030, Big5 or Windows-1252 text; save the list as UTF-8")
    return best[1], best[2]


def _where(data: bytes, offset: int, encoding: str | None = None) -> str:
    """``line 4, byte 70``: where a byte of a file is, for a message (lines from 1; in
    ``encoding``, when the file has a byte-order mark)."""
    if encoding is None:
        line = data.count(b"\n", 0, offset) + 1
    else:
        line = data[:offset].decode(encoding, errors="replace").count("\n") + 1
    return f"line {line}, byte {offset}"


def _utf16_without_bom(data: bytes) -> tuple[str, str] | None:
    """UTF-16 text without a byte-order mark: many NULs in one byte position, few in the
    other (ASCII letters, digits and line ends of a deck list have a NUL high byte)."""
    if len(data) % 2:
        return None
    half = len(data) // 2
    even, odd = data[0::2].count(0), data[1::2].count(0)
    for zeros, others, enc in ((odd, even, "utf-16-le"), (even, odd, "utf-16-be")):
        if zeros >= 0.3 * half and others <= 0.02 * half:
            try:
                return data.decode(enc), enc
            except UnicodeDecodeError:
                return None
    return None


@lru_cache(maxsize=1)
def _common_hanzi() -> frozenset[str]:
    """GB2312 level-1 characters (the 3,755 most common) and their Traditional forms."""
    chars = []
    for lead in range(0xB0, 0xD8):
        for trail in range(0xA1, 0xFF):
            try:
                chars.append(bytes((lead, trail)).decode("gb2312"))
            except UnicodeDecodeError:
                pass
    simplified = "".join(chars)
    from deckcheck.matching.normalise import to_traditional

    return frozenset(simplified) | frozenset(to_traditional(simplified))


def _plausibility(text: str) -> float:
    from deckcheck.matching.normalise import is_cjk_char

    common = _common_hanzi()
    score = 0.0
    for ch in text:
        if ch.isascii():
            continue
        o = ord(ch)
        if is_cjk_char(ch):
            score += 1.0 if ch in common else -2.0
        elif 0xC0 <= o <= 0x24F and ch.isalpha():
            score += 0.5  # accented Latin letters (Séance, Schrödinger)
        elif 0x3000 <= o <= 0x303F or 0xFF01 <= o <= 0xFF5E or o in (0xB7, 0x2019, 0x2018,
                                                                        0x201C, 0x201D, 0xD7):
            score += 0.2  # CJK and full-width punctuation, quotes, middle dot, ×
        else:
            score -= 3.0  # private use, kana, bopomofo, box drawing, odd symbols
    return score


#: the control characters a text file does not hold (blanks and line ends excepted)
_CONTROLS = re.compile(r"[\x00-\x08\x0e-\x1f]")


def _refuse_binary(text: str, path: str) -> None:
    sample = text[:65536]
    if _CONTROLS.search(sample) is None:   # the usual case: one scan in C
        return
    controls = len(_CONTROLS.findall(sample))
    if controls and controls > max(2, len(sample) // 100):
        raise ReadError(path, f"binary file ({controls} control characters); deck lists are "
                              "plain text")
