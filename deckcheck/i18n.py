"""Languages: report headings, finding messages and card names in English, Simplified or
Traditional Chinese (``--lang``).

Every finding's message is a template of its rule (``Rule.message``, or one of
``Rule.messages`` chosen by the finding's ``variant``) filled with the finding's arguments;
English is the rules' own catalogue, and the others translate each template by its id. The
translations common to every game live in ``deckcheck/locale/zh-Hans.yaml``, a game's own
in ``deckcheck/games/<game>/locale/zh-Hans.yaml`` (merged in by :func:`_read`):

``messages``
    a template per rule code with the ``{placeholders}`` of the English template, or
    ``{default: …, <variant>: …}`` chosen by the finding's ``variant`` argument;
``phrases``
    the readers' phrases (``why``/``fix`` of DCK001) by their ids
    (:mod:`deckcheck.parsing.phrases`), with the English phrase's ``{placeholders}``;
``terms``
    per game (and ``common``) the words arguments are made of: zone names, card types,
    classes, schools, the phrases chosen by ``<arg>_key`` arguments …;
``headings``, ``sections`` and ``cells``
    report headings, and the titles and cells of the games' report tables (a title or cell
    built from parts by its phrase id, see :mod:`deckcheck.i18n_tables`).

Arguments are shown in the language before the template is filled: ``card`` gets the
card's Chinese name where the data has one (``Name [中文]``), zone ids become the game's zone
names, ``<arg>_key`` (a key or a list of keys) replaces ``<arg>`` with the term of that key,
``<arg>_list`` replaces ``<arg>`` with an "A、B或C" list and ``<arg>_items`` with "A、B、C",
and a few codes have a small adapter below for arguments that need more than a lookup.

Traditional Chinese is converted from the Simplified catalogue character by character
(OpenCC ``s2tw``: Taiwan character forms), then the words of ``zh-Hant.yaml`` that Taiwan
usage words differently are replaced, and its own entries override whole templates. A
finding whose translation does not fit its arguments keeps its English message.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable

from deckcheck.games.registry import game_of_code
from deckcheck.models import Card, Finding

_LOCALE_DIR = Path(__file__).resolve().parent / "locale"

LANGS = ("en", "zh-Hans", "zh-Hant")

#: rule-code prefix -> game id (DCK findings take the game of the card data)

_HEADINGS: dict[str, dict[str, str]] = {
    "zone": {"zh-Hans": "区域", "zh-Hant": "區域"},
    "cards": {"zh-Hans": "张数", "zh-Hant": "張數"},
    "code": {"zh-Hans": "代码", "zh-Hant": "代碼"},
    "severity": {"zh-Hans": "级别", "zh-Hant": "級別"},
    "card": {"zh-Hans": "卡牌", "zh-Hant": "卡牌"},
    "line": {"zh-Hans": "行", "zh-Hant": "行"},
    "message": {"zh-Hans": "说明", "zh-Hant": "說明"},
    "legal": {"zh-Hans": "合法", "zh-Hant": "合法"},
    "illegal": {"zh-Hans": "不合法", "zh-Hant": "不合法"},
    "unreadable": {"zh-Hans": "无法读取", "zh-Hant": "無法讀取"},
    "error": {"zh-Hans": "错误", "zh-Hant": "錯誤"},
    "warning": {"zh-Hans": "警告", "zh-Hant": "警告"},
    "info": {"zh-Hans": "提示", "zh-Hant": "提示"},
    "no findings": {"zh-Hans": "没有发现问题", "zh-Hant": "沒有發現問題"},
    "deck": {"zh-Hans": "套牌", "zh-Hant": "套牌"},
    "format": {"zh-Hans": "赛制", "zh-Hant": "賽制"},
    "errors": {"zh-Hans": "错误数", "zh-Hant": "錯誤數"},
    "warnings": {"zh-Hans": "警告数", "zh-Hant": "警告數"},
    "notes": {"zh-Hans": "提示数", "zh-Hant": "提示數"},
    "unreadable summary": {"zh-Hans": "其中 {n} 个文件无法读取或检查，计为不合法。",
                           "zh-Hant": "其中 {n} 個檔案無法讀取或檢查，計為不合法。"},
    "strict summary": {"zh-Hans": "使用 --strict 时，{n} 副合法套牌因警告而不通过（退出码 1）。",
                       "zh-Hant": "使用 --strict 時，{n} 副合法套牌因警告而不通過（結束代碼 1）。"},
    "summary": {"zh-Hans": "检查了 {decks} 副套牌：{legal} 副合法，{illegal} 副不合法（{errors} 个错误，{warnings} 个警告）。",
                "zh-Hant": "檢查了 {decks} 副套牌：{legal} 副合法，{illegal} 副不合法（{errors} 個錯誤，{warnings} 個警告）。"},
    # the summary on a narrow terminal when there is no error and no warning
    "summary brief": {"zh-Hans": "检查了 {decks} 副套牌：{legal} 副合法，{illegal} 副不合法。",
                      "zh-Hant": "檢查了 {decks} 副套牌：{legal} 副合法，{illegal} 副不合法。"},
}

_EN_SUMMARY = ("{decks} checked: {legal} legal, {illegal} illegal ({errors}, {warnings}).")


def t(key: str, lang: str = "en", **args) -> str:
    """A report heading or phrase in ``lang`` (English when no translation exists).

    Keys are the English text; headings with arguments (``summary``, ``on date`` …) are
    filled with ``args`` in every language.
    """
    if key == "summary":   # its counts with thousands separated, as every summary's
        from deckcheck.wording import counted, number

        if lang not in _HEADINGS["summary"]:    # English: "1 deck", "2 errors"
            words = {"decks": "deck", "errors": "error", "warnings": "warning"}
            return _EN_SUMMARY.format(**{k: counted(v, words[k]) if k in words else number(v)
                                         for k, v in args.items()})
        return _HEADINGS["summary"][lang].format(**{k: number(v) for k, v in args.items()})
    text = _HEADINGS.get(key, {}).get(lang)
    if text is None and lang != "en":
        text = (_locale(lang).get("headings") or {}).get(key)
    if text is None:
        text = key
    return text.format(**args) if args else text


def located(finding: Finding, lang: str = "en") -> str:
    """The finding's message with its line in front (``Line 12: …``), for a report that has
    no place of its own for the line (a deck read from stdin, a column of messages).
    Messages never name their own line: a report shows it from the finding's ``line``."""
    if finding.line is None:
        return finding.message
    return t("Line {n}: {message}", lang, n=finding.line, message=finding.message)


