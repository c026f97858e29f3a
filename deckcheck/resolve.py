"""The resolve stage: give every entry its card and report every non-exact match.

Order per entry: the game's own preparation (e.g. a checklist line), the game's own
resolution if it has one, the id the file gave (OCTGN GUID, card code) when the game trusts
ids first, then the name through the matching cascade, then the id as a fallback. A match
other than ``exact`` always produces a finding (design §5: never silent).
"""

from __future__ import annotations

import re
from copy import copy
from dataclasses import fields, replace
from operator import attrgetter

from deckcheck.carddb import CardDB
from deckcheck.games.base import Game
from deckcheck.matching.index import Match
from deckcheck.models import DeckList, Entry, Finding, Severity
from deckcheck.rules.core import (AlternateName, AmbiguousCard, CountAssumed, ForeignName,
                                  FuzzyMatch, IdNameMismatch, NormalizedName, UnknownCard,
                                  ZeroCount)

_FUZZY, _UNKNOWN, _AMBIGUOUS = FuzzyMatch(), UnknownCard(), AmbiguousCard()
_NORMALIZED, _ALTERNATE, _FOREIGN = NormalizedName(), AlternateName(), ForeignName()
_ASSUMED, _ZERO, _IDNAME = CountAssumed(), ZeroCount(), IdNameMismatch()


def apply_match(entry: Entry, m: Match) -> None:
    entry.card = m.card
    entry.match = m.kind
    entry.score = m.score
    entry.via = m.via
    entry.candidates = list(m.candidates)
    entry.suggestions = list(m.suggestions)
    if m.label:
        entry.label = m.label
    if m.scores:
        entry.scores = list(m.scores)


def other_game(name: str, game: Game) -> str | None:
    """The name of another game that has a card called ``name`` (a Magic card in a Force of
    Will list), or None. The other games' card data is loaded on the first unknown name."""
    from deckcheck import carddb
    from deckcheck.formats import FormatError
    from deckcheck.games.base import load_game
    from deckcheck.games.registry import game_ids

    if not name.strip():
        return None
    for gid in game_ids():
        if gid == game.id:
            continue
        try:
            other = load_game(gid)
            hit = carddb.load(gid, other.match_params).index.lookup_exact(name)
        except (carddb.CardDataError, FormatError, OSError):
            continue        # another game's data missing or broken: not this list's problem
        if hit is not None and hit.card is not None:
            return other.name
    return None


_SURE = ("exact", "normalized", "alias", "foreign")   # matches that need no second look


# a placing in brackets after a player's name: "Condescend (2nd Place)", "(Top 8)", "(5-0)",
# "(1er lugar)"; the line is the list's heading even when the name is a card's
_PLACING = re.compile(
    r"[(（]\s*+(?:\d{1,4}(?:st|nd|rd|th|er|º|°|\.)?\s*+(?:place|lugar|puesto|platz)?|"
    r"top\s*+\d{1,4}|\d{1,2}\s*+-\s*+\d{1,2}(?:\s*+-\s*+\d{1,2})?|winner|champion|finalist|"
    r"第\s*+\d{1,4}\s*+名|冠军|冠軍|亚军|亞軍)\s*+[)）]$", re.IGNORECASE)


def _before_headings(entry: Entry, deck: DeckList) -> bool:
    return entry.line is not None and not any(line is not None and line < entry.line
                                              for line in deck.headers.values())


def _is_title(entry: Entry, deck: DeckList) -> bool:
    """The list's first line names no card, has no count and comes before any section
    header: a title such as "Standard Humans" or "Brian Kibler's Wolf Run Ramp"."""
    return (entry is deck.entries[0] and entry.implicit_count and not entry.inline
            and entry.match == "unknown" and _before_headings(entry, deck))


def _is_placing(entry: Entry, deck: DeckList) -> bool:
    """The list's first line is a player's name with a placing ("Condescend (2nd Place)",
    a standings page's heading): the title, even when the name is a card's."""
    return (entry is deck.entries[0] and entry.implicit_count and not entry.inline
            and _PLACING.search(entry.raw_name or entry.name) is not None
            and _before_headings(entry, deck))


def _is_subtitle(entry: Entry, deck: DeckList, title: Entry | None) -> bool:
    """The line right under the title, naming no card and with no count, before any
    heading: the title's second line ("Pauper Challenge #11880883 on 06/02/2019")."""
    return (title is not None and entry is deck.entries[1] and entry.implicit_count
            and not entry.inline and entry.match == "unknown" and title.line is not None
            and entry.line == title.line + 1 and _before_headings(entry, deck))


