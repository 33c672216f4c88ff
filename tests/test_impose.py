"""Pure geometry: no drawing, no files."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cutsheet.impose import (
    CLEAR,
    LINE_CLEAR,
    LINE_CLEAR_MIN,
    MARK_GAP,
    MARK_GAP_MIN,
    MARK_LENGTH,
    SAFE_MARGIN,
    NoteSize,
    PagePlan,
    Placement,
    Rect,
    Segment,
    gutterfold_fold,
    impose,
    mark_style,
    pad_to_multiple,
    saddle_stitch_order,
)
from cutsheet.impose.base import HOME_MARKS, SHOP_MARKS

from .conftest import PAPERS


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


# =========================================================================================
# impose(): complete page plans
# =========================================================================================

CARDS = {
    "poker": (63.0, 88.0),
    "bridge": (57.0, 89.0),
    "bridge-small": (56.0, 87.0),
    "mini-euro": (44.0, 68.0),
    "tarot": (70.0, 120.0),
    "jumbo": (89.0, 127.0),
}
SMALL = {"token-20": (20.0, 20.0), "token-14": (14.4, 14.4), "token-30": (30.0, 30.0)}
SMALL |= {"cube": (12.0, 12.0)}
BOARDS = {"board": (180.0, 120.0)}
SIZES = CARDS | SMALL | BOARDS
TOL = 1e-6
LARGE_PRINT = NoteSize(text_w=39.0, line_h=8.3, label_w=50.0, bar_label_w=20.0)


def seg_rect(s: Segment) -> Rect:
    return Rect(min(s.x1, s.x2), min(s.y1, s.y2), abs(s.x2 - s.x1), abs(s.y2 - s.y1))


def gap(a: Rect, b: Rect) -> float:
    """Distance between two rectangles (0 when they touch or overlap)."""
    dx = max(0.0, a.x - b.right, b.x - a.right)
    dy = max(0.0, a.y - b.top, b.y - a.top)
    return math.hypot(dx, dy)


def ink(page: PagePlan) -> list[tuple[str, Rect]]:
    """Everything the page prints, as boxes: card art, marks, fold, cut lines, furniture."""
    return (
        [("card", s.bleed) for s in page.slots]
        + [("mark", seg_rect(m)) for m in page.marks]
        + [("fold", seg_rect(f)) for f in page.fold]
        + [("cut line", seg_rect(c)) for c in page.cut_lines]
        + [("furniture", b) for b in page.furniture.boxes()]
    )


def assert_safe(page: PagePlan) -> None:
    """No ink of any kind closer than 5 mm to a paper edge."""
    lo, w, h = SAFE_MARGIN - TOL, page.width - SAFE_MARGIN + TOL, page.height - SAFE_MARGIN + TOL
    for kind, r in ink(page):
        assert r.x >= lo and r.y >= lo and r.right <= w and r.top <= h, (kind, r)


def front_trims(page: PagePlan) -> list[Rect]:
    """The trims the page's marks are for: its fronts (a back page: its mirrored backs)."""
    if page.side == "back":
        return [s.trim for s in page.slots]
    return [s.trim for s in page.slots if s.side == "front"]


def assert_marks(page: PagePlan) -> None:
    """Marks are straight, 1.5-5 mm long (3-5 mm with bleed), start at least 2 mm beyond
    every card's trim (with bleed, 1.5 mm beyond its bleed) and keep clear of the fold. On a
    front page each lies on a trim line, and each trim line has a mark (at one end at least)."""
    for m in page.marks:
        assert m.x1 == m.x2 or m.y1 == m.y2, m
        length = abs(m.x2 - m.x1) + abs(m.y2 - m.y1)
        r = seg_rect(m)
        for s in page.slots:
            rule = HOME_MARKS if s.bleed == s.trim else SHOP_MARKS
            assert rule.length_min - TOL <= length <= MARK_LENGTH + TOL, m
            assert gap(r, s.bleed) >= rule.gap_min - TOL, (m, s.bleed)
        for f in page.fold:
            assert gap(r, seg_rect(f)) >= CLEAR - TOL, (m, f)
    if page.side == "back":
        return  # the front's marks, mirrored: see the duplex tests
    trims = front_trims(page)
    xs = {round(v, 6) for t in trims for v in (t.x, t.right)}
    ys = {round(v, 6) for t in trims for v in (t.y, t.top)}
    marked_xs = {round(m.x1, 6) for m in page.marks if m.x1 == m.x2}
    marked_ys = {round(m.y1, 6) for m in page.marks if m.y1 == m.y2}
    assert marked_xs == xs and marked_ys == ys


