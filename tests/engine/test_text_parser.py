"""The plain-text deck syntax (design §4): counts, headers, metadata, comments, hints."""

from __future__ import annotations

import pytest

from deckcheck.games.base import Game, load_game
from deckcheck.parsing.text import TextParser, parse_card_text, split_printing
from deckcheck.reading import SourceText


def parse(text: str, game: Game | None = None):
    game = game or load_game("fow")
    return TextParser(game).parse(SourceText("t.txt", text, "utf-8"))


@pytest.mark.parametrize("line,count,name", [
    ("4 Absolute Cake Zone", 4, "Absolute Cake Zone"),
    ("4x Absolute Cake Zone", 4, "Absolute Cake Zone"),
    ("4X Absolute Cake Zone", 4, "Absolute Cake Zone"),
    ("4 x Absolute Cake Zone", 4, "Absolute Cake Zone"),
    ("Absolute Cake Zone x4", 4, "Absolute Cake Zone"),
    ("Timber Wolf ×2", 2, "Timber Wolf"),
    ("2张 丛林灰狼", 2, "丛林灰狼"),
    ("2 - Timber Wolf", 2, "Timber Wolf"),
    ("4 Xeex the Ancient Magic", 4, "Xeex the Ancient Magic"),
    ("4x Xeex the Ancient Magic", 4, "Xeex the Ancient Magic"),
    ("１２ Magic Stone of Wind", 12, "Magic Stone of Wind"),
    ("Thunder", 1, "Thunder"),
    ("0 Law of Silence", 0, "Law of Silence"),
])
def test_count_forms(line, count, name):
    parsed = parse_card_text(line)
    assert not isinstance(parsed, str), parsed
    assert (parsed.count, parsed.name) == (count, name)
    assert parsed.implicit == (line == "Thunder")


@pytest.mark.parametrize("line,why", [
    ("-1 Law of Silence", "negative"),
    ("1000000000000 Law of Silence", "not plausible"),
    ("4x", "no card name"),
])
def test_bad_counts(line, why):
    parsed = parse_card_text(line)
    assert isinstance(parsed, str) and why in parsed


@pytest.mark.parametrize("text,name,set_code,number,tags", [
    ("Delver of Secrets (ISD) 51", "Delver of Secrets", "ISD", "51", ()),
    ("Negate [M12]", "Negate", "M12", None, ()),
    ("[ISD:51] Delver of Secrets", "Delver of Secrets", "ISD", "51", ()),
    ("Ponder *F* #combo", "Ponder", None, None, ("*F*", "#combo")),
    ("Thunder [Alternative]", "Thunder [Alternative]", None, None, ()),
    ("Fafnir (Stranger)", "Fafnir (Stranger)", None, None, ()),
    ("Ice Cage", "Ice Cage", None, None, ()),
])
def test_printing_hints_only_from_brackets(text, name, set_code, number, tags):
    assert split_printing(text) == (name, set_code, number, tags)


def test_zone_headers_english_and_chinese_with_decorations():
    deck = parse("Format: fow-classic\n"
                 "領主：Grimm, the Fairy Tale Prince\n"
                 "--- 主牌庫 (40) ---\n"
                 "4 Thunder\n"
                 "# Magic Stone Deck\n"
                 "6 Magic Stone of Flame\n"
                 "备牌:\n"
                 "2 Bloody Moon\n"
                 "Side Deck [15]\n"
                 "1 Law of Silence\n")
    zones = [(e.zone, e.name, e.line) for e in deck.entries]
    assert zones == [("ruler", "Grimm, the Fairy Tale Prince", 2), ("main", "Thunder", 4),
                     ("stone", "Magic Stone of Flame", 6), ("side", "Bloody Moon", 8),
                     ("side", "Law of Silence", 10)]
    assert deck.format_id == "fow-classic" and deck.format_line == 1
    assert not deck.findings


def test_colon_names_are_cards_unless_the_word_is_a_header():
    deck = parse("Main Deck\n1 Imitation: Abel\nArcana: Guardian of the Temple\n"
                 "Ruler: Arcana: Guardian of the Temple\n")
    assert [(e.zone, e.name) for e in deck.entries] == [
        ("main", "Imitation: Abel"), ("main", "Arcana: Guardian of the Temple"),
        ("ruler", "Arcana: Guardian of the Temple")]


