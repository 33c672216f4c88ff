"""``image`` boxes: a picture file from the game's folder (or a template naming one), checked
with Pillow at plan time and drawn to fit its box."""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from PIL import Image as PILImage
from pydantic import Field

from ..confine import confined, not_a_file, project_of
from ..diagnostics import ContentError, Problem, clip, display_path, excerpt
from ..text import render_plain
from .base import (
    ALT_KEY,
    Box,
    BoxKind,
    Element,
    FillContext,
    Pen,
    Traits,
    alt_text,
    drawn_as_figure,
    field_of,
    value_loc,
)

MAX_PIXELS = 50_000_000
"""Largest picture read (width × height): a 600 dpi A3 page is 35 million pixels."""
FORMATS = ("PNG", "JPEG", "GIF", "BMP", "TIFF", "WEBP")
"""The picture formats read. Not EPS or PDF, which Pillow hands to Ghostscript."""


@dataclass(frozen=True, kw_only=True)
class ImageBox(Box):
    src: str
    alt: str | None = None


@dataclass(frozen=True, kw_only=True)
class ImageElement(Element):
    path: str  # a checked image file
    alt: str = ""  # what a reader is told it shows; '' for decoration


DEEP_MODES = frozenset({"I", "I;16", "I;16B", "I;16L", "I;16N", "F"})
"""Pillow's modes of 16-bit and 32-bit pixels, which ReportLab prints clipped to 8 bits."""
DEEP = "{mode} pixels, 16 bits or more a channel, which print clipped; save it with 8 bits"


@lru_cache(maxsize=256)
def _unreadable(path: str, mtime_ns: int, size: int) -> str | None:
    """Why the picture at ``path`` is not used, as a message ends ("is not an image (...)",
    "is too large (...)", "has I;16 pixels …"); None when Pillow reads all of it, in a mode
    that prints. The file is verified, then opened afresh and decoded in full: a truncated
    JPEG passes ``verify``."""
    try:
        with warnings.catch_warnings():  # the size is checked below, against a lower limit
            warnings.simplefilter("ignore", PILImage.DecompressionBombWarning)
            with PILImage.open(path, formats=FORMATS) as im:
                w, h = im.size
                if w * h > MAX_PIXELS:
                    return (
                        f"is too large ({w:,}×{h:,} pixels, over the {MAX_PIXELS:,}-pixel limit):"
                        " scale it down"
                    )
                im.verify()
            with PILImage.open(path, formats=FORMATS) as im:
                im.load()
                if im.mode in DEEP_MODES:  # ReportLab clips it to 8 bits: a 16-bit grey prints
                    return f"has {DEEP.format(mode=im.mode)}"  # white over 1/256 of full scale
    except PILImage.DecompressionBombError as exc:  # over twice Pillow's own limit
        pixels = re.search(r"\((\d+) pixels\)", str(exc))
        count = f"{int(pixels.group(1)):,} pixels" if pixels else "too many pixels"
        return f"is too large ({count}, over the {MAX_PIXELS:,}-pixel limit): scale it down"
    except Exception as exc:  # Pillow raises many kinds for a bad file
        why = (str(exc) or type(exc).__name__).replace(path, Path(path).name)
        return f"is not an image ({clip(why, 120)})"
    return None


FINE_PIXELS = 16_000_000
"""A picture of more pixels than this (4,000 × 4,000) is far finer than any card prints it
(a 90 mm box at 1,200 dpi is some 4,250 pixels a side), and every PDF that shows it embeds
all of them: said, as a warning, so that it can be scaled down."""


@lru_cache(maxsize=256)
def _pixels(path: str, mtime_ns: int, size: int) -> tuple[int, int]:
    with PILImage.open(path, formats=FORMATS) as im:  # the header alone
        return im.size


@lru_cache(maxsize=256)
def _turned(path: str, mtime_ns: int, size: int) -> int:
    """The EXIF orientation a picture's header asks a viewer to apply (1: none)."""
    with PILImage.open(path, formats=FORMATS) as im:
        return int(im.getexif().get(ORIENTATION, 1) or 1)


ORIENTATION = 0x0112
"""The EXIF tag of a picture's orientation: a camera's photo is often stored sideways, with
this telling a viewer to turn it; a PDF shows the pixels as stored."""


