"""Icons beside their words: in large print an icon set beside a text box (an effect's icon
left of its rule, a resource icon before its name) grows with that text, so it stays as
tall, relative to the words, as on the standard card: up to the height of the text beside
it (less the icon's offsets from that text box's edges, so the row grows no further than its
text makes it), no more than in proportion to that text's growth, and never wider than its
box. An icon set inside a text box's area beside its text moves clear of the text once the
text has grown into it (``clear_icons``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from ...boxes import Box, FillContext
from ...layouts import Face
from ...measure import MarkupError, TextStyle
from ...profiles import Profile
from ...text import TemplateProblem
from .boxes import inside
from .needs import text_extent

GAP_MM = 5.0  # an icon this close to the left or right of a text box stands beside it
CLEAR_MM = 2.2  # an icon moved clear of grown text keeps this far from it


def _beside(icon: Box, text: Box) -> bool:
    overlap = min(icon.y + icon.h, text.y + text.h) - max(icon.y, text.y)
    left = 0 <= text.x - (icon.x + icon.w) <= GAP_MM
    right = 0 <= icon.x - (text.x + text.w) <= GAP_MM
    return overlap > 0.5 * min(icon.h, text.h) and (left or right)


def icon_needs(
    face: Face,
    fc: FillContext,
    styles: Mapping[str, TextStyle],
    names: Mapping[str, str],
    text_needs: Mapping[str, tuple[float, Box]],
    kx: float,
    shown: set[str],
) -> dict[str, tuple[float, Box]]:
    """mm each shown icon beside a shown text box grows to, by icon name (only those that
    grow)."""
    needs: dict[str, tuple[float, Box]] = {}
    for icon in (b for b in face.boxes if b.traits.symbol and b.name in shown):
        side = min(icon.w, icon.h)
        for text in face.boxes:
            if text.name not in text_needs or not _beside(icon, text):
                continue
            before, after = fc.styles.get(text.style), styles.get(names.get(text.name, ""))
            if before is None or after is None:
                continue
            grown = side * after.size / before.size
            above = max(icon.y - text.y, 0.0)  # the design's offsets from the text box's edges,
            below = max(text.y + text.h - icon.y - icon.h, 0.0)  # kept: the row grows no more
            size = min(grown, text_needs[text.name][0] - above - below, icon.w * kx)
            if size > needs.get(icon.name, (side, icon))[0] + 0.01:
                needs[icon.name] = (size, icon)
    return needs


def clear_icons(
    boxes: list[Box],
    fc: FillContext,
    styles: Mapping[str, TextStyle],
    profile: Profile,
    shown: set[str],
) -> list[Box]:
    """An icon set inside a text box's area beside its text (a star left of a right-aligned
    number) moves clear of the text once the text has grown into it: ``CLEAR_MM`` before the text
    of a right-aligned box, after that of a left-aligned one."""
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
                gap = CLEAR_MM
                nx = a - gap - d if style.align == "right" else b + gap
                out[i] = dataclasses.replace(icon, x=nx, w=d, y=icon.y + (icon.h - d) / 2, h=d)
    return out
