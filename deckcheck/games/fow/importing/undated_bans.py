"""card-search's per-card ``bans`` compared with the dated ban list of a format.

The committed facts files (``cards/fow/sources/fowtcgcardsearch-facts*.yaml``) keep each
card's ``bans`` as card-search gives them at its commit: no date. Every Wanderer ban there
that no dated profile of ``fow-wanderer`` holds becomes an entry of the format's
``undated_bans`` (card, kind, the other card of a combination, source) and one note "banned
per card-search, date unknown"; the rule FOW137 warns of such a card in a list checked with
the newest data (no date, or past ``data_until``). Nothing here changes the dated profiles.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from deckcheck.games.fow.importing.newer import facts_paths, read_facts
from deckcheck.matching.normalise import key

#: card-search's format name -> the deckcheck format it is compared with
FORMATS = {"Wanderer": "fow-wanderer"}
#: card-search's ban kinds (as newer.yaml writes them) -> the zone a kind is limited to
KINDS = {"banned": None, "combination": None, "banned from the rune deck": "rune",
         "banned from the side deck": "side"}


def _dated(fmt: dict[str, Any]) -> tuple[set[str], set[frozenset[str]]]:
    """Every name any profile bans, and every combination pair any profile holds."""
    single: set[str] = set()
    pairs: set[frozenset[str]] = set()
    for p in fmt.get("profiles") or ():
        single |= {key(n) for n in p.get("banned") or ()}
        for pair in list(p.get("combination_banned") or ()) + \
                list(p.get("combination_from_fowsim") or ()):
            pairs.add(frozenset(key(n) for n in pair))
    return single, pairs


def undated_bans(out: Path, formats: dict[str, dict[str, Any]]) -> dict[str, list[dict]]:
    """Format id -> its ``undated_bans`` entries (sorted, one per card, kind and partner)."""
    found: dict[str, dict[tuple, dict]] = {fid: {} for fid in FORMATS.values()}
    for path in facts_paths(out):
        data = read_facts(path)
        src = data.get("source") or {}
        where = (f"{src.get('repo', '?')} {src.get('path', '?')} at {src.get('commit', '?')} "
                 f"(per-card bans, undated)")
        for entry in data["cards"]:
            if not isinstance(entry, dict):
                continue
            for ban in entry.get("bans") or ():
                fid = FORMATS.get(str(ban.get("format")))
                if fid is None or fid not in formats:
                    continue
                kind = str(ban.get("kind") or "")
                name = str(entry.get("name") or "").strip()
                row = {"card": name, "kind": kind}
                if ban.get("with"):
                    row["with"] = str(ban["with"]).strip()
                row["source"] = where
                k = (key(name), kind, key(row.get("with", "")))
                found[fid].setdefault(k, row)
    result: dict[str, list[dict]] = {}
    for fid, rows in found.items():
        single, pairs = _dated(formats[fid])
        keep: dict[tuple, dict] = {}
        for (name, kind, other), row in rows.items():
            if kind == "combination":
                pair = frozenset((name, other))
                if pair in pairs:
                    continue
                k = (min(pair), kind, max(pair))   # a pair both cards list is one entry
            elif kind == "banned" and name in single:
                continue
            else:
                k = (name, kind, other)
            keep.setdefault(k, row)
        result[fid] = sorted(keep.values(), key=lambda r: (r["card"], r["kind"], r.get("with", "")))
    return result


def note(rows: Iterable[dict]) -> str | None:
    """The format note that lists them ("banned per card-search, date unknown")."""
    rows = list(rows)
    if not rows:
        return None
    parts = [f"{r['card']} ({r['kind']}{' with ' + r['with'] if r.get('with') else ''})"
             for r in rows]
    return ("Banned per card-search, date unknown (fowtcgcardsearch/card-search per-card "
            "`bans`, at its commit; in no dated profile, so a list checked with the newest data "
            "gets a warning, FOW137): " + "; ".join(parts) + ".")
