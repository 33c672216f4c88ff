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


def holds_several(face: Face, box: Box) -> bool:
    """A circle the face lays two texts or icons or more in (a token's number and its word,
    or its number and its picture): the ground of what it holds, kept round as the face
    grows, not a badge grown round one value. Said of the face, not of an item: a deck's
    tokens are alike, whatever texts an item's ``when:`` leaves out."""
    if not is_disc(box) or box.traits.symbol:
        return False
    held = (t for t in face.boxes if t.traits.holds_text or t.traits.symbol)
    return sum(1 for t in held if _within(box, t)) >= 2


def _within(circle: Box, box: Box) -> bool:
    """Whether ``box`` is one the circle holds: its centre in it, and smaller than it (a
    card-sized ground or text box behind a centred circle is not held)."""
    return box is not circle and box.w * box.h < circle.w * circle.h and inside(circle, box)


def disc_names(face: Face) -> frozenset[str]:
    """The names of the face's circles as it lays them out (scaled, one may be stretched
    out of round): a white one is a shape of the design, never a sticker (``shades``)."""
    return frozenset(b.name for b in face.boxes if is_disc(b))


def squares_kept(face: Face, boxes: list[Box], shown: set[str]) -> list[Box]:
    """A square shape that holds no text (the frame of a vote's cross) stays square once the
    face is stretched: as big as its shorter new side, about its new centre (a circle, a
    ``radius`` half its side, stays one; one holding one text is a badge: ``badges``; one
    holding several stays a circle: ``holds_several``)."""
    out = list(boxes)
    for i, old in enumerate(face.boxes):
        new = out[i]  # as a circle before it may have moved it
        if not old.traits.square or abs(old.w - old.h) > 0.01:
            continue
        if abs(new.w - new.h) < 0.01:  # grown alike both ways: a circle's radius grows too
            if is_disc(old) and abs(getattr(new, "radius", 0.0) - new.w / 2) > 0.001:
                out[i] = dataclasses.replace(new, radius=new.w / 2)  # type: ignore[call-arg]
            continue
        texts = (t for t in face.boxes if t.traits.holds_text and t.name in shown)
        if any(inside(old, t) for t in texts) and not holds_several(face, old):
            continue
        side = min(new.w, new.h)
        cx, cy = new.x + new.w / 2, new.y + new.h / 2
        out[i] = dataclasses.replace(new, x=cx - side / 2, y=cy - side / 2, w=side, h=side)
        if is_disc(old):
            out[i] = dataclasses.replace(out[i], radius=side / 2)  # type: ignore[call-arg]
        if holds_several(face, old):
            out = _held_in_circle(out, face, old, out[i], new, shown)
    return out


def _held_in_circle(
    out: list[Box], face: Face, disc: Box, circle: Box, stretch: Box, shown: set[str]
) -> list[Box]:
    """What a circle holds (shown texts, icons, shapes drawn after it and smaller than it,
    whose centre the face lays in it), set in
    the circle kept round: the circle grows less than the face's ``stretch`` one way, and
    that way each is centred where the face puts its centre in the circle, the circle's
    own scale applied, at the size the scaling measured for it (a text in the middle of
    its box); the other way, the scaling's place is the circle's already. Only where all
    of them stay within the room the scaling gave them together (which keeps the trim's
    safe zone and the face): else they stay where the scaling put them."""
    k = circle.h / disc.h
    after = next(i for i, b in enumerate(face.boxes) if b is disc)
    held = [
        j
        for j, t in enumerate(face.boxes)
        if j > after and t.name in shown and _within(disc, t)  # drawn on it
    ]
    if not held:
        return out
    tall = stretch.h > stretch.w  # the way the circle grew less than the face's stretch
    at, size, centre, start = ("y", "h", circle.y + circle.h / 2, disc.y + disc.h / 2)
    if not tall:
        at, size, centre, start = ("x", "w", circle.x + circle.w / 2, disc.x + disc.w / 2)
    room = (
        min(getattr(out[j], at) for j in held),
        max(getattr(out[j], at) + getattr(out[j], size) for j in held),
    )
    placed = {}
    for j in held:
        t = face.boxes[j]
        mid = getattr(t, at) + getattr(t, size) / 2
        lead = centre + (mid - start) * k - getattr(out[j], size) / 2
        if lead < room[0] - 0.01 or lead + getattr(out[j], size) > room[1] + 0.01:
            return out  # the circle is too small for what it holds as measured
        placed[j] = lead
    for j, lead in placed.items():
        changes: dict[str, object] = {at: lead}
        if face.boxes[j].traits.holds_text and hasattr(out[j], "valign"):
            changes["valign"] = "middle"
        out[j] = dataclasses.replace(out[j], **changes)  # type: ignore[arg-type]
    return out
