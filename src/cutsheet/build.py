"""Orchestration as a straight script: discover → (cache) → load → plan → check → draw → commit.

Each job is one game under one profile on one paper. Unchanged jobs are found from the
hashes of the files they read last time, before anything is loaded. A process loads a game
once and plans each (game, profile) once, for every paper. A game's new files replace its old
ones together, and only when every job of that game rendered without a problem; a broken game
keeps its last good PDFs while the others build.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import confine, kept_kits
from . import jobs as runner
from .cache import (
    Entry,
    cache_file,
    file_hash,
    record,
    replayed,
    warning_records,
)
from .collector import rare_full_collections
from .commit import commit_game, recover
from .diagnostics import (
    ContentError,
    Loc,
    Problem,
    Report,
    did_you_mean,
    display_path,
    has_errors,
)
from .jobs import PARTS, Options, Result, Task
from .output import (
    LICENCE_PART,
    LicenceEntry,
    clean_temps,
    locked,
    unreadable_manifest,
    write_manifest,
)
from .partcache import kit_records
from .progress_lines import job_state, last_line, unwritten_game
from .spread import Cores, forking, sharing
from .targets import Rendered

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

    from .licences import Licence

__all__ = [
    "PARTS",
    "Options",
    "Project",
    "build",
    "check_game",
    "check_games",
    "stderr_progress",
]


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

    def gameless(self) -> list[tuple[str, tuple[str, ...]]]:
        """Each folder of content/ that holds content files (``content_files``) but no
        game.yaml, with those of them no game's game.yaml names (a folder of files games
        share, ``source: ../shared/cards.yaml``, is no mistake): a game whose game.yaml was
        deleted or renamed (``game.yml``) would otherwise drop out of every build unsaid."""
        from .content_files import content_files

        out = []
        try:
            folders = sorted(p for p in self.content.iterdir() if not p.name.startswith("."))
        except OSError:
            return []
        for folder in folders:
            if folder.is_dir() and not (folder / "game.yaml").exists():
                files = content_files(folder)
                if files:  # (checks imports pydantic: not for a no-op build of good games)
                    from .checks import named_by_another_game

                    files = tuple(f for f in files if not named_by_another_game(folder, f))
                if files:
                    out.append((folder.name, files))
        return out

    def gameless_problems(self, only: Collection[str] | None = None) -> list[Problem]:
        """An error at each folder ``gameless`` finds (of those named ``only``, if given)."""
        problems = []
        for name, files in self.gameless():
            if only is not None and name not in only:
                continue
            shown = ", ".join(files[:3]) + (
                f" and {len(files) - 3:,} more" if len(files) > 3 else ""
            )
            problems.append(
                Problem(
                    Loc(display_path(self.content / name)),
                    f"this folder holds {shown} but no game.yaml, and no game's source names"
                    " them: nothing in it is built (a game's folder starts with game.yaml;"
                    " game.yml is not read)",
                )
            )
        return problems

    def unknown(self, names: Iterable[str]) -> list[str]:
        """A message for each name that is not a game here, with a suggestion."""
        known = self.games()
        gameless = dict(self.gameless())
        out = []
        for name in names:
            if name in gameless:
                out.append(f"no game '{name}': content/{name} has no game.yaml")
                continue
            if name not in known:
                hint = did_you_mean(name, known)
                out.append(f"no game '{name}' (known: {', '.join(known)}){hint}")
        return out


Progress = Callable[[str], None]


def stderr_progress(message: str) -> None:
    print(f"cutsheet: {message}", file=sys.stderr, flush=True)


# ------------------------------------------------------------------------------ check
def check_game(
    project: Project,
    game_id: str,
    options: Options | Sequence[str] | None = None,
    jobs: int = 1,
) -> Report:
    """Load, validate, plan and impose one game under each profile on each paper of
    ``options`` (profile names alone: the default papers and print options); writes nothing.
    Finds exactly what a build of that game with those options would refuse."""
    return check_games(project, [game_id], options, jobs)


def check_games(
    project: Project,
    games: Sequence[str],
    options: Options | Sequence[str] | None = None,
    jobs: int = 1,
) -> Report:
    """``check_game`` for each of ``games``. With ``jobs`` above 1, every game under every
    profile is checked in that many workers, scheduled as a build's jobs are (the longest
    first, a game's profiles in the worker that loaded it)."""
    if not isinstance(options, Options):
        options = Options(profiles=tuple(options or ("standard",)))
    report = Report()
    unknown = {game_id: project.unknown([game_id]) for game_id in games}
    for game_id, messages in unknown.items():
        for message in messages:
            report.error(Loc(str(project.content / game_id)), message)
    known = [g for g in games if not unknown[g]]
    if not known:
        return report
    damaged = runner.font_problems()
    if damaged:
        report.extend(damaged)
        return report
    runner.forget()
    confine.forget()
    root = str(project.root)
    tasks = [Task(root, g, p, options.papers, options) for g in known for p in options.profiles]
    if jobs > 1 and len(tasks) > 1:
        found = [result.problems for result in _check_in_workers(tasks, jobs)]
    else:
        found = [check_profile(root, t.game, t.profile, options) for t in tasks]
    for problems in found:
        report.extend(problems)
    report.problems = sorted(set(report.problems))
    return report


