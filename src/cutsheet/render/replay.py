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

A paragraph is remembered only as long as something else holds it (the measure caches, the
plan): one that is gone can never be drawn again, so its operators go with it. A 10,000-card
deck's unique paragraphs (each card's id) no longer stay, laid out, until the file is saved.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
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


class _Held(weakref.ref):  # type: ignore[type-arg]
    """A paragraph drawn in a file, held weakly, under the id it is known by."""

    __slots__ = ("key",)


Drawn = dict[int, tuple[_Held, list[str] | None]]


def _drawn(c: Canvas) -> tuple[Drawn, Callable[[_Held], None]]:
    """The canvas's drawings by paragraph id, and the callback that forgets a paragraph's
    drawing when the paragraph goes (its id may then be another's)."""
    found = c.__dict__.get("_cutsheet_drawn")
    if found is None:
        drawn: Drawn = {}

        def forget(held: _Held) -> None:
            known = drawn.get(held.key)
            if known is not None and known[0] is held:
                del drawn[held.key]

        found = c.__dict__["_cutsheet_drawn"] = (drawn, forget)
    return found  # type: ignore[no-any-return]


def draw_paragraph(c: Canvas, para: Paragraph, x: float, y: float) -> None:
    """``para.drawOn(c, x, y)``, with the operators of an earlier drawing of this very
    paragraph in this file copied instead when there was one (see the module's note)."""
    drawn, forget = _drawn(c)
    known = drawn.get(id(para))
    if known is not None and known[0]() is para and known[1] is not None:
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
    held = _Held(para, forget)
    held.key = id(para)
    drawn[held.key] = (held, ops)
