"""``make bench`` (``python -m bench`` from the repository root): one table of timings,
page counts, memory and sizes, all from this run. Progress goes to stderr, the table to
stdout; the exit status is 0 whatever the figures.

Environment: BENCH_SIZES (synthetic deck sizes, default 100,1000,10000), BENCH_REPEATS
(runs whose median is reported, default 5), BENCH_KEEP=1 (keep the temporary folder),
BENCH_BYTECODE=0 (do not compile cutsheet's bytecode, nor its kept start-up, before timing).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from . import report
from .cli import check_argv
from .procs import progress
from .scenarios import (
    LIMIT_ITEMS,
    Context,
    card_bytes,
    cold_builds,
    deck_runs,
    delivery_decks,
    limit_check,
    median,
    median_reference,
    noop_rebuilds,
    one_card_edits,
    png_export,
    synthetic_decks,
)
from .table import Row, render
from .watch import watch_edits

REPO = Path(__file__).resolve().parents[1]
DEFAULT_SIZES = (100, 1_000, 10_000)


def sizes_from_env() -> tuple[int, ...]:
    raw = os.environ.get("BENCH_SIZES", "").strip()
    if not raw:
        return DEFAULT_SIZES
    try:
        sizes = tuple(int(part) for part in raw.split(",") if part.strip())
    except ValueError:
        raise SystemExit(f"bench: BENCH_SIZES={raw!r}: expected e.g. 100,1000,10000") from None
    if not sizes or min(sizes) < 1:
        raise SystemExit(f"bench: BENCH_SIZES={raw!r}: sizes must be positive")
    return tuple(sorted(set(sizes)))


def repeats_from_env() -> int:
    raw = os.environ.get("BENCH_REPEATS", "5")
    if not raw.isdigit() or int(raw) < 1:
        raise SystemExit(f"bench: BENCH_REPEATS={raw!r}: expected a positive integer")
    return int(raw)


def warm_bytecode() -> str:
    """Compile cutsheet's package (wherever this interpreter imports it from: the checkout
    being measured) and the benchmark's own modules to bytecode once, before any timing, as
    a user's first run or pip does for installed packages. Without it, an environment that
    writes no bytecode (PYTHONDONTWRITEBYTECODE) compiles cutsheet's ~160 modules from
    source in every process while ReportLab's come compiled from pip. Then ``warm_kept``.
    BENCH_BYTECODE=0 skips both (the note above the table says which). Finding the package
    imports none of it."""
    if os.environ.get("BENCH_BYTECODE", "1") == "0":
        return "not compiled (BENCH_BYTECODE=0)"
    from importlib.util import find_spec

    spec = find_spec("cutsheet")
    folders = [Path(p) for p in (spec.submodule_search_locations or [])] if spec else []
    folders.append(REPO / "bench")
    done = subprocess.run(
        [sys.executable, "-m", "compileall", "-q", *map(str, folders)],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        return "compiling failed"
    return "and kept start-up compiled beforehand" if warm_kept() else "compiled beforehand"


def warm_kept() -> bool:
    """Run ``cutsheet check`` on the repository's games once, untimed, where bytecode may be
    written: cutsheet keeps what every start compiles (its dataclasses' functions, regular
    expressions: ``startup.cpython-311.bin``) and the games' compiled templates
    (``text/__pycache__/templates.cpython-311.bin``) beside its bytecode, as a user's first
    run does. Under PYTHONDONTWRITEBYTECODE nothing writes them, and every timed run would
    compile them again (some 0.4 s of a cold build), or not, depending on whether an earlier
    ``make test`` had left them. True when the check ran (whatever it found)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    try:
        done = subprocess.run(
            check_argv(REPO), capture_output=True, check=False, env=env, timeout=600
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode in (0, 1)


def cores() -> int:
    return len(os.sched_getaffinity(0))


def run_all(ctx: Context) -> list[Row]:
    """Every measurement in an order that lets later ones reuse earlier results; the
    rows come back in reading order."""
    cold, refs = cold_builds(ctx)
    single = cold[1]
    ref = median_reference(refs)
    noops = noop_rebuilds(ctx, single[0].out)
    edits = one_card_edits(ctx)
    watches, watch_failed = watch_edits(ctx.repo, ctx.tmp, ctx.repeats)
    decks = synthetic_decks(ctx)
    deliveries = delivery_decks(ctx)
    limit = limit_check(ctx)
    png = png_export(ctx)
    rows = [
        report.reference_row(ref, len(refs)),
        report.cold_single_row(single, refs),
    ]
    rows += [report.cold_parallel_row(j, b, single) for j, b in cold.items() if j != 1]
    rows += [report.noop_row(noops), report.edit_row(edits)]
    rows.append(report.watch_row(watches, watch_failed))
    runs = {cards: deck_runs(ctx, cards) for cards in ctx.sizes}
    rows += report.synthetic_rows(decks, runs=runs)
    rows += report.synthetic_rows(deliveries, "Common Reserve deliveries", runs)
    rows.append(report.limit_check_row(limit, LIMIT_ITEMS))
    rows.append(report.export_row(png))
    rows += report.bytes_rows(ref, card_bytes(median(single), "standard", "a4"))
    return rows


def load_average() -> str:
    """1-minute load average: other work on the machine skews every timing."""
    return f"{os.getloadavg()[0]:.2f}"


def describe(ctx: Context, load_before: str, bytecode: str = "") -> str:
    """The run's circumstances, printed above the table."""
    try:
        commit = subprocess.run(
            ["git", "-C", str(ctx.repo), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
    except OSError:
        commit = ""
    try:
        reportlab = version("reportlab")
    except PackageNotFoundError:
        reportlab = "?"
    py = ".".join(map(str, sys.version_info[:3]))
    return (
        f"cutsheet bench: commit {commit or '?'}, {ctx.cores} cores, Python {py}, "
        f"ReportLab {reportlab}, {time.strftime('%Y-%m-%d %H:%M')}; "
        f"load average {load_before} before, {load_average()} after"
        + (f"; bytecode {bytecode}" if bytecode else "")
    )


LEGEND = (
    "peak RSS: ru_maxrss from os.wait4 of that one run (its largest process); "
    "tree: peak summed PSS of the run's process tree, sampled every 0.1 s (for the cold "
    "builds and the reference, in one more run, untimed: sampling slows a run down).\n"
    "Timings are wall clock, including interpreter start; they are printed, never asserted."
)


def main() -> int:
    keep = os.environ.get("BENCH_KEEP") == "1"
    tmp = Path(tempfile.mkdtemp(prefix="cutsheet-bench-"))
    ctx = Context(REPO, tmp, cores(), repeats_from_env(), sizes_from_env())
    bytecode = warm_bytecode()
    load_before = load_average()
    progress(f"working in {tmp}; synthetic sizes {', '.join(f'{s:,}' for s in ctx.sizes)}")
    try:
        rows = run_all(ctx)
    finally:
        if keep:
            progress(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    print(describe(ctx, load_before, bytecode))
    print(render(rows))
    print(LEGEND)
    return 0


if __name__ == "__main__":
    sys.exit(main())
