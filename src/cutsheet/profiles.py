"""Print profiles as data (``layouts/profiles/<name>.yaml``): sizes, spacing, write-in heights."""

from __future__ import annotations

from pathlib import Path

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


def load_profile(layout_dir: Path, name: str) -> Profile:
    return validate(Profile, load_yaml(layout_dir / "profiles" / f"{name}.yaml"))


def available_profiles(layout_dir: Path) -> list[str]:
    return sorted(p.stem for p in (layout_dir / "profiles").glob("*.yaml"))
