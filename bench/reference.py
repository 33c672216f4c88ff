"""The reference: N pages of poker cards drawn with plain ReportLab, the way a careful hand
would, to put cutsheet's per-page time and size in proportion.

A4 portrait, a 3 × 3 grid of 63 × 88 mm cards centred on the page; each card has a thin
rounded border, a bold title, a wrapped Paragraph (one ParagraphStyle made once) and its id
in small type; crop marks sit on every cut line, outside the grid. One TrueType family
(Atkinson Hyperlegible regular + bold) is registered once and embedded as subsets; page
compression and invariant mode are on, so the output is repeatable.

Usage (from the repository root): ``python -m bench.reference PAGES OUT.pdf``
"""

from __future__ import annotations

import argparse
from pathlib import Path

from reportlab.lib.enums import TA_LEFT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from bench.texts import card_effect, card_title

FONTS = Path(__file__).resolve().parents[1] / "src" / "cutsheet" / "data" / "fonts"
REGULAR, BOLD = "Atkinson", "Atkinson-Bold"
CARD_W, CARD_H = 63 * mm, 88 * mm
COLS, ROWS = 3, 3
MARK_GAP, MARK_LEN = 2 * mm, 5 * mm
PAD = 5 * mm


def register_fonts() -> None:
    """Register the one family, regular and bold, so ``<b>`` in a Paragraph resolves."""
    pdfmetrics.registerFont(TTFont(REGULAR, str(FONTS / "AtkinsonHyperlegible-Regular.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(FONTS / "AtkinsonHyperlegible-Bold.ttf")))
    pdfmetrics.registerFontFamily(
        REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD
    )


def grid_origin() -> tuple[float, float]:
    """Bottom-left corner of the card grid, centred on an A4 portrait page."""
    page_w, page_h = A4
    return (page_w - COLS * CARD_W) / 2, (page_h - ROWS * CARD_H) / 2


def draw_crop_marks(canvas: Canvas) -> None:
    """Short hairlines continuing every cut line into the margin, never over a card."""
    x0, y0 = grid_origin()
    x1, y1 = x0 + COLS * CARD_W, y0 + ROWS * CARD_H
    canvas.setLineWidth(0.25)
    for col in range(COLS + 1):
        x = x0 + col * CARD_W
        canvas.line(x, y1 + MARK_GAP, x, y1 + MARK_GAP + MARK_LEN)
        canvas.line(x, y0 - MARK_GAP, x, y0 - MARK_GAP - MARK_LEN)
    for row in range(ROWS + 1):
        y = y0 + row * CARD_H
        canvas.line(x0 - MARK_GAP, y, x0 - MARK_GAP - MARK_LEN, y)
        canvas.line(x1 + MARK_GAP, y, x1 + MARK_GAP + MARK_LEN, y)


def draw_card(canvas: Canvas, x: float, y: float, index: int, style: ParagraphStyle) -> None:
    """One card with its bottom-left corner at (x, y)."""
    canvas.setLineWidth(0.8)
    canvas.roundRect(x + 1.5 * mm, y + 1.5 * mm, 60 * mm, 85 * mm, 2.5 * mm)
    canvas.setFont(BOLD, 13)
    canvas.drawCentredString(x + CARD_W / 2, y + CARD_H - 14 * mm, card_title(index))
    body = Paragraph(card_effect(index), style)
    width = CARD_W - 2 * PAD
    _w, height = body.wrap(width, 52 * mm)
    body.drawOn(canvas, x + PAD, y + CARD_H - 24 * mm - height)
    canvas.setFont(REGULAR, 5.5)
    canvas.drawRightString(x + CARD_W - 4 * mm, y + 4 * mm, f"REF-{index + 1:05d}")


def draw_page(canvas: Canvas, page: int, style: ParagraphStyle) -> None:
    """Nine cards, read left to right and top to bottom, then the crop marks."""
    x0, y0 = grid_origin()
    for slot in range(COLS * ROWS):
        col, row = slot % COLS, slot // COLS
        x = x0 + col * CARD_W
        y = y0 + (ROWS - 1 - row) * CARD_H
        draw_card(canvas, x, y, page * COLS * ROWS + slot, style)
    draw_crop_marks(canvas)
    canvas.showPage()


def write_reference(pages: int, out: Path) -> None:
    register_fonts()
    style = ParagraphStyle("effect", fontName=REGULAR, fontSize=9, leading=12, alignment=TA_LEFT)
    canvas = Canvas(
        str(out),
        pagesize=A4,
        pageCompression=1,
        invariant=1,
        initialFontName=REGULAR,  # else Helvetica lands in the resources, unembedded
        initialFontSize=9,
    )
    canvas.setTitle("cutsheet benchmark reference")
    for page in range(pages):
        draw_page(canvas, page, style)
    canvas.save()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="N pages of 3 × 3 poker cards, plain ReportLab")
    parser.add_argument("pages", type=int, help="number of card pages")
    parser.add_argument("out", type=Path, help="output PDF path")
    args = parser.parse_args(argv)
    write_reference(args.pages, args.out)


if __name__ == "__main__":
    main()
