"""Tagged PDF: marked content while ReportLab draws, the structure tree added with pikepdf.

ReportLab cannot tag. While drawing, every text run is wrapped in ``/P <</MCID n>> BDC … EMC``
(``/H1``…``/H3`` for titles and headings, ``/Lbl`` for a list item's number) and decoration,
crop marks and page furniture in ``/Artifact BMC … EMC``. Structure that holds no content of
its own (a card's ``Sect``, a list's ``L`` > ``LI`` > ``LBody``, a table's ``Table`` > ``TR`` >
``TH``/``TD``) is a stack of ``Node``s open while its content is drawn: each tagged run
records the nodes it sits in. After the file is written, ``add_structure`` builds the
StructTreeRoot (Document → nodes → H/P/Lbl, in drawing order, which is reading order; a node
met again on a later page, a list or a card's back, is the same element), the ParentTree,
``/StructParents`` and ``/MarkInfo``, and ``declare_pdfua`` the XMP metadata that claims
PDF/UA-1 (with the title and language it needs).

Every structure element that holds content holds one marked-content sequence (one MCID), so
the booklet can re-point each at its half page. Marked-content sequences never nest: content
drawn while one is open belongs to it (text inside an artifact stays an artifact).
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pikepdf
from pikepdf import Array, Dictionary, Name
from reportlab.pdfgen.canvas import Canvas

# Written once, compactly and the same every time: objects packed in compressed object streams
# (the structure tree is most of a tagged file's objects), streams compressed, a fixed /ID.
SAVE = {
    "deterministic_id": True,
    "compress_streams": True,
    "object_stream_mode": pikepdf.ObjectStreamMode.generate,
}


_KEYS = itertools.count(1)


def new_key() -> str:
    """A key no other node of this process has (nodes are matched by key, never by object)."""
    return f"n{next(_KEYS)}"


@dataclass(frozen=True, slots=True)
class Node:
    """A structure element that groups others: a card's Sect, L, LI, LBody, Table, TR, TH,
    TD. Nodes with one ``key`` are one element, wherever and whenever they are met."""

    key: str
    kind: str
    attrs: tuple[tuple[str, str], ...] = ()  # ("Alt", text), ("Scope", "Column"), …


@dataclass(frozen=True, slots=True)
class Tag:
    """One tagged run (or an empty node) as recorded while drawing; a 10,000-card deck
    records a hundred thousand of them, so they have no ``__dict__``."""

    kind: str  # H1, H2, H3, P, Lbl; "" for an empty node (a TD with nothing written in it)
    mcid: int | None
    path: tuple[Node, ...]  # the nodes it sits in, outermost first
    attrs: tuple[tuple[str, str], ...] = ()  # ("Alt", text) on a Figure


@dataclass
class Tagger:
    """Records marked content per page; does nothing when ``enabled`` is False."""

    enabled: bool
    pages: dict[int, list[Tag]] = field(default_factory=dict)
    group: str | None = None  # the card (Sect) being drawn, or None for the page's flow
    group_alt: dict[str, str] = field(default_factory=dict)  # a card that is pure shape
    nodes: list[Node] = field(default_factory=list)  # the open nodes, outermost first
    open: str | None = None  # the marked-content sequence being drawn, if any
    mcids: dict[int, int] = field(default_factory=dict)  # page -> marked-content ids used
    # the card's Sect, made once a card, and the path of a run in it and in nothing else
    _sect: tuple[str, str | None, tuple[Node]] | None = None

    def path(self) -> tuple[Node, ...]:
        if self.group is None:
            return tuple(self.nodes)
        alt = self.group_alt.get(self.group)
        if self._sect is None or self._sect[:2] != (self.group, alt):  # a card's runs share it
            node = Node(f"sect:{self.group}", "Sect", (("Alt", alt),) if alt else ())
            self._sect = (self.group, alt, (node,))
        sect = self._sect[2]
        return (*sect, *self.nodes) if self.nodes else sect

    @contextmanager
    def text(self, c: Canvas, kind: str = "P", **attrs: str) -> Iterator[None]:
        """Mark what is drawn inside as one structure element of ``kind`` (with ``attrs``: a
        Figure's Alt); inside a sequence that is already open, the content simply belongs to
        that one."""
        if not self.enabled or self.open is not None:
            yield
            return
        page = c.getPageNumber()
        tags = self.pages.setdefault(page, [])
        mcid = self.mcids[page] = self.mcids.get(page, -1) + 1
        tags.append(Tag(kind, mcid, self.path(), tuple(sorted(attrs.items())) if attrs else ()))
        with self._sequence(c, kind, f"/{kind} <</MCID {mcid}>> BDC"):
            yield

    def push(self, kind: str, key: str | None = None, **attrs: str) -> None:
        """Open a node (see ``node``) for callers that draw through callbacks."""
        if self.enabled and self.open is None:
            self.nodes.append(Node(key or new_key(), kind, tuple(sorted(attrs.items()))))

    def pop(self) -> None:
        """Close the innermost node ``push`` opened."""
        if self.enabled and self.open is None and self.nodes:
            self.nodes.pop()

    @contextmanager
    def node(self, kind: str, key: str | None = None, **attrs: str) -> Iterator[None]:
        """Tagged content drawn inside sits in a ``kind`` element (one per ``key``: a list
        split over two pages is one list); nothing inside an artifact."""
        depth = len(self.nodes)
        self.push(kind, key, **attrs)
        try:
            yield
        finally:
            del self.nodes[depth:]

    def empty(self, c: Canvas) -> None:
        """Record the open nodes although nothing is drawn in them (a cell left to write in)."""
        if self.enabled and self.open is None and self.nodes:
            self.pages.setdefault(c.getPageNumber(), []).append(Tag("", None, self.path()))

    @contextmanager
    def artifact(self, c: Canvas) -> Iterator[None]:
        """Mark what is drawn inside as an artifact (decoration, furniture), unless a sequence
        is already open (an artifact inside an artifact, or a rule inside a tagged cell)."""
        if not self.enabled or self.open is not None:
            yield
            return
        with self._sequence(c, "Artifact", "/Artifact BMC"):
            yield

    @contextmanager
    def _sequence(self, c: Canvas, kind: str, begin: str) -> Iterator[None]:
        c.addLiteral(begin)
        self.open = kind
        try:
            yield
        finally:
            self.open = None
            c.addLiteral("EMC")


def tagger_of(c: Canvas) -> Tagger:
    """The tagger attached to a canvas (a disabled one when there is none)."""
    tagger = getattr(c, "_cutsheet_tagger", None)
    return tagger if isinstance(tagger, Tagger) else Tagger(False)


def attach(c: Canvas, tagger: Tagger) -> None:
    c._cutsheet_tagger = tagger  # type: ignore[attr-defined]


def add_structure(pdf: bytes, tagger: Tagger) -> bytes:
    """Add the structure tree for everything ``tagger`` recorded; deterministic output.
    Each element's kids are gathered here and set once, when the tree is complete (one call
    into pikepdf an element, not one a kid)."""
    if not tagger.enabled:
        return pdf
    doc = pikepdf.open(io.BytesIO(pdf))
    root = doc.make_indirect(Dictionary(Type=Name.StructTreeRoot))
    document = doc.make_indirect(Dictionary(Type=Name.StructElem, S=Name.Document, P=root))
    root.K = document
    nums: list[object] = []
    top: list[pikepdf.Object] = []  # the Document's kids
    made: dict[str, tuple[pikepdf.Object, list[pikepdf.Object]]] = {}  # node key -> (it, kids)
    kinds: dict[str, Name] = {}  # S of each kind, made once
    struct_elem = Name.StructElem
    for index, page in enumerate(doc.pages):
        page_obj = page.obj
        page_obj.StructParents = index
        page_obj.Tabs = Name.S
        by_mcid = []
        for tag in tagger.pages.get(index + 1, []):
            parent, kids = document, top
            for node in tag.path:
                found = made.get(node.key)
                if found is None:
                    found = made[node.key] = (_element(doc, node, parent, page_obj), [])
                    kids.append(found[0])
                parent, kids = found
            if tag.mcid is None:
                continue
            kind = kinds.get(tag.kind) or kinds.setdefault(tag.kind, Name(f"/{tag.kind}"))
            elem = Dictionary(Type=struct_elem, S=kind, P=parent, Pg=page_obj, K=tag.mcid)
            for name, value in tag.attrs:
                elem[Name(f"/{name}")] = pikepdf.String(value)
            made_elem = doc.make_indirect(elem)
            kids.append(made_elem)
            by_mcid.append(made_elem)
        nums += (index, doc.make_indirect(Array(by_mcid)))
    document.K = Array(top)
    for elem, kids in made.values():
        elem.K = Array(kids)
    root.ParentTree = doc.make_indirect(Dictionary(Nums=Array(nums)))
    root.ParentTreeNextKey = len(doc.pages)
    doc.Root.StructTreeRoot = root
    declare_pdfua(doc)
    out = io.BytesIO()
    doc.save(out, **SAVE)
    return out.getvalue()


def _element(
    doc: pikepdf.Pdf, node: Node, parent: pikepdf.Object, page: pikepdf.Object
) -> pikepdf.Object:
    """A node's structure element (its kids are set when the tree is complete): ``Alt`` on
    the element, ``Scope`` in its table attributes."""
    elem = Dictionary(Type=Name.StructElem, S=Name(f"/{node.kind}"), P=parent, Pg=page)
    for name, value in node.attrs:
        if name == "Scope":
            elem.A = Dictionary(O=Name.Table, Scope=Name(f"/{value}"))
        else:
            elem[Name(f"/{name}")] = pikepdf.String(value)
    return doc.make_indirect(elem)


def declare_pdfua(doc: pikepdf.Pdf) -> None:
    """Declare a tagged file PDF/UA-1: ``/MarkInfo``, the viewer showing the title, and XMP
    metadata (``pdfuaid:part`` 1, ``dc:title``, ``dc:language``) mirroring the document
    information. No timestamp is added: the only dates are the document information's fixed
    ones (ReportLab's invariant mode), so a rebuild gives the same bytes."""
    doc.Root.MarkInfo = Dictionary(Marked=True)
    prefs = doc.Root.get("/ViewerPreferences", Dictionary())
    prefs.DisplayDocTitle = True
    doc.Root.ViewerPreferences = prefs
    lang = str(doc.Root.get("/Lang", ""))
    with doc.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        info = {k: v for k, v in doc.docinfo.items() if k != "/Trapped"}  # no XMP equivalent
        meta.load_from_docinfo(info, raise_failure=True)
        if lang:
            meta["dc:language"] = [lang]
        meta["pdfuaid:part"] = "1"