def placements(page: PagePlan) -> list[Placement]:
    f = page.furniture
    return [f.note, f.scale_bar, f.label]


def lines_of(page: PagePlan) -> list[tuple[str, Rect]]:
    """The page's crop marks and fold line, and its cut lines (drawn on request) where they
    run beyond the cards: along and across the cards they are the cards' edges."""
    beyond = [r for c in page.cut_lines for r in off_cards(c, [s.bleed for s in page.slots])]
    return (
        [("mark", seg_rect(m)) for m in page.marks]
        + [("fold", seg_rect(f)) for f in page.fold]
        + [("cut line", r) for r in beyond]
    )


def off_cards(c: Segment, cards: Sequence[Rect]) -> list[Rect]:
    """The stretches of a straight cut line not on (or along the edge of) any of ``cards``."""
    vertical = c.x1 == c.x2
    at, lo, hi = (c.x1, *sorted((c.y1, c.y2))) if vertical else (c.y1, *sorted((c.x1, c.x2)))
    covered = sorted(
        (r.y, r.top) if vertical else (r.x, r.right)
        for r in cards
        if (r.x - TOL <= at <= r.right + TOL if vertical else r.y - TOL <= at <= r.top + TOL)
    )
    out, start = [], lo
    for a, b in covered + [(hi, hi)]:
        if a > start + TOL:
            end = min(a, hi)
            out.append(
                Rect(at, start, 0, end - start) if vertical else Rect(start, at, end - start, 0)
            )
        start = max(start, b)
    return out


def inside(a: Rect, b: Rect) -> bool:
    return (
        b.x - TOL <= a.x and a.right <= b.right + TOL and b.y - TOL <= a.y and a.top <= b.top + TOL
    )


def assert_furniture(page: PagePlan) -> None:
    """Note, bar and label touch no card, mark, line or each other; the ink of each (inside
    its box) stays at least ``LINE_CLEAR_MIN`` from every crop mark and fold line."""
    boxes = page.furniture.boxes()
    others = [(k, r) for k, r in ink(page) if k != "furniture"]
    for i, b in enumerate(boxes):
        assert b.w > 0 and b.h > 0
        for kind, r in others:
            assert gap(b, r) > 0, (i, kind, r)
        for other in boxes[i + 1 :]:
            assert gap(b, other) > 0
    for p in placements(page):
        assert inside(p.ink, p.box), p
        for kind, r in lines_of(page):
            assert gap(p.ink, r) >= LINE_CLEAR_MIN - TOL, (p, kind, r)


def assert_fold(page: PagePlan) -> None:
    for f in page.fold:
        for s in page.slots:
            assert gap(seg_rect(f), s.bleed) > 0


@cache
def _checked(page: PagePlan) -> bool:
    assert_safe(page)
    assert_marks(page)
    assert_furniture(page)
    assert_fold(page)
    return True


def assert_page(page: PagePlan) -> None:
    """Every page-level property at once; a page seen before (same geometry, same items) is
    not checked again."""
    assert _checked(page)


def mirror_across(r: Rect, fold: Segment) -> Rect:
    if fold.x1 == fold.x2:
        return Rect(2 * fold.x1 - r.right, r.y, r.w, r.h)
    return Rect(r.x, 2 * fold.y1 - r.top, r.w, r.h)


def same(a: Rect, b: Rect) -> bool:
    return all(
        abs(u - v) < TOL for u, v in zip((a.x, a.y, a.w, a.h), (b.x, b.y, b.w, b.h), strict=True)
    )


def assert_gutterfold(pages: Sequence[PagePlan], backs: dict[object, object]) -> None:
    """On every folded page, each front's reflection across the fold holds its own back."""
    for page in pages:
        if not page.fold:
            continue
        (fold,) = page.fold
        by_trim = [s for s in page.slots if s.side == "back"]
        for s in page.slots:
            if s.side != "front" or backs.get(s.item) is None:
                continue
            there = [b for b in by_trim if same(b.trim, mirror_across(s.trim, fold))]
            assert [b.item for b in there] == [backs[s.item]], s
            assert same(there[0].bleed, mirror_across(s.bleed, fold))


