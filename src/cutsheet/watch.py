"""``cutsheet watch``: rebuild on every save.

The core, :func:`watch_loop`, takes an iterable of change batches (sets of ``(change, path)``
as :func:`watchfiles.watch` yields them) so tests can drive it without a file system watcher.
Each batch that touches ``content/``, ``layouts/`` or the project's ``icons/`` or ``fonts/``
rebuilds the games it concerns with
:func:`cutsheet.build.build`, which skips unchanged jobs from its cache and keeps a broken
game's last good PDFs; problems are printed, located, and the loop goes on.

A rebuild comes in two passes: first the edited games under one profile on one paper (the
standard A4 when asked for), checked whole, then drawn cards first: the cards PDF is written
and reported before the rules are drawn (the parts an edit did not change are kept, see
``partcache``), so a mistake or a changed card shows within a second; then, when that pass
has no errors, everything else those changes concern. A game
folder or ``layouts/`` that is deleted is reported (its PDFs stay), and one that comes back is
rebuilt; :func:`changes` keeps watching a folder that was deleted and recreated.
"""

from __future__ import annotations

import os
import queue
import re
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .build import Options, Project, build, check_games, stderr_progress
from .diagnostics import Problem, counted, display_path, said_once
from .output import BUSY
from .progress_lines import UNWRITTEN

Batch = Iterable[tuple[Any, str]]  # (watchfiles.Change, path)
Say = Callable[[str], None]
Show = Callable[[list[Problem]], None]

__all__ = ["changed_games", "changes", "edited_games", "watch_loop", "watching_now"]

_SUMMARY = re.compile(r"^\d+ files in ")  # build's own summary: the watch loop says its own
WATCHING = "watching for changes (Ctrl-C to stop)"
BUSY_RETRY_S = 0.5  # how often a rebuild refused by another build's lock tries again


def _busy(problems: list[Problem]) -> bool:
    """Whether a build was refused only because another one holds the output folder's lock
    (``output.BUSY``): watch waits for it and builds then (it once said the game had an
    error and never built it again, a review found)."""
    errors = [p for p in problems if p.severity == "error"]
    return bool(errors) and all(p.message == BUSY for p in errors)


def _print_problems(problems: list[Problem]) -> None:
    for p in said_once(problems):
        print(p, file=sys.stderr, flush=True)


def _resolved(path: str | Path) -> Path:
    """``path`` with its symlinks followed where they can be; where they cannot (a symlink
    loop saved into a watched folder, which ``Path.resolve`` raises on up to Python 3.12)
    the path as it is, made absolute: enough to tell which game it is in, and the build
    then says what is wrong with it (if anything: a file no game reads is only a warning)."""
    try:
        return Path(path).resolve()
    except (OSError, RuntimeError, ValueError):
        return Path(os.path.abspath(path))


def _under(path: Path, folder: Path) -> Path | None:
    try:
        return path.relative_to(folder)
    except ValueError:
        return None


def _game_of(project: Project, path: str, watched: list[str]) -> list[str]:
    """The watched games a changed path concerns: a file under ``content/<game>/``, or that
    folder itself (deleted or recreated), that game; a layout file (``layouts/…``) or the
    folder itself every watched game (the build cache then finds the jobs whose inputs really
    changed); anything else none."""
    resolved = _resolved(path)
    rel = _under(resolved, _resolved(project.content))
    if rel is not None:
        return [rel.parts[0]] if rel.parts and rel.parts[0] in watched else []
    shared = (project.layouts, *_project_files(project))
    return list(watched) if any(_under(resolved, _resolved(f)) is not None for f in shared) else []


def _project_files(project: Project) -> tuple[Path, Path]:
    """The project's own icons and fonts: any game may draw them (the build cache finds the
    jobs that do)."""
    return project.root / "icons", project.root / "fonts"


def changed_games(project: Project, paths: Iterable[str], watched: list[str]) -> list[str]:
    """The watched games a batch of changed paths concerns, in name order."""
    return sorted({g for path in paths for g in _game_of(project, path, watched)})


