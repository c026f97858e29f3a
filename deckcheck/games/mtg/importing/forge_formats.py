"""Magic formats from Forge's format files: ``deckcheck formats import mtg FORGE_FORMATS_DIR``.

Forge (Card-Forge/forge, GPL-3.0) keeps one small ``key:value`` file per format state under
``forge-gui/res/formats/``: ``Name``, ``Type``, ``Subtype``, ``Effective`` (the date the
state began; the archives have it, the current ``Sanctioned/`` and ``Casual/`` files do
not), ``Sets`` (comma-separated Forge set codes), ``Banned`` and ``Restricted``
(semicolon-separated English names). This module restates their facts as dated
``profiles:`` of ``formats/mtg/<id>.yaml``; which files make which format, the Forge → MTGJSON
v3 set codes, dates the files lack and profiles transcribed from files ``../shared`` lacks
are in ``forge_formats.yaml`` beside it.

* A profile's ``from`` is the file's ``Effective``; an undated file is dated by the newest
  release date known for its sets (the card data, Forge edition files beside the formats
  folder, ``set_dates``); an undated file without sets makes the format's own lists.
* ``next_change`` is the next profile's date; before an undated profile, whose start is
  not known, it is the first release after the profile of a set the next profile adds
  (a profile without ``sets:``, whose pool is the format's set selector, has no such set:
  its next change is the next profile's date).
* A ``transcribed:`` profile's ``sets`` are Forge's codes (mapped like a file's);
  ``undated: true`` marks a transcription of an undated file, dated by its newest set.
* ``started`` (a format's ``started: {date, source}`` in ``forge_formats.yaml``) is the day
  the format began, with the source that says so: ``check`` refuses an earlier date.
* ``data_until`` is the last date the loaded data covers: the day before the newest
  loaded profile's ``next_change`` or, without one, its ``from``.
* ``load: checkable`` formats keep profiles the card data cannot check at all (none of their
  sets is in it) and that follow the newest one it can under ``withheld:``, which the
  engine does not read; a profile whose sets the data has in part is loaded (MTG212).
"""

from __future__ import annotations

import datetime as _dt
from fnmatch import fnmatch
from pathlib import Path
from typing import Any, Iterable

import yaml

from deckcheck.carddb.importers.common import DataError

DATA_FILE = Path(__file__).with_name("forge_formats.yaml")
#: the default source, under ``../shared/data/``
SHARED_SOURCE = "mtg/forge/forge-gui/res/formats"
#: Additional: cards legal by name though no set of the file has them (Extended's dual lands)
LIST_KEYS = ("Banned", "Restricted", "Additional")
#: keys of a Forge file this importer reads (the others are reported, never dropped silently)
READ_KEYS = {"Name", "Type", "Subtype", "Effective", "Sets", "Banned", "Restricted", "Order",
             "Rarities", "Additional"}
MAX_FORGE_FILE = 200_000


# ---------------------------------------------------------------------------------------
# reading Forge's files


def parse_forge_file(path: Path) -> dict[str, Any]:
    """One Forge format file as ``{key: value}`` (``Sets`` a list of codes, ``Banned`` and
    ``Restricted`` lists of names, the rest strings); a line that is no ``key:value`` is a
    :class:`DataError` naming the file and line."""
    try:
        raw = path.read_bytes()
        if len(raw) > MAX_FORGE_FILE:
            raise DataError(f"{path}: {len(raw)} bytes, more than a Forge format file has "
                            f"({MAX_FORGE_FILE}); is this the formats folder?")
        text = raw.decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"{path}: cannot read Forge format file: {exc}") from None
    out: dict[str, Any] = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#") or line.lower() == "[format]":
            continue
        key, sep, value = line.partition(":")
        if not sep or not key.strip().isalnum():
            raise DataError(f"{path}:{number}: not a 'Key:value' line: {line[:80]!r} (Forge "
                            "format files hold Name:, Sets:, Banned: … lines)")
        key, value = key.strip(), value.strip()
        if key == "Sets":
            out[key] = [c.strip() for c in value.split(",") if c.strip()]
        elif key in LIST_KEYS or key == "BannedAsCommander":
            out[key] = [n.strip() for n in value.split(";") if n.strip()]
        else:
            out[key] = value
    return out


