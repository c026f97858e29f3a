"""Human descriptions for the lookup commands: ``formats show``, ``cards search/show``.

Format and card files may come from folders a repository's configuration names, so every
description passes through :func:`deckcheck.safetext.guard_lines` (hidden characters as
escapes, no CI workflow command) before it is printed.
"""

from __future__ import annotations

from typing import Any

from deckcheck.formats import Format
from deckcheck.safetext import guard_lines


def _plain(value: Any) -> str:
    """A format file's value as words: lists joined by commas, mappings as ``key: value``
    (no Python list or dict syntax, flags as yes/no)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(_plain(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {_plain(v)}" if not isinstance(v, (list, dict)) else
                         f"{k} ({_plain(v)})" for k, v in value.items())
    return str(value)


def _zones_table(fmt: Format) -> str:
    from deckcheck.reporting.table import table

    rows = []
    for zone, spec in fmt.zones.items():
        extra = {k: v for k, v in spec.items() if k not in ("min", "max", "sizes", "counted")}
        rows.append([zone, spec.get("min", ""), spec.get("max", ""),
                     " or ".join(map(str, spec["sizes"])) if spec.get("sizes") else "",
                     "yes" if spec.get("counted", True) else "no",
                     "; ".join(f"{str(k).replace('_', ' ')}: {_plain(v)}"
                               for k, v in extra.items())])
    return table(["zone", "min", "max", "exact sizes", "counted", "other"], rows)


def describe_format(fmt: Format, date: str | None = None) -> str:
    lines = [f"{fmt.id}: {fmt.title}", f"game: {fmt.game}"]
    if fmt.data.get("extends"):
        lines.append(f"extends: {fmt.data['extends']}")
    started = fmt.started
    if started:
        lines.append(f"began: {started['date']}"
                     + (f" ({started['note']})" if started.get("note") else "")
                     + "; a date before it is refused, one before the first profile is "
                       "checked with it (DCK039)")
        if started.get("source"):
            lines.append(f"  source: {started['source']}")
    ended = fmt.ended
    if ended:
        lines.append(f"retired: {ended['date']}"
                     + (f" ({ended['note']})" if ended.get("note") else "")
                     + "; a later date, or none (today), is refused")
        if ended.get("source"):
            lines.append(f"  source: {ended['source']}")
    if fmt.data.get("description"):
        lines.append(str(fmt.data["description"]).strip())
    lines += ["", "Zones:", _zones_table(fmt), ""]
    copies = fmt.get("copies") or []
    if copies:
        lines.append("Copy limits:")
        for c in copies:
            zones = " + ".join(c.get("zones") or ["every counted zone"])
            ex = c.get("exempt") or []
            lines.append(f"  - at most {c['limit']} per {c.get('key', 'name')} over {zones}"
                         + (f"; exempt: {_plain(ex)}" if ex else ""))
    else:
        lines.append("Copy limits: none")
    pool_field = fmt.get("pool_field") or "sets"
    pool = (fmt.for_date(date) if fmt.profiles else fmt).get(pool_field)
    lines.append(f"Card pool ({pool_field}{', dated' if fmt.profiles else ''}): " + (" ".join(pool) if isinstance(pool, list)
                                                 else "any card in the data"))
    profiles = fmt.profiles
    if profiles:
        lines += ["", "Dated profiles (the newest with from <= --date applies):"]
        from deckcheck.reporting.table import table

        chosen = fmt.for_date(date).profile if profiles else None
        rows = []
        incomplete = any(p.get("incomplete") for p in profiles)
        for p in sorted(profiles, key=lambda p: p["from"]):
            mark = "*" if chosen is not None and p["from"] == chosen["from"] else ""
            pool = p.get(pool_field) or []
            rows.append([mark + p["from"], p.get("name") or "",
                         " ".join(pool) if isinstance(pool, list) else str(pool),
                         ", ".join(p.get("banned") or []) or "none",
                         ", ".join(p.get("restricted") or []) or "none",
                         p.get("next_change") or ""]
                        + (["yes" if p.get("incomplete") else ""] if incomplete else []))
        lines.append(table(["from", "name", pool_field, "banned", "restricted", "next change"]
                           + (["incomplete"] if incomplete else []), rows))
        if chosen is not None and date is not None:
            lines.append(f"In force on {date}: {chosen['from']}"
                         + (f" ({chosen['name']})" if chosen.get("name") else "") + "; banned: "
                         + (", ".join(chosen.get("banned") or []) or "none")
                         + (f"; restricted: {', '.join(chosen['restricted'])}"
                            if chosen.get("restricted") else ""))
        if chosen is not None and chosen.get("banned_as_commander"):
            lines.append(f"Banned as commander ({chosen['from']}; legal in the main deck): "
                         + ", ".join(chosen["banned_as_commander"]))
        if chosen is not None and chosen.get("combination_banned"):
            lines.append(f"Combination bans ({chosen['from']}): "
                         + "; ".join(" + ".join(c) for c in chosen["combination_banned"]))
        if chosen is not None and chosen.get("incomplete"):
            lines.append(f"Incomplete ({chosen['from']}): "
                         + (chosen.get("incomplete_note") or "the sources are partial"))
    else:
        banned = fmt.get("banned") or []
        restricted = fmt.get("restricted") or []
        lines.append("Banned: " + (", ".join(banned) if banned else "none"))
        if restricted:
            lines.append("Restricted: " + ", ".join(restricted))
    if fmt.data.get("data_until"):
        lines.append(f"Data until: {fmt.data['data_until']} (a check on a later date is "
                     "warned, DCK029)")
    if fmt.data.get("incomplete"):
        lines.append("Incomplete: some of this format's data is incomplete (the profiles "
                     "marked incomplete; a check on one reports why, DCK030)")
    for note in fmt.get("notes") or []:
        lines.append(f"Note: {note}")
    from deckcheck.reporting.table import fit

    return guard_lines(fit("\n".join(lines)))


def search_cards(db, query: str, limit: int = 10, none: str | None = "",
                 similar: float = 60) -> str:
    """The cards of ``db`` a query finds, as a table; when there is none, the sentence that
    says so (``none=None``: an empty string, for a search over every game). ``similar``:
    the lowest score of a merely similar name (a search over every game asks more, or
    every game would offer a few names that share some letters)."""
    from rapidfuzz import fuzz, process

    from deckcheck.reporting.table import table

    from deckcheck.matching import normalise

    index = db.index
    m = index.match(query)
    rows: list[list[Any]] = []
    seen: set[str] = set()

    def add(card, how, score=None):
        if card.id in seen or len(rows) >= limit:
            return
        seen.add(card.id)
        rows.append([card.name, how, "" if score is None else round(score, 1), card.id,
                     "/".join(card.get("types") or ()) or card.get("type") or card.get("kind") or ""])

    if m.card is not None:
        add(m.card, m.kind, m.score)
    for c in m.candidates:
        add(c, "ambiguous")
    key = normalise.key(query)
    if key:
        for card in db.cards:  # whole-word or substring hits (search, never check)
            if key in normalise.key(card.name):
                add(card, "contains")
        for card in db.cards:  # part of a Chinese name (either script: keys fold them)
            for lang, names in (card.get("names") or {}).items():
                if any(key in normalise.key(n) for n in names):
                    add(card, f"contains ({lang})")
                    break
    q = normalise.spaced(query)
    if q and index.choices:
        # search may use a partial, word-order-free scorer; `check` never does
        letters = normalise.alnum_length(q)
        for choice, score, idx in process.extract(q, index.choices, scorer=fuzz.WRatio,
                                                  limit=limit * 3, score_cutoff=similar):
            # WRatio scores a very short name high on a few shared letters ("A∵A∵A∵" is
            # "a a a"): a name needs at least half the query's letters to count as similar
            if normalise.alnum_length(choice) * 2 >= letters:
                add(index.cards[index.choice_card[idx]], "similar", score)
    if not rows:
        return "" if none is None else guard_lines(f'no card of {db.game} matches "{query}"')
    return guard_lines(table(["name", "match", "score", "id", "type"], rows))


#: facts a reader of ``cards show`` gets in the card's head (name, type line, names)
_HEAD = frozenset({"id", "name", "full_name", "names", "aliases", "type", "types", "subtypes",
                   "supertypes", "kind", "faces", "printings"})
#: identifiers of other programs (OCTGN GUIDs, database numbers): counted, not listed
_IDS = frozenset({"octgn_ids", "octgn_id", "multiverseid", "cardid", "element_octgn_ids",
                  "number_base"})
_LABELS = {"cmc": "mana value", "atk": "ATK", "def": "DEF", "ue": "UE",
           "core_2010": "in Core 2010"}


def _label(key: str) -> str:
    text = _LABELS.get(key) or key.replace("_", " ")
    return text[:1].upper() + text[1:]


def _value(value: Any) -> str:
    """A fact as words (no YAML or Python syntax): lists by commas, yes/no for flags."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return "; ".join(f"{_label(str(k)).lower()} {_value(v)}" for k, v in value.items()
                         if k not in _IDS)
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, dict) for v in value):
            return "; ".join(_value(v) for v in value)
        return ", ".join(_value(v) for v in value)
    return str(value)


