"""A flowing document's blocks, typed and frozen: what the plan makes of the rules and of a
full-page sheet, and what ``flow/story.py`` makes flowables of."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..diagnostics import Loc


@dataclass(frozen=True)
class Para:
    """A paragraph of flowing text in one of the document styles."""

    markup: str
    style: str  # title, subtitle, heading, subheading, body, strong, cell, small
    keep_with_next: bool = False


@dataclass(frozen=True)
class ListBlock:
    items: tuple[str, ...]  # markup, body style
    numbered: bool


@dataclass(frozen=True)
class ExampleBlock:
    title: str
    body: str
    name: str = ""  # the example's name in the rules' examples: where its words are written


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
    widths: tuple[float | None, ...]  # points; None: the column shares the frame's room
    needs: tuple[float, ...] = ()  # points: what each column without a width needs at least
    # the widths and needs with bare tick boxes (the header numbers them), for a frame with
    # no room for numbered ones; None: the table has no column of tick boxes to number
    bare: tuple[tuple[float | None, ...], tuple[float, ...]] | None = None


@dataclass(frozen=True)
class WriteIn:
    label: str
    suffix: str | None
    width_mm: float
    lines: int = 1  # lines of handwriting: the box is that many rows tall


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


class Face(Protocol):
    """A planned card face as the flow sees it: its size (the render side draws it)."""

    @property
    def width_mm(self) -> float: ...

    @property
    def height_mm(self) -> float: ...


Area = tuple[float, float, float, float]
"""A box on a face: x, y, width and height, in mm from the face's top-left."""


def middle(area: Area) -> tuple[float, float]:
    """The middle of a box on a face (mm from its top-left)."""
    x, y, w, h = area
    return x + w / 2, y + h / 2


@dataclass(frozen=True)
class FigureLabel:
    """A label beside a drawn card and its leader line, in mm from the face's top-left: the
    line crosses the card at height ``run`` and ends at ``end``, on the labelled box."""

    markup: str  # body style
    end: tuple[float, float]  # where its leader line ends, on the box
    run: float  # the height its line crosses the card at, to reach ``end`` clear of text
    area: Area = (0.0, 0.0, 0.0, 0.0)  # the labelled box (where it is, in words; when read)

    @property
    def centre(self) -> tuple[float, float]:
        return middle(self.area)


@dataclass(frozen=True)
class CardBlock:
    """A card of the game drawn as its deck prints it, labels beside it; ``alt`` names it."""

    face: Face
    alt: str
    labels: tuple[FigureLabel, ...]
    caption: str | None
    smallest_pt: float = 0.0  # the smallest text size its face prints (0: no text)


@dataclass(frozen=True)
class NewPage:
    """What follows starts on a fresh page (after a booklet's cover)."""


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
    | CardBlock
    | Space
    | NewPage
)


@dataclass(frozen=True)
class DocPlan:
    """A flowing document (a full-page sheet, or the rules) as typed blocks."""

    blocks: tuple[DocBlock, ...]
    loc: Loc
    locs: tuple[Loc, ...] = ()  # where each block comes from (parallel to ``blocks``)

    def loc_of(self, index: int) -> Loc:
        return self.locs[index] if index < len(self.locs) else self.loc
