"""Force of Will lists in the shapes deck sites publish them (tests/data/real-lists): a
heading with a note, subtotals under each type group, a stated total that ends a zone."""

from __future__ import annotations

from deckcheck.api import Options, check_file, check_text

from conftest import ROOT

LISTS = ROOT / "tests" / "data" / "real-lists"


def codes(result) -> list[str]:
    return [f.code for f in result.findings]


def test_a_heading_with_a_note_and_subtotals_of_each_group():
    r = check_file(LISTS / "fow-subtotals-rune-note.txt", Options(format_id="fow-wanderer"))
    assert r.counts == {"ruler": 1, "main": 37, "stone": 10, "side": 15, "rune": 5}
    assert "DCK002" not in codes(r) and "DCK028" not in codes(r)
    assert sorted(e.card.name for e in r.deck.entries if e.zone == "rune")[0] == \
        "Contract Forged in Sand"
    totals = [f for f in r.findings if f.code == "DCK027"]
    assert [f.line for f in totals] == [11, 21] and all("stated" not in f.args for f in totals)


def test_a_subtotal_that_differs_from_its_group_warns_with_both_numbers():
    """'Total – 20' under 19 resonators is the group's subtotal (DCK040), not a deck total
    that matches nothing (DCK028)."""
    text = (LISTS / "fow-subtotals-rune-note.txt").read_text(encoding="utf-8")
    r = check_text(text.replace("Total – 19", "Total – 20"), "fow-wanderer")
    assert [(f.line, f.expected, f.actual) for f in r.findings if f.code == "DCK040"] == \
        [(11, 20, 19)]
    assert "DCK028" not in codes(r)


def test_a_note_that_leaves_no_heading_is_a_card_line():
    r = check_text("Ruler: Lilias Petal, Agent of Salvation\nRed Riding Hood (J)\n", "fow-wanderer")
    assert r.counts["main"] == 1 and "DCK027" not in codes(r)


def test_lines_after_a_reached_stone_total_start_the_side_deck():
    r = check_file(LISTS / "fow-stone-total-then-side.txt", Options(format_id="fow-wanderer"))
    assert r.counts == {"ruler": 1, "main": 37, "stone": 10, "side": 15}
    assert "DCK028" not in codes(r)


def test_a_stone_total_that_is_not_reached_closes_nothing():
    text = (LISTS / "fow-stone-total-then-side.txt").read_text(encoding="utf-8")
    r = check_text(text.replace("Total – 10", "Total – 12"), "fow-wanderer")
    assert r.counts["stone"] == 25 and r.counts["side"] == 0
    assert [f.args["expected"] for f in r.findings if f.code == "DCK028"] == [12]


def test_a_bare_ruler_under_the_title_is_the_ruler():
    r = check_file(LISTS / "fow-bare-ruler-under-title.txt", Options(format_id="fow-wanderer"))
    assert r.counts == {"ruler": 1, "main": 37, "stone": 10, "side": 15}
    assert not {"FOW104", "FOW108"} & set(codes(r))
    assert [f.line for f in r.findings if f.code == "DCK031"] == [2]
    assert r.deck.metadata["name"].startswith("Wind Lilias")


def test_fowlibrarys_two_line_ruler_is_one_ruler():
    r = check_file(LISTS / "fow-fowlibrary-two-line-ruler.txt", Options(format_id="fow-wanderer"))
    assert r.counts == {"ruler": 1, "main": 37, "stone": 10, "side": 15}
    ruler = [e for e in r.deck.entries if e.zone == "ruler"]
    assert len(ruler) == 1 and ruler[0].card.name == "Astema" and ruler[0].line == 1
    assert "Astema [J-Ruler] (TST-067J)" in ruler[0].raw_name
    assert not {"FOW104", "FOW108"} & set(codes(r))
    assert [f.line for f in r.findings if f.code == "DCK027"] == [24]   # "Total – 10" only


def test_a_name_ending_in_slashes_with_another_card_under_it_stays_two_lines():
    r = check_text("Ruler: Lilias Petal, Agent of Salvation\nRed Riding Hood //\n"
                   "Heaven Bound Pheasant\n", "fow-wanderer")
    assert r.counts["main"] == 2


def test_a_wiki_tables_rows_are_read_by_id_count_and_name():
    r = check_file(LISTS / "fow-wiki-table.txt", Options(format_id="fow-wanderer"))
    assert r.counts["main"] == 41 and r.counts["ruler"] == 1
    assert not {"DCK001", "DCK002", "DCK023"} & set(codes(r))
    wolf = next(e for e in r.deck.entries if e.line == 4)
    assert (wolf.card.name, wolf.count, wolf.ref) == ("Blessed Holy Wolf", 4, "VS01-001")
    assert any(f.code == "DCK005" and f.line == 4 for f in r.findings)


def test_a_table_row_whose_id_names_another_card_is_still_reported():
    r = check_text("Ruler: Lilias Petal, Agent of Salvation\n"
                   "VS01-001 4 Red Riding Hood Resonator Wind Super Rare\n", "fow-wanderer")
    assert "DCK023" in codes(r)


def test_a_published_report_with_group_totals_and_an_unheaded_side_deck():
    """A real report (ARG National Invitational): the ruler on a bare line under the title,
    "Total – 31" and "Total – 11" under groups with no heading, "Total – 10" under the
    stones and the side deck after it with no heading: every zone as its author meant, the
    totals shown and none reported as differing."""
    r = check_file(LISTS / "fow-arg-grimm-totals-side-unheaded.txt",
                   Options(format_id="fow-classic"))
    assert r.counts == {"ruler": 1, "main": 42, "stone": 10, "side": 15}
    assert [f.line for f in r.findings if f.code == "DCK027"] == [7, 38, 52, 55, 71]
    assert not {"DCK002", "DCK028", "DCK040"} & set(codes(r))
    assert [e.card.name for e in r.deck.entries if e.zone == "ruler"] == \
        ["Grimm, the Fairy Tale Prince"]
    assert r.legal


def test_an_unheaded_groups_total_that_differs_is_a_subtotal_warning():
    """'Total – 30' over 31 resonators, with the chants' total after it: the group's
    subtotal (DCK040), not a deck total that matches nothing (DCK028)."""
    text = (LISTS / "fow-arg-grimm-totals-side-unheaded.txt").read_text(encoding="utf-8")
    r = check_text(text.replace("Total – 31", "Total – 30"), "fow-classic")
    assert [(f.line, f.expected, f.actual) for f in r.findings if f.code == "DCK040"] == \
        [(38, 30, 31)]
    assert "DCK028" not in codes(r)
