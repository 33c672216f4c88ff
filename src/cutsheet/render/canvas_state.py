"""ReportLab's graphics-state stack, each state saved and restored in fewer steps, and a
translation written in fewer steps (``translate``).

``Canvas.saveState`` copies some twenty attributes into a dict one by one, in Python, and
copies the ``ExtGState`` through its constructor; a build saves and restores the state some
28,000 times (every element of every face drawn, every flowable placed). Here a state is
the tuple of those attributes (one ``itemgetter`` call) and ``restoreState`` puts them back
from it; the ``ExtGState`` copy is the one ``pushCopy`` makes (its values copied, the names
of the states it has written shared). Only these two methods read ReportLab's stack, and
what they put back is what it would: every byte drawn is unchanged."""

from __future__ import annotations

from operator import itemgetter

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen import canvas as canvas_module
from reportlab.pdfgen.canvas import Canvas

_NAMES = tuple(Canvas.STATE_ATTRIBUTES)
_read = itemgetter(*_NAMES)
_new = object.__new__


def push_state_stack(self: Canvas) -> None:
    """``Canvas.push_state_stack``: the state's attributes onto the stack, and the canvas
    given its own copy of the extended graphics state."""
    self.state_stack.append(_read(self.__dict__))
    old = self._extgstate  # type: ignore[has-type]
    new = _new(type(old))
    new._d = old._d.copy()
    new._c = old._c
    self._extgstate = new


def pop_state_stack(self: Canvas) -> None:
    """``Canvas.pop_state_stack``: the attributes the matching push saved, put back."""
    self.__dict__.update(zip(_NAMES, self.state_stack.pop(), strict=True))


Canvas.push_state_stack = push_state_stack  # type: ignore[method-assign]
Canvas.pop_state_stack = pop_state_stack  # type: ignore[method-assign]


# ``Canvas.translate`` is ``transform(1, 0, 0, 1, dx, dy)``: a build translates some 11,000
# times (each flowable placed, each face in its slot). Unless it follows another ``cm`` (which
# ReportLab merges into that one: done by ``transform`` itself, as before), what it writes is
# ``1 0 0 1`` and the two numbers as ``fp_str`` writes them, and the matrix it tracks is the
# one ``transform`` works out, by the same arithmetic: written here without formatting the
# four constant numbers or reading the general case's branches.
_transform = Canvas.transform


def translate(self: Canvas, dx: float, dy: float) -> None:
    """``Canvas.translate``, the same operator and the same tracked matrix."""
    code = self._code  # type: ignore[attr-defined]
    if code and code[-1][-3:] == " cm":
        _transform(self, 1, 0, 0, 1, dx, dy)
        return
    if canvas_module.ENABLE_TRACKING:
        a0, b0, c0, d0, e0, f0 = self._currentMatrix  # type: ignore[has-type]
        self._currentMatrix = (
            a0 * 1 + c0 * 0,
            b0 * 1 + d0 * 0,
            a0 * 0 + c0 * 1,
            b0 * 0 + d0 * 1,
            a0 * dx + c0 * dy + e0,
            b0 * dx + d0 * dy + f0,
        )
    code.append(f"1 0 0 1 {fp_str(dx, dy)} cm")


Canvas.translate = translate  # type: ignore[method-assign]
