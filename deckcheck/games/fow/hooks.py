"""Force of Will: rulers and their J-ruler faces, ruler versions, and deck statistics.

* A J-ruler name (or a fowsim ``…J`` id) in the ruler zone resolves to its ruler: info
  FOW126 instead of the generic alternate-name finding.
* A ruler name printed with different J-ruler backs (Pandora, Girl of the Box …) is one
  name on several records: the first is used, FOW127 warns, and keyword checks use the
  union of all versions (:func:`ruler_info`). ``Name // J-ruler`` picks one version and is
  treated as exact.
* ``(starting)`` after a ruler marks the starting ruler when several are listed.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from deckcheck.games.base import Game
from deckcheck.games.fow.model import note_of, ruler_info
from deckcheck.games.fow.rules.ruler import RulerFaceResolved
from deckcheck.models import Card, DeckList, Entry, Finding
from deckcheck.parsing.phrases import Phrase
from deckcheck.releases import Release, release_table

_STARTING = re.compile(r"\s*\((?:starting|starting ruler)\)\s*$", re.IGNORECASE)

#: the report table's title (the catalogue's ``sections`` translates it by its id)
MAIN_BY_TYPE = Phrase("fow-main-by-type", "Main deck by card type")


class FowGame(Game):
    def prepare_entry(self, entry: Entry, deck: DeckList) -> Iterable[Finding]:
        if entry.zone == "ruler":
            m = _STARTING.search(entry.name)
            if m:
                entry.name = entry.name[: m.start()]
                entry.raw_name = entry.name
                note_of(entry).starting = True
        return ()

    def after_resolve(self, entry: Entry, db) -> Iterable[Finding]:
        card = entry.card
        out: list[Finding] = []
        if entry.match == "ambiguous" and entry.candidates:
            names = {c.name for c in entry.candidates}
            if len(names) == 1 and all(c.get("versions") for c in entry.candidates):
                # one ruler name with several J-ruler versions: use the first, warn (FOW127)
                versions = sorted(entry.candidates, key=lambda c: c.id)
                entry.card, entry.match, entry.via = versions[0], "exact", None
                note_of(entry).versions = versions
                entry.candidates = []
                return out
        if card is None:
            return out
        label = entry.label or ""
        if entry.match == "alias" and entry.via == "alias" and "//" in label \
                and label.split("//")[0].strip() == card.name:
            entry.match, entry.via = "exact", None      # "Ruler // J-ruler" picks a version
            return out
        if entry.match == "normalized" and entry.via == "split" and _front_and_back(label, card):
            entry.match, entry.via = "exact", None      # "Ruler // J-ruler" written exactly
            return out
        j_face = self._j_face(entry, card)
        if entry.zone == "ruler" and j_face is not None:
            entry.no_generic = True
            note_of(entry).j_face = j_face
            out.append(RulerFaceResolved().finding(
                None, card=card, line=entry.line, zone=entry.zone, input=entry.name,
                face=j_face))
        return out

    @staticmethod
    def _j_face(entry: Entry, card: Card) -> str | None:
        """The J-ruler face named by the entry (by name or by a ``…J`` id), if any."""
        ref = (entry.ref or "").strip()
        for face in card.faces:
            if "j_ruler" not in (face.get("types") or ()):
                continue
            if entry.via == "face" and entry.label == face.get("name"):
                return face["name"]
            if ref and (ref.upper().endswith("J") or ref.upper().endswith("J^")) \
                    and ref not in [p.get("id") for p in card.get("printings") or ()]:
                return face["name"]
        return None

    def set_releases(self, db) -> dict[str, Release]:
        """The set release dates of ``cards/fow/clusters.yaml`` (``releases``: card-search's
        ``releaseDate`` of the sets read), for DCK037 in the dated formats."""
        rows = ((db.tables.get("clusters") or {}).get("releases") or {})
        return release_table({"code": k, **v} for k, v in rows.items() if isinstance(v, dict))

    def stats(self, ctx) -> dict[str, Any]:
        info = ruler_info(ctx)
        by_type: dict[str, int] = {}
        for e in ctx.resolved("main"):
            t = (e.card.get("types") or ["?"])[0]
            by_type[t] = by_type.get(t, 0) + e.count
        by_attr: dict[str, int] = {}
        for e in ctx.resolved("main"):
            for a in e.card.get("attributes") or ["void"]:
                by_attr[a] = by_attr.get(a, 0) + e.count
        return {"ruler": info.starting.name if info.starting else None,
                "ruler_versions": [c.id for c in info.versions] or None,
                "main_by_type": dict(sorted(by_type.items())),
                "main_by_attribute": dict(sorted(by_attr.items()))}

    def report_sections(self, result):
        stats = result.stats or {}
        rows = [[k, v] for k, v in (stats.get("main_by_type") or {}).items()]
        if not rows:
            return []
        return [(MAIN_BY_TYPE.say(), ["type", "cards"], rows)]


GAME_CLASS = FowGame


def _front_and_back(label: str, card: Card) -> bool:
    """``label`` is exactly ``<front name> // <back face name>`` of ``card``."""
    parts = [p.strip() for p in label.split("//")]
    return len(parts) == 2 and parts[0] == card.name and \
        parts[1] in {f.get("name") for f in card.faces}
