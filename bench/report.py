"""Turn the measurements into table rows, with the targets and their PASS/FAIL."""

from __future__ import annotations

from collections import Counter
from pathlib import PurePosixPath

from .procs import MIB, Run
from .scenarios import Built, CardBytes, Export, Rebuild, Reference, card_bytes, median
from .table import Row, Target, fmt_ratio, ms_per
from .watch import WatchEdit, median_edit

REF_RATIO_MAX = 2.0  # cutsheet ms/page ÷ reference ms/page, single process (issue #26)
REF_RATIO_GOAL = 1.5  # the goal beyond it
SPEEDUP_MIN = 1.7  # jobs=cores vs jobs=1
LINEAR_SLACK = 1.0  # 10× the cards within 10× the time (issue #26)
PEAK_MAX_MB = 200  # megabytes (10**6 bytes) at 10,000 cards (issue #26)
PEAK_SIZE = 10_000
NOOP_MAX_S = 0.3
EDIT_MAX_S = 1.0
WATCH_MAX_S = 0.5
BYTES_RATIO_MAX = 2.0


def _failed(run: Run) -> str:
    return "" if run.ok else f"FAILED (exit {run.exit_code}, log on stderr)"


def _repeats(count: int) -> str:
    return "single run" if count == 1 else f"median of {count}"


def ms_per_page(built: Built) -> float | None:
    return built.run.wall_s * 1000 / built.pages if built.run.ok and built.pages else None


def reference_row(ref: Reference, count: int) -> Row:
    return Row(
        what=f"reference: plain ReportLab, {ref.pages:,} card pages",
        wall_s=ref.run.wall_s,
        pages=ref.pages,
        per_unit=ms_per(ref.run.wall_s, ref.pages, "page"),
        peak_mib=ref.run.peak_mib,
        tree_mib=ref.run.tree_mib,
        ratio="1.00× ref",
        note=_failed(ref.run) or f"{_repeats(count)}; bench/reference.py",
    )


def reference_ms(ref: Reference) -> float | None:
    return ref.run.wall_s * 1000 / ref.pages if ref.run.ok and ref.pages else None


