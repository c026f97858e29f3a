"""Mage Knight end to end: heroes' starting decks, deed snapshots, examples, sample lists.

The rule-by-rule cases are in ``tests/cases/MKN*.yaml``; this file checks the behaviour of
issue 6 over every hero of the card data, the hand-written examples, the report statistics,
the Chinese headers and the CLI.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from deckcheck import carddb
from deckcheck.api import check_text
from deckcheck.games.base import load_game
from deckcheck.games.mageknight.model import covers, heroes, parse_expansions
from deckcheck.models import Severity

from conftest import ROOT, run_cli

EXAMPLES = ROOT / "examples" / "mageknight"
GAME = load_game("mageknight")
DB = carddb.load("mageknight", GAME.match_params)
TABLE = heroes(DB)
HERO_NAMES = TABLE.names
BASE_HEROES = [h.name for h in TABLE.heroes.values() if h.base_deck is not None]


def codes(result, severity: Severity | None = None) -> set[str]:
    return {f.code for f in result.findings if severity is None or f.severity is severity}


def errors(result) -> set[str]:
    return codes(result, Severity.ERROR)


def deck_text(fmt: str, hero: str, deck: dict[str, int], expansions: str | None,
              extra: str = "", head: str = "") -> str:
    lines = [f"Format: {fmt}", f"Hero: {hero}", head.rstrip("\n")]
    if expansions is not None:
        lines.append(f"Expansions: {expansions}")
    lines += ["", "Deck:"] + [f"{n} {name}" for name, n in deck.items()]
    return "\n".join(x for x in lines if x is not None) + "\n" + extra


def full_deck(hero: str) -> dict[str, int]:
    return TABLE.find(hero).deck


def own_expansion(hero: str) -> str:
    h = TABLE.find(hero)
    return h.needs[0] if h.needs else "lost-legion"


# --------------------------------------------------------------------------- the hero table

def test_all_seven_heroes_are_supported():
    assert HERO_NAMES == ["Arythea", "Braevalar", "Goldyx", "Krang", "Norowas", "Tovak",
                          "Wolfhawk"]
    assert sorted(BASE_HEROES) == ["Arythea", "Goldyx", "Norowas", "Tovak"]


@pytest.mark.parametrize("hero", HERO_NAMES)
def test_every_starting_deck_has_16_cards_of_the_data(hero):
    h = TABLE.find(hero)
    for deck in filter(None, (h.deck, h.base_deck)):
        assert sum(deck.values()) == 16
        for name in deck:
            assert DB.find(name) is not None, name


def test_parse_expansions():
    assert parse_expansions("Lost Legion, krang") == (["lost-legion", "krang"], [])
    assert parse_expansions("ultimate edition") == (["ultimate"], [])
    assert parse_expansions("base") == ([], [])
    assert parse_expansions("lost-legion shades-of-tezla") == \
        (["lost-legion", "shades-of-tezla"], [])
    assert parse_expansions("apocalypse, ll") == (["lost-legion"], ["apocalypse"])
    assert covers(["ultimate"]) >= {"lost-legion", "krang", "shades-of-tezla", "ultimate", "base"}


# --------------------------------------------------------------------------- issue 6 behaviour

@pytest.mark.parametrize("fmt", ["mageknight-starting", "mageknight-deed"])
@pytest.mark.parametrize("hero", HERO_NAMES)
def test_every_starting_deck_is_legal(hero, fmt):
    """§10.1-2: declared with the hero's expansion, with ultimate and with none (inferred)."""
    for expansions in (own_expansion(hero), "ultimate", None):
        result = check_text(deck_text(fmt, hero, full_deck(hero), expansions), fmt)
        assert result.legal, (expansions, [f.message for f in result.findings])
        assert not codes(result, Severity.WARNING), [f.message for f in result.findings]


@pytest.mark.parametrize("fmt", ["mageknight-starting", "mageknight-deed"])
@pytest.mark.parametrize("hero", BASE_HEROES)
def test_base_game_decks_are_legal(hero, fmt):
    """§10.3: card 1 only, no Expansions: line -> the base game, nothing inferred."""
    result = check_text(deck_text(fmt, hero, TABLE.find(hero).base_deck, None), fmt)
    assert result.legal and not codes(result, Severity.WARNING)
    assert result.stats["expansions"] == [] and result.stats["expansions_inferred"] is True


@pytest.mark.parametrize("hero,inferred", [
    ("Arythea", ["lost-legion"]), ("Goldyx", ["lost-legion"]), ("Norowas", ["lost-legion"]),
    ("Tovak", ["lost-legion"]), ("Wolfhawk", ["lost-legion"]), ("Krang", ["krang"]),
    ("Braevalar", ["shades-of-tezla"])])
