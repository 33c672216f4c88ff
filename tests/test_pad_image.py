"""The transparent spacer that makes room for a symbol in running text is one picture: every
paragraph parsed with it shares one reader (its file opened and decoded once a process), and
a file that draws it on several pages holds it once."""

from __future__ import annotations

import io

import pikepdf
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from cutsheet.measure import TextStyle, face_name, register
from cutsheet.render.pen import CanvasPen
from cutsheet.render.tagging import Tagger
from cutsheet.symbols import cube, expand

STYLE = TextStyle(font="regular", size=9, leading=11, color="#000000")


def _spacers(p: Paragraph) -> list[object]:
    return [
        f.cbDefn.image for f in p.frags if getattr(f, "cbDefn", None) and f.cbDefn.kind == "img"
    ]


def test_paragraphs_with_symbols_share_the_spacers_reader() -> None:
    register()
    style = ParagraphStyle("t", fontName=face_name("regular"), fontSize=9, leading=11)
    texts = [
        cube("R", "#D55E00") + " to bank",
        "pay " + cube("G", "#009E73") + cube("B", "#0072B2"),
    ]
    readers = [
        r for t in texts for r in _spacers(Paragraph(expand(t, 9, 11, face_name("bold")), style))
    ]
    assert len(readers) >= 3
    assert all(r is readers[0] for r in readers)


def test_a_file_holds_the_spacer_once() -> None:
    register()
    buf = io.BytesIO()
    c = Canvas(buf, invariant=1)
    for page in range(3):
        for i in range(2):
            markup = expand(f"{page}.{i} " + cube("R", "#D55E00"), 9, 11, face_name("bold"))
            CanvasPen(c, Tagger(False)).paragraph(
                markup, STYLE, "t", (120.0, 40.0), 50, 700 - 50 * i
            )
        c.showPage()
    c.save()
    with pikepdf.open(io.BytesIO(buf.getvalue())) as pdf:
        images = {
            obj.objgen
            for page in pdf.pages
            for obj in page.Resources.get("/XObject", {}).values()
            if obj.get("/Subtype") == "/Image"
        }
    assert len(images) == 1
