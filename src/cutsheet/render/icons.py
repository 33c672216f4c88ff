"""Vector icons drawn inside a box, so no symbol depends on a font's glyph coverage."""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

Icon = Callable[[Canvas, float, float, float], None]  # canvas, centre x, centre y, size (pt)


def _drop(c: Canvas, x: float, y: float, s: float) -> None:
    p = c.beginPath()
    r = s * 0.3
    p.moveTo(x, y + s * 0.48)
    p.curveTo(x + r * 0.4, y + s * 0.2, x + r * 1.05, y + s * 0.02, x + r, y - s * 0.16)
    p.curveTo(x + r, y - s * 0.42, x - r, y - s * 0.42, x - r, y - s * 0.16)
    p.curveTo(x - r * 1.05, y + s * 0.02, x - r * 0.4, y + s * 0.2, x, y + s * 0.48)
    p.close()
    c.drawPath(p, stroke=1, fill=1)


def _flame(c: Canvas, x: float, y: float, s: float) -> None:
    """A flame with a tall tongue, a shorter one beside it and an inner flame cut out, so it
    never reads as a drop of water."""
    p = c.beginPath()

    def pt(px: float, py: float) -> tuple[float, float]:
        return x + px * s, y + py * s

    p.moveTo(*pt(0.0, -0.47))
    p.curveTo(*pt(0.26, -0.47), *pt(0.38, -0.3), *pt(0.36, -0.1))
    p.curveTo(*pt(0.35, 0.1), *pt(0.24, 0.2), *pt(0.2, 0.3))  # right flank
    p.curveTo(*pt(0.17, 0.22), *pt(0.14, 0.18), *pt(0.1, 0.15))  # small right tongue
    p.curveTo(*pt(0.14, 0.3), *pt(0.08, 0.42), *pt(-0.04, 0.5))  # main tongue, tip
    p.curveTo(*pt(-0.02, 0.36), *pt(-0.08, 0.26), *pt(-0.16, 0.18))
    p.curveTo(*pt(-0.16, 0.24), *pt(-0.2, 0.3), *pt(-0.26, 0.34))  # left tongue, tip
    p.curveTo(*pt(-0.24, 0.2), *pt(-0.38, 0.08), *pt(-0.37, -0.12))
    p.curveTo(*pt(-0.36, -0.32), *pt(-0.24, -0.47), *pt(0.0, -0.47))
    p.close()
    # the inner flame, with its own two tips, left as a hole
    p.moveTo(*pt(0.02, -0.38))
    p.curveTo(*pt(0.16, -0.38), *pt(0.22, -0.28), *pt(0.2, -0.16))
    p.curveTo(*pt(0.18, -0.04), *pt(0.1, 0.02), *pt(0.08, 0.14))
    p.curveTo(*pt(0.02, 0.04), *pt(-0.04, 0.02), *pt(-0.06, -0.04))
    p.curveTo(*pt(-0.08, 0.0), *pt(-0.1, 0.02), *pt(-0.14, 0.05))
    p.curveTo(*pt(-0.2, -0.06), *pt(-0.22, -0.2), *pt(-0.16, -0.3))
    p.curveTo(*pt(-0.12, -0.36), *pt(-0.06, -0.38), *pt(0.02, -0.38))
    p.close()
    c.drawPath(p, stroke=1, fill=1, fillMode=FILL_EVEN_ODD)


def _leaf(c: Canvas, x: float, y: float, s: float) -> None:
    p = c.beginPath()
    p.moveTo(x - s * 0.36, y - s * 0.36)
    p.curveTo(x - s * 0.4, y + s * 0.3, x + s * 0.2, y + s * 0.46, x + s * 0.42, y + s * 0.42)
    p.curveTo(x + s * 0.46, y + s * 0.1, x + s * 0.3, y - s * 0.42, x - s * 0.36, y - s * 0.36)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.line(x - s * 0.44, y - s * 0.44, x + s * 0.2, y + s * 0.2)


def _polygon(points: list[tuple[float, float]]) -> Icon:
    def draw(c: Canvas, x: float, y: float, s: float) -> None:
        p = c.beginPath()
        px, py = points[0]
        p.moveTo(x + px * s, y + py * s)
        for px, py in points[1:]:
            p.lineTo(x + px * s, y + py * s)
        p.close()
        c.drawPath(p, stroke=1, fill=1)

    return draw


def _star(n: int = 5) -> list[tuple[float, float]]:
    pts = []
    for i in range(2 * n):
        r = 0.5 if i % 2 == 0 else 0.21
        a = math.pi / 2 + i * math.pi / n
        pts.append((r * math.cos(a), r * math.sin(a)))
    return pts


