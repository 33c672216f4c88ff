"""Layout files: named styles and faces made of boxes, with ``include`` and ``extends``.

Coordinates are millimetres from the top-left corner of the face. A face that extends
another inherits its boxes; a box of the same name overrides the inherited one key by key.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, StringConstraints, create_model, field_validator

from . import colours
from .boxes import KINDS, Box, box_keys
from .boxes.base import TEMPLATED, stretched
from .confine import confined, not_a_file
from .diagnostics import ContentError, Loc, Problem, clip, did_you_mean, excerpt, has_errors
from .layout_names import PACKAGED, layout_names, packaged_faces
from .list_boxes import label_problems
from .measure import FACES, TextStyle
from .model import (
    COLOUR_OR_NAME,
    FONT_NAME,
    HEX_COLOUR,
    MAX_MM,
    NAMED_SIZES_MM,
    SLUG,
    ColourName,
    ImpositionSpec,
    MmPair,
    PaperSpec,
    Strict,
    size_mm,
    validate,
)
from .names_known import face_profiles, style_colours, template_profiles
from .papers import Paper, add_papers, replaced_papers
from .project_assets import faces_missing, project_fonts, project_icons
from .source import Located, load_yaml
from .style_warnings import crowded_styles
from .symbols import icon_warnings
from .validation import key_rule

Colour = Annotated[str, StringConstraints(pattern=HEX_COLOUR)]


class Style(Strict):
    font: str = Field(
        "regular",
        pattern=FONT_NAME,
        description="regular, bold, italic, bold-italic, a font file of the project's fonts/"
        " by its name without .ttf, or a family from 'fonts'",
    )
    size: float = Field(9, gt=0, le=200, description="points")
    leading: float | None = Field(None, gt=0, le=400, description="points; default 1.25 × size")
    align: Literal["left", "center", "right"] = "left"
    color: str = Field(
        "#000000", pattern=COLOUR_OR_NAME, description="#RRGGBB, or a name from 'colours'"
    )

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
key_rule(BoxSpec, box_keys)  # an unknown key's message lists the keys of the box's kind


class FaceSpec(Strict):
    extends: str | list[str] | None = None
    size: str | MmPair | None = Field(
        None,
        description="the card size the face is drawn for (a packaged name, a name from a"
        " layout's 'sizes:', or [w, h] mm; default: the face it extends, else poker)",
    )
    scale: bool = Field(
        False,
        description="true: on a card of another size the boxes scale to it (text reflowed at"
        " its style's size); false: another size is an error",
    )

    @field_validator("size")
    @classmethod
    def _known_size(cls, v: str | tuple[float, float] | None) -> str | tuple[float, float] | None:
        # a name that could be the project's own (a layout's 'sizes:') waits for the faces
        if v is not None and not (isinstance(v, str) and re.fullmatch(SLUG, v)):
            size_mm(v)
        return v

    boxes: dict[str, BoxSpec | None] = Field(  # type: ignore[valid-type]
        default_factory=dict, description="null removes an inherited box"
    )


class LayoutFile(Strict):
    include: list[str] = []
    styles: dict[str, Style] = {}
    faces: dict[str, FaceSpec] = {}
    papers: dict[Annotated[str, StringConstraints(pattern=SLUG)], PaperSpec] = Field(
        default_factory=dict, description="papers to print on: name -> {size: [w, h]}"
    )  # (a name is part of a kit's folder: build/<game>/<profile>-<paper>/)
    impositions: dict[str, ImpositionSpec] = Field(
        default_factory=dict, description="named fixed impositions: name -> {grid: [cols, rows]}"
    )
    sizes: dict[Annotated[str, StringConstraints(pattern=SLUG)], MmPair] = Field(
        default_factory=dict,
        description="the project's own card sizes, usable as a component's 'size':"
        " name -> [width, height] in mm",
    )
    colours: dict[ColourName, Colour] = Field(
        default_factory=dict,
        description="named colours, usable wherever a colour is: name -> '#RRGGBB'",
    )
    fonts: dict[Annotated[str, StringConstraints(pattern=FONT_NAME)], FamilySpec] = Field(
        default_factory=dict,
        json_schema_extra={"additionalProperties": False},  # a name that is no name: refused
        description="font families of the project's fonts/: name -> {regular, bold, italic,"
        " bold-italic}, each a font file's name without .ttf",
    )

    @field_validator("sizes")
    @classmethod
    def _own_size_names(cls, v: dict[str, Any]) -> dict[str, Any]:
        taken = [name for name in v if name in NAMED_SIZES_MM]
        if taken:  # its faces and components would each read it one way
            raise ValueError(
                f"'{taken[0]}' is a packaged card size ({NAMED_SIZES_MM[taken[0]][0]:g} ×"
                f" {NAMED_SIZES_MM[taken[0]][1]:g} mm); give your size another name"
            )
        return v


class FamilySpec(Strict):
    """A font family of the project's own: each member a font file of ``fonts/`` by its stem;
    ``<b>`` and ``<i>`` in text set in the family use them (a missing one is the regular)."""

    model_config = ConfigDict(**Strict.model_config, populate_by_name=True)
    regular: str
    bold: str | None = None
    italic: str | None = None
    bold_italic: str | None = Field(None, alias="bold-italic")

    def members(self) -> dict[str, str]:
        given = {"regular": self.regular, "bold": self.bold, "italic": self.italic}
        given["bold-italic"] = self.bold_italic
        return {k: v for k, v in given.items() if v is not None}


@dataclass(frozen=True)
class Face:
    name: str
    boxes: tuple[Box, ...]
    loc: Loc
    size: tuple[float, float] = NAMED_SIZES_MM["poker"]  # the card size it is drawn for
    scale: bool = False  # it scales to a card of another size


@dataclass(frozen=True)
class Layouts:
    styles: Mapping[str, Style]
    faces: Mapping[str, Face]
    style_locs: Mapping[str, Loc]
    files: tuple[str, ...] = ()  # every layout file read (for the build cache)
    papers: Mapping[str, Paper] = field(default_factory=dict)
    impositions: Mapping[str, ImpositionSpec] = field(default_factory=dict)
    colours: Mapping[str, str] = field(default_factory=dict)  # name -> #RRGGBB
    fonts: Mapping[str, str] = field(default_factory=dict)  # project font -> registered name
    icons: Mapping[str, str] = field(default_factory=dict)  # project icon -> its file
    sizes: Mapping[str, tuple[float, float]] = field(default_factory=dict)  # the project's own
    warnings: tuple[Problem, ...] = ()  # a paper replacing one of ours; an icon paint not drawn
    broken_icons: Mapping[str, tuple[str, Problem]] = field(default_factory=dict)  # -> file, error

    @cached_property
    def text_styles(self) -> dict[str, TextStyle]:
        """The styles as the measuring interface takes them (built once per Layouts), named
        colours and project fonts resolved."""
        return {
            name: text_style(style, self.colours, self.fonts) for name, style in self.styles.items()
        }

    def face(self, name: str) -> Face:
        return self.faces[name]


def text_style(
    style: Style, named: Mapping[str, str] | None = None, fonts: Mapping[str, str] | None = None
) -> TextStyle:
    """The style as the measuring interface takes it; its colour a name from ``named``, or
    ``#RRGGBB``, its font one of ours or a project font registered (the loading checked)."""
    color = colours.resolve(style.color, named or {}) or style.color
    font = (fonts or {}).get(style.font, style.font)
    return TextStyle(font, style.size, style.line_height, style.align, color)


