"""The wheel carries formats/ and cards/: install into a fresh virtual environment and run
from another directory, as a user would."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from conftest import ROOT

GRIMM = (ROOT / "tests" / "cases" / "_decks" / "fow" / "grimm.txt").read_text(encoding="utf-8")


@pytest.mark.slow
def test_wheel_installs_and_runs_elsewhere(tmp_path):
    wheel_dir = tmp_path / "wheel"
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                            str(wheel_dir), str(ROOT)], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    wheel = next(wheel_dir.glob("deckcheck-*.whl"))
    env_dir = tmp_path / "env"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    py = env_dir / "bin" / "python"
    install = subprocess.run([str(py), "-m", "pip", "install", "-q", str(wheel)],
                             capture_output=True, text=True)
    assert install.returncode == 0, install.stderr[-2000:]
    elsewhere = tmp_path / "somewhere"
    elsewhere.mkdir()
    (elsewhere / "grimm.txt").write_text(GRIMM, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("DECKCHECK_")}
    env["DECKCHECK_CACHE_DIR"] = str(tmp_path / "cache")
    exe = env_dir / "bin" / "deckcheck"
    r = subprocess.run([str(exe), "check", "grimm.txt"], cwd=elsewhere, capture_output=True,
                       text=True, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    r = subprocess.run([str(exe), "formats"], cwd=elsewhere, capture_output=True, text=True,
                       env=env)
    assert r.returncode == 0 and "fow-classic" in r.stdout
    files = subprocess.run([str(py), "-c", "import deckcheck.resources as r; "
                            "print(r.data_dir('cards'), r.data_dir('formats'))"],
                           cwd=elsewhere, capture_output=True, text=True, env=env).stdout
    assert "site-packages" in files
    typed = subprocess.run([str(py), "-c", "import deckcheck, pathlib; print(pathlib.Path("
                            "deckcheck.__file__).with_name('py.typed').is_file())"],
                           cwd=elsewhere, capture_output=True, text=True, env=env).stdout
    assert typed.strip() == "True"     # type checkers read the installed package's hints
