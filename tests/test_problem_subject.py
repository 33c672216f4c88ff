"""A problem's subject (the item it is about) prints before its message: an id written 300
characters long by mistake is cut like any other text a message quotes from a file."""

from __future__ import annotations

from cutsheet.diagnostics import MAX_SUBJECT, Loc, Problem


def test_a_long_subject_is_cut_and_a_short_one_kept():
    long = "CR-" + "A" * 300
    p = Problem(Loc("deliveries.yaml", 4, 9), "box 'id': text does not fit", subject=long)
    assert len(p.subject) == MAX_SUBJECT and p.subject.endswith("…")
    assert p.subject.startswith("CR-AAAA")
    short = Problem(Loc("x"), "m", subject="CR-SEED-TENT (back) (and 11 more)")
    assert short.subject == "CR-SEED-TENT (back) (and 11 more)"