def deck(n: int, backs: bool = True, tag: str = "c") -> list[tuple[str, str | None]]:
    return [(f"{tag}{i}", f"{tag}{i}-back" if backs else None) for i in range(n)]


def fronts(pages: Sequence[PagePlan]) -> list[object]:
    return [s.item for p in pages for s in p.slots if s.side == "front"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0.0, 3.0])
@pytest.mark.parametrize("imposition", ["duplex", "gutterfold"])
def test_every_page_of_every_combination_keeps_ink_5mm_from_the_edges(paper, bleed, imposition):
    """Every size, 1..30 items (every third without a back): the safe area, marks outside
    every bleed and on trim lines, furniture clear of everything, and the gutterfold mirror."""
    for name, size in SIZES.items():
        for n in range(1, 31):
            items = [(f"{name}{i}", f"{name}{i}-back" if i % 3 else None) for i in range(n)]
            pages = impose([(size, items)], PAPERS[paper], imposition=imposition, bleed=bleed)
            assert fronts(pages) == [f for f, _ in items]
            for page in pages:
                assert_page(page)
            if imposition == "gutterfold":
                assert_gutterfold(pages, dict(items))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_poker_is_three_by_three_on_both_papers_without_bleed(paper):
    (page, back) = impose([((63, 88), deck(9))], PAPERS[paper])
    assert len(page.slots) == 9 and page.side == "front" and back.side == "back"
    assert_page(page)
    assert_page(back)


def marks_on(page: PagePlan) -> tuple[dict[float, list[Segment]], dict[float, list[Segment]]]:
    """Marks by the vertical (x) and horizontal (y) cut line they sit on."""
    xs: dict[float, list[Segment]] = {}
    ys: dict[float, list[Segment]] = {}
    for m in page.marks:
        if m.x1 == m.x2:
            xs.setdefault(round(m.x1, 6), []).append(m)
        else:
            ys.setdefault(round(m.y1, 6), []).append(m)
    return xs, ys


def test_letter_poker_marks_its_vertical_cuts_at_the_top_only():
    """7.7 mm above and below a 3 × 88 mm grid on Letter, 5 of them bare paper: 2.7 mm is
    too little for a mark at each end (2 mm gap + 1.5 mm mark), so the vertical cuts are marked
    above the grid only, and the 5.4 mm of slack is shared between those marks and the
    bottom; the horizontal cuts, with room to spare, are marked at both ends."""
    page = impose([((63, 88), deck(9))], PAPERS["letter"], imposition="simplex")[0]
    xs, ys = marks_on(page)
    top = max(s.trim.top for s in page.slots)
    assert len(xs) == 4 and all(len(v) == 1 and v[0].y1 > top for v in xs.values())
    assert len(ys) == 4 and all(len(v) == 2 for v in ys.values())
    (m,) = xs[round(page.slots[0].trim.x, 6)]
    assert MARK_GAP_MIN <= m.y1 - top < MARK_GAP and m.y2 <= page.height - SAFE_MARGIN + TOL
    assert min(s.trim.y for s in page.slots) > SAFE_MARGIN + 0.5  # the bare end keeps some white


def test_a4_poker_marks_every_cut_at_both_ends():
    page = impose([((63, 88), deck(9))], PAPERS["a4"], imposition="simplex")[0]
    xs, ys = marks_on(page)
    assert len(xs) == 4 and len(ys) == 4
    assert all(len(v) == 2 for v in [*xs.values(), *ys.values()])


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0.0, 3.0])
@pytest.mark.parametrize("name", sorted(SMALL))
def test_small_items_never_trade_a_cut_mark_for_a_row(paper, bleed, name):
    """One-ended marks are for grids of fewer than 4 rows or columns; tokens, many to a row,
    keep a mark at both ends of every cut."""
    page = impose([(SMALL[name], deck(60))], PAPERS[paper], bleed=bleed)[0]
    xs, ys = marks_on(page)
    assert all(len(v) == 2 for v in [*xs.values(), *ys.values()])


