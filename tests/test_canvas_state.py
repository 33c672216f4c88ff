"""ReportLab's state stack, as ``render.canvas_state`` saves it: what ``restoreState`` puts
back is what was there at the matching ``saveState``, nested, and the extended graphics
state set inside a save does not leak out of it. A translation is written as ReportLab
writes it."""

from __future__ import annotations

import io

from hypothesis import given
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

import cutsheet.render  # noqa: F401  (installs the state stack)
from cutsheet.render import canvas_state

NUMBER = st.one_of(
    st.integers(-1000, 1000),
    st.floats(min_value=-1e5, max_value=1e5, allow_nan=False).map(lambda x: round(x, 6)),
)


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


STEP = st.one_of(
    st.tuples(st.just("translate"), NUMBER, NUMBER),
    st.tuples(st.just("scale"), NUMBER.filter(bool), NUMBER.filter(bool)),
    st.tuples(st.just("rotate"), st.integers(-360, 360)),
    st.tuples(st.just("saveState")),
    st.tuples(st.just("restoreState")),
    st.tuples(st.just("line"), NUMBER, NUMBER, NUMBER, NUMBER),
)


def _run(steps: list[tuple[object, ...]], translate: object) -> tuple[list[str], object]:
    c = Canvas(io.BytesIO())
    depth = 0
    for name, *args in steps:
        if name == "restoreState":
            if not depth:
                continue
            depth -= 1
        elif name == "saveState":
            depth += 1
        if name == "translate":
            translate(c, *args)  # type: ignore[operator]
        else:
            getattr(c, str(name))(*args)
    return list(c._code), c._currentMatrix  # type: ignore[attr-defined]


@given(st.lists(STEP, max_size=30))
def test_a_translation_writes_and_tracks_what_reportlabs_does(steps) -> None:
    """``translate`` writes the operator ReportLab's ``transform(1, 0, 0, 1, dx, dy)`` writes
    (merged into a ``cm`` just before it, as ReportLab merges) and tracks the same matrix."""
    assert Canvas.translate is canvas_state.translate
    mine = _run(steps, Canvas.translate)
    theirs = _run(steps, lambda c, dx, dy: canvas_state._transform(c, 1, 0, 0, 1, dx, dy))
    assert mine == theirs
