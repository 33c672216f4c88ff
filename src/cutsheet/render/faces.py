"""Drawing a planned face: every element through its kind's ``draw``, nothing decided here."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..boxes import KINDS, Element
from ..plan.model import FacePlan
from .pen import CanvasPen
from .tagging import Tagger

EDGE = 0.01  # mm: a box this close to the face's edge touches the trim


def _reach(el: Element, face: FacePlan, bleed: float) -> tuple[float, float, float, float]:
    """The box of ``el`` in mm from the face's bottom-left; a filled shape that touches the
    trim reaches on into the bleed, so a small cutting error shows its colour, not paper."""
    box = el.box
    x, y, w, h = box.x, face.height_mm - box.y - box.h, box.w, box.h
    if bleed <= 0 or not box.traits.reaches_bleed or not el.fill:
        return x, y, w, h
    left, bottom = x <= EDGE, y <= EDGE
    right, top = x + w >= face.width_mm - EDGE, y + h >= face.height_mm - EDGE
    x, y = x - bleed * left, y - bleed * bottom
    return x, y, w + bleed * (left + right), h + bleed * (bottom + top)


def draw_face(
    c: Canvas,
    face: FacePlan,
    x_mm: float,
    y_mm: float,
    tagger: Tagger | None = None,
    bleed: float = 0.0,
    rotation: int = 0,
) -> None:
    """Draw a planned face with its trim's bottom-left corner at (x_mm, y_mm) on the page,
    turned by ``rotation`` degrees about its centre. Text is tagged (the title as a heading),
    shapes are artifacts, when a tagger is given."""
    pen = CanvasPen(c, tagger or Tagger(False))
    if rotation:
        c.saveState()
        c.translate((x_mm + face.width_mm / 2) * mm, (y_mm + face.height_mm / 2) * mm)
        c.rotate(rotation)
        x_mm, y_mm = -face.width_mm / 2, -face.height_mm / 2
    for el in face.elements:
        x, y, w, h = _reach(el, face, bleed)
        bx, by, bw, bh = (x_mm + x) * mm, (y_mm + y) * mm, w * mm, h * mm
        c.saveState()
        c.setLineWidth(el.box.stroke_width)
        if el.box.dash:
            c.setDash(2, 2)
        KINDS[el.box.kind].draw(pen, el, bx, by, bw, bh)
        c.restoreState()
    if rotation:
        c.restoreState()
