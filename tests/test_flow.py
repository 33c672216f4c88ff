"""The plan measures the flow's flowables (``cutsheet.flow``); the renderer draws subclasses
of them that tag what they draw. The two may differ only in how they draw, so what the plan
measured is what is drawn."""

from __future__ import annotations

import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cutsheet.flow.story import StoryBuilder
from cutsheet.measure import doc_styles, face_name, register, string_width
from cutsheet.plan.model import (
    CardRowBlock,
    Checks,
    DocBlock,
    ExampleBlock,
    ListBlock,
    Para,
    Space,
    SpacesBlock,
    Suffixed,
    TableBlock,
    TrackBlock,
    WriteIn,
    WriteInsBlock,
)
from cutsheet.render.documents import TaggedStory

DRAWING = {
    "draw",
    "drawOn",
    "draw_outlines",
    "_drawBkgrnd",
    "_drawLines",
    "draw_card",
    "draw_leaders",
    "draw_card_text",
    "draw_space",
    "draw_label",
}
TYPES = [name for name in vars(StoryBuilder) if name.endswith("_type")]

TEXT = "Take two cards, keep one and pass the other to your left. " * 3
BLOCKS: list[DocBlock] = [
    Para("Setup", "heading", True),
    Para(TEXT, "body"),
    Space(4),
    ListBlock((TEXT, "Shuffle."), True),
    ListBlock(("One", "Two"), False),
    ExampleBlock("Example", TEXT),
    TrackBlock("Score", tuple(range(0, 12)), 3),
    TableBlock(
        ("Round", "Ticks", "Total"),
        tuple((str(r), Checks(3), Suffixed("<br/>pts")) for r in range(1, 4)),
        (None, None, 30 * mm),
    ),
    WriteInsBlock((WriteIn("Name", None, 40), WriteIn("Money", "coins", 30))),
    SpacesBlock(("Draw", "Discard"), (63, 88)),
    CardRowBlock((("A", None), ("B", "yours"), ("C", None)), "Three cards."),
]


def test_the_renderers_flowables_change_only_how_they_draw():
    for name in TYPES:
        plain, tagged = getattr(StoryBuilder, name), getattr(TaggedStory, name)
        assert tagged is not plain and issubclass(tagged, plain), name
        own = {k for k in vars(tagged) if not k.startswith("__")} - {"item_type"}
        assert own <= DRAWING, f"{tagged.__name__} overrides {sorted(own - DRAWING)}"
    item = TaggedStory.list_type.item_type
    assert issubclass(item, StoryBuilder.list_type.item_type)
    assert {k for k in vars(item) if not k.startswith("__")} <= DRAWING


def test_the_plan_and_the_renderer_build_stories_of_the_same_size():
    register()
    styles = doc_styles(10, 14, 20, 8, 1.25)
    plain = StoryBuilder(styles, 8).flowables(BLOCKS)
    tagged = TaggedStory(styles, 8).flowables(BLOCKS)
    assert len(plain) == len(tagged) > len(BLOCKS) // 2
    canv = Canvas(None)
    for width in (180 * mm, 120 * mm):
        for p, t in zip(plain, tagged, strict=True):
            assert isinstance(t, type(p))
            assert p.wrapOn(canv, width, 700) == t.wrapOn(canv, width, 700)


SHARED = "Every <b>player</b> draws <i>three</i> cards, keeps one and passes the rest on. " * 4


def _words(p: object) -> list[list[str]]:
    lines = p.blPara.lines  # type: ignore[attr-defined]
    return [[w.text for w in line.words] for line in lines]


def test_a_paragraph_is_broken_once_per_width_in_every_document(monkeypatch):
    """The plan's check, the rules on each paper and the booklet set the same markup at the
    same widths: its lines are worked out once per width, and reused."""
    from reportlab.platypus import Paragraph

    register()
    styles = doc_styles(10, 14, 20, 8, 1.25)
    calls: list[list[float]] = []
    real = Paragraph.breakLines

    def counted(self, width):  # type: ignore[no-untyped-def]
        calls.append(width)
        return real(self, width)

    monkeypatch.setattr(Paragraph, "breakLines", counted)
    canv = Canvas(None)
    for width in (150 * mm, 100 * mm, 150 * mm):
        plain = StoryBuilder(styles, 8).flowables([Para(SHARED + "once", "body")])[0]
        tagged = TaggedStory(styles, 8).flowables([Para(SHARED + "once", "body")])[0]
        assert plain.wrapOn(canv, width, 700) == tagged.wrapOn(canv, width, 700)
        assert _words(plain) == _words(tagged)
    assert [w[0] for w in calls] == [150 * mm, 100 * mm]


