"""Magic deck files (mtg.md §5, §8.4): one test group per file format.

The example decks in ``examples/mtg/`` are the §8.1 reference list written in each format;
every one must give the same result (legal on 2012-02-03, 60 + 15 cards). The XMage importer
fixtures are read in place from ``../shared`` (skipped when it is absent).
"""

from __future__ import annotations


import pytest

from conftest import ROOT, needs_shared
from deckcheck.api import Options, UsageError, check_file, check_source
from deckcheck.games.base import load_game
from deckcheck.parsing.detect import parse
from deckcheck.reading import SourceText

EXAMPLES = ROOT / "examples" / "mtg"
XMAGE = ("data", "mtg", "mage", "Mage", "src", "test", "data", "importer")


def _parse(text: str, path: str = "deck.txt"):
    return parse(SourceText(path, text, "utf-8"), load_game("mtg"))


def _check(text: str, path: str = "deck.txt", fmt: str = "mtg-standard", date="2012-02-25"):
    """Check as on 2012-02-25 (the lists here are Dark Ascension-era lists)."""
    return check_source(SourceText(path, text, "utf-8"), Options(format_id=fmt, date=date))


def _codes(result) -> list[str]:
    return [f.code for f in result.findings]


@pytest.mark.parametrize("name,source_format", [
    ("delver-dka.txt", "text"), ("delver-dka.mtga", "arena"), ("delver-dka.dek", "mtgo-dek"),
    ("delver-dka.cod", "cockatrice"), ("delver-dka-forge.dck", "forge"),
    ("delver-dka-xmage.dck", "xmage"), ("delver-dka.mwDeck", "mws"), ("delver-dka.o8d", "o8d"),
])
def test_reference_list_in_every_format(name, source_format):
    result = check_file(EXAMPLES / name, Options(format_id="mtg-standard", date="2012-02-25"))
    assert result.error is None, result.error
    assert result.deck.source_format == source_format
    assert result.counts == {"main": 60, "sideboard": 15}
    assert result.legal, [f.message for f in result.findings]
    assert [f.code for f in result.findings if f.code not in ("DCK024", "DCK029")] == []
    assert result.stats["profile"] == "2012-02-03"
    names = {e.card.name for e in result.deck.entries}
    assert {"Delver of Secrets", "Thalia, Guardian of Thraben", "Runechanter's Pike"} <= names


# --------------------------------------------------------------------------- plain text

def test_plain_text_forms():
    deck = _parse("// UW Delver\n4 Delver of Secrets\n4x Snapcaster Mage\nPonder x4\n"
                  "2 Moorland Haunt (ISD) 244\n\nSideboard\nSB: 2 Negate [M12]\n1 Fire // Ice\n")
    got = [(e.zone, e.count, e.name, e.set_code, e.number) for e in deck.entries]
    assert got == [("main", 4, "Delver of Secrets", None, None),
                   ("main", 4, "Snapcaster Mage", None, None),
                   ("main", 4, "Ponder", None, None),
                   ("main", 2, "Moorland Haunt", "ISD", "244"),
                   ("sideboard", 2, "Negate", "M12", None),
                   ("sideboard", 1, "Fire // Ice", None, None)]


def test_mtgo_blank_line_sideboard():
    deck = _parse("4 Delver of Secrets\n56 Island\n\n15 Negate\n\n")
    assert [(e.zone, e.count) for e in deck.entries] == [("main", 4), ("main", 56),
                                                          ("sideboard", 15)]
    three = _parse("4 Delver of Secrets\n\n56 Island\n\n15 Negate\n")
    assert {e.zone for e in three.entries} == {"main"}
    assert "DCK019" in [f.code for f in three.findings]


