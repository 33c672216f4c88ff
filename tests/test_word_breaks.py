"""A paragraph's lines drawn with a space after each line's last word (``word_breaks``): the
lines ReportLab measured are left as they were, and only a space is added."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle

from cutsheet.word_breaks import SpacedParagraph, spaced

STYLE = ParagraphStyle("t", fontName="Helvetica", fontSize=10, leading=12)


def _words(lines) -> list[list[str]]:
    if lines.kind == 0:
        return [list(words) for _extra, words in lines.lines]
    return [
        ["<cb>" if hasattr(w, "cbDefn") else w.text for w in line.words] for line in lines.lines
    ]


def _wrapped(markup: str, width: float = 60) -> SpacedParagraph:
    para = SpacedParagraph(markup, STYLE)
    para.wrap(width, 1000)
    return para


def test_plain_lines_end_with_a_space_but_the_last():
    para = _wrapped("keep the cubes you bid in front of you")
    before = _words(para.blPara)
    after = _words(spaced(para.blPara))
    assert len(before) > 2
    assert [line[:-1] for line in after] == [line[:-1] for line in before]
    assert all(line[-1] == was[-1] + " " for line, was in zip(after[:-1], before[:-1], strict=True))
    assert after[-1] == before[-1]
    assert _words(para.blPara) == before  # the measured lines are never written to


def test_a_break_leaves_an_empty_fragment_and_the_word_before_it_gets_the_space():
    para = _wrapped("<font size='6'>COST</font><br/>2", width=100)
    assert _words(para.blPara) == [["COST", ""], ["2"]]
    assert _words(spaced(para.blPara)) == [["COST ", ""], ["2"]]


def test_one_line_and_spaced_lines_are_left_as_they_are():
    one = _wrapped("DELIVERY", width=100)
    assert spaced(one.blPara) is one.blPara
    twice = spaced(_wrapped("<b>keep</b> the cubes you bid in front of you").blPara)
    assert _words(spaced(twice)) == _words(twice)


def test_drawing_restores_the_measured_lines():
    import io

    from reportlab.pdfgen.canvas import Canvas

    para = _wrapped("<i>keep</i> the cubes you bid in front of you")
    lines = para.blPara
    c = Canvas(io.BytesIO())
    para.drawOn(c, 10, 10)
    assert para.blPara is lines
    assert "keep" in "".join(str(op) for op in c._code)


NOTATION = (
    '<onDraw name="cs_text" label="5R&gt;G"/>5R&gt;G<onDraw name="cs_end" label=""/><br/>'
    '<onDraw name="cs_text" label="8R&gt;B"/>8R&gt;B<onDraw name="cs_end" label=""/>'
)


def test_a_line_that_ends_with_a_notation_gets_its_space_after_the_span_closes():
    """Two exchanges on two lines ("5R>G" over "8R>B") were read "5R>G8R>B": the space goes
    after the span's end, in the empty fragment the break leaves, never inside the span."""
    para = _wrapped(NOTATION, width=100)
    first = spaced(para.blPara).lines[0].words
    names = [getattr(getattr(w, "cbDefn", None), "name", None) for w in first]
    end = names.index("cs_end")
    assert [w.text for w in first[end + 1 :]] == [" "]
    assert "".join(getattr(w, "text", "") for w in first[:end]) == "5R>G"


def test_a_notation_that_ends_a_wrapped_line_gets_a_space_of_its_own():
    words = " ".join(['<onDraw name="cs_text" label="RR"/>RR<onDraw name="cs_end" label=""/>'] * 6)
    para = _wrapped(words, width=40)
    lines = _words(spaced(para.blPara))
    assert len(lines) > 1
    for line in lines[:-1]:  # the next notation's span, opened at the line's end, follows it
        assert line[-3:] == ["<cb>", " ", "<cb>"], line


def test_a_line_that_ends_a_list_item_gets_its_space_inside_the_item():
    """After a list item's end (its marked sequence closed) a space would be untagged; with
    none, a list box set as a card's heading read its items run together."""
    para = _wrapped('one<onDraw name="cs_le" label=""/><br/>two', width=100)
    assert _words(spaced(para.blPara))[0] == ["one ", "<cb>", ""]


