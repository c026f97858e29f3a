"""Magic: The Gathering: how names, checklist cards and printings of a list are read.

* **Double-faced cards** count once, under the front face (mtg.md §3.3): a back-face name is
  MTG401 (warning), ``Front // Back`` and ``Front/Back`` are MTG402 (info); both replace the
  generic alternate-name / normalised-name findings. Split-card halves are MTG409.
* **Chinese names** (either script, §3.6) are MTG403: info, a warning on registration lists.
* **Truncated names** resolved through the unique-prefix step are MTG404 (warning).
* **Checklist cards** (§3.4): ``4 Checklist Card (Delver of Secrets)``, ``4 列表牌 (忠誠護教軍)``
  … count as the double-faced card they name (MTG304); a checklist that names none (MTG303)
  or names a card that is not double-faced (MTG306) counts toward nothing; a checklist of
  the wrong set is MTG305.
* **Printing hints** (``(SET) num``, ``[SET:num]``, CSV and XML fields, §5): a set code the
  data lacks is MTG205, a printing the card does not have is MTG204; both are ignored.
* **Unknown names** say which card data was searched (e.g. ``SOM MBS NPH M12 ISD DKA;
  mtgjson3 a89db5e``), so a missing card is told apart from a misspelt one.
* **Deck files** of MTG programs (Arena, MTGO ``.dek``, Cockatrice, Forge, XMage, MWS, CSV)
  are recognised by :attr:`MtgGame.parsers`; their parsers live in ``deckcheck/games/mtg/parsers/``.
* **Report**: ``stats`` carries the profile in force (§1.1) and the main deck by type and
  mana value; ``report_sections`` prints the registration-style view (§6.1).
"""

from __future__ import annotations

import importlib
import re
from dataclasses import replace
from typing import Any, Iterable

from deckcheck.games.base import Game
from deckcheck.games.mtg.model import (CHECKLIST_SETS, SPLIT_LAYOUTS, VOID_SECTION, back_face_label,
                                       card_group, chinese_language, double_faced, full_names,
                                       has_printing, is_dfc, is_registration, note_of,
                                       profile_view, set_table)
from deckcheck.games.mtg.rules.common import codes_text, format_gaps, format_label
from deckcheck.games.mtg.rules.checklists import (ChecklistLine, ChecklistNotDfc,
                                                  ChecklistUnmarked, ChecklistWrongSet)
from deckcheck.games.mtg.rules.names import (BackFaceName, DfcFullName, NonEnglishName,
                                             PrintingMismatch, SetNotInData, SplitHalfName,
                                             TruncatedName)
from deckcheck.games.mtg.rules.sizes import XmageCommanderLine
from deckcheck.models import DeckList, Entry, Finding, Severity
from deckcheck.parsing.phrases import Phrase
from deckcheck.resolve import apply_match, match_findings
from deckcheck.rules.core import AmbiguousCard, UnknownCard

_CHECKLIST = re.compile(
    r"^(?:(?P<setname>innistrad|dark\s+ascension)\s+)?checklist(?:\s+card)?(?![\w'])(?P<rest>.*)$"
    r"|^列表牌(?P<zrest>.*)$", re.IGNORECASE | re.DOTALL)
_CHECKLIST_SET = re.compile(r"^\s*[\[(（](?P<set>[A-Za-z0-9]{2,6})[\])）]")
_CHECKLIST_TARGET = re.compile(r"^\s*+(?:[(（](?P<paren>.+)[)）]|[:：]\s*+(?P<colon>.+))\s*+$",
                               re.DOTALL)
_MARKERS = re.compile(r"\s*(?:\((?:transform|transformed)\)|[(（](?:正面|背面)[)）])\s*",
                      re.IGNORECASE)


# ---------------------------------------------------------------------------------------
# deck-file parsers (imported on first use: start-up stays fast)


_DETECT: list = []   # the detectors' module, imported by the first detector asked


