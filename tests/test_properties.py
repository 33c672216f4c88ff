"""Property-based tests: text is data whatever it holds, and located reading never crashes.
A short run is part of `make test`; `make fuzz` runs the same properties much longer."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reportlab.platypus import Paragraph

from cutsheet.diagnostics import ContentError
from cutsheet.measure import missing_glyphs, register
from cutsheet.source import parse_csv, parse_yaml
from cutsheet.text import render

register()
printable = st.text(
    alphabet=st.characters(
        codec="latin-1", categories=("L", "N", "P", "S"), include_characters=" "
    ),
    max_size=40,
)


@given(printable)
def test_any_text_prints_literally(value):
    """Whatever a card says (&, <, >, quotes, 5R>G), the paragraph prints exactly that."""
    markup = render("{{ v }}", {"v": value})
    para = Paragraph(markup)
    assert para.getPlainText() == " ".join(value.split()) or not value.strip()


@given(
    st.text(alphabet=st.characters(codec="latin-1", categories=("L", "N", "P", "S")), min_size=1)
)
def test_the_font_covers_latin_1_and_the_check_says_so(value):
    assert missing_glyphs(value, "Atkinson") == []


@given(st.text(alphabet="→★●■▲♦✓", min_size=1))
def test_the_glyph_check_names_what_the_font_lacks(value):
    assert missing_glyphs(value, "Atkinson") == list(dict.fromkeys(value))


@given(st.text(max_size=200))
def test_yaml_reading_never_crashes(text):
    try:
        parse_yaml(text, "f.yaml")
    except ContentError as exc:
        assert all(str(p).startswith("f.yaml") for p in exc.problems)


@given(st.text(max_size=200))
def test_csv_reading_never_crashes(text):
    try:
        parse_csv(text, "f.csv")
    except ContentError as exc:
        assert all(str(p).startswith("f.csv") for p in exc.problems)


@pytest.mark.fuzz
@given(st.text(alphabet=st.sampled_from(list("ab:- \n[]{}'\"&*!|>#,")), max_size=300))
def test_yaml_reading_never_crashes_on_yaml_shaped_noise(text):
    try:
        parse_yaml(text, "f.yaml")
    except ContentError as exc:
        assert exc.problems and all(str(p).startswith("f.yaml") for p in exc.problems)
