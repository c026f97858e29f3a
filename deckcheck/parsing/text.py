"""The plain-text deck syntax every game accepts (design §4).

Each line becomes exactly one of: a blank, a comment, a metadata line (``Format: …``), a
zone header (``Main Deck``, ``备牌``, ``--- Attack ---``), a type-hint header that keeps
or sets the zone (``Creatures (12)``), a one-line zone entry (``Ruler: X``, ``SB: 2 X``),
a card entry (``4 X``, ``4x X``, ``4 x X``, ``X x4``, ``X ×2``, ``2张 X``, ``2 - X``, or a
bare name = 1), or an unparseable-line finding with its line number. Nothing is dropped.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from deckcheck.games.base import Game
from deckcheck.models import DeckList, Entry, Finding
from deckcheck.parsing import phrases
from deckcheck.parsing.blocks import blank_line_split
# the card text's syntax, also imported from here by the games' readers
from deckcheck.parsing.cardtext import (_HALF_WIDTH, MAX_COUNT, MAX_LINE, ParsedName,  # noqa: F401
                                        parse_card_text, split_printing)
from deckcheck.parsing.headcounts import stated_groups
from deckcheck.parsing.phrases import Phrase, Said, said
from deckcheck.parsing.sitetext import is_site_text, site_text_note
from deckcheck.parsing.totals import _whole_total, not_a_card
from deckcheck.reading import SourceText, split_lines
from deckcheck.rules.core import DuplicateMetadata, UnparseableLine

# Patterns run on every line a stranger sends, so none may backtrack super-linearly: a run of
# blanks or digits is taken whole by a possessive quantifier (``\s*+``, ``\d++``) where giving
# part of it back could never help, and a lazy name stops only after a non-blank (``.*?\S``).
# tests/hostile/test_regex_audit.py checks every pattern of the package for these shapes.
# where a row of a multi-column layout flattened into one line starts its next entry:
# "2 Island 1 Forest 1 Plains"
_NEXT_ENTRY = re.compile(r"\s++(?=\d{1,3}[xX×]?\s++[^\W\d_])")
_HEADER_DECOR = re.compile(r"^[-=#/*\s]+|[-=#/*\s]+$")
# a count after a header: "Creatures (12)", "Side Deck: 15", "主牌（60张）", "Sideboard 15". It is
# searched for (``sub``), so it starts only where no blank precedes (the leftmost match never
# starts inside a run of blanks) and "Sideboard 15" is "(?<=\s)\d++" after the blanks
_HEADER_COUNT = re.compile(
    r"(?<!\s)\s*+[:：]?\s*+(?:[(\[（【]\s*+(?:共\s*+)?\d++(?:\s*+(?:of|/)\s*+\d++)?"
    r"\s*+(?:张|張|点|點|枚|cards?|pts)?\s*+[)\]）】]|[:：]\s*+(?:共\s*+)?\d++\s*+(?:张|張|点|點|枚)?"
    r"|(?<=\s)\d++)\s*+[:：]?$", re.IGNORECASE)
#: the last character of a text _HEADER_COUNT matches in (before blanks and a colon)
_COUNT_END = frozenset(")]）】张張点點枚")


def without_header_count(text: str) -> str:
    """``_HEADER_COUNT.sub("", text)``, searched for only when the text ends as a count does
    (a digit, a closing bracket or a counter word before blanks and a colon): most lines
    do not, and the search tries every position (3 µs a line)."""
    tail = text.rstrip().rstrip(":：").rstrip()
    if not tail or not (tail[-1].isdigit() or tail[-1] in _COUNT_END):
        return text
    return _HEADER_COUNT.sub("", text)


#: what makes a heading's number something else than its count of cards: points, "25 of 41"
_NOT_A_CARD_COUNT = re.compile(r"of|/|pts|点|點", re.IGNORECASE)


def _stated(text: str, uncounted: str) -> int | None:
    """The number of cards a heading says are under it ("Creatures (12)", "主牌（60张）"), from
    the heading and what is left of it without its count; None for no count, points or
    "(25 of 41)"."""
    if uncounted is text:          # without_header_count found no count
        return None
    tail = text[len(uncounted):]
    digits = [] if _NOT_A_CARD_COUNT.search(tail) else _DIGITS.findall(tail)
    return int(digits[0]) if len(digits) == 1 else None


_DIGITS = re.compile(r"\d++")


def key_value(text: str) -> re.Match | None:
    """``_KEY_VALUE.match(text)``; a text without a colon has no key."""
    return _KEY_VALUE.match(text) if ":" in text or "：" in text else None
# lines that state a total instead of listing a card: "60 Cards", "Total – 31",
# "Grand Total: 60", "Total cards in deck: 60", "Total SBP 120", "Spell points: 27/120",
# "60 Cartas" (a Spanish page), "(15)" (a heading's count on the line under it)
_TOTAL_LINE = re.compile(
    r"^(?:(?:grand\s++)?total\b.*|(?:spell\s*+(?:book)?\s*+)?points\b.*\d.*+|sbp\b.*|"
    r"[(（]\d++[)）]|\d++\s*+(?:cards?|cartas?|pts|points|sbp)\.?(?:\s*+[,，]\s*+\d++\s*+sideboard(?:\s++cards?)?)?|cards?(?:\s++in\s++(?:the\s++)?deck)?\s*+[:：]\s*+\d++|"
    r"(?:合计|合計|总计|總計|共计|共計|总数|總數|小计|小計).*\d.*+|"
    r"[(（]?[^\d(（]{0,8}共\s*+\d++.*)$", re.IGNORECASE)
# a note in brackets after a heading: "Rune Deck: (10 Divinity)" (the heading is read when
# what is left is one; the note is part of the heading, not a card)
_HEADER_NOTE = re.compile(r"\s*+[:：]?\s*+[(\[（【][^()\[\]（）【】]{1,60}[)\]）】]$")
_NOTE_CLOSE = ")]）】"
# a decorated heading glued to the card after it: "-Lands (25)- 4 《Dark Confidant》"
_GLUED = re.compile(r"^(?P<head>[-=]++[^-=\d][^-=]{0,40}+[-=]++)\s++(?P<rest>\S.*+)$")
# a zone heading, a dash, then its card: "Hero - [Boarguts the Impaler]"
_DASH_KEY = re.compile(r"^(?P<key>[^-–—\d\s][^-–—]{0,30}?)\s++[-–—]\s++(?P<rest>\S.*+)$")
# a note after a heading's dash, not its card: "Sideboard - vs Control", "Side – for the
# mirror", "Sideboard — against aggro", "Banquillo - contra control" ("for" in lower case:
# "Sideboard - For Mirrodin!" is that card)
_DASH_NOTE = re.compile(r"^(?:vs\.?|v\.|versus|against|contra|(?-i:for\s++[a-z])|"
                        r"if\s|when\s|post[- ]?board|sideboard\s++plan|plan\b)", re.IGNORECASE)
_COUNT_THEN_WORDS = re.compile(r"^\d+\s+(?P<words>[^\d].*)$")
_KEY_VALUE = re.compile(r"^(?P<key>[^:：]{1,40}?)\s*+[:：]\s*+(?P<rest>.*)$")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_SEVERAL_ENTRIES = re.compile(r"\s\d++(?:\s*+[xX×]\s++|\s++)[^\W\d_]")
_BULLET = re.compile(r"^[-*•·]\s+")
_TRAILING_COMMENT = re.compile(r"\s+#\s.*$")
_SEPARATOR = re.compile(r"^[-=*_~—─━＝＊～・·.\s]{3,}$")
_BRACKET_TAG = re.compile(r"^\[/?[^\[\]\d]+\]$")   # "[Creatures]", "[/Creatures]", "[cardlist]"
#: a row of a card export: a name (quoted or not), then a count ('"Flash Heal",4,SW,…'); blanks
#: within the line only, and possessive (a long run of blanks is not split in every way)
CSV_CARD_ROW = re.compile(r'^[ \t]*+(?:"(?:[^"]|"")*+"|[^,"\n]++)[ \t]*,[ \t]*\d+[ \t]*,',
                          re.MULTILINE)
_MARKUP = {"cardlist", "deck", "decklist", "list", "spoiler", "code", "quote", "b", "i", "u",
           "center", "left", "right", "size", "color"}



def unparseable(line: int | None, text: str, why: Phrase | Said, fix: Phrase | Said) -> Finding:
    """DCK001: a line that cannot be read, why, and how to fix it (phrases, which the other
    languages translate by their ids)."""
    shown = text if len(text) <= 60 else text[:57] + "..."
    why, fix = said(why), said(fix)
    return UnparseableLine().finding(None, line=line, text=shown, why=str(why), fix=str(fix),
                                     why_id=why.phrase.id, why_args=why.args,
                                     fix_id=fix.phrase.id, fix_args=fix.args)



@lru_cache(maxsize=8192)
def _read_entry(text: str) -> tuple[str, ParsedName | str | None]:
    """An entry line's text without its comment and bullet, and what it reads as: the
    parsed name, why it is no entry, or None for several entries on one line."""
    body = _BULLET.sub("", _TRAILING_COMMENT.sub("", text) if "#" in text else text).strip()
    if _SEVERAL_ENTRIES.search(" " + body) and len(_SEVERAL_ENTRIES.findall(" " + body)) >= 2:
        return body, None
    return body, parse_card_text(body)


#: a simple card line: a count of one to three digits, one blank, and a name of ASCII letters,
#: apostrophes and hyphens whose words are parted by a blank or a comma and a blank ("4 Surrak,
#: the Hunt Caller"); its first word is a letter's and not a lone "x" (that is "4 x Name").
#: Nothing else the reader or the census tries can apply to such a line (it has no colon,
#: bracket, hash, star, slash, digit or full-width form after the count), so how it reads
#: depends on the text alone: both share one :class:`SimpleLine` of it
_SIMPLE_LINE = re.compile(r"(?P<count>\d{1,3}) (?![xX](?: |$))(?P<name>[A-Za-z][A-Za-z'-]*+"
                         r"(?:,?+ [A-Za-z'-]++)*+)")


class SimpleLine(NamedTuple):
    """How a simple card line reads (:data:`_SIMPLE_LINE`), whatever the list or game."""

    entry: ParsedName   # what _read_entry gives: the count and the name
    key: str            # the name's normalise.key (for a game's heading and hint words)
    total: bool         # a stated total ("60 Cards"): _TOTAL_LINE matches the line


#: line -> its SimpleLine, or None when it is no simple line; bounded
_SIMPLE_LINES: dict[str, SimpleLine | None] = {}
_SIMPLE_LINES_MAX = 16384
_UNKNOWN = object()
_new_tuple = tuple.__new__
#: the names after which a simple line is a stated total: of _TOTAL_LINE's branches only
#: the count-then-word one ("60 Cards") can match a count, a blank and a name without digits
_SIMPLE_TOTAL_WORDS = frozenset(("card", "cards", "carta", "cartas", "pts", "points", "sbp"))


def simple_line(line: str) -> SimpleLine | None:
    """The reading of a stripped line when it is a simple card line, else None; computed once
    for the census and the reader (a batch's lists share many lines)."""
    reading = _SIMPLE_LINES.get(line, _UNKNOWN)
    if reading is not _UNKNOWN:
        return reading
    m = _SIMPLE_LINE.fullmatch(line) if len(line) <= MAX_LINE else None
    reading = None
    if m:
        count, name = m.groups()
        lower = name.lower()
        # both named tuples made by tuple.__new__ (their generated __new__ is a Python call)
        reading = _new_tuple(SimpleLine, (
            _new_tuple(ParsedName, (int(count), name, name, None, None, (), False, None)),
            # normalise.key of such a name (tests compare): lower case without blanks,
            # commas, apostrophes and hyphens, in C
            lower.replace(" ", "").replace(",", "").replace("'", "").replace("-", ""),
            # _TOTAL_LINE on "<count> <name>" can match only "60 Cards" and its like
            lower in _SIMPLE_TOTAL_WORDS))
    if len(_SIMPLE_LINES) >= _SIMPLE_LINES_MAX:
        _SIMPLE_LINES.clear()
    _SIMPLE_LINES[line] = reading
    return reading


@lru_cache(maxsize=64)
def reads_simple_lines(game: Game) -> bool:
    """Whether :func:`simple_line` may stand for the reader's classification in ``game``: the
    game looks headings and hints up by their key (no method of its own) and none of its keys
    starts with a digit (a simple line's key does, so the whole line is never a heading)."""
    return type(game).header_zone is Game.header_zone and type(game).hint_zone is Game.hint_zone \
        and not any(k[:1].isdigit() for k in (*game.header_map, *game.hint_map))


@lru_cache(maxsize=64)
def _subtotal_keys(game: Game) -> frozenset[str]:
    """The keys of the words after which a simple line's count is a subtotal ("23
    Creatures"): every hint word, and every heading that names a zone."""
    return frozenset(game.hint_map) | {k for k, zone in game.header_map.items() if zone}


# where a one-line zone list starts its next entry: a comma (or 、，；) before a count
_LIST_SPLIT = re.compile(r"\s*+[,，、;；]\s*+(?=\d)")


def _listed(text: str) -> list[str]:
    """The entries of a one-line zone list ("2 Rest in Peace, 2 Stony Silence, 1 Thalia,
    Guardian of Thraben"): split before each count, when every part has one; else the text."""
    parts = _LIST_SPLIT.split(text)
    if len(parts) > 1 and all(isinstance(p, ParsedName) and not p.implicit
                              for p in (_read_entry(part)[1] for part in parts)):
        return parts
    return [text]


def _is_back(front: Entry, line: str) -> bool:
    """Whether ``line`` is the other face of the card ``front`` written as ``Name //``:
    fowlibrary's ruler "Astema (TST-067) //" then "Astema [J-Ruler] (TST-067J)"."""
    parsed = _read_entry(line)[1]
    return isinstance(parsed, ParsedName) and parsed.implicit and \
        parsed.name.casefold().startswith(front.name.casefold())


def _maybe_title(text: str) -> bool:
    """Whether the text after a main-deck label could be the list's name: no count."""
    parsed = _read_entry(text)[1]
    return isinstance(parsed, ParsedName) and parsed.implicit


#: lines whose reading cannot depend on the list they are in: no metadata key (no colon)
#: and no comment, decoration or forum tag at the start (those may add a finding)
_PLAIN_START = ("#", "/", "-", "=", "*", "[", "【")
#: (game, line) -> how :meth:`TextParser._classify` reads such a line; bounded
_PLAIN_KINDS: dict[tuple[str, str], tuple | None] = {}
_PLAIN_KINDS_MAX = 16384
_ENTRY, _TOTAL = ("entry",), ("entry", "total")


class TextParser:
    """Parse the lines of one plain-text list for one game."""

    def __init__(self, game: Game):
        self.game = game
        self.side_zone: str | None = game.role_zones.get("side")
        #: zones that a type heading after them leaves for the main deck (``hints_leave``)
        self.hints_leave: frozenset[str] = frozenset(game.data.get("hints_leave") or ())

    def _classify_cached(self, deck: DeckList, lineno: int, line: str):
        """:meth:`_classify`, remembered for lines whose reading depends on the game and the
        line alone (most entry lines; the lists of a batch share many)."""
        if ":" in line or "：" in line or line.startswith(_PLAIN_START):
            return self._classify(deck, lineno, line)
        key = (self.game.id, line)
        try:
            return _PLAIN_KINDS[key]
        except KeyError:
            pass
        kind = self._classify(deck, lineno, line)
        if len(_PLAIN_KINDS) >= _PLAIN_KINDS_MAX:
            _PLAIN_KINDS.clear()
        _PLAIN_KINDS[key] = kind
        return kind

    def parse(self, src: SourceText, source_format: str = "text") -> DeckList:
        deck = DeckList(path=src.path, source_format=source_format, game=self.game.id)
        self.parse_lines(deck, enumerate(split_lines(src.text), start=1))
        return deck

    def parse_lines(self, deck: DeckList, lines) -> None:
        game = self.game
        zone = game.default_zone
        hint: str | None = None
        saw_header = False
        block = 0
        block_of: list[tuple[Entry, int]] = []
        last_was_entry = False
        plain = _PLAIN_KINDS
        gid = game.id
        side = self.side_zone
        simple_lines = reads_simple_lines(game)
        subtotal_keys = _subtotal_keys(game)
        section: list[Entry] = []          # the entries since the last heading or total
        zone_sum: dict[str, int] = {}
        closed: tuple | None = None        # (zone, hint) whose stated total was reached
        leading: bool | None = None        # the totals lead their groups ("23 land" above)
        front: Entry | None = None         # "Astema (TST-067) //": its back on the next line
        count_line: tuple[int, str] | None = None   # "4" on its own line, above the name
        heads: list[tuple] = []            # the headings: a count they state is a subtotal
        site: list[tuple[int, str]] = []   # lines of the deck's web page ("Add to cart")
        add_entry = deck.entries.append
        for lineno, raw in lines:
            line = raw.strip()
            if line[:1] == "\ufeff":   # a byte-order mark, then maybe blanks
                line = line.lstrip("\ufeff").strip("\u3000 \t")
            if not line:
                if last_was_entry:
                    block += 1
                last_was_entry = False
                continue
            simple = simple_line(line) if simple_lines else None
            if simple is not None:   # "4 Island": its one reading (the census's too), no checks
                # a subtotal ("23 Creatures") names a heading or hint word
                kind = _TOTAL if simple.total or simple.key in subtotal_keys else _ENTRY
                if kind is _ENTRY and count_line is None:
                    # the common card line, as the steps below would take it: it is no back
                    # face (it has a count), no count alone, no "Name //"; one entry
                    front = None
                    read = simple.entry
                    # after "Total – 10" under the stone deck: the side deck
                    at = side if closed is not None and closed == (zone, hint) else zone
                    entry = Entry(lineno, at, read.count, read.name, read.raw_name, None, None,
                                  (), hint, None, False)
                    add_entry(entry)
                    block_of.append((entry, block))
                    last_was_entry = True
                    if section and (section[-1].zone != at or section[-1].hint != hint):
                        section = []
                    section.append(entry)
                    zone_sum[at] = zone_sum.get(at, 0) + read.count
                    continue
            elif (kind := plain.get((gid, line), _UNKNOWN)) is not _UNKNOWN:
                pass   # a plain line read before: no checks
            elif len(line) > MAX_LINE:
                deck.findings.append(unparseable(lineno, line, phrases.LINE_TOO_LONG.say(n=len(line)),
                                     phrases.ONE_CARD_COUNT_NAME))
                continue
            elif _CONTROL.search(line):
                deck.findings.append(unparseable(lineno, _CONTROL.sub("?", line),
                                     phrases.CONTROL_CHARACTERS, phrases.PLAIN_TEXT))
                continue
            elif _SEPARATOR.match(line):            # "---------", "=====", "————", "***"
                if last_was_entry:
                    block += 1
                last_was_entry = False
                continue
            else:
                kind = self._classify_cached(deck, lineno, line)
                glued = _GLUED.match(line) if kind == ("entry",) else None
                if glued:     # "-Lands (25)- 4 《Dark Confidant》": the heading, then the card
                    head = self._classify(deck, lineno, glued.group("head"))
                    if head is not None and head[0] in ("header", "hint"):
                        if head[0] == "header":
                            zone, hint, saw_header = head[1], None, True
                            deck.headers.setdefault(zone, lineno)
                        else:
                            zone, hint = head[1] or zone, head[2]
                        heads.append((lineno, True, glued.group("head"), head[0] == "header",
                                      zone, head[-1]))
                        line, kind = glued.group("rest"), ("entry",)
            if kind is None:
                continue
            if kind[0] == "site":
                site.append((lineno, line))   # shown once, after the last line
                continue
            if kind[0] == "header":
                zone = kind[1]
                hint = None
                saw_header = True
                deck.headers.setdefault(zone, lineno)
                heads.append((lineno, False, line, True, zone, kind[2]))
                continue
            if kind[0] == "hint":
                if kind[1]:
                    zone = kind[1]
                elif zone in self.hints_leave:   # "COMMANDER:", its card, "Creature (29)"
                    zone = game.default_zone
                hint = kind[2]
                heads.append((lineno, False, line, False, zone, kind[3]))
                continue
            if kind[0] == "inline":
                _, izone, rest, label = kind
                if izone == game.default_zone and not deck.entries and not deck.headers \
                        and _maybe_title(rest):
                    # "Deck: Mono Red Burn" on the first line: the list's name unless a card
                    # has it (the resolver decides); it opens no section
                    entry = self._entry(deck, lineno, rest, izone, None)
                    if entry is not None:
                        block_of.append((entry, block))
                        last_was_entry = True
                    continue
                deck.headers.setdefault(izone, lineno)
                for part in _listed(rest):   # "Sideboard: 2 Rest in Peace, 2 Stony Silence"
                    entry = self._entry(deck, lineno, part, izone, None)
                    if entry is not None:
                        entry.inline = True
                        if label.casefold() != "sb":
                            saw_header = True
                continue
            if kind[1:] == ("total",) and simple is None \
                    and not isinstance(_read_entry(line)[1], ParsedName):
                deck.findings.append(not_a_card(lineno, line, "total"))   # "75 cards, 15 sideboard"
                continue
            if front is not None and _is_back(front, line):
                front.raw_name = f"{front.raw_name} // {line}"   # "Astema [J-Ruler] (TST-067J)"
                front = None
                continue
            front = None
            if kind == ("entry",) and line.isdigit() and len(line) <= 3 and count_line is None:
                count_line = (lineno, line)
                continue
            if count_line is not None:
                line = self._counted(deck, count_line, lineno, line)
                count_line, simple = None, None
            before = len(deck.entries)
            if line.endswith("//") and kind == ("entry",) and line[:-2].strip():
                line = line[:-2].rstrip()
                entry = self._entry(deck, lineno, line, zone, hint)
                front = entry if entry is not None and entry.implicit_count else None
            else:
                entry = self._entry(deck, lineno, line, zone, hint,
                                    simple.entry if simple is not None else None)
            for entry in deck.entries[before:]:   # one, or each of a table's row
                block_of.append((entry, block))
                last_was_entry = True
                if kind[1:] == ("total",):
                    entry.maybe_total = line
                    if leading is None:   # no card above the first total (a title at most)
                        leading = all(e.implicit_count for e in section)
                    if side and zone != side:
                        closed = self._total_read(line, entry, section, zone_sum, side,
                                                  leading) or closed
                    section = []
                    continue
                # after "Total – 10" under the stone deck
                if closed is not None and closed == (zone, hint):
                    entry.zone = side
                if section and (section[-1].zone != entry.zone or section[-1].hint != hint):
                    section = []
                section.append(entry)
                zone_sum[entry.zone] = zone_sum.get(entry.zone, 0) + entry.count
        if count_line is not None:
            self._entry(deck, *count_line, zone, hint)   # a count and no name after it
        if game.blank_line_zone and not saw_header:
            blank_line_split(game, deck, block_of)
        if site:
            deck.findings.append(site_text_note(site))
        if heads:   # "Creatures (12)": the group's lines, for DCK040 once names are resolved
            stated_groups(deck, heads, block_of)

    def _counted(self, deck: DeckList, count_line: tuple[int, str], lineno: int,
                 line: str) -> str:
        """The line right under a count written on its own line ("4" then "Delver of
        Secrets"): the two read as one entry when the name has no count of its own;
        otherwise the count alone is reported (a count but no name)."""
        parsed = _read_entry(line)[1]
        if lineno == count_line[0] + 1 and isinstance(parsed, ParsedName) and parsed.implicit:
            return f"{count_line[1]} {line}"
        self._entry(deck, *count_line, self.game.default_zone, None)
        return line

    # ----------------------------------------------------------------------------------
    def _classify(self, deck: DeckList, lineno: int, line: str):
        game = self.game
        is_comment = line.startswith("#") or line.startswith("//")
        decorated = _HEADER_DECOR.sub("", line) if (is_comment or line.startswith("-")
                                                     or line.startswith("=")
                                                     or line.startswith("*")) else line
        # metadata  (also inside comments: "// NAME : Deck")
        m = key_value(decorated)
        if m:
            key = game.metadata_key(m.group("key"))
            rest = m.group("rest").strip()
            if key is not None and rest and not game.header_zone(m.group("key")):
                if key not in deck.metadata:
                    deck.metadata[key] = rest
                    deck.metadata_lines[key] = lineno
                    if key == "format":
                        deck.format_id = rest.split()[0].strip().lower()
                        deck.format_line = lineno
                elif not is_comment:
                    deck.findings.append(DuplicateMetadata().finding(
                        None, line=lineno, key=m.group("key").strip(),
                        first=deck.metadata_lines[key]))
                return None
        m = _DASH_KEY.match(line) if not is_comment else None
        if m and game.header_zone(m.group("key")) and _DASH_NOTE.match(m.group("rest")):
            return ("header", game.header_zone(m.group("key")), None)   # "Sideboard - vs Control"
        if m and game.header_zone(m.group("key")) and not _TOTAL_LINE.match(m.group("rest")):
            parsed = _read_entry(m.group("rest"))[1]
            if isinstance(parsed, ParsedName) and parsed.implicit:   # not "Sideboard - 15"
                return ("inline", game.header_zone(m.group("key")), m.group("rest"),
                        m.group("key").strip())
        # headers: "Main Deck", "备牌:", "--- Attack ---", "# Creatures", "Sideboard (15)",
        # "Side Deck (15):", "Resonators: (25 of 41)"; forum tags "[Creatures]", "[/Creatures]"
        undecorated = decorated.strip("[]【】 ") if _BRACKET_TAG.match(decorated) else decorated
        uncounted = without_header_count(undecorated)
        bare = uncounted.strip().rstrip(":：").strip().lstrip("/")
        zone = game.header_zone(bare) if bare else None
        if not zone and bare and bare[-1] in _NOTE_CLOSE:
            # a heading with a note: "Rune Deck: (10 Divinity)", "Sideboard (vs. control)"
            noted = _HEADER_NOTE.sub("", bare).strip().rstrip(":：").strip()
            zone = game.header_zone(noted) if noted and noted != bare else None
        if zone:
            return ("header", zone, _stated(undecorated, uncounted))
        hint_zone = game.hint_zone(bare) if bare else None
        if hint_zone is not None:
            return ("hint", hint_zone or None, bare, _stated(undecorated, uncounted))
        if is_comment:
            return None
        # a stated total or a subtotal ("60 Cards", "23 Creatures"): read as an entry that
        # the resolver drops unless it names a card exactly ("3 Wound" is a Mage Knight card)
        m = _COUNT_THEN_WORDS.match(line)
        if _TOTAL_LINE.match(line) or (m and (game.hint_zone(m.group("words")) is not None
                                               or game.header_zone(m.group("words")))):
            return ("entry", "total")
        tag = _BRACKET_TAG.match(decorated)
        if tag and ("/" in decorated[:2] or decorated.strip("[]/ ").casefold() in _MARKUP):
            deck.findings.append(not_a_card(lineno, line, "markup"))
            return None
        # one-line zone entries: "Ruler: X", "英雄：X", "SB: 2 X"
        m = key_value(line)
        if m:
            zone = game.header_zone(m.group("key"))
            rest = m.group("rest").strip()
            if zone and rest:
                if is_site_text(rest):
                    return ("site",)      # "Sideboard: $30.10", a web page's price
                return ("inline", zone, rest, m.group("key").strip())
            hint_zone = game.hint_zone(m.group("key"))
            if hint_zone and rest:
                return ("inline", hint_zone, rest, m.group("key").strip())
        # "Buy this deck", "Price: $123.45": the deck's web page, no card
        return ("site",) if is_site_text(line) else ("entry",)

    def _entry(self, deck: DeckList, lineno: int, text: str, zone: str,
               hint: str | None, read: ParsedName | None = None) -> Entry | None:
        """The entry of ``text`` (``read``: what it reads as, when that is known)."""
        body, parsed = (text, read) if read is not None else _read_entry(text)
        if parsed is None:
            parts = _NEXT_ENTRY.split(body)   # "2 Island 1 Forest 1 Plains": a table's row
            read = [parse_card_text(p) for p in parts]
            if len(parts) > 1 and all(isinstance(r, ParsedName) and not r.implicit
                                      for r in read):
                return [self._entry(deck, lineno, p, zone, hint) for p in parts][0]
            deck.findings.append(unparseable(
                lineno, body, phrases.SEVERAL_ENTRIES, phrases.ONE_CARD_PER_LINE))
            return None
        if isinstance(parsed, str):
            deck.findings.append(unparseable(lineno, body, parsed,
                                             phrases.WRITE_COUNT_AND_NAME_EG))
            return None
        # positional (line, zone, count, name, raw_name, set_code, number, tags, hint, ref,
        # implicit_count): half the cost of keywords, for every card line
        entry = Entry(lineno, zone, parsed.count, parsed.name, parsed.raw_name, parsed.set_code,
                      parsed.number, parsed.tags, hint, parsed.ref, parsed.implicit)
        deck.entries.append(entry)
        return entry

    def _total_read(self, line: str, entry: Entry, section: list[Entry],
                    zone_sum: dict[str, int], side: str, leading: bool = False) -> tuple | None:
        """What a total line says about the zones: "15 sideboard cards" under the last 15
        cards moves them to the side deck (in a list whose totals lead their groups, it
        heads the side deck: the lines under it start it); a total that reaches the whole zone
        ("Total – 10" under the stones, "60 cards" after the lands) closes it, returned as the
        (zone, hint) whose next lines start the side deck. A subtotal of a type group closes
        nothing."""
        m = _COUNT_THEN_WORDS.match(line)
        named = None
        if m:
            words = m.group("words").strip()
            named = self.game.header_zone(words) or self.game.header_zone(
                re.sub(r"\s*+cards?\.?$", "", words, flags=re.IGNORECASE))
        if named == side and leading and section:
            return (section[-1].zone, section[-1].hint)   # "15 Sideboard" above its cards
        if named == side:
            want, tail = int(line.split()[0]), []
            for e in reversed(section):
                if want <= 0:
                    break
                want -= e.count
                tail.append(e)
            if want == 0 and len(tail) < len(section):
                for e in tail:
                    zone_sum[e.zone] -= e.count
                    e.zone = side
                    zone_sum[side] = zone_sum.get(side, 0) + e.count
            return None
        whole = _whole_total().match(line.strip())
        if whole is None or not section:
            return None
        stated = int(next(g for g in whole.groups() if g is not None))
        zone, hint = section[-1].zone, section[-1].hint
        if stated == zone_sum.get(zone) and (hint is None or stated != sum(e.count for e in section)):
            return (zone, hint)
        return None
