"""Workers start warm and take the jobs in a useful order: what a job imports is imported
once, before the workers fork; the longest jobs start first (guessed without loading a game)
and a game's jobs stay with the worker that loaded it unless another worker would idle; one
worker or two, the same bytes."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

from cutsheet import jobs
from cutsheet.build import Options, Project, build, check_games
from cutsheet.jobs import Schedule, Task

from .corpus_cases import make_project

OPTIONS = Options(profiles=("standard", "large-print"))


def _task(game: str, profile: str) -> Task:
    return Task("/nowhere", game, profile, ("a4", "letter"), OPTIONS)


@pytest.fixture
def costs(monkeypatch: pytest.MonkeyPatch) -> dict[tuple[str, str], float]:
    table = {
        ("big", "large-print"): 30.0,
        ("big", "standard"): 17.0,
        ("mid", "large-print"): 10.0,
        ("mid", "standard"): 7.0,
        ("small", "large-print"): 8.0,
        ("small", "standard"): 5.0,
    }
    monkeypatch.setattr(jobs, "cost", lambda task: table[(task.game, task.profile)])
    return table


def _run(schedule: Schedule, workers: int, costs: dict[tuple[str, str], float]) -> list[str]:
    """Simulate free workers taking jobs; returns 'worker:game/profile' in start order."""
    clock = [0.0] * workers
    loaded: list[set[str]] = [set() for _ in range(workers)]
    started = []
    while len(schedule):
        w = min(range(workers), key=lambda i: (clock[i], i))
        task = schedule.take(loaded[w])
        assert task is not None
        loaded[w].add(task.game)
        clock[w] += costs[(task.game, task.profile)]
        started.append(f"{w}:{task.game}/{task.profile}")
    return started


def test_the_longest_first_then_a_worker_keeps_to_its_games(costs):
    todo = [_task(g, p) for g in ("small", "mid", "big") for p in OPTIONS.profiles]
    assert _run(Schedule(todo), 2, costs) == [
        "0:big/large-print",  # the longest jobs first, side by side
        "1:big/standard",
        "1:mid/large-print",  # the longest job left
        "1:mid/standard",  # the worker's own game before small's longer job
        "0:small/large-print",
        "1:small/standard",  # a started game's job rather than wait
    ]


def test_a_long_job_of_a_started_game_is_not_left_for_last(costs):
    """The worker that started a game is busy with its longest job; the game's next job is
    still the longest left, and goes before the short jobs of other games (it used to wait
    for every game nobody had started, and end the build on one core)."""
    costs.update({("mid", "large-print"): 12.0, ("big", "standard"): 11.9})
    todo = [_task(g, p) for g in ("small", "mid", "big") for p in OPTIONS.profiles]
    assert _run(Schedule(todo), 2, costs) == [
        "0:big/large-print",
        "1:mid/large-print",
        "1:mid/standard",  # the worker's own game first
        "1:big/standard",  # then the longest left, though worker 0 started its game
        "0:small/large-print",
        "1:small/standard",
    ]


def test_a_started_games_job_must_be_longer_by_what_loading_it_again_costs(costs):
    """A job of a game another worker is running counts ``ELSEWHERE`` times its cost (the
    game loaded and measured again): big's standard job, guessed a hair longer than mid's
    large print, waits while the idle worker starts mid (and keeps to it); it is taken
    once it is the longest job left, counted so, rather than leave a worker idle."""
    costs.update({("big", "standard"): 10.5})
    todo = [_task(g, p) for g in ("small", "mid", "big") for p in OPTIONS.profiles]
    assert _run(Schedule(todo), 2, costs) == [
        "0:big/large-print",
        "1:mid/large-print",  # not big/standard: 10.5 is less than 10 * ELSEWHERE
        "1:mid/standard",  # then its own game's
        "1:big/standard",  # 10.5 / ELSEWHERE is more than small's 8
        "1:small/large-print",
        "0:small/standard",
    ]
    assert jobs.ELSEWHERE * 10.0 > 10.5


def test_a_worker_with_nothing_of_its_own_takes_a_started_games_job(costs):
    todo = [_task("big", p) for p in OPTIONS.profiles]  # one game, two workers
    assert _run(Schedule(todo), 2, costs) == ["0:big/large-print", "1:big/standard"]


def test_the_schedule_guesses_from_the_content_without_loading_a_game(tmp_path):
    """The longest jobs first, guessed from the bytes of each game's content files (a
    scaled profile costs more): nothing is loaded before the workers fork, each loads its
    own games."""
    root = make_project(tmp_path)
    big = root / "content" / "big"
    big.mkdir()
    (big / "game.yaml").write_text("id: big\n")
    (big / "cards.csv").write_text("id,name\n" + "".join(f"c{i},Card {i}\n" for i in range(5000)))
    (big / "art.png").write_bytes(b"\0" * 1_000_000)  # not content: drawing it is quick
    jobs.forget()
    todo = [_real_task(root, g, p) for g in ("tiny", "big") for p in OPTIONS.profiles]
    schedule = Schedule(todo)
    assert not jobs.memo().loads
    assert [f"{t.game}/{t.profile}" for t in schedule.left] == [
        "big/large-print",
        "big/standard",
        "tiny/large-print",
        "tiny/standard",
    ]


def test_a_game_the_first_jobs_share_is_loaded_before_the_workers_fork(tmp_path):
    """Two workers starting on one game's two profiles fork with it loaded (once, shared),
    not load it each; games that start apart are loaded by their own workers."""
    root = make_project(tmp_path)
    jobs.forget()
    one_game = Schedule([_real_task(root, "tiny", p) for p in OPTIONS.profiles])
    one_game.preload(1)
    assert not jobs.memo().loads  # one worker: nothing runs side by side
    one_game.preload(2)
    assert jobs.memo().loads == {"tiny": 1}
    jobs.forget()
    apart = Schedule([_real_task(root, g, "standard") for g in ("tiny", "gone")])
    apart.preload(2)
    assert not jobs.memo().loads


def _real_task(root: Path, game: str, profile: str) -> Task:
    return Task(str(root), game, profile, ("a4", "letter"), OPTIONS)


def test_warm_imports_what_a_job_imports(tmp_path):
    """After ``warm`` before workers fork, drawing a game imports nothing more (a worker
    forked after it would otherwise import it again, each)."""
    root = make_project(tmp_path)
    script = (
        "import sys\n"
        "from cutsheet import build, jobs\n"
        "jobs.warm(forks=True)\n"
        "before = set(sys.modules)\n"
        "options = build.Options(profiles=('standard', 'large-print'))\n"
        "for profile in options.profiles:\n"
        f"    task = jobs.Task({str(root)!r}, 'tiny', profile, ('a4', 'letter'), options)\n"
        "    result = build.run_safely(task)\n"
        "    assert result.files and not result.problems, result.problems\n"
        "print(sorted(set(sys.modules) - before))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers fork on Linux")
def test_workers_are_forked_from_the_build_whatever_pythons_default(tmp_path):
    """Python 3.14 starts a pool's workers from a fork server on Linux: they would begin
    without what ``warm`` imported and ``preload`` loaded, and the idle-core count would
    start a resource tracker process for its lock. The build forks them itself."""
    root = make_project(tmp_path)
    script = (
        "import multiprocessing, os, sys\n"
        "from pathlib import Path\n"
        "multiprocessing.set_start_method('forkserver', force=True)  # 3.14's default\n"
        "from cutsheet import jobs\n"
        "from cutsheet.build import Options, Project, build\n"
        "root, seen = Path(sys.argv[1]), Path(sys.argv[2])\n"
        "original = jobs.worker_init\n"
        "def init():\n"
        "    with seen.open('a') as f:\n"
        "        f.write(f'{os.getppid()}\\n')\n"
        "    original()\n"
        "jobs.worker_init = init\n"
        "options = Options(profiles=('standard', 'large-print'))\n"
        "_out, report = build(Project(root), ['tiny'], options, root / 'out', jobs=2)\n"
        "assert not report.problems, report.problems\n"
        "print(sorted(set(seen.read_text().split())) == [str(os.getpid())])\n"
        "from multiprocessing import resource_tracker\n"
        "print(resource_tracker._resource_tracker._pid is None)  # no tracker started\n"
    )
    seen = tmp_path / "parents.txt"
    done = subprocess.run(
        [sys.executable, "-c", script, str(root), str(seen)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True"]
    assert len(seen.read_text().split()) == 2  # two workers, both forked from the build


def _digests(out: Path) -> dict[str, str]:
    return {
        str(p.relative_to(out)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(out.rglob("*.pdf"))
    }


def test_one_worker_or_two_make_the_same_bytes(tmp_path):
    root = make_project(tmp_path)
    said: list[str] = []
    for jobs_, out in ((1, root / "one"), (2, root / "two")):
        _outputs, report = build(
            Project(root), ["tiny"], OPTIONS, out, jobs=jobs_, progress=said.append
        )
        assert not report.problems, report.problems
    assert _digests(root / "one") == _digests(root / "two")
    assert len(_digests(root / "one")) == 16
    finished = [m for m in said if m.startswith("[")]
    assert len(finished) == 4 and {m[:5] for m in finished} == {"[1/2]", "[2/2]"}


def test_check_in_workers_says_what_check_in_one_process_says(tmp_path):
    root = make_project(tmp_path)
    rules = root / "content" / "tiny" / "rules.yaml"
    rules.write_text(rules.read_text().replace("heading: Play", "heading: '{{ nope }'", 1))
    games = ["tiny", "no-such-game"]
    one = check_games(Project(root), games, OPTIONS, jobs=1).problems
    two = check_games(Project(root), games, OPTIONS, jobs=2).problems
    assert one == two
    assert any("no-such-game" in str(p) for p in one)
    assert any("rules.yaml" in str(p) and p.severity == "error" for p in one), one
