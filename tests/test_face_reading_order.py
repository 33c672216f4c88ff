"""The order a card's text is read in (its tags and its text layer): the title first, then
what shares its row, then the other rows top to bottom, each left to right; a row above the
title that a box of the title's row stands beside too is read before that box."""

from __future__ import annotations

from cutsheet.boxes.base import Box
from cutsheet.diagnostics import Loc
from cutsheet.plan.faces import reading_rows, title_first


def _box(name: str, x: float, y: float, w: float, h: float) -> Box:
    return Box(name=name, kind="text", x=x, y=y, w=w, h=h, loc=Loc("layouts/x.yaml", 1, 1))


def _names(rows: list[list[Box]]) -> list[str]:
    return [b.name for row in rows for b in row]


def test_a_kicker_above_the_title_is_read_before_the_cost_beside_it():
    # Festival Charter's project face: the kicker over the title, the cost beside both
    boxes = [
        _box("kicker", 5, 4.5, 38, 4),
        _box("title", 5, 9, 38, 11),
        _box("cost", 45, 5, 13, 14),
        _box("features-label", 7, 26, 49, 5),
        _box("blurb", 5, 60, 53, 18),
    ]
    rows = reading_rows(boxes)
    assert _names(rows) == ["kicker", "title", "cost", "features-label", "blurb"]
    assert _names(title_first(rows)) == ["title", "kicker", "cost", "features-label", "blurb"]


def test_a_value_beside_a_title_low_on_the_card_is_read_right_after_it():
    # a review's case: the title and its points near the foot, a rule and flavour above
    boxes = [
        _box("rule", 5, 8, 53, 20),
        _box("flavour", 5, 40, 53, 15),
        _box("title", 5, 62, 38, 10),
        _box("points", 45, 62, 13, 10),
        _box("id", 40, 80, 18, 4),
    ]
    order = _names(title_first(reading_rows(boxes)))
    assert order == ["title", "points", "rule", "flavour", "id"]


def test_a_title_on_the_top_row_keeps_its_row_mates_next():
    boxes = [_box("value", 45, 4, 13, 10), _box("title", 5, 4, 38, 10), _box("text", 5, 30, 53, 20)]
    assert _names(title_first(reading_rows(boxes))) == ["title", "value", "text"]


def test_a_face_without_a_title_is_read_top_to_bottom_left_to_right():
    boxes = [_box("b", 30, 4, 20, 5), _box("a", 5, 4, 20, 5), _box("c", 5, 20, 20, 5)]
    assert _names(title_first(reading_rows(boxes))) == ["a", "b", "c"]
