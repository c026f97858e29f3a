"""Magic lists in the shapes deck sites and articles publish them (tests/data/real-lists)."""

from __future__ import annotations

from deckcheck.api import Options, check_file, check_text

from conftest import ROOT

LISTS = ROOT / "tests" / "data" / "real-lists"


def codes(result) -> list[str]:
    return [f.code for f in result.findings]


def test_a_deck_name_line_keeps_the_blank_line_sideboard():
    r = check_file(LISTS / "mtg-deck-name-line.txt", Options(format_id="mtg-standard", date="2012-02-25"))
    assert r.counts == {"main": 60, "sideboard": 15}
    assert r.deck.metadata["name"] == "UW Delver"
    assert [f.line for f in r.findings if f.code == "DCK027"] == [1]
    assert "DCK002" not in codes(r)


def test_a_title_line_set_apart_keeps_the_blank_line_sideboard():
    # the title, a blank line, the 60, a blank line, the 15: the title is no block of cards
    r = check_file(LISTS / "mtg-title-blank-blocks.txt",
                   Options(format_id="mtg-standard", date="2012-02-25"))
    assert r.counts == {"main": 60, "sideboard": 15}
    assert r.deck.metadata["name"] == "UW Delver"
    assert [f.line for f in r.findings if f.code == "DCK027"] == [1]
    assert "DCK019" not in codes(r) and r.legal


def test_a_deck_line_with_a_count_is_a_card():
    r = check_text("Deck: 4 Delver of Secrets\n4 Ponder\n", "mtg-standard")
    assert r.counts["main"] == 8 and "DCK027" not in codes(r)


def test_a_deck_line_naming_a_card_is_that_card():
    r = check_text("Deck: Island\n4 Ponder\n\n2 Negate\n", "mtg-standard")
    assert r.counts == {"main": 5, "sideboard": 2}
    assert "name" not in r.deck.metadata


def test_headings_glued_to_their_first_card_and_a_cards_sideboard_header():
    r = check_file(LISTS / "mtg-glued-headings.txt", Options(format_id="mtg-standard", date="2012-02-25"))
    assert r.counts == {"main": 60, "sideboard": 15}
    assert not {"DCK001", "DCK002", "DCK028"} & set(codes(r))
    first = {e.line: e for e in r.deck.entries}
    assert first[3].card.name == "Delver of Secrets" and first[3].hint == "Creatures"
    assert first[17].card.name == "Moorland Haunt" and first[17].count == 2
    header = [f for f in r.findings if f.code == "DCK027" and f.line == 2]
    assert header and header[0].args["stated"] == 75


def test_a_cards_sideboard_header_that_disagrees_warns():
    text = (LISTS / "mtg-glued-headings.txt").read_text(encoding="utf-8")
    r = check_text(text.replace("75 cards", "76 cards"), "mtg-standard")
    assert [f.args["expected"] for f in r.findings if f.code == "DCK028"] == [76]


def test_a_one_line_comma_separated_sideboard():
    r = check_file(LISTS / "mtg-one-line-sideboard.txt", Options(format_id="mtg-standard", date="2012-02-25"))
    assert r.counts == {"main": 60, "sideboard": 15}
    assert "DCK001" not in codes(r)
    side = [e.card.name for e in r.deck.entries if e.zone == "sideboard"]
    assert side[0] == "Timely Reinforcements" and side[-1] == "Mental Misstep" and len(side) == 8


def test_a_comma_inside_a_card_name_is_not_a_split():
    r = check_text("Deck\n4 Ponder\nSideboard: 2 Thalia, Guardian of Thraben, 1 Negate\n",
                   "mtg-standard")
    assert sorted(e.card.name for e in r.deck.entries if e.zone == "sideboard") == \
        ["Negate", "Thalia, Guardian of Thraben"]


def test_a_one_line_list_with_an_uncounted_part_stays_one_entry():
    r = check_text("Deck\n4 Ponder\nSideboard: 2 Negate, Dismember\n", "mtg-standard")
    side = [(e.name, e.count) for e in r.deck.entries if e.zone == "sideboard"]
    assert side == [("Negate, Dismember", 2)] and "DCK002" in codes(r)   # shown, not guessed


