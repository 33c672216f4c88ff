"""The markup cutsheet writes is parsed without ``HTMLParser`` (``paragraph_parse``): what it
gives is what ReportLab's own parser gives, fragment for fragment and attribute for attribute
(symbols' markers and spacers, entities, bold, italic, sizes, line breaks), and anything else
(another tag, a stray ``&``, a mistake) is left to ReportLab, which reports it in its words."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.abag import ABag
from reportlab.lib.utils import ImageReader
from reportlab.platypus import Paragraph
from reportlab.platypus.paragraph import cleanBlockQuotedText

from cutsheet import measure, paragraph_parse
from cutsheet.measure import TextStyle, _paragraph_style, doc_styles, face_name, parsed
from cutsheet.symbols import PAD_IMAGE, actual_text, cube, expand, icon

STYLES = [
    _paragraph_style(TextStyle()),
    _paragraph_style(TextStyle("bold", 14.0, 16.0, "center", "#D55E00")),
    _paragraph_style(TextStyle("italic", 7.5, 9.0, "right")),
    doc_styles(9.0, 12.0, 16.0, 7.0, 1.25).body,
]
SYMBOLS = [
    cube("R", "#D55E00") * 4,
    "pay " + cube("G", "#009E73") + cube("B", "#0072B2") + " to bank",
    actual_text(
        "5R&gt;G", cube("R", "#D55E00") + "&gt;" + cube("G", "#009E73"), "5 red for 1 green"
    ),
    icon("drop", "#0072B2") + " 2 " + icon("flame"),
]
WRITTEN = [
    "Gain <b>2</b> red",
    "Salt &amp; pepper &lt;3 &quot;quoted&quot; &#39;single&#39; &#x263A; &#233;",
    '<font size="9">ONE FOR EVERY PLAYER</font> and <font>plain</font>',
    "line one<br/>line two<br />three",
    "<b><i>bold italic</i> bold</b> <i>italic</i>",
    '<onDraw name="cs_text" label="5R&gt;G|5 red for 1 green"/><b>5</b>',
    f'room <img src="{PAD_IMAGE}" width="6.22" height="0.01"/> here',
    '<font size="8" color="#D55E00">COST</font> &nbsp; &unknown; x>y',
    "  spaced\n  out\ttext  ",
]
OTHERS = [
    "<para>wrapped</para>",  # ReportLab's own paragraph tag
    "<u>underlined</u>",  # a tag cutsheet never writes
    "a & b",  # a stray ampersand
    "x <y",  # a stray angle bracket
    "<b>never closed",  # mistakes: ReportLab says what is wrong
    "closed</b> twice",
    "<br>",
    '<onDraw label="nameless"/>',
    "<img/>",
    "<font size='9'>single quotes</font>",
    "&#12 unended",
    "<b/>",
    "a<br\xa0/>b",  # a tag's name runs on over a no-break space: another tag to HTMLParser
    "<b\xa0>bold</b>",
    '<onDraw\xa0name="n"/>x',
]


def _frags(frags: list[Any]) -> list[Any]:
    """The fragments as comparable values: every attribute, a callback's and an image's
    (by its file) too."""

    def value(v: Any) -> Any:
        if isinstance(v, ABag):
            return ("bag", type(v).__name__, {k: value(x) for k, x in vars(v).items()})
        if isinstance(v, ImageReader):
            return ("image", v.fileName)
        if isinstance(v, list):
            return [value(x) for x in v]
        return v

    return [value(f) for f in frags]


def _reportlab(markup: str, style: Any) -> Paragraph | None:
    try:
        return Paragraph(markup, style)
    except ValueError:
        return None


def _check(markup: str, style: Any) -> bool:
    """Whether ``paragraph_parse`` parsed ``markup``; what it gave is ReportLab's parse."""
    got = paragraph_parse.parse(cleanBlockQuotedText(markup), style)
    real = _reportlab(markup, style)
    if got is None:
        return False
    assert real is not None, markup  # it never parses what ReportLab finds a mistake in
    parsed_style, frags = got
    assert parsed_style is real.style
    assert _frags(frags) == _frags(real.frags), markup
    return True


@pytest.mark.parametrize("style", STYLES, ids=range(len(STYLES)))
def test_the_markup_cutsheet_writes_parses_as_reportlab_parses_it(style: Any) -> None:
    for size in (7.5, 9.0, 16.0):
        for text in SYMBOLS:
            assert _check(expand(text, size, size * 1.2, face_name("bold")), style)
    for markup in WRITTEN:
        assert _check(markup, style), markup