def _resolve_box(
    name: str, merged: dict[str, Any], loc: Loc, written: Mapping[str, Loc] | None = None
) -> Box:
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
        "written": tuple((written or {}).items()),
    }
    return KINDS[kind].make(common, merged)


MAX_NESTING = 32
"""Deepest chain of ``include`` files, and of faces that ``extends`` one another."""


def find_layout(layout_dir: Path, fname: str) -> Path | None:
    """``layouts/<fname>`` of the project (whatever it is: a folder or a FIFO there is
    refused by name when read), else the packaged file of that name, else None."""
    try:
        path = layout_dir / fname
        if path.exists():
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


#: A face as read: its spec, the file it is in and its path in that file.
_FaceSource = tuple[FaceSpec, Located, tuple[str | int, ...]]
#: A face's boxes by name: each box's keys (inherited ones merged in), where it is, and where
#: each of its templates is written (inherited ones too).
_Merged = dict[str, tuple[dict[str, Any], Loc, dict[str, Loc]]]
"""Each box's keys, its place, and where its templates (and its style) are written."""
STYLE_KEY = "style"  # where a box names its style: an unknown one is said there


@dataclass
class _Read:
    """What a layout file and its includes hold, in reading order (a later one wins)."""

    styles: dict[str, Style] = field(default_factory=dict)
    style_locs: dict[str, Loc] = field(default_factory=dict)
    faces: dict[str, _FaceSource] = field(default_factory=dict)
    papers: dict[str, Paper] = field(default_factory=dict)
    paper_locs: dict[str, Loc] = field(default_factory=dict)  # where each paper is defined
    builtin: dict[str, Paper] = field(default_factory=dict)  # base.yaml's papers
    impositions: dict[str, ImpositionSpec] = field(default_factory=dict)
    colours: dict[str, str] = field(default_factory=dict)
    sizes: dict[str, tuple[float, float]] = field(default_factory=dict)
    colour_locs: dict[str, Loc] = field(default_factory=dict)  # style -> its named 'color'
    font_locs: dict[str, Loc] = field(default_factory=dict)  # style -> its project 'font'
    families: dict[str, tuple[FamilySpec, Located]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)  # file names read
    reading: list[str] = field(default_factory=list)  # the chain of includes being read
    base: tuple[LayoutFile, Located] | None = None  # base.yaml, read once for the registries


