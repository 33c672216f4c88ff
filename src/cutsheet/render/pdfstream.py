"""The tagged file, written in one pass over ReportLab's output (no re-save by a PDF library).

ReportLab writes a classic file: its objects, an ``xref`` table and a trailer. Its table
says where every object is, so each is taken from there in file order and kept under its own
number: a stream (page content, font file, image) is copied byte for byte, at the top level;
every other object (page, font dictionary, resources) is packed into a compressed object
stream, the catalog given ``/StructTreeRoot``, ``/MarkInfo``, ``/Metadata`` and the viewer
showing the title, each page ``/StructParents`` and ``/Tabs /S``. Then the structure tree the
tagger recorded (see ``tagging``), its ParentTree, the XMP metadata (an uncompressed stream,
``xmp``) and a cross-reference stream; new objects are numbered from the old ``/Size`` up.

The tree is the one ``tagging`` describes: StructTreeRoot → Document → the nodes a run sits
in → the run's element (H1…H3, P, Lbl, Figure), in drawing order; a node met again on a later
page is the same element. An element that holds content is complete when it is met (its
page, parent and MCID are known) and is written at once; an element that groups others is
numbered when first met and written at the end, with its kids. So the file is streamed out
as it is made, and what is held meanwhile is each group's kid numbers, not an object model:
a 10,000-card deck's peak memory is its drawing's, not a PDF library's.

Deterministic: the same drawing gives the same bytes (no time, the first ``/ID`` ReportLab's
own and the second a digest of what was written).
"""

from __future__ import annotations

import hashlib
import io
import re
import sys
import zlib
from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import pdfsyntax as syntax
from . import sides
from .deflate import deflate
from .sides import Sides
from .spill import Spill
from .tagging import WITHIN
from .xmp import xmp_packet

if TYPE_CHECKING:
    from .tagging import Node, PageTags, Tagger

HEADER = b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n"  # object and cross-reference streams: PDF 1.5
PACK = 200  # objects in an object stream, at most
PACK_BYTES = 1 << 16  # and about this many bytes (one big object may pass it)
LEVEL = 6  # zlib's default, as qpdf uses
PREDICT_ROWS = 4096  # cross-reference rows predicted at a time (``up_predicted``)
_HEX = re.compile(rb"<([0-9A-Fa-f]*)>")


