"""``deckcheck fix``: rewrite a plain-text list with canonical names and tidy counts.

What a fix changes, line by line (comments, headers, blank lines, zones and order stay):

* **safe** (always): a name matched after normalising (case, punctuation, width, accents,
  Traditional/Simplified script), another face, an alias or a foreign name becomes the
  card's canonical name; counts are written ``N Name`` (``4x Name``, ``Name x4`` → ``4 Name``);
  repeated lines of one card in one zone merge into the first.
* **unsafe** (only with ``--unsafe-fixes``): a fuzzy match (a misspelling) becomes the card
  it was read as.

Ambiguous and unknown names are never touched. Lines a game reads in its own way (a mage
line with an element, a checklist card) are left as written.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from deckcheck.matching import normalise
from deckcheck.models import DeckResult, Entry
from deckcheck.parsing.text import parse_card_text
from deckcheck.reading import split_lines

SAFE_KINDS = {"normalized", "alias", "foreign"}
_LINE = re.compile(r"^(?P<lead>\s*+(?:[-*•·]\s++)?)(?P<body>.*?)(?P<comment>(?<!\s)\s++#\s.*)?$")
_INLINE = re.compile(r"^(?P<prefix>[^:：]+[:：]\s*+)(?P<rest>.*)$")


class FixError(Exception):
    """The list cannot be fixed (not plain text, unreadable …): exit 2."""


@dataclass(slots=True)
class Change:
    line: int
    old: str
    new: str | None      # None: the line was merged into an earlier one
    why: str


@dataclass(slots=True)
class FixResult:
    text: str
    changes: list[Change] = field(default_factory=list)
    skipped_unsafe: int = 0

    @property
    def changed(self) -> bool:
        return bool(self.changes)


def written_lang(entry: Entry) -> str:
    """The language a line's card name is written in: en, zh-Hans or zh-Hant."""
    from deckcheck.matching import normalise

    written = entry.name or ""
    if not normalise.has_cjk(written):
        return "en"
    return "zh-Hant" if normalise.to_simplified(written) != written else "zh-Hans"


def canonical_name(entry: Entry, lang: str | None) -> str:
    """The card's name in ``lang`` where the data has one, else its English name; with no
    ``lang``, in the language (and Chinese script) the line was written in."""
    card = entry.card
    lang = lang or written_lang(entry)
    if lang != "en":
        from deckcheck.i18n import card_name_in

        local = card_name_in(card, lang)
        if local:
            return local
    return card.name


def _rewrite(raw: str, entry: Entry, name: str | None, count: int) -> str | None:
    """The line with a new name and count, or None when its shape is not understood."""
    m = _LINE.match(raw)
    if not m:
        return None
    lead, body, comment = m.group("lead"), m.group("body"), m.group("comment") or ""
    prefix = ""
    if entry.inline:
        km = _INLINE.match(body)
        if not km:
            return None
        prefix, body = km.group("prefix"), km.group("rest")
    parsed = parse_card_text(body)
    if isinstance(parsed, str) or parsed.name != entry.name and parsed.raw_name != entry.name:
        return None  # the game read this line its own way
    raw_name, bare = parsed.raw_name, parsed.name
    if raw_name.startswith(bare):
        before, after = "", raw_name[len(bare):]
    elif raw_name.endswith(bare):
        before, after = raw_name[: -len(bare)], ""
    else:
        before = after = ""
    count_text = "" if (entry.inline and parsed.implicit and count == 1) else f"{count} "
    return f"{lead}{prefix}{count_text}{before}{name or bare}{after}{comment}"


def _new_name(entry: Entry, unsafe: bool, lang: str | None) -> tuple[str | None, str, bool]:
    """(replacement name or None, reason, whether a fix was withheld as unsafe)."""
    if entry.card is None:
        return None, "count", False
    if entry.match == "exact" and lang and lang != written_lang(entry):
        name = canonical_name(entry, lang)      # --lang: every name in that language
        return (name, f"name in {lang}", False) if name != entry.name else (None, "count", False)
    if entry.match == "alias" and entry.via == "face" and entry.card.get("versions"):
        return None, "count", False      # a J-ruler's name says which version of the ruler
    if entry.match in SAFE_KINDS:
        name = canonical_name(entry, lang)
        if entry.match == "foreign" and normalise.key(name) == normalise.key(entry.name):
            # the same name in another character form (亮鬚 / 亮須): the user's stays
            return None, "count", False
        return name, f"{entry.match} name", False
    if entry.match == "fuzzy":
        if unsafe:
            return canonical_name(entry, lang), "misspelt name (unsafe fix)", False
        return None, "count", True
    return None, "count", False