def _read_file(
    read: _Read,
    layout_dir: Path,
    fname: str,
    root: Path | None,
    loc: Loc | None,
    from_loc: Loc | None,
    depth: int = 0,
) -> None:
    """Read ``fname`` into ``read``, its includes first (each file once). ``from_loc`` is the
    ``include`` entry naming ``fname``, else ``loc`` (where the game names its layouts)."""
    if fname in read.reading:  # a file that includes itself, or one that includes it
        cycle = " -> ".join(
            clip(f, 30) for f in (*read.reading[read.reading.index(fname) :], fname)
        )
        own = " (the project's own base.yaml replaces cutsheet's)" if fname == BASE else ""
        said = f"'include' makes a cycle: {cycle}{own}"
        raise ContentError([Problem(from_loc or Loc(fname), said)])
    if fname in read.seen:
        return
    if depth > MAX_NESTING:
        message = f"'include' nests more than {MAX_NESTING} layout files deep"
        raise ContentError([Problem(from_loc or Loc(fname), message)])
    read.seen.add(fname)
    if fname == BASE and read.base is not None:  # already read for the built-in registries
        spec, src = read.base
    else:
        src = _load_file(layout_dir, fname, root, from_loc or loc or Loc(fname))
        spec = validate(LayoutFile, src)
    read.reading.append(fname)
    for i, inc in enumerate(spec.include):
        _read_file(read, layout_dir, inc, root, loc, src.loc(("include", i)), depth + 1)
    read.reading.pop()
    for sname, style in spec.styles.items():
        read.styles[sname] = style
        read.style_locs[sname] = src.key_loc(("styles", sname))
        read.colour_locs.pop(sname, None)
        read.font_locs.pop(sname, None)
        if not colours.is_hex(style.color):
            read.colour_locs[sname] = src.loc(("styles", sname, "color"))
        if style.font not in FACES:
            read.font_locs[sname] = src.loc(("styles", sname, "font"))
    for family, fspec in spec.fonts.items():
        read.families[family] = (fspec, src)
    for face_name, face in spec.faces.items():
        read.faces[face_name] = (face, src, ("faces", face_name))
    _read_registries(read, spec, src)


def _read_registries(read: _Read, spec: LayoutFile, src: Located) -> None:
    """A file's papers and impositions join the registries (a later file wins)."""
    read.problems += add_papers(read.papers, read.paper_locs, spec.papers, src)
    read.impositions.update(spec.impositions)
    read.colours.update(spec.colours)
    for sname, size in spec.sizes.items():
        try:
            read.sizes[sname] = size_mm(size)
        except ValueError as exc:
            read.problems.append(Problem(src.key_loc(("sizes", sname)), str(exc)))


def _load_file(layout_dir: Path, fname: str, root: Path | None, where: Loc) -> Located:
    """The YAML of layout file ``fname``: the project's own, inside the project folder
    (``layout_dir``'s parent), else a packaged one."""
    project = layout_dir.parent
    path = find_layout(layout_dir, fname)
    if path is None:
        # an outside path is refused as such, whether or not it names a file
        confined(fname, project, where, "layout file", base=layout_dir)
        known = layout_names(layout_dir)
        yaml = f"{fname}.yaml"  # a name written without its extension
        hint = f"; did you mean {excerpt(yaml)}?" if yaml in known else did_you_mean(fname, known)
        said = f"no layout file {excerpt(fname)}{hint}"
        raise ContentError([Problem(where, f"{said} (known: {', '.join(known) or 'none'})")])
    if not _is_packaged(path):
        confined(fname, project, where, "layout file", base=layout_dir)
    if (refused := not_a_file(path)) is not None:  # a folder: said where it is named
        raise ContentError([Problem(where, f"layout file {excerpt(fname)} {refused}")])
    return load_yaml(path, root)


