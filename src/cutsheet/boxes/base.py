"""What every box kind shares: the box geometry, the fill context, the drawing interface."""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import Field

from .. import colours, symbols
from ..diagnostics import ContentError, Loc, Problem, excerpt
from ..measure import MM, TextStyle
from ..text import TemplateProblem, render_plain
from ..text.filters import readable

if TYPE_CHECKING:
    from ..profiles import Ink


TEMPLATED = ("text", "when", "fill", "stroke", "icon", "src", "alt")
"""A box's keys that are templates over the item's data."""


@dataclass(frozen=True, kw_only=True)
class Box:
    """A named box of a face, in mm from the face's top-left corner. Kind modules subclass it
    with their own keys."""

    name: str
    kind: str
    x: float
    y: float
    w: float
    h: float
    loc: Loc
    when: str | None = None
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.5
    dash: bool = False
    style: str = "body"  # text and cells only; kept here so reading order can use any box
    # where each of its templates (``TEMPLATED``) is written, for a problem naming a word of
    # one written over several lines to point at that word (``plan.faces``)
    written: tuple[tuple[str, Loc], ...] = ()

    @functools.cached_property
    def traits(self) -> Traits:
        """What the pipeline needs to know of this box's kind (looked up once a box: the plan
        asks it of every box of a face many times an item; kept in the box's ``__dict__``,
        which its fields, equality, hash and copies do not read)."""
        return REGISTRY[self.kind].traits


@dataclass(frozen=True, kw_only=True)
class Element:
    """A box filled from one item's data: what the renderer draws, decided at plan time."""

    box: Box
    fill: str | None = None
    stroke: str | None = None

    @property
    def is_text(self) -> bool:
        """Text elements are drawn after shapes, in reading order, and tagged."""
        return False

    @property
    def plain(self) -> str:
        """The text this element puts in the PDF's text layer ('' for shapes)."""
        return ""

    @property
    def is_read(self) -> bool:
        """Read by a screen reader, in reading order: text, or a picture that says what it
        shows (its box's ``alt``)."""
        return self.is_text or bool(getattr(self, "alt", ""))


CONTEXT_NAMES = frozenset({"game", "component", "terms", "copies"})  # not item fields
_FIELD_RE = re.compile(
    r"{{-?\s*([A-Za-z_][A-Za-z0-9_]*)"  # {{ field
    r"|{%-?\s*for\s+[A-Za-z_][\w\s,]*?\s+in\s+([A-Za-z_][A-Za-z0-9_]*)"  # {% for x in field
)


def field_of(template: str | None, values: Mapping[str, Any]) -> str | None:
    """The item field a template prints, to point an error at that field: the first it
    names that holds something (``{% if scoring %}{{ scoring }}{% elif effect %}…`` prints
    the effect of a card with no scoring), else the first it names."""
    named = _named_fields(template, values)
    for name in named:
        if values[name] not in (None, "", [], {}):
            return name
    return named[0] if named else None


def field_holding(template: str | None, values: Mapping[str, Any], char: str) -> str | None:
    """Of the item fields a template prints, the first whose value holds ``char`` (the
    character a font lacks: said at the field that writes it); None when none does."""
    return next((n for n in _named_fields(template, values) if _holds(values[n], char)), None)


def _holds(value: Any, char: str) -> bool:
    """Whether ``value`` (a list's or a mapping's values each) holds ``char`` as written."""
    if isinstance(value, (list, tuple)):
        return any(_holds(v, char) for v in value)
    if isinstance(value, Mapping):
        return any(_holds(v, char) for v in value.values())
    return char in str(value)


def _named_fields(template: str | None, values: Mapping[str, Any]) -> list[str]:
    """The item fields of ``values`` a template names: those it prints (``{{ field``), in
    order, then those it loops over (``{% for step in steps``), in order."""
    found = list(_FIELD_RE.finditer(template or ""))
    names = [m.group(1) for m in found if m.group(1)] + [m.group(2) for m in found if m.group(2)]
    return [n for n in names if n in values and n not in CONTEXT_NAMES]


def value_loc(box: Box, key: str) -> Loc:
    """Where the value of the box's ``key`` (one of ``TEMPLATED``) is written; the box's own
    place when it is not written there (inherited, or a box made in code)."""
    return next((loc for k, loc in box.written if k == key), box.loc)


LocOf = Callable[[str | None], Loc]


