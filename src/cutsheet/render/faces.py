"""Drawing a planned face: every element through its kind's ``draw``, nothing decided here."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..boxes import KINDS
from ..plan.model import FacePlan
from .pen import CanvasPen
from .tagging import Tagger


def draw_face(
    c: Canvas, face: FacePlan, x_mm: float, y_mm: float, tagger: Tagger | None = None
) -> None:
    """Draw a planned face with its bottom-left corner at (x_mm, y_mm) on the page. Text is
    tagged (the title as a heading), shapes are artifacts, when a tagger is given."""
    pen = CanvasPen(c, tagger or Tagger(False))
    height = face.height_mm
    for el in face.elements:
        box = el.box
        bx = (x_mm + box.x) * mm
        by = (y_mm + height - box.y - box.h) * mm
        bw, bh = box.w * mm, box.h * mm
        c.saveState()
        c.setLineWidth(box.stroke_width)
        if box.dash:
            c.setDash(2, 2)
        KINDS[box.kind].draw(pen, el, bx, by, bw, bh)
        c.restoreState()
