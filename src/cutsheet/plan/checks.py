"""Checks that read plans: face geometry (boxes inside the face, text inside the safe zone)
and text contrast against what is really drawn under it."""

from __future__ import annotations

from ..boxes import Box, Element
from ..contrast import WHITE, contrast
from ..diagnostics import Problem
from ..layouts import Face
from .model import FacePlan

SAFE_ZONE_MM = 3.0


def face_geometry(face: Face, size: tuple[float, float], card: str | None = None) -> list[Problem]:
    """Boxes inside the face; text boxes at least 3 mm inside the trim (the safe zone), the
    distance named. ``card`` names the item when the geometry is that card's own (scaled)."""
    w, h = size
    who = f"{card}, " if card else ""
    problems = []
    for box in face.boxes:
        if box.x < -0.01 or box.y < -0.01 or box.x + box.w > w + 0.01 or box.y + box.h > h + 0.01:
            problems.append(
                Problem(
                    box.loc,
                    f"{who}box '{box.name}' of face '{face.name}' leaves the {w:g}×{h:g} mm face",
                )
            )
            continue
        past = _stroke_past(box, w, h)
        if past > 0.01:
            problems.append(
                Problem(
                    box.loc,
                    f"{who}box '{box.name}' of face '{face.name}': its {box.stroke_width:g} pt"
                    f" stroke reaches {past:.1f} mm past the {w:g}×{h:g} mm face (a stroke is"
                    " centred on the box's edge: keep the box half its width inside)",
                )
            )
            continue
        if not box.traits.holds_text:
            continue
        nearest = min(box.x, box.y, w - box.x - box.w, h - box.y - box.h)
        if nearest < SAFE_ZONE_MM - 0.01:
            problems.append(
                Problem(
                    box.loc,
                    f"{who}text box '{box.name}' of face '{face.name}' comes {nearest:.1f} mm from"
                    f" the trim; keep text at least {SAFE_ZONE_MM:g} mm inside it",
                )
            )
    return problems


def _stroke_past(box: Box, w: float, h: float) -> float:
    """How far (mm) the box's stroke, centred on its edge, reaches past a ``w`` × ``h`` face."""
    if not box.stroke:
        return 0.0
    half = box.stroke_width / 2 * 25.4 / 72
    return max(-box.x, -box.y, box.x + box.w - w, box.y + box.h - h) + half


def _covers(outer: Element, inner: Element) -> bool:
    a, b = outer.box, inner.box
    cx, cy = b.x + b.w / 2, b.y + b.h / 2
    return a.x <= cx <= a.x + a.w and a.y <= cy <= a.y + a.h


def background(face: FacePlan, element: Element) -> str:
    """The colour under ``element``: its own fill, else that of the last filled shape drawn
    before it that covers its centre, else the white paper."""
    if element.fill:
        return element.fill
    under = WHITE
    for other in face.elements:
        if other is element:
            break
        if other.box.traits.paints_under_text and other.fill and _covers(other, element):
            under = other.fill
    return under


def face_contrast(face: FacePlan, minimum: float, label: str) -> list[Problem]:
    """Every text element whose colour is under ``minimum`` against its background."""
    problems = []
    for el in face.elements:
        style = getattr(el, "style", None)
        if not el.is_text or style is None:
            continue
        fg = style.color
        bg = background(face, el)
        ratio = contrast(fg, bg)
        if ratio < minimum:
            problems.append(
                Problem(
                    el.box.loc,
                    f"box '{el.box.name}': text {fg} on {bg} has contrast {ratio:.1f}:1,"
                    f" under {minimum:g}:1",
                    subject=label,
                    code="contrast",
                )
            )
    return problems
