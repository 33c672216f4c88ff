"""Vector icons drawn inside a box, so no symbol depends on a font's glyph coverage: the
registry of icon names and the drawing of one icon in a box."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

from reportlab.graphics import renderPDF
from reportlab.pdfgen.canvas import Canvas

from ...symbols import svg_drawing
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


def draw_icon(c: Canvas, name: str, x: float, y: float, w: float, h: float) -> None:
    """Draw icon ``name`` centred in the box (x, y, w, h), in the current colours; a name
    ``@<file>`` (see :func:`cutsheet.symbols.icon_ref`) is a project's own icon, drawn in its
    own colours: an SVG as vectors, a PNG as an image."""
    if not name.startswith("@"):
        ICONS[name](c, x + w / 2, y + h / 2, min(w, h))
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
    renderPDF.draw(drawing, c, 0, 0)
    c.restoreState()
