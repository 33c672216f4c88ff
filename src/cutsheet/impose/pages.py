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

    return PageFurniture(one(f.note), one(f.scale_bar), one(f.label), f.titled)


_Place = tuple[Rect, Rect, Rect, Rect, int]
"""Where one item of a page goes: its front's trim and bleed, its back's trim and bleed
(across the fold for gutterfold, else on the front's rectangles) and the back's turn."""


def _places(g: _Geometry) -> list[_Place]:
    """Every place of a page of geometry ``g``, in reading order, band by band."""
    out: list[_Place] = []
    turn = 180 if g.fold == "horizontal" else 0
    for band in g.bands:
        for i in range(band.count):
            trim, bleed = band.trim_rect(i), band.bleed_rect(i)
            back_trim, back_bleed = trim, bleed
            if g.fold is not None:
                back_trim = _fold_rect(trim, g.fold, g.fold_at)
                back_bleed = _fold_rect(bleed, g.fold, g.fold_at)
            out.append((trim, bleed, back_trim, back_bleed, turn))
    return out


class _Known:
    """What pages of one geometry share, worked out once per imposition (a long deck's pages
    are all alike): each geometry's places, a duplex back's mirrored rectangles and lines,
    and the boxes round the slots in use. Geometries are held, so their ids stay theirs."""

    def __init__(self) -> None:
        self.places: dict[int, tuple[_Geometry, list[_Place]]] = {}
        self.mirrored: dict[tuple[int, float, tuple[float, float]], tuple[object, ...]] = {}
        self.unions: dict[tuple[int, tuple[int, ...], bool], tuple[Rect, Rect]] = {}

    def places_of(self, g: _Geometry) -> list[_Place]:
        if id(g) not in self.places:
            self.places[id(g)] = (g, _places(g))
        return self.places[id(g)][1]

    def boxes(
        self, g: _Geometry, count: int, backs: tuple[int, ...], folded: bool
    ) -> tuple[Rect, Rect]:
        """The trim and bleed boxes round the first ``count`` places' fronts, and round the
        backs of ``backs`` (their indices) when they share the page (``folded``)."""
        key = (id(g), (count, *backs), folded)
        if key not in self.unions:
            places = self.places_of(g)
            trims = [p[0] for p in places[:count]]
            bleeds = [p[1] for p in places[:count]]
            if folded:
                trims += [places[i][2] for i in backs]
                bleeds += [places[i][3] for i in backs]
            self.unions[key] = (_union(trims), _union(bleeds))
        return self.unions[key]

    def back_page(
        self,
        g: _Geometry,
        front: PagePlan[T],
        backs: Sequence[Slot[T]],
        indices: tuple[int, ...],
        offset: tuple[float, float],
    ) -> PagePlan[T]:
        """``_back_page`` of a front on geometry ``g`` whose places ``indices`` hold
        ``backs``, its mirrored rectangles and lines worked out once for ``g``."""
        pw = front.width
        key = (id(g), pw, offset)
        if key not in self.mirrored:
            places = self.places_of(g)
            rects = [
                (_mirror_rect(p[2], pw, offset), _mirror_rect(p[3], pw, offset)) for p in places
            ]
            marks = tuple(_mirror_seg(m, pw, offset) for m in g.marks)
            furniture = _mirror_furniture(g.furniture, pw, offset)
            self.mirrored[key] = (g, rects, marks, furniture)
        _g, rects, marks, furniture = self.mirrored[key]
        slots = tuple(
            Slot(s.item, rects[i][0], rects[i][1], s.side, s.mirrored, s.rotation)  # type: ignore[index]
            for s, i in zip(backs, indices, strict=True)
        )
        return replace(
            front,
            side="back",
            slots=slots,
            marks=marks,  # type: ignore[arg-type]
            cut_lines=(),  # hairlines on the fronts only (see ``_back_page``)
            furniture=furniture,  # type: ignore[arg-type]
            trim_box=_mirror_rect(front.trim_box, pw, offset),
            bleed_box=_mirror_rect(front.bleed_box, pw, offset),
        )


