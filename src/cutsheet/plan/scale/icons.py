"""Icons beside their words: in large print an icon set beside a text box (an effect's icon
left of its rule, a resource icon before its name) grows with that text, so it stays as
tall, relative to the words, as on the standard card: up to the height of the text beside
it (less the icon's offsets from that text box's edges, so the row grows no further than its
text makes it), no more than in proportion to that text's growth, and never wider than its
box."""

from __future__ import annotations

from collections.abc import Mapping

from ...boxes import Box, FillContext
from ...layouts import Face
from ...measure import TextStyle

GAP_MM = 5.0  # an icon this close to the left or right of a text box stands beside it


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
