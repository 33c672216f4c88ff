"""Page geometry's vocabulary: rectangles and segments in mm (origin bottom-left),
the print constants, crop-mark styles, page furniture and the page plans impose returns; and
the saddle-stitch page order of the rules booklet."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

MARK_GAP = 2.5  # mm between the trim and the start of a crop mark (design: 2-3 mm)
MARK_LENGTH = 5.0  # mm

T = TypeVar("T")


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class Segment:
    x1: float
    y1: float
    x2: float
    y2: float


def pad_to_multiple(n: int, k: int = 4) -> int:
    return n + (-n) % k


def saddle_stitch_order(pages: int) -> list[tuple[int, int]]:
    """Page pairs (left, right), 0-based, for each printed side of a saddle-stitched booklet.

    ``pages`` must be a multiple of 4. Side 2k is the front of sheet k, side 2k+1 its back.
    Folding the stacked sheets in half gives pages 0..pages-1 in order.
    """
    if pages % 4:
        raise ValueError("a saddle-stitched booklet has a multiple of 4 pages")
    sides = []
    for k in range(pages // 4):
        sides.append((pages - 1 - 2 * k, 2 * k))
        sides.append((2 * k + 1, pages - 2 - 2 * k))
    return sides


# =========================================================================================
# Page plans: the new API. ``impose`` decides everything a page carries; the renderer draws.
# =========================================================================================

SAFE_MARGIN = 5.0  # mm of bare paper at every edge: no ink of any kind closer than this
MARK_GAP_MIN = 2.0  # mm: the closest a home print's crop mark starts to the trim (design: 2-3)
MARK_LENGTH_MIN = 1.5  # mm: its shortest mark, where the safe area leaves no more
SHOP_GAP_MIN = 1.5  # mm: the closest a print shop's mark starts beyond the bleed (4.5 from trim)
MARK_DEPTH = MARK_GAP + MARK_LENGTH  # 7.5 mm: a zone of full-size marks beside a band of cards
MARK_DEPTH_MIN = MARK_GAP_MIN + MARK_LENGTH_MIN  # 3.5 mm: the shallowest mark zone
ONE_END_BELOW = 4  # a grid of fewer rows (columns) may mark its cuts at one end to fit one more
CLEAR = 1.0  # mm between mark zones of two bands, marks and the fold, furniture and any ink
LINE_CLEAR_WIDE = 4.0  # mm from furniture's ink to any line where the margins allow: a bar's
# end tick 2.5 mm from a crop mark and in line with it read as part of the mark (review)
LINE_CLEAR = 2.5  # mm from furniture's ink to any crop mark, cut or fold line: visibly apart
LINE_CLEAR_MIN = 1.5  # mm: the closest, on a page whose margins leave no more
SCALE_BAR = 50.0  # mm, the bar a reader measures
SCALE_LABEL_AT = 52.0  # mm along the bar where its "50 mm" label starts (draw_scale_bar)
SCALE_TICK = 1.6  # mm the bar's end ticks reach either side of its line
SCALE_STROKE = 0.6  # pt: the bar's and its ticks' line width
SCALE_INSET = SCALE_STROKE / 2 * 25.4 / 72  # mm: the first tick's stroke, left of its line
SCALE_LABEL_DROP = 0.35  # font sizes the "50 mm" baseline lies below the bar's line
TEXT_BASELINE = 0.25  # a line of text: baseline this fraction of the line height above its box
# The furniture's face (Atkinson Hyperlegible) as the renderer sets it, in font sizes: a line
# is TEXT_LINE high (flow.frames.Furniture.line_mm) and glyphs reach TEXT_ASCENT above the
# baseline (ascenders 0.71; capitals, digits, "%" and brackets less; accented capitals 0.86).
# Descenders (0.19) stay inside the box's side below the baseline, so the ink reaches it.
TEXT_LINE = 1.3
TEXT_ASCENT = 0.75
_EPS = 1e-6

Side = Literal["front", "back", "single"]
Imposition = Literal["duplex", "simplex", "gutterfold"]
CutGuides = Literal["marks", "lines"]
Fold = Literal["vertical", "horizontal"]
Size = tuple[float, float]
Grid = tuple[int, int]  # a fixed imposition: [columns, rows] on every page
Run = (
    tuple[Size, Sequence[tuple[T, T | None]]]
    | tuple[Size, Sequence[tuple[T, T | None]], Grid | None]
)
Runs = Sequence[Run[T]]


def _union(rects: Sequence[Rect]) -> Rect:
    """The smallest rectangle holding every one of ``rects`` (at least one)."""
    x0, y0 = min(r.x for r in rects), min(r.y for r in rects)
    x1, y1 = max(r.right for r in rects), max(r.top for r in rects)
    return Rect(x0, y0, x1 - x0, y1 - y0)


def _seg_rect(s: Segment) -> Rect:
    """A segment as a zero-width (or zero-height) rectangle, for overlap tests."""
    return Rect(min(s.x1, s.x2), min(s.y1, s.y2), abs(s.x2 - s.x1), abs(s.y2 - s.y1))


@dataclass(frozen=True)
class MarkStyle:
    """A crop mark starts ``gap`` mm beyond the bleed edge (the trim, without bleed) on the
    extension of its cut line and runs ``length`` mm away from the card."""

    gap: float
    length: float

    @property
    def depth(self) -> float:
        return self.gap + self.length


BLEED_MARK_LENGTH_MIN = 3.0  # mm: the shortest crop mark of a print-shop (bleed) build


@dataclass(frozen=True)
class MarkRule:
    """How close to the card a crop mark may start and how short it may get where room is
    short. Home printing (no bleed): never closer than 2 mm to the trim, so a cut that wanders
    leaves no mark on the card, and as short as 1.5 mm. A print shop (bleed): 1.5 mm beyond
    the bleed (4.5 mm from the trim), never shorter than 3 mm, as its cutter lines a sheet up
    on them. Either way every cut is marked at both ends wherever the paper allows; at one end
    only where that is what fits one more row or column (``ONE_END_BELOW``)."""

    gap_min: float
    length_min: float

    @property
    def depth_min(self) -> float:
        """The shallowest mark zone: the least gap and the shortest mark."""
        return self.gap_min + self.length_min


HOME_MARKS = MarkRule(MARK_GAP_MIN, MARK_LENGTH_MIN)
SHOP_MARKS = MarkRule(SHOP_GAP_MIN, BLEED_MARK_LENGTH_MIN)


def mark_rule(bleed: float) -> MarkRule:
    """The crop marks' rule for a build with ``bleed`` mm of bleed."""
    return SHOP_MARKS if bleed > 0 else HOME_MARKS


