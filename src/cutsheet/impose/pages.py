"""Imposition proper: items onto pages, page by page (each page's geometry from
``geometry``, its backs from ``backs``), pages with backs before plain ones, sheets
numbered.

Where backs go (each item's front and back in slots, backs across the fold for gutterfold,
and a duplex back page mirrored for long-edge flipping) comes first."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import replace

from .base import (
    CutGuides,
    Fold,
    Grid,
    Imposition,
    NoteSize,
    PageFurniture,
    PagePlan,
    Placement,
    Rect,
    Runs,
    Segment,
    Side,
    Size,
    Slot,
    T,
    _fold_rect,
    _union,
)
from .geometry import DEFAULT_NOTE, _fill, _fill_grid, _Geometry, gutterfold_fold

# == where backs go ====================================================================

_Item = tuple[Size, T, "T | None", "Grid | None"]
"""One item to place: its size, its front, its back (None when it has none) and the fixed
grid its run asks for (None: packed)."""


def _mirror_rect(r: Rect, page_w: float, offset: tuple[float, float]) -> Rect:
    """``r`` on the back of the sheet, long-edge duplex: columns reversed, then shifted."""
    return Rect(page_w - r.right + offset[0], r.y + offset[1], r.w, r.h)


def _mirror_seg(s: Segment, page_w: float, offset: tuple[float, float]) -> Segment:
    ox, oy = offset
    return Segment(page_w - s.x1 + ox, s.y1 + oy, page_w - s.x2 + ox, s.y2 + oy)


def _mirror_furniture(
    f: PageFurniture, page_w: float, offset: tuple[float, float]
) -> PageFurniture:
    """Furniture mirrored like everything on a back page, ink and all: the text still reads
    forward, so a piece whose ink leans to one side of its box (a sideways one) starts drawing
    where that puts the ink on the other side."""

    def one(p: Placement) -> Placement:
        box, ink = _mirror_rect(p.box, page_w, offset), _mirror_rect(p.ink, page_w, offset)
        origin = (ink.x + p.origin[0] - p.ink.x, p.origin[1] + offset[1])
        return Placement(box, p.vertical, origin, ink)

    return PageFurniture(one(f.note), one(f.scale_bar), one(f.label))


def _slots(g: _Geometry, chunk: Sequence[_Item[T]]) -> tuple[list[Slot[T]], list[Slot[T]]]:
    """The chunk's fronts in reading order, band by band, and its backs: across the fold for
    gutterfold, else (for now) on their fronts' rectangles."""
    fronts: list[Slot[T]] = []
    backs: list[Slot[T]] = []
    items = iter(chunk)
    for band in g.bands:
        for i in range(band.count):
            _size, front, back, _grid = next(items)
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


# == imposition proper =================================================================


def _streams(runs: Runs[T], imposition: Imposition) -> list[tuple[list[_Item[T]], bool]]:
    """Items in order, split into those of runs with a back somewhere and those of runs
    without (pages are never shared between the two); "simplex" drops backs, one stream."""
    if imposition == "simplex":
        flat = [(r[0], f, None, _grid(r)) for r in runs for f, _ in r[1]]
        return [(flat, False)]
    backed: list[_Item[T]] = []
    plain: list[_Item[T]] = []
    for run in runs:
        size, items, grid = run[0], run[1], _grid(run)
        has_back = any(b is not None for _, b in items)
        (backed if has_back else plain).extend((size, f, b, grid) for f, b in items)
    return [(backed, True), (plain, False)]


def _grid(run: tuple[object, ...]) -> Grid | None:
    return run[2] if len(run) > 2 else None  # type: ignore[return-value]


_Bound = tuple[int, int, Size, "Grid | None"]
"""A run of consecutive items of one size and grid: (start, end, size, grid)."""


def _bounds(items: Sequence[_Item[T]]) -> list[_Bound]:
    """The stream's runs of consecutive items of one size (and grid), found once."""
    out: list[_Bound] = []
    for i, (size, _f, _b, grid) in enumerate(items):
        if out and out[-1][2] == size and out[-1][3] == grid:
            out[-1] = (out[-1][0], i + 1, size, grid)
        else:
            out.append((i, i + 1, size, grid))
    return out


