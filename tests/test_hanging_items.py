"""A list box's items hang (``hanging_items``): a wrapped line starts under its item's words,
at one column for the box, on the card as printed and in the lines as measured."""

from __future__ import annotations

from collections import defaultdict
from types import SimpleNamespace

import pytest
from reportlab.lib.enums import TA_CENTER, TA_LEFT

from cutsheet import hanging_items
from cutsheet.boxes import text as text_box
from cutsheet.boxes.text import listed
from cutsheet.measure import TextStyle, _paragraph_style, fresh, register, string_width

from .readback import plumber_pages

STYLE = TextStyle(size=9, leading=11)


def _wrapped(markup: str, width: float = 170.0, style: TextStyle = STYLE):
    register()
    para = fresh(listed(markup), _paragraph_style(style))
    para.wrap(width, 10_000)
    return para


def test_the_marks_are_the_ones_a_list_box_writes():
    assert (hanging_items.ITEM, hanging_items.LABEL_END) == (text_box.ITEM, text_box.LABEL_END)


def test_every_wrapped_line_of_a_list_hangs_by_its_widest_label():
    items = [
        f"{n}. Take your income from every card that has one, then more." for n in range(1, 11)
    ]
    para = _wrapped("<br/>".join(items))
    lines = para.blPara.lines
    widest = string_width("10. ", "Atkinson", 9)
    assert para.hangs == pytest.approx((widest,) * 10)
    firsts = [0, *[i + 1 for i, line in enumerate(lines[:-1]) if line.lineBreak]]
    assert len(firsts) == 10 and len(lines) == 20  # each item wraps once
    for i, offset in enumerate(para._offsets):
        assert offset == (0.0 if i in firsts else pytest.approx(widest))
        assert lines[i].maxWidth == pytest.approx(170.0 - offset)


def test_a_paragraph_without_labels_or_set_centred_does_not_hang():
    plain = _wrapped("Lay out this turn's cards beside the bidding tracks, then read them all.")
    assert plain.hangs == () and not hasattr(plain, "_offsets")
    centred = _wrapped(
        "1. Lay out this turn's cards beside the bidding tracks, then read them all.",
        style=TextStyle(size=9, leading=11, align="center"),
    )
    assert centred.hangs and not hasattr(centred, "_offsets")
    assert centred.style.alignment == TA_CENTER


def test_an_item_without_a_label_does_not_hang_in_a_list_that_does():
    para = _wrapped(
        "1. Take your income from every card that has one, then more words.<br/>"
        "And this line has no label at all, and it runs on past its line."
    )
    assert para.hangs[1] == 0.0 and para.hangs[0] > 0
    assert para._offsets[-1] == 0.0  # the unlabelled item's second line


def test_lines_that_never_settle_are_set_without_a_hang():
    """A breaking whose lines each width guess contradicts: set as ReportLab sets it."""

    def breaking(widths: list[float]) -> SimpleNamespace:
        first_ends_item = widths[min(1, len(widths) - 1)] < 100.0  # hung: say it is not
        rows = [SimpleNamespace(lineBreak=first_ends_item), SimpleNamespace(lineBreak=False)]
        return SimpleNamespace(kind=1, lines=rows, widths=widths)

    lines, offsets = hanging_items.hung(breaking, 100.0, (5.0, 5.0), TA_LEFT)
    assert offsets is None and lines.widths == [100.0]


def test_a_hang_half_the_box_or_more_is_not_set():
    row = SimpleNamespace(lineBreak=False)
    lines, offsets = hanging_items.hung(
        lambda w: SimpleNamespace(kind=1, lines=[row, row], widths=w), 20.0, (10.0,), TA_LEFT
    )
    assert offsets is None and lines.widths == [20.0]


def test_the_player_aids_steps_wrap_under_their_words(built):
    """Read back from the printed aid: each step's wrapped lines start at one x, right of
    the numbers, where the steps' words start."""
    path = built / "bidding-alpha" / "standard-a4" / "cards.pdf"
    page = next(p for p in plumber_pages(path) if "Final scoring" in (p.extract_text() or ""))
    rows: dict[float, list[dict]] = defaultdict(list)
    for word in page.extract_words():
        rows[round(word["top"], 1)].append(word)
    one = min((w for w in page.extract_words() if w["text"] == "1."), key=lambda w: w["top"])
    left, top = one["x0"], one["top"]
    column = [  # the first card's steps: right of its numbers, above the card's foot
        r for t, r in rows.items() if top <= t < top + 280 and min(w["x0"] for w in r) < left + 40
    ]
    firsts = [min(r, key=lambda w: w["x0"]) for r in column]
    numbered = [w for w in firsts if w["text"].rstrip(".").isdigit() and abs(w["x0"] - left) < 0.5]
    hung = [w for w in firsts if w["x0"] > left + 1]
    assert len(numbered) >= 9  # five steps, four scoring steps
    words_at = {round(w["x0"], 1) for w in hung}
    assert len(words_at) == 1 and words_at.pop() > left + 5, hung
    assert {"bidding", "has", "card", "bid;", "take"} <= {w["text"] for w in hung}