class Out:
    """The file being written, and where each of its objects is: at an offset (kind 1) or
    at an index in an object stream (kind 2); object streams are written as they fill."""

    def __init__(self, size: int) -> None:
        self.buf = io.BytesIO()
        self.buf.write(HEADER)
        self.size = size  # the next new object's number
        self.kind = bytearray()  # 0: free; grown as objects are placed (``_room``)
        self.field2 = array("Q")  # offset, or the object stream's number
        self.field3 = array("Q")  # generation, or the index in the stream
        self.packed: list[int] = []  # the numbers of the objects in the stream being filled
        self.bodies: list[bytes] = []  # and their bodies
        self.packed_bytes = 0

    def new(self) -> int:
        """A new object's number."""
        self.size += 1
        return self.size - 1

    def _room(self) -> None:
        """Entries for every object numbered so far."""
        more = self.size - len(self.kind)
        if more > 0:
            more = max(more, 4096)
            self.kind.extend(bytes(more))
            self.field2.frombytes(bytes(8 * more))
            self.field3.frombytes(bytes(8 * more))

    def top(self, number: int, *chunks: bytes | memoryview, gen: int = 0) -> None:
        """Write an object (``chunks``, from its ``N G obj`` to its ``endobj``) at the top."""
        self._room()
        self.kind[number], self.field2[number], self.field3[number] = 1, self.buf.tell(), gen
        for chunk in chunks:
            self.buf.write(chunk)
        self.buf.write(b"\n")

    def stream(self, number: int, attrs: bytes, data: bytes) -> None:
        """Write a stream object of ``data`` at the top (``attrs``: its dictionary's other
        entries)."""
        head = b"%d 0 obj\n<<%s/Length %d>>\nstream\n" % (number, attrs, len(data))
        self.top(number, head, data, b"\nendstream\nendobj")

    def pack(self, number: int, body: bytes) -> None:
        """Put a non-stream object (its body: what lies between ``obj`` and ``endobj``) in the
        object stream being filled."""
        self.packed.append(number)
        self.bodies.append(body)
        self.packed_bytes += len(body)
        if len(self.packed) >= PACK or self.packed_bytes >= PACK_BYTES:
            self.flush()

    def flush(self) -> None:
        """Write the object stream being filled, if it holds anything."""
        if not self.packed:
            return
        number = self.new()
        self._room()
        kind, field2, field3 = self.kind, self.field2, self.field3
        offsets, at = [], 0
        for index, (member, body) in enumerate(zip(self.packed, self.bodies, strict=True)):
            kind[member], field2[member], field3[member] = 2, number, index
            offsets.append(b"%d %d" % (member, at))
            at += len(body) + 1
        head = b" ".join(offsets) + b"\n"
        data = zlib.compress(head + b"\n".join(self.bodies) + b"\n", LEVEL)
        attrs = b"/Type/ObjStm/N %d/First %d/Filter/FlateDecode" % (len(self.packed), len(head))
        self.stream(number, attrs, data)
        self.packed, self.bodies, self.packed_bytes = [], [], 0

    def finish(self, root: int, info: int | None, first_id: bytes) -> bytes:
        """The cross-reference stream and the end of the file; the whole file."""
        self.flush()
        number = self.new()
        self._room()
        del self.kind[self.size :], self.field2[self.size :], self.field3[self.size :]
        self.kind[number], self.field2[number] = 1, self.buf.tell()
        w2, w3 = _width(max(self.field2)), _width(max(self.field3))
        columns = 1 + w2 + w3
        rows = zlib.compress(up_predicted(_rows(self, w2, w3), columns), LEVEL)
        with self.buf.getbuffer() as written:
            second_id = hashlib.md5(written, usedforsecurity=False).hexdigest().encode()
        attrs = b"/Type/XRef/Size %d/W[1 %d %d]/Root %d 0 R%s/ID[<%s><%s>]" % (
            len(self.kind), w2, w3, root, b"/Info %d 0 R" % info if info else b"",
            first_id, second_id,
        )  # fmt: skip
        attrs += b"/Filter/FlateDecode/DecodeParms<</Columns %d/Predictor 12>>" % columns
        self.stream(number, attrs, rows)
        self.buf.write(b"startxref\n%d\n%%%%EOF\n" % self.field2[number])
        return self.buf.getvalue()


