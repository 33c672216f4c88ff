"""The profile names a template compares ``profile`` with (``text.compared``), read from its
syntax tree and checked against the project's profiles when layouts and rules are read."""

from __future__ import annotations

import pytest

from cutsheet.text.compared import compared_names


@pytest.mark.parametrize(
    ("template", "names"),
    [
        ("{{ 'CLOSED' if profile == 'large-print' else 'OPEN' }}", ["large-print"]),
        ('{% if profile != "large-prnt" %}x{% endif %}', ["large-prnt"]),
        ("{{ 'a' if 'ink-saver' == profile }}", ["ink-saver"]),
        ("{{ 1 if profile in ['standard', 'big'] }}", ["standard", "big"]),
        ("{{ 1 if profile not in ('a', \"b\") }}", ["a", "b"]),
        ("{% if profile %}x{% endif %}", []),
        ("{{ 1 if my_profile == 'large-print' }}", []),  # another name, not the profile
        ("{{ 1 if hero.profile == 'brave' }}", []),  # a key of that name, not the profile
        # prose that says "profile", even with quotes and == in it, is prose
        ("Slide your hero's profile in (the 'ready' slot) when you start.", []),
        ("Write the rule as profile == 'brave' on the sheet.", []),
        ("{{ name }} {% if profile", []),  # does not parse: running it says why
        # a name 'profile' of the template's own is not the profile
        ("{% for profile in ['x'] %}{% if profile == 'x' %}x{% endif %}{% endfor %}", []),
        ("{% set profile = 'big' %}{% if profile == 'big' %}x{% endif %}", []),
        ("{% macro m(profile) %}{{ 'a' if profile == 'big' }}{% endmacro %}", []),
        ("{{ " + "(" * 400 + "profile == 'zz'" + ")" * 400 + " }}", []),  # too deep to read
        (" and ".join(["{{ 1 if profile != 'standard' }}"] * 3000), ["standard"] * 3000),
    ],
)
def test_the_names_a_template_compares_profile_with(template: str, names: list[str]) -> None:
    assert compared_names(template, "profile") == names


@pytest.mark.parametrize(
    ("when", "names"),
    [
        ("profile != 'large-prnt'", ["large-prnt"]),
        ("effect and profile == 'large-print'", ["large-print"]),
        ("profile", []),
    ],
)
def test_a_when_expression_is_read_as_an_expression(when: str, names: list[str]) -> None:
    assert compared_names(when, "profile", expression=True) == names


def test_rules_data_is_not_read_as_templates(tmp_path) -> None:
    """rules.yaml's params and an example's data are what templates read, not templates: a
    text there that looks like a comparison is data. A section's text is a template."""
    from cutsheet.names_known import document_names
    from cutsheet.source import parse_yaml

    text = (
        "params: {note: \"{{ 1 if profile == 'zz' }}\"}\n"
        "examples:\n"
        "  e: {title: T, text: x, data: {say: \"{{ 1 if profile == 'zz' }}\"}}\n"
        "sections:\n"
        "  - heading: H\n"
        "    blocks:\n"
        "      - text: \"{{ 1 if profile == 'yy' }}\"\n"
    )
    found = document_names(parse_yaml(text, "rules.yaml"), tmp_path)
    assert [(p.loc.line, "'yy'" in p.message) for p in found] == [(7, True)]


def test_a_template_in_braces_unquoted_says_to_quote_it() -> None:
    from cutsheet.diagnostics import ContentError
    from cutsheet.source import parse_yaml

    with pytest.raises(ContentError) as said:
        parse_yaml("text: {{ name }}\n", "f.yaml")
    assert [str(p) for p in said.value.problems] == [
        "f.yaml:1:8: error: a mapping key must be a plain word (a value that starts with { is"
        ' read as a mapping: quote it, e.g. "{{ name }}")'
    ]


def test_a_hidden_profile_file_is_no_profile(tmp_path) -> None:
    from cutsheet.profile_files import available_profiles

    (tmp_path / "profiles").mkdir()
    (tmp_path / "profiles" / ".hid.yaml").write_text("name: hid\n")
    (tmp_path / "profiles" / "poster.yaml").write_text("name: poster\n")
    names = available_profiles(tmp_path)
    assert "poster" in names and ".hid" not in names


def test_a_profiles_list_of_many_unknown_names_is_capped(tmp_path) -> None:
    """20,000 unknown names printed 20,000 errors: the file's problems are capped as every
    content file's are (``source.limits.capped``), the last line counting the rest."""
    from cutsheet.model import GameSpec, validate
    from cutsheet.names_known import component_profiles
    from cutsheet.source import parse_yaml

    names = ", ".join(f"p{i}" for i in range(150))
    text = (
        "id: g\ncode: GG\ntitle: G\nplayers: '2'\nlayouts: g.yaml\ncomponents:\n"
        f"  - {{id: d, name: D, part: cards, count: 1, face: f, items: [], profiles: [{names}]}}\n"
    )
    src = parse_yaml(text, "game.yaml")
    said = component_profiles(validate(GameSpec, src), src, tmp_path)
    assert len(said) == 101
    assert said[-1].message == "and 50 more problems in this file"
