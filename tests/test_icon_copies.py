"""A packaged icon's form, its operators copied from an earlier file's (``render.icons``):
the same form as drawn afresh, and a drawing that names a file's own resources is never
copied."""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from cutsheet.render import icons


def _form_code(name: str, fill: str, stroke: str) -> list[str]:
    c = Canvas(io.BytesIO())
    c.beginForm("f", -100, -100, 100, 100)
    c.setFillColor(fill)
    c.setStrokeColor(stroke)
    start = len(c._code)
    icons._draw_packaged(c, name, fill, stroke)
    code = list(c._code[start:])
    c.endForm()
    return code


def test_a_copied_icon_is_the_icon_drawn_afresh() -> None:
    key = ("bolt", "#123456", "#654321")
    icons._drawn.pop(key, None)
    first = _form_code(*key)
    assert icons._drawn[key] == tuple(first)  # kept: it names no resource of its file
    again = _form_code(*key)
    assert again == first
    icons._drawn.pop(key, None)
    c = Canvas(io.BytesIO())
    c.beginForm("f", -100, -100, 100, 100)
    start = len(c._code)
    c.setFillColor(key[1])
    c.setStrokeColor(key[2])
    icons.ICONS["bolt"](c, 0.0, 0.0, icons.FORM_SIZE)
    assert c._code[start + 2 :] == first  # ReportLab's own drawing of it


def test_a_drawing_that_names_a_resource_is_drawn_afresh(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    def with_text(c: Canvas, x: float, y: float, size: float) -> None:
        c.setFont("Helvetica", 10)
        c.drawString(x, y, "R")

    monkeypatch.setitem(icons.ICONS, "lettered", with_text)
    key = ("lettered", "#000000", "#000000")
    _form_code(*key)
    assert icons._drawn[key] is None  # its text names the file's font: never copied
    assert any(" Tf" in op for op in _form_code(*key))
    icons._drawn.pop(key, None)
