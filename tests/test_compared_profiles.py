"""The profile names a template compares ``profile`` with (``names_known.compared_profiles``),
each checked against the project's profiles when layouts and rules are read."""

from __future__ import annotations

import pytest

from cutsheet.names_known import compared_profiles


@pytest.mark.parametrize(
    ("template", "names"),
    [
        ("{{ 'CLOSED' if profile == 'large-print' else 'OPEN' }}", ["large-print"]),
        ('profile != "large-prnt"', ["large-prnt"]),
        ("'ink-saver' == profile", ["ink-saver"]),
        ("profile in ['standard', 'big']", ["standard", "big"]),
        ("profile not in ('a', \"b\")", ["a", "b"]),
        ("{% if profile %}x{% endif %}", []),
        ("my_profile == 'large-print'", []),  # another name, not the profile
        ("{{ name }}", []),
    ],
)
def test_the_names_a_template_compares_profile_with(template: str, names: list[str]) -> None:
    assert compared_profiles(template) == names
