"""Reading the dated Force of Will ban lists (``bans/banlists.json`` of the shared data) into
the dated profiles of ``fow-wanderer`` and ``fow-new-frontiers``.

Each profile holds the whole state in force from its date (``banned``, ``combination_banned``
and, for New Frontiers, ``clusters``), the change that made it (``changes``) and, where the
sources do not give the whole truth for that date, ``incomplete: true`` with the reasons in
``incomplete_note``. The state is carried from one announcement to the next: a printed full
list replaces the banned list; otherwise the announced bans and unbans are applied to the
previous state. Nothing is filled in that the file does not state; what could not be dated
stays out of the profiles and is named in the format's notes (``left_out``).
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import yaml

from deckcheck.carddb.importers.common import DataError

WANDERER, NEW_FRONTIERS = "wanderer", "new-frontiers"
NO_COMBINATION_LIST = "no source printed a complete combination-ban list"
#: fowsim's BANNED_CARDS was written in its commit 01563295 of this day (banlists.json)
FOWSIM_LIST_DAY = "2022-06-15"
_TABLES = Path(__file__).resolve().parent.parent / "data" / "banlists.yaml"

Pair = tuple[str, str]


def read_banlists(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise DataError(f"{path}: cannot read the ban lists: {exc}") from None
    if not isinstance(data, dict) or data.get("schema_version") != 1:
        raise DataError(f"{path}: expected schema_version 1 (see the README beside it)")
    for key in ("announcements", "new_frontiers_rotations"):
        if not isinstance(data.get(key), list):
            raise DataError(f"{path}: `{key}` must be a list")
    return data


def read_tables() -> dict[str, Any]:
    return yaml.safe_load(_TABLES.read_text(encoding="utf-8"))


class CardNames:
    """Every card the profiles name -> its printed ids (bans are by name: reprints share)."""

    def __init__(self) -> None:
        self.ids: dict[str, list[str]] = {}

    def name(self, card: dict[str, Any], where: str) -> str:
        if not isinstance(card, dict) or not card.get("name") or not card.get("ids"):
            raise DataError(f"{where}: a card without name or ids: {card!r:.80}")
        ids = self.ids.setdefault(card["name"], [])
        ids.extend(i for i in card["ids"] if i not in ids)
        return card["name"]

    def names(self, cards, where: str) -> list[str]:
        return [self.name(c, where) for c in cards or ()]

    def pairs(self, pairs, where: str) -> list[Pair]:
        out = []
        for p in pairs or ():
            if len(p) != 2:
                raise DataError(f"{where}: a combination ban is a pair, not {len(p)} cards")
            out.append(_pair(self.names(p, where)))
        return out

    def table(self) -> dict[str, list[str]]:
        return {n: sorted(ids) for n, ids in sorted(self.ids.items())}


def _pair(names) -> Pair:
    a, b = sorted(names)
    return (a, b)


def _pair_list(pairs) -> list[list[str]]:
    return [list(p) for p in sorted(pairs)]


def _sources(entry: dict[str, Any]) -> str:
    return "; ".join(s["url"] if "url" in s else f"{s['repo']} {s['path']} {s.get('commit', '')}"
                     .strip() for s in entry.get("sources") or ())


def _changes(banned=(), unbanned=(), added=(), removed=(), clusters=None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if clusters is not None:
        out["clusters"] = list(clusters)
    for key, value in (("banned", sorted(banned)), ("unbanned", sorted(unbanned)),
                       ("combination_banned", _pair_list(added)),
                       ("combination_unbanned", _pair_list(removed))):
        if value:
            out[key] = value
    return out or {"none": True}


def _profile(start: str, name: str, banned, pairs, reasons: list[str], **extra) -> dict:
    prof: dict[str, Any] = {"from": start, "name": name}
    prof.update(extra)
    prof["banned"] = sorted(banned)
    prof["combination_banned"] = _pair_list(pairs)
    reasons = list(dict.fromkeys(r for r in reasons if r))
    prof["incomplete"] = bool(reasons)
    if reasons:
        prof["incomplete_note"] = "; ".join(reasons)
    return prof


def _start(a: dict[str, Any], reasons: list[str]) -> str | None:
    """The day an announcement applies from (None: it cannot be placed on a day, or it has
    no effective date and no change the sources preserved)."""
    if a.get("effective"):
        return a["effective"]
    if a.get("date_precision") == "month" and a.get("month"):
        reasons.append(f"only the month {a['month']} is sourced; the change is applied from "
                       "its first day")
        return f"{a['month']}-01"
    known = any(a.get(k) for k in ("banned", "unbanned", "combination_banned",
                                   "combination_unbanned", "full_list_after"))
    if a.get("date_precision") == "announcement-day-only" and a.get("announced") and known:
        reasons.append("the effective date is not printed; the announcement date is used")
        return a["announced"]
    return None


def _reasons(a: dict[str, Any]) -> list[str]:
    out = []
    if a.get("incomplete"):
        out.append(f"the archived copy of {a['id']} is cut off or unclear: its changes may be "
                   "partial")
    if a.get("classification_inferred"):
        out.append("its bans are inferred from a lost heading")
    if a.get("listed_unclassified"):
        out.append(f"{len(a['listed_unclassified'])} cards listed under a lost heading are not "
                   "applied: " + ", ".join(c["name"] for c in a["listed_unclassified"]))
    if a.get("banned_unresolved"):
        out.append("a ban naming no printing is not applied: " + "; ".join(a["banned_unresolved"]))
    return out


def _left_out(a: dict[str, Any]) -> str:
    if a.get("date_precision") == "undated":
        return f"{a['id']}: undated, so no profile (its list is described in the README)"
    return (f"{a['id']} (announced {a.get('announced')}): no effective date and no change "
            "preserved in the archived copy")


def _link(profiles: list[dict]) -> None:
    for prof, nxt in zip(profiles, profiles[1:]):
        prof["next_change"] = nxt["from"]


# ---------------------------------------------------------------------------------------
# Wanderer


def wanderer(data: dict[str, Any], tables: dict[str, Any], cards: CardNames
             ) -> tuple[list[dict], list[str]]:
    """Wanderer's dated profiles and the announcements left out of them."""
    left_out: list[str] = []
    fowsim_pairs = _fowsim_pairs(data)
    first_list = {e["card"]: e["why"] for e in tables["wanderer_first_list"]}
    evidence = {c["name"]: c for ev in data.get("undated_evidence") or ()
                for c in ([ev["card"]] if "card" in ev else ev.get("cards") or ())}
    banned: set[str] = set()
    pairs: set[Pair] = set()
    profiles: list[dict] = []
    for a in data["announcements"]:
        if WANDERER not in a["format"]:
            continue
        where = f"banlists.json {a['id']}"
        reasons = _reasons(a)
        start = _start(a, reasons)
        if start is None:
            left_out.append(_left_out(a))
            continue
        new_bans = cards.names(a.get("banned"), where)
        unbans = cards.names(a.get("unbanned"), where)
        added = cards.pairs(a.get("combination_banned"), where)
        removed = cards.pairs(a.get("combination_unbanned"), where)
        extra: dict[str, Any] = {"source": _sources(a)}
        if not profiles:
            for name, why in first_list.items():
                if name not in evidence:
                    raise DataError(f"banlists.yaml: {name!r} is in no undated_evidence entry")
                banned.add(cards.name(evidence[name], "banlists.json undated_evidence"))
            extra["also_in_force"] = [f"{n}: {w}" for n, w in first_list.items()]
            reasons.append("the list before this day is not sourced: this announcement's ban "
                           "plus the bans known to be in force by then (also_in_force); the "
                           "changes until 2020-08-21 are not sourced")
        if a.get("full_list_after"):
            banned = set(cards.names(a["full_list_after"], where))
        else:
            banned = (banned - set(unbans)) | set(new_bans)
            if profiles:
                reasons.append("no full list printed: the previous list with this change")
        never_added = [p for p in removed if p not in pairs]
        pairs = (pairs - set(removed)) | set(added)
        if fowsim_pairs and _last_before(data, FOWSIM_LIST_DAY) == a["id"]:
            pairs |= fowsim_pairs
            extra["combination_from_fowsim"] = _pair_list(fowsim_pairs)
            for p in fowsim_pairs:
                cards.pairs([[_evidence_card(data, n) for n in p]], "fowsim_snapshot")
            reasons.append(f"the combination bans in combination_from_fowsim are from fowsim's "
                           f"list of {FOWSIM_LIST_DAY}, each removed by a later official "
                           "announcement; their start dates are not sourced")
        if never_added:
            reasons.append("removed combination bans whose start is not sourced: "
                           + "; ".join(" + ".join(p) for p in never_added))
        reasons.append(NO_COMBINATION_LIST)
        if a.get("announced") and a["announced"] != start:
            extra["announced"] = a["announced"]
        profiles.append(_profile(start, a["id"], banned, pairs, reasons, **extra,
                                 changes=_changes(new_bans, unbans, added, removed)))
    _link(profiles)
    return profiles, left_out


