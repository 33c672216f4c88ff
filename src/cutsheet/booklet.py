"""Saddle-stitch imposition: half-size pages, two to a side of the paper, tags kept.

Each half page is placed at 100 % as a Form XObject (pikepdf). When the half-page file is
tagged, every structure element that pointed at marked content on a half page is re-pointed
at the same content inside its XObject on the printed side (a marked-content reference), so
a screen reader still reads the booklet in page order while the printer gets imposed sides.

The ``Do`` that paints a half page is itself wrapped in a marked-content sequence (``/Part``,
no MCID): nothing on a side is painted outside marked content, while the half page's own
sequences, inside the XObject, stay the ones the structure tree references (an ``/Artifact``
wrapper would hide them from a reader, an MCID would nest one tagged sequence in another).
"""

from __future__ import annotations

import io

import pikepdf
from pikepdf import Dictionary, Name, Rectangle

from .impose import pad_to_multiple, saddle_stitch_order
from .render.xmp import xmp_packet

PT_PER_MM = 72 / 25.4
# Written once, compactly and the same every time: objects packed in compressed object streams
# (the structure tree is most of a tagged file's objects), streams compressed, a fixed /ID.
# The XMP is left as ``declare_pdfua`` wrote it: it names no PDF version for pikepdf to fix
# (and reading it would import lxml, for nothing).
SAVE = {
    "deterministic_id": True,
    "compress_streams": True,
    "object_stream_mode": pikepdf.ObjectStreamMode.generate,
    "fix_metadata_version": False,
}


def _repoint_structure(
    pdf: pikepdf.Pdf, placed: dict[int, tuple[pikepdf.Page, pikepdf.Object]]
) -> None:
    """Structure elements of half page k now reference its XObject on the sheet it sits on."""
    if "/StructTreeRoot" not in pdf.Root:
        return
    nums = pdf.Root.StructTreeRoot.ParentTree.Nums
    by_key = {int(nums[i]): nums[i + 1] for i in range(0, len(nums), 2)}
    for index, (sheet, xobject) in placed.items():
        half = pdf.pages[index].obj
        if "/StructParents" not in half:
            continue
        key = int(half.StructParents)
        xobject.StructParents = key
        for mcid, elem in enumerate(by_key.get(key, [])):
            kids = elem.K
            if isinstance(kids, pikepdf.Array):  # one element over pages: a reference a part
                for i, kid in enumerate(kids):
                    if kid.Pg.objgen == half.objgen and int(kid.MCID) == mcid:
                        kids[i] = Dictionary(Type=Name.MCR, Pg=sheet.obj, Stm=xobject, MCID=mcid)
                continue  # (its page: the one it starts on, with the groups')
            elem.Pg = sheet.obj
            elem.K = Dictionary(Type=Name.MCR, Pg=sheet.obj, Stm=xobject, MCID=mcid)
    sheets = {pdf.pages[index].obj.objgen: sheet.obj for index, (sheet, _x) in placed.items()}
    _repoint_groups(pdf.Root.StructTreeRoot, sheets)


def _repoint_groups(root: pikepdf.Object, sheets: dict[tuple[int, int], pikepdf.Object]) -> None:
    """An element that groups others (a list, a table, a card's section) names the page it
    starts on: the side that half page is on now. Left on the half page, it kept that page,
    which is dropped from the booklet, alive in the file, and pointed the tree outside it."""
    stack = [root]
    while stack:
        elem = stack.pop()
        page = elem.get("/Pg")
        if page is not None and page.objgen in sheets:
            elem.Pg = sheets[page.objgen]
        kids = elem.get("/K")
        for kid in kids if isinstance(kids, pikepdf.Array) else [kids]:
            if isinstance(kid, Dictionary) and "/S" in kid:  # an element, not content
                stack.append(kid)


def _place_half_pages(
    pdf: pikepdf.Pdf, count: int, paper: tuple[float, float]
) -> dict[int, tuple[pikepdf.Page, pikepdf.Object]]:
    """Add a landscape sheet side for each pair of half pages in saddle-stitch order (the
    ``count`` half pages padded with blanks to a multiple of 4), each half page painted at
    100 %, centred on its half of the side. Returns each half page's index → the side it is
    on and its XObject there."""
    pw, ph = paper
    sheet_w, sheet_h = ph * PT_PER_MM, pw * PT_PER_MM  # landscape
    half_w = sheet_w / 2
    placed: dict[int, tuple[pikepdf.Page, pikepdf.Object]] = {}
    for left, right in saddle_stitch_order(pad_to_multiple(count, 4)):
        sheet = pdf.add_blank_page(page_size=(sheet_w, sheet_h))
        painted: list[bytes] = []
        for slot, index in enumerate((left, right)):
            if index >= count:
                continue
            half = pdf.pages[index]
            box = half.mediabox
            w, h = float(box[2]) - float(box[0]), float(box[3]) - float(box[1])
            x = slot * half_w + (half_w - w) / 2
            y = (sheet_h - h) / 2
            form = half.as_form_xobject()
            name = sheet.add_resource(form, Name.XObject, Name(f"/Page{index + 1}"))  # stable name
            rect = Rectangle(x, y, x + w, y + h)
            placement = sheet.calc_form_xobject_placement(
                form, name, rect, allow_shrink=False, allow_expand=False
            )
            painted.append(b"/Part BMC\n" + placement + b"\nEMC")
            placed[index] = (sheet, sheet.Resources.XObject[name])
        _set_contents(pdf, sheet, painted)
    return placed


