"""Plain-text tables that fit the terminal, without a third-party table library.

:func:`table` lays out rows the way ``tabulate``'s "simple" format did (a header, a rule of
dashes, columns two spaces apart, numbers right-aligned), measured in terminal columns: a
wide East Asian character (Chinese, full-width forms) takes two columns, a combining mark
none, so Chinese reports stay aligned. When the table is wider than ``width`` its widest
text columns are narrowed and their cells wrapped (at spaces, or between any two wide
characters); when even that cannot fit, each row is written as ``heading: value`` lines
(the stacked layout). :func:`wrap` wraps one line of prose the same way.

Cells are shown as given: callers pass text already made safe for a terminal.
"""

from __future__ import annotations

import os
import shutil
import unicodedata
from typing import Iterable, Sequence

SEPARATOR = "  "
#: a text column is never narrowed below this many columns (unless its content is
#: narrower), nor below the longest word of its heading or (up to LONG_WORD) of its cells:
#: rather than break words, a table too narrow for them is stacked
MIN_COLUMN = 6
LONG_WORD = 16


def terminal_width(default: int = 80) -> int:
    """The width reports are laid out for: ``$COLUMNS``, else the terminal's, else 80."""
    value = os.environ.get("COLUMNS", "")
    if value.isdigit() and int(value) > 0:
        return int(value)
    return shutil.get_terminal_size((default, 24)).columns or default


def char_width(ch: str) -> int:
    """Columns one character takes on a terminal (0, 1 or 2)."""
    if ch < "\u0300":     # ASCII and Latin-1: the common case, no lookup
        return 1 if ch >= " " else 0
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def text_width(text: str) -> int:
    """Columns ``text`` (one line) takes on a terminal."""
    if text.isascii():
        return len(text)
    return sum(char_width(ch) for ch in text)


def _is_wide(ch: str) -> bool:
    return ch >= "\u1100" and unicodedata.east_asian_width(ch) in ("W", "F")


#: punctuation a line never starts with (it stays with the character before it)
_CLOSING = set("。，、；：！？）」』】》〉”’%)]}.,;:!?")


def _tokens(text: str) -> list[str]:
    """Pieces a line may break between: words with their trailing spaces, and each wide
    character on its own (Chinese has no spaces between words)."""
    out: list[str] = []
    word = ""
    for ch in text:
        if ch in _CLOSING and word and not word.endswith(" "):
            word += ch
        elif ch in _CLOSING and not word and out and not out[-1].endswith(" "):
            out[-1] += ch
        elif _is_wide(ch):
            if word:
                out.append(word)
                word = ""
            out.append(ch)
        elif ch == " ":
            word += ch
        else:
            if word.endswith(" "):
                out.append(word)
                word = ""
            word += ch
    if word:
        out.append(word)
    return out


def _hard_break(token: str, width: int) -> list[str]:
    pieces, piece, used = [], "", 0
    for ch in token:
        w = char_width(ch)
        if used + w > width and piece:
            pieces.append(piece)
            piece, used = "", 0
        piece += ch
        used += w
    if piece:
        pieces.append(piece)
    return pieces


def wrap(text: str, width: int) -> list[str]:
    """``text`` (may hold newlines) as lines of at most ``width`` columns."""
    width = max(1, width)
    lines: list[str] = []
    for paragraph in str(text).split("\n"):
        if text_width(paragraph) <= width:
            lines.append(paragraph)
            continue
        line, used = "", 0
        for token in _tokens(paragraph):
            w = text_width(token)
            bare = text_width(token.rstrip(" "))
            if used + bare > width and line:
                lines.append(line.rstrip(" "))
                line, used = "", 0
                token = token.lstrip(" ")
                w, bare = text_width(token), text_width(token.rstrip(" "))
            if bare > width:          # a word longer than the line
                parts = _hard_break(token.rstrip(" "), width)
                lines.extend(parts[:-1])
                token = parts[-1] + " " * (len(token) - len(token.rstrip(" ")))
                w = text_width(token)
            line += token
            used += w
        lines.append(line.rstrip(" "))
    return lines


def wrap_hanging(text: str, width: int, indent: int = 4) -> list[str]:
    """One line of prose wrapped to ``width``, its continuation lines indented."""
    first = wrap(text, width)
    if len(first) <= 1:
        return first
    head = first[0]
    rest = wrap(str(text)[len(head):].lstrip(" "), width - indent)
    return [head] + [" " * indent + line for line in rest]


def _pad(text: str, width: int, right: bool) -> str:
    gap = " " * max(0, width - text_width(text))
    return gap + text if right else text + gap