def test_marks_grow_from_shortest_to_full_size():
    """A home print's mark never starts closer than 2 mm to the trim (design: 2-3 mm); where
    room is short the mark gets shorter. A print shop's starts 1.5 mm beyond the bleed at the
    closest and is never shorter than 3 mm."""
    assert (mark_style(3.5).gap, mark_style(3.5).length) == pytest.approx((2.0, 1.5))
    assert (mark_style(7.5).gap, mark_style(7.5).length) == pytest.approx((2.5, 5.0))
    assert mark_style(20).depth == pytest.approx(7.5)
    assert mark_style(5.5).gap == pytest.approx(2.25)
    shop = mark_style(4.5, SHOP_MARKS)
    assert (shop.gap, shop.length) == pytest.approx((1.5, 3.0))
    assert all(mark_style(d / 10).gap >= 2.0 for d in range(0, 200))


def test_marks_only_for_rows_and_columns_that_hold_an_item():
    """6 tokens: one row of 6, so 7 vertical and 2 horizontal cut lines, no more."""
    page = impose([((20, 20), deck(6, backs=False))], PAPERS["a4"])[0]
    xs, ys = marks_on(page)
    assert (len(xs), len(ys)) == (7, 2)
    assert page.side == "single"


def test_a_partly_filled_last_row_marks_only_its_cut_lines():
    """7 poker cards: 3 columns, 3 rows; every cut line holds a card; the marks sit outside the
    grid, none in the empty slots (which are outside every card anyway)."""
    page = impose([((63, 88), deck(7))], PAPERS["a4"])[0]
    xs, ys = marks_on(page)
    assert (len(xs), len(ys)) == (4, 4)
    lowest = min(s.trim.y for s in page.slots)
    highest = max(s.trim.top for s in page.slots)
    for m in [m for v in xs.values() for m in v]:
        assert max(m.y1, m.y2) < lowest or min(m.y1, m.y2) > highest
    assert_page(page)


def test_bleed_grows_each_card_and_keeps_marks_on_the_trim_outside_all_bleed():
    page = impose([((63, 88), deck(4))], PAPERS["a4"], bleed=3)[0]
    for s in page.slots:
        t, b = s.trim, s.bleed
        assert (b.x, b.y, b.w, b.h) == pytest.approx((t.x - 3, t.y - 3, t.w + 6, t.h + 6))
    a, b = page.slots[0], page.slots[1]  # neighbours: bleeds touch, trims 6 mm apart
    assert b.trim.x - a.trim.right == pytest.approx(6)
    assert b.bleed.x == pytest.approx(a.bleed.right)
    xs, ys = marks_on(page)
    assert len(xs) == 4 and len(ys) == 4  # two trim lines per column and per row
    assert_page(page)
    assert same(page.trim_box, Rect(a.trim.x, page.slots[-1].trim.y, 132, 182))
    assert same(page.bleed_box, Rect(a.bleed.x, page.slots[-1].bleed.y, 138, 188))


def test_without_bleed_cards_butt_and_share_cut_lines():
    page = impose([((63, 88), deck(9))], PAPERS["a4"])[0]
    a, b = page.slots[0], page.slots[1]
    assert b.trim.x == pytest.approx(a.trim.right) and same(a.trim, a.bleed)
    assert same(page.trim_box, page.bleed_box)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0.0, 3.0])
@pytest.mark.parametrize("name", sorted(CARDS))
def test_gutterfold_puts_every_back_behind_its_own_front(paper, bleed, name):
    items = deck(20)
    pages = impose([(CARDS[name], items)], PAPERS[paper], imposition="gutterfold", bleed=bleed)
    assert all(p.side == "single" and len(p.fold) == 1 for p in pages)
    assert fronts(pages) == [f for f, _ in items]
    assert_gutterfold(pages, dict(items))
    for page in pages:
        assert_page(page)
        fold = page.fold[0]
        for s in page.slots:  # fronts on the left of (or above) the fold, backs beyond it
            centre_x, centre_y = s.trim.x + s.trim.w / 2, s.trim.y + s.trim.h / 2
            beyond = centre_x > fold.x1 if fold.x1 == fold.x2 else centre_y < fold.y1
            assert beyond == (s.side == "back")


