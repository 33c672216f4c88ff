"""Pure page geometry: papers, card grids, crop marks, duplex backs and booklet order.

All lengths are millimetres with the origin at the bottom-left of the page (PDF's
convention). Nothing here draws; ``render/`` turns these plans into ink.

Two APIs live here for now. The old one (``fit_grid``, ``Grid``, ``plan_sheets``, ``SheetPlan``)
leaves the renderer to work out marks and margin notes. The new one, ``impose``, returns one
``PagePlan`` per printed page with every card, crop mark, fold line, cut line and margin note
already placed inside a 5 mm printable area; the renderer only draws it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Generic, Literal, TypeVar

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


# =========================================================================================
# Page plans: the new API. ``impose`` decides everything a page carries; the renderer draws.
# =========================================================================================

SAFE_MARGIN = 5.0  # mm of bare paper at every edge: no ink of any kind closer than this
MARK_GAP_MIN = 1.5  # mm: the closest a crop mark may start to the bleed edge, when room is short
MARK_LENGTH_MIN = 2.0  # mm: the shortest crop mark
MARK_DEPTH = MARK_GAP + MARK_LENGTH  # 7.5 mm: a zone of full-size marks beside a band of cards
MARK_DEPTH_MIN = MARK_GAP_MIN + MARK_LENGTH_MIN  # 3.5 mm: the shallowest mark zone
ONE_END_BELOW = 4  # a grid of fewer rows (columns) may mark its cuts at one end to fit one more
CLEAR = 1.0  # mm between mark zones of two bands, marks and the fold, furniture and any ink
SCALE_BAR = 50.0  # mm, the bar a reader measures
SCALE_LABEL_AT = 52.0  # mm along the bar where its "50 mm" label starts (draw_scale_bar)
SCALE_TICK = 1.6  # mm the bar's end ticks reach either side of its line
TEXT_BASELINE = 0.25  # a line of text: baseline this fraction of the line height above its box
_EPS = 1e-6

Side = Literal["front", "back", "single"]
Imposition = Literal["duplex", "simplex", "gutterfold"]
CutGuides = Literal["marks", "lines"]
Fold = Literal["vertical", "horizontal"]
Size = tuple[float, float]
Runs = Sequence[tuple[Size, Sequence[tuple[T, T | None]]]]


def _union(rects: Sequence[Rect]) -> Rect:
    """The smallest rectangle holding every one of ``rects`` (at least one)."""
    x0, y0 = min(r.x for r in rects), min(r.y for r in rects)
    x1, y1 = max(r.right for r in rects), max(r.top for r in rects)
    return Rect(x0, y0, x1 - x0, y1 - y0)


def _seg_rect(s: Segment) -> Rect:
    """A segment as a zero-width (or zero-height) rectangle, for overlap tests."""
    return Rect(min(s.x1, s.x2), min(s.y1, s.y2), abs(s.x2 - s.x1), abs(s.y2 - s.y1))


@dataclass(frozen=True)
class MarkStyle:
    """A crop mark starts ``gap`` mm beyond the bleed edge (the trim, without bleed) on the
    extension of its cut line and runs ``length`` mm away from the card."""

    gap: float
    length: float

    @property
    def depth(self) -> float:
        return self.gap + self.length


def mark_style(depth: float) -> MarkStyle:
    """Marks for a zone ``depth`` mm deep beyond the bleed edge: 2.5 mm gap + 5 mm mark from
    7.5 mm up; below that gap and length shrink together, linearly, to 1.5 + 2 mm at 3.5 mm."""
    d = min(max(depth, MARK_DEPTH_MIN), MARK_DEPTH)
    t = (d - MARK_DEPTH_MIN) / (MARK_DEPTH - MARK_DEPTH_MIN)
    gap = MARK_GAP_MIN + t * (MARK_GAP - MARK_GAP_MIN)
    return MarkStyle(gap, d - gap)


@dataclass(frozen=True)
class NoteSize:
    """What the page furniture measures (mm) in the renderer's font at its size.

    ``text_w``: the 100 % note's width; ``line_h``: the height of one line of furniture text;
    ``label_w``: the widest page label; ``bar_label_w``: the "50 mm" written after the bar.
    The defaults are the standard profile's 6.5 pt."""

    text_w: float = 68.0
    line_h: float = 3.0
    label_w: float = 45.0
    bar_label_w: float = 8.0

    @property
    def bar(self) -> Size:
        """The scale bar and its label as (along, across): ticks reach 1.6 mm either side."""
        return (SCALE_LABEL_AT + self.bar_label_w, max(2 * SCALE_TICK, self.line_h))


