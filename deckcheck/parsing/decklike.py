"""Is a file a deck list at all? Decided by the shape of its lines, not by card names.

A folder of deck lists also holds notes, rosters, READMEs and, through a link a pull request
planted, maybe a ``.git/config`` with a CI token in it. Read as a deck, each of those lines
would be quoted back as an unknown card in every report. :func:`not_a_deck_list` looks at
the lines first and says why a file is no deck list, in words that quote nothing of it.

A file is a deck list when a deck program's format recognises its content (OCTGN, fowpro,
Cockatrice, MTGO, Forge, CSV exports with a card-name header …; the file name's extension
alone does not count), or when enough of its lines read as deck lines:

* **deck lines** — a count and a name (``4 Lightning Bolt``, ``Name x4``, ``2张 X``), a zone
  or type heading of any game (``Sideboard``, ``备牌``, ``--- Attack ---``), a metadata line
  (``Format: …``, ``Player: …``) or a one-line zone entry (``Ruler: X``);
* **bare names** — a line that could be a card's name written without a count (Mage Wars
  books and Commander lists are written that way): a dozen words at most, no sentence;
* **foreign lines** — what no deck line holds: ``key = value`` settings and other code
  punctuation (``= { } < > | \\ ; ```), web and e-mail addresses, ``[section]`` headers of INI files,
  CSV rows, JSON keys, sentences of prose;
* comments, separators, totals and forum markup count for neither side, and neither do
  overlong lines unless they start with a count (the reader reports those, shortened).

Whether the names are known cards plays no part: a list of cards deckcheck does not know yet
is still a deck list, and is checked (and fails with unknown-card findings). One shape alone
is told by its names: rows of a name, a small number and a word with no header are a roster
(``Alice Smith,2,Grimm``) or a card export (``Counterspell,4,Ice Age``); they are a card
list when most names of the first column are cards of one game.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

from deckcheck.matching import normalise
from deckcheck.parsing.text import (CSV_CARD_ROW, MAX_COUNT, MAX_LINE, _BRACKET_TAG, _BULLET,
                                    _CONTROL, _HALF_WIDTH, _HEADER_DECOR, _MARKUP,
                                    _SEPARATOR, _TOTAL_LINE, key_value, parse_card_text,
                                    simple_line, without_header_count)
from deckcheck.reading import split_lines

#: no card name holds these; a line with one is code, a setting or markup
_CODE_CHARS = re.compile(r"[={}<>|\\;`]|://")
#: "alice@example.com": no card name holds an e-mail address
_EMAIL = re.compile(r"[\w.+-]@[\w-]++\.[A-Za-z]{2}")
#: "[core]", "[remote "origin"]", "[tool.pytest]": a section of an INI or TOML file
_INI_SECTION = re.compile(r'^\[(?:[a-z0-9_.-]++(?:[ \t]++"[^"]*+")?+|[^\]"]*+"[^"]*+"[^\]]*+)\]$')
#: '"name": …' — a key of a JSON (or quoted YAML) document
_JSON_KEY = re.compile(r'^"[^"]*+"[ \t]*+:')
#: "max_players:", "on-push: true": a lower-case identifier as a key (YAML, TOML, env files)
_IDENT_KEY = re.compile(r"^[a-z][a-z0-9]*+(?:[_.-][a-z0-9]++)++[ \t]*+:"
                        r"|^[a-z][a-z0-9]*+:(?:[ \t]|$)")
#: "print(path)", "def main():", "main()": a call or definition in source code (a set code in
#: brackets, "Ram(THS)", is not one)
_CALL = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*+\((?![A-Z0-9]{2,6}\))[^()]*+\)[:;,]?$")
#: "import os", "return 0", "const x": a statement of a programming language (in lower case:
#: "Return to Dust" and "From Beyond" are cards)
_STATEMENT = re.compile(r"^(?:import|from|def|class|return|elif|else|except|try|finally|while|"
                        r"const|let|var|function|export|package|public|private|static|void|"
                        r"fn|use|#include|#define)(?:[ \t]++[a-z_.*\d\"']|[ \t]*+[:({]|$)")
#: a field separator of a table export: a comma or tab with no blank after it
_TIGHT_SEPARATOR = re.compile(r",(?=[^ \t])|\t")
_WORD = re.compile(r"[^\W\d_][\w'’-]*")
#: small words that stay in lower case in title-case card names
_SMALL_WORDS = frozenset(
    "a an and as at be by de del der des di du el en for from in into is it la le les los "
    "nor not o of on or over than the then through to under upon van via von vs with".split())
#: a bare name has at most this many words (the longest card names have eleven)
MAX_NAME_WORDS = 12

_FOREIGN_KINDS = {
    "code": "settings or code",
    "address": "web or e-mail addresses",
    "section": "[section] headers of a settings file",
    "table": "comma- or tab-separated table rows",
    "key": "keys of a data file",
    "prose": "sentences of prose",
}


@dataclass(slots=True)
class LineCensus:
    """How many lines of a file read as deck lines, bare names and foreign lines."""

    deck: int = 0
    bare: int = 0
    foreign: int = 0
    kinds: dict[str, int] = field(default_factory=dict)   # foreign kind -> lines

    def add_foreign(self, kind: str) -> None:
        self.foreign += 1
        self.kinds[kind] = self.kinds.get(kind, 0) + 1


@dataclass(frozen=True, slots=True)
class _Vocabulary:
    """Every game's zone and type headings and metadata keys (normalised keys)."""

    headings: frozenset[str]
    metadata: frozenset[str]


