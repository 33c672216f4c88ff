"""Problems of a box cutsheet ships (``base.yaml``'s id box, its card back's title) placed
where the designer mends them, not in the packaged file they do not edit: where the box's
text comes from (an item, a fact in game.yaml), or, for a fault of the box itself, where the
face that has it was chosen; each names the packaged box and how to replace it."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from ..boxes.text import FIT_HINT, FIT_HINT_NAMED, NO_LINE_HINT, TextBox
from ..diagnostics import Loc, Problem
from ..layouts import PACKAGED, Face
from ..model import Component, Game, Item
from .context import component_key_loc

_FACT = re.compile(r"\{\{\s*(game|component)\.(\w+)\s*\}\}")
"""A box that prints one fact of the game (``{{ game.title }}``) or of the component
(``{{ component.name }}``) alone: its text is written in game.yaml, not in the item."""


def _packaged(shown: str) -> bool:
    """Whether a problem's path (as a message shows it: relative to the working folder, or
    not) is a layout file cutsheet ships."""
    try:
        return Path(shown).resolve().parent == PACKAGED.resolve()
    except (OSError, RuntimeError):
        return False


_MEND = {
    "": "shorten the text, or give the face a box '{0}' of its own ('{0}: ~' leaves it out)",
    "contrast": "give its style a colour that shows on what is under it, or the face a box"
    " '{0}' of its own",
    "geometry": "give the face a box '{0}' of its own ('{0}: ~' leaves it out)",
    "style": "give the face a box '{0}' of its own, in a style at the profile's least size",
}
"""How a problem at a box cutsheet ships is mended, by the problem's code."""


def placed_in_content(
    problem: Problem, face: Face, game: Game, comp: Component, item: Item
) -> Problem:
    """A problem placed in a layout cutsheet ships (``base.yaml``: its box for the game's
    title on a default back) is the designer's to mend, but not in that file, which they do
    not edit: it is placed where the text comes from (the game's or the component's fact a
    box prints alone, in game.yaml: one place for every card, so ``collapse_repeats`` says
    it once; else the item), and names the packaged box."""
    if not problem.loc.path or not _packaged(problem.loc.path):
        return _own_box_named(problem, face)
    box = next((b for b in face.boxes if b.loc == problem.loc), None)
    fact = _FACT.fullmatch((box.text or "").strip()) if isinstance(box, TextBox) else None
    named = box.name if box is not None else None
    own_face = None
    if problem.code in _BOX_AT_FAULT or (problem.code == "contrast" and fact is None):
        where, own_face = _face_chosen(face, game, comp)
    elif fact is None:
        where = item.loc()
    elif fact.group(1) == "game":
        where = game.game_src.loc((fact.group(2),))
    else:
        where = component_key_loc(game, comp, fact.group(2))
    return _own_box_said(dataclasses.replace(problem, loc=where), problem.loc, named, own_face)


def placed_at_face(problem: Problem, face: Face, game: Game, comp: Component) -> Problem:
    """A problem of a face's geometry (no item's: a box that leaves the face) placed in a
    layout cutsheet ships (a box ``base.yaml``'s ``card`` lends a face of the designer's that
    extends it) is said where the designer chose that face, naming the packaged box and how
    to mend it; any other problem as it is."""
    if not problem.loc.path or not _packaged(problem.loc.path):
        return problem
    where, own_face = _face_chosen(face, game, comp)
    return _own_box_said(dataclasses.replace(problem, loc=where), problem.loc, None, own_face)


_BOX_AT_FAULT = frozenset({"style", "geometry"})
"""The codes of a problem of a box cutsheet ships that its text does not cause (its style's
size under a profile's least, its place on the card): the same for every item. A contrast
is one too where the box prints an item's value (the id box on a dark border of the
designer's face), but not where it prints a fact: a long title runs past the back's panel
onto its blue, and shortening the title mends it."""


def _face_chosen(face: Face, game: Game, comp: Component) -> tuple[Loc, tuple[str, str] | None]:
    """Where the designer chose the face that has a box cutsheet ships: the face in their
    layouts (extending ``base.yaml``'s), else the component's ``face:`` or ``back:`` (a
    probe: a profile's least size over the id box's was said at every item, each the same);
    and, for a face of ``base.yaml`` itself, which they cannot edit, that key and the face."""
    if face.loc.path and not _packaged(face.loc.path):
        return face.loc, None
    base = face.name.split("@")[0]
    key = "back" if base == comp.spec.back else "face"
    return component_key_loc(game, comp, key), (key, base)


_BOX_NAMED = re.compile(r"box '([^']+)'")


def _own_box_named(problem: Problem, face: Face) -> Problem:
    """A problem placed where an item's text comes from, at a box cutsheet ships (the id box
    of ``base.yaml`` on a card too small for it): it names that box too, for the text may be
    fine and the box the one to replace."""
    named = _BOX_NAMED.match(problem.message) if problem.code == "box" else None
    box = next((b for b in face.boxes if named and b.name == named.group(1)), None)
    if box is None or not box.loc.path or not _packaged(box.loc.path):
        return problem
    return _own_box_said(problem, box.loc, box.name)


def _own_box_said(
    problem: Problem, box: Loc, name: str | None = None, own_face: tuple[str, str] | None = None
) -> Problem:
    """``problem`` naming the box cutsheet ships at ``box`` (called ``name``, else as the
    message names it) and how it is mended; ``own_face`` (the key and the face): the face is one of
    cutsheet's too, so the mend begins with a face of the designer's own in its place."""
    own = f"{Path(box.path).name}:{box.line}"
    named = _BOX_NAMED.search(problem.message)
    name = name or (named.group(1) if named else "NAME")
    mend = _MEND.get(problem.code, _MEND[""]).format(name)
    if own_face:
        key, face = own_face
        mend = mend.replace("give the face a box", "give it a box").replace(
            "or the face a box", "or give it a box"
        )
        mend = f"name in {key}: a face of your own that extends '{face}', and {mend}"
    # the box's own mend says the hint, and more
    said = problem.message.removesuffix(FIT_HINT).removesuffix(FIT_HINT_NAMED)
    said = said.removesuffix(NO_LINE_HINT)
    return dataclasses.replace(problem, message=f"{said} (cutsheet's own box, {own}: {mend})")
