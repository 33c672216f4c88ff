"""How finely an SVG icon's lines may be dashed: a pattern that, as drawn, repeats in under
1/``MOST_DASHES`` of the icon's larger side prints as a solid line, and some viewers take
minutes to draw it (poppler: 79 s for one circle dashed every 0.000001). Read from svglib's
drawing (each shape's ``strokeDashArray`` under the transforms of the groups around it) and
said at the element that writes the pattern."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .svgshape import NUMBER, IconFileError, element_at, style_at

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing

MOST_DASHES = 10_000
"""A dash pattern repeats at least every this much of an icon's larger side: a finer one
prints as a solid line, and poppler took 79 s to draw one circle dashed every 0.000001."""


def solid_where_invalid(drawing: Drawing) -> None:
    """Draw solid each line whose dash pattern has a negative length, as SVG says (svglib
    passed it on, and ReportLab's ``setDash`` then failed the build after check had passed)."""
    todo: list[object] = [drawing]
    while todo:
        node = todo.pop()
        if any(v < 0 for v in _lengths(getattr(node, "strokeDashArray", None))):
            node.strokeDashArray = None  # type: ignore[attr-defined]
        todo.extend(getattr(node, "contents", None) or ())


def too_finely_dashed(drawing: Drawing) -> float | None:
    """The dash pattern's length, in its own shape's units, of the first shape (in the order
    the SVG writes them) whose pattern, drawn, repeats in under 1/``MOST_DASHES`` of the
    icon's larger side: its length scaled by the transforms of the groups around it (the
    viewBox's too), as it is drawn; None when no shape's does."""
    finest = max(drawing.width, drawing.height) / MOST_DASHES
    todo: list[tuple[object, float]] = [(drawing, 1.0)]
    while todo:
        node, scale = todo.pop()
        t = getattr(node, "transform", None)
        if isinstance(t, tuple | list) and len(t) == 6:
            scale *= _least_stretch(*t[:4])
        period = _dash_period(getattr(node, "strokeDashArray", None))
        if 0 < period and period * scale < finest:
            return period
        todo.extend((kid, scale) for kid in reversed(getattr(node, "contents", None) or ()))
    return None


def _least_stretch(a: float, b: float, c: float, d: float) -> float:
    """How much a transform stretches what it draws in the direction it stretches least (its
    smaller singular value): a dash along a squashed direction is drawn that much shorter."""
    p, det = a * a + b * b + c * c + d * d, abs(a * d - b * c)
    if not (math.isfinite(p) and math.isfinite(det)):
        return 1.0  # (a number that is not finite is said of the drawing's numbers)
    return math.sqrt(max(p - math.sqrt(max(p * p - 4 * det * det, 0.0)), 0.0) / 2)


def dash_problem(data: bytes, period: float) -> IconFileError:
    """``too_finely_dashed``'s finding, at the first element whose ``stroke-dasharray`` (an
    attribute, or a style that sets it) writes that pattern."""
    why = (
        f"has a stroke-dasharray whose pattern repeats every {period:g} of its units, under"
        f" 1/{MOST_DASHES:,} of the icon's size as drawn: too fine to print, and some"
        " viewers take minutes to draw it (leave the dashes out for a solid line)"
    )

    def writes(value: str) -> bool:
        found = NUMBER.findall(value.split("dasharray")[-1].split(";")[0])
        written = _dash_period([float(n) for n in found])
        return written > 0 and math.isclose(written, period, rel_tol=1e-9)

    at = element_at(data, writes, "stroke-dasharray")
    if at == (0, 0):  # written with units, or in a <style> rule: the first that sets one
        at = element_at(data, lambda _v: True, "stroke-dasharray")
    if at == (0, 0):
        at = style_at(data, "dasharray")
    return IconFileError(why, *at)


def _lengths(dashes: object) -> list[float]:
    """A shape's dash lengths (svglib's ``strokeDashArray``: its lengths, or a phase and its
    lengths); [] for none, or for one that is not numbers."""
    if isinstance(dashes, tuple | list) and len(dashes) == 2 and isinstance(dashes[1], list):
        dashes = dashes[1]
    if not isinstance(dashes, tuple | list):
        return []
    try:
        return [float(d) for d in dashes]
    except (TypeError, ValueError):
        return []


def _dash_period(dashes: object) -> float:
    """How long a shape's dash pattern is before it repeats; 0 for none, one that is not
    numbers, or one with a negative length (SVG draws that line solid)."""
    lengths = _lengths(dashes)
    if not lengths or any(v < 0 for v in lengths):
        return 0.0
    return sum(lengths) * (2 if len(lengths) % 2 else 1)  # an odd list is repeated