def test_a_split_leaves_the_lines_others_share_as_they_were():
    """ReportLab's split writes into the lines it cuts; a paragraph that shares its lines
    splits a copy of its own."""
    from reportlab.platypus import Paragraph

    register()
    styles = doc_styles(10, 14, 20, 8, 1.25)
    width = 90 * mm
    fresh = Paragraph(SHARED + "split", styles.body)
    fresh.wrap(width, 700)
    first = StoryBuilder(styles, 8).flowables([Para(SHARED + "split", "body")])[0]
    canv = Canvas(None)
    first.wrapOn(canv, width, 700)
    parts = first.splitOn(canv, width, 2.5 * styles.body.leading)
    assert len(parts) == 2
    again = TaggedStory(styles, 8).flowables([Para(SHARED + "split", "body")])[0]
    again.wrapOn(canv, width, 700)
    assert _words(again) == _words(fresh)


def test_a_page_break_leaves_no_paragraphs_last_line_alone():
    """A widow: a page that opens with a paragraph's last line alone ("has not bid takes
    their go."). A flowing document's paragraph split so that one line would go on takes a
    second line with it: the page before ends one line early."""
    register()
    styles = doc_styles(10, 14, 20, 8, 1.25)
    width = 90 * mm
    para = StoryBuilder(styles, 8).flowables([Para(SHARED + "widow", "body")])[0]
    canv = Canvas(None)
    _w, height = para.wrapOn(canv, width, 700)
    lines = round(height / styles.body.leading)
    assert lines >= 4
    first, rest = para.splitOn(canv, width, (lines - 1) * styles.body.leading)
    leading = styles.body.leading
    assert round(rest.wrapOn(canv, width, 700)[1] / leading) == 2
    assert round(first.wrapOn(canv, width, 700)[1] / leading) == lines - 2


def test_write_ins_start_at_the_margin_and_their_boxes_in_one_column():
    """Each write-in row was a table centred on its own: boxes of different widths started
    their labels and boxes at different places. Now every row is set from the left margin,
    its label column as wide as the block's longest label (and a gap), so every box of the
    block starts at one place."""
    register()
    styles = doc_styles(10, 14, 20, 8, 1.25)
    rows = (WriteIn("Winner", None, 80), WriteIn("Date", None, 20), WriteIn("Seat", "of 4", 40))
    [block] = StoryBuilder(styles, 8).flowables([WriteInsBlock(rows)])
    tables = [f for f in block._content if hasattr(f, "_colWidths")]  # type: ignore[attr-defined]
    assert len(tables) == 3
    assert {t.hAlign for t in tables} == {"LEFT"}
    assert len({t._colWidths[0] for t in tables}) == 1  # the boxes start at one place
    assert [t._colWidths[1] / mm for t in tables] == pytest.approx([80, 20, 40])
    assert 10 * mm < tables[0]._colWidths[0] < 25 * mm  # "Winner" and a gap, not 62 mm


def test_write_ins_without_a_suffix_take_no_suffix_column():
    """A block none of whose rows has a suffix gives its boxes the room a suffix would take:
    a 160 mm box on A4 is 160 mm and its label, not 24 mm more."""
    register()
    styles = doc_styles(10, 14, 20, 8, 1.25)
    [block] = StoryBuilder(styles, 8).flowables([WriteInsBlock((WriteIn("Name", None, 160),))])
    [table] = [f for f in block._content if hasattr(f, "_colWidths")]  # type: ignore[attr-defined]
    assert len(table._colWidths) == 2 and sum(table._colWidths) < 180 * mm