def _width(value: int) -> int:
    return max(1, (value.bit_length() + 7) // 8)


def _big_endian(values: array, width: int) -> list[bytes]:
    """The last ``width`` bytes of each value, big-endian, as ``width`` columns."""
    copy = array("Q", values)
    if sys.byteorder == "little":
        copy.byteswap()
    raw = copy.tobytes()
    return [raw[8 - width + j :: 8] for j in range(width)]


def _rows(out: Out, w2: int, w3: int) -> bytes:
    """The cross-reference stream's rows: type, field 2 (``w2`` bytes), field 3 (``w3``)."""
    width = 1 + w2 + w3
    rows = bytearray(len(out.kind) * width)
    rows[0::width] = out.kind
    for j, column in enumerate(_big_endian(out.field2, w2) + _big_endian(out.field3, w3)):
        rows[1 + j :: width] = column
    return bytes(rows)


def up_predicted(rows: bytes, width: int) -> bytes:
    """Rows of ``width`` bytes with PNG's Up filter (each byte less the one above it, modulo
    256, after the filter type 2): the flate stream of a cross-reference table that changes
    little from row to row is then small. ``PREDICT_ROWS`` rows at a time (``_up``)."""
    size = len(rows)
    if not size:
        return b""
    step = width * PREDICT_ROWS
    predicted = b"".join(_up(rows, width, at, min(size, at + step)) for at in range(0, size, step))
    framed = bytearray(size // width * (width + 1))
    framed[0 :: width + 1] = b"\x02" * (size // width)
    for j in range(width):
        framed[1 + j :: width + 1] = predicted[j::width]
    return bytes(framed)


def _up(rows: bytes, width: int, start: int, end: int) -> bytes:
    """The rows from byte ``start`` to ``end`` less the rows above them, subtracted all at
    once, as one big integer, each byte's top bit set aside so that no borrow crosses into
    the next byte. A bounded run of rows at a time: a 10,000-card file's table is some
    750 KB, and ten integers of its size at once were 8 MB."""
    size = end - start
    mask = (1 << (8 * size)) - 1
    top = int.from_bytes(b"\x80" * size, "big")
    a = int.from_bytes(rows[start:end], "big")
    above = rows[start - width : end - width] if start else bytes(width) + rows[: end - width]
    b = int.from_bytes(above, "big")
    diff = (((a | top) - (b & ~top & mask)) ^ ((a ^ ~b) & top)) & mask
    return diff.to_bytes(size, "big")


class Source:
    """ReportLab's file, as bytes or as the ``Spill`` it was written into: its layout, and
    its objects read one at a time."""

    def __init__(self, pdf: bytes | Spill) -> None:
        if isinstance(pdf, Spill):
            self.read, self.size = pdf.read, pdf.size
        else:
            self.read, self.size = (lambda start, end: pdf[start:end]), len(pdf)
        self.layout = syntax.Layout.read_end(self.read, self.size)
        self.positions = self.layout.positions()

    def text(self, number: int, start: int, end: int) -> tuple[bytes, int, int]:
        """Object ``number``'s text, from its ``N G obj`` at ``start`` to ``end`` (the next
        object), with where its body begins and where its ``endobj`` is."""
        text = self.read(start, end)
        begin = syntax.object_at(text, 0, number)
        close = text.rfind(b"endobj", begin)
        if close < 0:
            raise ValueError(f"object {number} has no endobj")
        return text, begin, close

    def body(self, number: int) -> bytes:
        """What lies between object ``number``'s ``obj`` and ``endobj``."""
        text, begin, close = self.text(number, *self.layout.span(number, self.positions))
        return text[begin:close]

    def entries(self, number: int) -> dict[bytes, bytes]:
        return syntax.values(self.body(number))

    def pages(self, number: int, seen: set[int] | None = None) -> list[int]:
        """The pages under the page tree node ``number``, in order."""
        seen = set() if seen is None else seen
        if number in seen:
            raise ValueError(f"the page tree loops at object {number}")
        seen.add(number)
        body = self.body(number)
        if b"/Kids" not in body:  # a page (a page tree node has kids)
            return [number]
        entries = syntax.values(body)
        if entries.get(b"/Type", b"").strip() != b"/Pages":
            return [number]
        found: list[int] = []
        for kid in syntax.refs(entries.get(b"/Kids", b"[]")):
            found += self.pages(kid, seen)
        return found

    def info(self) -> tuple[int | None, dict[str, str]]:
        """The document information's number and its text entries (``/Title`` → text)."""
        said = self.layout.trailer.get(b"/Info")
        if said is None:
            return None, {}
        number = syntax.ref(said)
        texts = {
            key.decode("latin-1"): syntax.text(value)
            for key, value in self.entries(number).items()
            if value[:1] == b"(" or (value[:1] == b"<" and value[:2] != b"<<")
        }
        return number, texts

    def first_id(self) -> bytes:
        """The first half of the trailer's ``/ID`` (a digest of the document if none)."""
        found = _HEX.search(self.layout.trailer.get(b"/ID", b""))
        if found and found.group(1):
            return found.group(1)
        whole = self.read(0, self.size)
        return hashlib.md5(whole, usedforsecurity=False).hexdigest().encode()


def _catalog(
    source: Source, root: int, tree: int, metadata: int, short_edge: bool = False
) -> dict[int, bytes]:
    """The new bodies of the catalog (and of its viewer preferences, when they are an object
    of their own): the structure tree, marked content, the XMP metadata, the title shown;
    for a booklet (``short_edge``), two-sided printing flipped on the short edge."""
    body = source.body(root)
    changes = {
        b"/StructTreeRoot": b"%d 0 R" % tree,
        b"/MarkInfo": b"<</Marked true>>",
        b"/Metadata": b"%d 0 R" % metadata,
    }
    changed: dict[int, bytes] = {}
    prefs = syntax.values(body).get(b"/ViewerPreferences")
    show_title = {b"/DisplayDocTitle": b"true"}
    if short_edge:
        show_title[b"/Duplex"] = b"/DuplexFlipShortEdge"
    if prefs is None:
        changes[b"/ViewerPreferences"] = b"<<%s>>" % b"".join(
            k + b" " + v for k, v in show_title.items()
        )
    elif prefs.startswith(b"<<"):
        changes[b"/ViewerPreferences"] = syntax.edit(prefs, show_title)
    else:
        number = syntax.ref(prefs)
        changed[number] = syntax.edit(source.body(number), show_title).strip()
    changed[root] = syntax.edit(body, changes).strip()
    return changed


def _copy(
    source: Source,
    out: Out,
    changed: dict[int, bytes],
    pages: Sequence[int],
    booklet: _Booklet | None = None,
) -> None:
    """Every object of ReportLab's file, in file order: streams copied to the top level,
    the rest packed; the pages given their ``/StructParents`` and tab order. For a booklet,
    each half page's content stream is copied as its form, and the half page left out."""
    index = {page: i for i, page in enumerate(pages)}
    forms = booklet.form_of if booklet is not None else {}
    for number, gen, start, end in source.layout.spans():
        text, begin, close = source.text(number, start, end)
        if gen == 0 and number in forms:
            entries, data = sides.stream_parts(text, begin)
            body = sides.form_dict(forms[number][0], forms[number][1], entries)
            out.top(
                number, b"%d 0 obj\n%s\nstream\n" % (number, body), data, b"\nendstream\nendobj"
            )
        elif booklet is not None and number in index:
            continue  # a half page: painted by its form on a side
        elif gen == 0 and number in changed:
            out.pack(number, changed[number])
        elif gen or text[max(begin, close - 32) : close].rstrip().endswith(b"endstream"):
            out.top(number, memoryview(text)[: close + 6], gen=gen)
        elif number in index:
            out.pack(number, _page(text[begin:close].strip(), index[number]))
        else:
            out.pack(number, text[begin:close].strip())


def _page(body: bytes, index: int) -> bytes:
    """A page's body with ``/StructParents`` and the tab order following the structure."""
    if b"/StructParents" in body or b"/Tabs" in body or not body.endswith(b">>"):
        return syntax.edit(body, {b"/StructParents": b"%d" % index, b"/Tabs": b"/S"})
    return body[:-2] + b"/StructParents %d/Tabs/S>>" % index


class Structure:
    """The structure tree, written while the pages are walked (see the module's text)."""

    def __init__(self, out: Out, document: int) -> None:
        self.out = out
        self.document = document
        self.top = array("I")  # the Document's kids
        self.groups: dict[str, tuple[int, array]] = {}  # node key → (number, kids)
        self.order: list[tuple[Node, int, int, int]] = []  # (node, number, parent, page)
        self.kinds: dict[str, bytes] = {}  # a kind's name, made once
        self.within: dict[str, list[bytes]] = {}  # node key → its marked-content references

    def page(self, index: int, page: int, tags: PageTags | None, form: int | None = None) -> int:
        """Write the elements of page ``index`` (object ``page``) that hold content; the
        number of its ParentTree entry (its elements by MCID). With ``form``, the content is
        inside that Form XObject painted on ``page`` (a booklet's half page on its side)."""
        by_mcid: list[int] = []
        out, path, parent, kids = self.out, None, self.document, self.top
        for kind, mcid, tag_path, attrs in tags.rows() if tags is not None else ():
            if tag_path is not path:  # a card's runs share one path
                path = tag_path
                parent, kids = self.parent(path, page)
            if mcid is None:
                continue
            if kind == WITHIN:  # a part of its node's content: a reference among its kids
                stm = b"" if form is None else b"/Stm %d 0 R" % form
                reference = b"<</Type/MCR/Pg %d 0 R%s/MCID %d>>" % (page, stm, mcid)
                self.within.setdefault(path[-1].key, []).append(reference)
                by_mcid.append(parent)
                continue
            number = out.new()
            k = (
                b"%d" % mcid
                if form is None
                else b"<</Type/MCR/Pg %d 0 R/Stm %d 0 R/MCID %d>>" % (page, form, mcid)
            )
            out.pack(
                number,
                b"<</Type/StructElem/S%s/P %d 0 R/Pg %d 0 R/K %s%s>>"
                % (self.kind(kind), parent, page, k, _attrs(attrs) if attrs else b""),
            )
            kids.append(number)
            by_mcid.append(number)
        entry = self.out.new()
        self.out.pack(entry, b"[" + _refs(by_mcid) + b"]")
        return entry

    def parent(self, path: tuple[Node, ...], page: int) -> tuple[int, array]:
        """The element a run in the nodes ``path`` sits in, and its kids; a node met for the
        first time (on ``page``) is numbered and put among its parent's kids."""
        parent, kids = self.document, self.top
        for node in path:
            found = self.groups.get(node.key)
            if found is None:
                found = self.groups[node.key] = (self.out.new(), array("I"))
                self.order.append((node, found[0], parent, page))
                kids.append(found[0])
            parent, kids = found
        return parent, kids

    def kind(self, kind: str) -> bytes:
        found = self.kinds.get(kind)
        if found is None:
            found = self.kinds[kind] = syntax.name(kind)
        return found

    def finish(self, tree: int, parent_tree: int, entries: Sequence[int]) -> None:
        """Write the grouping elements with their kids, the Document, the ParentTree and the
        StructTreeRoot."""
        for node, number, parent, page in self.order:
            kids = _refs(self.groups[node.key][1])
            within = self.within.get(node.key)
            if within:
                kids = b" ".join([kids, *within]) if kids else b" ".join(within)
            body = b"<</Type/StructElem/S%s/P %d 0 R/Pg %d 0 R%s/K[%s]>>" % (
                self.kind(node.kind),
                parent,
                page,
                _node_attrs(node),
                kids,
            )
            self.out.pack(number, body)
        self.order, self.groups, self.within = [], {}, {}
        self.out.pack(
            self.document,
            b"<</Type/StructElem/S/Document/P %d 0 R/K[%s]>>" % (tree, _refs(self.top)),
        )
        nums = b" ".join(b"%d %d 0 R" % pair for pair in enumerate(entries))
        self.out.pack(parent_tree, b"<</Nums[%s]>>" % nums)
        self.out.pack(
            tree,
            b"<</Type/StructTreeRoot/K %d 0 R/ParentTree %d 0 R/ParentTreeNextKey %d>>"
            % (self.document, parent_tree, len(entries)),
        )


def _refs(numbers: Sequence[int] | array) -> bytes:
    return b" ".join(b"%d 0 R" % number for number in numbers)


def _attrs(attrs: tuple[tuple[str, str], ...]) -> bytes:
    """An element's attributes as its entries (``/Alt``: a text string)."""
    return b"".join(syntax.name(key) + syntax.string(value) for key, value in attrs)


def _node_attrs(node: Node) -> bytes:
    """A grouping element's attributes: ``Scope``, ``RowSpan`` and ``ColSpan`` in its table
    attributes, others (``Alt``) on the element."""
    out, table = [], []
    for key, value in node.attrs:
        if key == "Scope":
            table.append(b"/Scope" + syntax.name(value))
        elif key in ("ColSpan", "RowSpan"):
            table.append(b"/%s %d" % (key.encode(), int(value)))
        else:
            out.append(syntax.name(key) + syntax.string(value))
    if table:
        out.insert(0, b"/A<</O/Table" + b"".join(table) + b">>")
    return b"".join(out)


class _Booklet:
    """The sides of a booklet being written (``sides``): the new objects' numbers, each half
    page's form and side, and the page tree's new body."""

    def __init__(self, source: Source, pages: Sequence[int], tree: int, plan: Sides, out: Out):
        halves = sides.half_pages([source.entries(p) for p in pages], pages, tree)
        self.plan, self.halves, self.tree = plan, halves, tree
        self.form_of = {h.contents: (h, i) for i, h in enumerate(halves)}
        self.forms = [h.contents for h in halves]
        self.side_numbers = [out.new() for _ in plan.pairs]
        self.contents = [out.new() if max(pair) >= 0 else None for pair in plan.pairs]
        self.side_of = [0] * len(halves)
        for side, pair in enumerate(plan.pairs):
            for index in pair:
                if index >= 0:
                    self.side_of[index] = self.side_numbers[side]
        kids = b" ".join(b"%d 0 R" % n for n in self.side_numbers)
        self.tree_body = b"<</Type/Pages/Kids[%s]/Count %d>>" % (kids, len(self.side_numbers))

    def write_sides(self, out: Out) -> None:
        for side, pair in enumerate(self.plan.pairs):
            content = self.contents[side]
            out.pack(
                self.side_numbers[side],
                sides.side_page(self.plan, pair, self.forms, self.tree, content),
            )
            if content is not None:
                data = deflate(sides.side_content(self.plan, pair, self.halves))
                out.stream(content, b"/Filter/FlateDecode", data)


def add_structure(pdf: bytes | Spill, tagger: Tagger, booklet: Sides | None = None) -> bytes:
    """ReportLab's file ``pdf`` (its bytes, or the ``Spill`` it was written into) tagged
    with everything ``tagger`` recorded, PDF/UA-1 declared; ``pdf`` itself when the tagger
    was not enabled. With ``booklet``, its pages are half pages, imposed on those sides
    (``sides``)."""
    if not tagger.enabled:
        return pdf.getvalue() if isinstance(pdf, Spill) else pdf
    source = Source(pdf)
    root = syntax.ref(source.layout.trailer[b"/Root"])
    catalog = source.entries(root)
    page_tree = syntax.ref(catalog[b"/Pages"])
    pages = source.pages(page_tree)
    out = Out(int(source.layout.trailer[b"/Size"]))
    tree, document, parent_tree, metadata = (out.new() for _ in range(4))
    imposed = _Booklet(source, pages, page_tree, booklet, out) if booklet else None
    changed = _catalog(source, root, tree, metadata, short_edge=imposed is not None)
    if imposed is not None:
        changed[page_tree] = imposed.tree_body
    _copy(source, out, changed, pages, imposed)
    structure = Structure(out, document)
    entries = [
        structure.page(index, page, tagger.pages.get(index + 1))
        if imposed is None
        else structure.page(
            index, imposed.side_of[index], tagger.pages.get(index + 1), imposed.forms[index]
        )
        for index, page in enumerate(pages)
    ]
    structure.finish(tree, parent_tree, entries)
    if imposed is not None:
        imposed.write_sides(out)
    info, texts = source.info()
    lang = syntax.text(catalog[b"/Lang"]) if b"/Lang" in catalog else ""
    out.stream(metadata, b"/Type/Metadata/Subtype/XML", xmp_packet(texts, lang))
    return out.finish(root, info, source.first_id())
