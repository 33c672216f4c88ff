"""Card and tile faces: layout boxes filled from an item's data, measured, checked and drawn."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image as PILImage
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from ..diagnostics import Loc, Problem, display_path
from ..layouts import Box, Face, Layouts, Style
from ..text import TemplateProblem, evaluate, render, render_plain
from .fonts import face_name, unprintable
from .icons import ICONS, draw_icon
from .tagging import Tagger

SAFE_ZONE_MM = 3.0
_ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}
_FIELD_RE = re.compile(r"{{-?\s*([A-Za-z_][A-Za-z0-9_]*)")


def paragraph_style(name: str, style: Style) -> ParagraphStyle:
    return ParagraphStyle(
        name,
        fontName=face_name(style.font),
        fontSize=style.size,
        leading=style.line_height,
        alignment=_ALIGN[style.align],
        textColor=colors.HexColor(style.color),
        allowWidows=1,
        allowOrphans=1,
        splitLongWords=0,
        hyphenationLang="",
    )


@dataclass(frozen=True)
class Op:
    """One thing to draw on a face: a box and what fills it."""

    box: Box
    paragraph: Paragraph | None = None
    height: float = 0.0
    fill: str | None = None
    stroke: str | None = None
    icon: str | None = None
    style: Style | None = None
    image: str | None = None  # a checked image file
    heading: bool = False  # the card's title: tagged as a heading


@dataclass(frozen=True)
class PreparedFace:
    width_mm: float
    height_mm: float
    ops: tuple[Op, ...]
    texts: tuple[str, ...]  # plain text of every paragraph, in drawing order


LocOf = Callable[[str | None], Loc]


def check_face_geometry(face: Face, size: tuple[float, float], layouts: Layouts) -> list[Problem]:
    """Boxes inside the face; text boxes inside the 3 mm safe zone."""
    w, h = size
    problems = []
    for box in face.boxes:
        if box.x < -0.01 or box.y < -0.01 or box.x + box.w > w + 0.01 or box.y + box.h > h + 0.01:
            problems.append(
                Problem(
                    box.loc,
                    f"box '{box.name}' of face '{face.name}' leaves the {w:g}×{h:g} mm face",
                )
            )
        elif box.kind == "text" and (
            box.x < SAFE_ZONE_MM - 0.01
            or box.y < SAFE_ZONE_MM - 0.01
            or box.x + box.w > w - SAFE_ZONE_MM + 0.01
            or box.y + box.h > h - SAFE_ZONE_MM + 0.01
        ):
            problems.append(
                Problem(
                    box.loc, f"text box '{box.name}' comes within {SAFE_ZONE_MM:g} mm of the trim"
                )
            )
    return problems


CONTEXT_NAMES = frozenset({"game", "component", "terms", "copies"})  # not item fields


def field_of(template: str | None, values: Mapping[str, Any]) -> str | None:
    """The first item field a template names, to point an error at that field."""
    for name in _FIELD_RE.findall(template or ""):
        if name in values and name not in CONTEXT_NAMES:
            return name
    return None


def _color(value: str | None, ctx: Mapping[str, Any]) -> str | None:
    if value is None:
        return None
    out = render_plain(value, ctx).strip()
    return None if out in ("", "none") else out


def prepare_face(
    face: Face,
    size: tuple[float, float],
    layouts: Layouts,
    ctx: Mapping[str, Any],
    label: str,
    loc_of: LocOf,
    min_size: float = 0.0,
) -> tuple[PreparedFace, list[Problem]]:
    """Fill every box of ``face`` from ``ctx``; report text that overflows or cannot be drawn."""
    ops: list[Op] = []
    texts: list[str] = []
    problems: list[Problem] = []
    for box in face.boxes:
        try:
            if box.when is not None and not evaluate(box.when, ctx):
                continue
            fill = _color(box.fill, ctx)
            stroke = _color(box.stroke, ctx)
            if box.kind == "icon":
                icon = render_plain(box.icon or "", ctx).strip()
                if icon not in ICONS:
                    problems.append(
                        Problem(
                            box.loc, f"{label}: unknown icon '{icon}' (known: {', '.join(ICONS)})"
                        )
                    )
                    continue
                ops.append(Op(box, fill=fill, stroke=stroke, icon=icon))
                continue
            if box.kind == "image":
                image, problem = _image(box, ctx, label, loc_of)
                if problem is not None:
                    problems.append(problem)
                elif image is not None:
                    ops.append(Op(box, image=image))
                continue
            if box.kind == "cells":
                ops.append(Op(box, fill=fill, stroke=stroke, style=layouts.styles[box.style]))
                texts.append(" ".join(str(n) for n in box.numbers))
                continue
            if box.kind != "text":
                ops.append(Op(box, fill=fill, stroke=stroke))
                continue
            markup = render(box.text or "", ctx)
        except TemplateProblem as exc:
            problems.append(Problem(box.loc, f"{label}, box '{box.name}': {exc}"))
            continue
        style = layouts.styles[box.style]
        field = field_of(box.text, ctx)
        # Text that names an item field is that item's problem; fixed text is the layout's.
        where = loc_of(field) if field else box.loc
        if style.size < min_size:
            problems.append(
                Problem(
                    box.loc,
                    f"style '{box.style}' is {style.size:g} pt, under this profile's {min_size:g} pt",
                )
            )
        try:
            para = Paragraph(markup, paragraph_style(box.style, style))
        except ValueError as exc:
            problems.append(Problem(where, f"{label}, box '{box.name}': bad markup: {exc}"))
            continue
        problems += [Problem(where, f"{label}, box '{box.name}': {m}") for m in unprintable(para)]
        _, height = para.wrap(box.w * mm, box.h * mm)
        if height > box.h * mm + 0.01:
            over = (height - box.h * mm) / mm
            problems.append(
                Problem(
                    where,
                    f"{label}, box '{box.name}': text does not fit: it needs {height / mm:.1f} mm,"
                    f" the box is {box.h:g} mm ({over:.1f} mm over)",
                )
            )
        texts.append(para.getPlainText())
        heading = box.name == "title"
        ops.append(
            Op(box, paragraph=para, height=height, fill=fill, stroke=stroke, heading=heading)
        )
    ordered = reading_order(ops)
    texts = [op.paragraph.getPlainText() for op in ordered if op.paragraph is not None]
    return PreparedFace(size[0], size[1], tuple(ordered), tuple(texts)), problems


def reading_order(ops: list[Op]) -> list[Op]:
    """Shapes first, as declared (so text is never hidden under a fill), then the text in
    reading order with the title first: the order of the PDF's text layer and its tags."""
    shapes = [op for op in ops if op.paragraph is None and op.box.kind != "cells"]
    text = [op for op in ops if op not in shapes]
    by_box = {id(op.box): op for op in text}
    rows = title_first(reading_rows([op.box for op in text]))
    return shapes + [by_box[id(b)] for row in rows for b in row]


