"""Boxes adjusted after scaling: an icon beside text moved clear of the text that grew into
it, and text that misses the profile's contrast made to hug its text, so the white panel it
is set on is a label on the colour around it."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from ...boxes import MM, Box, FillContext
from ...contrast import WHITE, contrast
from ...measure import MarkupError, TextStyle
from ...profiles import Profile
from ...text import TemplateProblem
from .boxes import SAFE_MM, inside
from .needs import text_extent

PANEL_PAD_MM = 1.2  # a white panel behind low-contrast text reaches this far past the text


def _colour(fc: FillContext, value: str | None) -> str | None:
    """A fill as ``fc.colour`` gives it; one that is no colour is None here (the face's own
    check reports it, located at the box)."""
    try:
        return fc.colour(value)
    except TemplateProblem:
        return None


def _under(boxes: list[Box], box: Box, fc: FillContext, shown: set[str]) -> str:
    """The colour under a text box as drawn: its own fill, else the last shown shape (shapes
    are drawn before all text) that covers its centre, else the paper."""
    own = _colour(fc, box.fill)
    if own:
        return own
    under = WHITE
    for shape in boxes:
        if shape.traits.paints_under_text and shape.name in shown and inside(shape, box):
            under = _colour(fc, shape.fill) or under
    return under


def clear_icons(
    boxes: list[Box],
    fc: FillContext,
    styles: Mapping[str, TextStyle],
    profile: Profile,
    shown: set[str],
) -> list[Box]:
    """An icon set inside a text box's area beside its text (a star left of a right-aligned
    number) moves clear of the text once the text has grown into it: 1 mm before the text
    of a right-aligned box (and its panel, if it gets one), after that of a left-aligned one."""
    out = list(boxes)
    for i, icon in enumerate(out):
        if not icon.traits.symbol or icon.name not in shown:
            continue
        for t in out:
            style = styles.get(t.style)
            if (
                not t.traits.holds_text
                or t.name not in shown
                or style is None
                or style.align == "center"
            ):
                continue
            if not inside(t, icon):
                continue
            try:
                tw, _th = text_extent(t, fc, style, profile)
            except (TemplateProblem, MarkupError):
                continue
            a, b = (t.x + t.w - tw, t.x + t.w) if style.align == "right" else (t.x, t.x + tw)
            d = min(icon.w, icon.h)  # an icon is drawn square, centred in its box
            x = icon.x + (icon.w - d) / 2
            if x < b and a < x + d:
                gap = 1 + PANEL_PAD_MM  # clear of a panel behind the text, too
                nx = a - gap - d if style.align == "right" else b + gap
                out[i] = dataclasses.replace(icon, x=nx, w=d, y=icon.y + (icon.h - d) / 2, h=d)
    return out


def tight_panels(
    boxes: list[Box],
    fc: FillContext,
    styles: dict[str, TextStyle],
    profile: Profile,
    shown: set[str],
    width: float,
) -> list[Box]:
    """Text that misses the profile's contrast on its colour is set on a white panel as big
    as its box (``on_panels``): make such a box hug its text, with ``PANEL_PAD_MM`` around it
    (inside the box it had for centred text; a single line may reach past its box, inside the
    safe zone), so the panel is a label on the colour and the badge, band or ticket around it,
    and any icon beside the text, keep their shape."""
    out = []
    for box in boxes:
        style = styles.get(box.style)
        if not box.traits.holds_text or box.name not in shown or style is None:
            out.append(box)
            continue
        if contrast(style.color, _under(boxes, box, fc, shown)) >= profile.min_contrast:
            out.append(box)
            continue
        try:
            tw, th = text_extent(box, fc, style, profile)
        except (TemplateProblem, MarkupError):
            out.append(box)
            continue
        out.append(_hugging(box, style, styles, tw, th, width))
    return out


def _hugging(
    box: Box,
    style: TextStyle,
    styles: dict[str, TextStyle],
    tw: float,
    th: float,
    width: float,
) -> Box:
    """``box`` around its ``tw`` × ``th`` mm of text with ``PANEL_PAD_MM`` to spare: always
    in height; in width too for centred text or a single line, which is then centred in its
    box (a ``-panel`` style, added to ``styles``)."""
    pad = PANEL_PAD_MM
    valign = getattr(box, "valign", "top")
    top = {"top": box.y, "middle": box.y + (box.h - th) / 2}.get(valign, box.y + box.h - th)
    y0, y1 = max(box.y, top - pad), min(box.y + box.h, top + th + pad)
    where = "top" if y0 >= top - 1e-6 else ("bottom" if y1 <= top + th + 1e-6 else "middle")
    changes: dict[str, object] = {"y": y0, "h": y1 - y0, "valign": where}
    lines = round(th / (style.leading / MM))
    if style.align == "center" or lines <= 1:
        left = {"left": box.x, "center": box.x + (box.w - tw) / 2}.get(
            style.align, box.x + box.w - tw
        )
        if style.align == "center":
            room = min(pad, max(left - box.x, 0.0))
        else:  # the same room on both sides: the text, centred in it, stays where it was
            room = max(min(pad, left - SAFE_MM, width - SAFE_MM - left - tw), 0.0)
        changes.update(x=left - room - 0.1, w=tw + 2 * room + 0.2)
        if style.align != "center":
            centred = dataclasses.replace(style, align="center")
            name = f"{box.style}-panel"
            changes["style"] = name
            styles[name] = centred
    return dataclasses.replace(box, **changes)  # type: ignore[arg-type]
