"""How the boxes of a face relate: which an item shows, which sit inside which, and the safe
zone text keeps from the trim."""

from __future__ import annotations

import dataclasses

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


def is_disc(box: Box) -> bool:
    """A square rectangle whose corners' radius is half its side: a circle."""
    radius = getattr(box, "radius", None) or 0.0
    return abs(box.w - box.h) < 0.01 and radius >= box.w / 2 - 0.01


def holds_several(face: Face, box: Box, shown: set[str]) -> bool:
    """A circle holding two shown texts or more (a token's number and its word): the ground
    of what it holds, kept round as the face grows, not a badge grown round one value."""
    if not is_disc(box) or box.traits.symbol:
        return False
    held = (t for t in face.boxes if t.traits.holds_text and t.name in shown and inside(box, t))
    return sum(1 for _t in held) >= 2


def squares_kept(face: Face, boxes: list[Box], shown: set[str]) -> list[Box]:
    """A square shape that holds no text (the frame of a vote's cross) stays square once the
    face is stretched: as big as its shorter new side, about its new centre (a circle, a
    ``radius`` half its side, stays one; one holding one text is a badge: ``badges``; one
    holding several stays a circle: ``holds_several``)."""
    out = list(boxes)
    for i, (old, new) in enumerate(zip(face.boxes, boxes, strict=True)):
        if not old.traits.square or abs(old.w - old.h) > 0.01 or abs(new.w - new.h) < 0.01:
            continue
        texts = (t for t in face.boxes if t.traits.holds_text and t.name in shown)
        if any(inside(old, t) for t in texts) and not holds_several(face, old, shown):
            continue
        side = min(new.w, new.h)
        cx, cy = new.x + new.w / 2, new.y + new.h / 2
        out[i] = dataclasses.replace(new, x=cx - side / 2, y=cy - side / 2, w=side, h=side)
        if is_disc(old):
            out[i] = dataclasses.replace(out[i], radius=side / 2)  # type: ignore[call-arg]
        if holds_several(face, old, shown):
            out = _held_in_circle(out, face, old, out[i], shown)
    return out


def _held_in_circle(
    out: list[Box], face: Face, disc: Box, circle: Box, shown: set[str]
) -> list[Box]:
    """The texts a circle holds, set in the circle kept round as the face lays them out in
    it: each in the band of the circle its box had (scaled with the circle, which grows
    less one way than the face's stretch it stood in), across the circle's width as its
    box had, its text in the middle of that band."""
    k = circle.h / disc.h
    for j, t in enumerate(face.boxes):
        if not (t.traits.holds_text and t.name in shown and inside(disc, t)):
            continue
        y = circle.y + (t.y - disc.y) * k
        x = circle.x + (t.x - disc.x) * k
        band = {"x": x, "y": y, "w": t.w * k, "h": t.h * k}
        if hasattr(out[j], "valign"):
            band["valign"] = "middle"
        out[j] = dataclasses.replace(out[j], **band)  # type: ignore[arg-type]
    return out
