"""ReportLab's line breaking measures each word through ``measure._word_width``: the same
width as ReportLab's own, remembered (a paragraph is broken at several widths)."""

from __future__ import annotations

from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Paragraph
from reportlab.platypus import paragraph as paragraph_module

from cutsheet import measure


def test_the_same_widths_as_reportlab(monkeypatch):
    measure.register()
    monkeypatch.setattr(measure, "_widths", {})
    regular, bold = measure.face_name("regular"), measure.face_name("bold")
    for text in ["WATER", "5R>G", "", " ", "é—×", "a" * 300]:
        for font in (regular, bold):
            for size in (6.5, 9.0, 18.0):
                want = measure._font_width(text, font, size)
                assert measure._word_width(text, font, size) == want
                assert measure._word_width(text, font, size) == want  # remembered
    assert paragraph_module.stringWidth is measure._word_width
    assert measure._word_width(b"WATER", regular, 9.0) == pdfmetrics.stringWidth(
        "WATER", regular, 9.0
    )


def test_what_is_remembered_is_bounded(monkeypatch):
    measure.register()
    monkeypatch.setattr(measure, "_widths", {})
    monkeypatch.setattr(measure, "WIDTHS_KEPT", 100)
    for i in range(1_000):
        measure._word_width(f"w{i}", measure.face_name("regular"), 9.0)
    assert len(measure._widths) <= 100


def test_lines_break_where_they_did():
    """A paragraph broken with remembered widths breaks as ReportLab alone breaks it."""
    from reportlab.lib.styles import ParagraphStyle

    measure.register()
    style = ParagraphStyle("t", fontName=measure.face_name("regular"), fontSize=9, leading=11)
    text = "Take your income from every card that has one, then bid on a card " * 4
    ours = Paragraph(text, style)
    ours.wrap(120, 1000)
    paragraph_module.stringWidth, kept = pdfmetrics.stringWidth, paragraph_module.stringWidth
    try:
        theirs = Paragraph(text, style)
        theirs.wrap(120, 1000)
    finally:
        paragraph_module.stringWidth = kept
    assert [line[1] for line in ours.blPara.lines] == [line[1] for line in theirs.blPara.lines]
