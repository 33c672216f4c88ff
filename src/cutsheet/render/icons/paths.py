"""The pieces icons are built from: filled polygons, and outlines (bent and straight arrows,
bands, tickets, a person) added to a path. Coordinates are the icon's centre and size in
points; polygon points are fractions of the size."""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

Icon = Callable[[Canvas, float, float, float], None]  # canvas, centre x, centre y, size (pt)


def polygon(points: list[tuple[float, float]]) -> Icon:
    """An icon that fills and outlines the polygon through ``points``."""

    def draw(c: Canvas, x: float, y: float, s: float) -> None:
        p = c.beginPath()
        px, py = points[0]
        p.moveTo(x + px * s, y + py * s)
        for px, py in points[1:]:
            p.lineTo(x + px * s, y + py * s)
        p.close()
        c.drawPath(p, stroke=1, fill=1, fillMode=FILL_EVEN_ODD)

    return draw


def star_points(n: int = 5) -> list[tuple[float, float]]:
    """The corners of an ``n``-pointed star, points up."""
    pts = []
    for i in range(2 * n):
        r = 0.5 if i % 2 == 0 else 0.21
        a = math.pi / 2 + i * math.pi / n
        pts.append((r * math.cos(a), r * math.sin(a)))
    return pts


def arc_arrow(
    p: PDFPathObject,
    cx: float,
    cy: float,
    r: float,
    start: float,
    end: float,
    width: float,
    head: float,
) -> None:
    """Add to ``p`` a closed outline of an arrow bent along a circle of radius ``r`` about
    (cx, cy), from angle ``start`` to ``end`` (degrees; end > start runs anticlockwise), its
    head at ``end``: a filled shape, so it draws the same in solid and outlined icons."""
    sign = 1.0 if end > start else -1.0
    tip = math.radians(end) + sign * head * 0.9 / r
    steps = max(8, int(abs(end - start) / 6))
    angles = [math.radians(start + (end - start) * i / steps) for i in range(steps + 1)]
    ro, ri = r + width / 2, r - width / 2
    outer = [(cx + ro * math.cos(a), cy + ro * math.sin(a)) for a in angles]
    inner = [(cx + ri * math.cos(a), cy + ri * math.sin(a)) for a in angles]
    a1 = angles[-1]
    p.moveTo(*outer[0])
    for px, py in outer[1:]:
        p.lineTo(px, py)
    p.lineTo(cx + (r + head / 2) * math.cos(a1), cy + (r + head / 2) * math.sin(a1))
    p.lineTo(cx + r * math.cos(tip), cy + r * math.sin(tip))
    p.lineTo(cx + (r - head / 2) * math.cos(a1), cy + (r - head / 2) * math.sin(a1))
    for px, py in reversed(inner):
        p.lineTo(px, py)
    p.close()


def arc_band(
    p: PDFPathObject, cx: float, cy: float, r: float, start: float, end: float, width: float
) -> None:
    """Add to ``p`` a band ``width`` wide along a circle, from angle ``start`` to ``end``."""
    steps = max(8, int(abs(end - start) / 6))
    angles = [math.radians(start + (end - start) * i / steps) for i in range(steps + 1)]
    ro, ri = r + width / 2, r - width / 2
    p.moveTo(cx + ro * math.cos(angles[0]), cy + ro * math.sin(angles[0]))
    for a in angles[1:]:
        p.lineTo(cx + ro * math.cos(a), cy + ro * math.sin(a))
    for a in reversed(angles):
        p.lineTo(cx + ri * math.cos(a), cy + ri * math.sin(a))
    p.close()


def line_arrow(
    p: PDFPathObject, x0: float, y0: float, x1: float, y1: float, width: float, head: float
) -> None:
    """Add to ``p`` a straight arrow from (x0, y0) to its tip at (x1, y1)."""
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    nx, ny = -uy, ux
    bx, by = x1 - ux * head * 0.9, y1 - uy * head * 0.9  # where the head starts
    w, h = width / 2, head / 2
    p.moveTo(x0 + nx * w, y0 + ny * w)
    p.lineTo(bx + nx * w, by + ny * w)
    p.lineTo(bx + nx * h, by + ny * h)
    p.lineTo(x1, y1)
    p.lineTo(bx - nx * h, by - ny * h)
    p.lineTo(bx - nx * w, by - ny * w)
    p.lineTo(x0 - nx * w, y0 - ny * w)
    p.close()


def ticket_path(
    p: PDFPathObject, cx: float, cy: float, w: float, h: float, holes: bool = True
) -> None:
    """Add a ticket to ``p``: a landscape rectangle with a round notch in each short side and,
    with ``holes``, a perforated stub on the right (holes show under an even-odd fill)."""
    n = h * 0.2
    left, right, bottom, top = cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2
    p.moveTo(left, bottom)
    p.lineTo(right, bottom)
    p.arcTo(right - n, cy - n, right + n, cy + n, startAng=-90, extent=-180)
    p.lineTo(right, top)
    p.lineTo(left, top)
    p.arcTo(left - n, cy - n, left + n, cy + n, startAng=90, extent=-180)
    p.close()
    if holes:
        r = h * 0.07
        for i in range(3):
            p.circle(right - w * 0.26, bottom + h * (0.22 + 0.28 * i), r)


def person_path(p: PDFPathObject, cx: float, cy: float, size: float) -> None:
    """A head and shoulders ``size`` tall, centred on (cx, cy)."""
    p.circle(cx, cy + size * 0.22, size * 0.2)
    p.moveTo(cx - size * 0.34, cy - size * 0.5)
    p.curveTo(cx - size * 0.34, cy, cx + size * 0.34, cy, cx + size * 0.34, cy - size * 0.5)
    p.close()