@lru_cache(maxsize=1)
def _vocabulary() -> _Vocabulary:
    # the games' data alone (no game module is imported): cheap, and the same for every file
    from deckcheck.formats import FormatError, game_definition, game_ids
    from deckcheck.games.base import Game
    from deckcheck.matching import normalise

    headings: set[str] = set()
    metadata: set[str] = set()
    for game_id in game_ids():
        try:
            data = game_definition(game_id)
        except FormatError:
            continue
        game = Game(dict(data, id=game_id))
        headings.update(game.header_map)
        headings.update(game.hint_map)
        for type_, words in (data.get("type_headers") or {}).items():
            headings.update(normalise.key(str(w)) for w in [type_, *(words or ())])
        metadata.update(game.metadata_map)
    headings.discard("")
    metadata.discard("")
    return _Vocabulary(frozenset(headings), frozenset(metadata))


@lru_cache(maxsize=4)
def _reads_simple_lines(vocab: _Vocabulary) -> bool:
    """Whether the reader's :func:`~deckcheck.parsing.text.simple_line` may stand for the
    census's reading: no heading key starts with a digit (a simple line's key does)."""
    return not any(k[:1].isdigit() for k in vocab.headings)


def _key(text: str) -> str:
    return normalise.key(text)


@lru_cache(maxsize=1)
def _detectors() -> tuple[tuple[str, Callable[[str, str], bool]], ...]:
    """Every game's deck-file detectors, then the shared OCTGN and fowpro ones."""
    from deckcheck.formats import FormatError, game_ids
    from deckcheck.games.base import load_game
    from deckcheck.games.registry import shared_parsers
    from deckcheck.parsing.o8d import looks_like_o8d

    out: list[tuple[str, Callable[[str, str], bool]]] = [
        ("o8d", lambda path, text: looks_like_o8d(text))]
    out += [(name, detect) for _game, name, detect, _parse in shared_parsers()]
    for game_id in game_ids():
        try:
            parsers = load_game(game_id).parsers
        except FormatError:
            continue
        out.extend((name, detect) for name, (detect, _) in parsers.items())
    return tuple(out)


def known_deck_format(text: str) -> str | None:
    """The deck program format whose content ``text`` has, or None; the extension of the
    file's name is not consulted (any file can be named ``.csv`` or ``.deck``)."""
    for name, detect in _detectors():
        if detect("<content>", text):   # no suffix: the content alone decides
            return name
    return None