def test_a_main_deck_total_then_the_sideboard_without_a_heading():
    r = check_file(LISTS / "mtg-trailing-sideboard-total.txt", Options(format_id="mtg-standard", date="2012-02-25"))
    assert r.counts == {"main": 60, "sideboard": 15}
    assert "DCK028" not in codes(r)


def test_a_trailing_sideboard_cards_line_names_the_cards_above_it():
    text = (LISTS / "mtg-trailing-sideboard-total.txt").read_text(encoding="utf-8")
    r = check_text(text.replace("60 cards\n", ""), "mtg-standard")
    assert r.counts == {"main": 60, "sideboard": 15}
    side = [e.card.name for e in r.deck.entries if e.zone == "sideboard"]
    assert side[0] == "Timely Reinforcements" and side[-1] == "Mental Misstep"


def test_a_sideboard_cards_line_that_fits_no_tail_moves_nothing():
    r = check_text("4 Ponder\n4 Negate\n3 sideboard cards\n", "mtg-standard")
    assert r.counts == {"main": 8}


def test_a_type_group_subtotal_closes_nothing():
    r = check_text("Creatures\n4 Delver of Secrets\nTotal: 4\nSpells\n4 Ponder\n", "mtg-standard")
    assert r.counts == {"main": 8}


def test_a_weibo_one_line_list_in_chinese():
    r = check_file(LISTS / "mtg-zh-weibo-one-line.txt",
                   Options(format_id="mtg-standard", date="2012-03-01"))
    assert r.counts == {"main": 60, "sideboard": 15}
    assert r.legal and not {"DCK001", "DCK002"} & set(codes(r))


def test_counts_above_names_comments_and_bilingual_names():
    r = check_file(LISTS / "mtg-counts-comments-bilingual.txt",
                   Options(format_id="mtg-standard", date="2012-03-01"))
    assert r.counts == {"main": 60, "sideboard": 15}
    assert r.legal and not {"DCK001", "DCK002"} & set(codes(r))
    by_line = {e.line: e for e in r.deck.entries}
    assert by_line[3].card.name == "Delver of Secrets" and by_line[3].count == 4
    assert by_line[21].card.name == "Island" and by_line[21].count == 11
    read = {f.line: f.args["input"] for f in r.findings if f.code == "DCK005"}
    assert read[4] == "迅咒法师 Snapcaster Mage" and read[5].endswith("// the finisher")


def test_a_count_alone_not_right_above_a_name_is_reported():
    r = check_text("4\n\nDelver of Secrets\n4 Ponder\n4\n", "mtg-standard")
    assert [f.line for f in r.findings if f.code == "DCK001"] == [1, 5]
    assert r.counts["main"] == 5


def test_a_bilingual_line_whose_names_differ_is_unknown():
    r = check_text("4 掘密师 Snapcaster Mage\n", "mtg-standard")
    assert "DCK002" in codes(r)


def test_a_commander_set_apart_at_the_top():
    r = check_file(LISTS / "mtg-commander-set-apart.txt", Options(format_id="mtg-commander"))
    assert r.counts == {"commander": 1, "main": 99}
    assert r.legal and [f.line for f in r.findings if f.code == "DCK031"] == [1]


def test_rows_of_a_multi_column_layout_on_one_line():
    r = check_file(LISTS / "mtg-flattened-columns.txt",
                   Options(format_id="mtg-standard", date="2012-03-01"))
    assert r.counts == {"main": 60, "sideboard": 15}
    assert r.legal and not {"DCK001", "DCK002"} & set(codes(r))
    assert [e.card.name for e in r.deck.entries if e.line == 2] == \
        ["Delver of Secrets", "Snapcaster Mage", "Geist of Saint Traft"]


def test_several_entries_that_do_not_all_read_stay_one_unreadable_line():
    r = check_text("4 Delver of Secrets 4 x 4 Island\n", "mtg-standard")
    assert "DCK001" in codes(r)


