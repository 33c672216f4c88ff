"""The typed, frozen plans the check and draw stages read: filled faces, printed cards grouped
in runs, document blocks, and a game's whole plan under one profile (every paper shares it)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..boxes import Element
from ..diagnostics import Loc
from ..model import Game
from ..profiles import Profile


@dataclass(frozen=True)
class FacePlan:
    """One face of one item, filled: its elements in drawing order (shapes as declared, then
    text in reading order, title first)."""

    width_mm: float
    height_mm: float
    elements: tuple[Element, ...]
    texts: tuple[str, ...]  # plain text of every text box, in drawing order


@dataclass(frozen=True)
class PrintedCard:
    """One physical copy: its faces, and which component and item it prints."""

    component: str
    item: str
    front: FacePlan
    back: FacePlan | None
    back_is_content: bool = False  # its own text (double-sided, or the rest of the front)


@dataclass(frozen=True)
class Run:
    """Consecutive cards of one size from one component (a new sheet starts at each run)."""

    component: str
    size: tuple[float, float]
    cards: tuple[PrintedCard, ...]


# ------------------------------------------------------------------ documents
@dataclass(frozen=True)
class Para:
    """A paragraph of flowing text in one of the document styles."""

    markup: str
    style: str  # title, subtitle, heading, body, strong, cell, small
    keep_with_next: bool = False


@dataclass(frozen=True)
class ListBlock:
    items: tuple[str, ...]  # markup, body style
    numbered: bool


@dataclass(frozen=True)
class ExampleBlock:
    title: str
    body: str


@dataclass(frozen=True)
class TrackBlock:
    label: str
    values: tuple[int, ...]
    mark: int | None


@dataclass(frozen=True)
class Checks:
    """A table cell of ``n`` numbered tick boxes."""

    n: int


@dataclass(frozen=True)
class Suffixed:
    """A table cell: a value (possibly empty) above a small right-aligned unit."""

    markup: str


Cell = str | Checks | Suffixed  # str: markup in the cell style ('' for an empty cell)


@dataclass(frozen=True)
class TableBlock:
    header: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    widths: tuple[float | None, ...]  # points


@dataclass(frozen=True)
class WriteIn:
    label: str
    suffix: str | None
    width_mm: float


@dataclass(frozen=True)
class WriteInsBlock:
    rows: tuple[WriteIn, ...]


@dataclass(frozen=True)
class SpacesBlock:
    labels: tuple[str, ...]
    size_mm: tuple[float, float]


@dataclass(frozen=True)
class CardRowBlock:
    cards: tuple[tuple[str, str | None], ...]  # (label markup, mark markup or None)
    caption: str | None


@dataclass(frozen=True)
class Space:
    """Vertical space (mm)."""

    height_mm: float


DocBlock = (
    Para
    | ListBlock
    | ExampleBlock
    | TrackBlock
    | TableBlock
    | WriteInsBlock
    | SpacesBlock
    | CardRowBlock
    | Space
)


@dataclass(frozen=True)
class DocPlan:
    """A flowing document (a full-page sheet, or the rules) as typed blocks."""

    blocks: tuple[DocBlock, ...]
    loc: Loc
    locs: tuple[Loc, ...] = ()  # where each block comes from (parallel to ``blocks``)

    def loc_of(self, index: int) -> Loc:
        return self.locs[index] if index < len(self.locs) else self.loc


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