@dataclass(frozen=True)
class Placement:
    """One piece of page furniture. ``box`` holds all of its ink; ``vertical`` pieces read
    bottom to top (drawn rotated 90°). ``origin`` is where drawing starts: the start of the text
    baseline (``draw_note``) or of the bar's line (``draw_scale_bar``)."""

    box: Rect
    vertical: bool
    origin: tuple[float, float]


def _text_at(box: Rect, vertical: bool) -> Placement:
    """Text filling ``box``: the baseline lies a quarter of the line height inside the box from
    the side the descenders hang to (the bottom; for rotated text, the right)."""
    if vertical:
        return Placement(box, True, (box.right - TEXT_BASELINE * box.w, box.y))
    return Placement(box, False, (box.x, box.y + TEXT_BASELINE * box.h))


def _bar_at(box: Rect, vertical: bool) -> Placement:
    """The scale bar's line runs along the middle of ``box``, from its start."""
    if vertical:
        return Placement(box, True, (box.x + box.w / 2, box.y))
    return Placement(box, False, (box.x, box.y + box.h / 2))


@dataclass(frozen=True)
class PageFurniture:
    """Where the 100 % note, the 50 mm scale bar and the page label go on one page."""

    note: Placement
    scale_bar: Placement
    label: Placement

    def boxes(self) -> tuple[Rect, Rect, Rect]:
        return (self.note.box, self.scale_bar.box, self.label.box)


@dataclass(frozen=True)
class Slot(Generic[T]):
    """One face to draw: ``item`` with its art filling ``bleed`` and cut at ``trim`` (the same
    rectangle without bleed). ``mirrored`` slots hold backs, placed where the sheet's other side
    (duplex) or other half (gutterfold) puts them behind their fronts. ``rotation`` is 180 for
    the backs below a horizontal gutterfold fold, so a card turned over sideways reads upright."""

    item: T
    trim: Rect
    bleed: Rect
    side: Literal["front", "back"]
    mirrored: bool
    rotation: int = 0


@dataclass(frozen=True)
class PagePlan(Generic[T]):
    """One printed page, complete: draw the ``slots``, then ``marks`` (solid hairlines),
    ``fold`` (dashed), ``cut_lines`` (hairlines, only with ``cut_guides="lines"``) and the
    ``furniture``. Nothing but bare paper lies within ``SAFE_MARGIN`` of an edge.

    ``side``: "front" is followed by its "back" (print the pair two-sided, flipping on the long
    edge); "single" pages have nothing on their back. ``sheet`` counts sheets of paper from 1 (a
    front and its back share one). ``trim_box`` and ``bleed_box`` are the smallest rectangles
    holding every slot's trim and bleed (on a back page, the front's boxes mirrored), for the
    PDF's TrimBox and BleedBox: marks and furniture lie outside them, on purpose."""

    width: float
    height: float
    side: Side
    sheet: int
    slots: tuple[Slot[T], ...]
    marks: tuple[Segment, ...]
    fold: tuple[Segment, ...]
    cut_lines: tuple[Segment, ...]
    furniture: PageFurniture
    trim_box: Rect
    bleed_box: Rect


# -- bands: a grid of one item size, the unit of a page --------------------------------------


