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
from typing import TYPE_CHECKING, Any

from . import confine
from . import jobs as runner
from .cache import Entry, cache_file, file_hash, options_key, read_entry, record, still_valid
from .commit import commit_game, recover
from .diagnostics import ContentError, Loc, Problem, Report
from .jobs import PARTS, Options, Result, Task
from .output import LICENCE_PART, LicenceEntry, clean_temps, locked, write_manifest
from .partcache import kit_records
from .targets import Rendered

if TYPE_CHECKING:
    from .licences import Licence

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
    project: Project,
    game_id: str,
    options: Options | Sequence[str] | None = None,
    jobs: int = 1,
) -> Report:
    """Load, validate, plan and impose one game under each profile on each paper of
    ``options`` (profile names alone: the default papers and print options); writes nothing.
    Finds exactly what a build of that game with those options would refuse. With ``jobs``
    above 1, the game is loaded once here and its profiles are checked in that many workers
    at once (forked after the load, so they share it)."""
    if not isinstance(options, Options):
        options = Options(profiles=tuple(options or ("standard",)))
    report = Report()
    for message in project.unknown([game_id]):
        report.error(Loc(str(project.content / game_id)), message)
        return report
    from .measure import font_problems

    report.extend(font_problems())
    if report.problems:
        return report
    runner.forget()
    confine.forget()
    root = str(project.root)
    if jobs > 1 and len(options.profiles) > 1:
        found = _check_in_workers(root, game_id, options, jobs)
    else:
        found = [check_profile(root, game_id, p, options) for p in options.profiles]
    for problems in found:
        report.extend(problems)
    report.problems = sorted(set(report.problems))
    return report


def check_profile(root: str, game_id: str, profile: str, options: Options) -> list[Problem]:
    """Everything a build of one game under one profile, on every paper, would refuse."""
    _prints, problems = runner.prints(root, game_id, profile, options.papers, options)
    found = list(problems) + printed_problems(root, game_id, profile)
    return found + list(job_licences(root, game_id, profile)[1])


def _check_in_workers(root: str, game_id: str, options: Options, jobs: int) -> list[list[Problem]]:
    """``check_profile`` for each profile in worker processes forked after the heavy imports
    and the game's load (they inherit both), in the order of the profiles."""
    from concurrent.futures import ProcessPoolExecutor

    runner.warm()
    runner.load(root, game_id)
    workers = min(jobs, len(options.profiles))
    with ProcessPoolExecutor(max_workers=workers, initializer=runner.worker_init) as pool:
        futures = [pool.submit(check_profile, root, game_id, p, options) for p in options.profiles]
        return [future.result() for future in futures]


# ------------------------------------------------------------------------------ build
def _run_all(todo: list[Task], workers: int) -> Iterator[Result]:
    """Results as jobs finish; in this process, or in workers that die with it."""
    if workers <= 1 or len(todo) <= 1:
        if todo:
            runner.warm()
        for task in todo:
            yield run_safely(task)
        return
    from concurrent.futures import ProcessPoolExecutor, as_completed

    runner.warm()  # the workers fork with the heavy imports done and frozen
    with ProcessPoolExecutor(
        max_workers=min(workers, len(todo)), initializer=runner.worker_init
    ) as pool:
        try:
            futures = [pool.submit(run_safely, task) for task in runner.longest_first(todo)]
            for future in as_completed(futures):
                yield future.result()
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def run_safely(task: Task) -> Result:
    """One job; a bug that escapes it fails this job's game only, with one line saying so
    (every content mistake is a located error long before this)."""
    try:
        extra = printed_problems(task.root, task.game, task.profile)
        if extra:  # the plan is memoised: run() would find the same plan and draw it
            _plan, problems = runner.plan(task.root, task.game, task.profile)
            return Result(task, sorted(set(problems) | set(extra)))
        return with_licences(runner.run(task))
    except Exception as exc:  # the other games go on
        where = Loc(str(Path(task.root) / "content" / task.game / "game.yaml"))
        why = f"{type(exc).__name__}: {' '.join(str(exc).split())}"
        message = f"{task.profile}: cutsheet failed on this game ({why}); please report it"
        return Result(task, [Problem(where, message)])