def census(text: str, until_decided: bool = False) -> LineCensus:
    """Sort every non-blank line of ``text`` into deck lines, bare names and foreign lines.

    ``until_decided``: stop as soon as a deck line has been read and the entries outnumber
    the foreign lines by more than the lines left (the answer of :func:`not_a_deck_list`
    can no longer change); the counts then cover the lines read so far."""
    vocab = _vocabulary()
    out = LineCensus()
    lines = split_lines(text)
    left = len(lines)
    known = _KINDS if _KINDS_OF[0] is vocab else {}
    simple_lines = _reads_simple_lines(vocab)
    deck = bare = 0   # out.deck and out.bare, counted in locals (the loop's hot path)
    for raw in lines:
        left -= 1
        if until_decided and deck and deck + bare > out.foreign + left + 1:
            break
        line = raw.strip()
        if line[:1] == "\ufeff":
            line = line.lstrip("\ufeff").strip("\u3000 \t")
        if not line:
            continue
        simple = simple_line(line) if simple_lines else None
        if simple is not None:   # "4 Island": the reader's reading of it (no pattern applies)
            if simple.total:
                continue
            # fewer than five blanks: fewer than six words, never prose (_name_kind)
            kind = "deck" if simple.entry.raw_name.count(" ") < 5 \
                else _name_kind(simple.entry.raw_name, counted=True)
        else:
            kind = known.get(line, _UNREAD)   # a line read before: its kind without a call
            if kind is _UNREAD:
                kind = _line_kind_cached(line, vocab)
        if kind == "deck":
            deck += 1
        elif kind == "bare":
            bare += 1
        elif kind is not None:
            out.add_foreign(kind)
    out.deck, out.bare = deck, bare
    return out


#: line -> its kind, for the vocabulary ``_KINDS_OF``: a line's kind depends on nothing else,
#: and the lists of a batch share many lines; bounded
_KINDS: dict[str, str | None] = {}
_KINDS_OF: list = [None]
_KINDS_MAX = 16384
_UNREAD = object()


def _line_kind_cached(line: str, vocab: _Vocabulary) -> str | None:
    if _KINDS_OF[0] is not vocab:
        _KINDS.clear()
        _KINDS_OF[0] = vocab
    kind = _KINDS.get(line, _UNREAD)
    if kind is not _UNREAD:
        return kind
    kind = _line_kind(line, vocab)
    if len(_KINDS) >= _KINDS_MAX:
        _KINDS.clear()
    _KINDS[line] = kind
    return kind


def _line_kind(line: str, vocab: _Vocabulary) -> str | None:
    """``deck``, ``bare``, a foreign kind (a key of :data:`_FOREIGN_KINDS`) or None (a
    comment, separator, total or markup: neither side)."""
    simple = simple_line(line) if _reads_simple_lines(vocab) else None
    if simple is not None:   # "4 Island": the reader's reading of it (no pattern below applies)
        return None if simple.total else _name_kind(simple.entry.raw_name, counted=True)
    if len(line) > MAX_LINE:   # the reader reports it (shortened); a count makes it an entry
        return "deck" if line[:1].isdigit() else None
    line = _CONTROL.sub(" ", line)   # the reader reports these too, shown escaped
    if _SEPARATOR.match(line):
        return None
    if not line.isascii():   # every full-width form is outside ASCII
        line = line.translate(_HALF_WIDTH)
    is_comment = line.startswith(("#", "//"))
    decorated = _HEADER_DECOR.sub("", line) if line.startswith(("#", "//", "-", "=", "*")) \
        else line
    # a heading of any game, as the text reader strips it: "Sideboard (15):", "[Creatures]"
    undecorated = decorated.strip("[]【】 ") if _BRACKET_TAG.match(decorated) else decorated
    bare = without_header_count(undecorated).strip().rstrip(":：").strip().lstrip("/")
    if bare and _key(bare) in vocab.headings:
        return "deck"
    if is_comment:
        return None
    if _BRACKET_TAG.match(decorated) and ("/" in decorated[:2]
                                          or decorated.strip("[]/ ").casefold() in _MARKUP):
        return None                      # forum markup: "[cardlist]", "[/Creatures]"
    if _INI_SECTION.match(line):
        return "section"
    m = key_value(line)
    if m and m.group("rest").strip():
        key = _key(m.group("key"))
        if key in vocab.metadata:       # "Format: fow-classic", "Player: …" (any value)
            return "deck"
        if key in vocab.headings:       # "Ruler: Alice", "SB: 2 Negate"
            return "prose" if _name_kind(m.group("rest").strip(), False) == "prose" else "deck"
    if "://" in line or ("@" in line and _EMAIL.search(line)):
        return "address"
    if _JSON_KEY.match(line) or _IDENT_KEY.match(line):
        return "key"
    if _CODE_CHARS.search(line) or ("(" in line and _CALL.search(line)) \
            or _STATEMENT.match(line):
        return "code"
    if len(_TIGHT_SEPARATOR.findall(line)) >= 2:
        return "deck" if _is_card_row(line) else "table"
    if _TOTAL_LINE.match(line):
        return None
    body = _BULLET.sub("", line).strip()
    parsed = parse_card_text(body)
    if isinstance(parsed, str):         # "4.5 Island", "-1 Forest": a count, but a bad one
        return _name_kind(body, counted=True) if body[:1].isdigit() or body[:1] in "+-" \
            else "prose"
    return _name_kind(parsed.raw_name, counted=not parsed.implicit)


