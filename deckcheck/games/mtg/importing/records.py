"""From face rows to the files' contents: one record per card (:func:`build_records`),
the name tables of ``confusables.yaml`` (near-collision pairs and groups, name collisions)
and the sets table of ``sets.yaml``."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

from deckcheck.carddb.importers.common import DataError, compact
from deckcheck.games.mtg.importing.rows import (Face, Problem, SetInfo, Source, _add_unique,
                                                _compact, _number_base, _number_sort,
                                                keep_going, slug)
from deckcheck.games.mtg.importing.tables import SPLIT_LAYOUTS
from deckcheck.matching.normalise import key, spaced

#: Confusable thresholds (mtg.md §3.7).
CONFUSABLE_RATIO = 80.0
CONFUSABLE_DISTANCE = 2
#: The ratio search compares names that share one of their 12 rarest trigrams or 2 rarest
#: words (12: the smallest number that finds every pair of the whole v3 folder).
BLOCK_TRIGRAMS = 12
BLOCK_WORDS = 2


# --------------------------------------------------------------------------- building records

def _set_order(sets: dict[str, SetInfo]) -> dict[str, int]:
    ordered = sorted(sets.values(), key=lambda s: (s.released or "9999", s.code))
    return {s.code: i for i, s in enumerate(ordered)}


def _merge_names(faces: list[Face]) -> dict[str, list[str]]:
    names: dict[str, list[str]] = {}
    for lang in ("zh-Hans", "zh-Hant"):
        for f in faces:
            _add_unique(names.setdefault(lang, []), f.zh.get(lang, ()))
    return compact(names)


def _printing_key(p: dict) -> tuple:
    """A printing is its set and collector number; sets without numbers (before 2008) tell
    their printings (a basic land's arts) apart by multiverse id."""
    number = p.get("number") or ""
    return (p["set"], number) if number else (p["set"], "", p.get("multiverseid") or 0)


def _printings(faces: list[Face], order: dict[str, int], front: bool) -> list[dict]:
    seen: dict[tuple, dict] = {}
    for f in faces:
        p = f.printing
        if not p or _printing_key(p) in seen:
            continue
        entry = {"set": p["set"], "number": p["number"]}
        if front:
            entry["number_base"] = _number_base(p["number"])
            entry["rarity"] = p.get("rarity")
        entry["multiverseid"] = p.get("multiverseid")
        seen[_printing_key(p)] = _compact(entry)
    return sorted(seen.values(),
                  key=lambda e: (order.get(e["set"], len(order)), e["set"],
                                 _number_sort(e.get("number") or ""),
                                 e.get("multiverseid") or 0))


def _face_entry(faces: list[Face], order: dict[str, int]) -> dict:
    first = faces[0]
    return _compact({
        "id": slug(first.name), "name": first.name, "names": _merge_names(faces),
        "types": first.types, "supertypes": first.supertypes, "subtypes": first.subtypes,
        "mana_cost": first.mana_cost, "colors": first.colors,
        "printings": _printings(faces, order, front=False)})


def _card_record(card: str, rows: list[Face], order: dict[str, int]) -> dict:
    """One record from every row (face x printing) of one card."""
    by_index: dict[int, list[Face]] = {}
    for r in rows:
        by_index.setdefault(r.index, []).append(r)
    for index, faces in by_index.items():
        if len({f.name for f in faces}) != 1:
            raise DataError(f"{faces[0].origin}: card {card!r} face {index} has different "
                            f"names in different printings: {sorted({f.name for f in faces})}")
    split = rows[0].layout in SPLIT_LAYOUTS
    if 0 not in by_index:
        raise DataError(f"{rows[0].origin}: card {card!r} has no front face in the data")
    front = by_index[0]
    f0 = front[0]
    face_indexes = sorted(by_index) if split else sorted(i for i in by_index if i > 0)
    faces = [_face_entry(by_index[i], order) for i in face_indexes]
    full_name = card if split else " // ".join([f0.name] + [by_index[i][0].name
                                                           for i in face_indexes])
    aliases = [] if full_name == card else [full_name]
    _add_unique(aliases, [f.ascii_name for f in front if f.ascii_name])
    printed_in: list[str] = []
    for r in rows:
        _add_unique(printed_in, r.printed_in)
    printings = _printings(front, order, front=True)
    sets = sorted({p["set"] for p in printings} or set(printed_in),
                  key=lambda c: (order.get(c, len(order)), c))
    limits = {r.deck_limit for r in front if r.deck_limit is not None}
    commander: dict[str, Any] = {}
    for r in front:                       # the front face's text, merged over printings
        commander.update(r.commander)
    return _compact({
        "id": slug(card), "name": card, "full_name": full_name if full_name != card else None,
        "aliases": aliases, "names": {} if split else _merge_names(front),
        "layout": f0.layout, "types": f0.types, "supertypes": f0.supertypes,
        "subtypes": f0.subtypes, "is_basic": "Basic" in f0.supertypes,
        "mana_cost": f0.mana_cost, "cmc": f0.cmc, "colors": f0.colors,
        "color_identity": f0.color_identity, "faces": faces, "sets": sets,
        "printed_in": printed_in, "printings": printings,
        "deck_limit": sorted(limits, key=str)[0] if limits else None,
        "commander": commander.get("commander"), "partner": commander.get("partner"),
        "partner_with": commander.get("partner_with"),
        "choose_background": commander.get("choose_background")})


def _row_order(row: Face, order: dict[str, int]) -> tuple:
    p = row.printing
    if not p:
        return (-1, "", (0, ""))
    return (order.get(p["set"], len(order)), p["set"], _number_sort(p["number"]))


def build_records(rows: list[Face], sets: dict[str, SetInfo],
                  skipped: list[Problem] | None = None,
                  notes: list[Problem] | None = None) -> list[dict]:
    """Group the rows by card and build the records, sorted by id.

    With a ``skipped`` list a card whose rows do not make one record (a face named
    differently in two printings, no front face, a name that normalises like another card's)
    is recorded there and left out; without one it raises :class:`DataError`. ``notes``
    receives the double-faced cards whose back face is nowhere in the data (imported with
    their front only).
    """
    order = _set_order(sets)
    grouped: dict[str, list[Face]] = {}
    # oldest printing first, so that the first row of a face is the same for every source
    for r in sorted(rows, key=lambda r: _row_order(r, order)):
        grouped.setdefault(r.card, []).append(r)
    records = []
    for card, faces in grouped.items():
        try:
            rec = _card_record(card, faces, order)
        except DataError as exc:
            keep_going(skipped, faces[0].origin, card, exc)
            continue
        if notes is not None and rec.get("layout") == "transform" and not rec.get("faces"):
            notes.append(Problem(faces[0].origin, card, "double-faced card whose back face is "
                                 "in no imported set; imported with its front face only"))
        records.append(rec)
    records = _check_unique_names(records, grouped, skipped)
    return sorted(records, key=lambda r: r["id"])


def _check_unique_names(records: list[dict], grouped: dict[str, list[Face]],
                        skipped: list[Problem] | None = None) -> list[dict]:
    """Two cards whose canonical names share a normalised key (or an id) cannot be told apart:
    the second (in the data's order) is skipped, or without a list it is an error."""
    seen: dict[str, str] = {}
    kept = []
    for rec in records:
        keys = (key(rec["name"]), "id:" + rec["id"])
        clash = next((seen[k] for k in keys if seen.get(k, rec["name"]) != rec["name"]), None)
        if clash is not None:
            origin = grouped[rec["name"]][0].origin
            keep_going(skipped, origin, rec["name"],
                       DataError(f"{origin}: card names {clash!r} and {rec['name']!r} have the "
                                 "same normalised form"))
            continue
        for k in keys:
            seen.setdefault(k, rec["name"])
        kept.append(rec)
    return kept


# --------------------------------------------------------------------------- name tables

def _english_names(records: list[dict]) -> list[str]:
    """Every English card and face name (each once)."""
    names: dict[str, None] = {}
    for rec in records:
        names.update(dict.fromkeys([rec["name"]] + [f["name"] for f in rec.get("faces", ())]))
    return list(names)


def name_collisions(records: list[dict]) -> list[dict]:
    """Keys that answer to more than one card: English face names and Chinese names.

    Keys use :func:`key`, which folds Traditional to Simplified, so a clash that only the
    fold creates is listed too.
    """
    owners: dict[str, dict[str, list[str]]] = {}
    for rec in records:
        faces = [rec] + list(rec.get("faces", ()))
        for f in faces:
            written = [f["name"]] + [n for ns in (f.get("names") or {}).values() for n in ns]
            for n in written:
                entry = owners.setdefault(key(n), {"names": [], "cards": []})
                _add_unique(entry["names"], [n])
                _add_unique(entry["cards"], [rec["name"]])
    out = []
    for k, entry in sorted(owners.items()):
        if len(entry["cards"]) > 1:
            out.append({"key": k, "names": sorted(entry["names"]),
                        "cards": sorted(entry["cards"])})
    return out


def _trigrams(form: str) -> list[str]:
    padded = f" {form} "
    return [padded[i:i + 3] for i in range(len(padded) - 2)]


def _rare_blocks(forms: list[str], grams, k: int) -> list[list[int]]:
    """Blocks of forms: each form joins the blocks of its ``k`` rarest grams (rarity counted
    over all forms). Rare grams have short member lists, so comparing within blocks grows
    with the pool, not with its square."""
    sets = [set(grams(f)) for f in forms]
    freq = Counter(g for s in sets for g in s)
    index: dict[str, list[int]] = {}
    for i, s in enumerate(sets):
        for g in sorted(s, key=lambda g: (freq[g], g))[:k]:
            index.setdefault(g, []).append(i)
    return [members for members in index.values() if len(members) > 1]


def _ratio_pairs(forms: list[str], extra: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """Pairs with ``fuzz.ratio >= CONFUSABLE_RATIO`` among the forms that share a block (one
    of their rarest trigrams or words), plus the ``extra`` pairs checked one by one."""
    pairs = set()
    for members in (_rare_blocks(forms, _trigrams, BLOCK_TRIGRAMS)
                    + _rare_blocks(forms, str.split, BLOCK_WORDS)):
        choices = [forms[j] for j in members]
        for i in members:
            for _c, score, rel in process.extract(forms[i], choices, scorer=fuzz.ratio,
                                                  score_cutoff=CONFUSABLE_RATIO, limit=None):
                j = members[rel]
                if j != i and score >= CONFUSABLE_RATIO:
                    pairs.add((min(i, j), max(i, j)))
    for i, j in extra:
        if fuzz.ratio(forms[i], forms[j], score_cutoff=CONFUSABLE_RATIO) >= CONFUSABLE_RATIO:
            pairs.add((i, j))
    return pairs


def _segments(length: int, k: int) -> list[tuple[int, int]]:
    """The even partition of a string of ``length`` into ``k + 1`` (start, size) pieces."""
    small, big = divmod(length, k + 1)
    out, start = [], 0
    for p in range(k + 1):
        size = small + (1 if p >= k + 1 - big else 0)
        out.append((start, size))
        start += size
    return out


def _levenshtein_pairs(keys: list[str], k: int = CONFUSABLE_DISTANCE) -> set[tuple[int, int]]:
    """Every pair within Levenshtein distance ``k``, found without comparing all pairs
    (the partition filter of PassJoin: cut the shorter key into ``k + 1`` pieces; ``k`` edits
    leave one piece whole, at most ``k`` places from where it was in the other key)."""
    order = sorted(range(len(keys)), key=lambda i: (len(keys[i]), i))
    index: dict[tuple[int, int, str], list[int]] = {}
    short: list[int] = []                      # keys too short to cut into k + 1 pieces
    pairs = set()
    for r in order:
        q = keys[r]
        lq = len(q)
        cands = {s for s in short if lq - len(keys[s]) <= k}
        for length in range(max(k + 1, lq - k), lq + 1):
            for seg, (start, size) in enumerate(_segments(length, k)):
                for pos in range(max(0, start - k), min(lq - size, start + k) + 1):
                    cands.update(index.get((length, seg, q[pos:pos + size]), ()))
        for c in cands:
            if Levenshtein.distance(q, keys[c], score_cutoff=k) <= k:
                pairs.add((min(r, c), max(r, c)))
        if lq <= k:
            short.append(r)
        else:
            for seg, (start, size) in enumerate(_segments(lq, k)):
                index.setdefault((lq, seg, q[start:start + size]), []).append(r)
    return pairs


def confusable_pairs(names: list[str]) -> list[dict]:
    """Near-collision pairs (mtg.md §3.7): ratio ≥ 80 on the spaced normalised forms,
    Levenshtein distance ≤ 2 on the normalised keys, or a whole-word prefix.

    The distance pairs are all found (a partition filter, exact); the ratio pairs are
    searched among names that share one of their rarest trigrams or words, and among the
    distance pairs: on the shipped data and on the whole MTGJSON v3 folder (18.8k names)
    that finds the same pairs as comparing every pair, in a fraction of the time."""
    names = sorted(names, key=lambda n: (spaced(n), n))
    sp = [spaced(n) for n in names]
    keys = [key(n) for n in names]
    why: dict[tuple[int, int], list[str]] = {}
    close = _levenshtein_pairs(keys)
    for p in sorted(_ratio_pairs(sp, close)):
        why.setdefault(p, []).append("ratio")
    for p in sorted(close):
        why.setdefault(p, []).append("levenshtein")
    index = {s: i for i, s in enumerate(sp)}
    for i, s in enumerate(sp):
        words = s.split()
        for k in range(1, len(words)):
            j = index.get(" ".join(words[:k]))
            if j is not None and j != i:
                why.setdefault((min(i, j), max(i, j)), []).append("prefix")
    return [{"names": [names[i], names[j]],
             "ratio": round(fuzz.ratio(sp[i], sp[j]), 1),
             "levenshtein": Levenshtein.distance(keys[i], keys[j]),
             "via": reasons}
            for (i, j), reasons in sorted(why.items())]


def confusable_groups(pairs: list[dict]) -> list[list[str]]:
    """Connected groups of the pairs (each group sorted; groups sorted by first name)."""
    parent: dict[str, str] = {}

    def find(n: str) -> str:
        while parent.setdefault(n, n) != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    for p in pairs:
        a, b = (find(n) for n in p["names"])
        if a != b:
            parent[max(a, b)] = min(a, b)
    groups: dict[str, list[str]] = {}
    for n in parent:
        groups.setdefault(find(n), []).append(n)
    return sorted((sorted(g) for g in groups.values()), key=lambda g: g[0])


# --------------------------------------------------------------------------- sets table and counts

def set_counts(src: Source) -> dict[str, dict[str, int]]:
    """Per set: objects, distinct names, cards, DFCs and Chinese-name coverage.

    ``zh_hans`` / ``zh_hant`` count the set's names with that name in the set's own file;
    ``with_chinese`` counts the names that have both after merging over printings.
    """
    per: dict[str, dict[str, Any]] = {}
    merged: dict[str, set[str]] = {}
    for f in src.faces:
        for lang in f.zh:
            merged.setdefault(f.name, set()).add(lang)
    for f in src.faces:
        sets = [f.printing["set"]] if f.printing else f.printed_in
        for code in sets:
            s = per.setdefault(code, {"names": set(), "cards": set(), "dfcs": set(),
                                      "zh_hans": set(), "zh_hant": set()})
            s["names"].add(f.name)
            if f.index == 0:
                s["cards"].add(f.card)
            if f.layout == "transform":
                s["dfcs"].add(f.card)
            if f.printing:
                for lang, slot in (("zh-Hans", "zh_hans"), ("zh-Hant", "zh_hant")):
                    if f.zh.get(lang):
                        s[slot].add(f.name)
    out = {}
    order = _set_order(src.sets)
    for code, s in sorted(per.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])):
        info = src.sets.get(code)
        out[code] = _compact({
            "objects": info.objects if info else None,
            "names": len(s["names"]), "cards": len(s["cards"]), "dfcs": len(s["dfcs"]),
            "zh_hans": len(s["zh_hans"]), "zh_hant": len(s["zh_hant"]),
            "with_chinese": sum(1 for n in s["names"] if len(merged.get(n, ())) == 2)})
    return out


def _double_faced(src: Source) -> dict[str, list[str]]:
    """Set code -> its transform cards (front names) in collector-number order."""
    fronts: dict[str, dict[str, tuple]] = {}
    for f in src.faces:
        if f.layout == "transform" and f.index == 0 and f.printing:
            fronts.setdefault(f.printing["set"], {}).setdefault(
                f.card, _number_sort(f.printing["number"]))
    return {code: sorted(cards, key=lambda c: (cards[c], c)) for code, cards in fronts.items()}


def sets_table(src: Source, counts: dict[str, dict[str, int]]) -> list[dict]:
    order = _set_order(src.sets)
    codes = sorted(set(counts), key=lambda c: (order.get(c, len(order)), c))
    double_faced = _double_faced(src)
    rows = []
    for code in codes:
        info = src.sets.get(code) or SetInfo(code=code)
        c = counts[code]
        rows.append(_compact({
            "code": code, "name": info.name,
            "names": compact({"zh-Hans": info.zh_hans, "zh-Hant": info.zh_hant}),
            "released": info.released, "type": info.type, "block": info.block,
            "card_count": c.get("cards"), "name_count": c.get("names"),
            "object_count": c.get("objects"),
            "double_faced": double_faced.get(code)}))
    return rows
