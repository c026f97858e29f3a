"""The "is this a deck list at all?" classifier (deckcheck/parsing/decklike.py).

Every deck the project ships or tests with must read as a deck list; notes, rosters, READMEs,
settings, source code and data files must not, and the reason given must quote nothing of
the file. Card names play no part: lists of names nobody knows are deck lists.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deckcheck.parsing.decklike import census, known_deck_format, not_a_deck_list
from deckcheck.parsing.detect import DECK_EXTENSIONS
from deckcheck.reading import read_path

from conftest import ROOT

DOCS = {"readme.md", "sources.md"}


def _deck_files() -> list[Path]:
    out = []
    for folder in ("examples", "tests/data/real-lists", "tests/cases/_decks"):
        for p in sorted((ROOT / folder).rglob("*")):
            if p.is_file() and p.suffix.lower() in DECK_EXTENSIONS and p.name.lower() not in DOCS:
                out.append(p)
    return out


DECK_FILES = _deck_files()


def test_the_corpus_is_not_empty():
    assert len(DECK_FILES) > 50
    assert any("real-lists" in str(p) for p in DECK_FILES)


@pytest.mark.parametrize("path", DECK_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_and_real_list_is_a_deck_list(path):
    assert not_a_deck_list(read_path(path).text) is None


def _case_texts() -> list:
    import test_rule_cases as cases

    out = []
    for path, data in cases.FILES:
        for case in data.get("cases") or []:
            if "file" not in case:
                out.append(pytest.param(cases._deck_text(data, case),
                                        id=f"{path.stem}:{case['name']}"))
    return out


@pytest.mark.parametrize("text", _case_texts())
def test_every_rule_case_deck_is_a_deck_list(text):
    assert not_a_deck_list(text) is None


@pytest.mark.parametrize("text", [
    "Sol Ring\nCommand Tower\nArcane Signet\nLightning Greaves\n",      # Commander, no counts
    "Mage: Beastmaster\nBear Strength\nRhino Hide\nTimber Wolf\n",       # a Mage Wars book
    "Zorblax the Unheard\nGlorpwing Drake\nMossback Wanderer\n",         # names nobody knows
    "4 Glimmering Voidcaller\n3 Quillfeather Sprite\n",
    "lightning bolt\nsnapcaster mage\ndelver of secrets\n",              # typed in lower case
    "主牌（60张）\n掘密师 4张\n4张 迅咒法师\n副牌：\n2张 失效\n",
    "領主：小紅帽\n主牌庫\n4 灰姑娘\n4 格林\n",
    "Lightning Bolt\n",
    "Ruler: Alice\nMain Deck\n4 Card = Name\n4 Timber Wolf\n",            # one odd line
    "Count,Name,Edition\n4,Delver of Secrets,ISD\n4,Ponder,M12\n",          # a CSV export
    "Name,Set\nDelver of Secrets,ISD\nPonder,M12\n",                        # one copy a row
    '"Flash Heal",4,SW\n"Arcane Intuition",4,SW\n',                          # no header
    # header-less exports whose rows start like a roster's (name, number, word): a set code
    # or a card type follows, or a name no person has
    "Lightning Bolt,4,M10\nCounterspell,4,ICE\n",
    "Flash Heal,4,Ability\nBoris Brightbeard,1,Hero\n",
    "Island,20,Land\nForest,20,Land\n",
    "Delver of Secrets,4,Innistrad\nPonder,4,Magic Origins\n",
])
def test_shapes_of_deck_lists(text):
    assert not_a_deck_list(text) is None


GIT_CONFIG = """[core]
\trepositoryformatversion = 0
\tbare = false
[remote "origin"]
\turl = https://github.com/example/decks
[http "https://github.com/"]
\textraheader = AUTHORIZATION: basic c2VjcmV0
"""
NOT_DECKS = {
    "git-config": GIT_CONFIG,
    "notes": "# Notes\n\nWe played five rounds on Saturday and the top eight on Sunday.\n"
             "- Ask the judge about the new ruling on J-rulers before the event.\n",
    "players-csv": "player,deck,dci\nAlice,decks/alice.txt,1234567\nBob,decks/bob.txt,7\n",
    "readme": "Deck lists for the club\n======\n\nPut one list per player in this folder "
              "and name it after the player.\nThe CI checks every list on a pull request.\n",
    "ini": "[server]\nhost = localhost\nport = 8080\n\n[database]\npassword = hunter2\n",
    "python": "import os\n\n\ndef main():\n    print(os.environ)\n    return 0\n\n\n"
              "if __name__ == '__main__':\n    main()\n",
    "json": '{\n  "name": "decks",\n  "version": "1.0.0",\n  "private": true\n}\n',
    "yaml": "name: league\nplayers:\n  - alice\n  - bob\nmax_players: 16\nstart_date: 2024\n",
    "env": "TOKEN=abc\nSECRET_KEY=xyz\n",
    "comments-only": "# nothing here yet\n// to do\n",
    "links": "https://example.com/a\nhttps://example.com/b\n",
    # short notes: bare lines that could be names, one sentence, no count or heading
    "short-notes": "# Notes\n\nBring sleeves.\nRound 3 vs Alice\nAsk Bob about the date.\n",
    # a roster whose rows look like name-and-count rows: the header names no count column
    "players-round-csv": "Name,Round,Deck\nAlice Smith,3,decks/alice.txt\nBob,2,decks/bob.txt\n",
    "players-no-name-column": "Player;Points\nAlice;3\nBob;2\n",
    # rosters without a header row: a column of e-mail addresses or of the decks' files
    "roster-no-header": "Alice Smith,alice@example.com,Grimm deck\n"
                        "Bob Jones,bob@example.org,Lilias deck\n",
    "roster-no-header-spaced": "Alice Smith, alice@example.com, Grimm deck\n"
                               "Bob Jones, bob@example.org, Lilias deck\n",
    "roster-no-header-files": "Alice Smith,3,decks/alice.txt\nBob,2,decks/bob.txt\n",
    # a roster of names, seat numbers and decks: no address, file or header to tell it
    "roster-no-header-seats": "Alice Smith,2,Grimm\nBob Jones,3,Lilias Control\n"
                              "Ana de la Cruz,1,Mono Red\n",
}


@pytest.mark.parametrize("name", sorted(NOT_DECKS))
def test_files_that_are_not_deck_lists(name):
    text = NOT_DECKS[name]
    why = not_a_deck_list(text)
    assert why is not None
    for line in text.splitlines():   # the reason quotes nothing of the file
        assert len(line.strip()) < 4 or line.strip() not in why, (line, why)
    for secret in ("c2VjcmV0", "hunter2", "alice", "1234567", "localhost", "example.com"):
        assert secret not in why


def test_the_reason_names_the_kinds_of_lines():
    assert not_a_deck_list(NOT_DECKS["players-csv"]) == (
        "no line reads as a card entry or zone heading; its lines read as comma- or "
        "tab-separated table rows")
    assert not_a_deck_list("4 Timber Wolf\nhost = a\nport = b\n") == (
        "2 of 3 lines are not deck lines; its lines read as settings or code")


def test_a_roster_without_a_header_is_named_as_one():
    assert not_a_deck_list(NOT_DECKS["roster-no-header"]).endswith(
        "its lines read as web or e-mail addresses")
    assert not_a_deck_list(NOT_DECKS["roster-no-header-files"]) == (
        "a table with a column of e-mail addresses or file names (a roster), not cards")
    assert not_a_deck_list(NOT_DECKS["roster-no-header-seats"]) == (
        "a table of names, numbers and deck names with no header (a roster), not cards")
    # a card export's rows (name, count, set) are still a deck list
    assert not_a_deck_list("Flash Heal,4,SW\nFall Back,2,SW\n") is None


def test_a_headerless_export_whose_names_are_cards_is_no_roster():
    # the rows have a roster's shape (one or two capitalised words, a number, a word): the
    # first column's names are cards of one game, so the table is a card list
    export = "Counterspell,4,Ice Age\nLightning Bolt,4,Fourth Edition\nDark Ritual,4,Ice Age\n"
    assert not_a_deck_list(export) is None
    assert not_a_deck_list("Counterspell,4,Ice Age\nMorning Star,2,Grimm\n") is not None
    # a roster stays one when one player's name is a card's ("Condescend", a card's name)
    roster = "Condescend,1,Dimir Control\nAlice Smith,2,Grimm\nBob Jones,3,Lilias Control\n"
    assert not_a_deck_list(roster) == (
        "a table of names, numbers and deck names with no header (a roster), not cards")


def test_a_deck_program_format_is_recognised_by_content_not_by_extension():
    o8d = (ROOT / "examples" / "fow" / "legal" / "grimm.o8d").read_text(encoding="utf-8")
    assert known_deck_format(o8d) == "o8d" and not_a_deck_list(o8d) is None
    csv = (ROOT / "examples" / "mtg" / "delver-dka-deckbox.csv").read_text(encoding="utf-8")
    assert known_deck_format(csv) == "csv"
    assert known_deck_format(NOT_DECKS["players-csv"]) is None   # .csv alone is no format


def test_census_counts_each_kind_of_line():
    c = census("Format: fow-classic\nRuler: Alice\n# a comment\n----\n4 Timber Wolf\n"
               "Rhino Hide\nkey = value\nhttps://x.example\n")
    assert (c.deck, c.bare, c.foreign) == (3, 1, 2)
    assert c.kinds == {"code": 1, "address": 1}


def test_xml_and_json_in_their_own_formats_are_left_to_their_readers():
    """An unsafe OCTGN file is refused by the XML reader with its own message."""
    xml = '<?xml version="1.0"?>\n<!DOCTYPE deck SYSTEM "file:///etc/passwd">\n<deck/>\n'
    assert not_a_deck_list(xml, "deck.o8d") is None
    assert not_a_deck_list('{"k1": 1, "k2": 2}', "deck.fdk") is None
    assert not_a_deck_list(xml, "notes.txt") is not None
    assert not_a_deck_list('{\n  "name": "decks",\n  "private": true\n}\n',
                           "package.json") is not None


def test_overlong_and_control_lines_are_left_to_the_reader():
    """The text reader reports them (shortened, escaped); they do not decide the shape."""
    assert not_a_deck_list("1" + " " * 5000 + "x\n") is None
    assert not_a_deck_list("4 Timber\x1bWolf\n") is None
    assert not_a_deck_list("x" * 5000 + "\n") is not None


def test_a_walk_skips_notes_rosters_and_readmes_with_one_line_each(tmp_path):
    """A deck folder's notes.md, players.csv and README.txt are one info line each and
    skipped; the deck beside them is checked (issue 18)."""
    from conftest import run_cli

    legal = sorted((ROOT / "examples" / "fow" / "legal").glob("*.txt"))[0]
    (tmp_path / "deck.txt").write_text(legal.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "notes.md").write_text(NOT_DECKS["short-notes"], encoding="utf-8")
    (tmp_path / "players.csv").write_text(NOT_DECKS["players-round-csv"], encoding="utf-8")
    (tmp_path / "README.txt").write_text(NOT_DECKS["readme"], encoding="utf-8")
    (tmp_path / "roster.csv").write_text(NOT_DECKS["roster-no-header"], encoding="utf-8")
    (tmp_path / "seats.csv").write_text(NOT_DECKS["roster-no-header-files"], encoding="utf-8")
    (tmp_path / "tables.csv").write_text(NOT_DECKS["roster-no-header-seats"], encoding="utf-8")
    r = run_cli("check", str(tmp_path), "--output-format", "concise")
    skipped = [ln for ln in r.stderr.decode().splitlines() if "skipped: not a deck list" in ln]
    assert r.returncode == 0, r.stdout.decode() + r.stderr.decode()
    assert sorted(ln.split(": skipped")[0].rsplit("/", 1)[-1] for ln in skipped) == \
        ["README.txt", "notes.md", "players.csv", "roster.csv", "seats.csv", "tables.csv"]
    assert "roster.csv" not in r.stdout.decode() and "seats.csv" not in r.stdout.decode()
    assert "tables.csv" not in r.stdout.decode()
    assert "notes.md:" not in r.stdout.decode() and "players.csv:" not in r.stdout.decode()
