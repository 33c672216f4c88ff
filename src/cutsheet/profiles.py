"""Print profiles as data (``layouts/profiles/<name>.yaml``): sizes, spacing, write-in heights.

cutsheet ships its profiles (``standard``, ``large-print``, and ``ink-saver``, which a build
makes only when asked for) inside the package. A project may add its own or override a shipped one: ``<project>/layouts/profiles/<name>.yaml`` wins over the
packaged file of the same name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from .confine import confined
from .diagnostics import ContentError, Loc, Problem, display_path
from .model import SLUG, MmPair, Strict, size_mm, validate
from .profile_files import PACKAGED, available_profiles, default_profiles, profile_path
from .source import Located, load_yaml


class Ink(Strict):
    """How a profile saves ink on cards (the ``ink-saver`` profile): the same cards, sizes and
    cut lines, with colour fills as outlines or light tints and backs as a thin frame."""

    fills: Literal["keep", "outline", "tint"] = Field(
        "outline",
        description="what becomes of a colour fill larger than 'keep_mm2' (white stays white)."
        " outline: the shape drawn in its colour on white paper (a colour too pale to see on"
        " white keeps the shape's own outline; an icon stays white inside); tint: a light tint"
        " of the colour (mixed with white), outlined in it",
    )
    tint: float = Field(0.2, gt=0, le=1, description="share of the colour a tint keeps (0-1)")
    keep_mm2: float = Field(
        30,
        ge=0,
        le=10_000,
        description="fills of at most this area (mm²) keep their colour: marks and small shapes",
    )
    text: Literal["keep", "black"] = Field(
        "black", description="black: every text style prints black; white outlines turn black"
    )
    backs: Literal["keep", "frame"] = Field(
        "frame",
        description="frame: on a card's back, a fill that touches the trim becomes a thin frame"
        " in its colour inside the cut (no full-bleed fill); other fills follow 'fills'",
    )
    frame_mm: float = Field(3, ge=0, le=20, description="how far inside the trim a frame runs")
    frame_width: float = Field(1.5, gt=0, le=20, description="a frame's line width, pt")


def _card_size(size: str | tuple[float, float]) -> str | tuple[float, float]:
    """A size ``card_sizes`` may list: a [w, h] or a packaged name is checked now; a name
    that could be a project's own (a layout's ``sizes:``) waits for the game's layouts."""
    if not (isinstance(size, str) and re.fullmatch(SLUG, size)):
        size_mm(size)
    return size


LEAST_TEXT = 4.0
"""The least ``min_text_size`` a profile may set, pt: a profile's every size is at least its
``min_text_size``, so no profile sets its rules at 2 pt or its print note at 1 pt."""


class Profile(Strict):
    name: str
    default: bool = Field(
        True,
        description="built when no --profile is given; false: only when asked for by name",
    )
    body_size: float = Field(gt=0, le=100, description="running text of sheets and booklets, pt")
    heading_size: float = Field(gt=0, le=100, description="section headings, pt")
    title_size: float = Field(gt=0, le=100, description="document titles, pt")
    small_size: float = Field(gt=0, le=100, description="footers, ids, margin notes, pt")
    line_spacing: float = Field(1.25, ge=1.0, le=5, description="leading as a multiple of size")
    write_in_mm: float = Field(8, gt=0, le=100, description="minimum height of a write-in box")
    min_text_size: float = Field(
        5,
        ge=LEAST_TEXT,
        le=100,
        description=f"no text run may be smaller (at least {LEAST_TEXT:g} pt: no print is read under it)",
    )
    faces: Literal["layout", "scale"] = Field(
        "layout",
        description="layout: boxes where the layout puts them; scale: the same faces at this"
        " profile's text sizes, each text box grown to its text and the design reflowed around"
        " it, running text left-aligned (faces named NAME@PROFILE are always laid out; check"
        " warns of running text one of them centres)",
    )
    card_sizes: list[Annotated[str | MmPair, AfterValidator(_card_size)]] = Field(
        default_factory=list,
        description="scale: larger card sizes to try, in order, when a component's design does"
        " not fit its own size at this profile's text sizes: a packaged name, a name from a"
        " layout's 'sizes:', or [w, h] mm",
    )
    min_contrast: float | None = Field(
        None,
        ge=1,
        le=21,
        description="text/background contrast to enforce: text on a colour that misses it is"
        " set on a shade of that colour in a scaled face (a white panel under it inside a"
        " coloured shape left unfilled), and an error in a laid-out one, as is a white sticker"
        " under text inside a coloured shape",
    )
    tagged: bool = Field(
        True,
        description="write a tagged (structured, accessible) PDF, as every packaged profile"
        " does; false writes an untagged one",
    )
    italics: bool = Field(True, description="false: italic markup prints upright")
    own_fonts: bool = Field(
        True,
        description="false: a style set in a project font prints in cutsheet's own legible"
        " family instead (bold for a bold font)",
    )
    ink: Ink | None = Field(
        None, description="save ink on cards: light tints, framed backs, black text"
    )
    scale_note: str = Field(
        "Print at 100% (actual size), not 'fit to page'. The bar is 50 mm long.",
        description="the margin note on every page",
    )


def load_profile(
    layout_dir: Path, name: str, sizes: Mapping[str, tuple[float, float]] | None = None
) -> Profile:
    """Profile ``name``: the project's own file, else the packaged one. With ``sizes`` (a
    game's named sizes, the layouts' ``sizes:`` included), every ``card_sizes`` entry is
    resolved to [w, h] mm, and a name that is no size is a located error."""
    path = profile_path(layout_dir, name)
    if path is None:
        known = ", ".join(available_profiles(layout_dir))
        where = layout_dir / "profiles"
        raise ContentError([Problem(Loc(str(where)), f"no profile '{name}' (known: {known})")])
    if path.parent != PACKAGED:  # a project's own profile stays inside the project
        shown = Path(display_path(path.parent)) / path.name  # the link, not its target
        confined(path.name, layout_dir.parent, Loc(str(shown)), "profile", base=path.parent)
    src = load_yaml(path)
    profile = validate(Profile, src)
    if profile.name != name:  # faces NAME@profile, sizes and the build cache go by the name
        raise ContentError(
            [
                Problem(
                    src.loc(("name",)),
                    f"profile name '{profile.name}' must match its file name '{name}'",
                )
            ]
        )
    _sizes_not_under_least(profile, src)
    if sizes is None:
        return profile
    resolved, problems = [], []
    for i, size in enumerate(profile.card_sizes):
        try:
            resolved.append(size_mm(size, sizes))
        except ValueError as exc:
            problems.append(Problem(src.loc(("card_sizes", i)), str(exc)))
    if problems:
        raise ContentError(problems)
    return profile.model_copy(update={"card_sizes": resolved})


SIZES = ("body_size", "heading_size", "title_size", "small_size")  # what documents are set in


def _sizes_not_under_least(profile: Profile, src: Located) -> None:
    """A profile's own text sizes are at least its ``min_text_size``: no run is smaller."""
    least = profile.min_text_size
    problems = [
        Problem(
            src.loc((name,)),
            f"{name} {getattr(profile, name):g} pt is under this profile's min_text_size"
            f" {least:g} pt (no text run may be smaller)",
        )
        for name in SIZES
        if getattr(profile, name) < least
    ]
    if problems:
        raise ContentError(problems)


__all__ = [
    "PACKAGED",
    "Profile",
    "available_profiles",
    "default_profiles",
    "load_profile",
    "profile_path",
]