def _detect(kind: str):
    def detect(path: str, text: str) -> bool:
        if not _DETECT:
            from deckcheck.games.mtg.parsers import detect as mtg_detect

            _DETECT.append(mtg_detect.detect)
        return _DETECT[0](kind, path, text)

    detect.__name__ = f"detect_{kind}"
    return detect


def _parser(module: str, function: str):
    def parse(src, game):
        return getattr(importlib.import_module(f"deckcheck.games.mtg.parsers.{module}"), function)(src, game)

    parse.__name__ = function
    return parse


# ---------------------------------------------------------------------------------------
# the game

# the report tables' titles (the catalogue's ``sections`` translates them by their ids)
MAIN_CREATURES = Phrase("mtg-main-creatures", "Main deck: creatures ({n})")
MAIN_OTHER_SPELLS = Phrase("mtg-main-other-spells", "Main deck: other spells ({n})")
MAIN_LANDS = Phrase("mtg-main-lands", "Main deck: lands ({n})")
MAIN_UNRESOLVED = Phrase("mtg-main-unresolved", "Main deck: unresolved lines ({n})")
MANA_CURVE = Phrase("mtg-mana-curve", "Mana value curve (main deck, lands excluded)")
SIDEBOARD = Phrase("mtg-sideboard", "Sideboard ({n})")