def zone_name(game: str | None, zone: str, lang: str = "en") -> str:
    """A zone's name for reports: the id in English, the game's term in Chinese."""
    if lang == "en" or not zone:
        return zone
    return _Terms(_locale(lang), game).term("zone", zone)


def card_name_in(card: Card, lang: str) -> str | None:
    """The card's name in ``lang`` if the data has one (either Chinese script, converted)."""
    if lang == "en":
        return card.name
    names = card.get("names") or {}
    if names.get(lang):
        return names[lang][0]
    from deckcheck.matching.normalise import to_simplified

    other = "zh-Hant" if lang == "zh-Hans" else "zh-Hans"
    if names.get(other):
        conv = to_simplified if lang == "zh-Hans" else _taiwan
        return conv(names[other][0])
    return None


@lru_cache(maxsize=4096)
def _taiwan(text: str) -> str:
    """Simplified to Traditional with Taiwan character forms (群, not 羣)."""
    return _opencc_s2tw().convert(text)


@lru_cache(maxsize=None)
def _opencc_s2tw():
    import opencc

    return opencc.OpenCC("s2tw")


# ---------------------------------------------------------------------------------------
# the catalogue


#: catalogue sections a game's own file holds without the game's level (``terms: zone: …``
#: in ``deckcheck/games/fow/locale/zh-Hans.yaml`` is ``terms: fow: zone: …`` here)
_PER_GAME = ("terms", "sections", "cells", "game_words")


def _read_yaml(path: Path) -> dict[str, Any]:
    import yaml

    if not path.is_file():
        return {}
    return yaml.safe_load(path.read_text(encoding="utf-8")) or {}