def test_set_codes_only_from_brackets():
    """P5, P6: code-like words stay in the name; `Fire // Ice` is a name, not a comment."""
    deck = _parse("1 Ice Cage\n1 Goblin War Paint\n1 War Report\n1 Contested War Zone\n"
                  "1 Fire // Ice\n")
    assert [(e.name, e.set_code) for e in deck.entries] == [
        ("Ice Cage", None), ("Goblin War Paint", None), ("War Report", None),
        ("Contested War Zone", None), ("Fire // Ice", None)]
    result = _check("1 Fire // Ice\n59 Island\n")
    outside = [f for f in result.findings if f.code == "MTG201"]
    assert len(outside) == 1 and outside[0].card == "Fire // Ice"     # known: not in Standard
    assert "Apocalypse (APC) left Standard on 2002-11-01" in outside[0].message


def test_headers_and_decorations_keep_every_line():
    text = ("Main Deck (60)\nCreatures (4)\n4 Delver of Secrets\n生物\n4 掘密師\nLands\n"
            "52 Island\n備牌\n15 Negate\nMaybeboard\n1 Ponder\nTokens\n1 Spirit\n")
    deck = _parse(text)
    assert [(e.zone, e.count) for e in deck.entries] == [
        ("main", 4), ("main", 4), ("main", 52), ("sideboard", 15), ("maybeboard", 1),
        ("tokens", 1)]
    result = _check(text)
    assert result.counts["main"] == 60 and result.counts["sideboard"] == 15
    assert "MTG310" in _codes(result) and "DCK001" not in _codes(result)


def test_unparseable_line_has_its_number():
    result = _check("4 Delver of Secrets\n-3 Ponder\n")
    bad = [f for f in result.findings if f.code == "DCK001"]
    assert bad and bad[0].line == 2


# --------------------------------------------------------------------------- MTG Arena

def test_arena_export():
    deck = _parse((EXAMPLES / "delver-dka.mtga").read_text(encoding="utf-8"), "x.mtga")
    assert deck.source_format == "arena" and deck.metadata["name"] == "UW Delver"
    first = deck.entries[0]
    assert (first.count, first.name, first.set_code, first.number, first.line) == \
        (4, "Delver of Secrets", "ISD", "51", 5)


def test_arena_detected_by_content_and_sections():
    text = "Deck\n4 Delver of Secrets (ISD) 51\n56 Island (ISD) 253\n\nCompanion\n" \
           "1 Olivia Voldaren (ISD) 215\n"
    deck = _parse(text, "paste.txt")
    assert deck.source_format == "arena"
    assert [e.zone for e in deck.entries] == ["main", "main", "companion"]
    result = _check(text, "paste.txt")
    assert [f.zone for f in result.findings if f.code == "MTG309"] == ["companion"]


def test_arena_set_remap_and_triple_slash():
    deck = _parse("2 Teferi, Hero of Dominaria (DAR) 207\n1 Fire /// Ice (APC) 128\n", "a.mtga")
    assert deck.entries[0].set_code == "DOM" and deck.entries[0].game_note.set_written == "DAR"
    assert deck.entries[1].name == "Fire /// Ice"


@needs_shared(*XMAGE, "testdeck.mtga")
def test_arena_xmage_fixture(shared):
    """P3: headerless export split at the blank line; DAR read as DOM; Forest resolves. A
    War of the Spark list: checked as of 2019-06-01, every card is known and legal."""
    result = check_file(shared.joinpath(*XMAGE, "testdeck.mtga"),
                        Options(format_id="mtg-standard", date="2019-06-01"))
    deck = result.deck
    main = [e for e in deck.entries if e.zone == "main"]
    side = [e for e in deck.entries if e.zone == "sideboard"]
    assert (len(main), sum(e.count for e in main)) == (7, 8)
    assert (len(side), sum(e.count for e in side)) == (2, 4)
    assert "Expansion // Explosion" in [e.name for e in main]
    assert [e.set_code for e in main if e.name == "Teferi, Hero of Dominaria"] == ["DOM"]
    forest = next(e for e in main if e.name == "Forest")
    assert forest.card is not None and forest.card.name == "Forest"
    assert {f.code for f in result.findings if f.severity.value == "error"} == {"MTG101"}