def test_a_word_a_soft_hyphen_broke_gets_no_space():
    """ "extra-" over "ordinary" reads "extra-ordinary", never "extra- ordinary"."""
    for markup in (
        "Draw a card now. extra&shy;ordinary extra&shy;ordinary",
        "<b>x</b> Draw a card now. extra&shy;ordinary extra&shy;ordinary",
    ):
        para = _wrapped(markup, width=95)
        lines = _words(para.blPara)
        broken = [
            i
            for i, line in enumerate(lines[:-1])
            if line[-1].endswith("-") or line[-2:-1] and line[-2].endswith("-")
        ]
        assert broken, lines
        for i in broken:
            assert _words(spaced(para.blPara, soft_hyphens=True))[i] == lines[i]


def test_an_underlined_word_gets_its_space_apart_from_its_underline():
    """A space in the underlined word's own text would lengthen its underline by a space."""
    para = _wrapped("<u>underlined words that wrap over the end</u> of it", width=60)
    for line in spaced(para.blPara).lines[:-1]:
        space = line.words[-1]
        assert space.text == " " and not space.us_lines, [w.text for w in line.words]
        assert line.words[-2].us_lines and not line.words[-2].text.endswith(" ")


def _spans_open(words, depth):
    for w in words:
        name = getattr(getattr(w, "cbDefn", None), "name", None)
        label = getattr(getattr(w, "cbDefn", None), "label", None)
        if name == "cs_text" or (name == "cs_art" and label == "("):
            depth += 1
        elif name == "cs_end" or (name == "cs_art" and label == ")"):
            depth -= 1
        yield w, depth


def test_no_space_is_ever_drawn_inside_a_symbol_span():
    """A notation that a break splits ("3R<>" over "G", its spacers wrapped on) keeps the
    line's end as it is: a space inside the span would be read as the notation's."""
    from markupsafe import escape

    from cutsheet.measure import face_name, register
    from cutsheet.symbols import actual_text, cube, expand

    register()

    def notation(run: str) -> str:  # as the glyphs filter writes it
        shown = "".join(cube(c, "#D55E00") if c.isalpha() else f"<b>{escape(c)}</b>" for c in run)
        return actual_text(str(escape(run)), shown, "said")

    text = f"{notation('12R>B')} {notation('3R<>G')} now then {notation('RRRR')} and more"
    markup = expand(text, 8, 9.6, face_name("bold"))
    inside = 0
    for width in range(40, 140, 3):
        para = _wrapped(markup, width=width)
        open_before = 0
        for before, after in zip(para.blPara.lines, spaced(para.blPara).lines, strict=True):
            was = {id(w) for w in before.words}
            for w, depth in _spans_open(after.words, open_before):
                open_before = depth
                inside += depth > 0 and w is after.words[-1]
                changed = id(w) not in was and getattr(w, "text", "").endswith(" ")
                assert not (changed and depth > 0), (
                    width,
                    [getattr(x, "text", "<cb>") for x in after.words],
                )
    assert inside  # some widths do break a notation


def test_a_part_of_a_split_paragraph_keeps_a_soft_hyphens_break_unspaced():
    """ReportLab makes the parts of a paragraph split over a page break without its markup:
    a line of a part that ends with a hyphen is taken to be a soft hyphen's break."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    para = SpacedParagraph("Draw a card now. " * 3 + "extra&shy;ordinary " * 8, STYLE)
    para.wrap(95, 1000)
    first, _rest = para.split(95, 60)
    assert first.text is None
    c = Canvas(io.BytesIO())
    first.wrap(95, 60)
    first.drawOn(c, 10, 10)
    drawn = " ".join(str(op) for op in c._code)
    assert "(-) Tj" in drawn  # the hyphen a soft hyphen's break draws, and no space after it
    assert "(- )" not in drawn and "(-) Tj ( )" not in drawn


def test_the_callback_names_are_the_ones_that_draw():
    """word_breaks sits below the boxes and the renderer, so it names their callbacks: the
    names must stay theirs."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from cutsheet.boxes.text import ITEM_END
    from cutsheet.render.symbols import install
    from cutsheet.word_breaks import ITEM_ENDS, SYMBOL_ENDS, SYMBOL_STARTS

    c = Canvas(io.BytesIO())
    install(c)
    assert set(ITEM_ENDS) == {ITEM_END}
    for name in {*SYMBOL_ENDS, *SYMBOL_STARTS}:
        assert c.getNamedCB(name) is not None, name


