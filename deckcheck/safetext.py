"""How text that deckcheck did not write is shown: deck and card names, file names, roster
values, anything from a deck file, its path or a folder a configuration names.

Such text can come from a stranger's pull request or a mailed roster, and the reports are
printed to terminals and CI logs, opened in spreadsheets and rendered as job summaries. Every
writer passes that text through this module, so the same character is always shown the same
way:

* :func:`visible` writes each *hidden* character — a control character (C0, DEL, C1 such as
  U+009B CSI or U+009D OSC), a format character (bidi overrides and isolates, U+200E/F,
  U+061C, zero-width and tag characters, the BOM), a line or paragraph separator, or a lone
  surrogate — as the escape Python writes for it (``\\x1b``, ``\\x9b``, ``\\u202e``,
  ``\\U000e0001``, ``\\n``), as :func:`deckcheck.reading.shown_path` already does for file names.
  A terminal never receives an escape sequence, text is never reordered, and nothing is
  dropped: the escape says which character was there.
* :func:`log_safe` also breaks the sequences a CI runner executes: the GitHub Actions runner
  reads a line as a workflow command when it starts with ``::`` after blanks, and runs the
  legacy ``##[command]`` (Azure Pipelines: ``##vso[``) found anywhere in a line. A backslash
  goes between the two characters (``:\\:``, ``#\\#[``): visible, so the reader sees that the
  text was escaped, and not an invisible character, which the runner's culture-aware string
  comparison may ignore.
* :func:`json_exact` and :func:`markup_exact` do the same for the machine formats without
  changing their content: the characters are written with the format's own escapes
  (``\\u202e`` in JSON, ``&#91;`` in XML and HTML), which every reader turns back into the
  exact text.
* :func:`spreadsheet_cell` makes a CSV cell that no spreadsheet runs as a formula.
"""

from __future__ import annotations

import re
import unicodedata

#: Unicode categories of the characters that are never written raw: controls, format
#: characters (bidi controls, zero-width characters, tags), line and paragraph separators and
#: lone surrogates
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})

# Candidates for hidden characters: everything but printable ASCII (a fast path for ASCII).
_CANDIDATE = re.compile(r"[\x00-\x1f\x7f-\U0010ffff]")
# The same in a JSON document, where json.dumps has escaped every C0 control inside strings
# and a raw line break or tab is the document's own layout.
_JSON_CANDIDATE = re.compile(r"[\x7f-\U0010ffff]")
# The CI command sequences, matched at the character after which a break is inserted:
# the first of two colons, and the first '#' of '##[' or '##vso['.
_COMMAND = re.compile(r":(?=:)|#(?=#(?:\[|vso\[))", re.IGNORECASE)
_LEGACY_COMMAND = re.compile(r"#(?=#(?:\[|vso\[))", re.IGNORECASE)
# The same sequences in JSON, XML or HTML text: the character that gets a format escape.
_COMMAND_TAIL = re.compile(r"(?<=##)\[|(?<=##)v(?=so\[)|(?<=:):", re.IGNORECASE)

_BLANKS = re.compile(" {2,}")

#: the characters a spreadsheet reads as the start of a formula
FORMULA_START = frozenset("=+-@\t\r")
# Where a spreadsheet may split a cell into several (its import asks for the separator).
_CELL_PARTS = re.compile(r"([,;\t|\r\n]+)")


def is_hidden(ch: str) -> bool:
    """True for a character that is never written raw (see :data:`HIDDEN_CATEGORIES`)."""
    return unicodedata.category(ch) in HIDDEN_CATEGORIES


def _escape(ch: str) -> str:
    return ch.encode("unicode_escape", "backslashreplace").decode("ascii")


def _visible_match(m: re.Match) -> str:
    ch = m.group()
    return _escape(ch) if is_hidden(ch) else ch


def visible(value: object) -> str:
    """``value`` as text with every hidden character written as its escape (``\\u202e``)."""
    text = "" if value is None else str(value)
    return _CANDIDATE.sub(_visible_match, text)


def break_commands(text: str) -> str:
    """``text`` with ``::``, ``##[`` and ``##vso[`` broken by a backslash (``:\\:``, ``#\\#[``)."""
    return _COMMAND.sub(lambda m: m.group() + "\\", text)


