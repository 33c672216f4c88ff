"""``rect`` boxes: a filled and/or stroked rectangle, square or with rounded corners."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import Field

from .base import MM, Box, BoxKind, Element, FillContext, Pen, Traits


@dataclass(frozen=True, kw_only=True)
class RectBox(Box):
    radius: float = 0.0  # mm


def fill(box: RectBox, fc: FillContext, fill: str | None, stroke: str | None) -> Element:
    return Element(box=box, fill=fill, stroke=stroke)


def draw(pen: Pen, el: Element, bx: float, by: float, bw: float, bh: float) -> None:
    with pen.artifact():
        radius = getattr(el.box, "radius", 0.0)
        pen.rect(bx, by, bw, bh, fill=el.fill, stroke=el.stroke, radius=radius * MM)


KIND = BoxKind(
    name="rect",
    keys={"radius": (float | None, Field(None, ge=0, le=1_000, description="mm"))},
    box=RectBox,
    fill=fill,
    draw=draw,
    traits=Traits(
        paints_under_text=True, frames_text=True, picture=True, square=True, reaches_bleed=True
    ),
)
