"""Commander's banned list by date (formats/mtg/mtg-commander.yaml, transcribed in
forge_formats.yaml): through the real checker on the generated data, a card banned on a day
is legal the day before and illegal on it, an unban the reverse, and the cards banned only
as a commander (until 2014-09-12) are refused in the command zone alone. The formats that
extend Commander keep their own lists. The comparisons with Forge's and MTGJSON's lists
need ../shared and skip without it."""

from __future__ import annotations

import json
import re

import pytest
import yaml

from conftest import ROOT, SHARED
from deckcheck.api import check_text
from dated_checks import day_before
from deckcheck.formats import load
from deckcheck.games.mtg.model import listed_names

FORMATS = ROOT / "formats" / "mtg"
FORGE_LIST = (SHARED / "data/mtg/forge/forge-gui/res/formats/Casual/Commander.txt"
              if SHARED else None)
MTGJSON_LIST = (SHARED / "data/mtg/mtgjson3-all/cron/previous_banned_commander_cards.json"
                if SHARED else None)
#: a five-colour legendary creature of 2008: every card below is inside its colour identity
COMMANDER = "Child of Alara"


def _deck(card: str, *, lead: str | None = None) -> str:
    """A 100-card Commander deck: ``card`` in the main deck under Child of Alara, or (with
    ``lead``, a basic land of its colour) as the commander itself, and basic lands."""
    if lead:
        return f"Commander\n1 {card}\nDeck\n1 Sol Ring\n98 {lead}\n"
    return f"Commander\n1 {COMMANDER}\nDeck\n1 {card}\n98 Plains\n"



def _errors(deck: str, date: str):
    result = check_text(deck, "mtg-commander", date)
    assert result.error is None, result.error
    return result, [(f.code, f.card, f.message) for f in result.findings
                    if f.severity.name == "ERROR"]


# (card, the day of the change, the card is allowed from that day on)
CHANGES = [
    ("Shahrazad", "2011-09-19", False),                 # its exemption removed
    ("Lion's Eye Diamond", "2011-09-19", True),
    ("Griselbrand", "2012-06-20", False),
    ("Sundering Titan", "2012-06-20", False),
    ("Primeval Titan", "2012-09-20", False),
    ("Worldfire", "2012-09-20", False),
    ("Kokusho, the Evening Star", "2012-09-20", True),  # in the deck; not as commander
    ("Trade Secrets", "2013-04-22", False),
    ("Staff of Domination", "2013-04-22", True),
    ("Sylvan Primordial", "2014-02-03", False),
    ("Braids, Cabal Minion", "2014-09-12", False),      # banned as commander before
    ("Metalworker", "2014-09-12", True),
    ("Prophet of Kruphix", "2016-01-18", False),
    ("Leovold, Emissary of Trest", "2017-04-24", False),
    ("Protean Hulk", "2017-04-24", True),
    ("Paradox Engine", "2019-07-08", False),
    ("Iona, Shield of Emeria", "2019-07-08", False),
    ("Painter's Servant", "2019-07-08", True),
    ("Flash", "2020-04-20", False),
    ("Invoke Prejudice", "2020-06-10", False),
    ("Hullbreacher", "2021-07-12", False),
    ("Golos, Tireless Pilgrim", "2021-09-13", False),
    ("Worldfire", "2021-09-13", True),
    ("Mana Crypt", "2024-09-23", False),
    ("Dockside Extortionist", "2024-09-23", False),
    ("Jeweled Lotus", "2024-09-23", False),
    ("Nadu, Winged Wisdom", "2024-09-23", False),
    ("Gifts Ungiven", "2025-04-22", True),
    ("Braids, Cabal Minion", "2025-04-22", True),
    ("Biorhythm", "2026-02-09", True),
    ("Lutri, the Spellchaser", "2026-02-09", True),
]


@pytest.mark.parametrize("card,day,allowed_after", CHANGES,
                         ids=[f"{c[1]}-{c[0]}" for c in CHANGES])
def test_a_change_takes_effect_on_its_day(card, day, allowed_after):
    deck = _deck(card)
    before, found_before = _errors(deck, day_before(day))
    after, found_after = _errors(deck, day)
    barred, free = (found_before, found_after) if allowed_after else (found_after, found_before)
    assert [(code, name) for code, name, _ in barred] == [("MTG202", card)], barred
    assert "is banned in" in barred[0][2], barred
    assert free == [], free
    assert after.stats["profile"] == day
    assert before.stats["profile"] < day


def test_a_2013_deck_is_not_refused_for_a_2024_ban():
    """The issue's case: before the dated list, Mana Crypt was refused on every date."""
    _, found = _errors(_deck("Mana Crypt"), "2013-06-01")
    assert found == []
    _, found = _errors(_deck("Mana Crypt"), "2025-01-01")
    assert [(c, n) for c, n, _ in found] == [("MTG202", "Mana Crypt")]


