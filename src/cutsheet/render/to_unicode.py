"""ReportLab's ToUnicode map of a font subset, with a character beyond U+FFFF written as the
PDF format says: as UTF-16, a pair of surrogates (``<D835DDA0>`` for U+1D5A0). ReportLab
writes the code point's own hex digits (``<1D5A0>``), which readers take as UTF-16 too, so
copying, searching and a screen reader got other characters ('ᵚ') for a project font's
mathematical letters. Every map of characters up to U+FFFF is ReportLab's own, byte for byte.
ReportLab looks the function up in its module each time it writes a map, so it finds this."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfbase import ttfonts

_made = ttfonts.makeToUnicodeCMap


def utf16_hex(code: int) -> str:
    """A code point as the hex digits of its UTF-16 (big-endian) encoding."""
    return chr(code).encode("utf-16-be", "surrogatepass").hex().upper()


def to_unicode_cmap(fontname: str, subset: Sequence[int]) -> str:
    """``ttfonts.makeToUnicodeCMap``, each character beyond U+FFFF written as UTF-16."""
    text: str = _made(fontname, subset)
    for index, code in enumerate(subset):
        if code > 0xFFFF:
            text = text.replace(f"<{index:02X}> <{code:04X}>", f"<{index:02X}> <{utf16_hex(code)}>")
    return text


ttfonts.makeToUnicodeCMap = to_unicode_cmap
