"""Tagged PDF: marked content while ReportLab draws, the structure tree added after it.

ReportLab cannot tag. While drawing, every text run is wrapped in ``/P <</MCID n>> BDC … EMC``
(``/H1``…``/H3`` for titles and headings, ``/Lbl`` for a list item's number) and decoration,
crop marks and page furniture in ``/Artifact BMC … EMC``. Structure that holds no content of
its own (a card's ``Sect``, a list's ``L`` > ``LI`` > ``LBody``, a table's ``Table`` > ``TR`` >
``TH``/``TD``) is a stack of ``Node``s open while its content is drawn: each tagged run
records the nodes it sits in. After the file is written, ``pdfstream.add_structure`` writes
it again, in one pass, with the StructTreeRoot (Document → nodes → H/P/Lbl, in drawing order,
which is reading order; a node met again on a later page, a list or a card's back, is the
same element), the ParentTree, ``/StructParents``, ``/MarkInfo`` and the XMP metadata that
claims PDF/UA-1 (with the title and language it needs, ``xmp``).

Every structure element that holds content holds one marked-content sequence (one MCID), so
the booklet can re-point each at its half page; but a paragraph split over a page break is
one element with a sequence on each page, and so is a card heading of several boxes
(``Tagger.continued``: the sequences are recorded as ``WITHIN`` its node, and the element
holds a marked-content reference to each, which the booklet points at its half page as it
does an MCID). Marked-content sequences never nest: content
drawn while one is open belongs to it (text inside an artifact stays an artifact). A list
box is one paragraph whose items open and close their own sequences inside its text object,
from callbacks at the marks in its markup (``Tagger.items``).
"""

from __future__ import annotations

import itertools
from array import array
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field

from reportlab.pdfgen.canvas import Canvas

from ..boxes.text import ITEM, ITEM_END, LABEL_END

_KEYS = itertools.count(1)


def new_key() -> str:
    """A key no other node of this process has (nodes are matched by key, never by object)."""
    return f"n{next(_KEYS)}"


WITHIN = "~"
"""A tag's kind for a marked-content sequence that belongs to the innermost node of its path,
not to an element of its own (a part of a paragraph split over a page break)."""


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

    kind: str  # H1, H2, H3, P, Lbl; "" for an empty node (a TD with nothing written in it);
    # WITHIN for a part of the last node's content (a split paragraph, a heading's part)
    mcid: int | None
    path: tuple[Node, ...]  # the nodes it sits in, outermost first
    attrs: tuple[tuple[str, str], ...] = ()  # ("Alt", text) on a Figure


Attrs = tuple[tuple[str, str], ...]
_KIND_NAMES: list[str] = []
_KIND_INDEX: dict[str, int] = {}


def _kind_index(kind: str) -> int:
    found = _KIND_INDEX.get(kind)
    if found is None:
        found = _KIND_INDEX[kind] = len(_KIND_NAMES)
        _KIND_NAMES.append(kind)
    return found


class PageTags:
    """One page's tags in drawing order, packed: a 10,000-card deck records some 120,000,
    which as ``Tag`` objects in lists took 9 MB until the file was saved. Each is held as
    its kind's number, its MCID (-1 for none) and the number of its path among the page's
    paths (a path is held once however many runs in a row sit in it); the few attributes
    (a Figure's Alt) by the tag's position. Read back, each is the ``Tag`` appended, its
    path the very tuple it was given."""

    __slots__ = ("kinds", "mcids", "places", "paths", "attrs")

    def __init__(self) -> None:
        self.kinds = array("H")
        self.mcids = array("i")
        self.places = array("I")
        self.paths: list[tuple[Node, ...]] = []
        self.attrs: dict[int, Attrs] = {}

    def append(self, tag: Tag) -> None:
        self.add(tag.kind, tag.mcid, tag.path, tag.attrs)

    def add(self, kind: str, mcid: int | None, path: tuple[Node, ...], attrs: Attrs) -> None:
        """``append`` of a ``Tag`` of these fields, without making it."""
        paths = self.paths
        if not paths or paths[-1] is not path:
            paths.append(path)
        if attrs:
            self.attrs[len(self.kinds)] = attrs
        number = _KIND_INDEX.get(kind)
        self.kinds.append(_kind_index(kind) if number is None else number)
        self.mcids.append(-1 if mcid is None else mcid)
        self.places.append(len(paths) - 1)

    def __len__(self) -> int:
        return len(self.kinds)

    def rows(self) -> Iterator[tuple[str, int | None, tuple[Node, ...], Attrs]]:
        """Each tag's kind, MCID, path and attributes, in order (``Tag``'s fields)."""
        names, paths, attrs = _KIND_NAMES, self.paths, self.attrs
        packed = zip(self.kinds, self.mcids, self.places, strict=True)
        for index, (kind, mcid, place) in enumerate(packed):
            yield names[kind], None if mcid < 0 else mcid, paths[place], attrs.get(index, ())

    def __iter__(self) -> Iterator[Tag]:
        return (self[i] for i in range(len(self.kinds)))

    def __getitem__(self, index: int) -> Tag:
        index = range(len(self.kinds))[index]
        mcid = self.mcids[index]
        return Tag(
            _KIND_NAMES[self.kinds[index]],
            None if mcid < 0 else mcid,
            self.paths[self.places[index]],
            self.attrs.get(index, ()),
        )


