"""One preparation step for every command (deckcheck.api.prepare): check, fix and convert
see the same formats and card data — the config's ``formats-dirs`` and ``cards:`` folders
included. ``convert`` used to load formats and cards without them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from deckcheck.api import Options, parse_source, prepare
from deckcheck.config import load_config
from deckcheck.reading import SourceText

from conftest import ROOT

# a Force of Will card only the repository's own card data knows
OWN_CARD = """cards:
  - id: TST-999
    name: Zzyzx, the Test Resonator
    types: [resonator]
    attribute: [light]
    cost: 1
"""
GRIMM = (ROOT / "tests" / "cases" / "_decks" / "fow" / "grimm.txt").read_text(encoding="utf-8")


def _repository(tmp_path: Path) -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / "cards" / "fow").mkdir(parents=True)
    (tmp_path / "cards" / "fow" / "own.yaml").write_text(OWN_CARD, encoding="utf-8")
    (tmp_path / "formats" / "fow").mkdir(parents=True)
    (tmp_path / "formats" / "fow" / "fow-house.yaml").write_text(
        "id: fow-house\ngame: fow\nextends: fow-classic\nname: House rules\n", encoding="utf-8")
    (tmp_path / ".deckcheck.yaml").write_text(
        "formats-dirs: [formats]\ncards: {fow: cards/fow}\n", encoding="utf-8")
    return tmp_path


def test_convert_reads_the_configs_formats_and_cards(tmp_path, monkeypatch):
    repo = _repository(tmp_path)
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(ROOT / ".deckcheck-cache" / "prepare"))
    monkeypatch.chdir(repo)
    config = load_config(repo / ".deckcheck.yaml", discover=False)
    text = "Format: fow-house\n" + GRIMM + "1 Zzyzx, the Test Resonator\n"
    deck, game, format_id = parse_source(SourceText("deck.txt", text, "utf-8"),
                                         Options(config=config))
    assert (game.id, format_id) == ("fow", "fow-house")
    own = [e for e in deck.entries if e.name == "Zzyzx, the Test Resonator"]
    assert own and own[0].card is not None and own[0].card.id == "TST-999"


def test_check_and_convert_prepare_alike(tmp_path, monkeypatch):
    repo = _repository(tmp_path)
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(ROOT / ".deckcheck-cache" / "prepare"))
    monkeypatch.chdir(repo)
    config = load_config(repo / ".deckcheck.yaml", discover=False)
    src = SourceText("deck.txt", "Format: fow-house\n" + GRIMM, "utf-8")
    checking, reading = prepare(src, Options(config=config)), \
        prepare(src, Options(config=config), checking=False)
    assert checking.format.id == reading.format.id == "fow-house"
    assert checking.db is reading.db            # the same card data, the config's folder
    assert checking.db.get("TST-999") is not None


def test_the_convert_command_uses_the_config(tmp_path):
    repo = _repository(tmp_path)
    (repo / "deck.txt").write_text("Format: fow-house\n" + GRIMM + "1 Zzyzx, the Test Resonator\n",
                                   encoding="utf-8")
    env = dict(os.environ, DECKCHECK_CACHE_DIR=str(ROOT / ".deckcheck-cache" / "prepare"),
               PYTHONPATH=str(ROOT))      # this checkout's deckcheck, whatever is installed
    run = subprocess.run([sys.executable, "-m", "deckcheck", "convert", "deck.txt", "--to", "text"],
                         cwd=repo, capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "1 Zzyzx, the Test Resonator" in run.stdout


def _run(repo: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, DECKCHECK_CACHE_DIR=str(ROOT / ".deckcheck-cache" / "prepare"),
               PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "deckcheck", *args], cwd=repo,
                          capture_output=True, text=True, env=env, timeout=300)


def test_the_formats_commands_read_the_configs_formats_dirs(tmp_path):
    repo = _repository(tmp_path)
    listed = _run(repo, "formats", "fow")
    assert listed.returncode == 0, listed.stderr
    assert "fow-house" in listed.stdout and "House rules" in listed.stdout
    shown = _run(repo, "formats", "show", "fow-house")
    assert shown.returncode == 0, shown.stderr
    assert "fow-house" in shown.stdout
    # without the config only the shipped formats are seen, as `check` would see them
    bare = _run(repo, "formats", "fow", "--no-config")
    assert bare.returncode == 0 and "fow-house" not in bare.stdout
    missing = _run(repo, "formats", "show", "fow-house", "--no-config")
    assert missing.returncode == 2 and "fow-house" in missing.stderr


def test_sample_reads_the_configs_formats_dirs(tmp_path):
    repo = _repository(tmp_path)
    (repo / "formats" / "mageknight").mkdir()
    (repo / "formats" / "mageknight" / "mageknight-house.yaml").write_text(
        "id: mageknight-house\ngame: mageknight\nextends: mageknight-starting\nname: House\n",
        encoding="utf-8")
    made = _run(repo, "sample", "mageknight-house", "tovak")
    assert made.returncode == 0, made.stderr
    assert "Format: mageknight-house" in made.stdout and "Hero: Tovak" in made.stdout
    bare = _run(repo, "sample", "mageknight-house", "tovak", "--no-config")
    assert bare.returncode == 2
    assert bare.stderr.startswith("deckcheck: error: 'mageknight-house' is not a known format")


def test_the_cards_commands_read_the_configs_cards_folder(tmp_path):
    repo = _repository(tmp_path)
    shown = _run(repo, "cards", "show", "-g", "fow", "Zzyzx, the Test Resonator")
    assert shown.returncode == 0, shown.stderr + shown.stdout
    assert "TST-999" in shown.stdout
    found = _run(repo, "cards", "search", "-g", "fow", "Zzyzx")
    assert found.returncode == 0 and "Zzyzx, the Test Resonator" in found.stdout
    bare = _run(repo, "cards", "show", "-g", "fow", "Zzyzx, the Test Resonator", "--no-config")
    assert bare.returncode == 1 and "TST-999" not in bare.stdout


def test_a_broken_config_stops_the_lookup_commands(tmp_path):
    repo = _repository(tmp_path)
    (repo / ".deckcheck.yaml").write_text("formats-dirs: 3\n", encoding="utf-8")
    for args in (("formats",), ("cards", "search", "-g", "fow", "Zzyzx")):
        run = _run(repo, *args)
        assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
        assert ".deckcheck.yaml" in run.stderr
