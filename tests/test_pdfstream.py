"""The tagged file written in one pass over ReportLab's bytes (``render/pdfstream.py``) holds
what the file pikepdf made before it held (``tests/tagged_reference.py``): the same structure
tree, element by element, the same ParentTree, pages, catalog and XMP properties; it is a
file qpdf finds nothing wrong with, the same bytes every time, and drawing no longer imports
pikepdf or lxml."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys

import pikepdf
import pytest
from reportlab.lib.pagesizes import A6
from reportlab.pdfgen.canvas import Canvas

from cutsheet.booklet import impose_booklet
from cutsheet.build import Options, build
from cutsheet.render import parts, writer
from cutsheet.render.pdfstream import PACK, add_structure
from cutsheet.render.pdfsyntax import string, text
from cutsheet.render.sides import Sides
from cutsheet.render.spill import Spill
from cutsheet.render.tagging import Tagger, attach
from cutsheet.render.xmp import xmp_date, xmp_packet

from .conftest import ROOT
from .tagged_reference import dump, old_add_structure

TRICKY = (
    "a (figure) with \\ backslash",
    "unbalanced ) ( parens\r\nand lines",
    "Zoë’s “quotes” — ﬁ",  # in PDFDocEncoding, but not Latin-1
    "日本語 and 🂡",  # UTF-16, a surrogate pair
    "",
)


def _drawn(pages: int = 3, alt: str = "A (red) cube") -> tuple[bytes, Tagger]:
    """A small tagged file: a heading, a list continued over pages, a table cell with a
    scope, an empty cell, a figure with ``alt``, a card section described as a whole."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=A6, invariant=True, lang="en")
    c.setTitle("Tricky <title> & co — ünïcode 日本")  # UTF-16 in the document information
    c.setAuthor("A. (Author)")
    c.setKeywords("cards, tags")
    tagger = Tagger(True)
    attach(c, tagger)
    for page in range(pages):
        with tagger.text(c, "H1" if page == 0 else "H2"):
            c.drawString(20, 380, f"Page {page + 1}")
        with tagger.node("L", key="the-list"), tagger.node("LI"):
            with tagger.text(c, "Lbl"):
                c.drawString(20, 360, f"{page + 1}.")
            with tagger.node("LBody"), tagger.text(c):
                c.drawString(40, 360, "an item")
        with tagger.node("Table"), tagger.node("TR"):
            with tagger.node("TH", Scope="Column"), tagger.text(c):
                c.drawString(20, 340, "head")
            with tagger.node("TD"):
                tagger.empty(c)
        with tagger.text(c, "Figure", Alt=TRICKY[page % len(TRICKY)] or alt):
            c.rect(20, 300, 20, 20)
        tagger.group, tagger.group_alt = f"card{page}", {f"card{page}": alt}
        with tagger.text(c):
            c.drawString(20, 280, "on a card")
        tagger.group = None
        with tagger.artifact(c):
            c.line(0, 10, 100, 10)
        c.showPage()
    c.save()
    return buf.getvalue(), tagger


def _quiet(_message: str) -> None:
    pass


def test_a_drawing_tags_as_pikepdf_tagged_it():
    raw, tagger = _drawn(pages=len(TRICKY))
    assert dump(add_structure(raw, tagger)) == dump(old_add_structure(raw, tagger))


def test_the_builds_tag_as_pikepdf_tagged_them(repo, tmp_path, monkeypatch):
    """A real build (both profiles: tables with scopes, figures with Alt texts, lists, cards)
    captured at the call, each part tagged both ways."""
    seen: list[tuple[bytes, Tagger]] = []
    booklets: list[tuple[bytes, Tagger, Sides]] = []

    def record(pdf: bytes | Spill, tagger: Tagger, booklet: Sides | None = None) -> bytes:
        seen.append((pdf.getvalue() if isinstance(pdf, Spill) else pdf, tagger))
        if booklet is not None:
            booklets.append((seen[-1][0], tagger, booklet))
        return add_structure(pdf, tagger, booklet)

    monkeypatch.setattr(parts, "add_structure", record)
    monkeypatch.setattr(writer, "add_structure", record)
    options = Options(profiles=("standard", "large-print"), papers=("a4",))
    _outputs, report = build(repo, ["bidding-alpha"], options, tmp_path, 1, _quiet)
    assert not report.errors, report.errors
    assert len(seen) == 8  # cards, sheets, rules, the booklet's half pages; two profiles
    attrs = {
        key
        for _pdf, tagger in seen
        for tags in tagger.pages.values()
        for tag in tags
        for key, _v in tag.attrs + tuple(a for node in tag.path for a in node.attrs)
    }
    assert attrs == {"Alt", "Scope"}
    for pdf, tagger in seen:
        assert dump(add_structure(pdf, tagger)) == dump(old_add_structure(pdf, tagger))
    # the booklet's sides, written with its tags, as pikepdf imposed the tagged half pages
    assert len(booklets) == 2
    for pdf, tagger, sides in booklets:
        half = add_structure(pdf, tagger)
        with pikepdf.open(io.BytesIO(half)) as doc:
            info = {str(k)[1:].lower(): str(v) for k, v in doc.docinfo.items()}
            lang = str(doc.Root.Lang)
        paper = (sides.height * 25.4 / 72, sides.width * 25.4 / 72)
        old, count = impose_booklet(
            half, paper, title=info["title"], author=info["author"], subject=info["subject"],
            creator=info["creator"], lang=lang,
        )  # fmt: skip
        new = add_structure(pdf, tagger, sides)
        assert count == len(sides.pairs)
        assert dump(new) == dump(old)


