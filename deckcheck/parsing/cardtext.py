"""The text of one card line: a count, a name and the printing hints written with it.

``4 Delver of Secrets``, ``4x X``, ``X x4``, ``2张 X``, ``2 - X``, ``VS01-001 4 X`` (a wiki
row), ``X (ISD) 51``, ``[M12] X``, ``X *F*``, ``[Timber Wolf]``, ``《Dark Confidant》`` or a bare
name (one copy). :func:`parse_card_text` reads such a text into a :class:`ParsedName`, or
says why it is no entry; the plain-text reader (:mod:`deckcheck.parsing.text`), the census
(:mod:`deckcheck.parsing.decklike`) and the games' own readers call it.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from deckcheck.parsing import phrases
from deckcheck.parsing.phrases import Said

MAX_COUNT = 1000
MAX_LINE = 300

# Patterns run on every line a stranger sends, so none may backtrack super-linearly: a run of
# blanks or digits is taken whole by a possessive quantifier (``\s*+``, ``\d++``) where giving
# part of it back could never help, and a lazy name stops only after a non-blank (``.*?\S``).
# tests/hostile/test_regex_audit.py checks every pattern of the package for these shapes.
_LEADING_COUNT = re.compile(
    r"^(?:(?P<x>[xX×])\s*+(?=\d))?(?P<count>[+-]?\d++)(?:\s*+[xX×*](?=\s|$)|[xX×*](?=\S)|\s*+[张張])?"
    r"\s*+(?:[-–—]\s++|\.\s++)?(?P<name>.*)$")
_FRACTION = re.compile(r"^[.,]\d+")
# a wiki table's row: the card id, the count, then the name and more columns
# ("VS01-001 4 Blessed Holy Wolf Resonator Light Common")
_LEADING_ID = re.compile(r"^(?P<id>[A-Za-z][A-Za-z0-9]{1,7}-\d{1,4}[A-Za-z]?)\s++(?P<rest>\d{1,4}\s.*+)$")
# full-width forms a Chinese keyboard types inside counts, codes and separators
_HALF_WIDTH = str.maketrans("０１２３４５６７８９ｘＸ＊（）／【】：", "0123456789xX*()/[]:")
_SET_PAREN = re.compile(r"(?:\s+|(?<=[^\x00-\x7f]))\((?P<set>[A-Z0-9]{2,6})\)"
                        r"(?:\s+(?P<num>[0-9]+[A-Za-z]?[*+★]?))?$")
_SET_BRACKET_END = re.compile(r"\s*\[(?P<set>[A-Z0-9]{2,6})(?::(?P<num>[^\]\s]+))?\]$")
_SET_BRACKET_START = re.compile(r"^\[(?P<set>[A-Z0-9]{2,6})(?::(?P<num>[^\]\s]+))?\]\s*")
_TAGS = re.compile(r"(?:\s+(?:\*[A-Z]\*|#[\w-]+))+$")
# a price a deck site or shop writes after the name: "Lightning Bolt $0.50", "X - €1,20",
# "X 0.99 USD", "X 12.5 tix"; no card's name has a currency sign or ends in a currency code
_PRICE_END = re.compile(r"(?:^|\s++(?:[-–—@|,:]\s*+)?)(?P<price>[$€£¥]\s*+\d[\d,.]*+|\d[\d,.]*+\s*+"
                        r"(?:[$€£¥]|(?i:usd|eur|gbp|cad|aud|tix)))$")
_CURRENCY_CODES = frozenset(("usd", "eur", "gbp", "cad", "aud", "tix"))
_CARD_ID_END = re.compile(r"\s*[(\[](?P<id>[A-Za-z][A-Za-z0-9]{1,7}-\d{1,4}[A-Za-z]?)[)\]]$")
_WRAPPED = re.compile(r"^\[(?P<name>[^\[\]a-z]*+[a-z][^\[\]]*+)\]$")   # "[Card Name]" (forum links)


class ParsedName(NamedTuple):
    """What a card line reads as (immutable: :func:`parse_card_text` remembers it; a named
    tuple is made four times faster than a frozen dataclass)."""

    count: int
    name: str
    raw_name: str
    set_code: str | None
    number: str | None
    tags: tuple[str, ...]
    implicit: bool
    ref: str | None = None      # a card id written after the name: "(SDAO1-033)"


def split_printing(name: str) -> tuple[str, str | None, str | None, tuple[str, ...]]:
    """Take explicit printing hints and tags off a name: ``(SET) 12``, ``[SET]``, ``*F*``, and
    a price written after it (``$0.50``, kept as a tag)."""
    tags: tuple[str, ...] = ()
    if len(name) > MAX_LINE:   # no card's name; check_names reports it (and regexes stay fast)
        return name, None, None, tags
    m = _PRICE_END.search(name) if _may_have_price(name) else None
    if m and m.start() > 0:    # the price is kept as a tag, the name is what is left
        tags = (m.group("price"),)
        name = name[: m.start()]
    m = _TAGS.search(name) if "*" in name or "#" in name else None
    if m:
        tags = tuple(m.group(0).split()) + tags
        name = name[: m.start()]
    set_code = number = None
    # each pattern needs its bracket: most names have none and skip the three searches
    for pattern in (_SET_PAREN, _SET_BRACKET_END, _SET_BRACKET_START) \
            if "(" in name or "[" in name else ():
        m = pattern.search(name)
        if m:
            set_code, number = m.group("set"), m.group("num")
            name = (name[: m.start()] + name[m.end():]).strip()
            break
    return name.strip(), set_code, number, tags


def _may_have_price(name: str) -> bool:
    """Whether ``name`` may end in a price: a currency sign anywhere, or a currency code last
    (one look at most names)."""
    return not name.isalnum() and (any(c in name for c in "$€£¥")
                                   or name[-3:].casefold() in _CURRENCY_CODES)


# Patterns that only some lines need ("Card Name x4", "60 Cards") are compiled the first time
# one is met, not when the module is imported (most lists never need them).

@lru_cache(maxsize=1)
def _trailing_count() -> re.Pattern:
    """A count after the name: "Card Name x4", "Card Name (x2)", "卡名 2张"."""
    return re.compile(
        r"^(?P<name>.*?\S)\s*(?:[xX×*]\s*(?P<count>\d+)\s*(?:张|張)?|[(（][xX×]?\s*(?P<count2>\d+)\s*"
        r"(?:张|張)?[)）]|\s(?P<count3>\d+)\s*(?:张|張)|(?<=[^\x00-\x7f])(?P<count4>\d+)\s*(?:张|張))$")


@lru_cache(maxsize=8192)
def parse_card_text(text: str) -> ParsedName | Said:
    """Parse ``count name`` forms; return the reason (a phrase) when the text is not an entry.

    Its answer depends on the text alone and is immutable, so it is remembered: the census
    of :mod:`deckcheck.parsing.decklike` and the reader ask for the same lines, and the
    lists of a batch share many ("4 Island")."""
    text = text.strip()
    if len(text) > MAX_LINE:
        return phrases.TEXT_TOO_LONG.say(n=len(text))
    implicit = False
    if not text.isascii():   # every full-width form is outside ASCII
        text = text.translate(_HALF_WIDTH)
    lead = _LEADING_ID.match(text) if "-" in text else None   # a wiki row: "VS01-001 4 Name"
    if lead:
        text = lead.group("rest")
    m = _LEADING_COUNT.match(text)
    if m:
        count_text, name = m.group("count"), m.group("name").strip()
        fraction = _FRACTION.match(name)
        if fraction:                            # "4.5 Island", "2,5 Island"
            return phrases.COUNT_NOT_WHOLE.say(n=count_text + fraction.group(0))
    else:
        m = _trailing_count().match(text)
        if m:
            count_text = next(m.group(g) for g in ("count", "count2", "count3", "count4")
                              if m.group(g) is not None)
            name = m.group("name").strip()
        else:
            count_text, name, implicit = "1", text, True
    try:
        count = int(count_text)
    except ValueError:
        return phrases.COUNT_NOT_NUMBER.say()
    if count < 0:
        return phrases.COUNT_NEGATIVE.say(n=count)
    if count > MAX_COUNT:
        return phrases.COUNT_TOO_LARGE.say(n=count, most=MAX_COUNT)
    if not name:
        return phrases.COUNT_NO_NAME.say()
    ref = lead.group("id") if lead else None
    m = _CARD_ID_END.search(name) if "(" in name or "[" in name else None
    if m and m.start() > 0:
        ref, name = m.group("id"), name[: m.start()].strip()
    m = _WRAPPED.match(name) if name[:1] == "[" else None
    if m and m.group("name").strip():    # a forum's link brackets: "[Timber Wolf]"
        name = m.group("name").strip()
    elif name.startswith("《") and name.endswith("》") and len(name) > 2:   # "《Dark Confidant》"
        name = name[1:-1].strip()
    raw = name
    name, set_code, number, tags = split_printing(name)
    if not name:
        name = raw
        set_code = number = None
    return ParsedName(count, name, raw, set_code, number, tags, implicit, ref)