def _inherited(
    name: str,
    chain: tuple[str, ...],
    faces: Mapping[str, _FaceSource],
    resolved: dict[str, _Merged],
    own: Mapping[str, tuple[float, float]],
) -> _Merged:
    """The boxes of face ``name`` with those of the faces it ``extends`` (``chain``: the faces
    extending it), a box of the same name merged key by key; ``resolved`` remembers faces.
    A face that scales (``card``) lends its boxes stretched to the size of a face drawn for
    another (``own``: the project's named sizes), before that face's own keys are merged."""
    if name in resolved:
        return resolved[name]
    spec, src, path = faces[name]
    parents = [spec.extends] if isinstance(spec.extends, str) else list(spec.extends or [])
    boxes: _Merged = {}
    for parent in parents:
        ploc = src.loc(path + ("extends",))
        if parent in chain or parent == name:
            cycle = " -> ".join(clip(f, 30) for f in chain + (name, parent))
            raise ContentError([Problem(ploc, f"'extends' makes a cycle: {cycle}")])
        if len(chain) >= MAX_NESTING:
            message = f"'extends' chains more than {MAX_NESTING} faces"
            raise ContentError([Problem(ploc, message)])
        if parent not in faces:
            said = f"face {excerpt(name)} extends unknown face {excerpt(parent)}"
            said += did_you_mean(parent, [f for f in faces if f != name])
            if parent in packaged_faces():
                said += (
                    f" ({excerpt(parent)} is in cutsheet's base.yaml: 'include: [base.yaml]'"
                    " reads it, unless a base.yaml of the project's layouts/ takes its place)"
                )
            raise ContentError([Problem(ploc, said)])
        lent = _inherited(parent, chain + (name,), faces, resolved, own)
        if faces[parent][0].scale:
            lent = _stretched(lent, _face_size(parent, faces, own), _face_size(name, faces, own))
        boxes.update(lent)
    for bname, box in spec.boxes.items():
        bloc = src.key_loc(path + ("boxes", bname))
        if box is None:
            boxes.pop(bname, None)
            continue
        base = dict(boxes[bname][0]) if bname in boxes else {}
        keys = box.model_dump(exclude_none=True)
        base.update(keys)
        written = dict(boxes[bname][2]) if bname in boxes else {}
        for key in (*TEMPLATED, STYLE_KEY):
            if key in keys:
                written[key] = src.loc(path + ("boxes", bname, key))
        boxes[bname] = (base, bloc, written)
    resolved[name] = boxes
    return boxes


def _stretched(merged: _Merged, src: tuple[float, float], dst: tuple[float, float]) -> _Merged:
    """A face's boxes, drawn for a card of ``src`` mm, stretched to one of ``dst``."""
    kx, ky = dst[0] / src[0], dst[1] / src[1]
    if abs(kx - 1) < 1e-9 and abs(ky - 1) < 1e-9:
        return merged
    out: _Merged = {}
    for bname, (keys, bloc, written) in merged.items():
        keys = dict(keys)
        if all(isinstance(keys.get(k), int | float) for k in "xywh"):
            kind = keys.get("kind") or ("text" if keys.get("text") is not None else "rect")
            geometry = (keys["x"], keys["y"], keys["w"], keys["h"])
            keys.update(stretched(kind, geometry, keys.get("radius"), (kx, ky), dst))
        else:  # completed by the face that extends it: what it has, stretched
            keys.update({k: keys[k] * (kx if k in "xw" else ky) for k in "xywh" if k in keys})
        out[bname] = (keys, bloc, written)
    return out


def _face_boxes(merged: _Merged, styles: Mapping[str, Style], problems: list[Problem]) -> list[Box]:
    """Each merged box made a ``Box``; one whose text style is unknown is a problem."""
    built = []
    for bname, (keys, bloc, written) in merged.items():
        templates = {k: v for k, v in written.items() if k != STYLE_KEY}
        box = _resolve_box(bname, keys, bloc, templates)
        if box.traits.styled and box.style not in styles:
            message = f"box {excerpt(bname)} uses unknown style {excerpt(box.style)}"
            guess = did_you_mean(box.style, sorted(styles))
            known = ", ".join(sorted(styles)) if not guess else ""
            message += guess or (f" (known: {known})" if known else "")
            problems.append(Problem(written.get("style", bloc), message))
        built.append(box)
    return built


def _declared_size(
    name: str, faces: Mapping[str, _FaceSource]
) -> tuple[str | tuple[float, float], Loc] | None:
    """The size face ``name`` declares and where, else the first that a face it extends
    declares (the chain is known to end: ``_inherited`` checked it)."""
    spec, src, path = faces[name]
    if spec.size is not None:
        return spec.size, src.loc(path + ("size",))
    parents = [spec.extends] if isinstance(spec.extends, str) else list(spec.extends or [])
    for parent in parents:
        found = _declared_size(parent, faces)
        if found is not None:
            return found
    return None