def check_profile(root: str, game_id: str, profile: str, options: Options) -> list[Problem]:
    """Everything a build of one game under one profile, on every paper, would refuse."""
    _prints, problems = runner.prints(root, game_id, profile, options.papers, options)
    imposition = options.imposition
    found = list(problems) + printed_problems(root, game_id, profile, imposition)
    found += runner.layout_warnings(root, game_id)
    return found + list(job_licences(root, game_id, profile, imposition)[1])


def check_in_worker(task: Task) -> tuple[int, Result]:
    """``check_profile`` of one job in a worker, and which worker it was."""
    problems = check_profile(task.root, task.game, task.profile, task.options)
    return os.getpid(), Result(task, problems)


def _check_in_workers(tasks: list[Task], jobs: int) -> list[Result]:
    """``check_profile`` of each task in worker processes forked after the heavy imports."""
    runner.warm(forks=True)
    with rare_full_collections():
        return list(_in_workers(tasks, jobs, check_in_worker))


# ------------------------------------------------------------------------------ build
def _run_all(todo: list[Task], workers: int) -> Iterator[Result]:
    """Results as jobs finish; in this process, or in workers that die with it."""
    if not todo:
        return
    runner.warm(forks=workers > 1)  # any workers fork with the heavy imports done, frozen
    with rare_full_collections():
        if workers <= 1:
            for task in todo:
                yield run_safely(task)
        elif len(todo) == 1:  # one job here, its parts drawn on the other cores
            with sharing(workers - 1):
                yield run_safely(todo[0])
        else:
            yield from _in_workers(todo, workers, run_in_worker)


def _in_workers(
    todo: list[Task], workers: int, job: Callable[[Task], tuple[int, Result]]
) -> Iterator[Result]:
    """``job``'s results, as they come, from that many worker processes (forked now)."""
    from concurrent.futures import ProcessPoolExecutor

    workers = min(workers, len(todo))
    schedule = runner.Schedule(todo)
    schedule.preload(workers)  # a game the first jobs share: the workers fork with it loaded
    with (
        sharing(0) as cores,
        ProcessPoolExecutor(
            max_workers=workers, mp_context=forking(), initializer=runner.worker_init
        ) as pool,
    ):
        try:
            yield from _dispatch(pool, schedule, workers, job, cores)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
    runner.reap_workers()  # told to end before the last results were committed


def _dispatch(
    pool: Executor,
    schedule: runner.Schedule,
    workers: int,
    job: Callable[[Task], tuple[int, Result]],
    cores: Cores,
) -> Iterator[Result]:
    """Run ``job`` (which returns its worker's pid and its result) on the tasks of
    ``schedule``, one a worker at a time: when a worker finishes, the next task is chosen
    for it, knowing the games it has loaded, and it takes it (it is the only free one). A
    worker left without a task leaves its core to the jobs still drawing (``spread``)."""
    from concurrent.futures import FIRST_COMPLETED, wait

    loaded: dict[int, set[str]] = {}
    running: set[Future[tuple[int, Result]]] = set()
    for _ in range(workers):
        task = schedule.take(set())
        if task is not None:
            running.add(pool.submit(job, task))
    while running:
        done, running = wait(running, return_when=FIRST_COMPLETED)
        results = []
        for future in done:
            pid, result = future.result()
            games = loaded.setdefault(pid, set())
            games.add(result.task.game)
            task = schedule.take(games)
            if task is not None:  # before the result is committed: no worker waits on it
                running.add(pool.submit(job, task))
            else:
                cores.add(1)
            results.append(result)
        if not running:  # the last results: the workers end while they are committed
            pool.shutdown(wait=False)
        yield from results


