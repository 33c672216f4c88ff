"""One page's geometry, items aside: the card bands packed onto the page, the fold for
gutterfold, crop marks, cut and fold lines, and room for the page furniture; the page filled
greedily (marks shrunk, then rows given up, until the furniture fits); and the fold that puts
the most items on a gutterfold page.

Bands (a grid of one item size, the unit of a page), the page regions they sit in, and
packing (which items share a page) come first."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal

from .base import (
    _EPS,
    CLEAR,
    LINE_CLEAR,
    LINE_CLEAR_MIN,
    LINE_CLEAR_WIDE,
    MARK_DEPTH,
    MARK_DEPTH_MIN,
    ONE_END_BELOW,
    SAFE_MARGIN,
    Fold,
    Grid,
    NoteSize,
    PageFurniture,
    Rect,
    Segment,
    Size,
    _fold_at,
    _seg_rect,
    _union,
    mark_rule,
    mark_style,
)
from .furniture import _Block, _fold_line, _folded, _furniture

# == bands and packing =================================================================

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
                m = mark_style(depth, mark_rule(self.bleed))
                a, z = edge + sign * m.gap, edge + sign * m.depth
                out += [Segment(x, a, x, z) for x in self.cut_xs]
        for depth, sign, edge in ((left, -1, box.x), (right, 1, box.right)):
            if depth:
                m = mark_style(depth, mark_rule(self.bleed))
                a, z = edge + sign * m.gap, edge + sign * m.depth
                out += [Segment(a, y, z, y) for y in self.cut_ys]
        return tuple(out)

    def cut_lines(self) -> tuple[Segment, ...]:
        """Every trim line in use, across the band and through its mark zones."""
        z = self.zone
        vertical = tuple(Segment(x, z.y, x, z.top) for x in self.cut_xs)
        return vertical + tuple(Segment(z.x, y, z.right, y) for y in self.cut_ys)

    def cut_stubs(self) -> tuple[Segment, ...]:
        """The cut lines' pieces in the mark zones, outside the bleed box (inside it, and along
        its edges, they lie on the cards)."""
        z, b = self.zone, self.box
        return tuple(
            s
            for s in [Segment(x, y0, x, y1) for x in self.cut_xs for y0, y1 in _outside(z, b, 1)]
            + [Segment(x0, y, x1, y) for y in self.cut_ys for x0, x1 in _outside(z, b, 0)]
            if (s.x1, s.y1) != (s.x2, s.y2)
        )


def _outside(zone: Rect, box: Rect, axis: int) -> tuple[tuple[float, float], ...]:
    """The two stretches of ``zone`` beyond ``box`` along x (``axis`` 0) or y (1)."""
    if axis == 0:
        return ((zone.x, box.x), (box.right, zone.right))
    return ((zone.y, box.y), (box.top, zone.top))


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


# -- packing: which items share a page -------------------------------------------------------


def _cols_fit(region: _Region, pitch_w: float, bleed: float = 0.0) -> int:
    """Columns that fit across ``region`` with a shallowest mark zone on both sides, or on
    one (``region.drop_h``) when that fits one more and fewer than ``ONE_END_BELOW`` fit with
    both: big items gain a lot from it, small ones little."""
    return _fit(region.box.w, pitch_w, region.drop_h is not None, bleed)


def _rows_fit(region: _Region, heights: Sequence[float], pitch_h: float, bleed: float = 0.0) -> int:
    """Rows of ``pitch_h`` that fit below bands of ``heights`` already stacked in ``region``:
    each band needs a mark zone above and below and ``CLEAR`` between its zone and the next
    band's. A lone band may give up the zone at ``region.drop_v`` as ``_cols_fit`` does."""
    k = len(heights) + 1
    low = mark_rule(bleed).depth_min
    room = region.box.h - sum(heights) - (k - 1) * CLEAR - 2 * (k - 1) * low
    return _fit(room, pitch_h, k == 1 and region.drop_v is not None, bleed)


