"""Pure page geometry: papers, card grids, crop marks, duplex backs and booklet order.

All lengths are millimetres with the origin at the bottom-left of the page (PDF's
convention). Nothing here draws; ``render/`` turns these plans into ink.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
HALF_PAPERS: dict[str, tuple[float, float]] = {"a4": (148.0, 210.0), "letter": (139.7, 215.9)}

MARK_GAP = 2.5  # mm between the trim and the start of a crop mark (design: 2-3 mm)
MARK_LENGTH = 5.0  # mm
MIN_MARGIN = MARK_GAP + MARK_LENGTH  # a grid leaves room for its marks
NOTE_SPAN = 80.0  # mm a margin note and its scale bar need between two cut lines
NOTE_BAND = 6.0  # mm kept free below the bottom marks when the note cannot go beside the grid

T = TypeVar("T")


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class Segment:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Grid:
    """``cols`` × ``rows`` items of ``item_w`` × ``item_h`` butted together, centred on the page."""

    page_w: float
    page_h: float
    item_w: float
    item_h: float
    cols: int
    rows: int

    @property
    def capacity(self) -> int:
        return self.cols * self.rows

    @property
    def left(self) -> float:
        return (self.page_w - self.cols * self.item_w) / 2

    @property
    def bottom(self) -> float:
        return (self.page_h - self.rows * self.item_h) / 2

    @property
    def right(self) -> float:
        return self.left + self.cols * self.item_w

    @property
    def top(self) -> float:
        return self.bottom + self.rows * self.item_h

    @property
    def cut_xs(self) -> tuple[float, ...]:
        return tuple(self.left + c * self.item_w for c in range(self.cols + 1))

    @property
    def cut_ys(self) -> tuple[float, ...]:
        return tuple(self.bottom + r * self.item_h for r in range(self.rows + 1))

    def slot(
        self, index: int, *, mirrored: bool = False, offset: tuple[float, float] = (0, 0)
    ) -> Rect:
        """Slot ``index`` in reading order; ``mirrored`` gives its place on the back of the sheet
        for long-edge duplex (columns reversed), shifted by the printer's back ``offset``."""
        row, col = divmod(index, self.cols)
        if mirrored:
            col = self.cols - 1 - col
        x = self.left + col * self.item_w + (offset[0] if mirrored else 0)
        y = self.top - (row + 1) * self.item_h + (offset[1] if mirrored else 0)
        return Rect(x, y, self.item_w, self.item_h)

    def rows_used(self, count: int) -> int:
        return min(self.rows, -(-count // self.cols)) if count else 0

    def crop_marks(
        self, used: int | None = None, gap: float = MARK_GAP, length: float = MARK_LENGTH
    ) -> tuple[Segment, ...]:
        """Marks on every cut line, only outside the grid, starting ``gap`` from the trim.
        With ``used`` items on the sheet, only the rows they fill (from the top) get marks."""
        rows = self.rows if used is None else self.rows_used(used)
        if rows == 0:
            return ()
        bottom = self.top - rows * self.item_h
        marks: list[Segment] = []
        for x in self.cut_xs:
            marks.append(Segment(x, self.top + gap, x, self.top + gap + length))
            marks.append(Segment(x, bottom - gap - length, x, bottom - gap))
        for y in self.cut_ys[self.rows - rows :]:
            marks.append(Segment(self.left - gap - length, y, self.left - gap, y))
            marks.append(Segment(self.right + gap, y, self.right + gap + length, y))
        return tuple(marks)

    def cut_lines(self) -> tuple[Segment, ...]:
        """Full-length hairlines along every cut, edge to edge (``--cut-guides lines``)."""
        vertical = tuple(Segment(x, 0, x, self.page_h) for x in self.cut_xs)
        horizontal = tuple(Segment(0, y, self.page_w, y) for y in self.cut_ys)
        return vertical + horizontal

    @property
    def notes_beside(self) -> bool:
        """True when the margin notes run up the side margins between two cut lines; otherwise
        they sit in the band below the bottom crop marks."""
        return self.item_h - 4 >= NOTE_SPAN

    def side_note_y(self) -> float:
        """Bottom of the middle row: a note starting 2 mm above it touches no crop mark."""
        return self.cut_ys[self.rows // 2] + 2


def note_band(note_pt: float) -> float:
    """mm kept below the bottom marks for a margin note of ``note_pt`` points."""
    return max(NOTE_BAND, 3 + note_pt * 25.4 / 72)


def fit_grid(paper: tuple[float, float], item: tuple[float, float], note_pt: float = 6.0) -> Grid:
    """The largest grid of ``item`` that leaves every margin room for crop marks (and, for
    items too short to carry the margin note beside them, a band below the marks)."""
    pw, ph = paper
    w, h = item
    band = 0.0 if h - 4 >= NOTE_SPAN else note_band(note_pt)
    cols = int((pw - 2 * MIN_MARGIN + 1e-6) // w)
    rows = int((ph - 2 * (MIN_MARGIN + band) + 1e-6) // h)
    if cols < 1 or rows < 1:
        raise ValueError(f"a {w:g}×{h:g} mm item does not fit on a {pw:g}×{ph:g} mm page")
    return Grid(pw, ph, w, h, cols, rows)


@dataclass(frozen=True)
class SheetPlan(Generic[T]):
    """One sheet of paper: its grid, the items on the front and, for duplex, on the back."""

    grid: Grid
    front: tuple[T, ...]
    backs: tuple[T | None, ...] | None

    def front_slots(self) -> list[tuple[Rect, T]]:
        return [(self.grid.slot(i), item) for i, item in enumerate(self.front)]

    def back_slots(self, offset: tuple[float, float] = (0, 0)) -> list[tuple[Rect, T]]:
        if self.backs is None:
            return []
        return [
            (self.grid.slot(i, mirrored=True, offset=offset), item)
            for i, item in enumerate(self.backs)
            if item is not None
        ]


def plan_sheets(
    paper: tuple[float, float],
    runs: Sequence[tuple[tuple[float, float], Sequence[tuple[T, T | None]]]],
    *,
    duplex: bool,
    note_pt: float = 6.0,
) -> list[SheetPlan[T]]:
    """Impose runs of same-size items (front, back-or-None) onto sheets.

    A run of another size starts a new sheet; consecutive runs of one size share sheets. With ``duplex`` every sheet has a back page (possibly
    blank) so that fronts and backs stay paired when the whole file prints two-sided.
    """
    merged: list[tuple[tuple[float, float], list[tuple[T, T | None]]]] = []
    for size, items in runs:
        if merged and merged[-1][0] == size:
            merged[-1][1].extend(items)  # same size: keep filling the same sheet
        else:
            merged.append((size, list(items)))
    sheets: list[SheetPlan[T]] = []
    for size, items in merged:
        grid = fit_grid(paper, size, note_pt)
        for start in range(0, len(items), grid.capacity):
            chunk = items[start : start + grid.capacity]
            fronts = tuple(f for f, _ in chunk)
            backs = tuple(b for _, b in chunk) if duplex else None
            sheets.append(SheetPlan(grid, fronts, backs))
    return sheets


def pad_to_multiple(n: int, k: int = 4) -> int:
    return n + (-n) % k


def saddle_stitch_order(pages: int) -> list[tuple[int, int]]:
    """Page pairs (left, right), 0-based, for each printed side of a saddle-stitched booklet.

    ``pages`` must be a multiple of 4. Side 2k is the front of sheet k, side 2k+1 its back.
    Folding the stacked sheets in half gives pages 0..pages-1 in order.
    """
    if pages % 4:
        raise ValueError("a saddle-stitched booklet has a multiple of 4 pages")
    sides = []
    for k in range(pages // 4):
        sides.append((pages - 1 - 2 * k, 2 * k))
        sides.append((2 * k + 1, pages - 2 - 2 * k))
    return sides
