"""`.deckcheck.yaml`: discovery, patterns, presets, errors with file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckcheck.config import ConfigError, find_config, glob_match, load_config


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
    ("extends: nowhere.yaml\n", None, "neither a preset"),
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
