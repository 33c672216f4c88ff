"""Typed, frozen content models and the mapping of pydantic errors back to file locations."""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Mapping
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    Field,
    field_validator,
    model_validator,
)

from .colours import HEX
from .diagnostics import excerpt
from .fieldspec import (
    FieldName,
    FieldSpec,
    _field_names_schema,
    check_words,
)
from .modelbase import MaybeNumber, Number, Strict
from .source import Located

M = TypeVar("M", bound=BaseModel)

MAX_COPIES = 10_000
"""Most copies of one item (or one full-page sheet)."""
MAX_PRINTED = 100_000
"""Most items one game prints, copies included."""
MAX_MM = 1_000.0
"""Largest length in mm anywhere (a card, a box, a column): more than any paper."""

SLUG = r"^[a-z0-9]+(-[a-z0-9]+)*$"
GAME_CODE = r"^[A-Z]{2,5}$"
HEX_COLOUR = HEX
COLOUR_NAME = r"^[A-Za-z][A-Za-z0-9_-]*$"
COLOUR_OR_NAME = f"^({HEX[1:-1]}|{COLOUR_NAME[1:-1]})$"
FONT_NAME = r"^[A-Za-z0-9][A-Za-z0-9 _.+~-]*$"  # a style's font, a family's name


def _not_none(name: str) -> str:
    """A colour's name: never 'none', which in a fill means no colour (said at the name)."""
    if name.lower() == "none":
        raise ValueError("'none' means no colour; give this colour another name")
    return name


ColourName = Annotated[str, Field(pattern=COLOUR_NAME), AfterValidator(_not_none)]
"""The name of a colour of the layouts' ``colours:``."""


def _millimetres(value: Any) -> Any:
    """A length in mm as YAML writes it: a number (``true`` and ``"63"`` are not lengths;
    pydantic would read them as 1 and 63)."""
    if isinstance(value, bool) or isinstance(value, str):
        shown = str(value).lower() if isinstance(value, bool) else f"the text {excerpt(value)}"
        raise ValueError(f"a length in mm is a number, got {shown}")
    return value


Mm = Annotated[float, BeforeValidator(_millimetres)]
"""A length in mm, written as a number."""
MmPair = tuple[Mm, Mm]
"""A [width, height] in mm."""

ITEM_ID = r"^[A-Z0-9]+(-[A-Z0-9]+)+$"

NAMED_SIZES_MM: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "poker-63.5": (63.5, 88.0),  # the sleeve makers' poker size
    "bridge": (57.0, 89.0),
    "bridge-small": (56.0, 87.0),
    "mini": (44.0, 63.0),  # "mini American"
    "mini-euro": (44.0, 68.0),
    "square": (70.0, 70.0),
    "tarot": (70.0, 120.0),
    "jumbo": (89.0, 127.0),
    "jumbo-tall": (89.0, 160.0),  # large print: two a page, for a dense card's full design
}


def size_mm(
    size: str | tuple[float, float], own: Mapping[str, tuple[float, float]] | None = None
) -> tuple[float, float]:
    """A card size in mm: a built-in name, a name from ``own`` (a project's ``sizes:``), or
    [width, height]; anything else is a ValueError naming the known sizes."""
    if isinstance(size, str):
        if own and size in own:
            return own[size]
        if size not in NAMED_SIZES_MM:
            known = ", ".join([*NAMED_SIZES_MM, *sorted(own or {})])
            guess = difflib.get_close_matches(size, [*NAMED_SIZES_MM, *(own or {})], n=1)
            hint = f"; did you mean '{guess[0]}'?" if guess else ""
            raise ValueError(f"unknown card size {excerpt(size)} (known: {known}){hint}")
        return NAMED_SIZES_MM[size]
    w, h = float(size[0]), float(size[1])
    if not all(math.isfinite(v) and 0 < v <= MAX_MM for v in (w, h)):
        raise ValueError(
            f"a size is [width, height] in mm, each above 0 and at most {MAX_MM:,.0f};"
            f" got [{w:g}, {h:g}]"
        )
    return (w, h)


