"""``line`` boxes: a horizontal rule through the middle of the box."""

from __future__ import annotations

from .base import Box, BoxKind, Element, FillContext, Pen, Traits


def fill(box: Box, fc: FillContext, fill: str | None, stroke: str | None) -> Element:
    return Element(box=box, fill=fill, stroke=stroke)


def draw(pen: Pen, el: Element, bx: float, by: float, bw: float, bh: float) -> None:
    with pen.artifact():
        pen.line(bx, by + bh / 2, bx + bw, by + bh / 2, el.stroke or "#000000")


KIND = BoxKind(name="line", keys={}, box=Box, fill=fill, draw=draw, traits=Traits(rule=True))
