"""Magic: The Gathering's translation adapters: the arguments of MTG findings that need more
than a term lookup before the catalogue's template (``locale/zh-Hans.yaml``) is filled.

Imported with the catalogues (the descriptor's ``i18n``).
"""

from __future__ import annotations

import re
from typing import Any

from deckcheck.i18n import Render, adapter


@adapter("MTG103", "MTG202", "MTG212")
def _mtg_profile(a: dict[str, Any], r: Render) -> None:
    """`` (2012-02-03, Standard (DKA))`` -> the catalogue's profile note."""
    note = str(a.get("profile") or "").strip()
    a["profile"] = r.t.term("word", "profile").format(profile=note[1:-1]) if note else ""


def _date_and_profile(a: dict[str, Any], r: Render) -> None:
    """`` on 2012-02-25`` and `` (2012-02-03, Standard (DKA))`` -> one note in brackets."""
    m = re.fullmatch(r" on (\S+)", str(a.get("on") or ""))
    profile = str(a.get("profile") or "").strip()[1:-1]
    parts = ([r.t.term("word", "event date").format(date=m.group(1))] if m else []) + \
        ([r.t.term("word", "profile version").format(profile=profile)] if profile else [])
    a["on"] = ""
    a["profile"] = f"（{'；'.join(parts)}）" if parts else ""


@adapter("MTG201")
def _mtg_pool(a: dict[str, Any], r: Render) -> None:
    _date_and_profile(a, r)
    _mtg_sets(a, r)
    if a.get("printings") == "none in the card data":
        a["printings"] = r.t.term("word", "none in the card data")
    for code_key, label_key in (("left_code", "left_set"), ("joins_code", "joins_set")):
        if a.get(code_key):
            a[label_key] = _set_name(str(a[code_key]), str(a.get(label_key) or ""), r)


def _set_name(code: str, english: str, r: Render) -> str:
    """A set's name in the catalogue's script (``世界苏醒（WWK）``), else its English label."""
    if r.db is None:
        return english or code
    from deckcheck.games.mtg.model import set_table

    local = ((set_table(r.db).codes.get(code) or {}).get("names") or {}).get(r.lang)
    return f"{local}（{code}）" if local else (english or code)


@adapter("MTG203")
def _mtg_sets(a: dict[str, Any], r: Render) -> None:
    m = re.fullmatch(r"(\d+) sets \((\S+) … (\S+)\)", str(a.get("sets") or ""))
    if m:
        a["sets"] = r.t.term("word", "n sets").format(n=m.group(1), first=m.group(2),
                                                       last=m.group(3))


@adapter("MTG207")
def _mtg_identity(a: dict[str, Any], r: Render) -> None:
    for key in ("ci", "cmd_ci"):
        text = str(a.get(key) or "")
        if text == "colourless":
            a[key] = r.t.term("color", "colourless")
        else:
            a[key] = "".join(r.t.term("color", c) for c in text)


@adapter("MTG308")
def _mtg_mixed(a: dict[str, Any], r: Render) -> None:
    for key in ("a", "b"):
        if isinstance(a.get(key), str):
            a[key] = r.t.items(r.name(n) for n in a[key].split(", "))


@adapter("MTG310")
def _mtg_section(a: dict[str, Any], r: Render) -> None:
    a["section"] = r.zone(a.get("section"))


@adapter("MTG403")
def _mtg_language(a: dict[str, Any], r: Render) -> None:
    a["language"] = r.t.term("language", a.get("language"))


@adapter("MTG407")
def _mtg_field(a: dict[str, Any], r: Render) -> None:
    a["field"] = r.t.term("field", a.get("field"))


_RARITY_WORD = re.compile(r"\b(basic|common|uncommon|rare|mythic|special)\b")


@adapter("MTG209")
def _mtg_rarity(a: dict[str, Any], r: Render) -> None:
    """Rarity words (``common or uncommon``, ``ISD uncommon``) in the catalogue's words."""
    if a.get("variant") == "unknown":         # "… in {format}{on}": the date goes in {on}
        a["profile"] = ""
        m = re.fullmatch(r" on (\S+)", str(a.get("on") or ""))
        a["on"] = r.t.term("word", "event date").format(date=m.group(1)).join("（）") if m else ""
    else:
        _date_and_profile(a, r)
    a["rarity"] = "或".join(r.t.term("rarity", w) for w in str(a.get("rarity") or "").split(" or "))
    for key in ("printed", "elsewhere"):
        if a.get(key):
            a[key] = _RARITY_WORD.sub(lambda w: r.t.term("rarity", w.group(1)), str(a[key]))


@adapter("MTG210", "MTG213")
def _mtg_commander_kinds(a: dict[str, Any], r: Render) -> None:
    """``creature or planeswalker`` -> the catalogue's card types; MTG213's rarities."""
    if a.get("rarity"):
        a["rarity"] = "或".join(r.t.term("rarity", w) for w in str(a["rarity"]).split(" or "))
    if a.get("printed"):
        a["printed"] = _RARITY_WORD.sub(lambda w: r.t.term("rarity", w.group(1)), str(a["printed"]))
    if a.get("kinds"):
        a["kinds"] = "或".join(r.t.term("card_type", k) for k in str(a["kinds"]).split(" or "))


@adapter("MTG211")
def _mtg_commander_pair(a: dict[str, Any], r: Render) -> None:
    for key in ("other", "partner_with"):
        if a.get(key):
            a[key] = r.name(a[key])


@adapter("MTG311")
def _mtg_xmage_commander(a: dict[str, Any], r: Render) -> None:
    if isinstance(a.get("cards_list"), list):
        a["cards"] = r.t.items(r.name(n) for n in a["cards_list"])