def _read(name: str) -> dict[str, Any]:
    """The catalogue ``name`` (``zh-Hans``, ``zh-Hant``): the engine's common file, then each
    game's ``locale/<name>.yaml``, whose messages join the engine's and whose per-game
    sections go under the game's id. A game's mapping merges with the engine's key by key
    and a list of rows adds its rows before the engine's, never replaces them. Each game's adapters are imported
    with it."""
    from deckcheck.games.registry import descriptors, package_dir, resolve

    data = _read_yaml(_LOCALE_DIR / f"{name}.yaml")
    for d in descriptors():
        if d.i18n:
            resolve(d.i18n)
        folder = package_dir(d.id)
        own = _read_yaml(folder / "locale" / f"{name}.yaml") if folder is not None else {}
        for section, value in own.items():
            if section in _PER_GAME:
                scoped = data.setdefault(section, {})
                scoped[d.id] = _added(scoped.get(d.id), value)
            else:
                data[section] = _added(data.get(section), value)
    return data


def _added(base: Any, own: Any) -> Any:
    """A game's catalogue section added to the engine's: mappings merge key by key, a list's
    rows come first and the engine's follow (the first row that fits is used)."""
    if isinstance(own, dict) and isinstance(base, dict):
        out = dict(base)
        for k, v in own.items():
            out[k] = _added(out.get(k), v)
        return out
    if isinstance(own, list) and isinstance(base, list):
        return own + base
    return own


def _merge(base: dict, over: dict) -> dict:
    out = dict(base)
    for k, v in over.items():
        out[k] = _merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


@lru_cache(maxsize=None)
def _locale(lang: str) -> dict[str, Any]:
    """Everything the catalogue of ``lang`` holds (empty for English)."""
    if lang == "en" or lang not in LANGS:
        return {}
    data = _read("zh-Hans")
    if lang == "zh-Hant":
        data = _to_hant(data, _read("zh-Hant"))
    return data


@lru_cache(maxsize=None)
def catalog(lang: str) -> dict[str, Any]:
    """The message templates of ``lang`` by rule code (empty for English)."""
    return dict(_locale(lang).get("messages") or {})


def _to_hant(data: dict[str, Any], hant: dict[str, Any]) -> dict[str, Any]:
    """The Simplified catalogue in Traditional characters, Taiwan words and overrides."""
    conv = _opencc_s2tw()
    words = dict(hant.get("words") or {})
    game_words = hant.get("game_words") or {}
    cache: dict[tuple[str, str | None], str] = {}

    def text(s: str, game: str | None) -> str:
        key = (s, game)
        if key not in cache:
            out = conv.convert(s)
            for table in (game_words.get(game) or {}, words):
                for old, new in sorted(table.items(), key=lambda kv: -len(kv[0])):
                    out = out.replace(old, new)
            cache[key] = out
        return cache[key]

    def walk(value: Any, game: str | None) -> Any:
        if isinstance(value, str):
            return text(value, game)
        if isinstance(value, list):
            return [walk(v, game) for v in value]
        if isinstance(value, dict):
            return {k: (v if k == "match" else walk(v, game)) for k, v in value.items()}
        return value

    out: dict[str, Any] = {}
    for section, value in data.items():
        if section == "messages":
            out[section] = {code: walk(v, game_of_code(code)) for code, v in value.items()}
        elif section in ("terms", "sections", "cells"):
            out[section] = {game: walk(v, game) for game, v in value.items()}
        else:
            out[section] = walk(value, None)
    for section in ("messages", "terms", "headings", "sections", "cells", "phrases"):
        if hant.get(section):
            out[section] = _merge(out.get(section) or {}, hant[section])
    return out


# ---------------------------------------------------------------------------------------
# words of one game


