"""Print profiles as data (``layouts/profiles/<name>.yaml``): sizes, spacing, write-in heights."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field

from .model import Strict, validate
from .source import load_yaml


class Profile(Strict):
    name: str
    body_size: float = Field(gt=0, description="running text of sheets and booklets, pt")
    heading_size: float = Field(gt=0, description="section headings, pt")
    title_size: float = Field(gt=0, description="document titles, pt")
    small_size: float = Field(gt=0, description="footers, ids, margin notes, pt")
    line_spacing: float = Field(1.25, ge=1.0, description="leading as a multiple of size")
    write_in_mm: float = Field(8, description="minimum height of a write-in box")
    min_text_size: float = Field(5, description="no text run may be smaller (checked)")
    faces: Literal["layout", "scale"] = Field(
        "layout",
        description="layout: boxes where the layout puts them; scale: the same faces at this"
        " profile's text sizes, each text box grown to its text and the design reflowed around"
        " it (faces named NAME@PROFILE are always laid out)",
    )
    card_sizes: list[str] = Field(
        default_factory=list,
        description="scale: larger card sizes to try, in order, when a component's design does"
        " not fit its own size at this profile's text sizes",
    )
    min_contrast: float | None = Field(None, description="text/background contrast to enforce")
    tagged: bool = Field(False, description="write a tagged (structured, accessible) PDF")
    italics: bool = Field(True, description="false: italic markup prints upright")
    scale_note: str = Field(
        "Print at 100% (actual size), not 'fit to page'. The bar is 50 mm long.",
        description="the margin note on every page",
    )


def load_profile(layout_dir: Path, name: str) -> Profile:
    return validate(Profile, load_yaml(layout_dir / "profiles" / f"{name}.yaml"))


def available_profiles(layout_dir: Path) -> list[str]:
    return sorted(p.stem for p in (layout_dir / "profiles").glob("*.yaml"))