def _size_or_name(size: str | tuple[float, float]) -> None:
    """At load time: a [width, height] is checked; a name that could be a project's own size
    (declared in a layout file's ``sizes:``) waits for the plan, which knows the layouts."""
    if isinstance(size, str) and size not in NAMED_SIZES_MM:
        if not re.fullmatch(SLUG, size):
            size_mm(size)  # not a name at all: the message lists the known sizes
        return
    size_mm(size)


class ImpositionSpec(Strict):
    """A fixed imposition a component can ask for instead of the automatic packing."""

    grid: tuple[Number, Number] = Field(description="[columns, rows] of cards on every page")

    @field_validator("grid")
    @classmethod
    def _sane(cls, v: tuple[int, int]) -> tuple[int, int]:
        if not all(1 <= n <= 50 for n in v):
            raise ValueError("a grid is [columns, rows], each 1 to 50")
        return v

    @property
    def cols(self) -> int:
        return self.grid[0]

    @property
    def rows(self) -> int:
        return self.grid[1]


class PaperSpec(Strict):
    """A paper as a layout file declares it."""

    size: MmPair = Field(description="[width, height] in mm, portrait")
    title: str | None = Field(None, description="the name a person reads (default: the key)")
    half: MmPair | None = Field(
        None, description="the booklet's page in mm (default: half the sheet, turned)"
    )


class ComponentSpec(Strict):
    id: str = Field(pattern=SLUG)
    name: str
    part: Literal["cards", "sheets"]
    form: Literal["card", "page"] = "card"
    size: str | MmPair = "poker"
    sizes: dict[str, str | MmPair] = Field(
        default_factory=dict, description="size under another profile, e.g. large-print: [30, 30]"
    )
    count: Number = Field(
        ge=1, le=MAX_PRINTED, description="how many the rulebook requires, copies included"
    )
    face: str | None = Field(None, description="layout face for the front")
    back: str | None = Field(
        None, description="layout face for the back; given, the component prints duplex"
    )
    double_sided: bool = Field(
        False, description="each item has its own back; otherwise every back must be the same"
    )
    overleaf: bool = Field(
        False,
        description="a reference card: where a profile's larger text does not fit the card,"
        " the rest continues on its back (needs no 'back')",
    )
    source: str | None = Field(None, description="YAML or CSV file of items, beside game.yaml")
    items: list[dict[str, Any]] | None = None
    where: dict[str, str] = Field(
        default_factory=dict,
        description="take only the source's items whose fields equal these (one CSV, many decks)",
    )
    fields: dict[FieldName, FieldSpec] = Field({}, json_schema_extra=_field_names_schema)  # type: ignore[valid-type]
    imposition: str | ImpositionSpec | None = Field(
        None,
        description="cards only: a fixed imposition (a name from a layout's 'impositions', or"
        " {grid: [cols, rows]}) instead of the automatic packing",
    )
    impositions: dict[str, str | ImpositionSpec] = Field(
        default_factory=dict, description="imposition under another profile, e.g. large-print: auto"
    )
    optional: bool = False
    note: str = ""
    profiles: list[str] | None = Field(
        None,
        description="print this component only under these profiles, e.g. [large-print] for a"
        " reference card that says once what large print leaves off every card of a deck",
    )

    @field_validator("size")
    @classmethod
    def _known_size(cls, v: str | tuple[float, float]) -> str | tuple[float, float]:
        _size_or_name(v)
        return v

    @field_validator("sizes")
    @classmethod
    def _known_sizes(
        cls, v: dict[str, str | tuple[float, float]]
    ) -> dict[str, str | tuple[float, float]]:
        for size in v.values():
            _size_or_name(size)
        return v

    @model_validator(mode="after")
    def _one_source(self) -> ComponentSpec:
        if (self.source is None) == (self.items is None):
            raise ValueError("give exactly one of 'source' (a file) or 'items' (inline)")
        if self.form == "card" and self.face is None:
            raise ValueError("a card component needs a 'face' layout")
        if self.overleaf and self.back is not None:
            raise ValueError("'overleaf' continues a card on its back, so it takes no 'back'")
        if self.form == "page" and (self.imposition is not None or self.impositions):
            raise ValueError("a page prints one to a sheet: 'imposition' is for cards")
        return self

    def size_mm(self, own: Mapping[str, tuple[float, float]] | None = None) -> tuple[float, float]:
        """The card size, a project's own named sizes (``own``) included (ValueError if
        unknown)."""
        return size_mm(self.size, own)

    def in_profile(self, profile: str) -> bool:
        """Whether this component prints under ``profile``."""
        return self.profiles is None or profile in self.profiles

    def size_for(
        self, profile: str, own: Mapping[str, tuple[float, float]] | None = None
    ) -> tuple[float, float]:
        return size_mm(self.sizes.get(profile, self.size), own)