def _slots(
    g: _Geometry, chunk: Sequence[_Item[T]], known: _Known | None = None
) -> tuple[list[Slot[T]], list[Slot[T]]]:
    """The chunk's fronts in reading order, band by band, and its backs: across the fold for
    gutterfold, else (for now) on their fronts' rectangles."""
    places = (known or _Known()).places_of(g)
    fronts: list[Slot[T]] = []
    backs: list[Slot[T]] = []
    for (_size, front, back, _grid), (trim, bleed, btrim, bbleed, turn) in zip(
        chunk, places, strict=False
    ):
        fronts.append(Slot(front, trim, bleed, "front", False))
        if back is not None:
            backs.append(Slot(back, btrim, bbleed, "back", True, turn))
    return fronts, backs


def _back_page(
    front: PagePlan[T], backs: Sequence[Slot[T]], offset: tuple[float, float]
) -> PagePlan[T]:
    """The back of ``front`` for long-edge duplex: the backs on their fronts' rectangles and
    the front's crop marks and furniture boxes, reflected left to right about the page's
    middle and shifted by ``offset``. The full-length hairlines of ``--cut-guides lines`` are
    the fronts' alone: one cuts from the front, and on a back printed a little off (every
    duplex printer is) a line would run along the coloured backs beside the cut."""
    pw = front.width

    def rect(r: Rect) -> Rect:
        return _mirror_rect(r, pw, offset)

    return replace(
        front,
        side="back",
        slots=tuple(replace(s, trim=rect(s.trim), bleed=rect(s.bleed)) for s in backs),
        marks=tuple(_mirror_seg(m, pw, offset) for m in front.marks),
        cut_lines=(),
        furniture=_mirror_furniture(front.furniture, pw, offset),
        trim_box=rect(front.trim_box),
        bleed_box=rect(front.bleed_box),
    )


# == imposition proper =================================================================


def _streams(runs: Runs[T], imposition: Imposition) -> list[tuple[list[_Item[T]], bool]]:
    """Items in order, split into those of runs with a back somewhere and those of runs
    without; "simplex" drops backs, one stream. Duplex puts the two in one stream, those
    without backs last: a page of fronts may end with cards that have none (their places on
    its back page stay blank) rather than leave its room empty and start a page of their
    own. Gutterfold keeps them apart: a card without a back beside a fold would leave the
    half behind it empty."""
    if imposition == "simplex":
        flat = [(r[0], f, None, _grid(r)) for r in runs for f, _ in r[1]]
        return [(flat, False)]
    backed: list[_Item[T]] = []
    plain: list[_Item[T]] = []
    for run in runs:
        size, items, grid = run[0], run[1], _grid(run)
        has_back = any(b is not None for _, b in items)
        (backed if has_back else plain).extend((size, f, b, grid) for f, b in items)
    if imposition == "duplex" and backed:  # a page of fronts may end with cards without backs
        return [(backed + plain, True)]
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
    paper: Size,
    side: Side,
    slots: Sequence[Slot[T]],
    g: _Geometry,
    cut_guides: CutGuides,
    boxes: tuple[Rect, Rect] | None = None,
) -> PagePlan[T]:
    """A page of ``slots`` on geometry ``g``; ``boxes``, when known, are the slots' trim and
    bleed boxes."""
    trim_box, bleed_box = boxes or (
        _union([s.trim for s in slots]),
        _union([s.bleed for s in slots]),
    )
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
        trim_box=trim_box,
        bleed_box=bleed_box,
    )


