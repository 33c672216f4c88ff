"""PDF plumbing shared by every part: canvases with metadata, page furniture, atomic writes."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from functools import partial
from typing import IO, Literal

from reportlab import rl_config
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from ..flow.frames import INK_MM, Furniture
from ..impose import (
    SCALE_BAR,
    SCALE_LABEL_AT,
    SCALE_LABEL_DROP,
    SCALE_STROKE,
    SCALE_TICK,
    Segment,
)
from ..measure import register
from .deflate import deflate

rl_config.useA85 = 0  # compressed streams stay binary: ASCII85 only adds a quarter and time

MARK_WIDTH_PT = 0.25


@dataclass(frozen=True)
class DocMeta:
    title: str
    author: str
    subject: str
    creator: str
    lang: str
    duplex: Literal["long", "short"] | None = None


def apply_meta(c: Canvas, meta: DocMeta) -> None:
    c.setTitle(meta.title)
    c.setAuthor(meta.author)
    c.setSubject(meta.subject)
    c.setCreator(meta.creator)
    c.setProducer(meta.creator)
    c.setViewerPreference("PrintScaling", "None")
    c.setViewerPreference("DisplayDocTitle", "true")
    if meta.duplex:
        flip = "DuplexFlipLongEdge" if meta.duplex == "long" else "DuplexFlipShortEdge"
        c.setViewerPreference("Duplex", flip)


class _Deflated:
    """The Flate filter already applied: ``PDFStream.format`` names it and passes the bytes
    on as they are."""

    pdfname = "FlateDecode"

    def encode(self, data: bytes) -> bytes:
        return data


DEFLATED = _Deflated()


class _PageStream(pdfdoc.PDFStream):
    """A page's content, compressed when the page ended; let go once it is written out."""

    def format(self, document: pdfdoc.PDFDocument) -> bytes:
        formatted: bytes = super().format(document)
        self.content = None  # written once: formatting it again would fail, not repeat it
        return formatted


class _Streaming(pdfdoc.PDFFile):
    """ReportLab's output collector (``PDFFile``), writing each piece to ``sink`` as it is
    made: ReportLab's own keeps every piece, then joins them into one string, which its
    ``SaveToFile`` writes to the file; the whole file was held twice over, and once more
    in the file when that is a ``BytesIO``. The pieces, their order and their offsets are
    the same, so are the bytes; what ``format`` returns for the file is then nothing."""

    def __init__(self, pdfVersion: tuple[int, int], sink: IO[bytes]) -> None:  # noqa: N803
        super().__init__(pdfVersion)
        for piece in self.strings:  # the header
            sink.write(piece)
        self.strings = []
        self.write = sink.write

    def format(self, document: pdfdoc.PDFDocument) -> bytes:
        return b""


class DeflatingCanvas(Canvas):
    """A canvas that holds each finished page's content compressed instead of as text, and
    writes its file to its file object a piece at a time.

    ReportLab keeps every page's content stream, as one string, until ``save``, and only then
    compresses it (``PDFPage.check_format``: a ``PDFStream`` with the Flate filter, which is
    ``zlib.compress`` of the UTF-8 text). Here the same call is made when the page ends and
    the page is given the same stream, already compressed: the file's bytes are the same, and
    a 10,000-card deck no longer holds its pages' text (about a sixth as much compressed).
    ``save`` streams the file (``_Streaming``), each page's content let go as it is written."""

    def save(self) -> None:
        sink = self._filename
        if not callable(getattr(sink, "write", None)):
            super().save()  # a file name: ReportLab opens it and writes it whole
            return
        made = pdfdoc.PDFFile
        pdfdoc.PDFFile = partial(_Streaming, sink=sink)  # type: ignore[misc]
        try:
            super().save()
        finally:
            pdfdoc.PDFFile = made  # type: ignore[misc]

    def showPage(self) -> None:  # noqa: N802 - ReportLab's name
        super().showPage()
        page = self._doc.Pages.pages[-1]
        text = page.stream
        if not (page.compression and text and not rl_config.useA85):
            return  # ReportLab's own way: a plain page, ASCII85 or an empty stream
        data = text.encode("utf8") if isinstance(text, str) else text
        stream = _PageStream(content=deflate(data), filters=[DEFLATED])
        stream.__Comment__ = "page stream"
        page.Contents = stream
        page.stream = None