def _fit(room: float, pitch: float, may_drop: bool, bleed: float = 0.0) -> int:
    """How many ``pitch`` fit in ``room`` between two shallowest mark zones (3.5 mm; 4.5 mm
    with bleed: ``mark_rule``), or beside one, if ``may_drop`` and fewer than
    ``ONE_END_BELOW`` fit between two."""
    low = mark_rule(bleed).depth_min
    both = max(0, int((room - 2 * low + _EPS) // pitch))
    if not may_drop or both >= ONE_END_BELOW:
        return both
    return max(0, int((room - low + _EPS) // pitch))


def _pack(runs: Sequence[tuple[Size, int]], region: _Region, bleed: float) -> list[_Spec]:
    """Shelf packing: fill ``region`` top-down with bands, one per run of (size, count), in
    order, each as many full-width rows as it needs and fit. The page ends with the first run
    that does not fit whole."""
    specs: list[_Spec] = []
    heights: list[float] = []
    for (w, h), remaining in runs:
        pw, ph = w + 2 * bleed, h + 2 * bleed
        cols, rows_fit = _cols_fit(region, pw, bleed), _rows_fit(region, heights, ph, bleed)
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
    region: _Region, specs: Sequence[_Spec], bleed: float, cap: Caps
) -> list[_Band] | None:
    """Positions for ``specs`` stacked top-down in ``region``, or None if they do not fit.

    Vertically: every mark zone starts at 3.5 mm; the slack is shared equally among the zones
    (an unmarked end counts as a zone, so it keeps some white) until they reach ``cap``; what is
    left centres the stack. Across, each band is centred with equal side zones grown the same
    way. ``cap``: how deep the zones may grow above and below the bands, and beside them."""
    heights = [s.rows * (s.item[1] + 2 * bleed) for s in specs]
    k = len(specs)
    low = mark_rule(bleed).depth_min
    slack = region.box.h - sum(heights) - (k - 1) * CLEAR - 2 * k * low
    drop = None
    if slack < -_EPS:
        if k > 1 or region.drop_v is None or slack + low < -_EPS:
            return None
        drop, slack = region.drop_v, slack + low
    zones = 2 * k  # the unmarked end, if any, shares the slack like a zone
    grow = min(cap[0] - low, max(0.0, slack) / zones)
    depth = low + grow
    y = region.box.top - (grow if drop == "top" else depth) - (slack - zones * grow) / 2
    bands: list[_Band] = []
    for i, (spec, height) in enumerate(zip(specs, heights, strict=True)):
        across = _across(region, spec.cols * (spec.item[0] + 2 * bleed), cap[1], low)
        if across is None:
            return None
        x, left, right = across
        top = 0.0 if i == 0 and drop == "top" else depth
        bottom = 0.0 if i == k - 1 and drop == "bottom" else depth
        bands.append(
            _Band(spec.item, bleed, spec.count, spec.cols, x, y, (top, bottom, left, right))
        )
        y -= height + depth + CLEAR + depth
    return _aligned(bands)


ALIGN_MM = 8.0
"""Bands whose left cut lines would stand closer than this share the widest band's: two
centred bands of nearly equal width (a 185 mm aid over two 89 mm cards) put their corner
marks a few millimetres apart, a cluster that invites a wrong cut."""


def _aligned(bands: list[_Band]) -> list[_Band]:
    """``bands``, each one a little narrower than the widest moved to its left edge (with
    its left mark zone); its right edge then stands clear of the widest's."""
    widest = max(bands, key=lambda b: b.box.w)
    left = widest.depth[2]
    if left <= 0:
        return bands
    out = []
    for band in bands:
        off = band.x - widest.x
        if _EPS < off < ALIGN_MM:
            top, bottom, _left, right = band.depth
            band = replace(band, x=widest.x, depth=(top, bottom, left, right))
        out.append(band)
    return out


def _across(
    region: _Region, width: float, cap: float, low: float = MARK_DEPTH_MIN
) -> tuple[float, float, float] | None:
    """Left edge and (left, right) mark zone depths of a band ``width`` wide in ``region``:
    zones from 3.5 mm, grown equally up to ``cap``, the rest split evenly; one side unmarked
    (``region.drop_h``) only if both do not fit. None if even that does not fit."""
    side = region.box.w - width - 2 * low
    drop = None
    if side < -_EPS:
        if region.drop_h is None or side + low < -_EPS:
            return None
        drop, side = region.drop_h, side + low
    grow = min(cap - low, max(0.0, side) / 2)
    depth = low + grow
    x = region.box.x + (grow if drop == "left" else depth) + (side - 2 * grow) / 2
    return x, 0.0 if drop == "left" else depth, 0.0 if drop == "right" else depth


# == one page's geometry ===============================================================


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
    cap: Caps,
) -> _Geometry | None:
    """Place ``specs`` on the page (marks grown up to ``cap``: above and below, beside), mirror
    them across the fold for gutterfold, and find room for the furniture; None if anything
    does not fit.

    Whether the page holds them is decided with the furniture ``CLEAR`` of every line (so a
    page holds what it always did); the furniture then keeps its ink ``LINE_CLEAR`` from the
    crop marks, cut and fold lines, or ``LINE_CLEAR_MIN`` at least, the marks shortened where
    they stand (the cards never move) when that is what it takes."""
    bands = _place_bands(_region(paper, fold), specs, bleed, cap)
    if bands is None or _dressed(paper, fold, bands, note, (CLEAR,)) is None:
        return None
    low = mark_rule(bleed).depth_min
    tried: list[list[_Band]] = []
    for sides in ((), (0, 1), (2, 3), (0, 1, 2, 3)):  # the marks above and below first
        these = [_shortened(b, sides, low) for b in bands]
        if these in tried:
            continue
        tried.append(these)
        geometry = _dressed(
            paper, fold, these, note, (LINE_CLEAR, LINE_CLEAR_MIN), wide=(LINE_CLEAR_WIDE,)
        )
        if geometry is not None:
            return geometry
    return None


def _shortened(band: _Band, sides: tuple[int, ...], low: float) -> _Band:
    """``band`` with the mark zones of ``sides`` (0 top, 1 bottom, 2 left, 3 right) at most
    ``low`` deep: the shortest marks, where they stand (the cards never move)."""
    depth = tuple(min(d, low) if i in sides else d for i, d in enumerate(band.depth))
    return replace(band, depth=depth)


def _dressed(
    paper: Size,
    fold: Fold | None,
    bands: Sequence[_Band],
    note: NoteSize,
    gaps: Sequence[float],
    wide: Sequence[float] = (),
) -> _Geometry | None:
    """Placed ``bands`` with their marks, cut and fold lines, and the furniture its ink the
    first of ``gaps`` from those lines that it fits at; None if it fits at none.

    The fold line is dashed across the whole stack of bands and their mark zones; crop marks
    and cut lines go on the fronts' half only (after folding, the halves coincide)."""
    marks = tuple(m for b in bands for m in b.marks())
    cuts = tuple(c for b in bands for c in b.cut_lines())
    blocks: list[_Block] = [(b.box, b.row_spans()) for b in bands]
    folds: tuple[Segment, ...] = ()
    at = 0.0
    if fold is not None:
        at = _fold_at(paper, fold)
        blocks += [_folded(block, fold, at) for block in blocks]
        folds = (_fold_line(_union([b.zone for b in bands]), fold, at),)
    stubs = tuple(s for b in bands for s in b.cut_stubs())  # the rest of a cut is on the cards
    lines = [_seg_rect(s) for s in marks + stubs + folds]
    fold_x = at if fold == "vertical" else None
    furniture = _furniture(paper, note, blocks, lines, fold_x, gaps, wide)
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
    shortest, then the page gives up a row at a time. Pages packed alike (every full page of
    a long run) share one geometry, found once."""
    specs = _pack(runs, _region(paper, fold), bleed)
    if not specs:
        raise _too_big(runs[0][0], paper, " (half of it, for gutterfold)" if fold else "")
    found, geometry = _placed(tuple(specs), paper, fold, bleed, note)
    return list(found), geometry


Caps = tuple[float, float]
"""How deep mark zones may grow: above and below the bands, and beside them (mm)."""


def _caps(bleed: float) -> tuple[Caps, ...]:
    """The caps a page is tried with, in turn: full-size marks all round; short ones above and
    below only (a page whose furniture takes the room there keeps long marks beside the
    cards, where the margin has room for them); short ones beside only; short ones all round."""
    full, low = MARK_DEPTH, mark_rule(bleed).depth_min
    return ((full, full), (low, full), (full, low), (low, low))


@lru_cache(maxsize=1024)
def _placed(
    specs: tuple[_Spec, ...], paper: Size, fold: Fold | None, bleed: float, note: NoteSize
) -> tuple[tuple[_Spec, ...], _Geometry]:
    """The packed ``specs`` placed with their marks and furniture, a row given up at a time
    until they fit; ValueError (never cached) when not even one item does."""
    head = specs[0].item
    while specs:
        for cap in _caps(bleed):
            geometry = _geometry(paper, fold, specs, bleed, note, cap)
            if geometry is not None:
                return specs, geometry
        specs = tuple(_shrink(specs))
    raise ValueError(
        f"no room for the print note and scale bar beside a {head[0]:g}×{head[1]:g}"
        f" mm item on a {paper[0]:g}×{paper[1]:g} mm page"
    )


def _fill_grid(
    size: Size,
    count: int,
    grid: Grid,
    paper: Size,
    fold: Fold | None,
    bleed: float,
    note: NoteSize,
) -> tuple[int, _Geometry]:
    """The next page of a fixed ``grid`` (columns, rows) of ``size`` items: the whole grid is
    placed (and marked) on every page, the first ``count`` of its places filled."""
    cols, rows = grid
    spec = _Spec(size, cols * rows, cols)
    for cap in _caps(bleed):
        geometry = _geometry(paper, fold, (spec,), bleed, note, cap)
        if geometry is not None:
            take = min(count, cols * rows)
            band = replace(geometry.bands[0], count=take)
            return take, replace(geometry, bands=(band,))
    raise ValueError(
        f"a {cols}×{rows} grid of {size[0]:g}×{size[1]:g} mm items does not fit on a"
        f" {paper[0]:g}×{paper[1]:g} mm page inside its {SAFE_MARGIN:g} mm margins with room"
        " for crop marks and the print note"
    )


DEFAULT_NOTE = NoteSize()


@lru_cache(maxsize=256)
def gutterfold_fold(
    size: Size, paper: Size, bleed: float = 0.0, note: NoteSize = DEFAULT_NOTE
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
