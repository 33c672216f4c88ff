"""A project's own fonts and icons, as its layouts name them: each file inside the project
and usable (a font embeddable, an SVG icon readable), the fonts registered for drawing; a
located problem for each that is not."""

from __future__ import annotations

import difflib
import shlex
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from .boxes.image import picture_problem, too_fine
from .confine import FileRefused, confined
from .diagnostics import ContentError, Loc, Problem, clip, display_path, excerpt
from .font_files import (
    FONT_SUFFIXES,
    FontFileError,
    font_files,
    register_font_file,
    register_members,
    variable_axes,
)
from .measure import FACES, FONT_DIR, register_alone, register_family
from .symbols import IconFileError, icon_files, svg_drawing, unused_icon_files
from .text.tags import tags_in

if TYPE_CHECKING:
    from .layouts import Face, FamilySpec, Style
    from .source import Located


def project_fonts(
    project: Path,
    families: Mapping[str, tuple[FamilySpec, Located]],
    styles: Mapping[str, Style],
    font_locs: Mapping[str, Loc],
    problems: list[Problem],
) -> dict[str, str]:
    """The project fonts the ``families`` and the ``styles`` (those with a ``font_locs``
    entry) name, registered: each style font or family name -> its registered name. An
    unknown name, a font file outside the project or one that cannot be embedded is one of
    ``problems``."""
    files = font_files(project / "fonts")
    problems.extend(_named_like_ours(files))
    out: dict[str, str] = {}

    def font(stem: str, loc: Loc) -> str | None:
        if stem in out:
            return out[stem]
        if stem not in files:
            problems.append(Problem(loc, unknown_font(stem, files, families, project)))
            return None
        path = files[stem]
        shown = f"fonts/{path.name}"
        try:
            confined(path.name, project, loc, "font file", base=project / "fonts")
            out[stem] = register_font_file(path)
            problems.extend(_variable(out[stem], shown, loc))
        except ContentError as exc:
            problems.extend(exc.problems)
            return None
        except (OSError, FontFileError) as exc:
            problems.append(Problem(loc, f"font file {excerpt(shown)} {exc}"))
            return None
        return out[stem]

    members: dict[str, tuple[str, dict[str, str]]] = {}
    for family, (fspec, src) in families.items():
        paths: dict[str, Path] = {}
        for style, stem in fspec.members().items():
            if stem in FACES:  # one of cutsheet's own faces, as a style names it
                paths[style] = FONT_DIR / FACES[stem][1]
            elif font(stem, src.loc(("fonts", family, style))) is not None:  # (usable)
                paths[style] = files[stem]
        try:
            members[family] = register_members(family, paths)
        except (OSError, FileRefused, FontFileError) as exc:  # changed since it was checked
            said = f"font family {family!r}: a file of it changed as it was read ({exc})"
            problems.append(Problem(src.loc(("fonts", family)), said))
    registered = {f: named["regular"] for f, (_k, named) in members.items() if "regular" in named}
    for sname, loc in font_locs.items():
        name = styles[sname].font
        if name not in registered and name not in families:  # (a family's failed member:
            font(name, loc)  # said at the member, not again at each style naming it)
    for name in out.values():  # each alone, then this project's families (each its own)
        register_alone(name)
    for key, named in members.values():
        if "regular" in named:
            register_family(key, named)
    return {**out, **registered}


def _variable(name: str, shown: str, loc: Loc) -> list[Problem]:
    """A warning where a variable font is first named: ReportLab draws its default instance
    alone, so a family's bold from it, or a style asking another weight, prints at that
    one (a designer's variable Inter as bold printed as regular, without a word)."""
    axes = variable_axes(name)
    if not axes:
        return []
    said = "; ".join(
        f"{a.tag} {_num(a.low)}–{_num(a.high)}, default {_num(a.default)}" for a in axes
    )
    first = next((a for a in axes if a.tag == "wght"), axes[0])
    value = min(max(700.0, first.low), first.high) if first.tag == "wght" else first.high
    said = (
        f"font file {excerpt(shown)} is a variable font ({said}): only its default instance"
        " is drawn, whatever a style or a family asks of it; for another, use the family's"
        " static .ttf files or cut one with fontTools (fonttools varLib.instancer"
        f" {shlex.quote(shown)} {first.tag}={_num(value)})"
    )
    return [Problem(loc, said, "warning")]


def _num(value: float) -> str:
    """A font's axis value as its tools write it: 400, 0.5, -12."""
    return f"{value:.3f}".rstrip("0").rstrip(".")


def _named_like_ours(files: Mapping[str, Path]) -> list[Problem]:
    """A warning at each font file named as a style names one of our faces (bold.ttf): that
    name sets our face in every style and family, so the file is never set."""
    return [
        Problem(
            Loc(display_path(files[stem])),
            f"font file {excerpt(f'fonts/{files[stem].name}')} is not used: {stem!r} names"
            " cutsheet's own face in every style and family; rename the file to use it",
            "warning",
        )
        for stem in sorted(set(files) & set(FACES))
    ]


