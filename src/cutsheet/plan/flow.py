"""Flowed faces (large print): a face's text in reading order, one left-aligned column; a row
holding the box named ``title`` is a heading, every other row body text; black on white."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..boxes import MM, Box, FillContext
from ..boxes.rect import RectBox
from ..boxes.text import TextBox, TextElement
from ..diagnostics import Loc, Problem
from ..layouts import Face
from ..measure import MarkupError, TextStyle, face_name, measure
from ..profiles import Profile
from ..symbols import expand
from ..text import TemplateProblem, evaluate, render
from .faces import reading_rows, title_first
from .model import FacePlan

FLOW_MARGIN_MM = 5.0  # text starts this far inside the trim (the safe zone is 3 mm)
_ITALIC_RE = re.compile(r"</?i>")
_FONT_SIZE_RE = re.compile(r"""\s(?:size|fontSize)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)""")


@dataclass(frozen=True)
class Overflow:
    """Where flowed text first ran past the card, and by how much."""

    problem: Problem


def _visible_markup(face: Face, fc: FillContext, italics: bool) -> list[tuple[Box, str]]:
    visible = []
    for box in face.boxes:
        if box.kind not in ("text", "cells"):
            continue
        try:
            if box.when is not None and not evaluate(box.when, fc.ctx):
                continue
            if box.kind == "cells":
                markup = " ".join(str(n) for n in box.numbers)  # type: ignore[attr-defined]
            else:
                markup = render(box.text or "", fc.ctx)  # type: ignore[attr-defined]
        except TemplateProblem as exc:
            fc.problems.append(Problem(box.loc, f"{fc.label}, box '{box.name}': {exc}"))
            continue
        if not italics:
            markup = _ITALIC_RE.sub("", markup)
        markup = _FONT_SIZE_RE.sub("", markup)  # one size for all flowed text: never smaller
        if markup.strip():
            visible.append((box, markup))
    return visible


def _row_style(row: list[Box], fc: FillContext, profile: Profile) -> tuple[TextStyle, bool]:
    first = row[0]
    is_heading = any(b.name == "title" for b in row)
    font = fc.styles[first.style].font if first.style in fc.styles else "regular"
    font = "bold" if is_heading or font.startswith("bold") else "regular"
    size_pt = profile.heading_size if is_heading else profile.body_size
    leading = round(size_pt * profile.line_spacing, 2)
    return TextStyle(font=font, size=size_pt, leading=leading, align="left"), is_heading


def flow_face(
    face: Face, size: tuple[float, float], fc: FillContext, profile: Profile
) -> tuple[FacePlan, Overflow | None]:
    """The face's text in reading order; returns the face and its overflow (None when the
    text fits): the caller decides whether to try a bigger card or report it."""
    from .faces import field_of_box

    visible = _visible_markup(face, fc, profile.italics)
    markup_of = {id(b): m for b, m in visible}
    rows = [
        (row, " ".join(markup_of[id(b)] for b in row))
        for row in title_first(reading_rows([b for b, _ in visible]))
    ]
    width = size[0] - 2 * FLOW_MARGIN_MM
    avail = size[1] - 2 * FLOW_MARGIN_MM
    elements: list[TextElement] = []
    y = FLOW_MARGIN_MM
    gap = 0.0
    first_over: tuple[Loc, str, str | None] | None = None
    for row, markup in rows:
        first = row[0]
        style, is_heading = _row_style(row, fc, profile)
        markup = expand(markup, style.size, style.leading, face_name("bold"))
        field = field_of_box(first, fc)
        where = fc.loc_of(field) if field else first.loc
        try:
            m = measure(markup, style, first.style, width * MM, 10_000)
        except MarkupError as exc:
            fc.problems.append(Problem(where, f"{fc.label}, box '{first.name}': bad markup: {exc}"))
            continue
        fc.problems.extend(
            Problem(where, f"{fc.label}, box '{first.name}': {x}") for x in m.missing
        )
        h_mm = m.height / MM
        gap = 1.2 if is_heading else 0.8
        if y + h_mm > FLOW_MARGIN_MM + avail + 0.01 and first_over is None:
            first_over = (where, first.name, field)
        box = TextBox(
            name=first.name,
            kind="text",
            x=FLOW_MARGIN_MM,
            y=y,
            w=width,
            h=h_mm,
            loc=first.loc,
            style=first.style,
        )
        elements.append(
            TextElement(
                box=box,
                markup=markup,
                style=style,
                avail=(width * MM, 10_000),
                height=m.height,
                heading=is_heading,
                text=m.plain,
            )
        )
        y += h_mm + gap
    overflow = None
    if first_over is not None:
        where, name, field = first_over
        over = y - gap - (FLOW_MARGIN_MM + avail)
        overflow = Overflow(
            Problem(
                where,
                f"{fc.label}, box '{name}'{f' (field {field})' if field else ''}: text does not"
                f" fit at {profile.body_size:g} pt on a {size[0]:g}×{size[1]:g} mm card"
                f" ({over:.1f} mm over)",
            )
        )
    border = RectBox(
        name="border",
        kind="rect",
        x=1.5,
        y=1.5,
        w=size[0] - 3,
        h=size[1] - 3,
        loc=face.loc,
        stroke="#000000",
        stroke_width=1.0,
        radius=2.5,
    )
    from ..boxes import Element

    ops = (Element(box=border, stroke="#000000"), *elements)
    return FacePlan(size[0], size[1], ops, tuple(e.plain for e in elements)), overflow
