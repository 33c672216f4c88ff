"""A file's TrueType font splits a text whose characters all have codes in its first subset
with ``str.translate`` (``render.font_codes``): what it gives is what ReportLab's own split
gives, text after text, new characters and known ones, across subsets, in a file of its
own; and a known text is not walked character by character."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfbase import pdfdoc, pdfmetrics

from cutsheet.measure import register
from cutsheet.render import font_codes

WORDS = st.lists(
    st.text(alphabet=st.sampled_from("the ab Ledger 5R>G éß€\xa0\u2003\U0001f600"), max_size=30),
    max_size=40,
)


def _font():
    register()
    return pdfmetrics.getFont("Atkinson")


@settings(max_examples=60)
@given(WORDS, st.data())
def test_a_text_splits_as_reportlab_splits_it(texts: list[str], data: st.DataObject) -> None:
    font = _font()
    mine, theirs = pdfdoc.PDFDocument(), pdfdoc.PDFDocument()
    for text in texts + data.draw(st.permutations(texts)):  # known texts again, in any order
        assert font.splitString(text, mine) == font_codes._split(font, text, theirs)
    if texts:
        assert font.state[mine].assignments == font.state[theirs].assignments


def test_every_character_of_the_font_splits_as_reportlab_splits_it() -> None:
    """All 343 characters the font has fill a second subset: texts mixing both subsets, no-
    break spaces and a character the font lacks split as ReportLab's own split does."""
    font = _font()
    chars = "".join(chr(c) for c in sorted(font.face.charToGlyph) if c > 32)
    mine, theirs = pdfdoc.PDFDocument(), pdfdoc.PDFDocument()
    texts = ["a b", chars, chars[::-1], chars[300:] + "ab\xa0c", "\u4e00x", "x" + chars[-5:]]
    for text in texts + texts:
        assert font.splitString(text, mine) == font_codes._split(font, text, theirs)
    assert len(font.state[mine].subsets) == 2


def test_a_known_text_is_not_split_character_by_character(monkeypatch) -> None:
    font, doc = _font(), pdfdoc.PDFDocument()
    font.splitString("the ledger", doc)  # its characters given codes
    calls = []
    split = font_codes._split
    monkeypatch.setattr(font_codes, "_split", lambda *a: calls.append(a) or split(*a))
    assert font.splitString("ledger the\xa0", doc) == split(font, "ledger the\xa0", doc)
    assert not calls  # read with str.translate, not by ReportLab's split