def test_the_file_is_one_pass_output(tmp_path):
    """PDF 1.5, ReportLab's objects under their own numbers, the small ones and the
    structure in object streams of at most PACK objects, the XMP a plain top-level stream,
    a cross-reference stream; qpdf finds nothing wrong."""
    raw, tagger = _drawn(pages=40)
    data = add_structure(raw, tagger)
    assert data.startswith(b"%PDF-1.5\n")
    assert b"/Type/XRef" in data and b"\nxref\n" not in data
    assert not re.search(rb"/Type ?/(Page|Catalog|StructElem)\b", data)  # all packed
    path = tmp_path / "tagged.pdf"
    path.write_bytes(data)
    with pikepdf.open(path) as pdf:
        assert [p.obj.objgen for p in pdf.pages] == [
            p.obj.objgen for p in pikepdf.open(io.BytesIO(raw)).pages
        ]
        metadata = pdf.Root.Metadata
        assert "/Filter" not in metadata.stream_dict
        assert b"<pdfuaid:part>1</pdfuaid:part>" in metadata.read_raw_bytes()
        streams = [o for o in pdf.objects if o.get("/Type") == "/ObjStm"]
        assert len(streams) >= 2 and max(int(s.N) for s in streams) <= PACK
    if shutil.which("qpdf"):
        done = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
        assert not re.search("warning|error:", done.stdout + done.stderr, re.IGNORECASE)


def test_the_same_drawing_gives_the_same_bytes():
    first, second = _drawn(), _drawn()  # new node keys, the same file
    assert add_structure(*first) == add_structure(*second)
    other = _drawn(alt="A (blue) cube")
    assert add_structure(*other) != add_structure(*first)


@pytest.mark.parametrize("value", TRICKY)
def test_a_text_string_reads_back_as_it_was(value):
    """(pikepdf reads the Alt texts of TRICKY in the tests above.)"""
    assert text(string(value)) == value


def test_an_untagged_drawing_is_left_as_it_is():
    raw, _tagger = _drawn()
    assert add_structure(raw, Tagger(False)) is raw


@pytest.mark.parametrize(
    ("pdf", "xmp"),
    [
        ("D:20000101000000+00'00'", "2000-01-01T00:00:00+00:00"),
        ("D:20240229123456Z", "2024-02-29T12:34:56+00:00"),
        ("D:20240229123456-05'30'", "2024-02-29T12:34:56-05:30"),
        ("D:2024022912", "2024-02-29T12:00:00"),
        ("D:2024", "2024"),
        ("D:202402", "2024-02"),
        ("D:20240229", "2024-02-29"),
        ("D:2024130112", ""),  # a month 13
        ("yesterday", ""),
    ],
)
def test_pdf_dates_become_xmp_dates(pdf, xmp):
    assert xmp_date(pdf) == xmp


def test_the_xmp_reads_back_with_its_values():
    info = {
        "/Title": "Cards <&> “quoted” 日本",
        "/Author": "A & B",
        "/Subject": "",  # left out, as pikepdf left it out
        "/CreationDate": "D:20000101000000+00'00'",
        "/Trapped": "/False",
    }
    with pikepdf.new() as pdf:
        pdf.Root.Metadata = pdf.make_stream(xmp_packet(info, "de"))
        meta = pdf.open_metadata()
        assert meta["dc:title"] == info["/Title"]
        assert meta["dc:creator"] == ["A & B"]
        assert "dc:description" not in meta
        assert meta["xmp:CreateDate"] == "2000-01-01T00:00:00+00:00"
        assert meta["dc:language"] == {"de"}
        assert meta["pdfuaid:part"] == "1"


