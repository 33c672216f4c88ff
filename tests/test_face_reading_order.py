"""The order a card's text is read in (its tags and its text layer): the title first, then
what shares its row, then the other rows top to bottom, each left to right; a row above the
title that a box of the title's row stands beside too is read before that box."""

from __future__ import annotations

import pytest

from cutsheet.boxes.base import Box
from cutsheet.diagnostics import Loc
from cutsheet.plan.faces import reading_rows, title_first

# (name, x, y, w, h) in mm, as a layout gives them
FACES = {
    # Festival Charter's project face: the kicker over the title, the cost beside both
    "kicker over the title, a cost beside both": (
        [
            ("kicker", 5, 4.5, 38, 4),
            ("title", 5, 9, 38, 11),
            ("cost", 45, 5, 13, 14),
            ("features-label", 7, 26, 49, 5),
            ("blurb", 5, 60, 53, 18),
        ],
        ["title", "kicker", "cost", "features-label", "blurb"],
    ),
    # a review's case: the title and its points near the foot, a rule and flavour above
    "a title low on the card, its points beside it": (
        [
            ("rule", 5, 8, 53, 20),
            ("flavour", 5, 40, 53, 15),
            ("title", 5, 62, 38, 10),
            ("points", 45, 62, 13, 10),
            ("id", 40, 80, 18, 4),
        ],
        ["title", "points", "rule", "flavour", "id"],
    ),
    "a title on the top row, a value beside it": (
        [("value", 45, 4, 13, 10), ("title", 5, 4, 38, 10), ("text", 5, 30, 53, 20)],
        ["title", "value", "text"],
    ),
    "no title: top to bottom, left to right": (
        [("b", 30, 4, 20, 5), ("a", 5, 4, 20, 5), ("c", 5, 20, 20, 5)],
        ["a", "b", "c"],
    ),
}


@pytest.mark.parametrize("case", FACES)
def test_a_face_is_read_title_first_then_as_the_eye_reads_it(case):
    boxes, expected = FACES[case]
    made = [
        Box(name=n, kind="text", x=x, y=y, w=w, h=h, loc=Loc("layouts/x.yaml", 1, 1))
        for n, x, y, w, h in boxes
    ]
    order = [b.name for row in title_first(reading_rows(made)) for b in row]
    assert order == expected


def test_the_kicker_and_the_title_are_rows_of_their_own():
    """The rows a player sees: the kicker alone above, the title with the cost beside it."""
    made = [
        Box(name=n, kind="text", x=x, y=y, w=w, h=h, loc=Loc("layouts/x.yaml", 1, 1))
        for n, x, y, w, h in FACES["kicker over the title, a cost beside both"][0]
    ]
    rows = [[b.name for b in row] for row in reading_rows(made)]
    assert rows[:2] == [["kicker"], ["title", "cost"]]
