"""Where backs go: each item's front and back in slots (backs across the fold for
gutterfold), and a duplex back page, the front page mirrored for long-edge flipping."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .bands import _fold_rect
from .base import Grid, PageFurniture, PagePlan, Placement, Rect, Segment, Size, Slot, T
from .geometry import _Geometry

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
