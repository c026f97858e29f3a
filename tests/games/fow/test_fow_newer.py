"""Force of Will cards newer than fowsim's cards.json (deckcheck/games/fow/importing/newer.py):
the committed fowtcgcardsearch facts file, its Japanese vocabularies, and the cards it adds."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from deckcheck.carddb.importers.common import DataError
from deckcheck.games.fow.importing import newer
from deckcheck.games.fow.importing.fowsim import Face
from deckcheck.resources import data_dir

from conftest import ROOT, run_cli

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
SHIPPED = data_dir("cards") / "fow"


def _shipped_cards() -> dict[str, dict]:
    cards = yaml.load((SHIPPED / "cards.yaml").read_text(encoding="utf-8"), Loader=_Loader)
    return {i: c for c in cards["cards"] for i in c["ids"]}


def _facts(tmp_path: Path, cards: list[dict]) -> Path:
    p = tmp_path / "facts.yaml"
    p.write_text(yaml.safe_dump({"source": {}, "cards": cards}, allow_unicode=True),
                 encoding="utf-8")
    return p


# ------------------------------------------------------------------ synthetic (no shared data)

def test_japanese_facts_become_fowsim_faces(tmp_path):
    path = _facts(tmp_path, [
        {"id": "TSR-021", "name": "Leader", "types": ["ルーラー"], "attributes": ["炎"],
         "cost": "-", "released": "2024-08-29"},
        {"id": "TSR-021", "name": "Leader J", "types": ["Jルーラー"], "attributes": ["炎"],
         "atk": 900, "def": 800, "released": "2024-08-29"},
        {"id": "TSR-016", "name": "Auto", "types": ["詠唱"], "attributes": ["炎"],
         "cost": "炎X", "released": "2024-08-29"},
        {"id": "MP02-085", "name": "Erasure", "types": ["詠唱"], "attributes": ["光", "闇"],
         "cost": "光闇2", "released": "2025-02-27"},
        {"id": "TSR-099", "name": "Known", "types": ["詠唱"], "attributes": ["水"]},
    ])
    faces, counts = newer.facts_faces(path, known_ids={"TSR-099"})
    by_id = {f.id: f for f in faces}
    assert set(by_id) == {"TSR-021", "TSR-021J", "TSR-016", "MP02-085"}
    assert counts["fowtcgcardsearch_faces_already_known"] == 1
    assert by_id["TSR-021"].raw["type"] == ["Ruler"] and by_id["TSR-021"].raw["cost"] is None
    assert by_id["TSR-021J"].raw["type"] == ["J-Ruler"] and by_id["TSR-021J"].raw["ATK"] == 900
    assert by_id["TSR-016"].raw["cost"] == "{R}{X}"
    assert by_id["MP02-085"].raw["cost"] == "{W}{B}{2}"
    assert by_id["MP02-085"].raw["colour"] == ["W", "B"]
    assert by_id["TSR-021"].cluster == "Trinity" and by_id["MP02-085"].set == "MP02"
    assert not any(f.facts for f in faces)   # fowsim's facts win on shared names


def test_unknown_japanese_type_stops_the_import(tmp_path):
    path = _facts(tmp_path, [{"id": "TSR-001", "name": "X", "types": ["謎の型"],
                              "attributes": ["光"]}])
    with pytest.raises(DataError, match="unknown card type '謎の型'"):
        newer.facts_faces(path, known_ids=set())


def test_transcripts_build_the_facts_with_pages_and_bans(tmp_path):
    (tmp_path / "p16000.txt").write_text(
        "ABC_646|ABC-SD09-004|Loki|ルーラー|-|水|Witch|-|-|-|RR|ABC|2024-11-21|"
        "ワンダラー/コンビ禁止/Harvesting Season|-\n", encoding="utf-8")
    (tmp_path / "p32000.txt").write_text(
        "ABC_646|ABC-SD09-004|Loki|ルーラー|-|水|Witch|-|-|-|RR|ABC|2024-11-21|"
        "ワンダラー/コンビ禁止/Harvesting Season|-\n"
        "ABC_647|ABC-SD09-004|Loki, the Witch of Chaos|Jルーラー|-|水|Witch|-|800|1200|RR|"
        "ABC|2024-11-21|?|-\n", encoding="utf-8")
    data = newer.facts_from_lines(tmp_path, "c0ffee", "o/r", "data/cards.json")
    assert data["source"]["pages_read"] == [16000, 32000]
    loki, j = data["cards"]
    assert loki["pages"] == [16000, 32000]
    assert loki["bans"] == [{"format": "Wanderer", "kind": "combination",
                             "with": "Harvesting Season"}]
    assert j["bans_unknown"] is True and j["atk"] == 800 and "bans" not in j


# ------------------------------------------------------------------ the shipped data

def test_the_committed_facts_file_names_its_source_and_pages():
    data = newer.read_facts(SHIPPED / newer.FACTS_FILE)
    assert data["source"]["commit"] == "009bfb56f52eee8fb1e3aa03fed3276ea824646a"
    pages = set(data["source"]["pages_read"])
    assert all(set(c["pages"]) <= pages for c in data["cards"])
    text = (SHIPPED / newer.FACTS_FILE).read_text(encoding="utf-8")
    assert "enText" not in text and "Flavor" not in text


def test_the_facts_file_alone_reproduces_the_new_cards(tmp_path):
    """The import reads the committed facts, never the raw pages: a copy of the facts in an
    empty output folder gives the same TSR cards as the shipped data."""
    shipped = _shipped_cards()
    fowsim_ids = {i for i, c in shipped.items()
                  if any(p["set"] == "TTT" and p["id"] == i for p in c["printings"])}
    faces, counts = newer.facts_faces(SHIPPED / newer.FACTS_FILE, known_ids=fowsim_ids)
    tsr = [f for f in faces if f.set == "TSR"]
    assert len(tsr) >= 35
    for f in tsr:
        assert f.id in shipped, f"{f.id} {f.name} is not in cards/fow/cards.yaml"


def test_concrete_new_cards_have_their_type_and_cost():
    cards = _shipped_cards()
    bianchi = cards["TSR-021"]
    assert bianchi["name"] == "Leader of the Skulk, Bianchi" and bianchi["types"] == ["ruler"]
    assert bianchi["faces"][0]["name"] == "Bianchi, Biker Gang Maniac"
    assert bianchi["faces"][0]["types"] == ["j_ruler"] and "TSR-021J" in bianchi["ids"]
    tires = cards["TSR-030"]
    assert tires["types"] == ["addition"] and tires["cost"] == "{R}{R}{R}{R}"
    assert tires["clusters"] == ["Trinity"] and tires["sets"] == ["TSR"]
    assert cards["TSR-016"]["cost"] == "{R}{X}" and cards["TSR-016"]["types"] == ["chant"]
    uranus = cards["MP02-092"]
    assert uranus["types"] == ["resonator"] and uranus["cost"] == "{R}{1}"
    assert (uranus["atk"], uranus["def"]) == (700, 500)
    # a reprint in a newer deck is a printing of the known card, which keeps its id and facts
    typhon = cards["ABC-SD09-003"]
    assert typhon["id"] == "GRV-085" and "ABC-SD09-003J" in typhon["ids"]


def _legal_in_wanderer(name: str, date: str) -> tuple[Path, str]:
    """Check a case deck in fow-wanderer on ``date``: it is legal, every card known and in
    the format (no FOW125, no DCK002). Returns the deck's path and the report."""
    deck = ROOT / "tests" / "cases" / "_decks" / "fow" / name
    r = run_cli("check", "-f", "fow-wanderer", "--date", date, str(deck))
    out = r.stdout.decode()
    assert r.returncode == 0, out + r.stderr.decode()
    assert "1 legal" in out and "FOW125" not in out and "DCK002" not in out
    return deck, out


