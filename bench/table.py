"""The one table ``make bench`` prints: a row per measurement, targets with PASS/FAIL."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Target:
    """A goal next to a figure; ``passed`` is None when the figure is missing."""

    text: str
    passed: bool | None

    @property
    def verdict(self) -> str:
        return {True: "PASS", False: "FAIL", None: "n/a"}[self.passed]


@dataclass(frozen=True)
class Row:
    what: str
    wall_s: float | None = None
    pages: int | None = None
    per_unit: str = ""
    peak_mib: float | None = None
    tree_mib: float | None = None
    ratio: str = ""
    targets: tuple[Target, ...] = field(default_factory=tuple)
    note: str = ""


HEADERS = (
    "what",
    "wall s",
    "pages",
    "per unit",
    "peak RSS MiB",
    "tree MiB",
    "ratio",
    "target",
    "result",
    "note",
)
RIGHT = {"wall s", "pages", "per unit", "peak RSS MiB", "tree MiB", "ratio"}


def _num(value: float | None, digits: int) -> str:
    return "" if value is None else f"{value:,.{digits}f}"


def cells(row: Row) -> tuple[str, ...]:
    return (
        row.what,
        _num(row.wall_s, 2),
        "" if row.pages is None else f"{row.pages:,}",
        row.per_unit,
        _num(row.peak_mib, 0),
        _num(row.tree_mib, 0),
        row.ratio,
        "; ".join(t.text for t in row.targets),
        " ".join(t.verdict for t in row.targets),
        row.note,
    )


def render(rows: Sequence[Row]) -> str:
    """A fixed-width text table, header rule included."""
    grid = [HEADERS, *(cells(r) for r in rows)]
    widths = [max(len(line[i]) for line in grid) for i in range(len(HEADERS))]

    def line(values: Sequence[str]) -> str:
        parts = [
            v.rjust(w) if h in RIGHT else v.ljust(w)
            for v, w, h in zip(values, widths, HEADERS, strict=True)
        ]
        return "  ".join(parts).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(HEADERS), rule, *(line(values) for values in grid[1:])])


def ms_per(wall_s: float, count: int, unit: str) -> str:
    return f"{wall_s * 1000 / count:,.1f} ms/{unit}" if count else ""


def fmt_ratio(value: float | None, suffix: str) -> str:
    return "" if value is None else f"{value:.2f}× {suffix}".rstrip()
