"""Game-specific arithmetic: one module per game that needs it, named after the game id
(``common-reserve`` → ``common_reserve``), exposing ``check(game) -> list[Problem]``."""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

from ..diagnostics import ContentError, Problem
from ..model import Game, validate

P = TypeVar("P", bound=BaseModel)


def load_params(game: Game, model: type[P]) -> tuple[P | None, list[Problem]]:
    """rules.yaml's ``params`` validated by a game's own model, with located problems."""
    src = game.rules_src
    if not isinstance(src.data, dict) or "params" not in src.data:
        return None, [Problem(src.loc(()), "rules.yaml needs 'params'")]
    try:
        return validate(model, src.sub(("params",))), []
    except ContentError as exc:
        return None, exc.problems