def _face_size(
    name: str, faces: Mapping[str, _FaceSource], own: Mapping[str, tuple[float, float]]
) -> tuple[float, float]:
    """The card size face ``name`` is drawn for: a packaged size, one of the project's own
    (``own``, the layouts' ``sizes:``) or [w, h]; an unknown name is a located error."""
    declared = _declared_size(name, faces)
    if declared is None:
        return NAMED_SIZES_MM["poker"]
    size, loc = declared
    try:
        return size_mm(size, own)
    except ValueError as exc:
        raise ContentError([Problem(loc, str(exc))]) from None  # once, where it is declared


def _build_faces(
    faces: Mapping[str, _FaceSource],
    styles: Mapping[str, Style],
    own: Mapping[str, tuple[float, float]],
    warned: list[Problem],
) -> dict[str, Face]:
    """Every face resolved (``extends`` followed) and built, drawn for its size (``own``: the
    project's named sizes); every problem of every face is raised together, with the
    layouts' warnings found before (``warned``)."""
    problems: list[Problem] = list(warned)
    resolved: dict[str, _Merged] = {}
    built: dict[str, Face] = {}
    for name, (_spec, src, path) in faces.items():
        try:
            merged = _inherited(name, (), faces, resolved, own)
            boxes = tuple(_face_boxes(merged, styles, problems))
            size = _face_size(name, faces, own)
            built[name] = Face(name, boxes, src.key_loc(path), size, _spec.scale)
            problems += label_problems(name, boxes)
        except ContentError as exc:
            problems.extend(exc.problems)
    if has_errors(problems):  # a size a face inherits is one problem, where it is declared
        raise ContentError(list(dict.fromkeys(problems)))
    return built


def load_layouts(
    layout_dir: Path, name: str, root: Path | None = None, loc: Loc | None = None
) -> Layouts:
    """Load ``layouts/<name>`` and everything it includes, then resolve every face.

    ``loc`` is where the game names ``name`` (its ``layouts:`` key). Every file read must lie
    inside the project folder (``layout_dir``'s parent), symlinks followed, or be one that
    ships with cutsheet."""
    read = _Read()
    _read_builtins(read, layout_dir, root)
    _read_file(read, layout_dir, name, root, loc, None)
    read.problems.extend(style_colours(read.styles, read.colour_locs, read.colours))
    read.problems.extend(face_profiles(read.faces, layout_dir))
    read.problems.extend(template_profiles(read.faces, layout_dir))
    fonts = project_fonts(
        layout_dir.parent, read.families, read.styles, read.font_locs, read.problems
    )
    icons, broken = project_icons(layout_dir.parent, read.problems)
    if has_errors(read.problems):  # (its warnings said with them)
        raise ContentError(set(read.problems))
    faces = _build_faces(read.faces, read.styles, read.sizes, read.problems)
    return Layouts(
        read.styles,
        faces,
        read.style_locs,
        tuple(str(layout_dir / f) for f in sorted(read.seen | {BASE})),  # every file read
        dict(read.papers),
        dict(read.impositions),
        dict(read.colours),
        fonts,
        icons,
        dict(read.sizes),
        (
            *read.problems,  # warnings only (an icon named like a packaged one)
            *replaced_papers(read.papers, read.paper_locs, read.builtin),
            *icon_warnings(icons),
            *crowded_styles(read.styles, read.style_locs),
            *faces_missing(faces, read.styles, read.families, fonts),
        ),
        broken,
    )


BASE = "base.yaml"


def packaged_papers() -> dict[str, Paper]:
    """The papers cutsheet ships (the packaged ``base.yaml``'s)."""
    read = _Read()
    _read_builtins(read, PACKAGED, None)
    return dict(read.papers)


def _read_builtins(read: _Read, layout_dir: Path, root: Path | None) -> None:
    """The papers and impositions of ``base.yaml`` (the project's, else the packaged one),
    known to every game whether or not its layout includes that file."""
    path = find_layout(layout_dir, BASE)
    if path is None:
        return
    if not _is_packaged(path):
        from .diagnostics import display_path  # (named as the other files are: relative)

        where = Loc(display_path(path))
        confined(BASE, layout_dir.parent, where, "layout file", base=layout_dir)
    src = load_yaml(path, root)
    read.base = (validate(LayoutFile, src), src)
    _read_registries(read, *read.base)
    read.builtin = dict(read.papers)
