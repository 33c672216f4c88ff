"""``icon`` boxes: a vector symbol (drop, flame, star, …) named directly or by a template, so
no symbol depends on a font's glyph coverage."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import Field

from ..diagnostics import Problem
from ..symbols import ICON_NAMES as ICON_NAMES  # re-exported: the built-in icons
from ..symbols import icon_ref, unknown_icon
from ..text import render_plain
from . import base as pictures  # what a picture says (alt), shared with image boxes
from .base import Box, BoxKind, Element, FillContext, Pen, Traits, field_of, value_loc


@dataclass(frozen=True, kw_only=True)
class IconBox(Box):
    icon: str
    alt: str | None = None


@dataclass(frozen=True, kw_only=True)
class IconElement(Element):
    icon: str
    ref: str = ""  # how the renderer finds it (a built-in's name, or '@' and a project file)
    alt: str = ""  # what a reader is told it shows; '' for decoration


def fill(box: IconBox, fc: FillContext, fill: str | None, stroke: str | None) -> Element | None:
    icon = render_plain(box.icon, fc.ctx).strip()
    ref = icon_ref(icon)
    if ref is None:
        field = field_of(box.icon, fc.ctx)  # a name an item's field gives: at that field
        fc.problems.append(
            Problem(
                fc.loc_of(field) if field else value_loc(box, "icon"),
                f"box '{box.name}': {unknown_icon(icon)}",
                subject=fc.label,
                code="box",
            )
        )
        return None
    alt = pictures.alt_text(box.alt, fc)
    return IconElement(box=box, fill=fill, stroke=stroke, icon=icon, ref=ref, alt=alt)


def draw(pen: Pen, el: IconElement, bx: float, by: float, bw: float, bh: float) -> None:
    with pictures.drawn_as_figure(pen, el.alt):
        pen.icon(el.ref or el.icon, bx, by, bw, bh, el.fill or "#000000", el.stroke or "#000000")


KIND = BoxKind(
    name="icon",
    keys={
        "icon": (str | None, Field(None, description="icon name, or a template giving one")),
        "alt": pictures.ALT_KEY,
    },
    box=IconBox,
    fill=fill,
    draw=draw,
    traits=Traits(paints_under_text=True, picture=True, symbol=True),
)