def _size_runs(
    bounds: Sequence[_Bound], start: int, limit: int = 4096
) -> list[tuple[Size, int, Grid | None]]:
    """Consecutive items of one size (and grid) from ``start`` as (size, count, grid), over
    the first ``limit`` items: read off the stream's ``bounds``, so each page costs the runs
    it looks at, not the items after it."""
    stop = start + limit
    out: list[tuple[Size, int, Grid | None]] = []
    at = bisect_right(bounds, start, key=lambda b: b[0]) - 1
    while at < len(bounds) and bounds[at][0] < stop:
        lo, hi, size, grid = bounds[at]
        out.append((size, min(hi, stop) - max(lo, start), grid))
        at += 1
    return out


def _next_page(
    runs: list[tuple[Size, int, Grid | None]],
    paper: Size,
    fold: Fold | None,
    bleed: float,
    note: NoteSize,
) -> tuple[int, _Geometry]:
    """How many items the next page takes, and its geometry: a run with a fixed grid has its
    page to itself; packed runs share one up to the first run with a grid."""
    size, count, grid = runs[0]
    if grid is not None:
        return _fill_grid(size, count, grid, paper, fold, bleed, note)
    packed = []
    for run in runs:
        if run[2] is not None:
            break
        packed.append((run[0], run[1]))
    specs, g = _fill(packed, paper, fold, bleed, note)
    return sum(s.count for s in specs), g


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


def _blank_backs(pages: list[PagePlan[T]]) -> list[PagePlan[T]]:
    """In a file printed two-sided (it has front/back pairs), each page of cards without
    backs becomes a front with a blank back: no two pages of cards share a sheet to be cut."""
    if not any(p.side == "front" for p in pages):
        return pages
    out: list[PagePlan[T]] = []
    for p in pages:
        if p.side != "single":
            out.append(p)
            continue
        front = replace(p, side="front")
        blank = _back_page(front, (), (0.0, 0.0))
        out += [front, replace(blank, marks=(), cut_lines=(), fold=())]
    return out


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


def _fold_for(
    head: Size, paper: Size, bleed: float, note: NoteSize, imposition: Imposition, backed: bool
) -> tuple[Fold | None, Imposition]:
    """The gutterfold fold for a chunk that starts with a ``head``-sized item, and how the
    chunk is imposed: an item too big for half the page (a board) is printed as a front page
    and its back page instead, to be glued back to back."""
    if imposition != "gutterfold" or not backed:
        return None, imposition
    try:
        return gutterfold_fold(head, paper, bleed, note), imposition
    except ValueError:
        return None, "duplex"


def impose(
    runs: Runs[T],
    paper: Size,
    *,
    imposition: Imposition = "duplex",
    bleed: float = 0.0,
    note: NoteSize = DEFAULT_NOTE,
    cut_guides: CutGuides = "marks",
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> list[PagePlan[T]]:
    """Every page of ``runs`` = [(size, [(front, back or None), ...]), ...] on ``paper``.

    ``imposition``: "duplex" follows each page that has a back on it with its back page
    (columns mirrored for long-edge flipping, shifted by ``back_offset``); "simplex" prints
    fronts only; "gutterfold" puts backs on the other half of the same page, across a fold line
    (see ``gutterfold_fold``; an item too big for half the page gets a front page and a back
    page, to glue back to back). Runs with no back at all get plain pages, never a back page, and
    never share a page with runs that have backs; those pages come after all front/back pairs
    and, in a file that has such pairs, get a blank back page each.

    A run given as (size, items, (cols, rows)) is imposed on a fixed grid instead: every
    page of it holds that grid alone, placed the same way on every page.

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
        pos, bounds = 0, _bounds(items)
        while pos < len(items):
            fold, mode = _fold_for(items[pos][0], paper, bleed, note, imposition, backed)
            n, g = _next_page(_size_runs(bounds, pos), paper, fold, bleed, note)
            pages += _pages_of(g, items[pos : pos + n], paper, mode, cut_guides, back_offset)
            pos += n
    return _number_sheets(_blank_backs(pages) if imposition == "duplex" else pages)