def test_a_tsr_deck_is_wanderer_legal_after_its_release():
    _, out = _legal_in_wanderer("skulk-tsr.txt", "2025-01-15")
    assert "DCK029" in out   # the ban data ends on 2024-11-29: said, not silent


def test_an_evil_cluster_deck_is_wanderer_legal():
    # Wanderer takes "all cards from the Grimm cluster onwards": Evil (AVL) is after Trinity
    _, out = _legal_in_wanderer("avl-evil.txt", "2026-07-01")
    assert "DCK029" in out


def test_the_whole_of_tsr_and_the_moon_cost():
    cards = _shipped_cards()
    for n in range(1, 101):
        assert f"TSR-{n:03d}" in cards, f"TSR-{n:03d}"
    assert cards["TSR-095"]["cost"] == "{U}{M}{M}{M}"          # 水月月月: moon will
    assert cards["TSR-089"]["types"] == ["extension_rule"]
    giotto = cards["TEU-007"]
    assert giotto["types"] == ["ruler"] and giotto["sets"] == ["TEU"]
    assert giotto["faces"][0]["name"] == "Giotto Sansta, Conqueror of Protopaterpolis"
    assert giotto["clusters"] == ["Trinity"]


def test_an_arcane_item_is_a_regalia_with_its_sub_ruler_side():
    apple = _shipped_cards()["TEU-009"]
    assert apple["types"] == ["regalia"] and apple["cost"] == "{W}"
    assert apple["faces"][0]["types"] == ["sub_ruler"] and "TEU-009J" in apple["ids"]