@dataclass
class Tagger:
    """Records marked content per page; does nothing when ``enabled`` is False."""

    enabled: bool
    pages: dict[int, PageTags] = field(default_factory=dict)
    group: str | None = None  # the card (Sect) being drawn, or None for the page's flow
    group_alt: dict[str, str] = field(default_factory=dict)  # a card that is pure shape
    nodes: list[Node] = field(default_factory=list)  # the open nodes, outermost first
    open: str | None = None  # the marked-content sequence being drawn, if any
    mcids: dict[int, int] = field(default_factory=dict)  # page -> marked-content ids used
    # a card's list of item boxes still open at the foot of its front, which its overleaf
    # back goes on with (card group -> the list's key)
    carried: dict[str, str] = field(default_factory=dict)
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

    def text(self, c: Canvas, kind: str = "P", **attrs: str) -> AbstractContextManager[None]:
        """Mark what is drawn inside as one structure element of ``kind`` (with ``attrs``: a
        Figure's Alt); inside a sequence that is already open, the content simply belongs to
        that one. For ``with`` alone: the run is recorded as it is asked for."""
        if not self.enabled or self.open is not None:
            return _UNMARKED
        page = c.getPageNumber()
        tags = self.tags_on(page)
        mcid = self.mcids[page] = self.mcids.get(page, -1) + 1
        tags.add(kind, mcid, self.path(), tuple(sorted(attrs.items())) if attrs else ())
        return _Marked(self, c, kind, f"/{kind} <</MCID {mcid}>> BDC")

    def continued(self, c: Canvas, kind: str, key: str) -> AbstractContextManager[None]:
        """Mark what is drawn inside as a part of the one element ``key`` of ``kind`` (a
        paragraph split over a page break, a card's heading of several texts: each part
        calls this with the same key, and the reader meets one element)."""
        if not self.enabled or self.open is not None:
            return _UNMARKED
        page = c.getPageNumber()
        tags = self.tags_on(page)
        mcid = self.mcids[page] = self.mcids.get(page, -1) + 1
        tags.add(WITHIN, mcid, (*self.path(), Node(key, kind)), ())
        return _Marked(self, c, kind, f"/{kind} <</MCID {mcid}>> BDC")

    def push(self, kind: str, key: str | None = None, **attrs: str) -> None:
        """Open a node (see ``node``) for callers that draw through callbacks."""
        if self.enabled and self.open is None:
            self.nodes.append(Node(key or new_key(), kind, tuple(sorted(attrs.items()))))

    def pop(self) -> None:
        """Close the innermost node ``push`` opened."""
        if self.enabled and self.open is None and self.nodes:
            self.nodes.pop()

    def node(self, kind: str, key: str | None = None, **attrs: str) -> AbstractContextManager[None]:
        """Tagged content drawn inside sits in a ``kind`` element (one per ``key``: a list
        split over two pages is one list); nothing inside an artifact. For ``with`` alone:
        the node opens as it is asked for."""
        depth = len(self.nodes)
        self.push(kind, key, **attrs)
        return _Within(self.nodes, depth)

    def empty(self, c: Canvas) -> None:
        """Record the open nodes although nothing is drawn in them (a cell left to write in)."""
        if self.enabled and self.open is None and self.nodes:
            self.tags_on(c.getPageNumber()).add("", None, self.path(), ())

    def tags_on(self, page: int) -> PageTags:
        """The tags recorded on ``page`` (1-based), made empty on first asking (a copied
        face, ``face_copies``, records its runs here)."""
        found = self.pages.get(page)
        if found is None:
            found = self.pages[page] = PageTags()
        return found

    def artifact(self, c: Canvas) -> AbstractContextManager[None]:
        """Mark what is drawn inside as an artifact (decoration, furniture), unless a sequence
        is already open (an artifact inside an artifact, or a rule inside a tagged cell)."""
        if not self.enabled or self.open is not None:
            return _UNMARKED
        return _Marked(self, c, "Artifact", "/Artifact BMC")

    @contextmanager
    def items(self, c: Canvas, key: str | None = None) -> Iterator[None]:
        """While a list box's paragraph is drawn: an ``L`` whose items the paragraph's own
        callbacks tag as it draws them (``install_items``), each ``LI`` > ``Lbl`` (its number
        or bullet) + ``LBody`` > ``P``, their marked content inside the paragraph's text
        object. A list an overleaf cut in two is one ``L`` (one ``key`` on both sides): its
        items on the front, then those on the back."""
        live = self.enabled and self.open is None
        c._cutsheet_items = self if live else None  # type: ignore[attr-defined]
        try:
            with self.node("L", key):
                yield
        finally:
            c._cutsheet_items = None  # type: ignore[attr-defined]
            self.open = None if live else self.open

    def begin(self, c: Canvas, kind: str) -> str:
        """Record a run of ``kind`` in the open nodes and open its sequence: the operator that
        opens it, for a paragraph's callback to write into its text object."""
        page = c.getPageNumber()
        mcid = self.mcids[page] = self.mcids.get(page, -1) + 1
        self.tags_on(page).add(kind, mcid, self.path(), ())
        self.open = kind
        return f"/{kind} <</MCID {mcid}>> BDC"

    def end(self) -> str:
        """Close the sequence ``begin`` opened: the operator that closes it."""
        self.open = None
        return "EMC"