def resolve_deck(parsed: DeckList, game: Game, db: CardDB,
                 notes: list[Finding] | None = None, zones=None) -> DeckList:
    """The resolved deck: a new :class:`DeckList` whose entries name their cards, with the
    findings of resolution after ``notes`` (e.g. the format choice) and the parse findings.
    ``zones``: the format's, when known; a card that can only be a one-card zone's that the
    list left empty is moved there (:mod:`deckcheck.placing`). The parsed deck is left as
    it was."""
    from deckcheck.parsing.totals import group_differs, not_a_card, section_count
    from deckcheck.placing import place_lone_cards

    deck = copy_deck(parsed)
    deck.findings[:0] = notes or []
    prefer_ref = (game.octgn or {}).get("prefer") == "id"
    dropped: list[Entry] = []
    totals: list[tuple[int, int]] = []   # (its note's place in the findings, entry index)
    title: Entry | None = None
    for i, entry in enumerate(deck.entries):
        if i == 0 and "name" not in deck.metadata and _is_placing(entry, deck):
            title = _title(deck, entry, "placing")
            dropped.append(entry)
            continue
        deck.findings.extend(game.prepare_entry(entry, deck))
        if entry.match == "unresolved" and not game.resolve_entry(entry, db):
            resolve_entry(entry, db, prefer_ref, game.hint_words)
        if entry.maybe_total and entry.match not in _SURE:
            dropped.append(entry)       # "21 Lands", "Grand Total: 60": no card's name
            totals.append((len(deck.findings), i))
            deck.findings.append(None)  # its note, once the groups are known (below)
            continue
        if entry.match == "unknown" and entry.card is None:
            if _is_title(entry, deck) and "name" not in deck.metadata:
                dropped.append(entry)
                title = _title(deck, entry)
                continue
            if _is_subtitle(entry, deck, title):
                dropped.append(entry)
                deck.findings.append(not_a_card(entry.line, entry.raw_name or entry.name,
                                                "title"))
                continue
            found = other_game(entry.name, game) if game.complete_card_data else None
            if found:
                entry.other_game, entry.checked_as = found, game.name
        deck.findings.extend(game.after_resolve(entry, db) or ())
        if not entry.no_generic:  # a game may report the match its own way
            deck.findings.extend(match_findings(entry))
        if entry.implicit_count and not entry.inline and game.implicit_count_info \
                and entry.card is not None:
            deck.findings.append(_ASSUMED.finding(None, card=entry.card.name, line=entry.line,
                                                  zone=entry.zone))
        if entry.count == 0:
            deck.findings.append(_ZERO.finding(None, card=entry.card.name if entry.card
                                               else entry.name, line=entry.line, zone=entry.zone))
    listed = deck.entries
    if dropped:
        deck.entries = [e for e in deck.entries if all(e is not d for d in dropped)]
    placed = place_lone_cards(deck, game, zones)
    if totals:
        # a total's group is counted once the title is known and the lone cards are in
        # their zones: "Total – 31" under the ruler's bare line and 31 resonators
        skip = tuple(e for e in dropped if not e.maybe_total)
        for at, i in totals:
            e = listed[i]
            deck.findings[at] = not_a_card(e.line, e.maybe_total, "total",
                                           section_count(listed, i, skip),
                                           group_differs(listed, i, game, skip))
    deck.findings.extend(placed)
    deck.findings.extend(game.after_parse(deck, db))
    return deck


def _title(deck: DeckList, entry: Entry, variant: str = "title") -> Entry:
    """Take the entry as the list's name (DCK027, not counted)."""
    from deckcheck.parsing.totals import not_a_card

    deck.metadata["name"], deck.metadata_lines["name"] = entry.name, entry.line
    deck.findings.append(not_a_card(entry.line, entry.raw_name or entry.name, variant))
    return entry


def copy_deck(deck: DeckList) -> DeckList:
    """A copy of a parsed deck that resolution may change: its own entries (each with its
    own annotations), findings, metadata and headers; cards and findings themselves are shared
    (they are not changed)."""
    return replace(deck, metadata=dict(deck.metadata), metadata_lines=dict(deck.metadata_lines),
                   entries=[_copy_entry(e) for e in deck.entries],
                   headers=dict(deck.headers), findings=list(deck.findings),
                   non_deck=list(deck.non_deck))


#: an entry's field values in the constructor's order (every field is an ``__init__`` one)
_ENTRY_VALUES = attrgetter(*(f.name for f in fields(Entry)))


