"""Do the documents' blocks fit their pages? Measured at plan time, so ``check`` finds what
would otherwise fail (or be cut short) only while drawing.

A full-page sheet is laid out in a bare Frame, which never splits a block: every block (a
heading together with the start of what follows it) must fit one page whole. No block may be
wider than the page's frame and the margin beside it, to 5 mm from the paper's edge. The rules flow
through a document template, which splits paragraphs between lines, lists between items and
tables between rows: a block fails only when a part that cannot split (one line, one table
row, a worked example's box) is taller than a page, on the paper or on a booklet's half page.
Blocks are measured with the very flowables the renderer draws, on every paper.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Table
from reportlab.platypus.doctemplate import ActionFlowable

from ..diagnostics import Problem
from ..impose import HALF_PAPERS, PAPERS
from ..measure import face_name
from .model import DocPlan, GamePlan, PageDoc, TrackBlock

FUZZ = 0.5  # points
MAX_PAGES = 2_000  # a block that needs more pages than this is reported as too long

SHEET_MARGIN_MM = 15.0  # render/writer.py PartWriter.page_doc: a bare Frame, no padding
FRAME_PADDING = 6.0  # points: a document template's Frame pads each side (render_rules)


def _tag(flowables: Sequence[Flowable], index: int) -> None:
    for f in flowables:
        f._cs_block = index  # type: ignore[attr-defined]
        if isinstance(f, KeepTogether):
            _tag(f._content, index)


def _block_of(f: Flowable) -> int:
    """The block a flowable (or the tallest part of a group of them) comes from."""
    index = getattr(f, "_cs_block", None)
    if index is not None:
        return int(index)
    parts = [p for p in getattr(f, "_content", []) if getattr(p, "_cs_block", None) is not None]
    return int(parts[-1]._cs_block) if parts else 0


def _story(doc: DocPlan, renderer: object, flat: bool) -> list[Flowable]:
    """The flowables the renderer makes of ``doc``, each tagged with its block's index."""
    from ..render.documents import keep_with_next

    out: list[Flowable] = []
    for i, block in enumerate(doc.blocks):
        made = renderer.block(block)  # type: ignore[attr-defined]
        _tag(made, i)
        out.extend(made)
    story = keep_with_next(out)
    if flat:
        from ..render.writer import _flatten

        story = _flatten(story)
    return story


def _too_big(f: Flowable, canv: Canvas, width: float, height: float, split: bool) -> float:
    """0 when ``f`` can be placed on pages of ``width`` × ``height`` points, else the height
    (points) of the part of it that cannot. (Widths are the tables' own check.)"""
    pending: list[Flowable] = [f]
    pages = 0
    while pending:
        g = pending.pop(0)
        if isinstance(g, ActionFlowable):  # a frame break: every part starts a fresh page
            continue
        pages += 1
        h = _height(g, canv, width, height)
        if h <= height + FUZZ:
            continue
        parts = g.splitOn(canv, width, height) if split else []
        if not parts or pages > MAX_PAGES:
            return h
        if isinstance(parts[0], ActionFlowable):  # KeepTogether: its parts, one by one
            pending[0:0] = parts
            continue
        first, *rest = parts
        fh = _height(first, canv, width, height)
        if fh > height + FUZZ:
            return fh
        pending[0:0] = rest
    return 0.0


def _height(f: Flowable, canv: Canvas, width: float, height: float) -> float:
    """The height of ``f`` set ``width`` wide (a KeepTogether's wrap says 'too tall' to make
    the template split it; its real height is its content's)."""
    h = float(f.wrapOn(canv, width, height)[1])
    return float(getattr(f, "_H", h)) if isinstance(f, KeepTogether) else h


_PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}
INK_MM = 5.0  # no ink this close to the paper's edge (the furniture keeps to it too)


def _frames(plan: GamePlan, kind: str) -> Iterator[tuple[str, float, float, float]]:
    """(paper, width, height, slack) in points of the frame a kind of document is set in;
    a block may run ``slack`` into the right margin, not closer to the edge than 5 mm."""
    from ..render.parts import furniture_of, rules_margin

    band = furniture_of(plan.profile).band_mm
    if kind == "sheet":
        slack = (SHEET_MARGIN_MM - INK_MM) * mm
        for paper, (w, h) in PAPERS.items():
            width, height = (w - 2 * SHEET_MARGIN_MM) * mm, (h - band - SHEET_MARGIN_MM) * mm
            yield f"{_PAPER_NAMES[paper]} page", width, height, slack
        return
    for half, papers in ((False, PAPERS), (True, HALF_PAPERS)):
        margin = rules_margin(half)
        slack = (margin - INK_MM) * mm + FRAME_PADDING
        for paper, (w, h) in papers.items():
            name = _PAPER_NAMES[paper] + (" booklet page" if half else " page")
            width = (w - 2 * margin) * mm - 2 * FRAME_PADDING
            height = (h - margin - band) * mm - 2 * FRAME_PADDING
            yield name, width, height, slack