# --------------------------------------------------------------------------- MTGO .dek

def test_dek_fields_and_problems():
    text = ('<?xml version="1.0" encoding="utf-8"?>\n<Deck>\n<NetDeckID>0</NetDeckID>\n'
            '<Cards CatID="1" Quantity="2" Sideboard="false" Name="Fire/Ice" />\n'
            '<Cards CatID="2" Sideboard="true" Name="Negate" />\n'
            '<Cards CatID="3" Quantity="many" Sideboard="false" Name="Ponder" />\n'
            '<Cards CatID="4" Quantity="1" Sideboard="false" />\n</Deck>\n')
    deck = _parse(text, "x.dek")
    assert deck.source_format == "mtgo-dek"
    assert [(e.zone, e.count, e.name, e.implicit_count, e.line) for e in deck.entries] == [
        ("main", 2, "Fire/Ice", False, 4), ("sideboard", 1, "Negate", True, 5)]
    assert [(f.code, f.line) for f in deck.findings] == [("DCK001", 6), ("DCK001", 7)]


def test_xml_with_doctype_is_refused():
    text = ('<?xml version="1.0"?>\n<!DOCTYPE Deck [<!ENTITY x "y">]>\n<Deck>'
            '<Cards Quantity="4" Sideboard="false" Name="Ponder" /></Deck>\n')
    with pytest.raises(UsageError, match="DOCTYPE"):
        _check(text, "evil.dek")


def test_malformed_xml_is_a_usage_error_with_line():
    with pytest.raises(UsageError, match=r"bad\.cod:3"):
        _check('<cockatrice_deck version="1">\n<zone name="main">\n<card number="4"\n',
               "bad.cod")


# --------------------------------------------------------------------------- Cockatrice

def test_cockatrice_fields():
    text = ('<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n'
            '<deckname>Test</deckname>\n<comments>note</comments>\n<zone name="main">\n'
            '<card number="4" name="Delver of Secrets" setShortName="ISD" collectorNumber="51"/>\n'
            '<card name="Ponder"/>\n</zone>\n<zone name="tokens">\n'
            '<card number="2" name="Spirit"/>\n</zone>\n<zone name="planes">\n'
            '<card number="1" name="Academy at Tolaria West"/>\n</zone>\n</cockatrice_deck>\n')
    deck = _parse(text, "t.cod")
    assert deck.source_format == "cockatrice"
    assert deck.metadata["name"] == "Test" and deck.metadata["description"] == "note"
    assert [(e.zone, e.count, e.name, e.set_code, e.number, e.implicit_count)
            for e in deck.entries] == [
        ("main", 4, "Delver of Secrets", "ISD", "51", False),
        ("main", 1, "Ponder", None, None, True), ("tokens", 2, "Spirit", None, None, False)]
    assert [f.code for f in deck.findings] == ["DCK022"]
    assert deck.non_deck == [(13, "planes", "Academy at Tolaria West")]


@needs_shared(*XMAGE, "testdeck.cod")
def test_cockatrice_xmage_fixture(shared):
    """P1: main 115, sideboard 3; the fake is unknown, the post-DKA card (M13) is not legal."""
    result = check_file(shared.joinpath(*XMAGE, "testdeck.cod"), Options(format_id="mtg-standard", date="2012-02-25"))
    assert result.counts == {"main": 115, "sideboard": 3}
    unknown = sorted(f.message.split('"')[1] for f in result.findings if f.code == "DCK002")
    assert unknown == ["@#$NOT A REAL CARD NAME@#$"]
    assert "War Priest of Thune" in [f.card for f in result.findings if f.code == "MTG201"]
    assert [(f.code, f.card) for f in result.findings if f.code == "DCK008"] == \
        [("DCK008", "Avacyn's Pilgrim")]
    copies = [f for f in result.findings if f.code == "MTG102"]
    assert [(f.card, f.actual, f.expected) for f in copies] == [("Razorverge Thicket", 101, 4)]
    assert [f.actual for f in result.findings if f.code == "MTG302"] == [3]
    assert not result.legal


