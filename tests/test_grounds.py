"""Touching coloured backs get one rectangle of their colour under them, so the cut lines
between them do not show as light hairlines on screen (read back from a build, and the
joining itself)."""

from __future__ import annotations

from cutsheet.impose import Rect
from cutsheet.render.grounds import grounds

from .readback import plumber_pages

BLUE, GREEN = "#0072B2", "#009E73"


def test_touching_backs_of_one_colour_are_joined_into_one_rectangle():
    block = [(BLUE, Rect(10 + 63 * i, 20 + 88 * j, 63, 88)) for i in range(3) for j in range(3)]
    assert grounds(block) == [(BLUE, Rect(10, 20, 189, 264))]


def test_runs_of_another_colour_or_apart_stay_apart_and_a_lone_back_is_skipped():
    backs = [
        (BLUE, Rect(10, 20, 63, 88)),
        (BLUE, Rect(73, 20, 63, 88)),
        (GREEN, Rect(136, 20, 63, 88)),  # touches the blue, another colour: alone
        (BLUE, Rect(10, 120, 63, 88)),  # a row below, not touching: alone
    ]
    assert grounds(backs) == [(BLUE, Rect(10, 20, 126, 88))]


def test_rows_of_different_widths_are_not_stacked():
    backs = [(BLUE, Rect(10 + 63 * i, 20, 63, 88)) for i in range(3)]
    backs += [(BLUE, Rect(10 + 63 * i, 108, 63, 88)) for i in range(2)]
    assert sorted(grounds(backs), key=lambda g: g[1].y) == [
        (BLUE, Rect(10, 20, 189, 88)),
        (BLUE, Rect(10, 108, 126, 88)),
    ]


def test_a_back_page_has_its_ground_under_the_backs(built):
    """Common Reserve's standard Letter cards, page 2: nine blue backs in a 3 × 3 block, one
    blue rectangle as large as the block drawn first; the backs' own fills as before."""
    page = plumber_pages(built / "common-reserve" / "standard-letter" / "cards.pdf")[1]
    blue = (0.0, 0.447, 0.698)
    fills = [
        r
        for r in page.rects
        if r["fill"] and tuple(round(v, 3) for v in r["non_stroking_color"] or ()) == blue
    ]
    big = max(fills, key=lambda r: r["width"] * r["height"])
    cards = [r for r in fills if r is not big]
    assert len(cards) == 9
    assert round(big["width"], 1) == round(3 * cards[0]["width"], 1)
    assert round(big["height"], 1) == round(3 * cards[0]["height"], 1)


def test_only_a_background_rectangle_is_a_ground():
    """A back whose first box is an icon as large as the card (its fill the icon's ink, not
    a background) has no ground: a run of such backs printed as one solid block (review)."""
    from types import SimpleNamespace

    from cutsheet.boxes.icon import KIND as ICON
    from cutsheet.boxes.rect import KIND as RECT
    from cutsheet.render.grounds import ground_of

    def face(kind: object) -> object:
        box = SimpleNamespace(x=0.0, y=0.0, w=63.0, h=88.0, radius=0.0, traits=kind.traits)
        first = SimpleNamespace(box=box, fill="#CC0000")
        return SimpleNamespace(elements=(first,), width_mm=63.0, height_mm=88.0)

    assert ground_of(face(RECT)) == "#CC0000"
    assert ground_of(face(ICON)) is None
