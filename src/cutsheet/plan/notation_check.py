"""Cube notation with a letter no term gives a fill (``2R+1X``): ``glyphs`` draws each cube
letter of a run as its tile and any other letter as a letter, so a typo for a cube's letter
printed without a word (a designer's probe). A warning at the field that holds it: a run may
mean such a letter (a marker of the game's own), and it builds."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..built import Component, Game
from ..diagnostics import Problem, excerpt
from ..layouts import Layouts
from ..text.filters import stray_letters

_GLYPHS = re.compile(r"([A-Za-z_]\w*)\s*\|\s*glyphs\b")
_LOOP = re.compile(r"{%-?\s*for\s+([A-Za-z_]\w*)\s+in\s+([A-Za-z_]\w*)")


def notation_problems(game: Game, comp: Component, layouts: Layouts) -> list[Problem]:
    """A warning for each item value a face of ``comp`` prints through ``glyphs`` whose
    notation holds a letter that is no cube's (one-letter terms with a fill)."""
    terms = game.spec.terms
    cubes = {k for k, v in terms.items() if len(k) == 1 and "A" <= k <= "Z" and "fill" in v}
    fields = _glyph_fields(comp, layouts)
    if not cubes or not fields:
        return []
    shown = ", ".join(sorted(cubes))
    problems = []
    for item in comp.items:
        for field in fields:
            for text in _texts(item.values.get(field)):
                for run, others in stray_letters(text, cubes):
                    letters = " and ".join(others)
                    problems.append(
                        Problem(
                            item.loc(field),
                            f"{item.id}: {excerpt(run)} is cube notation, but no term gives"
                            f" {letters} a fill (cubes: {shown}): it prints as a letter;"
                            " a typo for a cube's?",
                            "warning",
                        )
                    )
    return problems


def _glyph_fields(comp: Component, layouts: Layouts) -> set[str]:
    """The item fields the component's faces print through ``glyphs``: named so, or a
    list looped over whose item is (``{% for e in exchanges %}{{ e|glyphs(terms) }}``)."""
    fields: set[str] = set()
    for name in (comp.spec.face, comp.spec.back):
        if name is None or name not in layouts.faces:
            continue
        for box in layouts.face(name).boxes:
            text = getattr(box, "text", None) or ""
            loops = dict(_LOOP.findall(text))
            fields |= {loops.get(n, n) for n in _GLYPHS.findall(text)}
    return fields


def _texts(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _texts(v)
