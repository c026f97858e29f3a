"""Magic: The Gathering's domain model: card facts, the card data's set table, the format
profile in force, registration lists and DCI numbers.

The rules (``rules/``), the hooks (``hooks.py``) and the registration sheet (``layout.py``)
import it; it imports none of them.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from typing import Any

from deckcheck.matching.normalise import key, to_simplified
from deckcheck.models import Card, DeckList, Entry, Finding, game_note, pickled_as_arguments

#: layouts whose faces are halves of one named card ("Left // Right")
SPLIT_LAYOUTS = {"split", "aftermath", "fuse"}
#: layouts a checklist card can stand for
DFC_LAYOUTS = {"transform", "double-faced", "modal_dfc", "meld"}
#: metadata that makes a list a tournament registration list (mtg.md §6.2)
REGISTRATION_KEYS = ("player", "first_name", "last_name", "dci", "event")
#: the set each named checklist belongs to
CHECKLIST_SETS = {"innistrad": "ISD", "dark ascension": "DKA"}
#: section label of checklist lines that count toward nothing (kept in ``deck.non_deck``)
VOID_SECTION = "checklist (not counted)"


@pickled_as_arguments
@dataclass(slots=True)
class MtgNote:
    """What the readers and the hooks note on one line (``Entry.game_note``)."""

    set_value: str | None = None      # a CSV's set column as written (a code or a name)
    language: str | None = None       # a CSV's language column
    set_written: str | None = None    # an Arena set code the line gave, before its MTG code
    printing: str | None = None       # the set of the printing the line names (MTG legality)
    checklist: dict[str, Any] | None = None   # a checklist card line's parts
    findings: list[Finding] = field(default_factory=list)  # a checklist line's findings
    void: bool = False                # a checklist line that puts no card in the deck


def note_of(entry: Entry) -> MtgNote:
    """The line's Magic annotations (attached on first use)."""
    return game_note(entry, MtgNote)


# ---------------------------------------------------------------------------------------
# the card data's sets


class SetTable:
    """The ``sets.yaml`` table of the card data: codes, names, release dates, DFC lists."""

    def __init__(self, db) -> None:
        table = db.tables.get("sets") or {}
        self.card_data: str = str(table.get("card_data") or db.source)
        self.rows: list[dict[str, Any]] = [r for r in table.get("sets") or () if r.get("code")]
        self.codes: dict[str, dict[str, Any]] = {str(r["code"]).upper(): r for r in self.rows}
        self.by_name: dict[str, str] = {}
        for r in self.rows:
            for n in [r.get("name")] + list((r.get("names") or {}).values()):
                if n:
                    self.by_name.setdefault(key(str(n)), str(r["code"]).upper())

    def code_for(self, value: str) -> str | None:
        """A set code for a code or a set name (``Dark Ascension`` -> ``DKA``)."""
        value = value.strip()
        if value.upper() in self.codes:
            return value.upper()
        return self.by_name.get(key(value))

    def ordered_codes(self) -> list[str]:
        return sorted(self.codes, key=lambda c: (str(self.codes[c].get("released") or ""), c))

    def coverage(self) -> str:
        """Which card data was searched, e.g. ``SOM MBS NPH M12 ISD DKA; mtgjson3 a89db5e``."""
        codes = self.ordered_codes()
        if len(codes) > 12:
            shown = f"{len(codes)} sets, {codes[0]} … {codes[-1]}"
        else:
            shown = " ".join(codes)
        return f"{shown}; {self.card_data}" if shown else self.card_data


def set_table(db) -> SetTable:
    """The set table of ``db``, built once per database."""
    table = getattr(db, "_mtg_sets", None)
    if table is None:
        table = SetTable(db)
        try:
            db._mtg_sets = table
        except AttributeError:  # a database object without a __dict__
            pass
    return table


def double_faced(db, code: str) -> set[str]:
    """The double-faced cards the card data lists for set ``code`` (its checklist)."""
    row = set_table(db).codes.get(code.upper()) or {}
    return set(row.get("double_faced") or ())


# ---------------------------------------------------------------------------------------
# cards


def is_dfc(card: Card) -> bool:
    return (card.get("layout") or "") in DFC_LAYOUTS