def _circle(c: Canvas, x: float, y: float, s: float) -> None:
    c.circle(x, y, s * 0.45, stroke=1, fill=1)


def _check(c: Canvas, x: float, y: float, s: float) -> None:
    c.saveState()
    c.setLineWidth(s * 0.14)
    c.setLineCap(1)
    c.setLineJoin(1)
    p = c.beginPath()
    p.moveTo(x - s * 0.36, y)
    p.lineTo(x - s * 0.1, y - s * 0.3)
    p.lineTo(x + s * 0.4, y + s * 0.34)
    c.drawPath(p, stroke=1, fill=0)
    c.restoreState()


def _cross(c: Canvas, x: float, y: float, s: float) -> None:
    c.saveState()
    c.setLineWidth(s * 0.14)
    c.setLineCap(1)
    c.line(x - s * 0.34, y - s * 0.34, x + s * 0.34, y + s * 0.34)
    c.line(x - s * 0.34, y + s * 0.34, x + s * 0.34, y - s * 0.34)
    c.restoreState()


def _arrow(c: Canvas, x: float, y: float, s: float) -> None:
    _polygon(
        [
            (-0.45, 0.09),
            (0.12, 0.09),
            (0.12, 0.26),
            (0.45, 0),
            (0.12, -0.26),
            (0.12, -0.09),
            (-0.45, -0.09),
        ]
    )(c, x, y, s)


def _arrows_both(c: Canvas, x: float, y: float, s: float) -> None:
    _polygon(
        [
            (-0.45, 0),
            (-0.15, 0.26),
            (-0.15, 0.09),
            (0.15, 0.09),
            (0.15, 0.26),
            (0.45, 0),
            (0.15, -0.26),
            (0.15, -0.09),
            (-0.15, -0.09),
            (-0.15, -0.26),
        ]
    )(c, x, y, s)


def _hourglass(c: Canvas, x: float, y: float, s: float) -> None:
    _polygon([(-0.32, 0.45), (0.32, 0.45), (-0.32, -0.45), (0.32, -0.45)])(c, x, y, s)


def _trash(c: Canvas, x: float, y: float, s: float) -> None:
    _polygon([(-0.3, 0.28), (0.3, 0.28), (0.24, -0.46), (-0.24, -0.46)])(c, x, y, s)
    c.rect(x - s * 0.4, y + s * 0.31, s * 0.8, s * 0.08, stroke=1, fill=1)
    c.rect(x - s * 0.1, y + s * 0.39, s * 0.2, s * 0.07, stroke=1, fill=1)


def _plus(c: Canvas, x: float, y: float, s: float) -> None:
    _polygon(
        [
            (-0.12, 0.45),
            (0.12, 0.45),
            (0.12, 0.12),
            (0.45, 0.12),
            (0.45, -0.12),
            (0.12, -0.12),
            (0.12, -0.45),
            (-0.12, -0.45),
            (-0.12, -0.12),
            (-0.45, -0.12),
            (-0.45, 0.12),
            (-0.12, 0.12),
        ]
    )(c, x, y, s)


def _hand(c: Canvas, x: float, y: float, s: float) -> None:
    c.roundRect(x - s * 0.3, y - s * 0.45, s * 0.6, s * 0.55, s * 0.12, stroke=1, fill=1)
    for i in range(4):
        fx = x - s * 0.3 + i * s * 0.155
        c.roundRect(fx, y, s * 0.13, s * 0.42 - abs(1.5 - i) * s * 0.06, s * 0.06, stroke=1, fill=1)
    c.roundRect(x - s * 0.46, y - s * 0.2, s * 0.2, s * 0.3, s * 0.08, stroke=1, fill=1)


def _swap_vertical(c: Canvas, x: float, y: float, s: float) -> None:
    _polygon(
        [
            (-0.2, -0.45),
            (-0.2, 0.15),
            (-0.38, 0.15),
            (-0.12, 0.45),
            (0.14, 0.15),
            (-0.04, 0.15),
            (-0.04, -0.45),
        ]
    )(c, x, y, s)
    _polygon(
        [
            (0.2, 0.45),
            (0.2, -0.15),
            (0.38, -0.15),
            (0.12, -0.45),
            (-0.14, -0.15),
            (0.04, -0.15),
            (0.04, 0.45),
        ]
    )(c, x, y, s)


