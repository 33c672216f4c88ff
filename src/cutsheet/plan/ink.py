"""The ink-saving treatment of a face's boxes (a profile's ``ink:``): large colour fills as
outlines in their colour (or light tints), a back's fills that touch the trim as a thin frame
inside the cut, white outlines black. The same boxes, in the same places: only their paint changes."""

from __future__ import annotations

import dataclasses

from ..boxes import Box
from ..contrast import contrast
from ..profiles import Ink

WHITE = "#FFFFFF"
BLACK = "#000000"
_EDGE = 0.01  # mm: a box within this of the trim touches it
VISIBLE = 1.5  # least contrast against white paper for a colour to outline a shape by itself
LINE_PT = 1.0  # an outline replacing a fill is at least this wide, so its colour shows


def tint(colour: str, share: float) -> str:
    """``colour`` (#RRGGBB) mixed with white, keeping ``share`` of it."""
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(255 - (255 - v) * share):02X}" for v in rgb)


def touches_trim(box: Box, size: tuple[float, float]) -> bool:
    """Whether ``box`` reaches an edge of a card of ``size`` (mm)."""
    w, h = size
    return (
        box.x <= _EDGE or box.y <= _EDGE or box.x + box.w >= w - _EDGE or box.y + box.h >= h - _EDGE
    )


def inked(
    box: Box,
    fill: str | None,
    stroke: str | None,
    size: tuple[float, float],
    ink: Ink,
    back: bool,
) -> tuple[Box, str | None, str | None]:
    """The box, fill and stroke to draw under ``ink``; ``back``: the face is a card's back."""
    if ink.text == "black" and stroke is not None and stroke.upper() == WHITE:
        stroke = BLACK  # white lines were drawn on a dark fill that is now light
    if fill is None or fill.upper() == WHITE:
        return box, fill, stroke
    if back and ink.backs == "frame" and box.traits.reaches_bleed and touches_trim(box, size):
        inset = min(ink.frame_mm, box.w / 4, box.h / 4)
        frame = dataclasses.replace(
            box,
            x=box.x + inset,
            y=box.y + inset,
            w=box.w - 2 * inset,
            h=box.h - 2 * inset,
            stroke_width=ink.frame_width,
            dash=False,
        )
        return frame, None, fill
    if ink.fills == "keep" or box.w * box.h <= ink.keep_mm2:
        return box, fill, stroke
    if ink.fills == "tint":
        return box, tint(fill, ink.tint), stroke or fill
    # outline: the shape drawn in its colour on white paper (a colour too pale to see on
    # white keeps the shape's own outline); an icon's inside stays white, not black
    line = fill if stroke is None or contrast(fill, WHITE) >= VISIBLE else stroke
    wider = dataclasses.replace(box, stroke_width=max(box.stroke_width, LINE_PT))
    return wider, (WHITE if box.traits.symbol else None), line