def card_group(card: Card | None) -> str:
    """Registration-sheet group of a card: creatures, other spells or lands (front face)."""
    if card is None:
        return "unresolved"
    types = set(card.get("types") or ())
    if "Creature" in types:
        return "creatures"
    if "Land" in types:
        return "lands"
    return "other_spells"


def full_names(card: Card) -> set[str]:
    """The ``Front // Back`` (or ``Front/Back``) names of a card."""
    names = {card.get("full_name") or ""}
    names.update(a for a in card.get("aliases") or () if "/" in a)
    return {n for n in names if n}


def color_identity(card: Card) -> set[str]:
    """The colour identity of a card, both faces of a double-faced card included."""
    ci = set(card.get("color_identity") or ())
    for face in card.faces:
        ci.update(face.get("colors") or ())
    return ci


def chinese_language(text: str, card: Card, label: str | None) -> str:
    """Which Chinese the input is: the exact data name's script, else a guess from the text."""
    names: list[tuple[str, str]] = []
    for holder in [card.data] + list(card.faces):
        for lang, values in (holder.get("names") or {}).items():
            names += [(lang, v) for v in values or ()]
    exact = {lang for lang, v in names if v == text.strip()}
    if exact == {"zh-Hant"}:
        return "Traditional Chinese"
    if exact == {"zh-Hans"}:
        return "Simplified Chinese"
    if exact:
        return "Chinese"
    return "Simplified Chinese" if to_simplified(text) == text else "Traditional Chinese"


def back_face_label(card: Card, label: str | None) -> str | None:
    """The back face whose (English or Chinese) name is ``label``, if it is one."""
    if not label:
        return None
    for face in card.faces:
        if face.get("name") == label:
            return face["name"]
        for values in (face.get("names") or {}).values():
            if label in (values or ()):
                return face.get("name")
    return None


def _number_key(number: str | None) -> str:
    return (number or "").strip().rstrip("*+★").lower()


def has_printing(card: Card, code: str, number: str | None) -> bool:
    """The card (any face) has a printing in set ``code`` (with this collector number)."""
    want = _number_key(number)
    printings = list(card.get("printings") or ())
    for face in card.faces:
        printings += list(face.get("printings") or ())
    in_set = [p for p in printings if str(p.get("set", "")).upper() == code]
    if not in_set:
        return bool(not printings and code in (card.get("sets") or ()) and not want)
    if not want:
        return True
    for p in in_set:
        if want in (_number_key(str(p.get("number") or "")),
                    _number_key(str(p.get("number_base") or ""))):
            return True
    return False


# ---------------------------------------------------------------------------------------
# the profile in force


@dataclass(slots=True)
class ProfileView:
    """What the chosen format profile means for one deck (mtg.md §1.1)."""

    event_date: str | None
    profile_label: str                    # "2012-02-03, Standard (DKA)" or ""
    legal_sets: list[str] | None          # None: no set restriction
    banned: list[str] = field(default_factory=list)
    restricted: list[str] = field(default_factory=list)
    #: names legal though no legal set has them (Forge's Additional:, Extended's dual lands)
    also_legal: list[str] = field(default_factory=list)
    sideboard_sizes: list[int] | None = None
    sideboard_rule: str | None = None
    next_change: str | None = None


def iso(value: Any) -> str | None:
    """A date (or a date-like value) as ``YYYY-MM-DD``."""
    if value is None:
        return None
    if isinstance(value, (_dt.date, _dt.datetime)):
        return value.isoformat()[:10]
    return str(value)


def listed_names(fmt, list_key: str) -> list[str]:
    """Banned / restricted names of the format and of its profile together."""
    out: list[str] = []
    for source in (fmt.data.get(list_key), (fmt.profile or {}).get(list_key)):
        for n in source or ():
            if n not in out:
                out.append(n)
    return out


def expand_selector(selector: dict[str, Any], profile_from: str | None, db) -> list[str]:
    """The set codes a ``set_selector`` picks from the card data's set metadata."""
    sets = set_table(db)
    until = selector.get("released_until")
    if until == "profile":
        until = profile_from
    until = iso(until)
    exclude = set(selector.get("exclude_types") or ())
    types = set(selector.get("types") or ())
    start = selector.get("from_set")
    start_date = iso((sets.codes.get(str(start).upper()) or {}).get("released")) if start else None
    out = []
    for code in sets.ordered_codes():
        row = sets.codes[code]
        released = iso(row.get("released")) or ""
        if until and released and released > until:
            continue
        if start_date and released < start_date:
            continue
        if row.get("type") in exclude or (types and row.get("type") not in types):
            continue
        out.append(code)
    return out


