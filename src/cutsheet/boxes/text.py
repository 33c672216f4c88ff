"""``text`` boxes: a Jinja2 template over the item's data, set in a named style, measured so
text that does not fit its box is a located error."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal

from pydantic import Field

from ..diagnostics import Loc, Problem
from ..markup_errors import template_markup_error, written_by_template
from ..measure import (
    MM,
    UNBOUNDED,
    MarkupError,
    Measured,
    TextStyle,
    Unprintable,
    face_name,
    measure,
    wrapped,
)
from ..symbols import expand, has_symbols, pad
from ..text import render
from ..text.pointed import pointed_markup
from .base import (
    Box,
    BoxKind,
    Element,
    FillContext,
    Pen,
    Traits,
    field_holding,
    field_of,
    least_size,
    value_loc,
)

Valign = Literal["top", "middle", "bottom"]
ReadAs = Literal["paragraph", "heading", "list", "title", "item", "label"]
"""How a screen reader is told a text box: a paragraph; a heading under the card's title (H3
on a card); a list, an item a line (split at ``<br/>``), a leading number or bullet its label;
part of the card's own heading, read with its title as one (a ticket's "TICKET" and its
colour: "TICKET ORANGE", where every ticket's title alone says "TICKET"); an item of the list
the face's ``item`` boxes make together, in box order (a help card's options, each in a box of
its own beside its icon); the label of the item box after it (a "+1" printed where the other
items have an icon)."""


FIT_HINT = "; shorten it, or give it a taller box or a smaller style"
"""What mends text that does not fit its box (never shrunk: the guide's 'Read an error')."""
FIT_HINT_NAMED = "; shorten it, or give it a taller box"
"""The same under a profile of its own (large print), whose least size no style goes under."""


@dataclass(frozen=True, kw_only=True)
class TextBox(Box):
    text: str | None = None
    valign: Valign = "top"
    read_as: ReadAs = "paragraph"


@dataclass(frozen=True, kw_only=True)
class TextElement(Element):
    markup: str
    style: TextStyle
    avail: tuple[float, float]  # the width and height (pt) it was measured in
    height: float  # pt, as measured
    heading: bool = False  # the card's title: tagged as a heading
    text: str = ""
    reach: tuple[float, float] = (0.0, 0.0)  # pt a <super> and a <sub> reach past the lines

    @property
    def set_height(self) -> float:
        """Points its lines take as drawn (``set_height``)."""
        return set_height(self.height, self.style)

    def top_in_box(self, box_h: float) -> float:
        """Points from the box's top to the paragraph's top, as ``valign`` places it."""
        valign = getattr(self.box, "valign", "top")
        free = box_h - self.set_height
        return 0.0 if valign == "top" else free / 2 if valign == "middle" else free

    def ink_rows(self) -> tuple[float, float]:
        """Where (mm from the box's top) its text's ink starts and ends, as drawn."""
        top = self.top_in_box(self.box.h * MM)
        return (top - self.reach[0]) / MM, (top + self.set_height + self.reach[1]) / MM

    @property
    def is_text(self) -> bool:
        return True

    @property
    def plain(self) -> str:
        return self.text


_DIGITS = re.compile(r"\d+")
_MARKUP = frozenset("&<>\"'")
MAX_WORD = 200
"""Longest word measured by its shape."""


def word_shape(value: object) -> str | None:
    """A plain word's shape: the word with each run of its digits sorted (``SYN-000120`` →
    ``SYN-000012``); None for anything else (a space, markup, a control or format character,
    a symbol, over ``MAX_WORD`` characters). Words of one shape have the same characters in
    the same runs: the same width in every font, the same glyphs, the same places to break."""
    if type(value) is not str or not 0 < len(value) <= MAX_WORD:
        return None
    return _shape(value)


@lru_cache(maxsize=8192)  # a word's shape is asked for by several steps of one item
def _shape(value: str) -> str | None:
    if not value.isprintable():
        return None
    if " " in value or not _MARKUP.isdisjoint(value) or has_symbols(value):
        return None
    if value.isalpha():
        return value
    return _DIGITS.sub(_sorted_digits, value)


def _sorted_digits(run: re.Match[str]) -> str:
    return "".join(sorted(run.group()))


def fit(markup: str, style: TextStyle, width: float) -> Measured:
    """``measure``, once for all words of one shape (a deck's ids, ``SYN-000001`` to
    ``SYN-100000``, are measured about two thousand times, not a hundred thousand): such a
    word's height and overrun are its shape's, its plain text itself."""
    shape = word_shape(markup)
    m = None if shape is None else _fit_shape(shape, style, width)
    if m is None:
        return measure(markup, style, width)
    return m if m.plain == markup else replace(m, plain=markup)


@lru_cache(maxsize=4096)
def _fit_shape(shape: str, style: TextStyle, width: float) -> Measured | None:
    """The measure of a word's shape; None when the shape reads otherwise than written or a
    glyph is missing (each word is then measured, and its messages name its own glyphs)."""
    m = measure(shape, style, width)
    return m if m.plain == shape and not m.missing else None


def fill(box: TextBox, fc: FillContext, fill: str | None, stroke: str | None) -> Element | None:
    """The box's text for this item, measured; with ``fc.memo``, once for every item whose
    text is the same (or, for a plain word, of the same shape) in the same box, style and
    paint, when it had no problem."""
    if fc.memo is None:
        return _fill(box, fc, fill, stroke)
    markup = render(box.text or "", fc.ctx)
    shape = word_shape(markup)
    style = fc.styles[box.style]
    key = ("text", box, style, fc.min_size, fc.adjust is None, fill, stroke, markup, shape)
    if shape is not None:
        key = (*key[:-2], shape, True)
    found = fc.memo.get(key)
    if found is not None:
        el, word = found
        if word is None or word == markup:
            return el
        return replace(el, markup=markup, text=markup)
    before = len(fc.problems)
    el = _fill(box, fc, fill, stroke)
    if isinstance(el, TextElement) and len(fc.problems) == before:
        if shape is None:
            fc.memo[key] = (el, None)
        elif el.markup == markup and el.text == markup:
            fc.memo[key] = (el, markup)
    return el


def _fill(box: TextBox, fc: FillContext, fill: str | None, stroke: str | None) -> Element | None:
    style = fc.styles[box.style]
    markup = render(box.text or "", fc.ctx)
    if fc.adjust is not None:
        markup = fc.adjust(markup)
    markup = expand(markup, style.size, style.leading, face_name("bold"))
    if box.read_as == "list":
        markup = listed(markup, style)
    field = field_of(box.text, fc.ctx)
    # Text that names an item field is that item's problem; fixed text is the layout's.
    where = fc.loc_of(field) if field else box.loc
    head = f"box '{box.name}'"

    def problem(where: Loc, message: str) -> Problem:
        return Problem(where, f"{head}: {message}", subject=fc.label, code="box")

    if style.size < fc.min_size:
        fc.problems.append(
            Problem(
                box.loc,
                f"style '{box.style}' is {style.size:g} pt, under {least_size(fc)}",
                code="style",
            )
        )
    avail = (box.w * MM, box.h * MM)
    try:
        m = fit(markup, style, avail[0])
    except MarkupError as exc:
        own = template_markup_error(box.text or "")  # the layout's own markup, at its tag
        said = f"bad markup: {own or exc}"
        at = pointed_markup(value_loc(box, "text"), said) if own else where
        fc.problems.append(problem(at, said))
        return None
    short = _no_line_fits(m, box, style, fc)
    fc.problems.extend(
        problem(_lacking_at(box, fc, lost.chars[0], where), _lacking(lost, style, fc))
        for lost in m.missing
    )
    fc.problems.extend(
        problem(where, msg) for msg in _measured_problems(m, box, style, fc, not short)
    )
    if short:  # the box's own height, the same for every item: said at the box
        fc.problems.append(Problem(box.loc, f"{head}: {short}", subject=fc.label, code="geometry"))
    return TextElement(
        box=box,
        fill=fill,
        stroke=stroke,
        markup=markup,
        style=style,
        avail=avail,
        height=m.height,
        heading=box.name == "title",
        text=m.plain,
        reach=m.reach,
    )


def _lacking_at(box: TextBox, fc: FillContext, char: str, where: Loc) -> Loc:
    """Where a character the font lacks is said: at the box's text when the layout's own
    template writes it (the layout's to mend), else at the item's field that holds it (not
    the first field the text prints), else at ``where``."""
    if written_by_template(box.text or "", char):
        return value_loc(box, "text")
    field = field_holding(box.text, fc.ctx, char)
    return fc.loc_of(field) if field else where


def _lacking(lost: Unprintable, style: TextStyle, fc: FillContext) -> str:
    """The message for characters a font lacks, naming the profile that chose our font for
    this text when the layout's style asked for another (``instead_of``)."""
    if not style.instead_of:
        return lost.message
    return (
        f"{lost.message} (the {fc.profile} profile sets this text in it, not in {style.instead_of})"
    )


def _no_line_fits(m: Measured, box: TextBox, style: TextStyle, fc: FillContext) -> str:
    """Why no text fits the box, when its text does not and one line of its style would not
    either ('' otherwise): the box's fault, not the item's (a probe: a face scaled to a
    63 × 30 mm card said 'text does not fit' at every item, for each of three boxes)."""
    line = set_height(style.leading, style)
    if set_height(m.height, style) <= box.h * MM + 0.01 or line <= box.h * MM + 0.01:
        return ""
    profile = f" in the {fc.profile} profile" if _named(fc) else ""
    return (
        f"no text fits: the box is {round(box.h, 1):g} mm tall{_laid(box.h, fc, 1)}{profile},"
        " under one line of its"
        f" style '{box.style}' ({line / MM:.1f} mm){NO_LINE_HINT}"
    )


def _laid(mm: float, fc: FillContext, axis: int) -> str:
    """On a face scaled to its card, a box's height (``axis`` 1) or width (0) as the layout
    gives it, which the designer wrote (" (20 mm in the layout, scaled to this card)");
    '' on a face printed as laid out."""
    k = fc.scaled[axis] if fc.scaled is not None else 1.0
    if abs(k - 1.0) < 1e-9:
        return ""
    return f" ({round(mm / k, 1):g} mm in the layout, scaled to this card)"


NO_LINE_HINT = "; give it a taller box or a smaller style"
"""What mends a box no line of its style fits (a box cutsheet ships says its own mend)."""


def _measured_problems(
    m: Measured, box: TextBox, style: TextStyle, fc: FillContext, fits_a_line: bool = True
) -> list[str]:
    """What is wrong with the box's text as measured, but the glyphs its font lacks
    (``_lacking``): a word wider than the box, a run under the profile's least size or over
    its style's line, text taller than the box (where a line of its style fits the box:
    ``_no_line_fits`` says the rest). A profile other than the standard one is named: its
    boxes are not the layout's (large print scales them)."""
    out: list[str] = []
    # (a face scaled to its card has boxes of any width: said to a tenth, never 34.4921 mm)
    box_w = f"{round(box.w, 1):g} mm box{_laid(box.w, fc, 0)}"
    box_w += f" in the {fc.profile} profile" if _named(fc) else ""
    if m.too_wide > 0.5:
        out.append(
            f"a word is {m.too_wide / MM:.1f} mm wider than the {box_w}"
            " (words are never broken or shrunk; shorten it or widen the box)"
        )
    if m.smallest < fc.min_size <= style.size:  # a style under it is the style's problem
        out.append(
            f"a text run is {m.smallest:g} pt, under {least_size(fc)}"
            " (<font size>, <super> and <sub> set text smaller than its style)"
        )
    # markup set a run larger than both its style and the lines the style spaces (a style
    # whose leading is under its size, a tight display face, is the layout's own choice)
    if m.largest > max(style.size, style.leading) + 0.01:
        out.append(
            f"a text run is {m.largest:g} pt, larger than the {style.leading:g} pt its style"
            " spaces lines by: it prints over the lines around it and out of the box (set it"
            " with a style of that size instead of <font size>)"
        )
    height = set_height(m.height, style)
    if height > box.h * MM + 0.01 and fits_a_line:
        over = (height - box.h * MM) / MM
        out.append(
            f"text does not fit: it needs {height / MM:.1f} mm, the box is {round(box.h, 1):g} mm"
            f"{_laid(box.h, fc, 1)}"
            f" ({over:.1f} mm over{f', {fc.profile} profile' if _named(fc) else ''})"
            f"{FIT_HINT_NAMED if _named(fc) else FIT_HINT}"
        )
    return out


def set_height(height: float, style: TextStyle) -> float:
    """Points lines ``height`` tall by their leading take as drawn: a style whose size is
    over its leading sets the first baseline that much lower (a font size below the top)."""
    return height + max(0.0, style.size - style.leading)


def _named(fc: FillContext) -> bool:
    return fc.profile not in ("", "standard")


def draw(pen: Pen, el: TextElement, bx: float, by: float, bw: float, bh: float) -> None:
    if el.fill:
        with pen.artifact():
            pen.rect(bx, by, bw, bh, fill=el.fill, stroke=None)
    valign = getattr(el.box, "valign", "top")
    below = el.set_height - el.height  # a style over its leading sets its lines this lower
    if valign == "top":
        ty = by + bh - el.height
    elif valign == "middle":
        ty = by + (bh - el.set_height) / 2 + below
    else:
        ty = by + below
    read_as = getattr(el.box, "read_as", "paragraph")
    if read_as == "list" and not el.heading and f'"{ITEM}"' in el.markup:
        pen.paragraph(
            el.markup, el.style, el.box.style, el.avail, bx, ty, as_list=True, box=el.box.name
        )
        return
    if read_as in ("item", "label") and not el.heading:  # a part of a list of item boxes
        with pen.list_part(read_as):
            pen.paragraph(el.markup, el.style, el.box.style, el.avail, bx, ty)
        return
    with pen.tagged("H2" if el.heading else "H3" if read_as == "heading" else "P"):
        pen.paragraph(el.markup, el.style, el.box.style, el.avail, bx, ty)


# -- a list box: one paragraph, as drawn before, its items marked for the structure tree
ITEM, LABEL_END, ITEM_END = "cs_li", "cs_lb", "cs_le"
"""The callbacks (``render/tagging.py``) around a list item, after its label and at its end."""
_TAG = re.compile(r"<(/?)([A-Za-z]+)[^>]*?(/?)>")
_LABEL = re.compile(
    r"(?:<(?!br\b|img\b|onDraw\b)[A-Za-z][^>]*>)*"  # a run's opening tags: <b>, <font …>
    r"(?:\d+[.)]|[•◦▪‣●○■□–—*-])"  # 1. 12) • – *
    r"(?:</[A-Za-z]+>)*(?=\s)"  # the run's closing tags, then a space
)


def line_breaks(markup: str) -> list[tuple[int, int]]:
    """(start, end) of every ``<br/>`` outside any other tag's span: where a paragraph may be
    cut without splitting a bold run or a font change in two (an overleaf cuts a box there),
    and the ends of a list's items."""
    depth, out = 0, []
    for m in _TAG.finditer(markup):
        closing, tag, empty = m.group(1), m.group(2).lower(), m.group(3)
        if tag == "br":
            if depth == 0:
                out.append((m.start(), m.end()))
        elif closing:
            depth = max(depth - 1, 0)
        elif not empty and tag != "img":
            depth += 1
    return out


def _mark(name: str, label: str = "") -> str:
    return f'<onDraw name="{name}" label="{label}"/>'


def _item(item: str, room: float = 0.0) -> str:
    """One item marked: its start (after leading blanks), the end of its label (a number
    and a dot or bracket, or a bullet, before a space, maybe inside a run's opening tags)
    and its end (before trailing blanks). The marks are zero-width and touch words, so the
    lines break where they did; ``room`` (points) after a label pads it to its list's
    widest."""
    body = item.strip()
    if not body:
        return item
    lead = item[: len(item) - len(item.lstrip())]
    trail = item[len(lead) + len(body) :]
    label = _LABEL.match(body)
    if label is None:
        return f"{lead}{_mark(ITEM, 'P')}{body}{_mark(ITEM_END)}{trail}"
    cut = label.end()
    padded = pad(room) if room > 0.05 else ""
    marked = f"{body[:cut]}{_mark(LABEL_END)}{padded}{body[cut:]}"
    return f"{lead}{_mark(ITEM, 'Lbl')}{marked}{_mark(ITEM_END)}{trail}"


def listed(markup: str, style: TextStyle | None = None) -> str:
    """A list box's markup with each item (a run between top-level ``<br/>``) marked. With
    its ``style``, set left, each label narrower than the list's widest ("1." beside "4.",
    "9." beside "10.") is followed by transparent room up to it, so that every item's words
    start at one column: the one its wrapped lines hang at (``hanging_items``)."""
    start, pieces = 0, []
    for b_start, b_end in [*line_breaks(markup), (len(markup), len(markup))]:
        pieces.append((markup[start:b_start], markup[b_start:b_end]))
        start = b_end
    left = style is not None and style.align == "left"
    widths = _label_widths([p for p, _ in pieces], style) if left and style else {}
    widest = max(widths.values(), default=0.0)
    return "".join(
        _item(piece, widest - widths.get(i, widest)) + br for i, (piece, br) in enumerate(pieces)
    )


def _label_widths(pieces: list[str], style: TextStyle) -> dict[int, float]:
    """The width (points) of each labelled item's label and the space after it, set in
    ``style`` (its own tags closed after that space: a label inside a bold run that goes on
    past it has a bold space; a no-break one, which a line keeps at its end)."""
    widths = {}
    for i, piece in enumerate(pieces):
        label = _LABEL.match(piece.strip())
        if label is None:
            continue
        opened = [m.group(2) for m in _TAG.finditer(label.group()) if not m.group(1)]
        closed = [m.group(2) for m in _TAG.finditer(label.group()) if m.group(1)]
        shut = "".join(f"</{t}>" for t in reversed(opened[len(closed) :]))
        try:
            para, _h = wrapped(label.group() + "\xa0" + shut, style, "", UNBOUNDED, UNBOUNDED)
        except MarkupError:
            continue  # (said where the whole text is measured)
        widths[i] = max(para.getActualLineWidths0(), default=0.0)
    return widths


KIND = BoxKind(
    name="text",
    keys={
        "text": (str | None, Field(None, description="Jinja2 template over the item's values")),
        "valign": (Valign | None, None),
        "read_as": (
            ReadAs | None,
            Field(
                None,
                description="how a screen reader reads the box: paragraph (the default),"
                " heading (under the card's title), list (an item a line, split at"
                " <br/>; a leading number or bullet is the item's label), title (part of"
                " the card's heading, read with its title as one: TICKET ORANGE), item (an"
                " item of the one list the face's item boxes make, in box order) or label"
                " (the label of the item box after it)",
            ),
        ),
    },
    box=TextBox,
    fill=fill,
    draw=draw,
    traits=Traits(holds_text=True, styled=True),
)
