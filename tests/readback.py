"""The session's built PDFs, each read once per test run and shared by every test that reads it.

pdfplumber and pypdf interpret a page's content stream in Python: reading the session's
builds once per test, as the suite did, cost minutes. A PDF of a session fixture (``built``,
``built_gutterfold``, ``built_ink_saver``, ``exported_pod``) is never written again once
built, so its pages are read on first use and kept until the run ends. A file that changes
(its size or modification time) is read again, so a stale reading is never returned; a
test's own throw-away build has nothing to share and opens its file itself.

What is shared is what the tests read: pdfplumber's pages with their objects (chars, lines,
rects, curves, and the edges made of them), each page's ``extract_text()`` and
``extract_words()``, and pypdf's reader and each page's ``extract_text()``, all with their
default arguments. The lists are shared too: a test that sorts or edits one works on a copy.
A module-scoped build of a test file's own (never written again either) may be read here.

pypdf reads a font's dictionary (its ToUnicode map, its widths) again for every form XObject
that uses it: a page of cards reads each font once a card. Its ``extract_text()`` is run here
with each font dictionary read once per file (``fonts_read_once``): the same fonts, the same
text, half the time.

What is kept lives until the run ends, millions of small objects: each reading is moved out of
the cyclic garbage collector's sight (``gc.freeze``) once made, so that the collections the
tests' own work sets off do not walk all of it again and again (a sixth of the reading's time).
"""

from __future__ import annotations

import contextlib
import functools
import gc
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pdfplumber
from pdfplumber.page import Page
from pypdf import PdfReader
from pypdf.generic import DictionaryObject
from pypdf.generic._font import Font

Key = tuple[str, int, int]  # resolved path, modification time (ns), size
T = TypeVar("T")


def _kept(value: T) -> T:
    """``value``, kept for the rest of the run: what is alive now is frozen (gc.freeze)."""
    gc.freeze()
    return value


def _key(path: Path | str) -> Key:
    path = Path(path).resolve()
    stat = path.stat()
    return (str(path), stat.st_mtime_ns, stat.st_size)


def _nesting_marks() -> None:
    """pdfplumber reads marked content flat: a span nested in a paragraph's marked content (a
    cube tile's, with its ActualText) clears the current MCID at its end, so the paragraph's
    text after it, and all of it when its tiles are painted first, is read as no one's. The
    PDF nests them: what follows a nested sequence is its enclosing sequence's again, and
    what a nested one without an MCID of its own holds is the enclosing one's too. Read so,
    with a stack, as a screen reader does; a char of a span that says what it reads as
    instead (ActualText: a tile's letter) is tagged ``Span``, so that a test of what is
    read can leave it out and a test of where the text sits keeps it."""
    from pdfplumber.page import PDFPageAggregatorWithMarkedContent as Device
    from pdfplumber.utils import decode_text

    def begin_tag(self: Any, tag: Any, props: Any = None) -> None:
        stack = self.__dict__.setdefault("_cs_marks", [])
        outer = stack[-1][0] if stack else None
        own = isinstance(props, dict)
        mcid = props["MCID"] if own and "MCID" in props else outer
        name = decode_text(tag.name)
        if own and "ActualText" in props and "MCID" not in props:
            name = "Span"  # its glyphs are not what is read: its ActualText is
        stack.append((mcid, name))
        self.cur_mcid, self.cur_tag = stack[-1]

    def end_tag(self: Any) -> None:
        stack = self.__dict__.setdefault("_cs_marks", [])
        if stack:
            stack.pop()
        self.cur_mcid, self.cur_tag = stack[-1] if stack else (None, None)

    Device.begin_tag, Device.end_tag = begin_tag, end_tag


_nesting_marks()


@functools.cache
def _plumbed(key: Key) -> tuple[Page, ...]:
    pdf = pdfplumber.open(key[0])  # kept open: its pages are read again by later tests
    pages = tuple(pdf.pages)
    for page in pages:
        page.objects  # noqa: B018 (pdfplumber caches what it parses on the page)
        page.flush_cache(["_layout"])  # pdfminer's layout tree: read once, a quarter of the memory
    return _kept(pages)


@functools.cache
def _pdfium_texts(key: Key) -> tuple[str, ...]:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(key[0])
    try:
        return tuple(page.get_textpage().get_text_bounded() for page in doc)
    finally:
        doc.close()


def reader_texts(path: Path | str) -> tuple[str, ...]:
    """Each page's text as a reader copies it (PDFium, in C: honours ActualText as Acrobat
    and poppler do), for a test that looks for phrases: a tenth of pdfplumber's time."""
    return _pdfium_texts(_key(path))


