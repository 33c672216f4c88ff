"""``cells`` boxes: a numbered track (start..stop), ``cols`` cells to a row, read as text."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import Field

from ..diagnostics import Problem, excerpt
from ..measure import TextStyle
from ..model import MAX_TRACK
from .base import Box, BoxKind, Element, FillContext, Pen, Traits


@dataclass(frozen=True, kw_only=True)
class CellsBox(Box):
    start: int
    stop: int
    cols: int = 1
    reverse: bool = False

    @property
    def numbers(self) -> tuple[int, ...]:
        values = tuple(range(self.start, self.stop + 1))
        return values[::-1] if self.reverse else values


@dataclass(frozen=True, kw_only=True)
class CellsElement(Element):
    style: TextStyle

    @property
    def is_text(self) -> bool:
        return True


def check(box: CellsBox) -> list[Problem]:
    """A track runs upwards and holds at most ``MAX_TRACK`` numbers."""
    what = f"cells box {excerpt(box.name)}"
    if box.stop < box.start:
        return [Problem(box.loc, f"{what}: stop ({box.stop}) is below start ({box.start})")]
    count = box.stop - box.start + 1
    if count > MAX_TRACK:
        return [Problem(box.loc, f"{what} has {count:,} numbers, over the {MAX_TRACK:,} limit")]
    return []


def fill(box: CellsBox, fc: FillContext, fill: str | None, stroke: str | None) -> Element:
    return CellsElement(box=box, fill=fill, stroke=stroke, style=fc.styles[box.style])


def draw(pen: Pen, el: CellsElement, bx: float, by: float, bw: float, bh: float) -> None:
    box = el.box
    assert isinstance(box, CellsBox)
    pen.cells(  # the cells' outlines an artifact, their numbers text
        box.numbers,
        box.cols,
        bx,
        by,
        bw,
        bh,
        style=el.style,
        fill=el.fill,
        stroke=el.stroke or "#000000",
        line_width=box.stroke_width,
    )


KIND = BoxKind(
    name="cells",
    keys={
        "start": (
            int | None,
            Field(None, ge=-1_000_000, le=1_000_000, description="cells: first number"),
        ),
        "stop": (
            int | None,
            Field(None, ge=-1_000_000, le=1_000_000, description="cells: last number"),
        ),
        "cols": (
            int | None,
            Field(None, ge=1, le=MAX_TRACK, description="cells: numbers per row (1: a column)"),
        ),
        "reverse": (bool | None, Field(None, description="cells: highest number first")),
    },
    box=CellsBox,
    check=check,
    fill=fill,
    draw=draw,
    traits=Traits(styled=True),
)
