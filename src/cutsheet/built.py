"""Built, frozen content: items with their validated values, components, the game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from .diagnostics import ContentError, Loc, Problem
from .model import ComponentSpec, GameSpec, RulesSpec
from .source import Located


@dataclass(frozen=True, slots=True)
class Item:
    """One printed design (``copies`` prints of it): its fields' values, and where it is.

    ``values`` are its validated model's fields but ``id``, ``copies`` and ``authored``, as
    plain values: what templates (the Jinja context), checks and messages read. The model
    itself is kept for a page only (a ``PageItem``, whose blocks are planned): a card's
    values are all anything reads, and a 10,000-card deck holds 10,000 small dicts rather
    than twice as many models. ``src`` places the item's values; the file's plain data is
    not kept (``Located.places``)."""

    id: str
    copies: int
    authored: bool
    values: Mapping[str, Any]
    src: Located
    model: BaseModel | None = None

    def loc(self, *path: str | int, key: bool = False) -> Loc:
        """Where the value at ``path`` is written, or with ``key`` the key that names it."""
        return self.src.key_loc(path) if key else self.src.loc(path)


@dataclass(frozen=True)
class Component:
    spec: ComponentSpec
    items: tuple[Item, ...]
    loc: Loc
    src: Located

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def printed(self) -> int:
        return sum(i.copies for i in self.items)


@dataclass(frozen=True)
class Game:
    spec: GameSpec
    root: str
    components: tuple[Component, ...]
    rules: RulesSpec
    game_src: Located
    rules_src: Located
    files: tuple[str, ...] = ()  # every file read to load it (for the build cache)

    @property
    def id(self) -> str:
        return self.spec.id

    def component(self, cid: str) -> Component:
        """The component ``cid``; a located error when the game has none by that id (the
        game's own checks name the components the rulebook needs)."""
        for c in self.components:
            if c.id == cid:
                return c
        known = ", ".join(c.id for c in self.components)
        raise ContentError(
            [
                Problem(
                    self.game_src.key_loc(("components",)),
                    f"no component '{cid}', which this game's rulebook checks need"
                    f" (components: {known})",
                )
            ]
        )
