"""``rect`` boxes: a filled and/or stroked rectangle, square or with rounded corners."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import Field

from ..diagnostics import Problem, excerpt
from .base import MM, Box, BoxKind, Element, FillContext, Pen, Traits


@dataclass(frozen=True, kw_only=True)
class RectBox(Box):
    radius: float = 0.0  # mm


def check(box: RectBox) -> list[Problem]:
    """A corner's radius is at most half the box's shorter side (a larger one draws arcs
    that cross each other, far outside the box)."""
    most = min(box.w, box.h) / 2
    if box.radius > most + 1e-9:
        side = "height" if box.h <= box.w else "width"
        message = (
            f"rect box {excerpt(box.name)}: radius {box.radius:g} mm is more than half its"
            f" {min(box.w, box.h):g} mm {side} (at most {most:g} mm)"
        )
        return [Problem(box.loc, message)]
    return []


def fill(box: RectBox, fc: FillContext, fill: str | None, stroke: str | None) -> Element:
    return Element(box=box, fill=fill, stroke=stroke)


def draw(pen: Pen, el: Element, bx: float, by: float, bw: float, bh: float) -> None:
    with pen.artifact():
        # a face scaled smaller than its layout keeps its corners within the box too
        radius = min(getattr(el.box, "radius", 0.0) * MM, bw / 2, bh / 2)
        pen.rect(bx, by, bw, bh, fill=el.fill, stroke=el.stroke, radius=radius)


KIND = BoxKind(
    name="rect",
    keys={"radius": (float | None, Field(None, ge=0, le=1_000, description="mm"))},
    box=RectBox,
    check=check,
    fill=fill,
    draw=draw,
    traits=Traits(
        paints_under_text=True, frames_text=True, picture=True, square=True, reaches_bleed=True
    ),
)
