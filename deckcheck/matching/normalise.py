"""Name normalisation shared by the card index, the importers and the parsers.

Two forms are derived from a name:

* :func:`key` - the comparison key of the "normalised" matching step: NFKC (full- and
  half-width forms fold), casefold, ligatures (Æ -> ae), accents stripped, apostrophes
  deleted, ``&`` read as "and", Traditional Chinese folded to Simplified, and every other
  non-alphanumeric character deleted.  ``"Geist Honored Monk"``, ``"geist-honored monk"``
  and ``"Geist-Honored Monk"`` share one key.
* :func:`spaced` - the same folding, but punctuation becomes a single space; this is the
  string the fuzzy step compares, so word boundaries still count.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_APOSTROPHES = dict.fromkeys(map(ord, "'\u2019\u2018\u02bc\u0060\u00b4\u2032\uff07"), None)
_LIGATURES = str.maketrans({"æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o",
                            "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ı": "i"})


def is_cjk_char(ch: str) -> bool:
    """True for CJK ideographs (the Chinese card-name alphabet)."""
    o = ord(ch)
    return (0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF or 0x20000 <= o <= 0x2A6DF
            or 0xF900 <= o <= 0xFAFF)


def has_cjk(text: str) -> bool:
    return any(is_cjk_char(ch) for ch in text)


def is_cjk_name(text: str) -> bool:
    """True when every letter of ``text`` is a CJK ideograph (a Chinese card name)."""
    letters = [ch for ch in text if ch.isalnum()]
    return bool(letters) and all(is_cjk_char(ch) for ch in letters)


_converters: dict[str, object] = {}


def _opencc(config: str):
    conv = _converters.get(config)
    if conv is None:
        import opencc  # imported on first Chinese name only

        conv = _converters[config] = opencc.OpenCC(config)
    return conv


@lru_cache(maxsize=65536)
def to_simplified(text: str) -> str:
    """Fold Traditional Chinese characters to Simplified (character level)."""
    if not has_cjk(text):
        return text
    return _opencc("t2s").convert(text)


@lru_cache(maxsize=65536)
def to_traditional(text: str) -> str:
    """Convert Simplified Chinese characters to Traditional (character level)."""
    if not has_cjk(text):
        return text
    return _opencc("s2t").convert(text)


def _fold(text: str) -> str:
    if text.isascii():   # NFKC and the ligatures leave ASCII as it is; casefold is lower
        return text.lower().replace("'", "").replace("`", "").replace("&", " and ")
    text = unicodedata.normalize("NFKC", text).casefold().translate(_LIGATURES)
    text = text.translate(_APOSTROPHES).replace("&", " and ")
    if not text.isascii():
        decomposed = unicodedata.normalize("NFD", text)
        text = unicodedata.normalize(
            "NFC", "".join(ch for ch in decomposed if not unicodedata.combining(ch)))
        if has_cjk(text):
            text = to_simplified(text)
    return text


#: what is not a letter or digit in ASCII text (``str.isalnum`` of an ASCII character)
_ASCII_NOT_ALNUM = re.compile(r"[^A-Za-z0-9]+")


@lru_cache(maxsize=131072)
def key(text: str) -> str:
    """The normalised comparison key of a card name."""
    folded = _fold(text)
    if folded.isascii():   # one scan in C instead of a Python test per character
        return _ASCII_NOT_ALNUM.sub("", folded)
    return "".join(ch for ch in folded if ch.isalnum())


@lru_cache(maxsize=131072)
def spaced(text: str) -> str:
    """The folded name with punctuation turned into single spaces (fuzzy form)."""
    folded = _fold(text)
    if folded.isascii():
        out = _ASCII_NOT_ALNUM.sub(" ", folded)
    else:
        out = "".join(ch if ch.isalnum() else " " for ch in folded)
    return " ".join(out.split())


def alnum_length(text: str) -> int:
    return sum(1 for ch in text if ch.isalnum())