def sideways(path: Path) -> str | None:
    """A warning's words (after the file's name) for a picture whose EXIF orientation asks
    to be turned or mirrored (which prints as stored, unturned); None for any other."""
    try:
        info = path.stat()
        turn = _turned(str(path), info.st_mtime_ns, info.st_size)
    except Exception:  # refused by picture_problem, which is asked first
        return None
    if turn in (0, 1):
        return None
    return (
        "is stored turned or mirrored, with an EXIF orientation that a viewer applies and"
        " a PDF does not: it prints as stored; save it turned (most editors' 'rotate' and"
        " 'save' do)"
    )


def too_fine(path: Path) -> str | None:
    """A warning's words (after the file's name) for a picture of more than ``FINE_PIXELS``
    pixels; None for any other (or one that does not read: ``picture_problem`` says why)."""
    try:
        info = path.stat()
        w, h = _pixels(str(path), info.st_mtime_ns, info.st_size)
    except Exception:  # refused by picture_problem, which is asked first
        return None
    if w * h <= FINE_PIXELS:
        return None
    return (
        f"is {w:,}×{h:,} pixels, far finer than print needs, and every PDF that shows it"
        " embeds them all (slow builds, large files); scale it down, to some 1,500 pixels"
        " a side for a card-sized picture"
    )


def picture_problem(path: Path) -> str | None:
    """Why the picture file at ``path`` is not used, as a message ends ("is a folder, not a
    file", "is not an image (...)"); None when Pillow can decode all of it. What is no
    regular file is refused before Pillow opens it (a FIFO would make it wait for ever)."""
    refused = not_a_file(path)
    if refused is not None:
        return refused
    if path.suffix.lower() == ".svg":
        return (
            "is an SVG: an image box takes PNG, JPEG, GIF, BMP, TIFF or WEBP; put an SVG in"
            " the project's icons/ folder and draw it with an icon box (kind: icon)"
        )
    info = path.stat()
    return _unreadable(str(path), info.st_mtime_ns, info.st_size)


def fill(box: ImageBox, fc: FillContext, fill: str | None, stroke: str | None) -> Element | None:
    """The image file a box shows, checked: it lies inside the project folder, exists, and
    Pillow can decode all of it."""
    name = render_plain(box.src, fc.ctx).strip()
    if not name:
        return None
    folder = Path(fc.folder)
    field = field_of(box.src, fc.ctx)
    where = fc.loc_of(field) if field else value_loc(box, "src")
    head = f"box {excerpt(box.name)}"
    try:
        path = confined(name, project_of(folder), where, f"{head}: image", base=folder)
    except ContentError as exc:
        fc.problems.extend(replace(p, subject=fc.label, code="box") for p in exc.problems)
        return None
    shown = excerpt(name)
    if not path.exists():
        fc.problems.append(
            Problem(
                where,
                f"{head}: image {shown} not found in {display_path(folder)}",
                subject=fc.label,
                code="box",
            )
        )
        return None
    why = picture_problem(path)
    if why is not None:
        message = f"{head}: {shown} {why}"
        fc.problems.append(Problem(where, message, subject=fc.label, code="box"))
        return None
    for said in (too_fine(path), sideways(path)):
        if said is not None:
            message = f"{head}: {shown} {said}"
            fc.problems.append(Problem(where, message, "warning", subject=fc.label, code="box"))
    return ImageElement(box=box, path=str(path), alt=alt_text(box.alt, fc))


def check(box: ImageBox) -> list[Problem]:
    """A ``src`` written blank in the layout names no picture at all: a slip, not a choice
    (a template that gives nothing for some items, ``{{ art }}``, leaves those without one)."""
    if box.src.strip():
        return []
    return [
        Problem(
            value_loc(box, "src"),
            f"image box {excerpt(box.name)}: 'src' is blank; name a picture file (or a template"
            " giving one), or take the box out",
        )
    ]


def draw(pen: Pen, el: ImageElement, bx: float, by: float, bw: float, bh: float) -> None:
    with drawn_as_figure(pen, el.alt):
        pen.image(el.path, bx, by, bw, bh)


KIND = BoxKind(
    name="image",
    keys={
        "src": (
            str | None,
            Field(
                None,
                description="image: a file in the game's content folder, or a template giving one",
            ),
        ),
        "alt": ALT_KEY,
    },
    box=ImageBox,
    check=check,
    fill=fill,
    draw=draw,
    traits=Traits(picture=True),
)