# --------------------------------------------------------------------------- Forge

def test_forge_sections_and_fields():
    text = ("[metadata]\nName=UW Delver\nDeck Type=constructed\n[MAIN]\n4 Delver of Secrets|ISD\n"
            "4 Ponder|M12|1\n1 Seance|DKA\n[sideboard]\n2 Negate|M12\n[Planes]\n"
            "1 Academy at Tolaria West\n[Unknown]\n1 Something\n")
    deck = _parse(text, "x.dck")
    assert deck.source_format == "forge" and deck.metadata["name"] == "UW Delver"
    assert [(e.zone, e.count, e.name, e.set_code) for e in deck.entries] == [
        ("main", 4, "Delver of Secrets", "ISD"), ("main", 4, "Ponder", "M12"),
        ("main", 1, "Seance", "DKA"), ("sideboard", 2, "Negate", "M12"),
        ("outside", 1, "Academy at Tolaria West", None)]
    assert [(f.code, f.line) for f in deck.findings] == [("DCK022", 12)]
    assert deck.non_deck == [(13, "unknown", "1 Something")]
    result = _check(text, "x.dck", fmt="mtg-limited")
    seance = next(e for e in result.deck.entries if e.name == "Seance")
    assert seance.card.name == "Séance" and seance.match == "normalized"
    assert "DCK002" not in [f.code for f in result.findings if f.severity.value == "error"]


def test_forge_line_before_any_section():
    deck = _parse("4 Ponder|M12\n[Main]\n4 Ponder|M12\n", "x.dck")
    assert [(f.code, f.line) for f in deck.findings] == [("DCK001", 1)]
    assert len(deck.entries) == 1


# --------------------------------------------------------------------------- XMage

@needs_shared(*XMAGE, "testdeck.dck")
def test_xmage_fixture(shared):
    """P2: two entries with their collector numbers, two LAYOUT lines as metadata."""
    result = check_file(shared.joinpath(*XMAGE, "testdeck.dck"),
                        Options(format_id="mtg-standard", date="2019-06-01"))
    deck = result.deck
    assert deck.source_format == "xmage"
    assert [(e.zone, e.count, e.name, e.set_code, e.number) for e in deck.entries] == [
        ("main", 1, "Ugin, the Ineffable", "WAR", "2*"),
        ("main", 1, "Cephalid Looter", "ODY", "72+")]
    assert {"layout_main", "layout_sideboard"} <= set(deck.metadata)
    assert not [f for f in result.findings if f.code in ("DCK002", "MTG205")]   # WAR, ODY known
    assert [(f.line, f.card) for f in result.findings if f.code == "MTG201"] == \
        [(2, "Cephalid Looter")]
    assert "DCK001" not in _codes(result)


def test_xmage_example_fields():
    deck = _parse((EXAMPLES / "delver-dka-xmage.dck").read_text(encoding="utf-8"), "x.dck")
    assert deck.metadata["name"] == "UW Delver"
    first = deck.entries[0]
    assert (first.name, first.set_code, first.number) == ("Delver of Secrets", "ISD", "51")
    assert [e.inline for e in deck.entries if e.zone == "sideboard"][0] is True


# --------------------------------------------------------------------------- MWS

def test_mws_fields():
    text = ("// NAME : UW Delver\n// CREATOR : someone\n        4 [ISD] Delver of Secrets\n"
            "SB:  2 [M12] Negate\n")
    deck = _parse(text, "x.mwDeck")
    assert deck.source_format == "mws"
    assert deck.metadata["name"] == "UW Delver" and deck.metadata["designer"] == "someone"
    assert [(e.zone, e.count, e.name, e.set_code) for e in deck.entries] == [
        ("main", 4, "Delver of Secrets", "ISD"), ("sideboard", 2, "Negate", "M12")]


