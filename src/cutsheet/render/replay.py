"""A paragraph drawn again in the same file: its operators written once, then copied.

ReportLab draws a flowable inside ``q 1 0 0 1 x y cm … Q``: what it writes between the
translation and the ``Q`` depends on the paragraph alone (its lines, fonts and colours, each
set afresh), never on where it goes. In one file a character keeps the code its font subset
gave it, so the same paragraph object drawn again writes the same operators. A deck repeats
most of its words ("DELIVERY", "WATER", "3"): each is laid out in lines and turned into
operators once per file, and copied after that.

Only a drawing that left nothing else behind is copied: one that placed a form or an image
(the page's resources name it), made a link (the page's annotations) or used a shading or
a graphics state is drawn afresh every time, as is one that wrote a marked-content id.
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

_REFUSED = (" Do", " gs", " sh", "MCID", "BI ")


def _traces(c: Canvas) -> tuple[int, ...]:
    """The sizes of what a drawing can leave on the page besides its operators."""
    return (
        len(c._formsinuse),  # type: ignore[attr-defined]
        len(c._annotationrefs),  # type: ignore[attr-defined]
        len(getattr(c, "_shadingUsed", ()) or ()),
        len(getattr(c, "_colorsUsed", ()) or ()),
    )


def draw_paragraph(c: Canvas, para: Paragraph, x: float, y: float) -> None:
    """``para.drawOn(c, x, y)``, with the operators of an earlier drawing of this very
    paragraph in this file copied instead when there was one (see the module's note)."""
    drawn: dict[int, tuple[Paragraph, list[str] | None]] = c.__dict__.setdefault(
        "_cutsheet_drawn", {}
    )
    known = drawn.get(id(para))
    if known is not None and known[0] is para and known[1] is not None:
        x = para._hAlignAdjust(x, 0)
        c.saveState()
        c.translate(x, y)
        c._code.extend(known[1])  # type: ignore[attr-defined]
        c.restoreState()
        return
    code: list[Any] = c._code  # type: ignore[attr-defined]
    start, traces = len(code), _traces(c)
    para.drawOn(c, x, y)
    ops = code[start + 2 : -1] if len(code) >= start + 3 else None
    if (
        ops is None
        or _traces(c) != traces
        or code[start] != "q"
        or code[-1] != "Q"
        or any(isinstance(op, str) and any(r in op for r in _REFUSED) for op in ops)
        or not all(isinstance(op, str) for op in ops)
    ):
        ops = None
    drawn[id(para)] = (para, ops)  # the paragraph is held: its id stays its own
