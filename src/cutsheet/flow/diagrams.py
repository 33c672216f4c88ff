"""Drawn parts of a flowing document: rows of numbered tick boxes, card-sized spaces to lay
cards on and a row of small cards. Each draws plain shapes; the renderer marks them as
artifacts (``render/documents.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph

from .checkboxes import CheckLayout
from .frames import FRAME_PADDING, INK_MM, LEAST_SIDE_MM
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


class CheckNumbers(Flowable):
    """The numbers of a column's tick boxes, each centred over its box, set under the column's
    header when the boxes have no room for them beside (large print): ``centres`` are the
    boxes' centres in points from this flowable's left."""

    def __init__(self, centres: Sequence[float], font: str, size: float) -> None:
        super().__init__()
        self.centres, self.font, self.size = tuple(centres), font, size

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        return aw, self.size * 1.2

    def draw(self) -> None:
        c = self.canv
        c.setFont(self.font, self.size)
        for i, x in enumerate(self.centres):
            c.drawCentredString(x, self.size * 0.3, str(i + 1))


GAP_MM = 10.0  # between two card spaces, where the page has room


class CardSpaces(Flowable):
    """Dashed card-sized frames with a label above each, to lay cards on: in one row, or in
    rows under one another where the frame is too narrow for them all."""

    def __init__(
        self, labels: Sequence[str], size_mm: tuple[float, float], font: str, size: float
    ) -> None:
        super().__init__()
        self.labels, self.w_mm, self.h_mm, self.font, self.size = labels, *size_mm, font, size
        self.gap = GAP_MM * mm
        self.per_row = len(labels)

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        """The spaces set ``aw`` wide: the gap between spaces worked out from the full gap each
        time (the plan sets one flowable on every page in turn; a gap closed up for a narrow
        page would otherwise make the row look narrower on the next, wider one)."""
        n, w = len(self.labels), self.w_mm * mm
        per = next((k for k in range(n, 1, -1) if self._gap(k, aw) is not None), 1)
        self.per_row, self.gap = per, self._gap(per, aw) or GAP_MM * mm
        rows = -(-n // per)
        return per * w + (per - 1) * self.gap, rows * self.row_h - SPACE_ROW_GAP_MM * mm

    def _gap(self, k: int, aw: float) -> float | None:
        """The gap between ``k`` spaces in a row ``aw`` wide: the full gap, or closed up to fit
        (large cards: two jumbo spaces), or (at least ``CLOSED_GAP_MM``) running as far into
        the margin as a block may (``OVERHANG``); None when ``k`` do not fit so."""
        w = self.w_mm * mm
        room = (aw - k * w) / (k - 1) if k > 1 else 0.0
        gap = room if CLOSED_GAP_MM * mm <= room < GAP_MM * mm else GAP_MM * mm
        for tried in (gap, CLOSED_GAP_MM * mm):
            if k * w + (k - 1) * tried <= aw + OVERHANG:
                return tried
        return None

    @property
    def row_h(self) -> float:
        """A row of spaces, its labels and the gap under it (points)."""
        return self.h_mm * mm + self.size * 1.6 + SPACE_ROW_GAP_MM * mm

    def draw(self) -> None:
        rows = -(-len(self.labels) // self.per_row)
        for i, label in enumerate(self.labels):
            row, col = divmod(i, self.per_row)
            x = col * (self.w_mm * mm + self.gap)
            y = (rows - 1 - row) * self.row_h
            self.draw_space(x, y)
            self.draw_label(x, y, label)

    def draw_space(self, x: float, y: float) -> None:
        """One space's dashed frame, ``x`` points from the left, ``y`` from the bottom."""
        c = self.canv
        c.setDash(4, 3)
        c.setLineWidth(1)
        c.roundRect(x, y, self.w_mm * mm, self.h_mm * mm, 2.5 * mm, stroke=1, fill=0)
        c.setDash()

    def draw_label(self, x: float, y: float, label: str) -> None:
        """The label above the space at ``x``, ``y`` points from the left and the bottom."""
        self.canv.setFont(self.font, self.size)
        self.canv.drawString(x, y + self.h_mm * mm + self.size * 0.5, label)


SPACE_ROW_GAP_MM = 4.0  # between two rows of card spaces
CLOSED_GAP_MM = 4.0  # the least gap between two spaces of a row closed up to fit
OVERHANG = (LEAST_SIDE_MM[True] - INK_MM) * mm + FRAME_PADDING
"""How far a row of spaces may run into the margin on any page (a block may, up to 5 mm from
the paper's edge: the least room is a booklet's half page's): a row wider than its frame by
more than this goes on in rows."""


Rect = tuple[float, float, float, float]  # x, y, width, height in points, from the bottom left

CARD_PAD_MM = 1.5  # a card's label to its outline, on every side
TAB_INSET_MM = 1.0  # a ticket tab to its card's edges, and above the card
TAB_PAD_MM = 1.5  # a tab's mark to the tab's outline, on every side
ROW_GAP_MM = 4.0  # between cards, and between rows of cards
BELOW_MM = 2.0  # the last row of cards to what follows the diagram (its caption)
SHARED_MIN_MM = 10.0  # a row whose cards would be narrower stays one row (the plan reports it)


@dataclass(frozen=True)
class CardBox:
    """Where one card of a row goes: its outline and its label's box and, on a marked card,
    its tab and the mark's box; a text box is where its wrapped paragraph is drawn."""

    card: Rect
    label: Rect
    tab: Rect | None
    mark: Rect | None


