"""A job's parts drawn in two processes when a core would otherwise wait.

Once the last jobs are handed out, a worker that finishes has nothing left to do while another
may still have several parts to draw. The processes of a build share one count of idle cores
(``Cores``, in shared memory, made before the workers fork): the build adds one when a worker
finds no job left for it. A job that still has two parts or more to draw takes one between two
parts, forks, and the child draws every other one of those left. A job draws its light
parts (rules, booklets) first and its heavy ones (cards, sheets) last, so a core that falls
idle late in a build still finds heavy parts to share. The plan and the print plans
are in the memory the child starts with, so nothing is planned twice, and neither process
waits for the other until its own half is drawn. The child sends its parts back through a
pipe, gives its core back and ends; the job takes the parts in their order, as if it had
drawn them all. Where a part is drawn never changes its bytes: drawing reads its
``PartInput`` alone."""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from .diagnostics import Problem

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext

    from .impose.print_plan import PrintPlan
    from .render.parts import PartInput
    from .targets import Rendered
    from .targets.pdf import Keep

Unit = tuple["PrintPlan", "PartInput"]
Outcome = tuple["Rendered | None", bool, list[Problem], BaseException | None]
"""One part as drawn: its file (None: left out), whether the paper's later parts are left
out after it, the problems drawing it found, and the exception it raised (if any)."""


def forking() -> BaseContext | None:
    """How a build's worker processes start: forked on Linux, so that they begin with what
    ``jobs.warm`` imported and ``Schedule.preload`` loaded, and share the build's count of
    idle cores (``Cores``), whatever the interpreter's default (Python 3.14 starts them
    from a fork server there, cold); elsewhere the platform's own way (macOS and Windows
    spawn them, and each imports afresh)."""
    if not sys.platform.startswith("linux"):
        return None
    import multiprocessing

    return multiprocessing.get_context("fork")


class Cores:
    """How many cores the build's processes leave idle (shared by every process forked after
    it is made); below zero while more processes draw than there are cores."""

    def __init__(self, idle: int = 0) -> None:
        import multiprocessing

        self._idle = (forking() or multiprocessing).Value("i", idle)

    def add(self, n: int) -> None:
        with self._idle.get_lock():
            self._idle.value += n

    def take(self) -> bool:
        """One idle core for this process's use, if there is one."""
        with self._idle.get_lock():
            if self._idle.value <= 0:
                return False
            self._idle.value -= 1
            return True


HEAVY = ("cards", "sheets")
"""The parts a child is started for (``_worth_a_child``)."""

_cores: list[Cores] = []  # the build's, while it runs; none: every part is drawn in turn


@contextmanager
def sharing(idle: int) -> Iterator[Cores]:
    """While it lasts, jobs of this process and of the workers forked in it may draw half
    their parts in a child process when a core is idle (``idle``: how many are at first)."""
    cores = Cores(idle)
    _cores.append(cores)
    try:
        yield cores
    finally:
        _cores.remove(cores)


def _spare() -> bool:
    """Whether a core is idle now, taking it (a process with other threads never forks)."""
    if not _cores or threading.active_count() != 1 or not _machine_has_room():
        return False
    return _cores[-1].take()


def _machine_has_room() -> bool:
    """Whether fewer processes run on the machine right now than it has cores (Linux: the
    running count of ``/proc/loadavg``, this process included): a worker of this build with
    nothing to do leaves its core idle only if no other program takes it, and a child would
    otherwise draw its parts no sooner, only on top of the rest. True where it cannot tell."""
    try:
        with open("/proc/loadavg", "rb") as stat:
            running = int(stat.read().split()[3].split(b"/")[0])
    except (OSError, ValueError, IndexError):
        return True
    return running < usable_cores()


