"""The rules' measure: one line length on every paper (a page's, a booklet half page's), so a
rulebook breaks its lines alike on A4 and Letter and each paragraph is broken once for both;
and no longer than about 90 characters of its body text (``MOST_EMS``)."""

from __future__ import annotations

import pytest
from reportlab.lib.units import mm

from cutsheet.flow.frames import (
    LEAST_SIDE_MM,
    MOST_EMS,
    RULES_MEASURE_MM,
    rules_frame,
    rules_measure,
    rules_side,
)

from .readback import plumber_pages

A4, LETTER, A3 = (210.0, 297.0), (215.9, 279.4), (297.0, 420.0)
A5, HALF_LETTER = (148.0, 210.0), (139.7, 215.9)
STANDARD, LARGE = 10.0, 18.0  # the profiles' body sizes, pt


@pytest.mark.parametrize(
    ("pages", "half", "body", "measure"),
    [
        ((A4, LETTER, A3), False, LARGE, 0),  # large print: a page's 179.9 mm
        ((A4, LETTER, A3), False, STANDARD, 1),  # 179.9 mm would be 51 em: 119.7 mm
        ((A5, HALF_LETTER), True, STANDARD, 1),
        ((A5, HALF_LETTER), True, LARGE, 1),
    ],
)
def test_every_paper_sets_the_rules_at_one_width(pages, half, body, measure):
    """The very same width (the Wraps of a paragraph are found by it), centred; a larger
    paper's line no longer."""
    frames = [rules_frame(page, half, 10.0, body) for page in pages]
    assert len({f._width for f in frames}) == 1
    assert len({f._aW for f in frames}) == 1  # the room a paragraph is wrapped in, to the bit
    assert frames[0]._width == pytest.approx(RULES_MEASURE_MM[measure] * mm)
    for page, frame in zip(pages, frames, strict=True):
        side = rules_side(page[0], half, body)
        assert frame._x1 == pytest.approx(side * mm)
        assert frame._x1 + frame._width == pytest.approx((page[0] - side) * mm)


def test_the_margins_each_paper_keeps():
    """A4's sides 15.05 mm and Letter's 18 mm at a page's measure, 45.15 and 48.1 mm at a
    half page's; A5's 14.15 mm, half-letter's 10 mm."""
    assert rules_side(A4[0], False, LARGE) == pytest.approx(15.05)
    assert rules_side(LETTER[0], False, LARGE) == pytest.approx(18.0)
    assert rules_side(A4[0], False, STANDARD) == pytest.approx(45.15)
    assert rules_side(LETTER[0], False, STANDARD) == pytest.approx(48.1)
    assert rules_side(A5[0], True, STANDARD) == pytest.approx(14.15)
    assert rules_side(HALF_LETTER[0], True, STANDARD) == pytest.approx(10.0)


@pytest.mark.parametrize("body", [5.0, 6.0, 7.0, 8.0, 10.0, 12.0, 13.0, 14.0, 18.0, 24.0])
def test_a_line_is_never_longer_than_most_ems(body):
    """A page's measure where it is at most ``MOST_EMS`` of the body size, else a half
    page's, else (small type) ``MOST_EMS`` itself, on A4 and Letter alike; no line longer."""
    page, small = RULES_MEASURE_MM
    most = MOST_EMS * body / mm
    measure = rules_measure(A4[0], False, body)
    assert measure == (page if page <= most else small if small <= most else most)
    assert measure == rules_measure(LETTER[0], False, body)
    assert measure * mm <= MOST_EMS * body + 1e-9
    half = rules_measure(A5[0], True, body)  # a small half page's, or shorter for small type
    assert half == min(small, most)