MIN_CARD_MM = 10.0  # a card of a card_row diagram is never narrower (its label needs room)


def _walk(f: Flowable) -> Iterator[Flowable]:
    """``f`` and every flowable grouped inside it."""
    yield f
    for part in getattr(f, "_content", None) or []:
        yield from _walk(part)


def _narrow_rows(
    f: Flowable, canv: Canvas, frames: list[tuple[str, float, float, float]]
) -> str | None:
    """A card_row diagram whose cards, shrunk to share the page's width, would be too narrow
    to draw (with many cards, narrower than nothing), on the narrowest page."""
    from ..render.documents import CardRowDiagram

    paper, width, height, _slack = min(frames, key=lambda frame: frame[1])
    for g in _walk(f):
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


def _cramped_tables(
    f: Flowable, canv: Canvas, frames: list[tuple[str, float, float, float]], what: str
) -> str | None:
    """A table (a track) whose columns, sharing the narrowest page's width, are narrower than
    what they hold: ReportLab cannot draw it."""
    paper, width, height, _slack = min(frames, key=lambda frame: frame[1])
    for g in _walk(f):
        if not isinstance(g, Table):
            continue
        g.wrapOn(canv, width, height)
        for j, got in enumerate(g._colWidths):
            cells = [row[j] for row in g._cellvalues]
            need = max(_cell_width(c) for c in cells) + 12  # the cells' padding, 6 pt a side
            if got + FUZZ < need:
                sizes = f"would be {got / mm:.1f} mm wide and needs {need / mm:.1f} mm"
                if what == "a track":
                    n = len(g._colWidths) - 1  # the label, then one cell a number
                    return f"a track of {n} numbers does not fit the {paper}: a cell {sizes}"
                return (
                    f"a table of {len(g._colWidths)} columns does not fit the {paper}: column"
                    f" {j + 1} {sizes}"
                )
    return None


def _doc_problems(plan: GamePlan, doc: DocPlan, kind: str, label: str) -> list[Problem]:
    from ..render.parts import doc_renderer

    renderer = doc_renderer(plan.profile)
    canv = Canvas(io.BytesIO())
    frames = list(_frames(plan, kind))
    narrowest = min(f[1] for f in frames)
    lowest = min(f[2] for f in frames)
    found: dict[int, str] = {}
    for f in _story(doc, renderer, flat=kind == "sheet"):
        block = _block_of(f)
        if not isinstance(f, Paragraph):  # a paragraph is as wide as its frame; a table not
            what = "a track" if isinstance(doc.blocks[block], TrackBlock) else "a table"
            narrow = _narrow_rows(f, canv, frames) or _cramped_tables(f, canv, frames, what)
            if narrow is not None:
                found[block] = f"{label}: {narrow}"
            for paper, width, height, slack in frames:
                w = f.wrapOn(canv, width, height)[0]
                if w > width + slack + FUZZ and block not in found:
                    found[block] = (
                        f"{label}: a block is wider than a page: it needs {w / mm:.0f} mm,"
                        f" the {paper} has room for {(width + slack) / mm:.0f} mm"
                    )
        # whole at the narrowest width within the lowest frame: it fits every page
        if _height(f, canv, narrowest, lowest) <= lowest + FUZZ:
            continue
        for paper, width, height, _slack in frames:
            over = _too_big(f, canv, width, height, split=kind != "sheet")
            if over and block not in found:
                found[block] = (
                    f"{label}: a block is taller than a page: it needs {over / mm:.0f} mm in"
                    f" one piece, the {paper} has room for {height / mm:.0f} mm"
                )
    return [Problem(doc.loc_of(block), message) for block, message in sorted(found.items())]


def page_problems(plan: GamePlan) -> list[Problem]:
    """Every block of a full-page sheet or of the rules that no page can hold."""
    problems: list[Problem] = []
    for entries in plan.parts.values():
        for entry in entries:
            if isinstance(entry, PageDoc):
                problems += _doc_problems(plan, entry.doc, "sheet", entry.item)
    problems += _doc_problems(plan, plan.rules, "rules", "rules")
    return sorted(set(problems))


__all__ = ["page_problems"]
