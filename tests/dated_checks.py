"""What the tests of dated format data share: a deck of one card line filled with a basic
land, the day before a change, and a check's errors on a date."""

from __future__ import annotations

import datetime as _dt

from deckcheck.api import check_text


def deck_of(line: str, basic: str, size: int = 60) -> str:
    """``line`` ("4 Fury") and enough of ``basic`` to make ``size`` cards."""
    count = int(line.split(" ", 1)[0])
    return f"{line}\n{size - count} {basic}\n"


def day_before(day: str) -> str:
    return (_dt.date.fromisoformat(day) - _dt.timedelta(days=1)).isoformat()


def errors_on(deck: str, fmt: str, date: str, *fields: str):
    """The result of checking ``deck`` in ``fmt`` on ``date`` (which must not fail) and its
    errors as ``(code, card, *fields)`` tuples."""
    result = check_text(deck, fmt, date)
    assert result.error is None, result.error
    return result, [(f.code, f.card, *(getattr(f, n) for n in fields))
                    for f in result.findings if f.severity.name == "ERROR"]
