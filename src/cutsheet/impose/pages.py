"""Imposition proper: one page's geometry, items onto pages (duplex backs mirrored, gutterfold
backs across the fold), sheets numbered."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from .bands import _Band, _fold_at, _fold_rect, _pack, _place_bands, _region, _shrink, _Spec
from .base import (
    MARK_DEPTH,
    MARK_DEPTH_MIN,
    SAFE_MARGIN,
    CutGuides,
    Fold,
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
    _seg_rect,
    _union,
)
from .furniture import _Block, _fold_line, _folded, _furniture

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
    note: NoteSize = DEFAULT_NOTE,
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