GUTTERFOLD_PER_PAGE = {  # (paper, bleed): {size: cards a page}
    ("a4", 0.0): {"poker": 3, "bridge": 3, "bridge-small": 3, "mini-euro": 8, "tarot": 2},
    ("letter", 0.0): {"poker": 3, "bridge": 3, "bridge-small": 3, "mini-euro": 6, "tarot": 2},
}


@pytest.mark.parametrize("key", sorted(GUTTERFOLD_PER_PAGE))
def test_gutterfold_cards_a_page(key):
    paper, bleed = key
    for name, expected in GUTTERFOLD_PER_PAGE[key].items():
        page = impose([(CARDS[name], deck(40))], PAPERS[paper], imposition="gutterfold")[0]
        assert sum(s.side == "front" for s in page.slots) == expected, name


def test_gutterfold_turns_the_backs_below_a_horizontal_fold():
    """Cubes hold more with the fronts above a horizontal fold; folding and turning the stack
    over sideways turns the lower half by 180°, so its backs are drawn turned by 180°."""
    assert gutterfold_fold((12, 12), PAPERS["a4"]) == "horizontal"
    pages = impose([((12, 12), deck(10))], PAPERS["a4"], imposition="gutterfold")
    assert {s.rotation for s in pages[0].slots if s.side == "back"} == {180}
    assert gutterfold_fold((63, 88), PAPERS["a4"]) == "vertical"
    pages = impose([((63, 88), deck(3))], PAPERS["a4"], imposition="gutterfold")
    assert {s.rotation for s in pages[0].slots} == {0}


def test_no_fold_holds_an_item_too_big_for_half_a_page():
    with pytest.raises(ValueError, match="half"):
        gutterfold_fold((150, 200), PAPERS["a4"])
    pages = impose([((150, 200), deck(1))], PAPERS["a4"], imposition="gutterfold")
    assert [p.side for p in pages] == ["front", "back"]  # to glue back to back
    impose([((150, 200), deck(1, backs=False))], PAPERS["a4"], imposition="gutterfold")


def test_an_item_too_big_for_the_page_is_refused_by_impose():
    with pytest.raises(ValueError, match="does not fit"):
        impose([((300, 88), deck(1))], PAPERS["a4"])


def test_gutterfold_gives_items_without_backs_plain_pages():
    pages = impose(
        [((63, 88), deck(3)), ((20, 20), deck(10, backs=False, tag="t"))],
        PAPERS["a4"],
        imposition="gutterfold",
    )
    assert [len(p.fold) for p in pages] == [1, 0]
    assert fronts(pages[1:]) == [f"t{i}" for i in range(10)]


def test_sizes_without_backs_share_a_page_in_bands():
    runs = [((20, 20), deck(20, False, "a")), ((30, 30), deck(10, False, "b"))]
    runs += [((14.4, 14.4), deck(12, False, "c"))]
    (page,) = impose(runs, PAPERS["a4"])
    assert page.side == "single"
    assert fronts([page]) == [f for _, items in runs for f, _ in items]
    assert_page(page)
    bands = [[s for s in page.slots if s.item.startswith(t)] for t in "abc"]
    for upper, lower in zip(bands, bands[1:], strict=False):  # top-down, with room for marks
        assert min(s.bleed.y for s in upper) - max(s.bleed.top for s in lower) >= 2 * 3.5 + CLEAR


def test_a_size_that_does_not_fit_below_continues_on_the_next_page():
    runs = [((63, 88), deck(6, False, "p")), ((89, 127), deck(2, False, "j"))]
    pages = impose(runs, PAPERS["a4"])
    assert [len(p.slots) for p in pages] == [6, 2]