def edition_dates(formats_dir: Path) -> dict[str, str]:
    """``{code: date}`` from Forge edition files beside the formats folder (``../editions``)."""
    out: dict[str, str] = {}
    folder = formats_dir.parent / "editions"
    if not folder.is_dir():
        return out
    for path in sorted(folder.glob("*.txt")):
        code = date = None
        try:
            with path.open(encoding="utf-8", errors="replace") as fh:
                for _, line in zip(range(40), fh):
                    if line.startswith("Code="):
                        code = line[5:].strip()
                    elif line.startswith("Date="):
                        date = line[5:].strip()
        except OSError:
            continue
        if code and date:
            out[code.upper()] = date[:10]
    return out


# ---------------------------------------------------------------------------------------
# profiles


def _date(value: Any) -> _dt.date | None:
    if value is None or value == "":
        return None
    if isinstance(value, _dt.date):
        return value
    try:
        return _dt.date.fromisoformat(str(value).strip()[:10])
    except ValueError:
        return None


class Importer:
    """Forge's files of one formats folder, the mapping data and the card data's sets."""

    def __init__(self, formats_dir: Path, db=None, data: dict[str, Any] | None = None):
        self.root = formats_dir
        self.data = data if data is not None else yaml.safe_load(DATA_FILE.read_text("utf-8"))
        self.codes: dict[str, str] = {str(k).upper(): str(v)
                                      for k, v in (self.data.get("set_codes") or {}).items()}
        self.db = db
        self.known_sets: set[str] = set()
        self.dates: dict[str, _dt.date] = {}
        if db is not None:
            from deckcheck.games.mtg.model import set_table

            table = set_table(db)
            self.known_sets = set(table.codes)
            for code, row in table.codes.items():
                if _date(row.get("released")):
                    self.dates[code] = _date(row.get("released"))
        for code, date in edition_dates(formats_dir).items():
            self.dates.setdefault(self.code(code).upper(), _date(date))
        for code, row in (self.data.get("set_dates") or {}).items():
            self.dates.setdefault(self.code(str(code)).upper(), _date(row["date"]))
        self.unread: dict[str, set[str]] = {}

    def code(self, forge_code: str) -> str:
        return self.codes.get(forge_code.upper(), forge_code)

    def files(self, patterns: Iterable[str]) -> list[Path]:
        out: list[Path] = []
        for pattern in patterns:
            hits = sorted(p for p in self.root.rglob("*.txt")
                          if fnmatch(p.relative_to(self.root).as_posix(), pattern))
            out += [p for p in hits if p not in out]
        return out

    def source(self, path: Path) -> str:
        rel = path.relative_to(self.root).as_posix()
        commits = self.data.get("file_commits") or {}
        commit = commits.get(rel) or (self.data.get("archive_commit")
                                      if rel.startswith("Archive/") else None)
        return f"Forge {rel}" + (f" (Card-Forge/forge {commit[:7]})" if commit else "")

    def profile(self, fid: str, path: Path) -> dict[str, Any]:
        """One file as a profile (``from`` None when the file gives no date)."""
        raw = parse_forge_file(path)
        if self.data["formats"][fid].get("ignore_effective"):
            raw.pop("Effective", None)   # the format's first day, not this list's
        extra = set(raw) - READ_KEYS
        if extra:
            self.unread.setdefault(fid, set()).update(f"{k} ({path.name})" for k in extra)
        prof: dict[str, Any] = {"from": _date(raw.get("Effective")),
                                "name": raw.get("Name") or path.stem}
        if "Sets" in raw:
            prof["sets"] = [self.code(c) for c in raw["Sets"]]
        if "Rarities" in raw:           # Pauper: L, C -> the card data's rarity words
            prof["rarities"] = [self.rarity(r, path) for r in raw["Rarities"].split(",")
                                if r.strip()]
        fixes = self.data.get("name_fixes") or {}
        prof["banned"] = [fixes.get(n, n) for n in raw.get("Banned") or ()]
        prof["restricted"] = [fixes.get(n, n) for n in raw.get("Restricted") or ()]
        if raw.get("Additional"):
            prof["also_legal"] = [fixes.get(n, n) for n in raw["Additional"]]
        prof["source"] = self.source(path)
        dated_by = None
        if prof["from"] is None and prof.get("sets"):
            known = [(self.dates[c.upper()], c) for c in prof["sets"] if c.upper() in self.dates]
            if known:
                day, code = max(known)
                prof["from"] = day
                dated_by = code
        if dated_by:
            prof["source"] += f"; undated, dated by its newest set {dated_by}"
        prof["_undated"] = raw.get("Effective") is None
        prof["_unread"] = sorted(extra)
        return prof

    def rarity(self, letter: str, path: Path) -> str:
        words = self.data.get("rarities") or {}
        letter = letter.strip()
        if letter not in words:
            raise DataError(f"{path}: Rarities: unknown rarity letter {letter!r} (known: "
                            f"{', '.join(words)}; add it to forge_formats.yaml rarities)")
        return words[letter]

    def checkable(self, prof: dict[str, Any]) -> bool:
        """The card data can check ``prof`` at all: it has at least one of its sets (or the
        profile names none). A profile whose sets the data has only in part is loaded and
        checked with those (MTG212 names the rest); one with none of them is withheld."""
        if self.db is None:
            return False
        sets = prof.get("sets")
        if isinstance(sets, list) and sets:
            return any(str(s).upper() in self.known_sets for s in sets)
        return True

    def first_release_after(self, day: _dt.date, codes: Iterable[str]) -> _dt.date | None:
        later = [self.dates[c.upper()] for c in codes
                 if c.upper() in self.dates and self.dates[c.upper()] > day]
        return min(later) if later else None

    # -----------------------------------------------------------------------------------

    def build(self, fid: str) -> dict[str, Any]:
        """The format ``fid`` as data for its YAML file."""
        spec = self.data["formats"][fid]
        profiles, lists, withheld = [], None, []
        for path in self.files(spec["files"]):
            prof = self.profile(fid, path)
            if prof["from"] is None:
                if lists is not None:
                    raise DataError(f"{path}: a second undated list for {fid}")
                lists = prof
            else:
                profiles.append(prof)
        for prof in (self.data.get("transcribed") or {}).get(fid) or ():
            prof = dict(prof, **{"from": _date(prof["from"])})
            if prof.get("next_change"):
                prof["next_change"] = _date(prof["next_change"])
            if prof.get("sets"):                  # Forge's codes, as in a file
                prof["sets"] = [self.code(str(c)) for c in prof["sets"]]
            # an undated Forge list, dated by its newest set: the day it began is not known
            prof["_undated"] = bool(prof.pop("undated", False))
            profiles.append(prof)
        by_date: dict[_dt.date, dict[str, Any]] = {}
        for prof in profiles:
            by_date[prof["from"]] = prof          # a later file of the same date wins
        profiles = [by_date[d] for d in sorted(by_date)]
        if lists is not None and profiles:
            withheld.append(dict(lists, reason="an undated Forge list without sets: the date "
                                               "it began is not known"))
            lists = None
        for i, prof in enumerate(profiles):
            if i + 1 < len(profiles):
                nxt = profiles[i + 1]
                if nxt.get("_undated") and prof.get("sets"):
                    added = [c for c in nxt.get("sets") or () if c not in (prof.get("sets") or ())]
                    change = self.first_release_after(prof["from"], added) or nxt["from"]
                    if not prof.get("next_change") or prof["next_change"] > change:
                        prof["next_change"] = change
                elif not prof.get("next_change") or prof["next_change"] > nxt["from"]:
                    prof["next_change"] = nxt["from"]
        for prof in profiles:
            note = (spec.get("profile_notes") or {}).get(prof["from"]) or \
                (spec.get("profile_notes") or {}).get(prof["from"].isoformat())
            if note:
                prof.update({k: (_date(v) if k == "next_change" else v) for k, v in note.items()})
        if spec.get("load") == "checkable":
            ok = [i for i, p in enumerate(profiles) if self.checkable(p)]
            cut = ok[-1] + 1 if ok else 0
            if cut < len(profiles):
                withheld += [dict(p, reason="the card data has none of its sets")
                             for p in profiles[cut:]]
            profiles = profiles[:cut]
            if lists is not None and not self.checkable(lists):
                withheld.append(dict(lists, reason="the card data has none of its sets"))
                lists = None
        out: dict[str, Any] = {"id": fid, "game": "mtg"}
        settings = dict(spec.get("settings") or {})
        for key in ("extends", "name"):
            if key in settings:
                out[key] = settings.pop(key)
        out.update(settings)
        for key in ("started", "ended"):
            if spec.get(key):
                out[key] = _started(fid, spec[key], key)
        if lists is not None:
            out["banned"] = lists["banned"]
            out["restricted"] = lists["restricted"]
            if lists.get("sets"):
                out["sets"] = lists["sets"]
            if lists.get("rarities"):
                out["rarities"] = lists["rarities"]
            out["lists_source"] = lists["source"]
        if profiles:
            out["profiles"] = [_clean(p) for p in profiles]
            last = profiles[-1]
            out["data_until"] = (last["next_change"] - _dt.timedelta(days=1)
                                 if last.get("next_change")
                                 else out["ended"]["date"] if out.get("ended") else last["from"])
        notes = list(spec.get("notes") or ())
        unread = sorted(self.unread.get(fid, ()))
        if unread:
            keys = sorted({u.split(" ")[0] for u in unread})
            notes.append("Forge keys not read (not enforced): " + ", ".join(keys) + ".")
        out["notes"] = notes
        if withheld:
            out["withheld"] = {"note": "Not loaded: " + withheld[0]["reason"] + ". Run "
                               "`deckcheck formats import mtg FORGE_FORMATS_DIR` again after "
                               "importing the card data (`deckcheck cards import mtg …`).",
                               "profiles": [_clean(p, keep_reason=True) for p in withheld]}
        return out


