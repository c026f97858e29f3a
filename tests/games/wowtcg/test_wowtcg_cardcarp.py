"""The CardCarp reader (``deckcheck/games/wowtcg/importing/cardcarp.py``), its committed facts
file, the last sets in the card data, CardCarp's formats and the suggestion floor."""

from __future__ import annotations

import pytest

from deckcheck.api import UsageError, check_text
from deckcheck.carddb.importers.common import DataError
from deckcheck.games.wowtcg import importer as wowtcg
from deckcheck.games.wowtcg.importing import cardcarp, cardcarp_merge
from deckcheck.models import Severity
from deckcheck.resources import data_dir

import yaml

from deckcheck.resources import shared_dir

OUT = data_dir("cards") / "wowtcg"
SHARED = shared_dir()


def load_yaml(path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))

ALLY = {"name": "Test Warden", "origin": "reign-of-fire-199", "category": ["Ally"],
        "cost": "3", "damage": 2, "health": 4, "combat": "Melee", "faction": "Horde",
        "rule": [{"type": "Ability", "text": "Tauren Hero Required. Protector"}],
        "temp": "Tauren Warrior"}


def test_ally_facts_from_fields_and_free_text():
    f = cardcarp.oracle_facts(ALLY, "x.yml")
    assert f["type"] == "Ally" and f["cost"] == 3 and (f["atk"], f["health"]) == (2, 4)
    assert f["faction_icons"] == ["Horde"] and f["ally_class"] == ["Warrior"]
    assert f["race"] == "Tauren" and f["atk_type"] == "Melee"
    assert f["hero_required"] == [{"kind": "race", "value": "Tauren"}]
    assert (f["set_id"], f["number"]) == ("reign-of-fire", "199") and "unknown" not in f


def test_monster_ally_has_class_icons_and_race():
    doc = dict(ALLY, faction=None, **{"class": ["Warlock"]}, temp="Imp Demon", rule=[])
    f = cardcarp.oracle_facts(doc, "x.yml")
    assert f["class_icons"] == ["Warlock"] and f["race"] == "Imp Demon"
    assert f["unknown"] == ["rules text"]          # no text: Hero Required etc. unknown
    naga = cardcarp.oracle_facts(dict(doc, temp="Naga Mage"), "x.yml")   # RoF 146
    assert naga["race"] == "Naga" and naga["ally_class"] == ["Mage"]


def test_talent_excludes_the_class_other_trees():
    doc = {"name": "T", "origin": "war-of-the-ancients-200", "category": ["Ability"],
           "class": ["Priest"], "cost": "1", "temp": "Holy",
           "rule": [{"type": "Ability", "text": "Holy Talent Attach to your hero."}]}
    f = cardcarp.oracle_facts(doc, "x.yml")
    assert f["talent_card"] == {"tree": "Holy", "excludes": ["Discipline", "Shadow"]}
    assert f["talents"] == ["Holy"]
    assert "instant" not in f
    instant = cardcarp.oracle_facts(dict(doc, rule=[], instant="Holy Talent Heal."), "x.yml")
    assert instant["instant"] is True and instant["talent_card"]["tree"] == "Holy"
    assert "instant" not in cardcarp.oracle_facts(dict(ALLY, instant="Protector"), "x.yml")


def test_master_hero_and_any_class_card():
    hero = {"name": "M", "origin": "war-of-the-ancients-001", "category": ["Hero"],
            "type": "Master", "cost": "10", "temp": "Stag Beast Demigod"}
    f = cardcarp.oracle_facts(hero, "x.yml")
    assert f["type"] == "Master Hero" and f["master_hero"] and f["race"] == "Stag Beast Demigod"
    relic = {"name": "R", "origin": "timewalkers-crafting-006", "category": ["Equipment"],
             "cost": "2", "class": list(cardcarp.CLASSES), "rule": [{"text": "x"}]}
    assert "class_icons" not in cardcarp.oracle_facts(relic, "x.yml")


def test_empty_oracle_is_a_placeholder_not_a_card():
    """CardCarp has oracles with a name and origin only (Johnny B. Goode, RoF 084)."""
    doc = {"name": "Johnny  B. Goode", "origin": "reign-of-fire-084", "layout": "Standard",
           "category": None, "trait": None, "rule": [], "errata": []}
    got = cardcarp.file_facts("data/oracle/standard/x/y/084-johnny-b-goode.yml", doc)
    assert got == {"kind": "placeholder", "facts": {"name": "Johnny B. Goode",
                                                    "set_id": "reign-of-fire", "number": "084"}}
    entry = {"path": "data/oracle/x/084-johnny-b-goode.yml", "commit": "0" * 40, **got}
    records: list = []
    report = cardcarp_merge.merge(records, [entry])
    assert records == [] and report["placeholders"] == [
        "Johnny B. Goode (data/oracle/x/084-johnny-b-goode.yml)"]


