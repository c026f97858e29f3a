"""Random deck lists built from the real card data, and the checks every result must pass.

Shared by the rules-level property test (``tests/engine/test_properties_rules.py``, driven by
hypothesis) and the larger run of ``bench/fuzz_rules.py`` (driven by a seeded
:class:`random.Random`): both hand :func:`random_deck` a random number generator, so the
decks are the same kind in both.

A generated deck is plain text with zone headings the text parser knows. It has:

* the format's zones and one the format does not have (when the game has one), some of
  them twice, some empty, in random order;
* cards of every kind of the game's card data (rulers, runes, heroes, mages, units …): half
  the lines take a kind that the zone usually holds (learnt from the shipped examples), half
  any kind at all, so a ruler lands in a main deck and a hero in a sideboard;
* names as players write them: the card name, another face's name (J-rulers, double-faced
  cards, Mage Knight spells), an alias, or the Chinese name;
* counts 0-99, with 0, 1000 (the largest count a list may give) and 10**6 (refused, DCK001);
* the same card on several lines and in several zones (lines draw from a small pool);
* the game's metadata lines (``Fame:``, ``Element:``, ``Expansions:`` …) with plausible and
  implausible values.

:func:`problems` lists what is wrong with one result; an empty list is a pass.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from deckcheck import carddb
from deckcheck.api import UsageError, check_text
from deckcheck.formats import all_formats, load
from deckcheck.games.base import load_game
from deckcheck.models import Card, DeckResult
from deckcheck.rules.base import get_rule

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("fow", "mtg", "wowtcg", "magewars", "mageknight")
COUNTS = [0, 0, 1, 1, 1, 2, 2, 3, 4, 4, 5, 6, 9, 10, 15, 20, 40, 60, 99, 1000, 10**6]
# values for the games' metadata keys (anything else gets a number or a word)
METADATA_VALUES = {
    "expansions": ["lost-legion", "krang", "shades-of-tezla", "ultimate", "base",
                   "lost-legion, krang", "the-moon", "全部"],
    "element": ["Fire", "Air", "Earth", "Water", "火", "Plasma", ""],
    "edition": ["original", "4th", "5th", "第四版"],
}
NUMBERS = ["0", "1", "3", "9", "17", "99", "-1", "1000000", "many"]
# Rules whose finding names a card the deck should hold but does not (the first missing card
# of an apprentice book or a starting deck, the missing second unique card): a real card of
# the game, not one of the deck.
NAMES_ABSENT_CARDS = {"MWR107", "MKN112", "MKN113"}


@dataclass
class GamePool:
    """The card data of one game, grouped for drawing."""

    game: str
    kinds: dict[str, list[Card]]                 # kind -> cards of that kind
    typical: dict[str, list[str]]                # zone -> kinds the shipped examples hold there
    names: dict[str, str] = field(default_factory=dict)   # every known name -> card name
    zone_headings: dict[str, list[str]] = field(default_factory=dict)
    metadata: dict[str, list[str]] = field(default_factory=dict)   # key -> written keys


def kind_of(card: Card) -> str:
    """A card's kind for drawing: its types (or Mage Wars kind), as one key."""
    types = card.get("types") or ()
    kind = card.get("kind")
    if kind in ("mage", "mage_stats"):
        return kind
    return "/".join(map(str, types)) or str(kind or card.get("type") or "card")


def written_names(card: Card) -> list[str]:
    """The ways a list may name ``card``: its name, other faces, aliases, Chinese names."""
    out = [card.name]
    out += [f["name"] for f in card.faces if f.get("name")]
    if card.get("powered_name"):
        out.append(str(card.get("powered_name")))
    out += [str(a) for a in (card.get("aliases") or ())][:2]
    for names in (card.get("names") or {}).values():
        out += [str(n) for n in names[:1]]
    return [n for n in dict.fromkeys(out) if n.strip() and "\n" not in n]


