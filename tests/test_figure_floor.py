"""A card figure's floor (the smallest scale it may be drawn at to make room for its labels)
comes from the smallest text its face prints as set: a ``<font size>`` run under its box's
style counts, so the card is not shrunk until that run is under the profile's least size
(a review found a 5.5 pt run in a 20 pt style printed at 2.75 pt, with no error)."""

from __future__ import annotations

from cutsheet.boxes.base import Box
from cutsheet.boxes.text import TextElement
from cutsheet.diagnostics import Loc
from cutsheet.measure import TextStyle
from cutsheet.plan.documents import _smallest_text
from cutsheet.plan.model import FacePlan


def _face(markup: str) -> FacePlan:
    box = Box(name="title", kind="text", x=3, y=3, w=57, h=20, loc=Loc("layouts/x.yaml", 1, 1))
    style = TextStyle(size=20.0, leading=24.0)
    element = TextElement(
        box=box,
        fill=None,
        stroke=None,
        markup=markup,
        style=style,
        avail=(57 * 2.835, 20 * 2.835),
        height=24.0,
    )
    return FacePlan(63, 88, (element,), (markup,))


def test_a_smaller_run_sets_the_faces_smallest_text():
    assert _smallest_text(_face("Big title")) == 20.0
    assert _smallest_text(_face('Big <font size="5.5">tiny</font>')) == 5.5


def test_a_face_without_text_has_none():
    assert _smallest_text(FacePlan(63, 88, (), ())) == 0.0


def _said(width_mm: float, height_mm: float, labels: int, frame_mm: float) -> str | None:
    """``small_figure``'s words for a card ``width_mm`` x ``height_mm`` whose smallest text
    is 7 pt (standard's least is 5.5), with ``labels`` labels, on a page ``frame_mm`` wide."""
    from types import SimpleNamespace

    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph

    from cutsheet.flow.blocks import FigureLabel
    from cutsheet.flow.figures import CardFigure
    from cutsheet.plan.page_widths import small_figure

    face = SimpleNamespace(width_mm=width_mm, height_mm=height_mm)
    style = ParagraphStyle("label", fontName="Helvetica", fontSize=10, leading=12)
    label = FigureLabel("Name", (width_mm, 10.0), 10.0, (0.0, 5.0, width_mm, 10.0))
    figure = CardFigure(face, [(Paragraph("Name", style), label)] * labels, least=5.5 / 7)
    return small_figure(figure, [("A4 page", frame_mm * mm, 250 * mm, 0.0)], 5.5, "standard")


def test_the_figure_error_says_what_took_the_room():
    """The labels' column, the card's width, or the 150 mm height cap (review)."""
    assert _said(63, 88, 2, 119.7) is None  # it fits at 100 %
    assert _said(80, 88, 2, 119.7) is None  # shrunk to 97 %: its text stays over 5.5 pt
    labels = _said(110, 88, 2, 119.7)  # 110 mm + 42 mm of labels: the labels took it
    assert labels is not None and "its labels need 42 mm beside the card" in labels
    wide = _said(200, 100, 0, 119.7)  # wider than the text block at its least size
    assert wide is not None and "the card is wider than the page's text block" in wide
    tall = _said(60, 200, 2, 119.7)  # 200 mm at its least size is still over the cap
    assert tall is not None and "a card figure is drawn at most 150 mm tall" in tall