def run_in_worker(task: Task) -> tuple[int, Result]:
    """``run_safely`` in a worker, and which worker it was."""
    return os.getpid(), run_safely(task)


def run_safely(task: Task) -> Result:
    """One job; a bug that escapes it fails this job's game only, with one line saying so
    (every content mistake is a located error long before this)."""
    try:
        imposition = task.options.imposition
        extra = printed_problems(task.root, task.game, task.profile, imposition)
        if has_errors(extra):  # the plan is memoised: run() would find the same plan and draw it
            planned = runner.plan(task.root, task.game, task.profile, imposition)[1]
            result = with_licences(Result(task, [*planned, *extra]))
        else:
            result = with_licences(runner.run(task))
        warned = (*extra, *runner.layout_warnings(task.root, task.game))
        result.problems = sorted({*result.problems, *warned})
        return result
    except Exception as exc:  # the other games go on
        where = Loc(str(Path(task.root) / "content" / task.game / "game.yaml"))
        why = f"{type(exc).__name__}: {' '.join(str(exc).split())}"
        message = f"{task.profile}: cutsheet failed on this game ({why}); please report it"
        return Result(task, [Problem(where, message)])


def job_licences(
    root: str, game_id: str, profile: str, imposition: str = "duplex"
) -> tuple[list[Licence], list[Problem]]:
    """The font licence files a job's kit carries (the packaged font's, and those of the
    project fonts it embeds) and their problems: a font without one is a warning, a licence
    file that cannot be copied an error."""
    from .licences import embedded_fonts, kit_licences

    game_plan, _problems = runner.plan(root, game_id, profile, imposition)
    _game, layouts, _ = runner.load(root, game_id)
    if game_plan is None or layouts is None:
        return [], []
    fonts = embedded_fonts(Path(root), layouts.fonts, game_plan.profile.own_fonts)
    licences, problems = kit_licences(Path(root), fonts)
    return licences, problems


def with_licences(result: Result) -> Result:
    """A job that drew its PDFs, with its kit's font licence files beside them (for every
    paper) and their warnings; a licence that cannot be copied fails the job."""
    task = result.task
    if has_errors(result.problems):  # nothing drawn, no licence copied: its warnings are said
        said = job_licences(task.root, task.game, task.profile, task.options.imposition)[1]
        result.problems = sorted({*result.problems, *said})  # as check says them
        return result  # (a job with warnings drew: its kit gets its licences, below)
    licences, problems = job_licences(task.root, task.game, task.profile, task.options.imposition)
    result.problems = sorted({*result.problems, *problems})
    if has_errors(problems):
        result.files = []
        return result
    for paper in task.papers:
        result.files.extend(
            Rendered(paper, LICENCE_PART, lic.data, 0, {}, lic.name, lic.fonts) for lic in licences
        )
    # what the kit read: a licence file and the font it covers (a packaged one is covered
    # by the code's digest; a licence added to fonts/ later changes the cache key)
    result.inputs |= {str(lic.source) for lic in licences}
    return result


def printed_problems(
    root: str, game_id: str, profile: str, imposition: str = "duplex"
) -> list[Problem]:
    """The glyph problems of the text a job prints outside its text boxes (labels, notes)."""
    game_plan, _problems = runner.plan(root, game_id, profile, imposition)
    if game_plan is None:
        return []
    from .printed import printed_text_problems

    return printed_text_problems(Path(root), game_plan.game, game_plan.profile)