def plumber_pages(path: Path | str) -> tuple[Page, ...]:
    """Every page of ``path`` as pdfplumber reads it, its objects parsed once per run."""
    return _plumbed(_key(path))


@functools.cache
def _plumber_texts(key: Key) -> tuple[str, ...]:
    return _kept(tuple(page.extract_text() for page in _plumbed(key)))


def plumber_texts(path: Path | str) -> tuple[str, ...]:
    """pdfplumber's ``extract_text()`` of every page of ``path``."""
    return _plumber_texts(_key(path))


@functools.cache
def _reader(key: Key) -> PdfReader:
    return PdfReader(key[0])


def pypdf_reader(path: Path | str) -> PdfReader:
    """pypdf's reader of ``path``, opened once per run."""
    return _reader(_key(path))


@contextlib.contextmanager
def fonts_read_once() -> Iterator[None]:
    """Within: pypdf makes a font dictionary's ``Font`` once and hands the same one to every
    page and form XObject that uses that dictionary (the same object: pypdf keeps what it has
    read of a file). The dictionaries are kept till the end, so no other takes an ``id``."""
    plain = Font.__dict__["from_font_resource"]
    read: Callable[[type[Font], DictionaryObject], Font] = plain.__func__
    made: dict[int, tuple[DictionaryObject, Font]] = {}

    def once(cls: type[Font], font: DictionaryObject) -> Font:
        if id(font) not in made:
            made[id(font)] = (font, read(cls, font))
        return made[id(font)][1]

    Font.from_font_resource = classmethod(once)  # type: ignore[method-assign, assignment]
    try:
        yield
    finally:
        Font.from_font_resource = plain  # type: ignore[method-assign]


def page_texts(reader: PdfReader) -> tuple[str, ...]:
    """pypdf's ``extract_text()`` of every page of ``reader``, each font read once."""
    with fonts_read_once():
        return tuple(page.extract_text() for page in reader.pages)


@functools.cache
def _pypdf_texts(key: Key) -> tuple[str, ...]:
    return _kept(page_texts(_reader(key)))


def pypdf_texts(path: Path | str) -> tuple[str, ...]:
    """pypdf's ``extract_text()`` of every page of ``path``."""
    return _pypdf_texts(_key(path))


@functools.cache
def _plumber_words(key: Key) -> tuple[list[dict[str, Any]], ...]:
    return _kept(tuple(page.extract_words() for page in _plumbed(key)))


def plumber_words(path: Path | str) -> tuple[list[dict[str, Any]], ...]:
    """pdfplumber's ``extract_words()`` of every page of ``path``."""
    return _plumber_words(_key(path))


@dataclass(frozen=True)
class CharPage:
    """One page's size (points) and its chars, keyed as pdfplumber keys them: ``text``,
    ``x0`` and ``x1`` (the advance), ``top`` and ``bottom`` (from the page's top), ``size``,
    ``fontname`` (without a subset's prefix) and ``matrix`` (of which only the origin, the
    baseline's start, in ``[4]`` and ``[5]``)."""

    width: float
    height: float
    chars: list[dict[str, Any]]


def pdfium_pages(data: bytes) -> tuple[CharPage, ...]:
    """Every page of a PDF made in a test (bytes, not a session's build), its chars as
    PDFium reads them, in C: a test that renders hundreds of small documents and looks at
    their lines spent nine tenths of its time in pdfplumber's reading. PDFium's own spaces
    and line ends (generated, not in the file) are left out, as pdfplumber never has them."""
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    doc = pdfium.PdfDocument(data)
    pages = []
    try:
        for page in doc:
            width, height = page.get_size()
            chars = []
            text_page = page.get_textpage()
            found = text_page.raw
            x, y, box = ctypes.c_double(), ctypes.c_double(), raw.FS_RECTF()
            name, flags = ctypes.create_string_buffer(256), ctypes.c_int()
            for i in range(text_page.count_chars()):
                if raw.FPDFText_IsGenerated(found, i):
                    continue
                raw.FPDFText_GetCharOrigin(found, i, x, y)
                raw.FPDFText_GetLooseCharBox(found, i, box)
                raw.FPDFText_GetFontInfo(found, i, name, len(name), flags)
                chars.append(
                    {
                        "text": chr(raw.FPDFText_GetUnicode(found, i)),
                        "x0": box.left,
                        "x1": box.right,
                        "top": height - box.top,
                        "bottom": height - box.bottom,
                        "size": raw.FPDFText_GetFontSize(found, i),
                        "fontname": name.value.decode("latin-1"),
                        "matrix": (1.0, 0.0, 0.0, 1.0, x.value, y.value),
                    }
                )
            pages.append(CharPage(width, height, chars))
    finally:
        doc.close()
    return tuple(pages)
