"""``cells`` boxes: a numbered track (start..stop), ``cols`` cells to a row, read as text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import Field

from ..measure import TextStyle
from .base import Box, BoxKind, Element, FillContext, Pen, need


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
    need(merged, ("start", "stop"), f"cells box '{common['name']}'", common["loc"])
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
    with pen.tagged("P"):
        pen.cells(
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
        "start": (int | None, Field(None, description="cells: first number")),
        "stop": (int | None, Field(None, description="cells: last number")),
        "cols": (int | None, Field(None, ge=1, description="cells: numbers per row (1: a column)")),
        "reverse": (bool | None, Field(None, description="cells: highest number first")),
    },
    make=make,
    fill=fill,
    draw=draw,
)
