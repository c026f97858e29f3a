"""Issue 20: rule 100.2e allows one *kind* of Master Hero (一种, not 一张), in as many copies as
the copy rule allows (four, rule 100.4). Every WoW format, the format key ``master_hero`` and
its validation, a published list with four copies of one Master Hero.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deckcheck import formats
from deckcheck.api import Options, check_source, check_text
from deckcheck.config import Config
from deckcheck.reading import SourceText
from deckcheck.models import Severity

from conftest import ROOT, run_cli

EXAMPLES = ROOT / "examples" / "wowtcg"
FOUR = (EXAMPLES / "legal" / "lightsbane-four-lich-kings.txt").read_text(encoding="utf-8")
# the deck checked under each format's own id, not the list's "Format:" line (DCK024)
FOUR = "\n".join(line for line in FOUR.splitlines() if not line.startswith("Format:")) + "\n"
TWO_NAMES = FOUR.replace("4 The Lich King", "2 The Lich King\n2 Lord of Icecrown")

WOW_FORMATS = sorted(fid for fid, path in formats.format_files().items()
                     if path.parent.name == "wowtcg")
#: CardCarp's formats allow one copy of each Hero-category card (oracle_exception Hero: 1):
#: one Master Hero card
ONE_MASTER_HERO_CARD = {"wowtcg-contemporary", "wowtcg-cardcarp-classic"}

# the formats whose card pool holds every card of the example (General Lightsbane and his
# Scourge allies are Scourgewar/Icecrown cards, block 4; the Core list of 2010 predates them)
POOL_HOLDS_THE_DECK = {"wowtcg-constructed", "wowtcg-classic", "wowtcg-limited",
                       "wowtcg-block-4"}


def codes(result, severity: Severity | None = None) -> set[str]:
    return {f.code for f in result.findings if severity is None or f.severity is severity}


def test_the_loop_covers_every_format_deckcheck_lists():
    proc = run_cli("formats")
    assert proc.returncode == 0, proc.stderr.decode()
    listed = sorted(line.split()[0] for line in proc.stdout.decode().splitlines()
                    if line.startswith("wowtcg-"))
    assert listed == WOW_FORMATS and len(WOW_FORMATS) >= 10


@pytest.mark.parametrize("fmt", WOW_FORMATS)
def test_every_format_allows_one_master_hero_name(fmt):
    spec = formats.load(fmt).get("master_hero")
    cards = 1 if fmt in ONE_MASTER_HERO_CARD else None
    assert spec == {"max_names": 1, "max_cards": cards, "zone": "main"}


@pytest.mark.parametrize("fmt", sorted(set(WOW_FORMATS) - ONE_MASTER_HERO_CARD))
def test_four_copies_of_one_master_hero_pass_every_format(fmt):
    """Neither Master Hero rule fires in any WoW format; where the pool holds the deck's cards
    it is legal, elsewhere only the card-pool rule (WOW120) stops it."""
    r = check_text(FOUR, fmt)
    assert r.error is None, r.error
    assert r.counts["main"] == 60
    assert not codes(r) & {"WOW116", "WOW117"}, [f.message for f in r.findings]
    assert codes(r, Severity.ERROR) <= {"WOW120"}, [f.message for f in r.findings]
    assert r.legal is (fmt in POOL_HOLDS_THE_DECK), [f.message for f in r.findings]


@pytest.mark.parametrize("fmt", sorted(set(WOW_FORMATS) - ONE_MASTER_HERO_CARD))
def test_two_master_hero_names_fail_every_format(fmt):
    r = check_text(TWO_NAMES, fmt)
    assert r.error is None, r.error
    found = [f for f in r.findings if f.code == "WOW116"]
    assert len(found) == 1 and not r.legal
    f = found[0]
    assert f.severity is Severity.ERROR and f.card == "Lord of Icecrown"
    assert (f.actual, f.expected) == (2, 1)
    assert "2 × The Lich King, 2 × Lord of Icecrown" in f.message, f.message
    assert "one kind of Master Hero (rule 100.2e" in f.message, f.message


def test_a_published_classic_list_with_four_copies_of_one_master_hero():
    # 2017 Classic list: "Master Hero (4)" / "4x Deathwing the Destroyer", 60 cards
    text = (ROOT / "tests" / "data" / "real-lists" / "wowtcg-merrick-items-total.txt").read_text(
        encoding="utf-8")
    r = check_text(text, "wowtcg-classic")
    assert r.error is None and r.counts["main"] == 60
    assert r.legal, [f.message for f in r.findings if f.severity is Severity.ERROR]
    assert "WOW116" not in codes(r)


# ------------------------------------------------------------ the format key and its checks


def _event(tmp_path: Path, master_hero: str) -> Path:
    folder = tmp_path / "formats" / "wowtcg"
    folder.mkdir(parents=True)
    (folder / "event.yaml").write_text(
        f"id: event\ngame: wowtcg\nextends: wowtcg-constructed\nmaster_hero: {master_hero}\n",
        encoding="utf-8")
    (tmp_path / ".deckcheck.yaml").write_text("formats-dirs: [formats]\n", encoding="utf-8")
    (tmp_path / "deck.txt").write_text(FOUR, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("written,said", [
    ("{max_card: 1}", "unknown key max_card (master_hero takes max_names, max_cards and zone)"),
    ("{max_names: -1}", "master_hero.max_names"),
    ("{max_names: null}", "give max_names or max_cards"),
    ("{zone: sideboard}", "master_hero.zone"),
    ("{max_cards: one}", "master_hero.max_cards"),
])
def test_a_wrong_master_hero_setting_is_a_clear_error(tmp_path, written, said):
    root = _event(tmp_path, written)
    proc = run_cli("check", "deck.txt", "-f", "event", cwd=root)
    err = proc.stderr.decode()
    assert proc.returncode == 2, (proc.stdout.decode(), err)
    assert "Traceback" not in err
    assert "event.yaml" in err and said in err, err


def test_an_event_that_rules_one_card(tmp_path):
    """``{max_cards: 1}`` keeps working next to the inherited ``max_names: 1``."""
    root = _event(tmp_path, "{max_cards: 1}")
    assert formats.load("event", [root / "formats"]).get("master_hero") == \
        {"max_names": 1, "max_cards": 1, "zone": "main"}
    config = Config(root=root, formats_dirs=[root / "formats"])
    r = check_source(SourceText(path="deck.txt", text=FOUR, encoding="utf-8"),
                     Options(format_id="event", config=config))
    assert r.error is None, r.error
    wow116 = [f for f in r.findings if f.code == "WOW116"]
    assert len(wow116) == 1 and (wow116[0].actual, wow116[0].expected) == (4, 1)
    assert "4 Master Hero cards (4 × The Lich King); event allows at most 1" in \
        wow116[0].message
    assert not r.legal