def _copy_entry(e: Entry) -> Entry:
    """``dataclasses.replace(e, …)`` with its own annotations and lists, as one positional
    constructor call (``replace`` walks the fields in Python: 4 µs an entry against 1)."""
    out = Entry(*_ENTRY_VALUES(e))
    if e.game_note is not None:
        out.game_note = copy(e.game_note)
    out.candidates = list(e.candidates)
    out.suggestions = list(e.suggestions)
    return out


def resolve_entry(entry: Entry, db: CardDB, prefer_ref: bool = False,
                  hint_words: list[str] | None = None) -> None:
    index = db.index
    by_ref = index.by_ref(entry.ref) if entry.ref else None
    if by_ref is not None and _table_row(entry, by_ref):
        # "VS01-001 4 Blessed Holy Wolf Resonator Light Common": the id's card, its name,
        # then the table's other columns (reported as read differently, DCK005)
        apply_match(entry, Match("normalized", by_ref, via="id", label=entry.name))
        return
    if by_ref is not None and (prefer_ref or not entry.name or entry.name == entry.ref):
        apply_match(entry, Match("exact", by_ref, via="id"))
        if entry.name and entry.name != entry.ref:
            named = index.lookup_exact(entry.name)
            if named is None or named.card is None or named.card.id != by_ref.id:
                entry.id_mismatch = True
        return
    if entry.raw_name and entry.raw_name != entry.name:
        whole = index.lookup_exact(entry.raw_name)
        if whole is not None and whole.card is not None:
            entry.name, entry.set_code, entry.number = entry.raw_name, None, None
            apply_match(entry, whole)
            return
    m = index.match(entry.name)
    if m.kind in ("fuzzy", "unknown", "ambiguous") and _resolve_annotated(entry, index,
                                                                         hint_words):
        return
    if m.card is None and by_ref is not None:
        apply_match(entry, Match("exact", by_ref, via="id"))
        entry.id_mismatch = True
        return
    apply_match(entry, m)
    if by_ref is not None and m.card is not None and m.card.id != by_ref.id:
        entry.id_mismatch, entry.id_card = True, by_ref.name


def _table_row(entry: Entry, card) -> bool:
    """The entry's name is its id's card's name followed by a few more words: the other
    columns of a table's row (type, attribute, rarity)."""
    from deckcheck.matching import normalise

    name, own = normalise.spaced(entry.name), normalise.spaced(card.name)
    return bool(own) and name.startswith(own + " ") and len(name[len(own):].split()) <= 5


_TRAILING_NUMBER = re.compile(r"^(?P<name>.*?[^\W\d_])\s*(?P<count>\d{1,3})$")
# a note in brackets after the name: a Chinese or Japanese name, "(C, 1W)", "(Stranger)"
_NOTE = re.compile(r"^(?P<name>.*?\S)\s*[(（][^()（）]{1,40}[)）]$")


# a comment after the name: "Ponder // cantrip" (tried only when the whole is no card's
# name: "Fire // Ice" and "Ruler // J-ruler" are names)
_COMMENT = re.compile(r"^(?P<name>.*?\S)\s++//\s.*+$")
# a Chinese name and the English one on one line: "掘密师 Delver of Secrets", or the other way
_BILINGUAL = re.compile(r"^(?P<a>[\u3400-\u9fff][\u3400-\u9fff·・\s]*+)\s*+(?P<b>[A-Za-z].*+)$"
                        r"|^(?P<c>[A-Za-z][^\u3400-\u9fff]*?)\s*+(?P<d>[\u3400-\u9fff][\u3400-\u9fff·・]*+)$")


def _core_card(text: str, index, count_allowed: bool):
    """The card ``text`` names once a count after it ("Mana Flower 3"), a note in brackets
    or a ``// comment`` is taken off, or the one card both names of a bilingual line name
    (``掘密师 Delver of Secrets``): ``(match, count or None, the name without them)``, or
    None."""
    candidates = []
    m = _TRAILING_NUMBER.match(text) if count_allowed else None
    if m and int(m.group("count")) <= 1000:
        candidates.append((m.group("name"), int(m.group("count"))))
    m = _NOTE.match(text)
    if m:
        candidates.append((m.group("name"), None))
    m = _COMMENT.match(text)
    if m:
        candidates.append((m.group("name"), None))
    for name, count in candidates:
        hit = index.lookup_exact(name)
        if hit is not None and hit.card is not None:
            return hit, count, name
    m = _BILINGUAL.match(text)
    if m:
        chinese, english = (m.group("a"), m.group("b")) if m.group("a") else \
            (m.group("d"), m.group("c"))
        hit, other = index.lookup_exact(english.strip()), index.lookup_exact(chinese.strip())
        if hit is not None and other is not None and hit.card is not None \
                and other.card is not None and hit.card.id == other.card.id:
            return hit, None, english.strip()
    return None


