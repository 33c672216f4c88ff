"""A font's subset, made once for the same font file and characters (``render.subsets``):
the bytes ReportLab makes, and never another font file's."""

from __future__ import annotations

from reportlab.pdfbase.ttfonts import TTFontFile

from cutsheet.measure import FACES, FONT_DIR
from cutsheet.render import subsets

REGULAR = str(FONT_DIR / FACES["regular"][1])
BOLD = str(FONT_DIR / FACES["bold"][1])
CHARS = [ord(c) for c in "Take these cubes 5R>G"]


def test_the_installed_subsetter_is_cutsheets() -> None:
    assert TTFontFile.makeSubset is subsets.make_subset


def test_a_subset_made_again_is_the_same_bytes_as_reportlabs() -> None:
    font = TTFontFile(REGULAR)
    first = font.makeSubset(CHARS)
    assert first == subsets._make(font, CHARS)  # ReportLab's own
    assert font.makeSubset(list(CHARS)) is first  # kept
    assert font.makeSubset(CHARS[:-1]) != first  # other characters, another subset


def test_another_font_file_is_never_given_its_subset() -> None:
    regular, bold = TTFontFile(REGULAR), TTFontFile(BOLD)
    assert regular.makeSubset(CHARS) != bold.makeSubset(CHARS)
    assert bold.makeSubset(CHARS) == subsets._make(bold, CHARS)
