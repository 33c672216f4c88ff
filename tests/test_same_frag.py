"""ReportLab's line breaking compares fragments with ``same_frag.same_frag``, which reads a
fragment's own attributes: it says what ReportLab's ``sameFrag`` says, for fragments with
any of the compared attributes present or missing, equal, unequal or the very same object,
with or without a callback or a line break, and for fragments of another kind."""

from __future__ import annotations

import math
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from reportlab.lib import colors
from reportlab.lib.abag import ABag
from reportlab.lib.rl_accel import sameFrag
from reportlab.platypus import Paragraph, paragraph
from reportlab.platypus.paraparser import ParaFrag

from cutsheet import same_frag
from cutsheet.measure import TextStyle, _paragraph_style, face_name
from cutsheet.symbols import cube, expand

NAN = math.nan
LINKS: list[Any] = []
VALUES = st.sampled_from(
    [None, 0, 0.0, 9, 9.0, 9.5, "Atkinson", "Atkinson-Bold", NAN, LINKS, [], [1], (1,)]
    + [colors.black, colors.HexColor("#000000"), colors.red, True, False]
) | st.builds(float, st.just("nan"))  # a NaN of its own: unequal to every other
ATTRIBUTES = st.dictionaries(
    st.sampled_from([*same_frag.COMPARED, "cbDefn", "lineBreak", "text", "bold"]), VALUES
)


def _frag(attrs: dict[str, Any], kind: type = ParaFrag) -> Any:
    frag = kind()
    frag.__dict__.update(attrs)
    return frag


@given(ATTRIBUTES, ATTRIBUTES, st.booleans())
def test_fragments_are_alike_as_reportlab_says(a: dict, b: dict, same_values: bool) -> None:
    if same_values:  # the very same objects in both: a NaN is then alike, as in C
        b = {**b, **{k: v for k, v in a.items() if k in b}}
    f, g = _frag(a), _frag(b)
    assert same_frag.same_frag(f, g) == bool(sameFrag(f, g))
    assert same_frag.same_frag(f, f) == bool(sameFrag(f, f))


def test_other_fragments_are_asked_as_before() -> None:
    class Other(ABag):
        fontName = "Atkinson"  # a class attribute ReportLab's getattr finds

    f, g = _frag({"fontSize": 9}, Other), _frag({"fontSize": 9, "fontName": "Atkinson"})
    assert same_frag.same_frag(f, g) == bool(sameFrag(f, g)) is True


def test_line_breaking_uses_it() -> None:
    assert paragraph.sameFrag is same_frag.same_frag
    style = _paragraph_style(TextStyle())
    markup = expand("pay " + cube("G", "#009E73") * 3 + " to bank", 9, 11, face_name("bold"))
    lines = Paragraph(markup, style)
    lines.wrap(40, 1000)
    paragraph.sameFrag = sameFrag
    try:
        theirs = Paragraph(markup, style)
        theirs.wrap(40, 1000)
    finally:
        same_frag.install()
    assert repr(lines.blPara) == repr(theirs.blPara)
