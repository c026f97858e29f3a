"""`.deckcheck.yaml`: discovery, patterns, presets, errors with file and line."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from deckcheck.config import ConfigError, find_config, glob_match, load_config
from deckcheck.safeio import UnsafeFileError, check_regular_file, read_regular_file


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_discovery_stops_at_repository_root(tmp_path, monkeypatch):
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    write(tmp_path / ".deckcheck.yaml", "lang: en\n")        # outside the repository
    sub = repo / "decks" / "fow"
    sub.mkdir(parents=True)
    assert find_config(sub) is None
    cfg = write(repo / ".deckcheck.yaml", "lang: zh-Hans\n")
    assert find_config(sub) == cfg


def test_patterns_dates_and_ignores(tmp_path):
    cfg_path = write(tmp_path / ".deckcheck.yaml", """
extends: casual
include: ["decks/**"]
exclude: ["decks/drafts/**"]
formats:
  - path: "decks/fow/**"
    format: fow-classic
  - path: "decks/mtg/2012/**"
    format: mtg-standard
    date: 2012-02-03
select: [DCK, fow]
ignore: [DCK003]
per-file-ignores: {"decks/old/**": [FOW112]}
severity: {FOW112: error}
""")
    cfg = load_config(cfg_path)
    assert cfg.format_for(tmp_path / "decks/fow/a/b.txt").format == "fow-classic"
    rule = cfg.format_for(tmp_path / "decks/mtg/2012/x.txt")
    assert (rule.format, rule.date) == ("mtg-standard", "2012-02-03")
    assert cfg.format_for(tmp_path / "other/x.txt") is None
    assert cfg.wants(tmp_path / "decks/fow/x.txt")
    assert not cfg.wants(tmp_path / "decks/drafts/x.txt")
    assert not cfg.wants(tmp_path / "notes/x.txt")
    assert cfg.select == ["DCK", "FOW"] and cfg.ignore == ["DCK003"]
    assert cfg.ignored_for(tmp_path / "decks/old/a.txt") == ["FOW112"]
    assert cfg.severity == {"DCK003": "info", "FOW112": "error"}   # casual preset + own


@pytest.mark.parametrize("text,line,needle", [
    ("lang: en\nformats:\n  - path: x\n    fromat: fow-classic\n", 4, "fromat"),
    ("select: [DCK, 'not a code']\n", 1, "not a rule code"),
    ("lang: klingon\n", 1, "lang"),
    ("formats: [\n", 2, "invalid YAML"),
    ("x: !!python/object/apply:os.system ['true']\n", 1, "invalid YAML"),
    ("extends: nowhere.yaml\n", 1, "neither a preset"),
    ("lang: en\ncards: {fwo: cards}\n", 2, "cards.fwo: not a game; the games are fow"),
    ("formats-dirs: [nowhere]\n", 1, "formats-dirs.0: 'nowhere' is not a folder"),
    ("include: [decks/**, ../*]\n", 1, "include.1: the pattern '../*' climbs out"),
    ("formats:\n  - path: x\n    format: mtg-standard\n    date: 2012-02-30\n", 4, "invalid date"),
    ("formats:\n  - path: x\n    format: fow-wandrer\n", 3, "did you mean fow-wanderer?"),
])
def test_errors_name_file_and_line(tmp_path, text, line, needle):
    cfg_path = write(tmp_path / ".deckcheck.yaml", text)
    with pytest.raises(ConfigError) as err:
        load_config(cfg_path)
    msg = str(err.value)
    assert needle in msg and ".deckcheck.yaml" in msg
    if line is not None:
        assert f".deckcheck.yaml:{line}:" in msg


def test_registration_preset_makes_non_exact_names_errors(tmp_path):
    cfg = load_config(write(tmp_path / "c.yaml", "extends: registration\n"))
    assert cfg.severity["DCK005"] == "error" and cfg.severity["DCK003"] == "error"


def test_glob():
    assert glob_match("decks/a/b.txt", "decks/**")
    assert glob_match("decks/b.txt", "decks/**/*.txt")
    assert not glob_match("other/decks/b.txt", "decks/**")


def test_the_repository_is_the_nearest_folder_holding_git(tmp_path):
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    assert load_config(write(repo / "ci" / "deckcheck.yaml", "lang: en\n")).repository == repo
    alone = write(tmp_path / "elsewhere" / "c.yaml", "lang: en\n")
    assert load_config(alone).repository == alone.parent     # no .git: its own folder


def test_a_config_name_that_is_no_file_is_refused_not_skipped(tmp_path, monkeypatch):
    """A folder (or FIFO, or device link) named .deckcheck.yaml was passed over for a
    configuration further up, or none; now it is named as the problem."""
    (tmp_path / ".git").mkdir()
    (tmp_path / ".deckcheck.yaml").mkdir()
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError, match=r"\.deckcheck\.yaml: the configuration is a folder, "
                                          "not a regular file"):
        load_config()


def test_messages_show_control_characters_escaped_and_long_values_shortened(tmp_path):
    cfg_path = write(tmp_path / ".deckcheck.yaml", '"evil\\e[2J\\u202ekey": 1\n')
    with pytest.raises(ConfigError) as err:
        load_config(cfg_path)
    assert "\x1b" not in str(err.value) and "\u202e" not in str(err.value)
    assert "evil\\x1b[2J\\u202ekey: unknown key" in str(err.value)
    cfg_path = write(tmp_path / ".deckcheck.yaml", f"select: [{'X' * 300}]\n")
    with pytest.raises(ConfigError) as err:
        load_config(cfg_path)
    assert "X" * 39 + "…' is not a rule code" in str(err.value) and "X" * 41 not in str(err.value)


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="needs /dev/null (POSIX)")
def test_safe_reader_refuses_devices_large_files_and_links_out_of_the_root(tmp_path):
    with pytest.raises(UnsafeFileError, match="is a character device, not a regular file"):
        check_regular_file(Path("/dev/null"), 1024, "card file")
    small = write(tmp_path / "root" / "a.yaml", "x: 1\n")
    assert read_regular_file(small, 5, "card file", tmp_path / "root") == b"x: 1\n"
    with pytest.raises(UnsafeFileError, match="larger than 4 bytes"):
        read_regular_file(small, 4, "card file")
    outside = write(tmp_path / "secret.yaml", "token: 1\n")
    (tmp_path / "root" / "b.yaml").symlink_to(outside)
    with pytest.raises(UnsafeFileError, match="outside the repository .*a link to") as err:
        read_regular_file(tmp_path / "root" / "b.yaml", 1024, "card file", tmp_path / "root")
    assert "token" not in str(err.value)
    assert read_regular_file(tmp_path / "root" / "b.yaml", 1024, "card file") == b"token: 1\n"
