"""Orchestration as a straight script: discover → (cache) → load → plan → check → draw → commit.

Each job is one game under one profile on one paper. Unchanged jobs are found from the
hashes of the files they read last time, before anything is loaded. A process loads a game
once and plans each (game, profile) once, for every paper. A game's new files replace its old
ones together, and only when every job of that game rendered without a problem; a broken game
keeps its last good PDFs while the others build.
"""

from __future__ import annotations

import difflib
import hashlib
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import jobs as runner
from .cache import Entry, cache_file, file_hash, options_key, read_entry, record, still_valid
from .diagnostics import ContentError, Loc, Report
from .jobs import PARTS, Options, Result, Task
from .output import atomic_write, clean_temps, locked, write_manifest

__all__ = ["PARTS", "Options", "Project", "build", "check_game", "stderr_progress"]


@dataclass(frozen=True)
class Project:
    """Where a project's inputs live: content/ and layouts/ under one root."""

    root: Path

    @property
    def content(self) -> Path:
        return self.root / "content"

    @property
    def layouts(self) -> Path:
        return self.root / "layouts"

    def games(self) -> list[str]:
        return sorted(p.parent.name for p in self.content.glob("*/game.yaml"))

    def unknown(self, names: Iterable[str]) -> list[str]:
        """A message for each name that is not a game here, with a suggestion."""
        known = self.games()
        out = []
        for name in names:
            if name not in known:
                guess = difflib.get_close_matches(name, known, n=1)
                hint = f"; did you mean '{guess[0]}'?" if guess else ""
                out.append(f"no game '{name}' (known: {', '.join(known)}){hint}")
        return out


Progress = Callable[[str], None]


def stderr_progress(message: str) -> None:
    print(f"cutsheet: {message}", file=sys.stderr, flush=True)


# ------------------------------------------------------------------------------ check
def check_game(
    project: Project, game_id: str, options: Options | Sequence[str] | None = None
) -> Report:
    """Load, validate, plan and impose one game under each profile on each paper of
    ``options`` (profile names alone: the default papers and print options); writes nothing.
    Finds exactly what a build of that game with those options would refuse."""
    if not isinstance(options, Options):
        options = Options(profiles=tuple(options or ("standard",)))
    report = Report()
    for message in project.unknown([game_id]):
        report.error(Loc(str(project.content / game_id)), message)
        return report
    runner.forget()
    root = str(project.root)
    for profile in options.profiles:
        _prints, problems = runner.prints(root, game_id, profile, options.papers, options)
        report.extend(problems)
    report.problems = sorted(set(report.problems))
    return report


# ------------------------------------------------------------------------------ build
def _run_all(todo: list[Task], workers: int) -> Iterator[Result]:
    """Results as jobs finish; in this process, or in workers that die with it."""
    if workers <= 1 or len(todo) <= 1:
        for task in todo:
            yield runner.run(task)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(
        max_workers=min(workers, len(todo)), initializer=runner.worker_init
    ) as pool:
        try:
            yield from pool.map(runner.run, todo)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _commit(
    out: Path, results: list[Result], keys: dict[tuple[str, str], str]
) -> list[dict[str, Any]]:
    """Write one game's files (each atomically), then its cache entries."""
    entries: list[dict[str, Any]] = []
    pending: list[tuple[Path, bytes]] = []
    for result in results:
        task = result.task
        inputs = record(result.inputs)
        for paper in task.papers:
            outputs = []
            for rendered in (f for f in result.files if f.paper == paper):
                sha = hashlib.sha256(rendered.data).hexdigest()
                entry = runner.meta_entry(task, rendered, sha)
                pending.append((out / entry["path"], rendered.data))
                outputs.append(entry)
            cache = Entry(keys[(task.profile, paper)], inputs, outputs)
            pending.append((cache_file(out, task.game, task.profile, paper), cache.to_json()))
            entries.extend(outputs)
    for path, data in pending:
        atomic_write(path, data)
    return entries


def build(
    project: Project,
    games: Sequence[str],
    options: Options,
    out: Path,
    jobs: int = 1,
    progress: Progress = stderr_progress,
) -> tuple[list[dict[str, Any]], Report]:
    """Build every job of every game; returns the manifest entries written or kept, and the
    report. A game with problems writes nothing and keeps its last good files."""
    report = Report()
    started = time.monotonic()
    for message in project.unknown(games):
        report.error(Loc(str(project.content)), message)
    games = [g for g in games if g in project.games()]
    runner.forget()
    file_hash.cache_clear()
    try:
        with locked(out):
            clean_temps(_folders(out, games, options))
            outputs = _build(project, games, options, out, jobs, progress, report)
    except ContentError as exc:
        report.extend(exc.problems)
        return [], report
    except OSError as exc:
        report.error(Loc(str(out)), f"cannot write the build: {exc.strerror} ({exc.filename})")
        return [], report
    progress(f"{len(outputs)} files in {out} ({time.monotonic() - started:.1f} s)")
    return outputs, report


def _folders(out: Path, games: Sequence[str], options: Options) -> list[Path]:
    """Every folder a build of ``games`` writes files into."""
    folders = [out, out / ".cache"]
    for game in games:
        for profile in options.profiles:
            folders += [out / game / f"{profile}-{paper}" for paper in options.papers]
    return folders


def _build(
    project: Project,
    games: Sequence[str],
    options: Options,
    out: Path,
    workers: int,
    progress: Progress,
    report: Report,
) -> list[dict[str, Any]]:
    root = str(project.root)
    outputs: list[dict[str, Any]] = []
    keys = {
        (profile, paper): options_key(options, paper) + f"|{profile}"
        for profile in options.profiles
        for paper in options.papers
    }
    todo: list[Task] = []
    for game in games:
        for profile in options.profiles:
            papers = []
            for paper in options.papers:
                entry = read_entry(cache_file(out, game, profile, paper))
                if entry is not None and still_valid(entry, keys[(profile, paper)], out):
                    outputs.extend(entry.outputs)
                    progress(f"{game} {profile}-{paper}: unchanged")
                else:
                    papers.append(paper)
            if papers:
                todo.append(Task(root, game, profile, tuple(papers), options))
    by_game: dict[str, list[Result]] = {}
    remaining = {g: sum(1 for t in todo if t.game == g) for g in games}
    t0 = time.monotonic()
    for i, result in enumerate(_run_all(todo, workers), 1):
        task = result.task
        pages = sum(f.pages for f in result.files)
        state = "FAILED" if result.problems else f"{len(result.files)} files, {pages} pages"
        papers = "+".join(task.papers)
        progress(
            f"[{i}/{len(todo)}] {task.game} {task.profile} ({papers}): {state}"
            f" ({time.monotonic() - t0:.1f} s)"
        )
        by_game.setdefault(task.game, []).append(result)
        remaining[task.game] -= 1
        if remaining[task.game] == 0:
            outputs.extend(_finish_game(out, by_game.pop(task.game), keys, report))
    if todo or outputs:
        write_manifest(out, outputs)
    return outputs


def _finish_game(
    out: Path, results: list[Result], keys: dict[tuple[str, str], str], report: Report
) -> list[dict[str, Any]]:
    """Commit a game whose jobs all rendered; report the problems of one that did not."""
    problems = sorted({p for r in results for p in r.problems})
    if problems:
        report.extend(problems)
        return []
    return _commit(out, results, keys)
