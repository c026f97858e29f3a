"""Mage Wars list formats (game page §6): plain text, OCTGN .o8d, forum BBCode, .sbb, and
the ways of declaring the mage and the Wizard's element (§2.4)."""

from __future__ import annotations

import pytest

from conftest import ROOT, SHARED, needs_shared
from deckcheck.api import Options, check_bytes, check_file, check_source, check_text
from deckcheck.reading import SourceText

GAME_ID = "9acef3d0-efa8-4d3f-a10c-54812baecdda"


def entries(result, zone: str | None = None):
    return [(e.count, e.card.name if e.card else None) for e in result.deck.entries
            if zone is None or e.zone == zone]


def codes(result) -> set[str]:
    return {f.code for f in result.findings}


def o8d(mage_lines: str, spells: str = "", notes: str = "") -> str:
    return (f'<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n<deck game="{GAME_ID}">\n'
            f'  <section name="Mage" shared="False">\n{mage_lines}  </section>\n'
            f'  <section name="Attack" shared="False">\n{spells}  </section>\n'
            f"  <notes><![CDATA[{notes}]]></notes>\n</deck>\n")


def check_o8d(text: str, fmt: str = "magewars-arena"):
    return check_source(SourceText(path="book.o8d", text=text, encoding="utf-8"),
                        Options(format_id=fmt))


# ---------------------------------------------------------------------------------------
# plain text


def test_count_forms_including_chinese():
    result = check_text("Format: magewars-arena\n法师: 兽王\nTimber Wolf ×2\n2张 丛林灰狼\n"
                        "2x Bear Strength\n2 x Rhino Hide\n2 - Bitterwood Fox\nRegrowth\n")
    assert entries(result, "spellbook") == [(2, "Timber Wolf"), (2, "Timber Wolf"),
                                            (2, "Bear Strength"), (2, "Rhino Hide"),
                                            (2, "Bitterwood Fox"), (1, "Regrowth")]
    assert entries(result, "mage") == [(1, "Beastmaster")]
    assert result.legal and result.stats["spellbook_points"] == 4 + 4 + 2 + 2 + 2 + 1


def test_bare_names_add_up_one_line_per_copy():
    text = "Format: magewars-arena\nBeastmaster of the Straywood Forest\n" + "Timber Wolf\n" * 5
    result = check_text(text)
    assert [f.code for f in result.findings if f.severity.value == "error"] == ["MWR102"]
    assert result.stats["mage"] == "Beastmaster"


def test_one_line_seed_row_is_unparseable():
    result = check_text("Format: magewars-apprentice\n法师: 兽王\n装备 1 巨熊皮甲 1 群兽法杖 1 元素斗篷\n")
    bad = [f for f in result.findings if f.code == "DCK001"]
    assert len(bad) == 1 and bad[0].line == 3
    assert "one card per line" in bad[0].message


@pytest.mark.parametrize("header", ["--- Creature ---", "Creatures", "# Creatures", "Creatures (2)",
                                    "生物", "Creature:"])
def test_type_headers_are_hints_in_the_spellbook(header):
    result = check_text(f"Format: magewars-arena\nMage: Beastmaster\n{header}\n2 Timber Wolf\n")
    e = result.deck.entries[-1]
    assert (e.zone, e.count, e.card.name) == ("spellbook", 2, "Timber Wolf")
    assert result.legal and "MWR120" not in codes(result) and "DCK001" not in codes(result)


def test_zone_headers_english_and_chinese():
    result = check_text("Format: magewars-arena\n法师\n兽王\n法术书\n2 Timber Wolf\n")
    assert entries(result, "mage") == [(1, "Beastmaster")]
    assert entries(result, "spellbook") == [(2, "Timber Wolf")]


def test_octgn_clipboard_line_keeps_its_numbers():
    result = check_text("Format: magewars-arena\nMage: Wizard (Air)\n2 - Lightning Bolt - 2 - 2 - 4\n"
                        "1 - Battle Forge - 1+1 - 3 - 3\n")
    bolt, forge = result.deck.entries[1:]
    assert (bolt.count, bolt.card.name, bolt.game_note.listed) == (2, "Lightning Bolt",
                                                                  {"level": "2", "cost": 2, "total": 4})
    assert forge.card.name == "Battle Forge" and forge.game_note.listed["level"] == "1+1"
    wrong = [f for f in result.findings if f.code == "MWR122"]
    assert [f.card for f in wrong] == ["Battle Forge"] and wrong[0].severity.value == "info"


