"""Flowing documents (full-page sheets and rules) built with Platypus from content blocks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    ListFlowable,
    ListItem,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.doctemplate import FrameBreak
from reportlab.platypus.flowables import LIIndenter, _Container, _listWrapOn

from ..measure import DocStyles, face_name, suffix_style
from ..plan.documents import CHECK_PAD_MM, CHECK_PAD_V_MM, CheckLayout, checks_in
from ..plan.model import (
    CardRowBlock,
    Cell,
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
    WriteInsBlock,
)
from .symbols import install
from .tagging import tagger_of


class TaggedParagraph(Paragraph):
    """A paragraph that marks its text for the structure tree (H1, H2 or P)."""

    tag = "P"

    def draw(self) -> None:
        install(self.canv)
        with tagger_of(self.canv).text(self.canv, self.tag):
            super().draw()

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        parts: list[Flowable] = super().split(availWidth, availHeight)
        for part in parts:  # the continuation of a heading is still the heading
            part.tag = self.tag  # type: ignore[attr-defined]
        return parts


class TaggedListItem(LIIndenter):
    """A list item: its number or bullet and its paragraph are one tagged paragraph, so the
    bullet is not painted outside marked content and a reader hears "1. Shuffle …"."""

    def drawOn(self, canv: Any, x: float, y: float, _sW: float = 0) -> None:  # noqa: N802, N803
        with tagger_of(canv).text(canv, getattr(self._flowable, "tag", "P")):
            super().drawOn(canv, x, y, _sW)

    def split(self, aW: float, aH: float) -> list[Flowable]:  # noqa: N803
        return [tagged_item(part) for part in super().split(aW, aH)]


def tagged_item(item: LIIndenter) -> TaggedListItem:
    extra = {k: item.__dict__[k] for k in ("spaceBefore", "spaceAfter") if k in item.__dict__}
    return TaggedListItem(
        item._flowable, item._leftIndent, item._rightIndent, item._bullet, **extra
    )


class TaggedList(ListFlowable):
    """A ListFlowable whose items tag their bullets with their text (see TaggedListItem)."""

    def _makeLIIndenter(  # noqa: N802 - ReportLab's name
        self, flowable: Flowable, bullet: Any, params: dict[str, Any] | None = None
    ) -> TaggedListItem:
        return tagged_item(super()._makeLIIndenter(flowable, bullet, params))

    def items(self) -> list[Flowable]:
        """The items as separate flowables (what the list splits into on a page break)."""
        return list(self._content)


class KeepWithNext(_Container, Flowable):  # type: ignore[misc]
    """Headings and the start of what follows them, placed as one flowable.

    ReportLab's own ``keepWithNext`` cannot hold a heading to a list, a table or anything in a
    KeepTogether (its ``handle_keepWithNext`` only groups "plain" flowables), and a bare
    Frame (full-page sheets) ignores it altogether. This group is as tall as its parts, so a
    Frame places it whole or not at all. In a document template, when it does not fit:
    the headings stay with the first lines of a paragraph or list item that can be split,
    or else the group moves to the next frame; at the top of a frame (taller than a page)
    its parts flow one by one, the headings first."""

    def __init__(self, content: Sequence[Flowable]) -> None:
        super().__init__()
        self._content = list(content)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        self.width, self.height = _listWrapOn(self._content, availWidth, self.canv)
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        frame = getattr(self, "_frame", None)
        if frame is None or getattr(frame, "_atTop", True):
            return list(self._content)
        filled = self._fill(availWidth, availHeight)
        if filled is not None:
            return filled
        return [FrameBreak(), KeepWithNext(self._content)]

    def _fill(self, aw: float, ah: float) -> list[Flowable] | None:
        """Headings and the first lines of the paragraph that follows them, when they fit."""
        *heads, lead = self._content
        body = lead._flowable if isinstance(lead, LIIndenter) else lead
        if not heads or not isinstance(body, Paragraph):
            return None
        _, used = _listWrapOn(heads, aw, self.canv)
        space = max(heads[-1].getSpaceAfter(), lead.getSpaceBefore())
        if ah - used - space <= 0:
            return None
        parts = lead.splitOn(self.canv, aw, ah - used - space)
        if len(parts) < 2:
            return None
        first = KeepWithNext([*heads, parts[0]])
        if first.wrapOn(self.canv, aw, ah)[1] > ah:
            return None
        return [first, *parts[1:]]


def _keeps(f: Flowable) -> bool:
    """Set by the plan on headings (``Para.keep_with_next``), never inherited from a style."""
    return bool(vars(f).get("keepWithNext"))


def keep_with_next(story: Sequence[Flowable]) -> list[Flowable]:
    """Group every run of ``keepWithNext`` flowables (headings) with the start of what
    follows: a whole KeepTogether block, the first item of a list, or the next flowable
    (and the one after a spacer)."""
    pending = list(story)
    out: list[Flowable] = []
    while pending:
        if not _keeps(pending[0]):
            out.append(pending.pop(0))
            continue
        group: list[Flowable] = []
        while pending and _keeps(pending[0]):
            head = pending.pop(0)
            head.keepWithNext = 0  # the group keeps it; ReportLab must not regroup it
            group.append(head)
        heads = len(group)
        while pending:
            nxt = pending.pop(0)
            if isinstance(nxt, KeepTogether):
                group.extend(nxt._content)
            elif isinstance(nxt, TaggedList):
                first, *rest = nxt.items()
                group.append(first)
                pending[0:0] = rest
            else:
                group.append(nxt)
            if not all(isinstance(f, Spacer) for f in group[heads:]):
                break
        if len(group) > heads:
            out.append(KeepWithNext(group))
        else:  # nothing follows the headings
            out.extend(group)
    return out


class ArtifactTable(Table):
    """A table whose rules and shading are artifacts; its cell paragraphs tag themselves.
    Plain-string cells use our font, so no unembedded Helvetica enters the file."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), face_name("regular"))]))

    def _drawBkgrnd(self) -> None:  # noqa: N802 - ReportLab's name
        with tagger_of(self.canv).artifact(self.canv):
            super()._drawBkgrnd()

    def _drawLines(self) -> None:  # noqa: N802 - ReportLab's name
        with tagger_of(self.canv).artifact(self.canv):
            super()._drawLines()


