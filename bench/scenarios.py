"""The measurements, each driving cutsheet only through its command line: cold builds,
the plain-ReportLab reference, a no-op rebuild, a one-card edit and synthetic decks."""

from __future__ import annotations

import os
import shutil
import sys
from dataclasses import dataclass, replace
from pathlib import Path

from .cli import (
    Output,
    build_argv,
    changed,
    check_argv,
    export_argv,
    exported,
    manifest,
    rewritten,
    snapshot,
    total_pages,
)
from .deliveries import write_project as write_deliveries_project
from .procs import Run, measure, progress
from .synth import write_limit_project, write_project

EDIT_FILE = Path("content/common-reserve/deliveries.yaml")
EDIT_LINE = "    name: Seed Tent"


@dataclass(frozen=True)
class Context:
    repo: Path
    tmp: Path
    cores: int
    repeats: int
    sizes: tuple[int, ...]

    def log(self, label: str) -> Path:
        """A log file named after a step's label, e.g. logs/cold-build-jobs-1-1-3.log."""
        folder = self.tmp / "logs"
        folder.mkdir(exist_ok=True)
        slug = "-".join("".join(c if c.isalnum() else " " for c in label.lower()).split())
        return folder / f"{slug}.log"


@dataclass(frozen=True)
class Built:
    """One cutsheet build: the measured process and what its manifest says."""

    run: Run
    out: Path
    outputs: tuple[Output, ...]

    @property
    def pages(self) -> int:
        return total_pages(list(self.outputs))


