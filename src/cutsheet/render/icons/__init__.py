"""Vector icons drawn inside a box, so no symbol depends on a font's glyph coverage: the
registry of icon names and the drawing of one icon in a box."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from reportlab.graphics import renderPDF
from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from ...symbols import svg_drawing
from ..form_makers import known
from ..replay import copyable, traces
from . import arrows, shapes, tickets
from .paths import Icon

ICONS: dict[str, Icon] = {
    "drop": shapes.drop,
    "flame": shapes.flame,
    "leaf": shapes.leaf,
    "circle": shapes.circle,
    "square": shapes.square,
    "triangle": shapes.triangle,
    "diamond": shapes.diamond,
    "star": shapes.five_point_star,
    "check": shapes.check,
    "cross": shapes.cross,
    "arrow": arrows.arrow,
    "arrows-both": arrows.arrows_both,
    "hourglass": shapes.hourglass,
    "trash": shapes.trash,
    "plus": shapes.plus,
    "hand": shapes.hand,
    "swap-vertical": arrows.swap_vertical,
    "cycle": arrows.cycle,
    "cycle-ccw": arrows.cycle_ccw,
    "person-swap": arrows.person_swap,
    "ticket": tickets.ticket,
    "ticket-swap": tickets.ticket_swap,
    "ticket-swap-own": tickets.ticket_swap_own,
    "card-swap": tickets.card_swap,
    "ticket-in": tickets.ticket_in,
    "repeat": arrows.repeat,
    "exchange": arrows.exchange,
    "bolt": shapes.bolt,
    "sparkle": shapes.sparkle,
    "trophy": shapes.trophy,
    "music-note": shapes.music_note,
}


FORM_SIZE = 100.0  # pt: a packaged icon is drawn once per file at this size, then scaled


def _icon_form(c: Canvas, name: str, fill: str, stroke: str) -> str:
    """The name of the Form XObject that holds packaged icon ``name`` in ``fill`` and
    ``stroke`` (centred on the origin, ``FORM_SIZE`` across), drawn on the first use in this
    file: a deck repeats its icons on every card, the file holds each once. The form sets its
    own colours, so a reader that does not pass the page's colours into forms sees them too."""
    made: set[str] = c.__dict__.setdefault("_cutsheet_icon_forms", set())
    form = f"cs-icon-{name}-{fill.lstrip('#').lower()}-{stroke.lstrip('#').lower()}"
    if form not in made:
        reach = FORM_SIZE  # twice the icon's half size: room for any outline's stroke
        c.beginForm(form, -reach, -reach, reach, reach)
        c.setFillColor(colors.HexColor(fill))
        c.setStrokeColor(colors.HexColor(stroke))
        _draw_packaged(c, name, fill, stroke)
        c.endForm()
        made.add(form)
        known(form, functools.partial(_icon_form, name=name, fill=fill, stroke=stroke))
    return form


_drawn: dict[tuple[str, str, str], tuple[str, ...] | None] = {}
KEPT = 1024  # icons in their colours whose operators are kept
_NOT_COPIED = (" Do", " gs", " sh", " Tf", "BI ")  # what names a file's own resources


def _draw_packaged(c: Canvas, name: str, fill: str, stroke: str) -> None:
    """``ICONS[name]`` drawn into the form being made, in ``fill`` and ``stroke``. Every file
    draws its icons' forms again, the same paths in the same colours (0.046 s of a cold
    build): the operators an icon wrote the first time are copied after that, in any file,
    when they named none of the file's own resources (a font, a form, a graphics state) and
    left nothing else on the canvas (``replay.traces``)."""
    key = (name, fill, stroke)
    ops = _drawn.get(key)
    if ops is not None:
        c._code.extend(ops)  # type: ignore[attr-defined]
        return
    code: list[Any] = c._code  # type: ignore[attr-defined]
    start, before = len(code), traces(c)
    ICONS[name](c, 0.0, 0.0, FORM_SIZE)
    if key in _drawn or len(_drawn) >= KEPT:  # refused before, or enough kept
        return
    drawn = code[start:]
    kept = traces(c) == before and copyable(drawn, _NOT_COPIED)
    _drawn[key] = tuple(drawn) if kept else None


def draw_icon(
    c: Canvas,
    name: str,
    x: float,
    y: float,
    w: float,
    h: float,
    fill: str = "#000000",
    stroke: str = "#000000",
) -> None:
    """Draw icon ``name`` centred in the box (x, y, w, h), in ``fill`` and ``stroke``; a name
    ``@<file>`` (see :func:`cutsheet.symbols.icon_ref`) is a project's own icon, drawn in its
    own colours: an SVG as vectors, a PNG as an image.

    A packaged icon is placed from its form (``_icon_form``), scaled to the box; the current
    line width is divided by that scale first, so an outline the icon strokes in the current
    width keeps it, and one the icon sizes itself scales with the icon, as drawn directly."""
    if not name.startswith("@"):
        size = min(w, h)
        if size <= 0:
            return
        form = _icon_form(c, name, fill, stroke)
        scale = size / FORM_SIZE
        c.saveState()
        c.translate(x + w / 2, y + h / 2)
        c.scale(scale, scale)
        c.setLineWidth(c._lineWidth / scale)
        c.doForm(form)
        c.restoreState()
        return
    path = unquote(name[1:])
    if not path.lower().endswith(".svg"):
        c.drawImage(path, x, y, w, h, preserveAspectRatio=True, anchor="c", mask="auto")
        return
    drawing = svg_drawing(path, Path(path).stat().st_mtime_ns)
    scale = min(w / drawing.width, h / drawing.height)
    c.saveState()
    c.translate(x + (w - drawing.width * scale) / 2, y + (h - drawing.height * scale) / 2)
    c.scale(scale, scale)
    clip = c.beginPath()  # as SVG does: nothing past the drawing's own size (its viewBox)
    clip.rect(0, 0, drawing.width, drawing.height)
    c.clipPath(clip, stroke=0, fill=0)
    # svglib's drawing would start in ReportLab's default font (Helvetica, never embedded),
    # and the renderer names its font on the page though an icon sets no text (an SVG with
    # text is refused): it starts in the canvas's own font instead
    drawing.initialFontName, drawing.initialFontSize = c._fontname, c._fontsize
    renderPDF.draw(drawing, c, 0, 0)
    c.restoreState()
