"""Languages: report headings, finding messages and card names in English, Simplified or
Traditional Chinese (``--lang``).

Message templates are kept per rule code in ``deckcheck/locale/zh-Hans.yaml`` with the same
``{placeholders}`` as the English template; Traditional Chinese is converted from them
character by character, with ``zh-Hant.yaml`` for the few words that differ. A finding with
no translation keeps its English message.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from deckcheck.models import Card, Finding

_LOCALE_DIR = Path(__file__).resolve().parent / "locale"

LANGS = ("en", "zh-Hans", "zh-Hant")

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
    "summary": {"zh-Hans": "检查了 {decks} 副套牌：{legal} 副合法，{illegal} 副不合法（{errors} 个错误，{warnings} 个警告）。",
                "zh-Hant": "檢查了 {decks} 副套牌：{legal} 副合法，{illegal} 副不合法（{errors} 個錯誤，{warnings} 個警告）。"},
}

_EN_SUMMARY = ("{decks} deck(s) checked: {legal} legal, {illegal} illegal "
               "({errors} error(s), {warnings} warning(s)).")


def t(key: str, lang: str = "en", **args) -> str:
    """A report heading or phrase in ``lang`` (English when no translation exists)."""
    if key == "summary":
        template = _HEADINGS["summary"].get(lang, _EN_SUMMARY)
        return template.format(**args)
    return _HEADINGS.get(key, {}).get(lang, key)


def card_name_in(card: Card, lang: str) -> str | None:
    """The card's name in ``lang`` if the data has one (either Chinese script, converted)."""
    if lang == "en":
        return card.name
    names = card.get("names") or {}
    if names.get(lang):
        return names[lang][0]
    from deckcheck.matching.normalise import to_simplified, to_traditional

    other = "zh-Hant" if lang == "zh-Hans" else "zh-Hans"
    if names.get(other):
        conv = to_simplified if lang == "zh-Hans" else to_traditional
        return conv(names[other][0])
    return None


@lru_cache(maxsize=None)
def catalog(lang: str) -> dict[str, Any]:
    """The message templates of ``lang`` (empty for English)."""
    if lang == "en":
        return {}
    import yaml

    def read(name: str) -> dict[str, Any]:
        path = _LOCALE_DIR / f"{name}.yaml"
        if not path.is_file():
            return {}
        return (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("messages") or {}

    base = read("zh-Hans")
    if lang == "zh-Hant":
        from deckcheck.matching.normalise import to_traditional

        base = {k: ({kk: to_traditional(vv) for kk, vv in v.items()} if isinstance(v, dict)
                    else to_traditional(v)) for k, v in base.items()}
        base.update(read("zh-Hant"))
    return base


def localize(findings: Iterable[Finding], lang: str, db=None) -> None:
    """Re-render finding messages in ``lang`` where a translation exists (in place)."""
    if lang == "en":
        return
    messages = catalog(lang)
    for f in findings:
        template = messages.get(f.code)
        if isinstance(template, dict):
            template = template.get(f.args.get("variant") or "default")
        if not template:
            continue
        args = dict(f.args)
        if db is not None and f.card:
            card = db.find(f.card)
            local = card_name_in(card, lang) if card is not None else None
            if local and local != card.name:
                args["card"] = f"{card.name} [{local}]"
        try:
            f.message = template.format(**args)
        except (KeyError, IndexError, ValueError):
            pass  # a translation that does not fit this finding's arguments: keep English