def median(items: list[Built]) -> Built:
    """The run with the median wall time (the lower middle one for an even count)."""
    ordered = sorted(items, key=lambda b: b.run.wall_s)
    return ordered[(len(ordered) - 1) // 2]


def report_failure(run: Run, label: str) -> None:
    if not run.ok:
        progress(f"{label} FAILED (exit {run.exit_code}); last lines of {run.log}:")
        print(run.log_tail(), file=sys.stderr, flush=True)


def build(
    ctx: Context, root: Path, out: Path, label: str, *options: str, sampled: bool = True
) -> Built:
    """Run ``cutsheet build`` once into ``out`` and read its manifest."""
    progress(f"{label} …")
    run = measure(build_argv(root, out, *options), ctx.log(label), label, sampled=sampled)
    report_failure(run, label)
    progress(f"{label}: {run.wall_s:.2f} s")
    return Built(run, out, tuple(manifest(out)))


# ------------------------------------------------------------------ 1. cold builds
FALLBACK_PAGES = 500  # reference pages when the cold build gave no page count


def job_counts(cores: int) -> tuple[int, ...]:
    return (1, cores) if cores > 1 else (1,)


def cold_builds(ctx: Context) -> tuple[dict[int, list[Built]], list[Reference]]:
    """Every game, the default profiles, A4 and Letter, into a fresh folder each time, and the
    reference on as many pages: each round runs every job count and then the reference, so
    that drift in the machine's speed hits all of a round alike and each round gives its
    own ratios (the table reports their medians). The timed runs are not sampled (see
    ``procs``): each job count and the reference then run once more, sampled, for the
    memory of their process tree, which every timed run of theirs reports."""
    results: dict[int, list[Built]] = {jobs: [] for jobs in job_counts(ctx.cores)}
    refs: list[Reference] = []
    for rep in range(ctx.repeats):
        for jobs in results:
            out = ctx.tmp / f"cold-jobs{jobs}-{rep + 1}"
            label = f"cold build --jobs {jobs} ({rep + 1}/{ctx.repeats})"
            results[jobs].append(
                build(ctx, ctx.repo, out, label, "--jobs", str(jobs), sampled=False)
            )
        pages = results[1][0].pages or FALLBACK_PAGES
        refs.append(reference_run(ctx, pages, rep, sampled=False))
    for jobs, builds in results.items():
        out = ctx.tmp / f"cold-jobs{jobs}-memory"
        label = f"cold build --jobs {jobs} (memory, untimed)"
        memory = build(ctx, ctx.repo, out, label, "--jobs", str(jobs)).run
        tree = memory.tree_mib if memory.ok else None  # a failed run's peak says nothing
        results[jobs] = [replace(b, run=replace(b.run, tree_mib=tree)) for b in builds]
    pages = results[1][0].pages or FALLBACK_PAGES
    memory = reference_run(ctx, pages, ctx.repeats).run
    tree = memory.tree_mib if memory.ok else None
    refs = [replace(r, run=replace(r.run, tree_mib=tree)) for r in refs]
    return results, refs


# ------------------------------------------------------------------ 2. reference
@dataclass(frozen=True)
class Reference:
    run: Run
    pdf: Path
    pages: int

    @property
    def size(self) -> int:
        return self.pdf.stat().st_size if self.pdf.is_file() else 0


def reference_run(ctx: Context, pages: int, rep: int, sampled: bool = True) -> Reference:
    """``python -m bench.reference PAGES OUT`` in a fresh interpreter, like cutsheet's runs."""
    env = {**os.environ, "PYTHONPATH": str(ctx.repo)}
    pdf = ctx.tmp / f"reference-{rep + 1}.pdf"
    which = f"{rep + 1}/{ctx.repeats}" if rep < ctx.repeats else "memory, untimed"
    label = f"reference, {pages} pages ({which})"
    progress(f"{label} …")
    argv = [sys.executable, "-m", "bench.reference", str(pages), str(pdf)]
    run = measure(argv, ctx.log(label), label, env, sampled=sampled)
    report_failure(run, label)
    progress(f"{label}: {run.wall_s:.2f} s")
    return Reference(run, pdf, pages)


def median_reference(runs: list[Reference]) -> Reference:
    return sorted(runs, key=lambda r: r.run.wall_s)[(len(runs) - 1) // 2]


# ------------------------------------------------------------------ 3. no-op rebuild
@dataclass(frozen=True)
class Rebuild:
    """A rebuild into an existing folder and the PDFs it rewrote or changed."""

    built: Built
    rewritten: tuple[str, ...]
    changed: tuple[str, ...]


def rebuild(ctx: Context, root: Path, out: Path, label: str) -> Rebuild:
    """``cutsheet build`` with its defaults (what ``make pdfs`` runs) into ``out``."""
    before = snapshot(out)
    progress(f"{label} …")
    run = measure(build_argv(root, out), ctx.log(label), label)
    report_failure(run, label)
    progress(f"{label}: {run.wall_s:.2f} s")
    after = snapshot(out)
    built = Built(run, out, tuple(manifest(out)))
    return Rebuild(built, tuple(rewritten(before, after)), tuple(changed(before, after)))


def noop_rebuilds(ctx: Context, out: Path) -> list[Rebuild]:
    return [
        rebuild(ctx, ctx.repo, out, f"no-op rebuild {rep + 1} of {ctx.repeats}")
        for rep in range(ctx.repeats)
    ]


# ------------------------------------------------------------------ 4. one-card edit
def copy_project(repo: Path, root: Path) -> Path:
    """content/ and layouts/ of the repository in a project folder of their own."""
    for folder in ("content", "layouts"):
        shutil.copytree(repo / folder, root / folder)
    return root


def edit_card(root: Path, suffix: str) -> None:
    """Rename one delivery card (Seed Tent) by editing its YAML line in place."""
    path = root / EDIT_FILE
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.rstrip("\n").startswith(EDIT_LINE):
            lines[i] = f"{EDIT_LINE} {suffix}\n"
            path.write_text("".join(lines), encoding="utf-8")
            return
    raise SystemExit(
        f"bench: no line '{EDIT_LINE.strip()}' in {EDIT_FILE}; update bench/scenarios.py"
    )


def one_card_edits(ctx: Context) -> list[Rebuild]:
    """Build a copy of the project, then edit one card and rebuild, ``repeats`` times."""
    root = copy_project(ctx.repo, ctx.tmp / "edit-project")
    out = root / "build"
    build(ctx, root, out, "one-card edit: first build of the copy", "--jobs", str(ctx.cores))
    edits = []
    for rep in range(ctx.repeats):
        edit_card(root, f"{rep + 1}")
        edits.append(rebuild(ctx, root, out, f"one-card edit {rep + 1} of {ctx.repeats}"))
    return edits


# ------------------------------------------------------------------ 5. synthetic and real decks
SINGLE_FROM = 10_000
"""A deck of this many cards or more is built once (tens of seconds); a smaller one
``ctx.repeats`` times, each into a fresh folder, and the median run kept. A ratio of two single
runs moved with the machine's load: on a busy host the 10,000-card deliveries once read 9.93×
the 1,000, against 6.3× before, because the one run of the 1,000 happened to be quick."""


def deck_runs(ctx: Context, cards: int) -> int:
    """How many times a deck of ``cards`` cards is built (see ``SINGLE_FROM``)."""
    return 1 if cards >= SINGLE_FROM else ctx.repeats


def _deck(ctx: Context, root: Path, cards: int, label: str) -> Built:
    """``root``'s game built cold (standard profile, A4 only) ``deck_runs`` times: the
    median run."""
    runs = deck_runs(ctx, cards)
    built = []
    for rep in range(runs):
        out = root / ("build" if rep == 0 else f"build-{rep + 1}")
        step = label if runs == 1 else f"{label} ({rep + 1}/{runs})"
        built.append(build(ctx, root, out, step, "--profile", "standard", "--paper", "a4"))
    return median(built)


def synthetic_deck(ctx: Context, cards: int) -> Built:
    """A single-deck game of ``cards`` cards (``_deck``)."""
    root = write_project(ctx.tmp / f"synth-{cards}", ctx.repo, cards)
    return _deck(ctx, root, cards, f"synthetic deck, {cards:,} cards")


def synthetic_decks(ctx: Context) -> dict[int, Built]:
    return {cards: synthetic_deck(ctx, cards) for cards in ctx.sizes}


def delivery_deck(ctx: Context, cards: int) -> Built:
    """Common Reserve with ``cards`` more real delivery cards (``_deck``)."""
    root = write_deliveries_project(ctx.tmp / f"deliveries-{cards}", ctx.repo, cards)
    return _deck(ctx, root, cards, f"Common Reserve deliveries, {cards:,} cards")


def delivery_decks(ctx: Context) -> dict[int, Built]:
    return {cards: delivery_deck(ctx, cards) for cards in ctx.sizes}


LIMIT_ITEMS = 100_000  # the most items a game may print


def limit_check(ctx: Context) -> Run:
    """``cutsheet check`` (default options: the default profiles, A4 and Letter) of a one-deck game at
    the item limit, 100,000 cards with short texts in one CSV; one run."""
    root = write_limit_project(ctx.tmp / "limit", ctx.repo, LIMIT_ITEMS)
    label = f"check, one deck of {LIMIT_ITEMS:,} cards"
    progress(f"{label} …")
    run = measure(check_argv(root), ctx.log(label), label)
    report_failure(run, label)
    progress(f"{label}: {run.wall_s:.2f} s")
    return run


# ------------------------------------------------------------------ 6. export to png
@dataclass(frozen=True)
class Export:
    """One ``cutsheet export``: the measured process and the images it lists."""

    run: Run
    images: int


def png_export(ctx: Context) -> Export:
    """Every game's cards, one PNG per distinct face at 300 dpi, into a fresh folder."""
    out = ctx.tmp / "export-png"
    label = "export to png, all games, 300 dpi"
    progress(f"{label} …")
    run = measure(export_argv(ctx.repo, out, "--to", "png", "--dpi", "300"), ctx.log(label), label)
    report_failure(run, label)
    progress(f"{label}: {run.wall_s:.2f} s")
    return Export(run, len(exported(out, "png")))


# ------------------------------------------------------------------ 7. bytes per page
@dataclass(frozen=True)
class CardBytes:
    files: int
    pages: int
    size: int

    @property
    def per_page(self) -> float:
        return self.size / self.pages if self.pages else 0.0


def card_bytes(built: Built, profile: str | None = None, paper: str | None = None) -> CardBytes:
    """Size and pages of the cards.pdf files of a build, optionally of one profile and paper."""
    cards = [
        o
        for o in built.outputs
        if o.part == "cards" and profile in (None, o.profile) and paper in (None, o.paper)
    ]
    files = [built.out / o.path for o in cards]
    size = sum(f.stat().st_size for f in files if f.is_file())
    return CardBytes(len(cards), total_pages(cards), size)
