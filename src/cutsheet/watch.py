"""``cutsheet watch``: rebuild on every save.

The core, :func:`watch_loop`, takes an iterable of change batches (sets of ``(change, path)``
as :func:`watchfiles.watch` yields them) so tests can drive it without a file system watcher.
Each batch that touches ``content/`` or ``layouts/`` rebuilds the games it concerns with
:func:`cutsheet.build.build`, which skips unchanged jobs from its cache and keeps a broken
game's last good PDFs; problems are printed, located, and the loop goes on.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from .build import Options, Project, build, stderr_progress
from .diagnostics import Problem

Batch = Iterable[tuple[Any, str]]  # (watchfiles.Change, path)
Say = Callable[[str], None]
Show = Callable[[list[Problem]], None]

__all__ = ["changed_games", "changes", "watch_loop"]


def _print_problems(problems: list[Problem]) -> None:
    for p in sorted(set(problems)):
        print(p, file=sys.stderr, flush=True)


def _under(path: Path, folder: Path) -> Path | None:
    try:
        return path.relative_to(folder)
    except ValueError:
        return None


def _game_of(project: Project, path: str, watched: list[str]) -> list[str]:
    """The watched games a changed file concerns: a file under ``content/<game>/`` that game,
    a layout file (``layouts/…``) every watched game (the build cache then finds the jobs whose
    inputs really changed), anything else none."""
    resolved = Path(path).resolve()
    rel = _under(resolved, project.content.resolve())
    if rel is not None:
        return [rel.parts[0]] if len(rel.parts) >= 2 and rel.parts[0] in watched else []
    return list(watched) if _under(resolved, project.layouts.resolve()) is not None else []


def changed_games(project: Project, paths: Iterable[str], watched: list[str]) -> list[str]:
    """The watched games a batch of changed paths concerns, in name order."""
    return sorted({g for path in paths for g in _game_of(project, path, watched)})


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
    Returns 0: problems are printed, never fatal."""

    def watched() -> list[str]:
        return list(games) or project.games()

    def quiet(message: str) -> None:  # an unchanged job is not news while watching
        if not message.endswith(": unchanged"):
            say(message)

    def rebuild(which: list[str]) -> None:
        _outputs, report = build(project, which, options, out, jobs=jobs, progress=quiet)
        show(report.problems)
        errors = len(report.errors)
        state = f"{errors} error{'s' if errors != 1 else ''}" if errors else "no errors"
        say(f"{', '.join(which)}: {state}; watching for changes (Ctrl-C to stop)")

    def ours(path: str) -> bool:  # a file this loop wrote (an --out inside content/)
        return _under(Path(path).resolve(), out.resolve()) is not None

    rebuild(watched())
    for batch in batches:
        now = watched()
        relevant = [p for _change, p in batch if _game_of(project, p, now) and not ours(p)]
        if not relevant:
            continue
        # an editor's or sed's temporary file is gone by now: name the files that are there
        named = [p for p in relevant if Path(p).exists()] or relevant
        say(f"changed: {', '.join(sorted({_display(project.root, p) for p in named}))}")
        rebuild(changed_games(project, relevant, now))
    return 0


def _display(root: Path, path: str) -> str:
    rel = _under(Path(path).resolve(), root.resolve())
    return str(rel) if rel is not None else path


def changes(project: Project, timeout: float | None = None) -> Iterator[set[tuple[Any, str]]]:
    """Batches of saves under ``content/`` and ``layouts/`` (editor swap and backup files
    ignored), until Ctrl-C or, when given, ``timeout`` seconds."""
    from watchfiles import DefaultFilter, watch

    folders = [p for p in (project.content, project.layouts) if p.is_dir()]
    stop = threading.Event()
    timer = None
    if timeout is not None:
        timer = threading.Timer(timeout, stop.set)
        timer.daemon = True
        timer.start()
    try:
        yield from watch(*folders, watch_filter=DefaultFilter(), stop_event=stop, rust_timeout=500)
    finally:
        if timer is not None:
            timer.cancel()
