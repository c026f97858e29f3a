"""Helpers for the hostile-input tests: the deckcheck CLI in a child process with bounded
address space, its wall time and peak memory, and snapshots of a directory tree.

Nothing large is kept in the repository: every hostile file is generated into a temporary
directory by the test that uses it.
"""

from __future__ import annotations

import hashlib
import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

#: every hostile input must be answered within this wall time …
TIME_LIMIT = 10.0
#: … and this peak resident memory (a normal run needs about 60 MB)
RSS_LIMIT_MB = 400
#: the child's address space is capped so that a runaway run fails instead of swapping
ADDRESS_SPACE = 2 * 1024 ** 3


@dataclass
class Run:
    args: tuple[str, ...]
    returncode: int
    stdout: str
    stderr: str
    seconds: float
    max_rss_mb: float

    def __str__(self) -> str:
        return (f"deckcheck {' '.join(self.args)!r}: exit {self.returncode} in "
                f"{self.seconds:.2f}s, {self.max_rss_mb:.0f} MB\n--- stderr:\n"
                f"{self.stderr[:2000]}\n--- stdout:\n{self.stdout[:2000]}")


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def deckcheck_command() -> list[str]:
    exe = Path(sys.executable).parent / "deckcheck"
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "deckcheck.cli"]


def run_bounded(*args: str, cwd: Path, stdin: bytes | None = None,
                timeout: float = 60.0, env: dict | None = None) -> Run:
    """Run ``deckcheck ARGS`` in ``cwd`` and measure it; the child is killed after
    ``timeout``. Its output is captured in a temporary directory outside ``cwd``."""
    full_env = dict(os.environ, **(env or {}))
    with tempfile.TemporaryDirectory() as captured:
        out_path, err_path = Path(captured) / "out", Path(captured) / "err"
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            start = time.perf_counter()
            proc = subprocess.Popen(deckcheck_command() + list(args), cwd=cwd, stdout=out,
                                    stderr=err, env=full_env, preexec_fn=_limit_memory,
                                    stdin=subprocess.DEVNULL if stdin is None
                                    else subprocess.PIPE)
            if stdin is not None:
                try:
                    proc.stdin.write(stdin)
                except BrokenPipeError:   # deckcheck stops reading at its size limit
                    pass
                proc.stdin.close()
            while True:                   # os.wait4 also gives the child's peak memory
                pid, status, rusage = os.wait4(proc.pid, os.WNOHANG)
                if pid:
                    break
                if time.perf_counter() - start > timeout:
                    proc.kill()
                    pid, status, rusage = os.wait4(proc.pid, 0)
                    break
                time.sleep(0.005)
            seconds = time.perf_counter() - start
            proc.returncode = os.waitstatus_to_exitcode(status)
        stdout = out_path.read_bytes().decode("utf-8", "replace")
        stderr = err_path.read_bytes().decode("utf-8", "replace")
    return Run(tuple(args), proc.returncode, stdout, stderr, seconds, rusage.ru_maxrss / 1024)


def assert_bounded_and_clean(run: Run) -> None:
    """The run ended in time and memory, without a traceback, and every line on stderr is
    one deckcheck message."""
    assert run.seconds < TIME_LIMIT, str(run)
    assert run.max_rss_mb < RSS_LIMIT_MB, str(run)
    assert run.returncode in (0, 1, 2), str(run)
    for stream in (run.stdout, run.stderr):
        assert "Traceback" not in stream, str(run)
        assert "internal error" not in stream, str(run)
    for line in run.stderr.splitlines():
        assert line.startswith("deckcheck: "), str(run)


def snapshot(root: Path) -> dict[str, tuple]:
    """Every entry under ``root`` (not following symbolic links): kind, size and a hash."""
    out: dict[str, tuple] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            rel = os.fsencode(p.relative_to(root))
            st = os.lstat(p)
            if p.is_symlink():
                out[rel] = ("link", os.readlink(p))
            elif p.is_file():
                try:
                    digest = hashlib.sha1(p.read_bytes()).hexdigest()
                except PermissionError:
                    digest = None
                out[rel] = ("file", st.st_size, digest, st.st_mode)
            else:
                out[rel] = ("other", st.st_mode)
    return out
