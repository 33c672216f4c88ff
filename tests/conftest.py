"""Shared fixtures: the repository's games built once per session, and mutable copies."""

from __future__ import annotations

import gc
import os
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from PIL import Image

from cutsheet.build import Options, Project, build, check_game
from cutsheet.cli import arguments
from cutsheet.diagnostics import Problem
from cutsheet.layouts import packaged_papers
from cutsheet.profiles import default_profiles

from .readback import plumber_pages
from .workers import keep_groups, once_per_run

ROOT = Path(__file__).resolve().parents[1]
MINI = ROOT / "tests" / "data" / "mini"

# The built-in papers (the packaged base.yaml's), as impose takes them: (width, height) mm
_PACKAGED = packaged_papers()
PAPERS = {name: paper.size for name, paper in _PACKAGED.items() if name in ("a4", "letter")}
HALF_PAPERS = {name: _PACKAGED[name].half for name in PAPERS}

#: The suite's processes make millions of objects that live for the run (the PDFs read back,
#: readback.py) or for a test (a build, a parsed page): at Python's thresholds (700, 10, 10) the
#: collector walks them again and again. Collected ten times less often (the young generation)
#: and a full collection ten times less often again, the suite spends ~5 % less CPU (paired
#: runs of five of its files); the tests that measure memory collect first (gc.collect), and a
#: build's own setting (collector.rare_full_collections) is kept over this one.
GC_THRESHOLDS = (10_000, 10, 100)
gc.set_threshold(*GC_THRESHOLDS)

