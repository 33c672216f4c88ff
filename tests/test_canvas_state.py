"""ReportLab's state stack, as ``render.canvas_state`` saves it: what ``restoreState`` puts
back is what was there at the matching ``saveState``, nested, and the extended graphics
state set inside a save does not leak out of it."""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

import cutsheet.render  # noqa: F401  (installs the state stack)
from cutsheet.render import canvas_state


def _state(c: Canvas) -> dict[str, object]:
    return {name: c.__dict__[name] for name in Canvas.STATE_ATTRIBUTES if name != "_extgstate"}


def test_the_installed_stack_is_cutsheets() -> None:
    assert Canvas.push_state_stack is canvas_state.push_state_stack
    assert Canvas.pop_state_stack is canvas_state.pop_state_stack


def test_nested_saves_restore_each_state() -> None:
    c = Canvas(io.BytesIO())
    c.setFont("Helvetica", 9)
    c.setFillColorRGB(0.1, 0.2, 0.3)
    outer = _state(c)
    c.saveState()
    c.setFont("Courier", 14)
    c.setLineWidth(3)
    c.setDash(2, 2)
    c.translate(10, 20)
    inner = _state(c)
    c.saveState()
    c.setStrokeColorRGB(1, 0, 0)
    c.setLineCap(1)
    assert _state(c) != inner
    c.restoreState()
    assert _state(c) == inner
    c.restoreState()
    assert _state(c) == outer
    assert c._code[-1] == "Q" and c._code.count("q") == c._code.count("Q") == 2


def test_extended_state_set_inside_stays_inside() -> None:
    c = Canvas(io.BytesIO())
    before = c._extgstate
    c.saveState()
    c.setFillAlpha(0.5)
    assert c._extgstate is not before and c._extgstate.getValue("ca") == 0.5
    assert c._extgstate._c is before._c  # the names of the states written are shared
    c.restoreState()
    assert c._extgstate is before and before.getValue("ca") == 1
