"""Laid-out faces: every box of a layout face filled from one item's data, in drawing order
(painted as the profile's ``ink`` says)."""

from __future__ import annotations

import re

from ..boxes import KINDS, Box, Element, FillContext
from ..boxes.base import TEMPLATED
from ..diagnostics import Loc, Problem
from ..layouts import Face
from ..text import TemplateProblem, evaluate
from ..text.pointed import pointed_problem
from .ink import inked
from .model import FacePlan


def fill_face(face: Face, size: tuple[float, float], fc: FillContext) -> FacePlan:
    """Fill every box of ``face``; problems (overflow, glyphs, images) go to ``fc.problems``."""
    elements: list[Element] = []
    for box in face.boxes:
        try:
            if box.when is not None and not evaluate(box.when, fc.ctx):
                continue
        except TemplateProblem as exc:
            message = f"box '{box.name}': when: {exc}"
            at = written_at(box, exc, ("when",))
            fc.problems.append(Problem(at, message, subject=fc.label, code="box"))
            fc.dropped.append(box)
            continue
        keys: tuple[str, ...] = ("fill",)  # what is being filled, where a problem is placed
        try:
            fill = fc.colour(box.fill)
            keys = ("stroke",)
            stroke = fc.colour(box.stroke, "stroke")
            keys = CONTENT
            if fc.ink is not None:
                box, fill, stroke = inked(box, fill, stroke, size, fc.ink, fc.back)
            element = KINDS[box.kind].fill(box, fc, fill, stroke)
        except TemplateProblem as exc:
            message = f"box '{box.name}': {exc}"
            at = written_at(box, exc, keys)
            fc.problems.append(Problem(at, message, subject=fc.label, code="box"))
            fc.dropped.append(box)
            continue
        if element is not None:
            elements.append(element)
    ordered = reading_order(elements)
    texts = tuple(el.plain for el in ordered if el.box.traits.holds_text)
    return FacePlan(size[0], size[1], tuple(ordered), texts)


CONTENT = tuple(key for key in TEMPLATED if key not in ("when", "fill", "stroke"))
"""A box's templates its kind fills (its ``when:``, ``fill:`` and ``stroke:`` before)."""


def written_at(box: Box, problem: TemplateProblem, keys: tuple[str, ...]) -> Loc:
    """Where the word ``problem`` names (an unknown name, a key) is written in one of the
    box's ``keys`` (the values being filled when it arose; a ``when:`` read as the expression
    it is) written over several lines of its layout file; else where the value of that key
    starts, when one of ``keys`` is written (or one of them holds template syntax, ``{{ x }``:
    an image's ``src`` and ``alt``); else the box's own place."""
    written = [(key, loc) for key, loc in box.written if key in keys]
    for key, loc in written:
        at = pointed_problem(loc, problem, expression=key == "when")
        if at != loc:
            return at
    if len(written) > 1:
        written = [(k, loc) for k, loc in written if _SYNTAX.search(str(getattr(box, k, "")))]
    return written[0][1] if len(written) == 1 else box.loc


_SYNTAX = re.compile(r"\{[{%#]|[}%#]\}")
"""Template syntax: a text without any is printed as written and cannot fail."""


def reading_order(elements: list[Element]) -> list[Element]:
    """Shapes first, as declared (so text is never hidden under a fill), then what is read in
    reading order with the title first: the order of the PDF's text layer and its tags. A
    picture that says what it shows (its box's ``alt``) is read, so it takes its place among
    the text (drawn there too, over the shapes), never before the card's name."""
    shapes = [el for el in elements if not el.is_read]
    text = [el for el in elements if el.is_read]
    by_box = {id(el.box): el for el in text}
    rows = title_first(reading_rows([el.box for el in text]))
    return shapes + [by_box[id(b)] for row in rows for b in row]


def title_first(rows: list[list[Box]]) -> list[list[Box]]:
    """The box named ``title`` alone first, then what shares its row (a cost, a value), then
    the other rows in reading order: a screen reader meets the card's name first. A row
    above the title that a box of the title's row stands beside too (a kicker over the
    title, a cost box as tall as both) is read before that box, as the eye reads it: "Long
    Table", "PROJECT", "COST 2", not the cost before the kind of card it is the cost of."""
    for i, row in enumerate(rows):
        titles = [b for b in row if b.name == "title"]
        if titles:
            rest = [b for b in row if b.name != "title"]
            beside = [r for r in rows[:i] if any(_side_by_side(m, b) for m in rest for b in r)]
            above = [r for r in rows[:i] if not any(r is s for s in beside)]
            return [titles, *beside] + ([rest] if rest else []) + above + rows[i + 1 :]
    return rows


def _side_by_side(a: Box, b: Box) -> bool:
    """Whether two boxes share some height on the face (one stands beside the other)."""
    return a.y < b.y + b.h and b.y < a.y + a.h


def reading_rows(boxes: list[Box]) -> list[list[Box]]:
    """Boxes grouped into rows (vertical centres within half a box height of each other) and
    ordered top to bottom, then left to right: the order a player reads the card."""
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
