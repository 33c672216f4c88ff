"""ReportLab writes every name and number of a PDF object through ``pdfdoc.PDFName`` and
``pdfdoc.pdfdocEnc``; cutsheet remembers their results for short texts (``render``). What
they give is what ReportLab's own give, and nothing long is kept."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from reportlab.pdfbase import pdfdoc

import cutsheet.render as render

TEXT = st.text(alphabet=st.characters(max_codepoint=0xFF), max_size=80)


@given(TEXT)
def test_a_name_is_written_as_reportlab_writes_it(text: str) -> None:
    assert pdfdoc.PDFName is render._pdf_name
    assert pdfdoc.PDFName(text) == render._name(text)
    assert pdfdoc.PDFName(text) == render._name(text)  # the second time, remembered


def _outcome(encode: object, value: object) -> object:
    try:
        return encode(value)  # type: ignore[operator]
    except UnicodeEncodeError as exc:  # a character PDFDocEncoding lacks: the same error
        return (type(exc), exc.start, exc.end)


@given(st.one_of(TEXT, st.binary(max_size=80)))
def test_a_text_is_encoded_as_reportlab_encodes_it(value: str | bytes) -> None:
    assert pdfdoc.pdfdocEnc is render._pdfdoc_enc
    for _ in range(2):
        assert _outcome(pdfdoc.pdfdocEnc, value) == _outcome(render._encode, value)


def test_a_long_text_or_bytes_is_never_kept() -> None:
    before = render._encoded.cache_info().currsize
    long = "0.1 0.2 0.3 rg " * 1000
    assert pdfdoc.pdfdocEnc(long) == render._encode(long)
    assert pdfdoc.pdfdocEnc(long.encode()) == long.encode()
    assert render._encoded.cache_info().currsize == before
    named = render._named.cache_info().currsize
    assert pdfdoc.PDFName("x" * 200) == render._name("x" * 200)
    assert pdfdoc.PDFName("a b", "!", "~") == render._name("a b", "!", "~")
    assert render._named.cache_info().currsize == named
