"""Pure geometry: no drawing, no files."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cutsheet.impose import (
    MARK_GAP,
    MARK_LENGTH,
    PAPERS,
    fit_grid,
    pad_to_multiple,
    plan_sheets,
    saddle_stitch_order,
)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_poker_cards_are_three_by_three_on_both_papers(paper):
    grid = fit_grid(PAPERS[paper], (63, 88))
    assert (grid.cols, grid.rows) == (3, 3)
    assert grid.left >= MARK_GAP + MARK_LENGTH - 1e-9
    assert grid.bottom >= MARK_GAP + MARK_LENGTH - 1e-9


def test_letter_margins_are_as_design_says():
    grid = fit_grid(PAPERS["letter"], (63, 88))
    assert grid.bottom == pytest.approx(7.7)
    assert grid.left == pytest.approx((215.9 - 189) / 2)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_sit_on_cut_lines_outside_the_grid(paper):
    grid = fit_grid(PAPERS[paper], (63, 88))
    marks = grid.crop_marks()
    assert len(marks) == 2 * (grid.cols + 1) + 2 * (grid.rows + 1)
    for m in marks:
        length = abs(m.x2 - m.x1) + abs(m.y2 - m.y1)
        assert length == pytest.approx(MARK_LENGTH)
        if m.x1 == m.x2:  # vertical mark: on a vertical cut, above or below the grid
            assert m.x1 in grid.cut_xs
            assert (
                min(m.y1, m.y2) >= grid.top + MARK_GAP - 1e-9
                or max(m.y1, m.y2) <= grid.bottom - MARK_GAP + 1e-9
            )
        else:
            assert m.y1 in grid.cut_ys
            assert (
                min(m.x1, m.x2) >= grid.right + MARK_GAP - 1e-9
                or max(m.x1, m.x2) <= grid.left - MARK_GAP + 1e-9
            )
        assert 0 <= min(m.x1, m.x2) and max(m.x1, m.x2) <= grid.page_w
        assert 0 <= min(m.y1, m.y2) and max(m.y1, m.y2) <= grid.page_h


def test_cut_lines_are_a_card_apart():
    grid = fit_grid(PAPERS["a4"], (63, 88))
    xs, ys = grid.cut_xs, grid.cut_ys
    assert [round(b - a, 6) for a, b in zip(xs, xs[1:], strict=False)] == [63, 63, 63]
    assert [round(b - a, 6) for a, b in zip(ys, ys[1:], strict=False)] == [88, 88, 88]


def test_partial_sheet_marks_only_the_rows_in_use():
    grid = fit_grid(PAPERS["a4"], (63, 88))
    marks = grid.crop_marks(used=3)
    horizontal_ys = {m.y1 for m in marks if m.y1 == m.y2}
    assert horizontal_ys == {grid.top, grid.top - 88}


def test_back_slots_mirror_the_columns_for_long_edge_duplex():
    grid = fit_grid(PAPERS["a4"], (63, 88))
    for i in range(grid.capacity):
        front, back = grid.slot(i), grid.slot(i, mirrored=True)
        assert back.x == pytest.approx(grid.page_w - front.x - front.w)
        assert back.y == front.y
    shifted = grid.slot(0, mirrored=True, offset=(1.5, -0.5))
    plain = grid.slot(0, mirrored=True)
    assert (shifted.x - plain.x, shifted.y - plain.y) == pytest.approx((1.5, -0.5))


def test_plan_sheets_pairs_every_front_with_a_back_page_when_duplex():
    items = [(f"c{i}", f"b{i}") for i in range(12)]
    plans = plan_sheets(PAPERS["a4"], [((63, 88), items)], duplex=True)
    assert [len(p.front) for p in plans] == [9, 3]
    assert all(p.backs is not None and len(p.backs) == len(p.front) for p in plans)


def test_consecutive_runs_of_one_size_share_a_sheet():
    a = [("a", None)] * 3
    b = [("b", None)]
    plans = plan_sheets(PAPERS["a4"], [((63, 88), a), ((63, 88), b), ((20, 20), a)], duplex=False)
    assert [len(p.front) for p in plans] == [4, 3]


@given(st.integers(min_value=1, max_value=200))
def test_saddle_stitch_order_places_every_page_once(n):
    total = pad_to_multiple(n, 4)
    sides = saddle_stitch_order(total)
    pages = [p for side in sides for p in side]
    assert sorted(pages) == list(range(total))
    assert len(sides) == total // 2
    for left, right in sides:  # facing halves of one side always add up to total - 1
        assert left + right == total - 1


def test_saddle_stitch_order_of_eight_pages():
    assert saddle_stitch_order(8) == [(7, 0), (1, 6), (5, 2), (3, 4)]


def test_an_item_bigger_than_the_page_is_refused():
    with pytest.raises(ValueError, match="does not fit"):
        fit_grid(PAPERS["a4"], (300, 88))