@dataclass(frozen=True)
class FillContext:
    """What filling a box needs: the item's template context, the layout's styles, the label
    for messages ("CR-SEED-TENT (back)"), and where an item field lives in its file."""

    ctx: Mapping[str, Any]
    styles: Mapping[str, TextStyle]
    label: str
    loc_of: LocOf
    min_size: float = 0.0
    folder: str = "."
    problems: list[Problem] = field(default_factory=list)
    dropped: list[Box] = field(default_factory=list)  # boxes an error left off the face
    adjust: Callable[[str], str] | None = None  # applied to rendered markup (scaled faces)
    colours: Mapping[str, str] = field(default_factory=dict)  # the layouts' named colours
    ink: Ink | None = None  # the profile's ink saving, applied to each box's paint
    back: bool = False  # the face is a card's back (an ink-saving profile frames its fills)
    profile: str = ""  # named in a box's measured problems when not the standard one
    # a face scaled to the card it prints on (``scale: true``): (x, y) scale of its boxes,
    # said with a box's size in a message, which the layout gives unscaled
    scaled: tuple[float, float] | None = None
    # Boxes filled without a problem, kept for the next items of a deck (boxes/text.py): the
    # same for every item filled with this context's styles, adjustment and paint.
    memo: dict[tuple[object, ...], Any] | None = None

    def colour(self, value: str | None, key: str = "fill") -> str | None:
        """A box's ``fill`` or ``stroke`` for this item: ``#RRGGBB`` (written so, or a name from
        the layouts' ``colours``), or None for no colour ('' or 'none'); anything else, once
        templated, is an error (a TemplateProblem)."""
        if value is None:
            return None
        out = render_plain(value, self.ctx).strip()
        if out in ("", "none"):
            return None
        found = colours.resolve(out, self.colours)
        if found is None and "terms" in value and symbols.fill_said(out):
            return symbols.STAND_IN_FILL  # game.yaml's term fill: said there, once
        if found is None:
            given = value if out != value.strip() else ""  # (a field, a term it reads)
            raise TemplateProblem(colours.unknown(out, self.colours, key, given_by=given))
        return found


def least_size(fc: FillContext) -> str:
    """The least text size of the profile a face is filled for, with its name ("the
    large-print profile's 18 pt"): a style under it is said with whose least it is."""
    return f"the {fc.profile or 'standard'} profile's least, {fc.min_size:g} pt"


ALT_KEY = (
    str | None,
    Field(
        None,
        description=(
            "what a screen reader is told the picture shows (a template over the item's"
            " data); without it the picture is decoration, skipped by a reader"
        ),
    ),
)
"""The ``alt`` key of a box that draws a picture (``icon``, ``image``)."""


def alt_text(template: str | None, fc: FillContext) -> str:
    """A picture's ``alt`` for this item, plain text on one line; '' for none. Text a reader
    cannot be given (a symbol, a control or invisible character) is a TemplateProblem."""
    if not template:
        return ""
    try:
        said = render_plain(template, fc.ctx)
    except TemplateProblem as exc:  # named as the alt's (a box may also have a src, an icon)
        raise TemplateProblem(f"alt: {exc}", exc.word, exc.kinds) from None
    return readable(said, "alt: the text holds")


def drawn_as_figure(pen: Pen, alt: str) -> AbstractContextManager[None]:
    """How a picture is marked: a ``Figure`` a reader is told ``alt`` of, or, without one,
    an artifact (decoration)."""
    return pen.figure(alt) if alt else pen.artifact()


class Pen(Protocol):
    """The drawing operations a box kind may use (points, origin bottom-left of the page)."""

    def artifact(self) -> AbstractContextManager[None]: ...
    def tagged(self, kind: str) -> AbstractContextManager[None]: ...
    def figure(self, alt: str) -> AbstractContextManager[None]: ...
    def list_part(self, part: str) -> AbstractContextManager[None]: ...
    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str | None,
        stroke: str | None,
        radius: float = 0.0,
    ) -> None: ...
    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str) -> None: ...
    def icon(
        self, name: str, x: float, y: float, w: float, h: float, fill: str, stroke: str
    ) -> None: ...
    def image(self, path: str, x: float, y: float, w: float, h: float) -> None: ...
    def paragraph(
        self,
        markup: str,
        style: TextStyle,
        name: str,
        avail: tuple[float, float],
        x: float,
        y: float,
        *,
        as_list: bool = False,
        box: str = "",
    ) -> None: ...
    def cells(
        self,
        numbers: tuple[int, ...],
        cols: int,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        style: TextStyle,
        fill: str | None,
        stroke: str,
        line_width: float,
    ) -> None: ...


@dataclass(frozen=True)
class Traits:
    """What the plan, the checks and the drawing need to know of a box kind, declared beside
    the kind so that nothing outside ``boxes/`` tests a kind's name.

    ``holds_text``: its element is a paragraph (fit, glyphs, contrast, reading order, panels);
    ``styled``: it names a text style (text, numbered cells); ``paints_under_text``: a filled
    one is the background text on it is read against (contrast); ``frames_text``: it can be a
    frame or band around text, growing with it in large print; ``picture``: a shape with a size
    of its own (a frame, an icon, an image) that large print keeps; ``symbol``: an icon that
    grows beside its words and can hold a value as a badge; ``square``: a square one stays
    square when scaled; ``reaches_bleed``: a filled one touching the trim runs into the bleed;
    ``rule``: it draws one stroke along its horizontal middle, with square-cut ends, black
    when it names none (a line)."""

    holds_text: bool = False
    styled: bool = False
    paints_under_text: bool = False
    frames_text: bool = False
    picture: bool = False
    symbol: bool = False
    square: bool = False
    reaches_bleed: bool = False
    rule: bool = False


