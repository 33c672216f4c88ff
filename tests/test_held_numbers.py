"""A paragraph's last number is never left alone on its last line where it can go down with
the word before it (``held_numbers``): measured so, and printed so."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.platypus import Paragraph

from cutsheet import held_numbers
from cutsheet.measure import TextStyle, fresh, measure, paragraph_style, register
from cutsheet.word_breaks import SpacedParagraph

from .test_shy_spaces import chars_of

register()
STYLE = TextStyle(size=10, leading=12.5)
WORTH = "Discard this card at the end of the round and score the card, which is worth 3."


def lines_of(para: Paragraph, width: float) -> list[str]:
    """The words of each line ``para`` is broken into at ``width`` points."""
    para.wrap(width, 10_000)
    return lines_in(para)


def lines_in(para: Paragraph) -> list[str]:
    """The words of each line of ``para`` as it was last broken."""
    out = []
    for line in para.blPara.lines:
        if isinstance(line, tuple):
            out.append(" ".join(str(w) for w in line[1]))
        else:
            out.append("".join(str(getattr(w, "text", "")) for w in line.words).strip())
    return [line.replace("\xa0", " ") for line in out]


def plain(markup: str, width: float) -> list[str]:
    """The lines ReportLab alone breaks ``markup`` into."""
    return lines_of(Paragraph(markup, paragraph_style(STYLE)), width)


def ours(markup: str, width: float) -> list[str]:
    return lines_of(fresh(markup, paragraph_style(STYLE)), width)


def alone_at(markup: str) -> list[float]:
    """The widths (points, 60 to 400) at which ReportLab leaves the last number alone."""
    return [w for w in range(60, 400) if held_numbers.NUMBER.fullmatch(plain(markup, w)[-1])]


def test_a_designers_worth_3_goes_down_with_the_word_before_it() -> None:
    widths = alone_at(WORTH)
    assert widths, "no width leaves the 3. alone: the test shows nothing"
    for width in widths:
        got = ours(WORTH, width)
        assert got[-1].endswith("worth 3."), (width, got)
        assert " ".join(got) == " ".join(plain(WORTH, width))  # the same words, in order
        assert measure(WORTH, STYLE, width).too_wide == 0.0
        assert measure(WORTH, STYLE, width).plain == WORTH  # what a reader gets: as written


@pytest.mark.parametrize(
    "markup",
    [
        "Then the cubes you hold (R 1, G 3, <b>B</b> 5).",  # after a word in another font
        "Then the cubes you hold: <i>one</i> per space, and the rest go to the track 20",
    ],
)
def test_a_number_after_another_run_goes_down_with_it(markup: str) -> None:
    widths = alone_at(markup)
    assert widths
    for width in widths:
        last = ours(markup, width)[-1]
        assert not held_numbers.NUMBER.fullmatch(last), (width, last)
        said = measure(markup, STYLE, width).plain  # what a reader gets: the space as written
        assert "\xa0" not in said and said.endswith(markup[-4:].replace("</b>", "")), said


def test_a_pair_wider_than_the_line_is_left_as_reportlab_broke_it() -> None:
    markup = "Reinforcements 3."
    width = 75.0  # "Reinforcements" fits (69 pt); "Reinforcements 3." does not (80 pt)
    assert plain(markup, width) == ["Reinforcements", "3."]
    assert ours(markup, width) == ["Reinforcements", "3."]
    assert measure(markup, STYLE, width).too_wide == 0.0


def test_a_number_after_a_line_break_stays_on_its_line() -> None:
    assert ours("COST<br/>2", 200) == ["COST", "2"]


def test_a_pair_that_would_run_a_hair_over_is_not_held() -> None:
    """ReportLab lets a line of several words run a little past its width (its spaces
    shrink); a held pair is one word, which must fit: held at a width where it would run
    over, a box that passed failed with 'a word is 0.2 mm wider than the box' (review)."""
    markup = "Set it up. Go on to the next turn. Set it up. Reinforcements 3."
    style = TextStyle(size=8, leading=10)
    width = 22.4 * 72 / 25.4
    assert measure(markup, style, width).too_wide == 0.0
    assert lines_of(fresh(markup, paragraph_style(style)), width)[-2:] == ["Reinforcements", "3."]


@pytest.mark.parametrize("markup", ["Call up Rein\xadforcements 3.", "Rein&shy;forcements 3."])
def test_a_pair_is_never_held_by_breaking_the_word_before_it(markup: str) -> None:
    """A pair too wide for the line, with a soft hyphen in its word, was held by breaking
    that word ("Rein-" over "forcements 3."): a broken word is no better than a lone
    number, so the number stays alone (review)."""
    for width in range(60, 110):
        was, got = plain(markup, width), ours(markup, width)
        if not any(line.endswith("-") for line in was):
            assert not any(line.endswith("-") for line in got), (width, was, got)


def test_the_held_pair_prints_on_the_last_line() -> None:
    [width, *_] = alone_at(WORTH)
    chars = chars_of(WORTH, width, STYLE)
    lowest = min(ch["matrix"][5] for ch in chars)  # the last line's baseline
    last = sorted((ch for ch in chars if ch["matrix"][5] < lowest + 1), key=lambda c: c["x0"])
    printed = "".join(ch["text"] for ch in last).replace("\xa0", " ")
    assert printed.strip().endswith("worth 3."), printed


WORDS = st.sampled_from(["cube", "card", "the", "track", "Reinforcements", "a", "score"])


@settings(max_examples=60, deadline=None)
@given(
    st.lists(WORDS, min_size=1, max_size=14),
    st.sampled_from(["3", "3.", "20)", "(5).", "+2,"]),
    st.floats(min_value=30, max_value=300),
)
def test_holding_never_overruns_and_never_loses_a_word(
    words: list[str], number: str, width: float
) -> None:
    markup = " ".join([*words, number])
    mine = SpacedParagraph(markup, paragraph_style(STYLE))
    theirs = Paragraph(markup, paragraph_style(STYLE))
    got, was = lines_of(mine, width), lines_of(theirs, width)
    assert " ".join(got).split() == " ".join(was).split()
    assert held_numbers.overrun(mine.blPara) <= held_numbers.overrun(theirs.blPara) + 1e-6
    pair = f"{words[-1]} {number}"
    if held_numbers.NUMBER.fullmatch(was[-1]) and len(was) > 1 and _fits(pair, width):
        assert got[-1].endswith(pair), (got, was)


def _fits(text: str, width: float) -> bool:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    style: Any = paragraph_style(STYLE)
    return stringWidth(text, style.fontName, style.fontSize) <= width


SPLIT = (
    "P16: Discard <b>this</b> card and the players then take turns to place one cube on any"
    " open space of the shared board and the players then take turns to place one cube on"
    " any open space of the shared board and, which is worth 3."
)


def test_a_held_paragraph_splits_where_its_lines_do() -> None:
    """A page break cut a held paragraph of several fragments from the words of its first
    breaking by the held lines' word positions: the first part took a word too many and
    needed a line more than its room, so check passed and build failed (a review, with a
    rules page). Every cut of every held width keeps the lines, and the pair, as held."""
    leading = paragraph_style(STYLE).leading
    held = 0
    for width in alone_at(SPLIT):
        para = fresh(SPLIT, paragraph_style(STYLE))
        para.wrap(width, 10_000)
        if not lines_in(para)[-1].endswith("worth 3."):
            continue  # the pair does not fit that width
        held += 1
        lines = len(para.blPara.lines)
        for keep in range(1, lines):
            whole = fresh(SPLIT, paragraph_style(STYLE))
            whole.wrap(width, 10_000)
            first, rest = whole.split(width, keep * leading + 0.1)
            assert first.wrap(width, 10_000)[1] == pytest.approx(keep * leading)
            rest.wrap(width, 10_000)
            said = f"{first.getPlainText()} {rest.getPlainText()}".split()
            assert said == SPLIT.replace("<b>", "").replace("</b>", "").split()
            assert lines_in(rest)[-1].endswith("worth 3."), (width, keep)
    assert held, "no width held the number: the test shows nothing"


def test_a_held_paragraph_broken_again_at_another_width_decides_afresh() -> None:
    """Held at one width, a paragraph kept the pair as one word at the next: narrower, it
    ran over, and its widest word (a card row sizes its cards by it) grew, so check (A4
    after Letter) and build (A4 alone) sized one card row differently (a review)."""
    markup = "Call up the <b>reserve</b> and take your Reinforcements 3."
    [wide, *_] = [w for w in alone_at(markup) if ours(markup, w)[-1].endswith("ents 3.")]
    para = fresh(markup, paragraph_style(STYLE))
    para.wrap(wide, 10_000)
    assert lines_in(para)[-1].endswith("Reinforcements 3.")
    assert para.minWidth() == fresh(markup, paragraph_style(STYLE)).minWidth()
    narrow = 75.0  # "Reinforcements" fits; the pair does not
    para.wrap(narrow, 10_000)
    assert lines_in(para)[-2:] == ["Reinforcements", "3."]
    assert held_numbers.overrun(para.blPara) == 0.0


def test_a_no_break_space_of_the_text_stays_in_what_a_reader_gets() -> None:
    """The held no-break space reads as a space; one the text has stays itself, at every
    width (a review: all of them became spaces where the number was held)."""
    markup = "Pay 1\xa0000 coins to the <b>bank</b> before you take the card, which is worth 3."
    for width in alone_at(markup):
        said = measure(markup, STYLE, width).plain
        assert "1\xa0000" in said and said.endswith("worth 3."), (width, said)
