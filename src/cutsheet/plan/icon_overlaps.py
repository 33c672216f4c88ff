"""An icon drawn over part of a text box's words: a warning at the icon's box, as two text
boxes set over each other are (``checks.text_overlaps``).

What is compared is what prints: each line of the text where its alignment sets it (as wide
as its words, leading spaces left out) and the icon where it is drawn in its box (a packaged
icon a square as big as the box's shorter side, centred; a project's PNG its own shape,
centred; a project's SVG the bounds of its shapes, as placed). Text set wholly on a badge (a circle, diamond or square
icon that holds it inside its drawn shape) is the design, and says nothing. A picture (an
``image`` box) under text is art the text is laid on, whole or in part: whether the text
reads on it is ``picture_contrast``'s to say, where a profile asks for contrast."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote

from reportlab.lib.units import mm as MM

from ..boxes.icon import IconElement
from ..boxes.text import TextElement
from ..diagnostics import Problem
from ..measure import face_name, string_width, wrapped
from .checks import OVERLAP_MM, fits_its_box, has_text, line_slack, text_rect
from .model import FacePlan
from .scale.badges import CIRCLE_DIAMETER, DIAMOND_SPAN, INK_ASCENT, INK_DESCENT

if TYPE_CHECKING:
    from PIL import Image
    from reportlab.graphics.shapes import Drawing

Rect = tuple[float, float, float, float]  # mm from the face's top left: left, top, right, bottom
BADGE_SPANS = {  # of its square, how wide and tall each badge's shape is drawn (icons/shapes.py)
    "circle": (CIRCLE_DIAMETER, CIRCLE_DIAMETER),
    "diamond": DIAMOND_SPAN,
    "square": (0.8, 0.8),
}
BLANK = " \xa0"  # spaces a line may start or end with
Shape = tuple[float, tuple[float, float, float, float]]  # width over height, ink in fractions
_SQUARE: Shape = (1.0, (0.0, 0.0, 1.0, 1.0))  # a packaged icon: drawn square, its whole box


def icon_overlaps(face: FacePlan, label: str, profile: str) -> list[Problem]:
    """A warning at an icon's box for each text box one of whose lines it lies over by
    ``OVERLAP_MM`` or more both ways, unless the text is set wholly on it as on a badge (a
    value on its circle): the two print over each other."""
    texts = [el for el in face.elements if has_text(el) and fits_its_box(el)]
    problems = []
    for pic in face.elements:
        if not isinstance(pic, IconElement):
            continue
        drawn = _drawn(pic)
        for text in texts:
            if _apart(drawn, text_rect(text)):
                continue  # its lines are nowhere near: none measured
            lines = _line_rects(text)
            if not lines or _set_on(pic, drawn, lines):
                continue
            met = [r for r in lines if min(_overlap(drawn, r)) >= OVERLAP_MM]
            if not met:
                continue  # beside the words of each line, or touching them by less
            wide = max(_overlap(drawn, r)[0] for r in met)
            tall = min(drawn[3], met[-1][3]) - max(drawn[1], met[0][1])
            problems.append(
                Problem(
                    pic.box.loc,
                    f"box '{pic.box.name}': its icon lies over the text of box"
                    f" '{text.box.name}' ({wide:.1f} × {tall:.1f} mm, {profile} profile), and"
                    " the two print over each other; move or shrink one",
                    "warning",
                    subject=label,
                    code="overlap",
                )
            )
    return problems


def _apart(a: Rect, b: Rect) -> bool:
    return (
        min(a[2], b[2]) - max(a[0], b[0]) < OVERLAP_MM
        or min(a[3], b[3]) - max(a[1], b[1]) < OVERLAP_MM
    )


def _overlap(a: Rect, b: Rect) -> tuple[float, float]:
    return max(min(a[2], b[2]) - max(a[0], b[0]), 0.0), max(min(a[3], b[3]) - max(a[1], b[1]), 0.0)


def _drawn(pic: IconElement) -> Rect:
    """Where the icon prints in its box: centred, its own shape, as big as the box lets it
    (``render.icons.draw_icon``: a packaged icon square; a project's as its drawing is, a
    PNG's transparent margins left out)."""
    box = pic.box
    w, h = box.w, box.h
    shape = _SQUARE if not pic.ref.startswith("@") else _shape(unquote(pic.ref[1:]))
    if shape is None:  # unread: its whole box
        return box.x, box.y, box.x + w, box.y + h
    ratio, (fl, ft, fr, fb) = shape  # width over height; its ink, in fractions of it
    w, h = min(box.w, box.h * ratio), min(box.h, box.w / ratio)
    left, top = box.x + (box.w - w) / 2, box.y + (box.h - h) / 2
    return left + fl * w, top + ft * h, left + fr * w, top + fb * h


@lru_cache(maxsize=256)
def _shape(path: str) -> Shape | None:
    """A project icon's width over its height (an SVG's drawing, a PNG's pixels) and where
    its ink lies in it (a PNG's opaque pixels; the bounds of an SVG's shapes); None for a
    file that cannot be read (its whole box is counted)."""
    try:
        if path.lower().endswith(".svg"):
            from ..symbols import svg_drawing

            drawing = svg_drawing(path, Path(path).stat().st_mtime_ns)
            w, h = float(drawing.width), float(drawing.height)
            ink = _drawn_shapes(drawing, w, h)
        else:
            from PIL import Image

            with Image.open(path) as image:
                w, h = image.size
                ink = _opaque(image, w, h)
    except (OSError, ValueError):
        return None
    return (w / h, ink) if w > 0 and h > 0 else None


def _drawn_shapes(drawing: Drawing, w: float, h: float) -> tuple[float, float, float, float]:
    """Where an SVG's visible shapes lie in its drawing (``_ink_bounds``), in fractions of it
    from its top left (the drawing's own coordinates run up from its bottom left); all of
    it when it has none. Their bounds leave out half a stroke's width, a hair beside an
    icon's size."""
    try:
        bounds = _ink_bounds(drawing)
    except (TypeError, ValueError, ZeroDivisionError, AttributeError):  # no shape to bound
        bounds = None
    if bounds is None:
        return 0.0, 0.0, 1.0, 1.0
    x0, y0, x1, y1 = bounds
    left, right = max(x0 / w, 0.0), min(x1 / w, 1.0)
    top, bottom = max((h - y1) / h, 0.0), min((h - y0) / h, 1.0)
    if not (left < right and top < bottom):
        return 0.0, 0.0, 1.0, 1.0
    return left, top, right, bottom


def _ink_bounds(node: object) -> tuple[float, float, float, float] | None:
    """The bounds of what a drawing's shapes paint, as ``Group.getBounds`` gives them but
    leaving out a shape with neither fill nor stroke (an icon set's invisible square,
    ``fill="none"``, that gives every icon its size); None when nothing is painted."""
    from reportlab.graphics.shapes import (
        Group,
        LineShape,
        SolidShape,
        getPointsBounds,
        getRectsBounds,
        transformPoint,
    )

    if isinstance(node, Group):
        rects = [r for r in (_ink_bounds(c) for c in node.contents) if r is not None]
        if not rects:
            return None
        x0, y0, x1, y1 = getRectsBounds(rects)
        corners = [(x0, y0), (x0, y1), (x1, y0), (x1, y1)]
        return getPointsBounds([transformPoint(node.transform, c) for c in corners])
    stroked = getattr(node, "strokeColor", None) is not None and getattr(node, "strokeWidth", 1)
    if isinstance(node, SolidShape):  # (a LineShape too: filled, or stroked, or nothing)
        painted = getattr(node, "fillColor", None) is not None or stroked
    else:  # a line is its stroke; a string, an image, something else: what it draws
        painted = not isinstance(node, LineShape) or stroked
    return node.getBounds() if painted else None  # type: ignore[attr-defined]


def _opaque(image: Image.Image, w: float, h: float) -> tuple[float, float, float, float]:
    """Where a PNG's pixels that are not wholly transparent lie, in fractions of it (all of
    it for one without transparency, or with none opaque)."""
    if image.mode not in ("RGBA", "LA", "PA") and "transparency" not in image.info:
        return 0.0, 0.0, 1.0, 1.0
    box = image.convert("RGBA").getchannel("A").getbbox()
    if box is None:
        return 0.0, 0.0, 1.0, 1.0
    return box[0] / w, box[1] / h, box[2] / w, box[3] / h


def _set_on(pic: IconElement, drawn: Rect, lines: list[Rect]) -> bool:
    """Whether the text's ink is set on a badge: within the bounds of its shape as drawn (a
    circle 0.9 of its square, a diamond 0.76 wide and as tall as it, a square 0.8), its
    middle inside the shape; never on any other icon (a drop, a star). A bounding box's
    corner may pass a diamond's edge where the glyphs do not: what is said is a value set
    past the shape's bounds, over its rim."""
    span = BADGE_SPANS.get(pic.icon)
    if span is None:
        return False
    cx, cy = (drawn[0] + drawn[2]) / 2, (drawn[1] + drawn[3]) / 2
    a, b = (drawn[2] - drawn[0]) * span[0] / 2, (drawn[3] - drawn[1]) * span[1] / 2
    left, top = min(r[0] for r in lines), min(r[1] for r in lines)
    right, bottom = max(r[2] for r in lines), max(r[3] for r in lines)
    if left < cx - a or right > cx + a or top < cy - b or bottom > cy + b:
        return False
    mx, my = (left + right) / 2 - cx, (top + bottom) / 2 - cy
    if pic.icon == "diamond":
        return abs(mx) / a + abs(my) / b <= 1
    return (mx / a) ** 2 + (my / b) ** 2 <= 1 if pic.icon == "circle" else True


def lines_meet(a: TextElement, b: TextElement) -> tuple[float, float] | None:
    """How far (mm across, mm down) the lines of two text boxes lie over each other at most,
    line against line (``_line_rects``); None when no two meet by ``OVERLAP_MM`` both ways.
    For ``checks.text_overlaps``, where a box's lines hang (a list's items)."""
    met = [
        _overlap(ra, rb)
        for ra in _line_rects(a)
        for rb in _line_rects(b)
        if min(_overlap(ra, rb)) >= OVERLAP_MM
    ]
    return (max(w for w, _ in met), max(t for _, t in met)) if met else None


def _line_rects(el: TextElement) -> list[Rect]:
    """Each line's ink as set: as wide as its words (no-break spaces before or after them,
    an indent or a gap, left out), where the alignment puts it (a list item's hung line at
    its offset, ``hanging_items``); from its capitals to its descenders (a size below the
    line's top is its baseline: ``scale.badges``)."""
    para, _height = wrapped(el.markup, el.style, el.box.style, *el.avail)
    left0, top, _right, _bottom = text_rect(el)
    room, lead, size = el.avail[0], el.style.leading / MM, el.style.size / MM
    share = {"left": 0.0, "center": 0.5, "right": 1.0}.get(el.style.align, 0.0)
    offsets = getattr(para, "_offsets", None) or [0.0]
    rects = []
    for i, line in enumerate(para.blPara.lines):
        slack = line_slack(line)
        before, after = _blank_ends(line, el)
        off = offsets[min(i, len(offsets) - 1)]
        x0 = left0 + (off + slack * share + before) / MM
        x1 = left0 + (off + slack * share + room - off - slack - after) / MM
        y = top + i * lead
        if x1 > x0:
            rects.append((x0, y + (1 - INK_ASCENT) * size, x1, y + (1 + INK_DESCENT) * size))
    return rects


def _blank_ends(line: object, el: TextElement) -> tuple[float, float]:
    """Points of spaces (no-break ones: ``&nbsp;``) a line starts and ends with."""
    words = line[1] if isinstance(line, tuple) else getattr(line, "words", [])
    texts = [w if isinstance(w, str) else getattr(w, "text", "") for w in words]
    # a plain line's words are drawn a space apart; a line of runs (FragLine) holds its
    # spaces in its runs' text, each no-break space a run of its own
    text = (" " if isinstance(line, tuple) else "").join(texts)
    if not text.strip(BLANK):
        return 0.0, 0.0
    first = words[0] if words else None
    font = getattr(first, "fontName", None) or face_name(el.style.font)
    size = getattr(first, "fontSize", None) or el.style.size
    lead = text[: len(text) - len(text.lstrip(BLANK))]
    trail = text[len(text.rstrip(BLANK)) :]
    return string_width(lead, font, size), string_width(trail, font, size)
