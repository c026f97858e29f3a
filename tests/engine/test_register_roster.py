"""Reading rosters: CSV and YAML, event header lines, column aliases, line numbers."""

from __future__ import annotations

import pytest

from deckcheck.registration.roster import RosterError, read_roster, split_name


def write(tmp_path, name, text, encoding="utf-8"):
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return path


def test_csv_header_lines_comments_and_line_numbers(tmp_path):
    path = write(tmp_path, "r.csv", "# Event: Spring Open\n#Date:2026-12-05\n"
                                    "# Location: Hall 2\n# just a comment: not an event key\n"
                                    "\nName,Player ID,Deck File,Deck Name,Email\n"
                                    "Alice Adams,0042,decks/a.txt,Grimm,a@example.org\n"
                                    "# Bob withdrew\n\n"
                                    '"Brown, Bob",17,"decks/b, final.txt",,\n')
    r = read_roster(path)
    assert r.event == {"event": "Spring Open", "date": "2026-12-05", "location": "Hall 2"}
    assert r.event_lines == {"event": 1, "date": 2, "location": 3}
    assert [(p.line, p.name, p.player_id) for p in r.players] == [
        (7, "Alice Adams", "0042"), (10, "Brown, Bob", "17")]
    assert r.players[1].deck == "decks/b, final.txt"
    assert r.players[1].deck_path == tmp_path / "decks" / "b, final.txt"
    assert (r.players[1].first_name, r.players[1].last_name) == ("Bob", "Brown")
    assert r.players[0].deck_name == "Grimm" and r.ignored == ["Email"]
    assert r.has_id_column


def test_semicolon_csv_with_bom_from_a_spreadsheet(tmp_path):
    path = write(tmp_path, "r.csv", "\ufeffFirst name;Last name;DCI;Decklist\n"
                                    "Zoë;Müller;1234567;z.txt\n")
    p = read_roster(path).players[0]
    assert (p.name, p.first_name, p.last_name, p.player_id, p.deck) == \
        ("Zoë Müller", "Zoë", "Müller", "1234567", "z.txt")


def test_utf16_tab_separated(tmp_path):
    path = write(tmp_path, "r.tsv", "\ufeffname\tid\tdeck\nAda\t1\ta.txt\n", "utf-16-le")
    assert [p.name for p in read_roster(path).players] == ["Ada"]


def test_absolute_deck_path_and_empty_deck(tmp_path):
    deck = tmp_path / "x.txt"
    path = write(tmp_path, "r.csv", f"name,deck\nA,{deck}\nB,\n")
    players = read_roster(path).players
    assert players[0].deck_path == deck and players[1].deck_path is None


def test_yaml_values_are_read_as_written(tmp_path):
    path = write(tmp_path, "r.yaml", "event: Spring Open\ndate: 2026-12-05\n"
                                     "format: FOW-Classic\nplayers:\n"
                                     "  - name: 'No'\n    dci: 0042\n    deck: a.txt\n"
                                     "  - {name: Yes, player id: 1e3, deck: b.txt, notes: x}\n"
                                     "  - name: Cy\n    deck: ~\n")
    r = read_roster(path)
    assert r.event == {"event": "Spring Open", "date": "2026-12-05", "format": "fow-classic"}
    assert [(p.line, p.name, p.player_id) for p in r.players] == [
        (5, "No", "0042"), (8, "Yes", "1e3"), (9, "Cy", None)]
    assert r.players[2].deck is None and r.ignored == ["notes"]


def test_yaml_list_of_players_only(tmp_path):
    path = write(tmp_path, "r.yml", "- name: A\n  deck: a.txt\n- name: B\n  deck: b.txt\n")
    r = read_roster(path)
    assert [p.name for p in r.players] == ["A", "B"] and r.event == {}


def test_yaml_aliases_do_not_expand_beyond_the_players(tmp_path):
    bomb = "a: &a [x, x, x]\nb: &b [*a, *a, *a]\nplayers: []\n"
    with pytest.raises(RosterError, match=r"r.yaml:1: unknown key 'a'"):
        read_roster(write(tmp_path, "r.yaml", bomb))


@pytest.mark.parametrize("name,first,last", [
    ("Alice Adams", "Alice", "Adams"), ("Mary Ann van Dyke", "Mary Ann van", "Dyke"),
    ("Brown, Bob", "Bob", "Brown"), ("Cher", None, "Cher")])
def test_split_name(name, first, last):
    assert split_name(name) == (first, last)


def test_field_length_is_capped(tmp_path):
    path = write(tmp_path, "r.csv", "name,deck\n" + "A" * 600 + ",a.txt\n")
    with pytest.raises(RosterError, match=r"r.csv:2: a value of 600 characters"):
        read_roster(path)