class CardRowDiagram(Flowable):
    """Small card outlines in a row, each with its label; marked cards carry a ticket tab.
    The outlines and tabs are shapes; the labels and marks are paragraphs.

    A card is ``width_mm`` wide, narrower when the row must share a narrow page, and wider
    when the longest word of a label or a mark needs it (large print); a card and a tab are
    as tall as their wrapped text needs. When the cards, wide enough for their words, cannot
    share one row across the page, the row goes on below: every label sits inside its box."""

    taller_when_wider = True  # its cards shrink on a narrow page (the plan tries each page)

    def __init__(
        self, cards: Sequence[tuple[Paragraph, Paragraph | None]], width_mm: float = 24
    ) -> None:
        super().__init__()
        self.cards = cards
        self.natural = width_mm * mm  # a card's width where the page and its words allow
        self.w = self.natural
        self.h = width_mm * 88 / 63 * mm
        self.gap = ROW_GAP_MM * mm
        self.tab = 9 * mm
        self.per_row = max(len(cards), 1)
        self.boxes: list[CardBox] = []

    def _widest(self) -> float:
        """The narrowest card every label's and every mark's longest word fits in."""
        label = max((lab.minWidth() for lab, _m in self.cards), default=0.0)
        marks = [m.minWidth() for _l, m in self.cards if m is not None]
        mark = max(marks, default=0.0) + 2 * (TAB_INSET_MM + TAB_PAD_MM) * mm
        return float(max(label + 2 * CARD_PAD_MM * mm, mark if marks else 0.0))

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        n = max(len(self.cards), 1)
        shared = (aw - (n - 1) * self.gap) / n
        need = self._widest()
        self.w = max(min(self.natural, shared), need) if shared >= SHARED_MIN_MM * mm else shared
        self.per_row = n
        if self.w > shared + 0.01:  # the words need wider cards than one row has room for
            self.per_row = max(1, int((aw + self.gap) // (self.w + self.gap)))
        height = self._layout()
        across = min(n, self.per_row)
        return across * self.w + (across - 1) * self.gap, height

    def _sizes(self) -> None:
        """The cards' height (their labels fit) and the tabs' (their marks fit)."""
        pad, inset, tab_pad = CARD_PAD_MM * mm, TAB_INSET_MM * mm, TAB_PAD_MM * mm
        label_h = max((lab.wrap(self.w - 2 * pad, 1e6)[1] for lab, _m in self.cards), default=0)
        self.h = max(self.w * 88 / 63, label_h + 2 * pad)
        tab_w = self.w - 2 * inset
        mark_h = [m.wrap(tab_w - 2 * tab_pad, 1e6)[1] for _l, m in self.cards if m is not None]
        self.tab = max([9 * mm] + [h + 2 * tab_pad for h in mark_h])

    def _layout(self) -> float:
        """Every card's boxes (``self.boxes``), rows from the top, a row with a marked card
        as much taller as its tabs; returns the diagram's height."""
        self._sizes()
        pad, inset, tab_pad = CARD_PAD_MM * mm, TAB_INSET_MM * mm, TAB_PAD_MM * mm
        rows = [self.cards[i : i + self.per_row] for i in range(0, len(self.cards), self.per_row)]
        band = [self.tab + 2 * inset if any(m is not None for _l, m in r) else 0.0 for r in rows]
        y = BELOW_MM * mm + sum(self.h + b for b in band) + (len(rows) - 1) * self.gap
        height = y
        self.boxes = []
        for row, tabs in zip(rows, band, strict=True):
            y -= tabs + self.h
            for col, (label, mark) in enumerate(row):
                x = col * (self.w + self.gap)
                _, lh = label.wrap(self.w - 2 * pad, 1e6)
                text = (x + pad, y + (self.h - lh) / 2, self.w - 2 * pad, lh)
                tab = box = None
                if mark is not None:
                    _, mh = mark.wrap(self.w - 2 * inset - 2 * tab_pad, 1e6)
                    tab = (x + inset, y + self.h + inset, self.w - 2 * inset, self.tab)
                    box = (tab[0] + tab_pad, tab[1] + (self.tab - mh) / 2, tab[2] - 2 * tab_pad, mh)
                self.boxes.append(CardBox((x, y, self.w, self.h), text, tab, box))
            y -= self.gap
        return height

    def draw(self) -> None:
        self.draw_outlines()
        for n, (card, box) in enumerate(zip(self.cards, self.boxes, strict=True)):
            self.draw_card_text(n, card, box)

    def draw_card_text(
        self, n: int, card: tuple[Paragraph, Paragraph | None], box: CardBox
    ) -> None:
        """The ``n``-th card's label and, on a marked card, its mark."""
        label, mark = card
        c = self.canv
        label.wrap(box.label[2], 1e6)
        label.drawOn(c, box.label[0], box.label[1])
        if mark is not None and box.mark is not None:
            mark.wrap(box.mark[2], 1e6)
            mark.drawOn(c, box.mark[0], box.mark[1])

    def draw_outlines(self) -> None:
        """The cards' outlines and the marked cards' tabs."""
        c = self.canv
        for box in self.boxes:
            c.setLineWidth(1)
            c.roundRect(*box.card, 1.5 * mm, stroke=1, fill=0)
            if box.tab is not None:
                c.setFillColor(HEADER_FILL)
                c.roundRect(*box.tab, 1 * mm, stroke=1, fill=1)
                c.setFillColor(colors.black)
