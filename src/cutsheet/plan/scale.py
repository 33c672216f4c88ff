"""Scaled faces (large print): the standard face, with its structure, at a larger text size.

Every box keeps its place in the design. Horizontally the face is stretched to the card it is
printed on; vertically each text box grows to what its text needs at the profile's sizes and
the boxes below move down (shapes around them stretch with them), while the empty space
between boxes gives some of itself back. Text sizes keep their hierarchy: body text at the
profile's body size, a title at least at its heading size, and a headline value (a vote, a
limit, a cost) proportionally larger, so it stays the largest thing on the card.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Mapping

from ..boxes import MM, Box, FillContext
from ..boxes.base import field_of
from ..diagnostics import Problem
from ..layouts import Face
from ..measure import MarkupError, TextStyle, face_name, measure
from ..profiles import Profile
from ..symbols import expand
from ..text import TemplateProblem, evaluate, render

SAFE_MM = 3.0  # text keeps this far from the trim
REFERENCE_BODY = 8.0  # pt: the body size the standard layouts are drawn for
GAP_FLOOR = 0.1  # empty space between boxes may shrink to this share of itself
_ITALIC_RE = re.compile(r"</?i>")
_FONT_SIZE_RE = re.compile(r"""\s(?:size|fontSize)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)""")


def scaled_style(style: TextStyle, profile: Profile, title: bool) -> TextStyle:
    """The style at the profile's sizes: never under its body size, a title at least at its
    heading size, larger styles larger in proportion to the square root of their size."""
    body = profile.body_size
    size = max(body, body * math.sqrt(style.size / REFERENCE_BODY))
    if title:
        size = max(size, profile.heading_size)
    size = round(size, 1)
    font = style.font.replace("bold-italic", "bold").replace("italic", "regular")
    align = style.align if size > body else "left"  # running text is left-aligned
    leading = round(size * profile.line_spacing, 2)
    return TextStyle(font, size, leading, align, style.color)


def clean(markup: str, profile: Profile) -> str:
    """No smaller inline sizes, and no italics where the profile wants none."""
    markup = _FONT_SIZE_RE.sub("", markup)
    return markup if profile.italics else _ITALIC_RE.sub("", markup)


def _needs(
    face: Face,
    fc: FillContext,
    styles: Mapping[str, TextStyle],
    kx: float,
    profile: Profile,
    wide: dict[str, float],
) -> dict[str, tuple[float, Box]]:
    """mm each visible text box needs at its new width, by box name; ``wide`` gets the width
    of each box whose longest word is wider than the box."""
    needs: dict[str, tuple[float, Box]] = {}
    for box in face.boxes:
        if box.kind != "text":
            continue
        try:
            if box.when is not None and not evaluate(box.when, fc.ctx):
                continue
            markup = clean(render(box.text or "", fc.ctx), profile)  # type: ignore[attr-defined]
        except TemplateProblem:
            continue  # reported when the face is filled
        style = styles[_scaled_name(box.style)]
        markup = expand(markup, style.size, style.leading, face_name("bold"))
        try:
            m = measure(markup, style, box.style, box.w * kx * MM, 10_000)
        except MarkupError:
            continue
        needs[box.name] = (m.height / MM + 0.4, box)
        if m.too_wide > 0:
            wide[box.name] = box.w * kx + m.too_wide / MM + 0.6
    return needs


def _scaled_name(style: str) -> str:
    return f"{style}@scaled"


def _edge_map(
    face: Face, needs: Mapping[str, tuple[float, Box]], height: float, ky: float, gap: float
) -> dict[float, float]:
    """Each horizontal edge of the design → its new position (mm from the top): every stretch
    of the design scaled by ``ky`` (inner ones also by ``gap`` ≤ 1, to give room back), and
    pushed down wherever a text box above needs more height for its text."""
    edges = sorted({0.0, height} | {b.y for b in face.boxes} | {b.y + b.h for b in face.boxes})
    ending: dict[float, list[tuple[float, float]]] = {}  # bottom edge -> (need, top edge)
    for need, b in needs.values():
        ending.setdefault(b.y + b.h, []).append((need, b.y))
    new: dict[float, float] = {}
    prev_old = prev_new = 0.0
    for e in edges:
        span = (e - prev_old) * ky
        at_rim = prev_old == 0.0 or e == height  # a margin keeps the safe zone and a little
        value = prev_new + (max(min(span, SAFE_MM + 1), span * gap) if at_rim else span * gap)
        for need, top in ending.get(e, ()):
            value = max(value, new[top] + need)
        new[e] = value
        prev_old, prev_new = e, value
    return new


def scale_face(
    face: Face,
    src: tuple[float, float],
    dst: tuple[float, float],
    fc: FillContext,
    profile: Profile,
) -> tuple[Face, FillContext, Problem | None]:
    """The face re-laid for ``dst`` at the profile's sizes, the fill context with the scaled
    styles, and the overflow when the structure does not fit (None when it does)."""
    kx, ky = dst[0] / src[0], dst[1] / src[1]
    styles = dict(fc.styles)
    for box in face.boxes:
        if box.kind in ("text", "cells") and box.style in fc.styles:
            title = box.name == "title"
            styles[_scaled_name(box.style)] = scaled_style(fc.styles[box.style], profile, title)
    wide: dict[str, float] = {}
    needs = _needs(face, fc, styles, kx, profile, wide)
    gap = 1.0
    new = _edge_map(face, needs, src[1], ky, gap)
    while new[src[1]] > dst[1] + 0.01 and gap > GAP_FLOOR:
        gap = round(gap - 0.05, 2)
        new = _edge_map(face, needs, src[1], ky, gap)
    spans = _widened(face, fc, wide, kx, dst[0])
    boxes = []
    for box in face.boxes:
        top, bottom = new[box.y], new[box.y + box.h]
        x, w = spans.get(box.name, (box.x * kx, box.w * kx))
        changes: dict[str, object] = {"x": x, "y": top, "w": w, "h": bottom - top}
        if box.kind in ("text", "cells") and box.style in fc.styles:
            changes["style"] = _scaled_name(box.style)
        boxes.append(dataclasses.replace(box, **changes))  # type: ignore[arg-type]
    scaled = Face(face.name, tuple(boxes), face.loc)
    overflow = None
    if new[src[1]] > dst[1] + 0.01:
        worst = max(needs.values(), key=lambda nb: nb[0] - nb[1].h * ky, default=None)
        over = new[src[1]] - dst[1]
        overflow = _overflow(fc, worst[1] if worst else None, face, dst, over, profile)
    adjusted = dataclasses.replace(fc, styles=styles, adjust=lambda m: clean(m, profile))
    return scaled, adjusted, overflow


def _widened(
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
        cx, cy = box.x + box.w / 2, box.y + box.h / 2
        for shape in face.boxes:
            inside = shape.x <= cx <= shape.x + shape.w and shape.y <= cy <= shape.y + shape.h
            if shape.kind == "rect" and inside and shape.w * kx < need + 2:
                sx = min(max(nx - 1, lo - 1.5), hi + 1.5 - (need + 2))
                if shape.w * kx < width - 2 * SAFE_MM:  # not the card's own border
                    spans.setdefault(shape.name, (sx, need + 2))
    return spans


def _overflow(
    fc: FillContext, box: Box | None, face: Face, dst: tuple[float, float], over: float, p: Profile
) -> Problem:
    field = field_of(getattr(box, "text", None), fc.ctx) if box else None
    where = fc.loc_of(field) if field else (box.loc if box else face.loc)
    name = f", box '{box.name}'" if box else ""
    grew = f" (field {field})" if field else ""
    return Problem(
        where,
        f"{fc.label}{name}{grew}: the {p.name} profile's text ({p.body_size:g} pt and up) does"
        f" not fit a {dst[0]:g}×{dst[1]:g} mm card ({over:.1f} mm over)",
    )