def test_known_misspellings_resolve_with_a_note():
    result = check_text("Format: magewars-arena\nMage: Beastmaster\n1 Rajans Fury\n1 Tooth and Nail\n")
    assert entries(result, "spellbook") == [(1, "Rajan's Fury"), (1, "Tooth & Nail")]
    assert {f.code for f in result.findings if f.severity.value == "info"} >= {"DCK006"}


# ---------------------------------------------------------------------------------------
# declaring the mage and the element


@pytest.mark.parametrize("line,mage,element", [
    ("Mage: Wizard (Fire)", "Wizard", "Fire"),
    ("Mage: wizard(fire)", "Wizard", "Fire"),
    ("Mage：Wizard（Water）", "Wizard", "Water"),
    ("法师: 巫师 (火)", "Wizard", "Fire"),
    ("法師: 巫師 (土系)", "Wizard", "Earth"),
    ("Mage: Beastmaster (Johktari)", "Johktari Beastmaster", None),
    ("Mage: Beastmistress", "Johktari Beastmaster", None),
    ("Mage: Priest of Malakai", "Priest", None),
    ("Wizard of Sortilege\nElement: water", "Wizard", "Water"),
])
def test_mage_declarations(line, mage, element):
    result = check_text(f"Format: magewars-arena\n{line}\n1 Teleport\n")
    assert (result.stats["mage"], result.stats["element"]) == (mage, element)
    assert not [f for f in result.findings if f.severity.value == "error"]


def test_octgn_wizard_element_in_the_card_text():
    result = check_o8d(o8d('    <card qty="1" id="4208e1b0-b570-42de-9e62-5ce15b97b91e">Wizard(Fire)</card>\n'))
    assert (result.stats["mage"], result.stats["element"]) == ("Wizard", "Fire")
    assert "DCK002" not in codes(result) and "MWR108" not in codes(result)


def test_octgn_notes_carry_mage_and_element_lines():
    text = o8d("", '    <card qty="2" id="d8562a1d-6a95-4ca4-99aa-91c5ca769a33">Fireball</card>\n',
               notes="Mage: Wizard\nElement: Fire")
    result = check_o8d(text)
    assert (result.stats["mage"], result.stats["element"]) == ("Wizard", "Fire")
    assert result.stats["spellbook_points"] == 4


def test_octgn_name_wins_over_a_stale_id_with_a_note():
    text = o8d('    <card qty="1" id="2b2ab8c5-65c0-4a49-8fab-e01e7d2c145f">Beastmaster</card>\n',
               '    <card qty="1" id="8ca4ca3f-2d9f-4828-bbfc-b106fb9b7b46">Jet Stream</card>\n')
    result = check_o8d(text)
    assert entries(result, "spellbook") == [(1, "Jet Stream")]
    assert "DCK023" in codes(result)


def test_bom_prefixed_o8d_bytes():
    text = o8d('    <card qty="1" id="2b2ab8c5-65c0-4a49-8fab-e01e7d2c145f">Beastmaster</card>\n',
               '    <card qty="2" id="8ca4ca3f-2d9f-4828-bbfc-b106fb9b7b46">Geyser</card>\n')
    result = check_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"), "magewars-arena", path="bm.o8d")
    assert result.error is None and result.legal
    assert result.deck.source_format == "o8d"
    assert entries(result) == [(1, "Beastmaster"), (2, "Geyser")]


@needs_shared("data", "magewars", "Mage-Wars")
def test_shipped_o8d_files_start_with_a_bom():
    path = next(SHARED.joinpath("data", "magewars", "Mage-Wars").rglob("*.o8d"))
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")
    result = check_file(path, Options(format_id="magewars-arena"))
    assert result.error is None and result.deck.source_format == "o8d"


def test_broken_o8d_is_an_error_not_a_traceback(tmp_path):
    bad = tmp_path / "broken.o8d"
    bad.write_text(f'<deck game="{GAME_ID}"><section name="Mage"><card qty="1">Wizard', "utf-8")
    result = check_file(bad, Options(format_id="magewars-arena"))
    assert result.error is not None or any(f.code == "DCK001" for f in result.findings)