def test_type_headings_with_supertypes_in_english_spanish_and_chinese():
    """Every card type is a heading, singular or plural, with a supertype or a second type
    (a decklist widget's "Legendary planeswalker (5)"), as Spanish pages and Chinese posts
    write them; none is read as a card."""
    r = check_text("Legendary planeswalker (1)\n1 Karn, Scion of Urza\n"
                   "Artifact Creatures (4)\n4 Solemn Simulacrum\n"
                   "Criaturas legendarias (1)\n1 Thalia, Guardian of Thraben\n"
                   "Tierras básicas (2)\n2 Island\n"
                   "传奇生物（1张）\n1 Kiki-Jiki, Mirror Breaker\n"
                   "巫術 (2)\n2 Ponder\n", "mtg-legacy", date="2018-05-11")
    assert r.counts == {"main": 11}
    assert not {"DCK001", "DCK002"} & set(codes(r))
    assert [e.hint for e in r.deck.entries] == [
        "Legendary planeswalker", "Artifact Creatures", "Criaturas legendarias",
        "Tierras básicas", "传奇生物", "巫術"]


def test_a_type_heading_leaves_the_commander_zone_but_not_the_sideboard():
    r = check_text("COMMANDER:\nXenagos, God of Revels\n\nCreature (1)\n1 Borborygmos\n"
                   "Land (1)\n1 Mountain\n\nSideboard\nCreature (1)\n1 Malignus\n",
                   "mtg-commander")
    zones = {e.card.name: e.zone for e in r.deck.entries}
    assert zones == {"Xenagos, God of Revels": "commander", "Borborygmos": "main",
                     "Mountain": "main", "Malignus": "sideboard"}


def test_a_player_and_placing_heading_is_the_title_even_when_it_names_a_card():
    for heading in ("Condescend (2nd Place)", "Counterspell (Top 8)", "Ponder (5-0)",
                    "Condescend (1er lugar)"):
        r = check_text(f"{heading}\n4 Ponder\n4 Counterspell\n", "mtg-pauper",
                       date="2019-06-09")
        assert r.counts == {"main": 8}, heading
        note = [f for f in r.findings if f.code == "DCK027" and f.line == 1]
        assert note and note[0].args["variant"] == "placing", heading
    # each language words the note itself: Traditional Chinese its own text, not the
    # title's nor a character conversion of the Simplified one
    shown = {lang: [f.message for f in check_text("Condescend (2nd Place)\n4 Ponder\n",
                                                  "mtg-pauper", date="2019-06-09",
                                                  lang=lang).findings
                    if f.code == "DCK027"] for lang in ("en", "zh-Hans", "zh-Hant")}
    assert shown["en"] == ["'Condescend (2nd Place)' is the list's heading (a player "
                           "and a placing), not a card; not counted."]
    assert shown["zh-Hans"] == ["“Condescend (2nd Place)”是列表的标题（玩家与名次），"
                                "不是卡牌；未计入。"]
    assert shown["zh-Hant"] == ["「Condescend (2nd Place)」是列表開頭的玩家與名次，"
                                "不是卡牌；未計入。"]
    # a bracket note that is no placing is still the card's note
    r = check_text("Condescend (foil)\n4 Ponder\n", "mtg-pauper", date="2019-06-09")
    assert r.counts == {"main": 5}


def test_the_line_under_a_title_that_names_no_card_is_the_titles_second_line():
    r = check_text("Raptor56 (1st Place)\nPauper Challenge #11880883 on 06/02/2019\n"
                   "Creature (4)\n4 Augur of Bolas\n", "mtg-pauper", date="2019-06-09")
    assert r.counts == {"main": 4}
    assert [f.line for f in r.findings if f.code == "DCK027"] == [1, 2]
    assert "DCK002" not in codes(r)
    # an unknown card further down is still reported
    r = check_text("Raptor56 (1st Place)\n4 Ponder\nPauper Challenge\n", "mtg-pauper",
                   date="2019-06-09")
    assert "DCK002" in codes(r)


def test_a_sideboard_heading_with_a_note_after_a_dash():
    r = check_text("4 Delver of Secrets\n4 Ponder\n\nSideboard - vs Control\n2 Negate\n"
                   "Sideboard – for the mirror\n1 Dissipate\n", "mtg-standard")
    assert r.counts == {"main": 8, "sideboard": 3}
    assert "DCK002" not in codes(r)
    # a card after the dash is still the zone's card: "Sideboard - Negate"
    r = check_text("4 Ponder\nSideboard - Negate\n", "mtg-standard")
    assert r.counts == {"main": 4, "sideboard": 1}


