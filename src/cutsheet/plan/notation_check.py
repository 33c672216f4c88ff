"""Cube notation with a letter no term gives a fill (``2R+1X``): ``glyphs`` draws each cube
letter of a run as its tile and any other letter as a letter, so a typo for a cube's letter
printed without a word (a designer's probe). A warning at the item value that holds it (a
list's own item): a run may mean such a letter (a marker of the game's own), and it builds.
Notation a layout or rules.yaml writes itself is the designer's to read."""

from __future__ import annotations

from collections.abc import Iterator

from ..built import Component, Game
from ..diagnostics import Loc, Problem, excerpt
from ..layouts import Layouts
from ..text.filters import stray_letters
from ..text.glyph_fields import glyph_sources


def notation_problems(game: Game, comp: Component, layouts: Layouts) -> list[Problem]:
    """A warning for each item value a face of ``comp`` prints through ``glyphs`` whose
    notation holds a letter that is no cube's (a one-letter term whose fill is no none or
    empty: ``glyphs``'s own cubes)."""
    cubes = {
        k
        for k, v in game.spec.terms.items()
        if len(k) == 1 and "A" <= k <= "Z" and str(v.get("fill", "")).strip() not in ("", "none")
    }
    fields = _glyph_fields(comp, layouts)
    if not cubes or not fields:
        return []
    shown = ", ".join(sorted(cubes))
    problems = []
    for item in comp.items:
        for field in sorted(fields):
            for path, text in _texts(item.values.get(field), (field,)):
                for run, others in stray_letters(text, cubes):
                    problems.append(_warning(item.id, item.loc(*path), run, others, shown))
    return problems


def _warning(item: str, at: Loc, run: str, others: str, cubes: str) -> Problem:
    letters = ", ".join(others[:-1]) + (" and " if len(others) > 1 else "") + others[-1]
    return Problem(
        at,
        f"{item}: {excerpt(run)} is cube notation, but no term gives {letters} a fill (cubes:"
        f" {cubes}): {'they print as letters' if len(others) > 1 else 'it prints as a letter'};"
        " a typo for a cube's?",
        "warning",
    )


def _glyph_fields(comp: Component, layouts: Layouts) -> set[str]:
    """The item fields the component's faces (and their profiles' own, ``name@profile``)
    print through ``glyphs`` (``glyph_sources``)."""
    fields: set[str] = set()
    for name in (comp.spec.face, comp.spec.back):
        faces = [f for f in layouts.faces if name and (f == name or f.startswith(name + "@"))]
        for face in faces:
            for box in layouts.face(face).boxes:
                fields |= glyph_sources(getattr(box, "text", None) or "")
    return fields


def _texts(
    value: object, path: tuple[str | int, ...]
) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Each text of a value with its path (a list's items, each at its own place)."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from _texts(v, (*path, i))