def _last_before(data: dict[str, Any], day: str) -> str | None:
    dated = [a["id"] for a in data["announcements"]
             if WANDERER in a["format"] and a.get("effective") and a["effective"] <= day]
    return dated[-1] if dated else None


def _fowsim_pairs(data: dict[str, Any]) -> set[Pair]:
    """fowsim's combination pairs that a later official announcement removes: in force in
    mid-2022 on two sources' word (fowsim's list, the official removal)."""
    snap = data.get("fowsim_snapshot") or {}
    listed = {_pair(c["local_name"] for c in p) for p in snap.get("combination_bans") or ()}
    removed_later: set[Pair] = set()
    for a in data["announcements"]:
        if WANDERER in a["format"] and (a.get("effective") or "") > FOWSIM_LIST_DAY:
            removed_later |= {_pair(c["name"] for c in p) for p in a.get("combination_unbanned") or ()}
    return listed & removed_later


def _evidence_card(data: dict[str, Any], name: str) -> dict[str, Any]:
    """The card record (name, ids) of ``name`` as an announcement gives it."""
    for a in data["announcements"]:
        for p in a.get("combination_unbanned") or ():
            for c in p:
                if c["name"] == name:
                    return c
    raise DataError(f"banlists.json: no announcement names {name!r} with its ids")


