"""Plain text (no tag, no entity) is made into a paragraph without ReportLab's parser
(``measure._plain_paragraph``): the paragraph is the one the parser makes, attribute for
attribute and fragment for fragment, so it measures, wraps and draws the same."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reportlab.platypus import Paragraph

from cutsheet import measure
from cutsheet.measure import TextStyle, _paragraph_style, doc_styles, parsed

STYLES = [
    _paragraph_style(TextStyle()),
    _paragraph_style(TextStyle("bold", 14.0, 16.0, "center", "#D55E00")),
    _paragraph_style(TextStyle("italic", 7.5, 9.0, "right")),
    _paragraph_style(TextStyle("bold-italic", 20.1, 24.0)),
    doc_styles(9.0, 12.0, 16.0, 7.0, 1.25).body,
    doc_styles(14.0, 18.0, 24.0, 12.0, 1.4).cell,
]
PLAIN = st.text(st.characters(blacklist_characters="<&", blacklist_categories=("Cs",)))
WORDY = st.lists(st.sampled_from(["Gain", "2", "red", "—", "  ", "\n", "\t", "é", "x>y", "🙂"]))


def _same(made: Paragraph, text: str, style: object) -> None:
    real = Paragraph(text, style)
    assert type(made) is type(real)
    assert {k: v for k, v in vars(made).items() if k != "frags"} == {
        k: v for k, v in vars(real).items() if k != "frags"
    }
    assert [(type(f), vars(f)) for f in made.frags] == [(type(f), vars(f)) for f in real.frags]
    for width in (20.0, 90.0, 400.0):
        a, b = Paragraph(made.text, made.style, frags=made.frags), Paragraph(text, style)
        assert a.wrap(width, 10_000) == b.wrap(width, 10_000)
        assert repr(a.blPara) == repr(b.blPara)


@pytest.mark.parametrize("style", STYLES, ids=range(len(STYLES)))
@given(text=st.one_of(PLAIN, WORDY.map("".join)))
def test_plain_text_is_the_paragraph_the_parser_makes(style, text):
    made = measure._plain_paragraph(text, style)
    if made is None:  # (text that cleans to nothing is parsed)
        assert not " ".join(text.split())
        return
    _same(made, text, style)


def test_text_with_a_tag_or_an_entity_is_parsed(monkeypatch):
    """Not made from the style's fragment: parsed (by ``paragraph_parse``, whose
    fragments are ReportLab's: ``test_paragraph_parse.py``)."""
    style = STYLES[0]
    assert measure._plain_paragraph("Gain <b>2</b> red", style) is None
    assert measure._plain_paragraph("Salt &amp; pepper", style) is None
    made = []
    real = measure.Paragraph

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        made.append(kwargs.get("frags") is None)
        return real(*args, **kwargs)

    assert measure._plain_paragraph("x", style) is not None  # (the style's fragment, found once)
    parsed.cache_clear()
    monkeypatch.setattr(measure, "Paragraph", counting)
    monkeypatch.setattr(measure, "_quickly_parsed", lambda markup, style: None)
    parsed("Gain <b>2</b> red", style)
    parsed("Salt &amp; pepper", style)
    parsed("Gain two red cubes", style)
    assert made == [True, True, False]  # the third: made from the style's own fragment
