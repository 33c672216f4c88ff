"""Is a document block too wide for its pages? A block may run into the right margin, not
closer than 5 mm to the paper's edge; a row of cards shrinks to the page until its cards are
too narrow to draw; a table's columns share the page until they are narrower than what they
hold. No word may be wider than the line it is set on (past the margin beside it): words are never
broken. Measured on the narrowest page, with the flowables the renderer draws."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, Table
from reportlab.platypus.flowables import DDIndenter, LIIndenter

from .. import notation_glue
from ..diagnostics import counted
from ..flow.diagrams import CardRowDiagram
from ..flow.figures import LABEL_MIN_MM, LEADER_GAP_MM, MAX_HEIGHT_MM, CardFigure
from ..measure import face_name

FUZZ = 0.5  # points
MIN_CARD_MM = 10.0  # a card of a card_row diagram is never narrower (its label needs room)

PageFrame = tuple[str, float, float, float]  # paper, width, height, slack (points)


def walk(f: Flowable) -> Iterator[Flowable]:
    """``f`` and every flowable grouped inside it (a group's parts, a list item's body)."""
    yield f
    inner = getattr(f, "_flowable", None)
    for part in [inner] if inner is not None else getattr(f, "_content", None) or []:
        yield from walk(part)


def _narrow_rows(f: Flowable, canv: Canvas, frames: Sequence[PageFrame]) -> str | None:
    """A card_row diagram whose cards, shrunk to share the page's width, would be too narrow
    to draw (with many cards, narrower than nothing), on the narrowest page."""
    paper, width, height, _slack = min(frames, key=lambda frame: frame[1])
    for g in walk(f):
        if isinstance(g, CardRowDiagram):
            g.wrapOn(canv, width, height)
            if g.w < MIN_CARD_MM * mm:
                most = int((width + g.gap) // (MIN_CARD_MM * mm + g.gap))
                return (
                    f"a row of {len(g.cards)} cards is too wide: on the {paper} each card would"
                    f" be {max(g.w, 0) / mm:.0f} mm wide (at least {MIN_CARD_MM:g} mm; at most"
                    f" {most} cards fit)"
                )
    return None


def _cell_width(cell: object) -> float:
    """The narrowest a table cell can be drawn: its widest word (or its flowable's width)."""
    if isinstance(cell, Paragraph):
        return float(cell.minWidth())
    if isinstance(cell, str):
        return max((stringWidth(w, face_name("regular"), 10) for w in cell.split()), default=0.0)
    if isinstance(cell, Flowable):
        return float(cell.wrap(0, 0)[0])
    return 0.0


def _padding(table: Table, row: int, col: int) -> float:
    """The left and right padding of one cell, as the table will draw it."""
    try:
        style = table._cellStyles[row][col]
        return float(style.leftPadding + style.rightPadding)
    except (AttributeError, IndexError):
        return 12.0  # ReportLab's default, 6 pt a side


def _cramped_tables(
    f: Flowable, canv: Canvas, frames: Sequence[PageFrame], what: str
) -> str | None:
    """A table (a track) whose columns, sharing the narrowest page's width, are narrower than
    what they hold: ReportLab cannot draw it."""
    paper, width, height, _slack = min(frames, key=lambda frame: frame[1])
    for g in walk(f):
        if not isinstance(g, Table):
            continue
        g.wrapOn(canv, width, height)
        for j, got in enumerate(g._colWidths):
            need = max(
                _cell_width(row[j]) + _padding(g, i, j) for i, row in enumerate(g._cellvalues)
            )
            if got + FUZZ < need:
                sizes = f"would be {got / mm:.1f} mm wide and needs {need / mm:.1f} mm"
                if what == "a track":  # its label, then a cell a number, in rows
                    n = sum(1 for row in g._cellvalues for cell in row[1:] if cell != "")
                    part = "its label's column" if j == 0 else "a cell"
                    track = f"a track of {counted(n, 'number')}"
                    return f"{track} does not fit the {paper}: {part} {sizes}"
                if what == "a write-in row":  # its label, its box, and its suffix if any
                    part = ("label", "box", "suffix")[min(j, 2)]
                    return f"a write-in row does not fit the {paper}: its {part} {sizes}"
                return (
                    f"a table of {len(g._colWidths)} columns does not fit the {paper}: column"
                    f" {j + 1} {sizes}"
                )
    return None


def too_narrow(f: Flowable, canv: Canvas, frames: Sequence[PageFrame], what: str) -> str | None:
    """What of ``f`` (a row of cards, or ``what``: "a table", "a track" or "a write-in row") cannot be drawn
    at the narrowest page's width, if anything."""
    return _narrow_rows(f, canv, frames) or _cramped_tables(f, canv, frames, what)


def small_figure(
    f: Flowable, frames: Sequence[PageFrame], least_pt: float, profile: str
) -> str | None:
    """A card figure in ``f`` that some page draws so small that its card's smallest text
    prints under ``least_pt`` (``profile``'s least size), if any: said of the page that
    shrinks it most. Its labels took the room (the card is never shrunk for them under that
    size, ``CardFigure.least``), or the card is wider or taller than a page's text block."""
    worst: tuple[float, str, float, CardFigure] | None = None
    for g in walk(f):
        if not isinstance(g, CardFigure) or g.least <= 0:
            continue
        for paper, width, height, _slack in frames:
            g.wrap(width, height)
            if g.scale < g.least - 1e-6 and (worst is None or g.scale < worst[0]):
                worst = (g.scale, paper, width, g)
    if worst is None:
        return None
    scale, paper, width, g = worst
    smallest = least_pt / g.least
    if g.face.height_mm * g.least > MAX_HEIGHT_MM:  # the cap every page has
        why = f"a card figure is drawn at most {MAX_HEIGHT_MM:g} mm tall: show a smaller card"
    elif g.labels and g.face.width_mm * mm * g.least <= width:  # the labels' column took it
        why = (
            f"its labels need {LEADER_GAP_MM + LABEL_MIN_MM:g} mm beside the card: leave them"
            " out and say in the text what each box is, or show a smaller card"
        )
    else:
        why = (
            "the card is wider than the page's text block: show a smaller card, or give the"
            " block `profiles:` to keep it to the profiles whose pages hold it"
        )
    return (
        f"a card figure draws its card at {scale:.0%} on the {paper}: its {smallest:g} pt"
        f" text would print at {smallest * scale:.1f} pt, under the {profile} profile's"
        f" {least_pt:g} pt ({why})"
    )


def in_mm(need: float, room: float) -> tuple[str, str]:
    """``need`` and ``room`` (points) said in mm, whole, or to a tenth where whole they would
    read alike ("needs 255 mm, room for 255 mm" for 255.3 and 254.9)."""
    whole = f"{need / mm:.0f}", f"{room / mm:.0f}"
    if whole[0] == whole[1]:
        whole = f"{need / mm:.1f}", f"{room / mm:.1f}"
    return f"{whole[0]} mm", f"{whole[1]} mm"


def too_wide(f: Flowable, canv: Canvas, frames: Sequence[PageFrame]) -> str | None:
    """How ``f`` overflows the first page it is wider than (its frame and the margin beside
    it), if any; ``f`` is set on every page in turn."""
    found = None
    for paper, width, height, slack in frames:
        w = drawn_width(f, canv, width, height)
        if w > width + slack + FUZZ and found is None:
            need, room = in_mm(w, width + slack)
            found = (
                f"a block is wider than a page: it needs {need}, the {paper} has room for {room}"
            )
    return found


def drawn_width(f: Flowable, canv: Canvas, avail: float, height: float) -> float:
    """How wide ``f`` prints when set ``avail`` wide: its widest part. A group's own ``wrap``
    (a heading kept with what follows it, a list, a KeepTogether) says no more than
    ``avail`` whatever it holds (ReportLab's ``listWrapOnFakeWidth``), which would hide a
    row of cards wider than the page behind the heading above it. A paragraph is as wide as
    its frame (a word wider than that is ``too_long_word``'s), so text alone is never set."""
    if isinstance(f, Paragraph):
        return avail
    if isinstance(f, DDIndenter):  # a list item: its bullet's indent, then its body
        sides = f._leftIndent + f._rightIndent
        return drawn_width(f._flowable, canv, avail - sides, height) + sides
    parts = getattr(f, "_content", None)
    if parts:
        return max(drawn_width(part, canv, avail, height) for part in parts)
    return float(f.wrapOn(canv, avail, height)[0])


Overflow = tuple[float, str, bool]  # points past the line, the word, set in a table's cell


def _widest_word(p: Paragraph, seen: dict[int, tuple[float, str]]) -> tuple[float, str]:
    """The width (points, with the paragraph's indents) and text of ``p``'s widest word."""
    key = id(p)
    if key not in seen:
        words = notation_glue.words(p.frags) if p.frags else []
        w = max(words, key=lambda word: word[0], default=[0.0])
        text = "".join(str(part[1]) for part in w[1:])
        style = p.style
        indent = style.leftIndent + style.rightIndent + max(style.firstLineIndent, 0)
        seen[key] = (float(w[0]) + indent, text)
    return seen[key]


def _word_overflows(
    g: object, canv: Canvas, avail: float, height: float, seen: dict[int, tuple[float, str]]
) -> Iterator[Overflow]:
    """By how much (points) the widest word of each paragraph in ``g``, set ``avail``
    wide, runs past its line."""
    if isinstance(g, Paragraph):
        need, text = _widest_word(g, seen)
        yield need - avail, text, False
    elif isinstance(g, LIIndenter):
        inner = avail - g._leftIndent - g._rightIndent
        yield from _word_overflows(g._flowable, canv, inner, height, seen)
    elif isinstance(g, Table):  # a cell's words stay in their column (and its box)
        g.wrapOn(canv, avail, height)
        for i, row in enumerate(g._cellvalues):
            for j, cell in enumerate(row):
                inner = g._colWidths[j] - _padding(g, i, j)
                for part in cell if isinstance(cell, list | tuple) else [cell]:
                    for over, text, _ in _word_overflows(part, canv, inner, height, seen):
                        yield over, text, True
    elif isinstance(g, CardFigure):  # a label's words run from its column's left edge
        g.wrapOn(canv, avail, height)
        for (para, _label), lead in zip(g.labels, g.leaders, strict=True):
            need, text = _widest_word(para, seen)
            yield lead.x + need - avail, text, False
    elif isinstance(g, Flowable):
        for part in getattr(g, "_content", None) or []:
            yield from _word_overflows(part, canv, avail, height, seen)


def too_long_word(f: Flowable, canv: Canvas, frames: Sequence[PageFrame]) -> str | None:
    """How a word of ``f`` overflows the first page whose lines it is wider than, if any:
    past the margin beside them, or in a table past its column."""
    seen: dict[int, tuple[float, str]] = {}
    for paper, width, height, slack in frames:
        for over, text, in_cell in _word_overflows(f, canv, width, height, seen):
            room = 0.0 if in_cell else slack
            if over > room + FUZZ:
                shown = text if len(text) <= 40 else text[:37] + "..."
                where = f"its table column on the {paper}" if in_cell else f"the {paper}"
                return (
                    f"a word is {(over - room) / mm:.1f} mm too wide for {where}: '{shown}'"
                    " (words are never broken; shorten it or add a space)"
                )
    return None
