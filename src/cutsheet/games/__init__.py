"""Game-specific arithmetic: one module per game that needs it, named after the game id
(``common-reserve`` → ``common_reserve``), exposing ``check(game) -> list[Problem]``.

A module reads rules.yaml's ``params`` through its own ``Params`` model and a component's
items through small typed models of the fields its arithmetic reads (:func:`typed`); a page
item (a sheet of blocks) is read as :class:`~cutsheet.model.PageItem`. Its check is a list
of independent parts (:func:`check_parts`): a missing component or an item the arithmetic
cannot read stops only the parts that need it, as located problems.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from pydantic import BaseModel

from ..diagnostics import ContentError, Problem
from ..diagnostics import and_list as and_list  # what the games' own checks import from here
from ..model import Game, Item, validate
from ..source import Located

P = TypeVar("P", bound=BaseModel)
M = TypeVar("M", bound=BaseModel)

Part = Callable[[Game, P], list[Problem]]

_WORDS = "zero one two three four five six seven eight nine ten eleven twelve".split()


def load_params(game: Game, model: type[P]) -> tuple[P | None, list[Problem]]:
    """rules.yaml's ``params`` validated by a game's own model, with located problems."""
    src = game.rules_src
    if not isinstance(src.data, dict) or "params" not in src.data:
        return None, [Problem(src.loc(()), "rules.yaml needs 'params'")]
    try:
        return validate(model, src.sub(("params",))), []
    except ContentError as exc:
        return None, exc.problems


def typed(game: Game, component_id: str, model: type[M]) -> list[tuple[Item, M]]:
    """Every item of the component ``component_id``, each with its values read as ``model``.

    ``model`` declares only what the arithmetic reads (its fields are taken from the item's
    ``id``, ``copies``, ``authored`` and values; the game's own item model has already refused
    unknown keys). Raises :class:`ContentError` with located problems: the component's absence
    (from :meth:`Game.component`), or every item whose values ``model`` cannot read.
    """
    pairs: list[tuple[Item, M]] = []
    problems: list[Problem] = []
    for item in game.component(component_id).items:
        data = {"id": item.id, "copies": item.copies, "authored": item.authored, **item.values}
        view = replace(item.src, data={k: data[k] for k in model.model_fields if k in data})
        try:
            pairs.append((item, validate(model, view)))
        except ContentError as exc:
            problems.extend(
                Problem(p.loc, f"{item.id}: {p.message} (read by the rulebook checks)")
                for p in exc.problems
            )
    if problems:
        raise ContentError(problems)
    return pairs


def by_id(pairs: list[tuple[Item, M]]) -> dict[str, tuple[Item, M]]:
    """``typed``'s pairs by item id; of two items with one id (an error of its own, said at
    the second), the first, as the content gives it: a rule checked against a card checks
    the first, not a duplicate that replaced it."""
    found: dict[str, tuple[Item, M]] = {}
    for item, value in pairs:
        found.setdefault(item.id, (item, value))
    return found


def example(game: Game, name: str, model: type[M]) -> tuple[M, Located]:
    """The data of the rulebook's worked example ``name`` read as ``model``, and where it is
    written. Raises :class:`ContentError` when the example is missing or ``model`` cannot
    read it."""
    if name not in game.rules.examples:
        loc = game.rules_src.loc(("examples",))
        raise ContentError([Problem(loc, f"the rulebook's example '{name}' is missing")])
    src = game.rules_src.sub(("examples", name, "data"))
    return validate(model, src), src


def check_parts(game: Game, params: type[P], *parts: Part[P]) -> list[Problem]:
    """Validate ``params``, then run each independent part of a game's check with them. A part
    stopped by a :class:`ContentError` (a missing component, an unreadable item) reports its
    problems and the other parts still run; a problem two parts share is reported once."""
    p, problems = load_params(game, params)
    if p is None:
        return problems
    for part in parts:
        try:
            problems.extend(part(game, p))
        except ContentError as exc:
            problems.extend(exc.problems)
    return list(dict.fromkeys(problems))


def in_words(n: int) -> str:
    """'two' for 2, as messages word the rulebook's small numbers; digits from 13 on."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)