def _is_card_row(line: str) -> bool:
    """A row of a card export: a name, then a plausible count ('"Flash Heal",4,SW,…')."""
    m = CSV_CARD_ROW.match(line)
    if not m:
        return False
    count = m.group(0).rstrip(", \t").rsplit(",", 1)[-1].strip()
    return count.isdigit() and int(count) <= MAX_COUNT


def _name_kind(name: str, counted: bool) -> str | None:
    """``deck`` (counted) or ``bare`` when ``name`` can be a card's name, ``prose`` when it
    cannot, None when it holds no word at all.

    A counted line is a deck line unless its "name" is plainly a sentence; a bare line must
    also not read like prose in lower case (``Ask Bob about the date``), since card names are
    written in title case (``Rapunzel, the Long-Haired Princess``) or in Chinese.
    """
    words = _WORD.findall(name)
    if not words:                       # "100.", "2012-02-03": a number, no name
        return None
    if len(name.split()) > MAX_NAME_WORDS:
        return "prose"
    if "。" in name or "，" in name:
        return "prose"
    if len(words) >= 5 and name.endswith(".") and not name.endswith(".."):
        return "prose"
    if counted and len(words) < 6:   # (the count of lower-case words cannot matter)
        return "deck"
    lower = sum(1 for w in words if w[0].islower() and w.casefold() not in _SMALL_WORDS)
    if counted:   # a player may type names in lower case: only a long run of words is prose
        return "prose" if len(words) >= 6 and lower >= 3 else "deck"
    if len(words) >= 4 and lower >= 2:
        return "prose"
    if len(words) >= 3 and name.endswith(".") and not name.endswith(".."):
        return "prose"
    return "bare"


#: the columns of a deck program's table export (folded: lower case, no blanks or marks):
#: a card-name column and a count column make a table a deck list; a table whose header has
#: a name column and otherwise only such columns is one too (one copy a row)
_NAME_COLUMNS = frozenset(("name", "cardname", "card", "卡名", "卡牌", "名称", "名稱"))
_COUNT_COLUMNS = frozenset(("count", "quantity", "qty", "amount", "copies", "number",
                            "数量", "數量", "张数", "張數"))
_EXPORT_COLUMNS = frozenset(("edition", "set", "setcode", "editioncode", "setname", "expansion",
                             "collectornumber", "cardnumber", "collectorsnumber", "cn", "board",
                             "section", "category", "categories", "zone", "language", "lang",
                             "type", "block", "rarity", "foil", "condition", "id", "cardid"))


#: a cell no deck export has: an e-mail address or a file's name ("decks/alice.txt")
_EMAIL_CELL = re.compile(r"^[^@\s\"]++@[^@\s\"]++\.[A-Za-z]{2,}$")
_FILE_SUFFIXES = frozenset((".txt", ".dec", ".deck", ".dek", ".o8d", ".csv", ".dck", ".cod",
                            ".fdk", ".mwdeck", ".json", ".md", ".pdf"))


