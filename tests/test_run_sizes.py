"""``measure.run_sizes`` reads a paragraph's run sizes from its fragments as they are, parsed
or (once split over a page or a column) made of words. The sizes it gives are those of the
words ReportLab's line breaking finds in the same fragments, every part of a word that
prints something (the reading it replaced): the least size checked and the largest are the
same whether a paragraph is fresh, wrapped or one part of a split. A run of nothing but
blanks, soft hyphens and zero-width spaces prints nothing (``measure.prints``)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.platypus import Paragraph

from cutsheet import notation_glue
from cutsheet.measure import doc_styles, fresh, prints, register, run_sizes
from cutsheet.symbols import PAD_IMAGE


def words_sizes(para: Paragraph) -> list[float]:
    """The sizes of the parts of ``para``'s words (as line breaking finds them) that print."""
    words = notation_glue.words(para.frags) if para.frags else []
    return [float(part[0].fontSize) for word in words for part in word[1:] if prints(part[1])]


def _agree(para: Paragraph) -> None:
    assert set(run_sizes(para)) == set(words_sizes(para))


WORD = st.sampled_from(["cube", "5R>G", "&amp;", "a\xadb", "x\xa0y", "Take", "2", "—", "\xad"])
BLANK = st.sampled_from([" ", "  ", "\xa0", "\t", "\n", "", "\u200b", "\xad", "\u3000"])
IMAGE = f'<img src="{PAD_IMAGE}" width="3" height="3" valign="middle"/>'


@st.composite
def markup(draw: st.DrawFn) -> str:
    out = []
    for _ in range(draw(st.integers(1, 14))):
        kind = draw(st.integers(0, 7))
        text = draw(WORD) + draw(BLANK)
        if kind == 0:
            out.append(f'<font size="{draw(st.sampled_from([5, 6.5, 9, 14]))}">{text}</font>')
        elif kind == 1:
            out.append(f"<super>{text}</super>")
        elif kind == 2:
            out.append(f"<sub>{text}</sub>")
        elif kind == 3:
            out.append("<br/>")
        elif kind == 4:
            out.append(IMAGE + draw(BLANK))
        elif kind == 5:
            out.append(f"<b>{draw(BLANK)}</b>")  # a run of nothing but blanks
        else:
            out.append(text)
    return "".join(out)


@settings(max_examples=150, deadline=None)
@given(markup(), st.sampled_from([40.0, 90.0, 300.0]), st.sampled_from([12.0, 30.0]))
def test_run_sizes_are_the_sizes_of_the_words_that_print(text: str, width: float, height: float):
    register()
    para = fresh(text, doc_styles(9, 12, 16, 7, 1.25).body)  # a document's: it splits
    _agree(para)  # parsed
    para.wrap(width, 10_000)
    _agree(para)  # broken into lines
    for part in para.split(width, height):  # the parts of a page break: made of words
        if isinstance(part, Paragraph):
            _agree(part)


def test_a_smaller_run_and_a_blank_one_are_told_apart():
    register()
    style = doc_styles(9, 12, 16, 7, 1.25).body
    text = 'Pay <font size="5">2</font><font size="4"> </font>cubes' + " and then more" * 6
    para = fresh(text, style)
    assert set(run_sizes(para)) == {9.0, 5.0}  # the blank 4 pt run prints nothing
    para.wrap(60, 10_000)
    parts = para.split(60, 24)
    assert len(parts) == 2
    assert {s for p in parts for s in run_sizes(p)} == {9.0, 5.0}


def test_a_run_of_soft_hyphens_or_zero_width_spaces_prints_nothing():
    """A run holding only a soft hyphen (``plan&shy;ners``'s, set small) or a zero-width space
    is no run that prints: neither is said to be under the profile's least size."""
    register()
    style = doc_styles(9, 12, 16, 7, 1.25).body
    for text in ('Take <font size="4">&shy;</font>cubes', 'Take <font size="4">\u200b</font>cubes'):
        para = fresh(text, style)
        assert set(run_sizes(para)) == {9.0}
        para.wrap(20, 10_000)  # (a line may break at the hyphen)
        assert set(run_sizes(para)) == {9.0}


def test_the_other_run_checks_read_what_prints_alike():
    """A review: the largest-run check and the colours of the runs that print read a run
    with ``str.strip`` of their own; a big soft hyphen was "larger than its lines"."""
    from cutsheet.measure import TextStyle
    from cutsheet.plan.run_colours import printed_inks
    from cutsheet.plan.text_runs import too_large

    register()
    style = doc_styles(9, 12, 16, 7, 1.25).body
    assert too_large(fresh('Take <font size="30">&shy;</font>cubes', style)) is None
    assert too_large(fresh('Take <font size="30">X</font>cubes', style)) is not None
    markup = 'Take <font color="#ff0000">\u200b</font>cubes'
    assert printed_inks(markup, TextStyle(size=9, leading=11)) == {"#000000"}
