"""Layout files: named styles and faces made of boxes, with ``include`` and ``extends``.

Coordinates are millimetres from the top-left corner of the face. A face that extends
another inherits its boxes; a box of the same name overrides the inherited one key by key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from .diagnostics import ContentError, Loc, Problem
from .model import Strict, validate
from .source import Located, load_yaml


class Style(Strict):
    font: Literal["regular", "bold", "italic", "bold-italic"] = "regular"
    size: float = Field(9, gt=0, description="points")
    leading: float | None = Field(None, description="points; default 1.25 × size")
    align: Literal["left", "center", "right"] = "left"
    color: str = Field("#000000", pattern=r"^#[0-9A-Fa-f]{6}$")

    @property
    def line_height(self) -> float:
        return self.leading if self.leading is not None else round(self.size * 1.25, 2)


class BoxSpec(Strict):
    kind: Literal["text", "rect", "icon", "line", "cells", "image"] | None = None
    x: float | None = None
    y: float | None = None
    w: float | None = None
    h: float | None = None
    text: str | None = Field(None, description="Jinja2 template over the item's values")
    style: str | None = None
    valign: Literal["top", "middle", "bottom"] | None = None
    fill: str | None = Field(None, description="colour, or a template giving one")
    stroke: str | None = None
    stroke_width: float | None = Field(None, description="points")
    radius: float | None = Field(None, description="mm")
    dash: bool | None = None
    icon: str | None = Field(None, description="icon name, or a template giving one")
    src: str | None = Field(
        None, description="image: a file in the game's content folder, or a template giving one"
    )
    when: str | None = Field(None, description="Jinja2 expression; the box is drawn when true")
    start: int | None = Field(None, description="cells: first number")
    stop: int | None = Field(None, description="cells: last number")
    cols: int | None = Field(None, ge=1, description="cells: numbers per row (1: a column)")
    reverse: bool | None = Field(None, description="cells: highest number first")


class FaceSpec(Strict):
    extends: str | list[str] | None = None
    boxes: dict[str, BoxSpec | None] = Field(
        default_factory=dict, description="null removes an inherited box"
    )


class LayoutFile(Strict):
    include: list[str] = []
    styles: dict[str, Style] = {}
    faces: dict[str, FaceSpec] = {}


@dataclass(frozen=True)
class Box:
    name: str
    kind: Literal["text", "rect", "icon", "line", "cells", "image"]
    x: float
    y: float
    w: float
    h: float
    text: str | None
    style: str
    valign: Literal["top", "middle", "bottom"]
    fill: str | None
    stroke: str | None
    stroke_width: float
    radius: float
    dash: bool
    icon: str | None
    when: str | None
    loc: Loc
    src: str | None = None
    start: int = 0
    stop: int = 0
    cols: int = 1
    reverse: bool = False

    @property
    def numbers(self) -> list[int]:
        values = list(range(self.start, self.stop + 1))
        return values[::-1] if self.reverse else values


@dataclass(frozen=True)
class Face:
    name: str
    boxes: tuple[Box, ...]
    loc: Loc


@dataclass(frozen=True)
class Layouts:
    styles: Mapping[str, Style]
    faces: Mapping[str, Face]
    style_locs: Mapping[str, Loc]

    def face(self, name: str) -> Face:
        return self.faces[name]


def _resolve_box(name: str, merged: dict[str, Any], loc: Loc) -> Box:
    missing = [k for k in ("x", "y", "w", "h") if merged.get(k) is None]
    if missing:
        raise ContentError([Problem(loc, f"box '{name}' needs {', '.join(missing)}")])
    kind = merged.get("kind") or ("text" if merged.get("text") is not None else "rect")
    if kind == "icon" and not merged.get("icon"):
        raise ContentError([Problem(loc, f"icon box '{name}' needs 'icon'")])
    if kind == "image" and not merged.get("src"):
        raise ContentError([Problem(loc, f"image box '{name}' needs 'src'")])
    if kind == "cells" and (merged.get("start") is None or merged.get("stop") is None):
        raise ContentError([Problem(loc, f"cells box '{name}' needs 'start' and 'stop'")])
    return Box(
        name=name,
        kind=kind,
        x=float(merged["x"]),
        y=float(merged["y"]),
        w=float(merged["w"]),
        h=float(merged["h"]),
        text=merged.get("text"),
        style=merged.get("style") or "body",
        valign=merged.get("valign") or "top",
        fill=merged.get("fill"),
        stroke=merged.get("stroke"),
        stroke_width=float(merged.get("stroke_width") or 0.5),
        radius=float(merged.get("radius") or 0.0),
        dash=bool(merged.get("dash")),
        icon=merged.get("icon"),
        when=merged.get("when"),
        loc=loc,
        src=merged.get("src"),
        start=int(merged.get("start") or 0),
        stop=int(merged.get("stop") or 0),
        cols=int(merged.get("cols") or 1),
        reverse=bool(merged.get("reverse")),
    )


def load_layouts(layout_dir: Path, name: str, root: Path | None = None) -> Layouts:
    """Load ``layouts/<name>`` and everything it includes, then resolve every face."""
    styles: dict[str, Style] = {}
    style_locs: dict[str, Loc] = {}
    specs: dict[str, tuple[FaceSpec, Located, tuple[str | int, ...]]] = {}
    seen: set[str] = set()

    def read(fname: str, from_loc: Loc | None) -> None:
        if fname in seen:
            return
        seen.add(fname)
        path = layout_dir / fname
        if not path.is_file():
            raise ContentError([Problem(from_loc or Loc(fname), f"no layout file '{fname}'")])
        src = load_yaml(path, root)
        spec = validate(LayoutFile, src)
        for i, inc in enumerate(spec.include):
            read(inc, src.loc(("include", i)))
        for sname, style in spec.styles.items():
            styles[sname] = style
            style_locs[sname] = src.key_loc(("styles", sname))
        for fname_, face in spec.faces.items():
            specs[fname_] = (face, src, ("faces", fname_))

    read(name, None)
    problems: list[Problem] = []
    resolved: dict[str, dict[str, tuple[dict[str, Any], Loc]]] = {}

    def resolve(fname: str, chain: tuple[str, ...]) -> dict[str, tuple[dict[str, Any], Loc]]:
        if fname in resolved:
            return resolved[fname]
        spec, src, path = specs[fname]
        parents = [spec.extends] if isinstance(spec.extends, str) else list(spec.extends or [])
        boxes: dict[str, tuple[dict[str, Any], Loc]] = {}
        for parent in parents:
            ploc = src.loc(path + ("extends",))
            if parent in chain or parent == fname:
                cycle = " -> ".join(chain + (fname, parent))
                raise ContentError([Problem(ploc, f"'extends' makes a cycle: {cycle}")])
            if parent not in specs:
                raise ContentError(
                    [Problem(ploc, f"face '{fname}' extends unknown face '{parent}'")]
                )
            boxes.update(resolve(parent, chain + (fname,)))
        for bname, box in spec.boxes.items():
            bloc = src.key_loc(path + ("boxes", bname))
            if box is None:
                boxes.pop(bname, None)
                continue
            base = dict(boxes[bname][0]) if bname in boxes else {}
            base.update(box.model_dump(exclude_none=True))
            boxes[bname] = (base, bloc)
        resolved[fname] = boxes
        return boxes

    faces: dict[str, Face] = {}
    for fname, (_spec, src, path) in specs.items():
        try:
            boxes = resolve(fname, ())
            built = []
            for bname, (merged, bloc) in boxes.items():
                box = _resolve_box(bname, merged, bloc)
                if box.kind in ("text", "cells") and box.style not in styles:
                    problems.append(
                        Problem(bloc, f"box '{bname}' uses unknown style '{box.style}'")
                    )
                built.append(box)
            faces[fname] = Face(fname, tuple(built), src.key_loc(path))
        except ContentError as exc:
            problems.extend(exc.problems)
    if problems:
        raise ContentError(problems)
    return Layouts(styles, faces, style_locs)
