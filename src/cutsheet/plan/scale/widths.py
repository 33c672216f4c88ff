"""Widening for unbreakable words: a text box whose longest word is wider than the box grows
about its anchor inside the safe zone, and the shapes around it grow with it."""

from __future__ import annotations

from collections.abc import Mapping

from ...boxes import FillContext
from ...layouts import Face
from .boxes import SAFE_MM, inside


def widened(
    face: Face, fc: FillContext, wide: Mapping[str, float], kx: float, width: float
) -> dict[str, tuple[float, float]]:
    """New (x, w) of each box that must widen for an unbreakable word, and of the shapes
    around it, grown about their anchor (left, right or centre) inside the safe zone."""
    spans: dict[str, tuple[float, float]] = {}
    lo, hi = SAFE_MM, width - SAFE_MM
    for box in face.boxes:
        if box.name not in wide:
            continue
        x, w = box.x * kx, box.w * kx
        need = min(wide[box.name], hi - lo)
        align = fc.styles[box.style].align if box.style in fc.styles else "left"
        grow = need - w
        nx = x if align == "left" else (x - grow if align == "right" else x - grow / 2)
        nx = min(max(nx, lo), hi - need)
        spans[box.name] = (nx, need)
        for shape in face.boxes:
            if shape.traits.frames_text and inside(shape, box) and shape.w * kx < need + 2:
                sx = min(max(nx - 1, lo - 1.5), hi + 1.5 - (need + 2))
                if shape.w * kx < width - 2 * SAFE_MM:  # not the card's own border
                    spans.setdefault(shape.name, (sx, need + 2))
    return spans