def project_icons(
    project: Path, problems: list[Problem]
) -> tuple[dict[str, str], dict[str, tuple[str, Problem]]]:
    """The project's ``icons/`` by name -> file, each inside the project and, for an SVG,
    readable; and those that cannot be drawn (a damaged file, a picture refused) by name ->
    their file and its error, which is a game's only if the game draws the icon
    (``plan_game``): one broken icon does not stop every game of the project. An icon
    outside the project is one of ``problems``, for every game."""
    out: dict[str, str] = {}
    broken: dict[str, tuple[str, Problem]] = {}
    for path, why in unused_icon_files(project / "icons"):
        said = f"icon file {excerpt(path.name)} is not used: {why}"
        problems.append(Problem(Loc(display_path(path)), said, "warning"))
    for name, path in icon_files(project / "icons").items():
        where = Loc(display_path(path))
        try:
            resolved = confined(path.name, project, where, "icon", base=path.parent)
            if resolved.suffix.lower() == ".svg":
                svg_drawing(str(resolved), resolved.stat().st_mtime_ns)
            elif (refused := picture_problem(resolved)) is not None:  # as an image box's
                raise IconFileError(refused)
            elif (fine := too_fine(resolved)) is not None:
                problems.append(Problem(where, f"icon {excerpt(path.name)} {fine}", "warning"))
        except ContentError as exc:
            problems.extend(exc.problems)
            continue
        except (OSError, IconFileError) as exc:  # an SVG's mistake has its line and column
            at = Loc(where.path, getattr(exc, "line", 0), getattr(exc, "col", 0))
            broken[name] = (str(path), Problem(at, f"icon {excerpt(path.name)} {exc}"))
            continue
        out[name] = str(resolved)
    return out, broken


def unknown_font(
    name: str, files: Mapping[str, Path], families: Mapping[str, object], project: Path
) -> str:
    """The message for a style font that is none of ours, no file of fonts/ and no family:
    where it was looked for (a file in a folder below fonts/ is named: only fonts/ is read),
    what is known, and the nearest name."""
    known = list(
        dict.fromkeys([*FACES, *sorted(files), *sorted(families)])
    )  # a family may be named as its regular file
    suffix = Path(name).suffix
    if suffix.lower() in FONT_SUFFIXES:  # written as its file name
        bare = name[: -len(suffix)]
        return (
            f"unknown font {excerpt(name)}: a font is named by its file name without"
            f" {suffix}, {excerpt(bare)} (known: {', '.join(known)})"
        )
    guess = difflib.get_close_matches(name, known, n=1)
    hint = f"; did you mean '{guess[0]}'?" if guess else ""
    below = _below(project / "fonts", name)
    where = f"; {below} is in a folder below fonts/, which is not read" if below else ""
    return (
        f"unknown font {excerpt(name)}: no fonts/{clip(name, 40)}.ttf or .otf and no family"
        f" of that name under 'fonts:'{where} (known: {', '.join(known)}){hint}"
    )


def _below(folder: Path, stem: str) -> str | None:
    """A font file named ``stem`` in a folder just below ``folder`` (nothing is opened), as
    the project names it; None when there is none."""
    try:
        for path in sorted(folder.glob("*/*")):
            if path.stem == stem and path.suffix.lower() in FONT_SUFFIXES and path.is_file():
                return f"fonts/{path.relative_to(folder).as_posix()}"
    except OSError:
        return None
    return None


_BOLD, _ITALIC = frozenset({"b", "strong"}), frozenset({"i", "em"})
_ASKED = {(True, False): "<b>", (False, True): "<i>", (True, True): "<b> and <i> together"}
_FACE = {(True, False): "bold", (False, True): "italic", (True, True): "bold-italic"}


def faces_asked(text: str) -> set[tuple[bool, bool]]:
    """The (bold, italic) faces text between tags is set in, beyond the regular: ``<b>`` and
    ``<strong>``, ``<i>`` and ``<em>`` (any case), nested as written (a ``<b>`` inside an
    ``<i>`` asks for bold italic)."""
    asked: set[tuple[bool, bool]] = set()
    bold = italic = 0
    at = 0
    for start, end, tag in tags_in(text):
        if (bold or italic) and start > at and text[at:start].strip():
            asked.add((bold > 0, italic > 0))
        at = end
        name, step = tag.name, -1 if tag.end else 1
        if name in _BOLD:
            bold = max(0, bold + step)
        elif name in _ITALIC:
            italic = max(0, italic + step)
    if (bold or italic) and text[at:].strip():
        asked.add((bold > 0, italic > 0))
    return asked


def faces_missing(
    faces: Mapping[str, Face],
    styles: Mapping[str, Style],
    families: Mapping[str, tuple[FamilySpec, Located]],
    fonts: Mapping[str, str],
) -> list[Problem]:
    """A warning at each box whose own text asks for a bold, italic or bold-italic face of a
    project font that has none: ReportLab sets that text in the regular face without a word
    (where the project's fonts print: large print, and a profile with ``own_fonts: false``,
    set its own family). A family (``fonts:``) has the faces it names; a font file named
    alone has only itself."""
    found: dict[Problem, None] = {}
    for face in faces.values():
        for box in face.boxes:
            style = styles.get(box.style)
            if style is None or style.font not in fonts:
                continue
            spec = families[style.font][0] if style.font in families else None
            has = spec.members() if spec is not None else {"regular": style.font}
            for key, loc in box.written:
                text = getattr(box, key, None)
                if not isinstance(text, str) or "<" not in text:
                    continue
                for want in sorted(faces_asked(text)):
                    if _FACE[want] in has:
                        continue
                    if spec is not None:
                        whose = f"family {style.font!r}"
                        fix = f"add {_FACE[want]}: to the family under fonts:"
                    else:
                        whose = f"font {style.font!r}"
                        fix = "name a family under fonts: with its bold and italic files"
                    verb = "print" if all(want) else "prints"
                    message = (
                        f"box {box.name!r}: {_ASKED[want]} {verb} in the regular face of the"
                        f" {whose}, as it has no {_FACE[want]} ({fix}, or leave the tags out)"
                    )
                    found[Problem(loc, message, "warning")] = None
    return list(found)