def mark_style(depth: float, rule: MarkRule = HOME_MARKS) -> MarkStyle:
    """Marks for a zone ``depth`` mm deep beyond the bleed edge: 2.5 mm gap + 5 mm mark from
    7.5 mm up; below that gap and length shrink together, linearly, to the rule's least gap
    and shortest mark (home: 2 mm + 1.5 mm at 3.5 mm; with bleed, 1.5 mm + 3 mm at 4.5 mm)."""
    low = rule.depth_min
    d = min(max(depth, low), MARK_DEPTH)
    t = (d - low) / (MARK_DEPTH - low)
    gap = rule.gap_min + t * (MARK_GAP - rule.gap_min)
    return MarkStyle(gap, d - gap)


@dataclass(frozen=True)
class NoteSize:
    """What the page furniture measures (mm) in the renderer's font at its size.

    ``text_w``: the 100 % note's width; ``line_h``: the height of one line of furniture text;
    ``label_w``: the widest page label; ``bar_label_w``: the "50 mm" written after the bar;
    ``titled_w``: the widest page label with the game's title before it, placed instead
    where there is room for it (large print; 0: none). The defaults are the standard
    profile's 6.5 pt."""

    text_w: float = 68.0
    line_h: float = 3.0
    label_w: float = 45.0
    bar_label_w: float = 8.0
    titled_w: float = 0.0

    @property
    def bar(self) -> Size:
        """The scale bar and its label as (along, across): ticks reach 1.6 mm either side."""
        return (SCALE_INSET + SCALE_LABEL_AT + self.bar_label_w, max(2 * SCALE_TICK, self.line_h))


@dataclass(frozen=True)
class Placement:
    """One piece of page furniture. ``box`` holds all of its ink and keeps ``CLEAR`` of all
    other ink; ``ink`` is the part of the box its glyphs and lines reach (the line height
    above the tallest glyph left out), kept ``LINE_CLEAR`` of every line. ``vertical`` pieces
    read bottom to top (drawn rotated 90°). ``origin`` is where drawing starts: the start of
    the text baseline (``draw_note``) or of the bar's line (``draw_scale_bar``)."""

    box: Rect
    vertical: bool
    origin: tuple[float, float]
    ink: Rect