_UNMARKED: AbstractContextManager[None] = nullcontext()


class _Marked:
    """A marked-content sequence open while a ``with`` lasts: its operator written as it
    starts, ``EMC`` as it ends, however it ends. A class, not a generator: a build opens
    some 15,000 (a face's every text and shape), and a generator's context costs four
    times as much to open and close."""

    __slots__ = ("tagger", "c", "kind", "begin")

    def __init__(self, tagger: Tagger, c: Canvas, kind: str, begin: str) -> None:
        self.tagger, self.c, self.kind, self.begin = tagger, c, kind, begin

    def __enter__(self) -> None:
        self.c.addLiteral(self.begin)
        self.tagger.open = self.kind

    def __exit__(self, *_exc: object) -> None:
        self.tagger.open = None
        self.c.addLiteral("EMC")


class _Within:
    """The nodes opened for a ``with`` (``Tagger.node``), closed as it ends."""

    __slots__ = ("nodes", "depth")

    def __init__(self, nodes: list[Node], depth: int) -> None:
        self.nodes, self.depth = nodes, depth

    def __enter__(self) -> None:
        return None

    def __exit__(self, *_exc: object) -> None:
        del self.nodes[self.depth :]


def items_open(c: Canvas) -> bool:
    """Whether a list box's items are being tagged inside the paragraph's text object
    (``Tagger.items``): what a callback draws on the canvas then lies outside them."""
    return isinstance(getattr(c, "_cutsheet_items", None), Tagger)


def _listed(c: Canvas) -> tuple[Tagger, list[str]] | None:
    """The tagger of the list being drawn and the code of the paragraph's text object."""
    if not items_open(c):
        return None
    return c._cutsheet_items, c._curr_tx_info["tx"]._code  # type: ignore[attr-defined]


def _item(c: Canvas, _kind: str, label: str) -> None:
    """An item begins: its LI, and its label (``Lbl``) or, without one, its body."""
    found = _listed(c)
    if found is not None:
        tagger, code = found
        tagger.push("LI")
        if label != "Lbl":
            tagger.push("LBody")
        code.append(tagger.begin(c, "Lbl" if label == "Lbl" else "P"))


def _label_end(c: Canvas, _kind: str, _label: str) -> None:
    """The item's label ends, its body (``LBody`` > ``P``) begins."""
    found = _listed(c)
    if found is not None:
        tagger, code = found
        code.append(tagger.end())
        tagger.push("LBody")
        code.append(tagger.begin(c, "P"))


def _item_end(c: Canvas, _kind: str, _label: str) -> None:
    """The item ends: its sequence is closed, its LBody and LI too."""
    found = _listed(c)
    if found is not None:
        tagger, code = found
        code.append(tagger.end())
        while tagger.nodes and tagger.nodes[-1].kind in ("LBody", "LI"):
            tagger.nodes.pop()


def install_items(c: Canvas) -> None:
    """Let paragraphs on this canvas draw a list box's item marks (``boxes.text.listed``):
    silent unless drawn inside ``Tagger.items``."""
    if c.getNamedCB(ITEM) is None:
        c.setNamedCB(ITEM, _item)
        c.setNamedCB(LABEL_END, _label_end)
        c.setNamedCB(ITEM_END, _item_end)


def tagger_of(c: Canvas) -> Tagger:
    """The tagger attached to a canvas (a disabled one when there is none)."""
    tagger = getattr(c, "_cutsheet_tagger", None)
    return tagger if isinstance(tagger, Tagger) else Tagger(False)


def attach(c: Canvas, tagger: Tagger) -> None:
    c._cutsheet_tagger = tagger  # type: ignore[attr-defined]
