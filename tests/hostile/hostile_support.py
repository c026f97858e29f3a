"""Helpers for the hostile-input tests: the deckcheck CLI in a child process with bounded
address space, the CPU time and peak memory it used, and snapshots of a directory tree.

Bounds are on work, never on the clock. On a busy machine (the suite once ran at a load
average of 8-11 on two cores) every run takes several times longer in wall time while the
work it does - its CPU time - stays the same, so a wall-clock limit fails honest runs. Here:

* :func:`run_bounded` runs ``deckcheck ARGS`` and returns a :class:`Run` whose
  ``cpu_seconds`` is the user + system time of the child and of every process it waited for
  (its ``-j`` workers), taken from ``os.wait4``: exact for that one child, whatever else
  runs, pytest-xdist workers included. ``seconds`` (wall time) is kept for the failure
  message only; no test passes or fails on it.
* :func:`assert_bounded_and_clean` checks ``cpu_seconds`` against :func:`cpu_limit`: a fixed
  :data:`CPU_LIMIT`, or :data:`CALIBRATION_FACTOR` times the CPU time of a calibration run
  (a plain legal deck through ``deckcheck check``, made once per test process) when that is
  larger, so a slow machine raises the bound in proportion. The peak resident memory of the
  child (``ru_maxrss`` from the same ``wait4``) is bounded by :data:`RSS_LIMIT_MB`.
* Two guards end a runaway child so that it fails instead of blocking the suite; neither is
  the criterion of a passing test. The kernel stops a child that has used
  :data:`CPU_GUARD` seconds of CPU (``RLIMIT_CPU``: a spinning child is stopped after the
  same amount of work however loaded the machine is), and a child still alive after
  :data:`HANG_GUARD` seconds of wall time (one blocked on a pipe uses no CPU) is killed with
  its process group. Either way ``Run.hung`` says so and the assertion names it.
* :func:`cpu_budget` bounds in-process work (a parser call) by the CPU time of this
  process (``time.process_time``); a ``SIGPROF`` timer, which counts CPU time only, stops
  work that runs past the budget, so a regression fails promptly instead of hanging.

Nothing large is kept in the repository: every hostile file is generated into a temporary
directory by the test that uses it.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import resource
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

#: every hostile input must be answered within this much CPU time (user + system) of the
#: child (the heaviest case of the corpus, 19,000 lines of OCTGN notes, needed 2.6 s where
#: the calibration run needed 0.36 s; the cubic pattern of issue 13 needed 20 s for 30 KB) …
CPU_LIMIT = 15.0
#: … or within this multiple of the calibration run's CPU time, if that is larger
CALIBRATION_FACTOR = 40
#: and within this peak resident memory (a normal run needs about 60 MB)
RSS_LIMIT_MB = 400
#: the child's address space is capped so that a runaway run fails instead of swapping
ADDRESS_SPACE = 2 * 1024 ** 3
#: the kernel stops a child after this much CPU time (guard only, see the module docstring)
CPU_GUARD = 120
#: a child still running after this many seconds of wall time is killed (hang guard only)
HANG_GUARD = 600.0
#: kept for the callers that imported it; the limit is on CPU time now, not wall time
TIME_LIMIT = CPU_LIMIT


@dataclass
class Run:
    args: tuple[str, ...]
    returncode: int
    stdout: str
    stderr: str
    seconds: float          # wall time: for the message only, never a pass criterion
    max_rss_mb: float
    cpu_seconds: float      # user + system time of the child and the processes it waited for
    hung: bool              # killed by the hang guard or stopped by the CPU guard

    def __str__(self) -> str:
        guard = " (stopped by a guard: a hang or a runaway)" if self.hung else ""
        return (f"deckcheck {' '.join(self.args)!r}: exit {self.returncode}{guard}, "
                f"{self.cpu_seconds:.2f}s CPU ({self.seconds:.2f}s wall), "
                f"{self.max_rss_mb:.0f} MB\n--- stderr:\n"
                f"{self.stderr[:2000]}\n--- stdout:\n{self.stdout[:2000]}")


def _limit_child() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_GUARD, CPU_GUARD + 5))


def deckcheck_command() -> list[str]:
    exe = Path(sys.executable).parent / "deckcheck"
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "deckcheck.cli"]


def _wait_guarded(pid: int, guard: float) -> tuple[int, resource.struct_rusage, bool]:
    """Wait for child ``pid`` and return its wait status, its rusage and whether it had to
    be killed after ``guard`` seconds. The child is reaped only once it has ended (or been
    killed), so the process group killed below cannot be another one's."""
    try:
        ready = os.pidfd_open(pid)
    except (AttributeError, OSError):     # no pidfd here: poll instead
        ready = None
    if ready is not None:
        try:
            ended = bool(select.select([ready], [], [], guard)[0])
        finally:
            os.close(ready)
    else:
        deadline = time.monotonic() + guard
        while True:
            # WNOWAIT: look without reaping, so that the pid stays this child's
            ended = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
            if ended or time.monotonic() > deadline:
                break
            time.sleep(0.02)
    if not ended:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pid, signal.SIGKILL)
    _, status, rusage = os.wait4(pid, 0)
    return status, rusage, not ended


