"""The typed, frozen plans the check and draw stages read: filled faces, printed cards grouped
in runs, full-page sheets, and a game's whole plan under one profile (every paper shares it).
The document blocks live in ``flow/blocks.py`` (the flowables are made from them) and are
named here too."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import cached_property
from typing import Any

from ..boxes import Element
from ..flow.blocks import (
    CardBlock,
    CardRowBlock,
    Cell,
    Checks,
    DocBlock,
    DocPlan,
    ExampleBlock,
    FigureLabel,
    ListBlock,
    NewPage,
    Para,
    Space,
    SpacesBlock,
    Suffixed,
    TableBlock,
    TrackBlock,
    WriteIn,
    WriteInsBlock,
)
from ..flow.frames import Furniture
from ..model import Game
from ..profiles import Profile


class HashedOnce:
    """A frozen plan that is a dictionary key many times over (a card's copies on a sheet, its
    back's form): its hash is found once, from its fields, and never pickled (another process
    has other string hashes). A subclass names ``__hash__ = HashedOnce.__hash__`` in its own
    body, or ``dataclass`` writes its own."""

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash(tuple(getattr(self, f.name) for f in fields(self)))  # type: ignore[arg-type]

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}


@dataclass(frozen=True)
class FacePlan(HashedOnce):
    """One face of one item, filled: its elements in drawing order (shapes as declared, then
    text in reading order, title first)."""

    width_mm: float
    height_mm: float
    elements: tuple[Element, ...]
    texts: tuple[str, ...]  # plain text of every text box, in drawing order

    __hash__ = HashedOnce.__hash__


@dataclass(frozen=True)
class PrintedCard(HashedOnce):
    """One physical copy: its faces, and which component and item it prints."""

    component: str
    item: str
    front: FacePlan
    back: FacePlan | None
    back_is_content: bool = False  # its own text (double-sided, or the rest of the front)

    __hash__ = HashedOnce.__hash__


@dataclass(frozen=True)
class Run:
    """Consecutive cards of one size from one component (a new sheet starts at each run)."""

    component: str
    size: tuple[float, float]
    cards: tuple[PrintedCard, ...]
    grid: tuple[int, int] | None = None  # a fixed [columns, rows] imposition; None: packed


@dataclass(frozen=True)
class PageDoc:
    """A full-page sheet (reserve sheet, ledger) made of blocks, printed ``copies`` times."""

    component: str
    item: str
    copies: int
    doc: DocPlan


@dataclass(frozen=True)
class GamePlan:
    """Everything one game prints under one profile; every paper is imposed from this."""

    game: Game
    profile: Profile
    parts: Mapping[str, tuple[Run | PageDoc, ...]]  # "cards" / "sheets" → in component order
    rules: DocPlan
    furniture: Furniture  # the margin notes, bar and labels, measured for this profile
    booklet: DocPlan  # the rules as the booklet prints them: a cover, then the rules

    @property
    def images(self) -> set[str]:
        """Every image file the plan draws."""
        return {
            path
            for entries in self.parts.values()
            for run in entries
            if isinstance(run, Run)
            for card in run.cards
            for face in (card.front, card.back)
            if face is not None
            for el in face.elements
            if (path := getattr(el, "path", None))
        }


__all__ = [
    "FacePlan",
    "GamePlan",
    "PageDoc",
    "PrintedCard",
    "Run",
    "Para",
    "ListBlock",
    "NewPage",
    "ExampleBlock",
    "TrackBlock",
    "Checks",
    "Suffixed",
    "Cell",
    "TableBlock",
    "WriteIn",
    "WriteInsBlock",
    "SpacesBlock",
    "CardRowBlock",
    "CardBlock",
    "FigureLabel",
    "Space",
    "DocBlock",
    "DocPlan",
]
