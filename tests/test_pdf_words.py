"""ReportLab writes every name and number of a PDF object through ``pdfdoc.PDFName`` and
``pdfdoc.pdfdocEnc``; cutsheet remembers their results for short texts (``render``). What
they give is what ReportLab's own give, and nothing long is kept. Arrays and dictionaries
are written without asking what each number is (``render._array_format``): the same bytes
as ReportLab's own."""

from __future__ import annotations

from collections import OrderedDict

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


ATOM = st.one_of(
    st.integers(min_value=-(10**12), max_value=10**12),
    st.sampled_from([2**53 + 1, -(2**53 + 3), 2**60 + 7, 10**19 + 1]),  # beyond a float's
    st.floats(allow_nan=False, allow_infinity=False, min_value=-1e9, max_value=1e9),
    st.booleans(),  # not an int to ReportLab: written as its name
    st.text(alphabet=st.sampled_from("az AZ09/#()\\éüß°±€•"), max_size=12),
    st.binary(max_size=12),
    st.builds(pdfdoc.PDFString, st.text(alphabet="abc ()\\", max_size=8)),
)
KEY = st.text(alphabet="ABCDEFGHabcdefgh123/", min_size=1, max_size=10)
ELEMENT = st.recursive(
    ATOM,
    lambda inner: st.one_of(
        st.lists(inner, max_size=25).map(pdfdoc.PDFArray),
        st.dictionaries(KEY, inner, max_size=14).map(pdfdoc.PDFDictionary),
    ),
    max_leaves=60,
)


@given(st.lists(ELEMENT, max_size=40), st.sampled_from([True, False, "forced"]))
def test_an_array_is_written_as_reportlab_writes_it(items: list[object], multiline) -> None:
    assert pdfdoc.PDFArray.format is render._array_format
    array = pdfdoc.PDFArray(items)
    array.multiline = multiline
    document = pdfdoc.PDFDocument()
    assert array.format(document) == render._rl_array_format(array, document)


@given(st.dictionaries(KEY, ELEMENT, max_size=20), st.sampled_from([True, False, "forced"]))
def test_a_dictionary_is_written_as_reportlab_writes_it(
    items: dict[str, object], multiline
) -> None:
    assert pdfdoc.PDFDictionary.format is render._dict_format
    for entries in (items, OrderedDict(reversed(items.items()))):
        dictionary = pdfdoc.PDFDictionary()
        dictionary.dict = entries  # as given: an OrderedDict keeps its order, a dict is sorted
        dictionary.multiline = multiline
        document = pdfdoc.PDFDocument()
        assert dictionary.format(document) == render._rl_dict_format(dictionary, document)
