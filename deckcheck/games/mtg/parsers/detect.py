"""Recognise the deck files of Magic programs (mtg.md §5) by extension and content.

Checked in the order of ``MtgGame.parsers``: Cockatrice ``.cod`` and MTGO ``.dek`` (XML),
Forge ``.dck`` (``[metadata]`` / ``[Main]`` sections), CSV with a header, MTG Arena exports,
XMage ``.dck`` and MWS ``.mwDeck`` (plain text with ``[SET:num]`` hints). Everything else is
left to the shared readers (OCTGN ``.o8d``, plain text).
"""

from __future__ import annotations

import os
import re

from deckcheck.games.mtg.parsers.csv_list import csv_delimiter, header_roles, headerless_row

ARENA_HEADERS = {"about", "deck", "sideboard", "commander", "companion"}
_ARENA_LINE = re.compile(r"^\d+\s+\S.*\s\([A-Z0-9]{2,6}\)\s+[A-Za-z0-9-]+[*+★]?$")
_FORGE_SECTION = re.compile(r"^\[(metadata|main|sideboard|commander)\]$", re.IGNORECASE)
_XMAGE_LAYOUT = re.compile(r"^LAYOUT (?:MAIN|SIDEBOARD):", re.MULTILINE)
# [ \t], not \s: a blank that may be a line break lets every line start re-scan all the
# empty lines after it (20,000 of them took seconds)
_MWS_HEAD = re.compile(r"^//[ \t]*(?:NAME|CREATOR|FORMAT)[ \t]*:", re.IGNORECASE | re.MULTILINE)
_MWS_LINE = re.compile(r"^[ \t]*(?:SB:[ \t]*)?\d+[ \t]+\[[A-Z0-9]{2,6}\][ \t]+\S", re.MULTILINE)


_XML_MAY_START = frozenset("<\ufeff \t\r\n")
_LIMIT = 400
#: the last text's first non-blank lines: the detectors of one file (Forge, CSV, Arena) look
#: at the same lines, and the text is split once for all of them
_LAST: tuple[str | None, list[str]] = (None, [])


def _lines(text: str, limit: int = _LIMIT) -> list[str]:
    global _LAST
    last, lines = _LAST
    if last is not text:
        lines = []
        for line in text.splitlines():
            line = line.strip().lstrip("\ufeff")
            if line:
                lines.append(line)
                if len(lines) >= _LIMIT:
                    break
        _LAST = (text, lines)
    return lines[:limit] if limit < len(lines) else lines


#: the last text and its first line (the CSV and Arena detectors both ask)
_FIRST: list = [None, None]


def _first_line(text: str) -> str | None:
    """The first of :func:`_lines` (without splitting the whole text)."""
    if _LAST[0] is text:
        return _LAST[1][0] if _LAST[1] else None
    if _FIRST[0] is not text:
        _FIRST[:] = [text, _find_first_line(text)]
    return _FIRST[1]


def _find_first_line(text: str) -> str | None:
    head = text[:4096]   # the first line is nearly always in it: split only that
    pieces = head.splitlines()
    for i, line in enumerate(pieces):
        line = line.strip().lstrip("\ufeff")
        if line:
            if len(head) == len(text) or i < len(pieces) - 1:   # ended within the head
                return line
            break
    else:
        if len(head) == len(text):
            return None
    for line in text.splitlines():
        line = line.strip().lstrip("\ufeff")
        if line:
            return line
    return None


def _xml_root(text: str) -> str:
    """The root element's name when the text is XML (it starts with ``<``), else ``""``.

    The XML declaration, comments and a DOCTYPE are skipped here; the XML reader refuses the
    DOCTYPE later, with a message.
    """
    if text[:1] not in _XML_MAY_START:   # no blank, mark or "<" first: no XML (most lists)
        return ""
    head = text[:4096].lstrip("\ufeff \t\r\n")
    if not head.startswith("<"):
        return ""
    head = re.sub(r"<!--.*?-->", "", head, flags=re.DOTALL)
    m = re.search(r"<([A-Za-z_][\w.-]*)", head)
    return m.group(1) if m else ""


def is_cockatrice(suffix: str, text: str) -> bool:
    return _xml_root(text) == "cockatrice_deck" or (suffix == ".cod" and "<cockatrice_deck"
                                                   in text[:4096])


def is_dek(suffix: str, text: str) -> bool:
    root = _xml_root(text)
    if root == "Deck" and "<Cards" in text:
        return True
    return suffix == ".dek" and root.casefold() == "deck" and "<section" not in text.casefold()


def is_forge(suffix: str, text: str) -> bool:
    """A Forge deck: ``[metadata]``/``[main]`` sections (a ``.dck`` may start at
    ``[sideboard]``). A forum post's ``[Sideboard]`` … ``[/Sideboard]`` tags are no Forge file."""
    if "[" not in text or _xml_root(text):   # every section heading has its bracket
        return False
    lines = _lines(text, 200)
    sections = {m.group(1).lower() for m in map(_FORGE_SECTION.match, lines) if m}
    if not sections or any(line.startswith("[/") for line in lines):
        return False
    return suffix == ".dck" or bool(sections & {"metadata", "main"})


def is_csv(suffix: str, text: str) -> bool:
    if _xml_root(text):
        return False
    if suffix in (".csv", ".tsv"):
        return True
    first = _first_line(text)
    if first is None:
        return False
    delim = csv_delimiter(first)
    if delim is None:
        return False
    cells = [c.strip().strip('"') for c in first.split(delim)]
    roles = header_roles(cells)
    if "name" in roles.values() and "quantity" in roles.values():
        return True
    # an export with no header: its first two rows are a name, a count and maybe a set
    if delim != "," or not headerless_row(cells):
        return False
    rows = [ln for ln in text[:4096].splitlines() if ln.strip()][:2]
    return all(headerless_row(r.split(",")) for r in rows)


def is_arena(suffix: str, text: str) -> bool:
    if suffix == ".mtga":
        return True
    if _xml_root(text):
        return False
    first = _first_line(text)
    if first is None:
        return False
    if first in ("About", "Deck", "Commander", "Companion"):
        return True
    if "(" not in text:   # every Arena card line has its "(SET)"
        return False
    lines = _lines(text)
    any_card = False   # every line but the headings is an Arena card line, and one is
    for ln in lines:
        if ln.casefold() in ARENA_HEADERS:
            continue
        if not _ARENA_LINE.match(ln):
            return False
        any_card = True
    return any_card


def is_xmage(suffix: str, text: str) -> bool:
    if _xml_root(text):
        return False
    return suffix == ".dck" or ("LAYOUT " in text[:65536]
                                and bool(_XMAGE_LAYOUT.search(text[:65536])))


def is_mws(suffix: str, text: str) -> bool:
    if _xml_root(text):
        return False
    if suffix == ".mwdeck":
        return True
    head = text[:65536]
    return "//" in head and bool(_MWS_HEAD.search(head)) and bool(_MWS_LINE.search(head))


_DETECTORS = {"cockatrice": is_cockatrice, "mtgo-dek": is_dek, "forge": is_forge,
              "csv": is_csv, "arena": is_arena, "xmage": is_xmage, "mws": is_mws}


#: the last path's extension, in lower case: a file's seven detectors each ask
_SUFFIX: list[str] = ["", ""]


def detect(kind: str, path: str, text: str) -> bool:
    """Does the file at ``path`` with content ``text`` look like a ``kind`` deck file?"""
    if _SUFFIX[0] != path:
        _SUFFIX[:] = [path, os.path.splitext(path)[1].lower()]
    return _DETECTORS[kind](_SUFFIX[1], text)