def run_bounded(*args: str, cwd: Path, stdin: bytes | None = None,
                timeout: float = HANG_GUARD, env: dict | None = None) -> Run:
    """Run ``deckcheck ARGS`` in ``cwd`` and measure its CPU time and peak memory.

    ``timeout`` is a hang guard, not a limit: the child is killed after
    ``max(timeout, HANG_GUARD)`` seconds of wall time, far above any normal run however
    loaded the machine. Its output is captured in a temporary directory outside ``cwd``;
    ``stdin`` is written from a thread, so a child that stops reading cannot block the
    test either."""
    full_env = dict(os.environ, **(env or {}))
    with tempfile.TemporaryDirectory() as captured:
        out_path, err_path = Path(captured) / "out", Path(captured) / "err"
        guard = max(timeout, HANG_GUARD)
        report_r, report_w = os.pipe()
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            start = time.perf_counter()
            # through a small launcher process: a child forked from this (possibly large)
            # test process would report this process's resident memory as its own peak
            # (Linux keeps the pre-exec high-water mark in ru_maxrss)
            launcher = subprocess.Popen(
                [sys.executable, "-c", _LAUNCH, str(Path(__file__).parent), str(guard),
                 str(CPU_GUARD), str(ADDRESS_SPACE), str(report_w)]
                + deckcheck_command() + list(args),
                cwd=cwd, stdout=out, stderr=err, env=full_env, pass_fds=(report_w,),
                stdin=subprocess.DEVNULL if stdin is None else subprocess.PIPE)
            os.close(report_w)
            writer = None
            if stdin is not None:
                writer = threading.Thread(target=_feed, args=(launcher.stdin, stdin),
                                          daemon=True)
                writer.start()
            try:
                launcher.wait(guard + 60)
            except subprocess.TimeoutExpired:
                launcher.kill()
                launcher.wait()
            seconds = time.perf_counter() - start
            if writer is not None:        # the child has ended: the pipe is broken or done
                writer.join(HANG_GUARD)
            with os.fdopen(report_r, "rb") as fh:
                report = fh.read().decode("ascii").split()
        stdout = out_path.read_bytes().decode("utf-8", "replace")
        stderr = err_path.read_bytes().decode("utf-8", "replace")
    if len(report) != 4:
        raise RuntimeError(f"the launcher of {args!r} reported nothing (exit "
                           f"{launcher.returncode}): {stderr[-2000:]}")
    returncode, cpu_seconds, max_rss_kb, killed = int(report[0]), float(report[1]), \
        float(report[2]), report[3] == "1"
    guarded = killed or returncode == -signal.SIGXCPU or cpu_seconds >= CPU_GUARD
    return Run(tuple(args), returncode, stdout, stderr, seconds, max_rss_kb / 1024,
               cpu_seconds, guarded)