HEADER_FILL = colors.HexColor("#E6E6E6")  # light grey: black text on it keeps > 15:1 contrast
EXAMPLE_FILL = colors.HexColor("#F2F2F2")


class CheckBoxes(Flowable):
    """Numbered tick boxes, drawn as vector squares (no glyph needed), where the plan's
    ``CheckLayout`` puts them: each number just left of its box, vertically centred on it."""

    def __init__(self, layout: CheckLayout, font: str, size: float) -> None:
        super().__init__()
        self.layout, self.font, self.size = layout, font, size

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        return self.layout.width, self.layout.box

    def draw(self) -> None:
        with tagger_of(self.canv).artifact(self.canv):
            self._draw()

    def _draw(self) -> None:
        c, lay = self.canv, self.layout
        c.setLineWidth(0.8)
        c.setFont(self.font, self.size)
        for i, x in enumerate(lay.numbers):
            c.drawString(x, lay.box / 2 - self.size * 0.35, str(i + 1))
        for x in lay.boxes:
            c.rect(x, 0, lay.box, lay.box, stroke=1, fill=0)


class CardSpaces(Flowable):
    """Dashed card-sized frames with a label above each, to lay cards on."""

    def __init__(
        self, labels: Sequence[str], size_mm: tuple[float, float], font: str, size: float
    ) -> None:
        super().__init__()
        self.labels, self.w_mm, self.h_mm, self.font, self.size = labels, *size_mm, font, size
        self.gap = 10 * mm

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        n = len(self.labels)
        return n * self.w_mm * mm + (n - 1) * self.gap, self.h_mm * mm + self.size * 1.6

    def draw(self) -> None:
        with tagger_of(self.canv).artifact(self.canv):
            self._draw()

    def _draw(self) -> None:
        c = self.canv
        for i, label in enumerate(self.labels):
            x = i * (self.w_mm * mm + self.gap)
            c.setDash(4, 3)
            c.setLineWidth(1)
            c.roundRect(x, 0, self.w_mm * mm, self.h_mm * mm, 2.5 * mm, stroke=1, fill=0)
            c.setDash()
            c.setFont(self.font, self.size)
            c.drawString(x, self.h_mm * mm + self.size * 0.5, label)


