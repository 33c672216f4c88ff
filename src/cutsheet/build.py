"""Orchestration as a straight script: discover → load → check → plan → render → manifest.

A build first checks every requested game (nothing is written when any check fails), then
renders each (game, profile, paper) job, possibly in worker processes, skipping jobs whose
inputs are unchanged since the last build into the same output folder.
"""

from __future__ import annotations

import hashlib
import io
import json
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pypdf import PdfReader

from . import __version__
from .checks import run_checks
from .content import discover, load_game
from .diagnostics import ContentError, Loc, Problem, Report
from .layouts import load_layouts
from .profiles import load_profile

PARTS = ("cards", "sheets", "rules", "rules-booklet")


@dataclass(frozen=True)
class Project:
    """Where a project's inputs live: content/, layouts/ and fonts/ under one root."""

    root: Path

    @property
    def content(self) -> Path:
        return self.root / "content"

    @property
    def layouts(self) -> Path:
        return self.root / "layouts"

    def games(self) -> list[str]:
        return discover(self.content)


@dataclass(frozen=True)
class Options:
    profiles: tuple[str, ...] = ("standard",)
    papers: tuple[str, ...] = ("a4", "letter")
    cut_guides: str = "marks"
    back_offset: tuple[float, float] = (0.0, 0.0)


Progress = Callable[[str], None]


def stderr_progress(message: str) -> None:
    print(f"cutsheet: {message}", file=sys.stderr, flush=True)


# ------------------------------------------------------------------------------ check
def check_game(project: Project, game_id: str, profiles: Sequence[str]) -> Report:
    """Load, validate and measure one game under each profile; no PDF is written."""
    from .plan import plan_game

    report = Report()
    game_dir = project.content / game_id
    if not (game_dir / "game.yaml").is_file():
        report.error(
            Loc(str(game_dir)), f"no game '{game_id}' (known: {', '.join(project.games())})"
        )
        return report
    try:
        game = load_game(game_dir)
        layouts = load_layouts(project.layouts, game.spec.layouts)
    except ContentError as exc:
        report.extend(exc.problems)
        return report
    report.extend(run_checks(game))
    for name in profiles:
        try:
            profile = load_profile(project.layouts, name)
        except ContentError as exc:
            report.extend(exc.problems)
            continue
        _plan, problems = plan_game(game, layouts, profile)
        report.extend(problems)
    return report


# ------------------------------------------------------------------------------ render
@dataclass(frozen=True)
class Job:
    root: str
    game: str
    profile: str
    paper: str
    out: str
    key: str
    options: Options


def _hash_files(paths: Iterable[Path], h: Any) -> None:
    for p in sorted(paths):
        if p.is_file():
            h.update(str(p.name).encode())
            h.update(p.read_bytes())


def job_key(project: Project, game: str, profile: str, paper: str, options: Options) -> str:
    """Everything a job's output depends on: inputs, fonts, code version and options."""
    h = hashlib.sha256()
    h.update(f"{__version__}|{game}|{profile}|{paper}|{options!r}".encode())
    _hash_files((project.content / game).rglob("*"), h)
    _hash_files(project.layouts.rglob("*.yaml"), h)
    _hash_files((project.root / "fonts").glob("*.ttf"), h)
    _hash_files(Path(__file__).parent.rglob("*.py"), h)
    return h.hexdigest()


def _cache_file(out: Path, job: Job) -> Path:
    return out / ".cache" / f"{job.game}-{job.profile}-{job.paper}.json"


def _cached(job: Job) -> list[dict[str, Any]] | None:
    path = _cache_file(Path(job.out), job)
    try:
        entry = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    if entry.get("key") != job.key:
        return None
    for output in entry["outputs"]:
        pdf = Path(job.out) / output["path"]
        if not pdf.is_file() or hashlib.sha256(pdf.read_bytes()).hexdigest() != output["sha256"]:
            return None
    return entry["outputs"]


