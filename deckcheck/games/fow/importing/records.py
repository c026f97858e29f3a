"""Building the card records: facts, faces, deck rules and printings of each record, then
the aliases (OCTGN and data spellings, bare names, "front // back" of ruler versions)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Iterable

from deckcheck.carddb.importers.common import compact
from deckcheck.games.fow.importing.deck_rules import parse_deck_rules
from deckcheck.games.fow.importing.fowsim import Face, Record, card_facts, is_orphan_j, strip_suffix
from deckcheck.matching.normalise import key


def build_record(rec: Record, where: str) -> None:
    """Fill ``rec.data`` (everything except aliases and OCTGN ids)."""
    first = rec.printings[0]
    raws = [p.raw for p in rec.printings]
    facts = card_facts(_fact_raws(rec.printings), where)
    data = {"id": first.id, "name": first.name}
    data["faces"] = build_faces(rec, where)
    data.update(facts)
    data["deck_rules"] = _unique(r for raw in raws for r in parse_deck_rules(raw, where))
    data["orphan_j"] = is_orphan_j(first)
    data["versions"] = rec.data.get("versions")
    data["clusters"] = _unique(p.cluster for p in rec.printings)
    data["sets"] = _unique(p.set for p in rec.printings)
    data["printings"] = [compact({"id": p.id, "name": p.name if p.name != first.name else None,
                                  "set": p.set, "cluster": p.cluster,
                                  "rarity": (p.raw.get("rarity") or "").strip(),
                                  "source_id": p.raw.get("source_id")})
                         for p in rec.printings]
    data["ids"] = [i for p in rec.printings for i in [p.id] + [b.id for b in p.backs]]
    rec.data = data


def build_faces(rec: Record, where: str) -> list[dict]:
    """The distinct back faces over all printings (same name up to data suffix = one face)."""
    by_key: dict[str, list[Face]] = {}
    for p in rec.printings:
        for back in p.backs:
            by_key.setdefault(key(strip_suffix(back.name)), []).append(back)
    faces = []
    for backs in by_key.values():
        facts = card_facts(_fact_raws(backs), where)
        face = {"id": backs[0].id, "name": backs[0].name}
        face.update({k: facts[k] for k in ("types", "subtypes", "stone_types", "attributes",
                                           "races", "keywords")})
        face["deck_rules"] = _unique(r for b in backs for r in parse_deck_rules(b.raw, where))
        faces.append(compact(face))
    return faces


def _fact_raws(faces: list[Face]) -> list[dict]:
    """The entries a record's facts come from: the primary source's where it has any."""
    primary = [f.raw for f in faces if f.facts]
    return primary or [f.raw for f in faces]


def _unique(items: Iterable[Any]) -> list[Any]:
    out: list[Any] = []
    for item in items:
        if item not in out:
            out.append(item)
    return out


def add_aliases(records: list[Record]) -> dict:
    """Set ``aliases``: OCTGN and data spellings, bare names, "front // back" for versions.

    A spelling is kept only if no *other* record answers to its normalised key (by name,
    face name or another alias candidate), and it is not one of the record's own names.
    """
    owners: dict[str, set[str]] = defaultdict(set)
    candidates: dict[str, list[str]] = {}
    for rec in records:
        own = [rec.data["name"]] + [f["name"] for f in rec.data.get("faces", [])]
        for n in own:
            owners[key(n)].add(rec.id)
        cand = [p.name for p in rec.printings[1:]]  # other data spellings of the name
        cand += rec.data.pop("_octgn_names", [])
        cand += [strip_suffix(n) for n in own]
        if rec.data.get("versions"):
            cand += [f"{rec.data['name']} // {f['name']}" for f in rec.data.get("faces", [])]
        cand = [c for c in _unique(c.strip() for c in cand) if c and c not in own]
        candidates[rec.id] = cand
        for c in cand:
            owners[key(c)].add(rec.id)
    added = dropped = 0
    for rec in records:
        kept = []
        for c in candidates[rec.id]:
            if owners[key(c)] == {rec.id}:
                kept.append(c)
            elif len(owners[key(c)]) > 1:
                dropped += 1
        rec.data["aliases"] = sorted(kept)
        added += len(kept)
    return {"aliases": added, "aliases_dropped_as_colliding": dropped}