class CardRowDiagram(Flowable):
    """Small card outlines in a row, each with its label; marked cards carry a ticket tab.
    The outlines and tabs are artifacts; the labels and marks tag themselves as text."""

    def __init__(
        self, cards: Sequence[tuple[Paragraph, Paragraph | None]], width_mm: float = 24
    ) -> None:
        super().__init__()
        self.cards = cards
        self.w = width_mm * mm
        self.h = width_mm * 88 / 63 * mm
        self.gap = 4 * mm
        self.tab = 9 * mm

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        n = len(self.cards)
        self.w = min(self.w, (aw - (n - 1) * self.gap) / max(n, 1))
        self.h = self.w * 88 / 63
        return n * self.w + (n - 1) * self.gap, self.h + self.tab + 2 * mm

    def draw(self) -> None:
        c = self.canv
        with tagger_of(c).artifact(c):
            self._draw_shapes()
        for i, (label, mark) in enumerate(self.cards):
            x = i * (self.w + self.gap)
            _, lh = label.wrap(self.w - 2 * mm, self.h)
            label.drawOn(c, x + 1 * mm, (self.h - lh) / 2)
            if mark is not None:
                _, mh = mark.wrap(self.w - 3 * mm, self.tab)
                mark.drawOn(c, x + 1.5 * mm, self.h + 1 * mm + (self.tab - mh) / 2)

    def _draw_shapes(self) -> None:
        c = self.canv
        for i, (_label, mark) in enumerate(self.cards):
            x = i * (self.w + self.gap)
            c.setLineWidth(1)
            c.roundRect(x, 0, self.w, self.h, 1.5 * mm, stroke=1, fill=0)
            if mark is not None:
                c.setFillColor(HEADER_FILL)
                c.roundRect(
                    x + 1 * mm, self.h + 1 * mm, self.w - 2 * mm, self.tab, 1 * mm, stroke=1, fill=1
                )
                c.setFillColor(colors.black)


