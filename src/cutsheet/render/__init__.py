"""Drawing with ReportLab: faces, tagged documents and the PDF files of each part."""

from functools import lru_cache

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc

from . import (
    canvas_state,  # noqa: F401  (ReportLab's state stack, in fewer steps)
    font_codes,  # noqa: F401  (the text a face kept for another file encodes, heard)
    subsets,  # noqa: F401  (a font's subset made once for the same characters)
)
from .deflate import deflate as _deflated

rl_config.invariant = 1  # same inputs, byte-identical PDFs (no dates, no random ids)

# ReportLab writes every name and number of every object it formats (a page's /Type, a
# font's /F1, a width) through two functions whose results depend on their argument alone:
# for a short text each is remembered. Anything else (an object's whole text, a stream, the
# finished file) is passed on as it is, never kept. ReportLab looks both up in its module
# each time it calls them, so it calls these.
SHORT = 64  # characters
_encode, _name = pdfdoc.pdfdocEnc, pdfdoc.PDFName
_encoded, _named = lru_cache(maxsize=4096)(_encode), lru_cache(maxsize=1024)(_name)


def _pdfdoc_enc(x: object) -> object:
    return _encoded(x) if type(x) is str and len(x) <= SHORT else _encode(x)


def _pdf_name(data: object, *bounds: str, **named: str) -> str:
    if bounds or named or type(data) is not str or len(data) > SHORT:
        return _name(data, *bounds, **named)  # type: ignore[no-any-return]
    return _named(data)  # type: ignore[no-any-return]


pdfdoc.pdfdocEnc = _pdfdoc_enc
pdfdoc.PDFName = _pdf_name


class _RememberedZCompress(pdfdoc.PDFStreamFilterZCompress):
    """ReportLab's Flate filter (fonts, their maps, forms), each stream compressed once
    for the same bytes (``deflate``). ReportLab looks its filter up in its module each
    time it makes a stream, so it finds this one."""

    def encode(self, text: str | bytes) -> bytes:
        return _deflated(text.encode("utf8") if isinstance(text, str) else text)


pdfdoc.PDFZCompress = _RememberedZCompress()