def break_legacy_commands(text: str) -> str:
    """``text`` with only ``##[`` and ``##vso[`` broken (``#\\#[``): for a value whose colons
    are escaped otherwise, such as a GitHub command property."""
    return _LEGACY_COMMAND.sub(lambda m: m.group() + "\\", text)


def log_safe(value: object) -> str:
    """Text for a terminal or CI log: :func:`visible`, and no CI command sequence."""
    return break_commands(visible(value))


def one_line(value: object) -> str:
    """:func:`log_safe` text with runs of blanks shown as one space and no blanks at the
    ends (line breaks are already escapes, so one value is one line)."""
    return _BLANKS.sub(" ", log_safe(value)).strip(" ")


def guard_lines(text: str) -> str:
    """A rendered report with :func:`log_safe` applied to each of its lines.

    The writers escape each value they are given; this second pass over the whole output
    keeps a value that reached the report some other way (a game's table, a new field)
    from ever printing a hidden character or a command sequence.
    """
    return "\n".join(log_safe(line) for line in text.split("\n"))


# ---------------------------------------------------------------------------------------
# machine formats: the same characters, written with the format's own escapes


def _json_escape(ch: str) -> str:
    code = ord(ch)
    if code > 0xFFFF:  # JSON writes a character beyond the BMP as a surrogate pair
        code -= 0x10000
        return "\\u%04x\\u%04x" % (0xD800 + (code >> 10), 0xDC00 + (code & 0x3FF))
    return "\\u%04x" % code


def json_exact(document: str) -> str:
    """A JSON document (as ``json.dumps`` writes it) in which every hidden character and
    the character that completes ``::``, ``##[`` or ``##vso[`` is a ``\\u`` escape.

    Those characters only occur inside JSON strings, and an escape there stands for the
    character itself, so every JSON reader gets exactly the same content back; only the raw
    text printed to a terminal or CI log changes.
    """
    if not document.isascii() or "\x7f" in document:   # else no candidate: skip the scan
        document = _JSON_CANDIDATE.sub(lambda m: _json_escape(m.group())
                                       if is_hidden(m.group()) else m.group(), document)
    if not _may_hold_command(document):
        return document
    return _COMMAND_TAIL.sub(lambda m: _json_escape(m.group()), document)


def _may_hold_command(document: str) -> bool:
    """Whether ``document`` can hold a sequence :data:`_COMMAND_TAIL` matches: each starts
    with ``::`` or ``##``. Two substring searches in C are ~25x faster than the pattern's
    scan (its look-behinds are tried at every character: 0.23 ms for one deck's JSON)."""
    return "::" in document or "##" in document


def markup_exact(document: str) -> str:
    """XML or HTML in which the character that completes ``::``, ``##[`` or ``##vso[`` is a
    character reference (``&#91;``): the same text for a reader, no command in a CI log.

    Apply it to a serialised document: ``#``, ``[`` and ``:`` pairs occur only in text and
    attribute values there, never in element names or references.
    """
    if not _may_hold_command(document):
        return document
    return _COMMAND_TAIL.sub(lambda m: f"&#{ord(m.group())};", document)


# ---------------------------------------------------------------------------------------
# spreadsheets


def spreadsheet_cell(value: object) -> str:
    """A CSV cell no spreadsheet runs as a formula.

    The text is :func:`log_safe` (a CSV printed to a CI log runs no command either); then
    every part a spreadsheet could split off (on ``,`` ``;`` tab ``|`` or a line break) that
    starts, after blanks, with ``=`` ``+`` ``-`` ``@`` (or tab, CR) gets a ``'`` before that
    character: ``Sam;=1+1;x`` becomes ``Sam;'=1+1;x``. Write the cells with every one quoted
    (``csv.QUOTE_ALL``)."""
    text = log_safe(value)
    parts = _CELL_PARTS.split(text)
    for i in range(0, len(parts), 2):  # the even items are the parts, the odd the separators
        part = parts[i]
        body = part.lstrip(" ")
        if body[:1] in FORMULA_START:
            parts[i] = part[:len(part) - len(body)] + "'" + body
    return "".join(parts)