# (card, a basic land of its colour, the first day it may not lead a deck, the day that
# ends: it is banned outright or legal again); from the start, Braids and Rofellos
AS_COMMANDER = [
    ("Braids, Cabal Minion", "Swamp", "2011-06-17", "2014-09-12"),
    ("Rofellos, Llanowar Emissary", "Forest", "2011-06-17", "2014-09-12"),
    ("Erayo, Soratami Ascendant", "Island", "2011-09-19", "2014-09-12"),
    ("Kokusho, the Evening Star", "Swamp", "2012-09-20", "2014-09-12"),
]


@pytest.mark.parametrize("card,basic,first,end", AS_COMMANDER, ids=[c[0] for c in AS_COMMANDER])
def test_banned_as_commander_only_in_the_command_zone(card, basic, first, end):
    last = day_before(end)
    _, led = _errors(_deck(card, lead=basic), last)
    assert [(c, n) for c, n, _ in led] == [("MTG202", card)], led
    assert "may not be your commander" in led[0][2]
    _, played = _errors(_deck(card), last)
    assert played == []
    if first > "2011-06-17":        # the day before it was listed: legal, or banned outright
        day = day_before(first)
        _, led = _errors(_deck(card, lead=basic), day)
        banned = card in load("mtg-commander").for_date(day).get("banned")
        assert [(c, n) for c, n, _ in led] == ([("MTG202", card)] if banned else [])
        assert not led or "is banned in" in led[0][2]
    _, led = _errors(_deck(card, lead=basic), end)
    # from 2014-09-12 the card is banned outright or (Kokusho) legal everywhere
    banned = card in load("mtg-commander").for_date(end).get("banned")
    assert [(c, n) for c, n, _ in led] == ([("MTG202", card)] if banned else [])
    assert not led or "is banned in" in led[0][2]


def test_commander_profiles_follow_the_format_start_and_data_end():
    fmt = load("mtg-commander")
    days = [p["from"] for p in fmt.profiles]
    assert days == sorted(days) and len(set(days)) == len(days)
    assert days[0] == fmt.started["date"]
    assert fmt.data["data_until"] == days[-1]
    for prof in fmt.profiles:
        assert prof["source"], prof["from"]
        assert prof["restricted"] == []
    for a, b in zip(fmt.profiles, fmt.profiles[1:]):
        assert a["next_change"] == b["from"]
        assert (set(a["banned"]), set(a.get("banned_as_commander") or ())) != \
            (set(b["banned"]), set(b.get("banned_as_commander") or ())), b["from"]


def test_formats_show_names_the_profile_of_the_date(cli):
    res = cli("formats", "show", "mtg-commander", "--date", "2015-01-01")
    assert res.returncode == 0, res.stderr
    out = res.stdout.decode()
    line = next(ln for ln in out.splitlines() if ln.startswith("In force on"))
    assert line.startswith("In force on 2015-01-01: 2014-09-12")
    assert "; legal in the main deck):" not in out
    res = cli("formats", "show", "mtg-commander", "--date", "2012-01-01")
    assert "Banned as commander (2011-09-19; legal in the main deck): Braids, Cabal Minion, " \
        "Erayo, Soratami Ascendant, Rofellos, Llanowar Emissary" in " ".join(res.stdout.decode().split())


# --------------------------------------------------------------------- the extending formats

EXTENDING = ("mtg-brawl", "mtg-oathbreaker", "mtg-duel-commander", "mtg-pauper-commander")


@pytest.mark.parametrize("fid", EXTENDING)
def test_extending_formats_keep_their_own_lists(fid):
    """Each still loads, takes Commander's deck rules, and checks its own list on every
    date: not Commander's profiles, whose lists would replace it."""
    own = yaml.safe_load((FORMATS / f"{fid}.yaml").read_text("utf-8"))
    fmt = load(fid)
    assert own["extends"] == "mtg-commander"
    assert fmt.get("singleton") is True and fmt.get("color_identity") is True
    commander_days = {p["from"] for p in load("mtg-commander").profiles}
    assert [p["from"] for p in fmt.profiles] == [str(p["from"]) for p in own.get("profiles", [])]
    assert not commander_days & {p["from"] for p in fmt.profiles}
    assert fmt.data.get("data_until") == (str(own["data_until"]) if own.get("data_until")
                                          else None)
    expected = set(own.get("banned") or ())
    if own.get("profiles"):
        expected |= set(own["profiles"][-1]["banned"])
    for day in (None, "2013-06-01", "2024-09-23"):
        if day and fmt.started and day < fmt.started["date"]:
            continue
        assert set(listed_names(fmt.for_date(day), "banned")) == expected, (fid, day)


