"""Symbols inside running text: cube tiles and icons sized to the text, on its baseline.

Templates mark symbols with private-use markers (the ``glyphs`` and ``icon`` filters write
them; content can never produce them because it is escaped first, and a stray marker is just
a character the font lacks, which ``check`` reports). At plan time, when the text's size is
known, each marker becomes paragraph markup: transparent spacers that make room for the
symbol, and a callback the renderer draws it with (``render/symbols.py``). A run of notation
(``5R>G``, ``RRRR``) is wrapped in a span whose ActualText is the notation exactly as written
(for copy and search) and whose ``/E`` (expansion) is how it is said: "5 red for 1 green"
(see ``spoken``). Tiles, icons and the transparent spacers that make room for them are
artifacts inside the text: an icon beside its word is silent.
"""

from __future__ import annotations

import html
import io
import math
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path, PurePosixPath
from urllib.parse import quote
from xml.parsers import expat

from reportlab.graphics.shapes import Drawing

from .confine import FileRefused, read_file
from .diagnostics import Loc, Problem, and_list, clip, did_you_mean, display_path, excerpt
from .measure import string_width
from .svg_dashes import dash_problem, solid_where_invalid, too_finely_dashed
from .svgshape import (
    SVG_LIMIT,
    SVG_SMALLEST,
    IconFileError,
    element_at,
    misread,
    shape_problem,
    svglib_said,
    unpainted,
)

#: The vector icons cutsheet draws (``render/icons``), for icon boxes and the ``icon`` filter.
ICON_NAMES = (
    "drop",
    "flame",
    "leaf",
    "circle",
    "square",
    "triangle",
    "diamond",
    "star",
    "check",
    "cross",
    "arrow",
    "arrows-both",
    "hourglass",
    "trash",
    "plus",
    "hand",
    "swap-vertical",
    "cycle",
    "cycle-ccw",
    "person-swap",
    "ticket",
    "ticket-swap",
    "ticket-swap-own",
    "card-swap",
    "ticket-in",
    "repeat",
    "exchange",
    "bolt",
    "sparkle",
    "trophy",
    "music-note",
)

ICON_SUFFIXES = (".svg", ".png")
_OWN: ContextVar[tuple[Mapping[str, str], Mapping[str, str]]] = ContextVar(
    "project_look", default=({}, {})
)
_LOOK_KEY: ContextVar[tuple[object, ...]] = ContextVar("look_key", default=((), ()))
_BROKEN: ContextVar[tuple[Mapping[str, str], set[str]]] = ContextVar(
    "broken_icons", default=({}, set())
)
_SAID_FILLS: ContextVar[frozenset[str]] = ContextVar("said_fills", default=frozenset())
STAND_IN_FILL = "#010101"
"""What a template that reads a term's fill gets where game.yaml's fill is no colour (said
there, once: ``plan.term_problems``; the build fails there): a cube's tile, a box's fill
from ``terms[…].fill``, measured as they will print once it is mended, and said nowhere else
(a contrast with it is no problem of the design's: the plan leaves it out)."""


def icon_files(folder: Path) -> dict[str, Path]:
    """Every icon of a project's ``icons/`` folder (SVG or PNG) by its file stem, in name
    order; a built-in icon's name is taken by the built-in."""
    try:
        found = sorted(p for p in folder.iterdir() if p.suffix.lower() in ICON_SUFFIXES)
    except OSError:  # no icons/ folder
        return {}
    return {p.stem: p for p in found if p.stem not in ICON_NAMES and _NAME_RE.match(p.stem)}


def unused_icon_files(folder: Path) -> list[tuple[Path, str]]:
    """The files of ``icons/`` that ``icon_files`` leaves out, each with why: a built-in
    icon's name, a name that is not one (a space, an accent), or a stem another file of the
    folder has (the later in name order is the icon)."""
    try:
        found = sorted(p for p in folder.iterdir() if p.suffix.lower() in ICON_SUFFIXES)
    except OSError:
        return []
    used = icon_files(folder)
    out = []
    for p in found:
        if p.stem in ICON_NAMES:
            out.append(
                (p, f"'{p.stem}' is a built-in icon's name, which it keeps; rename the file")
            )
        elif not _NAME_RE.match(p.stem):
            out.append(
                (
                    p,
                    "an icon's name is letters, digits, '-' and '_' (no space, no accent);"
                    " rename the file",
                )
            )
        elif used.get(p.stem) != p:
            out.append((p, f"{used[p.stem].name} has the same name and is the icon"))
    return out


