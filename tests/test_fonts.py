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


def test_a_character_beyond_u_ffff_is_mapped_to_its_text_as_utf16():
    """A probe's project font drew 'Sun 𝖠𝖡' right, but copying gave 'Sun ᵚᵚ': ReportLab
    wrote U+1D5A0 in the ToUnicode map as <1D5A0>, which readers take as UTF-16. Now it is
    the surrogate pair; a map of characters up to U+FFFF is ReportLab's own, byte for byte."""
    from reportlab.pdfbase import ttfonts

    import cutsheet.render  # noqa: F401  (installs the map)
    from cutsheet.render.to_unicode import _made

    subset = [0, 0x41, 0x1D5A0, 0xFFFF, 0x10FFFF]
    lines = ttfonts.makeToUnicodeCMap("F", subset).splitlines()
    assert "<02> <D835DDA0>" in lines and "<04> <DBFFDFFF>" in lines
    assert "<01> <0041>" in lines and "<03> <FFFF>" in lines
    assert "<02> <1D5A0>" not in lines
    bmp = [0, 0x41, 0xE9, 0x2212, 0xFB01]
    assert ttfonts.makeToUnicodeCMap("G", bmp) == _made("G", bmp)


def _glyphs_font(records: list[bytes], chars: dict[int, int] | None = None) -> object:
    """A stand-in for a registered font whose glyph table holds ``records`` one after the
    other (what ``broken_glyph`` reads: the table, where each glyph lies, the characters)."""
    from types import SimpleNamespace

    places = [0]
    for r in records:
        places.append(places[-1] + len(r))
    glyf = b"".join(records)
    face = SimpleNamespace(get_table=lambda tag: glyf, glyphPos=places, charToGlyph=chars or {})
    return SimpleNamespace(face=face)


def _composite(*parts: int) -> bytes:
    """A composite glyph's record made of ``parts`` (byte offsets, no scale)."""
    import struct

    body = b"".join(
        struct.pack(">HHbb", 0x0020 if i < len(parts) - 1 else 0, g, 0, 0)
        for i, g in enumerate(parts)
    )
    return struct.pack(">hhhhh", -1, 0, 0, 10, 10) + body


def test_broken_glyph_reads_loops_of_parts_and_bare_headers():
    """A review: a glyph of 0 contours written as its bare 10-byte header (an empty glyph,
    as FreeType draws it) was said to claim more contours than it holds; a loop through two
    glyphs is found; a chain of 20,000 composites is walked once (it took minutes)."""
    import struct

    from cutsheet.font_files import broken_glyph

    simple = struct.pack(">hhhhh", 1, 0, 0, 10, 10) + struct.pack(">HH", 0, 0) + b"\x01\x00\x00"
    empty = struct.pack(">hhhhh", 0, 0, 0, 0, 0)
    assert broken_glyph(_glyphs_font([b"", simple, empty])) == ""  # type: ignore[arg-type]
    looped = _glyphs_font([b"", simple, _composite(1, 3), _composite(2)], {ord("A"): 2})
    assert broken_glyph(looped) == "the glyph of 'A' is made of itself"  # type: ignore[arg-type]
    chain = [b"", simple] + [_composite(g + 1) for g in range(2, 20_001)] + [_composite(1)]
    assert broken_glyph(_glyphs_font(chain)) == ""  # type: ignore[arg-type]
    chain[-1] = _composite(2)  # the last made of the first: one loop through them all
    assert broken_glyph(_glyphs_font(chain)) == "glyph 2 is made of itself"  # type: ignore[arg-type]