def job_licences(root: str, game_id: str, profile: str) -> tuple[list[Licence], list[Problem]]:
    """The font licence files a job's kit carries (the packaged font's, and those of the
    project fonts it embeds) and their problems: a font without one is a warning, a licence
    file that cannot be copied an error."""
    from .licences import embedded_fonts, kit_licences

    game_plan, _problems = runner.plan(root, game_id, profile)
    _game, layouts, _ = runner.load(root, game_id)
    if game_plan is None or layouts is None:
        return [], []
    fonts = embedded_fonts(Path(root), layouts.fonts, game_plan.profile.own_fonts)
    licences, problems = kit_licences(Path(root), fonts)
    return licences, problems


def with_licences(result: Result) -> Result:
    """A job that drew its PDFs, with its kit's font licence files beside them (for every
    paper) and their warnings; a licence that cannot be copied fails the job."""
    if result.problems:
        return result
    task = result.task
    licences, problems = job_licences(task.root, task.game, task.profile)
    result.problems = sorted(set(problems))
    if any(p.severity == "error" for p in problems):
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


def printed_problems(root: str, game_id: str, profile: str) -> list[Problem]:
    """The glyph problems of the text a job prints outside its text boxes (labels, notes)."""
    game_plan, _problems = runner.plan(root, game_id, profile)
    if game_plan is None:
        return []
    from .printed import printed_text_problems

    return printed_text_problems(Path(root), game_plan.game, game_plan.profile)


def _commit(
    out: Path, results: list[Result], keys: dict[tuple[str, str], str]
) -> list[dict[str, Any]]:
    """One game's files, cache entries and manifest entries, switched in as one commit."""
    entries: list[dict[str, Any]] = []
    pdfs: list[tuple[str, bytes]] = []
    caches: list[tuple[str, bytes]] = []
    kits: list[str] = []
    for result in results:
        task = result.task
        inputs = record(Path(task.root), result.inputs)
        for paper in task.papers:
            outputs = []
            kits.append(f"{task.game}/{task.profile}-{paper}/")
            for rendered in (f for f in result.files if f.paper == paper):
                sha = rendered.kept or hashlib.sha256(rendered.data).hexdigest()
                entry = _entry(task, rendered, sha)
                if not rendered.kept:  # a kept part stays in place, as it is
                    pdfs.append((entry["path"], rendered.data))
                outputs.append(entry)
            kit = [f for f in result.files if f.paper == paper]
            caches.append(kit_records(out, task.game, task.profile, paper, kit))
            # not cached: a job that read a file from elsewhere, or left a part undrawn
            if inputs is not None and not result.partial:
                cache = Entry(keys[(task.profile, paper)], inputs, outputs)
                where = cache_file(out, task.game, task.profile, paper).relative_to(out)
                caches.append((where.as_posix(), cache.to_json()))
            entries.extend(outputs)
    commit_game(out, results[0].task.game, pdfs + caches, entries, tuple(kits))
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
    started = time.monotonic()
    for message in project.unknown(games):
        report.error(Loc(str(project.content)), message)
    games = [g for g in games if g in project.games()]
    if not resume:
        runner.forget()
        confine.forget()
        file_hash.cache_clear()
    try:
        with locked(out):
            for game in recover(out):
                progress(f"{game}: finished the commit a stopped build left half done")
            clean_temps(_folders(out, games, options))
            outputs = _build(project, games, options, out, jobs, progress, report)
    except ContentError as exc:
        report.extend(exc.problems)
        return [], report
    except OSError as exc:
        report.problems.append(write_problem(out, exc))
        return [], report
    progress(f"{len(outputs)} files in {out} ({time.monotonic() - started:.1f} s)")
    return outputs, report


def _folders(out: Path, games: Sequence[str], options: Options) -> list[Path]:
    """Every folder a build of ``games`` writes files into."""
    from .licences import FOLDER

    folders = [out, out / ".cache"]
    for game in games:
        for profile in options.profiles:
            for paper in options.papers:
                kit = out / game / f"{profile}-{paper}"
                folders += [kit, kit / FOLDER]
    return folders


