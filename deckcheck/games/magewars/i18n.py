"""Mage Wars translation: the argument adapters of the MWR findings (the catalogues are
``locale/<lang>.yaml`` beside this module; :mod:`deckcheck.i18n` imports this module with
them). An adapter turns a finding's English arguments into the catalogue's words: mage
titles, schools, classes, editions and the lists some messages carry.
"""

from __future__ import annotations

import re
from typing import Any

from deckcheck.i18n import Render, adapter


def _mw_mage(r: Render, title: Any) -> str:
    """``Wizard (Fire)``, ``Johktari Beastmaster`` … with Chinese words where known: the
    card data's name, else the class."""
    text = str(title or "")
    m = re.fullmatch(r"(.+?) \((\w+)\)", text)
    if m:
        return f"{_mw_mage(r, m.group(1))}（{r.t.term('school', m.group(2))}）"
    shown = r.name(text)
    if shown == text and r.t.get("class", text) is not None:
        shown = f"{text} [{r.t.term('class', text)}]"
    return shown


@adapter("MWR101")
def _mw_points(a, r):
    a["mage"] = _mw_mage(r, a.get("mage"))
    if a.get("top_lines") is not None:
        a["top3"] = "；".join(r.t.term("word", "costly line").format(
            count=n, card=card, total=total, each=each) for n, card, total, each in a["top_lines"])


@adapter("MWR104")
def _mw_class(a, r):
    a["cls"] = r.t.term("class", a.get("cls"))
    a["mage_class"] = r.t.term("class", a.get("mage_class"))
    a["mage"] = _mw_mage(r, a.get("mage"))


@adapter("MWR105")
def _mw_school(a, r):
    a["school"] = r.t.term("school", a.get("school"))
    a["mage"] = _mw_mage(r, a.get("mage"))


@adapter("MWR106")
def _mw_no_mage(a, r):
    if a.get("mage") is not None:
        a["mage"] = _mw_mage(r, a.get("mage"))
    if a.get("closest_items") is not None:
        a["closest"] = r.t.items(r.name(n) for n in a["closest_items"]) or \
            r.t.term("word", "none")


@adapter("MWR107")
def _mw_apprentice(a, r):
    a["mage"] = _mw_mage(r, a.get("mage"))
    if a.get("mages_items") is not None:
        a["mages"] = r.t.items(r.name(n) for n in a["mages_items"])
    a["edition"] = r.t.term("edition", a.get("edition"))
    bits = []
    for key in ("missing", "extra"):
        pairs = a.get(f"{key}_items")
        if pairs:
            bits.append(r.t.term("word", key).format(
                cards=r.t.items(f"{n} {card}" for n, card in pairs)))
    if bits:
        a["diff"] = "；".join(bits)


@adapter("MWR108")
def _mw_element(a, r):
    a["mage"] = r.f.args.get("mage")    # part of an example line to type: as written
    a["best_name"] = r.t.term("school", a.get("best"))


@adapter("MWR110")
def _mw_stray_element(a, r):
    a["element"] = r.t.term("school", a.get("element"))
    a["mage"] = _mw_mage(r, a.get("mage"))
    if a.get("trained_items") is not None:
        a["trained"] = r.t.items(r.t.term("school", s) for s in a["trained_items"])
    a["mage_variant"] = r.t.term("edition", a.get("mage_variant"))


@adapter("MWR111")
def _mw_mages(a, r):
    if a.get("mage_lines") is not None:
        a["mages"] = r.t.items(
            r.t.term("word", "name at line").format(name=r.name(n), line=line) if line
            else r.name(n) for n, line in a["mage_lines"])
    elif a.get("mage_counts") is not None:
        a["mages"] = r.t.items(f"{n} × {r.name(name)}" for n, name in a["mage_counts"])


@adapter("MWR113")
def _mw_community(a, r):
    a["mage"] = _mw_mage(r, a.get("mage"))


@adapter("MWR116")
def _mw_academy(a, r):
    if a.get("code") == "none":
        a["code"] = r.t.term("word", "none")


@adapter("MWR117")
def _mw_version(a, r):
    a["mage"] = _mw_mage(r, a.get("mage"))
    for key in ("variant", "format_variant", "want", "mage_variant"):
        if key in a:
            a[f"{key}_name"] = r.t.term("edition", a[key])


@adapter("MWR119")
def _mw_printings(a, r):
    facts = a.get("differing")
    if facts is None:
        return
    used = a.get("set")

    def shown(value: Any) -> str:
        if isinstance(value, dict) and "parts" in value:
            sep = {"and": "+", "or": "/"}.get(value.get("kind"), "+")
            return sep.join(f"{r.t.term('school', p['school'])} {p['level']}"
                            for p in value["parts"])
        if value is True:
            return r.t.term("word", "yes")
        if value is False or value is None:
            return r.t.term("word", "no")
        return r.t.term("fact_value", value)

    parts = []
    for key, value, others in facts:
        parts.append(r.t.term("word", "differs").format(
            field=r.t.term("field", key), value=shown(value), set=used,
            others=r.t.items(f"{shown(v)}（{where}）" for where, v in others)))
    a["diff"] = "；".join(parts) or r.t.term("word", "see the card data")


@adapter("MWR120")
def _mw_header(a, r):
    m = re.fullmatch(r"(\w+) \(Wall\)", str(a.get("type") or ""))
    if m:
        a["type"] = f"{r.t.term('type', m.group(1))}（{r.t.term('type', 'Wall')}）"
    else:
        a["type"] = r.t.term("type", a.get("type"))


@adapter("MWR122")
def _mw_listed(a, r):
    a["mage"] = _mw_mage(r, a.get("mage"))
