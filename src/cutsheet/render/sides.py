"""A booklet's printed sides, made by the one-pass writer (``pdfstream``) as it copies the
half pages ReportLab drew: no PDF library opens the file again and saves it whole.

Each half page becomes a Form XObject: its content stream is copied byte for byte under a
form's dictionary (its page's box as ``/BBox``, its resources, its ``/StructParents``), and
the half page itself is left out. Each side of the paper is a new page that paints its two
half pages at 100 %, centred on their halves, each ``Do`` inside a ``/Part`` marked-content
sequence without an MCID (nothing on a side is painted outside marked content, while the
sequences inside each form stay the ones the structure tree references). An element that
held content on a half page references it inside the form on its side (a marked-content
reference with ``/Stm``); an element that groups others names the side its first half page
is on. What ``booklet.impose_booklet`` does with pikepdf, for a tagged file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import pdfsyntax as syntax

PT_PER_MM = 72 / 25.4


@dataclass(frozen=True)
class Sides:
    """The sides of a booklet: their size (points, landscape) and, for each side, the half
    pages on its left and its right, by index (-1: none, a blank half)."""

    width: float
    height: float
    pairs: tuple[tuple[int, int], ...]


def sides_for(paper_mm: tuple[float, float], pairs: Sequence[tuple[int, int]]) -> Sides:
    """The landscape sides of ``paper_mm`` holding the half pages ``pairs`` (the print
    plan's saddle-stitch order, ``DocPrint.sides``)."""
    return Sides(paper_mm[1] * PT_PER_MM, paper_mm[0] * PT_PER_MM, tuple(pairs))


@dataclass(frozen=True)
class HalfPage:
    contents: int  # its content stream, which becomes its form
    box: tuple[float, float, float, float]
    resources: bytes  # the value of its /Resources


class NotImposable(ValueError):
    """A half-page file this writer does not impose (the caller uses pikepdf instead)."""


def half_pages(
    entries: Sequence[dict[bytes, bytes]], numbers: Sequence[int], root: int
) -> list[HalfPage]:
    """The half pages as the writer needs them: each page's single content stream, box and
    resources, every page a kid of the page tree's root and without annotations."""
    found = []
    for number, page in zip(numbers, entries, strict=True):
        contents = page.get(b"/Contents", b"").strip()
        if contents.startswith(b"[") or b"/Annots" in page or b"/Resources" not in page:
            raise NotImposable(f"page object {number} is not one content stream")
        if syntax.ref(page.get(b"/Parent", b"")) != root:
            raise NotImposable("a nested page tree")
        try:
            box = [float(v) for v in page[b"/MediaBox"].strip(b"[] \n").split()]
        except (KeyError, ValueError):
            box = []
        if len(box) != 4:
            raise NotImposable(f"page object {number} has no MediaBox of four numbers")
        found.append(
            HalfPage(syntax.ref(contents), (box[0], box[1], box[2], box[3]), page[b"/Resources"])
        )
    return found


def _num(value: float, places: int = 6) -> bytes:
    """A number as qpdf writes it: ``places`` decimals at most, no trailing zeros."""
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return (text if text not in ("", "-0") else "0").encode()


def _box(box: Sequence[float]) -> bytes:
    return b"[" + b" ".join(_num(v) for v in box) + b"]"


def form_dict(half: HalfPage, index: int, stream: dict[bytes, bytes]) -> bytes:
    """The form a half page's content stream becomes (``stream``: its dictionary's entries,
    of which the filter and length are kept)."""
    kept = b"".join(
        key + b" " + stream[key]
        for key in (b"/Filter", b"/DecodeParms", b"/Length")
        if key in stream
    )
    return b"<</Type/XObject/Subtype/Form/BBox%s/Resources %s/StructParents %d%s>>" % (
        _box(half.box),
        half.resources.strip(),
        index,
        kept,
    )


def stream_parts(text: bytes, begin: int) -> tuple[dict[bytes, bytes], bytes]:
    """A stream object's dictionary entries and its data (``text``: the object, its body
    starting at ``begin``)."""
    start = syntax.skip(text, begin)
    entries, end = syntax.dict_entries(text, start)
    values = {key: text[s:e] for key, s, e in entries}
    at = syntax.skip(text, end)
    if not text.startswith(b"stream", at):
        raise NotImposable("a content stream without its data")
    at += len(b"stream")
    at += 2 if text[at : at + 2] == b"\r\n" else 1
    length = int(values[b"/Length"])
    return values, text[at : at + length]


def side_content(sides: Sides, pair: tuple[int, int], halves: Sequence[HalfPage]) -> bytes:
    """What a side paints: each of its half pages at 100 %, centred on its half."""
    painted = []
    half_w = sides.width / 2
    for slot, index in enumerate(pair):
        if index < 0:
            continue
        x0, y0, x1, y1 = halves[index].box
        w, h = x1 - x0, y1 - y0
        x = slot * half_w + (half_w - w) / 2 - x0
        y = (sides.height - h) / 2 - y0
        painted.append(
            b"/Part BMC\nq\n1 0 0 1 %s %s cm\n/Page%d Do\nQ\n\nEMC"
            % (_num(x, 5), _num(y, 5), index + 1)
        )
    return b"\n".join(painted)


def side_page(
    sides: Sides, pair: tuple[int, int], forms: Sequence[int], root: int, content: int | None
) -> bytes:
    """A side's page dictionary: the paper landscape, folded never cut (its trim and bleed
    are the page), its half pages' forms named ``/Page<n>``, tab order by structure."""
    whole = _box((0, 0, sides.width, sides.height))
    xobjects = b"".join(b"/Page%d %d 0 R" % (i + 1, forms[i]) for i in pair if i >= 0)
    body = (
        b"<</Type/Page/Parent %d 0 R/MediaBox%s/TrimBox%s/BleedBox%s/Resources<</XObject<<%s>>>>"
        % (
            root,
            whole,
            whole,
            whole,
            xobjects,
        )
    )
    if content is not None:
        body += b"/Contents %d 0 R" % content
    return body + b"/Tabs/S>>"