@dataclass(frozen=True)
class _Band:
    """``count`` items of ``item`` size in reading order, ``cols`` to a row, each with ``bleed``
    around it; neighbouring bleeds touch (pitch = size + 2 × bleed). (``x``, ``top``) is the top-
    left corner of the band's bleed box. ``depth`` gives the mark zone beyond the bleed box on
    each side (top, bottom, left, right); 0 leaves that side unmarked."""

    item: Size
    bleed: float
    count: int
    cols: int
    x: float
    top: float
    depth: tuple[float, float, float, float]

    @property
    def pitch(self) -> Size:
        return (self.item[0] + 2 * self.bleed, self.item[1] + 2 * self.bleed)

    @property
    def rows(self) -> int:
        return -(-self.count // self.cols)

    @property
    def box(self) -> Rect:
        pw, ph = self.pitch
        return Rect(self.x, self.top - self.rows * ph, self.cols * pw, self.rows * ph)

    @property
    def zone(self) -> Rect:
        """The bleed box grown by its mark zones: everything the band inks."""
        b, (t, bo, le, ri) = self.box, self.depth
        return Rect(b.x - le, b.y - bo, b.w + le + ri, b.h + t + bo)

    def bleed_rect(self, index: int) -> Rect:
        row, col = divmod(index, self.cols)
        pw, ph = self.pitch
        return Rect(self.x + col * pw, self.top - (row + 1) * ph, pw, ph)

    def trim_rect(self, index: int) -> Rect:
        r, b = self.bleed_rect(index), self.bleed
        return Rect(r.x + b, r.y + b, self.item[0], self.item[1])

    @property
    def cut_xs(self) -> tuple[float, ...]:
        """Vertical trim lines: shared by neighbours without bleed, two per column with."""
        w, pw, b = self.item[0], self.pitch[0], self.bleed
        if b == 0:
            return tuple(self.x + k * w for k in range(self.cols + 1))
        return tuple(self.x + c * pw + b + e for c in range(self.cols) for e in (0, w))

    @property
    def cut_ys(self) -> tuple[float, ...]:
        """Horizontal trim lines, top down."""
        h, ph, b = self.item[1], self.pitch[1], self.bleed
        if b == 0:
            return tuple(self.top - k * h for k in range(self.rows + 1))
        return tuple(self.top - r * ph - b - e for r in range(self.rows) for e in (0, h))

    def row_spans(self) -> tuple[tuple[float, float], ...]:
        """(bottom, top) trim of each row: beside a row, between its marks, the margin is free."""
        ph, b, h = self.pitch[1], self.bleed, self.item[1]
        return tuple(
            (self.top - (r + 1) * ph + b, self.top - (r + 1) * ph + b + h) for r in range(self.rows)
        )

    def marks(self) -> tuple[Segment, ...]:
        """A mark at both ends of every trim line of the rows and columns in use (one end, where
        a side's depth is 0), in the zones outside the bleed box, so outside every card's bleed;
        ``mark_style(depth)`` sets each side's gap and length."""
        box, (top, bottom, left, right) = self.box, self.depth
        out: list[Segment] = []
        for depth, sign, edge in ((top, 1, box.top), (bottom, -1, box.y)):
            if depth:
                m = mark_style(depth)
                a, z = edge + sign * m.gap, edge + sign * m.depth
                out += [Segment(x, a, x, z) for x in self.cut_xs]
        for depth, sign, edge in ((left, -1, box.x), (right, 1, box.right)):
            if depth:
                m = mark_style(depth)
                a, z = edge + sign * m.gap, edge + sign * m.depth
                out += [Segment(a, y, z, y) for y in self.cut_ys]
        return tuple(out)

    def cut_lines(self) -> tuple[Segment, ...]:
        """Every trim line in use, across the band and through its mark zones."""
        z = self.zone
        vertical = tuple(Segment(x, z.y, x, z.top) for x in self.cut_xs)
        return vertical + tuple(Segment(z.x, y, z.right, y) for y in self.cut_ys)


@dataclass(frozen=True)
class _Spec:
    """A band before placement: ``count`` items of ``item`` size, ``cols`` to a row."""

    item: Size
    count: int
    cols: int

    @property
    def rows(self) -> int:
        return -(-self.count // self.cols)


@dataclass(frozen=True)
class _Region:
    """Where one page's fronts and their marks go. ``drop_v`` and ``drop_h`` name the ends (page
    edges, never the fold) a band of fewer than ``ONE_END_BELOW`` rows (a one-band page only) or
    columns may leave unmarked when that is the only way to fit one more: its cut lines are then
    marked at the other end only."""

    box: Rect
    drop_v: Literal["top", "bottom"] | None
    drop_h: Literal["left", "right"] | None


def _region(paper: Size, fold: Fold | None) -> _Region:
    """The whole printable area; for gutterfold the half that holds the fronts (left of a
    vertical fold, above a horizontal one), ending ``CLEAR`` short of the fold line."""
    pw, ph = paper
    s = SAFE_MARGIN
    if fold == "vertical":
        return _Region(Rect(s, s, pw / 2 - CLEAR - s, ph - 2 * s), "bottom", "left")
    if fold == "horizontal":
        return _Region(Rect(s, ph / 2 + CLEAR, pw - 2 * s, ph / 2 - CLEAR - s), "top", "right")
    return _Region(Rect(s, s, pw - 2 * s, ph - 2 * s), "bottom", "right")


def _fold_at(paper: Size, fold: Fold) -> float:
    return paper[0] / 2 if fold == "vertical" else paper[1] / 2


def _fold_rect(r: Rect, fold: Fold, at: float) -> Rect:
    """``r`` reflected across the fold line at ``at``."""
    if fold == "vertical":
        return Rect(2 * at - r.right, r.y, r.w, r.h)
    return Rect(r.x, 2 * at - r.top, r.w, r.h)


# -- packing: which items share a page -------------------------------------------------------


def _cols_fit(region: _Region, pitch_w: float) -> int:
    """Columns that fit across ``region`` with a shallowest mark zone on both sides, or on
    one (``region.drop_h``) when that fits one more and fewer than ``ONE_END_BELOW`` fit with
    both: big items gain a lot from it, small ones little."""
    return _fit(region.box.w, pitch_w, region.drop_h is not None)


def _rows_fit(region: _Region, heights: Sequence[float], pitch_h: float) -> int:
    """Rows of ``pitch_h`` that fit below bands of ``heights`` already stacked in ``region``:
    each band needs a mark zone above and below and ``CLEAR`` between its zone and the next
    band's. A lone band may give up the zone at ``region.drop_v`` as ``_cols_fit`` does."""
    k = len(heights) + 1
    room = region.box.h - sum(heights) - (k - 1) * CLEAR - 2 * (k - 1) * MARK_DEPTH_MIN
    return _fit(room, pitch_h, k == 1 and region.drop_v is not None)


def _fit(room: float, pitch: float, may_drop: bool) -> int:
    """How many ``pitch`` fit in ``room`` between two 3.5 mm mark zones (or beside one, if
    ``may_drop`` and fewer than ``ONE_END_BELOW`` fit between two)."""
    both = max(0, int((room - 2 * MARK_DEPTH_MIN + _EPS) // pitch))
    if not may_drop or both >= ONE_END_BELOW:
        return both
    return max(0, int((room - MARK_DEPTH_MIN + _EPS) // pitch))


def _pack(runs: Sequence[tuple[Size, int]], region: _Region, bleed: float) -> list[_Spec]:
    """Shelf packing: fill ``region`` top-down with bands, one per run of (size, count), in
    order, each as many full-width rows as it needs and fit. The page ends with the first run
    that does not fit whole."""
    specs: list[_Spec] = []
    heights: list[float] = []
    for (w, h), remaining in runs:
        pw, ph = w + 2 * bleed, h + 2 * bleed
        cols, rows_fit = _cols_fit(region, pw), _rows_fit(region, heights, ph)
        if cols < 1 or rows_fit < 1:
            break
        rows = min(rows_fit, -(-remaining // cols))
        take = min(remaining, rows * cols)
        specs.append(_Spec((w, h), take, min(cols, take)))
        heights.append(rows * ph)
        if take < remaining:
            break
    return specs


def _shrink(specs: Sequence[_Spec]) -> list[_Spec]:
    """The same page one row lighter: the last band loses its last row, a one-row band goes
    (unless it is the only one: then it loses its last item)."""
    *head, last = specs
    if last.rows > 1:
        return [*head, replace(last, count=(last.rows - 1) * last.cols)]
    if head:
        return list(head)
    if last.count > 1:
        return [_Spec(last.item, last.count - 1, last.count - 1)]
    return []


def _place_bands(
    region: _Region, specs: Sequence[_Spec], bleed: float, cap: float
) -> list[_Band] | None:
    """Positions for ``specs`` stacked top-down in ``region``, or None if they do not fit.

    Vertically: every mark zone starts at 3.5 mm; the slack is shared equally among the zones
    (an unmarked end counts as a zone, so it keeps some white) until they reach ``cap``; what is
    left centres the stack. Across, each band is centred with equal side zones grown the same
    way."""
    heights = [s.rows * (s.item[1] + 2 * bleed) for s in specs]
    k = len(specs)
    slack = region.box.h - sum(heights) - (k - 1) * CLEAR - 2 * k * MARK_DEPTH_MIN
    drop = None
    if slack < -_EPS:
        if k > 1 or region.drop_v is None or slack + MARK_DEPTH_MIN < -_EPS:
            return None
        drop, slack = region.drop_v, slack + MARK_DEPTH_MIN
    zones = 2 * k  # the unmarked end, if any, shares the slack like a zone
    grow = min(cap - MARK_DEPTH_MIN, max(0.0, slack) / zones)
    depth = MARK_DEPTH_MIN + grow
    y = region.box.top - (grow if drop == "top" else depth) - (slack - zones * grow) / 2
    bands: list[_Band] = []
    for i, (spec, height) in enumerate(zip(specs, heights, strict=True)):
        across = _across(region, spec.cols * (spec.item[0] + 2 * bleed), cap)
        if across is None:
            return None
        x, left, right = across
        top = 0.0 if i == 0 and drop == "top" else depth
        bottom = 0.0 if i == k - 1 and drop == "bottom" else depth
        bands.append(
            _Band(spec.item, bleed, spec.count, spec.cols, x, y, (top, bottom, left, right))
        )
        y -= height + depth + CLEAR + depth
    return bands


def _across(region: _Region, width: float, cap: float) -> tuple[float, float, float] | None:
    """Left edge and (left, right) mark zone depths of a band ``width`` wide in ``region``:
    zones from 3.5 mm, grown equally up to ``cap``, the rest split evenly; one side unmarked
    (``region.drop_h``) only if both do not fit. None if even that does not fit."""
    side = region.box.w - width - 2 * MARK_DEPTH_MIN
    drop = None
    if side < -_EPS:
        if region.drop_h is None or side + MARK_DEPTH_MIN < -_EPS:
            return None
        drop, side = region.drop_h, side + MARK_DEPTH_MIN
    grow = min(cap - MARK_DEPTH_MIN, max(0.0, side) / 2)
    depth = MARK_DEPTH_MIN + grow
    x = region.box.x + (grow if drop == "left" else depth) + (side - 2 * grow) / 2
    return x, 0.0 if drop == "left" else depth, 0.0 if drop == "right" else depth


# -- furniture: the note, the bar and the label, in margins clear of all ink -----------------

_Block = tuple[Rect, tuple[tuple[float, float], ...]]  # a band's bleed box, its rows' trim spans
_Prefs = tuple[tuple[str, bool], ...]  # (dock kind, from its far end) in order of preference
_NOTE_PREFS: _Prefs = (("bottom", False), ("left", False), ("top", False), ("right", False))
_BAR_PREFS: _Prefs = (("bottom", True), ("right", False), ("top", True), ("left", False))
_LABEL_PREFS: _Prefs = (("top", False), ("bottom", True), ("right", True), ("left", True))


def _docks(
    paper: Size,
    blocks: Sequence[_Block],
    ink: Rect,
    fold_x: float | None,
) -> dict[str, list[Rect]]:
    """Free margins to put furniture in, by kind: the strips between the page's ink and its
    safe edges ("bottom", "top", "left", "right"), and beside each row of each block (a band's
    box and its rows' trim spans), between the crop marks on that row's trim lines, out to the
    safe edge or the vertical fold line ("left", "right")."""
    pw, ph = paper
    s, c = SAFE_MARGIN, CLEAR
    docks: dict[str, list[Rect]] = {
        "bottom": [Rect(s, s, pw - 2 * s, ink.y - c - s)],
        "top": [Rect(s, ink.top + c, pw - 2 * s, ph - s - ink.top - c)],
        "left": [Rect(s, s, ink.x - c - s, ph - 2 * s)],
        "right": [Rect(ink.right + c, s, pw - s - ink.right - c, ph - 2 * s)],
    }
    for box, spans in blocks:
        lo, hi = s, pw - s
        if fold_x is not None:
            lo, hi = (fold_x + c, hi) if box.x >= fold_x else (lo, fold_x - c)
        for y0, y1 in spans:
            docks["left"].append(Rect(lo, y0 + c, box.x - c - lo, y1 - y0 - 2 * c))
            docks["right"].append(Rect(box.right + c, y0 + c, hi - box.right - c, y1 - y0 - 2 * c))
    return {k: [d for d in v if d.w > 0 and d.h > 0] for k, v in docks.items()}


def _is_free(box: Rect, paper: Size, obstacles: Sequence[Rect]) -> bool:
    """``box`` lies in the safe area and at least ``CLEAR`` from every obstacle."""
    s, c = SAFE_MARGIN - _EPS, CLEAR - _EPS
    if box.x < s or box.y < s or box.right > paper[0] - s or box.top > paper[1] - s:
        return False
    return not any(
        box.x - c < o.right and o.x < box.right + c and box.y - c < o.top and o.y < box.top + c
        for o in obstacles
    )


def _spots(dock: Rect, w: float, h: float, vertical: bool, far: bool, paper: Size) -> list[Rect]:
    """Where a ``w`` × ``h`` box may sit in ``dock``: against the dock side nearer the page
    edge, at the dock's start, end or middle along it (its end first when ``far``)."""
    if vertical:
        x = dock.x if dock.x + dock.right <= paper[0] else dock.right - w
        ends = [dock.y, dock.top - h]
        mid = dock.y + (dock.h - h) / 2
        return [Rect(x, y, w, h) for y in [*(ends[::-1] if far else ends), mid]]
    y = dock.y if dock.y + dock.top <= paper[1] else dock.top - h
    ends = [dock.x, dock.right - w]
    mid = dock.x + (dock.w - w) / 2
    return [Rect(x, y, w, h) for x in [*(ends[::-1] if far else ends), mid]]


def _put(
    size: Size,
    prefs: _Prefs,
    docks: dict[str, list[Rect]],
    paper: Size,
    obstacles: list[Rect],
    make: Callable[[Rect, bool], Placement],
) -> Placement | None:
    """The first free spot for a piece ``size`` = (along, across) long, trying docks in order
    of ``prefs``, lengthwise in strips first; it becomes an obstacle for the next piece."""
    along, across = size
    for kind, far in prefs:
        flat_first = kind in ("bottom", "top")
        for dock in docks[kind]:
            for vertical in (not flat_first, flat_first):
                w, h = (across, along) if vertical else (along, across)
                if dock.w + _EPS < w or dock.h + _EPS < h:
                    continue
                for box in _spots(dock, w, h, vertical, far, paper):
                    if _is_free(box, paper, obstacles):
                        obstacles.append(box)
                        return make(box, vertical)
    return None


def _furniture(
    paper: Size,
    note: NoteSize,
    blocks: Sequence[_Block],
    obstacles: Sequence[Rect],
    fold_x: float | None,
) -> PageFurniture | None:
    """Note (bottom left by preference), scale bar (bottom right) and label (top left), each in
    a free margin ``CLEAR`` from all ink and each other; None when one of them finds no room."""
    docks = _docks(paper, blocks, _union(obstacles), fold_x)
    taken = list(obstacles)
    placed = (
        _put((note.text_w, note.line_h), _NOTE_PREFS, docks, paper, taken, _text_at),
        _put(note.bar, _BAR_PREFS, docks, paper, taken, _bar_at),
        _put((note.label_w, note.line_h), _LABEL_PREFS, docks, paper, taken, _text_at),
    )
    if placed[0] is None or placed[1] is None or placed[2] is None:
        return None
    return PageFurniture(placed[0], placed[1], placed[2])


def _folded(block: _Block, fold: Fold, at: float) -> _Block:
    """A block reflected across the fold: where the backs of its items go."""
    box, spans = block
    if fold == "horizontal":
        spans = tuple((2 * at - top, 2 * at - bottom) for bottom, top in spans)
    return (_fold_rect(box, fold, at), spans)


def _fold_line(zone: Rect, fold: Fold, at: float) -> Segment:
    """The fold, across the whole ``zone`` of the fronts' bands and their marks."""
    if fold == "vertical":
        return Segment(at, zone.y, at, zone.top)
    return Segment(zone.x, at, zone.right, at)


# -- one page's geometry, items aside --------------------------------------------------------


@dataclass(frozen=True)
class _Geometry:
    """Everything on one page but the items: the front bands, the fold (gutterfold) and what
    is drawn around them."""

    bands: tuple[_Band, ...]
    fold: Fold | None
    fold_at: float
    marks: tuple[Segment, ...]
    cut_lines: tuple[Segment, ...]
    fold_lines: tuple[Segment, ...]
    furniture: PageFurniture


@lru_cache(maxsize=4096)
def _geometry(
    paper: Size,
    fold: Fold | None,
    specs: tuple[_Spec, ...],
    bleed: float,
    note: NoteSize,
    cap: float,
) -> _Geometry | None:
    """Place ``specs`` on the page (marks grown up to ``cap``), mirror them across the fold for
    gutterfold, and find room for the furniture; None if anything does not fit.

    The fold line is dashed across the whole stack of bands and their mark zones; crop marks
    and cut lines go on the fronts' half only (after folding, the halves coincide)."""
    bands = _place_bands(_region(paper, fold), specs, bleed, cap)
    if bands is None:
        return None
    marks = tuple(m for b in bands for m in b.marks())
    cuts = tuple(c for b in bands for c in b.cut_lines())
    blocks: list[_Block] = [(b.box, b.row_spans()) for b in bands]
    folds: tuple[Segment, ...] = ()
    at = 0.0
    if fold is not None:
        at = _fold_at(paper, fold)
        blocks += [_folded(block, fold, at) for block in blocks]
        folds = (_fold_line(_union([b.zone for b in bands]), fold, at),)
    obstacles = [box for box, _ in blocks] + [_seg_rect(s) for s in marks + cuts + folds]
    furniture = _furniture(paper, note, blocks, obstacles, at if fold == "vertical" else None)
    if furniture is None:
        return None
    return _Geometry(tuple(bands), fold, at, marks, cuts, folds, furniture)


def _too_big(size: Size, paper: Size, where: str = "") -> ValueError:
    return ValueError(
        f"a {size[0]:g}×{size[1]:g} mm item does not fit{where} on a {paper[0]:g}×{paper[1]:g} mm"
        f" page inside its {SAFE_MARGIN:g} mm margins with room for crop marks"
    )


def _fill(
    runs: Sequence[tuple[Size, int]],
    paper: Size,
    fold: Fold | None,
    bleed: float,
    note: NoteSize,
) -> tuple[list[_Spec], _Geometry]:
    """The next page: packed greedily; if the furniture finds no room, marks shrink to their
    shortest, then the page gives up a row at a time."""
    specs = _pack(runs, _region(paper, fold), bleed)
    if not specs:
        raise _too_big(runs[0][0], paper, " (half of it, for gutterfold)" if fold else "")
    while specs:
        for cap in (MARK_DEPTH, MARK_DEPTH_MIN):
            geometry = _geometry(paper, fold, tuple(specs), bleed, note, cap)
            if geometry is not None:
                return specs, geometry
        specs = _shrink(specs)
    raise ValueError(
        f"no room for the print note and scale bar beside a {runs[0][0][0]:g}×{runs[0][0][1]:g}"
        f" mm item on a {paper[0]:g}×{paper[1]:g} mm page"
    )


@lru_cache(maxsize=256)
def gutterfold_fold(
    size: Size, paper: Size, bleed: float = 0.0, note: NoteSize = NoteSize()
) -> Fold:
    """The fold that puts the most ``size`` items on a portrait page (a vertical fold when
    both hold as many): fronts left of a vertical fold, or above a horizontal one."""
    best: tuple[int, Fold] | None = None
    for fold in ("vertical", "horizontal"):
        try:
            specs, _ = _fill([(size, 10**6)], paper, fold, bleed, note)
        except ValueError:
            continue
        n = sum(s.count for s in specs)
        if best is None or n > best[0]:
            best = (n, fold)
    if best is None:
        raise ValueError(
            f"a {size[0]:g}×{size[1]:g} mm item does not fit on half of a {paper[0]:g}×"
            f"{paper[1]:g} mm page: gutterfold puts the fronts on one half and their backs on"
            " the other"
        )
    return best[1]


# -- impose: items onto pages ----------------------------------------------------------------

_Item = tuple[Size, T, "T | None"]


def _streams(runs: Runs[T], imposition: Imposition) -> list[tuple[list[_Item[T]], bool]]:
    """Items in order, split into those of runs with a back somewhere and those of runs
    without (pages are never shared between the two); "simplex" drops backs, one stream."""
    if imposition == "simplex":
        return [([(size, f, None) for size, items in runs for f, _ in items], False)]
    backed: list[_Item[T]] = []
    plain: list[_Item[T]] = []
    for size, items in runs:
        has_back = any(b is not None for _, b in items)
        (backed if has_back else plain).extend((size, f, b) for f, b in items)
    return [(backed, True), (plain, False)]


def _size_runs(items: Sequence[_Item[T]], start: int, limit: int = 4096) -> list[tuple[Size, int]]:
    """Consecutive items of one size from ``start`` as (size, count), the first ``limit``."""
    out: list[tuple[Size, int]] = []
    for size, _f, _b in items[start : start + limit]:
        if out and out[-1][0] == size:
            out[-1] = (size, out[-1][1] + 1)
        else:
            out.append((size, 1))
    return out


def _mirror_rect(r: Rect, page_w: float, offset: tuple[float, float]) -> Rect:
    """``r`` on the back of the sheet, long-edge duplex: columns reversed, then shifted."""
    return Rect(page_w - r.right + offset[0], r.y + offset[1], r.w, r.h)


def _mirror_seg(s: Segment, page_w: float, offset: tuple[float, float]) -> Segment:
    ox, oy = offset
    return Segment(page_w - s.x1 + ox, s.y1 + oy, page_w - s.x2 + ox, s.y2 + oy)


def _mirror_furniture(
    f: PageFurniture, page_w: float, offset: tuple[float, float]
) -> PageFurniture:
    """Furniture boxes mirrored like everything on a back page; the text still reads forward."""

    def one(p: Placement) -> Placement:
        box = _mirror_rect(p.box, page_w, offset)
        origin = (box.x + p.origin[0] - p.box.x, box.y + p.origin[1] - p.box.y)
        return Placement(box, p.vertical, origin)

    return PageFurniture(one(f.note), one(f.scale_bar), one(f.label))


def _slots(g: _Geometry, chunk: Sequence[_Item[T]]) -> tuple[list[Slot[T]], list[Slot[T]]]:
    """The chunk's fronts in reading order, band by band, and its backs: across the fold for
    gutterfold, else (for now) on their fronts' rectangles."""
    fronts: list[Slot[T]] = []
    backs: list[Slot[T]] = []
    items = iter(chunk)
    for band in g.bands:
        for i in range(band.count):
            _size, front, back = next(items)
            trim, bleed = band.trim_rect(i), band.bleed_rect(i)
            fronts.append(Slot(front, trim, bleed, "front", False))
            if back is None:
                continue
            if g.fold is not None:
                trim, bleed = (
                    _fold_rect(trim, g.fold, g.fold_at),
                    _fold_rect(bleed, g.fold, g.fold_at),
                )
            turn = 180 if g.fold == "horizontal" else 0
            backs.append(Slot(back, trim, bleed, "back", True, turn))
    return fronts, backs


def _page(
    paper: Size, side: Side, slots: Sequence[Slot[T]], g: _Geometry, cut_guides: CutGuides
) -> PagePlan[T]:
    return PagePlan(
        width=paper[0],
        height=paper[1],
        side=side,
        sheet=0,
        slots=tuple(slots),
        marks=g.marks,
        fold=g.fold_lines,
        cut_lines=g.cut_lines if cut_guides == "lines" else (),
        furniture=g.furniture,
        trim_box=_union([s.trim for s in slots]),
        bleed_box=_union([s.bleed for s in slots]),
    )


def _back_page(
    front: PagePlan[T], backs: Sequence[Slot[T]], offset: tuple[float, float]
) -> PagePlan[T]:
    """The back of ``front`` for long-edge duplex: the backs on their fronts' rectangles and
    all of the front's marks, lines and furniture boxes, reflected left to right about the
    page's middle and shifted by ``offset``."""
    pw = front.width

    def rect(r: Rect) -> Rect:
        return _mirror_rect(r, pw, offset)

    return replace(
        front,
        side="back",
        slots=tuple(replace(s, trim=rect(s.trim), bleed=rect(s.bleed)) for s in backs),
        marks=tuple(_mirror_seg(m, pw, offset) for m in front.marks),
        cut_lines=tuple(_mirror_seg(c, pw, offset) for c in front.cut_lines),
        furniture=_mirror_furniture(front.furniture, pw, offset),
        trim_box=rect(front.trim_box),
        bleed_box=rect(front.bleed_box),
    )


def _pages_of(
    g: _Geometry,
    chunk: Sequence[_Item[T]],
    paper: Size,
    imposition: Imposition,
    cut_guides: CutGuides,
    back_offset: tuple[float, float],
) -> list[PagePlan[T]]:
    """The page for one chunk, followed (duplex) by its back page if anything has a back."""
    fronts, backs = _slots(g, chunk)
    if g.fold is not None:
        return [_page(paper, "single", fronts + backs, g, cut_guides)]
    if imposition != "duplex" or not backs:
        return [_page(paper, "single", fronts, g, cut_guides)]
    front = _page(paper, "front", fronts, g, cut_guides)
    return [front, _back_page(front, backs, back_offset)]


def _number_sheets(pages: Sequence[PagePlan[T]]) -> list[PagePlan[T]]:
    """Front/back pairs first, then single pages, each group in its own order; sheets
    numbered from 1, a back sharing its front's sheet."""
    paired = [p for p in pages if p.side != "single"]
    ordered = paired + [p for p in pages if p.side == "single"]
    out: list[PagePlan[T]] = []
    sheet = 0
    for p in ordered:
        sheet += p.side != "back"
        out.append(replace(p, sheet=sheet))
    return out


def impose(
    runs: Runs[T],
    paper: Size,
    *,
    imposition: Imposition = "duplex",
    bleed: float = 0.0,
    note: NoteSize = NoteSize(),
    cut_guides: CutGuides = "marks",
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> list[PagePlan[T]]:
    """Every page of ``runs`` = [(size, [(front, back or None), ...]), ...] on ``paper``.

    ``imposition``: "duplex" follows each page that has a back on it with its back page
    (columns mirrored for long-edge flipping, shifted by ``back_offset``); "simplex" prints
    fronts only; "gutterfold" puts backs on the other half of the same page, across a fold line
    (see ``gutterfold_fold``). Runs with no back at all get plain pages, never a back page, and
    never share a page with runs that have backs; those pages come after all front/back pairs.

    Items keep their order. Runs of different sizes share a page in horizontal bands (shelf
    packing, top down). ``bleed`` mm grows every card's art around its trim; cards then sit
    2 × ``bleed`` apart and crop marks stay outside all bleeds, on the trim lines in use.
    Raises ValueError for an item too big for the page (or half of it, gutterfold)."""
    if bleed < 0:
        raise ValueError("bleed cannot be negative")
    if imposition not in ("duplex", "simplex", "gutterfold"):
        raise ValueError(f"unknown imposition '{imposition}'")
    pages: list[PagePlan[T]] = []
    for items, backed in _streams(runs, imposition):
        pos = 0
        while pos < len(items):
            head = items[pos][0]
            fold = (
                gutterfold_fold(head, paper, bleed, note)
                if imposition == "gutterfold" and backed
                else None
            )
            specs, g = _fill(_size_runs(items, pos), paper, fold, bleed, note)
            n = sum(s.count for s in specs)
            pages += _pages_of(g, items[pos : pos + n], paper, imposition, cut_guides, back_offset)
            pos += n
    return _number_sheets(pages)