def _set_colors(c: Canvas, fill: str | None, stroke: str | None) -> tuple[int, int]:
    if fill:
        c.setFillColor(colors.HexColor(fill))
    if stroke:
        c.setStrokeColor(colors.HexColor(stroke))
    return (1 if fill else 0, 1 if stroke else 0)


def draw_face(
    c: Canvas, face: PreparedFace, x_mm: float, y_mm: float, tagger: Tagger | None = None
) -> None:
    """Draw a prepared face with its bottom-left corner at (x_mm, y_mm) on the page. Text is
    tagged (the title as a heading), shapes are artifacts, when a tagger is given."""
    tagger = tagger or Tagger(False)
    height = face.height_mm
    for op in face.ops:
        box = op.box
        bx = (x_mm + box.x) * mm
        by = (y_mm + height - box.y - box.h) * mm
        bw, bh = box.w * mm, box.h * mm
        c.saveState()
        c.setLineWidth(box.stroke_width)
        if box.dash:
            c.setDash(2, 2)
        if op.paragraph is not None:
            if op.fill:
                with tagger.artifact(c):
                    c.setFillColor(colors.HexColor(op.fill))
                    c.rect(bx, by, bw, bh, stroke=0, fill=1)
            if box.valign == "top":
                ty = by + bh - op.height
            elif box.valign == "middle":
                ty = by + (bh - op.height) / 2
            else:
                ty = by
            with tagger.text(c, "H2" if op.heading else "P"):
                op.paragraph.drawOn(c, bx, ty)
        elif box.kind == "cells" and op.style is not None:
            with tagger.text(c, "P"):
                _draw_cells(c, op, bx, by, bw, bh)
        else:
            with tagger.artifact(c):
                _draw_shape(c, op, bx, by, bw, bh)
        c.restoreState()


