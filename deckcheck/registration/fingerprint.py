"""Deck fingerprints: a short stable hash of a checked list's canonical form.

A fingerprint lets an organiser (or a judge, later) tell whether a list shown now is the list
that was registered, whatever file or spelling it comes in. It is computed from the
*resolved* deck that :func:`deckcheck.api.check_file` returns, so everything the matching
cascade forgives (line order, case, width, accents, punctuation, Chinese names, alternate and
back-face names, misspellings it resolves, the file format: text, .o8d, .fdk, .dek, .cod …)
gives the same fingerprint, while any change of a card or a count does not.

Canonical form (version 1), UTF-8 text, one item per line, ``\\n`` after every line::

    deckcheck-fingerprint 1
    game <game id>
    format <format id>
    stat <key> <value>             # only the identity-bearing game figures, see below
    zone <zone id>                 # deck zones in the game's zone order, only non-empty ones
    <count> <card identity>        # one line per card, sorted by identity (code points)

* **Card identity** is the card's English name in the card data (for double-faced cards the
  front face, which is the record's ``name``). When the data has several records with that
  name (a few Force of Will cards), `` #<record id>`` is appended so they stay apart.
* A line that did not resolve to one card (unknown or ambiguous name) is ``?<key>``, the
  written name folded by :func:`deckcheck.matching.normalise.key`: the list still has one
  fingerprint, and :attr:`Fingerprint.complete` is False.
* Counts of the same identity in one zone are added up (``2 X`` + ``2 X`` = ``4 X``);
  identities whose total is 0 or less are left out.
* Zones the game does not count as deck zones (``non_deck_zones``: MTG tokens and maybeboard,
  Mage Knight units) and lines the game set aside (MTG checklist lines that count toward
  nothing) are not part of the list. Metadata (deck name, player, event) is not either.
* A game's descriptor names the figures of its ``stats`` that belong to the list itself
  (``fingerprint_stats``): the Mage Wars Wizard's declared element (it changes every spell's
  cost).
* The event date and the format's dated profile are not included: the same list is the same
  list on any date.

The fingerprint is the SHA-256 of the canonical form: its first 16 hex digits in four groups,
e.g. ``3f9a-0c12-77be-d410``. :func:`parse_fingerprint` accepts that form in any case, with
or without hyphens or spaces, or the whole 64-digit digest.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from deckcheck.games.registry import descriptor

if TYPE_CHECKING:
    from deckcheck.models import DeckResult

VERSION = 1
SHORT_DIGITS = 16

#: game id -> keys of ``DeckResult.stats`` that are part of the list's identity

_SEPARATORS = re.compile(r"[\s\-]+")


class FingerprintError(Exception):
    """The deck has no fingerprint (not checked) or a written fingerprint is malformed."""


@dataclass(slots=True)
class Fingerprint:
    short: str                       # "3f9a-0c12-77be-d410"
    digest: str                      # the full SHA-256, 64 hex digits
    canonical: str                   # the canonical form that was hashed
    complete: bool = True            # every line resolved to one card
    unresolved: int = 0              # lines (entries) that did not
    zones: dict[str, list[tuple[int, str]]] = field(default_factory=dict)

    def matches(self, written: str) -> bool:
        value = parse_fingerprint(written)
        return self.digest == value if len(value) == 64 else self.digest.startswith(value)


def parse_fingerprint(text: str) -> str:
    """A written fingerprint as bare lower-case hex (16 or 64 digits)."""
    value = _SEPARATORS.sub("", str(text or "")).lower()
    if len(value) not in (SHORT_DIGITS, 64) or any(c not in "0123456789abcdef" for c in value):
        shown = str(text).strip()[:80]
        raise FingerprintError(f"{shown!r} is not a deck fingerprint; it has 16 hex digits in "
                               "four groups, e.g. 3f9a-0c12-77be-d410 (as `deckcheck "
                               "fingerprint` prints it)")
    return value


def short_form(digest: str) -> str:
    head = digest[:SHORT_DIGITS]
    return "-".join(head[i:i + 4] for i in range(0, SHORT_DIGITS, 4))


def fingerprint(result: "DeckResult") -> Fingerprint:
    """The fingerprint of a checked deck (``result.error`` set: :class:`FingerprintError`)."""
    if result.error is not None or result.deck is None or not result.game or not result.format:
        raise FingerprintError(f"{result.path}: the list could not be read, so it has no "
                               f"fingerprint ({result.error or 'no deck'})")
    from deckcheck.games.base import load_game
    from deckcheck.matching.normalise import key

    game = load_game(result.game)
    shared = _shared_names(game)
    zones: dict[str, dict[str, int]] = {}
    unresolved = 0
    for e in result.deck.entries:
        if e.zone in game.non_deck_zones:
            continue
        if e.card is not None:
            ident = e.card.name
            if ident in shared:
                ident = f"{ident} #{e.card.id}"
        else:
            unresolved += 1
            ident = "?" + key(e.name or e.raw_name or "")
        bucket = zones.setdefault(e.zone, {})
        bucket[ident] = bucket.get(ident, 0) + int(e.count)
    lines = [f"deckcheck-fingerprint {VERSION}", f"game {result.game}", f"format {result.format}"]
    d = descriptor(result.game) if result.game else None
    for stat in d.fingerprint_stats if d is not None else ():
        value = (result.stats or {}).get(stat)
        if value not in (None, ""):
            lines.append(f"stat {stat} {_one_line(value)}")
    ordered: dict[str, list[tuple[int, str]]] = {}
    for zone in sorted(zones, key=lambda z: (game.zone_order(z), z)):
        cards = sorted((ident, n) for ident, n in zones[zone].items() if n > 0)
        if not cards:
            continue
        ordered[zone] = [(n, ident) for ident, n in cards]
        lines.append(f"zone {zone}")
        lines += [f"{n} {_one_line(ident)}" for ident, n in cards]
    canonical = "\n".join(lines) + "\n"
    digest = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    return Fingerprint(short=short_form(digest), digest=digest, canonical=canonical,
                       complete=unresolved == 0, unresolved=unresolved, zones=ordered)


def _one_line(value: object) -> str:
    return " ".join(str(value).split())


_SHARED: dict[int, frozenset[str]] = {}


def _shared_names(game) -> frozenset[str]:
    """English names that more than one record of the game's card data carries."""
    from deckcheck import carddb

    db = carddb.load(game.id, game.match_params)
    names = _SHARED.get(id(db))
    if names is None:
        seen: set[str] = set()
        dup: set[str] = set()
        for card in db.cards:
            (dup if card.name in seen else seen).add(card.name)
        names = _SHARED[id(db)] = frozenset(dup)
    return names