# ------------------------------------------------------------------ facts parts (part A)

def _face(id_, name, types, set_="TOP"):
    return Face(id=id_, name=name, cluster="Trinity", set=set_,
                      raw={"id": id_, "name": name, "type": list(types)}, facts=False)


def test_a_new_card_with_the_name_key_of_another_card_type_is_left_out():
    """Printings are grouped by name key: a newer card whose name has the key of a card of
    other card types ("(AAA)" and "A∵A∵A∵" are both "aaa") is another card, not a reprint."""
    known = [_face("TTT-068", "A∵A∵A∵", ["Sub-ruler"], "TTT"),
             _face("SNV-087", "Contract Demon", ["Resonator"], "SNV"),
             _face("TAT-059", "Dragonslayer", ["Addition:Resonator"], "TAT")]
    new = [_face("TOP-096", "(AAA)", ["Resonator"]),
           _face("ESD1-004", "Contract Demon", ["Resonator"], "ESD1"),     # a reprint
           # the very same name with other types: a Paradox printing, still a reprint
           _face("AVL-058", "Dragonslayer", ["Regalia"], "AVL"),
           _face("TOP-062", "Ashwyn, Commander of Darkest Fires", ["Ruler"]),
           _face("TOP-062J", "A∵A∵A∵", ["J-Ruler"])]                       # a back: not grouped
    kept, left_out = newer.leave_out_name_collisions(known, new)
    assert left_out == ["TOP-096"]
    assert [f.id for f in kept] == ["ESD1-004", "AVL-058", "TOP-062", "TOP-062J"]


def test_facts_parts_are_read_first_file_first(tmp_path):
    folder = tmp_path / "sources"
    folder.mkdir()
    for name in ("fowtcgcardsearch-facts-b.yaml", "fowtcgcardsearch-facts.yaml",
                 "fowtcgcardsearch-facts-a.yaml", "other.yaml"):
        (folder / name).write_text("cards: []\n", encoding="utf-8")
    assert [p.name for p in newer.facts_paths(tmp_path)] == [
        "fowtcgcardsearch-facts.yaml", "fowtcgcardsearch-facts-a.yaml",
        "fowtcgcardsearch-facts-b.yaml"]


def test_the_part_a_facts_file_names_its_source_and_pages():
    data = newer.read_facts(SHIPPED / "sources" / "fowtcgcardsearch-facts-a.yaml")
    assert data["source"]["commit"] == "009bfb56f52eee8fb1e3aa03fed3276ea824646a"
    pages = data["source"]["pages_read"]
    assert pages == list(range(4_768_000, 5_152_001, 16_000))
    assert all(set(c["pages"]) <= set(pages) for c in data["cards"])