class MtgGame(Game):
    parsers = {
        "cockatrice": (_detect("cockatrice"), _parser("xml_list", "parse_cockatrice")),
        "mtgo-dek": (_detect("mtgo-dek"), _parser("xml_list", "parse_dek")),
        "forge": (_detect("forge"), _parser("forge", "parse_forge")),
        "csv": (_detect("csv"), _parser("csv_list", "parse_csv")),
        "arena": (_detect("arena"), _parser("text_list", "parse_arena")),
        "xmage": (_detect("xmage"), _parser("text_list", "parse_xmage")),
        "mws": (_detect("mws"), _parser("text_list", "parse_mws")),
    }

    # -- before resolution ----------------------------------------------------------------
    def prepare_entry(self, entry: Entry, deck: DeckList) -> Iterable[Finding]:
        raw = entry.raw_name or entry.name
        m = _CHECKLIST.match(raw.strip())
        if m:
            note_of(entry).checklist = _checklist_parts(m, entry)
            return ()
        if _MARKERS.search(entry.name):       # the face decides: a back face is MTG401
            entry.name = _MARKERS.sub(" ", entry.name).strip()
            entry.raw_name = _MARKERS.sub(" ", entry.raw_name or "").strip() or entry.name
        return ()

    def resolve_entry(self, entry: Entry, db) -> bool:
        info = note_of(entry).checklist
        if info is None:
            return False
        self._resolve_checklist(entry, info, db)
        return True

    # -- after resolution -----------------------------------------------------------------
    def after_resolve(self, entry: Entry, db) -> Iterable[Finding]:
        out: list[Finding] = list(note_of(entry).findings)
        note_of(entry).findings = []
        out += self._printing_findings(entry, db)
        if note_of(entry).checklist is not None:
            return out
        out += self._name_findings(entry, db, entry.name)
        if entry.zone in self.non_deck_zones:   # shown, never counted: not an error there
            for f in out:
                if f.severity is Severity.ERROR:
                    f.severity = Severity.WARNING
        return out

    def after_parse(self, deck: DeckList, db) -> Iterable[Finding]:
        if is_registration(deck):     # mtg.md §6.2: Chinese names are warnings there
            for f in deck.findings:
                if f.code == "MTG403":
                    f.severity = Severity.WARNING
        void = [e for e in deck.entries if note_of(e).void]
        if void:
            deck.entries = [e for e in deck.entries if not note_of(e).void]
            for e in void:
                deck.non_deck.append((e.line, VOID_SECTION,
                                      f"{e.count} {e.raw_name or e.name}".strip()))
        return ()

    def for_format(self, deck: DeckList, fmt, db=None) -> DeckList:
        """An unknown card where the profile names sets the card data lacks says so
        (DCK002 ``not-in-data-missing``, beside MTG212); XMage Commander files: the
        commander is on an ``SB:`` line (MTG311)."""
        deck = _unknown_with_gaps(deck, fmt, db)
        if deck.source_format != "xmage" or fmt is None or fmt.zone("commander") is None \
                or fmt.zone("sideboard") is not None \
                or any(e.zone == "commander" for e in deck.entries):
            return deck
        side = [e for e in deck.entries if e.zone == "sideboard"]
        most = (fmt.zone("commander") or {}).get("max") or 2
        if not side or sum(e.count for e in side) > most:
            return deck
        moved = {id(e) for e in side}
        entries = [replace(e, zone="commander") if id(e) in moved else e for e in deck.entries]
        names = [e.card.name if e.card is not None else e.name for e in side]
        lines = ", ".join(str(e.line) for e in side if e.line is not None) or "?"
        note = XmageCommanderLine().finding(None, zone="commander", line=side[0].line,
                                             lines=lines, cards=" and ".join(names),
                                             cards_list=names)
        return replace(deck, entries=entries, findings=list(deck.findings) + [note])

    # -- names ----------------------------------------------------------------------------
    def _name_findings(self, entry: Entry, db, text: str) -> list[Finding]:
        """The MTG findings for how ``entry`` matched (replacing the generic ones)."""
        card = entry.card
        label = entry.label
        base = dict(line=entry.line, zone=entry.zone, input=text)
        kind, via = entry.match, entry.via
        if card is not None and kind == "alias" and via == "alias" and label \
                and "/" in label and label in full_names(card):
            entry.match, entry.via = "normalized", "split"
            entry.no_generic = True
            return [DfcFullName().finding(None, card=card, **base)]
        if card is not None and kind == "normalized" and via == "split":
            entry.no_generic = True
            if (card.get("layout") or "") in SPLIT_LAYOUTS:
                return [DfcFullName().finding(None, card=card, variant="split", **base)]
            return [DfcFullName().finding(None, card=card, **base)]
        if card is not None and kind == "alias" and via == "face":
            entry.no_generic = True
            if (card.get("layout") or "") in SPLIT_LAYOUTS:
                return [SplitHalfName().finding(None, card=card, **base)]
            return [BackFaceName().finding(None, card=card, **base)]
        if card is not None and kind == "foreign":
            entry.no_generic = True
            out = [NonEnglishName().finding(
                None, card=card, language=chinese_language(text, card, label), **base)]
            if back_face_label(card, label):
                out.insert(0, BackFaceName().finding(None, card=card, **base))
            return out
        if card is not None and kind == "fuzzy" and via == "truncation":
            entry.no_generic = True
            return [TruncatedName().finding(None, card=card, suggestion=card.name, **base)]
        if kind == "unknown" and not entry.other_game:
            entry.no_generic = True
            return [UnknownCard().finding(None, suggestion="; ".join(entry.suggestions) or None,
                                          coverage=set_table(db).coverage(),
                                          suggested=_or_list(entry.suggestions),
                                          suggested_list=list(entry.suggestions),
                                          variant="not-in-data-suggest" if entry.suggestions
                                          else "not-in-data", **base)]
        if kind == "ambiguous" and entry.candidates and not entry.scores:
            entry.no_generic = True
            shown = [f"{c.name} ({' '.join(c.get('sets') or ()) or '?'})"
                     for c in entry.candidates]
            return [AmbiguousCard().finding(None, suggestion="; ".join(c.name for c in
                                                                      entry.candidates),
                                            candidates=_or_list(shown), candidates_list=shown,
                                            **base)]
        return []

    # -- printings ------------------------------------------------------------------------
    def _printing_findings(self, entry: Entry, db) -> list[Finding]:
        written = note_of(entry).set_value
        code = entry.set_code
        if not code and not written:
            return []
        sets = set_table(db)
        shown = code or written
        if written and not code:
            code = sets.code_for(written)
        elif code:
            code = sets.code_for(code) or code.upper()
        base = dict(line=entry.line, zone=entry.zone)
        if not code or code not in sets.codes:
            note = note_of(entry).set_written
            variant = "written" if note else "default"
            if entry.card is None:
                return [SetNotInData().finding(None, set=shown, written=note, variant=variant,
                                               **base)]
            # the name is known: legality goes by name, the printing changes nothing
            variant = "named" if variant == "default" else "written-named"
            return [SetNotInData().finding(None, card=entry.card, set=shown, written=note,
                                           variant=variant, severity=Severity.INFO, **base)]
        entry.set_code = code
        if entry.card is None:
            return []
        if not has_printing(entry.card, code, entry.number):
            number = f" {entry.number}" if entry.number else ""
            return [PrintingMismatch().finding(None, card=entry.card, set=code, number=number,
                                                 **base)]
        note_of(entry).printing = code
        return []

    # -- checklist cards --------------------------------------------------------------------
    def _resolve_checklist(self, entry: Entry, info: dict[str, Any], db) -> None:
        findings: list[Finding] = []
        base = dict(line=entry.line, zone=entry.zone)
        target = info.get("target")
        entry.no_generic = True
        if not target:
            entry.match = "unknown"
            note_of(entry).void = True
            findings.append(ChecklistUnmarked().finding(None, **base))
            note_of(entry).findings = findings
            return
        probe = Entry(line=entry.line, zone=entry.zone, count=entry.count, name=target,
                      raw_name=target)
        apply_match(probe, db.index.match(target))
        findings += self._name_findings(probe, db, target)
        if not probe.no_generic:
            findings += match_findings(probe)
        card = probe.card
        if card is None:
            entry.match, entry.candidates = probe.match, probe.candidates
            entry.suggestions = probe.suggestions
            note_of(entry).findings = findings
            return
        if not is_dfc(card):
            entry.match = "unknown"
            note_of(entry).void = True
            findings.append(ChecklistNotDfc().finding(None, card=card, **base))
            note_of(entry).findings = findings
            return
        entry.card, entry.match, entry.via = card, "alias", "checklist"
        entry.score = probe.score
        entry.label = target
        entry.no_generic = True
        code = info.get("set")
        if code:
            listed = double_faced(db, code)
            if card.name not in listed:
                card_set = " ".join(card.get("sets") or ()) or "?"
                findings.append(ChecklistWrongSet().finding(
                    None, card=card, set=code, card_set=card_set, **base))
        findings.append(ChecklistLine().finding(None, card=card, count=entry.count, **base))
        note_of(entry).findings = findings

    def format_label(self, fmt) -> str:
        return format_label(fmt)

    # -- report ---------------------------------------------------------------------------
    def stats(self, ctx) -> dict[str, Any]:
        view = profile_view(ctx)
        out: dict[str, Any] = {
            "legal_sets": view.legal_sets if view.legal_sets is not None else "any",
            "sideboard_rule": view.sideboard_rule,
            "event_date": view.event_date,
            "card_data": set_table(ctx.db).card_data,
        }
        if view.next_change:
            out["next_change"] = view.next_change
        by_type = {"creatures": 0, "other_spells": 0, "lands": 0}
        curve: dict[str, int] = {}
        for e in ctx.entries("main"):
            group = card_group(e.card)
            by_type[group] = by_type.get(group, 0) + e.count
            if e.card is not None and group != "lands":
                cmc = e.card.get("cmc") or 0
                slot = "7+" if cmc >= 7 else str(int(cmc))
                curve[slot] = curve.get(slot, 0) + e.count
        out["main_by_type"] = by_type
        out["mana_curve"] = {k: curve[k] for k in sorted(curve, key=lambda s: (len(s), s))}
        if is_registration(ctx.deck):
            out["registration"] = True
        return out

    def report_sections(self, result) -> list[tuple[str, list[str], list[list[Any]]]]:
        deck = result.deck
        if deck is None:
            return []
        sections: list[tuple[str, list[str], list[list[Any]]]] = []
        titles = {"creatures": MAIN_CREATURES, "other_spells": MAIN_OTHER_SPELLS,
                  "lands": MAIN_LANDS, "unresolved": MAIN_UNRESOLVED}
        groups: dict[str, dict[str, int]] = {}
        for e in deck.entries:
            if e.zone != "main":
                continue
            name = e.card.name if e.card is not None else e.name
            bucket = groups.setdefault(card_group(e.card), {})
            bucket[name] = bucket.get(name, 0) + e.count
        for group in ("creatures", "other_spells", "lands", "unresolved"):
            cards = groups.get(group)
            if cards:
                total = sum(cards.values())
                rows = [[n, c] for c, n in sorted((c, n) for c, n in cards.items())]
                sections.append((titles[group].say(n=total), ["#", "card"],
                                 [[n, c] for n, c in rows]))
        curve = (result.stats or {}).get("mana_curve") or {}
        if curve:
            sections.append((MANA_CURVE.say(),
                             ["mana value", "cards"], [[k, v] for k, v in curve.items()]))
        side: dict[str, int] = {}
        for e in deck.entries:
            if e.zone == "sideboard":
                name = e.card.name if e.card is not None else e.name
                side[name] = side.get(name, 0) + e.count
        if side:
            sections.append((SIDEBOARD.say(n=sum(side.values())), ["#", "card"],
                             [[side[n], n] for n in sorted(side)]))
        return sections


