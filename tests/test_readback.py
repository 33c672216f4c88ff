"""readback.py's cheaper readings read what the plain ones read."""

from __future__ import annotations

import io

from pypdf import PdfReader
from pypdf.generic._font import Font
from reportlab.pdfgen import canvas

from .readback import page_texts


def _cards() -> bytes:
    """Three pages, each drawing the same two form XObjects (a card face, a card back), the
    way a built PDF of cards draws its parts."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(300, 300), invariant=True)
    for name, words in (("face", "Amber Harbour MN-0001"), ("back", "Many cards")):
        c.beginForm(name)
        c.setFont("Helvetica-Bold", 12)
        c.drawString(10, 60, words)
        c.setFont("Times-Roman", 9)
        c.drawString(10, 40, f"{name}: gain 1 water.")
        c.endForm()
    for page in range(3):
        c.setFont("Courier", 10)
        c.drawString(10, 280, f"page {page + 1}")
        for x, name in ((10, "face"), (150, "back")):
            c.saveState()
            c.translate(x, 100)
            c.doForm(name)
            c.restoreState()
        c.showPage()
    c.save()
    return buf.getvalue()


def test_page_texts_reads_each_font_once_and_the_same_text_as_pypdf(monkeypatch):
    data = _cards()
    calls: list[int] = []
    read = Font.__dict__["from_font_resource"].__func__

    def counted(cls, font):  # type: ignore[no-untyped-def]
        calls.append(id(font))
        return read(cls, font)

    monkeypatch.setattr(Font, "from_font_resource", classmethod(counted))
    plain = tuple(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
    assert all("Amber Harbour MN-0001" in text and "Many cards" in text for text in plain)
    read_plainly, calls[:] = len(calls), []
    once = page_texts(PdfReader(io.BytesIO(data)))
    assert once == plain
    assert len(calls) == len(set(calls)) < read_plainly  # each font dictionary read once
    assert Font.__dict__["from_font_resource"].__func__ is counted  # put back as it was