@lru_cache(maxsize=None)
def game_pool(game: str) -> GamePool:
    g = load_game(game)
    db = carddb.load(g.id, g.match_params)
    kinds: dict[str, list[Card]] = {}
    names: dict[str, str] = {}
    for card in db.cards:
        kinds.setdefault(kind_of(card), []).append(card)
        for n in written_names(card):
            names.setdefault(n, card.name)
    typical = _typical_kinds(game)
    headings = {z: [z] + [str(a) for a in ((g.data.get("headers") or {}).get(z) or ())][:3]
                for z in g.zones}
    meta = {k: [k.replace("_", " ").title()] + [str(a) for a in (v or ())][:2]
            for k, v in (g.data.get("metadata") or {}).items()}
    return GamePool(game, kinds, typical, names, headings, meta)


def _typical_kinds(game: str) -> dict[str, list[str]]:
    """zone -> the kinds of card the game's example lists hold in that zone."""
    seen: dict[str, Counter] = {}
    for path in sorted((ROOT / "examples" / game).rglob("*")):
        if not path.is_file() or path.suffix.lower() not in (".txt", ".fdk", ".o8d", ".dck"):
            continue
        fmt = _example_format(game, path)
        try:
            result = check_text(path.read_text(encoding="utf-8", errors="replace"), fmt,
                                path=path.name)
        except UsageError:
            continue
        for e in result.deck.entries if result.deck else ():
            if e.card is not None:
                seen.setdefault(e.zone, Counter())[kind_of(e.card)] += 1
    return {z: sorted(c) for z, c in seen.items()}


def _example_format(game: str, path: Path) -> str:
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines()[:12]:
        key, _, value = line.partition(":")
        if key.strip().lower() in ("format", "赛制", "賽制") and value.strip():
            return value.strip()
    return next(f.id for f in all_formats(game=game))


@dataclass
class Deck:
    format_id: str
    text: str
    date: str | None
    lines: int
    zones: set[str]          # zone ids the list names
    names: set[str]          # card names (as data names and as written) the list holds


def dates_for(format_id: str) -> list[str]:
    """Dates worth checking a format on: its profile dates, a day later, and two others."""
    fmt = load(format_id)
    out = ["2012-02-03", "2030-01-01"]
    for p in fmt.profiles:
        d = str(p["from"])
        out += [d, _next_day(d)]
    return sorted(set(out))


def _next_day(iso: str) -> str:
    import datetime as dt

    return (dt.date.fromisoformat(iso) + dt.timedelta(days=1)).isoformat()


def random_deck(rnd: random.Random, format_id: str, with_date: bool | None = None) -> Deck:
    """One random list for ``format_id``; ``with_date`` None: a coin decides."""
    fmt = load(format_id)
    pool = game_pool(fmt.game)
    game = load_game(fmt.game)
    fmt_zones = list(fmt.zones)
    others = [z for z in game.zones if z not in fmt.zones]
    zones = fmt_zones + ([rnd.choice(others)] if others else [])
    zones = rnd.sample(zones, len(zones)) + rnd.sample(zones, rnd.randint(0, 2))
    kinds = sorted(pool.kinds)
    # a small pool of cards per deck, so that a card comes back on other lines and zones
    deck_cards: list[Card] = []
    for _ in range(rnd.randint(1, 8)):
        zone = rnd.choice(zones)
        typical = pool.typical.get(zone) or kinds
        kind = rnd.choice(typical if rnd.random() < 0.5 else kinds)
        deck_cards.append(rnd.choice(pool.kinds[kind]))
    out: list[str] = []
    written: set[str] = set()
    for key, spellings in pool.metadata.items():
        if rnd.random() < 0.3:
            value = rnd.choice(METADATA_VALUES.get(key) or NUMBERS)
            out.append(f"{rnd.choice(spellings)}: {value}")
    for zone in zones:
        out.append(rnd.choice(pool.zone_headings.get(zone) or [zone]))
        for _ in range(rnd.randint(0, 6)):
            if rnd.random() < 0.25:      # now and then a card outside the pool
                card = rnd.choice(pool.kinds[rnd.choice(kinds)])
            else:
                card = rnd.choice(deck_cards)
            name = rnd.choice(written_names(card))
            written |= {name, card.name}
            out.append(f"{rnd.choice(COUNTS)} {name}")
        if rnd.random() < 0.2:
            out.append("")
    if with_date is None:
        with_date = rnd.random() < 0.5
    date = rnd.choice(dates_for(format_id)) if with_date else None
    text = "\n".join(out) + "\n"
    return Deck(format_id, text, date, len(out), set(zones), written)