def test_a_part_a_page_break_cut_ends_with_a_space_too():
    """A paragraph split over a page break is one element to a reader: the part that goes on
    on the next page ends its last line with a space, a single line too."""
    para = _wrapped("keep the cubes you bid in front of you")
    before = _words(para.blPara)
    assert _words(spaced(para.blPara, continues=True))[-1] == [
        *before[-1][:-1],
        before[-1][-1] + " ",
    ]
    one = _wrapped("DELIVERY", width=100)
    assert _words(spaced(one.blPara, continues=True)) == [["DELIVERY "]]
    from cutsheet.flow.paragraphs import DocParagraph

    whole = DocParagraph("keep the cubes you bid in front of you until the end", STYLE)
    whole.wrap(60, 1000)
    first, rest = whole.split(60, 25)  # two lines fit: the rest goes on the next page
    assert (first.continues, rest.continues) == (True, False)
    assert first.split_key == rest.split_key is not None  # one element to a reader
    rest.wrap(60, 1000)
    again = rest.split(60, 25)  # the rest cut again: only its last part ends the paragraph
    assert [p.continues for p in again] == [True, False]
    assert {p.split_key for p in again} == {first.split_key}


def test_a_notation_that_fits_a_line_is_never_broken_across_two():
    """ReportLab makes each spacer of a run of cube notation (a transparent inline image) a
    word of its own and broke lines at them: "3R<>" on one line, "G" on the next, in Bid &
    Build's rules. A run is one word now (``notation_glue``): at every width it fits, each
    line holds whole runs only; the text around it still breaks at its spaces."""
    from markupsafe import escape

    from cutsheet.measure import face_name, register
    from cutsheet.symbols import actual_text, cube, expand

    register()

    def notation(run: str) -> str:  # as the glyphs filter writes it
        shown = "".join(cube(c, "#D55E00") if c.isalpha() else f"<b>{escape(c)}</b>" for c in run)
        return actual_text(str(escape(run)), shown, "said")

    runs = ["5R>G", "3R<>G", "RRRR", "2R+1B"]
    markup = expand(
        " and ".join(notation(r) for r in runs) + ", then rest", 8, 9.6, face_name("bold")
    )
    widest = max(
        _wrapped(expand(notation(r), 8, 9.6, face_name("bold")), 500).minWidth() for r in runs
    )
    for width in range(int(widest) + 1, 200, 4):
        para = _wrapped(markup, width=width)
        open_spans = 0
        for line in para.blPara.lines:  # no run shows something on a line and goes on after it
            held = False
            for w, depth in _spans_open(line.words, open_spans):
                kind = getattr(getattr(w, "cbDefn", None), "kind", None)
                held = depth > 0 and (held or bool(getattr(w, "text", "")) or kind == "img")
                open_spans = depth
            shown = [getattr(w, "text", "<cb>") for w in line.words]
            assert not (open_spans > 0 and held), (width, shown)


def test_a_notation_too_wide_for_its_line_still_breaks_at_its_spacers():
    """A run wider than the line (twelve Red cubes at the start of a paragraph in a narrow
    box) is not joined: it breaks over lines as ReportLab broke it, never running past the
    box (a review found it one 104 pt line in a 40 pt box)."""
    from markupsafe import escape

    from cutsheet.measure import face_name, register
    from cutsheet.symbols import actual_text, cube, expand

    register()
    run = "R" * 12
    shown = "".join(cube(c, "#D55E00") for c in run)
    markup = expand(
        actual_text(str(escape(run)), shown, "12 red") + " then", 8, 9.6, face_name("bold")
    )
    para = _wrapped(markup, width=40)
    assert len(para.blPara.lines) > 2
    assert min(line.extraSpace for line in para.blPara.lines) >= -0.01  # none past the box