def run_job(job: Job) -> tuple[list[dict[str, Any]], list[Problem]]:
    """Render one game × profile × paper; write each part atomically. Returns manifest
    entries and problems (when there are problems nothing is written)."""
    from .booklet import impose_booklet
    from .plan import plan_game
    from .render.parts import meta_for, render_cards_like, render_rules
    from .render.pdf import atomic_write

    project = Project(Path(job.root))
    game = load_game(project.content / job.game)
    layouts = load_layouts(project.layouts, game.spec.layouts)
    profile = load_profile(project.layouts, job.profile)
    prepared, problems = plan_game(game, layouts, profile)
    rendered: dict[str, tuple[bytes, dict[str, int]]] = {}
    for part in ("cards", "sheets"):
        result = render_cards_like(
            prepared,
            part,
            job.paper,
            cut_guides=job.options.cut_guides,
            back_offset=job.options.back_offset,
        )
        if result is None:
            continue
        data, probs = result
        problems.extend(probs)
        counts = {c.id: c.printed for c in game.components if c.spec.part == part}
        rendered[part] = (data, counts)
    rules = render_rules(prepared, job.paper)
    rendered["rules"] = (rules, {"rules": 1})
    half = render_rules(prepared, job.paper, half=True)
    meta = meta_for(game, "rules-booklet", "short")
    booklet, _pages = impose_booklet(
        half,
        job.paper,
        title=meta.title,
        author=meta.author,
        subject=meta.subject,
        creator=meta.creator,
        lang=meta.lang,
    )
    rendered["rules-booklet"] = (booklet, {"rules": 1})
    if problems:
        return [], sorted(set(problems))
    outputs = []
    folder = f"{job.game}/{job.profile}-{job.paper}"
    for part in PARTS:
        if part not in rendered:
            continue
        data, counts = rendered[part]
        rel = f"{folder}/{part}.pdf"
        atomic_write(Path(job.out) / rel, data)
        outputs.append(
            {
                "path": rel,
                "game": job.game,
                "profile": job.profile,
                "paper": job.paper,
                "part": part,
                "pages": len(PdfReader(io.BytesIO(data)).pages),
                "sha256": hashlib.sha256(data).hexdigest(),
                "components": counts,
            }
        )
    cache = _cache_file(Path(job.out), job)
    cache.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(cache, json.dumps({"key": job.key, "outputs": outputs}, indent=1).encode())
    return outputs, []


def write_manifest(out: Path, outputs: list[dict[str, Any]]) -> Path:
    """Merge this build's outputs into ``out/manifest.json`` (other games' entries stay)."""
    from .render.pdf import atomic_write

    path = out / "manifest.json"
    entries: dict[str, dict[str, Any]] = {}
    try:
        old = json.loads(path.read_text())
        entries = {e["path"]: e for e in old.get("outputs", []) if (out / e["path"]).is_file()}
    except (OSError, ValueError, KeyError, TypeError):
        entries = {}
    for e in outputs:
        entries[e["path"]] = e
    manifest = {
        "generator": f"cutsheet {__version__}",
        "outputs": [entries[k] for k in sorted(entries)],
    }
    atomic_write(path, (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode())
    return path


def build(
    project: Project,
    games: Sequence[str],
    options: Options,
    out: Path,
    jobs: int = 1,
    progress: Progress = stderr_progress,
) -> tuple[list[dict[str, Any]], Report]:
    """Check every game, then render every job. Returns manifest entries and the report."""
    report = Report()
    started = time.monotonic()
    for game in games:
        rep = check_game(project, game, options.profiles)
        report.extend(rep.problems)
    if report.errors:
        return [], report
    out.mkdir(parents=True, exist_ok=True)
    todo = [
        Job(
            str(project.root),
            g,
            prof,
            paper,
            str(out),
            job_key(project, g, prof, paper, options),
            options,
        )
        for g in games
        for prof in options.profiles
        for paper in options.papers
    ]
    outputs: list[dict[str, Any]] = []
    fresh: list[Job] = []
    for job in todo:
        cached = _cached(job)
        if cached is None:
            fresh.append(job)
        else:
            outputs.extend(cached)
            progress(f"{job.game} {job.profile}-{job.paper}: unchanged")
    total = len(fresh)

    def done(
        i: int, job: Job, result: tuple[list[dict[str, Any]], list[Problem]], t0: float
    ) -> None:
        entries, problems = result
        report.extend(problems)
        outputs.extend(entries)
        pages = sum(e["pages"] for e in entries)
        state = "FAILED" if problems else f"{len(entries)} files, {pages} pages"
        progress(
            f"[{i}/{total}] {job.game} {job.profile}-{job.paper}: {state} ({time.monotonic() - t0:.1f} s)"
        )

    if jobs > 1 and total > 1:
        with ProcessPoolExecutor(max_workers=min(jobs, total)) as pool:
            t0 = time.monotonic()
            for i, (job, result) in enumerate(zip(fresh, pool.map(run_job, fresh), strict=True), 1):
                done(i, job, result, t0)
    else:
        for i, job in enumerate(fresh, 1):
            t0 = time.monotonic()
            done(i, job, run_job(job), t0)
    if outputs:
        write_manifest(out, outputs)
    progress(f"{len(outputs)} files in {out} ({time.monotonic() - started:.1f} s)")
    return outputs, report
