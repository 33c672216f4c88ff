"""Text contrast computed from layout data (WCAG 2 relative luminance), no drawing."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .diagnostics import Problem
from .layouts import Box, Face, Layouts

WHITE = "#FFFFFF"


def luminance(hex_colour: str) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(fg: str, bg: str) -> float:
    a, b = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def _contains(outer: Box, inner: Box) -> bool:
    cx, cy = inner.x + inner.w / 2, inner.y + inner.h / 2
    return outer.x <= cx <= outer.x + outer.w and outer.y <= cy <= outer.y + outer.h


def background(face: Face, box: Box, colour_of: Callable[[str | None], str | None]) -> str:
    """The fill under ``box``: its own, else that of the last shape drawn before it that
    covers its centre, else the white paper."""
    own = colour_of(box.fill)
    if own:
        return own
    under = WHITE
    for other in face.boxes:
        if other is box:
            break
        if other.kind in ("rect", "icon") and _contains(other, box):
            fill = colour_of(other.fill)
            if fill:
                under = fill
    return under


def face_contrast(
    face: Face,
    layouts: Layouts,
    ctx: Mapping[str, Any],
    minimum: float,
    label: str,
    render_colour: Callable[[str, Mapping[str, Any]], str],
) -> list[Problem]:
    """Every text box of ``face`` whose colour is under ``minimum`` against its background."""

    def colour_of(value: str | None) -> str | None:
        if not value:
            return None
        out = render_colour(value, ctx).strip()
        return None if out in ("", "none") else out

    problems = []
    for box in face.boxes:
        if box.kind not in ("text", "cells") or box.style not in layouts.styles:
            continue
        fg = layouts.styles[box.style].color
        bg = background(face, box, colour_of)
        ratio = contrast(fg, bg)
        if ratio < minimum:
            problems.append(
                Problem(
                    box.loc,
                    f"{label}, box '{box.name}': text {fg} on {bg} has contrast {ratio:.1f}:1,"
                    f" under {minimum:g}:1",
                )
            )
    return problems
