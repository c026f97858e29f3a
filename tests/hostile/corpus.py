"""The hostile-input corpus: files a stranger's pull request (or a mailed list) could hold.

Every case is generated at test time into a temporary directory (nothing large is stored)
and names the outcome deckcheck must give: ``error`` - exit 2 with one clear line on
stderr containing ``expect``; ``findings`` - a report (exit 0 or 1) whose findings include
the codes in ``expect``. Either way within the time and memory bounds of
:mod:`hostile_support`.
"""

from __future__ import annotations

import codecs
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from deckcheck.reading import MAX_LINE_CHARS

ROOT = Path(__file__).resolve().parents[2]
GRIMM = (ROOT / "tests" / "cases" / "_decks" / "fow" / "grimm.txt").read_text(encoding="utf-8")
MB = 1024 * 1024
#: as long as a line may be (a longer one is refused with its number)
LONGEST = MAX_LINE_CHARS - 8


@dataclass(frozen=True)
class Case:
    id: str
    filename: str
    make: Callable[[Path], None]      # writes the file at the given path
    format: str | None
    outcome: str                      # "error" | "findings"
    expect: tuple[str, ...] = ()      # message parts (error) or finding codes (findings)
    lines: tuple[int, ...] = ()       # findings: lines that must carry a finding

    def __str__(self) -> str:
        return self.id


def data(content: bytes | str) -> Callable[[Path], None]:
    raw = content.encode("utf-8") if isinstance(content, str) else content

    def make(path: Path) -> None:
        path.write_bytes(raw)
    return make


def lazy(fn: Callable[[], bytes | str]) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        data(fn())(path)
    return make


def sparse(size: int) -> Callable[[Path], None]:
    """A file of ``size`` bytes without writing them (a hole, then one byte)."""
    def make(path: Path) -> None:
        with path.open("wb") as fh:
            fh.seek(size - 1)
            fh.write(b"\n")
    return make


# ---------------------------------------------------------------------------------------
# XML payloads

def _laughs(root_doc: str) -> str:
    ents = ['<!ENTITY lol "lol">'] + [
        f'<!ENTITY lol{i} "{("&lol%s;" % (i - 1 if i > 1 else "")) * 10}">' for i in range(1, 10)]
    return '<?xml version="1.0"?>\n<!DOCTYPE lolz [' + "".join(ents) + "]>\n" + root_doc


def _xxe(root_doc: str) -> str:
    return ('<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n'
            + root_doc)


O8D_CARD = '<deck game="x"><section name="Main"><card qty="1">{}</card></section></deck>'
DEK_CARD = '<Deck><Cards CatID="1" Quantity="1" Sideboard="false" Name="{}"/></Deck>'
COD_CARD = '<cockatrice_deck><zone name="main"><card number="1" name="{}"/></zone></cockatrice_deck>'


def _notes_lines() -> str:
    """An OCTGN deck whose notes are 19,000 lines (4.6 MB): expat hands the text over in
    one piece per line, which once cost seconds of string copying."""
    return ('<deck game="x"><section name="Main"><card qty="4">Thunder</card></section><notes>'
            + ("n" * 240 + "\n") * 19_000 + "</notes></deck>")


def _fdk(**keys) -> str:
    return json.dumps(keys)


# ---------------------------------------------------------------------------------------
# text payloads

def _random_bytes() -> bytes:
    return random.Random(9).randbytes(200_000)


def _unknown_names(n: int) -> str:
    rnd = random.Random(n)
    words = ["".join(rnd.choice("bcdfghjklmnpqrstvwxz") for _ in range(7)) for _ in range(n)]
    return "Format: fow-classic\n" + "".join(f"1 Qz {w} {i}\n" for i, w in enumerate(words))