def selector_admits(selector: dict[str, Any], code: str, db) -> bool:
    """Whether a ``set_selector`` picks set ``code`` on some date (its release aside)."""
    return code in expand_selector(dict(selector, released_until=None), None, db)


def profile_view(ctx) -> ProfileView:
    """The profile in force for the deck of ``ctx`` (built once per check)."""
    def build() -> ProfileView:
        fmt = ctx.fmt
        prof = fmt.profile or {}
        event_date = ctx.date or (prof.get("from") if prof else None)
        if fmt.get("ignores_date"):
            event_date = None
        label = ""
        if prof:
            label = prof["from"] + (f", {prof['name']}" if prof.get("name") else "")
        sets = fmt.get("sets")
        selector = fmt.get("set_selector")
        if isinstance(sets, list):
            legal = [str(s).upper() for s in sets]
        elif selector:   # the sets released by the date checked (else the profile's)
            until = ctx.date if ctx.date and ctx.date > iso(prof.get("from") or "") else None
            legal = expand_selector(selector, until or iso(prof.get("from")), ctx.db)
        else:
            legal = None
        sizes, rule = None, None
        side = fmt.zone("sideboard")
        if side is not None and fmt.get("eras") is not None:
            rule = fmt.get("sideboard_rule_after") or "up-to-15"
            for era in sorted(fmt.get("eras") or (), key=lambda e: iso(e.get("until")) or ""):
                until = iso(era.get("until"))
                if event_date is None or (until and event_date < until):
                    if event_date is not None:
                        sizes = list(era.get("sideboard_sizes") or ()) or None
                        rule = era.get("name") or "-or-".join(map(str, sizes or ()))
                    break
        return ProfileView(event_date=event_date, profile_label=label, legal_sets=legal,
                           banned=listed_names(fmt, "banned"),
                           restricted=listed_names(fmt, "restricted"),
                           also_legal=listed_names(fmt, "also_legal"),
                           sideboard_sizes=sizes, sideboard_rule=rule,
                           next_change=iso(prof.get("next_change")))

    return ctx.once("mtg.profile", build)


def profile_sets(fmt, prof: dict[str, Any] | None, db) -> list[str] | None:
    """The legal set codes of one of the format's profiles (None: no set restriction)."""
    prof = prof or {}
    sets = prof.get("sets", fmt.data.get("sets"))
    if isinstance(sets, list):
        return [str(s).upper() for s in sets]
    selector = prof.get("set_selector", fmt.data.get("set_selector"))
    if selector:
        return expand_selector(selector, iso(prof.get("from")), db)
    return None


@dataclass(slots=True)
class PoolReason:
    """Why none of a card's sets is legal on the event date (mtg.md §1.1): the newest of
    them that left the format (``left``: code, the date of the first profile after the
    newest one that held it), the first later profile that holds one (``joins``: code,
    date), or, in a format that picks its sets by a ``set_selector``, a set the selector
    admits that was released after the event date (``released``: code, release date).
    ``by_name``: the date the format stopped allowing the card by name (a profile's
    ``also_legal``), when that came after its sets left; ``left`` is then None."""

    left: tuple[str, str] | None = None
    by_name: str | None = None
    joins: tuple[str, str] | None = None
    released: tuple[str, str] | None = None