class GameSpec(Strict):
    id: str = Field(pattern=SLUG)
    code: str = Field(pattern=GAME_CODE, description="prefix of every item id")
    title: str
    subtitle: str = ""
    publisher: str = ""
    edition: str = ""
    players: str
    time: str = ""
    language: str = "en"
    layouts: str = Field(description="layout file in layouts/ for this game's faces")
    vocab: dict[str, Annotated[list[str], AfterValidator(check_words)]] = {}
    terms: dict[str, dict[str, str]] = Field(
        default_factory=dict,
        description="data about vocabulary words (title, rule, icon …), for every face: terms[word]",
    )
    components: list[ComponentSpec]


# ---------------------------------------------------------------- documents (sheets, rules)
MAX_TRACK = 1_000
"""Most numbers of a track (or of a layout's cells box)."""


class Track(Strict):
    label: str
    start: Number = Field(0, ge=-1_000_000, le=1_000_000)
    stop: Number = Field(ge=-1_000_000, le=1_000_000)
    mark: MaybeNumber = Field(None, description="value printed bold as the starting point")

    @model_validator(mode="after")
    def _numbers(self) -> Track:
        if self.stop < self.start:
            raise ValueError(f"stop ({self.stop}) is below start ({self.start})")
        if self.stop - self.start + 1 > MAX_TRACK:
            raise ValueError(
                f"a track has at most {MAX_TRACK:,} numbers, not {self.stop - self.start + 1:,}"
            )
        return self


class Column(Strict):
    header: str
    width: float | None = Field(
        None,
        gt=0,
        le=MAX_MM,
        description="mm; when absent, the page's room is shared, each column at least as wide"
        " as its longest word or its tick boxes",
    )
    value: str | None = Field(None, description="template printed in the cell ({{ row }})")
    checks: MaybeNumber = Field(None, ge=1, le=100, description="that many tick boxes")
    suffix: str = ""


class Table(Strict):
    columns: list[Column] = Field(min_length=1)
    rows: Number = Field(ge=1, le=1_000)


class WriteIn(Strict):
    label: str
    suffix: str = ""
    width: float | None = Field(None, gt=0, le=MAX_MM, description="mm")
    lines: Number = Field(
        1, ge=1, le=6, description="lines of handwriting the box holds (a long list of amounts)"
    )


_UNSEEN = str.maketrans("", "", "\u00ad\u200b\u200c\u200d\u2060\ufeff")  # nothing printed


def _said(value: str) -> str:
    """A space's label is all a reader hears of it, and all a player reads of it: one line
    (it is drawn as one) of characters that print."""
    if not value.translate(_UNSEEN).strip():
        raise ValueError("is empty: a space's label says what goes there")
    if any(c in value for c in "\t\n\r"):
        raise ValueError("is one line above its space: no tab or line break")
    return value


