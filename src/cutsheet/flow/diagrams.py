"""Drawn parts of a flowing document: rows of numbered tick boxes, card-sized spaces to lay
cards on and a row of small cards. Each draws plain shapes; the renderer marks them as
artifacts (``render/documents.py``)."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph

from .checkboxes import CheckLayout
from .tables import HEADER_FILL


class CheckBoxes(Flowable):
    """Numbered tick boxes, drawn as vector squares (no glyph needed), where the plan's
    ``CheckLayout`` puts them: each number just left of its box, vertically centred on it."""

    def __init__(self, layout: CheckLayout, font: str, size: float) -> None:
        super().__init__()
        self.layout, self.font, self.size = layout, font, size

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        return self.layout.width, self.layout.box

    def draw(self) -> None:
        c, lay = self.canv, self.layout
        c.setLineWidth(0.8)
        c.setFont(self.font, self.size)
        for i, x in enumerate(lay.numbers):
            c.drawString(x, lay.box / 2 - self.size * 0.35, str(i + 1))
        for x in lay.boxes:
            c.rect(x, 0, lay.box, lay.box, stroke=1, fill=0)


class CardSpaces(Flowable):
    """Dashed card-sized frames with a label above each, to lay cards on."""

    def __init__(
        self, labels: Sequence[str], size_mm: tuple[float, float], font: str, size: float
    ) -> None:
        super().__init__()
        self.labels, self.w_mm, self.h_mm, self.font, self.size = labels, *size_mm, font, size
        self.gap = 10 * mm

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        n = len(self.labels)
        return n * self.w_mm * mm + (n - 1) * self.gap, self.h_mm * mm + self.size * 1.6

    def draw(self) -> None:
        c = self.canv
        for i, label in enumerate(self.labels):
            x = i * (self.w_mm * mm + self.gap)
            c.setDash(4, 3)
            c.setLineWidth(1)
            c.roundRect(x, 0, self.w_mm * mm, self.h_mm * mm, 2.5 * mm, stroke=1, fill=0)
            c.setDash()
            c.setFont(self.font, self.size)
            c.drawString(x, self.h_mm * mm + self.size * 0.5, label)


class CardRowDiagram(Flowable):
    """Small card outlines in a row, each with its label; marked cards carry a ticket tab.
    The outlines and tabs are shapes; the labels and marks are paragraphs."""

    def __init__(
        self, cards: Sequence[tuple[Paragraph, Paragraph | None]], width_mm: float = 24
    ) -> None:
        super().__init__()
        self.cards = cards
        self.w = width_mm * mm
        self.h = width_mm * 88 / 63 * mm
        self.gap = 4 * mm
        self.tab = 9 * mm

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        n = len(self.cards)
        self.w = min(self.w, (aw - (n - 1) * self.gap) / max(n, 1))
        self.h = self.w * 88 / 63
        return n * self.w + (n - 1) * self.gap, self.h + self.tab + 2 * mm

    def draw(self) -> None:
        self.draw_outlines()
        c = self.canv
        for i, (label, mark) in enumerate(self.cards):
            x = i * (self.w + self.gap)
            _, lh = label.wrap(self.w - 2 * mm, self.h)
            label.drawOn(c, x + 1 * mm, (self.h - lh) / 2)
            if mark is not None:
                _, mh = mark.wrap(self.w - 3 * mm, self.tab)
                mark.drawOn(c, x + 1.5 * mm, self.h + 1 * mm + (self.tab - mh) / 2)

    def draw_outlines(self) -> None:
        """The cards' outlines and the marked cards' tabs."""
        c = self.canv
        for i, (_label, mark) in enumerate(self.cards):
            x = i * (self.w + self.gap)
            c.setLineWidth(1)
            c.roundRect(x, 0, self.w, self.h, 1.5 * mm, stroke=1, fill=0)
            if mark is not None:
                c.setFillColor(HEADER_FILL)
                c.roundRect(
                    x + 1 * mm, self.h + 1 * mm, self.w - 2 * mm, self.tab, 1 * mm, stroke=1, fill=1
                )
                c.setFillColor(colors.black)