def test_drawing_imports_neither_pikepdf_nor_lxml():
    """Only the booklet reads and writes a PDF with pikepdf; tagging needs neither."""
    script = (
        "import sys\n"
        "import cutsheet.render.parts, cutsheet.render.writer\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'pikepdf', 'lxml'}))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.stdout.strip() == "[]", done.stderr


def test_a_file_read_back_from_a_spill_on_disk_is_tagged_as_from_its_bytes():
    """ReportLab's file written into a ``Spill`` that moved to disk, read back an object
    at a time, is tagged to the same bytes as the file held whole."""
    raw, tagger = _drawn(pages=40)
    spill = Spill(spill_from=len(raw) // 3)
    for at in range(0, len(raw), 1000):
        spill.write(raw[at : at + 1000])
    assert spill.on_disk and spill.getvalue() == raw
    with spill:
        assert add_structure(spill, tagger) == add_structure(raw, tagger)
    untagged = Spill()
    untagged.write(raw)
    assert add_structure(untagged, Tagger(False)) == raw


def test_the_predictor_gives_the_same_rows_a_run_at_a_time(monkeypatch):
    import random

    from cutsheet.render import pdfstream

    rows = bytes(random.Random(7).randrange(256) for _ in range(5 * 1000))
    width = 5
    above = bytes(width) + rows[:-width]
    expected = bytearray()
    for r in range(len(rows) // width):
        row = rows[r * width : (r + 1) * width]
        up = above[r * width : (r + 1) * width]
        expected += b"\x02" + bytes((x - y) % 256 for x, y in zip(row, up, strict=True))
    assert pdfstream.up_predicted(rows, width) == bytes(expected)
    monkeypatch.setattr(pdfstream, "PREDICT_ROWS", 7)  # 143 runs, the last one short
    assert pdfstream.up_predicted(rows, width) == bytes(expected)


def test_an_untagged_booklet_is_still_imposed(ws):
    """A profile that writes no tags (a designer's own): its booklet is imposed as before
    (pikepdf), landscape sides two half pages wide, with nothing of the structure tree."""
    standard = (ROOT / "src/cutsheet/data/layouts/profiles/standard.yaml").read_text()
    plain = standard.replace("name: standard", "name: plain").replace(
        "tagged: true", "tagged: false"
    )
    assert plain.count("tagged: false") == 1
    ws.path("layouts/profiles").mkdir(exist_ok=True)
    ws.path("layouts/profiles/plain.yaml").write_text(plain)
    options = Options(profiles=("plain",), papers=("a4",))
    _outputs, report = build(ws.project, ["common-reserve"], options, ws.root / "build", 1, _quiet)
    assert not report.errors, report.errors
    path = ws.root / "build" / "common-reserve" / "plain-a4" / "rules-booklet.pdf"
    with pikepdf.open(path) as pdf:
        assert "/StructTreeRoot" not in pdf.Root
        assert len(pdf.pages) % 2 == 0
        for page in pdf.pages:
            w, h = float(page.mediabox[2]), float(page.mediabox[3])
            assert round(w / 72 * 25.4) == 297 and round(h / 72 * 25.4) == 210
            if "/Contents" in page.obj:
                assert b"/Part BMC" in page.obj.Contents.read_bytes()


def test_a_booklet_the_writer_cannot_impose_is_imposed_by_pikepdf(ws, monkeypatch):
    """Half pages the one-pass writer does not handle (``NotImposable``: several content
    streams, annotations, a nested page tree) go to pikepdf, tags and all."""
    from cutsheet.render import sides

    def refuse(*_args: object) -> list[sides.HalfPage]:
        raise sides.NotImposable("a nested page tree")

    monkeypatch.setattr(sides, "half_pages", refuse)
    options = Options(profiles=("standard",), papers=("a4",))
    _outputs, report = build(ws.project, ["common-reserve"], options, ws.root / "build", 1, _quiet)
    assert not report.errors, report.errors
    path = ws.root / "build" / "common-reserve" / "standard-a4" / "rules-booklet.pdf"
    with pikepdf.open(path) as pdf:
        assert "/StructTreeRoot" in pdf.Root
        assert round(float(pdf.pages[0].mediabox[2]) / 72 * 25.4) == 297  # landscape sides
        mcrs = [
            e
            for e in pdf.Root.StructTreeRoot.ParentTree.Nums[1]
            if isinstance(e.get("/K"), pikepdf.Dictionary)
        ]
        assert mcrs and all("/Stm" in e.K for e in mcrs)
