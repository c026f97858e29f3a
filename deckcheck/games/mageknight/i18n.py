"""Mage Knight's translation adapters: the arguments of MKN findings that need more than a
term lookup before the catalogue's template (``locale/zh-Hans.yaml``) is filled."""

from __future__ import annotations

from typing import Any

from deckcheck.i18n import Render, adapter


def _expansions(a: dict[str, Any], r: Render) -> None:
    """Expansion ids (``expansions_items``, ``needed_list``, ``expansion_id``) as the
    catalogue's product names."""
    if a.get("expansions_items") is not None:
        items = a["expansions_items"]
        a["expansions"] = r.t.items(r.t.term("expansion", x) for x in items) if items \
            else r.t.term("word", "the base game only")
    if a.get("needed_list") is not None:
        a["needed"] = r.t.or_list(r.t.term("expansion", x) for x in a["needed_list"])
    if a.get("expansion_id") is not None:
        a["expansion"] = r.t.term("expansion", a["expansion_id"])


def _counts(r: Render, pairs) -> str:
    """``[[2, "Rage"], …]`` as "2 Rage、…" with the cards' names in the language."""
    if not pairs:
        return r.t.term("word", "nothing")
    return r.t.items(f"{n} {r.name(name)}" for n, name in pairs)


@adapter("MKN101")
def _heroes(a, r):
    if isinstance(a.get("heroes"), str):
        a["heroes"] = r.t.items(a["heroes"].split(", "))


@adapter("MKN102")
def _unknown_hero(a, r):
    if isinstance(a.get("suggestions"), str):
        a["suggestions"] = r.t.items(a["suggestions"].split(", "))
    a["role"] = r.t.term("role", a.get("role"))
    if a.get("expansion_id") is not None:
        a["where"] = r.t.term("expansion", a["expansion_id"])
    if a.get("kind_id") is not None:
        a["kind"] = r.t.term("kind", a["kind_id"])


@adapter("MKN103", "MKN113", "MKN205")
def _needs(a, r):
    _expansions(a, r)


@adapter("MKN112")
def _start(a, r):
    _expansions(a, r)
    if "missing_counts" in a:
        a["missing"] = _counts(r, a["missing_counts"])
    if "extra_counts" in a:
        a["extra"] = _counts(r, a["extra_counts"])


@adapter("MKN201", "MKN202", "MKN208")
def _kind(a, r):
    if a.get("kind_id") is not None:
        a["kind"] = r.t.term("kind", a["kind_id"])
        if r.t.get("where", a["kind_id"]) is not None:
            a["where"] = r.t.term("where", a["kind_id"])
    if a.get("written_items"):
        a["via_names"] = r.t.term("word", "as names").format(
            names=r.t.and_list(a["written_items"]))
    elif "written_items" in a:
        a["via_names"] = ""
    if a.get("variant") == "units":      # the rule's own word, not a header of the list
        a["header"] = r.t.term("header", a.get("header"))


@adapter("MKN303")
def _hand(a, r):
    keeps = a.get("keeps") or 0
    a["keeps_note"] = r.t.term("word", "keeps note").format(keeps=keeps) if keeps else ""