@contextmanager
def project_look(
    icons: Mapping[str, str],
    colours: Mapping[str, str],
    broken: Mapping[str, str] | None = None,
    said_fills: frozenset[str] = frozenset(),
) -> Iterator[set[str]]:
    """While planning a game: its project's icons (name -> file) and named colours, for the
    ``icon`` filter, icon boxes and symbol markup. ``broken``: the project's icon files
    that cannot be drawn (name -> where their error is said); yields the names of those
    the game asked for (``unknown_icon``), which are its errors. ``said_fills``: the fills
    of game.yaml's terms that are no colour, said there (``fill_said``)."""
    broken = broken or {}
    asked: set[str] = set()
    token, said = _OWN.set((icons, colours)), _BROKEN.set((broken, asked))
    fills = _SAID_FILLS.set(said_fills)
    look = (tuple(sorted(icons.items())), tuple(sorted(colours.items())), tuple(sorted(broken)))
    key = _LOOK_KEY.set((*look, tuple(sorted(said_fills))))
    try:
        yield asked
    finally:
        _SAID_FILLS.reset(fills)
        _LOOK_KEY.reset(key)
        _BROKEN.reset(said)
        _OWN.reset(token)


def look_key() -> tuple[object, ...]:
    """The project's look as a value (its icons and named colours): what a template's result
    can depend on besides the values it reads (``text.rendering`` keys its memo with it)."""
    return _LOOK_KEY.get()


def project_icons() -> Mapping[str, str]:
    """The icons of the project being planned: name -> resolved file path."""
    return _OWN.get()[0]


def project_colours() -> Mapping[str, str]:
    return _OWN.get()[1]


def fill_said(value: str) -> bool:
    """Whether ``value`` (spaces around it aside) is a fill of game.yaml's terms that is no
    colour, said there (``project_look``): what reads it gets ``STAND_IN_FILL``."""
    return value.strip() in _SAID_FILLS.get()


def known_icons() -> tuple[str, ...]:
    """The built-in icons and the project's own."""
    return ICON_NAMES + tuple(project_icons())


def unknown_icon(name: str) -> str:
    """How an icon that is neither built in nor the project's is said: the nearest name,
    the file looked for, and the icons there are (an icon box, a term, the ``icon`` filter).
    A project's icon whose file cannot be drawn is said so (and its file's error is the
    game's: ``project_look``)."""
    broken, asked = _BROKEN.get()
    if name in broken:
        asked.add(name)
        return broken_icon(name, broken[name])
    known = known_icons()
    path = PurePosixPath(name.replace("\\", "/"))
    stem = path.stem if path.suffix.lower() in (".svg", ".png") else path.name
    if stem != name and stem in known:  # a designer's probe: icon: icons/shell.svg
        return (
            f"unknown icon {excerpt(name)}: an icon is named by its file's name in icons/,"
            f" without the folder and the extension; did you mean {excerpt(stem)}?"
        )
    return (
        f"unknown icon {excerpt(name)}{did_you_mean(name, known)}"
        f" (no icons/{clip(name, 40)}.svg or .png; known: {', '.join(known)})"
    )


def broken_icon(name: str, where: str) -> str:
    """How a use of a project's icon whose file cannot be drawn is said (``where``: the
    file's error)."""
    return f"icon {excerpt(name)} cannot be drawn: its file has an error ({where})"


def icon_ref(name: str) -> str | None:
    """How the renderer finds icon ``name``: itself for a built-in icon, ``@`` and its file
    (quoted, so that it is safe in markup) for a project's own, None for an unknown name."""
    if name in ICON_NAMES:
        return name
    path = project_icons().get(name)
    return None if path is None else "@" + quote(path, safe="/")


_OWN_PARTS = "an SVG icon may refer only to its own parts ('#id')"
_CSS_URL = re.compile(r"url\(\s*(?!['\"]?\s*#)", re.IGNORECASE)  # url(...) but url(#id)


def _css_outside(css: str) -> str | None:
    """What in CSS text refers to something outside the SVG: ``url()`` but ``url(#id)``,
    ``@import``."""
    if "@import" in css.lower():
        return f"imports a style sheet (@import); {_OWN_PARTS}"
    found = _CSS_URL.search(css)
    if found is None:
        return None
    ref = css[found.start() :].split(")", 1)[0] + ")"
    return f"refers to {excerpt(ref)} outside itself; {_OWN_PARTS}"


_TEXT_ELEMENTS = frozenset({"text", "tspan", "textPath"})