def _started(fid: str, fact: Any, key: str = "started") -> dict[str, Any]:
    """A format's ``started:`` or ``ended:`` fact (the day it began or was retired, with the
    source that says so)."""
    if not isinstance(fact, dict) or _date(fact.get("date")) is None or not fact.get("source"):
        raise DataError(f"forge_formats.yaml: formats: {fid}: {key}: give date: YYYY-MM-DD "
                        "and source: (where that day is said)")
    out = {"date": _date(fact["date"]), "source": " ".join(str(fact["source"]).split())}
    if fact.get("note"):
        out["note"] = " ".join(str(fact["note"]).split())
    return out


def _clean(prof: dict[str, Any], keep_reason: bool = False) -> dict[str, Any]:
    order = ("from", "name", "sets", "rarities", "banned", "restricted", "also_legal",
             "banned_as_commander",
             "next_change", "source", "reason")
    out = {k: prof[k] for k in order if k in prof and prof[k] is not None}
    if not keep_reason:
        out.pop("reason", None)
    return out


# ---------------------------------------------------------------------------------------
# writing


class _Dumper(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:   # dates shared by two profiles: no &id
        return True


def _str(dumper, value: str):
    return dumper.represent_scalar("tag:yaml.org,2002:str", value)


def _list(dumper, value: list):
    """Short scalars (set codes, card names) flow on one wrapped line; notes and profiles
    are block lists."""
    flow = all(isinstance(v, str) and len(v) < 60 for v in value)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flow)