def test_inferred_expansions_are_reported(hero, inferred):
    result = check_text(deck_text("mageknight-starting", hero, full_deck(hero), None))
    assert result.stats["expansions"] == inferred
    assert result.stats["expansions_inferred"] is True
    infos = [f for f in result.findings if f.code in ("MKN103", "MKN205")]
    assert len(infos) == 1 and infos[0].severity is Severity.INFO
    assert f"{inferred[0]} was inferred" in infos[0].message
    assert result.stats["starting_match"] == {"hero": hero, "expansions": inferred}


@pytest.mark.parametrize("hero", HERO_NAMES)
def test_another_heros_unique_card_is_an_error(hero):
    other = next(h for h in TABLE.heroes.values() if h.name != hero)
    deck = dict(full_deck(hero))
    deck[other.card1["name"]] = 1
    deed = check_text(deck_text("mageknight-deed", hero, deck, "ultimate"))
    assert "MKN203" in errors(deed)
    finding = next(f for f in deed.findings if f.code == "MKN203")
    assert finding.card == other.card1["name"] and hero in finding.message \
        and f"it is {other.name}'s" in finding.message
    start = check_text(deck_text("mageknight-starting", hero, deck, "ultimate"))
    assert {"MKN111", "MKN112"} <= errors(start)


@pytest.mark.parametrize("hero", HERO_NAMES)
def test_a_17th_basic_card_is_an_error(hero):
    deck = dict(full_deck(hero))
    first = next(iter(deck))
    deck[first] += 1
    deed = check_text(deck_text("mageknight-deed", hero, deck, "ultimate"))
    f = next(f for f in deed.findings if f.code == "MKN204")
    assert f.severity is Severity.ERROR and f.card == first
    assert (f.expected, f.actual) == (deck[first] - 1, deck[first])
    assert hero in f.message and str(deck[first]) in f.message
    start = check_text(deck_text("mageknight-starting", hero, deck, "ultimate"))
    assert "MKN111" in errors(start)


@pytest.mark.parametrize("hero", HERO_NAMES)
def test_two_copies_of_one_spell_and_a_unit_are_errors(hero):
    text = deck_text("mageknight-deed", hero, full_deck(hero), "ultimate",
                     extra="1 Fireball\nHand:\n1 Firestorm\n")
    result = check_text(text)
    f = next(f for f in result.findings if f.code == "MKN202")
    assert f.severity is Severity.ERROR and (f.card, f.actual) == ("Fireball", 2)
    unit = check_text(deck_text("mageknight-deed", hero, full_deck(hero), "ultimate",
                                extra="1 Peasants\n"))
    assert "MKN201" in errors(unit)


@pytest.mark.parametrize("hero", HERO_NAMES)
def test_ten_wounds_are_legal(hero):
    result = check_text(deck_text("mageknight-deed", hero, full_deck(hero), "ultimate",
                                  extra="10 Wound\n"))
    assert result.legal, [f.message for f in result.findings]
    assert result.stats["by_kind"]["wound"] == 10


def test_thrown_away_cards_are_fine_in_a_snapshot():
    """MK-R8: nothing is required to be present in mageknight-deed."""
    result = check_text("Format: mageknight-deed\nHero: Tovak\nDeck:\n1 Rage\n")
    assert result.legal and not codes(result, Severity.WARNING)


# --------------------------------------------------------------------------- statistics, report

def test_goldyx_snapshot_statistics():
    """§10.10: the §8 snapshot is legal; its stats are those of §9."""
    result = check_text((EXAMPLES / "legal" / "deed-goldyx.txt").read_text(encoding="utf-8"))
    assert result.legal
    assert result.stats == {
        "hero": "Goldyx", "expansions": ["ultimate"], "expansions_inferred": False,
        "deed_cards": 24, "hand": 1,
        "by_kind": {"basic_action": 14, "hero_action": 2, "advanced_action": 3, "spell": 1,
                    "artifact": 1, "wound": 3},
        "banners": 1, "fame": 17, "level": 4, "hand_limit": 5, "starting_match": None}
    assert "MKN207" in codes(result)


def test_starting_match_statistic():
    result = check_text((EXAMPLES / "legal" / "starting-tovak.txt").read_text(encoding="utf-8"))
    assert result.stats["starting_match"] == {"hero": "Tovak", "expansions": ["lost-legion"]}
    bad = check_text((EXAMPLES / "illegal" / "starting-tovak-data-replacement.txt")
                     .read_text(encoding="utf-8"))
    assert bad.stats["starting_match"] is None