# ---------------------------------------------------------------------------------------
# New Frontiers


def _day_before(day: str) -> str:
    return (dt.date.fromisoformat(day) - dt.timedelta(days=1)).isoformat()


def _day_after(day: str) -> str:
    return (dt.date.fromisoformat(day) + dt.timedelta(days=1)).isoformat()


def _pools(data: dict[str, Any], tables: dict[str, Any]
           ) -> tuple[list[tuple[str, list[str], list[str], str]], list[str], str | None]:
    """The card pool by date: (first day, clusters, reasons, source) in date order, the
    periods left out, and the last day the last pool is attested."""
    attested = tables.get("new_frontiers_attested") or {}
    pools: list[tuple[str, list[str], list[str], str]] = []
    left_out: list[str] = []
    last_seen: tuple[str, list[str]] | None = None   # (last attested day, clusters)
    until = None
    for r in data["new_frontiers_rotations"]:
        reasons = []
        if not r["clusters"]:
            left_out.append(f"{r['id']}: " + (r.get("from_note") or "no date"))
            continue
        if r.get("from"):
            start = r["from"]
            if r.get("certain_window") and r["certain_window"][0] > start:
                reasons.append(f"{' + '.join(r['clusters'])} from {start} by the rotation rule "
                               "(first product of the new cluster); a dated source attests it "
                               f"from {r['certain_window'][0]}")
        elif r.get("certain_window"):
            start = r["certain_window"][0]
        elif r["id"] in attested:
            start = str(attested[r["id"]]["day"])
            reasons.append(f"the start of {' + '.join(r['clusters'])} is not dated; "
                           f"{attested[r['id']]['why']}")
        else:
            left_out.append(f"{r['id']}: no date")
            continue
        if last_seen is not None and _day_after(last_seen[0]) < start:
            union = list(dict.fromkeys(last_seen[1] + r["clusters"]))
            pools.append((_day_after(last_seen[0]), union, [
                f"the rotation from {' + '.join(last_seen[1])} to {' + '.join(r['clusters'])} "
                f"came on an unsourced day between {r.get('from_earliest', last_seen[0])} and "
                f"{start}: cards of {', '.join(union)} are all accepted, one of those clusters "
                "was not legal on the day checked"], _sources(r)))
        if r.get("until") is None and not r.get("certain_window") and r["id"] not in attested:
            reasons.append(f"the end of {' + '.join(r['clusters'])} is not sourced")
        elif r.get("until") is None and r.get("until_note"):
            reasons.append(r["until_note"])
        pools.append((start, list(r["clusters"]), reasons, _sources(r)))
        if r.get("until"):
            last_seen = (_day_before(r["until"]), list(r["clusters"]))
        elif r.get("certain_window"):
            last_seen = (r["certain_window"][1], list(r["clusters"]))
            until = r["certain_window"][1]
        else:
            last_seen = (start, list(r["clusters"]))
            until = start
    return pools, left_out, until