class _Terms:
    """Term lookup for one game: ``terms[game][ns][value]``, then ``terms.common``."""

    def __init__(self, loc: dict[str, Any], game: str | None):
        self.loc = loc
        self.game = game
        self.terms = loc.get("terms") or {}

    def get(self, ns: str, value: Any) -> Any:
        for scope in (self.game, "common"):
            table = (self.terms.get(scope) or {}).get(ns) or {}
            if isinstance(table, dict) and str(value) in table:
                return table[str(value)]
        return None

    def term(self, ns: str, value: Any) -> str:
        found = self.get(ns, value)
        return str(value) if found is None else str(found)

    def joiner(self, ns: str, default: str = "、") -> str:
        found = self.get(ns, "_join")
        return default if found is None else str(found)

    # -- Chinese lists ---------------------------------------------------------------------
    @staticmethod
    def items(values: Iterable[Any]) -> str:
        return "、".join(str(v) for v in values)

    def or_list(self, values: Iterable[Any]) -> str:
        return self._last_joined([str(v) for v in values], self.term("word", "or"))

    def and_list(self, values: Iterable[Any]) -> str:
        return self._last_joined([str(v) for v in values], self.term("word", "and"))

    @staticmethod
    def _last_joined(values: list[str], word: str) -> str:
        """``A、B或C``; the word gets spaces next to Latin letters or digits."""
        if len(values) <= 1:
            return "".join(values)
        left, right = "、".join(values[:-1]), values[-1]
        if (left and left[-1].isascii() and left[-1].isalnum()) or \
                (right and right[0].isascii() and right[0].isalnum()):
            word = f" {word} "
        return left + word + right


#: arguments holding a card or hero name the data may know in Chinese
_NAME_ARGS = ("hero", "mage", "ruler", "held", "named", "card1", "card2", "replaced",
              "replaced_by", "owner", "used", "source_card", "hero_card")


class Render:
    """Fills one finding's template in the catalogue's language."""

    def __init__(self, loc: dict[str, Any], lang: str, game: str | None, db, finding: Finding):
        self.loc = loc
        self.lang = lang
        self.db = db
        self.f = finding
        self.t = _Terms(loc, game)
        self.game = game

    # -- helpers for adapters --------------------------------------------------------------
    def name(self, value: Any) -> str:
        """A card name with its Chinese name where the data has one."""
        text = str(value)
        if self.db is None or "[" in text:
            return text
        card = self.db.find(text)
        if card is None:
            return text
        local = card_name_in(card, self.lang)
        return f"{card.name} [{local}]" if local and local != card.name else text

    def zone(self, zone: Any) -> str:
        return self.t.term("zone", zone)

    def paren(self, note: Any) -> str:
        """`` (x)`` notes of English messages as full-width ``（x）``."""
        text = str(note or "")
        m = re.fullmatch(r"\s*\((.*)\)\s*", text)
        return f"（{m.group(1)}）" if m else text

    # -- the whole finding -----------------------------------------------------------------
    def template(self) -> tuple[str | None, dict[str, Any]]:
        f = self.f
        if not f.args:
            return None, {}
        template = (self.loc.get("messages") or {}).get(f.code)
        if isinstance(template, dict):
            template = template.get(f.args.get("variant") or "default") or template.get("default")
        return template, dict(f.args)

    def render(self) -> str | None:
        template, args = self.template()
        if not template:
            return None
        self.prepare(args)
        return template.format_map(args)

    def prepare(self, a: dict[str, Any]) -> None:
        f, t = self.f, self.t
        if f.card:
            a["card_name"] = f.card
            if self.db is not None:
                card = self.db.find(f.card)
                local = card_name_in(card, self.lang) if card is not None else None
                if local and local != card.name:
                    a["card"] = f"{card.name} [{local}]"
        for key in _NAME_ARGS:
            if isinstance(a.get(key), str):
                a[key] = self.name(a[key])
        zone = a.get("zone")
        if zone:
            a["zone_id"] = zone
            a["zone"] = self.zone(zone)
            if "zone_name" in a:
                a["zone_name"] = self.zone(zone)
            if "zone_word" in a:
                a["zone_word"] = self.zone(zone)
        for key in ("zones", "limit_zones"):
            if isinstance(a.get(key), str):
                a[key] = t.items(self.zone(z) for z in a[key].split(" + "))
        for key, value in list(a.items()):
            if key.endswith("_list") and isinstance(value, (list, tuple)):
                base = key[:-5]
                a[base] = t.or_list(t.term(base, v) for v in value)
            elif key.endswith("_items") and isinstance(value, (list, tuple)):
                base = key[:-6]
                a[base] = t.items(t.term(base, v) for v in value)
        adapter = _ADAPTERS.get(f.code)
        if adapter is not None:
            adapter(a, self)
        for _ in range(2):     # a term may use another key's term ({type} in a reason)
            for key, value in list(a.items()):
                if not key.endswith("_key") or value is None:
                    continue
                base = key[:-4]
                values = value if isinstance(value, (list, tuple)) else [value]
                found = [t.get(base, v) for v in values]
                if any(x is None for x in found):
                    continue
                shown = [str(x).format_map(_Lenient(a)) for x in found]
                a[base] = t.joiner(base).join(shown)