def test_cards_without_backs_fill_the_last_page_with_backs_then_get_blank_backs():
    """Duplex: cards without backs come after those with backs, on the room the last page
    with backs leaves (two 30 mm markers no longer take a sheet of their own); their places
    on its back page stay blank. A page of them alone, in a file with front/back pairs, gets
    a blank back, so that no two pages of cards share a sheet."""
    runs = [((20, 20), deck(5, False, "t")), ((63, 88), deck(12, True, "p"))]
    runs += [((30, 30), deck(4, False, "u"))]
    pages = impose(runs, PAPERS["a4"])
    assert [p.side for p in pages] == ["front", "back"] * 2
    assert [p.sheet for p in pages] == [1, 1, 2, 2]
    assert fronts(pages) == [f"p{i}" for i in range(12)] + [f"t{i}" for i in range(5)] + [
        f"u{i}" for i in range(4)
    ]  # the pairs first: printing the file two-sided keeps every back behind its front
    assert [s.item for s in pages[3].slots] == ["p9-back", "p10-back", "p11-back"]
    many = impose([((63, 88), deck(12, True, "p")), ((63, 88), deck(30, False, "q"))], PAPERS["a4"])
    assert [p.side for p in many] == ["front", "back"] * 5
    assert [len(p.slots) for p in many] == [9, 9, 9, 3, 9, 0, 9, 0, 6, 0]
    blank = many[-1]  # nothing to cut on the back of a page without backs: no slots, no marks
    assert not blank.slots and not blank.marks and blank.furniture.label
    # gutterfold keeps them on plain pages of their own: beside a fold they waste its half
    folded = impose(runs, PAPERS["a4"], imposition="gutterfold")
    for page in folded:
        backless = all(s.item[0] in "tu" for s in page.slots)
        assert bool(page.fold) != backless, [s.item for s in page.slots]
    # a file with no backs at all is not printed two-sided: plain pages, no blank backs
    plain = impose([((20, 20), deck(5, False, "t"))], PAPERS["a4"])
    assert [p.side for p in plain] == ["single"]


def test_duplex_backs_mirror_the_columns_and_follow_the_offset():
    items = deck(5)
    front, back = impose([((63, 88), items)], PAPERS["a4"], back_offset=(1.5, -0.5))
    width = front.width
    backs = {s.item: s for s in back.slots}
    for s in front.slots:
        b = backs[f"{s.item}-back"]
        assert b.mirrored and b.side == "back"
        assert b.trim.x == pytest.approx(width - s.trim.right + 1.5)
        assert b.trim.y == pytest.approx(s.trim.y - 0.5)
    assert len(back.marks) == len(front.marks)
    m, n = front.marks[0], back.marks[0]
    assert (n.x1, n.y1) == pytest.approx((width - m.x1 + 1.5, m.y1 - 0.5))


def test_a_back_page_holds_only_the_backs_there_are():
    items = [("a", "a-back"), ("b", None), ("c", "c-back")]
    front, back = impose([((63, 88), items)], PAPERS["a4"])
    assert [s.item for s in back.slots] == ["a-back", "c-back"]
    assert_page(back)


def test_cut_lines_only_when_asked_and_only_along_trims():
    plain = impose([((63, 88), deck(7))], PAPERS["a4"])[0]
    assert plain.cut_lines == ()
    page = impose([((63, 88), deck(7))], PAPERS["a4"], bleed=2, cut_guides="lines")[0]
    trims = front_trims(page)
    xs = {round(v, 6) for t in trims for v in (t.x, t.right)}
    ys = {round(v, 6) for t in trims for v in (t.y, t.top)}
    for c in page.cut_lines:
        assert round(c.x1, 6) in xs if c.x1 == c.x2 else round(c.y1, 6) in ys
    assert_page(page)


def test_backs_keep_crop_marks_but_not_the_fronts_hairlines():
    """With ``--cut-guides lines`` the fronts carry full-length hairlines; a duplex back
    printed a little off would show one along its coloured backs, so backs keep crop marks."""
    front, back = impose([((63, 88), deck(9))], PAPERS["a4"], cut_guides="lines")
    assert front.side == "front" and back.side == "back"
    assert front.cut_lines and back.cut_lines == ()
    assert len(back.marks) == len(front.marks) > 0


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_furniture_that_finds_no_margin_costs_a_row(paper):
    """Large print: an 8.3 mm line fits neither beside a 3 × 3 poker grid (4.5 mm on A4, 7.45
    on Letter) nor above or below it, even with the shortest marks, so the grid gives up a row.
    Its own jumbo cards keep 2 × 2."""
    page = impose([((63, 88), deck(9))], PAPERS[paper], note=LARGE_PRINT)[0]
    assert len(page.slots) == 6
    assert_page(page)
    page = impose([((89, 127), deck(9))], PAPERS[paper], note=LARGE_PRINT)[0]
    assert len(page.slots) == 4
    assert_page(page)