def _arc_arrow(
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


def _arc_band(
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


def _line_arrow(
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


def _cycle(c: Canvas, x: float, y: float, s: float) -> None:
    """A circular arrow turning clockwise, its gap at the top."""
    p = c.beginPath()
    _arc_arrow(p, x, y - s * 0.03, s * 0.33, 60, -200, s * 0.12, s * 0.3)
    c.drawPath(p, stroke=1, fill=1)


def _cycle_ccw(c: Canvas, x: float, y: float, s: float) -> None:
    """A circular arrow turning anticlockwise: the mirror image of ``cycle``."""
    p = c.beginPath()
    _arc_arrow(p, x, y - s * 0.03, s * 0.33, 120, 380, s * 0.12, s * 0.3)
    c.drawPath(p, stroke=1, fill=1)


def _repeat(c: Canvas, x: float, y: float, s: float) -> None:
    """Two arrows chasing each other round a circle: again and again (income)."""
    p = c.beginPath()
    _arc_arrow(p, x, y, s * 0.32, 200, 335, s * 0.12, s * 0.28)
    _arc_arrow(p, x, y, s * 0.32, 20, 155, s * 0.12, s * 0.28)
    c.drawPath(p, stroke=1, fill=1)


def _exchange(c: Canvas, x: float, y: float, s: float) -> None:
    """Two opposite arrows, one above the other: trade one thing for another."""
    p = c.beginPath()
    _line_arrow(p, x - s * 0.44, y + s * 0.18, x + s * 0.46, y + s * 0.18, s * 0.13, s * 0.34)
    _line_arrow(p, x + s * 0.44, y - s * 0.18, x - s * 0.46, y - s * 0.18, s * 0.13, s * 0.34)
    c.drawPath(p, stroke=1, fill=1)


def _bolt(c: Canvas, x: float, y: float, s: float) -> None:
    """A lightning bolt: at once, one time."""
    _polygon(
        [(0.12, 0.5), (-0.3, -0.04), (-0.02, -0.04), (-0.14, -0.5), (0.3, 0.08), (0.02, 0.08)]
    )(c, x, y, s)


def _sparkle(c: Canvas, x: float, y: float, s: float) -> None:
    """A four-pointed sparkle: something special."""
    pts = []
    for i in range(8):
        r = 0.5 if i % 2 == 0 else 0.13
        a = math.pi / 2 + i * math.pi / 4
        pts.append((r * math.cos(a), r * math.sin(a)))
    _polygon(pts)(c, x, y, s)


def _trophy(c: Canvas, x: float, y: float, s: float) -> None:
    """A cup on a stand: points at the end."""
    p = c.beginPath()
    p.moveTo(x - s * 0.3, y + s * 0.45)
    p.lineTo(x + s * 0.3, y + s * 0.45)
    p.curveTo(x + s * 0.3, y + s * 0.05, x + s * 0.18, y - s * 0.08, x + s * 0.06, y - s * 0.12)
    p.lineTo(x + s * 0.06, y - s * 0.28)
    p.lineTo(x + s * 0.22, y - s * 0.34)
    p.lineTo(x + s * 0.22, y - s * 0.46)
    p.lineTo(x - s * 0.22, y - s * 0.46)
    p.lineTo(x - s * 0.22, y - s * 0.34)
    p.lineTo(x - s * 0.06, y - s * 0.28)
    p.lineTo(x - s * 0.06, y - s * 0.12)
    p.curveTo(x - s * 0.18, y - s * 0.08, x - s * 0.3, y + s * 0.05, x - s * 0.3, y + s * 0.45)
    p.close()
    for side, start in ((-1, 90), (1, -90)):  # the handles: half rings beside the cup
        _arc_band(p, x + side * s * 0.3, y + s * 0.25, s * 0.14, start, start + 180, s * 0.07)
    c.drawPath(p, stroke=1, fill=1)


def _ticket_path(
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


def _ticket(c: Canvas, x: float, y: float, s: float) -> None:
    p = c.beginPath()
    _ticket_path(p, x, y, s * 0.92, s * 0.52)
    c.drawPath(p, stroke=1, fill=1, fillMode=FILL_EVEN_ODD)


def _person_path(p: PDFPathObject, cx: float, cy: float, size: float) -> None:
    """A head and shoulders ``size`` tall, centred on (cx, cy)."""
    p.circle(cx, cy + size * 0.22, size * 0.2)
    p.moveTo(cx - size * 0.34, cy - size * 0.5)
    p.curveTo(cx - size * 0.34, cy, cx + size * 0.34, cy, cx + size * 0.34, cy - size * 0.5)
    p.close()


def _ticket_swap(c: Canvas, x: float, y: float, s: float) -> None:
    """Two tickets side by side over a pair of opposite arrows: swap two tickets."""
    p = c.beginPath()
    _ticket_path(p, x - s * 0.26, y + s * 0.24, s * 0.4, s * 0.34, holes=False)
    _ticket_path(p, x + s * 0.26, y + s * 0.24, s * 0.4, s * 0.34, holes=False)
    _line_arrow(p, x - s * 0.42, y - s * 0.1, x + s * 0.46, y - s * 0.1, s * 0.09, s * 0.22)
    _line_arrow(p, x + s * 0.42, y - s * 0.36, x - s * 0.46, y - s * 0.36, s * 0.09, s * 0.22)
    c.drawPath(p, stroke=1, fill=1, fillMode=FILL_EVEN_ODD)


def _ticket_swap_own(c: Canvas, x: float, y: float, s: float) -> None:
    """One big ticket with a person on it (yours) over a pair of opposite arrows."""
    p = c.beginPath()
    _ticket_path(p, x, y + s * 0.2, s * 0.8, s * 0.5, holes=False)
    _person_path(p, x, y + s * 0.19, s * 0.36)
    _line_arrow(p, x - s * 0.42, y - s * 0.16, x + s * 0.46, y - s * 0.16, s * 0.09, s * 0.22)
    _line_arrow(p, x + s * 0.42, y - s * 0.4, x - s * 0.46, y - s * 0.4, s * 0.09, s * 0.22)
    c.drawPath(p, stroke=1, fill=1, fillMode=FILL_EVEN_ODD)


def _card_swap(c: Canvas, x: float, y: float, s: float) -> None:
    """Two upright cards trading places: an arrow over the top from the left card to the
    right one, and one under the bottom back again."""
    cards = c.beginPath()
    for side in (-1, 1):
        cards.roundRect(x + side * s * 0.25 - s * 0.13, y - s * 0.18, s * 0.26, s * 0.36, s * 0.04)
    c.drawPath(cards, stroke=1, fill=1)
    arrows = c.beginPath()
    _arc_arrow(arrows, x, y + s * 0.2, s * 0.25, 150, 42, s * 0.09, s * 0.18)
    _arc_arrow(arrows, x, y - s * 0.2, s * 0.25, -30, -138, s * 0.09, s * 0.18)
    c.drawPath(arrows, stroke=1, fill=1)


def _ticket_in(c: Canvas, x: float, y: float, s: float) -> None:
    """A ticket going down into a place that is already taken, pushing the other one out
    sideways: replace a ticket."""
    p = c.beginPath()
    _ticket_path(p, x - s * 0.12, y + s * 0.3, s * 0.56, s * 0.34, holes=False)
    _line_arrow(p, x - s * 0.12, y + s * 0.1, x - s * 0.12, y - s * 0.24, s * 0.1, s * 0.24)
    p.rect(x - s * 0.46, y - s * 0.46, s * 0.68, s * 0.08)  # the place
    _line_arrow(p, x + s * 0.08, y - s * 0.12, x + s * 0.48, y - s * 0.12, s * 0.08, s * 0.2)
    c.drawPath(p, stroke=1, fill=1)


def _person_swap(c: Canvas, x: float, y: float, s: float) -> None:
    c.circle(x, y + s * 0.3, s * 0.13, stroke=1, fill=1)
    _arrows_both(c, x, y - s * 0.18, s)


ICONS: dict[str, Icon] = {
    "drop": _drop,
    "flame": _flame,
    "leaf": _leaf,
    "circle": _circle,
    "square": _polygon([(-0.4, -0.4), (0.4, -0.4), (0.4, 0.4), (-0.4, 0.4)]),
    "triangle": _polygon([(0, 0.46), (0.46, -0.38), (-0.46, -0.38)]),
    "diamond": _polygon([(0, 0.5), (0.38, 0), (0, -0.5), (-0.38, 0)]),
    "star": _polygon(_star()),
    "check": _check,
    "cross": _cross,
    "arrow": _arrow,
    "arrows-both": _arrows_both,
    "hourglass": _hourglass,
    "trash": _trash,
    "plus": _plus,
    "hand": _hand,
    "swap-vertical": _swap_vertical,
    "cycle": _cycle,
    "cycle-ccw": _cycle_ccw,
    "person-swap": _person_swap,
    "ticket": _ticket,
    "ticket-swap": _ticket_swap,
    "ticket-swap-own": _ticket_swap_own,
    "card-swap": _card_swap,
    "ticket-in": _ticket_in,
    "repeat": _repeat,
    "exchange": _exchange,
    "bolt": _bolt,
    "sparkle": _sparkle,
    "trophy": _trophy,
}


def draw_icon(c: Canvas, name: str, x: float, y: float, w: float, h: float) -> None:
    """Draw icon ``name`` centred in the box (x, y, w, h), in the current colours."""
    ICONS[name](c, x + w / 2, y + h / 2, min(w, h))