def new_canvas(buf: IO[bytes], page_mm: tuple[float, float], meta: DocMeta) -> Canvas:
    """A canvas whose only fonts are our embedded TrueType faces (see ``DeflatingCanvas``)."""
    regular = register()
    c = DeflatingCanvas(
        buf,
        pagesize=(page_mm[0] * mm, page_mm[1] * mm),
        initialFontName=regular,
        initialFontSize=8,
        lang=meta.lang,
        pageCompression=1,
    )
    apply_meta(c, meta)
    return c


def draw_segments(c: Canvas, segments: tuple[Segment, ...], width: float = MARK_WIDTH_PT) -> None:
    c.saveState()
    c.setLineWidth(width)
    c.setStrokeColorRGB(0, 0, 0)
    for s in segments:
        c.line(s.x1 * mm, s.y1 * mm, s.x2 * mm, s.y2 * mm)
    c.restoreState()


def draw_scale_bar(c: Canvas, x_mm: float, y_mm: float, *, vertical: bool, size: float = 6) -> None:
    """A 50 mm bar with end ticks and its label, to check the print scale with a ruler; its
    measures are the ones ``impose`` plans its room with."""
    c.saveState()
    c.translate(x_mm * mm, y_mm * mm)
    if vertical:
        c.rotate(90)
    c.setLineWidth(SCALE_STROKE)
    c.line(0, 0, SCALE_BAR * mm, 0)
    for t in (0, 10, 20, 30, 40, 50):
        tick = SCALE_TICK if t in (0, SCALE_BAR) else SCALE_TICK / 2
        c.line(t * mm, -tick * mm, t * mm, tick * mm)
    c.setFont(register(), size)
    c.drawString(SCALE_LABEL_AT * mm, -size * SCALE_LABEL_DROP, "50 mm")
    c.restoreState()


def draw_note(
    c: Canvas, text: str, x_mm: float, y_mm: float, *, vertical: bool, size: float = 6
) -> None:
    c.saveState()
    c.translate(x_mm * mm, y_mm * mm)
    if vertical:
        c.rotate(90)
    c.setFont(register(), size)
    c.drawString(0, 0, text)
    c.restoreState()


def page_furniture(
    c: Canvas,
    page_mm: tuple[float, float],
    label: str,
    f: Furniture,
    side_mm: float = 12.0,
    marked: Callable[[str], AbstractContextManager[None]] | None = None,
) -> None:
    """For flowing pages: the scale bar, the note above it at bottom left, the label at the
    right, ``side_mm`` in from either side (a rules page: in line with its text block); all
    of it at least 5 mm from every edge of the paper. ``marked`` says how each piece ("bar",
    "note", "label") is marked; without it, as the caller has it."""
    mark = marked or (lambda _piece: nullcontext())
    w, _h = page_mm
    line = f.line_mm
    # the bar's end ticks reach 1.6 mm below its line, its "50 mm" hangs lower at large sizes
    bar_y = INK_MM + max(2.0, f.size * 0.65 / mm)
    with mark("bar"):
        draw_scale_bar(c, side_mm, bar_y, vertical=False, size=f.size)
    note_y = bar_y + 1.6 + 1.0 + line * 0.25
    with mark("note"):
        draw_note(c, f.note, side_mm, note_y, vertical=False, size=f.size)
    with mark("label"):
        c.saveState()
        c.setFont(register(), f.size)
        right = w - side_mm
        c.drawRightString(right * mm, (note_y + line + 0.5) * mm, f.titled(label, w - 2 * side_mm))
        c.restoreState()
