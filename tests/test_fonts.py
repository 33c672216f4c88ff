"""The bundled fonts carry no hinting (tools/fonts.py removes it from the wheel's files), so
no font a PDF embeds does: outlines and metrics are the wheel's, the files a third smaller."""

from __future__ import annotations

import struct
from pathlib import Path

import pikepdf
import pytest

from cutsheet.measure import FONT_DIR

HINTING = {b"fpgm", b"prep", b"cvt "}
BUNDLED = sorted(Path(FONT_DIR).glob("*.ttf"))


def tables(font: bytes) -> set[bytes]:
    """The tags of a TrueType file's table directory."""
    (count,) = struct.unpack(">H", font[4:6])
    return {font[12 + 16 * i : 16 + 16 * i] for i in range(count)}


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_a_bundled_font_has_outlines_but_no_hinting(path):
    found = tables(path.read_bytes())
    assert {b"glyf", b"loca", b"hmtx", b"cmap", b"OS/2", b"name"} <= found
    assert not found & HINTING


def test_the_fonts_embedded_in_a_built_pdf_have_no_hinting(built):
    seen = 0
    for pdf_path in sorted(built.glob("*/standard-a4/*.pdf")):
        with pikepdf.open(pdf_path) as pdf:
            for obj in pdf.objects:
                if isinstance(obj, pikepdf.Dictionary) and "/FontFile2" in obj:
                    font = obj.FontFile2.read_bytes()
                    assert b"glyf" in tables(font), pdf_path
                    assert not tables(font) & HINTING, pdf_path
                    seen += 1
    assert seen >= 8  # every game's files embed at least the regular and bold subsets