def test_part_a_cards_are_known_with_set_and_cluster():
    cards = _shipped_cards()
    expected = {
        "TOP-014": ("Witch of the Tower: No.13", "TOP", "Trinity", ["resonator"]),
        "ESD1-001": ("Immortal King of Sylthmir, Valgott", "ESD1", "Evil", ["ruler"]),
        "ESD2-008": ("Kushiel, Archangel of Punishment", "ESD2", "Evil", ["resonator"]),
        "DRC-092": ("Eternal Pact with Barust", "DRC", "Evil", ["extension_rule"]),
        "ATD-003": ("Zhenwu, Dragonborn Lord", "ATD", "Evil", ["resonator", "regalia"]),
        "DRCV-01": ("Varkuzhal, Archdemon Devourer of Gods", "DRCV", "Evil", ["resonator"]),
        "JRV-013": ("Cinderwing Swarm", "JRV", "Evil", ["resonator"]),
    }
    for cid, (name, set_, cluster, types) in expected.items():
        card = cards[cid]
        assert (card["name"], card["sets"], card["clusters"], card["types"]) == \
            (name, [set_], [cluster], types), cid
    assert cards["ESD1-001"]["faces"][0]["name"] == "Valgott, Bloodthirsty Tyrant of Sylthmir"
    assert cards["TOP-074"]["cost"] == "{U}{G}{T}"          # 水風時: time will
    # a reprint in an Evil deck is a printing of the known card
    demon = cards["ESD1-004"]
    assert demon["id"] == "SNV-087" and "ESD1" in demon["sets"] and "Evil" in demon["clusters"]
    # every TOP number is known, but "(AAA)" (a resonator) is not merged into the sub-ruler
    # A∵A∵A∵ of the same name key: it is left out and said in SOURCES.md
    for n in range(1, 101):
        assert (f"TOP-{n:03d}" in cards) == (n != 96), f"TOP-{n:03d}"
    assert "TOP-096" in (SHIPPED / "SOURCES.md").read_text(encoding="utf-8")
    # wardens are not modelled: left out with their J-ruler sides, named in SOURCES.md
    assert "ESD1-015" not in cards and "ESD1-015J" not in cards


def test_a_valgott_deck_of_the_2025_evil_decks_is_wanderer_legal():
    _, out = _legal_in_wanderer("valgott-esd1.txt", "2026-01-10")
    assert "DCK029" in out   # the ban data ends on 2024-11-29: said, not silent


# ------------------------------------------------------------------ facts part b (Evil cluster)

def test_a_deck_building_sentence_becomes_structured_deck_rules(tmp_path):
    line = ("EVIL_256|JRV-056|Swarm of Wicked Flies|リゾネイター|闇|闇|Insect|-|400|300|N|JRV|"
            "2025-12-18||-|You may have up to ten copies of this card in your deck.\n")
    (tmp_path / "p16000.txt").write_text(line, encoding="utf-8")
    data = newer.facts_from_lines(tmp_path, "c0ffee", "o/r", "data/cards.json")
    assert data["cards"][0]["deck_rules"] == [{"rule": "copy_limit", "limit": 10, "zone": "deck"}]
    faces, _ = newer.facts_faces(_facts(tmp_path, data["cards"]), known_ids=set())
    assert faces[0].raw["deck_rules"] == [{"rule": "copy_limit", "limit": 10, "zone": "deck"}]
    for text, message in (("You may have ten copies of cards you like in your deck.",
                           "deck-building text not recognised"),
                          ("Draw a card.", "no recognised deck-building text")):
        (tmp_path / "p16000.txt").write_text(
            line.replace("You may have up to ten copies of this card in your deck.", text),
            encoding="utf-8")
        with pytest.raises(DataError, match=message):
            newer.facts_from_lines(tmp_path, "c0ffee", "o/r", "data/cards.json")


def test_cost_characters_that_carry_nothing_are_skipped():
    attrs = {"闇": "B"}
    assert newer.jp_cost("闇(1)", attrs, "x", newer.tables()["jp_cost_ignored"]) == "{B}{1}"
    with pytest.raises(DataError, match="unknown cost symbol"):
        newer.jp_cost("闇(1)", attrs, "x")


def test_each_facts_part_has_its_own_notes(tmp_path):
    tab = {"facts_notes": ["first"], "facts_notes_parts": {"b": ["second"]}}
    assert newer.part_notes(tab, tmp_path / "fowtcgcardsearch-facts.yaml") == ["first"]
    assert newer.part_notes(tab, tmp_path / "fowtcgcardsearch-facts-b.yaml") == ["second"]
    with pytest.raises(DataError, match="no notes for part 'c'"):
        newer.part_notes(tab, tmp_path / "fowtcgcardsearch-facts-c.yaml")
    with pytest.raises(DataError, match="is named"):
        newer.part_notes(tab, tmp_path / "other.yaml")