def edited_games(project: Project, paths: Iterable[str], watched: list[str]) -> list[str]:
    """The games a batch edits directly, to rebuild first: a file under ``content/<game>/``
    or the game's own ``layouts/<game>.yaml``; a shared layout (``base.yaml``) edits every
    watched game."""
    direct: set[str] = set()
    shared = False
    layouts = _resolved(project.layouts)
    for path in paths:
        resolved = _resolved(path)
        rel = _under(resolved, layouts)
        if rel is not None and len(rel.parts) == 1 and resolved.stem in watched:
            direct.add(resolved.stem)
        elif rel is not None:
            shared = True
        else:
            direct.update(_game_of(project, path, watched))
    return sorted(direct) if direct or not shared else sorted(watched)


def _first_pass(options: Options) -> Options:
    """The quick pass: the standard profile on A4 when asked for, else the first of each."""
    profile = "standard" if "standard" in options.profiles else options.profiles[0]
    paper = "a4" if "a4" in options.papers else options.papers[0]
    return replace(options, profiles=(profile,), papers=(paper,))


@dataclass
class _Watcher:
    """What a watch loop knows between batches, and how it rebuilds."""

    project: Project
    games: list[str]  # empty: every game of the project, games added while watching too
    options: Options
    out: Path
    jobs: int
    say: Say
    show: Show
    known: list[str] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)
    failing: set[str] = field(default_factory=set)  # games whose last build had an error

    def watched(self) -> list[str]:
        return list(self.games) or self.project.games()

    def present(self, which: list[str]) -> list[str]:
        there = set(self.project.games())
        return [g for g in which if g in there]

    def quiet(self, message: str) -> None:
        """Build's progress, but what is no news here: unchanged jobs, the file count, and
        the line for a game that wrote nothing (``finish`` says how each game stands, with
        the kit the quick pass already wrote)."""
        if message.endswith(": unchanged") or _SUMMARY.match(message) or UNWRITTEN in message:
            return
        self.say(message)

    def run(
        self, which: list[str], opts: Options, resume: bool = False, jobs: int | None = None
    ) -> tuple[list[Problem], list[str]]:
        """Build ``which``; ``resume`` goes on from the pass before it (one batch of saves):
        its games are not loaded nor planned again. Its problems, and the games it refused
        (every one of ``which`` when the build as a whole was: its folder locked, say)."""
        workers = self.jobs if jobs is None else jobs
        waited = False
        while True:
            _outputs, report = build(
                self.project, which, opts, self.out, workers, self.quiet, resume=resume
            )
            if not _busy(report.problems):
                break
            if not waited:  # a folder being written is no mistake of the game's: wait for it
                where = display_path(self.out)
                self.say(f"{where}: another cutsheet build is writing there; waiting for it")
                waited = True
            time.sleep(BUSY_RETRY_S)
        refused = [g for g in which if g in report.refused]
        if report.errors and not refused:
            refused = list(which)
        return report.problems, refused

    def finish(
        self,
        which: list[str],
        problems: list[Problem],
        fresh: str = "",
        shown: list[Problem] | None = None,
        last: bool = True,
        refused: list[str] | None = None,
    ) -> None:
        """Show ``problems`` (but those ``shown`` already) and say how ``which`` stand: those
        the build ``refused`` (all of them, when it does not say) with their errors, the
        others without; ``fresh``: the kit the quick pass already wrote with this edit
        (standard-a4), which a failure of the rest leaves new; ``last``: the batch's last
        line, which says that the loop is watching again."""
        if shown:
            said = set(shown)  # (a warning that repeats an error shown is said by it)
            new = [p for p in said_once([*shown, *problems]) if p not in said]
            if new:
                self.show(new)
        else:
            self.show(problems)
        # this batch's own errors, those said before included: a game whose error is the
        # same words as another's already shown has failed all the same (a review)
        errors = sum(1 for p in set(problems) if p.severity == "error")  # said once each
        failed = ([g for g in which if g in refused] if refused else list(which)) if errors else []
        fine = [g for g in which if g not in failed]
        self.failing.update(failed)
        self.failing.difference_update(fine)
        watching = f"; {WATCHING}" if last else ""
        if fine:
            self.say(f"{', '.join(fine)}: no errors" + ("" if failed else watching))
        if failed:
            kept = any((self.out / g).is_dir() for g in failed)
            said = "; the last good PDFs are kept"
            if fresh and len(failed) == 1:
                said = f"; {fresh} has this edit, its other PDFs are the last good ones"
            elif fresh:  # which of the games failed is in the messages above
                said = f"; {fresh} has this edit; a game's other PDFs are its last good ones"
            state = counted(errors, "error") + (said if kept else "")
            self.say(f"{', '.join(failed)}: {state}{watching}")

    def rebuild(self, first: list[str], rest: list[str], cards_first: bool = True) -> None:
        """The quick pass for the games edited first (standard A4: its cards, then the rest
        of it), then everything. A game the quick pass refuses is checked in every kit and
        left with its last good PDFs; the other games go on (one broken game stopped them
        all, leaving their other kits stale)."""
        quick = _first_pass(self.options)
        passes = 0  # the passes of this batch so far: each goes on from the one before
        broken: list[str] = []
        shown: list[Problem] = []
        steps = [(replace(quick, parts=("cards",)), "cards up to date", "")] if cards_first else []
        if quick != self.options:
            steps.append((quick, "up to date", "; now the rest"))
        for options, done, then in steps:
            going = [g for g in first if g not in broken]
            if not going:
                break
            problems, refused = self.quick_pass(going, options, done, then, passes > 0)
            if refused:  # (its problems were shown)
                broken += refused
                shown += [p for p in problems if p not in shown]
            passes += 1
        rest = [g for g in rest if g not in broken]
        if rest:
            self.rest(first, rest, quick, passes, shown, last=not broken)
        if broken:  # after the others: its mistakes were said at once, the others wait no more
            self.checked(broken, shown)

    def rest(
        self,
        first: list[str],
        rest: list[str],
        quick: Options,
        passes: int,
        shown: list[Problem],
        last: bool,
    ) -> None:
        """The batch's every kit of the games ``rest``, after ``passes`` quick steps."""
        fresh = ""
        if passes:  # the quick pass wrote its kit of these games (or that kit's cards alone)
            label = f"{quick.profiles[0]}-{quick.papers[0]}"
            if quick == self.options:  # its one step: the cards, before the rest of the kit
                label = f"{label} cards.pdf"
            done_games = [g for g in first if g in rest]
            fresh = label if done_games == rest else f"{label} of {', '.join(done_games)}"
        problems, refused = self.run(rest, self.options, resume=passes > 0)
        self.finish(rest, problems, fresh, shown=shown, last=last, refused=refused)

    def quick_pass(
        self, first: list[str], quick: Options, done: str, then: str, resume: bool
    ) -> tuple[list[Problem], list[str]]:
        """One step of the quick pass, reported as soon as it is written: its problems
        (shown at once where it refused a game) and the games it refused (the other kits
        of those are checked next: ``checked``)."""
        started = time.monotonic()
        # in this process: what it plans and the caches it fills serve the next edit, and
        # the rest's workers, forked after it, start from its plans
        problems, refused = self.run(first, quick, resume, jobs=1)
        label = f"{quick.profiles[0]}-{quick.papers[0]}"
        if refused:
            self.say(f"{', '.join(refused)} {label}: failed; checking the other kits")
            self.show(problems)
        ok = [g for g in first if g not in refused]
        if ok:
            folders = ", ".join(display_path(self.out / g / label) for g in ok)
            elapsed = time.monotonic() - started
            self.say(f"{', '.join(ok)} {label}: {done} in {folders} ({elapsed:.1f} s){then}")
        return problems, refused

    def checked(self, first: list[str], shown: list[Problem]) -> None:
        """After a failed quick pass, the edited games checked in every kit (``check``: what a
        build would refuse, nothing drawn), so that a mistake only another profile has
        (large print's text too big for its card) is said now too, not after the first is
        mended. Nothing is written: the last good PDFs stay."""
        report = check_games(self.project, first, self.options, self.jobs)
        self.finish(first, report.problems, shown=shown)

    def ours(self, path: str) -> bool:  # a file this loop wrote (an --out inside content/)
        return _under(_resolved(path), _resolved(self.out)) is not None

    def start(self) -> None:
        if not self.games:  # a folder without its game.yaml (said by the command): failing
            self.failing.update(name for name, _files in self.project.gameless())
        self.known = self.present(self.watched())
        self.seen = set(self.known)
        self.rebuild(self.known, self.known, cards_first=False)  # a first build: whole kits

    def without_game_yaml(self, batch: Batch, gone: list[str]) -> list[str]:
        """The folders of content/ this batch touched that hold content files but no
        game.yaml (a game.yml written), besides the games ``gone``: watching every game,
        each is said as check says it (a review: it was silent)."""
        if self.games:
            return []
        content = _resolved(self.project.content)
        touched = {
            found.parts[0]
            for _c, p in batch
            if (found := _under(_resolved(p), content)) is not None and found.parts
        }
        return [n for n, _files in self.project.gameless() if n in touched and n not in gone]

    def say_gone(self, gone: list[str], idle: bool) -> None:
        """Say each game folder gone, or there without its game.yaml (an error, as check
        says it: the game fails until it is back); ``idle``: the batch builds nothing, so
        the last line says the loop is watching again."""
        project = self.project
        unread = {p.loc.path: p for p in project.gameless_problems(gone)}
        for i, game in enumerate(gone):
            waits = f"; {WATCHING}" if idle and i == len(gone) - 1 else ""
            where = display_path(self.out / game)
            problem = unread.get(display_path(project.content / game))
            if problem is None:
                self.say(f"content/{game}/ is gone; its last PDFs stay in {where}{waits}")
                continue
            self.show([problem])  # its game.yaml deleted or renamed: as check says it
            self.failing.add(game)
            kept = f"; the last good PDFs are kept in {where}" if (self.out / game).is_dir() else ""
            self.say(f"{game}: 1 error{kept}{waits}")

    def batch(self, batch: Batch) -> None:
        """Rebuild what one batch of changes concerns; say what came and went."""
        project = self.project
        now = self.present(self.watched())  # a game named on the command line may be gone
        relevant = [(c, p) for c, p in batch if _game_of(project, p, now) and not self.ours(p)]
        gone = [g for g in self.known if g not in project.games()]
        back = [g for g in self.present(now) if g not in self.known]
        self.known = self.present(now)
        idle = not relevant and not back  # nothing to build: the last line says so
        self.say_gone(gone + self.without_game_yaml(batch, gone), idle)
        if idle:
            return
        if relevant:
            self.say(_what_changed(project, relevant))
        concerned = self.present(changed_games(project, [p for _c, p in relevant], now) + back)
        if not concerned:
            return
        for game in back:
            again = "is there again" if game in self.seen else "is new"
            self.say(f"content/{game}/ {again}: building it")
        self.seen.update(back)
        edited = edited_games(project, [p for _c, p in relevant], now)
        first = self.present(list(dict.fromkeys(edited + back)))  # once each, in order
        self.rebuild(first or concerned, sorted(set(concerned)))