def test_a_commander_card_banned_only_in_commander_is_legal_in_oathbreaker():
    """Nadu is banned in Commander from 2024-09-23; Oathbreaker's own list is Forge's."""
    assert "Nadu, Winged Wisdom" not in load("mtg-oathbreaker").get("banned")
    deck = "Commander\n1 Nadu, Winged Wisdom\nDeck\n1 Sol Ring\n98 Forest\n"
    r = check_text(deck, "mtg-commander", "2024-09-23")
    assert "MTG202" in {f.code for f in r.findings}
    r = check_text("Commander\n1 Chandra, Torch of Defiance\n1 Lightning Bolt\nDeck\n"
                   "1 Nadu, Winged Wisdom\n57 Mountain\n", "mtg-oathbreaker", "2024-09-23")
    assert "MTG202" not in {f.code for f in r.findings}, r.findings


def test_a_variant_without_lists_takes_the_dated_profiles(tmp_path):
    """A format that extends Commander for another deck shape and gives no list of its own
    takes Commander's dated lists; one with its own banned list does not."""
    folder = tmp_path / "mtg"
    folder.mkdir()
    (folder / "test-cmdr-shape.yaml").write_text(
        "id: test-cmdr-shape\ngame: mtg\nextends: mtg-commander\n"
        "total: {zones: [commander, main], exact: 60}\n", encoding="utf-8")
    (folder / "test-cmdr-own.yaml").write_text(
        "id: test-cmdr-own\ngame: mtg\nextends: mtg-commander\nbanned: [Sol Ring]\n",
        encoding="utf-8")
    shape = load("test-cmdr-shape", [tmp_path])
    assert [p["from"] for p in shape.profiles] == [p["from"] for p in load("mtg-commander").profiles]
    assert "Mana Crypt" in listed_names(shape.for_date("2024-09-23"), "banned")
    own = load("test-cmdr-own", [tmp_path])
    assert own.profiles == [] and own.data.get("data_until") is None
    assert listed_names(own.for_date("2024-09-23"), "banned") == ["Sol Ring"]


# --------------------------------------------------------------- the sources in ../shared

needs_lists = pytest.mark.skipif(
    FORGE_LIST is None or not FORGE_LIST.is_file() or not MTGJSON_LIST.is_file(),
    reason="../shared/data/mtg (Forge's Casual/Commander.txt, MTGJSON's Commander list) is absent")


def _forge_names() -> set[str]:
    from deckcheck.games.mtg.importing.forge_formats import DATA_FILE, parse_forge_file

    fixes = yaml.safe_load(DATA_FILE.read_text("utf-8")).get("name_fixes") or {}
    return {fixes.get(n, n) for n in parse_forge_file(FORGE_LIST)["Banned"]}


def _profile(day: str) -> set[str]:
    return set(load("mtg-commander").for_date(day).get("banned"))


@needs_lists
def test_the_2017_profile_is_forges_list():
    """Forge's undated Casual/Commander.txt is the list from 2017-04-24 (Leovold banned,
    Protean Hulk unbanned) to 2019-07-07 (Paradox Engine and Iona banned next day)."""
    forge = _forge_names()
    assert _profile("2017-04-24") == forge
    assert _profile("2019-07-07") == forge
    assert _profile("2017-04-23") != forge and _profile("2019-07-08") != forge


@needs_lists
def test_the_2014_profile_is_mtgjsons_list_with_forges_later_categories():
    """MTGJSON's list (2014-09-12 to 2016-01-17) and Forge's (2017-04-24) differ by the two
    changes between them and by the Conspiracy and Un cards MTGJSON's list predates, which
    the profiles ban from the start."""
    mtgjson = set(json.loads(MTGJSON_LIST.read_text("utf-8")))
    forge = _forge_names()
    between = {"Prophet of Kruphix", "Leovold, Emissary of Trest"}     # banned 2016, 2017
    categories = forge - mtgjson - between
    assert categories and not categories & mtgjson
    assert _profile("2014-09-12") == mtgjson | categories
    assert _profile("2016-01-17") == mtgjson | categories
    assert _profile("2011-06-17") >= categories          # banned from the start
    assert "Protean Hulk" in mtgjson and "Protean Hulk" not in forge   # unbanned 2017


@needs_lists
def test_forges_list_is_kept_as_withheld():
    data = yaml.safe_load((FORMATS / "mtg-commander.yaml").read_text("utf-8"))
    held = data["withheld"]["profiles"]
    assert [set(h["banned"]) for h in held] == [_forge_names()]
    assert re.search(r"Card-Forge/forge [0-9a-f]{7}", held[0]["source"])