_Dumper.add_representer(str, _str)
_Dumper.add_representer(list, _list)


def render(fmt: dict[str, Any]) -> str:
    """The YAML text of one format (generated: a header says so and from what)."""
    head = [f"# {fmt.get('name') or fmt['id']}: generated by `deckcheck formats import mtg` from",
            "# Forge's format files (Card-Forge/forge forge-gui/res/formats/, GPL-3.0; the facts",
            "# are restated: dates, set codes mapped to MTGJSON v3, banned and restricted names).",
            "# Edit deckcheck/games/mtg/importing/forge_formats.yaml and import again instead of",
            "# editing this file."]
    body = yaml.dump(fmt, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=False, width=100)
    return "\n".join(head) + "\n" + body


def run(source: Path, out: Path, db=None) -> dict[str, Any]:
    """Write every format of ``forge_formats.yaml`` from Forge's formats folder ``source``
    into the folder ``out`` (``formats/mtg``); ``db``: the card data that decides what a
    ``load: checkable`` format loads. Returns a summary for the command line."""
    source = Path(source)
    if not source.is_dir() or not any(source.rglob("*.txt")):
        raise DataError(f"{source}: not a Forge formats folder (forge-gui/res/formats/ with "
                        "Archive/, Sanctioned/ and Casual/ holding *.txt files)")
    imp = Importer(source, db)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    summary: dict[str, Any] = {}
    for fid in imp.data["formats"]:
        fmt = imp.build(fid)
        (out / f"{fid}.yaml").write_text(render(fmt), encoding="utf-8")
        profs = fmt.get("profiles") or []
        held = len((fmt.get("withheld") or {}).get("profiles") or ())
        span = f"{profs[0]['from']} … {profs[-1]['from']}" if profs else "no dated profile"
        summary[fid] = (f"{len(profs)} profiles ({span}), data until {fmt.get('data_until', '-')}"
                        + (f", {held} withheld" if held else ""))
    return summary