def watch_loop(
    project: Project,
    games: list[str],
    options: Options,
    out: Path,
    batches: Iterable[Batch],
    *,
    jobs: int = 1,
    say: Say = stderr_progress,
    show: Show = _print_problems,
) -> int:
    """Build once, then rebuild what each batch of changes concerns, until ``batches`` ends.
    ``games`` empty means every game of the project, including games added while watching.
    Problems are printed, never fatal; Ctrl-C ends it like the end of ``batches``. Returns 1
    when the last build of a game still there had an error (a script that watches with
    ``--timeout`` can tell), else 0."""
    watcher = _Watcher(project, games, options, out, jobs, say, show)
    try:
        watcher.start()
        for batch in batches:
            watcher.batch(batch)
    except KeyboardInterrupt:  # how watching ends: not a failure of its own
        pass
    there = set(project.games()) | {name for name, _files in project.gameless()}
    return 1 if watcher.failing & there else 0


def _what_changed(project: Project, batch: list[tuple[Any, str]]) -> str:
    """``changed: a, b``, naming folders that were deleted or created as such (an editor's or
    sed's temporary file is gone by now: the files named are those that are there)."""
    paths = [p for _c, p in batch]
    named = [p for p in paths if Path(p).exists()] or paths
    shown = sorted({_display(project, p) for p in named})
    return f"changed: {', '.join(shown)}"


