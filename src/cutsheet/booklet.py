"""Saddle-stitch imposition with pypdf: half-size pages, two to a side of the paper."""

from __future__ import annotations

import io

from pypdf import PageObject, PdfReader, PdfWriter, Transformation
from pypdf.generic import BooleanObject, NameObject, TextStringObject

from .impose import PAPERS, pad_to_multiple, saddle_stitch_order

PT_PER_MM = 72 / 25.4


def impose_booklet(
    half_pages_pdf: bytes,
    paper_name: str,
    *,
    title: str,
    author: str,
    subject: str,
    creator: str,
    lang: str,
) -> tuple[bytes, int]:
    """Impose a PDF of half-size pages 2-up on landscape sheets in saddle-stitch order.

    Returns the PDF and the booklet's page count (padded with blanks to a multiple of 4).
    Print it two-sided, flipping on the short edge, fold the stack and staple on the fold.
    """
    reader = PdfReader(io.BytesIO(half_pages_pdf))
    count = len(reader.pages)
    total = pad_to_multiple(count, 4)
    pw, ph = PAPERS[paper_name]
    sheet_w, sheet_h = ph * PT_PER_MM, pw * PT_PER_MM  # landscape
    half_w = sheet_w / 2
    writer = PdfWriter()
    for left, right in saddle_stitch_order(total):
        side = PageObject.create_blank_page(width=sheet_w, height=sheet_h)
        for slot, index in enumerate((left, right)):
            if index >= count:
                continue
            page = reader.pages[index]
            w = float(page.mediabox.width)
            h = float(page.mediabox.height)
            dx = slot * half_w + (half_w - w) / 2
            dy = (sheet_h - h) / 2
            side.merge_transformed_page(page, Transformation().translate(dx, dy))
        writer.add_page(side)
    writer.add_metadata(
        {
            "/Title": title,
            "/Author": author,
            "/Subject": subject,
            "/Creator": creator,
            "/Producer": creator,
        }
    )
    prefs = writer.create_viewer_preferences()
    prefs[NameObject("/PrintScaling")] = NameObject("/None")
    prefs[NameObject("/Duplex")] = NameObject("/DuplexFlipShortEdge")
    prefs[NameObject("/DisplayDocTitle")] = BooleanObject(True)
    writer._root_object[NameObject("/Lang")] = TextStringObject(lang)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue(), total
