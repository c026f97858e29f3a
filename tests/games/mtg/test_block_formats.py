"""Magic's Block Constructed formats (formats/mtg/mtg-*-block.yaml, generated from Forge's
Archive/Block files as transcribed in forge_formats.yaml): checked through the real checker on
the shipped card and format data. A deck of a block's sets is legal, a card from outside the
block is MTG201, a banned card is MTG202 from the day of its ban (not the day before), a
restricted one is MTG103, and a date before the block's first set is refused (exit 2)."""

from __future__ import annotations

import datetime as _dt
import os

import pytest
import yaml

from deckcheck import formats
from deckcheck.api import UsageError, check_text
from deckcheck.describe import describe_format
from deckcheck.games.mtg.importing.forge_formats import DATA_FILE

BLOCKS = sorted(fid for fid in yaml.safe_load(DATA_FILE.read_text("utf-8"))["formats"]
                if fid.endswith("-block"))

# decks of real cards of each block's sets (the card data's printings decide, not this file)
AFFINITY = """4 Skullclamp
4 Arcbound Ravager
4 Frogmite
4 Myr Enforcer
4 Thoughtcast
4 Disciple of the Vault
4 Ornithopter
4 Seat of the Synod
4 Vault of Whispers
24 Island
"""
SLIGH = """4 Cursed Scroll
4 Jackal Pup
4 Mogg Fanatic
4 Fireslinger
4 Kindle
4 Rathi Dragon
4 Shock
4 Mogg Flunkies
28 Mountain
"""
THEROS = """4 Hero's Downfall
4 Thoughtseize
4 Elspeth, Sun's Champion
4 Brimaz, King of Oreskos
22 Plains
22 Swamp
"""


def _day_before(day: str) -> str:
    return (_dt.date.fromisoformat(day) - _dt.timedelta(days=1)).isoformat()


def _errors(deck: str, fid: str, date: str, lang: str = "en"):
    result = check_text(deck, fid, date, lang=lang)
    assert result.error is None, result.error
    return result, sorted((f.code, f.card) for f in result.findings
                          if f.severity.name == "ERROR")


def _one_card(line: str, basic: str) -> str:
    return f"{line}\n{60 - int(line.split(' ', 1)[0])} {basic}\n"


def test_there_is_a_block_format_for_each_of_forges_blocks():
    """Forge's Archive/Block holds 25 folders, Ice Age (1996) to Ixalan (2018)."""
    assert len(BLOCKS) == 25
    for fid in ("mtg-ice-age-block", "mtg-tempest-block", "mtg-mirrodin-block",
                "mtg-kamigawa-block", "mtg-innistrad-block", "mtg-theros-block",
                "mtg-ixalan-block"):
        assert fid in BLOCKS


@pytest.mark.parametrize("deck,fid,date", [
    (AFFINITY, "mtg-mirrodin-block", "2004-06-19"),
    (SLIGH, "mtg-tempest-block", "1998-06-30"),
    (THEROS, "mtg-theros-block", "2014-02-07"),
    ("4 Delver of Secrets\n4 Bonfire of the Damned\n26 Island\n26 Mountain\n",
     "mtg-innistrad-block", "2012-05-04"),
], ids=["mirrodin", "tempest", "theros", "innistrad-avr"])
def test_a_deck_of_the_blocks_sets_is_legal(deck, fid, date):
    result, errors = _errors(deck, fid, date)
    assert errors == [] and result.legal, errors
    assert result.stats["profile"] <= date


@pytest.mark.parametrize("fid,date,card", [
    ("mtg-mirrodin-block", "2004-06-19", "Kodama's Reach"),      # Kamigawa, the next block
    ("mtg-mirrodin-block", "2004-06-19", "Lightning Bolt"),
    ("mtg-theros-block", "2014-02-07", "Siege Rhino"),            # Khans of Tarkir
    ("mtg-ice-age-block", "1996-10-01", "Timmerian Fiends"),      # Homelands: not yet
    ("mtg-ice-age-block", "2006-08-20", "Timmerian Fiends"),      # Coldsnap took its place
])
def test_a_card_from_outside_the_block_is_mtg201(fid, date, card):
    _, errors = _errors(_one_card(f"4 {card}", "Island"), fid, date)
    assert errors == [("MTG201", card)], errors


def test_counterspell_is_a_tempest_card_so_it_is_legal_there():
    """The pool is the block's sets by printing: a reprint in the block is legal."""
    _, errors = _errors(_one_card("4 Counterspell", "Island"), "mtg-tempest-block", "1998-06-30")
    assert errors == []