def _shown(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def table(headers: Sequence[object] | None, rows: Iterable[Sequence[object]], *,
          width: int | None = None, indent: int = 0, right: Sequence[bool] | None = None,
          rule: bool = True, whole: Sequence[int] = ()) -> str:
    """The rows as a text table of at most ``width`` columns (default: the terminal's).

    ``right`` says per column whether it is right-aligned (default: columns whose values
    are all numbers). ``headers`` None draws no heading; ``rule`` False omits the dashes.
    The columns ``whole`` names (by index) are never narrowed: a value read back or
    compared, such as a fingerprint, is not split across lines.
    """
    rows = [list(r) for r in rows]
    ncols = max([len(headers or ())] + [len(r) for r in rows]) if (rows or headers) else 0
    if ncols == 0:
        return ""
    for r in rows:
        r.extend([""] * (ncols - len(r)))
    if right is None:
        right = [bool(rows) and all(isinstance(r[i], (int, float)) or r[i] in ("", None)
                                     for r in rows)
                 and any(isinstance(r[i], (int, float)) for r in rows) for i in range(ncols)]
    head = [_shown(h) for h in (headers or ())] + [""] * (ncols - len(headers or ()))
    cells = [[_shown(v) for v in r] for r in rows]
    width = (width or terminal_width()) - indent
    natural = [max([text_width(line) for line in head[i].split("\n")] +
                   [text_width(line) for r in cells for line in r[i].split("\n")])
               for i in range(ncols)]
    longest = [max([text_width(w) for r in cells for w in r[i].split()] or [0])
               for i in range(ncols)]
    widths = _fit(natural, head, right, width, longest, whole)
    pad = " " * indent
    if widths is None:
        return _stacked(head if headers else None, cells, width, pad)
    out: list[str] = []
    if headers:
        out += _row_lines(head, widths, right, pad)
        if rule:
            out.append(pad + SEPARATOR.join("-" * w for w in widths).rstrip())
    for r in cells:
        out += _row_lines(r, widths, right, pad)
    return "\n".join(out)


def _fit(natural: list[int], head: list[str], right: Sequence[bool],
         width: int, longest: list[int], whole: Sequence[int] = ()) -> list[int] | None:
    """Column widths whose sum fits ``width``, narrowing the widest text columns first
    (never those ``whole`` names); None when even the narrowest layout is too wide."""
    widths = list(natural)
    sep = len(SEPARATOR) * (len(widths) - 1)
    floor = [w if right[i] or i in whole else
             min(w, max([MIN_COLUMN, min(longest[i], LONG_WORD)]
                        + [text_width(word) for word in head[i].split()]))
             for i, w in enumerate(widths)]
    excess = sum(widths) + sep - width
    while excess > 0:
        candidates = [i for i in range(len(widths)) if widths[i] > floor[i]]
        if not candidates:
            return None
        i = max(candidates, key=lambda c: widths[c])
        others = sorted((widths[c] for c in candidates if c != i), reverse=True)
        # narrow the widest column down to the next widest (or by what is still too much)
        step = min(excess, widths[i] - floor[i], max(1, widths[i] - (others[0] if others else 0)))
        widths[i] -= step
        excess -= step
    return widths


def _row_lines(row: list[str], widths: list[int], right: Sequence[bool], pad: str) -> list[str]:
    wrapped = [wrap(cell, widths[i]) if text_width(cell) > widths[i] or "\n" in cell
               else [cell] for i, cell in enumerate(row)]
    height = max(len(w) for w in wrapped)
    out = []
    for k in range(height):
        parts = [_pad(w[k] if k < len(w) else "", widths[i], right[i])
                 for i, w in enumerate(wrapped)]
        out.append((pad + SEPARATOR.join(parts)).rstrip())
    return out


def _stacked(head: list[str] | None, cells: list[list[str]], width: int, pad: str) -> str:
    """Each row as ``heading: value`` lines (values wrapped), rows apart by a blank line."""
    out: list[str] = []
    label = max((text_width(h) for h in head), default=0) if head else 0
    for n, r in enumerate(cells):
        if n:
            out.append("")
        for i, value in enumerate(r):
            if head and width - label - 2 < 10:   # the value under its heading
                out.append(pad + head[i] + ":")
                out += [(pad + "  " + line).rstrip() for line in wrap(value, max(1, width - 2))]
            elif head:
                name = head[i] + ":"
                room = width - label - 2
                lines = wrap(value, room) or [""]
                out.append((pad + _pad(name, label + 1, False) + " " + lines[0]).rstrip())
                out += [(pad + " " * (label + 2) + line).rstrip() for line in lines[1:]]
            else:
                out += [(pad + line).rstrip() for line in wrap(value, width)]
    return "\n".join(out)


def fit(text: str, width: int | None = None) -> str:
    """Every line of ``text`` wider than ``width`` (default: the terminal's) wrapped, its
    continuation lines indented two columns more than it (lines that fit stay as they are)."""
    width = width or terminal_width()
    out: list[str] = []
    for line in text.split("\n"):
        if text_width(line) <= width:
            out.append(line)
            continue
        body = line.lstrip(" ")
        lead = len(line) - len(body)
        if body[:2] in ("- ", "* "):
            lead += 2
        indent = " " * lead
        room = max(10, width - lead - 2)
        pieces = wrap(body, max(10, width - (len(line) - len(body))))
        first, rest = pieces[0], body[len(pieces[0]):].lstrip(" ")
        out.append(line[:len(line) - len(body)] + first)
        out += [indent + "  " + piece for piece in wrap(rest, room)] if rest else []
    return "\n".join(out)