def usable_cores() -> int:
    """The cores this process may run on: its CPU affinity on Linux (``taskset`` and a
    container's CPU set narrow it), every core the machine has elsewhere."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # macOS and Windows have no affinity to read
        return os.cpu_count() or 1


def draw_parts(
    printed: Sequence[PrintPlan],
    problems: list[Problem],
    keep: Keep | None,
    only: Collection[str] | None,
) -> list[tuple[PrintPlan, list[Rendered]]]:
    """``targets.pdf.draw`` of each print plan in turn, the same files and problems, with
    half the parts left drawn in a child process whenever a core is idle. The light parts
    (rules, booklets) are drawn first and the heavy ones (cards, sheets) last, so a core
    that falls idle near the end of a build still finds heavy parts to share: drawn in the
    papers' order, the last job of a two-worker build ended on its light parts alone, which
    are never worth a child, while the other core waited (0.2 s of a cold build)."""
    from .render.parts import part_inputs

    units = [(plan, inp) for plan in printed for inp in part_inputs(plan)]
    light_first = sorted(range(len(units)), key=lambda i: units[i][1].name in HEAVY)
    outcomes = _draw(units, light_first, keep, only)
    files: dict[int, list[Rendered]] = {id(plan): [] for plan in printed}
    stopped: set[int] = set()
    for i, (plan, _inp) in enumerate(units):
        rendered, stop, found, error = outcomes[i]
        if id(plan) in stopped:  # drawn in turn, it would not have been drawn at all
            continue
        if error is not None:
            raise error
        problems.extend(found)
        if stop:
            stopped.add(id(plan))
        elif rendered is not None:
            files[id(plan)].append(rendered)
    return [(plan, files[id(plan)]) for plan in printed]


def _draw(
    units: list[Unit], todo: list[int], keep: Keep | None, only: Collection[str] | None
) -> dict[int, Outcome]:
    """The outcome of each unit of ``todo``, drawn in turn here, every other one of those
    left handed to a child whenever a core is idle."""
    from .targets.pdf import draw_input

    done: dict[int, Outcome] = {}
    children: list[_Child] = []
    stopped: dict[int, int] = {}  # a plan -> its first unit that stopped it (units' order)
    todo = list(todo)
    while todo:
        if _worth_a_child(units, todo) and _spare():
            child = _Child.start(units, todo[1::2], keep, only)
            if child is not None:
                children.append(child)
                todo = todo[::2]
        i = todo.pop(0)
        plan, inp = units[i]
        if stopped.get(id(plan), len(units)) < i:  # after its paper stopped: left out
            done[i] = (None, False, [], None)
            continue
        found: list[Problem] = []
        try:
            rendered, stop = draw_input(plan, inp, found, keep, only)
        except Exception as exc:  # raised in order by ``draw_parts``, as drawing in turn would
            done[i] = (None, False, [], exc)
            stopped[id(plan)] = min(i, stopped.get(id(plan), i))
            continue
        if stop:
            stopped[id(plan)] = min(i, stopped.get(id(plan), i))
        done[i] = (rendered, stop, found, None)
    for child in children:
        done.update(child.outcomes())
    return done


def _worth_a_child(units: list[Unit], todo: list[int]) -> bool:
    """Whether the parts a child would draw (every other one of ``todo``) are worth a fork:
    they must hold cards or sheets. Rules and a booklet alone are drawn in less time than a
    large process takes to fork and to write to its memory again (the pages its child
    shares are copied as it writes them): a deck of 10,000 cards drew more slowly."""
    return any(units[i][1].name in HEAVY for i in todo[1::2])


class _Child:
    """A child process drawing some units of a job, and the pipe it sends them through."""

    def __init__(self, pid: int, reader: int) -> None:
        self.pid, self.reader = pid, reader

    @classmethod
    def start(
        cls, units: list[Unit], todo: list[int], keep: Keep | None, only: Collection[str] | None
    ) -> _Child | None:
        """A child drawing ``todo``; None when none can be started (this process draws them,
        and the core is given back)."""
        try:
            reader, writer = os.pipe()
        except OSError:
            _cores[-1].add(1)
            return None
        parent = os.getpid()
        try:
            pid = os.fork()
        except OSError:  # no memory or no process left for it
            os.close(reader)
            os.close(writer)
            _cores[-1].add(1)
            return None
        if pid == 0:  # pragma: no cover - the child; its work is checked by its parent
            os.close(reader)
            _child(units, todo, keep, only, writer, parent)
        os.close(writer)
        return cls(pid, reader)

    def outcomes(self) -> dict[int, Outcome]:
        """The child's outcomes, once it has sent them (its core is idle while this waits)."""
        cores = _cores[-1] if _cores else None
        if cores is not None:
            cores.add(1)
        try:
            with os.fdopen(self.reader, "rb") as pipe:
                data = pipe.read()
            _pid, status = os.waitpid(self.pid, 0)
        finally:
            if cores is not None:
                cores.add(-1)
        import pickle  # (not at start-up: a build with nothing to draw never needs it)

        try:
            got: dict[int, Outcome] = pickle.loads(data)
        except Exception:
            why = f"status {status}" if status else "no parts sent"
            raise RuntimeError(f"a process drawing some of its parts ended ({why})") from None
        return got


def _child(
    units: list[Unit],
    todo: list[int],
    keep: Keep | None,
    only: Collection[str] | None,
    out: int,
    parent: int,
) -> None:  # pragma: no cover - runs in the forked child
    """Draw ``todo`` and send the outcomes through ``out``; never returns. The child dies
    with the process that forked it, and leaves Ctrl-C to it."""
    code = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        _die_with(parent)
        import pickle

        done = _draw(units, todo, keep, only)
        if _cores:
            _cores[-1].add(1)  # drawn: the core is free while the parent takes the parts
        data = pickle.dumps({i: _sendable(o) for i, o in done.items()}, pickle.HIGHEST_PROTOCOL)
        with os.fdopen(out, "wb") as pipe:
            pipe.write(data)
        code = 0
    finally:
        os._exit(code)


def _sendable(outcome: Outcome) -> Outcome:
    """The outcome, its exception replaced by one that pickles when it does not."""
    import pickle

    error = outcome[3]
    if error is None:
        return outcome
    try:
        pickle.dumps(error)
    except Exception:
        error = RuntimeError(f"{type(error).__name__}: {error}")
    return (*outcome[:3], error)


def _die_with(parent: int) -> None:  # pragma: no cover - runs in the forked child
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            ctypes.CDLL("libc.so.6").prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except OSError:  # no glibc
            pass
    if os.getppid() != parent:  # it is already gone
        os._exit(1)
