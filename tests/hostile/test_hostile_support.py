"""The measuring tools of the hostile tests measure work, not the clock: a child's CPU time
(its workers' included) decides, waiting costs nothing, and the guards end a hang or a
runaway instead of letting it block the suite.

The children here are small Python programs put in place of the deckcheck command; no
test asserts anything about wall time.
"""

from __future__ import annotations

import os
import signal
import sys
import time

import pytest

import hostile_support
from hostile_support import (CPUBudgetExceeded, assert_bounded_and_clean, cpu_budget,
                             run_bounded)

#: spins until this process has used the given CPU time (argv[1], seconds)
SPIN = ("import sys, time\n"
        "end = float(sys.argv[1])\n"
        "while time.process_time() < end:\n"
        "    pass\n")


@pytest.fixture
def child(monkeypatch):
    """Make run_bounded run ``python -c CODE ARGS`` instead of deckcheck (and keep the
    calibration, which runs deckcheck, out of it: the bound is CPU_LIMIT)."""
    monkeypatch.setattr(hostile_support, "calibration_cpu_seconds", lambda: 0.0)

    def use(code: str) -> None:
        monkeypatch.setattr(hostile_support, "deckcheck_command",
                            lambda: [sys.executable, "-c", code])
    return use


def test_a_waiting_child_uses_no_cpu_time(child, tmp_path, monkeypatch):
    """Wall time spent waiting (for the CPU on a busy machine, or in a sleep) is not work:
    a child that waits longer than the bound passes it."""
    monkeypatch.setattr(hostile_support, "CPU_LIMIT", 1.0)
    monkeypatch.setattr(hostile_support, "TIME_LIMIT", 1.0)
    child("import time; time.sleep(1.5)")
    run = run_bounded(cwd=tmp_path)
    assert run.returncode == 0 and not run.hung, str(run)
    assert run.cpu_seconds < 1.0, str(run)
    assert_bounded_and_clean(run)


def test_the_cpu_time_of_the_child_and_its_workers_is_counted(child, tmp_path):
    """deckcheck -j N runs workers: their CPU time is the run's too."""
    child("import subprocess, sys\n"
          f"subprocess.run([sys.executable, '-c', {SPIN!r}, '0.6'], check=True)\n"
          + SPIN)                                   # then spins itself, for argv[1]
    run = run_bounded("0.4", cwd=tmp_path)
    assert run.returncode == 0 and not run.hung, str(run)
    assert run.cpu_seconds >= 0.9, str(run)         # 0.6 s in the worker, 0.4 s itself


def test_a_run_over_its_cpu_bound_fails(child, tmp_path, monkeypatch):
    monkeypatch.setattr(hostile_support, "CPU_LIMIT", 0.3)
    child(SPIN)
    run = run_bounded("0.6", cwd=tmp_path)
    assert run.returncode == 0 and run.cpu_seconds >= 0.6, str(run)
    with pytest.raises(AssertionError, match="more than 0.3s of CPU"):
        assert_bounded_and_clean(run)


def test_the_cpu_guard_stops_a_runaway_child(child, tmp_path, monkeypatch):
    """RLIMIT_CPU: the kernel stops the child after the guard's CPU time however busy the
    machine is (the loop below would spin for an hour)."""
    monkeypatch.setattr(hostile_support, "CPU_GUARD", 1)
    child(SPIN)
    run = run_bounded("3600", cwd=tmp_path)
    assert run.hung and run.returncode in (-signal.SIGXCPU, -signal.SIGKILL), str(run)
    assert 0.5 <= run.cpu_seconds < 10, str(run)   # (the kernel counts in ticks)
    with pytest.raises(AssertionError, match="stopped by a guard"):
        assert_bounded_and_clean(run)


def test_the_hang_guard_kills_a_blocked_child_and_its_workers(child, tmp_path, monkeypatch):
    """A child blocked on a pipe uses no CPU: only wall time can end it. The guard is far
    above any real run (HANG_GUARD); here it is made short to see it act."""
    monkeypatch.setattr(hostile_support, "HANG_GUARD", 0.5)
    pid_file = tmp_path / "worker.pid"
    child("import subprocess, sys, time\n"
          "w = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(3600)'])\n"
          f"open({str(pid_file)!r}, 'w').write(str(w.pid))\n"
          "time.sleep(3600)\n")
    run = run_bounded(cwd=tmp_path, timeout=0.1)   # a smaller timeout never lowers the guard
    assert run.hung and run.returncode == -signal.SIGKILL, str(run)
    with pytest.raises(AssertionError, match="stopped by a guard"):
        assert_bounded_and_clean(run)
    worker = int(pid_file.read_text())
    for _ in range(500):              # killed with the group; init reaps it (or not)
        if not _alive(worker):
            break
        time.sleep(0.01)
    else:
        os.kill(worker, signal.SIGKILL)
        pytest.fail("the worker outlived the hang guard")


def _alive(pid: int) -> bool:
    """The process exists and is not a zombie waiting to be reaped."""
    if not os.path.isdir("/proc/self"):     # no /proc: ask the kernel
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_standard_input_a_child_does_not_read_cannot_block(child, tmp_path):
    child("import sys; sys.stdin.buffer.read(10)")
    run = run_bounded(cwd=tmp_path, stdin=b"x" * (8 * 1024 * 1024))
    assert run.returncode == 0 and not run.hung, str(run)


def test_cpu_budget_charges_cpu_time_not_waiting():
    with cpu_budget(0.2) as used:
        time.sleep(0.4)
    assert used() < 0.2


def test_cpu_budget_stops_work_when_the_budget_is_spent():
    """The SIGPROF timer ends the loop (which would run for 5 s of CPU) near the budget,
    so a runaway parser fails instead of hanging the suite."""
    start = time.process_time()
    with pytest.raises(CPUBudgetExceeded):
        with cpu_budget(0.3):
            while time.process_time() - start < 5.0:
                pass
    assert time.process_time() - start < 1.0


def test_cpu_budget_fails_work_over_the_budget_without_the_timer(monkeypatch):
    """Outside the main thread there is no timer: the time is compared at the end."""
    monkeypatch.setattr(hostile_support.threading, "main_thread", lambda: None)
    start = time.process_time()
    with pytest.raises(AssertionError, match="budget is 0.20s"):
        with cpu_budget(0.2):
            while time.process_time() - start < 0.3:
                pass
