"""Property-based tests: text is data whatever it holds, and located reading never crashes.
A short run is part of `make test`; `make fuzz` runs the same properties much longer."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reportlab.platypus import Paragraph

from cutsheet.diagnostics import ContentError
from cutsheet.measure import missing_glyphs, register
from cutsheet.plan.scale.styles import clean
from cutsheet.profile_files import PACKAGED
from cutsheet.profiles import load_profile
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


LARGE_PRINT = load_profile(PACKAGED, "large-print")


MARKUP_LIKE = st.sampled_from([" size=7", "fontSize=", ' SIZE="9"', "<i>", "</i>", "<em>"])


def _prints_as_written_in_large_print(value: str) -> None:
    markup = clean(render("<b>{{ v }}</b>", {"v": value}), LARGE_PRINT)
    plain = Paragraph(markup).getPlainText()
    assert " ".join(plain.split()) == " ".join(value.split())


@given(st.lists(MARKUP_LIKE | printable).map("".join))
def test_any_text_prints_literally_in_large_print(value):
    """Large print's markup adjustments (sizes, italics) rewrite the template's tags only:
    a card's 'Hat size=7' printed 'Hat size="18"' until they did."""
    _prints_as_written_in_large_print(value)


ANY_TEXT = st.text(  # but cutsheet's own markers (private use), refused in content anyway
    alphabet=st.characters(exclude_categories=("Cs", "Co")), max_size=12
)


@pytest.mark.fuzz
@given(st.lists(MARKUP_LIKE | ANY_TEXT, max_size=30).map("".join))
def test_any_text_prints_literally_in_large_print_long(value):
    """The same, longer and over any text (``make fuzz``)."""
    _prints_as_written_in_large_print(value)


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
