"""Font registration and glyph coverage. Every font is TrueType, embedded and subset."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Paragraph

FONT_DIR = Path(__file__).resolve().parents[3] / "fonts"

FAMILY = "Atkinson"
FACES = {
    "regular": ("Atkinson", "AtkinsonHyperlegible-Regular.ttf", 0, 0),
    "bold": ("Atkinson-Bold", "AtkinsonHyperlegible-Bold.ttf", 1, 0),
    "italic": ("Atkinson-Italic", "AtkinsonHyperlegible-Italic.ttf", 0, 1),
    "bold-italic": ("Atkinson-BoldItalic", "AtkinsonHyperlegible-BoldItalic.ttf", 1, 1),
}


@lru_cache(maxsize=1)
def register() -> str:
    """Register the family once per process; returns the regular face's name."""
    for name, file, bold, italic in FACES.values():
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / file)))
        addMapping(FAMILY, bold, italic, name)
    return FACES["regular"][0]


def face_name(style_font: str) -> str:
    register()
    return FACES[style_font][0]


@lru_cache(maxsize=8)
def _charmap(font_name: str) -> frozenset[int]:
    register()
    font = pdfmetrics.getFont(font_name)
    return frozenset(font.face.charToGlyph)


def missing_glyphs(text: str, font_name: str) -> list[str]:
    """Characters of ``text`` that ``font_name`` cannot draw (ReportLab would drop them)."""
    cmap = _charmap(font_name)
    seen: list[str] = []
    for ch in text:
        if ch not in "\n\t\r\xa0" and ord(ch) not in cmap and ch not in seen:
            seen.append(ch)
    return seen


def unprintable(paragraph: Paragraph) -> list[str]:
    """ "font X has no 'c' (U+....)" for every character of a paragraph its font cannot draw."""
    out = []
    for frag in getattr(paragraph, "frags", []):
        lost = missing_glyphs(getattr(frag, "text", ""), frag.fontName)
        if lost:
            shown = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in lost)
            out.append(f"font {frag.fontName} has no {shown}")
    return out
