"""World of Warcraft TCG hero traits, "Hero Required" and the Deckbuilding predicates
(``deckcheck/games/wowtcg_traits.py``) on real cards of ``cards/wowtcg/``."""

from __future__ import annotations

import pytest

from deckcheck import carddb
from deckcheck.games.base import load_game
from deckcheck.games.wowtcg.traits import (Facts, Hero, UnknownAtom, check_clauses,
                                           clause_holds, describe_clause, judge, judge_card,
                                           printings, requirement_met, requirement_text,
                                           talent_trees)
from deckcheck.models import Card

GAME = load_game("wowtcg")
DB = carddb.load("wowtcg", GAME.match_params)


def card(name: str) -> Card:
    found = DB.find(name)
    assert found is not None, name
    return found


def hero(name: str) -> Hero:
    return Hero.of(card(name))


def facts(name: str) -> Facts:
    return printings(card(name))[0]


def failures(hero_name: str, card_name: str) -> set[str]:
    chosen, _ = judge_card(hero(hero_name), card(card_name))
    return set(chosen.failures)


def test_hero_traits_text():
    assert hero("Boris Brightbeard").traits_text() == \
        "Alliance · Priest (Holy) · Dwarf · Enchanting/Tailoring"
    assert hero("General Lightsbane").traits_text() == \
        "Neutral · Death Knight (Frost) · Human · Scourge"
    assert hero("Xia, Queen of Suffering").classes_text() == "classless"
    assert hero("Mogdar the Frozenheart").classes == ("Death Knight", "Shaman")


@pytest.mark.parametrize("hero_name, alt, met", [
    ("Boris Brightbeard", {"kind": "race", "value": "Dwarf"}, True),
    ("Boris Brightbeard", {"kind": "race", "value": "Gnome"}, False),
    ("Obliveron", {"kind": "race", "value": "Demon"}, True),          # Pit Lord Demon (R16)
    ("Boris Brightbeard", {"kind": "talent", "value": "Holy"}, True),
    ("Fama'sin the Lifeseer", {"kind": "talent", "value": "Balance"}, False),  # no talent
    ("Boris Brightbeard", {"kind": "profession", "value": "Tailoring"}, True),
    ("Boris Brightbeard", {"kind": "faction", "value": "Horde"}, False),
    ("Boris Brightbeard", {"kind": "class", "value": "Priest"}, True),
    ("Boris Brightbeard", {"kind": "flag", "value": "Loyal"}, True),
    ("Bloodtusk", {"kind": "flag", "value": "Loyal"}, False),          # a Traitor hero
    ("Bloodtusk", {"kind": "flag", "value": "Traitor"}, True),
    ("General Lightsbane", {"kind": "flag", "value": "Scourge"}, True),
    ("Hogger", {"kind": "flag", "value": "Monster"}, True),
])
def test_requirement_met(hero_name, alt, met):
    assert requirement_met(hero(hero_name), alt) is met


def test_requirement_text():
    assert requirement_text(card("Kel'Thuzad").get("hero_required")) == \
        "Hunter, Mage, Rogue, Warlock or Warrior"
    assert requirement_text([{"kind": "flag", "value": "Loyal"}]) == "Loyal (not Traitor)"


def test_atoms_on_real_cards():
    assert clause_holds({"type": "Ability"}, facts("Nature Resistance Totem"))  # Ability Ally
    assert clause_holds({"type": "Ally"}, facts("Nature Resistance Totem"))
    assert clause_holds({"type": "Quest", "neutral": True}, facts("A Donation of Wool"))
    assert not clause_holds({"neutral": True}, facts("Kryton Barleybeard"))
    assert clause_holds({"faction_icon": "any"}, facts("Grunt Baranka"))
    assert clause_holds({"class_icon": "Mage"}, facts("Fireball"))
    assert not clause_holds({"class_icon": "any"}, facts("Vanquish"))
    assert clause_holds({"type": "Ally", "ally_class": "Warlock"}, facts("Kena Shadowbrand"))
    assert clause_holds({"type": "Ally", "ally_race": "Demon"}, facts("Sarmoth"))
    assert clause_holds({"weapon": "Melee"}, facts("Branch of Nordrassil"))
    assert clause_holds({"type": "Ability", "deals_damage": "fire"}, facts("Fireball"))
    assert clause_holds({"type": "Ally", "atk_type": "Shadow"}, facts("Kena Shadowbrand"))
    assert clause_holds({"reputation": "Aldor"}, facts("Vindicator Kaldel"))
    assert clause_holds({"tag": "Scourge"}, facts("Crypt Fiend"))


def test_talent_cards():
    assert talent_trees(facts("Arcane Barrage")) == {"Arcane"}        # bold "Arcane Talent"
    assert talent_trees(facts("Arcane Power")) == {"Arcane"}          # tagged Talent (R17.2)
    assert talent_trees(facts("Arcane Burst")) == set()               # Arcane, not a Talent
    assert clause_holds({"talent_card": "any"}, facts("Nature's Reach"))
    assert clause_holds({"talent_card": {"class": "Mage", "tree": "Arcane"}},
                        facts("Arcane Barrage"))
    assert not clause_holds({"talent_card": {"class": "Druid", "tree": "Arcane"}},
                            facts("Arcane Barrage"))


