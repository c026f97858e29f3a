"""World of Warcraft TCG deck files (wowtcg.md §5, tests F1-F5): the four famasin files of
../shared give the same deck and the same result, and each parser on hand-made input.

Rule-by-rule cases are in ``tests/cases/WOW*.yaml``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from deckcheck.api import Options, check_file, check_source, parse_source
from deckcheck.models import Severity
from deckcheck.games.wowtcg.parsers import (looks_like_csv, looks_like_mwdeck, looks_like_seriallos,
                                      parse_csv)
from deckcheck.games.base import load_game
from deckcheck.reading import SourceText

from conftest import SHARED, needs_shared

DECKS = ("data", "wowtcg", "wowtcg-decktools", "data", "decks")
FAMASIN = ("famasin.o8d", "famasin.deck", "famasin.mwDeck", "famasin.csv")
GAME = load_game("wowtcg")


def parse(text: str, path: str = "list.txt", fmt: str = "wowtcg-limited"):
    deck, _, _ = parse_source(SourceText(path=path, text=text, encoding="utf-8"),
                              Options(format_id=fmt))
    return deck


def check(text: str, path: str = "list.txt", fmt: str = "wowtcg-limited"):
    return check_source(SourceText(path=path, text=text, encoding="utf-8"),
                        Options(format_id=fmt))


def zones(deck) -> dict[str, Counter]:
    out: dict[str, Counter] = {}
    for e in deck.entries:
        out.setdefault(e.zone, Counter())[e.card.name if e.card else e.name] += e.count
    return out


def codes(result, *severities: Severity) -> set[str]:
    return {f.code for f in result.findings if not severities or f.severity in severities}


# =========================================================================== F1: famasin

@pytest.fixture(scope="module")
def famasin_decks():
    base = SHARED.joinpath(*DECKS)
    out = {}
    for name in FAMASIN:
        path = base / name
        deck, _, _ = parse_source(SourceText(path=str(path), text=path.read_text("utf-8"),
                                             encoding="utf-8"),
                                  Options(format_id="wowtcg-limited"))
        out[name] = deck
    return out


@needs_shared(*DECKS)
def test_f1_four_files_one_decklist(famasin_decks):
    parsed = {name: zones(deck) for name, deck in famasin_decks.items()}
    first = parsed["famasin.o8d"]
    assert first["hero"] == Counter({"Fama'sin the Lifeseer": 1})
    assert sum(first["main"].values()) == 61 and len(first["main"]) == 40
    assert "sideboard" not in first
    for name, z in parsed.items():
        assert z == first, name
    for name, deck in famasin_decks.items():
        assert all(e.card is not None for e in deck.entries), name
        assert len([e for e in deck.entries if e.zone == "main"]) == 40, name


@needs_shared(*DECKS)
@pytest.mark.parametrize("fmt", ["wowtcg-limited", "wowtcg-constructed"])
def test_f1_four_files_one_result(fmt):
    base = SHARED.joinpath(*DECKS)
    results = {name: check_file(base / name, Options(format_id=fmt)) for name in FAMASIN}
    shapes = {}
    for name, r in results.items():
        assert r.error is None, r.error
        shapes[name] = (r.legal, r.counts, r.stats,
                        sorted((f.code, f.severity.value, f.zone, f.card) for f in r.findings
                               if f.severity is not Severity.INFO))
    assert len({repr(s) for s in shapes.values()}) == 1, shapes
    r = results["famasin.csv"]
    errors = [f for f in r.findings if f.severity is Severity.ERROR]
    assert [(f.code, f.card) for f in errors] == [("WOW110", "Nature's Reach")]
    assert not codes(r, Severity.WARNING)
    assert r.stats["hero_traits"] == "Horde · Druid (no talent) · Troll"
    # the OCTGN and Magic Workstation files also list the hero's back: info WOW121 only
    for name in ("famasin.o8d", "famasin.mwDeck"):
        assert "WOW121" in codes(results[name], Severity.INFO)
    for name in ("famasin.deck", "famasin.csv"):
        assert "WOW121" not in codes(results[name])


# =========================================================================== F2: decks.xml

@needs_shared("data", "wowtcg", "WoW-TCG", "WoWTCG", "WoWTCG", "Resources", "decks.xml")
def test_f2_decks_xml_inverted_articles():
    path = SHARED / "data/wowtcg/WoW-TCG/WoWTCG/WoWTCG/Resources/decks.xml"
    r = check_file(path, Options(format_id="wowtcg-limited"))
    assert r.error is None and r.legal
    entries = {e.name: e for e in r.deck.entries}
    assert entries["Skybreaker, The"].card.name == "The Skybreaker"
    assert entries["Skybreaker, The"].match == "normalized"
    assert entries["Hero's Burden, A"].card.name == "A Hero's Burden"
    assert entries["General Lightsbane"].zone == "hero"
    assert r.counts == {"hero": 1, "main": 40}
    assert {(f.code, f.card) for f in r.findings if f.code == "DCK005"} == {
        ("DCK005", "The Skybreaker"), ("DCK005", "A Hero's Burden")}


def test_decks_xml_more_than_one_deck_and_bad_count():
    text = ('<decks><deck id="1"><card name="Boris Brightbeard" count="1"/>\n'
            '<card name="Flash Heal" count="four"/>\n<card name="Vanquish" count="4"/></deck>\n'
            '<deck id="2"><card name="Fireball" count="4"/></deck></decks>\n')
    r = check(text, "decks.xml")
    assert r.error is None
    assert zones(r.deck) == {"hero": Counter({"Boris Brightbeard": 1}),
                             "main": Counter({"Vanquish": 4})}
    bad = [f for f in r.findings if f.code == "DCK001"]
    assert bad and bad[0].line == 2
    assert "DCK022" in codes(r)


def test_malformed_xml_is_an_error_not_a_traceback(tmp_path):
    path = tmp_path / "broken.o8d"
    path.write_text('<deck game="d7e6fd4f-5252-4c4c-4a4a-a645c4d8e45f"><section name="Main">\n'
                    '<card qty="1">Vanquish</card>\n', encoding="utf-8")
    r = check_file(path, Options(format_id="wowtcg-limited"))
    assert r.error is not None and "broken.o8d:" in r.error and "malformed XML" in r.error


# =========================================================================== F3: .mwDeck

def test_f3_mwdeck_sb_card_is_sideboard_hero_is_hero():
    text = ("// Deck file for Magic Workstation (http://www.magicworkstation.com)\n"
            "SB: 1 [1] Boris Brightbeard {1}\n"
            "    4 [1] Vanquish {1}\n"
            "SB: 2 [1] Flash Heal {1}\n")
    deck = parse(text, "list.mwDeck")
    assert zones(deck) == {"hero": Counter({"Boris Brightbeard": 1}),
                           "main": Counter({"Vanquish": 4}),
                           "sideboard": Counter({"Flash Heal": 2})}


def test_mwdeck_bad_lines_are_findings_with_line_numbers():
    text = ("// Deck file for Magic Workstation\n"
            "    4 [1] Vanquish {1}\n"
            "    this is not an entry\n"
            "    -2 [1] Flash Heal {1}\n")
    r = check(text, "list.mwDeck")
    assert sorted(f.line for f in r.findings if f.code == "DCK001") == [3, 4]
    assert zones(r.deck)["main"] == Counter({"Vanquish": 4})


def test_mwdeck_detection():
    assert looks_like_mwdeck("x.mwdeck", "")
    assert looks_like_mwdeck("-", "// Deck file for Magic Workstation\n1 [1] Vanquish {1}\n")
    assert looks_like_mwdeck("-", "4 [1] Vanquish {1}\n4 [1] Flash Heal {1}\n")
    assert not looks_like_mwdeck("x.txt", "4 Vanquish\n4 Flash Heal\n")
    # a plain list with "[SET]" hints stays a plain list
    assert not looks_like_mwdeck("x.txt", "4 [HOA] Vanquish\n4 [HOA] Flash Heal\nSideboard\n")


def test_mwdeck_sideboard_header_line():
    deck = parse("// Deck file for Magic Workstation\n4 [1] Vanquish {1}\nSideboard\n"
                 "2 [1] Flash Heal {1}\n", "list.mwDeck")
    assert zones(deck) == {"main": Counter({"Vanquish": 4}),
                           "sideboard": Counter({"Flash Heal": 2})}


# =========================================================================== .deck, CSV

def test_seriallos_hero_hints_and_sideboard():
    text = ("# HERO  Boris Brightbeard\n# Abilities\n4 Vanquish\n# Allies\n"
            "4 Kryton Barleybeard\n# SB\n2 Flash Heal\n")
    deck = parse(text, "list.deck")
    assert zones(deck) == {"hero": Counter({"Boris Brightbeard": 1}),
                           "main": Counter({"Vanquish": 4, "Kryton Barleybeard": 4}),
                           "sideboard": Counter({"Flash Heal": 2})}
    assert looks_like_seriallos("-", "# HERO Boris Brightbeard\n4 Vanquish\n")
    assert not looks_like_seriallos("x.txt", "# Heroic list\n4 Vanquish\n")


def test_csv_quoting_title_sideboard_and_bad_rows():
    text = ('"Boris - test deck"\n'
            '\n'
            '"Boris Brightbeard",1,HoA,Hero,1\n'
            '"Stonebranch, Ancient of War",2,CoH,Ally,6\n'
            'Vanquish,4,HoA,Ability,1\n'
            '"Flash Heal",four,HoA,Ability,1\n'
            'Sideboard\n'
            '"Lei of Lilies",2,HoA,Equipment,1\n'
            '"Hide of the Wild",1,HoA,Equipment,1,SB\n')
    r = check(text, "list.csv")
    assert r.deck.metadata["name"] == "Boris - test deck"
    assert zones(r.deck) == {"hero": Counter({"Boris Brightbeard": 1}),
                             "main": Counter({"Stonebranch, Ancient of War": 2, "Vanquish": 4}),
                             "sideboard": Counter({"Lei of Lilies": 2, "Hide of the Wild": 1})}
    assert [f.line for f in r.findings if f.code == "DCK001"] == [6]


def test_csv_sixth_column_and_header_row():
    src = SourceText(path="x.csv", encoding="utf-8",
                     text="name,qty,set,type,block,zone\nVanquish,4,HoA,Ability,1\n"
                          "Fireball,1,HoA,Ability,1,sideboard\n")
    deck = parse_csv(src, GAME)
    assert [(e.zone, e.name, e.count, e.line) for e in deck.entries] == [
        ("main", "Vanquish", 4, 2), ("sideboard", "Fireball", 1, 3)]
    assert looks_like_csv("x.csv", "")
    assert not looks_like_csv("x.txt", "4 Stonebranch, Ancient of War\n4 Vanquish\n")


# =========================================================================== F4, F5, text

def test_f4_type_hints_keep_the_main_deck():
    text = ("Hero: Boris Brightbeard\nAllies (20)\n4 Kryton Barleybeard\n技能\n4 Flash Heal\n"
            "Quests\n4 A Donation of Wool\n")
    deck = parse(text)
    assert zones(deck) == {"hero": Counter({"Boris Brightbeard": 1}),
                           "main": Counter({"Kryton Barleybeard": 4, "Flash Heal": 4,
                                            "A Donation of Wool": 4})}


def test_hint_after_hero_section_returns_to_main_and_inline_hint():
    text = ("Hero\n1 Boris Brightbeard\nAllies\n4 Kryton Barleybeard\nMaster Hero: Kalecgos\n"
            "Sideboard\nAbilities (2)\n2 Flash Heal\n")
    deck = parse(text)
    assert zones(deck) == {"hero": Counter({"Boris Brightbeard": 1}),
                           "main": Counter({"Kryton Barleybeard": 4, "Kalecgos": 1}),
                           "sideboard": Counter({"Flash Heal": 2})}


def test_f5_fall_back_is_a_card_and_back_faces_are_not():
    r = check("Hero: Boris Brightbeard\n4 Fall Back\n1 Boris Brightbeard Back\n")
    by_name = {e.name: e for e in r.deck.entries}
    assert by_name["Fall Back"].card.name == "Fall Back" and by_name["Fall Back"].match == "exact"
    assert by_name["Boris Brightbeard Back"].game_note.back_face
    assert [(f.code, f.line) for f in r.findings if f.code == "WOW119"] == [("WOW119", 3)]
    assert r.counts["main"] == 5                      # counted as written


def test_back_face_in_hero_zone_is_set_aside():
    r = check("Hero\n1 Boris Brightbeard\n1 Boris Brightbeard Back\nMain\n4 Vanquish\n")
    assert r.counts["hero"] == 1
    assert [e.name for e in r.deck.entries if e.zone == "hero"] == ["Boris Brightbeard"]
    assert any(line == 3 for line, section, _ in r.deck.non_deck)
    assert "WOW105" not in codes(r)


def test_chinese_headers():
    text = "英雄：亮须波瑞斯\n主套牌\n4 快速治疗\n4 群体避难\n备牌\n2 生命花环\n"
    r = check(text)
    assert zones(r.deck) == {"hero": Counter({"Boris Brightbeard": 1}),
                             "main": Counter({"Flash Heal": 4, "Shelter the Flock": 4}),
                             "sideboard": Counter({"Lei of Lilies": 2})}
    assert {e.match for e in r.deck.entries} == {"foreign"}


def test_colon_names_are_cards_not_headers():
    deck = parse("Hero: Boris Brightbeard\n1 Wanted: Hogger\n")
    assert zones(deck)["main"] == Counter({"Wanted: Hogger": 1})


def test_o8d_sideboard_and_unknown_section():
    text = ('<deck game="D7E6FD4F-5252-4C4C-4A4A-A645C4D8E45F">\n'
            '<section name="Hero"><card qty="1">Boris Brightbeard</card></section>\n'
            '<section name="Main"><card qty="4">Vanquish</card></section>\n'
            '<section name="Sideboard"><card qty="2">Flash Heal</card></section>\n'
            '<section name="Tokens"><card qty="1">Treant</card></section>\n</deck>\n')
    r = check(text, "list.o8d")
    assert zones(r.deck) == {"hero": Counter({"Boris Brightbeard": 1}),
                             "main": Counter({"Vanquish": 4}),
                             "sideboard": Counter({"Flash Heal": 2})}
    dck022 = [f for f in r.findings if f.code == "DCK022"]
    assert len(dck022) == 1 and "Tokens" in dck022[0].message    # game id case ignored