@pytest.mark.parametrize("markup", OTHERS)
def test_other_markup_is_left_to_reportlab(markup: str) -> None:
    assert paragraph_parse.parse(cleanBlockQuotedText(markup), STYLES[0]) is None
    parsed.cache_clear()
    real = _reportlab(markup, STYLES[0])
    if real is None:  # a mistake, in ReportLab's words
        with pytest.raises(measure.MarkupError):
            parsed(markup, STYLES[0])
    else:
        assert _frags(parsed(markup, STYLES[0]).frags) == _frags(real.frags)


def test_a_paragraph_from_the_quick_parse_wraps_as_reportlabs() -> None:
    style = STYLES[3]
    markup = expand(SYMBOLS[2] + " and <b>gain</b> " + SYMBOLS[1], 9, 11, face_name("bold"))
    parsed.cache_clear()
    made = parsed(markup, style)
    real = Paragraph(markup, style)
    assert {k: v for k, v in vars(made).items() if k != "frags"} == {
        k: v for k, v in vars(real).items() if k != "frags"
    }
    for width in (40.0, 90.0, 400.0):
        a = Paragraph(made.text, made.style, frags=made.frags)
        b = Paragraph(real.text, real.style, frags=real.frags)
        assert a.wrap(width, 10_000) == b.wrap(width, 10_000)
        assert repr(a.blPara) == repr(b.blPara)


_TEXT = st.sampled_from(
    ["Gain", " ", "2", "red", "é", "x>y", "—", "🙂", "&amp;", "&lt;", "&gt;", "&quot;", "&#39;"]
    + ["&#x263A;", "&nbsp;", "&nope;", "  \n ", '"', "'", "/", "=", ";"]
)
_EMPTY = st.sampled_from(
    [
        "<br/>",
        "<br />",
        '<onDraw name="cs_art" label="("/>',
        '<onDraw name="cs_text" label="5R&gt;G|5 red"/>',
        '<ONDRAW NAME="cs_end" LABEL="-"/>',
        f'<img src="{PAD_IMAGE}" width="3.10" height="0.01"/>',
        f'<img src="{PAD_IMAGE}" width="50%" height="0.01"/>',
    ]
)
_OPEN = st.sampled_from(
    ["<b>", "<i>", "<B>", "<font>", '<font size="8">', '<font size="+2">', '<font color="#0072B2">']
)
_JUNK = st.sampled_from(
    ["&", "<", "<u>", "</b>", "<br>", "<img/>", "<b/>", "<para>", '<font size="x">', "&#9"]
    + ["<br\xa0/>", "<b\xa0>", "</b\xa0>", '<onDraw\xa0name="x"/>', "\xa0"]
)


def _markup(junk: bool) -> st.SearchStrategy[str]:
    def nested(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        close = {"<b>": "</b>", "<i>": "</i>", "<B>": "</B>"}
        return st.tuples(_OPEN, st.lists(children, max_size=4)).map(
            lambda t: t[0] + "".join(t[1]) + close.get(t[0], "</font>")
        )

    leaf = st.one_of(_TEXT, _EMPTY, _JUNK) if junk else st.one_of(_TEXT, _EMPTY)
    return st.lists(st.recursive(leaf, nested, max_leaves=12), max_size=8).map("".join)


@settings(max_examples=300)
@given(markup=_markup(junk=False), style=st.sampled_from(STYLES))
def test_written_markup_parses_as_reportlab_parses_it(markup: str, style: Any) -> None:
    parses = _check(markup, style)
    assert parses == (_reportlab(markup, style) is not None), markup  # all ReportLab parses


@settings(max_examples=300)
@given(markup=_markup(junk=True), style=st.sampled_from(STYLES))
def test_any_markup_is_parsed_as_reportlab_parses_it_or_left_to_it(markup: str, style: Any) -> None:
    _check(markup, style)


def test_tagged_text_is_parsed_quickly_and_the_rest_by_reportlab(monkeypatch) -> None:
    made: list[bool] = []
    real = measure.Paragraph

    def counting(*args: Any, **kwargs: Any) -> Paragraph:
        made.append(kwargs.get("frags") is None)
        return real(*args, **kwargs)

    quick: list[str] = []
    parse = paragraph_parse.parse

    def counted(text: str, style: Any) -> Any:
        got = parse(text, style)
        quick.append(text if got is not None else "")
        return got

    parsed.cache_clear()
    monkeypatch.setattr(measure, "Paragraph", counting)
    monkeypatch.setattr(paragraph_parse, "parse", counted)
    parsed("Gain <b>2</b> red", STYLES[0])
    parsed("<u>Gain</u>", STYLES[0])
    assert quick == ["Gain <b>2</b> red", ""]
    assert made == [False, True]  # the first from the quick parse's fragments
