"""Run one command as a child process and measure it: wall time, the peak RSS reported by
``os.wait4`` for that child alone, and (unless asked not to) the peak memory of its whole
process tree sampled from /proc while it runs. Output goes to a log file; a sampled run
also prints a heartbeat to stderr every 30 s.

Sampling is not free: each sample reads every process's PSS (the kernel walks its page
tables) and finds the tree's processes, which once meant reading all of /proc. On a
two-core machine a ``--jobs 2`` build has no core to spare for that, so a sampled run is
slower than the same run unsampled (3 % for ``--jobs 2``, 1 % for ``--jobs 1``, measured
side by side); the timed runs whose ratios are targets are therefore not sampled
(``sampled=False``), and their tree figure comes from one more run that is."""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

SAMPLE_S = 0.1
HEARTBEAT_S = 30.0
PAGE = os.sysconf("SC_PAGE_SIZE")
MIB = 1024 * 1024


@dataclass(frozen=True)
class Run:
    """One finished child: exit code, wall seconds and memory in MiB."""

    argv: tuple[str, ...]
    exit_code: int
    wall_s: float
    peak_mib: float  # ru_maxrss from wait4: the largest single process of the tree
    tree_mib: float | None  # sampled peak of the summed PSS of the child and all its
    # descendants; None for a run that was not sampled
    log: Path

    @property
    def ok(self) -> bool:
        return self.exit_code == 0

    def log_tail(self, lines: int = 15) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


def progress(message: str) -> None:
    print(f"bench: {message}", file=sys.stderr, flush=True)


def _parents() -> dict[int, int]:
    """pid → parent pid for every process visible in /proc."""
    parents: dict[int, int] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
        except OSError:
            continue
        parents[int(entry.name)] = int(stat.rpartition(")")[2].split()[1])
    return parents


LISTS_CHILDREN = Path(f"/proc/self/task/{os.getpid()}/children").exists()
"""Whether the kernel lists each thread's children (Linux 3.5+, CONFIG_PROC_CHILDREN)."""


def _children(pid: int) -> list[int]:
    """The children of ``pid``'s threads, as the kernel lists them ([] once it has ended)."""
    found: list[int] = []
    try:
        for task in os.scandir(f"/proc/{pid}/task"):
            try:
                found += map(int, Path(task.path, "children").read_text().split())
            except (OSError, ValueError):
                continue
    except OSError:
        pass
    return found


def descendants(root: int) -> list[int]:
    """``root`` and every process below it: from each process's own list of children,
    else from the parent of every process on the machine (a read of all of /proc)."""
    if not LISTS_CHILDREN:
        return _descendants_by_parent(root)
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(_children(pid))
    return found


def _descendants_by_parent(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for pid, ppid in _parents().items():
        children.setdefault(ppid, []).append(pid)
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def _memory_bytes(pid: int) -> int:
    """PSS (shared pages split between their sharers) or, without smaps_rollup, RSS."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE
    except (OSError, ValueError, IndexError):
        return 0


def tree_memory_bytes(root: int) -> int:
    return sum(_memory_bytes(pid) for pid in descendants(root))


class Sampler(threading.Thread):
    """Samples the tree's memory every SAMPLE_S and prints a heartbeat every HEARTBEAT_S."""

    def __init__(self, pid: int, label: str, start: float) -> None:
        super().__init__(daemon=True)
        self.pid, self.label, self.start_s = pid, label, start
        self.peak = 0
        self.samples = 0  # a run shorter than SAMPLE_S has none: its peak is not known
        self.done = threading.Event()

    def run(self) -> None:
        next_beat = self.start_s + HEARTBEAT_S
        while not self.done.wait(SAMPLE_S):
            self.peak = max(self.peak, tree_memory_bytes(self.pid))
            self.samples += 1
            now = time.perf_counter()
            if now >= next_beat:
                elapsed = now - self.start_s
                progress(f"  … {self.label}: {elapsed:.0f} s, tree {self.peak / MIB:.0f} MiB")
                next_beat += HEARTBEAT_S


def _spawn(argv: Sequence[str], log: Path, env: Mapping[str, str]) -> int:
    """Start argv[0] (a path) with stdout and stderr both going to ``log``."""
    actions = [
        (os.POSIX_SPAWN_OPEN, 1, str(log), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
        (os.POSIX_SPAWN_DUP2, 1, 2),
    ]
    return os.posix_spawn(argv[0], list(argv), dict(env), file_actions=actions)


def measure(
    argv: Sequence[str],
    log: Path,
    label: str,
    env: Mapping[str, str] | None = None,
    sampled: bool = True,
) -> Run:
    """Run argv to completion; its rusage comes from wait4 on this one child, so nothing
    accumulates across runs the way RUSAGE_CHILDREN would. ``sampled``: whether the tree's
    memory is sampled meanwhile (see the module's note)."""
    start = time.perf_counter()
    pid = _spawn(argv, log, os.environ if env is None else env)
    sampler = Sampler(pid, label, start) if sampled else None
    if sampler is not None:
        sampler.start()
    _pid, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    if sampler is not None:
        sampler.done.set()
        sampler.join()
    return Run(
        argv=tuple(argv),
        exit_code=os.waitstatus_to_exitcode(status),
        wall_s=wall,
        peak_mib=usage.ru_maxrss * 1024 / MIB,  # Linux reports KiB
        tree_mib=None if sampler is None or not sampler.samples else sampler.peak / MIB,
        log=log,
    )