CASES: list[Case] = [
    # --- XML entity tricks: refused before any entity is expanded or file opened ---------
    Case("o8d-billion-laughs", "deck.o8d", data(_laughs(O8D_CARD.format("&lol9;"))),
         "fow-classic", "error", ("DOCTYPE",)),
    Case("dek-billion-laughs", "deck.dek", data(_laughs(DEK_CARD.format("&lol9;"))),
         "mtg-standard", "error", ("DOCTYPE",)),
    Case("cod-billion-laughs", "deck.cod", data(_laughs(COD_CARD.format("&lol9;"))),
         "mtg-standard", "error", ("DOCTYPE",)),
    Case("o8d-external-entity", "deck.o8d", data(_xxe(O8D_CARD.format("&xxe;"))),
         "fow-classic", "error", ("DOCTYPE",)),
    Case("dek-external-entity", "deck.dek", data(_xxe(DEK_CARD.format("&xxe;"))),
         "mtg-standard", "error", ("DOCTYPE",)),
    Case("cod-external-entity", "deck.cod", data(_xxe(COD_CARD.format("&xxe;"))),
         "mtg-standard", "error", ("DOCTYPE",)),
    Case("o8d-parameter-entity", "deck.o8d", data(
        '<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY % p SYSTEM "http://127.0.0.1:9/x"> %p;]>'
        "\n<deck/>"), "fow-classic", "error", ("DOCTYPE",)),
    Case("o8d-external-dtd-after-4k", "deck.o8d", data(
        '<?xml version="1.0"?>\n<!-- ' + "x" * 5000 + ' -->\n'
        '<!DOCTYPE deck SYSTEM "file:///etc/passwd">\n' + O8D_CARD.format("Thunder")),
        "fow-classic", "error", ("unsafe XML refused",)),
    Case("dek-100k-card-elements", "deck.dek", lazy(
        lambda: "<Deck>" + '<Cards Quantity="1" Name="Island"/>' * 100_000 + "</Deck>"),
        "mtg-standard", "error", ("more than 20,000 elements",)),
    Case("cod-deep-nesting", "deck.cod", data(
        "<cockatrice_deck>" + "<zone>" * 100 + "</zone>" * 100 + "</cockatrice_deck>"),
        "mtg-standard", "error", ("nested more than 64 deep",)),
    Case("dek-4mb-card-name", "deck.dek", lazy(lambda: DEK_CARD.format("A" * 4_000_000)),
         "mtg-standard", "findings", ("DCK001",)),
    Case("o8d-19k-line-notes", "deck.o8d", lazy(_notes_lines), "fow-classic", "findings",
         ("FOW101",)),
    Case("decks-xml-50k-decks", "decks.xml", lazy(
        lambda: "<decks>" + '<deck id="1"><card name="A" count="1"/></deck>' * 50_000
        + "</decks>"), "wowtcg-classic", "error", ("more than 20,000 elements",)),
    Case("o8d-control-character-reference", "deck.o8d", data(O8D_CARD.format("Thun&#x1b;der")),
         "fow-classic", "error", ("malformed XML",)),

    # --- size, binary, encodings ------------------------------------------------------------
    Case("50mb-file", "deck.txt", sparse(50 * MB), "fow-classic", "error",
         ("limited to 5,242,880 bytes",)),
    Case("random-binary", "deck.txt", lazy(_random_bytes), "fow-classic", "error",
         ("binary file",)),
    Case("nul-bytes", "deck.txt", data(GRIMM.replace("Gretel", "Gre\x00tel")), "fow-classic",
         "error", ("NUL byte",)),
    Case("single-10mb-line", "deck.txt", lazy(lambda: "4 " + "A" * (10 * MB)), "fow-classic",
         "error", ("limited to 5,242,880 bytes",)),
    # a line no deck list has: refused with its number (exit 2), not read as a card (exit 1)
    Case("single-4mb-line", "deck.txt", lazy(lambda: "Format: fow-classic\n4 " + "A" * (4 * MB)),
         None, "error", ("line 2 has 4,194,306 characters", "limited to 10,000")),
    Case("single-3mb-line-alone", "deck.txt", lazy(lambda: "4 " + "A" * (3 * MB)),
         "mtg-modern", "error", ("line 1 has 3,145,730 characters",)),
    Case("long-line-under-the-cap-is-a-finding", "deck.txt",
         data("Format: fow-classic\n4 " + "A" * 5000), None, "findings", ("DCK001",), (2,)),
    Case("invalid-utf8-read-as-cp1252", "deck.txt",
         data(GRIMM.encode() + b"4 \xff\xfe\xfa Card\n"), "fow-classic", "findings",
         ("DCK002",), (19,)),
    Case("invalid-in-every-encoding", "deck.txt", data(b"Format: fow-classic\n4 \x81 Card\n"),
         None, "error", ("not valid UTF-8",)),
    Case("mixed-encodings", "deck.txt", data(GRIMM.encode() + "4 魔石\n".encode("gb18030")
                                             + "2 Séance\n".encode("cp1252")),
         "fow-classic", "findings", ("DCK002",)),
    Case("utf16-200k-lines", "deck.txt", lazy(lambda: ("4 Thunder\n" * 200_000).encode("utf-16")),
         "fow-classic", "error", ("lines",)),
    Case("empty", "deck.txt", data(b""), "fow-classic", "error", ("empty",)),
    Case("4mb-of-spaces", "deck.txt", lazy(lambda: b" " * (4 * MB)), "fow-classic", "error",
         ("empty",)),
    Case("4mb-of-newlines", "deck.txt", lazy(lambda: b"x\n" + b"\n" * (4 * MB)), "fow-classic",
         "error", ("lines",)),
    Case("utf8-bom-then-binary", "deck.txt", data(codecs.BOM_UTF8 + bytes(range(1, 32)) * 40),
         "fow-classic", "error", ("binary file",)),

    # --- line ends, separators, counts ------------------------------------------------------
    Case("cr-only-line-ends", "deck.txt", data(GRIMM.replace("\n", "\r") + "4 Qzxv Card\r"),
         "fow-classic", "findings", ("DCK002",), (19,)),
    Case("crlf-line-ends", "deck.txt", data(GRIMM.replace("\n", "\r\n") + "4 Qzxv Card\r\n"),
         "fow-classic", "findings", ("DCK002",), (19,)),
    Case("tabs-as-separators", "deck.txt", data(GRIMM.replace("4 ", "4\t").replace("1 ", "1\t")
                                                + "4\tQzxv Card\n"),
         "fow-classic", "findings", ("DCK002",), (19,)),
    Case("counts-0-minus1-10e12", "deck.txt", data(
        GRIMM + "0 Thunder\n-1 Thunder\n1000000000000 Thunder\n" + "9" * 250 + " Thunder\n"),
        "fow-classic", "findings", ("DCK009", "DCK001"), (19, 20, 21, 22)),
    Case("100k-lines-under-5mb", "deck.txt", lazy(
        lambda: "Format: fow-classic\n" + "4 Thunder\n" * 100_000), None, "error",
        ("100,001 lines", "limited to 20,000 lines")),
    Case("100k-lines-over-5mb", "deck.txt", lazy(
        lambda: "".join(f"4 Card Name {i} " + "x" * 40 + "\n" for i in range(100_000))),
        "fow-classic", "error", ("limited to 5,242,880 bytes",)),
    Case("2001-card-entries", "deck.txt", lazy(
        lambda: "Format: fow-classic\n" + "".join(f"1 Thunder {i}\n" for i in range(2001))),
        None, "error", ("2,001 card entries",)),
    Case("1990-unknown-names", "deck.txt", lazy(lambda: _unknown_names(1990)), None,
         "findings", ("DCK002",), (2, 1991)),
    Case("20k-unreadable-lines", "deck.txt", lazy(
        lambda: "Format: fow-classic\n" + ("-1 " + "x" * 200 + "\n") * 19_990), None,
        "findings", ("DCK001",), (2, 19_991)),

    # --- names: confusables, direction marks, escapes ---------------------------------------
    Case("confusables-and-rtl-marks", "deck.txt", data(
        GRIMM + "4 \u0422hunder\n4 \u03a4hunder\n4 Thun\u202eder\n4 Thun\u200fder\n"
        "4 Thun\u200bder\n"), "fow-classic", "findings", ("DCK003", "DCK005"),
        (19, 20, 21, 22, 23)),
    Case("terminal-escape-in-name", "deck.txt", data(GRIMM + "4 \x1b[2J\x1b[31mThunder\n"),
         "fow-classic", "findings", ("DCK001",), (19,)),
    Case("line-separator-in-name", "deck.txt", data(GRIMM + "4 Thun\u2028der\n"),
         "fow-classic", "findings", ("DCK001",), (19,)),

    # --- patterns that once made a regular expression backtrack for minutes -----------------
    # (as long as a line may be: a longer one is refused before any pattern sees it)
    Case("wowtcg-line-of-spaces", "deck.txt", lazy(lambda: "1" + " " * LONGEST + "x\n"),
         "wowtcg-classic", "findings", ("DCK001",), (1,)),
    Case("forge-line-of-spaces", "deck.dck", lazy(lambda: "[Main]\n1" + " " * LONGEST + "x\n"),
         "mtg-standard", "findings", ("DCK001",), (2,)),
    Case("mwdeck-line-of-spaces", "deck.mwDeck", lazy(lambda: "4 a" + " " * LONGEST + "b\n"),
         "wowtcg-classic", "findings", ("DCK001",), (1,)),
    Case("mwdeck-1mb-line-of-spaces", "deck.mwDeck", lazy(lambda: "4 a" + " " * MB + "b\n"),
         "wowtcg-classic", "error", ("line 1 has 1,048,580 characters",)),
    Case("sbb-count-of-5000-digits", "book.sbb", data(
        "1\nBook\nWizard\n\n\n\n\nMW1A02," + "9" * 5000 + "\n"), "magewars-arena", "findings",
        ("DCK001",), (8,)),
    Case("bbcode-100k-cards", "book.txt", lazy(
        lambda: "[spellbook]" + "[mwcard=X]1 x Dissolve[/mwcard]" * 100_000 + "[/spellbook]"),
        "magewars-arena", "error", ("line 1 has 3,100,023 characters",)),
    Case("bbcode-300-cards", "book.txt", lazy(
        lambda: "[spellbook]" + "[mwcard=X]1 x Dissolve[/mwcard]" * 300 + "[/spellbook]"),
        "magewars-arena", "findings", ("MWR102",)),
    Case("bbcode-4mb-mage", "book.txt", lazy(
        lambda: "[spellbook][mage]a" + " " * (4 * MB) + "x[/mage][/spellbook]"),
        "magewars-arena", "error", ("line 1 has",)),

    # --- JSON (.fdk) ------------------------------------------------------------------------
    Case("fdk-nested-100k-deep", "deck.fdk", lazy(
        lambda: '{"ruler": "x", "main": ' + "[" * 100_000 + "]" * 100_000 + "}"),
        "fow-classic", "error", ("nested too deeply",)),
    Case("fdk-100k-keys", "deck.fdk", lazy(lambda: json.dumps({f"k{i}": 1 for i in range(100_000)})),
         "fow-classic", "error", ("100,000 keys",)),
    Case("fdk-100k-distinct-ids", "deck.fdk", lazy(
        lambda: _fdk(ruler="CMF-005", main=[f"ID-{i}" for i in range(100_000)])),
        "fow-classic", "error", ("card entries",)),
    Case("fdk-400k-same-id", "deck.fdk", lazy(lambda: _fdk(ruler="CMF-005", main=["CMF-005"] * 400_000)),
         "fow-classic", "findings", ("DCK001",)),
    Case("fdk-5000-digit-number", "deck.fdk", data('{"ruler": "x", "main": ' + "1" * 5000 + "}"),
         "fow-classic", "error", ("invalid JSON",)),
    Case("fdk-lone-surrogate-escape", "deck.fdk", data(
        '{"ruler": "CMF-005", "main": ["\\ud800abc"], "name": "\\udfff"}'),
        "fow-classic", "error", ("lone surrogate",)),
    Case("fdk-control-character-escape", "deck.fdk", data(
        '{"ruler": "CMF-005", "main": ["\\u001b[2Jx", "a\\u2028b"]}'), "fow-classic",
        "findings", ("DCK001",)),
    # the file ends inside the list: unreadable, on its last line, not on one past the end
    Case("fdk-truncated", "deck.fdk", data('{"ruler": "x", "main": [\n'), "fow-classic",
         "error", ("deck.fdk:1: invalid JSON",)),

    # --- CSV ----------------------------------------------------------------------------------
    Case("csv-4mb-field", "deck.csv", lazy(lambda: 'Count,Name\n1,"' + "A" * (4 * MB) + '"\n'),
         "mtg-standard", "error", ("line 2 has 4,194,308 characters",)),
    Case("csv-1500-columns", "deck.csv", data(
        ",".join(f"c{i}" for i in range(1500)) + ",Count,Name\n"
        + ",".join(["x"] * 1500) + ",4,Delver of Secrets\n"), "mtg-standard", "findings",
        ("MTG101",)),
    Case("csv-10000-columns", "deck.csv", data(
        ",".join(f"c{i}" for i in range(10_000)) + ",Count,Name\n"
        + ",".join(["x"] * 10_000) + ",4,Delver of Secrets\n"), "mtg-standard", "error",
        ("line 1 has",)),
    Case("csv-unterminated-quote", "deck.csv", data('Count,Name\n1,"Delver of Secrets\n'
                                                   + "x\n" * 100), "mtg-standard", "findings",
         ("DCK001",)),
    Case("csv-100k-rows", "deck.csv", lazy(lambda: "Count,Name\n" + "1,Island\n" * 100_000),
         "mtg-standard", "error", ("lines",)),
    Case("wowtcg-csv-4mb-cell", "deck.csv", lazy(
        lambda: "Title\n" + "a" + " " * (4 * MB) + ",1,x\n"), "wowtcg-classic", "error",
        ("line 2 has",)),
]
