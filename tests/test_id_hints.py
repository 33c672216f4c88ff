"""What a misspelt item id is offered: the id meant where case alone differs, or a letter was
typed twice or left out; never another card's id a letter or a digit apart ("TY-Z" is not a
slip for "TY-C", "BA-054" names another card than "BA-045")."""

from __future__ import annotations

import pytest

from cutsheet.diagnostics import id_hint


@pytest.mark.parametrize(
    ("word", "known", "offered"),
    [
        ("ty-a", ["TY-A", "TY-B"], "TY-A"),  # case alone
        ("HL-SUNN", ["HL-MOON", "HL-SUN"], "HL-SUN"),  # a letter typed twice
        ("BA-44", ["BA-044", "BA-045"], "BA-044"),  # a digit left out
        ("TY-Z", ["TY-A", "TY-B", "TY-C"], None),  # another card's letter
        ("BA-054", ["BA-045", "BA-055"], None),  # another card's digits
        ("XYZ", ["BA-045"], None),
    ],
)
def test_an_id_is_offered_only_for_a_slip(word, known, offered):
    assert id_hint(word, known) == (f"; did you mean '{offered}'?" if offered else "")
