"""Pure page geometry: card bands, crop marks, duplex backs, gutterfold, bleed, page
furniture and booklet order. All lengths are millimetres with the origin at the bottom-left
of the page (PDF's convention). Nothing here draws: ``impose`` returns one ``PagePlan`` per
printed page with every card, crop mark, fold line, cut line and margin note already placed
inside the 5 mm printable area, and ``render/`` only draws it."""

from __future__ import annotations

from .base import (
    CLEAR,
    LINE_CLEAR,
    LINE_CLEAR_MIN,
    MARK_GAP,
    MARK_GAP_MIN,
    MARK_LENGTH,
    MARK_LENGTH_MIN,
    SAFE_MARGIN,
    SCALE_BAR,
    SCALE_LABEL_AT,
    SCALE_LABEL_DROP,
    SCALE_STROKE,
    SCALE_TICK,
    SHOP_GAP_MIN,
    MarkStyle,
    NoteSize,
    PageFurniture,
    PagePlan,
    Placement,
    Rect,
    Segment,
    Slot,
    mark_style,
    pad_to_multiple,
    saddle_stitch_order,
)
from .geometry import gutterfold_fold
from .pages import impose

__all__ = [
    "CLEAR",
    "LINE_CLEAR",
    "LINE_CLEAR_MIN",
    "MARK_GAP",
    "MARK_GAP_MIN",
    "MARK_LENGTH",
    "MARK_LENGTH_MIN",
    "SHOP_GAP_MIN",
    "SAFE_MARGIN",
    "SCALE_BAR",
    "SCALE_LABEL_AT",
    "SCALE_LABEL_DROP",
    "SCALE_STROKE",
    "SCALE_TICK",
    "MarkStyle",
    "NoteSize",
    "PageFurniture",
    "PagePlan",
    "Placement",
    "Rect",
    "Segment",
    "Slot",
    "gutterfold_fold",
    "impose",
    "mark_style",
    "pad_to_multiple",
    "saddle_stitch_order",
]
