"""An icon drawn over part of a text box's words: a warning at the icon's box, as two text
boxes set over each other are (``checks.text_overlaps``).

What is compared is what prints: each line of the text where its alignment sets it (as wide
as its words, leading spaces left out) and the icon where it is drawn in its box (a packaged
icon a square as big as the box's shorter side, centred; a project's PNG its own shape,
centred; a project's SVG its box). Text set wholly on a badge (a circle, diamond or square
icon that holds it inside its drawn shape) is the design, and says nothing. A picture (an
``image`` box) under text is art the text is laid on, whole or in part: whether the text
reads on it is ``picture_contrast``'s to say, where a profile asks for contrast."""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import unquote

from reportlab.lib.units import mm as MM
from reportlab.pdfbase.pdfmetrics import stringWidth

from ..boxes.icon import IconElement
from ..boxes.text import TextElement
from ..diagnostics import Problem
from ..measure import face_name, wrapped
from .checks import OVERLAP_MM, fits_its_box, has_text, line_slack, text_rect
from .model import FacePlan
from .scale.badges import CIRCLE_DIAMETER, DIAMOND_SPAN

Rect = tuple[float, float, float, float]  # mm from the face's top left: left, top, right, bottom
BADGES = ("circle", "diamond", "square")
"""Packaged icons that are shapes a value is set on (see ``scale.badges``)."""


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
    (``render.icons.draw_icon``: a packaged icon square; a project's PNG as its pixels are;
    a project's SVG, whose shape is not read here, its whole box)."""
    box = pic.box
    w, h = box.w, box.h
    ratio = 1.0 if not pic.ref.startswith("@") else _aspect(unquote(pic.ref[1:]))
    if ratio is not None:  # width over height
        w, h = min(box.w, box.h * ratio), min(box.h, box.w / ratio)
    left, top = box.x + (box.w - w) / 2, box.y + (box.h - h) / 2
    return left, top, left + w, top + h


@lru_cache(maxsize=256)
def _aspect(path: str) -> float | None:
    """A project PNG icon's width over its height (read from its header); None for an SVG
    or a file that cannot be read (its whole box is counted)."""
    if path.lower().endswith(".svg"):
        return None
    try:
        from PIL import Image

        with Image.open(path) as image:
            w, h = image.size
    except (OSError, ValueError):
        return None
    return w / h if w > 0 and h > 0 else None


def _set_on(pic: IconElement, drawn: Rect, lines: list[Rect]) -> bool:
    """Whether every line lies wholly inside a badge's shape as drawn (a circle 0.9 of its
    square, a diamond 0.76 wide, a square); never on any other icon (a drop, a star)."""
    corners = [(x, y) for r in lines for x in (r[0], r[2]) for y in (r[1], r[3])]
    cx, cy = (drawn[0] + drawn[2]) / 2, (drawn[1] + drawn[3]) / 2
    side = drawn[2] - drawn[0]
    if pic.icon == "square":
        return all(drawn[0] <= x <= drawn[2] and drawn[1] <= y <= drawn[3] for x, y in corners)
    if pic.icon == "circle":
        r = side * CIRCLE_DIAMETER / 2
        return all((x - cx) ** 2 + (y - cy) ** 2 <= r * r for x, y in corners)
    if pic.icon == "diamond":
        a, b = side * DIAMOND_SPAN[0] / 2, (drawn[3] - drawn[1]) * DIAMOND_SPAN[1] / 2
        return all(abs(x - cx) / a + abs(y - cy) / b <= 1 for x, y in corners)
    return False


def _line_rects(el: TextElement) -> list[Rect]:
    """Each line of a text box as set: as wide as its words (leading no-break spaces, an
    indent, left out), where the alignment puts it, one leading tall."""
    para, _height = wrapped(el.markup, el.style, el.box.style, *el.avail)
    left0, top, _right, _bottom = text_rect(el)
    room, lead = el.avail[0], el.style.leading / MM
    share = {"left": 0.0, "center": 0.5, "right": 1.0}.get(el.style.align, 0.0)
    rects = []
    for i, line in enumerate(para.blPara.lines):
        slack = line_slack(line)
        indent = _indent(line, el)
        x = left0 + (slack * share + indent) / MM
        y = top + i * lead
        rects.append((x, y, left0 + (slack * share + room - slack) / MM, y + lead))
    return rects


def _indent(line: object, el: TextElement) -> float:
    """Points of no-break spaces a line starts with (an indent made of ``&nbsp;``)."""
    words = line[1] if isinstance(line, tuple) else getattr(line, "words", [])
    if not words:
        return 0.0
    first = words[0]
    text = first if isinstance(first, str) else getattr(first, "text", "")
    lead = len(text) - len(text.lstrip("\xa0"))
    if not lead:
        return 0.0
    font = getattr(first, "fontName", None) or face_name(el.style.font)
    size = getattr(first, "fontSize", None) or el.style.size
    return float(stringWidth("\xa0" * lead, font, size))
