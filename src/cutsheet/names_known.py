"""Names that must be known where they are written: a component's id once in its game; the
profiles a component (``profiles:``, ``sizes:``) or a face (``NAME@PROFILE``) names; the
colour a style names. A misspelt or repeated one taken as written would change what prints
without a word: a deck left out of large print, a size never used, one deck of two exported."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from . import colours
from .diagnostics import Loc, Problem, did_you_mean, excerpt
from .fieldspec import CARD_IMPOSITIONS
from .model import GameSpec
from .profile_files import available_profiles, misnamed_profile
from .source import Located
from .source.limits import capped


def duplicate_components(gspec: GameSpec, game_src: Located) -> list[Problem]:
    """An error at each component whose id an earlier one has: a component is known by its
    id everywhere (its part's counts, the manifest, an export by component)."""
    first_at: dict[str, Loc] = {}
    problems = []
    for i, spec in enumerate(gspec.components):
        at = game_src.loc(("components", i, "id"))
        if spec.id in first_at:
            message = f"duplicate component id {excerpt(spec.id)} (first at {first_at[spec.id]})"
            problems.append(Problem(at, message))
        first_at.setdefault(spec.id, at)
    return problems


def _unknown(name: str, known: list[str]) -> str:
    return did_you_mean(name, known) or _known(known)


def _known(known: list[str]) -> str:
    return f" (known: {', '.join(known)})"


def _unknown_profile(name: str, known: list[str], layout_dir: Path) -> str:
    return misnamed_profile(layout_dir, name) or _unknown(name, known)


def component_profiles(gspec: GameSpec, game_src: Located, project: Path) -> list[Problem]:
    """A component's ``profiles:``, ``sizes:`` and ``impositions:`` name profiles the project has (its own in
    layouts/profiles and the packaged ones); an empty ``profiles:`` would print it nowhere."""
    layout_dir = project / "layouts"
    known = available_profiles(layout_dir)
    problems = []
    raw = game_src.data.get("components") if isinstance(game_src.data, Mapping) else None
    for i, spec in enumerate(gspec.components):
        written = raw[i] if isinstance(raw, list) and i < len(raw) else None
        if isinstance(written, Mapping) and "profiles" in written:
            path = ("components", i, "profiles")
            problems += profile_names(written["profiles"], path, game_src, known, layout_dir)
        for key, named in (("sizes", spec.sizes), ("impositions", spec.impositions)):
            for name in named:
                if name not in known:
                    where = game_src.key_loc(("components", i, key, name))
                    hint = _unknown_profile(name, known, layout_dir)
                    message = f"{key}: no profile {excerpt(name)}{hint}"
                    problems.append(Problem(where, message))
    return capped(problems)  # a list of thousands of names: a hundred said, and a count


def face_profiles(
    faces: Mapping[str, tuple[Any, Located, tuple[str, str]]], layout_dir: Path
) -> list[Problem]:
    """A face named ``NAME@PROFILE`` replaces ``NAME`` under that profile: one naming a
    profile the project does not have would never be used. ``faces``: each face by name,
    with the file it is written in and its path there."""
    known = available_profiles(layout_dir)
    problems = []
    for face_name, (_face, src, path) in faces.items():
        where = src.key_loc(path)
        _base, at, profile = face_name.partition("@")
        if at and profile not in known:
            message = (
                f"face {excerpt(face_name)} names no profile {excerpt(profile)}"
                f"{_unknown(profile, known)}"
            )
            problems.append(Problem(where, message))
    return problems


def style_colours(
    styles: Mapping[str, Any], colour_locs: Mapping[str, Loc], table: Mapping[str, str]
) -> list[Problem]:
    """A style whose ``color`` names no colour of the ``colours`` tables (``colour_locs``:
    where each style that names one says it)."""
    return [
        Problem(loc, colours.unknown(styles[name].color, table, "color", none=False))
        for name, loc in colour_locs.items()
        if colours.resolve(styles[name].color, table) is None
    ]


def _template_problems(
    value: str, where: Loc, key: str, known: list[str], variable: str = "profile"
) -> list[Problem]:
    """A name ``value`` compares ``variable`` (``profile``, or a document's ``imposition``)
    with that is none of ``known``: the test is never true (or always)."""
    from .text.compared import compared_names
    from .text.pointed import CONSTANT, pointed

    return [
        Problem(
            pointed(where, name, CONSTANT) if isinstance(name, str) else where,
            f"{key}: compares {variable} with {_shown(name)}, which is no {variable}"
            f"{_unknown(name, known) if isinstance(name, str) else _known(known)}",
        )
        for name in dict.fromkeys(compared_names(value, variable, expression=key == "when"))
        if name not in known
    ]


def _shown(value: object) -> str:
    """A compared constant as the template writes it: a name quoted, a number as is."""
    if isinstance(value, str):
        return excerpt(value)
    if value is None or isinstance(value, bool):
        return str(value).lower()  # as Jinja writes them: none, true, false
    return repr(value)


def template_profiles(
    faces: Mapping[str, tuple[Any, Located, tuple[str, str]]], layout_dir: Path
) -> list[Problem]:
    """A box's ``text`` or ``when`` that compares ``profile`` with a name the project has no
    profile of (``profile != 'large-prnt'``): the test would never be true (or always), and
    the box would print in every profile, or in none, without a word."""
    known = available_profiles(layout_dir)
    problems = []
    for face, src, path in faces.values():
        for box_name, box in face.boxes.items():
            for key in ("text", "when"):
                value = getattr(box, key, None)
                if isinstance(value, str) and "profile" in value:
                    where = src.loc((*path, "boxes", box_name, key))
                    problems += _template_problems(value, where, key, known)
    return problems


def profile_names(
    value: Any, path: tuple[Any, ...], src: Located, known: list[str], layout_dir: Path
) -> list[Problem]:
    """A ``profiles:`` (a component's or a block's) lists profiles the project has, each
    once, at least one: left empty it would read as "every profile", the opposite of a list
    someone meant to fill in; a name listed twice is a slip (the other name meant?)."""
    if value is None:
        return [
            Problem(
                src.loc(path),
                "profiles: empty; list the profiles it prints in, e.g. [standard], or leave"
                " the key out to print it in every profile",
            )
        ]
    if not isinstance(value, list):
        return []  # the model says what it must be
    if not value:
        return [Problem(src.loc(path), "profiles: lists no profile, so it prints nowhere")]
    problems = []
    first: dict[str, int] = {}
    for j, name in enumerate(value):
        if not isinstance(name, str):
            continue
        if name in first:
            message = f"profiles: {excerpt(name)} is listed twice (item {first[name] + 1} too)"
            problems.append(Problem(src.loc((*path, j)), message))
        elif name not in known:
            hint = _unknown_profile(name, known, layout_dir)
            problems.append(
                Problem(src.loc((*path, j)), f"profiles: no profile {excerpt(name)}{hint}")
            )
        first.setdefault(name, j)
    return problems


def document_names(src: Located, project: Path) -> list[Problem]:
    """``template_profiles`` for every template of a document (rules.yaml, a page
    component's items: their texts but ``params`` and an example's ``data``, which
    templates read and are not templates themselves), and the same of ``imposition``, which
    a document's templates may compare with ``CARD_IMPOSITIONS``; and the profiles a
    block's ``profiles:`` names."""
    known = {"profile": available_profiles(project / "layouts")}
    known["imposition"] = list(CARD_IMPOSITIONS)
    problems: list[Problem] = []

    def walk(value: Any, path: tuple[Any, ...]) -> None:
        if path[:1] == ("params",) or (path[:1] == ("examples",) and path[2:3] == ("data",)):
            return  # data a template reads, not a template
        if len(path) >= 3 and path[-3] == "blocks" and path[-1] == "profiles":
            if isinstance(path[-2], int):  # a block's: only these profiles print it
                layout_dir = project / "layouts"
                problems.extend(profile_names(value, path, src, known["profile"], layout_dir))
                return
        if isinstance(value, str):
            key = next((str(p) for p in reversed(path) if isinstance(p, str)), "text")
            for variable, names in known.items():
                if variable in value:
                    problems.extend(_template_problems(value, src.loc(path), key, names, variable))
        elif isinstance(value, Mapping):
            for k, v in value.items():
                walk(v, (*path, k))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk(v, (*path, i))

    walk(src.data, ())
    return capped(problems)  # a list of thousands of names: a hundred said, and a count
