"""The pre-commit hooks, run by the real pre-commit tool in a temporary repository."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

GRIMM = (ROOT / "tests" / "cases" / "_decks" / "fow" / "grimm.txt").read_text(encoding="utf-8")


def _pre_commit() -> str | None:
    exe = Path(sys.executable).parent / "pre-commit"
    return str(exe) if exe.exists() else shutil.which("pre-commit")


@pytest.mark.slow
@pytest.mark.skipif(_pre_commit() is None, reason="pre-commit is not installed (pip install pre-commit)")
@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_pre_commit_try_repo_fails_on_an_illegal_deck(tmp_path):
    repo = tmp_path / "decks-repo"
    (repo / "decks").mkdir(parents=True)
    (repo / "decks" / "good.txt").write_text(GRIMM, encoding="utf-8")
    (repo / "notes.txt").write_text("not a deck\n", encoding="utf-8")
    (repo / ".deckcheck.yaml").write_text('include: ["decks/**"]\n', encoding="utf-8")
    env = dict(os.environ, PRE_COMMIT_HOME=str(tmp_path / "pc-home"),
               GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.invalid",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.invalid")
    env.pop("DECKCHECK_CACHE_DIR", None)

    def git(*args):
        subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, env=env)

    git("init", "-q")
    git("add", ".")
    run = [_pre_commit(), "try-repo", str(ROOT), "deckcheck", "--all-files", "--verbose"]
    ok = subprocess.run(run, cwd=repo, capture_output=True, text=True, env=env, timeout=600)
    assert ok.returncode == 0, ok.stdout[-3000:] + ok.stderr[-2000:]
    (repo / "decks" / "bad.txt").write_text(
        GRIMM.replace("4 Tell a Fairy Tale", "3 Tell a Fairy Tale"), encoding="utf-8")
    git("add", ".")
    bad = subprocess.run(run, cwd=repo, capture_output=True, text=True, env=env, timeout=600)
    assert bad.returncode == 1, bad.stdout[-3000:] + bad.stderr[-2000:]
    assert "FOW101" in bad.stdout and "bad.txt" in bad.stdout