# (format, card line, basic land, day the ban or restriction took effect, code)
BANS = [
    ("mtg-mirrodin-block", "4 Skullclamp", "Island", "2004-06-20", "MTG202"),
    ("mtg-mirrodin-block", "4 Aether Vial", "Island", "2006-03-20", "MTG202"),
    ("mtg-tempest-block", "4 Cursed Scroll", "Mountain", "1998-07-01", "MTG202"),
    ("mtg-urza-block", "4 Memory Jar", "Island", "1999-04-01", "MTG202"),
    ("mtg-urza-block", "4 Tolarian Academy", "Island", "1999-07-01", "MTG202"),
    ("mtg-masques-block", "4 Rishadan Port", "Island", "2000-07-01", "MTG202"),
    ("mtg-masques-block", "4 Lin Sivvi, Defiant Hero", "Plains", "2000-07-01", "MTG202"),
    ("mtg-innistrad-block", "4 Lingering Souls", "Plains", "2012-04-02", "MTG202"),
]


@pytest.mark.parametrize("fid,line,basic,day,code", BANS,
                         ids=[f"{b[0][4:-6]}-{b[1][2:]}" for b in BANS])
def test_a_banned_card_is_refused_from_the_day_of_its_ban(fid, line, basic, day, code):
    deck = _one_card(line, basic)
    card = line.split(" ", 1)[1]
    before, found_before = _errors(deck, fid, _day_before(day))
    after, found_after = _errors(deck, fid, day)
    assert found_before == [], (found_before, before.stats["profile"])
    assert found_after == [(code, card)], (found_after, after.stats["profile"])
    assert after.stats["profile"] == day


def test_the_affinity_bans_of_2006_come_on_top_of_skullclamp():
    _, errors = _errors(AFFINITY, "mtg-mirrodin-block", "2006-03-19")
    assert errors == [("MTG202", "Skullclamp")]
    _, errors = _errors(AFFINITY, "mtg-mirrodin-block", "2006-03-20")
    assert errors == [("MTG202", c) for c in sorted(
        ["Skullclamp", "Arcbound Ravager", "Disciple of the Vault", "Seat of the Synod",
         "Vault of Whispers"])]


def test_zuran_orb_was_restricted_in_ice_age_block_before_its_ban():
    """Forge's 1996-10-01 file restricts Zuran Orb (one copy) and its 1997-05-01 file bans it."""
    _, errors = _errors(_one_card("2 Zuran Orb", "Plains"), "mtg-ice-age-block", "1996-10-01")
    assert errors == [("MTG103", "Zuran Orb")]
    _, errors = _errors(_one_card("1 Zuran Orb", "Plains"), "mtg-ice-age-block", "1996-10-01")
    assert errors == []
    _, errors = _errors(_one_card("1 Zuran Orb", "Plains"), "mtg-ice-age-block", "1997-05-01")
    assert errors == [("MTG202", "Zuran Orb")]


def test_a_set_joins_its_block_on_the_day_forge_gives():
    bonfire = _one_card("4 Bonfire of the Damned", "Mountain")
    _, errors = _errors(bonfire, "mtg-innistrad-block", "2012-05-03")
    assert errors == [("MTG201", "Bonfire of the Damned")]
    assert _errors(bonfire, "mtg-innistrad-block", "2012-05-04")[1] == []
    # the ISD-only profile of 2011-09-30: Dark Ascension is not in the block yet
    souls = _one_card("4 Lingering Souls", "Plains")
    result, errors = _errors(souls, "mtg-innistrad-block", "2011-10-15")
    assert ("MTG201", "Lingering Souls") in errors and result.stats["profile"] == "2011-09-30"
    stronghold = _one_card("4 Mogg Flunkies", "Mountain")
    assert ("MTG201", "Mogg Flunkies") in _errors(stronghold, "mtg-tempest-block", "1998-03-31")[1]
    assert _errors(stronghold, "mtg-tempest-block", "1998-04-01")[1] == []


@pytest.mark.parametrize("fid", ["mtg-tempest-block", "mtg-mirrodin-block", "mtg-theros-block",
                                 "mtg-ixalan-block", "mtg-ice-age-block"])
def test_a_date_before_the_blocks_first_set_is_refused(fid):
    start = formats.load(fid).started["date"]
    with pytest.raises(UsageError, match=f"it began on {start}"):
        check_text(SLIGH, fid, _day_before(start))
    assert check_text(SLIGH, fid, start).error is None


def test_the_refusal_is_exit_2_with_the_day_and_its_source(cli, tmp_path):
    path = tmp_path / "affinity.txt"
    path.write_text(AFFINITY, encoding="utf-8")
    r = cli("check", str(path), "-f", "mtg-mirrodin-block", "--date", "2003-10-01")
    err = r.stderr.decode()
    assert r.returncode == 2, (r.returncode, err)
    assert "it began on 2003-10-02" in err and "MRD" in err and "Traceback" not in err
    r = cli("check", str(path), "-f", "mtg-mirrodin-block", "--date", "2004-06-20",
            "--output-format", "json")
    assert r.returncode == 1 and b"MTG202" in r.stdout