def fix_deck(text: str, result: DeckResult, unsafe: bool = False,
             lang: str | None = None) -> FixResult:
    """Compute the fixed text of a list that ``result`` checked. Names are written in
    ``lang`` (en, zh-Hans, zh-Hant) where the data has them; with no ``lang`` each line
    keeps the language and script it was written in."""
    deck = result.deck
    if deck is None:
        raise FixError(result.error or "the list could not be read")
    if deck.source_format != "text":
        raise FixError(f"{result.path}: fix rewrites plain-text lists; this file is in the "
                       f"{deck.source_format} format (use `deckcheck convert` to turn it into "
                       "text)")
    newline = "\r\n" if "\r\n" in text else ("\r" if "\r" in text and "\n" not in text else "\n")
    lines = split_lines(text)
    rewrite: dict[int, tuple[Entry, str | None, str]] = {}   # line -> (entry, name, why)
    merged: dict[int, int] = {}                              # removed line -> kept line
    totals: dict[int, int] = {}
    first: dict[tuple, int] = {}
    skipped = 0
    # in a zone with no header of its own, blank lines may be all that separates the main
    # deck from the side deck: lines of different blocks of it are never merged
    block_of = _blocks(lines)
    for entry in deck.entries:
        if entry.line is None or entry.line > len(lines) or entry.via == "checklist":
            continue
        if entry.card is None or entry.heading_on_line:
            continue                # unknown lines, and a heading pasted onto a card, stay
        name, why, withheld = _new_name(entry, unsafe, lang)
        skipped += withheld
        rewritable = _rewrite(lines[entry.line - 1], entry, name, entry.count) is not None
        settled = rewritable and entry.card is not None and (entry.match == "exact"
                                                            or name is not None)
        block = block_of[entry.line - 1] if deck.headers.get(entry.zone) is None else 0
        key = (entry.zone, entry.card.id, entry.set_code, entry.number, block) \
            if settled else None
        if key is not None and not entry.inline and key in first:
            kept = first[key]
            totals[kept] += entry.count
            merged[entry.line] = kept
            continue
        if key is not None and not entry.inline:
            first[key] = entry.line
        totals[entry.line] = entry.count
        rewrite[entry.line] = (entry, name, why)
    changes: list[Change] = []
    new_lines: list[str] = []
    for i, raw in enumerate(lines, start=1):
        if i in merged:
            changes.append(Change(i, raw, None, f"merged into line {merged[i]}"))
            continue
        if i in rewrite:
            entry, name, why = rewrite[i]
            new = _rewrite(raw, entry, name, totals[i])
            if new is not None and new != raw:
                if totals[i] != entry.count:
                    why += " + merged count"
                changes.append(Change(i, raw, new, why))
                raw = new
        new_lines.append(raw)
    new_text = newline.join(new_lines)
    if text.endswith(("\n", "\r")):
        new_text += newline
    return FixResult(new_text, changes, skipped)


def _blocks(lines: list[str]) -> list[int]:
    """The blank-line-separated block of each line."""
    out, block, blank = [], 0, False
    for raw in lines:
        if not raw.strip():
            blank = True
        elif blank:
            block, blank = block + 1, False
        out.append(block)
    return out


def unified_diff(path: str, old: str, new: str) -> str:
    return "".join(difflib.unified_diff(old.splitlines(keepends=True),
                                        new.splitlines(keepends=True),
                                        fromfile=f"a/{path.lstrip('/')}", tofile=f"b/{path.lstrip('/')}"))


def correctable(result: DeckResult) -> tuple[int, int]:
    """How many names of a checked plain-text list ``deckcheck fix`` would correct:
    (safe fixes, misspellings only ``--unsafe-fixes`` corrects). Other files: (0, 0)."""
    deck = result.deck
    if deck is None or deck.source_format != "text":
        return 0, 0
    safe = unsafe = 0
    for entry in deck.entries:
        if entry.line is None or entry.via == "checklist" or entry.card is None \
                or entry.heading_on_line:
            continue
        name, _, withheld = _new_name(entry, False, None)
        if withheld:
            unsafe += 1
        elif name is not None and name != entry.name:
            safe += 1
    return safe, unsafe
