"""``cells`` boxes: a numbered track (start..stop), ``cols`` cells to a row, read as text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import Field

from ..diagnostics import ContentError, Problem, excerpt
from ..measure import TextStyle
from ..model import MAX_TRACK
from .base import Box, BoxKind, Element, FillContext, Pen, Traits, need


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


def make(common: dict[str, Any], merged: dict[str, Any]) -> CellsBox:
    what = f"cells box {excerpt(common['name'])}"
    need(merged, ("start", "stop"), what, common["loc"])
    start, stop = int(merged["start"]), int(merged["stop"])
    if stop < start:
        message = f"{what}: stop ({stop}) is below start ({start})"
        raise ContentError([Problem(common["loc"], message)])
    if stop - start + 1 > MAX_TRACK:
        message = f"{what} has {stop - start + 1:,} numbers, over the {MAX_TRACK:,} limit"
        raise ContentError([Problem(common["loc"], message)])
    return CellsBox(
        **common,
        start=int(merged["start"]),
        stop=int(merged["stop"]),
        cols=int(merged.get("cols") or 1),
        reverse=bool(merged.get("reverse")),
    )


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
    make=make,
    fill=fill,
    draw=draw,
    traits=Traits(styled=True),
)