def new_frontiers(data: dict[str, Any], tables: dict[str, Any], cards: CardNames
                  ) -> tuple[list[dict], list[str], str | None]:
    """New Frontiers' dated profiles (rotations and bans), the facts left out of them, and
    the last day the data covers (``data_until``)."""
    pools, left_out, until = _pools(data, tables)
    bans: list[tuple[str, dict[str, Any], list[str]]] = []
    for a in data["announcements"]:
        if NEW_FRONTIERS not in a["format"]:
            continue
        if a.get("region") == "europe":
            left_out.append(f"{a['id']}: a European list, not applied to the worldwide format")
            continue
        reasons = _reasons(a)
        start = _start(a, reasons)
        if start is None:
            left_out.append(_left_out(a))
            continue
        bans.append((start, a, reasons))
    days = sorted({p[0] for p in pools} | {b[0] for b in bans})
    if not pools or days[0] < pools[0][0]:
        raise DataError("banlists.json: a New Frontiers ban comes before any dated pool")
    profiles: list[dict] = []
    banned: set[str] = set()
    for day in days:
        pool = [p for p in pools if p[0] <= day][-1]
        reasons: list[str] = []
        changes: dict[str, Any] = {}
        names, source = [], []
        if pool[0] == day:
            changes["clusters"] = pool[1]
            reasons += pool[2]
            names.append("pool " + " + ".join(pool[1]))
            source.append(pool[3])
        else:
            reasons += [r for r in pool[2] if "unsourced day" in r]
        for start, a, why in (b for b in bans if b[0] == day):
            where = f"banlists.json {a['id']}"
            new, gone = cards.names(a.get("banned"), where), cards.names(a.get("unbanned"), where)
            banned = (banned - set(gone)) | set(new)
            changes.update({k: v for k, v in _changes(new, gone).items() if k != "none"})
            reasons += why
            names.append(a["id"])
            source.append(_sources(a))
        reasons += ["no New Frontiers full list was printed: the bans are those announced "
                    "since 2017-09-01", NO_COMBINATION_LIST]
        profiles.append(_profile(day, ", ".join(names), banned, (), reasons,
                                 source="; ".join(s for s in source if s), clusters=pool[1],
                                 changes=changes or {"none": True}))
    _link(profiles)
    return profiles, left_out, until


# ---------------------------------------------------------------------------------------
# the format files

FORMAT_HEADER = """\
{id}: generated by deckcheck/games/fow/importer.py (`deckcheck cards import fow`) from
{source} of the shared data (compiled {compiled}) and the readings in
deckcheck/games/fow/data/banlists.yaml. Do not edit by hand: fix the source or the readings
and re-run the import. Facts only: dates, card names and ids, clusters, source addresses.

Each profile is the whole state in force from its `from` day; `changes` is what changed that
day; `incomplete: true` + `incomplete_note` say what the sources leave open for that day.
`data_until`: the last day the data covers (a later --date gets a warning, DCK029)."""


def derive_formats(path: Path) -> dict[str, dict[str, Any]]:
    """``fow-wanderer`` and ``fow-new-frontiers`` as format-file mappings."""
    data = read_banlists(path)
    tables = read_tables()
    source = tables["source"]
    out: dict[str, dict[str, Any]] = {}
    for fid, derive in (("fow-wanderer", wanderer), ("fow-new-frontiers", new_frontiers)):
        cards = CardNames()
        result = derive(data, tables, cards)
        profiles, left_out = result[0], result[1]
        until = result[2] if len(result) > 2 else None
        if until is None:
            until = profiles[-1]["from"]
        base = dict(tables["formats"][fid])
        fmt: dict[str, Any] = {"id": fid, "game": "fow"}
        fmt.update(base)
        fmt["source"] = f"{source} (schema_version {data['schema_version']}, compiled " \
                        f"{data.get('compiled', 'undated')})"
        fmt["data_until"] = until
        fmt["incomplete"] = any(p["incomplete"] for p in profiles)
        fmt["notes"] = [f"Dated from {profiles[0]['from']} to {until} ({len(profiles)} "
                        f"profiles); a later date gets a warning that the data stops there.",
                        "Bans are by card name: every printing (reprint) of a banned name is "
                        "banned; card_ids lists the printed ids of every name.",
                        "Combination bans count the main deck, side deck and every other zone "
                        "(official format page)."] + list(tables.get("notes", {}).get(fid) or ()) \
            + [f"Not applied: {x}" for x in left_out]
        fmt["card_ids"] = cards.table()
        fmt["profiles"] = profiles
        out[fid] = fmt
    return out


def header_for(fid: str, data_path: Path) -> str:
    data = read_banlists(data_path)
    return FORMAT_HEADER.format(id=fid, source=read_tables()["source"],
                                compiled=data.get("compiled", "undated"))