def test_report_groups_the_deck_by_kind():
    result = check_text((EXAMPLES / "legal" / "deed-goldyx.txt").read_text(encoding="utf-8"))
    (title, headers, rows), = GAME.report_sections(result)
    assert "Goldyx" in title and headers == ["kind", "card", "copies"]
    kinds = [r[0] for r in rows]
    assert kinds.index("Basic Action") < kinds.index("Advanced Action") < kinds.index("Spell") \
        < kinds.index("Artifact") < kinds.index("Wound")
    assert ["Basic Action", "Rage", "2 of 2"] in rows
    assert ["Basic Action (hero card)", "Crystal Joy", "1 of 1"] in rows
    assert ["Unit (under Units, not counted)", "Peasants", 1] in rows


# --------------------------------------------------------------------------- names, languages

def test_chinese_headers_give_the_english_result():
    """§10.21: 英雄, 执行牌组, 手牌, 3 创伤卡."""
    body = ("2 Rage\n2 Swiftness\n2 March\n2 Stamina\n1 Tranquility\n1 Promise\n1 Threaten\n"
            "1 Crystallize\n1 Mana Draw\n1 Cold Toughness\n1 Instinct\n")
    english = check_text("Format: mageknight-deed\nHero: Tovak\nExpansions: lost-legion\n"
                         "Fame: 9\nDeck:\n" + body + "3 Wound\nHand:\n1 Concentration\n")
    chinese = check_text("赛制: mageknight-deed\n英雄：Tovak\n扩展: lost-legion\n荣誉: 9\n"
                         "执行牌组\n" + body + "3 创伤卡\n手牌\n1 Concentration\n")
    assert english.legal and chinese.legal
    assert chinese.stats == english.stats
    assert chinese.counts == english.counts == {"hero": 1, "deck": 18, "hand": 1}
    assert codes(chinese) - codes(english) == {"DCK007"}       # 创伤卡 read as Wound (info)


def test_crushing_blow_never_resolves_and_crystalize_does():
    """§10.20 and §7.2: the data's bogus name is unknown; an accepted misspelling is info."""
    result = check_text("Format: mageknight-deed\nHero: Tovak\nDeck:\n1 Crushing Blow\n"
                        "1 Crystalize\n")
    blow = next(e for e in result.deck.entries if e.name == "Crushing Blow")
    assert blow.card is None and blow.match in ("unknown", "ambiguous")
    assert {"DCK002", "DCK004"} & errors(result)
    crystal = next(e for e in result.deck.entries if e.name == "Crystalize")
    assert crystal.card.name == "Crystallize"
    f = next(f for f in result.findings if f.line == crystal.line)
    assert f.severity is Severity.INFO


@pytest.mark.parametrize("group", [
    ["Fire Bolt", "Ice Bolt", "Swift Bolt", "Crushing Bolt", "Mana Bolt", "Explosive Bolt"],
    ["Blood Rage", "Blood Ritual", "Battle Rage", "Rage"],
    ["Crystallize", "Crystal Joy", "Crystal Mastery"],
    ["Mana Draw", "Mana Pull", "Mana Storm", "Mana Claim"],
    ["Swiftness", "Swift Bolt", "Swift Reflexes"],
    ["Fireball", "Firestorm"]])
def test_near_collisions_resolve_to_themselves(group):
    for name in group:
        m = DB.index.match(name)
        assert m.card is not None and name in (m.card.name, m.label), (name, m)


def test_misspelt_hero_and_unknown_hero():
    fuzzy = check_text("Format: mageknight-deed\nHero: Braevaler\nDeck:\n1 Rage\n")
    assert fuzzy.stats["hero"] == "Braevalar" and "DCK003" in codes(fuzzy)
    unknown = check_text("Format: mageknight-deed\nHero: Zz\nDeck:\n1 Rage\n")
    f = next(f for f in unknown.findings if f.code == "MKN102")
    assert all(h in f.message for h in HERO_NAMES)
    assert "DCK002" not in codes(unknown)


@pytest.mark.parametrize("line,why", [("Fame: lots", "Fame must be a whole number"),
                                      ("Level: 11", "Level must be 1 to 10"),
                                      ("Players: 0", "Players must be at least 1"),
                                      ("Hand limit: -2", "Hand limit must be at least 0"),
                                      ("Keeps: 1.5", "Keeps must be a whole number")])
def test_bad_metadata_is_a_finding_with_its_line(line, why):
    result = check_text(f"Format: mageknight-deed\nHero: Tovak\n{line}\nDeck:\n1 Rage\n")
    f = next(f for f in result.findings if f.code == "DCK001")
    assert f.line == 3 and why in f.message


# --------------------------------------------------------------------------- examples and CLI

def _expected_code(path: Path) -> str | None:
    m = re.search(r"expect:\s*(MKN\d{3})", path.read_text(encoding="utf-8"))
    return m.group(1) if m else None


