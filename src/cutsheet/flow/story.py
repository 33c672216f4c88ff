"""Planned document blocks made into a Platypus story: one flowable-maker per block type,
each heading grouped with the start of what follows it. Decides nothing: the plan did."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Self

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, ListItem, PageBreak, Paragraph, Spacer

from ..measure import (
    DocStyles,
    aligned,
    face_name,
    parsed,
    profile_doc_styles,
    string_width,
    suffix_style,
    widest_word,
)
from ..profiles import Profile
from ..symbols import actual_text, expand
from .blocks import (
    CardBlock,
    CardRowBlock,
    Cell,
    Checks,
    DocBlock,
    ExampleBlock,
    ListBlock,
    NewPage,
    Para,
    Space,
    SpacesBlock,
    Suffixed,
    TableBlock,
    TrackBlock,
    WriteInsBlock,
)
from .checkboxes import CheckLayout, centres_in, checks_in
from .diagrams import CardRowDiagram, CardSpaces, CheckBoxes, CheckNumbers
from .figures import CardFigure, places_in_words, reading_place
from .keep_with_next import keep_with_next
from .paragraphs import DocParagraph, ItemList, wraps_of
from .tables import (
    CELL_PAD,
    TABLE_WIDTH_MM,
    RuledTable,
    column_widths_in,
    example_style,
    room_in_frame,
    table_style,
    track_per_row,
    track_style,
    write_in_style,
)

HEADING_LEVELS = {"title": 1, "heading": 2, "subheading": 3}  # any other: a paragraph
TRACK_LABEL_MM = 34.0
WRITE_IN_LABEL_MM = 80.0
"""The widest a write-in's label column is (a longer label wraps within it)."""
WRITE_IN_SUFFIX_MM = 24.0
"""A write-in's suffix column ("/ 16"), in a block where some row has one."""
WRITE_IN_GAP = 6 + 2 * mm
"""From a write-in's longest label to the boxes: the cell's right padding (6 pt) and 2 mm."""


