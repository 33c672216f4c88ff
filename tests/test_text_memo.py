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
