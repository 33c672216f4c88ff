"""``--jobs`` without a number: every core the process may run on, at most ``MAX_JOBS``.

conftest.py makes commands run in the test process take one worker; this module imports the
real ``default_jobs`` when it is collected, before that fixture replaces it, and a ``cutsheet``
process is checked as a user starts it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cutsheet.cli.arguments import MAX_JOBS, default_jobs


def test_the_default_is_the_cores_this_process_may_run_on(monkeypatch):
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {3}, raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    assert default_jobs() == 1  # taskset -c 3, or a container's CPU set of one


def test_the_default_is_at_most_max_jobs(monkeypatch):
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(1000)), raising=False)
    assert default_jobs() == MAX_JOBS


def test_without_an_affinity_every_core_of_the_machine_counts(monkeypatch):
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)  # macOS, Windows
    monkeypatch.setattr(os, "cpu_count", lambda: 6)
    assert default_jobs() == 6
    monkeypatch.setattr(os, "cpu_count", lambda: None)  # unknown
    assert default_jobs() == 1


FORKS_COUNTED = """
import os, sys
cores = os.sched_getaffinity(0)
os.sched_setaffinity(0, set(sorted(cores)[: int(sys.argv[2])]))
forks = []
real = os.fork
os.fork = lambda: (forks.append(1), real())[1]
from cutsheet.cli import main
code = main(["--root", sys.argv[1], "check", "mini"])
print(code, len(forks))
"""


def _check_on(cores: int, root: Path) -> list[str]:
    """``cutsheet check`` of the small game (two profiles: two jobs) in a process that may
    run on ``cores`` cores: its exit status and how many processes it forked."""
    run = subprocess.run(
        [sys.executable, "-c", FORKS_COUNTED, str(root), str(cores)],
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
    )
    return run.stdout.split()


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="no CPU affinity here")
def test_a_process_narrowed_to_one_core_checks_without_forking(mini):
    """Started on one core (as ``taskset -c N`` starts it), ``check`` forks no worker; on two
    (where the machine has them) it forks one for each of its two jobs."""
    assert _check_on(1, mini) == ["0", "0"]
    if len(os.sched_getaffinity(0)) >= 2:
        assert _check_on(2, mini) == ["0", "2"]
