"""Set release dates for ``cards/fow/clusters.yaml`` (``releases``), read by DCK037.

Two inputs, both facts with their source:

* the ``released`` day of every entry of the committed card-search facts files
  (``cards/fow/sources/fowtcgcardsearch-facts*.yaml``: card-search's ``releaseDate``), the
  entries of cards the fowsim data already has included (TTT's dates come from them); a set
  whose entries disagree takes its earliest day, and the import notes it;
* ``set_released`` of ``deckcheck/games/fow/data/newer.yaml``: days of older sets that the
  shared data quotes from the same source (its README and banlists.json);
* ``deckcheck/games/fow/data/release_pages.yaml``: the ``releaseDate`` of one record of each
  older set, with the page (offset) of card-search's file it was read from.

A set with neither has no known release: DCK037 then says nothing of a card printed there.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable

import yaml

from deckcheck.carddb.importers.common import DataError
from deckcheck.games.fow.importing.newer import facts_paths, read_facts, set_code_of, tables
from deckcheck.releases import first_day

_PAGES = Path(__file__).resolve().parent.parent / "data" / "release_pages.yaml"


def page_releases(path: Path = _PAGES) -> dict[str, tuple[str, str]]:
    """``release_pages.yaml``: set code -> (its day, the source: file, commit, page, record)."""
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
        src = data["source"]
        where = f"{src['repo']} {src['path']} {src['commit']}"
        rows = data["sets"]
    except (OSError, yaml.YAMLError, KeyError, TypeError) as exc:
        raise DataError(f"{path}: cannot read the release pages ({exc})") from exc
    out: dict[str, tuple[str, str]] = {}
    for code, row in (rows or {}).items():
        day = first_day((row or {}).get("released"))
        page = (row or {}).get("page")
        if day is None or not isinstance(page, int) or page < 0:
            raise DataError(f"{path}: set {code}: needs a `released` day and the `page` offset "
                            f"it was read at (got {row!r})")
        out[str(code)] = (day, f"releaseDate of card-search ({where}; page at offset {page:,}, "
                               f"record {row.get('record') or '?'})")
    return out


def set_names(cards_json: Path) -> dict[str, str]:
    """fowsim ``cards.json``: set code -> its English name."""
    try:
        data = json.loads(Path(cards_json).read_text(encoding="utf-8"))
        clusters = data["fow"]["clusters"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise DataError(f"{cards_json}: cannot read the set names ({exc})") from exc
    return {str(s["code"]): str(s.get("name") or "") for c in clusters
            for s in c.get("sets") or () if isinstance(s, dict) and s.get("code")}


def release_rows(out: Path, known_sets: Iterable[str], names: dict[str, str]
                 ) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """``{set: {released, name, source}}`` for the sets of ``known_sets`` whose day is known,
    in release order, with the notes for SOURCES.md."""
    tab = tables()
    placed = tab.get("set_clusters") or {}
    days: dict[str, set[str]] = {}
    sources: dict[str, str] = {}
    for path in facts_paths(out):
        data = read_facts(path)
        src = data.get("source") or {}
        where = f"{src.get('repo', '?')} {src.get('path', '?')} {src.get('commit', '?')}"
        for entry in data["cards"]:
            if not isinstance(entry, dict) or not entry.get("id"):
                continue
            day = first_day(entry.get("released"))
            if day is None:
                continue
            code = set_code_of(entry, str(entry["id"]).strip(), placed)
            days.setdefault(code, set()).add(day)
            sources.setdefault(code, f"releaseDate of card-search ({where})")
    for code, row in (tab.get("set_released") or {}).items():
        day = first_day(row.get("released"))
        if day is None:
            raise DataError(f"newer.yaml set_released {code}: not a day: {row.get('released')!r}")
        days.setdefault(str(code), set()).add(day)
        sources.setdefault(str(code), str(row.get("source") or ""))
    for code, (day, source) in page_releases().items():
        days.setdefault(code, set()).add(day)
        sources.setdefault(code, source)
    known = set(known_sets)
    by_code = {str(v.get("id") or k): v for k, v in placed.items() if isinstance(v, dict)}
    notes: list[str] = []
    rows: dict[str, dict[str, Any]] = {}
    for code in sorted(days, key=lambda c: (min(days[c]), c)):
        if code not in known:
            continue
        if len(days[code]) > 1:
            notes.append(f"Release of {code}: the source gives {', '.join(sorted(days[code]))}; "
                         "the earliest is used.")
        name = (by_code.get(code) or {}).get("name") or names.get(code) or ""
        rows[code] = {"released": min(days[code]), "name": " ".join(name.split()),
                      "source": sources[code]}
    undated = sorted(known - set(rows))
    notes.append(f"Set release dates (clusters.yaml `releases`, the not-yet-released check "
                 f"DCK037): {len(rows)} sets dated ({', '.join(rows)}); {len(undated)} sets "
                 "without a sourced date, whose cards are not checked against a release date.")
    return rows, notes


def source_labels() -> dict[str, str]:
    """Set code -> the source's label, for the sets ``set_clusters`` gives a safe ``id``."""
    return {str(v["id"]): str(k) for k, v in (tables().get("set_clusters") or {}).items()
            if isinstance(v, dict) and v.get("id") and str(v["id"]) != str(k)}