# ------------------------------------------------------------------ planned blocks → flowables
@dataclass(frozen=True)
class DocRenderer:
    """Turns planned document blocks into Platypus flowables; decides nothing."""

    styles: DocStyles
    write_in_mm: float

    def para(self, markup: str, style: ParagraphStyle) -> TaggedParagraph:
        p = TaggedParagraph(markup, style)
        p.tag = {"title": "H1", "heading": "H2"}.get(style.name, "P")
        return p

    def flowables(self, blocks: Sequence[DocBlock]) -> list[Flowable]:
        """The blocks' flowables, each heading grouped with the start of what follows it."""
        out: list[Flowable] = []
        for block in blocks:
            out.extend(self.block(block))
        return keep_with_next(out)

    def block(self, block: DocBlock) -> list[Flowable]:
        draw = getattr(self, "_" + type(block).__name__)
        return draw(block)  # type: ignore[no-any-return]

    def _Para(self, b: Para) -> list[Flowable]:  # noqa: N802 - named after the block type
        p = self.para(b.markup, getattr(self.styles, b.style))
        if b.keep_with_next:
            p.keepWithNext = 1
        return [p]

    def _Space(self, b: Space) -> list[Flowable]:  # noqa: N802
        return [Spacer(1, b.height_mm * mm)]

    def _ListBlock(self, b: ListBlock) -> list[Flowable]:  # noqa: N802
        s = self.styles
        items = [ListItem(self.para(t, s.body)) for t in b.items]
        kw: dict[str, Any] = (
            {"bulletType": "1", "bulletFontName": face_name("bold")}
            if b.numbered
            else {"bulletType": "bullet", "start": "•"}
        )
        return [
            TaggedList(
                items,
                leftIndent=s.body.fontSize * 1.6,
                bulletFontSize=s.body.fontSize,
                bulletFontName=kw.pop("bulletFontName", face_name("regular")),
                **kw,
            )
        ]

    def _ExampleBlock(self, b: ExampleBlock) -> list[Flowable]:  # noqa: N802
        title = self.para(b.title, self.styles.strong)
        body = self.para(b.body, self.styles.body)
        t = ArtifactTable([[[title, body]]], colWidths=["100%"])
        t.setStyle(
            TableStyle(
                [
                    ("BACKGROUND", (0, 0), (-1, -1), EXAMPLE_FILL),
                    ("BOX", (0, 0), (-1, -1), 0.8, colors.black),
                    ("LEFTPADDING", (0, 0), (-1, -1), 3 * mm),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 3 * mm),
                    ("TOPPADDING", (0, 0), (-1, -1), 2 * mm),
                ]
            )
        )
        return [KeepTogether([Spacer(1, 2 * mm), t, Spacer(1, 2 * mm)])]

    def _row_height(self) -> float:
        return max(self.write_in_mm * mm, self.styles.cell.leading + 4 * mm)

    def _TrackBlock(self, b: TrackBlock) -> list[Flowable]:  # noqa: N802
        label = self.para(b.label, self.styles.strong)
        cells: list[Any] = [label]
        for v in b.values:
            text = f"<b>{v}</b>" if b.mark == v else str(v)
            cells.append(self.para(text, self.styles.cell))
        height = self._row_height() + 2 * mm
        label_w = 34 * mm
        t = ArtifactTable(
            [cells], colWidths=[label_w] + [None] * len(b.values), rowHeights=[height]
        )
        cmds: list[tuple[Any, ...]] = [
            ("GRID", (1, 0), (-1, -1), 0.8, colors.black),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ]
        if b.mark is not None and b.values and b.values[0] <= b.mark <= b.values[-1]:
            col = 1 + b.mark - b.values[0]
            cmds.append(("BOX", (col, 0), (col, 0), 2.2, colors.black))
            cmds.append(("BACKGROUND", (col, 0), (col, 0), HEADER_FILL))
        t.setStyle(TableStyle(cmds))
        return [KeepTogether([t, Spacer(1, 3 * mm)])]

    def _checks(self, n: int, width: float | None) -> CheckLayout:
        return checks_in(n, self.write_in_mm, self.styles.cell.fontSize, width)

    def _cell(self, cell: Cell, width: float | None) -> Any:
        if isinstance(cell, Checks):
            layout = self._checks(cell.n, width)
            return CheckBoxes(layout, face_name("regular"), self.styles.cell.fontSize)
        if isinstance(cell, Suffixed):
            return self.para(cell.markup, suffix_style(self.styles))
        return self.para(cell, self.styles.cell) if cell else ""

    def _TableBlock(self, b: TableBlock) -> list[Flowable]:  # noqa: N802
        """A table whose rows are write-in rows, taller where tick boxes (as big as a write-in)
        need their padding; cells of tick boxes keep a small padding, so the boxes fit."""
        header = [self.para(h, self.styles.strong) for h in b.header]
        rows = [[self._cell(c, w) for c, w in zip(row, b.widths, strict=True)] for row in b.rows]
        heights: list[float | None] = [None]
        for row in b.rows:
            checks = [self._checks(c.n, None).cell_height for c in row if isinstance(c, Checks)]
            heights.append(max([self._row_height(), *checks]))
        cmds: list[tuple[Any, ...]] = [
            ("GRID", (0, 0), (-1, -1), 0.8, colors.black),
            ("BACKGROUND", (0, 0), (-1, 0), HEADER_FILL),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("ALIGN", (0, 1), (-1, -1), "CENTER"),
        ]
        for r, row in enumerate(b.rows, 1):
            for j, c in enumerate(row):
                if isinstance(c, Checks):
                    for side, pad in (("LEFT", CHECK_PAD_MM), ("RIGHT", CHECK_PAD_MM)):
                        cmds.append((f"{side}PADDING", (j, r), (j, r), pad * mm))
                    for side in ("TOP", "BOTTOM"):
                        cmds.append((f"{side}PADDING", (j, r), (j, r), CHECK_PAD_V_MM * mm))
        t = ArtifactTable(
            [header] + rows, colWidths=list(b.widths), rowHeights=heights, repeatRows=1
        )
        t.setStyle(TableStyle(cmds))
        return [KeepTogether([t, Spacer(1, 3 * mm)])]

    def _WriteInsBlock(self, b: WriteInsBlock) -> list[Flowable]:  # noqa: N802
        """Labelled write-in boxes, one row each, at least the profile's write-in height."""
        out: list[Flowable] = []
        for w in b.rows:
            label = self.para(w.label, self.styles.strong)
            suffix = self.para(w.suffix, self.styles.body) if w.suffix is not None else ""
            t = ArtifactTable(
                [[label, "", suffix]],
                colWidths=[62 * mm, w.width_mm * mm, 24 * mm],
                rowHeights=self._row_height(),
            )
            t.setStyle(
                TableStyle(
                    [
                        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                        ("BOX", (1, 0), (1, 0), 0.8, colors.black),
                    ]
                )
            )
            out.extend([t, Spacer(1, 2 * mm)])
        return [KeepTogether(out + [Spacer(1, 1 * mm)])]

    def _SpacesBlock(self, b: SpacesBlock) -> list[Flowable]:  # noqa: N802
        return [
            Spacer(1, 2 * mm),
            CardSpaces(b.labels, b.size_mm, face_name("bold"), self.styles.strong.fontSize),
        ]

    def _CardRowBlock(self, b: CardRowBlock) -> list[Flowable]:  # noqa: N802
        centre = ParagraphStyle("row", parent=self.styles.strong, alignment=TA_CENTER)
        small = ParagraphStyle("rowmark", parent=self.styles.small, alignment=TA_CENTER)
        cards = [
            (self.para(label, centre), self.para(mark, small) if mark is not None else None)
            for label, mark in b.cards
        ]
        out: list[Flowable] = [Spacer(1, 2 * mm), CardRowDiagram(cards)]
        if b.caption is not None:
            out.append(self.para(b.caption, self.styles.small))
        return [KeepTogether(out + [Spacer(1, 3 * mm)])]
