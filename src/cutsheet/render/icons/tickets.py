"""Icons of tickets and cards: a ticket, tickets swapped or replaced, cards trading places."""

from __future__ import annotations

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

from .paths import arc_arrow, line_arrow, person_path, ticket_path


def ticket(c: Canvas, x: float, y: float, s: float) -> None:
    p = c.beginPath()
    ticket_path(p, x, y, s * 0.92, s * 0.52)
    c.drawPath(p, stroke=1, fill=1, fillMode=FILL_EVEN_ODD)


def ticket_swap(c: Canvas, x: float, y: float, s: float) -> None:
    """Two tickets side by side over a pair of opposite arrows: swap two tickets."""
    p = c.beginPath()
    ticket_path(p, x - s * 0.26, y + s * 0.24, s * 0.4, s * 0.34, holes=False)
    ticket_path(p, x + s * 0.26, y + s * 0.24, s * 0.4, s * 0.34, holes=False)
    line_arrow(p, x - s * 0.42, y - s * 0.1, x + s * 0.46, y - s * 0.1, s * 0.09, s * 0.22)
    line_arrow(p, x + s * 0.42, y - s * 0.36, x - s * 0.46, y - s * 0.36, s * 0.09, s * 0.22)
    c.drawPath(p, stroke=1, fill=1, fillMode=FILL_EVEN_ODD)


def ticket_swap_own(c: Canvas, x: float, y: float, s: float) -> None:
    """One big ticket with a person on it (yours) over a pair of opposite arrows."""
    p = c.beginPath()
    ticket_path(p, x, y + s * 0.2, s * 0.8, s * 0.5, holes=False)
    person_path(p, x, y + s * 0.19, s * 0.36)
    line_arrow(p, x - s * 0.42, y - s * 0.16, x + s * 0.46, y - s * 0.16, s * 0.09, s * 0.22)
    line_arrow(p, x + s * 0.42, y - s * 0.4, x - s * 0.46, y - s * 0.4, s * 0.09, s * 0.22)
    c.drawPath(p, stroke=1, fill=1, fillMode=FILL_EVEN_ODD)


def card_swap(c: Canvas, x: float, y: float, s: float) -> None:
    """Two upright cards trading places: an arrow over the top from the left card to the
    right one, and one under the bottom back again."""
    cards = c.beginPath()
    for side in (-1, 1):
        cards.roundRect(x + side * s * 0.25 - s * 0.13, y - s * 0.18, s * 0.26, s * 0.36, s * 0.04)
    c.drawPath(cards, stroke=1, fill=1, fillMode=FILL_EVEN_ODD)
    arrows = c.beginPath()
    arc_arrow(arrows, x, y + s * 0.2, s * 0.25, 150, 42, s * 0.09, s * 0.18)
    arc_arrow(arrows, x, y - s * 0.2, s * 0.25, -30, -138, s * 0.09, s * 0.18)
    c.drawPath(arrows, stroke=1, fill=1, fillMode=FILL_EVEN_ODD)


def ticket_in(c: Canvas, x: float, y: float, s: float) -> None:
    """A ticket going down into a place that is already taken, pushing the other one out
    sideways: replace a ticket."""
    p = c.beginPath()
    ticket_path(p, x - s * 0.12, y + s * 0.3, s * 0.56, s * 0.34, holes=False)
    line_arrow(p, x - s * 0.12, y + s * 0.1, x - s * 0.12, y - s * 0.24, s * 0.1, s * 0.24)
    p.rect(x - s * 0.46, y - s * 0.46, s * 0.68, s * 0.08)  # the place
    line_arrow(p, x + s * 0.08, y - s * 0.12, x + s * 0.48, y - s * 0.12, s * 0.08, s * 0.2)
    c.drawPath(p, stroke=1, fill=1, fillMode=FILL_EVEN_ODD)