def _type_line(data: dict[str, Any]) -> str:
    types = [*(data.get("supertypes") or ()), *(data.get("types") or ())]
    if not types and (data.get("type") or data.get("kind")):
        types = [data.get("type") or data.get("kind")]
    line = " ".join(str(t) for t in types)
    if data.get("subtypes"):
        line += " — " + " ".join(str(t) for t in data["subtypes"])
    return line


def _names(data: dict[str, Any]) -> list[str]:
    names = data.get("names") or {}
    return [f"{lang}: {', '.join(map(str, ns))}" for lang, ns in names.items() if ns]


def _printing(p: dict[str, Any]) -> str:
    """One printing on one line: its set and number first, then what else is known."""
    head = " ".join(str(p[k]) for k in ("set", "number", "id", "code") if p.get(k)
                    and not (k == "id" and p.get("number")))
    rest = ", ".join(f"{_label(k).lower()} {_value(v)}" for k, v in p.items()
                     if k not in ("set", "number", "id", "code") and k not in _IDS)
    return head + (f" ({rest})" if rest else "")


def describe_card(card, game: str) -> str:
    """A card as a reader expects it: the name, the type line, the names in other
    languages, the facts one per line, the faces and the printings."""
    data = card.data
    lines = [f"{data.get('full_name') or card.name}   [{game}: {card.id}]"]
    type_line = _type_line(data)
    if type_line:
        lines.append(type_line)
    lines += [f"  {n}" for n in _names(data)]
    aliases = [a for a in data.get("aliases") or () if a != data.get("full_name")]
    if aliases:
        lines.append(f"  Also written: {', '.join(map(str, aliases))}")
    for key, value in data.items():
        if key in _HEAD or key in _IDS or value in (None, "", [], {}):
            continue
        lines.append(f"{_label(key)}: {_value(value)}")
    for face in card.faces:
        extra = [_type_line(face)] + _names(face)
        lines.append(f"Other face: {face.get('name')}"
                     + "".join(f"; {x}" for x in extra if x))
    printings = data.get("printings") or []
    if printings:
        lines.append(f"Printings ({len(printings)}):")
        lines += [f"  {_printing(p)}" for p in printings if isinstance(p, dict)]
    ids = sum(len(v) if isinstance(v, list) else 1 for k, v in data.items()
              if k in _IDS and v and k != "number_base")
    if ids:
        lines.append(f"({ids} identifier{'s' if ids != 1 else ''} of other programs, "
                     "e.g. OCTGN, not shown)")
    return "\n".join(lines)


