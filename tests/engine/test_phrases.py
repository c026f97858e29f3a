"""The readers' phrases (DCK001's why and fix): declared once by id, translated by id.

Chinese output of an unreadable line depends on the phrase's id and arguments, never on the
English wording; a game's catalogue adds its phrases and rows to the engine's."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import pytest

import deckcheck
from deckcheck import i18n
from deckcheck.games.registry import game_ids
from deckcheck.i18n import _locale, localize
from deckcheck.parsing import phrases
from deckcheck.parsing.phrases import PHRASES, Phrase
from deckcheck.parsing.text import TextParser, unparseable


def _import_all():
    """Every module of the package, so that every reader's phrases are declared."""
    for info in pkgutil.walk_packages(deckcheck.__path__, "deckcheck."):
        if ".importing" in info.name or info.name.endswith(".importer"):
            continue
        importlib.import_module(info.name)


def test_every_translated_phrase_is_declared_and_every_id_names_its_owner():
    _import_all()
    games = set(game_ids())
    for phrase_id in _locale("zh-Hans")["phrases"]:
        assert phrase_id in PHRASES, f"catalogue phrase {phrase_id!r} is declared by no reader"
    engine = {v.id for v in vars(phrases).values() if isinstance(v, Phrase)}
    for phrase_id in PHRASES:
        owner = phrase_id.split("-")[0]
        if owner in games:       # a game's phrase is declared in the game's package
            assert any(isinstance(v, Phrase) and v.id == phrase_id
                       for m in _modules_of(owner) for v in vars(m).values()), phrase_id
        else:                    # the shared ones in deckcheck.parsing.phrases
            assert phrase_id in engine, phrase_id


def _modules_of(game: str):
    return [m for name, m in list(sys.modules.items())
            if name.startswith(f"deckcheck.games.{game}.") and m is not None]


def test_a_phrase_id_is_one_english_text():
    Phrase("count-negative", phrases.COUNT_NEGATIVE.english)     # the same again: fine
    with pytest.raises(ValueError, match="declared twice"):
        Phrase("count-negative", "the count {n} is below zero")


def test_said_is_the_english_text_with_its_phrase():
    s = phrases.COUNT_TOO_LARGE.say(n=5000, most=1000)
    assert isinstance(s, str) and s == "the count 5000 is not plausible (at most 1000)"
    assert (s.phrase.id, s.args) == ("count-too-large", {"n": 5000, "most": 1000})


def test_a_reader_passes_phrases_not_sentences():
    with pytest.raises(TypeError, match="phrases"):
        unparseable(1, "x", "some English", phrases.FIX_COUNT)


@pytest.mark.parametrize("lang, why, fix", [
    ("zh-Hans", "张数 5000 不合理（最多 1000）", "请修正张数。"),
    ("zh-Hant", "張數 5000 不合理（最多 1000）", "請修正張數。"),
])
def test_chinese_does_not_depend_on_the_english_wording(lang, why, fix):
    finding = unparseable(3, "5000 Island", phrases.COUNT_TOO_LARGE.say(n=5000, most=1000),
                          phrases.FIX_COUNT)
    english = finding.message
    # reword the English the finding carries: the translation is made from the ids alone
    finding.args.update(why="it is far too many", fix="Use fewer.")
    shown = localize([finding], lang)[0].message
    assert why in shown and fix in shown, shown
    assert "5000 Island" in shown and english != shown


def test_a_phrase_the_catalogue_lacks_stays_english():
    finding = unparseable(2, "x" * 10, phrases.WRITE_CARD_NAME.say(), phrases.WRITE_CARD_NAME)
    shown = localize([finding], "zh-Hans")[0].message
    assert "Write the card's name." in shown


def test_the_text_reader_reports_with_phrase_ids():
    from deckcheck.games.base import load_game
    from deckcheck.models import DeckList

    deck = DeckList(path="x.txt")
    TextParser(load_game("fow")).parse_lines(deck, [(1, "-2 Island")])
    [f] = [f for f in deck.findings if f.code == "DCK001"]
    assert (f.args["why_id"], f.args["why_args"]) == ("count-negative", {"n": -2})
    assert f.args["fix_id"] == "write-count-and-name-eg"


def test_a_games_list_adds_rows_to_the_engines():
    engine = {"sections": {"fow": [{"match": "A", "text": "甲"}]},
              "cells": {"common": {"x": "1", "_patterns": [{"match": "b", "text": "乙"}]}}}
    own = {"sections": {"fow": [{"match": "C", "text": "丙"}]},
           "cells": {"common": {"y": "2", "_patterns": [{"match": "d", "text": "丁"}]}}}
    merged = i18n._added(engine, own)
    assert [r["match"] for r in merged["sections"]["fow"]] == ["C", "A"]
    assert merged["cells"]["common"]["x"] == "1" and merged["cells"]["common"]["y"] == "2"
    assert [r["match"] for r in merged["cells"]["common"]["_patterns"]] == ["d", "b"]


def test_the_catalogue_keeps_the_engines_rows_and_adds_the_games():
    data = i18n._read("zh-Hans")
    engine = i18n._read_yaml(i18n._LOCALE_DIR / "zh-Hans.yaml")
    for phrase_id in engine["phrases"]:
        assert phrase_id in data["phrases"]
    assert any(p.startswith("mtg-") for p in data["phrases"])
    assert data["sections"]["common"] == engine["sections"]["common"]


@pytest.mark.parametrize("cost, shown", [
    ("fixed", "固定：5"), ("talos", "塔洛斯：5"), ("novice", "新手：2"),
    ("novice-opposed", "新手，对立：2x3"), ("combo", "组合：Fire Creature x1"),
    ("subtype", "子类型：Undead x1"), ("type-opposed", "类型对立：Living object x3"),
])
def test_a_report_cell_is_translated_by_its_phrase(cost, shown):
    """The Mage Wars Basis column: each way a copy is costed is a phrase of its own."""
    from deckcheck.games.magewars import book
    from deckcheck.i18n_tables import _cell

    said = {"fixed": book.COST_FIXED.say(n=5), "talos": book.COST_TALOS.say(n=5),
            "novice": book.COST_NOVICE.say(n=2),
            "novice-opposed": book.COST_NOVICE_OPPOSED.say(n="2x3"),
            "combo": book.COST_COMBO.say(rest="Fire Creature x1"),
            "subtype": book.COST_SUBTYPE.say(rest="Undead x1"),
            "type-opposed": book.COST_TYPE_OPPOSED.say(rest="Living object x3")}[cost]
    assert _cell(_locale("zh-Hans"), "magewars", said, "zh-Hans") == shown


def test_a_joined_cell_is_shown_part_by_part():
    from deckcheck.games.wowtcg.traits import CLASS_TALENT
    from deckcheck.i18n_tables import _cell
    from deckcheck.parsing.phrases import Joined

    traits = Joined(" · ", ["Alliance", CLASS_TALENT.say(classes="Priest", talent="Holy")])
    assert traits == "Alliance · Priest (Holy)"
    shown = _cell(_locale("zh-Hans"), "wowtcg", traits, "zh-Hans")
    assert " · " in shown and "（" in shown and "Priest" not in shown, shown
    # a part no catalogue knows keeps the whole cell in English (never half translated)
    odd = Joined(" · ", ["Alliance", "Zzyzx"])
    assert _cell(_locale("zh-Hans"), "wowtcg", odd, "zh-Hans") == "Alliance · Zzyzx"
