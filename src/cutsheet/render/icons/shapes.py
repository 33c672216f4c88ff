"""Icons that are one shape: drops, flames, leaves, ticks and crosses, an hourglass, a bin,
a plus, a hand, a bolt, a sparkle, a trophy, a music note, and the plain polygons."""

from __future__ import annotations

import math

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

from .paths import arc_band, polygon, star_points

square = polygon([(-0.4, -0.4), (0.4, -0.4), (0.4, 0.4), (-0.4, 0.4)])
triangle = polygon([(0, 0.46), (0.46, -0.38), (-0.46, -0.38)])
diamond = polygon([(0, 0.5), (0.38, 0), (0, -0.5), (-0.38, 0)])
five_point_star = polygon(star_points())


def drop(c: Canvas, x: float, y: float, s: float) -> None:
    p = c.beginPath()
    r = s * 0.3
    p.moveTo(x, y + s * 0.48)
    p.curveTo(x + r * 0.4, y + s * 0.2, x + r * 1.05, y + s * 0.02, x + r, y - s * 0.16)
    p.curveTo(x + r, y - s * 0.42, x - r, y - s * 0.42, x - r, y - s * 0.16)
    p.curveTo(x - r * 1.05, y + s * 0.02, x - r * 0.4, y + s * 0.2, x, y + s * 0.48)
    p.close()
    c.drawPath(p, stroke=1, fill=1, fillMode=FILL_EVEN_ODD)


def flame(c: Canvas, x: float, y: float, s: float) -> None:
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


def leaf(c: Canvas, x: float, y: float, s: float) -> None:
    p = c.beginPath()
    p.moveTo(x - s * 0.36, y - s * 0.36)
    p.curveTo(x - s * 0.4, y + s * 0.3, x + s * 0.2, y + s * 0.46, x + s * 0.42, y + s * 0.42)
    p.curveTo(x + s * 0.46, y + s * 0.1, x + s * 0.3, y - s * 0.42, x - s * 0.36, y - s * 0.36)
    p.close()
    c.drawPath(p, stroke=1, fill=1, fillMode=FILL_EVEN_ODD)
    c.line(x - s * 0.44, y - s * 0.44, x + s * 0.2, y + s * 0.2)


def circle(c: Canvas, x: float, y: float, s: float) -> None:
    c.circle(x, y, s * 0.45, stroke=1, fill=1)


def check(c: Canvas, x: float, y: float, s: float) -> None:
    c.saveState()
    c.setLineWidth(s * 0.14)
    c.setLineCap(1)
    c.setLineJoin(1)
    p = c.beginPath()
    p.moveTo(x - s * 0.36, y)
    p.lineTo(x - s * 0.1, y - s * 0.3)
    p.lineTo(x + s * 0.4, y + s * 0.34)
    c.drawPath(p, stroke=1, fill=0, fillMode=FILL_EVEN_ODD)
    c.restoreState()


def cross(c: Canvas, x: float, y: float, s: float) -> None:
    c.saveState()
    c.setLineWidth(s * 0.14)
    c.setLineCap(1)
    c.line(x - s * 0.34, y - s * 0.34, x + s * 0.34, y + s * 0.34)
    c.line(x - s * 0.34, y + s * 0.34, x + s * 0.34, y - s * 0.34)
    c.restoreState()


def hourglass(c: Canvas, x: float, y: float, s: float) -> None:
    polygon([(-0.32, 0.45), (0.32, 0.45), (-0.32, -0.45), (0.32, -0.45)])(c, x, y, s)


def trash(c: Canvas, x: float, y: float, s: float) -> None:
    polygon([(-0.3, 0.28), (0.3, 0.28), (0.24, -0.46), (-0.24, -0.46)])(c, x, y, s)
    c.rect(x - s * 0.4, y + s * 0.31, s * 0.8, s * 0.08, stroke=1, fill=1)
    c.rect(x - s * 0.1, y + s * 0.39, s * 0.2, s * 0.07, stroke=1, fill=1)


def plus(c: Canvas, x: float, y: float, s: float) -> None:
    polygon(
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


def hand(c: Canvas, x: float, y: float, s: float) -> None:
    c.roundRect(x - s * 0.3, y - s * 0.45, s * 0.6, s * 0.55, s * 0.12, stroke=1, fill=1)
    for i in range(4):
        fx = x - s * 0.3 + i * s * 0.155
        c.roundRect(fx, y, s * 0.13, s * 0.42 - abs(1.5 - i) * s * 0.06, s * 0.06, stroke=1, fill=1)
    c.roundRect(x - s * 0.46, y - s * 0.2, s * 0.2, s * 0.3, s * 0.08, stroke=1, fill=1)


def bolt(c: Canvas, x: float, y: float, s: float) -> None:
    """A lightning bolt: at once, one time."""
    polygon([(0.12, 0.5), (-0.3, -0.04), (-0.02, -0.04), (-0.14, -0.5), (0.3, 0.08), (0.02, 0.08)])(
        c, x, y, s
    )


def sparkle(c: Canvas, x: float, y: float, s: float) -> None:
    """A four-pointed sparkle: something special."""
    pts = []
    for i in range(8):
        r = 0.5 if i % 2 == 0 else 0.13
        a = math.pi / 2 + i * math.pi / 4
        pts.append((r * math.cos(a), r * math.sin(a)))
    polygon(pts)(c, x, y, s)


def trophy(c: Canvas, x: float, y: float, s: float) -> None:
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
        arc_band(p, x + side * s * 0.3, y + s * 0.25, s * 0.14, start, start + 180, s * 0.07)
    c.drawPath(p, stroke=1, fill=1, fillMode=FILL_EVEN_ODD)


def music_note(c: Canvas, x: float, y: float, s: float) -> None:
    """Two beamed notes: a slanted beam over two stems, an oval head at each stem's foot."""
    heads = ((-0.25, -0.32), (0.23, -0.24))  # the right note a step higher, as the beam
    head_rx, head_ry, stem = 0.16, 0.115, 0.07
    tops = [(hx + head_rx - stem, hy + 0.74) for hx, hy in heads]
    p = c.beginPath()
    (lx, ly), (rx, ry) = tops
    beam = 0.15
    p.moveTo(x + lx * s, y + (ly - beam) * s)
    p.lineTo(x + (rx + stem) * s, y + (ry - beam) * s)
    p.lineTo(x + (rx + stem) * s, y + ry * s)
    p.lineTo(x + lx * s, y + ly * s)
    p.close()
    c.drawPath(p, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)
    for (_hx, hy), (tx, ty) in zip(heads, tops, strict=True):  # apart: overlaps never cancel
        c.rect(x + tx * s, y + hy * s, stem * s, (ty - hy - 0.02) * s, stroke=0, fill=1)
    for hx, hy in heads:  # each head an oval tilted up to the right
        c.saveState()
        c.translate(x + hx * s, y + hy * s)
        c.rotate(22)
        c.ellipse(-head_rx * s, -head_ry * s, head_rx * s, head_ry * s, stroke=0, fill=1)
        c.restoreState()
