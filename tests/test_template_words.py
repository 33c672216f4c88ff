"""A template that looks up a key that is not there is told in a designer's words: Jinja's own
"'dict object' has no attribute 'CR-SEED-TENT'" names a Python type the designer never wrote.
A rulebook example that names a card by id is the usual case: renaming the card leaves the
rules looking up the old id."""

from __future__ import annotations

import pytest

from cutsheet.text.problem import TemplateProblem
from cutsheet.text.rendering import render


@pytest.mark.parametrize(
    ("source", "context", "said"),
    [
        (
            "{{ cards['CR-X'] }}",
            {"cards": {}},
            "there is no 'CR-X' in cards (a mapping)",  # named as the template writes it
        ),
        ("{{ name.size }}", {"name": "tent"}, "there is no 'size' in name (a text)"),
        (  # looked up in two places: which one is not known
            "{{ a.size }}{{ b.size }}",
            {"a": {"size": 1}, "b": {}},
            "there is no 'size' in the mapping it is looked up in",
        ),
        (  # a key misspelt: the nearest key of the mapping (a designer's terms[zone].ikon)
            "{{ terms[zone].ikon }}",
            {"terms": {"rock": {"fill": "#264653", "icon": "square"}}, "zone": "rock"},
            "there is no 'ikon' in the mapping it is looked up in; did you mean 'icon'?",
        ),
        (  # an id one letter from another card's names that card: not offered
            "{{ items['DEM-STAB'] }}",
            {"items": {"DEM-STAR": 1, "DEM-SUN": 2}},
            "there is no 'DEM-STAB' in items (a mapping)",
        ),
        (  # a slip of case is
            "{{ items['DEM-Star'] }}",
            {"items": {"DEM-STAR": 1, "DEM-SUN": 2}},
            "there is no 'DEM-Star' in items (a mapping); did you mean 'DEM-STAR'?",
        ),
        (  # a template's own objects as keys are no names: never printed (their address)
            "{% set d = {cycler(1): 1, joiner(): 2} %}{{ d['<jinja2.utils.Cycler'] }}",
            {},
            "there is no '<jinja2.utils.Cycler' in d (a mapping)",
        ),
        (  # a key with a space, a slip of case in an id, a loop's own name, a key not text
            "{{ terms['Round two'] }}",
            {"terms": {"Round one": 1}},
            "there is no 'Round two' in terms (a mapping); did you mean 'Round one'?",
        ),
        (
            "{{ items['KH-Stab'] }}",
            {"items": {"KH-SUN": 1, "KH-STAR": 2}},
            "there is no 'KH-Stab' in items (a mapping)",
        ),
        (
            "{% for x in [1] %}{{ loop.indexx }}{% endfor %}",
            {},
            "there is no 'indexx' in loop (a loop)",
        ),
        (
            "{{ d[none] }}",
            {"d": {"a": 1}},
            "there is no None in the mapping it is looked up in; it has 'a'",
        ),
        (  # a key like an id, in a mapping not keyed by ids: the nearest key, as any
            "{{ terms['Fire-Strom'] }}",
            {"terms": {"Fire-Storm": 1}},
            "there is no 'Fire-Strom' in terms (a mapping); did you mean 'Fire-Storm'?",
        ),
        (  # a key with an apostrophe (Python says it in double quotes)
            '{{ d["Builder\'s Yrd"] }}',
            {"d": {"Builder's Yard": 1}},
            "there is no \"Builder's Yrd\" in d (a mapping); did you mean 'Builder's Yard'?",
        ),
        ("{{ nmae }}", {"name": "tent"}, "'nmae' is undefined; did you mean 'name'?"),
        (
            "{{ zzz }}",
            {"name": "tent"},
            "'zzz' is undefined; it can use name",
        ),  # none close: the names
    ],
)
def test_an_unknown_name_is_said_in_the_designers_words(source, context, said):
    with pytest.raises(TemplateProblem) as raised:
        render(source, context)
    assert str(raised.value) == f"template uses an unknown name: {said}"


def test_a_renamed_card_a_rules_example_names_is_reported_without_python_words(ws):
    ws.edit("content/common-reserve/deliveries.yaml", "id: CR-SEED-TENT\n", "id: CR-SEED-TENTS\n")
    said = [p.message for p in ws.check("common-reserve")]
    assert (
        "rules: template uses an unknown name:"
        " there is no 'CR-SEED-TENT' in the mapping it is looked up in;"
        " did you mean 'CR-SEED-TENTS'?" in said  # (items[ex.card])
    )
    assert not any("object" in m or "attribute" in m for m in said), said


@pytest.mark.parametrize(
    ("markup", "said"),
    [
        ("a <b c", "<b> is never closed (a tag ends with '>', and '<' alone is written &lt;)"),
        ("a <b>c", "<b> is never closed"),
        ("x <i>y <b>z</i>", "<b> is never closed before </i>"),
        ("x y</b> z", "</b> closes a <b> that was never opened"),  # not "<para> is never…"
        # ReportLab names no tag but its own 'para' (a designer's "if a<b" in a layout)
        (
            "x if a<b",
            "a '<' before a letter starts a tag that never ends; a '<' that prints is &lt;",
        ),
    ],
)
def test_a_tag_cut_short_is_named_without_reportlabs_own_words(markup, said):
    """ReportLab says "parse ended with 2 unclosed tags b para": 'para' is its own wrapper."""
    from cutsheet.measure import MarkupError, TextStyle, paragraph_style, parsed

    with pytest.raises(MarkupError) as raised:
        parsed(markup, paragraph_style(TextStyle()))
    assert str(raised.value) == said


@pytest.mark.parametrize(
    ("source", "said"),
    [
        (
            "{{ 10.0 ** 400 }}",
            "template computes a number too large (numerical result out of range)",
        ),
        ("{{ '{0}'.format() }}", "template error: no such position ("),
        ("{{ 1 // 0 }}", "template error: integer division or modulo by zero"),
    ],
)
def test_a_runtime_error_is_said_in_words_not_python_names(source, said):
    """A probe: "((34, 'Numerical result out of range'))" and "IndexError: …" reached the
    designer as Python wrote them."""
    with pytest.raises(TemplateProblem) as caught:
        render(source, {})
    assert str(caught.value).startswith(said)
    assert "Error" not in str(caught.value) and "(34," not in str(caught.value)


def test_a_failing_line_is_found_once_for_the_same_values_each_at_its_own_line(monkeypatch):
    """A review: each of 2,000 cards failing alike ran (and compiled) the template again; now
    once for the same values of the names it reads. Items that fail alike on other lines (a
    different field at 0) are each found at their own."""
    from cutsheet.text import rendering

    runs = []
    real = rendering._line_failing
    monkeypatch.setattr(rendering, "_line_failing", lambda *a: runs.append(a) or real(*a))
    rendering._LINES.clear()
    source = "{{ 1 // a }} then {{ 1 // b }}"
    written = "{{ 1 // a }}\nthen {{ 1 // b }}"

    def line(a: int, b: int) -> int | None:
        with pytest.raises(TemplateProblem) as caught:
            render(source, {"a": a, "b": b})
        return rendering.failing_line(written, caught.value)

    assert [line(0, 1) for _ in range(3)] == [1, 1, 1]
    assert len(runs) == 1
    assert line(1, 0) == 2
    assert len(runs) == 2