def _committed_part(letter: str) -> tuple[dict, list[int]]:
    """Facts part ``letter`` as shipped: read by the loader, from card-search's commit, every
    entry's pages among the part's ``pages_read``, and no rules or flavour text in it."""
    part = SHIPPED / "sources" / f"fowtcgcardsearch-facts-{letter}.yaml"
    assert part in newer.facts_paths(SHIPPED)
    data = newer.read_facts(part)
    assert data["source"]["commit"] == "009bfb56f52eee8fb1e3aa03fed3276ea824646a"
    pages = data["source"]["pages_read"]
    assert all(set(c["pages"]) <= set(pages) for c in data["cards"])
    text = part.read_text(encoding="utf-8")
    assert "enText" not in text and "Flavor" not in text and "copies of" not in text
    return data, pages


def test_the_committed_part_b_names_its_source_and_pages():
    data, pages = _committed_part("b")
    assert 5400000 not in pages and pages[0] == 5136000 and pages[-1] == 5496000


def test_the_evil_cluster_cards_of_part_b_are_known():
    cards = _shipped_cards()
    for n in range(1, 101):
        assert f"JRV-{n:03d}" in cards or n in (19, 26, 34, 57), f"JRV-{n:03d}"   # wardens
        assert f"AVL-{n:03d}" in cards or n in (11, 85), f"AVL-{n:03d}"
    for n in range(1, 48):
        assert f"QSK-{n:03d}" in cards, f"QSK-{n:03d}"
    assert "JRV-019" not in cards and "JRV-019J" not in cards   # warden + its J-ruler: left out
    gil = cards["JRV-062"]
    assert gil["name"] == "Nomadic Swordsman King, Gilgamesh" and gil["sets"] == ["JRV"]
    assert gil["clusters"] == ["Evil"] and gil["types"] == ["ruler"]
    assert gil["faces"][0]["name"] == "Gilgamesh, Swordsman of the Twelve Swords"
    assert cards["JRV-046"]["cost"] == "{B}{1}"                 # written 闇(1) by the source
    assert cards["QSK-026"]["name"] == "False Goddess of Yomidgard, Valentina"
    # the source's set label "DRC Video" (a space) is the safe code DRCV; the label stays a
    # fact: the printing's source_id and clusters.yaml's set_source_labels
    video = cards["DRCV-04"]
    assert video["name"] == "Hindered Magic Duel" and video["sets"] == ["DRCV"]
    assert video["printings"][0]["source_id"] == "DRC Video-04"
    assert video["ids"] == ["DRCV-04"]
    clusters = yaml.safe_load((SHIPPED / "clusters.yaml").read_text(encoding="utf-8"))
    assert clusters["set_source_labels"] == {"DRCV": "DRC Video"}
    assert "DRCV" in clusters["clusters"]["Evil"]["sets"]
    assert not any(" " in s for c in clusters["clusters"].values() for s in c["sets"])
    assert cards["AVL-001"]["name"] == "Abel, Velmardian Herald"
    assert cards["AVL-010"]["types"] == ["chant"]               # 詠唱 + パラドキシカル 詠唱
    assert cards["JRV-056"]["deck_rules"] == [{"rule": "copy_limit", "limit": 10,
                                               "zone": "deck"}]
    # a reprint is a printing of the known card (fowsim's), which keeps its id and facts
    assert cards["AVL-073"]["id"] == "ACN-035" and cards["MC11-008"]["id"] == "MP01-010"


def test_a_journey_to_ravidra_deck_is_wanderer_legal_with_ten_flies(tmp_path):
    deck, out = _legal_in_wanderer("jrv-gilgamesh.txt", "2026-01-15")
    eleven = tmp_path / "eleven.txt"
    eleven.write_text(deck.read_text(encoding="utf-8").replace("10 Swarm", "11 Swarm"),
                      encoding="utf-8")
    r = run_cli("check", "-f", "fow-wanderer", "--date", "2026-01-15", str(eleven))
    assert r.returncode == 1 and "FOW109" in r.stdout.decode()


# ------------------------------------------------------------------ facts part c (QSK.., MP, ABC)

def test_the_committed_part_c_names_its_source_and_pages():
    data, pages = _committed_part("c")
    # every page of the range, and 6,712,000 for the record cut at 6,720,000 (part d's start)
    assert pages == list(range(5_512_000, 6_696_001, 16_000)) + [6_712_000]
    assert "5,512,000 to 6,696,000" in " ".join(data["notes"])


