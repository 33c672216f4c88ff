"""A paragraph drawn again in one file is copied, never changed: the file is the same bytes as
one whose paragraphs were all drawn afresh, and a drawing that names a page resource (a cube
tile's form) is drawn afresh on every page, so every page's resources still name it."""

from __future__ import annotations

import io

import pikepdf
from reportlab.pdfbase.pdfdoc import PDF_VERSION_DEFAULT
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from cutsheet.measure import TextStyle, face_name, register, wrapped
from cutsheet.render.pen import CanvasPen
from cutsheet.render.replay import draw_paragraph
from cutsheet.render.tagging import Tagger
from cutsheet.symbols import cube, expand

STYLE = TextStyle(font="bold", size=9, leading=11, color="#1F4E79")
PLACES = [(30.0, 700.0), (130.5, 612.25), (30.0, 500.0)]


def _canvas() -> tuple[Canvas, io.BytesIO]:
    register()
    buf = io.BytesIO()
    return Canvas(buf, invariant=1, pageCompression=0), buf


def _file(markup: str, replay: bool, pages: int = 2) -> bytes:
    c, buf = _canvas()
    para, _h = wrapped(markup, STYLE, "t", 120.0, 200.0)
    for _ in range(pages):
        for x, y in PLACES:
            if replay:
                CanvasPen(c, Tagger(False)).paragraph(markup, STYLE, "t", (120.0, 200.0), x, y)
            else:
                para.drawOn(c, x, y)
        c.showPage()
    c.save()
    return buf.getvalue()


def test_a_paragraph_drawn_again_is_the_same_bytes():
    markup = "DELIVERY &amp; demand: <b>5R&gt;G</b> — <i>Seed Tent</i> 3 × WATER"
    assert _file(markup, replay=True) == _file(markup, replay=False)


def test_a_copied_drawing_is_copied_not_redrawn():
    c, _buf = _canvas()
    para, _h = wrapped("WATER 3", STYLE, "t", 120.0, 200.0)
    draw_paragraph(c, para, 10, 10)
    before = len(c._code)
    para.drawOn = None  # a second drawing that called ReportLab would fail here
    draw_paragraph(c, para, 50, 50)
    assert c._code[before : before + 2] == ["q", "1 0 0 1 50 50 cm"]
    assert c._code[-1] == "Q"


def test_a_cube_tile_names_its_form_on_every_page():
    markup = expand(cube("R", "#D55E00") + " to bank", 9, 11, face_name("bold"))
    assert "onDraw" in markup or "<img" in markup or markup != cube("R", "#D55E00")
    data = _file(markup, replay=True, pages=3)
    with pikepdf.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            used = page.Contents.read_bytes().count(b" Do")
            named = page.Resources.get("/XObject", {})
            assert used >= len(PLACES) and len(named) >= 1


def test_a_paragraph_that_is_gone_is_forgotten_with_its_operators():
    """A deck's paragraphs drawn once (each card's id) no longer stay, laid out, until the
    file is saved: the copy is kept only while something else holds the paragraph."""
    import gc

    c, _buf = _canvas()
    kept, _h = wrapped("FUEL 2 (kept)", STYLE, "t", 120.0, 200.0)
    draw_paragraph(c, kept, 10, 10)
    for n in range(50):  # not from the measure cache, which would hold them
        gone = Paragraph(f"CR-N{n:05d}", kept.style)
        gone.wrap(120.0, 200.0)
        draw_paragraph(c, gone, 10, 30)
        del gone
    gc.collect()
    drawn = c.__dict__["_cutsheet_drawn"][0]
    assert list(drawn) == [id(kept)]
    before = len(c._code)
    kept.drawOn = None  # still copied: a drawing that called ReportLab would fail here
    draw_paragraph(c, kept, 50, 50)
    assert c._code[before : before + 2] == ["q", "1 0 0 1 50 50 cm"]


def test_another_files_drawing_is_copied_when_its_codes_agree(monkeypatch):
    """A4 and Letter draw the same faces: a paragraph drawn in one file is copied into the
    other when that file has given its characters the same codes, else drawn afresh; either
    way the file is the bytes a fresh drawing makes."""
    # ASCII keeps its own codes in every file; other characters are coded as they come
    first = wrapped("<b>Café — naïve</b> 3", STYLE, "t", 120.0, 200.0)[0]
    later = wrapped("<b>é — ï</b>", STYLE, "t", 120.0, 200.0)[0]  # first's characters
    other = wrapped("<b>ï — é</b> 7", STYLE, "t", 120.0, 200.0)[0]

    def one_file(order: list[Paragraph], replay: bool) -> bytes:
        c, buf = _canvas()
        for p in order:
            if replay:
                draw_paragraph(c, p, 40, 600)
            else:
                p.drawOn(c, 40, 600)
        c.showPage()
        c.save()
        return buf.getvalue()

    assert one_file([first, later], True) == one_file([first, later], False)  # "A4"
    drawn: list[Paragraph] = []
    real = Paragraph.drawPara
    monkeypatch.setattr(Paragraph, "drawPara", lambda p, *a: drawn.append(p) or real(p, *a))
    same = one_file([first, later], True)  # "Letter": the same codes, ``later`` copied
    assert drawn == [first]
    drawn.clear()
    moved = one_file([other, first, later], True)  # other codes: drawn afresh
    assert drawn == [other, first, later]
    monkeypatch.undo()
    assert same == one_file([first, later], False)
    assert moved == one_file([other, first, later], False)


def test_a_copy_into_another_file_asks_for_the_pdf_version_its_drawing_did():
    """A coloured paragraph asks its file for PDF 1.4 (ReportLab sets the colour's alpha): a
    file that had set only uncoloured text in that font asks for the same once the paragraph
    is copied into it."""
    para = wrapped("FIBRE 5", STYLE, "t", 120.0, 200.0)[0]  # no other test's paragraph
    first, _buf = _canvas()
    draw_paragraph(first, para, 40, 600)
    assert first._doc._pdfVersion == (1, 4)

    def plain_text(c: Canvas) -> Canvas:  # the font's subset and codes, and no colour
        c.setFont(face_name("bold"), 9)
        c.drawString(40, 700, "FIBRE 5")
        return c

    copied, fresh = plain_text(_canvas()[0]), plain_text(_canvas()[0])
    assert copied._doc._pdfVersion == (1, 3)
    para.drawOn = None  # a drawing that called ReportLab would fail here: this is a copy
    draw_paragraph(copied, para, 40, 600)
    Paragraph.drawOn(para, fresh, 40, 600)
    assert copied._code == fresh._code
    assert copied._doc._pdfVersion == fresh._doc._pdfVersion == (1, 4)


def test_a_copy_in_the_same_file_asks_for_the_pdf_version_again():
    """A face kept for the other paper's file starts its version afresh while it is drawn
    (``face_copies``): a paragraph it copies from an earlier drawing in the same file asks
    for its version again, so the kept face, copied into a file of its own, asks for it."""
    para = wrapped("HOPS 7", STYLE, "t", 120.0, 200.0)[0]  # no other test's paragraph
    c, _buf = _canvas()
    draw_paragraph(c, para, 40, 600)
    c._doc._pdfVersion = PDF_VERSION_DEFAULT  # as face_copies does while it records a face
    para.drawOn = None  # a drawing that called ReportLab would fail here: this is a copy
    draw_paragraph(c, para, 40, 500)
    assert c._doc._pdfVersion == (1, 4)