REGISTRY: dict[str, BoxKind] = {}


SAFE_ZONE_MM = 3.0
"""How far inside the trim a box that prints text keeps (the safe zone)."""


def stretched(
    kind: str,
    geometry: tuple[float, float, float, float],
    radius: float | None,
    k: tuple[float, float],
    size: tuple[float, float] | None = None,
) -> dict[str, float]:
    """A box's ``x, y, w, h`` (mm) on its face stretched ``kx`` × ``ky``, and its corners'
    radius: a square box of a kind that stays square (and holds no text) keeps its side's
    shorter stretch, centred where it was; a radius keeps its corners' shape (a circle stays
    one). On a face of ``size`` (mm, as stretched), a box that prints text and kept the
    safe zone from a side keeps it still: on a card shorter than the face was drawn for,
    the id at its foot would come nearer the trim than the zone allows."""
    (x0, y0, w0, h0), (kx, ky) = geometry, k
    x, y, w, h = x0 * kx, y0 * ky, w0 * kx, h0 * ky
    traits = REGISTRY[kind].traits
    if traits.square and abs(w0 - h0) < 0.01 and not traits.holds_text:
        side = w0 * min(kx, ky)
        x, y, w, h = x + (w - side) / 2, y + (h - side) / 2, side, side
    if traits.styled and size is not None:
        x, w = _kept_safe(x, w, size[0], (x0, size[0] / kx - x0 - w0))
        y, h = _kept_safe(y, h, size[1], (y0, size[1] / ky - y0 - h0))
    changes = {"x": x, "y": y, "w": w, "h": h}
    if radius:
        changes["radius"] = radius * min(kx, ky)
    return changes


def _kept_safe(
    lo: float, length: float, span: float, was: tuple[float, float]
) -> tuple[float, float]:
    """A box's start and length along one side of a face ``span`` mm long, moved (else
    shortened) so that it keeps the safe zone from each end it kept it from before (``was``:
    its gaps then); unchanged where it keeps it (or never did)."""
    low, high = (SAFE_ZONE_MM if gap >= SAFE_ZONE_MM - 0.01 else 0.0 for gap in was)
    if span - lo - length < high - 0.01:
        lo = span - high - length
    if lo < low - 0.01:
        lo = low
    if lo + length > span - high + 0.01:
        length = max(span - high - lo, 0.0)
    return lo, length


"""Every box kind by name; each kind's module registers itself (``boxes.KINDS`` lists them)."""


@dataclass(frozen=True)
class BoxKind:
    """One kind of box: its layout keys and the typed box they make (``box``, a ``Box``
    subclass whose fields are those keys), what else a box of the kind must satisfy
    (``check``), how to fill it and draw it, and its traits."""

    name: str
    keys: Mapping[str, tuple[Any, Any]]  # extra layout keys: name -> (annotation, Field)
    box: type[Box]
    fill: Callable[[Any, FillContext, str | None, str | None], Element | None]
    draw: Callable[[Pen, Any, float, float, float, float], None]
    traits: Traits = Traits()
    check: Callable[[Any], list[Problem]] | None = None

    def __post_init__(self) -> None:
        REGISTRY[self.name] = self

    def make(self, common: Mapping[str, Any], spec: Mapping[str, Any]) -> Box:
        """The typed box from the common fields and the layout's keys of this kind (validated
        by the layout schema): a key the box needs and the layout lacks, or a value the kind
        refuses, is a located error."""
        given = {k: spec[k] for k in self.keys if spec.get(k) is not None}
        needed = [
            f.name
            for f in dataclasses.fields(self.box)
            if f.default is dataclasses.MISSING
            and f.default_factory is dataclasses.MISSING
            and f.name not in common
        ]
        missing = [k for k in needed if k not in given]
        if missing:
            what = f"{self.name} box {excerpt(common['name'])}"
            message = f"{what} needs {' and '.join(repr(k) for k in missing)}"
            raise ContentError([Problem(common["loc"], message)])
        box = self.box(**common, **given)
        problems = self.check(box) if self.check is not None else []
        if problems:
            raise ContentError(problems)
        return box


__all__ = [
    "MM",
    "REGISTRY",
    "Box",
    "BoxKind",
    "Element",
    "FillContext",
    "Pen",
    "Traits",
    "field_of",
]