def test_part_c_cards_are_known_with_set_and_cluster():
    cards = _shipped_cards()
    for n in range(49, 101):   # QSK-049 and QSK-072 are wardens: left out
        assert (f"QSK-{n:03d}" in cards) == (n not in (49, 72)), f"QSK-{n:03d}"
    for n in range(1, 18):
        assert (f"CPB-{n:03d}" in cards) == (n != 7), f"CPB-{n:03d}"
    for cid in [f"MP03-{n:03d}" for n in range(1, 124)] + \
            [f"MC10-{n:03d}" for n in range(1, 33)] + \
            [f"MP02-{n:03d}" for n in range(1, 155)] + \
            [f"MC07-{n:03d}" for n in range(1, 26)] + \
            [f"ABC-SD0{d}-{n:03d}" for d in (1, 2, 3, 4) for n in range(73)]:
        assert cid in cards, cid
    velmar = cards["QSK-086"]
    assert (velmar["name"], velmar["sets"], velmar["clusters"], velmar["types"]) == \
        ("Prismatic Goddess of Yomidgard, Velmar", ["QSK"], ["Evil"], ["ruler"])
    assert velmar["deck_rules"] == [{"rule": "singleton"}]
    assert velmar["faces"][0]["name"] == "Velmar, Goddess of Truth and Justice"
    assert cards["QSK-064"]["deck_rules"] == [{"rule": "copy_limit", "limit": "any",
                                               "zone": "deck"}]
    assert cards["QSK-085"]["deck_rules"] == [{"rule": "copy_limit", "limit": 5, "zone": "deck"}]
    assert cards["MP03-001"]["clusters"] == ["Evil"] and cards["MP02-008"]["clusters"] == ["Trinity"]
    # a regalia of MP02 with its sub-ruler side under <id>J
    assert cards["MP02-008"]["faces"][0]["types"] == ["sub_ruler"]
    # reprints are printings of the known card, which keeps its id and facts
    assert cards["CPB-001"]["id"] == "SDR1-003" and "Evil" in cards["CPB-001"]["clusters"]
    assert cards["MC10-032"]["id"] == "TST-094" and "MC10" in cards["MC10-032"]["sets"]
    assert cards["ABC-SD01-000"]["id"] == "ABC-001" and "Trinity" in cards["ABC-SD01-000"]["clusters"]
    # three faces of one number: the ruler and its two J-rulers
    assert {"MP02-081", "MP02-081J", "MP02-081^"} <= set(cards["MP02-081"]["ids"])
    # the second part of a two-part card takes <id>J
    assert "ABC-SD03-035J" in cards["ABC-SD03-035"]["ids"]
    assert "Left out" in (SHIPPED / "SOURCES.md").read_text(encoding="utf-8")


def test_a_quest_of_the_seven_keys_deck_is_wanderer_legal_with_twelve_rats(tmp_path):
    deck, out = _legal_in_wanderer("qsk-rats.txt", "2026-10-01")
    assert "DCK029" in out   # the ban data ends on 2024-11-29: said, not silent
    five = tmp_path / "five.txt"
    five.write_text(deck.read_text(encoding="utf-8").replace("4 Cannibal", "5 Cannibal"),
                    encoding="utf-8")
    r = run_cli("check", "-f", "fow-wanderer", "--date", "2026-10-01", str(five))
    assert r.returncode == 1 and "FOW109" in r.stdout.decode()


def test_a_j_ruler_side_named_with_j_in_brackets_joins_the_known_card(tmp_path):
    entries = [{"id": "MC10-029", "name": "Astema", "types": ["ルーラー"], "attributes": ["炎", "闇"],
                "set": "MC10", "released": "2026-03-19"},
               {"id": "MC10-029", "name": "Astema(J)", "types": ["Jルーラー"],
                "attributes": ["炎", "闇"], "set": "MC10", "released": "2026-03-19"}]
    faces, _ = newer.facts_faces(_facts(tmp_path, entries), known_ids=set())
    assert [(f.id, f.raw["name"]) for f in faces] == [("MC10-029", "Astema"),
                                                     ("MC10-029J", "Astema [J-Ruler]")]
    # shipped: the MC10 reprint of Astema is a printing of fowsim's TST-067
    cards = _shipped_cards()
    assert cards["MC10-029"]["id"] == "TST-067" and "MC10-029J" in cards["MC10-029"]["ids"]
    assert cards["ABC-SD04-001"]["faces"][0]["name"] == "Belial [J-Ruler]"



