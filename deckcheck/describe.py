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
    (no Python list or dict syntax)."""
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
                     "; ".join(f"{k}: {_plain(v)}" for k, v in extra.items())])
    return table(["zone", "min", "max", "exact sizes", "counted", "other"], rows)


def describe_format(fmt: Format, date: str | None = None) -> str:
    lines = [f"{fmt.id}: {fmt.title}", f"game: {fmt.game}"]
    if fmt.data.get("extends"):
        lines.append(f"extends: {fmt.data['extends']}")
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


def search_cards(db, query: str, limit: int = 10) -> str:
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
    q = normalise.spaced(query)
    if q and index.choices:
        # search may use a partial, word-order-free scorer; `check` never does
        letters = normalise.alnum_length(q)
        for choice, score, idx in process.extract(q, index.choices, scorer=fuzz.WRatio,
                                                  limit=limit * 3, score_cutoff=60):
            # WRatio scores a very short name high on a few shared letters ("A∵A∵A∵" is
            # "a a a"): a name needs at least half the query's letters to count as similar
            if normalise.alnum_length(choice) * 2 >= letters:
                add(index.cards[index.choice_card[idx]], "similar", score)
    if not rows:
        return guard_lines(f'no card of {db.game} matches "{query}"')
    return guard_lines(table(["name", "match", "score", "id", "type"], rows))


def show_card(db, name: str) -> tuple[str, bool]:
    import yaml

    m = db.index.match(name)
    if m.card is None:
        if m.kind == "ambiguous":
            return (guard_lines(f'"{name}" could be: ' + ", ".join(c.name for c in m.candidates)),
                    False)
        hint = f"; did you mean {', '.join(m.suggestions)}?" if m.suggestions else ""
        return (guard_lines(f'unknown card "{name}"{hint}'), False)
    head = f"{m.card.name}" + ("" if m.kind == "exact" else f"  (matched as {m.kind}"
                                + (f", {m.score}" if m.score is not None else "") + ")")
    body = yaml.safe_dump(m.card.data, allow_unicode=True, sort_keys=False, width=100)
    return guard_lines(head + "\n" + body.rstrip()), True