def test_a_write_in_whose_label_wraps_is_a_taller_row_not_an_overprint():
    """A label longer than the label column (``WRITE_IN_LABEL_MM``) wraps within it; its row
    grows to hold every line and its padding, where a fixed row height let the lines run
    over the next row's label."""
    register()
    styles = doc_styles(10, 14, 20, 8, 1.25)
    long = "Points scored from every festival that your troupe played this season " * 2
    rows = (WriteIn(long.strip(), None, 40), WriteIn("Date", "of 4", 20))
    builder = StoryBuilder(styles, 8)
    [block] = builder.flowables([WriteInsBlock(rows)])
    tables = [f for f in block._content if hasattr(f, "_colWidths")]  # type: ignore[attr-defined]
    label = tables[0]._cellvalues[0][0]
    lines_h = label.wrap(tables[0]._colWidths[0] - 6, 10_000)[1]
    assert len(label.blPara.lines) >= 3
    assert tables[0]._rowHeights[0] == pytest.approx(lines_h + 6)
    assert tables[1]._rowHeights[0] == builder._row_height()  # one line: as before


def test_a_write_in_of_several_lines_is_that_many_rows_tall():
    """``lines: 3`` makes a box for a list written by hand (a ledger's amounts): three write-in
    rows tall, its label beside it; a row of one line keeps its height."""
    register()
    styles = doc_styles(10, 14, 20, 8, 1.25)
    rows = (WriteIn("Amounts", None, 120, 3), WriteIn("Date", None, 20))
    builder = StoryBuilder(styles, 8)
    [block] = builder.flowables([WriteInsBlock(rows)])
    tables = [f for f in block._content if hasattr(f, "_colWidths")]  # type: ignore[attr-defined]
    assert tables[0]._rowHeights[0] == pytest.approx(3 * builder._row_height())
    assert tables[1]._rowHeights[0] == builder._row_height()


def test_a_write_in_row_too_wide_for_its_suffix_is_named_as_a_write_in_row():
    """A write-in row is a table underneath: a suffix word too wide for its column was
    reported as "a table of 3 columns … column 3"; it is the row's suffix."""
    from cutsheet.plan.page_widths import too_narrow

    register()
    styles = doc_styles(18, 22, 28, 18, 1.25)  # large print's sizes
    rows = (WriteIn("Final lanterns", "lanterns", 30),)
    [block] = StoryBuilder(styles, 12).flowables([WriteInsBlock(rows)])
    canv = Canvas("unused.pdf")
    frames = [("A4 page", 180 * mm, 250 * mm, 0.0)]
    said = too_narrow(block, canv, frames, "a write-in row")
    assert said is not None and said.startswith(
        "a write-in row does not fit the A4 page: its suffix would be 24.0 mm wide and needs"
    ), said


def test_a_standard_label_too_long_for_its_line_cuts_the_title_short():
    """A standard rules or sheet page label names the game first: a title too long for the
    line ran its ink off the paper's left edge. It is cut short (…) to fit; the page number
    always prints. Large print tries the title before the short label, else leaves it out."""
    from cutsheet.flow.frames import Furniture

    register()
    title = "The Extraordinarily Long Chronicle of the Lantern Market " * 3
    standard = Furniture("Print at 100%", 6.5, title.strip())
    long = f"{title.strip()} · rules · page 12"
    got = standard.titled(long, 100)
    assert got.endswith("… · rules · page 12") and got.startswith("The Extraordinarily")
    assert string_width(got, face_name("regular"), 6.5) / mm <= 100
    assert standard.titled("Tiny · rules · page 2", 100) == "Tiny · rules · page 2"
    large = Furniture("Print at 100%", 18, title.strip())
    assert large.titled("page 12", 100) == "page 12"
    assert Furniture("Print at 100%", 18, "Tiny").titled("page 12", 100) == "Tiny · page 12"


