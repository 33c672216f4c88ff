"""The duplex calibration sheet: squares on the front; on the back the same squares mirrored
and shifted by −2…+2 mm, each labelled with its offset. Held to the light, the pair that
coincides names the ``--back-offset`` to build with. Sized from the profile's text size, so
the large-print sheet stays legible and on the page."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from ..measure import face_name, fresh
from .tagging import Tagger

STEPS = (-2, -1, 0, 1, 2)
SQUARE_MM = 14.0
MARGIN_MM = 15.0
FRONT = ("Print this page and the next on the two sides of one sheet.",)
BACK = (
    "Print two-sided (flip on the long edge) and hold the sheet to a window.",
    "The back square that sits exactly on its front square gives, by its label,"
    " the --back-offset X,Y (mm) to build with.",
)


def _paragraphs(
    lines: tuple[str, ...], body: ParagraphStyle, heading: ParagraphStyle, title: str, width: float
) -> list[tuple[Paragraph, float, float]]:
    """The page's title and lines as wrapped paragraphs: (paragraph, height, gap below)."""
    out = []
    for text, style in [(title, heading)] + [(line, body) for line in lines]:
        para = fresh(text, style)
        _, h = para.wrap(width, 10_000)
        out.append((para, h, style.fontSize * 0.5))
    return out


@lru_cache(maxsize=8)
def _pages(
    size: float, heading_size: float, width: float
) -> tuple[list[tuple[Paragraph, float, float]], ...]:
    """Both pages' paragraphs, wrapped, for text ``size`` pt and a heading ``heading_size``
    pt on a page ``width`` points wide: the same for every cards file of a profile on a
    paper, so parsed and laid out once."""
    regular, bold = face_name("regular"), face_name("bold")
    body = ParagraphStyle("body", fontName=regular, fontSize=size, leading=size * 1.3)
    heading = ParagraphStyle(
        "heading", fontName=bold, fontSize=heading_size, leading=heading_size * 1.3
    )
    return tuple(
        _paragraphs(lines, body, heading, "Duplex calibration: " + side, width)
        for side, lines in (("front", FRONT), ("back", BACK))
    )


def draw_calibration(
    c: Canvas,
    paper: tuple[float, float],
    size: float,
    heading_size: float,
    tagger: Tagger,
    finish: Callable[[str], None],
) -> None:
    """Both pages of the sheet, its text ``size`` pt (8 at least) under a heading set as the
    profile's headings are (``heading_size``: 24 pt in large print, as every heading of
    its files); ``finish(label)`` ends each page with its furniture. The
    squares stand at the same place on both pages (the back's mirrored), below the taller
    of the two pages' instructions, so the pair at offset 0,0 coincides on a true duplex."""
    pw, ph = paper
    size = max(size, 8.0)
    regular = face_name("regular")
    pages = _pages(size, max(heading_size, size + 3), (pw - 2 * MARGIN_MM) * mm)
    text_mm = max(sum(h + gap for _, h, gap in paras) for paras in pages) / mm
    label_w = stringWidth("+2,+2", regular, size) / mm
    cell = max(30.0, SQUARE_MM + 2 * 2 + label_w, SQUARE_MM + 4 + 2 * size / mm)
    n = len(STEPS)
    cell = min(cell, (pw - 2 * MARGIN_MM) / n)
    x0 = (pw - cell * n) / 2
    grid_top = min(ph - MARGIN_MM - text_mm - 6, (ph + cell * n) / 2)  # mm from the bottom
    for back, paras in zip((False, True), pages, strict=True):
        top = (ph - MARGIN_MM) * mm
        for para, h, gap in paras:
            with tagger.text(c, "H2" if para.style.name == "heading" else "P"):
                para.drawOn(c, MARGIN_MM * mm, top - h)
            top -= h + gap
        with tagger.artifact(c):
            c.setLineWidth(0.5)
            for j, dy in enumerate(STEPS):
                for i, dx in enumerate(STEPS):
                    cx = x0 + (i + 0.5) * cell
                    cy = grid_top - (j + 0.5) * cell + (size / mm) * 0.6
                    if back:
                        cx, cy = pw - cx + dx, cy + dy
                    half = SQUARE_MM / 2
                    c.rect((cx - half) * mm, (cy - half) * mm, SQUARE_MM * mm, SQUARE_MM * mm)
                    if back:  # the label below its square, clear of it
                        c.setFont(regular, size)
                        baseline = cy - half - 1.5 - size * 0.75 / mm
                        c.drawCentredString(cx * mm, baseline * mm, f"{dx:+d},{dy:+d}")
        finish("calibration")