def _roster_cell(cell: str) -> bool:
    """An e-mail address or a file's name: a cell no deck export has."""
    if not cell or " " in cell:
        return False
    return bool(_EMAIL_CELL.match(cell)) or os.path.splitext(cell)[1].lower() in _FILE_SUFFIXES


#: a set code in a card export's row: "SW", "HoA", "M12", "DKA" (two capitals or a digit)
_SET_CODE = re.compile(r"^(?=[A-Za-z]*[0-9]|(?:[a-z0-9]*+[A-Z]){2})[A-Za-z0-9]{2,6}$")
#: a person's name as rosters write it: one to four capitalised words ("Alice Smith",
#: "Jean-Luc O'Neil", "Ana de la Cruz": only a surname's particles in lower case), letters
#: only; a card's name has other small words ("Delver of Secrets", "Ring of the Tides")
_NAME_WORD = r"(?:[^\W\d_a-z][^\W\d_]*+(?:[-'’][^\W\d_]++)*+\.?|(?:van|von|de|der|del|la|le|da|di|du|bin|ibn))"
_PERSON = re.compile(rf"^{_NAME_WORD}(?:[ ]++{_NAME_WORD}){{0,3}}$")


def _seat_roster(table: list[list[str]]) -> bool:
    """Rows of a roster with no header: a person's name, a number (seat, table or points)
    and a deck's name (``Alice Smith,2,Grimm``). A header-less card export has the same
    name-and-count start, but what follows is its set code (``Flash Heal,4,SW``) or more
    columns (type, rarity …): three columns, every name a person's shape, every count a
    small number and no column of set codes, card types or numbers after it."""
    if len(table[0]) != 3:
        return False
    names, numbers, decks = zip(*table)
    headings = _vocabulary().headings
    return (all(n[:1].isupper() and _PERSON.match(n) for n in names)
            and all(c.isdigit() and len(c) <= 3 for c in numbers)
            and all(d and not d.isdigit() for d in decks)
            and not all(_SET_CODE.match(d) for d in decks)
            and not any(_key(d) in headings for d in decks))   # a card type: "Land", "Hero"


def _names_cards(names: list[str]) -> bool:
    """Whether more than half of ``names`` are the names of cards of one game (exact or
    normalised): the first column of a header-less card export, not a roster's players.
    Asked only of a table a roster's shape, so the card data is loaded for it alone."""
    from deckcheck import carddb
    from deckcheck.formats import FormatError
    from deckcheck.games.base import load_game
    from deckcheck.games.registry import game_ids

    for gid in game_ids():
        try:
            index = carddb.load(gid, load_game(gid).match_params).index
        except (carddb.CardDataError, FormatError, OSError):
            continue        # a game's data missing or broken: its names are not known
        known = 0
        for name in names:
            hit = index.lookup_exact(name)
            known += hit is not None and hit.card is not None
        if 2 * known > len(names):
            return True
    return False


_ROSTER = "a table with a column of e-mail addresses or file names (a roster), not cards"
_SEAT_ROSTER = ("a table of names, numbers and deck names with no header (a roster), "
                "not cards")
_NO_DECK_COLUMNS = "a table whose first row names no card-name and count columns"


def _table_without_deck_columns(text: str) -> str | None:
    """Why a table is no deck list, or None: a column whose every row below the first is
    an e-mail address or a file's name (a roster, with or without a header:
    ``Alice Smith,alice@example.com,Grimm deck``); or a first row that is a header of words
    ("Name,Round,Deck") naming no card-name column, or a name column beside columns no deck
    export has and no count column. A header is two or more short cells split by one
    delimiter (``,``, ``;`` or a tab), none a number and none with a colon, over rows with
    as many cells."""
    rows = [ln.strip() for ln in split_lines(text[:65536]) if ln.strip()][:6]
    if len(rows) < 2 or any(len(r) > MAX_LINE for r in rows):
        return None
    delim = max((",", ";", "\t"), key=rows[0].count)
    n = rows[0].count(delim)
    if n == 0 or any(r.count(delim) != n for r in rows[1:]):
        return None
    table = [[c.strip().strip('"').strip() for c in r.split(delim)] for r in rows]
    if any(all(_roster_cell(row[i]) for row in table[1:]) for i in range(n + 1)):
        return _ROSTER
    if _seat_roster(table) and not _names_cards([row[0] for row in table]):
        return _SEAT_ROSTER
    if ":" in rows[0] or "：" in rows[0]:
        return None
    cells = table[0]
    if any(not c or len(c) > 30 or c.isdigit() for c in cells):
        return None
    keys = {_key(c) for c in cells}
    if not keys & _NAME_COLUMNS or (not keys & _COUNT_COLUMNS
                                    and keys - _NAME_COLUMNS - _EXPORT_COLUMNS):
        return _NO_DECK_COLUMNS
    return None


