"""Faces that know their size: a face is drawn for one card size (``size:``, default poker);
on a card of another size it either scales to it (``scale: true``) or is a located error
naming the face and both sizes.

Scaling stretches every box with the card, across and down; a square shape (an icon, a
square panel) stays square, centred where it was, and a rounded corner grows as the shape's
shorter side does (a round token stays round). Text keeps its style's size and is
reflowed in its box: on a smaller card text that no longer fits is the usual overflow
error, never shrunk."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from ..boxes.base import stretched
from ..diagnostics import Loc, Problem, excerpt
from ..layouts import Face
from ..model import NAMED_SIZES_MM

Size = tuple[float, float]


def size_text(size: Size, own: Mapping[str, Size] | None = None) -> str:
    """``tarot (70 × 120 mm)``, or ``70 × 120 mm`` for a size with no name (``own``: the
    project's named sizes, which come first)."""
    mm = f"{size[0]:g} × {size[1]:g} mm"
    names = _names(size, own)
    return f"{names[0]} ({mm})" if names else mm


def _names(size: Size, own: Mapping[str, Size] | None) -> list[str]:
    """The names of ``size``: the project's own first, then the packaged ones."""
    return [n for n, s in [*(own or {}).items(), *NAMED_SIZES_MM.items()] if same_size(s, size)]


def same_size(a: Size, b: Size) -> bool:
    return abs(a[0] - b[0]) < 0.01 and abs(a[1] - b[1]) < 0.01


def resized(face: Face, size: Size) -> Face:
    """``face`` stretched to a card of ``size``; its text styles unchanged."""
    kx, ky = size[0] / face.size[0], size[1] / face.size[1]
    boxes = []
    for box in face.boxes:
        geometry = (box.x, box.y, box.w, box.h)
        changes = stretched(box.kind, geometry, getattr(box, "radius", None), (kx, ky), size)
        boxes.append(dataclasses.replace(box, **changes))
    return dataclasses.replace(face, boxes=tuple(boxes), size=size)


def size_problem(
    face: Face, size: Size, loc: Loc, component: str, own: Mapping[str, Size] | None = None
) -> Problem:
    """A face drawn for another size, that does not scale (``own``: the project's sizes)."""
    return Problem(
        loc,
        f"{component}: face {excerpt(face.name)} is drawn for {size_text(face.size, own)}, not"
        f" this component's {size_text(size, own)}; give the face 'size: {_named(size, own)}'"
        " and boxes for it, or 'scale: true' to scale it",
    )


def _named(size: Size, own: Mapping[str, Size] | None = None) -> str:
    names = _names(size, own)
    return names[0] if names else f"[{size[0]:g}, {size[1]:g}]"