GAME_CLASS = MtgGame


# ---------------------------------------------------------------------------------------
# helpers


def _unknown_with_gaps(deck: DeckList, fmt, db) -> DeckList:
    """``deck`` with its unknown-card findings naming the sets of ``fmt`` that the card
    data ``db`` lacks, when there are any (a card from one of them is unknown)."""
    gaps = format_gaps(fmt, db) if fmt is not None and db is not None else None
    if not gaps or not gaps.missing:
        return deck
    wanted = {"not-in-data": "not-in-data-missing",
              "not-in-data-suggest": "not-in-data-missing-suggest"}
    findings, changed = [], False
    for f in deck.findings:
        variant = (f.args or {}).get("variant")
        if f.code != UnknownCard.code or variant not in wanted:
            findings.append(f)
            continue
        args = dict(f.args)
        named = {k: args.pop(k, None) for k in ("zone", "card", "line", "expected", "actual")}
        args.pop("format", None)
        args.update(variant=wanted[variant], missing=codes_text(gaps.missing),
                    missing_codes=list(gaps.missing), format=format_label(fmt),
                    format_id=fmt.id, on=f" on {fmt.date}" if fmt.date else "")
        findings.append(UnknownCard().finding(None, suggestion=f.suggestion,
                                              severity=f.severity, **named, **args))
        changed = True
    return replace(deck, findings=findings) if changed else deck


def _checklist_parts(m: re.Match, entry: Entry) -> dict[str, Any]:
    """Set and named card of a checklist line (``Checklist Card [DKA] (Loyal Cathar)``)."""
    setname = (m.group("setname") or "").casefold()
    code = CHECKLIST_SETS.get(re.sub(r"\s+", " ", setname)) if setname else None
    rest = m.group("rest") if m.group("rest") is not None else (m.group("zrest") or "")
    sm = _CHECKLIST_SET.match(rest)
    if sm and (sm.group("set").isupper() or sm.group("set").upper() in ("ISD", "DKA")):
        code = sm.group("set").upper()
        rest = rest[sm.end():]
    if entry.set_code and not code:
        code = entry.set_code.upper()
    entry.set_code = None          # the set belongs to the checklist, not to a printing
    entry.number = None
    rest = _MARKERS.sub(" ", rest).strip()
    target = None
    if rest:
        tm = _CHECKLIST_TARGET.match(rest)
        target = (tm.group("paren") or tm.group("colon")).strip() if tm else rest
    return {"set": code, "target": target or None}


def _or_list(items: list[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]
