"""The limits every parser applies to the card names it reads.

The plain-text reader refuses a line whose name no card can have itself; XML, CSV and JSON
files carry names in attributes and cells, so :func:`check_names` applies the same limits to
the entries of every parser (``deckcheck.parsing.detect`` calls it after parsing).
"""

from __future__ import annotations

import re

from deckcheck.models import DeckList
from deckcheck.parsing import phrases
from deckcheck.parsing.phrases import Said
from deckcheck.parsing.text import MAX_LINE, unparseable

_CONTROL_OR_BREAK = re.compile(r"[\x00-\x08\x0a-\x1f\x7f\x85\u2028\u2029\ud800-\udfff]")


def name_problem(name: str | None) -> Said | None:
    """Why a card name (or id) read from any file format cannot be a card's, or None.

    The plain-text reader refuses such lines itself; XML, CSV and JSON files carry names in
    attributes and cells, so :func:`check_names` applies the same limits to every parser.
    """
    if not name:
        return None
    if len(name) > MAX_LINE:
        return phrases.NAME_TOO_LONG.say(n=len(name))
    if _CONTROL_OR_BREAK.search(name):
        return phrases.NAME_CONTROL.say()
    return None


#: names, raw names and ids that passed :func:`name_problem` and are not blank: an entry
#: whose texts are all here passes :func:`check_names` (a batch repeats many); bounded
_NAMES_OK: set[str] = set()
_NAMES_OK_MAX = 16384


def check_names(deck: DeckList) -> None:
    """Turn entries whose name or id no card can have into unparseable-line findings."""
    entries = deck.entries
    # the common case in C: no ids, and every name and raw name printable ASCII (no control
    # character or line break), not blank and not too long - what the loop's first test
    # below passes entry by entry
    names = [e.name for e in entries]
    raws = [e.raw_name for e in entries]
    if names and not any(e.ref for e in entries) and None not in raws and None not in names \
            and all(map(str.strip, names)) and max(map(len, names)) <= MAX_LINE \
            and max(map(len, raws)) <= MAX_LINE:
        text = "".join(names) + "".join(raws)
        if text.isascii() and text.isprintable():
            return
    kept = []
    ok = _NAMES_OK
    for e in entries:
        name, raw = e.name, e.raw_name
        if name in ok and raw in ok and (not e.ref or e.ref in ok):
            kept.append(e)
            continue
        # printable ASCII holds no control character or line break: two C scans (the pattern
        # is searched only in other names)
        if not e.ref and name and raw is not None and len(name) <= MAX_LINE \
                and len(raw) <= MAX_LINE and name.isascii() and name.isprintable() \
                and raw.isascii() and raw.isprintable() and name.strip():
            kept.append(e)
            continue
        why = name_problem(e.raw_name) or name_problem(e.name) or name_problem(e.ref)
        if why is None and not (e.name or "").strip() and not (e.ref or "").strip():
            why = phrases.NO_CARD_NAME.say()   # an empty .fdk id, a name of blanks only
        if why is None:
            kept.append(e)
            if len(ok) >= _NAMES_OK_MAX:
                ok.clear()
            ok.update(t for t in (e.name, e.raw_name, e.ref) if t and t.strip())
            continue
        shown = _CONTROL_OR_BREAK.sub("?", (e.raw_name or e.name or e.ref or "")[:80])
        deck.findings.append(unparseable(e.line, shown, why, phrases.WRITE_CARD_NAME))
    deck.entries = kept
