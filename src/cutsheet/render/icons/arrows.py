"""Icons of movement: arrows straight and round, swaps, exchanges and repeats."""

from __future__ import annotations

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

from .paths import arc_arrow, line_arrow, polygon


def arrow(c: Canvas, x: float, y: float, s: float) -> None:
    polygon(
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


def arrows_both(c: Canvas, x: float, y: float, s: float) -> None:
    polygon(
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


def swap_vertical(c: Canvas, x: float, y: float, s: float) -> None:
    polygon(
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
    polygon(
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


def cycle(c: Canvas, x: float, y: float, s: float) -> None:
    """A circular arrow turning clockwise, its gap at the top."""
    p = c.beginPath()
    arc_arrow(p, x, y - s * 0.03, s * 0.33, 60, -200, s * 0.12, s * 0.3)
    c.drawPath(p, stroke=1, fill=1, fillMode=FILL_EVEN_ODD)


def cycle_ccw(c: Canvas, x: float, y: float, s: float) -> None:
    """A circular arrow turning anticlockwise: the mirror image of ``cycle``."""
    p = c.beginPath()
    arc_arrow(p, x, y - s * 0.03, s * 0.33, 120, 380, s * 0.12, s * 0.3)
    c.drawPath(p, stroke=1, fill=1, fillMode=FILL_EVEN_ODD)


def repeat(c: Canvas, x: float, y: float, s: float) -> None:
    """Two arrows chasing each other round a circle: again and again (income)."""
    p = c.beginPath()
    arc_arrow(p, x, y, s * 0.32, 200, 335, s * 0.12, s * 0.28)
    arc_arrow(p, x, y, s * 0.32, 20, 155, s * 0.12, s * 0.28)
    c.drawPath(p, stroke=1, fill=1, fillMode=FILL_EVEN_ODD)


def exchange(c: Canvas, x: float, y: float, s: float) -> None:
    """Two opposite arrows, one above the other: trade one thing for another."""
    p = c.beginPath()
    line_arrow(p, x - s * 0.44, y + s * 0.18, x + s * 0.46, y + s * 0.18, s * 0.13, s * 0.34)
    line_arrow(p, x + s * 0.44, y - s * 0.18, x - s * 0.46, y - s * 0.18, s * 0.13, s * 0.34)
    c.drawPath(p, stroke=1, fill=1, fillMode=FILL_EVEN_ODD)


def person_swap(c: Canvas, x: float, y: float, s: float) -> None:
    c.circle(x, y + s * 0.3, s * 0.13, stroke=1, fill=1)
    arrows_both(c, x, y - s * 0.18, s)
