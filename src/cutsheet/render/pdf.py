"""PDF plumbing shared by every part: canvases with metadata, page furniture, atomic writes."""

from __future__ import annotations

import io
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..impose import Grid, Segment
from ..measure import register

MARK_WIDTH_PT = 0.25


@dataclass(frozen=True)
class DocMeta:
    title: str
    author: str
    subject: str
    creator: str
    lang: str
    duplex: Literal["long", "short"] | None = None


def apply_meta(c: Canvas, meta: DocMeta) -> None:
    c.setTitle(meta.title)
    c.setAuthor(meta.author)
    c.setSubject(meta.subject)
    c.setCreator(meta.creator)
    c.setProducer(meta.creator)
    c.setViewerPreference("PrintScaling", "None")
    c.setViewerPreference("DisplayDocTitle", "true")
    if meta.duplex:
        flip = "DuplexFlipLongEdge" if meta.duplex == "long" else "DuplexFlipShortEdge"
        c.setViewerPreference("Duplex", flip)


def new_canvas(buf: io.BytesIO, page_mm: tuple[float, float], meta: DocMeta) -> Canvas:
    """A canvas whose only fonts are our embedded TrueType faces."""
    regular = register()
    c = Canvas(
        buf,
        pagesize=(page_mm[0] * mm, page_mm[1] * mm),
        initialFontName=regular,
        initialFontSize=8,
        lang=meta.lang,
        pageCompression=1,
    )
    apply_meta(c, meta)
    return c


def draw_segments(c: Canvas, segments: tuple[Segment, ...], width: float = MARK_WIDTH_PT) -> None:
    c.saveState()
    c.setLineWidth(width)
    c.setStrokeColorRGB(0, 0, 0)
    for s in segments:
        c.line(s.x1 * mm, s.y1 * mm, s.x2 * mm, s.y2 * mm)
    c.restoreState()


def draw_scale_bar(c: Canvas, x_mm: float, y_mm: float, *, vertical: bool, size: float = 6) -> None:
    """A 50 mm bar with end ticks and its label, to check the print scale with a ruler."""
    c.saveState()
    c.translate(x_mm * mm, y_mm * mm)
    if vertical:
        c.rotate(90)
    c.setLineWidth(0.6)
    c.line(0, 0, 50 * mm, 0)
    for t in (0, 10, 20, 30, 40, 50):
        tick = 1.6 if t in (0, 50) else 0.8
        c.line(t * mm, -tick * mm, t * mm, tick * mm)
    c.setFont(register(), size)
    c.drawString(52 * mm, -size * 0.35, "50 mm")
    c.restoreState()


def draw_note(
    c: Canvas, text: str, x_mm: float, y_mm: float, *, vertical: bool, size: float = 6
) -> None:
    c.saveState()
    c.translate(x_mm * mm, y_mm * mm)
    if vertical:
        c.rotate(90)
    c.setFont(register(), size)
    c.drawString(0, 0, text)
    c.restoreState()


@dataclass(frozen=True)
class Furniture:
    """What every page carries in its margin: the 100 % note and the 50 mm bar, at a size."""

    note: str  # the profile's scale_note
    size: float

    @property
    def line_mm(self) -> float:
        return self.size * 1.3 / mm

    @property
    def band_mm(self) -> float:
        """Bottom margin a document page needs for note, bar and label."""
        return max(16.0, 3 * self.line_mm + 6)

    def label(self, long: str, short: str) -> str:
        return long if self.size < 12 else short


def grid_furniture(c: Canvas, grid: Grid, label: str, f: Furniture) -> None:
    """The 100 % note, the 50 mm scale bar and a page label, placed where no crop mark is:
    up the side margins between two cut lines, or in the band below the bottom marks."""
    size = f.size
    if grid.notes_beside:
        y = grid.side_note_y()
        draw_note(c, f.note, grid.left / 2 + size / mm * 0.35, y, vertical=True, size=size)
        right_x = grid.right + (grid.page_w - grid.right) / 2 + size / mm * 0.35
        draw_scale_bar(c, right_x, y, vertical=True, size=size)
        other = [r for r in range(grid.rows) if r != grid.rows // 2]
        label_y = grid.cut_ys[other[-1]] + 2 if other else y + 50 + 6 * size / mm * 0.6 + 4
        draw_note(c, label, right_x, label_y, vertical=True, size=size)
        return
    base = 3.0
    draw_note(c, f.note, grid.left, base, vertical=False, size=size)
    draw_scale_bar(c, grid.right - 52 - 6 * size / mm * 0.6, base + 1.0, vertical=False, size=size)
    draw_note(c, label, grid.left, grid.page_h - 3.0 - size / mm * 0.8, vertical=False, size=size)


def page_furniture(c: Canvas, page_mm: tuple[float, float], label: str, f: Furniture) -> None:
    """For flowing pages: the note above the scale bar at bottom left, the label at the right."""
    w, _h = page_mm
    line = f.line_mm
    draw_scale_bar(c, 12, 4 + f.size / mm * 0.35, vertical=False, size=f.size)
    draw_note(c, f.note, 12, 4 + line + 1.5, vertical=False, size=f.size)
    c.saveState()
    c.setFont(register(), f.size)
    c.drawRightString((w - 12) * mm, (4 + 2 * line + 2) * mm, label)
    c.restoreState()


def atomic_write(path: Path, data: bytes) -> None:
    """Write to a temporary file beside ``path`` and rename it into place: a failed or
    interrupted build never leaves a half-written PDF where the last good one was."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
