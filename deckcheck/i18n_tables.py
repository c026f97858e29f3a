"""The games' report tables and charts in another language: titles, column headings and
cells (``deckcheck check``'s extra tables, the HTML report's chart), from the catalogue's
``sections`` and ``cells`` (see :mod:`deckcheck.i18n`).

A title or cell that a game builds from parts is a phrase filled in
(:class:`~deckcheck.parsing.phrases.Said`): the catalogue translates it by the phrase's id
(``sections: <id>``, ``cells: _phrases: <id>``) with its arguments shown in the language;
a fixed word is looked up as it is written."""

from __future__ import annotations

import re
from typing import Any

from deckcheck.i18n import _Lenient, _Terms, _locale, card_name_in, t
from deckcheck.parsing.phrases import Joined, Said



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
    shown = _phrase(loc, game, title, lang, lambda scope: (loc.get("sections") or {}).get(scope))
    return shown if shown is not None else t(title, lang)


def _phrase(loc: dict[str, Any], game: str | None, value: Any, lang: str, table) -> str | None:
    """A title or cell built from a phrase, by the phrase's id in ``table(scope)`` (the
    game's, then the common one), with its arguments as cells; None if it is none."""
    if not isinstance(value, Said):
        return None
    for scope in (game, "common"):
        template = (table(scope) or {}).get(value.phrase.id)
        if template is not None:
            args = {k: _cell(loc, game, v, lang) for k, v in value.args.items()}
            return template.format_map(_Lenient(args))
    return None


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
    """A table cell: a phrase filled in, a word of the game's ``cells`` table, or a list of
    such words (``a · b``, ``a, b``, ``a + b``, ``a/b``) when every part is one; else
    unchanged."""
    if not isinstance(value, str) or not value:
        return value
    cells = loc.get("cells") or {}
    shown = _phrase(loc, game, value, lang,
                    lambda scope: (cells.get(scope) or {}).get("_phrases"))
    if shown is not None:
        return shown
    for scope in (game, "common"):
        table = cells.get(scope) or {}
        if value in table:
            return table[value]
        terms = _Terms(loc, scope)
        for ns in table.get("_terms") or ():      # words the game's terms already give
            found = terms.get(ns, value)
            if found is not None:
                return found
    if isinstance(value, Joined):       # shown part by part when every part is shown
        parts = [_cell(loc, game, p, lang) for p in value.parts]
        if all(s != p or not re.search(r"[A-Za-z]", p) for s, p in zip(parts, value.parts)):
            return ("、" if value.sep == ", " else value.sep).join(map(str, parts))
        return value
    for sep in _SPLITS:
        parts = value.split(sep)
        if len(parts) < 2:
            continue
        shown = [_cell(loc, game, p, lang) for p in parts]
        if all(s != p or not re.search(r"[A-Za-z]", p) for s, p in zip(shown, parts)):
            return ("、" if sep == ", " else sep).join(shown)
    return value
