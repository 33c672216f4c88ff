"""ReportLab's graphics-state stack, each state saved and restored in fewer steps.

``Canvas.saveState`` copies some twenty attributes into a dict one by one, in Python, and
copies the ``ExtGState`` through its constructor; a build saves and restores the state some
28,000 times (every element of every face drawn, every flowable placed). Here a state is
the tuple of those attributes (one ``itemgetter`` call) and ``restoreState`` puts them back
from it; the ``ExtGState`` copy is the one ``pushCopy`` makes (its values copied, the names
of the states it has written shared). Only these two methods read ReportLab's stack, and
what they put back is what it would: every byte drawn is unchanged."""

from __future__ import annotations

from operator import itemgetter

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
