"""Is any text run of a document block smaller than the profile allows? A style is never
(the profile's own sizes are checked where it is read), but markup can set a run smaller:
``<font size>``, ``<super>`` and ``<sub>``. Measured on the flowables the renderer draws."""

from __future__ import annotations

from collections.abc import Iterator

from reportlab.platypus import Flowable, Paragraph, Table
from reportlab.platypus.flowables import LIIndenter

from ..flow.diagrams import CardRowDiagram
from ..flow.figures import CardFigure
from ..measure import smallest_run


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


def too_small(f: Flowable, least: float, profile: str) -> str | None:
    """What of ``f`` is set under ``least`` points (``profile``'s least size), if anything."""
    smallest = min((smallest_run(p) for p in _paragraphs(f)), default=float("inf"))
    if smallest < least:
        return (
            f"a text run is {smallest:g} pt, under the {profile} profile's {least:g} pt"
            " (<font size>, <super> and <sub> set text smaller than its style)"
        )
    return None
