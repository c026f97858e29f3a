"""Deck lists as players publish them (tests/data/real-lists): every line is read as the
author meant, and totals, titles and markup are shown but not counted."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckcheck.api import Options, check_file, check_text

from conftest import ROOT

LISTS = ROOT / "tests" / "data" / "real-lists"


def check(name: str, fmt: str):
    return check_file(LISTS / name, Options(format_id=fmt))


def codes(result) -> list[str]:
    return [f.code for f in result.findings]


def copies(result, card: str) -> int:
    return sum(e.count for e in result.deck.entries if e.card is not None and e.card.name == card)


def test_headers_with_a_count_and_a_colon():
    r = check("fow-lilias-headers-with-counts.txt", "fow-wanderer")
    assert r.counts == {"ruler": 1, "main": 37, "stone": 10, "side": 15}
    assert "FOW101" in codes(r)                  # 37 cards under "Main Deck (40):", as published
    assert "DCK002" not in codes(r) and "DCK003" not in codes(r)


def test_card_ids_after_names_and_a_count_of_a_total():
    r = check("fow-magna-card-ids.txt", "fow-wanderer")
    assert r.counts["stone"] == 10
    assert not {"DCK002", "DCK003", "DCK004"} & set(codes(r))   # "(25 of 41)" is a header
    assert all(e.card is not None and e.match == "exact" for e in r.deck.entries)


def test_x4_dash_counts():
    r = check("fow-grimm-x4-dash.txt", "fow-wanderer")
    assert r.counts["main"] == 10
    assert copies(r, "Cheshire Cat, the Grinning Remnant") == 4
    assert "DCK003" not in codes(r)


def test_a_count_after_the_name_without_x():
    r = check("magewars-beastmaster-spreadsheet.txt", "magewars-arena")
    assert r.stats["mage"] == "Beastmaster"
    assert copies(r, "Mana Flower") == 3 and copies(r, "Tanglevine") == 2
    assert copies(r, "Timber Wolf") == 2 and copies(r, "Feral Bobcat") == 2
    # a type heading pasted onto the first card of its group, with or without a blank
    assert copies(r, "Cervere, The Forest Shadow") == 1 and copies(r, "Bear Strength") == 2
    assert copies(r, "Bearskin") == 1 and copies(r, "Lair") == 1
    assert "DCK002" not in codes(r)
    assert any(f.code == "DCK005" and "CreaturesCervere" in f.message for f in r.findings)


def test_a_mage_by_its_homeland_in_forum_bbcode():
    r = check("magewars-skeletal-domination.txt", "magewars-arena")
    assert r.stats["mage"] == "Necromancer" and "MWR106" not in codes(r)
    assert copies(r, "Wall of Bones") == 5


def test_an_items_header_and_a_total_line():
    r = check("wowtcg-merrick-items-total.txt", "wowtcg-constructed")
    assert "DCK002" not in codes(r)
    assert "DCK027" in codes(r) and r.counts["main"] == 60


def test_forum_tags_are_no_forge_file():
    r = check("mtg-coolstuff-forum-tags.txt", "mtg-standard")
    assert r.counts == {"main": 8, "sideboard": 5}
    assert "DCK022" not in codes(r) and "DCK002" not in codes(r)


@pytest.mark.parametrize("written,mage,element", [
    ("Darkfenne Necromancer", "Necromancer", None),
    ("Straywood Beastmaster", "Beastmaster", None),
    ("Arraxian Crown Warlock", "Warlock", None),
    ("Bloodwave Warlord", "Warlord", None),
    ("Fire Wizard", "Wizard", "Fire"),
    ("Wizard - Water", "Wizard", "Water"),
    ("Johktari Beastmaster", "Johktari Beastmaster", None),
    ("Grand Wizard", None, None),                 # no mage of that homeland: MWR106
])
def test_mages_written_by_homeland_or_element(written, mage, element):
    r = check_text(f"Mage: {written}\n2 Fireball\n", "magewars-arena")
    assert r.stats.get("mage") == mage
    if mage is None:
        assert "MWR106" in codes(r)
    elif element:
        assert r.stats.get("element") == element


def test_a_bilingual_name_finds_the_english_card():
    r = check_text("Ruler: Liberator of Wind(風の解放者)\n4 Seer of the Blue Moon (蒼月の預言者)\n",
                   "fow-wanderer")
    assert [e.card.name for e in r.deck.entries] == ["Liberator of Wind", "Seer of the Blue Moon"]


def test_a_chinese_forum_list():
    r = check("mtg-zh-tieba-style.txt", "mtg-standard")
    assert r.counts == {"main": 8, "sideboard": 2}          # 4 掘密师 + 4 迅咒法师; 2 失效
    assert copies(r, "Delver of Secrets") == 4
    assert "DCK002" not in codes(r) and codes(r).count("DCK027") == 2   # title, 共60张


def test_full_width_counts_and_slash():
    r = check("fow-zh-full-width.txt", "fow-classic")
    assert r.counts["stone"] == 10 and copies(r, "Thunder") == 4
    assert r.deck.entries[0].card.name == "Little Red Riding Hood"


def test_fix_keeps_a_traditional_character_opencc_would_change(tmp_path):
    from deckcheck.fixing import fix_deck

    text = (LISTS / "wowtcg-zh-hant-beard.txt").read_text(encoding="utf-8")
    r = check("wowtcg-zh-hant-beard.txt", "wowtcg-constructed")
    fixed = fix_deck(text, r).text
    assert "亮鬚波瑞斯" in fixed and "麥鬚柯頓" in fixed and "須" not in fixed


@pytest.mark.parametrize("written", ["2012-02-11", "2012/02/11", "2012.2.11", "2012年2月11日"])
def test_chinese_and_slashed_list_dates(written):
    r = check_text(f"Date: {written}\n4 Delver of Secrets\n", "mtg-standard", date="2012-02-11")
    assert not [f for f in r.findings if f.code == "MTG408"]


@pytest.mark.parametrize("path,fmt", [
    ("tests/data/real-lists/fow-lilias-headers-with-counts.txt", "fow-wanderer"),
    ("examples/wowtcg/legal/boris-holy-priest.txt", "wowtcg-constructed"),
    ("examples/magewars/arena-wizard-fire.txt", "magewars-arena"),
    ("tests/data/real-lists/mtg-deck-name-line.txt", "mtg-standard"),
])
def test_a_title_and_a_blank_line_above_a_list_in_every_game(path, fmt):
    # the forum shape ("Lilias Wind", a blank line, the list): the title is the list's name
    # and no block of cards; the cards are read as they are without it
    text = (ROOT / path).read_text(encoding="utf-8")
    text = "\n".join(ln for ln in text.splitlines() if not ln.lower().startswith(("name:", "deck:")))
    plain = check_text(text, fmt)
    titled = check_text("Tournament List of the Week\n\n" + text, fmt)
    assert titled.counts == plain.counts
    assert titled.deck.metadata.get("name") == "Tournament List of the Week"
    assert {f.code for f in titled.findings} - {"DCK027"} == {f.code for f in plain.findings} - {"DCK027"}