settings.register_profile(
    "default", max_examples=60, deadline=None, derandomize=True
)  # CI never flakes
settings.register_profile("fuzz", max_examples=3000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


#: The session fixtures that build the repository's games: made once per run (workers.py), and
#: under pytest-xdist every test that uses one runs in one worker, one group, so that each PDF
#: is also read once per run (readback.py).
SESSION_BUILDS = frozenset({"built", "built_gutterfold", "built_ink_saver", "exported_pod"})
BUILDS_GROUP = "session-builds"


def pytest_itemcollected(item: pytest.Item) -> None:
    uses = SESSION_BUILDS & set(getattr(item, "fixturenames", ()))
    if uses and item.get_closest_marker("xdist_group") is None:  # a group named is kept
        item.add_marker(pytest.mark.xdist_group(BUILDS_GROUP))


@pytest.hookimpl(trylast=True)  # after pytest-xdist's own hook
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if getattr(config.option, "loadgroup", False):  # set in the workers of --dist loadgroup
        keep_groups(items)


def _build(repo: Project, options: Options) -> Callable[[Path], None]:
    def make(out: Path) -> None:
        _outputs, report = build(repo, repo.games(), options, out, jobs=2, progress=_quiet)
        assert not report.errors, "\n".join(map(str, report.errors))

    return make


def _quiet(_message: str) -> None:
    pass


@pytest.fixture(scope="session", autouse=True)
def one_worker_in_process() -> Iterator[None]:
    """A command run in the test process (``cli.main``) without ``--jobs`` takes one worker,
    not every core: each worker is a fork of the test process, which holds the PDFs read back
    (readback.py) and grows past a gigabyte, and forking it copies its page tables and then
    every page either process writes, for a check of a few cards. Some 560 such forks cost
    ~13 % of the suite's CPU (paired runs of six of its files: 44 s of CPU against 31 s). A test
    that means workers asks for them (``--jobs 2``, ``jobs=2``); a ``cutsheet`` process keeps
    the real default (``arguments.default_jobs``, tested in test_default_jobs.py)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(arguments, "default_jobs", lambda: 1)
        yield


@pytest.fixture(scope="session")
def repo() -> Project:
    return Project(ROOT)


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory, repo: Project) -> Path:
    """Every game, the default profiles, A4 and Letter: built once, read back by many tests."""
    options = Options(profiles=tuple(default_profiles(repo.layouts)), papers=("a4", "letter"))
    return once_per_run(tmp_path_factory, "build", _build(repo, options))


@pytest.fixture(scope="session")
def built_gutterfold(tmp_path_factory: pytest.TempPathFactory, repo: Project) -> Path:
    """The same full build imposed for single-sided printers: fronts and backs on one page."""
    options = Options(
        profiles=tuple(default_profiles(repo.layouts)),
        papers=("a4", "letter"),
        imposition="gutterfold",
    )
    return once_per_run(tmp_path_factory, "build-gutterfold", _build(repo, options))


class Workspace:
    """A throw-away copy of content/ and layouts/ to break on purpose."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.project = Project(root)

    def path(self, rel: str) -> Path:
        return self.root / rel

    def edit(self, rel: str, old: str, new: str, count: int = 1) -> int:
        """Replace ``old`` (which must occur exactly ``count`` times); return its 1-based line."""
        p = self.path(rel)
        text = p.read_text()
        assert text.count(old) == count, f"{old!r} occurs {text.count(old)} times in {rel}"
        line = text[: text.index(old)].count("\n") + 1
        p.write_text(text.replace(old, new))
        return line

    def line_of(self, rel: str, needle: str) -> int:
        text = self.path(rel).read_text()
        assert needle in text, needle
        return text[: text.index(needle)].count("\n") + 1

    def check(self, game: str, profiles: tuple[str, ...] = ("standard",)) -> list[Problem]:
        """The errors ``check`` finds in ``game``."""
        return sorted(p for p in self.problems(game, profiles) if p.severity == "error")

    def problems(self, game: str, profiles: tuple[str, ...] = ("standard",)) -> list[Problem]:
        """Every problem ``check`` finds in ``game``, warnings too, in its order."""
        cwd = os.getcwd()
        os.chdir(self.root)  # problems show paths relative to the working directory
        try:
            report = check_game(self.project, game, profiles)
        finally:
            os.chdir(cwd)
        return list(report.problems)


@pytest.fixture
def mini(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the small project in tests/data/mini (with its picture), the current folder."""
    for d in ("content", "layouts"):
        shutil.copytree(MINI / d, tmp_path / d)
    Image.new("RGB", (40, 20), "#0072B2").save(tmp_path / "content" / "mini" / "alpha.png")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    for d in ("content", "layouts"):
        shutil.copytree(ROOT / d, tmp_path / d)
    return Workspace(tmp_path)


@pytest.fixture(scope="session")
def exported_pod(tmp_path_factory: pytest.TempPathFactory, repo: Project) -> Path:
    """Every game's print-on-demand PDFs (one card a page, trim plus 3 mm bleed), both
    profiles: exported once, read back by the PDF readers' test."""
    from cutsheet.exports import ExportOptions, export

    profiles = tuple(default_profiles(repo.layouts))
    options = ExportOptions(to="pod", profiles=profiles, bleed=3.0)

    def make(out: Path) -> None:
        _entries, report = export(repo, repo.games(), options, out, progress=_quiet)
        assert not report.errors, "\n".join(map(str, report.errors))

    return once_per_run(tmp_path_factory, "export-pod", make)


@dataclass(frozen=True)
class ReadPage:
    """One page of a built PDF as pdfplumber reads it: its size, chars and curves."""

    width: float
    height: float
    chars: list[dict[str, Any]]
    curves: list[dict[str, Any]]


def read_pages(path: Path) -> tuple[ReadPage, ...]:
    """Every page of a PDF of a session's build, read once per test run and shared by every
    test that looks at it (readback.py: the session's builds are never written again)."""
    return tuple(ReadPage(p.width, p.height, p.chars, p.curves) for p in plumber_pages(path))


@pytest.fixture(scope="session")
def built_ink_saver(tmp_path_factory: pytest.TempPathFactory, repo: Project) -> Path:
    """Every game in the ink-saver profile (built only when asked for), both papers."""
    options = Options(profiles=("ink-saver",), papers=("a4", "letter"))
    return once_per_run(tmp_path_factory, "build-ink-saver", _build(repo, options))