def _element_outside(local: str, attrs: dict[str, str]) -> str | None:
    """Why an SVG element (by its local name) reaches outside its file, or None."""
    if local == "image":
        return "has an <image> element; an SVG icon is drawn from its own shapes (make a picture a PNG icon)"
    if local in _TEXT_ELEMENTS:  # svglib sets it in a font it finds on the machine
        return (
            f"has a <{local}> element: its letters would be set in a font of the machine"
            " that builds it, read from outside the project; turn the text into paths"
        )
    for key, value in attrs.items():
        if key.rsplit(" ", 1)[-1] == "href" and not value.startswith("#"):
            return f"refers to {excerpt(value)} outside itself; {_OWN_PARTS}"
        why = _css_outside(value)
        if why:
            return why
    return None


def outside_reference(data: bytes) -> IconFileError | None:
    """The first thing in SVG ``data`` that reaches outside the file (svglib would follow
    it, to any path): an ``<image>``, text (set in a system font), an ``href`` not to ``#id``, a CSS ``url()`` or
    ``@import``, a linked style sheet, an external entity; or why it is no well-formed XML.
    Parsed once with expat, which resolves no external entity and bounds entity growth."""
    parser = expat.ParserCreate(namespace_separator=" ")
    found: list[IconFileError] = []
    styles: list[str] = []

    def say(why: str | None) -> None:
        if why and not found:
            line, col = parser.CurrentLineNumber, parser.CurrentColumnNumber + 1
            found.append(IconFileError(why, line, col))

    def start(name: str, attrs: dict[str, str]) -> None:
        local = name.rsplit(" ", 1)[-1]
        say(_element_outside(local, attrs))
        if local == "style":
            styles.append("")

    def end(name: str) -> None:
        if name.rsplit(" ", 1)[-1] == "style" and styles:
            say(_css_outside(styles.pop()))

    def text(chunk: str) -> None:
        if styles:
            styles[-1] += chunk

    def entity(
        _name: str,
        _pe: bool,
        _value: object,
        _base: object,
        system: object,
        public: object,
        _n: object,
    ) -> None:
        if system is not None or public is not None:
            say(f"declares an external entity; {_OWN_PARTS}")

    def instruction(target: str, _data: str) -> None:
        if target.lower() == "xml-stylesheet":
            say(f"links a style sheet (<?xml-stylesheet?>); {_OWN_PARTS}")

    parser.StartElementHandler, parser.EndElementHandler = start, end
    parser.CharacterDataHandler, parser.EntityDeclHandler = text, entity
    parser.ProcessingInstructionHandler = instruction
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        why = f"cannot be read as SVG ({expat.ErrorString(exc.code)})"
        if exc.code == 43:  # XML_ERROR_AMPLIFICATION_LIMIT_BREACH (billion laughs)
            why = "declares entities that grow past any icon's size (entities of entities)"
        return found[0] if found else IconFileError(why, exc.lineno, exc.offset + 1)
    return found[0] if found else None


MAX_SVG_BYTES = 8 << 20
"""Largest SVG icon read."""


@lru_cache(maxsize=64)
def svg_drawing(path: str, mtime: int = 0) -> Drawing:
    """The SVG file as a ReportLab drawing (cached per file version); IconFileError when it
    is no regular file (a FIFO is refused, never waited on), refers to anything outside
    itself (``outside_reference``), is no SVG svglib can read, or has no size. svglib is given the bytes, not the path: it resolves no file a reference names."""
    from svglib.svglib import svg2rlg

    try:
        data = read_file(path, MAX_SVG_BYTES)
    except FileRefused as exc:
        raise IconFileError(str(exc)) from None
    refused = outside_reference(data) or shape_problem(data)
    if refused is not None:
        raise refused
    try:
        with svglib_said() as said:
            drawing = svg2rlg(io.BytesIO(data))
    except Exception as exc:  # lxml's parse errors and the like
        raise IconFileError(f"cannot be read as SVG ({exc})") from None
    unsaid = misread(data, said)
    if unsaid is not None:
        raise unsaid
    if drawing is None:
        raise IconFileError("cannot be read as SVG (no drawing)")
    if not drawing.width or not drawing.height:  # a size of 0: said at the root, as others
        raise IconFileError(
            "cannot be read as SVG (no width and height: a size of 0)", *_number_at(data, True)
        )
    why, sized = _unprintable(drawing)
    if why is not None:
        raise IconFileError(why, *_number_at(data, sized))
    solid_where_invalid(drawing)
    dashed = too_finely_dashed(drawing)
    if dashed is not None:
        raise dash_problem(data, dashed)
    return drawing