def test_a_table_or_track_whose_text_is_taller_than_a_write_in_row_grows_to_hold_it():
    """A table cell's value and suffix, or a track's label, taller than the profile's
    write-in row make their row taller: drawn on a page and read back, every character lies
    between the rules above and below its own row (a fixed row height let large print's
    "10 / coins" and a long track label run over the next row and the title above)."""
    import io

    import pdfplumber
    from reportlab.platypus import Frame

    from cutsheet.flow.frames import flatten

    register()
    styles = doc_styles(18, 22, 28, 14, 1.25)  # large print's sizes
    builder = StoryBuilder(styles, 8)
    label = "Victory points scored by the leading player at the end of every round"
    blocks = [
        TableBlock(
            ("Round", "Gold"),
            tuple((str(r), Suffixed(f"{r * 10}<br/>coins")) for r in range(1, 4)),
            (30 * mm, 40 * mm),
        ),
        TrackBlock(label, tuple(range(0, 6)), None),
    ]
    data = io.BytesIO()
    canvas = Canvas(data, pagesize=(210 * mm, 297 * mm))
    story = flatten(builder.flowables(blocks))  # as a full-page sheet sets it
    Frame(15 * mm, 15 * mm, 180 * mm, 267 * mm).addFromList(story, canvas)
    canvas.showPage()
    canvas.save()
    with pdfplumber.open(io.BytesIO(data.getvalue())) as pdf:
        page = pdf.pages[0]
        rules = sorted({round(e["top"], 1) for e in page.edges if e["orientation"] == "h"})
        words = page.extract_words()
    table_words = [w for w in words if w["text"] in {"10", "20", "30", "coins"}]
    assert len(table_words) == 6
    for w in table_words:  # between two rules of the table, none crossing one
        above = [r for r in rules if r <= w["top"] + 0.5]
        below = [r for r in rules if r >= w["bottom"] - 0.5]
        assert above and below, w
        assert not [r for r in rules if w["top"] + 0.5 < r < w["bottom"] - 0.5], w
    track = [w for w in words if w["text"] in label.split()]
    cells = [
        e for e in page.edges if e["orientation"] == "h" and e["top"] > table_words[-1]["bottom"]
    ]
    top, bottom = min(e["top"] for e in cells), max(e["top"] for e in cells)
    assert all(top - 0.5 <= w["top"] and w["bottom"] <= bottom + 0.5 for w in track)


def test_a_super_on_the_first_line_and_a_sub_on_the_last_reach_past_the_paragraph():
    """``measure`` says how far a raised run's ink stands above a paragraph's top and a
    lowered one drops below its bottom (the fit counts lines; the safe zone counts these):
    only a run on the first or the last line, and nothing for plain text."""
    from cutsheet.measure import TextStyle, measure

    register()
    style = TextStyle(size=10, leading=12)
    assert measure("Cost 3", style, 200).reach == (0.0, 0.0)
    up, down = measure("Cost<super>TM</super>", style, 200).reach
    assert up > 0 and down == 0
    up, down = measure("H<sub>2</sub>O", style, 200).reach
    assert up == 0 and down > 0
    middle = "one two three<br/>H<sub>2</sub>O and T<super>M</super><br/>four five"
    assert measure(middle, style, 200).reach == (0.0, 0.0)


def test_a_sub_on_the_last_line_counts_only_what_drops_past_the_lines_slack():
    """The last baseline sits ``leading - size`` above the paragraph's bottom: a ``<sub>``
    reaches past the bottom by its drop less that (a review found a subscript 3.4 mm from
    the trim reported at 2.7 mm)."""
    from cutsheet.measure import TextStyle, measure

    register()
    tight = measure("H<sub>2</sub>O", TextStyle(size=10, leading=10), 200).reach[1]
    loose = measure("H<sub>2</sub>O", TextStyle(size=10, leading=12), 200).reach[1]
    assert tight > 0 and loose == pytest.approx(max(tight - 2, 0))


def test_a_line_is_checked_where_it_is_drawn_along_its_middle():
    """A line box draws one stroke along its middle with square-cut ends: a full-width rule,
    or one whose box touches the top, stays on the card; a thick one near the edge does not,
    whether or not it names a stroke (a line without one is drawn black)."""
    from cutsheet.boxes.base import Box
    from cutsheet.diagnostics import Loc
    from cutsheet.layouts import Face
    from cutsheet.plan.checks import face_geometry

    def rule(y: float, h: float, width: float, stroke: str | None = None) -> list[str]:
        box = Box(
            name="rule",
            kind="line",
            x=0,
            y=y,
            w=63,
            h=h,
            loc=Loc("l.yaml", 1, 1),
            stroke=stroke,
            stroke_width=width,
        )
        return [p.message for p in face_geometry(Face("front", (box,), Loc("l.yaml")), (63, 88))]

    assert rule(40, 1, 0.5) == [] and rule(0, 1, 0.5) == []
    assert rule(87.5, 0.5, 20) == rule(87.5, 0.5, 20, "#000000") != []
