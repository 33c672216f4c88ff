"""A card of the game in a flowing document: the card at 100 % (smaller when the column or
the page is too small for it), its labels in a column beside it, each with a thin leader line
to the box it names. The flowable knows its size and where every label and line goes; the
card itself is drawn by the render side (``render/documents.py`` overrides ``draw_card``),
which alone knows how to draw a planned face."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import FILL_EVEN_ODD
from reportlab.platypus import Flowable, Paragraph

from .blocks import Area, Face, FigureLabel, middle

LEADER_GAP_MM = 10.0  # the card's right edge to its labels: room for the leader lines' elbows
LABEL_MIN_MM = 32.0  # a label column is never narrower (the card shrinks instead)
LABEL_MAX_MM = 60.0  # nor wider (what is left of the column stays empty)
LABEL_SPACE_MM = 1.5  # between two labels
MIN_SCALE = 0.5  # a card is drawn no smaller to make room for its labels
MAX_HEIGHT_MM = 150.0  # a taller card is drawn smaller: it fits every page's frame
DOT_MM = 0.6  # the dot a leader line ends in, on its box
HALO_MM = 0.4  # the white ring around it

Point = tuple[float, float]


@dataclass(frozen=True)
class Leader:
    """Where a label goes (its paragraph's bottom-left, points) and its leader line."""

    x: float
    y: float
    width: float
    height: float
    line: tuple[Point, ...]  # from the label to the box, points from the figure's bottom-left


class CardFigure(Flowable):
    """A drawn card with labels beside it. ``labels`` are (paragraph, where its line goes),
    ``alt`` the card in words; labels are stacked top to bottom in the order their lines
    cross the card, each as near its line as the others allow."""

    taller_when_wider = True  # drawn at the scale the width allows (the plan tries each page)

    def __init__(
        self,
        face: Face,
        labels: Sequence[tuple[Paragraph, FigureLabel]],
        alt: str = "",
        shrink: bool = True,
        least: float = 0.0,
    ) -> None:
        super().__init__()
        self.face, self.labels, self.alt = face, labels, alt
        self.shrink = shrink  # False: drawn at 100 % (narrower only if the column is)
        # the smallest scale that keeps the card's text at the profile's least size: the card
        # is never shrunk under it to make room for its labels; a column or a page too small
        # for it is the plan's error (``plan/pages.py``)
        self.least = least
        self.scale = 1.0
        self.card_h = 0.0
        self.leaders: list[Leader] = []

    def _scale(self, aw: float) -> float:
        """The card's scale: 1 where the column has room for it and its labels, else the
        largest (down to ``MIN_SCALE``, or ``least`` where that is larger) at which the
        labels, in the column left beside the card, stack no taller than the card; never
        taller than any page may hold, nor wider than the column leaves it."""
        if not self.shrink:
            return min(1.0, aw / (self.face.width_mm * mm))
        top = min(1.0, MAX_HEIGHT_MM / self.face.height_mm)
        if not self.labels:
            return min(top, aw / (self.face.width_mm * mm))
        room = aw - (LEADER_GAP_MM + LABEL_MIN_MM) * mm
        top = max(0.05, min(top, room / (self.face.width_mm * mm)))
        floor = max(MIN_SCALE, self.least)
        s = top
        while s > floor:
            if self._stack_height(aw, s) <= self.face.height_mm * mm * s:
                return s
            s -= 0.05
        return max(min(top, floor), 0.05)

    def _column(self, aw: float, s: float) -> tuple[float, float]:
        """The label column's left edge and width (points) beside a card at scale ``s``."""
        x = self.face.width_mm * mm * s + LEADER_GAP_MM * mm
        return x, min(LABEL_MAX_MM * mm, aw - x)

    def _stack_height(self, aw: float, s: float) -> float:
        _x, width = self._column(aw, s)
        heights = [para.wrap(width, 1e6)[1] for para, _box in self.labels]
        return sum(heights) + (len(heights) - 1) * LABEL_SPACE_MM * mm

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        self.scale = s = self._scale(aw)
        card_w, self.card_h = self.face.width_mm * mm * s, self.face.height_mm * mm * s
        if not self.labels:
            self.leaders = []
            return card_w, self.card_h
        x, width = self._column(aw, s)
        sized = []
        for para, label in self.labels:
            _w, h = para.wrap(width, 1e6)
            run = self.card_h - label.run * mm * s  # from the card's bottom
            end = (label.end[0] * mm * s, self.card_h - label.end[1] * mm * s)
            sized.append((run, h, end))
        order = sorted(range(len(sized)), key=lambda i: -sized[i][0])
        tops = self._stack(
            [sized[i][0] + sized[i][1] / 2 for i in order], [sized[i][1] for i in order]
        )
        leaders: dict[int, Leader] = {}
        for top, i in zip(tops, order, strict=True):
            run, h, end = sized[i]
            start = (x - 1 * mm, top - min(h, self._first_line(i)) / 2)
            elbow = (card_w + 2 * mm, run)
            line = (start, elbow, (end[0], run), end) if end[1] != run else (start, elbow, end)
            leaders[i] = Leader(x, top - h, width, h, line)
        self.leaders = [leaders[i] for i in range(len(sized))]
        return x + width, max(self.card_h, tops[0])

    def _first_line(self, i: int) -> float:
        """The height of a label's first line (its leader line points at it)."""
        return float(self.labels[i][0].style.leading)

    @staticmethod
    def _stack(tops: list[float], heights: list[float]) -> list[float]:
        """Label tops (points from the card's bottom), top to bottom: each as near its wanted
        top as the one above allows, then all raised where the last would go below 0."""
        space = LABEL_SPACE_MM * mm
        out: list[float] = []
        for i, want in enumerate(tops):
            out.append(min(want, out[-1] - heights[i - 1] - space) if out else want)
        low = out[-1] - heights[-1] if out else 0.0
        if low < 0:
            out = [t - low for t in out]
        return out

    def draw(self) -> None:
        self.draw_card(0.0, 0.0, self.scale)
        self.draw_leaders()
        for (para, _box), lead in zip(self.labels, self.leaders, strict=True):
            para.wrap(lead.width, 1e6)
            para.drawOn(self.canv, lead.x, lead.y)

    def draw_leaders(self) -> None:
        """The thin lines from the labels to their boxes, each ending in a dot."""
        c = self.canv
        c.setLineWidth(0.5)
        for lead in self.leaders:
            path = c.beginPath()
            path.moveTo(*lead.line[0])
            for point in lead.line[1:]:
                path.lineTo(*point)
            c.drawPath(path, stroke=1, fill=0, fillMode=FILL_EVEN_ODD)
            # a white ring under the dot: it stays seen on a dark band or panel
            c.saveState()
            c.setFillColorRGB(1, 1, 1)
            c.circle(*lead.line[-1], (DOT_MM + HALO_MM) * mm, stroke=0, fill=1)
            c.restoreState()
            c.circle(*lead.line[-1], DOT_MM * mm, stroke=0, fill=1)

    def draw_card(self, x: float, y: float, scale: float) -> None:
        """The card at (x, y) points, at ``scale``: here its outline only (the render side
        draws the face)."""
        w, h = self.face.width_mm * mm * scale, self.face.height_mm * mm * scale
        self.canv.rect(x, y, w, h, stroke=1, fill=0)


def reading_place(point: tuple[float, float], face: Face) -> tuple[int, int, float, float]:
    """Where ``point`` comes when the card is read top to bottom, left to right, by the
    thirds ``position_words`` names (then by the point itself, within a third)."""
    x, y = point
    w, h = face.width_mm, face.height_mm
    return (min(int(3 * y / h), 2), min(int(3 * x / w), 2), y, x) if w and h else (0, 0, y, x)


def position_words(point: tuple[float, float], face: Face) -> str:
    """Where ``point`` (mm from the face's top-left) lies on the card, in words ("Top left")."""
    x, y = point
    w, h = face.width_mm, face.height_mm
    row = "top" if y < h / 3 else "bottom" if y > 2 * h / 3 else "middle"
    col = "left" if x < w / 3 else "right" if x > 2 * w / 3 else "middle" if row != "middle" else ""
    return f"{row} {col}".strip().capitalize()


SAME_LINE_MM = 3.0  # two boxes whose middles are closer in height than this are side by side


def places_in_words(areas: Sequence[Area], face: Face) -> list[str]:
    """Where each of ``areas`` (boxes, in reading order) lies, in words: ``position_words``
    of its middle, or, where that would repeat the place said just before ("Top middle"
    four times over a card's band, name and cost), where it lies from the box before: "In
    it" (a mark set within a band; "In it, at the right" or "at the left" when its middle
    is outside the middle third of that box), "Below it", "Right of it", "Left of it"."""
    said: list[str] = []
    before: tuple[str, Area] | None = None
    for area in areas:
        point = middle(area)
        words = position_words(point, face)
        if before is not None and before[0] == words:
            said.append(_from_the_box_before(area, before[1]))
        else:
            said.append(words)
        before = (words, area)
    return said


def _from_the_box_before(area: Area, prior: Area) -> str:
    (x, y), (px, py) = middle(area), middle(prior)
    dx, dy = x - px, y - py
    if _within(area, prior):
        if abs(dx) < prior[2] / 6:  # its middle in the middle third of the box it is in
            return "In it"
        return "In it, at the right" if dx > 0 else "In it, at the left"
    if abs(dy) >= SAME_LINE_MM:
        return "Below it" if dy > 0 else "Above it"
    return "Right of it" if dx >= 0 else "Left of it"


def _within(area: Area, outer: Area, slack: float = 0.1) -> bool:
    """Whether ``area`` lies inside ``outer`` (to ``slack`` mm), and is smaller than it."""
    x, y, w, h = area
    ox, oy, ow, oh = outer
    inside = ox - slack <= x and x + w <= ox + ow + slack and oy - slack <= y
    return inside and y + h <= oy + oh + slack and w * h < ow * oh