def _pages_of(
    g: _Geometry,
    chunk: Sequence[_Item[T]],
    paper: Size,
    imposition: Imposition,
    cut_guides: CutGuides,
    back_offset: tuple[float, float],
    known: _Known | None = None,
) -> list[PagePlan[T]]:
    """The page for one chunk, followed (duplex) by its back page if anything has a back."""
    known = known or _Known()
    fronts, backs = _slots(g, chunk, known)
    with_backs = tuple(i for i, item in enumerate(chunk) if item[2] is not None)
    if g.fold is not None:
        boxes = known.boxes(g, len(chunk), with_backs, True)
        return [_page(paper, "single", fronts + backs, g, cut_guides, boxes)]
    boxes = known.boxes(g, len(chunk), (), False)
    if imposition != "duplex" or not backs:
        return [_page(paper, "single", fronts, g, cut_guides, boxes)]
    front = _page(paper, "front", fronts, g, cut_guides, boxes)
    return [front, known.back_page(g, front, backs, with_backs, back_offset)]


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
    page, to glue back to back). Runs with no back at all follow the others (duplex: on the
    same pages, their places on the back page left blank; gutterfold: on plain pages of their
    own, after the folded ones); a page that holds only cards without backs, in a file that
    has front/back pairs, gets a blank back page.

    A run given as (size, items, (cols, rows)) is imposed on a fixed grid instead: every
    page of it holds that grid alone, placed the same way on every page.

    Items keep their order. Runs of different sizes share a page in horizontal bands (shelf
    packing, top down). ``bleed`` mm grows every card's art around its trim; cards then sit
    2 × ``bleed`` apart and crop marks stay outside all bleeds, on the trim lines in use.
    Raises ValueError for an item too big for the page (or half of it, gutterfold).

    A ``back_offset`` moves the backs, their marks and furniture included, by that much: every
    page is laid out on the paper less the offset on one side (``_room_for``), so a back page
    moved by it still keeps its ink ``SAFE_MARGIN`` from every edge of the paper."""
    if bleed < 0:
        raise ValueError("bleed cannot be negative")
    if imposition not in ("duplex", "simplex", "gutterfold"):
        raise ValueError(f"unknown imposition '{imposition}'")
    if back_offset != (0.0, 0.0):
        inner, at = _room_for(paper, back_offset)
        pages = impose(
            runs, inner, imposition=imposition, bleed=bleed, note=note, cut_guides=cut_guides
        )
        backs = (at[0], at[1] + back_offset[1])  # across: mirrored in the room, see _room_for
        return [_moved(p, paper, backs if p.side == "back" else at) for p in pages]
    pages: list[PagePlan[T]] = []
    for items, backed in _streams(runs, imposition):
        pos, bounds, known = 0, _bounds(items), _Known()
        while pos < len(items):
            fold, mode = _fold_for(items[pos][0], paper, bleed, note, imposition, backed)
            n, g = _next_page(_size_runs(bounds, pos), paper, fold, bleed, note)
            chunk = items[pos : pos + n]
            pages += _pages_of(g, chunk, paper, mode, cut_guides, back_offset, known)
            pos += n
    return _number_sheets(_blank_backs(pages) if imposition == "duplex" else pages)


# == the room a back offset takes ======================================================


def _room_for(paper: Size, offset: tuple[float, float]) -> tuple[Size, tuple[float, float]]:
    """The paper less the offset on one side (what the pages are laid out on), and where
    that room lies on the paper for the fronts. Across, a back page is the room's mirror,
    placed where the front's room is: mirrored about the room's middle, not the paper's, a
    back lands X from the paper's mirror when the room lies X further right (a negative X:
    the room flush left, X shorter). Down, a back is its front moved by Y: the room lies
    |Y| from the edge the backs move away from. Either way front and back pages keep their
    ink the safe margin from every edge, and only |X| and |Y| are taken from the paper
    (once at each edge, a Letter page lost a row of poker cards to a 1 mm offset)."""
    ox, oy = offset
    return (paper[0] - abs(ox), paper[1] - abs(oy)), (max(0.0, ox), max(0.0, -oy))


def _moved(page: PagePlan[T], paper: Size, by: tuple[float, float]) -> PagePlan[T]:
    """``page`` moved by ``by`` onto ``paper``: its slots, lines, furniture and boxes."""
    dx, dy = by

    def rect(r: Rect) -> Rect:
        return Rect(r.x + dx, r.y + dy, r.w, r.h)

    def seg(g: Segment) -> Segment:
        return Segment(g.x1 + dx, g.y1 + dy, g.x2 + dx, g.y2 + dy)

    def place(p: Placement) -> Placement:
        return Placement(rect(p.box), p.vertical, (p.origin[0] + dx, p.origin[1] + dy), rect(p.ink))

    f = page.furniture
    return replace(
        page,
        width=paper[0],
        height=paper[1],
        slots=tuple(replace(s, trim=rect(s.trim), bleed=rect(s.bleed)) for s in page.slots),
        marks=tuple(map(seg, page.marks)),
        fold=tuple(map(seg, page.fold)),
        cut_lines=tuple(map(seg, page.cut_lines)),
        furniture=replace(
            f, note=place(f.note), scale_bar=place(f.scale_bar), label=place(f.label)
        ),
        trim_box=rect(page.trim_box),
        bleed_box=rect(page.bleed_box),
    )
