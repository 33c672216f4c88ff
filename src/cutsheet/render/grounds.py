"""The ground under a page's coloured backs: where backs touch, one rectangle of their colour.

A deck's back is drawn once per file and placed in each slot; neighbouring backs share a cut
line. Where two fills of one colour meet edge to edge, a renderer that smooths edges gives
the pixels on the line part of each fill's cover, and the line shows light: a hairline seam
on screen (and on a printer that rasterises so) that is not in the art. So the colour that
fills a back from edge to edge (its ``ground``: the face's first box, a rectangle with
square corners filling the whole card) is painted first, once, under each run of touching
backs of that colour: the seams then lie over their own colour. Nothing is painted beyond
the backs' art: their trims, or with a bleed (cards apart, their bleeds meeting halfway) their
bleeds, which the back's ground fills too.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..impose import Rect
from ..plan.model import FacePlan

EDGE = 0.01  # mm: two edges this close are one


def ground_of(face: FacePlan) -> str | None:
    """The colour that fills ``face`` from edge to edge: its first box, when that is a filled
    rectangle with square corners over the whole card (a background, which runs into the
    bleed; not an icon, whose fill is its ink); None otherwise."""
    if not face.elements:
        return None
    first = face.elements[0]
    box = first.box
    square = not getattr(box, "radius", 0.0)
    whole = (
        box.x <= EDGE
        and box.y <= EDGE
        and box.x + box.w >= face.width_mm - EDGE
        and box.y + box.h >= face.height_mm - EDGE
    )
    # a background that runs into the bleed (a rectangle): an icon's fill is its ink
    if first.fill and box.traits.reaches_bleed and square and whole:
        return first.fill
    return None


def grounds(backs: Iterable[tuple[str, Rect]]) -> list[tuple[str, Rect]]:
    """For ``backs`` (a ground colour and a trim rectangle each), the rectangles to paint:
    each run of touching backs of one colour in a row joined, then runs of one colour
    stacked edge to edge with the same width joined; a back that touches none stays alone
    (painting it changes nothing, and is skipped)."""
    by_colour: dict[str, list[Rect]] = {}
    for colour, rect in backs:
        by_colour.setdefault(colour, []).append(rect)
    out: list[tuple[str, Rect]] = []
    for colour in sorted(by_colour):
        rows = _joined(sorted(by_colour[colour], key=lambda r: (r.y, r.h, r.x)), across=True)
        columns = _joined(sorted(rows, key=lambda r: (r.x, r.w, r.y)), across=False)
        out += [(colour, r) for r in columns if _several(r, by_colour[colour])]
    return out


def _joined(rects: list[Rect], across: bool) -> list[Rect]:
    """``rects`` (sorted along the joining direction) with each run of touching ones of the
    same height (``across``: side by side) or width (stacked) made one."""
    out: list[Rect] = []
    for r in rects:
        last = out[-1] if out else None
        if last is not None and across and _near(last.y, r.y) and _near(last.h, r.h):
            if _near(last.x + last.w, r.x):
                out[-1] = Rect(last.x, last.y, r.x + r.w - last.x, last.h)
                continue
        if last is not None and not across and _near(last.x, r.x) and _near(last.w, r.w):
            if _near(last.y + last.h, r.y):
                out[-1] = Rect(last.x, last.y, last.w, r.y + r.h - last.y)
                continue
        out.append(r)
    return out


def _several(joined: Rect, rects: list[Rect]) -> bool:
    """Whether ``joined`` holds more than one of ``rects``."""
    inside = [
        r
        for r in rects
        if r.x >= joined.x - EDGE
        and r.y >= joined.y - EDGE
        and r.x + r.w <= joined.x + joined.w + EDGE
        and r.y + r.h <= joined.y + joined.h + EDGE
    ]
    return len(inside) > 1


def _near(a: float, b: float) -> bool:
    return abs(a - b) <= EDGE