def _keys(project: Project, options: Options) -> tuple[dict[tuple[str, str], str], list[str]]:
    """Each job's cache key, by (profile, paper), and the licence files a kit may carry: a
    licence file added to or removed from fonts/ changes the keys (every kit rebuilds)."""
    from .licences import PACKAGED, licence_names

    licences = [PACKAGED.name, *licence_names(project.root)]
    keys = {
        (profile, paper): options_key(options, paper, project.root)
        + f"|{profile}|licences={'/'.join(licences)}"
        for profile in options.profiles
        for paper in options.papers
    }
    return keys, licences


def _build(
    project: Project,
    games: Sequence[str],
    options: Options,
    out: Path,
    workers: int,
    progress: Progress,
    report: Report,
) -> list[dict[str, Any]]:
    from .licences import FOLDER

    root = str(project.root)
    outputs: list[dict[str, Any]] = []
    keys, licences = _keys(project, options)
    todo: list[Task] = []
    for game in games:
        for profile in options.profiles:
            papers = []
            for paper in options.papers:
                entry = read_entry(cache_file(out, game, profile, paper))
                kit = f"{game}/{profile}-{paper}"
                mine = {f"{kit}/{part}.pdf" for part in PARTS}
                mine |= {f"{kit}/{FOLDER}/{name}" for name in licences}
                key = keys[(profile, paper)]
                if entry is not None and still_valid(entry, key, project.root, out, mine):
                    outputs.extend(entry.outputs)
                    progress(f"{game} {profile}-{paper}: unchanged")
                else:
                    papers.append(paper)
            if papers:
                todo.append(Task(root, game, profile, tuple(papers), options, str(out)))
    if todo:
        from .measure import font_problems

        damaged = font_problems()
        if damaged:  # no game can be drawn: one line, not a failure per game
            report.extend(damaged)
            todo = []
    by_game: dict[str, list[Result]] = {}
    remaining = {g: sum(1 for t in todo if t.game == g) for g in games}
    t0 = time.monotonic()
    for i, result in enumerate(_run_all(todo, workers), 1):
        task = result.task
        papers = "+".join(task.papers)
        progress(
            f"[{i}/{len(todo)}] {task.game} {task.profile} ({papers}): {_state(result)}"
            f" ({time.monotonic() - t0:.1f} s)"
        )
        by_game.setdefault(task.game, []).append(result)
        remaining[task.game] -= 1
        if remaining[task.game] == 0:
            outputs.extend(_finish_game(out, by_game.pop(task.game), keys, report))
    if todo or outputs:
        write_manifest(out, outputs)
    return outputs


def _state(result: Result) -> str:
    """How a job went, for its progress line: FAILED, or its PDFs, pages and the parts kept
    from the last build (unchanged, not drawn again)."""
    if any(p.severity == "error" for p in result.problems):
        return "FAILED"
    pdfs = [f for f in result.files if f.part != LICENCE_PART]
    kept = sum(1 for f in pdfs if f.kept)
    state = f"{len(pdfs)} files, {sum(f.pages for f in pdfs)} pages"
    return state + (f", {kept} kept" if kept else "")


def _finish_game(
    out: Path, results: list[Result], keys: dict[tuple[str, str], str], report: Report
) -> list[dict[str, Any]]:
    """Commit a game whose jobs all rendered; report the problems of one that did not (and
    the warnings of one that did)."""
    problems = sorted({p for r in results for p in r.problems})
    report.extend(problems)
    if any(p.severity == "error" for p in problems):
        return []
    try:
        return _commit(out, results, keys)
    except OSError as exc:  # a full disk: this game keeps its last good files
        report.problems.append(write_problem(out, exc))
        return []


def write_problem(out: Path, exc: OSError) -> Problem:
    """One line naming the file that could not be written and why."""
    where = exc.filename if isinstance(exc.filename, str) else str(out)
    why = exc.strerror or type(exc).__name__
    return Problem(Loc(where), f"cannot write this file: {why}; the last good files are kept")
