"""The games' report tables and charts in another language: titles, column headings and
cells (``deckcheck check``'s extra tables, the HTML report's chart), from the catalogue's
``sections`` and ``cells`` (see :mod:`deckcheck.i18n`)."""

from __future__ import annotations

import re
from typing import Any

from deckcheck.i18n import _Lenient, _Terms, _locale, card_name_in, t



def section(game: str | None, title: str, headers: list[str], rows: list[list[Any]],
            lang: str) -> tuple[str, list[str], list[list[Any]]]:
    """A game's report table (``report_sections``) in ``lang``."""
    if lang == "en":
        return title, headers, rows
    loc = _locale(lang)
    names = {i for i, h in enumerate(headers) if str(h).casefold() in ("card", "hero")}
    db = _card_db(game) if names else None

    def shown(i: int, value: Any) -> Any:
        if i in names:
            named = _card_label(db, value, lang)
            if named != value:
                return named
        return _cell(loc, game, value, lang)

    return (section_title(game, title, lang),
            [t(h, lang) for h in headers],
            [[shown(i, c) for i, c in enumerate(row)] for row in rows])


def _card_db(game: str | None):
    """The game's card data for names in report tables (None when it cannot be read)."""
    if not game:
        return None
    try:
        from deckcheck import carddb
        from deckcheck.games.base import load_game

        return carddb.load(game, load_game(game).match_params)
    except Exception:  # a report table without Chinese names is still a report table
        return None


def _card_label(db, value: Any, lang: str) -> Any:
    """``Name [中文]`` for a card name the data knows in Chinese."""
    if db is None or not isinstance(value, str) or "[" in value:
        return value
    card = db.find(value)
    local = card_name_in(card, lang) if card is not None else None
    return f"{card.name} [{local}]" if local and local != card.name else value


def section_title(game: str | None, title: str, lang: str) -> str:
    """A report table or chart title of a game in ``lang``."""
    if lang == "en":
        return title
    loc = _locale(lang)
    for scope in (game, "common"):
        for rx, template in (loc.get("sections") or {}).get(scope, ()):
            m = rx.fullmatch(title)
            if m:
                groups = {k: _cell(loc, game, v, lang) if v is not None else ""
                          for k, v in m.groupdict().items()}
                return template.format_map(_Lenient(groups))
    return t(title, lang)


def chart(game: str | None, picture: tuple[str, list[tuple[str, float]]],
          lang: str) -> tuple[str, list[tuple[str, float]]]:
    """The HTML report's chart (title and bar labels) in ``lang``."""
    if lang == "en":
        return picture
    title, data = picture
    loc = _locale(lang)
    return section_title(game, title, lang), [(_cell(loc, game, k, lang), v) for k, v in data]


_SPLITS = (" · ", ", ", " + ", "/", "+")


def _cell(loc: dict[str, Any], game: str | None, value: Any, lang: str) -> Any:
    """A table cell: a word of the game's ``cells`` table, a pattern, or a list of such
    words (``a · b``, ``a, b``, ``a + b``, ``a/b``) when every part is one; else unchanged."""
    if not isinstance(value, str) or not value:
        return value
    cells = loc.get("cells") or {}
    for scope in (game, "common"):
        table = cells.get(scope) or {}
        if value in table:
            return table[value]
        terms = _Terms(loc, scope)
        for ns in table.get("_terms") or ():      # words the game's terms already give
            found = terms.get(ns, value)
            if found is not None:
                return found
    for scope in (game, "common"):
        for pattern in (cells.get(scope) or {}).get("_patterns") or ():
            m = re.fullmatch(pattern["match"], value)
            if m:
                groups = {k: _cell(loc, game, v, lang) if v is not None else ""
                          for k, v in m.groupdict().items()}
                return pattern["text"].format(**groups)
    for sep in _SPLITS:
        parts = value.split(sep)
        if len(parts) < 2:
            continue
        shown = [_cell(loc, game, p, lang) for p in parts]
        if all(s != p or not re.search(r"[A-Za-z]", p) for s, p in zip(shown, parts)):
            return ("、" if sep == ", " else sep).join(shown)
    return value
