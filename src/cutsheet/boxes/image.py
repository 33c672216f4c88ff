"""``image`` boxes: a picture file from the game's folder (or a template naming one), checked
with Pillow at plan time and drawn to fit its box."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image as PILImage
from pydantic import Field

from ..diagnostics import Problem, display_path
from ..text import render_plain
from .base import Box, BoxKind, Element, FillContext, Pen, field_of, need


@dataclass(frozen=True, kw_only=True)
class ImageBox(Box):
    src: str


@dataclass(frozen=True, kw_only=True)
class ImageElement(Element):
    path: str  # a checked image file


def make(common: dict[str, Any], merged: dict[str, Any]) -> ImageBox:
    need(merged, ("src",), f"image box '{common['name']}'", common["loc"])
    return ImageBox(**common, src=merged["src"])


def fill(box: ImageBox, fc: FillContext, fill: str | None, stroke: str | None) -> Element | None:
    """The image file a box shows, checked: it exists and Pillow can read it."""
    name = render_plain(box.src, fc.ctx).strip()
    if not name:
        return None
    folder = Path(fc.folder)
    path = folder / name
    field = field_of(box.src, fc.ctx)
    where = fc.loc_of(field) if field else box.loc
    head = f"{fc.label}, box '{box.name}'"
    if not path.is_file():
        fc.problems.append(
            Problem(where, f"{head}: image '{name}' not found in {display_path(folder)}")
        )
        return None
    try:
        with PILImage.open(path) as im:
            im.verify()
    except Exception as exc:  # Pillow raises many kinds for a bad file
        fc.problems.append(Problem(where, f"{head}: '{name}' is not an image ({exc})"))
        return None
    return ImageElement(box=box, path=str(path))


def draw(pen: Pen, el: ImageElement, bx: float, by: float, bw: float, bh: float) -> None:
    with pen.artifact():
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
        )
    },
    make=make,
    fill=fill,
    draw=draw,
)
