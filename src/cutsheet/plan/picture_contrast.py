"""Text set over a picture: where a profile asks for a contrast (large print: 7:1), the text's
colour is measured against the picture's own pixels under its box, as the picture is drawn
(whole, centred, its proportions kept). The other contrast checks see only fills, so text over
a dark photo on a light card passed them, and large print's shades set it black on the photo.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

from PIL import Image

from ..boxes.base import Element
from ..boxes.image import FORMATS, ImageElement
from ..contrast import luminance
from ..diagnostics import Problem
from .checks import background, covers
from .model import FacePlan

SAMPLE = 48
"""A picture is measured on a copy at most this many pixels on its longer side (averaging
what each of them covers): text is read across millimetres, not single dots."""
MOST_BELOW = 0.1
"""Text may miss the contrast over at most this share of its box."""

Rect = tuple[float, float, float, float]  # x, y, w, h in mm from the face's top-left corner


def picture_contrast(face: FacePlan, minimum: float, label: str, profile: str) -> list[Problem]:
    """Every text box whose colour misses ``minimum`` against the pictures drawn under it
    over more than ``MOST_BELOW`` of the box (the rest of the box is on its background,
    which ``face_contrast`` measures)."""
    pictures = [(i, el) for i, el in enumerate(face.elements) if isinstance(el, ImageElement)]
    if not pictures:
        return []
    problems = []
    for el in face.elements:
        style = getattr(el, "style", None)
        if not el.is_text or style is None or el.fill:  # a text's own fill hides the picture
            continue
        ground = background(face, el)
        text = (el.box.x, el.box.y, el.box.w, el.box.h)
        area = el.box.w * el.box.h
        for i, pic in pictures:
            if _covered(face, i, el):
                continue
            drawn = _drawn(pic)
            if drawn is None or area <= 0:
                continue
            share = _share_below(pic.path, drawn, text, style.color, ground, minimum) / area
            if share > MOST_BELOW:
                name = Path(pic.path).name
                problems.append(
                    Problem(
                        el.box.loc,
                        f"box '{el.box.name}': text {style.color} is set over the picture of"
                        f" box '{pic.box.name}' ({name}) and misses {minimum:g}:1 contrast on"
                        f" {share:.0%} of the box ({profile} profile); give the text box a"
                        " fill of its own or move it off the picture",
                        subject=label,
                        code="contrast",
                    )
                )
                break
    return problems


def _covered(face: FacePlan, i: int, text: Element) -> bool:
    """Whether a filled shape drawn after picture ``i`` lies under ``text`` (covers its
    centre, as ``background`` finds a text's ground): a panel pasted over a photo."""
    for other in face.elements[i + 1 :]:
        if other is text:
            break
        if other.box.traits.paints_under_text and other.fill and covers(other, text):
            return True
    return False


def _drawn(pic: ImageElement) -> Rect | None:
    """Where the picture's pixels land: the largest rectangle of its proportions that its
    box holds, centred in it (``CanvasPen.image``); None for a picture that cannot be read."""
    size = _size(pic.path)
    if size is None or not size[0] or not size[1]:
        return None
    b = pic.box
    scale = min(b.w / size[0], b.h / size[1])
    w, h = size[0] * scale, size[1] * scale
    return (b.x + (b.w - w) / 2, b.y + (b.h - h) / 2, w, h)


def _share_below(path: str, drawn: Rect, text: Rect, fg: str, ground: str, minimum: float) -> float:
    """The area (mm²) of ``text`` over the picture where ``fg`` misses ``minimum`` against it
    (a transparent pixel shows ``ground``)."""
    x0, y0 = max(drawn[0], text[0]), max(drawn[1], text[1])
    x1 = min(drawn[0] + drawn[2], text[0] + text[2])
    y1 = min(drawn[1] + drawn[3], text[1] + text[3])
    if x1 <= x0 or y1 <= y0:
        return 0.0
    sample = _sample(path, ground)
    if sample is None:
        return 0.0
    cols, rows, lums = sample
    px_w, px_h = drawn[2] / cols, drawn[3] / rows  # mm a sample pixel covers
    fg_lum, below = luminance(fg), 0.0
    c0, c1 = int((x0 - drawn[0]) / px_w), min(cols, int((x1 - drawn[0]) / px_w) + 1)
    r0, r1 = int((y0 - drawn[1]) / px_h), min(rows, int((y1 - drawn[1]) / px_h) + 1)
    for r in range(r0, r1):
        top, bottom = drawn[1] + r * px_h, drawn[1] + (r + 1) * px_h
        dy = min(bottom, y1) - max(top, y0)
        if dy <= 0:
            continue
        for c in range(c0, c1):
            left, right = drawn[0] + c * px_w, drawn[0] + (c + 1) * px_w
            dx = min(right, x1) - max(left, x0)
            if dx > 0 and _ratio(fg_lum, lums[r * cols + c]) < minimum:
                below += dx * dy
    return below


def _ratio(a: float, b: float) -> float:
    hi, lo = max(a, b), min(a, b)
    return (hi + 0.05) / (lo + 0.05)


def _size(path: str) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return _read_size(path, info.st_mtime_ns, info.st_size)


@functools.lru_cache(maxsize=64)
def _read_size(path: str, _mtime_ns: int, _size: int) -> tuple[int, int] | None:
    try:
        with Image.open(path, formats=FORMATS) as im:
            return im.size
    except Exception:  # noqa: BLE001 - the image box's own check says why it cannot be read
        return None


def _sample(path: str, ground: str) -> tuple[int, int, tuple[float, ...]] | None:
    """The picture shrunk to at most ``SAMPLE`` pixels a side, over ``ground`` where it is
    transparent, as each pixel's relative luminance, row by row from the top."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    small = _small(path, info.st_mtime_ns, info.st_size)
    if small is None:
        return None
    base = Image.new("RGBA", small.size, ground)
    raw = Image.alpha_composite(base, small).convert("RGB").tobytes()  # r, g, b a pixel
    lums = tuple(luminance("#" + raw[i : i + 3].hex()) for i in range(0, len(raw), 3))
    return small.size[0], small.size[1], lums


@functools.lru_cache(maxsize=64)
def _small(path: str, _mtime_ns: int, _size: int) -> Image.Image | None:
    """The picture at most ``SAMPLE`` pixels a side, RGBA. Halved while it is decoded where
    the format allows (a JPEG), and reduced before it is converted (a 49-megapixel PNG is
    not converted whole); a palette or bit image is converted first (its indexes cannot be
    averaged)."""
    try:
        with Image.open(path, formats=FORMATS) as im:
            im.draft("RGB", (SAMPLE * 4, SAMPLE * 4))
            im.load()
            if im.mode not in ("RGB", "RGBA", "L", "LA"):
                im = im.convert("RGBA")
            factor = max(1, min(im.size) // (SAMPLE * 2))
            small = im.reduce(factor) if factor > 1 else im.copy()
    except Exception:  # noqa: BLE001 - the image box's own check says why it cannot be read
        return None
    small = small.convert("RGBA")
    small.thumbnail((SAMPLE, SAMPLE), Image.Resampling.BOX)
    return small
