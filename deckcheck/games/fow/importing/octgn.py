"""OCTGN's set definitions: their cards (GUIDs for ``.o8d`` decks, OCTGN spellings of
names) matched to the records."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from rapidfuzz import fuzz

from deckcheck.carddb.importers.common import DataError
from deckcheck.games.fow.importing.fowsim import Record, strip_suffix
from deckcheck.games.fow.importing.tables import OCTGN_SET_CODES
from deckcheck.matching.normalise import key, spaced


@dataclass
class OctgnCard:
    guid: str
    name: str
    set: str
    number: str
    alternates: list[tuple[str, str]]  # (name, number)
    file: Path


def read_octgn(sets_dir: Path) -> list[OctgnCard]:
    """Cards of every OCTGN ``set.xml`` (safe parser: no DTDs, no entities)."""
    from defusedxml import ElementTree

    cards: list[OctgnCard] = []
    for path in sorted(sets_dir.glob("*/set.xml")):
        try:
            root = ElementTree.parse(path).getroot()
        except Exception as exc:  # defusedxml and expat errors
            raise DataError(f"{path}: unreadable set.xml ({exc})") from exc
        for card in root.iter("card"):
            props = {p.get("name"): (p.get("value") or "") for p in card.findall("property")}
            guid, name = card.get("id"), (card.get("name") or "").strip()
            if not guid or not name:
                raise DataError(f"{path}: card without id or name: {card.attrib}")
            alternates = []
            for alt in card.findall("alternate"):
                alt_props = {p.get("name"): (p.get("value") or "") for p in alt.findall("property")}
                alternates.append(((alt.get("name") or "").strip(), alt_props.get("Number", "")))
            cards.append(OctgnCard(guid, name, props.get("Set", "").strip(),
                                   props.get("Number", "").strip(), alternates, path))
    return cards


def match_octgn(cards: list[OctgnCard], records: list[Record]) -> dict:
    """Add ``octgn_ids`` and OCTGN spellings (alias candidates) to the matched records.

    Match by normalised front name; when several records share it, prefer the one whose back
    face has the OCTGN J-ruler's name, then Set+Number.  A name with no match falls back to
    Set+Number if the two names are close (OCTGN spelling slips).
    """
    by_name: dict[str, list[Record]] = defaultdict(list)
    by_printing: dict[str, Record] = {}
    for rec in records:
        by_name[key(rec.data["name"])].append(rec)
        for p in rec.printings:
            by_printing[p.id] = rec
            for b in p.backs:
                by_printing[b.id] = rec
    unmatched, by_number = [], 0
    for card in cards:
        candidates = by_name.get(key(card.name), [])
        if len(candidates) > 1:
            candidates = _tie_break(card, candidates, by_printing)
        if not candidates:
            rec = _by_set_number(card, by_printing)
            if rec is None or fuzz.ratio(spaced(card.name), spaced(rec.data["name"])) < 80:
                unmatched.append(f"{card.name} ({card.set} {card.number})")
                continue
            by_number += 1
            candidates = [rec]
        rec = candidates[0]
        rec.data.setdefault("octgn_ids", []).append(card.guid)
        spellings = rec.data.setdefault("_octgn_names", [])
        spellings.extend([card.name] + [n for n, _ in card.alternates if n])
    for rec in records:
        if "octgn_ids" in rec.data:
            rec.data["octgn_ids"] = sorted(set(rec.data["octgn_ids"]))
    return {"octgn_cards": len(cards), "octgn_matched_by_number": by_number,
            "octgn_unmatched": unmatched}


def _tie_break(card: OctgnCard, candidates: list[Record],
               by_printing: dict[str, Record]) -> list[Record]:
    alt_keys = {key(strip_suffix(n)) for n, _ in card.alternates if n}
    with_back = [r for r in candidates
                 if alt_keys & {key(strip_suffix(f["name"])) for f in r.data.get("faces", [])}]
    if len(with_back) == 1:
        return with_back
    numbered = _by_set_number(card, by_printing)
    if numbered in candidates:
        return [numbered]
    raise DataError(f"{card.file}: OCTGN card {card.name!r} ({card.set} {card.number}) "
                    "matches several records and no tie-breaker decides")


def _by_set_number(card: OctgnCard, by_printing: dict[str, Record]) -> Record | None:
    set_code = OCTGN_SET_CODES.get(card.set, card.set)
    for number in [card.number] + [n for _, n in card.alternates]:
        for part in number.split("/"):
            rec = by_printing.get(f"{set_code}-{part.strip()}")
            if rec is not None:
                return rec
    return None