def _commit(
    out: Path,
    results: list[Result],
    keys: kept_kits.Keys,
    others: Sequence[dict[str, Any]] = (),
) -> list[dict[str, Any]]:
    """One game's files, cache entries and manifest entries, switched in as one commit
    (``others``: the build's other entries, listed by the same manifest)."""
    entries: list[dict[str, Any]] = []
    pdfs: list[tuple[str, bytes]] = []
    caches: list[tuple[str, bytes]] = []
    kits: list[str] = []
    hashed: dict[str, str] = {}  # the files' sha256, hashed once
    for result in results:
        task = result.task
        inputs = record(Path(task.root), result.inputs, result.read)
        warned = warning_records(result.problems)
        for paper in task.papers:
            outputs = []
            kits.append(f"{task.game}/{task.profile}-{paper}/")
            for rendered in (f for f in result.files if f.paper == paper):
                sha = rendered.file_sha256()
                entry = _entry(task, rendered, sha)
                if not rendered.kept:  # a kept part stays in place, as it is
                    pdfs.append((entry["path"], rendered.data))
                    hashed[entry["path"]] = sha
                outputs.append(entry)
            kit = [f for f in result.files if f.paper == paper]
            caches.append(kit_records(out, task.game, task.profile, paper, kit))
            # not cached: a job that read a file from elsewhere, or left a part undrawn
            # nor one that said more warnings than an entry keeps (``warning_records``)
            if inputs is not None and warned is not None and not result.partial:
                kit = (task.game, task.profile, paper)
                cache = Entry(keys[kit], inputs, outputs, warned)
                where = cache_file(out, task.game, task.profile, paper).relative_to(out)
                caches.append((where.as_posix(), cache.to_json()))
            entries.extend(outputs)
    game = results[0].task.game
    commit_game(out, game, pdfs + caches, entries + [*others], tuple(kits), hashed=hashed)
    _drop_old_licences(out, kits, {e["path"] for e in entries})
    return entries


def _entry(task: Task, rendered: Rendered, sha: str) -> dict[str, Any]:
    """The manifest entry of a file a job made: a PDF, or a font licence file of its kit."""
    if rendered.part != LICENCE_PART:
        return runner.meta_entry(task, rendered, sha).to_json()
    from .licences import FOLDER

    path = f"{task.game}/{task.profile}-{rendered.paper}/{FOLDER}/{rendered.name}"
    return LicenceEntry(
        path, task.game, task.profile, rendered.paper, rendered.fonts, sha
    ).to_json()


def _drop_old_licences(out: Path, kits: list[str], kept: set[str]) -> None:
    """After a commit, the licence files a rebuilt kit no longer carries (a font it stopped
    using, a licence renamed) go; the manifest stopped listing them with the commit."""
    from .licences import FOLDER, is_licence_name

    for kit in kits:
        try:
            old = list((out / kit / FOLDER).iterdir())
        except OSError:
            continue
        for path in old:
            rel = f"{kit}{FOLDER}/{path.name}"
            if rel in kept or not is_licence_name(path.name) or path.is_symlink():
                continue
            if path.is_file():
                path.unlink(missing_ok=True)


def build(
    project: Project,
    games: Sequence[str],
    options: Options,
    out: Path,
    jobs: int = 1,
    progress: Progress = stderr_progress,
    resume: bool = False,
) -> tuple[list[dict[str, Any]], Report]:
    """Build every job of every game; returns the manifest entries written or kept, and the
    report. A game with problems writes nothing and keeps its last good files. ``resume``
    goes on with the build before it in this process (watch's next pass over one batch of
    saves): what that build loaded, planned and hashed is used again, as one build would; a
    file changed since then is seen by the next build that does not resume."""
    report = Report()
    unwritten: set[str] = set()  # games whose jobs found errors: nothing of theirs written
    started = time.monotonic()
    out = out.absolute()  # staged files are named relative to it
    for message in project.unknown(games):
        report.error(Loc(str(project.content)), message)
    games = [g for g in games if g in project.games()]
    if not resume:
        runner.forget()
        confine.forget()
        file_hash.cache_clear()
    unchanged = kept_kits.unchanged(project.root, games, options, out)
    if unchanged is not None:  # nothing to write: no lock, no manifest, no job
        kept, warned = unchanged
        for game, profile, paper in kept_kits.kits(games, options):
            progress(f"{game} {profile}-{paper}: unchanged")
        report.extend(warned)  # what the jobs that made the files said, said again
        progress(last_line(len(kept), out, time.monotonic() - started, ()))
        return kept, report
    if not resume:
        file_hash.cache_clear()  # the locked build hashes afresh what it decides on
    try:
        with locked(out):
            for done in recover(out):
                progress(done)
            clean_temps(kept_kits.folders(out, games, options))
            report.extend(p for p in [unreadable_manifest(out)] if p is not None)
            outputs = _build(project, games, options, out, jobs, progress, report, unwritten)
    except ContentError as exc:
        report.extend(exc.problems)
        return [], report
    except OSError as exc:
        report.problems.append(write_problem(out, exc))
        return [], report
    progress(last_line(len(outputs), out, time.monotonic() - started, unwritten))
    report.refused = unwritten
    return outputs, report