#: the launcher: runs the command with the limits and the guarded wait of this module and
#: writes "returncode cpu_seconds max_rss_kb killed" to the file descriptor it is given
_LAUNCH = """
import os, resource, subprocess, sys
sys.path.insert(0, sys.argv[1])
import hostile_support as hs
guard, hs.CPU_GUARD, hs.ADDRESS_SPACE, fd = float(sys.argv[2]), int(sys.argv[3]), \
    int(sys.argv[4]), int(sys.argv[5])
proc = subprocess.Popen(sys.argv[6:], preexec_fn=hs._limit_child, start_new_session=True)
status, rusage, killed = hs._wait_guarded(proc.pid, guard)
os.write(fd, ("%d %r %d %d" % (os.waitstatus_to_exitcode(status),
                               rusage.ru_utime + rusage.ru_stime, rusage.ru_maxrss,
                               killed)).encode("ascii"))
"""


def _feed(pipe, data: bytes) -> None:
    try:
        pipe.write(data)
    except BrokenPipeError:               # deckcheck stops reading at its size limit
        pass
    finally:
        with contextlib.suppress(BrokenPipeError):
            pipe.close()


@functools.cache
def calibration_cpu_seconds() -> float:
    """The CPU time of ``deckcheck check`` on a plain legal deck on this machine, measured
    once per test process (start-up, game data and one small list: the floor of every
    run)."""
    root = Path(__file__).resolve().parents[2]
    deck = (root / "tests" / "cases" / "_decks" / "fow" / "grimm.txt").read_text("utf-8")
    with tempfile.TemporaryDirectory() as work:
        (Path(work) / "deck.txt").write_text(deck, encoding="utf-8")
        run = run_bounded("check", "-f", "fow-classic", "deck.txt", cwd=Path(work))
    assert run.returncode == 0 and not run.hung, f"the calibration run failed: {run}"
    return run.cpu_seconds


def cpu_limit(factor: float = 1.0) -> float:
    """The CPU-time bound of one hostile run: :data:`CPU_LIMIT`, or
    :data:`CALIBRATION_FACTOR` times the calibration run if that is larger; ``factor``
    scales it for a run that checks many files at once."""
    return factor * max(CPU_LIMIT, CALIBRATION_FACTOR * calibration_cpu_seconds())


def assert_bounded_and_clean(run: Run) -> None:
    """The run ended within its CPU time and memory bounds, without a traceback, and every
    line on stderr is one deckcheck message."""
    assert not run.hung, str(run)
    limit = cpu_limit()
    assert run.cpu_seconds < limit, f"more than {limit:.1f}s of CPU: {run}"
    assert run.max_rss_mb < RSS_LIMIT_MB, str(run)
    assert run.returncode in (0, 1, 2), str(run)
    for stream in (run.stdout, run.stderr):
        assert "Traceback" not in stream, str(run)
        assert "internal error" not in stream, str(run)
    for line in run.stderr.splitlines():
        assert line.startswith("deckcheck: "), str(run)


class CPUBudgetExceeded(AssertionError):
    """In-process work used more CPU time than its budget."""


@contextlib.contextmanager
def cpu_budget(seconds: float):
    """Fail if the body uses ``seconds`` of this process's CPU time or more.

    In the main thread a ``SIGPROF`` timer (it counts CPU time, not wall time) raises
    :class:`CPUBudgetExceeded` inside the body as soon as the budget is spent - Python's
    regular-expression engine checks for signals, so a backtracking pattern is stopped
    too; elsewhere the CPU time is compared when the body ends. Yields a callable giving
    the CPU time used so far."""
    start = time.process_time()

    def used() -> float:
        return time.process_time() - start

    def over(*_):
        raise CPUBudgetExceeded(f"more than {seconds:.2f}s of CPU time")

    armed = threading.current_thread() is threading.main_thread()
    if armed:
        previous = signal.signal(signal.SIGPROF, over)
        # a little above the budget: the check after the body is the exact one
        signal.setitimer(signal.ITIMER_PROF, seconds * 1.05 + 0.01)
    try:
        yield used
    finally:
        if armed:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, previous)
    spent = used()
    assert spent < seconds, f"{spent:.2f}s of CPU time, the budget is {seconds:.2f}s"


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
