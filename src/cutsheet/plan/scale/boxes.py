"""How the boxes of a face relate: which an item shows, which sit inside which, and the safe
zone text keeps from the trim."""

from __future__ import annotations

from ...boxes import Box, FillContext
from ...layouts import Face
from ...text import TemplateProblem, evaluate

SAFE_MM = 3.0  # text keeps this far from the trim


def visible(face: Face, fc: FillContext) -> set[str]:
    """Names of the boxes this item shows (``when:`` true or absent)."""
    shown = set()
    for box in face.boxes:
        try:
            if box.when is None or evaluate(box.when, fc.ctx):
                shown.add(box.name)
        except TemplateProblem:
            continue  # reported when the face is filled
    return shown


def inside(outer: Box, inner: Box) -> bool:
    """Is the centre of ``inner`` inside ``outer``?"""
    cx, cy = inner.x + inner.w / 2, inner.y + inner.h / 2
    return outer.x <= cx <= outer.x + outer.w and outer.y <= cy <= outer.y + outer.h
