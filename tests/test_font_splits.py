"""A file's TrueType font splits a text into its subsets' codes once and remembers it
(``render.font_codes``): what it gives is what ReportLab's own split gives, text after
text, new characters and known ones, in a file of its own; and what it keeps is bounded."""

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


def test_the_texts_kept_are_bounded(monkeypatch) -> None:
    monkeypatch.setattr(font_codes, "SPLITS_KEPT", 10)
    font, doc = _font(), pdfdoc.PDFDocument()
    sizes = []
    for n in range(100):
        assert font.splitString(f"word {n}", doc) == font_codes._split(font, f"word {n}", doc)
        sizes.append(len(vars(font.state[doc]).get("_cutsheet_splits", ())))
    assert max(sizes) == 10  # it keeps them, up to the bound