def test_dungeon_ability_is_a_dungeon_card():
    """RoF 010 Blood in the Water: ``type: Dungeon`` -> the raid pool, dungeon only (WOW119)."""
    doc = {"name": "Blood in the Water", "origin": "reign-of-fire-010", "category": ["Ability"],
           "type": "Dungeon", "rule": [{"type": "Ability", "text": "Attach to a Dungeon ally."}]}
    f = cardcarp.oracle_facts(doc, "x.yml")
    record = cardcarp_merge.new_record(f, "RoF")
    assert f["dungeon"] is True and record["pool"] == "raid" and record["dungeon_only"]
    assert "dungeon" not in cardcarp.oracle_facts(ALLY, "x.yml")
    dsm = {"id": "WOW-04632", "name": "Blood in the Water", "pool": "raid", "sets": ["DSM"],
           "printings": [{"set": "DSM", "number": "22"}], "cardcarp": None}
    entry = {"path": "data/oracle/x/010-blood-in-the-water.yml", "commit": "0" * 40,
             "kind": "oracle", "facts": f}
    records = [dsm]
    report = cardcarp_merge.merge(records, [entry])   # the same dungeon card, reprinted
    assert records == [dsm] and dsm["sets"] == ["DSM", "RoF"] and report["merged"] == {"RoF": 1}


def test_bad_records_are_refused():
    with pytest.raises(DataError, match="category"):
        cardcarp.oracle_facts(dict(ALLY, category=["Token"]), "x.yml")
    with pytest.raises(DataError, match="class"):
        cardcarp.oracle_facts(dict(ALLY, **{"class": ["Bard"]}), "x.yml")


def test_facts_file_has_provenance_and_no_text():
    entries = cardcarp.load_facts(OUT / cardcarp.FACTS_FILE)
    assert len(entries) >= 10
    texts = {str(v) for e in entries for v in e["facts"].values()}
    for e in entries:
        assert len(e["commit"]) == 40 and e["path"].startswith("data/")
        assert e["kind"] in ("oracle", "printing", "placeholder") and e["chars"] > 0
    assert not any("→" in t or "enters play" in t for t in texts)


def test_last_sets_are_known():
    cards = {r["name"]: r for r in load_yaml(OUT / "cards.yaml")["cards"]}
    malorne = cards["Malorne the White Stag"]
    assert malorne["id"] == "WOW-WotA-001" and malorne["type"] == "Master Hero"
    assert malorne.get("flip") is True
    burn = cards["Burn Away"]                      # a reprint keeps its (decktools) id
    assert "WotA" in burn["sets"] and burn["id"][4:].isdigit() and "HoA" in burn["sets"]
    assert cards["Alana the Hopebringer"]["sets"] == ["RoF"]
    sets = {s["code"] for s in load_yaml(OUT / "sets.yaml")["sets"]}
    assert {"WotA", "BotG", "RoF", "TWC"} <= sets


@pytest.mark.shared
@pytest.mark.skipif(SHARED is None, reason="../shared (public data sets) is absent")
def test_import_without_raw_files_reproduces_the_cards(tmp_path):
    """No gathered raw files: the committed facts give the same card files."""
    wowtcg.run(SHARED / "data" / "wowtcg", tmp_path, cardcarp_cache=None, tracker_cache=None)
    for name in ("cards.yaml", "sets.yaml", cardcarp.FACTS_FILE, "tracker-rarity.yaml"):
        assert (tmp_path / name).read_bytes() == (OUT / name).read_bytes(), name


def _deck(extra: str = "") -> str:
    names = ["Gifted Heal", "Mind Crush", "Power Word: Tenacity", "Redeeming Dispel",
             "Shadow Word: Devour", "Spirit Shield", "Focused Heal", "Glory to the Alliance!",
             "Strike", "Bolin Moonflare", "Archdruid Fandral Staghelm", "Alana the Hopebringer",
             "Ashenvale Acolyte", "Ashenvale Archer", "Disciple of the Light"]
    if extra:
        names[-1] = extra
    return "Hero: Tinker Priest Cassie\n" + "".join(f"4 {n}\n" for n in names)


def errors(result):
    return {(f.code, f.card) for f in result.findings if f.severity is Severity.ERROR}


@pytest.mark.parametrize("fmt", ["wowtcg-contemporary", "wowtcg-classic",
                                 "wowtcg-cardcarp-classic"])
def test_last_set_deck_is_legal(fmt):
    result = check_text(_deck(), fmt)
    assert result.legal and not errors(result), result.findings


def test_banned_cards():
    assert errors(check_text(_deck("Lord Kur'talos Ravencrest"), "wowtcg-contemporary")) == \
        {("DCK017", "Lord Kur'talos Ravencrest")}
    assert errors(check_text(_deck("Lord Kur'talos Ravencrest"), "wowtcg-classic")) == set()
    # CardCarp's classic bans: wowtcg-cardcarp-classic, not the CR 5.0 wowtcg-classic
    assert ("DCK017", "Aquatic Form") in errors(check_text(_deck("Aquatic Form"),
                                                           "wowtcg-cardcarp-classic"))
    assert ("DCK017", "Aquatic Form") not in errors(check_text(_deck("Aquatic Form"),
                                                               "wowtcg-classic"))


def test_contemporary_limits():
    one_more = _deck() + "1 Elune's Blessing\n"    # 61: main deck is exactly 60
    assert not check_text(one_more, "wowtcg-contemporary").legal
    assert check_text(one_more, "wowtcg-classic").legal