def _build(
    project: Project,
    games: Sequence[str],
    options: Options,
    out: Path,
    workers: int,
    progress: Progress,
    report: Report,
    unwritten: set[str],
) -> list[dict[str, Any]]:
    root = str(project.root)
    outputs: list[dict[str, Any]] = []
    keys, licences = kept_kits.keys(project.root, games, options)
    todo: list[Task] = []
    for game in games:
        for profile in options.profiles:
            papers = []
            for paper in options.papers:
                entry = kept_kits.valid_entry(
                    project.root, out, (game, profile, paper), keys, licences
                )
                if entry is not None:
                    outputs.extend(entry.outputs)
                    report.extend(p for p in replayed(entry) if p not in report.problems)
                    progress(f"{game} {profile}-{paper}: unchanged")
                else:
                    papers.append(paper)
            if papers:
                todo.append(Task(root, game, profile, tuple(papers), options, str(out)))
    if todo:
        damaged = runner.font_problems()
        if damaged:  # no game can be drawn: one line, not a failure per game
            report.extend(damaged)
            todo = []
    by_game: dict[str, list[Result]] = {}
    remaining = {g: sum(1 for t in todo if t.game == g) for g in games}
    t0, written = time.monotonic(), False
    for i, result in enumerate(_run_all(todo, workers), 1):
        task = result.task
        papers = "+".join(task.papers)
        progress(
            f"[{i}/{len(todo)}] {task.game} {task.profile} ({papers}): {job_state(result)}"
            f" ({time.monotonic() - t0:.1f} s)"
        )
        by_game.setdefault(task.game, []).append(result)
        remaining[task.game] -= 1
        if remaining[task.game] == 0:
            whole = outputs if i == len(todo) else None  # the last commit lists every file
            results = by_game.pop(task.game)
            said = unwritten_game(out, task.game, results)
            if said is not None:
                progress(said)
            entries = _finish_game(out, results, keys, report, whole)
            if any(has_errors(r.problems) for r in results):
                unwritten.add(task.game)
            written = whole is not None and bool(entries)
            outputs.extend(entries)
    if (todo or outputs) and not written:
        write_manifest(out, outputs)
    return outputs


def _finish_game(
    out: Path,
    results: list[Result],
    keys: kept_kits.Keys,
    report: Report,
    others: Sequence[dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """Commit a game whose jobs all rendered; report the problems of one that did not (and
    the warnings of one that did). ``others``: the build's other entries, for the commit's
    manifest to list too (the last commit of a build: no manifest is written after it)."""
    problems = sorted({p for r in results for p in r.problems})
    report.extend(problems)
    if has_errors(problems):
        return []
    try:
        return _commit(out, results, keys, others or ())
    except OSError as exc:  # a full disk: this game keeps its last good files
        report.problems.append(write_problem(out, exc))
        return []


def write_problem(out: Path, exc: OSError) -> Problem:
    """One line naming the file that could not be written and why: a rename's destination
    (``filename2``) is the file, its source only a temporary one."""
    named = [f for f in (exc.filename2, exc.filename) if isinstance(f, str)]
    where = named[0] if named else str(out)
    blocked = confine.in_the_way(out, Path(where))
    if blocked is not None:  # a file where a kit's folder goes: said there, as an export does
        said = f"cannot write here: {blocked[1]}; remove it (the last good files are kept)"
        return Problem(Loc(str(blocked[0])), said)
    why = exc.strerror or type(exc).__name__
    return Problem(Loc(where), f"cannot write this file: {why}; the last good files are kept")
