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
