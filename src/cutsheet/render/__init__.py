"""Drawing with ReportLab: faces, tagged documents and the PDF files of each part."""

from collections import OrderedDict
from functools import lru_cache

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc

from . import (
    canvas_state,  # noqa: F401  (ReportLab's state stack, in fewer steps)
    font_codes,  # noqa: F401  (the text a face kept for another file encodes, heard)
    subsets,  # noqa: F401  (a font's subset made once for the same characters)
    to_unicode,  # noqa: F401  (a character beyond U+FFFF mapped as UTF-16)
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


# An array of numbers (a font subset's 256 widths, a rectangle, a dash) and a dictionary (every
# page's, every font's) are formatted element by element through ``pdfdoc.format``, which asks
# what each one is before it writes it, and a dictionary's every key through ``PDFName`` and
# ``format`` again. Here an int is written as ``fp_str`` writes one (its decimal digits), a
# float through ``fp_str`` itself, bytes as they are and a text through ``pdfdocEnc``, without
# the asking, and a key's name is remembered; anything else goes through ``pdfdoc.format`` as
# before, and the lines are broken as ReportLab breaks them: the same bytes.
_format = pdfdoc.format
_EXACT = 1 << 53  # ints a float holds exactly


def _value(e: object, document: object) -> bytes:
    kind = type(e)
    if kind is int and -_EXACT < e < _EXACT:  # fp_str writes a larger one as a float would
        return b"%d" % e  # type: ignore[str-bytes-safe]
    if kind is float:
        return fp_str(e).encode("ascii")  # type: ignore[no-any-return]
    if kind is bytes:
        return e  # type: ignore[return-value]
    if kind is str:
        return pdfdoc.pdfdocEnc(e)  # type: ignore[no-any-return]
    return _format(e, document)  # type: ignore[no-any-return]


@lru_cache(maxsize=1024)
def _key(name: str) -> bytes:
    return _format(pdfdoc.PDFName(name), None)  # type: ignore[no-any-return]


def _array_format(self: pdfdoc.PDFArray, document: object, IND: bytes = b"\n ") -> bytes:  # noqa: N803
    parts = [_value(e, document) for e in self.sequence]
    if (self.multiline and rl_config.pdfMultiLine) or self.multiline == "forced":
        return b"[ " + IND.join(parts) + b" ]"
    for i in reversed(range(10, len(parts), 10)):  # a line break every ten elements
        parts.insert(i, b"\n ")
    return b"[ " + b" ".join(parts) + b" ]"


def _dict_format(self: pdfdoc.PDFDictionary, document: object, IND: bytes = b"\n ") -> bytes:  # noqa: N803
    d = self.dict
    keys = list(d.keys())
    if not isinstance(d, OrderedDict):
        keys.sort()
    parts = [
        (_key(k) if type(k) is str else _format(pdfdoc.PDFName(k), document))
        + b" "
        + _value(d[k], document)
        for k in keys
    ]
    if (self.multiline and rl_config.pdfMultiLine) or self.multiline == "forced":
        return b"<<\n" + IND.join(parts) + b"\n>>"
    for i in reversed(range(6, len(parts), 6)):  # a line break every six entries
        parts.insert(i, b"\n ")
    return b"<<\n" + b" ".join(parts) + b"\n>>"


_rl_array_format, _rl_dict_format = pdfdoc.PDFArray.format, pdfdoc.PDFDictionary.format
pdfdoc.PDFArray.format = _array_format  # type: ignore[method-assign]
pdfdoc.PDFDictionary.format = _dict_format  # type: ignore[method-assign]