def test_a_forum_post_whose_type_headings_lead_with_their_count():
    """A real forum list: "23 land", "6 permanents" above their cards (totals, not cards),
    "Sideboard:", a misspelt name and a note after a card. The post gives no date: the
    check's date only picks a Legacy card pool."""
    r = check_file(LISTS / "mtg-thesource-count-headings.txt",
                   Options(format_id="mtg-legacy", date="2018-05-11"))
    assert r.counts == {"main": 60, "sideboard": 15}
    assert not {"DCK001", "DCK002", "DCK004", "DCK028"} & set(codes(r))
    assert [f.line for f in r.findings if f.code == "DCK027"] == [5, 14, 20, 25]
    fuzzy = [f for f in r.findings if f.code == "DCK003"]
    assert [(f.line, f.args.get("card")) for f in fuzzy] == [(28, "Thoughtseize")]


def test_a_blog_list_with_each_groups_total_after_its_cards():
    """A real blog list: "12 Creatures", "29 Spells" (under 30 spells: the author's count),
    "18 Land" after their groups, blank lines around them, no sideboard: 60 main-deck cards,
    the totals shown and not counted."""
    r = check_file(LISTS / "mtg-blog-totals-after-groups.txt",
                   Options(format_id="mtg-standard", date="2012-08-19"))
    assert r.counts == {"main": 60}
    assert [f.line for f in r.findings if f.code == "DCK027"] == [9, 20, 27]
    assert not {"DCK001", "DCK002", "DCK003", "DCK028"} & set(codes(r))
    assert r.legal
    # the author's "29 Spells" is reported beside the 30 spells above it; the other two
    # subtotals match their groups and stay silent
    assert [(f.line, f.expected, f.actual) for f in r.findings if f.code == "DCK040"] == \
        [(20, 29, 30)]
    # three groups of cards (the totals' blocks are none): all main deck, said once
    assert [f.args["n"] for f in r.findings if f.code == "DCK019"] == [3]


def test_a_report_whose_counts_lead_their_groups_under_a_title_set_apart():
    """A real Vintage report: the title, a blank line (which sets the title apart and makes
    no sideboard), each group led by its count ("22   Mana Sources" above 22 cards) and
    "15   Sideboard" above the sideboard: 60 main-deck cards and 15 in the sideboard, the
    counts shown and not counted, none reported as differing."""
    r = check_file(LISTS / "mtg-typeone-leading-counts.txt", Options(format_id="mtg-vintage"))
    assert r.counts == {"main": 60, "sideboard": 15}
    assert [f.line for f in r.findings if f.code == "DCK027"] == [5, 7, 24, 29, 42, 55]
    assert not {"DCK002", "DCK019", "DCK028", "DCK040"} & set(codes(r))
    assert r.deck.metadata["name"] == "The Pimpest Storm - TPS"
    assert r.legal


def test_a_leading_count_that_differs_from_the_group_under_it_warns():
    text = (LISTS / "mtg-typeone-leading-counts.txt").read_text(encoding="utf-8")
    r = check_text(text.replace("19   Instants", "18   Instants"), "mtg-vintage")
    assert [(f.line, f.expected, f.actual, f.args.get("variant"))
            for f in r.findings if f.code == "DCK040"] == [(29, 18, 19, "below")]
    assert r.counts == {"main": 60, "sideboard": 15}


def test_one_uncounted_line_set_apart_at_the_top_makes_no_sideboard():
    """A lone line with no count above a blank line is the list's title (or a commander):
    the block under it is the deck, not a sideboard."""
    r = check_text("Red Deck Wins\n\n20 Mountain\n4 Lightning Bolt\n", "mtg-vintage")
    assert r.counts == {"main": 24}
    # a counted line set apart at the top is still a main deck over a sideboard
    r = check_text("24 Mountain\n\n4 Lightning Bolt\n2 Shock\n", "mtg-vintage")
    assert r.counts == {"main": 24, "sideboard": 6}
