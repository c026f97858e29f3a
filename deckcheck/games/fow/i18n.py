"""Force of Will's translation adapters: the arguments of FOW findings that need more than a
term lookup before the catalogue's template (``locale/zh-Hans.yaml``) is filled.

Imported with the catalogues (the descriptor's ``i18n``).
"""

from __future__ import annotations

from typing import Any

from deckcheck import i18n
from deckcheck.i18n import Render, adapter

# a ban list's note (`` (list of 2020-01-01, name)``) is worded as DCK017's
adapter("FOW128", "FOW129")(i18n._profile)


@adapter("FOW114")
def _fow_fixed(a: dict[str, Any], r: Render) -> None:
    if isinstance(a.get("expected"), (list, tuple)):
        a["expected_or"] = r.t.or_list(a["expected"])


@adapter("FOW115")
def _fow_keyword(a: dict[str, Any], r: Render) -> None:
    if a.get("ruler") == "no ruler":
        a["ruler"] = r.t.term("word", "no ruler")
    a["keyword"] = r.t.term("keyword", a.get("keyword"))


@adapter("FOW119", "FOW120")
def _fow_kinds(a: dict[str, Any], r: Render) -> None:
    a["keyword"] = r.t.term("keyword", a.get("keyword"))


@adapter("FOW118")
def _fow_attributes(a: dict[str, Any], r: Render) -> None:
    for key, empty in (("attributes", "no attribute"), ("ruler_attributes", "none")):
        text = str(a.get(key) or "")
        if text == empty:
            a[key] = r.t.term("word", empty)
        else:
            a[key] = r.t.items(r.t.term("attribute", x) for x in text.split(", "))


@adapter("FOW121")
def _fow_only(a: dict[str, Any], r: Render) -> None:
    """``any_of`` options of the ruler's text (``{attribute: darkness}``) as words."""
    options = a.get("options") or []
    parts = []
    for option in options:
        parts.append("".join(r.t.term("word", f"{k} is").format(
            value=r.t.term(k, v)) for k, v in option.items()))
    if parts:
        a["what"] = r.t.or_list(parts)


@adapter("FOW123")
def _fow_ruler_names(a: dict[str, Any], r: Render) -> None:
    """The lines sharing a ruler name (``where``: card, zone, line) as words."""
    where = a.get("where")
    if where:
        a["cards"] = r.t.items(r.t.term("word", "card at").format(
            card=card, zone=r.zone(zone), line=line) for card, zone, line in where)


@adapter("FOW125")
def _fow_pool(a: dict[str, Any], r: Render) -> None:
    if a.get("printings") == "no known cluster":
        a["printings"] = r.t.term("word", "no known cluster")


@adapter("FOW127")
def _fow_versions(a: dict[str, Any], r: Render) -> None:
    if a.get("faces") == "unknown":
        a["faces"] = r.t.term("word", "unknown")


@adapter("FOW130")
def _fow_copy_text(a: dict[str, Any], r: Render) -> None:
    if a.get("expected") == "any":
        a["expected"] = r.t.term("word", "any number")