@dataclass(frozen=True)
class StoryBuilder:
    """Turns planned document blocks into flowables. A subclass may make them of subclasses
    that draw differently (``render/documents.py`` tags what they draw); their size and how
    they split are these classes'."""

    styles: DocStyles
    write_in_mm: float
    heading_offset: int = 0  # 1 in a file whose H1 is its own title (sheets): titles are H2
    figures_shrink: bool = True  # False where cards' text is at the profile's least size
    min_text: float = 0.0  # points: the profile's least text size (a card figure's floor)
    table_room: float = TABLE_WIDTH_MM * mm  # points a table's columns without a width share
    frame_width: float | None = None  # points: the frame's, where known (a long track wraps)

    paragraph_type: ClassVar[type[DocParagraph]] = DocParagraph
    list_type: ClassVar[type[ItemList]] = ItemList
    table_type: ClassVar[type[RuledTable]] = RuledTable
    check_boxes_type: ClassVar[type[CheckBoxes]] = CheckBoxes
    check_numbers_type: ClassVar[type[CheckNumbers]] = CheckNumbers
    card_spaces_type: ClassVar[type[CardSpaces]] = CardSpaces
    card_row_type: ClassVar[type[CardRowDiagram]] = CardRowDiagram
    card_figure_type: ClassVar[type[CardFigure]] = CardFigure

    @classmethod
    def for_profile(cls, profile: Profile) -> Self:
        """The builder for documents set at ``profile``'s sizes."""
        # large print sets every text at its least size: a card drawn smaller would break it
        shrink = profile.min_text_size < profile.body_size
        return cls(
            profile_doc_styles(profile),
            profile.write_in_mm,
            figures_shrink=shrink,
            min_text=profile.min_text_size,
        )

    def for_frame(self, width: float) -> Self:
        """This builder for a frame ``width`` points wide: its tables share that room, at
        most ``TABLE_WIDTH_MM`` (``flow.tables.room_in_frame``), and a track too long for one
        row of it runs on in rows under the first."""
        return replace(self, table_room=room_in_frame(width), frame_width=width)

    def para(self, markup: str, style: ParagraphStyle) -> DocParagraph:
        once = parsed(markup, style)  # the rules are set for each paper and the booklet too
        p = self.paragraph_type(once.text, once.style, once.bulletText, frags=once.frags)
        p.shared = wraps_of(once)  # its lines, broken once per width
        level = HEADING_LEVELS.get(style.name)
        p.tag = f"H{level + self.heading_offset}" if level else "P"
        return p

    def flowables(self, blocks: Sequence[DocBlock]) -> list[Flowable]:
        """The blocks' flowables, each heading grouped with the start of what follows it; a
        worked example's title a heading one level under the heading it sits under."""
        out: list[Flowable] = []
        level = HEADING_LEVELS["title"] + self.heading_offset
        for block in blocks:
            if isinstance(block, ExampleBlock):
                out.extend(self._example(block, level + 1))
                continue
            out.extend(self.block(block))
            if isinstance(block, Para) and block.style in HEADING_LEVELS:
                level = HEADING_LEVELS[block.style] + self.heading_offset
        return keep_with_next(out)

    def block(self, block: DocBlock) -> list[Flowable]:
        make = getattr(self, "_" + type(block).__name__)
        return make(block)  # type: ignore[no-any-return]

    # -- text ----------------------------------------------------------------------------
    def _Para(self, b: Para) -> list[Flowable]:  # noqa: N802 - named after the block type
        p = self.para(b.markup, getattr(self.styles, b.style))
        if b.keep_with_next:
            p.keepWithNext = 1
        return [p]

    def _Space(self, b: Space) -> list[Flowable]:  # noqa: N802
        return [Spacer(1, b.height_mm * mm)]

    def _NewPage(self, b: NewPage) -> list[Flowable]:  # noqa: N802
        return [PageBreak()]

    def _ListBlock(self, b: ListBlock) -> list[Flowable]:  # noqa: N802
        s = self.styles
        items = [ListItem(self.para(t, s.body)) for t in b.items]
        kw: dict[str, Any] = (
            {"bulletType": "1", "bulletFontName": face_name("bold")}
            if b.numbered
            else {"bulletType": "bullet", "start": "•"}
        )
        size = s.body.fontSize
        indent = size * 1.6
        if b.numbered:  # the widest number and its space, where three digits outgrow 1.6 em
            bold = face_name("bold")
            labels = (string_width(f"{n} ", bold, size) for n in range(1, len(items) + 1))
            indent = max(indent, max(labels, default=0.0))
        return [
            self.list_type(
                items,
                leftIndent=indent,
                bulletFontSize=size,
                bulletFontName=kw.pop("bulletFontName", face_name("regular")),
                bulletFormat="%s ",  # a real space between the label and its word
                **kw,
            )
        ]

    def _ExampleBlock(self, b: ExampleBlock) -> list[Flowable]:  # noqa: N802
        return self._example(b, HEADING_LEVELS["heading"] + 1 + self.heading_offset)

    def _example(self, b: ExampleBlock, level: int) -> list[Flowable]:
        """A worked example in a ruled box, its title (set in bold) read as an H``level``."""
        title = self.para(b.title, self.styles.strong)
        title.tag = f"H{level}"
        body = self.para(b.body, self.styles.body)
        t = self.table_type([[[title, body]]], colWidths=["100%"])
        t.setStyle(example_style())
        return [KeepTogether([Spacer(1, 2 * mm), t, Spacer(1, 2 * mm)])]

    # -- tables --------------------------------------------------------------------------
    def _row_height(self) -> float:
        return max(self.write_in_mm * mm, self.styles.cell.leading + 4 * mm)

    def _TrackBlock(self, b: TrackBlock) -> list[Flowable]:  # noqa: N802
        label = self.para(b.label, self.styles.strong)
        numbers: list[Any] = []
        for v in b.values:
            text = self._marked(v) if b.mark == v else str(v)
            numbers.append(self.para(text, self.styles.cell))
        per, label_width = self.track_rows(b)
        # a label that wraps makes the row taller, never runs past it (a cell's 6 pt a side)
        own = _cell_height(label, label_width - 12)
        height = max(self._row_height() + 2 * mm, own)
        if per >= len(numbers):
            rows, heights = [numbers], [height]
        else:  # the label beside all the rows: they share its height
            rows = [numbers[i : i + per] for i in range(0, len(numbers), per)]
            height = max(self._row_height() + 2 * mm, own / len(rows))
            heights = [height] * len(rows)
        cells = [[label if r == 0 else "", *row] for r, row in enumerate(rows)]
        cells[-1] += [""] * (per - len(rows[-1]))
        widths = [label_width] + [None] * per
        t = self.table_type(cells, colWidths=widths, rowHeights=heights, hAlign="LEFT")
        t = t.read_as("column")
        t.setStyle(track_style(b, per))
        if len(rows) > 1:  # the label level with the first row, where it is one line
            top = ("TOPPADDING", (0, 0), (0, 0), max((height - own + 6) / 2, 3))
            t.setStyle([("VALIGN", (0, 0), (0, 0), "TOP"), top])
        return [KeepTogether([t, Spacer(1, 3 * mm)])]

    def track_rows(self, b: TrackBlock) -> tuple[int, float]:
        """How many of ``b``'s numbers a row holds in this builder's frame, and how wide its
        label's column is: all of them in one row, else rows of ten (``flow.tables.
        track_per_row``), beside a label ``TRACK_LABEL_MM`` wide as every track's (so the
        tracks of a page line up), else only as wide as the label set on one line, else as
        its longest word; where none of those gives one row or rows of ten, the label on one
        line beside as many as fit. A label whose longest word is wider than that takes what
        the numbers leave, up to that word."""
        cell = self.styles.cell
        bold = face_name("bold")  # a marked number is bold: no number is wider
        need = max(string_width(str(v), bold, cell.fontSize) for v in b.values) + 2 * CELL_PAD
        n = len(b.values)
        strong = self.styles.strong
        longest = widest_word(b.label, strong) + 2 * CELL_PAD
        label = TRACK_LABEL_MM * mm
        if longest > label and self.frame_width is not None:  # a long word, room for it
            label = min(longest, max(label, self.frame_width - n * need))
        per = track_per_row(n, need, self.frame_width, label)
        if per == n or per >= 10:
            return per, label
        word = min(label, longest)
        line = min(label, max(_one_line_width(self.para(b.label, strong)) + 2 * CELL_PAD, word))
        tried = [(track_per_row(n, need, self.frame_width, w), w) for w in (line, word)]
        for per, width in tried:
            if per == n or per >= 10:
                return per, width
        return tried[0]

    def _marked(self, value: int) -> str:
        """A track's marked number, boxed and shaded on the page: read as it is seen, "2
        (framed)", so the text that says what the framed numbers mean can be followed."""
        style = self.styles.cell
        shown = actual_text(f"{value} (framed)", f"<b>{value}</b>")
        return expand(shown, style.fontSize, style.leading, face_name("bold"))

    def _checks(self, n: int, width: float | None) -> CheckLayout:
        return checks_in(n, self.write_in_mm, self.styles.cell.fontSize, width)

    def _cell(self, cell: Cell, width: float | None) -> Any:
        if isinstance(cell, Checks):
            layout = self._checks(cell.n, width)
            return self.check_boxes_type(layout, face_name("regular"), self.styles.cell.fontSize)
        if isinstance(cell, Suffixed):
            return self.para(cell.markup, suffix_style(self.styles))
        return self.para(cell, self.styles.cell) if cell else ""

    def _TableBlock(self, b: TableBlock) -> list[Flowable]:  # noqa: N802
        """A table whose rows are write-in rows, taller where tick boxes (as big as a write-in)
        need their padding; its headers centred over their columns, as what is printed in
        them is (a row's number, a label, the tick boxes)."""
        widths = column_widths_in(b, self.table_room)
        # centred over their columns, as the values and tick boxes under them are
        head = aligned("column-head", self.styles.strong, TA_CENTER)
        header: list[Any] = [self.para(h, head) for h in b.header]
        for j, width in enumerate(widths):
            header[j] = self._numbered_header(header[j], b, j, width)
        rows = [[self._cell(c, w) for c, w in zip(row, widths, strict=True)] for row in b.rows]
        heights: list[float | None] = [None]
        for row, made in zip(b.rows, rows, strict=True):
            checks = [self._checks(c.n, None).cell_height for c in row if isinstance(c, Checks)]
            # a value (and its suffix) taller than a write-in row makes its row taller
            texts = [
                _cell_height(cell, width - 2 * CELL_PAD)
                for cell, width in zip(made, widths, strict=True)
                if isinstance(cell, Paragraph) and width is not None
            ]
            heights.append(max([self._row_height(), *checks, *texts]))
        t = self.table_type(  # from the left margin, as the text and write-ins around it
            [header] + rows, colWidths=widths, rowHeights=heights, repeatRows=1, hAlign="LEFT"
        ).read_as("row", row_headers=heads_rows(b))
        t.setStyle(table_style(b))
        t.splits_when_long = True
        return [KeepTogether([t, Spacer(1, 3 * mm)])]

    def _numbered_header(self, head: Flowable, b: TableBlock, j: int, width: float | None) -> Any:
        """The header of column ``j``, with its tick boxes' numbers under it when the boxes
        have no room for them beside (the header's content starts ``CELL_PAD`` in)."""
        n = next((row[j].n for row in b.rows if isinstance(row[j], Checks)), 0)
        if n < 2 or width is None:
            return head
        layout = self._checks(n, width)
        if layout.numbers:
            return head
        centres = [x - CELL_PAD for x in centres_in(layout, width)]
        size = self.styles.cell.fontSize
        return [head, self.check_numbers_type(centres, face_name("regular"), size)]

    def _WriteInsBlock(self, b: WriteInsBlock) -> list[Flowable]:  # noqa: N802
        """Labelled write-in boxes, one row each, at least the profile's write-in height (times
        the lines of handwriting a box holds, its label beside the middle of them), set
        from the left margin as the tables and text around them are: the labels in one
        column as wide as the widest of them (at most ``WRITE_IN_LABEL_MM``; a longer one
        wraps), so every box starts at one place just after its label, whatever its width.
        (Each row once stood centred on its own: a block whose boxes had different widths
        started each label and each box at another place.)"""
        labels = [self.para(w.label, self.styles.strong) for w in b.rows]
        column = min(max(map(_one_line_width, labels), default=0.0), WRITE_IN_LABEL_MM * mm)
        suffixed = any(w.suffix is not None for w in b.rows)  # else no suffix column at all
        out: list[Flowable] = []
        for w, label in zip(b.rows, labels, strict=True):
            suffix = self.para(w.suffix, self.styles.body) if w.suffix is not None else ""
            widths = [column + WRITE_IN_GAP, w.width_mm * mm]
            widths += [WRITE_IN_SUFFIX_MM * mm] if suffixed else []
            # a label that wraps (or a long suffix) makes its row taller, never overprints;
            # set within its cell's padding: the label's 6 pt on the right, a suffix's both sides
            height = max(self._row_height() * w.lines, _cell_height(label, widths[0] - 6))
            if suffix:
                height = max(height, _cell_height(suffix, widths[-1] - 12))
            t = self.table_type(
                [[label, "", suffix] if suffixed else [label, ""]],
                colWidths=widths,
                rowHeights=height,
                hAlign="LEFT",
            )
            t.setStyle(write_in_style())
            out.extend([t, Spacer(1, 2 * mm)])
        return [KeepTogether(out + [Spacer(1, 1 * mm)])]

    # -- cards ---------------------------------------------------------------------------
    def _SpacesBlock(self, b: SpacesBlock) -> list[Flowable]:  # noqa: N802
        size = self.styles.strong.fontSize
        spaces = self.card_spaces_type(b.labels, b.size_mm, face_name("bold"), size)
        return [Spacer(1, 2 * mm), spaces]

    def _CardRowBlock(self, b: CardRowBlock) -> list[Flowable]:  # noqa: N802
        centre = aligned("row", self.styles.strong, TA_CENTER)
        small = aligned("rowmark", self.styles.small, TA_CENTER)
        cards = [
            (self.para(label, centre), self.para(mark, small) if mark is not None else None)
            for label, mark in b.cards
        ]
        out: list[Flowable] = [Spacer(1, 2 * mm), self.card_row_type(cards)]
        if b.caption is not None:
            out.append(self.para(b.caption, self.styles.small))
        return [KeepTogether(out + [Spacer(1, 3 * mm)])]

    def _CardBlock(self, b: CardBlock) -> list[Flowable]:  # noqa: N802
        if not self.figures_shrink:  # the card at 100 %, its labels a list under it
            return self._card_then_labels(b)
        labels = [(self.para(lab.markup, self.styles.body), lab) for lab in b.labels]
        figure = self.card_figure_type(b.face, labels, b.alt, least=self._least(b))
        out: list[Flowable] = [Spacer(1, 2 * mm), figure]
        if b.caption is not None:
            out += [Spacer(1, 1.5 * mm), self.para(b.caption, self.styles.small)]
        return [KeepTogether(out + [Spacer(1, 3 * mm)])]

    def _least(self, b: CardBlock) -> float:
        """The smallest scale at which ``b``'s card keeps its text at the profile's least
        size (at most 1; 0 for a card without text)."""
        return min(1.0, self.min_text / b.smallest_pt) if b.smallest_pt > 0 else 0.0

    def _card_then_labels(self, b: CardBlock) -> list[Flowable]:
        """Where a card's text is at the profile's least size (large print), the card is
        drawn at 100 % and never smaller, and its labels follow as a list that says where on
        the card each box is, free to go on to the next page."""
        figure = self.card_figure_type(b.face, [], b.alt, shrink=False, least=self._least(b))
        out: list[Flowable] = [Spacer(1, 2 * mm), figure]
        if b.caption is not None:
            out += [Spacer(1, 1.5 * mm), self.para(b.caption, self.styles.small)]
        # in the order the card is read (top to bottom, left to right), not the YAML's
        labels = sorted(b.labels, key=lambda lab: reading_place(lab.centre, b.face))
        places = places_in_words([lab.area for lab in labels], b.face)
        said = tuple(
            f"<b>{place}:</b> {lab.markup}" for place, lab in zip(places, labels, strict=True)
        )
        items = self._ListBlock(ListBlock(said, False)) if said else []
        return [KeepTogether(out + [Spacer(1, 2 * mm)]), *items, Spacer(1, 3 * mm)]


def heads_rows(b: TableBlock) -> bool:
    """Whether a table's first column heads its rows: it prints a label in every one (a
    turn, a proposal's number), and is neither tick boxes nor a write-in with a suffix. A
    reader moving along a row then hears which row it is; a row without its label (a totals
    row) would be headed by nothing, so such a table has no row headers."""
    first = [row[0] for row in b.rows if row]
    return bool(first) and all(isinstance(c, str) and c.strip() for c in first)


def _cell_height(p: Flowable, width: float) -> float:
    """How tall a write-in row must be for paragraph ``p`` set ``width`` wide: its lines and
    the cell's padding above and below (3 pt each, ReportLab's default)."""
    return float(p.wrap(width, 100_000)[1]) + 6


def _one_line_width(p: Flowable) -> float:
    """How wide a paragraph's text is set on one line (points)."""
    p.wrap(100_000, 100_000)
    return max(p.getActualLineWidths0(), default=0.0)  # type: ignore[attr-defined]