def icon_warnings(icons: Mapping[str, str]) -> list[Problem]:
    """A warning at the element for each SVG icon of ``icons`` (name -> file, each read by
    ``svg_drawing`` already) that fills or strokes a shape with a gradient or a pattern: the
    icon is drawn, that shape without that paint (``svgshape.unpainted``)."""
    out = []
    for path in sorted(icons.values()):
        if not path.lower().endswith(".svg"):
            continue
        try:
            found = unpainted(read_file(path, MAX_SVG_BYTES))
        except (FileRefused, OSError, expat.ExpatError):  # read and parsed by svg_drawing
            continue
        if found is not None:
            where = Loc(display_path(path), found.line, found.col)
            out.append(Problem(where, f"icon {excerpt(Path(path).name)} {found}", "warning"))
    return out


def _unprintable(drawing: Drawing) -> tuple[str | None, bool]:
    """Why ``drawing`` cannot be drawn in a box, and whether it is its size: a width or
    height under ``SVG_SMALLEST`` (it would be scaled past what a PDF writes), or a number
    in it (a coordinate, a size, a line width, a transform, an opacity) that is not finite
    or is beyond ``SVG_LIMIT``; None when it can."""
    limit = f"{SVG_LIMIT:,.0f}"
    w, h = drawing.width, drawing.height
    if not (SVG_SMALLEST <= w <= SVG_LIMIT and SVG_SMALLEST <= h <= SVG_LIMIT):
        why = (
            f"is {w:g} × {h:g}; an SVG icon's width and height are at least"
            f" {SVG_SMALLEST:f} and at most {limit}"
        )
        return why, True
    seen: set[int] = set()
    todo: list[object] = [drawing.contents]
    while todo:
        value = todo.pop()
        if isinstance(value, float | int) and not isinstance(value, bool):
            if not (math.isfinite(value) and abs(value) <= SVG_LIMIT):
                why = (
                    f"has the number {value:g}, which cannot be printed; an SVG icon's"
                    f" coordinates and sizes are numbers of at most {limit} either way"
                )
                return why, False
        elif isinstance(value, list | tuple):
            todo.extend(value)
        elif hasattr(value, "__dict__") and id(value) not in seen:
            seen.add(id(value))
            todo.extend(vars(value).values())
    return None, False


_NUMBER = re.compile(  # a number in an attribute (a path's "L1e300" too), not in a word
    r"(?<![0-9.#_])(?<![A-Za-z]{2})[-+]?"
    r"(?:(?:nan|inf(?:inity)?)(?![A-Za-z])|(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)",
    re.IGNORECASE,
)


def _number_at(data: bytes, root: bool) -> tuple[int, int]:
    """Line and column in SVG ``data`` of the element ``_unprintable`` refuses: the root
    (``root``: its size), else the first with an attribute that writes a number that is not
    finite or is beyond ``SVG_LIMIT``; (0, 0) when none does."""
    return element_at(data, lambda _value: True) if root else element_at(data, _unprintable_in)


def _unprintable_in(value: str) -> bool:
    numbers = (float(token) for token in _NUMBER.findall(value))
    return any(not (math.isfinite(n) and abs(n) <= SVG_LIMIT) for n in numbers)


PAD_IMAGE = Path(__file__).resolve().parent / "data" / "pad.png"  # transparent, for spacing

CUBE_OPEN, CUBE_CLOSE = "\ue000", "\ue001"  # \ue000R|#D55E00\ue001
ICON_OPEN, ICON_CLOSE = "\ue002", "\ue003"  # \ue002drop|#000000\ue003
TEXT_OPEN, TEXT_CLOSE = (
    "\ue004",
    "\ue005",
)  # \ue0045R>G|5 red for 1 green\ue005 : what a reader gets
SAID = "|"  # between the text read and how it is said (the words never hold one: cut at the last)
TILE = 1.3  # a tile is this many times the font size wide and tall (at most the leading)

_CUBE_RE = re.compile(f"{CUBE_OPEN}([A-Z])\\|(#[0-9A-Fa-f]{{6}}){CUBE_CLOSE}")
_NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")
_ICON_RE = re.compile(f"{ICON_OPEN}([A-Za-z0-9_-]+)\\|(#[0-9A-Fa-f]{{6}}){ICON_CLOSE}")
_TEXT_RE = re.compile(f'{TEXT_OPEN}([^{TEXT_CLOSE}<"]*){TEXT_CLOSE}')


def cube(letter: str, fill: str) -> str:
    return f"{CUBE_OPEN}{letter}|{fill}{CUBE_CLOSE}"