def _resolve_annotated(entry: Entry, index, hint_words: list[str] | None = None) -> bool:
    """Names that only a spreadsheet, an article or a bilingual list writes: a type heading
    pasted in front ("Equipment Bearskin 1", "CreaturesCervere, …1"), a count after the
    name with no "x" ("Mana Flower 3", "Timber Wolf2"), and a note in brackets after the
    name: its Chinese or Japanese name ("Liberator of Wind(風の解放者)"), rarity and cost
    ("Unruly Mob (C, 1W)"). Taken only when what is left is a card's name exactly (after
    folding); otherwise the usual cascade's answer stands."""
    heading = next((w for w in hint_words or () if len(entry.name) > len(w)
                    and entry.name.casefold().startswith(w.casefold())), None)
    if heading:
        rest = entry.name[len(heading):].strip(" :：-–")
        hit = index.lookup_exact(rest) if rest else None
        found = (hit, None, rest) if hit is not None and hit.card is not None else \
            _core_card(rest, index, entry.implicit_count) if rest else None
        if found:
            hit, count, _ = found
            if count is not None:
                entry.count, entry.implicit_count = count, False
            # reported as read differently from what was written (DCK005); fix leaves it
            apply_match(entry, Match("normalized", hit.card, via="heading", label=entry.name))
            entry.hint = heading
            entry.heading_on_line = heading
            return True
    found = _core_card(entry.name, index, entry.implicit_count)
    if found is None:
        return False
    hit, count, name = found
    if count is not None:
        entry.count, entry.implicit_count = count, False
        entry.name = entry.raw_name = name
        apply_match(entry, hit)
    else:
        apply_match(entry, Match("normalized", hit.card, via=hit.via, label=hit.label)
                    if hit.kind == "exact" else hit)
    return True


def match_findings(entry: Entry) -> list[Finding]:
    """The generic DCK findings for how one entry's name matched."""
    out: list[Finding] = []
    card = entry.card
    base = dict(line=entry.line, zone=entry.zone, input=entry.name)
    kind = entry.match
    if entry.id_mismatch:
        id_note = f" ({entry.id_card})" if entry.id_card is not None else ""
        out.append(_IDNAME.finding(
            None, card=card.name if card else None, severity=Severity.INFO, ref=entry.ref,
            used=card.name if card else "?", id_card=entry.id_card, id_note=id_note, **base))
    if kind in ("exact", "unresolved"):
        return out
    if kind == "normalized":
        out.append(_NORMALIZED.finding(None, card=card.name, **base))
    elif kind == "alias":
        what = {"face": "another face", "alias": "an alternate name"}.get(entry.via or "",
                                                                          "another name")
        what_key = entry.via if entry.via in ("face", "alias") else "other"
        out.append(_ALTERNATE.finding(None, card=card.name, what=what, what_key=what_key, **base))
    elif kind == "foreign":
        out.append(_FOREIGN.finding(None, card=card.name, **base))
    elif kind == "fuzzy":
        score = entry.score if entry.score is not None else "whole words"
        if entry.via in ("truncation", "article"):
            out.append(_FUZZY.finding(None, card=card.name, suggestion=card.name,
                                      score=score, variant=entry.via, **base))
        else:
            out.append(_FUZZY.finding(None, card=card.name, suggestion=card.name, score=score,
                                      **base))
    elif kind == "ambiguous":
        names = [c.name for c in entry.candidates]
        if entry.scores:
            shown = [f"{n} ({s})" for n, s in zip(names, entry.scores)]
        else:
            shown = names
        out.append(_AMBIGUOUS.finding(None, suggestion="; ".join(names),
                                      candidates=_or_list(shown), candidates_list=shown, **base))
    elif kind == "unknown" and entry.other_game:
        other, this = entry.other_game, entry.checked_as
        out.append(_UNKNOWN.finding(None, hint="", other_game=other, game=this,
                                    variant="other-game", **base))
    elif kind == "unknown":
        hint = f"; did you mean {_or_list(entry.suggestions)}?" if entry.suggestions else "."
        out.append(_UNKNOWN.finding(None, suggestion="; ".join(entry.suggestions) or None,
                                    hint=hint, suggested=_or_list(entry.suggestions),
                                    suggested_list=list(entry.suggestions),
                                    variant="suggest" if entry.suggestions else "default",
                                    **base))
    return out


def _or_list(items: list[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]