def _display(project: Project, path: str) -> str:
    resolved = _resolved(path)
    rel = _under(resolved, _resolved(project.root))
    if rel is None:
        return path
    shown = rel.as_posix()
    return f"{shown}/" if resolved.is_dir() else shown


def _folders(project: Project) -> dict[Path, tuple[int, int]]:
    """The watched folders there are, each with its identity (device, inode): a folder
    deleted and made again at once is another folder, which the old watch does not see."""
    found = {}
    for folder in (project.content, project.layouts, *_project_files(project)):
        try:
            st = folder.stat()
        except OSError:
            continue
        if folder.is_dir():
            found[folder] = (st.st_dev, st.st_ino)
    return found


def changes(
    project: Project, timeout: float | None = None, stop: threading.Event | None = None
) -> Iterator[set[tuple[Any, str]]]:
    """Batches of saves under ``content/``, ``layouts/`` and the project's ``icons/`` and
    ``fonts/`` (editor swap and backup files ignored), until Ctrl-C, ``timeout`` seconds or
    ``stop`` is set (within half a second: a program that watches in a thread of its own
    ends the watcher before it ends, rather than leave it inside watchfiles' native loop,
    which older watchfiles releases abort on at interpreter exit). A watched folder that is
    deleted and created again is watched again, and its coming back is a change; one found
    gone when the watch starts again, its deletion unseen (removed while the watcher was
    starting), is a deletion."""
    from watchfiles import Change, DefaultFilter, watch

    stop = stop if stop is not None else threading.Event()
    timer = None
    if timeout is not None:
        timer = threading.Timer(timeout, stop.set)
        timer.daemon = True
        timer.start()
    try:
        watched: dict[Path, tuple[int, int]] | None = None  # what the last watch was on
        lost: set[Path] = set()  # folders whose deletion the last watch saw
        while not stop.is_set():
            folders = _folders(project)
            if watched is not None:  # a restart: a folder there now that was not, is back
                back = {
                    (Change.added, str(p))
                    for p, ident in folders.items()
                    if p in lost or watched.get(p) != ident
                }
                gone = {
                    (Change.deleted, str(p)) for p in watched if p not in folders and p not in lost
                }
                if back or gone:
                    yield back | gone
            watched, lost = folders, set()
            if not folders:  # both gone: look again twice a second
                stop.wait(0.5)
                continue
            for batch in watch(
                *folders,
                watch_filter=DefaultFilter(),
                stop_event=stop,
                rust_timeout=500,
                yield_on_timeout=True,
            ):
                lost = {Path(p) for c, p in batch if c == Change.deleted and Path(p) in folders}
                if batch:
                    yield batch
                if lost or _folders(project) != folders:  # deleted, or made again: restart
                    break
    finally:
        if timer is not None:
            timer.cancel()


