"""Tagged PDF: marked content while ReportLab draws, the structure tree added with pikepdf.

ReportLab cannot tag. While drawing, every text run is wrapped in ``/P <</MCID n>> BDC … EMC``
(``/H1``/``/H2`` for titles and headings) and decoration, crop marks and page furniture in
``/Artifact BMC … EMC``. After the file is written, ``add_structure`` builds the
StructTreeRoot (Document → Sect per card → H/P, in drawing order, which is reading order),
the ParentTree, ``/StructParents`` and ``/MarkInfo``, and ``declare_pdfua`` the XMP metadata that
claims PDF/UA-1 (with the title and language it needs).

Marked-content sequences never nest: content drawn while one is open belongs to it (a list
item's number is part of the item's paragraph; text inside an artifact stays an artifact).
"""

from __future__ import annotations

import io
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


@dataclass(frozen=True)
class Tag:
    kind: str  # H1, H2, P
    mcid: int
    group: str | None  # a card (Sect) or None for the page's flow


@dataclass
class Tagger:
    """Records marked content per page; does nothing when ``enabled`` is False."""

    enabled: bool
    pages: dict[int, list[Tag]] = field(default_factory=dict)
    group: str | None = None
    open: str | None = None  # the marked-content sequence being drawn, if any

    @contextmanager
    def text(self, c: Canvas, kind: str = "P") -> Iterator[None]:
        """Mark what is drawn inside as one structure element of ``kind``; inside a sequence
        that is already open, the content simply belongs to that one."""
        if not self.enabled or self.open is not None:
            yield
            return
        tags = self.pages.setdefault(c.getPageNumber(), [])
        mcid = len(tags)
        tags.append(Tag(kind, mcid, self.group))
        with self._sequence(c, kind, f"/{kind} <</MCID {mcid}>> BDC"):
            yield

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
    """Add the structure tree for everything ``tagger`` recorded; deterministic output."""
    if not tagger.enabled:
        return pdf
    doc = pikepdf.open(io.BytesIO(pdf))
    root = doc.make_indirect(Dictionary(Type=Name.StructTreeRoot))
    document = doc.make_indirect(
        Dictionary(Type=Name.StructElem, S=Name.Document, P=root, K=Array())
    )
    root.K = document
    nums = Array()
    sections: dict[str, pikepdf.Object] = {}
    for index, page in enumerate(doc.pages):
        tags = tagger.pages.get(index + 1, [])
        page.obj.StructParents = index
        page.obj.Tabs = Name.S
        by_mcid = Array()
        for tag in tags:
            parent = document
            if tag.group is not None:
                if tag.group not in sections:
                    sect = doc.make_indirect(
                        Dictionary(Type=Name.StructElem, S=Name.Sect, P=document, K=Array())
                    )
                    document.K.append(sect)
                    sections[tag.group] = sect
                parent = sections[tag.group]
            elem = doc.make_indirect(
                Dictionary(
                    Type=Name.StructElem, S=Name(f"/{tag.kind}"), P=parent, Pg=page.obj, K=tag.mcid
                )
            )
            parent.K.append(elem)
            by_mcid.append(elem)
        nums.append(index)
        nums.append(doc.make_indirect(by_mcid))
    root.ParentTree = doc.make_indirect(Dictionary(Nums=nums))
    root.ParentTreeNextKey = len(doc.pages)
    doc.Root.StructTreeRoot = root
    declare_pdfua(doc)
    out = io.BytesIO()
    doc.save(out, **SAVE)
    return out.getvalue()


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
