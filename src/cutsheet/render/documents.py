"""Flowing documents (full-page sheets and rules) built with Platypus from content blocks."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
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

from ..diagnostics import Loc, Problem
from ..model import NAMED_SIZES_MM, Block, Column, Example
from ..profiles import Profile
from ..text import TemplateProblem, literal, render
from .fonts import face_name, unprintable
from .tagging import tagger_of


class TaggedParagraph(Paragraph):
    """A paragraph that marks its text for the structure tree (H1, H2 or P)."""

    tag = "P"

    def draw(self) -> None:
        with tagger_of(self.canv).text(self.canv, self.tag):
            super().draw()


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


TABLE_WIDTH_MM = 180.0  # the narrowest frame: A4 with 15 mm margins
HEADER_FILL = colors.HexColor("#E6E6E6")  # light grey: black text on it keeps > 15:1 contrast
EXAMPLE_FILL = colors.HexColor("#F2F2F2")


@dataclass(frozen=True)
class DocStyles:
    title: ParagraphStyle
    subtitle: ParagraphStyle
    heading: ParagraphStyle
    body: ParagraphStyle
    strong: ParagraphStyle
    cell: ParagraphStyle
    small: ParagraphStyle


def doc_styles(profile: Profile) -> DocStyles:
    ls = profile.line_spacing

    def st(name: str, size: float, font: str = "regular", **kw: Any) -> ParagraphStyle:
        return ParagraphStyle(
            name,
            fontName=face_name(font),
            fontSize=size,
            leading=round(size * ls, 2),
            alignment=kw.pop("alignment", TA_LEFT),
            textColor=colors.black,
            splitLongWords=0,
            hyphenationLang="",
            **kw,
        )

    b = profile.body_size
    return DocStyles(
        title=st("title", profile.title_size, "bold", spaceAfter=b * 0.4),
        subtitle=st("subtitle", b, spaceAfter=b * 0.8),
        heading=st(
            "heading", profile.heading_size, "bold", spaceBefore=b * 0.9, spaceAfter=b * 0.4
        ),
        body=st("body", b, spaceAfter=b * 0.5),
        strong=st("strong", b, "bold", spaceAfter=b * 0.3),
        cell=st("cell", b, alignment=TA_CENTER),
        small=st("small", profile.small_size),
    )


class CheckBoxes(Flowable):
    """``n`` numbered tick boxes, drawn as vector squares (no glyph needed)."""

    def __init__(self, n: int, box_mm: float, font: str, size: float) -> None:
        super().__init__()
        self.n, self.box, self.font, self.size = n, box_mm * mm, font, size
        self.step = self.box + size * 1.4

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        return (self.box if self.n == 1 else self.n * self.step), self.box

    def draw(self) -> None:
        with tagger_of(self.canv).artifact(self.canv):
            self._draw()

    def _draw(self) -> None:
        c = self.canv
        c.setLineWidth(0.8)
        if self.n == 1:  # a single box needs no number
            c.rect(0, 0, self.box, self.box, stroke=1, fill=0)
            return
        for i in range(self.n):
            x = i * self.step
            c.setFont(self.font, self.size)
            c.drawString(x, self.box / 2 - self.size * 0.35, str(i + 1))
            c.rect(x + self.size * 0.9, 0, self.box, self.box, stroke=1, fill=0)


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
    """Small card outlines in a row, each with its label; marked cards carry a ticket tab."""

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
        with tagger_of(self.canv).artifact(self.canv):
            self._draw()

    def _draw(self) -> None:
        c = self.canv
        for i, (label, mark) in enumerate(self.cards):
            x = i * (self.w + self.gap)
            c.setLineWidth(1)
            c.roundRect(x, 0, self.w, self.h, 1.5 * mm, stroke=1, fill=0)
            _, lh = label.wrap(self.w - 2 * mm, self.h)
            label.drawOn(c, x + 1 * mm, (self.h - lh) / 2)
            if mark is not None:
                c.setFillColor(HEADER_FILL)
                c.roundRect(
                    x + 1 * mm, self.h + 1 * mm, self.w - 2 * mm, self.tab, 1 * mm, stroke=1, fill=1
                )
                c.setFillColor(colors.black)
                _, mh = mark.wrap(self.w - 3 * mm, self.tab)
                mark.drawOn(c, x + 1.5 * mm, self.h + 1 * mm + (self.tab - mh) / 2)


@dataclass
class DocBuilder:
    """Turns blocks into flowables, collecting located problems rather than stopping."""

    profile: Profile
    styles: DocStyles
    context: Mapping[str, Any]
    examples: Mapping[str, Example] = field(default_factory=dict)
    example_locs: Mapping[str, Loc] = field(default_factory=dict)
    component_lines: Sequence[str] = ()
    problems: list[Problem] = field(default_factory=list)

    # -- text ----------------------------------------------------------------------------
    def markup(self, template: str, loc: Loc, extra: Mapping[str, Any] | None = None) -> str:
        ctx = {**self.context, **(extra or {})}
        try:
            return render(template, ctx)
        except TemplateProblem as exc:
            self.problems.append(Problem(loc, str(exc)))
            return literal(template)

    def para(self, markup: str, style: ParagraphStyle, loc: Loc) -> Paragraph:
        if not self.profile.italics:
            markup = markup.replace("<i>", "").replace("</i>", "")
        try:
            p = TaggedParagraph(markup, style)
        except ValueError as exc:
            self.problems.append(Problem(loc, f"bad markup: {exc}"))
            p = TaggedParagraph(literal(markup), style)
        p.tag = {"title": "H1", "heading": "H2"}.get(style.name, "P")
        self.problems += [Problem(loc, m) for m in unprintable(p)]
        return p

    def text(self, template: str, style: ParagraphStyle, loc: Loc) -> Paragraph:
        return self.para(self.markup(template, loc), style, loc)

    # -- blocks --------------------------------------------------------------------------
    def blocks(self, blocks: Sequence[Block], loc_of: Callable[[int], Loc]) -> list[Flowable]:
        out: list[Flowable] = []
        for i, block in enumerate(blocks):
            out.extend(self.block(block, loc_of(i)))
        return out

    def block(self, block: Block, loc: Loc) -> list[Flowable]:
        s = self.styles
        kind = block.kind
        if kind == "heading":
            p = self.text(block.heading or "", s.heading, loc)
            p.keepWithNext = 1
            return [p]
        if kind == "text":
            return [self.text(block.text or "", s.body, loc)]
        if kind in ("bullets", "steps"):
            entries = block.bullets if kind == "bullets" else block.steps
            items = [ListItem(self.text(t, s.body, loc)) for t in entries or []]
            kw: dict[str, Any] = (
                {"bulletType": "bullet", "start": "•"}
                if kind == "bullets"
                else {"bulletType": "1", "bulletFontName": face_name("bold")}
            )
            return [
                ListFlowable(
                    items,
                    leftIndent=s.body.fontSize * 1.6,
                    bulletFontSize=s.body.fontSize,
                    bulletFontName=kw.pop("bulletFontName", face_name("regular")),
                    **kw,
                )
            ]
        if kind == "components":
            items = [ListItem(self.para(literal(t), s.body, loc)) for t in self.component_lines]
            return [
                ListFlowable(
                    items,
                    bulletType="bullet",
                    start="•",
                    leftIndent=s.body.fontSize * 1.6,
                    bulletFontSize=s.body.fontSize,
                    bulletFontName=face_name("regular"),
                )
            ]
        if kind == "example":
            return [self.example(block.example or "", loc)]
        if kind == "track" and block.track:
            return [self.track(block, loc)]
        if kind == "table" and block.table:
            return [self.table(block, loc)]
        if kind == "write_ins" and block.write_ins:
            return [self.write_ins(block, loc)]
        if kind == "card_row" and block.card_row:
            return [self.card_row(block, loc)]
        if kind == "spaces" and block.spaces:
            for label in block.spaces.labels:
                self.para(literal(label), s.strong, loc)  # glyph check
            size = NAMED_SIZES_MM[block.spaces.size]
            return [
                Spacer(1, 2 * mm),
                CardSpaces(block.spaces.labels, size, face_name("bold"), s.strong.fontSize),
            ]
        return []  # pragma: no cover - Block guarantees one known kind

    def card_row(self, block: Block, loc: Loc) -> Flowable:
        row = block.card_row
        assert row is not None
        items = self.context.get("items", {})
        centre = ParagraphStyle("row", parent=self.styles.strong, alignment=TA_CENTER)
        small = ParagraphStyle("rowmark", parent=self.styles.small, alignment=TA_CENTER)
        cards = []
        for card_id in row.cards:
            if card_id not in items:
                self.problems.append(Problem(loc, f"card_row: no item '{card_id}'"))
                continue
            label = self.para(self.markup(row.label, loc, dict(items[card_id])), centre, loc)
            mark = self.para(literal(row.mark), small, loc) if card_id in row.marked else None
            cards.append((label, mark))
        out: list[Flowable] = [Spacer(1, 2 * mm), CardRowDiagram(cards)]
        if row.caption:
            out.append(self.text(row.caption, self.styles.small, loc))
        return KeepTogether(out + [Spacer(1, 3 * mm)])

    def example(self, name: str, loc: Loc) -> Flowable:
        ex = self.examples.get(name)
        if ex is None:
            known = ", ".join(self.examples) or "none"
            self.problems.append(Problem(loc, f"unknown example '{name}' (known: {known})"))
            return Spacer(1, 0)
        eloc = self.example_locs.get(name, loc)
        title = self.para(literal(ex.title), self.styles.strong, eloc)
        body = self.para(self.markup(ex.text, eloc, {"ex": ex.data}), self.styles.body, eloc)
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
        return KeepTogether([Spacer(1, 2 * mm), t, Spacer(1, 2 * mm)])

    def _row_height(self) -> float:
        return max(self.profile.write_in_mm * mm, self.styles.cell.leading + 4 * mm)

    def track(self, block: Block, loc: Loc) -> Flowable:
        tr = block.track
        assert tr is not None
        values = list(range(tr.start, tr.stop + 1))
        label = self.para(self.markup(tr.label, loc), self.styles.strong, loc)
        cells: list[Any] = [label]
        for v in values:
            style = self.styles.cell
            if tr.mark == v:
                cells.append(self.para(f"<b>{v}</b>", style, loc))
            else:
                cells.append(self.para(str(v), style, loc))
        height = self._row_height() + 2 * mm
        label_w = 34 * mm
        t = ArtifactTable([cells], colWidths=[label_w] + [None] * len(values), rowHeights=[height])
        cmds: list[tuple[Any, ...]] = [
            ("GRID", (1, 0), (-1, -1), 0.8, colors.black),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ]
        if tr.mark is not None and tr.start <= tr.mark <= tr.stop:
            col = 1 + tr.mark - tr.start
            cmds.append(("BOX", (col, 0), (col, 0), 2.2, colors.black))
            cmds.append(("BACKGROUND", (col, 0), (col, 0), HEADER_FILL))
        t.setStyle(TableStyle(cmds))
        return KeepTogether([t, Spacer(1, 3 * mm)])

    def _cell(self, col: Column, row: int, loc: Loc) -> Any:
        if col.checks:
            return CheckBoxes(col.checks, 4.5, face_name("regular"), self.styles.small.fontSize + 1)
        text = self.markup(col.value, loc, {"row": row}) if col.value else ""
        if col.suffix:
            text = f"{text}<br/>" if text else ""
            return self.para(
                f'{text}<font size="{self.styles.small.fontSize + 1}">{literal(col.suffix)}</font>',
                ParagraphStyle("suffix", parent=self.styles.cell, alignment=2),
                loc,
            )
        return self.para(text, self.styles.cell, loc) if text else ""

    def table(self, block: Block, loc: Loc) -> Flowable:
        tb = block.table
        assert tb is not None
        header = [
            self.para(self.markup(c.header, loc), self.styles.strong, loc) for c in tb.columns
        ]
        rows = [[self._cell(c, r, loc) for c in tb.columns] for r in range(1, tb.rows + 1)]
        widths = self._column_widths(tb.columns, [header] + rows, loc)
        t = ArtifactTable(
            [header] + rows,
            colWidths=widths,
            rowHeights=[None] + [self._row_height()] * tb.rows,
            repeatRows=1,
        )
        t.setStyle(
            TableStyle(
                [
                    ("GRID", (0, 0), (-1, -1), 0.8, colors.black),
                    ("BACKGROUND", (0, 0), (-1, 0), HEADER_FILL),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("ALIGN", (0, 1), (-1, -1), "CENTER"),
                ]
            )
        )
        return KeepTogether([t, Spacer(1, 3 * mm)])

    def _column_widths(
        self, columns: Sequence[Column], cells: Sequence[Sequence[Any]], loc: Loc
    ) -> list[float | None]:
        """Each column at least as wide as its longest word at this profile's sizes (a table
        set for 10 pt grows at 18 pt); an error if the table then overflows the page."""
        pad = 6 + 6  # ReportLab's default cell padding, left and right
        need = []
        for j in range(len(columns)):
            widest = 0.0
            for row in cells:
                cell = row[j]
                if isinstance(cell, Paragraph):
                    for frag in cell.frags:
                        for word in getattr(frag, "text", "").split():
                            widest = max(widest, stringWidth(word, frag.fontName, frag.fontSize))
                elif isinstance(cell, Flowable):
                    widest = max(widest, cell.wrap(0, 0)[0])
            need.append(widest + pad)
        widths: list[float | None] = []
        for col, minimum in zip(columns, need, strict=True):
            widths.append(max(col.width * mm, minimum) if col.width else None)
        fixed = sum(w for w in widths if w is not None)
        flexible = [n for w, n in zip(widths, need, strict=True) if w is None]
        if fixed + sum(flexible) > TABLE_WIDTH_MM * mm + 0.01:
            self.problems.append(
                Problem(
                    loc,
                    f"the table needs {(fixed + sum(flexible)) / mm:.0f} mm at"
                    f" {self.styles.body.fontSize:g} pt, more than the {TABLE_WIDTH_MM:g} mm page width",
                )
            )
        elif flexible:
            share = (TABLE_WIDTH_MM * mm - fixed) / len(flexible)
            widths = [w if w is not None else max(share, 0) for w in widths]
            widths = [w if w else None for w in widths]
        return widths

    def write_ins(self, block: Block, loc: Loc) -> Flowable:
        """Labelled write-in boxes, one row each, at least the profile's write-in height."""
        out: list[Flowable] = []
        for w in block.write_ins or []:
            label = self.para(self.markup(w.label, loc), self.styles.strong, loc)
            suffix = self.para(literal(w.suffix), self.styles.body, loc) if w.suffix else ""
            box_w = (w.width or 40) * mm
            t = ArtifactTable(
                [[label, "", suffix]],
                colWidths=[62 * mm, box_w, 24 * mm],
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
        return KeepTogether(out + [Spacer(1, 1 * mm)])
