"""Vector icons drawn inside a box, so no symbol depends on a font's glyph coverage."""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

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
    p = c.beginPath()
    p.moveTo(x, y + s * 0.48)
    p.curveTo(x + s * 0.1, y + s * 0.2, x + s * 0.38, y + s * 0.1, x + s * 0.32, y - s * 0.18)
    p.curveTo(x + s * 0.26, y - s * 0.46, x - s * 0.26, y - s * 0.46, x - s * 0.32, y - s * 0.18)
    p.curveTo(x - s * 0.36, y + s * 0.02, x - s * 0.18, y + s * 0.08, x - s * 0.12, y + s * 0.22)
    p.curveTo(x - s * 0.04, y + s * 0.12, x, y + s * 0.3, x, y + s * 0.48)
    p.close()
    c.drawPath(p, stroke=1, fill=1)


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


def _cycle(c: Canvas, x: float, y: float, s: float) -> None:
    c.saveState()
    c.setLineWidth(s * 0.11)
    c.arc(x - s * 0.32, y - s * 0.32, x + s * 0.32, y + s * 0.32, 40, 280)
    c.restoreState()
    _polygon([(0.1, 0.48), (0.42, 0.36), (0.2, 0.12)])(c, x, y, s)


def _person_swap(c: Canvas, x: float, y: float, s: float) -> None:
    c.circle(x, y + s * 0.3, s * 0.13, stroke=1, fill=1)
    _arrows_both(c, x, y - s * 0.18, s)


def _ticket(c: Canvas, x: float, y: float, s: float) -> None:
    c.rect(x - s * 0.45, y - s * 0.25, s * 0.9, s * 0.5, stroke=1, fill=0)
    c.setDash(1, 1)
    c.line(x + s * 0.2, y - s * 0.25, x + s * 0.2, y + s * 0.25)
    c.setDash()


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
    "person-swap": _person_swap,
    "ticket": _ticket,
}


def draw_icon(c: Canvas, name: str, x: float, y: float, w: float, h: float) -> None:
    """Draw icon ``name`` centred in the box (x, y, w, h), in the current colours."""
    ICONS[name](c, x + w / 2, y + h / 2, min(w, h))
