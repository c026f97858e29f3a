"""Shared test fixtures: the repository root, the public data sets, the CLI runner."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from deckcheck.resources import shared_dir

ROOT = Path(__file__).resolve().parent.parent
SHARED = shared_dir()

# a private cache directory per test session keeps tests independent of the user cache
os.environ.setdefault("DECKCHECK_CACHE_DIR", str(ROOT / ".deckcheck-cache"))


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config):
    """Run on every core when pytest-xdist is installed and no ``-n`` was given (the suite
    takes several minutes in one process); without pytest-xdist a plain ``pytest`` still
    runs, in one process."""
    if hasattr(config, "workerinput") or os.environ.get("PYTEST_XDIST_WORKER"):
        return                  # a worker of a parallel run: it never starts workers itself
    if getattr(config.option, "numprocesses", 0) is None and \
            config.pluginmanager.hasplugin("xdist"):
        config.option.numprocesses = "auto"


def needs_shared(*parts: str):
    """Skip unless ../shared (the full public data sets) has the given path."""
    path = SHARED.joinpath(*parts) if SHARED else None
    return pytest.mark.skipif(path is None or not path.exists(),
                              reason=f"needs the public data set ../shared/{'/'.join(parts)} "
                                     "(not present in this checkout)")


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def shared() -> Path:
    if SHARED is None:
        pytest.skip("needs ../shared (the public data sets), which is not present")
    return SHARED


def run_cli(*args: str, input: str | bytes | None = None, cwd: Path | None = None,
            env: dict | None = None) -> subprocess.CompletedProcess:
    """Run the real console entry point in a fresh process."""
    exe = Path(sys.executable).parent / "deckcheck"
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "deckcheck.cli"]
    full_env = dict(os.environ, **(env or {}))
    data = input.encode() if isinstance(input, str) else input
    return subprocess.run(cmd + list(args), input=data, capture_output=True, cwd=cwd or ROOT,
                          env=full_env, timeout=120)


@pytest.fixture
def cli():
    return run_cli


def scalar_strings(value):
    """Every string in a loaded YAML value (keys included): the importers' tests look
    through generated card data with it for text that must not be there."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from scalar_strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from scalar_strings(v)
    elif isinstance(value, str):
        yield value


def import_v3_sets(tmp_path_factory, codes, label: str):
    """Import MTGJSON v3 sets (the shared folder's ``<CODE>.json.xz``) into a tmp folder with
    the project's importer: ``(out folder, import summary)``; skips without the folder."""
    import shutil

    from deckcheck.games.mtg import importer as mtg

    folder = SHARED / "data" / "mtg" / "mtgjson3-all" / "json" if SHARED else None
    if folder is None or not folder.is_dir():
        pytest.skip("needs ../shared/data/mtg/mtgjson3-all/json (the whole MTGJSON v3 folder)")
    src = tmp_path_factory.mktemp(label)
    for code in codes:
        shutil.copy(folder / f"{code}.json.xz", src)
    out = tmp_path_factory.mktemp(label + "-out")
    return out, mtg.run(src, out, progress=False)
