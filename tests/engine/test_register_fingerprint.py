"""Deck fingerprints: invariant under line order, spelling and file format; sensitive to
every card, count, zone, format and game; ``deckcheck fingerprint`` and ``verify``."""

from __future__ import annotations

import random

import pytest

from conftest import ROOT
from deckcheck.api import Options, check_file
from deckcheck.registration.fingerprint import (FingerprintError, fingerprint,
                                                parse_fingerprint)

MTG = ROOT / "examples" / "mtg"
FOW = ROOT / "examples" / "fow" / "legal"
DELVER = (MTG / "delver-dka.txt").read_text(encoding="utf-8")
DELVER_FP = "4f68-c082-9203-ccb8"
GRIMM_FP = "f946-24e8-8bbe-4177"


def fp_of(path, format_id):
    return fingerprint(check_file(path, Options(format_id=format_id)))


def fp_text(tmp_path, text, format_id="mtg-standard", name="deck.txt"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return fp_of(path, format_id)


def delver_parts():
    lines = [ln for ln in DELVER.splitlines() if ln and ln[0].isdigit()]
    side_at = DELVER.splitlines().index("Sideboard")
    side = [ln for ln in DELVER.splitlines()[side_at:] if ln and ln[0].isdigit()]
    return [ln for ln in lines if ln not in side], side


# ------------------------------------------------------------------------------ invariance


@pytest.mark.parametrize("name", ["delver-dka.txt", "delver-dka.dek", "delver-dka.cod",
                                  "delver-dka.o8d", "delver-dka.mtga", "delver-dka.mwDeck",
                                  "delver-dka-forge.dck", "delver-dka-xmage.dck"])
def test_same_list_in_every_mtg_file_format(name):
    assert fp_of(MTG / name, "mtg-standard").short == DELVER_FP


@pytest.mark.parametrize("name", ["grimm.txt", "grimm.fdk", "grimm-zh-hans-utf8.txt",
                                  "grimm-zh-hant-utf8.txt", "grimm-zh-hant-big5.txt",
                                  "grimm-zh-hans-gb18030.txt"])
def test_same_fow_list_in_other_formats_headers_and_encodings(name):
    assert fp_of(FOW / name, "fow-classic").short == GRIMM_FP


def test_line_order_and_inline_sideboard_lines_do_not_matter(tmp_path):
    main, side = delver_parts()
    rng = random.Random(8)
    mixed = [f"SB: {ln}" for ln in side] + main
    rng.shuffle(mixed)
    text = "Format: mtg-standard\n" + "\n".join(mixed) + "\n"
    assert fp_text(tmp_path, text).short == DELVER_FP


def test_split_lines_add_up(tmp_path):
    text = DELVER.replace("11 Island", "5 Island\n6 Island")
    assert fp_text(tmp_path, text).short == DELVER_FP


def test_spelling_variants_resolve_to_the_same_fingerprint(tmp_path):
    text = (DELVER.replace("4 Delver of Secrets", "4 delver of secrets")
            .replace("4 Thalia, Guardian of Thraben", "4 瑟班守護者莎利雅")     # Chinese name
            .replace("3 Mana Leak", "3 Manna Leak")   # misspelt (Mana Laek: Mana Flare is near)
            .replace("1 Runechanter's Pike", "1 Runechanter’s Pike"))           # curly quote
    fp = fp_text(tmp_path, text)
    assert fp.short == DELVER_FP and fp.complete


def test_back_face_name_counts_as_the_front_face(tmp_path):
    text = DELVER.replace("4 Delver of Secrets", "1 Delver of Secrets\n3 Insectile Aberration")
    assert fp_text(tmp_path, text).short == DELVER_FP


def test_chinese_lists_in_both_scripts_are_one_list():
    assert fp_of(MTG / "humans-zh-hans.txt", "mtg-standard").digest == \
        fp_of(MTG / "humans-zh-hant.txt", "mtg-standard").digest


def test_metadata_and_comments_are_not_part_of_the_list(tmp_path):
    text = "Player: Someone\nDCI: 42\n# a comment\n" + DELVER.replace("Name: UW Delver", "Name: X")
    assert fp_text(tmp_path, text).short == DELVER_FP


# ------------------------------------------------------------------------------ sensitivity


@pytest.mark.parametrize("old,new", [
    ("3 Mana Leak", "2 Mana Leak\n1 Dissipate"),                 # one card swapped
    ("11 Island", "10 Island"),                                  # one count
    ("2 Negate", "1 Negate"),                                    # the sideboard
])
def test_any_change_of_card_or_count_changes_it(tmp_path, old, new):
    assert fp_text(tmp_path, DELVER.replace(old, new)).short != DELVER_FP


def test_moving_a_card_between_zones_changes_it(tmp_path):
    text = DELVER.replace("3 Mana Leak", "2 Mana Leak") + "1 Mana Leak\n"
    assert fp_text(tmp_path, text).short != DELVER_FP


def test_format_and_game_are_part_of_it():
    a = fp_of(FOW / "grimm.txt", "fow-classic")
    b = fp_of(FOW / "grimm.txt", "fow-wanderer")
    assert a.digest != b.digest
    assert a.canonical.startswith("deckcheck-fingerprint 1\ngame fow\nformat fow-classic\n"
                                  "zone ruler\n1 Grimm, the Fairy Tale Prince\nzone main\n")


def test_canonical_form_is_the_documented_one():
    fp = fp_of(MTG / "delver-dka.txt", "mtg-standard")
    lines = fp.canonical.splitlines()
    assert lines[:4] == ["deckcheck-fingerprint 1", "game mtg", "format mtg-standard",
                         "zone main"]
    assert "zone sideboard" in lines and fp.canonical.endswith("\n")
    main = lines[4:lines.index("zone sideboard")]
    assert main == sorted(main, key=lambda ln: ln.split(" ", 1)[1])
    assert "11 Island" in main and "4 Delver of Secrets" in main
    import hashlib

    assert fp.digest == hashlib.sha256(fp.canonical.encode()).hexdigest()
    assert fp.short == "-".join(fp.digest[i:i + 4] for i in range(0, 16, 4))


def test_mage_wars_wizard_element_is_part_of_the_list(tmp_path):
    book = (ROOT / "examples" / "magewars" / "arena-wizard-fire.txt").read_text(encoding="utf-8")
    fire = fp_text(tmp_path, book, "magewars-arena", "fire.txt")
    water = fp_text(tmp_path, book.replace("Wizard (Fire)", "Wizard (Water)"), "magewars-arena",
                    "water.txt")
    assert "stat element Fire" in fire.canonical and fire.digest != water.digest


def test_unresolved_lines_count_as_written(tmp_path):
    fp = fp_text(tmp_path, DELVER.replace("1 Dissipate", "1 Absolutely Not A Card"))
    assert not fp.complete and fp.unresolved == 1
    assert "1 ?absolutelynotacard" in fp.canonical       # normalise.key: no spaces


def test_unreadable_list_has_no_fingerprint(tmp_path):
    result = check_file(tmp_path / "missing.txt", Options(format_id="mtg-standard"))
    with pytest.raises(FingerprintError, match="no fingerprint"):
        fingerprint(result)


@pytest.mark.parametrize("text,value", [
    ("4F68-C082-9203-CCB8", "4f68c0829203ccb8"), (" 4f68 c082 9203 ccb8 ", "4f68c0829203ccb8"),
    ("4f68c0829203ccb8", "4f68c0829203ccb8"), ("a" * 64, "a" * 64)])
def test_parse_fingerprint(text, value):
    assert parse_fingerprint(text) == value


@pytest.mark.parametrize("text", ["", "4f68-c082", "4f68-c082-9203-ccbz", "x" * 64, "4f68" * 5])
def test_parse_fingerprint_rejects(text):
    with pytest.raises(FingerprintError, match="not a deck fingerprint"):
        parse_fingerprint(text)


# ------------------------------------------------------------------------------ the CLI


def test_cli_fingerprint_prints_it_on_the_last_line(cli):
    r = cli("fingerprint", str(FOW / "grimm.fdk"), "-f", "fow-classic")
    assert r.returncode == 0, r.stderr.decode()
    lines = r.stdout.decode().splitlines()
    assert lines[-1] == GRIMM_FP and "ruler 1, main 40, stone 10, side 2" in lines[0]
    r = cli("fingerprint", str(MTG / "delver-dka.dek"), "-f", "mtg-standard", "--canonical")
    lines = r.stdout.decode().splitlines()
    assert lines[-1] == DELVER_FP and "deckcheck-fingerprint 1" in lines


def test_cli_verify(cli):
    full = fp_of(MTG / "delver-dka.txt", "mtg-standard").digest
    ok = cli("verify", str(MTG / "delver-dka.cod"), DELVER_FP.upper(), "-f", "mtg-standard")
    assert ok.returncode == 0 and "matches" in ok.stdout.decode()
    assert cli("verify", str(MTG / "delver-dka.txt"), full).returncode == 0
    bad = cli("verify", str(MTG / "illegal-59-cards.txt"), DELVER_FP)
    assert bad.returncode == 1 and "does NOT match" in bad.stdout.decode()


@pytest.mark.parametrize("args,needle", [
    (["verify", "DECK", "zz-top"], "is not a deck fingerprint"),
    (["verify", "MISSING", DELVER_FP], "no such file"),
    (["fingerprint", "NOFORMAT"], "no format given"),
    (["fingerprint", "DECK", "-f", "nope"], "is not a known format"),
])
def test_cli_errors_exit_2(cli, tmp_path, args, needle):
    noformat = tmp_path / "noformat.txt"
    noformat.write_text("4 Island\n", encoding="utf-8")
    paths = {"DECK": str(MTG / "delver-dka.txt"), "MISSING": str(tmp_path / "x.txt"),
             "NOFORMAT": str(noformat)}
    r = cli(*[paths.get(a, a) for a in args], cwd=tmp_path)
    err = r.stderr.decode()
    assert r.returncode == 2 and needle in err and "Traceback" not in err, err