def match_card(db, name: str) -> tuple[Any, str]:
    """The card ``name`` names in ``db`` and the line that says how it matched; or None and
    the line that says why there is none."""
    m = db.index.match(name)
    if m.card is None:
        if m.kind == "ambiguous":
            return None, f'"{name}" could be: ' + ", ".join(c.name for c in m.candidates)
        hint = f"; did you mean {', '.join(m.suggestions)}?" if m.suggestions else ""
        return None, f'unknown card "{name}"{hint}'
    how = "" if m.kind == "exact" else (f'"{name}" read as {m.card.name} ({m.kind}'
                                        + (f", {m.score}" if m.score is not None else "") + ")")
    return m.card, how


def show_card(db, name: str) -> tuple[str, bool]:
    from deckcheck.reporting.table import fit

    card, how = match_card(db, name)
    if card is None:
        return guard_lines(how), False
    text = describe_card(card, db.game)
    return guard_lines(fit((how + "\n" if how else "") + text)), True


def describe_verdict(verdict) -> str:
    """What ``cards show -f FORMAT`` says: legal or not, where, and the rules' findings."""
    when = f" on {verdict.date}" if verdict.date else " (newest data; --date to choose a day)"
    if verdict.profile:
        when += f" [profile of {verdict.profile}]"
    if verdict.zone is None:
        return f"{verdict.format}{when}: this card has no place in any zone of the format"
    head = (f"{verdict.format}{when}: LEGAL (zones: {', '.join(verdict.zones)})" if verdict.legal
            else f"{verdict.format}{when}: NOT LEGAL")
    lines = [head] + [f"  {f.severity.value}: {f.code} {f.message}" for f in verdict.findings]
    return guard_lines("\n".join(lines))
