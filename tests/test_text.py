"""Text is data: templates are sandboxed, strict, and data prints literally."""

from __future__ import annotations

import pytest
from reportlab.platypus import Paragraph

from cutsheet.measure import face_name
from cutsheet.symbols import expand
from cutsheet.text import TemplateProblem, render


@pytest.mark.parametrize(
    "value", ["5R>G and 8R>B", "Fish & Chips", "a < b", 'say "hi"', "it's", "<b>x</b>"]
)
def test_data_prints_literally(value):
    markup = render("{{ v }}", {"v": value})
    assert Paragraph(markup).getPlainText() == value


def test_template_markup_stays_markup():
    markup = render("<b>{{ v }}</b>", {"v": "R>G"})
    para = Paragraph(markup)
    assert para.getPlainText() == "R>G"
    assert para.frags[0].bold == 1


def test_unknown_names_are_errors_not_blanks():
    with pytest.raises(TemplateProblem, match="'nmae' is undefined"):
        render("{{ nmae }}", {"name": "x"})


def test_the_sandbox_blocks_python_internals():
    with pytest.raises(TemplateProblem):
        render("{{ ''.__class__.__mro__[1].__subclasses__() }}", {})


def test_filters():
    assert render("{{ d|counts(', ') }}", {"d": {"WATER": 3, "FUEL": 1}}) == "WATER 3, FUEL 1"
    assert render("{{ 2|signed }} {{ (-3)|signed }}", {}) == "+2 −3"


def test_printing_a_method_is_an_error():
    with pytest.raises(TemplateProblem, match="prints a method"):
        render("{{ s.get }}", {"s": {"get": "WATER"}})
    assert render("{{ s['get'] }}", {"s": {"get": "WATER"}}) == "WATER"


def test_glyphs_mark_cube_runs_only():
    terms = {"R": {"fill": "#D55E00"}, "G": {"fill": "#009E73"}, "B": {"fill": "#56B4E9"}}
    markup = render("{{ t|glyphs(terms) }}", {"t": "5R>G, RRRR, 3R<>G & Bank", "terms": terms})
    expanded = expand(markup, 10, 14, face_name("bold"))
    para = Paragraph(expanded)
    assert para.getPlainText() == "5R>G, RRRR, 3R<>G & Bank"  # the letters stay text
    assert expanded.count('name="cs_cube"') == 2 + 4 + 2  # Bank's B is a letter, not a cube
    # each notation run is one ActualText span: 5R>G, RRRR, 3R<>G
    assert expanded.count('name="cs_text"') == 3 == expanded.count('name="cs_end"')
    assert 'label="5R&gt;G"' in expanded or 'label="5R>G"' in expanded