def _inked(box: Rect, vertical: bool, reach: float) -> Rect:
    """The part of ``box`` within ``reach`` mm of its side where descenders hang (the bottom;
    for rotated pieces, the right)."""
    if vertical:
        return Rect(box.right - min(box.w, reach), box.y, min(box.w, reach), box.h)
    return Rect(box.x, box.y, box.w, min(box.h, reach))


def _text_at(box: Rect, vertical: bool) -> Placement:
    """Text filling ``box``: the baseline lies a quarter of the line height inside the box from
    the side the descenders hang to (the bottom; for rotated text, the right)."""
    h = box.w if vertical else box.h
    ink = _inked(box, vertical, (TEXT_BASELINE + TEXT_ASCENT / TEXT_LINE) * h)
    if vertical:
        return Placement(box, True, (box.right - TEXT_BASELINE * box.w, box.y), ink)
    return Placement(box, False, (box.x, box.y + TEXT_BASELINE * box.h), ink)


def _bar_at(box: Rect, vertical: bool) -> Placement:
    """The scale bar's line runs along the middle of ``box``, from its start (its first
    tick's stroke, half of it before the line's start, inside the box too); its label's
    glyphs (a font size no more than the box's height over ``TEXT_LINE``) hang below it."""
    h = box.w if vertical else box.h
    above = max(SCALE_TICK, (TEXT_ASCENT - SCALE_LABEL_DROP) * h / TEXT_LINE)
    ink = _inked(box, vertical, h / 2 + above)
    if vertical:
        return Placement(box, True, (box.x + box.w / 2, box.y + SCALE_INSET), ink)
    return Placement(box, False, (box.x + SCALE_INSET, box.y + box.h / 2), ink)


@dataclass(frozen=True)
class PageFurniture:
    """Where the 100 % note, the 50 mm scale bar and the page label go on one page;
    ``titled``: the label's place has room for the game's title before it."""

    note: Placement
    scale_bar: Placement
    label: Placement
    titled: bool = False

    def boxes(self) -> tuple[Rect, Rect, Rect]:
        return (self.note.box, self.scale_bar.box, self.label.box)


@dataclass(frozen=True, slots=True)  # a 10,000-card deck holds 20,000: no __dict__
class Slot(Generic[T]):
    """One face to draw: ``item`` with its art filling ``bleed`` and cut at ``trim`` (the same
    rectangle without bleed). ``mirrored`` slots hold backs, placed where the sheet's other side
    (duplex) or other half (gutterfold) puts them behind their fronts. ``rotation`` is 180 for
    the backs below a horizontal gutterfold fold, so a card turned over sideways reads upright."""

    item: T
    trim: Rect
    bleed: Rect
    side: Literal["front", "back"]
    mirrored: bool
    rotation: int = 0


@dataclass(frozen=True)
class PagePlan(Generic[T]):
    """One printed page, complete: draw the ``slots``, then ``marks`` (solid hairlines),
    ``fold`` (dashed), ``cut_lines`` (hairlines, only with ``cut_guides="lines"``) and the
    ``furniture``. Nothing but bare paper lies within ``SAFE_MARGIN`` of an edge.

    ``side``: "front" is followed by its "back" (print the pair two-sided, flipping on the long
    edge); "single" pages have nothing on their back. ``sheet`` counts sheets of paper from 1 (a
    front and its back share one). ``trim_box`` and ``bleed_box`` are the smallest rectangles
    holding every slot's trim and bleed (on a back page, the front's boxes mirrored), for the
    PDF's TrimBox and BleedBox: marks and furniture lie outside them, on purpose."""

    width: float
    height: float
    side: Side
    sheet: int
    slots: tuple[Slot[T], ...]
    marks: tuple[Segment, ...]
    fold: tuple[Segment, ...]
    cut_lines: tuple[Segment, ...]
    furniture: PageFurniture
    trim_box: Rect
    bleed_box: Rect


def _fold_at(paper: Size, fold: Fold) -> float:
    return paper[0] / 2 if fold == "vertical" else paper[1] / 2


def _fold_rect(r: Rect, fold: Fold, at: float) -> Rect:
    """``r`` reflected across the fold line at ``at``."""
    if fold == "vertical":
        return Rect(2 * at - r.right, r.y, r.w, r.h)
    return Rect(r.x, 2 * at - r.top, r.w, r.h)
