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


def test_lines_that_never_settle_are_set_without_a_hang(monkeypatch):
    """A breaking whose lines each width guess contradicts: set as ReportLab sets it."""
    start = SimpleNamespace(cbDefn=SimpleNamespace(name=hanging_items.ITEM))
    word = SimpleNamespace(text="x")

    def breaking(widths: list[float]) -> SimpleNamespace:
        hung_second = widths[min(1, len(widths) - 1)] < 100.0  # hung: say it starts an item
        rows = [
            SimpleNamespace(words=[start]),
            SimpleNamespace(words=[start if hung_second else word]),
        ]
        return SimpleNamespace(kind=1, lines=rows, widths=widths)

    monkeypatch.setattr(hanging_items, "_alone", lambda *args: [0.0])
    left = SimpleNamespace(alignment=TA_LEFT)
    lines, offsets = hanging_items.hung(breaking, 100.0, [[], []], (5.0, 5.0), left)
    assert offsets is None and lines.widths == [100.0]


def test_a_hang_half_the_box_or_more_is_not_set():
    row = SimpleNamespace(words=[])
    left = SimpleNamespace(alignment=TA_LEFT)
    lines, offsets = hanging_items.hung(
        lambda w: SimpleNamespace(kind=1, lines=[row, row], widths=w), 20.0, [[]], (10.0,), left
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
    # and each step's first word starts at that column too: a narrower number ("1." beside
    # "4.") is padded to the widest (a designer's probe: the column was ragged by 0.7 mm)
    column = round(hung[0]["x0"], 1)
    after = [sorted(r, key=lambda w: w["x0"])[1] for r in rows.values() if r and r[0] in numbered]
    assert {round(w["x0"], 1) for w in after} == {column}, after


def test_a_long_list_hangs_every_item_however_many_fit_one_line():
    """A review: items that fit one line at the box's width but not hung were set right one
    breaking at a time, and thirteen of them ran out of breakings: the box lost its hang
    without a word (and 2,000 items took 4 s). Each item is broken alone first."""
    once = "Take a cube from the bag and place it."
    items = [f"{n}. {once}" for n in range(1, 13)]
    items.append("13. Pass the first player card to the left; take back your token and draw.")
    for width in (150.0, 160.0, 170.0, 180.0):
        para = _wrapped("<br/>".join(items), width)
        assert hasattr(para, "_offsets"), width
        assert para._offsets[-1] > 0  # item 13's wrapped line hangs


def test_a_line_after_a_break_inside_an_item_hangs_with_it():
    """A review: a <br/> inside a bold run starts a line of the same item (read so), which
    printed under its number."""
    para = _wrapped(
        "<b>1. Lay out this turn's cards<br/>beside the bidding tracks, then read them all"
        " out loud again and again.</b><br/>2. Take your income."
    )
    assert para._offsets[:4] == [0.0, para.hangs[0], para.hangs[0], 0.0]


def test_a_word_that_fits_the_box_but_not_its_hung_line_is_set_without_the_hang():
    """A review: a word narrower than the box but wider than the line beside the label was
    'wider than the box' (an error the box did not have)."""
    from cutsheet.measure import measure

    word = "https://example.com/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
    width = string_width(word, "Atkinson", 9) + 4
    markup = listed(f"1. Visit {word}<br/>2. Take your income from every card that has one.")
    assert measure(markup, STYLE, width).too_wide == 0.0
    assert not hasattr(_wrapped(f"1. Visit {word}<br/>2. Take your income.", width), "_offsets")


AID = "layouts/bidding-alpha.yaml"
UNDER_ONE = "x: 5.2, y: 30, w: 2.4, h: 2.4"  # under the "1." of the aid's turn, beside "bidding"


@pytest.mark.parametrize(
    "box",
    [
        f"mark: {{kind: icon, icon: star, {UNDER_ONE}}}",
        f'note: {{{UNDER_ONE}, style: id, text: "ab"}}',
    ],
)
def test_nothing_is_said_over_the_room_a_hung_line_leaves_under_its_label(ws, box):
    """A review: an icon or a text in the room under an item's number, where no line prints,
    was said to lie over the list's text (the checks set every line at the box's left)."""
    ws.edit(
        AID, "      final-title: {x: 5, y: 88,", f"      {box}\n      final-title: {{x: 5, y: 88,"
    )
    overlaps = [str(p) for p in ws.problems("bidding-alpha") if p.code == "overlap"]
    assert overlaps == []
    ws.edit(AID, UNDER_ONE, "x: 12, y: 30, w: 2.4, h: 2.4")  # over "bidding": said
    overlaps = [str(p) for p in ws.problems("bidding-alpha") if p.code == "overlap"]
    assert len(overlaps) == 1 and "'turn'" in overlaps[0], overlaps


def test_a_step_too_long_is_said_at_the_list_it_is_written_in(ws):
    """A designer's probe: a list box's text that no longer fits, after a step grew, was said
    at the layout's box; the steps are the item's ``turn`` list, looped over by the box's
    template (``{% for line in turn %}``): said there, where the words are to shorten."""
    game = "content/bidding-alpha/game.yaml"
    step = "          - Lay out this turn's cards beside the bidding tracks.\n"
    longer = step.replace("tracks.", "tracks, " + "and then more words again, " * 8 + "done.")
    ws.edit(game, step, longer)
    errors = [str(p) for p in ws.check("bidding-alpha")]
    turn = ws.line_of(game, "        turn:\n")
    assert errors and all(e.startswith(f"{game}:{turn + 1}:") for e in errors), errors
    assert "box 'turn': text does not fit" in errors[0]


def _ten(style: TextStyle = STYLE) -> str:
    steps = [f"{n}. Take your income from every card that has one, then bid." for n in range(1, 11)]
    return listed("<br/>".join(steps), style)


def test_a_part_of_a_list_a_cards_back_goes_on_with_keeps_the_lists_column():
    """A review: the front of a large-print card holding items 1-8 of a list of 10 hung its
    lines at its own widest label ("8.") while its words started after the padding to "10."
    (2.9 mm apart). A label's hang counts the room that pads it."""
    from cutsheet.boxes.text import line_breaks

    register()
    whole = fresh(_ten(), _paragraph_style(STYLE))
    cut = line_breaks(_ten())[7][0]  # the break after item 8, where an overleaf cuts
    front = fresh(_ten()[:cut], _paragraph_style(STYLE))
    whole.wrap(170, 10_000), front.wrap(170, 10_000)
    assert set(front.hangs) == set(whole.hangs) and len(set(whole.hangs)) == 1


def test_a_bold_labels_bold_space_is_padded_to_the_column_too():
    """A review: "<b>1. Lay…</b>" beside "10. Take…": the bold space after the bold number is
    wider than the plain one, and its words started 0.4 pt right of the column."""
    from .test_read_as import _drawn, _lines

    markup = listed(
        "<b>1. Lay out this turn's cards beside the bidding tracks and more words.</b><br/>"
        "10. Take your income from every card that has one, then bid on a card.",
        STYLE,
    )
    chars, _kinds = _drawn(markup, as_list=True)
    lines = _lines(chars)
    firsts = [line for line in lines if line[0][1] == 50.0]
    hung = [line for line in lines if line[0][1] != 50.0]
    words_at = {round(next(x for t, x, _f in line if t.isalpha()), 1) for line in firsts}
    assert len(hung) >= 2 and words_at == {round(hung[0][0][1], 1)}, (firsts, hung)