# --------------------------------------------------------------------------- OCTGN

def test_o8d_sections():
    text = ('<?xml version="1.0" encoding="utf-8"?>\n'
            '<deck game="a6c8d2e8-7cd8-11dd-8f94-e62b56d89593">\n'
            '<section name="Main" shared="False"><card qty="4" id="x">Ponder</card></section>\n'
            '<section name="Command Zone" shared="False"><card qty="1">Olivia Voldaren</card>'
            '</section>\n<section name="Planes" shared="True"><card qty="1">Plane</card>'
            '</section>\n</deck>\n')
    deck = _parse(text, "x.o8d")
    assert [(e.zone, e.count, e.name) for e in deck.entries] == [
        ("main", 4, "Ponder"), ("commander", 1, "Olivia Voldaren"), ("outside", 1, "Plane")]


# --------------------------------------------------------------------------- CSV

def test_deckbox_csv_example():
    deck = _parse((EXAMPLES / "delver-dka-deckbox.csv").read_text(encoding="utf-8"), "d.csv")
    assert deck.source_format == "csv"
    thalia = next(e for e in deck.entries if e.name.startswith("Thalia"))
    assert thalia.name == "Thalia, Guardian of Thraben" and thalia.line == 5
    assert thalia.game_note.set_value == "Dark Ascension" and thalia.number == "24"
    result = check_file(EXAMPLES / "delver-dka-deckbox.csv",
                        Options(format_id="mtg-standard", date="2012-02-25"))
    assert result.legal and result.counts == {"main": 60}
    assert next(e for e in result.deck.entries if e.name.startswith("Thalia")).set_code == "DKA"


def test_deckbox_quoted_comma_and_edition_name():
    text = ("Count,Tradelist Count,Name,Edition,Card Number,Condition,Language,Foil,Signed,"
            "Artist Proof,Altered Art,Misprint,Promo,Textless,My Price\n"
            '4,0,"Elbrus, the Binding Blade",Dark Ascension,147,Near Mint,English,,,,,,,,$1.00\n'
            "4,0,Delver of Secrets,Dark Ascension,51,Near Mint,English,,,,,,,,\n"
            "52,0,Island,Innistrad,253,Near Mint,English,,,,,,,,\n")
    result = _check(text, "deckbox.csv")
    names = [(e.card.name, e.set_code) for e in result.deck.entries]
    assert names == [("Elbrus, the Binding Blade", "DKA"), ("Delver of Secrets", "DKA"),
                     ("Island", "ISD")]
    assert [(f.code, f.line) for f in result.findings if f.code != "DCK029"] == [("MTG204", 3)]


@pytest.mark.parametrize("path", ["export.csv", "export.txt"])
def test_a_csv_export_with_no_header_is_read_by_position(path):
    # name, count, set; no header row: a card list, the first row a card's
    text = "Counterspell,4,Ice Age\nLightning Bolt,4,Fourth Edition\nIsland,20,ICE\nNegate,2\n"
    deck = _parse(text, path)
    assert deck.source_format == "csv" and not deck.findings
    assert [(e.line, e.count, e.name) for e in deck.entries] == [
        (1, 4, "Counterspell"), (2, 4, "Lightning Bolt"), (3, 20, "Island"), (4, 2, "Negate")]
    assert deck.entries[0].game_note.set_value == "Ice Age"
    result = _check(text, path, fmt="mtg-vintage", date="2012-02-25")
    assert [e.set_code for e in result.deck.entries] == ["ICE", "4ED", "ICE", None]
    assert result.counts == {"main": 30}


def test_a_text_list_whose_lines_have_commas_is_no_csv():
    # a comma inside a name, or a one-line list: the second cell is no count
    deck = _parse("4 Thalia, Guardian of Thraben\n2 Rest in Peace, 2 Stony Silence\n")
    assert deck.source_format == "text"
    deck = _parse("Island,20,ICE\n4 Ponder\n")
    assert deck.source_format == "text"