@pytest.mark.parametrize("path", sorted((EXAMPLES / "legal").glob("*.txt")), ids=lambda p: p.name)
def test_legal_examples(path):
    result = check_text(path.read_text(encoding="utf-8"), path=str(path))
    assert result.legal and not codes(result, Severity.WARNING), \
        [f.message for f in result.findings]


@pytest.mark.parametrize("path", sorted((EXAMPLES / "illegal").glob("*.txt")), ids=lambda p: p.name)
def test_illegal_examples(path):
    code = _expected_code(path)
    assert code, f"{path.name}: add a '# expect: MKNxxx' comment"
    result = check_text(path.read_text(encoding="utf-8"), path=str(path))
    assert not result.legal and code in errors(result), [f.message for f in result.findings]


def test_cli_checks_the_examples_folder():
    proc = run_cli("check", "examples/mageknight/", "--output-format", "json")
    assert proc.returncode == 1, proc.stderr          # the illegal examples
    data = json.loads(proc.stdout.decode("utf-8"))
    assert len(data["results"]) == len(list(EXAMPLES.glob("*/*.txt")))   # README.md skipped
    legal = {Path(r["path"]).name for r in data["results"] if r["legal"]}
    assert legal == {p.name for p in (EXAMPLES / "legal").glob("*.txt")}
    assert all(r["game"] == "mageknight" and "hero" in r["stats"] for r in data["results"])


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_cli_sample_is_a_checkable_legal_list(lang, tmp_path):
    proc = run_cli("sample", "mageknight-starting", "tovak", "--lang", lang)
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout.decode("utf-8")
    out = tmp_path / "tovak.txt"
    out.write_text(text, encoding="utf-8")
    assert ("英雄: Tovak" if lang != "en" else "Hero: Tovak") in text
    check = run_cli("check", str(out))
    assert check.returncode == 0, check.stdout + check.stderr
    assert "Cold Toughness" in text and "Instinct" in text


@pytest.mark.parametrize("who", HERO_NAMES + [f"{h.lower()}: base" for h in BASE_HEROES])
def test_sample_for_every_hero_is_legal(who):
    for fmt in ("mageknight-starting", "mageknight-deed"):
        result = check_text(GAME.sample(fmt, who, "en"))
        assert result.legal and not codes(result, Severity.WARNING)
        assert result.stats["hero"].lower() == who.split(":")[0].lower()


@pytest.mark.parametrize("who", [None, "volkare", "tovak: apocalypse", "wolfhawk: base"])
def test_sample_refuses_with_a_reason(who):
    with pytest.raises(LookupError) as exc:
        GAME.sample("mageknight-starting", who, "en")
    assert str(exc.value)


def test_cli_sample_unknown_hero_lists_the_heroes():
    proc = run_cli("sample", "mageknight-starting", "volkare")
    stderr = proc.stderr.decode("utf-8")
    assert proc.returncode == 2 and "Traceback" not in stderr
    assert all(h in stderr for h in HERO_NAMES)


def test_garbage_never_raises():
    for text in ("Format: mageknight-deed\n\x00\x01\n", "Format: mageknight-deed\nHero:\n",
                 "Format: mageknight-starting\nHero: Tovak\nExpansions:\n99999 Rage\n",
                 "Format: mageknight-deed\nHero: Tovak\nHero: Goldyx\nHand: 3 Rage\n",
                 "Format: mageknight-deed\n英雄: 托瓦克\n执行牌组\n1 火球\n"):
        result = check_text(text)
        assert result.error is None and not result.legal


def test_a_format_can_fix_the_expansions(tmp_path):
    """A format with ``expansions: [lost-legion]`` (instead of ``infer``) declares them."""
    from deckcheck.api import Options, check_source
    from deckcheck.config import Config
    from deckcheck.reading import SourceText

    folder = tmp_path / "formats" / "mageknight"
    folder.mkdir(parents=True)
    (folder / "test-mageknight-ll.yaml").write_text(
        "id: test-mageknight-ll\ngame: mageknight\nextends: mageknight-deed\n"
        "expansions: [lost-legion]\n", encoding="utf-8")
    opts = Options(format_id="test-mageknight-ll",
                   config=Config(root=tmp_path, formats_dirs=[tmp_path / "formats"]))

    def check(hero: str):
        text = deck_text("test-mageknight-ll", hero, full_deck(hero), None)
        return check_source(SourceText(path="x.txt", text=text, encoding="utf-8"), opts)

    wolfhawk = check("Wolfhawk")
    assert wolfhawk.error is None and wolfhawk.legal, wolfhawk.error or wolfhawk.findings
    assert wolfhawk.stats["expansions"] == ["lost-legion"]
    assert wolfhawk.stats["expansions_inferred"] is False
    assert "MKN103" in errors(check("Krang"))