def test_restrictions_with_exceptions():
    rep = {"has_reputation": True, "except": [{"kind": "reputation", "value": "Aldor"}]}
    assert not clause_holds(rep, facts("Vindicator Kaldel"))
    assert clause_holds(rep, facts("Arcanist Renaan"))
    text = {"text_restriction": True, "except": [{"kind": "flag", "value": "Scourge"}]}
    assert not clause_holds(text, facts("Crypt Fiend"))               # Scourge Hero Required
    assert clause_holds(text, facts("Dimzer the Prestidigitator"))    # Gnome Hero Required
    assert not clause_holds(text, facts("Vanquish"))
    assert clause_holds({"text_restriction": True}, facts("Arcane Barrage"))  # Talent card


def test_unknown_atom_is_never_guessed():
    with pytest.raises(UnknownAtom):
        clause_holds({"mentions_dragons": True}, facts("Vanquish"))
    with pytest.raises(UnknownAtom):
        check_clauses({"allow_only": [{"type": "Quest"}], "forbid": [{"colour": "red"}]})


def test_every_deckbuilding_hero_is_evaluable():
    heroes = [c for c in DB.cards if c.get("type") == "Hero" and c.get("deckbuilding")
              and c.get("pool") == "constructed"]
    assert len(heroes) == 35
    sample = [facts(n) for n in ("Vanquish", "Grunt Baranka", "Fireball", "Crypt Fiend",
                                 "Arcane Barrage", "A Donation of Wool", "Vindicator Kaldel")]
    for c in heroes:
        check_clauses(c.get("deckbuilding"))
        h = Hero.of(c)
        for f in sample:
            judge(h, f)                                   # never raises


DECKBUILDING_HEROES = (   # wowtcg.md §4.5 (D4)
    "Hogger", "Elderlimb", "Murkdeep", "Arisella, Daughter of Cenarius", "Tyrus Blackhorn",
    "Warlord Grok'thol", "Grglmrgl", "Lady Sira'kess", "Rawrbrgle", "Deathbringer Kor'ush",
    "Iso'rath", "Mogdar the Frozenheart", "Mistress Nesala", "Jasani, Shrine Keeper",
    "High Guardian Malosun", "Augh", "Mother Misery", "Obliveron", "Imp Lord Pinprik",
    "Xia, Queen of Suffering", "Arch Druid Lilliandra", "Argent Confessor Paletress",
    "Eadric the Pure", "Rimblat Earthshatter", "Dalronn The Controller", "General Lightsbane",
    "Overseer Savryn", "Queen Angerboda", "Syreian the Bonecarver", "Thane Ufrang the Mighty",
    "Askalti Darksteel", "Blood Lord Vorath", "Deathseer Zuk'raj", "Kjaran the Callous",
    "Turov the Risen")


def test_d4_table_heroes_resolve_with_deckbuilding():
    assert len(set(DECKBUILDING_HEROES)) == 35
    for name in DECKBUILDING_HEROES:
        c = card(name)
        assert c.name == name and c.get("type") == "Hero"
        assert c.get("deckbuilding") and not c.get("deckbuilding").get("unparsed"), name


def test_describe_clause():
    assert describe_clause({"type": "Quest", "neutral": True}) == "neutral quests"
    assert describe_clause({"type": ["Quest", "Location"], "neutral": True}) == \
        "neutral quests and locations"
    assert describe_clause({"faction_icon": "any"}) == "[Alliance] or [Horde] cards"
    assert describe_clause({"type": "Ability", "class_icon": "Warlock"}) == "[Warlock] abilities"
    assert describe_clause({"tag": "Pet", "class_icon": "Hunter"}) == "[Hunter] Pets"
    assert describe_clause({"talent_card": {"class": "Druid", "tree": "Balance"}}) == \
        "[Druid] Balance Talents"
    assert describe_clause({"type": "Ally", "ally_class": "Warlock"}) == \
        "allies with ally type Warlock"
    assert describe_clause({"type": "Ability", "deals_damage": "fire"}) == \
        "abilities that deal fire damage"


def test_precedence_deckbuilding_replaces_icons_and_hero_required():
    assert failures("Hogger", "Donna Calister") == {"WOW114"}           # not WOW109 too
    assert failures("Iso'rath", "Flash Heal") == {"WOW114"}
    assert failures("Xia, Queen of Suffering", "Flash Heal") == {"WOW113"}
    assert failures("Xia, Queen of Suffering", "Kena Shadowbrand") == set()   # allowed: no R6
    assert failures("General Lightsbane", "Corpse Explosion") == {"WOW114"}   # forbid wins
    assert failures("General Lightsbane", "The Skybreaker") == set()
    assert failures("Elendril", "Stone Guard Rashun") == {"WOW109", "WOW110"}
    assert failures("Boris Brightbeard", "Vanquish") == set()


def test_allow_clause_excuses_the_trait_it_names():
    # Obliveron is not a Traitor, but "any Traitor cards" lets Traitor-required cards in
    obliveron = hero("Obliveron")
    assert not obliveron.traitor
    traitor_card = next(c for c in DB.cards if c.get("pool") == "constructed"
                        and "Traitor" in (c.get("tags") or ())
                        and {"kind": "flag", "value": "Traitor"} in (c.get("hero_required") or ())
                        and not c.get("faction_icons") and not c.get("class_icons"))
    chosen, _ = judge_card(obliveron, traitor_card)
    assert chosen.legal, (traitor_card.name, chosen.failures)
    without_db = judge(obliveron, printings(traitor_card)[0], use_deckbuilding=False)
    assert "WOW110" in without_db.failures


def test_variants_any_printing_legal():
    death_coil = card("Death Coil")
    assert [f.class_icons for f in printings(death_coil)] == [("Warlock",), ("Death Knight",)]
    chosen, first = judge_card(hero("Ayaka Winterhoof"), death_coil)
    assert chosen.legal and not first.legal and chosen.facts.sets == ("DKS", "CD2")
