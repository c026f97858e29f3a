"""Legacy from its first list (2004-09-20) to 2012-02-03: the profiles read from Forge's
Archive/Legacy files (forge_formats.yaml `transcribed:`), checked through the real checker
on the shipped card and format data. A card banned on a day is refused on it and allowed the
day before; a card unbanned on a day the other way round."""

from __future__ import annotations

import pytest

from dated_checks import day_before, errors_on
from deckcheck.api import UsageError, check_text


def _deck(card: str, basic: str, count: int = 4) -> str:
    return f"{count} {card}\n{60 - count} {basic}\n"



def _errors(deck: str, date: str):
    return errors_on(deck, "mtg-legacy", date)


# (card, basic land, the day of the change, the card is allowed from that day on)
CHANGES = [
    ("Imperial Seal", "Swamp", "2005-09-20", False),
    ("Flash", "Island", "2007-06-20", False),
    ("Mind Over Matter", "Island", "2007-06-20", True),
    ("Replenish", "Plains", "2007-06-20", True),
    ("Shahrazad", "Plains", "2007-09-20", False),
    ("Time Vault", "Island", "2008-09-20", False),
    ("Dream Halls", "Island", "2009-10-01", True),
    ("Entomb", "Swamp", "2009-10-01", True),
    ("Metalworker", "Island", "2009-10-01", True),
    ("Mystical Tutor", "Island", "2010-07-01", False),
    ("Grim Monolith", "Island", "2010-07-01", True),
    ("Illusionary Mask", "Island", "2010-07-01", True),
    ("Survival of the Fittest", "Forest", "2011-01-01", False),
    ("Time Spiral", "Island", "2011-01-01", True),
    ("Mental Misstep", "Island", "2011-10-01", False),
]


@pytest.mark.parametrize("card,basic,day,allowed_after", CHANGES,
                         ids=[f"{c[2]}-{c[0]}" for c in CHANGES])
def test_a_change_takes_effect_on_its_day(card, basic, day, allowed_after):
    deck = _deck(card, basic)
    before, found_before = _errors(deck, day_before(day))
    after, found_after = _errors(deck, day)
    barred, free = (found_before, found_after) if allowed_after else (found_after, found_before)
    assert barred == [("MTG202", card)], (barred, before.stats["profile"], after.stats["profile"])
    assert free == [], free
    assert after.stats["profile"] == day
    assert before.stats["profile"] < day


def test_earlier_bans_stay_in_each_later_list():
    """Each profile holds the whole list: on the day of a later change the cards banned
    before it are still banned, and the message names the profile in force."""
    for card, basic, since in (("Imperial Seal", "Swamp", "2005-09-20"),
                               ("Flash", "Island", "2007-06-20"),
                               ("Shahrazad", "Plains", "2007-09-20")):
        for day in ("2008-09-20", "2010-07-01", "2011-10-01"):
            result, found = _errors(_deck(card, basic), day)
            assert found == [("MTG202", card)], (card, day)
            banned = [f.message for f in result.findings if f.code == "MTG202"]
            assert f"({day}, Legacy ({day}))" in banned[0], banned


def test_the_first_list_applies_from_its_day():
    """2004-09-20 is the first profile: a card of its list is refused on it, and a card Type 1
    restricted but Legacy's first list left out (Mystical Tutor, banned only in 2010) is
    allowed."""
    _, found = _errors(_deck("Mana Drain", "Island"), "2004-09-20")
    assert found == [("MTG202", "Mana Drain")]
    result, found = _errors(_deck("Mystical Tutor", "Island"), "2004-09-20")
    assert found == [] and result.stats["profile"] == "2004-09-20"


def test_a_day_between_the_announcement_and_the_first_list():
    """Legacy was announced on 2004-09-01; until its list took effect on 2004-09-20 a list is
    checked with that first list and DCK039 says the state of the day is not known. A day
    before the announcement is refused."""
    result = check_text(_deck("Mana Drain", "Island"), "mtg-legacy", "2004-09-10")
    assert result.error is None and result.stats["profile"] == "2004-09-20"
    assert [f.code for f in result.findings if f.code == "DCK039"] == ["DCK039"]
    assert ("MTG202", "Mana Drain") in [(f.code, f.card) for f in result.findings]
    with pytest.raises(UsageError, match="it began on 2004-09-01"):
        check_text(_deck("Mana Drain", "Island"), "mtg-legacy", "2004-08-31")


def test_foundations_commander_is_in_the_card_data():
    """FDC, a set Vintage's 2025 list names, is small and its Forge file readable: its three
    reprints are transcribed, so they carry the FDC printing and MTG212 no longer names FDC
    (the other missing sets and why are in mtg-legacy's notes)."""
    from deckcheck.api import prepare_game

    db = prepare_game("mtg", None)[1]
    for number, rarity, name in (("1", "uncommon", "Arcane Signet"), ("2", "uncommon", "Sol Ring"),
                                 ("3", "common", "Command Tower")):
        card = db.find(name)
        assert card is not None and card.name == name
        assert [(p["number"], p["rarity"]) for p in card.get("printings")
                if p.get("set") == "FDC"] == [(number, rarity)], name
    result = check_text(_deck("Sol Ring", "Island", 1), "mtg-vintage", "2025-09-26")
    gaps = [f for f in result.findings if f.code == "MTG212"]
    assert len(gaps) == 1 and "FDC" not in gaps[0].message and "MB1" in gaps[0].message
