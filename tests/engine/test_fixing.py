"""`deckcheck fix` and `deckcheck convert`: safe/unsafe fixes, merging, diffs, atomic
writes, round trips, and no new findings after fixing any example."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from deckcheck.api import Options, check_source, parse_source
from deckcheck.fileio import atomic_write
from deckcheck.fixing import fix_deck
from deckcheck.reading import SourceText, read_path
from deckcheck.writing import write

from conftest import ROOT

MESSY = """Format: fow-classic
// a comment stays
Ruler: Little Red, the Wolf Girl
Main Deck
4x Absolute Cake Zone   # cakes
Cheshire Cat, the Grinning Remnant x4
4 elvish priest
2 Fiethsing, the Magus of Holy Wind
2 Fiethsing, the Magus of Holy Wind
4 Glinda, the Fairy
4 Gretel
4 Hamelin's Pied Piper
4 Tell a Fairy Tale
4 Tinker Bell, the Spirit
4 Xeex the Ancient Magic
Magic Stone Deck
1 Feethsing, the Holy Wind Stone
1 Little Red, the Pure Stone
4 Magic Stone of Blasting Waves
4 Magic Stone of Deep Wood
Side Deck
2 Rapunzle, the Long-Haired Princess
"""


def fixed(text: str, unsafe: bool = False) -> str:
    src = SourceText("messy.txt", text, "utf-8")
    return fix_deck(text, check_source(src, Options()), unsafe=unsafe).text


def test_safe_fixes_keep_comments_zones_and_order():
    out = fixed(MESSY).splitlines()
    assert out[1] == "// a comment stays"
    assert out[2] == "Ruler: Little Red Riding Hood"
    assert out[4] == "4 Absolute Cake Zone   # cakes"
    assert out[5] == "4 Cheshire Cat, the Grinning Remnant"
    assert out[6] == "4 Elvish Priest"
    assert out[7] == "4 Fiethsing, the Magus of Holy Wind"      # two lines merged
    assert out[8] == "4 Glinda, the Fairy"
    assert "2 Rapunzle, the Long-Haired Princess" in out             # fuzzy: unsafe only
    assert len(out) == len(MESSY.splitlines()) - 1


def test_unsafe_fixes_correct_misspellings():
    assert "2 Rapunzel, the Long-Haired Princess" in fixed(MESSY, unsafe=True).splitlines()


def test_fixing_twice_changes_nothing_and_keeps_crlf():
    once = fixed(MESSY.replace("\n", "\r\n"))
    assert "\r\n" in once and "\n" not in once.replace("\r\n", "")
    assert fixed(once) == once


def test_fix_cli_diff_then_write(cli, tmp_path):
    deck = tmp_path / "messy.txt"
    deck.write_text(MESSY, encoding="utf-8")
    r = cli("fix", str(deck), "--diff")
    assert r.returncode == 1 and "+4 Elvish Priest" in r.stdout.decode()
    assert deck.read_text(encoding="utf-8") == MESSY          # --diff changes nothing
    r = cli("fix", str(deck))
    assert r.returncode == 0 and "fixed" in r.stdout.decode()
    assert cli("fix", str(deck), "--diff").returncode == 0     # nothing left to fix


def test_fix_keeps_a_legacy_encoding(cli, tmp_path):
    deck = tmp_path / "big5.txt"
    text = MESSY.replace("Main Deck", "主牌庫").replace("Side Deck", "備牌")
    deck.write_bytes(text.encode("big5"))
    assert cli("fix", str(deck)).returncode == 0
    assert "4 Elvish Priest" in deck.read_bytes().decode("big5")


def test_interrupted_write_leaves_the_original(tmp_path, monkeypatch):
    target = tmp_path / "deck.txt"
    target.write_text("original\n", encoding="utf-8")

    def crash(fd):
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(OSError):
        atomic_write(target, "new content\n")
    assert target.read_text(encoding="utf-8") == "original\n"
    assert [p.name for p in tmp_path.iterdir()] == ["deck.txt"]   # no temporary left


def test_fix_leaves_non_text_files_alone_with_a_note(cli, tmp_path):
    fdk = tmp_path / "d.fdk"
    body = '{"ruler": "CMF-005", "main": ["CMF-058"], "stones": []}'
    fdk.write_text(body, encoding="utf-8")
    r = cli("fix", str(fdk), "-f", "fow-classic")
    assert r.returncode == 0 and "left as it is" in r.stderr.decode() \
        and "convert" in r.stderr.decode()
    assert fdk.read_text(encoding="utf-8") == body
    r = cli("fix", "--diff", str(ROOT / "examples" / "wowtcg" / "legal"))   # a folder of exports
    assert r.returncode in (0, 1) and "deckcheck: error" not in r.stderr.decode()


def test_fix_keeps_each_lines_language_unless_told():
    text = ("Format: mtg-standard\n4 忠誠護教軍\n4 瑟班守護者莎利雅\n4 Champion of the Parish\n"
            "4 champion of the parish\n")
    result = check_source(SourceText("deck.txt", text, "utf-8"), Options())
    kept = fix_deck(text, result).text
    assert "忠誠護教軍" in kept and "瑟班守護者莎利雅" in kept       # Chinese stays Chinese
    assert "Champion of the Parish" in kept and "champion of" not in kept
    english = fix_deck(text, result, lang="en").text
    assert not any("\u4e00" <= ch <= "\u9fff" for ch in english), english
    simplified = fix_deck(text, result, lang="zh-Hans").text
    assert "4 Champion of the Parish" not in simplified          # English lines too


def test_fix_refuses_an_unknown_lang(cli, tmp_path):
    deck = tmp_path / "d.txt"
    deck.write_text("Format: fow-classic\nRuler: Grimm, the Fairy Tale Prince\n", encoding="utf-8")
    r = cli("fix", "--diff", "--lang", "xx", str(deck))
    assert r.returncode == 2 and "--lang 'xx'" in r.stderr.decode()


def test_convert_refuses_a_format_that_cannot_hold_the_game():
    deck, game, fid = parse_source(SourceText("messy.txt", MESSY, "utf-8"), Options())
    with pytest.raises(ValueError, match="MTG Arena export holds Magic decks only"):
        write(deck, game, "arena", fid)
    mk = "Format: mageknight-deed\nHero: Tovak\n2 Rage\n"
    deck, game, fid = parse_source(SourceText("mk.txt", mk, "utf-8"), Options())
    with pytest.raises(ValueError, match="OCTGN has no Mage Knight game"):
        write(deck, game, "o8d", fid)


CONVERTED_VERDICTS = {
    # a Wizard's element, and a spellbook filed by card type in OCTGN's sections
    "magewars": ("Format: magewars-arena\nMage: Wizard (Fire)\n2 Fireball\n1 Elemental Wand\n",
                 ("text", "o8d")),
    # Players: 3 turns two deed-deck errors into warnings (mageknight.md MK-R5)
    "mageknight": ("Format: mageknight-deed\nHero: Tovak\nExpansions: lost-legion\nPlayers: 3\n"
                   "Fame: 12\n3 Rage\n1 Will Focus\n", ("text",)),
}


@pytest.mark.parametrize("game_id", sorted(CONVERTED_VERDICTS))
def test_converted_list_checks_the_same(game_id):
    from deckcheck.api import check_source
    from deckcheck.registration.fingerprint import fingerprint

    text, targets = CONVERTED_VERDICTS[game_id]
    before = check_source(SourceText("deck.txt", text, "utf-8"), Options())
    for to in targets:
        deck, game, fid = parse_source(SourceText("deck.txt", text, "utf-8"), Options())
        out = write(deck, game, to, fid)
        after = check_source(SourceText(f"deck.{'o8d' if to == 'o8d' else 'txt'}", out, "utf-8"),
                             Options())
        assert [(f.code, f.severity) for f in after.findings] == \
            [(f.code, f.severity) for f in before.findings], out
        assert after.legal == before.legal and after.stats == before.stats, out
        assert fingerprint(after) == fingerprint(before), out


@pytest.mark.parametrize("to", ["text", "o8d"])
def test_convert_round_trip_keeps_every_card(to):
    src = SourceText("messy.txt", MESSY, "utf-8")
    deck, game, fid = parse_source(src, Options())
    out = write(deck, game, to, fid)
    ext = {"text": "txt", "o8d": "o8d"}[to]
    again, _, _ = parse_source(SourceText(f"again.{ext}", out, "utf-8"), Options(format_id=fid))

    def tally(d):
        counts = {}
        for e in d.entries:
            key = (e.zone, e.card.name if e.card else e.name)
            counts[key] = counts.get(key, 0) + e.count
        return counts

    assert tally(again) == tally(deck)


def _examples():
    return sorted(p for p in (ROOT / "examples").rglob("*.txt")) if (ROOT / "examples").is_dir() else []


@pytest.mark.parametrize("path", _examples(), ids=lambda p: str(p.relative_to(ROOT)))
def test_fixing_an_example_adds_no_finding(path, tmp_path):
    src = read_path(path)
    before = check_source(src, Options(config=None))
    if before.deck is None or before.deck.source_format != "text":
        pytest.skip("not a plain-text list")
    result = fix_deck(src.text, before)
    after = check_source(SourceText(str(path), result.text, "utf-8"), Options())
    old = {(f.code, f.card) for f in before.findings}
    new = {(f.code, f.card) for f in after.findings} - old
    assert not new, f"fix introduced {new}"


def test_new_files_get_the_usual_permissions(tmp_path):
    import os
    import stat

    from deckcheck.fileio import atomic_write

    old = os.umask(0o022)
    try:
        atomic_write(tmp_path / "report.html", "<p>x</p>")
        assert stat.S_IMODE((tmp_path / "report.html").stat().st_mode) == 0o644
        os.chmod(tmp_path / "report.html", 0o600)           # an existing file keeps its mode
        atomic_write(tmp_path / "report.html", "<p>y</p>")
        assert stat.S_IMODE((tmp_path / "report.html").stat().st_mode) == 0o600
    finally:
        os.umask(old)


def test_a_mage_wars_book_converts_to_the_documented_text_form():
    """magewars.md §6.4: Mage: line, spells under type headings in OCTGN order, by name."""
    text = "Format: magewars-arena\nMage: Wizard (Fire)\n1 Flameblast\n1 Elemental Wand\n2 Fireball\n"
    deck, game, fid = parse_source(SourceText("book.txt", text, "utf-8"), Options())
    assert write(deck, game, "text", fid) == (
        "Format: magewars-arena\nMage: Wizard (Fire)\n\nAttack\n2 Fireball\n1 Flameblast\n"
        "Equipment\n1 Elemental Wand\n")
    assert "Element: Fire" in write(deck, game, "o8d", fid)


def test_convert_warns_about_unresolved_lines_and_exits_1(cli, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("Format: fow-classic\n1 Grimm, the Fairy Tale Prince\n4 Zzqx Unheard Of\n",
                    encoding="utf-8")
    r = cli("convert", str(deck), "--to", "text")
    err = r.stderr.decode()
    assert r.returncode == 1
    assert "4 Zzqx Unheard Of" in r.stdout.decode()        # carried over, not dropped
    assert "warning:" in err and "Line 3" in err and "Zzqx Unheard Of" in err
    assert "1 line did not become one card" in err
    deck.write_text("Format: fow-classic\n1 Grimm, the Fairy Tale Prince\n", encoding="utf-8")
    r = cli("convert", str(deck), "--to", "text")
    assert r.returncode == 0 and r.stderr.decode() == ""
