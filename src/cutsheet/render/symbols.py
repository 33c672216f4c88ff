"""Drawing symbols inside running text (see :mod:`cutsheet.symbols`): paragraph callbacks that
draw a cube tile or an icon where the text put it, and open and close ActualText spans."""

from __future__ import annotations

import functools

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from ..symbols import SAID
from .form_makers import known
from .icons import draw_icon
from .tagging import items_open

CAP_MIDDLE = 0.35  # the middle of a capital letter, as a fraction of the font size


def _pdf_string(text: str) -> str:
    """A PDF string literal: ``(…)`` for ASCII, else UTF-16BE hex with its byte-order mark."""
    if not text.isascii():
        return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"
    return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


SILENT = "/Span <</ActualText ()>> BDC"
"""How a drawing inside running text (a cube's tile, an icon beside its word, a spacer) is
marked: a span read as nothing, part of its paragraph's content. Not an artifact: the
paragraph's text is tagged content around it, and PDF/UA allows no artifact inside tagged
content (Matterhorn 01-003); a span without an MCID claims nothing for the structure tree,
so it is also allowed where the paragraph itself is an artifact (a ruled table's cell)."""

ASIDE = "/Artifact BMC"
"""How the same drawing is marked where the paragraph's tagged content is not around it: a
list box's items open and close their marked content inside the paragraph's text object
(``tagging.Tagger.items``), and what a callback draws on the canvas comes before that text
object, outside every tagged sequence, where decoration must be an artifact."""


def _opened(c: Canvas) -> str:
    """The operator that opens a drawing inside running text: ``ASIDE`` while a list box's
    items are tagged, else ``SILENT``."""
    return ASIDE if items_open(c) else SILENT


TILE_FORM = 100.0  # pt: a cube tile is drawn once per file and colour at this size, then scaled
TILE_LINE = 0.6  # pt: the tile's outline, whatever its size


def _tile_form(c: Canvas, fill: str) -> str:
    """The Form XObject of a cube tile in ``fill`` (``TILE_FORM`` across, its lower left on
    the origin): a rounded square in the cube's colour, outlined in the current line width,
    with a white centre. Drawn on its first use in this file: the tiles of every card are one
    form a colour."""
    made: set[str] = c.__dict__.setdefault("_cutsheet_tile_forms", set())
    form = f"cs-cube-{fill.lstrip('#').lower()}"
    if form not in made:
        t = TILE_FORM
        c.beginForm(form, -t / 10, -t / 10, t * 1.1, t * 1.1)
        c.setStrokeColor(colors.black)
        c.setFillColor(colors.HexColor(fill))
        c.roundRect(0, 0, t, t, t * 0.18, stroke=1, fill=1)
        inner = t * 0.74
        c.setFillColor(colors.white)
        c.roundRect((t - inner) / 2, (t - inner) / 2, inner, inner, t * 0.1, stroke=0, fill=1)
        c.endForm()
        made.add(form)
        known(form, functools.partial(_tile_form, fill=fill))
    return form


def _cube(c: Canvas, kind: str, label: str) -> None:
    """A tile in the cube's colour with a white centre holding the letter (the paragraph draws
    the letter itself, on top): readable in grey and at 21:1 contrast whatever the colour."""
    info = c._curr_tx_info  # type: ignore[attr-defined]
    _letter, fill, tile, width, size = label.split("|")
    t, w, s = float(tile), float(width), float(size)
    x = info["cur_x"] + w / 2 - t / 2
    y = info["cur_y"] + CAP_MIDDLE * s - t / 2
    form = _tile_form(c, fill)
    scale = t / TILE_FORM
    c.addLiteral(_opened(c))  # the tile is decoration: its letter is the text
    c.saveState()
    c.translate(x, y)
    c.scale(scale, scale)
    c.setLineWidth(TILE_LINE / scale)
    c.doForm(form)
    c.restoreState()
    c.addLiteral("EMC")


def _icon(c: Canvas, kind: str, label: str) -> None:
    info = c._curr_tx_info  # type: ignore[attr-defined]
    name, colour, tile, size = label.split("|")
    t, s = float(tile), float(size)
    x, y = info["cur_x"], info["cur_y"] + CAP_MIDDLE * s - t / 2
    c.addLiteral(_opened(c))  # an icon beside its word is silent
    c.saveState()
    draw_icon(c, name, x, y, t, t, colour, colour)
    c.restoreState()
    c.addLiteral("EMC")


def _artifact(c: Canvas, kind: str, label: str) -> None:
    """Open (``(``) or close (``)``) a silent span around a transparent spacer image."""
    c.addLiteral(_opened(c) if label == "(" else "EMC")


def _text(c: Canvas, kind: str, label: str) -> None:
    """Open a span read as the notation (ActualText) and said in words (E, the expansion)."""
    literal, sep, said = label.rpartition(SAID)  # words never hold it; a said value may
    if not sep:
        literal, said = label, ""
    props = f"/ActualText {_pdf_string(literal)}"
    if said:
        props += f" /E {_pdf_string(said)}"
    c._curr_tx_info["tx"]._code.append(f"/Span <<{props}>> BDC")  # type: ignore[attr-defined]


def _end(c: Canvas, kind: str, label: str) -> None:
    c._curr_tx_info["tx"]._code.append("EMC")  # type: ignore[attr-defined]


def install(c: Canvas) -> None:
    """Let paragraphs on this canvas draw symbols (once per canvas)."""
    if c.getNamedCB("cs_cube") is None:
        c.setNamedCB("cs_cube", _cube)
        c.setNamedCB("cs_icon", _icon)
        c.setNamedCB("cs_text", _text)
        c.setNamedCB("cs_end", _end)
        c.setNamedCB("cs_art", _artifact)