def test_furniture_origins_sit_inside_their_boxes():
    for page in impose([((63, 88), deck(9))], PAPERS["letter"], back_offset=(1, 1)):
        for p in (page.furniture.note, page.furniture.scale_bar, page.furniture.label):
            x, y = p.origin
            assert p.box.x <= x <= p.box.right and p.box.y <= y <= p.box.top


def line_gaps(page: PagePlan) -> list[float]:
    """How far each piece of furniture's ink keeps from the nearest mark, fold or cut line."""
    return [min(gap(p.ink, r) for _, r in lines_of(page)) for p in placements(page)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sideways_furniture_keeps_clear_of_the_marks_between_rows(paper):
    """Large print, jumbo cards 2 × 2: the note, the bar and the label go sideways beside the
    rows, each within one row, its ink (and the bar's end ticks) ``LINE_CLEAR`` from the marks
    where two rows meet, and from the cut lines beyond the cards, not ``CLEAR`` (1 mm, which
    reads as touching)."""
    front, back = impose(
        [((89, 127), deck(4))], PAPERS[paper], note=LARGE_PRINT, cut_guides="lines"
    )
    assert len(front.slots) == 4 and front.cut_lines
    for page in (front, back):
        assert_page(page)
        assert [p.vertical for p in placements(page)] == [True, True, True]
        assert min(line_gaps(page)) >= LINE_CLEAR - TOL
        rows = sorted({(s.trim.y, s.trim.top) for s in front.slots})
        for p in placements(page):
            assert any(y0 < p.box.y and p.box.top < y1 for y0, y1 in rows), p.box


def test_most_furniture_keeps_the_full_line_clearance():
    """``LINE_CLEAR_MIN`` is for a page whose margins leave no more; a plain deck of any size
    on either paper keeps ``LINE_CLEAR``."""
    for paper in PAPERS.values():
        for note in (NoteSize(), LARGE_PRINT):
            for size in CARDS.values():
                for page in impose([(size, deck(12))], paper, note=note):
                    assert min(line_gaps(page)) >= LINE_CLEAR - TOL, (paper, note, size)


def test_a_back_page_mirrors_the_furniture_ink_and_all():
    """Text reads forward on a back page, so a sideways piece whose glyphs lean to one side of
    its box starts drawing where its ink lands mirrored: the same distance from the mirrored
    marks as on the front."""
    front, back = impose([((89, 127), deck(4))], PAPERS["a4"], note=LARGE_PRINT)
    w = front.width
    for f, b in zip(placements(front), placements(back), strict=True):
        assert same(b.ink, Rect(w - f.ink.right, f.ink.y, f.ink.w, f.ink.h))
        assert b.origin[0] - b.ink.x == pytest.approx(f.origin[0] - f.ink.x)
        assert b.origin[1] == pytest.approx(f.origin[1])
    assert line_gaps(back) == pytest.approx(line_gaps(front))


def test_gutterfold_prints_an_item_too_big_for_half_a_page_as_a_front_and_a_back_page():
    """A board (180 × 250 mm) cannot fold on a page: under gutterfold it gets a front page
    and a mirrored back page (to glue back to back), while cards that fit keep their fold."""
    from cutsheet.impose import impose

    for paper in PAPERS.values():
        pages = impose(
            [((180.0, 250.0), [("board", "score")]), ((63.0, 88.0), [("c", "b")] * 4)],
            paper,
            imposition="gutterfold",
        )
        sides = [(p.side, [s.item for s in p.slots]) for p in pages]
        assert ("front", ["board"]) in sides and ("back", ["score"]) in sides
        folded = [p for p in pages if p.fold]
        assert folded and all(p.side == "single" for p in folded)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", [(63, 88), (57, 89), (44, 68), (70, 120), (89, 127)])
def test_with_bleed_no_crop_mark_is_shorter_than_3_mm(paper, size):
    """Without bleed a mark may shrink to 2 mm to fit one more row; with bleed (a print
    shop's cutter) never under 3 mm, and every cut keeps a mark at one end at least."""
    for bleed, shortest in ((0.0, 2.0), (3.0, 3.0)):
        pages = impose([(size, deck(12))], PAPERS[paper], bleed=bleed)
        for page in pages:
            lengths = [max(abs(m.x2 - m.x1), abs(m.y2 - m.y1)) for m in page.marks]
            assert lengths and min(lengths) >= shortest - 1e-6, (bleed, min(lengths))