def icon(name: str, colour: str = "#000000") -> str:
    return f"{ICON_OPEN}{name}|{colour}{ICON_CLOSE}"


def actual_text(literal: str, shown: str, said: str = "") -> str:
    """``shown`` (markup) read as ``literal`` (plain notation) by extraction and copy, and
    said as ``said`` (plain words) by a screen reader."""
    said = said.replace(SAID, " ")
    return f"{TEXT_OPEN}{literal}{SAID}{said}{TEXT_CLOSE}{shown}{TEXT_OPEN}{TEXT_CLOSE}"


_SIDE_RE = re.compile(r"(\d*)([A-Z])")


def spoken(run: str, names: dict[str, str]) -> str:
    """Cube notation said in words, each letter by its term's name: "5R>G" → "5 red for 1
    green", "3R<>G" → "3 red for 1 green, either way", "RRRR" → "4 red", "B2G" → "1 blue and
    2 green". A letter without a name is said as itself."""
    either = "<>" in run
    sides = [_side(part, names) for part in re.split(r"<>|>|<", run)]
    said = " for ".join(s for s in sides if s)
    return f"{said}, either way" if either else said


def _side(part: str, names: dict[str, str]) -> str:
    counts: dict[str, int] = {}
    for number, letter in _SIDE_RE.findall(part):
        counts[letter] = counts.get(letter, 0) + (int(number) if number else 1)
    words = [f"{n} {names[c].lower() if c in names else c}" for c, n in counts.items()]
    return and_list(words) if words else part


_SAID_LABEL = re.compile(r'<onDraw name="cs_text" label="([^"]*)"/>')


def said_plain(markup: str, plain: str) -> str:
    """``plain`` (a box's text as extraction reads it: "COST 2B") with each notation the
    ``markup`` says in words said so ("COST 2 blue"), as a screen reader hears the box: for
    an alternate text that stands for the box."""
    out, at = plain, 0
    for label in _SAID_LABEL.findall(markup):
        literal, sep, words = html.unescape(label).rpartition(SAID)
        if not (sep and literal and words):
            continue
        # the notation as a word of its own: the B of "each B you hold", not of "Bonus"
        found = re.compile(rf"(?<!\w){re.escape(literal)}(?!\w)").search(out, at)
        if found is not None:
            out = out[: found.start()] + words + out[found.end() :]
            at = found.start() + len(words)
    return out


def has_symbols(markup: str) -> bool:
    return any(m in markup for m in (CUBE_OPEN, ICON_OPEN, TEXT_OPEN))


def pad(width: float) -> str:
    """Room ``width`` points wide in running text: a transparent image, an artifact
    (``render/symbols.py``): around a symbol, and after a list's narrower labels, up to its
    widest (``boxes.text.listed``)."""
    return (
        f'<onDraw name="cs_art" label="("/><img src="{PAD_IMAGE}" width="{width:.2f}"'
        ' height="0.01"/><onDraw name="cs_art" label=")"/>'
    )


def expand(markup: str, size: float, leading: float, bold_font: str) -> str:
    """Markers → markup for text set at ``size`` pt with ``leading`` pt between lines."""
    if not has_symbols(markup):
        return markup

    tile = min(TILE * size, leading * 0.9)
    gap = size * 0.25

    def cube_markup(m: re.Match[str]) -> str:
        letter, fill = m.group(1), m.group(2)
        room = max((tile - string_width(letter, bold_font, size)) / 2, 0) + gap / 2
        width = string_width(letter, bold_font, size)
        label = f"{letter}|{fill}|{tile:.2f}|{width:.2f}|{size:g}"
        return f'{pad(room)}<onDraw name="cs_cube" label="{label}"/><b>{letter}</b>{pad(room)}'

    def icon_markup(m: re.Match[str]) -> str:
        name, colour = m.group(1), m.group(2)
        ref = icon_ref(name)
        if ref is None:  # markers typed into content: left as the characters
            return m.group(0)  # the font lacks, which the glyph check reports
        label = f"{ref}|{colour}|{tile:.2f}|{size:g}"
        return f'<onDraw name="cs_icon" label="{label}"/>{pad(tile + gap)}'

    def text_markup(m: re.Match[str]) -> str:
        literal = m.group(1)
        if not literal:
            return '<onDraw name="cs_end" label="-"/>'
        return f'<onDraw name="cs_text" label="{literal}"/>'

    out = _CUBE_RE.sub(cube_markup, markup)
    out = _ICON_RE.sub(icon_markup, out)
    return _TEXT_RE.sub(text_markup, out)