def test_csv_sniffed_by_header_with_board_and_semicolons():
    text = ("Quantity;Card Name;Set Code;Board\n4;Delver of Secrets;ISD;main\n"
            "56;Island;;Mainboard\n2;Negate;m12;Sideboard\n1;Ponder;;Maybeboard\n"
            "x;Ponder;;\n;Dissipate;;\n")
    deck = _parse(text, "export.txt")
    assert deck.source_format == "csv"
    assert [(e.zone, e.count, e.name, e.implicit_count) for e in deck.entries] == [
        ("main", 4, "Delver of Secrets", False), ("main", 56, "Island", False),
        ("sideboard", 2, "Negate", False), ("maybeboard", 1, "Ponder", False),
        ("main", 1, "Dissipate", True)]
    assert [(f.code, f.line) for f in deck.findings] == [("DCK001", 6)]
    result = _check(text, "export.txt")
    assert result.deck.entries[2].set_code == "M12"


def test_csv_without_name_column():
    deck = _parse("Count,Foo\n4,Bar\n", "x.csv")
    assert [(f.code, f.line) for f in deck.findings] == [("DCK001", 1)]


# --------------------------------------------------------------------------- CLI

def test_every_example_through_the_cli(cli):
    legal = ["delver-dka.txt", "humans-zh-hant.txt", "humans-zh-hans.txt",
             "mono-white-24-plains.txt"]
    for name in legal:
        r = cli("check", str(EXAMPLES / name))
        assert r.returncode == 0, (name, r.stdout.decode())
    r = cli("check", str(EXAMPLES / "sealed-dka.txt"))
    assert r.returncode == 0, r.stdout.decode()
    for name in ("illegal-jace.txt", "illegal-59-cards.txt", "illegal-five-volleys.txt",
                 "illegal-sideboard-14.txt", "illegal-back-face.txt"):
        r = cli("check", str(EXAMPLES / name))
        assert r.returncode == 1, (name, r.stdout.decode())
    r = cli("check", "-f", "mtg-standard", "--date", "2012-02-25", str(EXAMPLES / "delver-dka.dek"),
            str(EXAMPLES / "delver-dka.cod"), str(EXAMPLES / "delver-dka.mtga"))
    assert r.returncode == 0, r.stdout.decode()
    assert not r.stderr


def test_binary_and_garbage_never_trace(cli, tmp_path):
    for name, data in (("x.dek", b"<Deck><Cards Quantity=\"4\""), ("x.csv", b"\xff\xfe\x00"),
                       ("x.dck", b"[Main]\n\x00\x01\n"), ("x.cod", b"<cockatrice_deck/>")):
        path = tmp_path / name
        path.write_bytes(data)
        r = cli("check", "-f", "mtg-standard", str(path))
        assert r.returncode in (1, 2)
        assert b"Traceback" not in r.stderr and b"internal error" not in r.stderr


@pytest.mark.parametrize("text", [
    "4 Island\n", "\n\n  \t\n4 Island", "\ufeff4 Island", " \r\n\r\nName,Count\r\n4,Island",
    "", "\n\n\n", "a" * 5000, "\n" * 4095 + "4 Island\n", "\n" * 4094 + "4 Isl" + "and" * 10,
    "x" * 4090 + "\r\n4 Island", "\u2028\x0b 4 Island\x0c", " " * 4096 + "4 Island",
    "\n" * 5000, "4 Island" + "\n" * 5000 + "2 Forest",
])
def test_the_first_line_is_found_as_a_whole_split_finds_it(text):
    """The CSV and Arena detectors read a text's first line from its head alone."""
    from deckcheck.games.mtg.parsers import detect

    whole = next((ln for ln in (line.strip().lstrip("\ufeff") for line in text.splitlines())
                  if ln), None)
    assert detect._find_first_line(text) == whole
    assert detect._first_line(text) == whole   # the same text again: remembered
    assert detect._first_line(text) == whole