class Spaces(Strict):
    labels: list[Annotated[str, AfterValidator(_said)]] = Field(min_length=1)
    size: str = Field("poker", description="card size of each space")
    card: str | None = Field(
        None,
        description="a card component's id: each space is as large as that component's card"
        " in the profile being built (instead of 'size')",
    )

    @field_validator("size")
    @classmethod
    def _known(cls, v: str) -> str:
        if v not in NAMED_SIZES_MM:
            known = ", ".join(NAMED_SIZES_MM)
            raise ValueError(f"unknown card size {excerpt(v)} (known: {known})")
        return v


class CardRow(Strict):
    """A diagram: a row of small cards (by item id) with an optional mark on some of them."""

    cards: list[str]
    label: str = Field(description="template over each card's values, printed inside it")
    marked: list[str] = []
    mark: str = Field("", description="word printed on the marked cards")
    caption: str = ""


class CardFigure(Strict):
    """A card of the game drawn as it prints, with labels beside it pointing at its boxes."""

    item: str = Field(description="id of the card (an item of a card component) to draw")
    labels: dict[str, str] = Field(
        {}, description="box name → label printed beside the card, with a line to the box"
    )
    caption: str = Field("", description="small text below the card")


def _words(value: str) -> str:
    """A heading that says nothing would be an empty heading to a screen reader."""
    if not value.strip():
        raise ValueError("is empty: a heading needs words")
    return value


Heading = Annotated[str, AfterValidator(_words)]


class Block(Strict):
    """One block of a sheet or booklet section: exactly one key is given."""

    heading: Heading | None = None
    text: str | None = None
    bullets: list[str] | None = Field(None, min_length=1)
    steps: list[str] | None = Field(None, min_length=1)
    track: Track | None = None
    table: Table | None = None
    write_ins: list[WriteIn] | None = None
    spaces: Spaces | None = Field(None, description="labelled card-sized spaces to lay cards on")
    card_row: CardRow | None = Field(None, description="a diagram of cards drawn from the data")
    card: CardFigure | None = Field(None, description="a card of the game, drawn and labelled")
    example: str | None = Field(None, description="id of a worked example in rules.yaml")
    components: bool | None = Field(None, description="the generated list of components")
    profiles: list[str] | None = Field(
        None,
        description="print this block only under these profiles, e.g. [standard] for a card"
        " figure too large for large print's pages (beside the block's one kind)",
    )

    @model_validator(mode="after")
    def _exactly_one(self) -> Block:
        given = [k for k in _BLOCK_KINDS if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError(
                "a block has exactly one of: " + ", ".join(_BLOCK_KINDS)
                if not given
                else f"a block has exactly one key, got {', '.join(given)}"
            )
        return self

    @property
    def kind(self) -> str:
        return next(k for k in _BLOCK_KINDS if getattr(self, k) is not None)

    def in_profile(self, profile: str) -> bool:
        return self.profiles is None or profile in self.profiles


_BLOCK_KINDS = tuple(k for k in Block.model_fields if k != "profiles")
"""What a block is: one of these keys (``profiles`` only says where it prints)."""


class PageItem(Strict):
    id: str = Field(pattern=ITEM_ID)
    title: str
    copies: Number = Field(1, ge=1, le=MAX_COPIES)
    authored: bool = False
    blocks: list[Block]


class Section(Strict):
    heading: Heading
    blocks: list[Block]


class Example(Strict):
    title: str
    text: str = Field(description="own-words template over this example's data")
    data: dict[str, Any]


class RulesSpec(Strict):
    title: str = ""
    params: dict[str, Any] = {}
    sections: list[Section]
    examples: dict[str, Example] = {}


def __getattr__(name: str) -> Any:
    """``Item``, ``Component`` and ``Game`` live in :mod:`cutsheet.built`; importable from here."""
    if name in ("Item", "Component", "Game"):
        from . import built

        return getattr(built, name)
    raise AttributeError(name)


def validate(model: type[M], located: Located) -> M:
    """Validate located data; every pydantic error becomes a located problem
    (see :mod:`cutsheet.validation`)."""
    from .validation import validate as located_validate

    return located_validate(model, located)
