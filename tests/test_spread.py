"""A job's parts drawn in two processes when a core is idle (``spread``): the same files and
problems, in the same order, as drawing them in turn; a part's failure is the job's, as it
would have been; and with no idle core, nothing forks."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

import pytest

from cutsheet import spread
from cutsheet.build import Options, Project, build
from cutsheet.diagnostics import Loc, Problem
from cutsheet.render import parts
from cutsheet.targets import Rendered
from cutsheet.targets import pdf as target

from .corpus_cases import make_project


@dataclass(frozen=True)
class _Paper:
    name: str


@dataclass(frozen=True)
class _Plan:
    paper: _Paper
    parts: tuple[str, ...] = ("cards", "sheets")
    documents: tuple[str, ...] = ("rules", "rules-booklet")


@dataclass(frozen=True)
class _Input:
    name: str


@pytest.fixture(autouse=True)
def _room(monkeypatch: pytest.MonkeyPatch) -> None:
    """The machine has a core to spare (the tests run beside others: it seldom has), and
    this process runs no other thread (a thread an earlier test on this worker left running
    would hold the fork back to a later part, and the parts drawn here would differ)."""
    monkeypatch.setattr(spread, "_machine_has_room", lambda: True)
    monkeypatch.setattr(spread.threading, "active_count", lambda: 1)


def _fake_drawing(monkeypatch: pytest.MonkeyPatch, events: dict[tuple[str, str], str]) -> None:
    """Parts drawn as their paper/part name and the pid that drew them; ``events`` says which
    part stops its paper ('stop'), raises ('raise') or finds a problem ('problem')."""

    def part_inputs(plan: _Plan) -> list[_Input]:
        return [_Input(name) for name in (*plan.parts, *plan.documents)]

    def draw_input(plan, inp, problems, keep=None, only=None):
        what = events.get((plan.paper.name, inp.name))
        if what == "raise":
            raise KeyError(f"{plan.paper.name}/{inp.name}")
        if what == "stop":
            problems.append(Problem(Loc("rules.yaml"), f"too tall ({plan.paper.name})"))
            return None, True
        if what == "problem":
            problems.append(Problem(Loc("x.yaml"), f"found in {plan.paper.name}/{inp.name}"))
        return Rendered(plan.paper.name, inp.name, b"%PDF", 1, {}, name=str(os.getpid())), False

    monkeypatch.setattr(parts, "part_inputs", part_inputs)
    monkeypatch.setattr(target, "draw_input", draw_input)


PLANS = [_Plan(_Paper("a4")), _Plan(_Paper("letter"))]


def _drawn(idle: int) -> tuple[list[tuple[str, list[tuple[str, str, str]]]], list[Problem]]:
    problems: list[Problem] = []
    with spread.sharing(idle):
        got = spread.draw_parts(PLANS, problems, None, None)  # type: ignore[arg-type]
    files = [(p.paper.name, [(f.paper, f.part, f.name) for f in fs]) for p, fs in got]
    return files, problems


def _without_pids(files: list[tuple[str, list[tuple[str, str, str]]]]) -> list[object]:
    return [(paper, [(a, b) for a, b, _pid in fs]) for paper, fs in files]


def test_an_idle_core_draws_half_the_parts_and_they_come_back_in_order(monkeypatch):
    _fake_drawing(monkeypatch, {("letter", "sheets"): "problem"})
    alone, found_alone = _drawn(0)
    shared, found_shared = _drawn(1)
    assert _without_pids(shared) == _without_pids(alone)
    assert [f[1] for f in alone[0][1]] == ["cards", "sheets", "rules", "rules-booklet"]
    assert found_shared == found_alone == [Problem(Loc("x.yaml"), "found in letter/sheets")]
    pids = {pid for _paper, fs in shared for _a, _b, pid in fs}
    assert {pid for _paper, fs in alone for _a, _b, pid in fs} == {str(os.getpid())}
    assert len(pids) >= 2 and str(os.getpid()) in pids  # half of them came from a child
    # the first child draws every other part from the second, light ones first; a core it
    # gives back before this process has drawn its next part may start another child
    drawn_by = {(paper, part): pid for _p, fs in shared for paper, part, pid in fs}
    assert drawn_by["a4", "rules"] == str(os.getpid())
    assert drawn_by["a4", "rules-booklet"] != str(os.getpid())


def test_a_part_that_stops_its_paper_leaves_out_what_follows_wherever_it_was_drawn(
    monkeypatch,
):
    events = {("a4", "rules"): "stop", ("a4", "rules-booklet"): "raise"}
    events |= {("letter", "sheets"): "stop", ("letter", "rules"): "problem"}
    _fake_drawing(monkeypatch, events)
    for idle in (0, 1, 3):
        files, problems = _drawn(idle)
        assert _without_pids(files) == [
            ("a4", [("a4", "cards"), ("a4", "sheets")]),
            ("letter", [("letter", "cards")]),
        ]
        assert problems == [
            Problem(Loc("rules.yaml"), "too tall (a4)"),
            Problem(Loc("rules.yaml"), "too tall (letter)"),
        ]


def test_a_part_that_fails_in_the_child_fails_the_job_as_it_would_in_turn(monkeypatch):
    _fake_drawing(monkeypatch, {("letter", "rules"): "raise", ("letter", "rules-booklet"): "raise"})
    for idle in (0, 1):
        with pytest.raises(KeyError, match="letter/rules'"):
            _drawn(idle)


def test_no_idle_core_no_fork(monkeypatch):
    _fake_drawing(monkeypatch, {})
    forked: list[int] = []
    monkeypatch.setattr(os, "fork", lambda: forked.append(1) or 0)
    _drawn(0)
    with spread.sharing(0) as cores:
        cores.add(-1)  # more processes draw than there are cores
        assert not spread._spare()
    assert forked == []


def _digests(out: Path) -> dict[str, str]:
    return {
        str(p.relative_to(out)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(out.rglob("*.pdf"))
    }


def test_one_job_on_two_cores_draws_the_same_bytes(tmp_path, monkeypatch):
    """A build of one job with two workers draws it here, half its parts in a child."""
    root = make_project(tmp_path)
    options = Options(profiles=("large-print",))
    children: list[int] = []
    start = spread._Child.start.__func__  # type: ignore[attr-defined]

    def counted(cls, *args):
        children.append(1)
        return start(cls, *args)

    monkeypatch.setattr(spread._Child, "start", classmethod(counted))
    for jobs, out in ((1, root / "one"), (2, root / "two")):
        _outputs, report = build(Project(root), ["tiny"], options, out, jobs=jobs)
        assert not report.problems, report.problems
    assert children  # the second build forked
    assert _digests(root / "one") == _digests(root / "two")
    assert len(_digests(root / "two")) == 8


def test_a_child_that_cannot_be_started_leaves_the_parts_here(monkeypatch):
    _fake_drawing(monkeypatch, {})

    def no_fork() -> int:
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", no_fork)
    alone, _found = _drawn(0)
    with spread.sharing(1) as cores:
        problems: list[Problem] = []
        got = spread.draw_parts(PLANS, problems, None, None)  # type: ignore[arg-type]
        assert cores.take()  # the core it could not use is idle again
    files = [(p.paper.name, [(f.paper, f.part, f.name) for f in fs]) for p, fs in got]
    assert files == alone


def test_rules_and_a_booklet_alone_are_not_worth_a_child(monkeypatch):
    """A child is forked for cards or sheets: forking a large process and writing to its
    memory again costs more than drawing the rules."""
    _fake_drawing(monkeypatch, {})
    light = [_Plan(_Paper("a4"), parts=()), _Plan(_Paper("letter"), parts=())]
    with spread.sharing(1) as cores:
        got = spread.draw_parts(light, [], None, None)  # type: ignore[arg-type]
        assert cores.take()  # the idle core is still idle
    assert {f.name for _plan, files in got for f in files} == {str(os.getpid())}


def test_the_light_parts_are_drawn_first_so_the_heavy_ones_can_be_shared(monkeypatch):
    """A job's rules and booklet come first, its cards last: a core idle by then takes
    the cards (drawn in the papers' order, the child would have had rules alone)."""
    _fake_drawing(monkeypatch, {})
    mixed = [_Plan(_Paper("a4"), parts=("cards",), documents=("rules", "rules-booklet"))]
    with spread.sharing(1):
        got = spread.draw_parts(mixed, [], None, None)  # type: ignore[arg-type]
    drawn_by = {f.part: f.name for _plan, files in got for f in files}
    assert [f.part for _plan, files in got for f in files] == ["cards", "rules", "rules-booklet"]
    assert drawn_by["rules"] == drawn_by["rules-booklet"] == str(os.getpid())
    assert drawn_by["cards"] != str(os.getpid())  # the child's


def test_no_child_while_the_machine_is_busy(monkeypatch):
    """An idle worker's core is only idle if no other program runs on it."""
    _fake_drawing(monkeypatch, {})
    monkeypatch.setattr(spread, "_machine_has_room", lambda: False)
    with spread.sharing(1) as cores:
        got = spread.draw_parts(PLANS, [], None, None)  # type: ignore[arg-type]
        assert cores.take()  # left idle
    assert {f.name for _plan, files in got for f in files} == {str(os.getpid())}


def test_the_machine_has_room_when_fewer_run_than_it_has_cores(monkeypatch, tmp_path):
    loadavg = tmp_path / "loadavg"
    real_open = open

    def fake_open(path, *args, **kwargs):
        return real_open(loadavg if path == "/proc/loadavg" else path, *args, **kwargs)

    monkeypatch.undo()  # the real check, on a file of our own
    monkeypatch.setattr("builtins.open", fake_open)
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0, 1})
    for line, room in (("0.5 0.4 0.3 1/120 999", True), ("2.1 1.9 1.5 2/120 999", False)):
        loadavg.write_text(line + "\n")
        assert spread._machine_has_room() is room
    loadavg.write_text("not a load line")
    assert spread._machine_has_room()  # cannot tell: as if it had
