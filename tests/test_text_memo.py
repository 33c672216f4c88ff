"""A template's result is remembered by its source and the values it reads: the same values
give it again without Jinja, other values (or the same value of another type) never do, and a
template that reads more than its names (the icon filter reads the project) is never kept."""

from __future__ import annotations

import pytest

from cutsheet.text import TemplateProblem, evaluate, render, rendering


def test_same_values_same_result_without_running_jinja(monkeypatch):
    assert render("{{ n * 2 }} × {{ what }}", {"n": 3, "what": "WATER", "other": 1}) == "6 × WATER"
    runs = []
    real = rendering._render
    monkeypatch.setattr(rendering, "_render", lambda s, c: runs.append(s) or real(s, c))
    # another item (another context) with the same values read: remembered
    assert render("{{ n * 2 }} × {{ what }}", {"n": 3, "what": "WATER", "other": 2}) == "6 × WATER"
    assert runs == []
    # other values: run again
    assert render("{{ n * 2 }} × {{ what }}", {"n": 4, "what": "FUEL"}) == "8 × FUEL"
    assert len(runs) == 1


def test_a_value_of_another_type_is_another_key():
    assert render("{{ x|string }}", {"x": 1}) == "1"
    assert render("{{ x|string }}", {"x": True}) == "True"
    assert evaluate("x == 1", {"x": 1}) is True
    assert evaluate("x == 1", {"x": "1"}) is False


def test_what_is_never_a_key():
    key = rendering._values_key
    assert key("render", "{{ n + 1 }}", {"n": 1}) is not None
    assert key("render", "{{ d.a }}", {"d": {"a": 1}}) is None  # not a plain value
    assert key("render", "{{ missing }} {{ n }}", {"n": 1}) is None  # the name is unknown
    assert key("render", "{{ 'drop'|icon }}", {}) is None  # reads the project's icons
    assert key("render", "{{ name }}", {"name": "Seed Tent"}) is None  # _plain's work
    assert key("evaluate", "effects", {"effects": ""}) is not None


def test_failures_are_raised_every_time():
    for _ in range(2):
        with pytest.raises(TemplateProblem, match="by zero"):
            render("{{ 1 // x }}", {"x": 0, "item": object()})


SOURCES = [
    "{{ title }}",
    "{% for x in items %}{{ x }}{{ loop.index }}{% endfor %}{{ x }}",
    "{% set n = 2 %}{{ n * cost }}{% if flag %}{{ other|upper }}{% endif %}",
    "{% macro m(a) %}{{ a }}{{ b }}{% endmacro %}{{ m(c) }}",
    "{{ range(count)|list|length }} {{ 'drop'|icon }} {{ d['k'] }}",
    "{% for a, b in pairs|dictsort %}{{ a ~ b ~ sep }}{% endfor %}",
    "no braces at all",
]
EXPRESSIONS = ["effects", "cost > 2 and not free", "kind in ('a', 'b') or x|length"]


@pytest.mark.parametrize("source", SOURCES)
def test_names_read_are_jinjas_own_undeclared_names(source):
    """The names noted while compiling are what jinja2.meta finds in a pass of its own."""
    from jinja2 import meta

    from cutsheet.text import names_read
    from cutsheet.text.sandbox import environment

    expected = meta.find_undeclared_variables(environment().parse(source))
    found = names_read(source)
    assert found is not None
    assert found - set(environment().globals) == expected  # and the globals it uses
    assert ("range" in found) == ("range(" in source)


@pytest.mark.parametrize("source", EXPRESSIONS)
def test_names_read_of_an_expression(source):
    from jinja2 import meta

    from cutsheet.text import names_read
    from cutsheet.text.sandbox import environment

    tree = environment().parse(f"{{{{ ({source}) }}}}")
    assert names_read(source, expression=True) == meta.find_undeclared_variables(tree)


def test_a_template_that_does_not_compile_reads_nothing_known():
    from cutsheet.text import names_read

    assert names_read("{{ x") is None
    assert names_read("{{ x|no_such_filter }}") is None
    assert names_read("x ==", expression=True) is None
    assert rendering._reads("{{ 'drop'|icon }}", False) is None


def test_an_item_value_named_like_a_global_is_read_not_the_global():
    """A context value takes the place of the environment's global of its name, so a
    template that uses ``range`` reads the item's ``range`` when it has one: each item's own
    value, never a result remembered for another item (a probe found every card printing the
    first card's ``range``)."""
    source = "Range: {{ range }}"
    assert render(source, {"range": "Near"}) == "Range: Near"
    assert render(source, {"range": "Far"}) == "Range: Far"
    assert evaluate("cycler > 7", {"cycler": 8}) is True
    assert evaluate("cycler > 7", {"cycler": 7}) is False
    # a global the context does not override is the same every time: still remembered
    assert rendering._values_key("render", "{{ range(n)|list|length }}", {"n": 3}) is not None


def test_a_result_is_remembered_per_project_look(monkeypatch):
    """What the icon filter prints depends on the project's named colours however it is
    called (``map('icon', 'brand')`` names no filter node): the look is part of the key."""
    from cutsheet.symbols import project_look

    source = "{{ ['star']|map('icon', 'brand')|join }}"
    with project_look({}, {"brand": "#FF0000"}):
        red = render(source, {"n": 1})
    with project_look({}, {"brand": "#0000FF"}):
        blue = render(source, {"n": 2})
        assert render(source, {"n": 1}) == blue
    assert red != blue


def test_an_optional_field_left_out_prints_nothing():
    """``R: {{ rule }}`` on a card without a rule prints ``R:``, never ``R: None``."""
    assert render("R: {{ rule }}", {"rule": None}) == "R:"
    assert render("{{ rule }}", {"rule": None}) == ""
    assert render("{{ n }}", {"n": 0}) == "0"  # a value that is false still prints
    assert evaluate("rule", {"rule": None}) is None  # an expression still sees None


@pytest.mark.parametrize(
    ("source", "printed"),
    [
        ("A[{{ rule ~ '' }}][{{ rule|default('—') }}][{{ rule|string }}]", "A[][—][]"),
        ("B[{{ [name, rule]|join(' ') }}][{{ rule|title }}]", "B[Moon ][]"),
        ("C[{{ '%s'|format(rule) }}][{{ rule|e }}][{{ n|default(7) }}]", "C[][][7]"),
        ("G[{{ rule|lower }}][{{ rule|trim }}][{{ rule|replace('x','y') }}]", "G[][][]"),
        ("K[{{ kw|join(',') }}][{{ '%s-%s' % (name, rule) }}][{{ '%s' % rule }}]", "K[][Moon-][]"),
        ("D[{{ rule|d('X', true) }}][{{ name|default('—') }}]", "D[X][Moon]"),
    ],
)
def test_a_value_left_out_prints_nothing_however_it_is_filtered(source, printed):
    """A second probe: filters, ``~``, ``%``, ``format`` and ``join`` printed "None" for an
    optional field an item leaves out, and ``|default(…)`` never gave its fallback."""
    values = {"name": "Moon", "rule": None, "n": None, "kw": None}
    assert render(source, values) == printed
    assert evaluate("rule is none", values) is True  # when: still sees the value left out
