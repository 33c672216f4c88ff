"""Is any text run of a document block smaller than the profile allows? A style is never
(the profile's own sizes are checked where it is read), but markup can set a run smaller:
``<font size>``, ``<super>`` and ``<sub>``. Measured on the flowables the renderer draws."""

from __future__ import annotations

from collections.abc import Iterator

from reportlab.platypus import Flowable, Paragraph, Table
from reportlab.platypus.flowables import LIIndenter

from ..flow.diagrams import CardRowDiagram
from ..flow.figures import CardFigure
from ..measure import prints, smallest_run


def _paragraphs(g: object) -> Iterator[Paragraph]:
    """Every paragraph in ``g``: in a group, a list item, a table's cells, a row of cards,
    a card figure's labels."""
    if isinstance(g, Paragraph):
        yield g
    elif isinstance(g, LIIndenter):
        yield from _paragraphs(g._flowable)
    elif isinstance(g, Table):
        for row in g._cellvalues:
            for cell in row:
                for part in cell if isinstance(cell, list | tuple) else [cell]:
                    yield from _paragraphs(part)
    elif isinstance(g, CardRowDiagram):
        for label, mark in g.cards:
            yield label
            if mark is not None:
                yield mark
    elif isinstance(g, CardFigure):  # its labels, beside the card
        for label, _line in g.labels:
            yield label
    elif isinstance(g, Flowable):
        for part in getattr(g, "_content", None) or []:
            yield from _paragraphs(part)


def too_large(f: Flowable) -> str | None:
    """What of ``f`` markup sets larger than both its paragraph's style and the lines that
    style spaces (a run taller than its line prints over the lines around it), if anything:
    said as a card's text box says it."""
    for p in _paragraphs(f):
        style = p.style
        room = max(float(style.fontSize), float(style.leading))
        frags = getattr(p, "frags", None) or []  # the parsed runs (no line breaking needed)
        largest = max(
            (float(r.fontSize) for r in frags if prints(getattr(r, "text", ""))), default=0.0
        )
        if largest > room + 0.01:
            return (
                f"a text run is {largest:g} pt, larger than the {style.leading:g} pt its style"
                " spaces lines by: it prints over the lines around it (set it with a heading"
                " or a style of that size instead of <font size>)"
            )
    return None


def too_small(f: Flowable, least: float, profile: str) -> str | None:
    """What of ``f`` is set under ``least`` points (``profile``'s least size), if anything."""
    smallest = min((smallest_run(p) for p in _paragraphs(f)), default=float("inf"))
    if smallest < least:
        return (
            f"a text run is {smallest:g} pt, under the {profile} profile's {least:g} pt"
            " (<font size>, <super> and <sub> set text smaller than its style)"
        )
    return None