def check(deck: Deck) -> tuple[DeckResult | None, str | None]:
    """Check a generated deck: ``(result, None)``, or ``(None, message)`` of a usage error
    that the date explains (a date before the format's first profile)."""
    try:
        return check_text(deck.text, deck.format_id, date=deck.date, path="fuzz.txt"), None
    except UsageError as exc:
        return None, str(exc)


@lru_cache(maxsize=None)
def format_refused(format_id: str, date: str | None) -> str | None:
    """The usage error that checking *any* list in this format on this date gives (a date
    before the format's first profile; a profile whose banned cards the shipped card data
    lacks, as Legacy's), or None: then a usage error is the deck's fault."""
    try:
        check_text("", format_id, date=date, path="empty.txt")
    except UsageError as exc:
        return str(exc)
    return None


def signature(result: DeckResult) -> tuple:
    """Everything a result says, for comparing two runs."""
    return (result.legal, tuple(sorted(result.counts.items())),
            tuple(repr(sorted(f.to_json().items(), key=str)) for f in result.findings))


def problems(deck: Deck, result: DeckResult | None, usage: str | None) -> list[str]:
    """What is wrong with one result; [] when it passes every check."""
    fmt = load(deck.format_id)
    if result is None:
        if usage == format_refused(deck.format_id, deck.date):
            return []
        return [f"usage error for a well-formed deck: {usage}"]
    out: list[str] = []
    if result.error is not None:
        out.append(f"result error: {result.error}")
    game = load_game(fmt.game)
    pool = game_pool(fmt.game)
    real_zones = set(game.zones) | set(game.non_deck_zones) | set(fmt.zones)
    for f in result.findings:
        where = f"{f.code} {f.message!r}"
        if f.zone is not None and f.zone not in real_zones:
            out.append(f"{where}: zone {f.zone!r} is not a zone of {fmt.game}")
        if f.card is not None:
            name = str(f.card)
            in_deck = name in deck.names or any(
                e.card is not None and e.card.name == name for e in result.deck.entries)
            if not in_deck and not (f.code in NAMES_ABSENT_CARDS and name in pool.names):
                out.append(f"{where}: card {name!r} is not a card of the deck")
        if f.line is not None and not (1 <= f.line <= deck.lines):
            out.append(f"{where}: line {f.line} is outside the list (1-{deck.lines})")
        rule = get_rule(f.code)
        template = (rule.message if rule is not None else "") or ""
        if "{" in template and f.message.startswith(template):
            out.append(f"{where}: the message template could not be filled")
    return out


def zero_line_pair(rnd: random.Random, deck: Deck, result: DeckResult
                   ) -> tuple[Deck, Deck, int] | None:
    """Two copies of the list with one more line just before a card line: ``0 <card>`` in
    one, the comment ``# 0 <card>`` in the other, at line ``n`` of both (None when no line
    holds a card). A line with the count 0 adds nothing, so the two lists must get the same
    findings apart from the notes made while reading line ``n``; placed first in its zone,
    the line also tests rules that pick "the first" entry."""
    held = [e for e in result.deck.entries
            if e.count > 0 and e.line is not None and not e.inline] if result.deck else []
    if not held:
        return None
    before = rnd.choice(held)
    pool = game_pool(load(deck.format_id).game)
    card = rnd.choice(pool.kinds[rnd.choice(sorted(pool.kinds))])
    lines = deck.text.split("\n")
    n = before.line

    def variant(line: str) -> Deck:
        text = "\n".join(lines[: n - 1] + [line] + lines[n - 1:])
        return Deck(deck.format_id, text, deck.date, deck.lines + 1, deck.zones,
                    deck.names | {card.name})

    return variant(f"0 {card.name}"), variant(f"# 0 {card.name}"), n


def findings_apart_from_line(result: DeckResult, line: int) -> list[str]:
    """The findings of a result, comparable across runs, without the notes made while
    reading ``line`` (DCK009 "adds nothing", a name read another way …)."""
    def reading_note(f) -> bool:
        rule = get_rule(f.code)
        return f.line == line and (rule is None or rule.stage == "parse")

    return sorted(repr(sorted(f.to_json().items(), key=str)) for f in result.findings
                  if not reading_note(f))