def _set_contents(pdf: pikepdf.Pdf, sheet: pikepdf.Page, painted: list[bytes]) -> None:
    """One content stream per side, or none on a side with nothing on it. A blank page comes
    with an empty content stream, which qpdf saves (``compress_streams``) as ``/FlateDecode``
    with no data at all: not a valid compressed stream, and MuPDF says so ("premature end of
    data in flate filter"). A page without ``/Contents`` is an empty page (PDF 32000 7.7.3.3)."""
    if painted:
        sheet.obj.Contents = pdf.make_stream(b"\n".join(painted))
    else:
        del sheet.obj.Contents


def _keep_only_sides(pdf: pikepdf.Pdf, count: int) -> None:
    """Drop the ``count`` half pages, leaving the sides; a side is folded, never cut, and
    its tab order follows the structure."""
    for _ in range(count):
        del pdf.pages[0]
    for page in pdf.pages:
        page.obj.Tabs = Name.S
        page.obj.TrimBox = page.obj.MediaBox  # a booklet side is folded, never cut
        page.obj.BleedBox = page.obj.MediaBox


def _describe(
    pdf: pikepdf.Pdf, *, title: str, author: str, subject: str, creator: str, lang: str
) -> None:
    """Document information, language and viewer preferences: printed at 100 %, two-sided
    flipping on the short edge, the title shown."""
    pdf.docinfo[Name.Title] = title
    pdf.docinfo[Name.Author] = author
    pdf.docinfo[Name.Subject] = subject
    pdf.docinfo[Name.Creator] = creator
    pdf.docinfo[Name.Producer] = creator
    pdf.Root.Lang = pikepdf.String(lang)
    prefs = pdf.Root.get("/ViewerPreferences", Dictionary())
    prefs.PrintScaling = Name("/None")
    prefs.Duplex = Name.DuplexFlipShortEdge
    prefs.DisplayDocTitle = True
    pdf.Root.ViewerPreferences = prefs


def declare_pdfua(pdf: pikepdf.Pdf) -> None:
    """Declare the tagged booklet PDF/UA-1: ``/MarkInfo``, the viewer showing the title, and
    the XMP metadata mirroring its document information (``xmp``, as the tagged half pages
    had it), an uncompressed stream."""
    pdf.Root.MarkInfo = Dictionary(Marked=True)
    prefs = pdf.Root.get("/ViewerPreferences", Dictionary())
    prefs.DisplayDocTitle = True
    pdf.Root.ViewerPreferences = prefs
    info = {str(key): str(value) for key, value in pdf.docinfo.items()}
    xmp = xmp_packet(info, str(pdf.Root.get("/Lang", "")))
    pdf.Root.Metadata = pdf.make_stream(xmp, Type=Name.Metadata, Subtype=Name.XML)


def impose_booklet(
    half_pages_pdf: bytes,
    paper: tuple[float, float],
    *,
    title: str,
    author: str,
    subject: str,
    creator: str,
    lang: str,
) -> tuple[bytes, int]:
    """Impose a PDF of half-size pages 2-up on landscape sheets in saddle-stitch order.

    Returns the PDF and its number of printed sides (the booklet's pages, padded with blanks
    to a multiple of 4, two to a side).
    Print it two-sided, flipping on the short edge, fold the stack and staple on the fold.
    """
    pdf = pikepdf.open(io.BytesIO(half_pages_pdf))
    count = len(pdf.pages)
    placed = _place_half_pages(pdf, count, paper)
    _repoint_structure(pdf, placed)
    _keep_only_sides(pdf, count)
    _describe(pdf, title=title, author=author, subject=subject, creator=creator, lang=lang)
    if "/StructTreeRoot" in pdf.Root:
        declare_pdfua(pdf)  # after the document information it mirrors
    out = io.BytesIO()
    pdf.save(out, **SAVE)
    return out.getvalue(), len(pdf.pages)