class _Lenient(dict):
    """Arguments for a term's own placeholders; a missing one stays visible, not fatal."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def localize(findings: Iterable[Finding], lang: str, db=None) -> list[Finding]:
    """The findings with their messages in ``lang`` where a translation exists (new
    findings; the given ones are left as they are)."""
    findings = list(findings)
    if lang == "en":
        return findings
    loc = _locale(lang)
    if not loc:
        return findings
    default_game = getattr(db, "game", None)
    out = []
    for f in findings:
        game = game_of_code(f.code) or default_game
        try:
            text = Render(loc, lang, game, db, f).render()
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            text = None  # a translation that does not fit this finding: keep English
        out.append(replace(f, message=text) if text else f)
    return out


def translate_phrase(phrase_id: str | None, args: dict[str, Any] | None,
                     lang: str) -> str | None:
    """A reader's phrase (``why``, ``fix``) in ``lang`` by its id, or None when the catalogue
    has no translation of it (the English phrase stays)."""
    template = (_locale(lang).get("phrases") or {}).get(phrase_id) if phrase_id else None
    if template is None:
        return None
    try:
        return template.format(**(args or {}))
    except (KeyError, IndexError, ValueError):
        return None


def error_text(exc: BaseException, lang: str) -> str:
    """A usage error as the user reads it: the translation of its ``phrase`` (with its
    ``phrase_args``, :mod:`deckcheck.errors`) in ``lang``, else its English text."""
    if lang != "en":
        text = translate_phrase(getattr(exc, "phrase", None),
                                getattr(exc, "phrase_args", None), lang)
        if text:
            where = getattr(exc, "where", None)     # ``path:line`` of what gave the value
            return f"{where}: {text}" if where else text
    return str(exc)


# ---------------------------------------------------------------------------------------
# adapters: arguments that need more than a lookup, per rule code


_ADAPTERS: dict[str, Callable[[dict[str, Any], Render], None]] = {}


def adapter(*codes: str):
    """Register a function that prepares the arguments of the findings of ``codes`` for the
    catalogue's template (``fn(args, render)``); a game's adapters live in its package's
    translation module (the descriptor's ``i18n``)."""
    def register(fn):
        for code in codes:
            _ADAPTERS[code] = fn
        return fn
    return register


@adapter("DCK001")
def _unparseable(a, r):
    for key in ("why", "fix"):
        text = translate_phrase(a.get(f"{key}_id"), a.get(f"{key}_args"), r.lang)
        if text is not None:
            a[key] = text


@adapter("DCK003")
def _fuzzy(a, r):
    if a.get("score") == "whole words":
        a["score"] = r.t.term("word", "whole words")


@adapter("DCK013")
def _sizes(a, r):
    if isinstance(a.get("expected"), (list, tuple)):
        a["allowed"] = r.t.or_list(a["expected"])


@adapter("DCK014")
def _generic_type(a, r):
    if isinstance(a.get("type"), str):
        a["type"] = "/".join(r.t.term("type", x) for x in a["type"].split("/"))


@adapter("DCK017", "DCK018")
def _profile(a, r):
    """`` (2012-02-03, Standard (DKA))`` / `` (list of 2020-01-01, name)`` -> a note."""
    note = str(a.get("profile") or "")
    m = re.fullmatch(r" \(list of ([^,)]+)(?:, (.*))?\)", note)
    if m:
        text = r.t.term("word", "list of").format(date=m.group(1)) + \
            (f"，{m.group(2)}" if m.group(2) else "")
        a["profile"] = f"（{text}）"
    elif note.strip():
        a["profile"] = r.t.term("word", "profile").format(profile=note.strip()[1:-1])
    else:
        a["profile"] = ""


@adapter("DCK022")
def _section(a, r):
    if "section" in a:
        a["section"] = r.zone(a["section"])
