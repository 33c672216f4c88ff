"""Property tests of ``impose``: random runs of random sizes, papers, bleeds, impositions and
note sizes. Pure geometry; the page-level checks are shared with test_impose."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from cutsheet.impose import CLEAR, SAFE_MARGIN, NoteSize, PagePlan, Rect, impose
from tests.test_impose import SIZES, assert_gutterfold, assert_page, same

from .conftest import PAPERS

Item = tuple[str, str | None]
Run = tuple[tuple[float, float], list[Item]]

sizes = st.one_of(
    st.sampled_from(sorted(SIZES.values())),
    st.tuples(st.integers(100, 1000), st.integers(100, 1300)).map(lambda t: (t[0] / 10, t[1] / 10)),
)
bleeds = st.one_of(st.sampled_from([0.0, 3.0]), st.integers(0, 50).map(lambda b: b / 10))
notes = st.builds(
    NoteSize,
    text_w=st.floats(20, 90),
    line_h=st.floats(2, 6),
    label_w=st.floats(15, 60),
    bar_label_w=st.floats(4, 15),
)


@st.composite
def run_lists(draw: st.DrawFn, mixed: bool = True) -> list[Run]:
    """1-4 runs; each all with backs, none, or (``mixed``) some. Item names are unique."""
    out: list[Run] = []
    kinds = ["all", "none", "some"] if mixed else ["all", "none"]
    for r in range(draw(st.integers(1, 4))):
        size, n, kind = draw(sizes), draw(st.integers(1, 25)), draw(st.sampled_from(kinds))
        has = [kind == "all" or (kind == "some" and draw(st.booleans())) for _ in range(n)]
        out.append((size, [(f"r{r}i{i}", f"r{r}i{i}b" if h else None) for i, h in enumerate(has)]))
    return out


def fits_half(size: tuple[float, float], paper: tuple[float, float], bleed: float) -> bool:
    """An item fits half a page for gutterfold: beside a vertical fold or above a horizontal
    one, within the safe margin, ``CLEAR`` off the fold, with 3.5 mm marks on all but one
    outer side."""
    w, h = size[0] + 2 * bleed, size[1] + 2 * bleed
    pw, ph = paper
    room_w, room_h = pw - 2 * SAFE_MARGIN - 3.5, ph - 2 * SAFE_MARGIN - 3.5
    beside = w <= pw / 2 - CLEAR - SAFE_MARGIN - 3.5 + 1e-6 and h <= room_h + 1e-6
    above = w <= room_w + 1e-6 and h <= ph / 2 - CLEAR - SAFE_MARGIN - 3.5 + 1e-6
    return beside or above


def front_items(pages: list[PagePlan]) -> list[object]:
    return [s.item for p in pages for s in p.slots if s.side == "front"]


@given(run_lists(), st.sampled_from(["a4", "letter"]), bleeds, notes, st.data())
def test_every_page_is_cut_ready(runs, paper, bleed, note, data):
    imposition = data.draw(st.sampled_from(["duplex", "simplex", "gutterfold"]))
    backed = [size for size, items in runs if any(b for _, b in items)]
    if imposition == "gutterfold" and not all(fits_half(s, PAPERS[paper], bleed) for s in backed):
        try:
            impose(runs, PAPERS[paper], imposition=imposition, bleed=bleed, note=note)
        except ValueError as e:
            assert "does not fit on half" in str(e)
            return
        raise AssertionError("an item too big for half a page was imposed")
    pages = impose(runs, PAPERS[paper], imposition=imposition, bleed=bleed, note=note)
    for page in pages:
        assert_page(page)
        for s in page.slots:
            t, b = s.trim, s.bleed
            assert same(b, Rect(t.x - bleed, t.y - bleed, t.w + 2 * bleed, t.h + 2 * bleed))
        if page.slots and page.side != "back":
            assert same(page.trim_box, _union([s.trim for s in page.slots]))
    items = [it for _, its in runs for it in its]
    assert Counter(front_items(pages)) == Counter(f for f, _ in items)
    backs = dict(items)
    if imposition == "gutterfold":
        assert_gutterfold(pages, backs)
        assert all(p.side == "single" for p in pages)
        placed = [s.item for p in pages for s in p.slots if s.side == "back"]
        assert Counter(placed) == Counter(b for b in backs.values() if b)
    if imposition == "simplex":
        assert all(p.side == "single" and all(s.side == "front" for s in p.slots) for p in pages)


def _union(rects: list[Rect]) -> Rect:
    x0, y0 = min(r.x for r in rects), min(r.y for r in rects)
    return Rect(x0, y0, max(r.right for r in rects) - x0, max(r.top for r in rects) - y0)


@given(run_lists(), st.sampled_from(["a4", "letter"]), st.sampled_from([0.0, 3.0]))
def test_duplex_backs_sit_behind_their_fronts_and_only_where_needed(runs, paper, bleed):
    """Each front page is followed by its back page, holding exactly its items' backs where
    long-edge flipping puts them (none, for a page of backless items in a two-sided file);
    a file with no backs at all has single pages only."""
    pages = impose(runs, PAPERS[paper], bleed=bleed)
    backs = {f: b for _, items in runs for f, b in items}
    width = PAPERS[paper][0]
    for i, page in enumerate(pages):
        wanted = [(s, backs[s.item]) for s in page.slots if backs.get(s.item)]
        if page.side == "single":
            assert not wanted
        if page.side == "front":
            back = pages[i + 1]
            assert back.side == "back" and back.sheet == page.sheet
            assert wanted or not back.slots
            got = {s.item: s for s in back.slots}
            assert sorted(got) == sorted(b for _, b in wanted)
            for s, b in wanted:
                r = got[b].trim
                assert same(r, Rect(width - s.trim.right, s.trim.y, s.trim.w, s.trim.h))
        if page.side == "back":
            assert i > 0 and pages[i - 1].side == "front"


@given(run_lists(mixed=False), st.sampled_from(["a4", "letter"]), st.data())
def test_items_keep_their_order(runs, paper, data):
    """Items of runs with backs come first (their pages are the front/back pairs), then those
    without; within each, in the order given, so no deck is scattered."""
    imposition = data.draw(st.sampled_from(["duplex", "simplex"]))
    pages = impose(runs, PAPERS[paper], imposition=imposition)
    with_backs = [f for _, items in runs for f, b in items if b]
    without = [f for _, items in runs for f, b in items if not b]
    expected = [f for _, items in runs for f, _ in items]
    if imposition == "duplex":
        expected = with_backs + without
    assert front_items(pages) == expected


@given(
    st.lists(
        st.sampled_from([(20.0, 20.0), (14.4, 14.4), (30.0, 30.0), (12.0, 12.0)]),
        min_size=2,
        max_size=4,
    ),
    st.sampled_from(["a4", "letter"]),
)
def test_small_items_without_backs_share_one_page_when_their_area_allows(sizes_, paper):
    """A few rows of each of several token sizes (well under a page between them) take one
    page, not one each."""
    runs = [(size, [(f"r{r}i{i}", None) for i in range(10)]) for r, size in enumerate(sizes_)]
    pages = impose(runs, PAPERS[paper])
    assert len(pages) == 1 and pages[0].side == "single"
    assert_page(pages[0])
