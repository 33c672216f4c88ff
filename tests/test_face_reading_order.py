"""The order a card's text is read in (its tags and its text layer): the title first, then
the rows above it, then what shares its row, then the rows below, each row left to right."""

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


def test_a_title_on_the_top_row_keeps_its_row_mates_next():
    boxes = [_box("value", 45, 4, 13, 10), _box("title", 5, 4, 38, 10), _box("text", 5, 30, 53, 20)]
    assert _names(title_first(reading_rows(boxes))) == ["title", "value", "text"]


def test_a_face_without_a_title_is_read_top_to_bottom_left_to_right():
    boxes = [_box("b", 30, 4, 20, 5), _box("a", 5, 4, 20, 5), _box("c", 5, 20, 20, 5)]
    assert _names(title_first(reading_rows(boxes))) == ["a", "b", "c"]