def _image(
    box: Box, ctx: Mapping[str, Any], label: str, loc_of: LocOf
) -> tuple[str | None, Problem | None]:
    """The image file a box shows, checked: it exists and Pillow can read it."""
    name = render_plain(box.src or "", ctx).strip()
    if not name:
        return None, None
    folder = Path(str(ctx.get("game", {}).get("folder", ".")))
    path = folder / name
    field = field_of(box.src, ctx)
    where = loc_of(field) if field else box.loc
    if not path.is_file():
        return None, Problem(
            where, f"{label}, box '{box.name}': image '{name}' not found in {display_path(folder)}"
        )
    try:
        with PILImage.open(path) as im:
            im.verify()
    except Exception as exc:  # Pillow raises many kinds for a bad file
        return None, Problem(where, f"{label}, box '{box.name}': '{name}' is not an image ({exc})")
    return str(path), None


def _draw_shape(c: Canvas, op: Op, bx: float, by: float, bw: float, bh: float) -> None:
    box = op.box
    if box.kind == "image" and op.image:
        c.drawImage(op.image, bx, by, bw, bh, preserveAspectRatio=True, anchor="c", mask="auto")
    elif box.kind == "icon" and op.icon:
        c.setFillColor(colors.HexColor(op.fill or "#000000"))
        c.setStrokeColor(colors.HexColor(op.stroke or "#000000"))
        draw_icon(c, op.icon, bx, by, bw, bh)
    elif box.kind == "line":
        _set_colors(c, None, op.stroke or "#000000")
        c.line(bx, by + bh / 2, bx + bw, by + bh / 2)
    else:
        fill, stroke = _set_colors(c, op.fill, op.stroke)
        if fill or stroke:
            if box.radius:
                c.roundRect(bx, by, bw, bh, box.radius * mm, stroke=stroke, fill=fill)
            else:
                c.rect(bx, by, bw, bh, stroke=stroke, fill=fill)