def test_core_2010_is_dated():
    deck = "Hero: Boris Brightbeard\n" + "4 Flash Heal\n" * 1
    assert check_text(deck, "wowtcg-core-2010", date="2010-06-01").error is None
    with pytest.raises(UsageError, match="earliest is 2010-05-01"):
        check_text(deck, "wowtcg-core-2010", date="2010-04-01")


def test_no_far_suggestions_for_malorne():
    """"Malorne" is offered the card whose name starts with it, never names scoring below
    threshold - suggestion_margin (Falcore, Nalonae: 71; "The More, the Scarier")."""
    result = check_text("Hero: Tinker Priest Cassie\n4 Malorne\n4 Xavius\n", "wowtcg-classic")
    msgs = {f.message for f in result.findings if f.code == "DCK002"}
    malorne = next(m for m in msgs if '"Malorne"' in m)
    assert "Malorne the White Stag" in malorne
    for far in ("Falcore", "Nalonae", "The More, the Scarier"):
        assert far not in malorne
    xavius = next(m for m in msgs if '"Xavius"' in m)
    assert "did you mean" not in xavius            # Aurius 67, Xuurvis 62: below 75


@pytest.mark.parametrize("fmt", ["wowtcg-contemporary", "wowtcg-cardcarp-classic"])
def test_cardcarp_formats_allow_one_master_hero_card(fmt):
    two = _deck("Malorne the White Stag").replace("4 Malorne the White Stag",
                                                    "2 Malorne the White Stag\n2 Strike")
    two = two.replace("4 Strike\n", "2 Strike\n", 1)
    assert "WOW116" in {c for c, _ in errors(check_text(two, fmt))}
    one = two.replace("2 Malorne the White Stag", "1 Malorne the White Stag") + "1 Strike\n"
    assert "WOW116" not in {c for c, _ in errors(check_text(one, fmt))}


#: cards of the gathered Reign of Fire and Betrayal of the Guardian files (monster allies,
#: any-class equipment, neutral quests), legal beside a Priest hero
GATHERED_DECK = {"Necromancer": "WOW-RoF-147", "Thunder Hawk": "WOW-RoF-157",
                 "Void Brute": "WOW-RoF-160", "Felguard Basher": "WOW-RoF-134",
                 "Fel Imp": "WOW-RoF-133", "Frostwolf": "WOW-BotG-142",
                 "Highland Lion": "WOW-BotG-146", "Spawn of Hyakiss": "WOW-BotG-158",
                 "Voidshrieker": "WOW-BotG-163", "Health Stone": "WOW-RoF-177",
                 "Ring of Protection": "WOW-RoF-179", "Glyph of Omniscience": "WOW-RoF-175",
                 "Amulet of Spell Shield": "WOW-RoF-173",
                 "The Invasion of Kalimdor": "WOW-RoF-191", "The Black Morass": "WOW-BotG-194"}


@pytest.mark.parametrize("fmt", ["wowtcg-contemporary", "wowtcg-classic",
                                 "wowtcg-cardcarp-classic"])
def test_deck_of_gathered_cards_resolves_and_is_legal(fmt):
    deck = "Hero: Tinker Priest Cassie\n" + "".join(f"4 {n}\n" for n in GATHERED_DECK)
    result = check_text(deck, fmt)
    assert result.legal and not result.findings, result.findings
    cards = {r["name"]: r for r in load_yaml(OUT / "cards.yaml")["cards"]}
    for name, card_id in GATHERED_DECK.items():
        assert cards[name]["id"] == card_id and card_id.split("-")[1] in cards[name]["sets"]


def test_new_raw_files_add_to_the_committed_facts(tmp_path):
    """A raw file gathered later is read beside the committed facts: both are kept, and a raw
    file of a path the facts already have replaces that entry (not duplicated)."""
    committed = cardcarp.load_facts(OUT / cardcarp.FACTS_FILE)
    old = next(e for e in committed if e["kind"] == "oracle")
    new_path = "data/oracle/standard/07-timewalker/03-reign-of-fire/199-test-warden.yml"
    raw = {new_path: ALLY, old["path"]: {**ALLY, "name": old["facts"]["name"],
                                         "origin": f"{old['facts']['set_id']}-"
                                                   f"{old['facts']['number']}"}}
    lines = ["path\tcommit\tchars\tread_from"]
    for rel, doc in raw.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        text = yaml.safe_dump(doc)
        (tmp_path / rel).write_text(text, encoding="utf-8")
        lines.append(f"{rel}\t{'a' * 40}\t{len(text)}\t")
    (tmp_path / "READ.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    entries = cardcarp.combined_entries(None, tmp_path, committed)
    paths = [e["path"] for e in entries]
    assert len(paths) == len(set(paths)) == len(committed) + 1
    by_path = {e["path"]: e for e in entries}
    assert by_path[new_path]["facts"]["name"] == "Test Warden"
    assert by_path[old["path"]]["commit"] == "a" * 40      # the raw file won
    assert {e["path"] for e in committed} <= set(paths)
