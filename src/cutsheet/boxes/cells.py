"""``cells`` boxes: a numbered track (start..stop), ``cols`` cells to a row, read as text."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import Field

from ..diagnostics import Problem, excerpt
from ..measure import TextStyle, face_name, string_width
from ..model import MAX_TRACK
from .base import MM, Box, BoxKind, Element, FillContext, Pen, Traits, least_size


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
    """The cells in their style; a style under the profile's least size, or a number wider
    or taller than its cell, is the layout's problem (its digits would run over the cells'
    rules, and out of the box)."""
    style = fc.styles[box.style]
    where = f"box '{box.name}'"
    if style.size < fc.min_size:  # said as a text box's style is
        said = f"style '{box.style}' is {style.size:g} pt, under {least_size(fc)}"
        fc.problems.append(Problem(box.loc, said))
    rows = -(-len(box.numbers) // box.cols)
    cell_w, cell_h = box.w / box.cols, box.h / rows  # mm
    font = face_name(style.font)
    widest = max(box.numbers, key=lambda n: string_width(str(n), font, style.size))
    need = string_width(str(widest), font, style.size) / MM + 2 * CELL_PAD_MM
    tall = DIGITS * style.size / MM  # the digits' ink, centred in the cell as drawn
    if need > cell_w + 0.01 or tall > cell_h + 0.01:
        scaled = fc.profile not in ("", "standard")  # its sizes are the profile's, not yours
        where_said = f" in the {fc.profile} profile" if scaled else ""
        remedy = f"a face of its own for {fc.profile} (NAME@{fc.profile})" if scaled else ""
        said = (
            f"'{widest}' at {style.size:g} pt needs a cell {need:.1f} × {tall:.1f} mm; its"
            f" {box.cols} to a row make cells {cell_w:.1f} × {cell_h:.1f} mm{where_said} (a"
            f" wider box, fewer to a row or {remedy or 'a smaller style'})"
        )
        fc.problems.append(Problem(box.loc, f"{where}: {said}", subject=fc.label, code="box"))
    return CellsElement(box=box, fill=fill, stroke=stroke, style=style)


CELL_PAD_MM = 0.5
"""Room (mm) between a number and its cell's side."""
DIGITS = 0.75
"""A digit's height, with a little room, as a share of the font size (Atkinson's 0.7)."""


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
