"""Layout files: named styles and faces made of boxes, with ``include`` and ``extends``.

Coordinates are millimetres from the top-left corner of the face. A face that extends
another inherits its boxes; a box of the same name overrides the inherited one key by key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from importlib.resources import files
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, create_model

from .boxes import KINDS, Box
from .confine import confined
from .diagnostics import ContentError, Loc, Problem, clip, excerpt
from .measure import TextStyle
from .model import MAX_MM, Strict, validate
from .source import Located, load_yaml


class Style(Strict):
    font: Literal["regular", "bold", "italic", "bold-italic"] = "regular"
    size: float = Field(9, gt=0, le=200, description="points")
    leading: float | None = Field(None, gt=0, le=400, description="points; default 1.25 × size")
    align: Literal["left", "center", "right"] = "left"
    color: str = Field("#000000", pattern=r"^#[0-9A-Fa-f]{6}$")

    @property
    def line_height(self) -> float:
        return self.leading if self.leading is not None else round(self.size * 1.25, 2)


_COMMON_KEYS: dict[str, tuple[Any, Any]] = {
    "kind": (Literal[tuple(KINDS)] | None, None),  # type: ignore[valid-type]
    "x": (float | None, Field(None, ge=0, le=MAX_MM, description="mm from the left edge")),
    "y": (float | None, Field(None, ge=0, le=MAX_MM, description="mm from the top edge")),
    "w": (float | None, Field(None, gt=0, le=MAX_MM, description="width, mm")),
    "h": (float | None, Field(None, gt=0, le=MAX_MM, description="height, mm")),
    "style": (str | None, None),
    "fill": (str | None, Field(None, description="colour, or a template giving one")),
    "stroke": (str | None, None),
    "stroke_width": (float | None, Field(None, ge=0, le=20, description="points")),
    "dash": (bool | None, None),
    "when": (str | None, Field(None, description="Jinja2 expression; the box is drawn when true")),
}


def _box_spec() -> type[Strict]:
    """The layout keys of a box: the common ones and every kind's own (one model, so a
    misspelt key is reported with a suggestion whatever the kind)."""
    keys = dict(_COMMON_KEYS)
    for kind in KINDS.values():
        keys.update(kind.keys)
    return create_model("BoxSpec", __base__=Strict, **keys)  # type: ignore[call-overload, no-any-return]


BoxSpec = _box_spec()


class FaceSpec(Strict):
    extends: str | list[str] | None = None
    boxes: dict[str, BoxSpec | None] = Field(  # type: ignore[valid-type]
        default_factory=dict, description="null removes an inherited box"
    )


class LayoutFile(Strict):
    include: list[str] = []
    styles: dict[str, Style] = {}
    faces: dict[str, FaceSpec] = {}


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
    files: tuple[str, ...] = ()  # every layout file read (for the build cache)

    @cached_property
    def text_styles(self) -> dict[str, TextStyle]:
        """The styles as the measuring interface takes them (built once per Layouts)."""
        return {name: text_style(style) for name, style in self.styles.items()}

    def face(self, name: str) -> Face:
        return self.faces[name]


def text_style(style: Style) -> TextStyle:
    return TextStyle(style.font, style.size, style.line_height, style.align, style.color)


def _resolve_box(name: str, merged: dict[str, Any], loc: Loc) -> Box:
    missing = [k for k in ("x", "y", "w", "h") if merged.get(k) is None]
    if missing:
        raise ContentError([Problem(loc, f"box {excerpt(name)} needs {', '.join(missing)}")])
    kind = merged.get("kind") or ("text" if merged.get("text") is not None else "rect")
    common = {
        "name": name,
        "kind": kind,
        "x": float(merged["x"]),
        "y": float(merged["y"]),
        "w": float(merged["w"]),
        "h": float(merged["h"]),
        "loc": loc,
        "when": merged.get("when"),
        "fill": merged.get("fill"),
        "stroke": merged.get("stroke"),
        "stroke_width": float(merged.get("stroke_width") or 0.5),
        "dash": bool(merged.get("dash")),
        "style": merged.get("style") or "body",
    }
    return KINDS[kind].make(common, merged)


MAX_NESTING = 32
"""Deepest chain of ``include`` files, and of faces that ``extends`` one another."""

#: Layout files that ship with cutsheet (``base.yaml``); a project's own file of the same name wins.
PACKAGED = Path(str(files("cutsheet").joinpath("data", "layouts")))


def find_layout(layout_dir: Path, fname: str) -> Path | None:
    """``layouts/<fname>`` of the project, else the packaged file of that name, else None."""
    try:
        path = layout_dir / fname
        if path.is_file():
            return path
        packaged = PACKAGED / fname
        if "/" not in fname and "\\" not in fname and packaged.is_file():
            return packaged
    except (OSError, ValueError):  # a NUL byte, a name too long for the file system
        return None
    return None


def _is_packaged(path: Path) -> bool:
    """A file cutsheet ships (``base.yaml``, found by its plain name in the package)."""
    return path.parent == PACKAGED


def load_layouts(
    layout_dir: Path, name: str, root: Path | None = None, loc: Loc | None = None
) -> Layouts:
    """Load ``layouts/<name>`` and everything it includes, then resolve every face.

    ``loc`` is where the game names ``name`` (its ``layouts:`` key). Every file read must lie
    inside the project folder (``layout_dir``'s parent), symlinks followed, or be one that
    ships with cutsheet."""
    project = layout_dir.parent
    styles: dict[str, Style] = {}
    style_locs: dict[str, Loc] = {}
    specs: dict[str, tuple[FaceSpec, Located, tuple[str | int, ...]]] = {}
    seen: set[str] = set()

    def read(fname: str, from_loc: Loc | None, depth: int = 0) -> None:
        if fname in seen:
            return
        if depth > MAX_NESTING:
            message = f"'include' nests more than {MAX_NESTING} layout files deep"
            raise ContentError([Problem(from_loc or Loc(fname), message)])
        seen.add(fname)
        where = from_loc or loc or Loc(fname)
        path = find_layout(layout_dir, fname)
        if path is None:
            # an outside path is refused as such, whether or not it names a file
            confined(fname, project, where, "layout file", base=layout_dir)
            raise ContentError([Problem(where, f"no layout file {excerpt(fname)}")])
        if not _is_packaged(path):
            confined(fname, project, where, "layout file", base=layout_dir)
        src = load_yaml(path, root)
        spec = validate(LayoutFile, src)
        for i, inc in enumerate(spec.include):
            read(inc, src.loc(("include", i)), depth + 1)
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
                cycle = " -> ".join(clip(f, 30) for f in chain + (fname, parent))
                raise ContentError([Problem(ploc, f"'extends' makes a cycle: {cycle}")])
            if len(chain) >= MAX_NESTING:
                message = f"'extends' chains more than {MAX_NESTING} faces"
                raise ContentError([Problem(ploc, message)])
            if parent not in specs:
                raise ContentError(
                    [Problem(ploc, f"face {excerpt(fname)} extends unknown face {excerpt(parent)}")]
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
                        Problem(
                            bloc, f"box {excerpt(bname)} uses unknown style {excerpt(box.style)}"
                        )
                    )
                built.append(box)
            faces[fname] = Face(fname, tuple(built), src.key_loc(path))
        except ContentError as exc:
            problems.extend(exc.problems)
    if problems:
        raise ContentError(problems)
    return Layouts(styles, faces, style_locs, tuple(str(layout_dir / f) for f in sorted(seen)))