def test_inline_entries_keep_the_current_zone():
    deck = parse("Main Deck\n4 Thunder\nSB: 2 Law of Silence\n4 Gretel\n")
    assert [(e.zone, e.name) for e in deck.entries] == [
        ("main", "Thunder"), ("side", "Law of Silence"), ("main", "Gretel")]


def test_hint_headers_set_main_and_comments_are_kept_out():
    deck = parse("// my deck\n# just a comment\nResonators (12)\n4 Gretel  # the best\n"
                 "Chants\n4 Thunder\n")
    assert [(e.zone, e.name, e.hint) for e in deck.entries] == [
        ("main", "Gretel", "Resonators"), ("main", "Thunder", "Chants")]


def test_metadata_lines_and_duplicates():
    deck = parse("Name: Fairy Tales\nPlayer: Alice\nName: Other\n4 Thunder\n")
    assert deck.metadata["name"] == "Fairy Tales" and deck.metadata["player"] == "Alice"
    assert [f.code for f in deck.findings] == ["DCK021"]


def test_every_line_is_an_entry_or_a_finding():
    deck = parse("4 Thunder\n-2 Gretel\n4x\n\x07bell\n1 a 2 b 3 c\n4 a 4 x 4 b\n")
    # "1 a 2 b 3 c": a row of a multi-column layout, three entries; "4 a 4 x 4 b" reads not
    assert [(e.line, e.count, e.name) for e in deck.entries] == \
        [(1, 4, "Thunder"), (5, 1, "a"), (5, 2, "b"), (5, 3, "c")]
    assert sorted(f.line for f in deck.findings if f.code == "DCK001") == [2, 3, 4, 6]


def test_bullets_and_full_width_spaces():
    deck = parse("- 4 Thunder\n\u30004 Gretel\u3000\n")
    assert [(e.count, e.name) for e in deck.entries] == [(4, "Thunder"), (4, "Gretel")]


def _mtgo_game() -> Game:
    return Game({"id": "test", "zones": ["main", "sideboard"], "default_zone": "main",
                 "headers": {"main": ["Main"], "sideboard": ["Sideboard", "SB"]},
                 "blank_line_sideboard": "sideboard"})


def test_blank_line_sideboard_with_two_blocks():
    deck = parse("4 A\n4 B\n\n2 C\n\n", _mtgo_game())
    assert [(e.zone, e.name) for e in deck.entries] == [("main", "A"), ("main", "B"),
                                                        ("sideboard", "C")]


def test_blank_line_split_not_used_with_headers_or_three_blocks():
    deck = parse("Main\n4 A\n\n2 C\n", _mtgo_game())
    assert {e.zone for e in deck.entries} == {"main"}
    deck = parse("4 A\n\n4 B\n\n2 C\n", _mtgo_game())
    assert {e.zone for e in deck.entries} == {"main"}
    assert [f.code for f in deck.findings] == ["DCK019"]


@pytest.mark.parametrize("title", ["Mono Red Aggro\n", "Mono Red Aggro\nAlice, 1st place\n"])
def test_a_title_block_is_no_block_of_cards(title):
    # the title, a blank line, the deck, a blank line, the sideboard: two blocks of cards
    deck = parse(f"{title}\n4 A\n4 B\n\n2 C\n", _mtgo_game())
    assert [(e.zone, e.name) for e in deck.entries][-3:] == [("main", "A"), ("main", "B"),
                                                             ("sideboard", "C")]
    assert [f.code for f in deck.findings] == []
    # a lone title line is set apart (a commander's name at the top reads the same way)
    assert deck.entries[0].apart == (title.count("\n") == 1)


def test_bare_lines_at_the_top_are_cards_when_no_block_has_counts():
    # a list written without counts: its first block is cards, the second the sideboard
    deck = parse("A\n\nB\nC\n\nD\n", _mtgo_game())
    assert [f.code for f in deck.findings] == ["DCK019"]
    deck = parse("A\nB\nC\n\n4 D\n\n2 E\n", _mtgo_game())
    assert {e.zone for e in deck.entries} == {"main"} and \
        [f.code for f in deck.findings] == ["DCK019"]