def paired_median(ratios: list[float | None]) -> float | None:
    """The median of the rounds' ratios (None when a round has none): a ratio taken within
    one round, where the machine's speed was the same for both sides, then the middle one."""
    found = sorted(r for r in ratios if r is not None)
    if not found or len(found) < len(ratios):
        return None
    return found[(len(found) - 1) // 2]


def cold_single_row(builds: list[Built], refs: list[Reference]) -> Row:
    """The single-process cold build, per page against the reference run in the same round
    (the ratio is the median of the rounds' ratios)."""
    m = median(builds)
    pairs = []
    for built, ref in zip(builds, refs, strict=True):
        ms, ref_ms = ms_per_page(built), reference_ms(ref)
        pairs.append(ms / ref_ms if ms is not None and ref_ms else None)
    ratio = paired_median(pairs)
    return Row(
        what="cold build, all games, --jobs 1",
        wall_s=m.run.wall_s,
        pages=m.pages,
        per_unit=ms_per(m.run.wall_s, m.pages, "page"),
        peak_mib=m.run.peak_mib,
        tree_mib=m.run.tree_mib,
        ratio=fmt_ratio(ratio, "ref"),
        targets=tuple(
            Target(f"≤ {most}× ref per page", None if ratio is None else ratio <= most)
            for most in (REF_RATIO_MAX, REF_RATIO_GOAL)
        ),
        note=_failed(m.run)
        or f"{_repeats(len(builds))}; both profiles, both papers; ratio: median of rounds",
    )


def cold_parallel_row(jobs: int, builds: list[Built], single: list[Built]) -> Row:
    """The all-cores cold build and its speed-up over --jobs 1: the median of the rounds'
    speed-ups (each round runs both, one after the other)."""
    m = median(builds)
    speedup = paired_median(
        [
            one.run.wall_s / many.run.wall_s if one.run.ok and many.run.ok else None
            for one, many in zip(single, builds, strict=True)
        ]
    )
    return Row(
        what=f"cold build, all games, --jobs {jobs}",
        wall_s=m.run.wall_s,
        pages=m.pages,
        per_unit=ms_per(m.run.wall_s, m.pages, "page"),
        peak_mib=m.run.peak_mib,
        tree_mib=m.run.tree_mib,
        ratio=fmt_ratio(speedup, "faster"),
        targets=(
            Target(
                f"≥ {SPEEDUP_MIN}× faster than --jobs 1",
                None if speedup is None else speedup >= SPEEDUP_MIN,
            ),
        ),
        note=_failed(m.run)
        or f"{_repeats(len(builds))}; speed-up: median of rounds' jobs 1 wall ÷ this wall",
    )


def _median_rebuild(rebuilds: list[Rebuild]) -> Rebuild:
    ordered = sorted(rebuilds, key=lambda r: r.built.run.wall_s)
    return ordered[(len(ordered) - 1) // 2]


def noop_row(rebuilds: list[Rebuild]) -> Row:
    m = _median_rebuild(rebuilds)
    run = m.built.run
    return Row(
        what="no-op rebuild (cutsheet build, defaults)",
        wall_s=run.wall_s,
        pages=m.built.pages,
        peak_mib=run.peak_mib,
        tree_mib=run.tree_mib,
        targets=(Target(f"< {NOOP_MAX_S} s", run.wall_s < NOOP_MAX_S if run.ok else None),),
        note=_failed(run)
        or f"{_repeats(len(rebuilds))}; {len(m.rewritten)} PDFs rewritten, {len(m.changed)} changed",
    )


def _summary(paths: tuple[str, ...]) -> str:
    """``common-reserve cards×4`` from game/profile-paper/part.pdf paths."""
    groups = Counter(f"{PurePosixPath(p).parts[0]} {PurePosixPath(p).stem}" for p in paths)
    return ", ".join(f"{name}×{count}" for name, count in sorted(groups.items())) or "none"


def edit_row(edits: list[Rebuild]) -> Row:
    m = _median_rebuild(edits)
    run = m.built.run
    pages = sum(o.pages for o in m.built.outputs if o.path in m.changed)
    total = len(m.built.outputs)
    return Row(
        what="one-card edit, then cutsheet build",
        wall_s=run.wall_s,
        pages=pages,
        peak_mib=run.peak_mib,
        tree_mib=run.tree_mib,
        targets=(Target(f"< {EDIT_MAX_S:.0f} s", run.wall_s < EDIT_MAX_S if run.ok else None),),
        note=_failed(run)
        or (
            f"{_repeats(len(edits))}; {len(m.changed)} of {total} PDFs changed "
            f"({_summary(m.changed)}), {len(m.rewritten)} rewritten"
        ),
    )


def watch_row(edits: list[WatchEdit], failed: str) -> Row:
    """Save to replaced cards PDF in a running ``cutsheet watch``: the median edit."""
    what = "one-card edit in watch (save to cards PDF)"
    target = f"≤ {WATCH_MAX_S} s"
    if not edits:
        return Row(what=what, targets=(Target(target, None),), note=f"FAILED: {failed}")
    m = median_edit(edits)
    idle = sorted(e.to_idle_s for e in edits)[(len(edits) - 1) // 2]
    note = (
        f"{_repeats(len(edits))}; common-reserve/standard-a4/cards.pdf replaced; "
        f"the watch idle again after {idle:.2f} s (median)"
    )
    return Row(
        what=what,
        wall_s=m.to_pdf_s,
        targets=(Target(target, m.to_pdf_s <= WATCH_MAX_S),),
        note=note + (f"; FAILED after {len(edits)}: {failed}" if failed else ""),
    )


def _linear_target(cards: int, previous: int, ratio: float | None) -> Target:
    limit = LINEAR_SLACK * cards / previous
    return Target(
        f"≤ {limit:.0f}× {previous:,} (linear)", None if ratio is None else ratio <= limit
    )


def _peak_target(run: Run) -> Target:
    passed = run.peak_mib * MIB / 1e6 < PEAK_MAX_MB if run.ok else None
    return Target(f"peak < {PEAK_MAX_MB} MB", passed)


def synthetic_rows(
    decks: dict[int, Built], what: str = "synthetic deck", runs: dict[int, int] | None = None
) -> list[Row]:
    """One row a deck size; from the second on, the time ratio to the previous size (``runs``:
    how many builds of each size the row's run is the median of; one when not given)."""
    rows, previous = [], None
    for cards, built in decks.items():
        run = built.run
        deck = card_bytes(built)
        targets: list[Target] = []
        ratio = None
        if previous is not None:
            prev_cards, prev_run = previous
            ok = run.ok and prev_run.ok
            ratio = run.wall_s / prev_run.wall_s if ok else None
            targets.append(_linear_target(cards, prev_cards, ratio))
        if cards == PEAK_SIZE:
            targets.append(_peak_target(run))
        rows.append(
            Row(
                what=f"{what}, {cards:,} cards (standard, a4)",
                wall_s=run.wall_s,
                pages=deck.pages,
                per_unit=ms_per(run.wall_s, cards, "card"),
                peak_mib=run.peak_mib,
                tree_mib=run.tree_mib,
                ratio=fmt_ratio(ratio, f"{previous[0]:,}" if previous else ""),
                targets=tuple(targets),
                note=_failed(run)
                or f"{_repeats((runs or {}).get(cards, 1))}; pages = cards.pdf;"
                f" {deck.per_page:,.0f} B/page",
            )
        )
        previous = (cards, run)
    return rows


LIMIT_CHECK_S = 60.0  # issue 24: a game at the limits checks well under a minute


def limit_check_row(run: Run, items: int) -> Row:
    """``cutsheet check`` of a deck at the item limit: time per item, under a minute."""
    passed = run.wall_s < LIMIT_CHECK_S if run.ok else None
    return Row(
        what=f"check, {items:,} cards in one deck (default profiles, A4 and Letter)",
        wall_s=run.wall_s,
        per_unit=ms_per(run.wall_s, items, "card"),
        peak_mib=run.peak_mib,
        tree_mib=run.tree_mib,
        targets=(Target(f"< {LIMIT_CHECK_S:.0f} s", passed),),
        note=_failed(run) or "single run; ids unique, 960 distinct title and effect pairs",
    )


def bytes_rows(ref: Reference, cards: CardBytes) -> list[Row]:
    ref_per_page = ref.size / ref.pages if ref.pages else 0.0
    ratio = cards.per_page / ref_per_page if ref_per_page and cards.pages else None
    return [
        Row(
            what="bytes/card page: reference",
            pages=ref.pages,
            per_unit=f"{ref_per_page:,.0f} B/page",
            ratio="1.00× ref",
            note=f"{ref.size:,} B, one file, fronts only",
        ),
        Row(
            what="bytes/card page: cutsheet cards.pdf, standard-a4",
            pages=cards.pages,
            per_unit=f"{cards.per_page:,.0f} B/page",
            ratio=fmt_ratio(ratio, "ref"),
            targets=(
                Target(
                    f"≤ {BYTES_RATIO_MAX:.0f}× ref",
                    None if ratio is None else ratio <= BYTES_RATIO_MAX,
                ),
            ),
            note=f"{cards.size:,} B in {cards.files} files (fronts, backs, calibration)",
        ),
    ]


def export_row(export: Export) -> Row:
    """The PNG export of every game at 300 dpi: time and images (no target: a figure to
    watch)."""
    run = export.run
    return Row(
        what="export to png, all games, 300 dpi",
        wall_s=run.wall_s,
        pages=export.images,
        per_unit=ms_per(run.wall_s, export.images, "image"),
        peak_mib=run.peak_mib,
        tree_mib=run.tree_mib,
        note=_failed(run) or "single run; pages = images (one per distinct face)",
    )