def pool_reason(ctx, codes: list[str], name: str | None = None) -> PoolReason:
    """The :class:`PoolReason` of a card printed in ``codes`` (named ``name``) under the
    profile in force."""
    fmt = ctx.fmt
    current = iso((fmt.profile or {}).get("from"))
    history = ctx.once("mtg.profile-sets", lambda: [
        (iso(p.get("from")), set(profile_sets(fmt, p, ctx.db) or ()),
         set(p.get("also_legal") or ()))
        for p in sorted(fmt.profiles, key=lambda p: iso(p.get("from")) or "")])
    out = PoolReason()
    if current is None or not history:
        return out
    before = [h for h in history if h[0] and h[0] <= current]
    after = [h for h in history if h[0] and h[0] > current]
    last_held = -1
    for code in codes:
        held = [i for i, (_d, s, _n) in enumerate(before) if code in s]
        if held and held[-1] + 1 < len(before):
            last_held = max(last_held, held[-1])
            left_on = before[held[-1] + 1][0]
            if out.left is None or left_on > out.left[1]:
                out.left = (code, left_on)
        joins = next((d for d, s, _n in after if code in s), None)
        if joins and (out.joins is None or joins < out.joins[1]):
            out.joins = (code, joins)
    by_name = [i for i, (_d, _s, n) in enumerate(before) if name in n] if name else []
    if by_name and last_held < by_name[-1] < len(before) - 1:
        out.by_name, out.left = before[by_name[-1] + 1][0], None
    selector = fmt.get("set_selector")
    if out.left is None and out.joins is None and selector:
        # a set the selector will pick once released (no loaded profile holds it yet); a
        # format that lists its sets says nothing of a set no loaded profile names
        table = set_table(ctx.db)
        event = ctx.date or current
        for code in codes:
            released = iso((table.codes.get(code) or {}).get("released"))
            if released and released > event and selector_admits(selector, code, ctx.db) \
                    and (out.released is None or released < out.released[1]):
                out.released = (code, released)
    return out


def first_release(card: Card, db) -> tuple[str, str] | None:
    """``(set code, date)`` of the card's first release: the earliest release date of its
    sets, promo sets left out when the card has any other printing. The card data's promo
    sets (v3 type ``promo``: Media Inserts, Prerelease Events, FNM …) carry the date their
    series began (pMEI is dated 1995-01-01), not the card's, so a promo printing never makes
    a card legal before its first real set. A card printed only in promo sets is dated by
    them; a set without a readable date is left out (None when none is left)."""
    table = set_table(db)
    real: tuple[str, str] | None = None
    promo: tuple[str, str] | None = None
    for code in card.get("sets") or ():
        code = str(code).upper()
        row = table.codes.get(code) or {}
        day = iso(row.get("released"))
        try:
            _dt.date.fromisoformat(day or "")
        except ValueError:
            continue
        if row.get("type") == "promo":
            if promo is None or day < promo[1]:
                promo = (code, day)
        elif real is None or day < real[1]:
            real = (code, day)
    return real or promo


def set_label(db, code: str) -> str:
    """``Worldwake (WWK)``: a set's English name and code (the code alone if unnamed)."""
    name = (set_table(db).codes.get(code) or {}).get("name")
    return f"{name} ({code})" if name else code


def profile_note(view: ProfileView) -> str:
    return f" ({view.profile_label})" if view.profile_label else ""


def event_date_text(view: ProfileView) -> str:
    return f" on {view.event_date}" if view.event_date else ""


def sets_text(codes: list[str]) -> str:
    """A list of set codes for a message, shortened when long."""
    if len(codes) > 14:
        return f"{len(codes)} sets ({codes[0]} … {codes[-1]})"
    return " ".join(codes)


# ---------------------------------------------------------------------------------------
# registration lists and DCI numbers (mtg.md §6)


def is_registration(deck: DeckList) -> bool:
    return any(k in deck.metadata for k in REGISTRATION_KEYS)


DCI_WEIGHTS = (43, 47, 53, 71, 73, 31, 37, 41, 59, 61, 67, 29)


def dci_check_digit(digits: str) -> int:
    """The check digit of the digits after the first (april/decklist's rule, mtg.md §6.3)."""
    total = sum(int(d) * w for d, w in zip(digits, DCI_WEIGHTS))
    return (total // 10) % 9 + 1


def dci_valid(number: str) -> bool:
    """8 or 10 digits with a correct check digit; fewer than 8 digits is an old number
    without one (valid); 9 or more than 10 digits is invalid."""
    if not number.isdigit():
        return False
    if len(number) < 8:
        return True
    if len(number) not in (8, 10):
        return False
    return int(number[0]) == dci_check_digit(number[1:])


def dci_expand(number: str) -> str:
    """An old (under 8 digits) DCI number in its 10-digit form: 1234567 -> 9051234567."""
    if len(number) >= 8:
        return number
    p = number.rjust(7, "0")
    eight = f"{dci_check_digit(p)}{p}"
    return f"{dci_check_digit('0' + eight)}0{eight}"