def _draw_cells(c: Canvas, op: Op, x: float, y: float, w: float, h: float) -> None:
    """Numbered cells filling the box, ``cols`` to a row, in reading order."""
    box, style = op.box, op.style
    assert style is not None
    numbers = box.numbers
    rows = -(-len(numbers) // box.cols)
    cw, ch = w / box.cols, h / rows
    c.setLineWidth(box.stroke_width)
    c.setStrokeColor(colors.HexColor(op.stroke or "#000000"))
    c.setFont(face_name(style.font), style.size)
    for i, n in enumerate(numbers):
        row, col = divmod(i, box.cols)
        cx, cy = x + col * cw, y + h - (row + 1) * ch
        if op.fill:
            c.setFillColor(colors.HexColor(op.fill))
            c.rect(cx, cy, cw, ch, stroke=1, fill=1)
        else:
            c.rect(cx, cy, cw, ch, stroke=1, fill=0)
        c.setFillColor(colors.HexColor(style.color))
        c.drawCentredString(cx + cw / 2, cy + ch / 2 - style.size * 0.35, str(n))


# ------------------------------------------------------------------------ flow faces
FLOW_MARGIN_MM = 5.0  # text starts this far inside the trim (the safe zone is 3 mm)
_ITALIC_RE = re.compile(r"</?i>")
_FONT_SIZE_RE = re.compile(r"""\s(?:size|fontSize)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)""")


def title_first(rows: list[list[Box]]) -> list[list[Box]]:
    """The box named ``title`` alone first, then what shares its row (a cost, a value), then
    the other rows in reading order: a screen reader meets the card's name first."""
    for i, row in enumerate(rows):
        titles = [b for b in row if b.name == "title"]
        if titles:
            rest = [b for b in row if b.name != "title"]
            return [titles] + ([rest] if rest else []) + rows[:i] + rows[i + 1 :]
    return rows


def reading_rows(boxes: list[Box]) -> list[list[Box]]:
    """Text boxes grouped into rows (vertical centres within half a box height of each other)
    and ordered top to bottom, then left to right: the order a player reads the card."""
    rows: list[list[Box]] = []
    for box in sorted(boxes, key=lambda b: (b.y + b.h / 2, b.x)):
        centre = box.y + box.h / 2
        if rows:
            first = rows[-1][0]
            if abs(first.y + first.h / 2 - centre) <= min(first.h, box.h) / 2:
                rows[-1].append(box)
                continue
        rows.append([box])
    return [sorted(row, key=lambda b: b.x) for row in rows]


def prepare_flow_face(
    face: Face,
    size: tuple[float, float],
    layouts: Layouts,
    ctx: Mapping[str, Any],
    label: str,
    loc_of: LocOf,
    body: float,
    heading: float,
    leading: float,
    italics: bool,
) -> tuple[PreparedFace, list[Problem], Problem | None]:
    """The face's text in reading order, one left-aligned column: a row holding the box
    named ``title`` is a heading, every other row body text; black on white, no shrinking.
    Returns the face, its problems, and the overflow (None when the text fits): the caller
    decides whether to try a bigger card or report it."""
    problems: list[Problem] = []
    rows: list[tuple[list[Box], str]] = []
    visible = []
    for box in face.boxes:
        if box.kind not in ("text", "cells"):
            continue
        try:
            if box.when is not None and not evaluate(box.when, ctx):
                continue
            if box.kind == "cells":
                markup = " ".join(str(n) for n in box.numbers)
            else:
                markup = render(box.text or "", ctx)
        except TemplateProblem as exc:
            problems.append(Problem(box.loc, f"{label}, box '{box.name}': {exc}"))
            continue
        if not italics:
            markup = _ITALIC_RE.sub("", markup)
        markup = _FONT_SIZE_RE.sub("", markup)  # one size for all flowed text: never smaller
        if markup.strip():
            visible.append((box, markup))
    markup_of = {id(b): m for b, m in visible}
    for row in title_first(reading_rows([b for b, _ in visible])):
        rows.append((row, " ".join(markup_of[id(b)] for b in row)))
    width = size[0] - 2 * FLOW_MARGIN_MM
    avail = size[1] - 2 * FLOW_MARGIN_MM
    ops: list[Op] = []
    texts: list[str] = []
    y = FLOW_MARGIN_MM
    first_over: tuple[Loc, str, str | None] | None = None
    for row, markup in rows:
        first = row[0]
        is_heading = any(b.name == "title" for b in row)
        font = layouts.styles[first.style].font if first.style in layouts.styles else "regular"
        font = "bold" if is_heading or font.startswith("bold") else "regular"
        size_pt = heading if is_heading else body
        style = Style(font=font, size=size_pt, leading=round(size_pt * leading, 2), align="left")
        field = field_of(first.text, ctx)
        where = loc_of(field) if field else first.loc
        try:
            para = Paragraph(markup, paragraph_style(first.style, style))
        except ValueError as exc:
            problems.append(Problem(where, f"{label}, box '{first.name}': bad markup: {exc}"))
            continue
        problems += [Problem(where, f"{label}, box '{first.name}': {m}") for m in unprintable(para)]
        _, height = para.wrap(width * mm, 10_000)
        h_mm = height / mm
        gap = 1.2 if is_heading else 0.8
        if y + h_mm > FLOW_MARGIN_MM + avail + 0.01 and first_over is None:
            first_over = (where, first.name, field)
        flow_box = Box(
            name=first.name,
            kind="text",
            x=FLOW_MARGIN_MM,
            y=y,
            w=width,
            h=h_mm,
            text=None,
            style=first.style,
            valign="top",
            fill=None,
            stroke=None,
            stroke_width=0.5,
            radius=0.0,
            dash=False,
            icon=None,
            when=None,
            loc=first.loc,
        )
        ops.append(Op(flow_box, paragraph=para, height=height, heading=is_heading))
        texts.append(para.getPlainText())
        y += h_mm + gap
    overflow = None
    if first_over is not None:
        where, name, field = first_over
        over = y - gap - (FLOW_MARGIN_MM + avail)
        overflow = Problem(
            where,
            f"{label}, box '{name}'{f' (field {field})' if field else ''}: text does not fit at"
            f" {body:g} pt on a {size[0]:g}×{size[1]:g} mm card ({over:.1f} mm over)",
        )
    border = Box(
        "border",
        "rect",
        1.5,
        1.5,
        size[0] - 3,
        size[1] - 3,
        None,
        "body",
        "top",
        None,
        "#000000",
        1.0,
        2.5,
        False,
        None,
        None,
        face.loc,
    )
    ops.insert(0, Op(border, stroke="#000000"))
    return PreparedFace(size[0], size[1], tuple(ops), tuple(texts)), problems, overflow