def test_theros_block_starts_on_theros_release_although_forge_dates_it_earlier():
    """Forge's first Theros file says Effective:2013-09-23, four days before the set came
    out; the format starts on the release, and that profile applies from it."""
    fmt = formats.load("mtg-theros-block")
    assert fmt.started["date"] == "2013-09-27"
    assert fmt.profiles[0]["from"] == "2013-09-23"
    with pytest.raises(UsageError):
        check_text(THEROS, "mtg-theros-block", "2013-09-26")
    result, errors = _errors(THEROS, "mtg-theros-block", "2013-09-27")
    assert errors == [("MTG201", "Brimaz, King of Oreskos")]       # Born of the Gods: later
    assert result.stats["profile"] == "2013-09-23"


# ---------------------------------------------------------------------------------------
# the data of every block format


@pytest.fixture(scope="module")
def card_sets() -> dict[str, str]:
    from deckcheck.api import prepare_game
    from deckcheck.games.mtg.model import set_table

    table = set_table(prepare_game("mtg", None)[1])
    return {code: str(row.get("released"))[:10] for code, row in table.codes.items()}


@pytest.mark.parametrize("fid", BLOCKS)
def test_each_block_starts_with_its_first_set_and_names_only_known_sets(fid, card_sets):
    fmt = formats.load(fid)
    profiles = fmt.profiles
    assert profiles, fid
    codes = {c for p in profiles for c in p["sets"]}
    assert codes <= set(card_sets), codes - set(card_sets)
    assert fmt.started["date"] == min(card_sets[c] for c in codes), fid
    assert fmt.data["extends"] == "mtg-constructed"
    assert fmt.title.startswith("Magic: The Gathering — ") and fmt.title.endswith(" Block")
    froms = [p["from"] for p in profiles]
    assert froms == sorted(froms) and len(set(froms)) == len(froms)
    for prof, nxt in zip(profiles, profiles[1:]):
        assert prof["next_change"] == nxt["from"], (fid, prof["from"])
    for prof in profiles:
        assert prof["source"].startswith("Forge Archive/Block/"), prof["source"]
    assert profiles[-1].get("next_change") is None
    assert str(fmt.data["data_until"]) == froms[-1]


@pytest.mark.parametrize("fid", BLOCKS)
def test_every_banned_and_restricted_name_is_a_card(fid):
    from deckcheck.api import prepare_game

    db = prepare_game("mtg", None)[1]
    for prof in formats.load(fid).profiles:
        for name in list(prof.get("banned") or ()) + list(prof.get("restricted") or ()):
            assert db.find(name) is not None, (fid, prof["from"], name)


@pytest.mark.parametrize("fid", BLOCKS)
def test_formats_show_describes_each_block(fid):
    fmt = formats.load(fid)
    text = " ".join(describe_format(fmt).split())      # lines wrap to the terminal
    assert text.startswith(f"{fid}: {fmt.title}")
    assert f"began: {fmt.started['date']}" in text
    for prof in fmt.profiles:
        assert prof["from"] in text, (fid, prof["from"])


def test_the_listing_stays_within_80_columns(cli):
    r = cli("formats", "mtg", env=dict(os.environ, COLUMNS="80"))
    out = r.stdout.decode()
    assert r.returncode == 0, r.stderr.decode()
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80
    ids = [line.split()[0] for line in lines[2:] if line and not line.startswith(" ")]
    assert set(BLOCKS) <= set(ids)
    # a name wraps onto a second line at most
    assert len(lines) <= 2 + 2 * len(ids)
    r = cli("formats", "show", "mtg-kamigawa-block", env=dict(os.environ, COLUMNS="80"))
    assert r.returncode == 0 and "2005-06-20" in r.stdout.decode()


def test_block_names_in_chinese():
    """zh-Hans names a block by its first set's official Chinese name and 环境; zh-Hant by
    the card data's Traditional set name, else the English name."""
    deck = _one_card("4 Lightning Bolt", "Mountain")
    for fid, lang, word in (("mtg-innistrad-block", "zh-Hans", "依尼翠环境"),
                            ("mtg-innistrad-block", "zh-Hant", "依尼翠環境"),
                            ("mtg-khans-of-tarkir-block", "zh-Hant", "韃契可汗環境"),
                            ("mtg-ravnica-block", "zh-Hans", "拉尼卡公会城环境"),
                            ("mtg-ravnica-block", "zh-Hant", "Ravnica Block"),
                            ("mtg-tempest-block", "zh-Hans", "Tempest Block")):
        date = formats.load(fid).profiles[-1]["from"]
        result = check_text(deck, fid, date, lang=lang)
        texts = [f.message for f in result.findings if f.code == "MTG201"]
        assert texts and word in texts[0], (fid, lang, texts)
