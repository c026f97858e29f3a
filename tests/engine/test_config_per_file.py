"""Each checked file's configuration is found from its own folder upward (design §7), as
ruff and sqlfluff do: from outside the repository too, one per folder in one run, the
defaults where there is none, ``--config`` over all of them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import ROOT
from deckcheck.config import ConfigError
from deckcheck.configs import ConfigFinder

GRIMM = (ROOT / "tests" / "cases" / "_decks" / "fow" / "grimm.txt").read_text(encoding="utf-8")
NO_FORMAT = "".join(line for line in GRIMM.splitlines(keepends=True)
                    if not line.lower().startswith("format:"))


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def repo(tmp_path) -> Path:
    """repo/.deckcheck.yaml maps decks/classic/** to fow-classic; decks/wanderer has its own
    configuration; decks/plain is matched by no pattern; outside/ has no configuration up to
    its own repository root (a config above that root is never used)."""
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    write(repo / ".deckcheck.yaml", 'formats:\n  - {path: "decks/classic/**", format: fow-classic}\n')
    write(repo / "decks" / "wanderer" / ".deckcheck.yaml",
          'formats:\n  - {path: "**", format: fow-wanderer}\nignore: [DCK029]\n')
    for folder in ("classic", "wanderer", "plain"):
        write(repo / "decks" / folder / "grimm.txt", NO_FORMAT)
    (tmp_path / "outside" / ".git").mkdir(parents=True)
    write(tmp_path / ".deckcheck.yaml", "formats: [{path: '**', format: fow-classic}]\n")
    write(tmp_path / "outside" / "grimm.txt", NO_FORMAT)
    return repo


def test_finder_gives_each_folder_its_nearest_configuration(repo):
    finder = ConfigFinder()
    top = finder.for_file(repo / "decks" / "classic" / "grimm.txt")
    assert top.path == (repo / ".deckcheck.yaml").resolve()
    assert finder.for_file(repo / "decks" / "plain" / "grimm.txt") is top   # loaded once
    own = finder.for_file(repo / "decks" / "wanderer" / "grimm.txt")
    assert own.path == (repo / "decks" / "wanderer" / ".deckcheck.yaml").resolve()
    assert own.format_for(repo / "decks" / "wanderer" / "grimm.txt").format == "fow-wanderer"
    # no configuration up to the repository root: the defaults, not the one above the root
    assert finder.for_file(repo.parent / "outside" / "grimm.txt").path is None
    assert finder.for_file("-") is finder.fallback


def test_finder_refuses_a_broken_configuration(repo):
    write(repo / "decks" / "plain" / ".deckcheck.yaml", "formats: [\n")
    with pytest.raises(ConfigError, match="invalid YAML"):
        ConfigFinder().for_file(repo / "decks" / "plain" / "grimm.txt")


def results(r) -> dict[str, dict]:
    doc = json.loads(r.stdout.decode())
    return {Path(x["path"]).parent.name: x for x in doc["results"]}


def test_check_from_outside_the_repository_uses_each_files_configuration(cli, repo):
    # with worker processes: each gets the finder, and cards come back from the right data
    r = cli("check", str(repo / "decks"), "--output-format", "json", "-j", "2",
            cwd=repo.parent.parent)
    got = results(r)
    assert got["classic"]["format"] == "fow-classic" and got["classic"]["legal"]
    assert got["wanderer"]["format"] == "fow-wanderer"
    assert "DCK029" not in [f["code"] for f in got["wanderer"]["findings"]]  # its own ignore
    # no pattern of the configuration used matches: the message says which one it was
    assert "no format given" in got["plain"]["error"]
    assert str((repo / ".deckcheck.yaml").resolve()) in got["plain"]["error"]
    assert r.returncode == 2


def test_one_named_file_from_outside_and_config_overriding_all(cli, repo):
    deck = repo / "decks" / "classic" / "grimm.txt"
    r = cli("check", str(deck), "--output-format", "json", cwd=repo.parent.parent)
    assert r.returncode == 0 and results(r)["classic"]["format"] == "fow-classic"
    r = cli("check", str(repo / "decks"), "--output-format", "json",
            "--config", str(repo / "decks" / "wanderer" / ".deckcheck.yaml"),
            cwd=repo.parent.parent)
    assert {x["format"] for x in results(r).values()} == {"fow-wanderer"}


def test_no_configuration_found_says_so(cli, repo):
    r = cli("check", str(repo.parent / "outside" / "grimm.txt"), cwd=repo.parent.parent)
    err = r.stderr.decode()
    assert r.returncode == 2
    assert "-f FORMAT" in err and "Format: <id>" in err
    assert "none was found from the file's folder up to its repository root" in err
