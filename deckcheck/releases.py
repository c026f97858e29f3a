"""Set release dates, for every game: when a card first came out.

A game's card data may give each set the day (``2024-08-29``) or only the month
(``2012-03``) it was released. :func:`first_release` takes the earliest release of the sets a
card name was printed in (a reprint shares its name's first release); the generic rule
DCK037 (:mod:`deckcheck.rules.dated`) reports a card checked in a dated format on a day
before it. A game offers its table through :meth:`deckcheck.games.base.Game.set_releases`
(empty by default, so a game whose own rules already say this, such as Magic's MTG201, is
not told twice).

This module imports nothing of deckcheck: the card data, the games and the rules all use it.
"""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

_DAY = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
_MONTH = re.compile(r"^(\d{4})-(\d{2})$")


@dataclass(frozen=True)
class Release:
    """One set's release as its source gives it."""

    code: str       #: the set code the card records use
    label: str      #: the set for messages: ``The Battle at the Sacred Ruins (TSR)``
    first_day: str  #: the first day the set can have been out (ISO; the 1st for a month)
    shown: str      #: the date as the source gives it (``2024-08-29`` or ``2012-03``)
    source: str = ""

    @property
    def month_only(self) -> bool:
        return len(self.shown) == 7


def first_day(value: Any) -> str | None:
    """``2024-08-29`` -> itself; ``2012-03`` -> ``2012-03-01``; a date -> its ISO text;
    anything else (empty, a year alone, a malformed day) -> None."""
    if isinstance(value, _dt.datetime):
        value = value.date()
    if isinstance(value, _dt.date):
        return value.isoformat()
    text = str(value or "").strip()
    m = _DAY.match(text)
    if m:
        try:
            return _dt.date(int(m[1]), int(m[2]), int(m[3])).isoformat()
        except ValueError:
            return None
    m = _MONTH.match(text)
    if m and 1 <= int(m[2]) <= 12:
        return f"{text}-01"
    return None


def shown(value: Any) -> str:
    if isinstance(value, (_dt.date, _dt.datetime)):
        return first_day(value) or ""
    return str(value or "").strip()


def release_table(rows: Iterable[Mapping[str, Any]], *, code: str = "code",
                  released: str = "released", name: str = "name",
                  source: str = "source") -> dict[str, Release]:
    """``{code: Release}`` from rows such as ``sets.yaml``'s ``{code, name, released}``; a row
    without a readable date is left out (its sets have no known release)."""
    out: dict[str, Release] = {}
    for row in rows or ():
        if not isinstance(row, Mapping) or not row.get(code):
            continue
        day = first_day(row.get(released))
        if day is None:
            continue
        c = str(row[code])
        label = f"{row[name]} ({c})" if row.get(name) else c
        out[c] = Release(c, label, day, shown(row.get(released)), str(row.get(source) or ""))
    return out


def first_release(sets: Iterable[str], table: Mapping[str, Release]) -> Release | None:
    """The earliest release of ``sets`` (a card name's printings), or None when any of them
    has no known date: an undated printing may be the older one, so nothing is claimed."""
    best: Release | None = None
    any_set = False
    for s in sets:
        any_set = True
        r = table.get(str(s))
        if r is None:
            return None
        if best is None or r.first_day < best.first_day:
            best = r
    return best if any_set else None


def undated_sets(all_sets: Iterable[str], table: Mapping[str, Release]) -> list[str]:
    """The sets of ``all_sets`` the table gives no date (for ``formats show``)."""
    return [s for s in all_sets if s not in table]
