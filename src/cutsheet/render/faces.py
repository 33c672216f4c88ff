"""Card and tile faces: layout boxes filled from an item's data, measured, checked and drawn."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from ..diagnostics import Loc, Problem
from ..layouts import Box, Face, Layouts, Style
from ..text import TemplateProblem, evaluate, render, render_plain
from .fonts import face_name, missing_glyphs
from .icons import ICONS, draw_icon

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


def field_of(box: Box, values: Mapping[str, Any]) -> str | None:
    """The first item field a box's template names, to point an error at that field."""
    for name in _FIELD_RE.findall(box.text or ""):
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
        field = field_of(box, ctx)
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
        for frag in getattr(para, "frags", []):
            text = getattr(frag, "text", "")
            lost = missing_glyphs(text, frag.fontName)
            if lost:
                shown = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in lost)
                problems.append(
                    Problem(
                        where, f"{label}, box '{box.name}': font {frag.fontName} has no {shown}"
                    )
                )
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
        ops.append(Op(box, paragraph=para, height=height, fill=fill, stroke=stroke))
    return PreparedFace(size[0], size[1], tuple(ops), tuple(texts)), problems


def _set_colors(c: Canvas, fill: str | None, stroke: str | None) -> tuple[int, int]:
    if fill:
        c.setFillColor(colors.HexColor(fill))
    if stroke:
        c.setStrokeColor(colors.HexColor(stroke))
    return (1 if fill else 0, 1 if stroke else 0)


def draw_face(c: Canvas, face: PreparedFace, x_mm: float, y_mm: float) -> None:
    """Draw a prepared face with its bottom-left corner at (x_mm, y_mm) on the page."""
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
                c.setFillColor(colors.HexColor(op.fill))
                c.rect(bx, by, bw, bh, stroke=0, fill=1)
            if box.valign == "top":
                ty = by + bh - op.height
            elif box.valign == "middle":
                ty = by + (bh - op.height) / 2
            else:
                ty = by
            op.paragraph.drawOn(c, bx, ty)
        elif box.kind == "icon" and op.icon:
            c.setFillColor(colors.HexColor(op.fill or "#000000"))
            c.setStrokeColor(colors.HexColor(op.stroke or "#000000"))
            draw_icon(c, op.icon, bx, by, bw, bh)
        elif box.kind == "cells" and op.style is not None:
            _draw_cells(c, op, bx, by, bw, bh)
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
        c.restoreState()


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