_END = object()


def watching_now(batches: Iterator[set[tuple[Any, str]]]) -> Iterator[set[tuple[Any, str]]]:
    """``batches`` (``changes``) read from now on, in a thread of their own, so the file
    system watcher is up before the first build rather than after it: a save made while a
    build runs, or just after ``watching for changes`` is said, is a change like any other
    (``changes`` alone starts watching only when first asked, after that build). Batches
    that came while a build ran are given as one; an error in the watcher is raised here."""
    waiting: queue.Queue[object] = queue.Queue()

    def pump() -> None:
        try:
            for batch in batches:
                waiting.put(batch)
        except BaseException as exc:  # noqa: BLE001 - handed to the reader, raised there
            waiting.put(exc)
        waiting.put(_END)

    threading.Thread(target=pump, name="cutsheet-watcher", daemon=True).start()  # now
    return _merged(waiting)


def _merged(waiting: queue.Queue[object]) -> Iterator[set[tuple[Any, str]]]:
    """What ``watching_now``'s thread puts in ``waiting``: each batch, or those that came
    meanwhile as one, until its end; its error raised."""
    ended = False
    while not ended:
        merged: set[tuple[Any, str]] = set()
        item = waiting.get()  # Ctrl-C interrupts the wait
        while True:
            if item is _END:
                ended = True
            elif isinstance(item, BaseException):
                raise item
            else:
                merged |= item  # type: ignore[operator]
            if ended or waiting.empty():
                break
            item = waiting.get()
        if merged:
            yield merged
