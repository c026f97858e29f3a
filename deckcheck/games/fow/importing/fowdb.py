"""fowdb's cluster and format lists, cross-checked against fowsim's sets: the content of
``clusters.yaml``."""

from __future__ import annotations

import json
import re
from pathlib import Path

from deckcheck.carddb.importers.common import DataError
from deckcheck.games.fow.importing.tables import FOWDB_CLUSTERS, FOWDB_FORMATS


def read_fowdb(source: Path, fowsim_sets: dict[str, list[str]]) -> tuple[dict, list[str]]:
    """``clusters.yaml`` content from fowdb's files, cross-checked against fowsim's sets."""
    try:
        fd_clusters = json.loads((source / FOWDB_CLUSTERS).read_text(encoding="utf-8"))
        fd_formats = json.loads((source / FOWDB_FORMATS).read_text(encoding="utf-8"))
        formats = fd_formats["list"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise DataError(f"{source / FOWDB_FORMATS} / {FOWDB_CLUSTERS.name}: {exc}") from exc
    notes: list[str] = []
    names_by_id: dict[str, str] = {}
    clusters: dict[str, dict] = {}
    for cname, sets in fowsim_sets.items():
        clusters[cname] = {"sets": sets}
    for cid in sorted(fd_clusters, key=int):
        entry = fd_clusters[cid]
        cname = re.sub(r"\s+Cluster$", "", entry["name"]).strip()
        names_by_id[cid] = cname
        fd_sets = sorted(entry.get("sets", {}))
        info = clusters.setdefault(cname, {"sets": [], "in_card_data": False})
        info["fowdb_id"] = int(cid)
        info["fowdb_sets"] = fd_sets
        known = {s.casefold() for s in info["sets"]}
        missing = [s for s in fd_sets if s.casefold() not in known]
        if info["sets"] and missing:
            notes.append(f"fowdb cluster {cname}: sets {missing} not in fowsim's {cname}")
    fowdb_formats = {}
    for fid in sorted(formats):
        fmt = formats[fid]
        ids = sorted(str(c) for c in fmt["clusters"])
        unknown = [c for c in ids if c not in names_by_id]
        if unknown:
            raise DataError(f"{source / FOWDB_FORMATS}: format {fid}: unknown clusters {unknown}")
        fowdb_formats[fid] = {"name": fmt["name"],
                              "clusters": [names_by_id[c] for c in sorted(ids, key=int)]}
    table = {"clusters": clusters, "fowdb_formats": fowdb_formats,
             "fowdb_default_format": fd_formats.get("default")}
    return table, notes