#: extensions whose reader parses XML or JSON and reports its own errors, quoting no line
STRUCTURED = {".o8d": "<", ".cod": "<", ".dek": "<", ".fdk": "{["}


def not_a_deck_list(text: str, path: str = "") -> str | None:
    """Why ``text`` is no deck list (a phrase that quotes nothing of it), or None when it is
    one. See the module docstring for the shapes counted.

    A file named ``path`` with the extension of an XML or JSON deck format whose content is
    XML or JSON is left to that format's reader (it refuses unsafe or malformed documents
    with its own message).
    """
    starts = STRUCTURED.get(os.path.splitext(path)[1].lower())
    if starts and text.lstrip("\ufeff \t\r\n")[:1] in tuple(starts):
        return None
    if _mostly_card_lines(text):
        return _table_without_deck_columns(text)   # what the census would decide
    c = census(text, until_decided=True)
    entries = c.deck + c.bare
    # the deck programs' detectors are asked only when the census leaves it open (most
    # lists are decided by their lines: they then need no detector, nor its game's modules)
    if c.deck == 0 and c.bare and c.foreign and known_deck_format(text) is None:
        # no count, heading or metadata anywhere, and a sentence among the short lines:
        # notes ("Bring sleeves." / "Round 3 vs Alice" / "Ask Bob about the date.")
        return f"no line has a count, a zone heading or a metadata key; {_kinds(c)}"
    if entries > c.foreign or known_deck_format(text) is not None:
        # a roster's rows read as "name,count,…"
        return _table_without_deck_columns(text)
    if entries == 0:
        why = "no line reads as a card entry or zone heading"
        return f"{why}; {_kinds(c)}" if c.foreign else why
    # foreign lines are rare in a deck list (a note, a link): a file needs more entries
    return f"{c.foreign} of {c.foreign + entries} lines are not deck lines; {_kinds(c)}"


#: a line the census reads as a deck line without a doubt: a simple card line
#: (:data:`~deckcheck.parsing.text._SIMPLE_LINE`) of at most five words that is no stated
#: total ("60 Cards"), between blanks and tabs
_SHORT_CARD_LINE = re.compile(
    r"^[ \t]*+\d{1,3} (?![xX](?: |$))(?!(?i:cards?|cartas?|pts|points|sbp)[ \t]*+$)"
    r"[A-Za-z][A-Za-z'-]*+(?:,?+ [A-Za-z'-]++){0,4}+[ \t]*+$", re.MULTILINE)


def _mostly_card_lines(text: str) -> bool:
    """Whether the short card lines alone outnumber all other lines by more than one, blank
    ones included: then the census (which counts each as a deck line) finds more entries than
    foreign lines whatever the other lines are - one scan in C instead of its loop, for most
    lists. False when the census must decide (a vocabulary with a heading of digits reads
    such a line otherwise)."""
    if not _reads_simple_lines(_vocabulary()):
        return False
    lines = text.count("\n") + text.count("\r") + 1   # at least split_lines's count
    short = len(_SHORT_CARD_LINE.findall(text))
    return 2 * short > lines + 1


def _kinds(c: LineCensus) -> str:
    parts = sorted(c.kinds.items(), key=lambda kv: -kv[1])
    return "its lines read as " + ", ".join(_FOREIGN_KINDS[k] for k, _ in parts[:3])