def test_bad_qty_in_o8d_is_a_finding():
    result = check_o8d(o8d('    <card qty="lots" id="x">Beastmaster</card>\n'))
    assert any(f.code == "DCK001" for f in result.findings)


# ---------------------------------------------------------------------------------------
# forum BBCode and .sbb


def test_forum_bbcode():
    text = ("[spellbook][spellbookheader][spellbookname]My Book[/spellbookname][mage]A Wizard "
            "Spellbook[/mage][/spellbookheader]\n"
            "[spells][spellclass]Attack[/spellclass][mwcard=MW1A02]1 x Chain Lightning[/mwcard]\n"
            "[mwcard=MW1A02]2 x Lightning Bolt[/mwcard][/spells]\n"
            "[cost]Total cost: 120 pts[/cost][/spellbook]\n")
    result = check_source(SourceText(path="post.txt", text=text, encoding="utf-8"),
                          Options(format_id="magewars-arena"))
    assert result.deck.source_format == "bbcode"
    assert result.deck.metadata["name"] == "My Book"
    assert entries(result) == [(1, "Wizard"), (1, "Chain Lightning"), (2, "Lightning Bolt")]
    mismatch = [f for f in result.findings if f.code == "DCK023"]
    assert [f.line for f in mismatch] == [3]              # MW1A02 is not Lightning Bolt
    assert "MWR108" in codes(result)                       # "A Wizard Spellbook" has no element


def test_sbb_codes_in_two_cases_are_one_card():
    from deckcheck import carddb
    from deckcheck.games.base import load_game

    db = carddb.load("magewars", load_game("magewars").match_params)
    wolf, bolt = db.find("Timber Wolf").code, db.find("Lightning Bolt").code
    text = (f"1\nMy book\nWizard (Air)\n0\n8\n8\n4\n{wolf},2\n{wolf.lower()},2\n{bolt},2\n"
            f"{bolt.lower()},2\n")
    result = check_source(SourceText(path="book.sbb", text=text, encoding="utf-8"),
                          Options(format_id="magewars-arena"))
    assert result.deck.source_format == "sbb"
    assert entries(result) == [(1, "Wizard"), (2, "Timber Wolf"), (2, "Lightning Bolt")]
    assert (result.stats["element"], result.stats["spellbook_points"]) == ("Air", 8 + 4)


def test_sbb_bad_lines_are_findings():
    text = "1\nBook\nBeastmaster\n0\n0\n0\n1\nnot a code line\nZZZ999,1\n"
    result = check_source(SourceText(path="b.sbb", text=text, encoding="utf-8"),
                          Options(format_id="magewars-arena"))
    assert [f.line for f in result.findings if f.code == "DCK001"] == [8]
    assert [f.line for f in result.findings if f.code == "DCK002"] == [9]


def test_a_name_with_an_extra_article_and_a_mage_only_in_the_title():
    from deckcheck.api import Options, check_file

    path = ROOT / "tests" / "data" / "real-lists" / "magewars-siren-title-article.txt"
    r = check_file(path, Options(format_id="magewars-arena"))
    fuzzy = [f for f in r.findings if f.code == "DCK003"]
    assert [(f.line, f.args["card"]) for f in fuzzy] == [(2, "Ring of Tides")]
    assert "DCK002" not in [f.code for f in r.findings]
    mage = [f for f in r.findings if f.code == "MWR106"]
    assert len(mage) == 1 and 'names Siren: add "Mage: Siren"' in mage[0].message


def test_an_article_that_leaves_two_candidates_is_not_taken():
    from deckcheck.matching.index import CardIndex
    from deckcheck.models import Card

    index = CardIndex([Card({"id": "1", "name": "Ring of Tides"}),
                       Card({"id": "2", "name": "The Ring of Tides"})])
    assert index.match("A Ring of Tides").via != "article"   # both names fit: no guess
    one = CardIndex([Card({"id": "1", "name": "Ring of Tides"})])
    m = one.match("Ring of the Tides")
    assert (m.kind, m.via, m.card.name) == ("fuzzy", "article", "Ring of Tides")