def test_a_large_papers_booklet_sets_what_a_page_of_its_size_sets():
    """A3's and Tabloid's booklets fold to A4- and Letter-sized half pages: their lines are
    what an A4 or Letter page sets at that body size, not a small half page's least room."""
    for half_page in ((210.0, 297.0), (215.9, 279.4)):
        for body, measure in ((LARGE, 0), (STANDARD, 1)):
            frame = rules_frame(half_page, True, 10.0, body)
            assert frame._width == pytest.approx(RULES_MEASURE_MM[measure] * mm)
            assert frame._aW == rules_frame(A4, False, 10.0, body)._aW


def test_a_paper_narrower_than_the_measure_keeps_its_least_margins():
    """Large print on a page narrower than a page's measure fills it (not the half page's
    119.7 mm); standard print there keeps its 119.7 mm."""
    frame = rules_frame((190.0, 260.0), False, 10.0, LARGE)
    assert frame._x1 == pytest.approx(LEAST_SIDE_MM[0] * mm)
    assert frame._width == pytest.approx((190.0 - 2 * LEAST_SIDE_MM[0]) * mm)
    assert rules_measure(190.0, False, STANDARD) == RULES_MEASURE_MM[1]
    narrow = rules_frame((140.0, 200.0), False, 10.0, STANDARD)  # not even 119.7 mm of room
    assert narrow._width == pytest.approx((140.0 - 2 * LEAST_SIDE_MM[0]) * mm)
    small = rules_frame((125.0, 180.0), True, 10.0, STANDARD)  # under half-letter's room
    assert small._x1 == pytest.approx(LEAST_SIDE_MM[1] * mm)


@pytest.mark.parametrize("doc", ["rules.pdf", "rules-booklet.pdf"])
def test_a4_and_letter_break_the_rules_lines_alike(built, doc):
    """Read back: the first page's lines are the same words on A4 and on Letter (the pages
    end elsewhere, A4's being taller; the lines before do not)."""
    lines = {}
    for paper in ("a4", "letter"):
        booklet = "booklet" in doc  # its half page 2, where the rules start after the cover
        page = plumber_pages(built / "festival-charter" / f"standard-{paper}" / doc)[booklet]
        w, h = float(page.width), float(page.height)
        box = (0, 0, w / 2, h) if booklet else None  # the second side: 2 | n - 1
        text = (page.crop(box) if box else page).extract_text()
        lines[paper] = text.splitlines()[:8]
    assert lines["a4"] == lines["letter"]
    assert len(lines["a4"]) == 8


@pytest.mark.parametrize("profile", ["standard", "large-print"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_rules_foot_lines_up_with_the_text_block(built, profile, paper):
    """The note, the scale bar and the page label at a rules page's foot start and end where
    its lines do (the text block's edges), on a page and on a booklet's half page alike:
    before, they stood 12 mm from the paper's edges, as far past the text as that left."""
    from cutsheet.flow.frames import FRAME_PADDING, Furniture

    small = {"standard": 6.5, "large-print": 18.0}[profile]  # the profiles' small_size
    band = Furniture("", small).band_mm * mm
    kit = built / "festival-charter" / f"{profile}-{paper}"
    checked = 0
    for doc, half in (("rules.pdf", False), ("rules-booklet.pdf", True)):
        page = plumber_pages(kit / doc)[1]
        w, h = float(page.width), float(page.height)
        halves = [(0.0, w / 2), (w / 2, w)] if half else [(0.0, w)]
        for left, right in halves:
            words = page.crop((left, 0, right, h)).extract_words()
            foot = [x for x in words if x["top"] > h - band]
            body = [x for x in words if x["bottom"] < h - band]
            if not foot or not body:
                continue  # a blank half page
            body_pt = {"standard": STANDARD, "large-print": LARGE}[profile]
            inset = rules_side((right - left) / mm, half, body_pt) * mm + FRAME_PADDING
            assert min(x["x0"] for x in foot) - left == pytest.approx(inset, abs=0.6 * mm)
            assert right - max(x["x1"] for x in foot) == pytest.approx(inset, abs=0.6 * mm)
            assert min(x["x0"] for x in body) - left >= inset - 0.6 * mm
            checked += 1
    assert checked >= 2  # the page and at least one half page