# ------------------------------------------------------------------ facts part d (ABC decks, promos)

def test_the_committed_part_d_names_its_source_and_pages():
    data, pages = _committed_part("d")
    assert pages[:53] == list(range(6_720_000, 7_552_001, 16_000)) and pages[53:] == [7_936_000]
    # a record is kept in one facts file: ABC-SD08-062..ABC-SD09-004 are the first file's
    first = {c["uid"] for c in newer.read_facts(SHIPPED / newer.FACTS_FILE)["cards"]}
    assert not first & {c["uid"] for c in data["cards"]}


def test_part_d_cards_are_known_with_set_and_cluster():
    cards = _shipped_cards()
    garmheld = cards["ABC-SD10-002"]
    assert (garmheld["name"], garmheld["types"], garmheld["clusters"]) == \
        ("Garmheld, the Undead Regent", ["ruler"], ["Trinity"])
    assert garmheld["faces"][0]["name"] == "The Lich King"
    assert garmheld["deck_rules"] == [{"rule": "only", "zone": "main",
                                       "any_of": [{"race": "Skeleton"}, {"race": "Zombie"}],
                                       "card_types": ["resonator"], "checked": False}]
    kiki = cards["ABC-SD05-026"]      # a resonator with a chant under the same number
    assert kiki["name"] == "Kiki, Selesta's Partner" and "ABC-SD05-026J" in kiki["ids"]
    assert cards["ABC-SD11-067"]["stone_class"] == "basic"       # Void Magic Stone
    assert cards["ABC-SD11-010"]["cost"] == "{9}"                # Cannonade Gears
    assert cards["ABC-SD11-063"]["deck_rules"] == [{"rule": "copy_limit", "limit": "any",
                                                    "zone": "stone"}]   # Satellite Crystal
    # a reprinted ruler whose back card-search writes "<ruler>(J)" stays one card
    assert cards["ABC-SD07-001"]["id"] == "TST-067" and "ABC-SD07-001J" in cards["TST-067"]["ids"]
    assert cards["ABC-SD06-000"]["id"] == "ABC-006"               # Arcana: The Fairy King
    # GITS2045-079 is a new printing in a set fowsim places: fowsim's cluster
    assert cards["GITS2045-079"]["id"] == "GITS2045-034"
    # the promos have no release date or cluster: kept as facts, left out of the card data
    assert "WL-001" not in cards and "RL-1509_1" not in cards and "Judge-001" not in cards
    assert "WL (82 faces, WL-BE001 to WL-080)" in (SHIPPED / "SOURCES.md").read_text(encoding="utf-8")


def test_a_set_the_source_gives_no_date_or_cluster_is_left_out(tmp_path):
    path = _facts(tmp_path, [
        {"id": "WL-001", "name": "Promo", "types": ["ルーラー"], "attributes": ["光"]},
        {"id": "ABC-SD10-050", "name": "Horde", "types": ["リゾネイター"], "attributes": ["闇"],
         "cost": "闇", "released": "2024-11-21"}])
    faces, counts = newer.facts_faces(path, known_ids=set())
    assert [f.id for f in faces] == ["ABC-SD10-050"]
    assert counts["fowtcgcardsearch_unplaced_set"] == ["WL-001"]


def test_a_garmheld_deck_of_the_abc_sd10_cards_is_wanderer_legal():
    _, out = _legal_in_wanderer("garmheld-abc-sd10.txt", "2025-01-15")
    assert "FOW132" in out   # its deck-building sentence is recorded, not checked: said


def test_part_e_completes_qsk_with_the_record_cut_between_parts_b_and_c():
    data, pages = _committed_part("e")
    assert pages == [5504000] and [c["id"] for c in data["cards"]] == ["QSK-048"]
    cards = _shipped_cards()
    key = cards["QSK-048"]
    assert key["name"] == "The Melodic Key" and key["types"] == ["regalia"]
    assert key["sets"] == ["QSK"] and key["clusters"] == ["Evil"] and key["cost"] == "{G}{G}{G}{1}"
    wardens = {49, 72}                     # QSK-049 and QSK-072 are wardens: left out
    assert all(f"QSK-{n:03d}" in cards for n in range(1, 101) if n not in wardens)
