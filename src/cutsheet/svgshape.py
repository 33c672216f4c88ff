"""What an SVG icon must be to be drawn as it is written, beyond reaching nothing outside
itself (``symbols.outside_reference``): a size (a viewBox of four numbers, its width and
height above 0), each ``<use>`` and ``url(#id)`` of a part it has, no part that draws itself,
bounded nesting and size; and what svglib says it cannot draw (a colour, a transform), in
cutsheet's words, at the element that has it, never on stderr.
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from xml.parsers import expat

from .diagnostics import excerpt


class IconFileError(ValueError):
    """An icon file that is not used; the message says why, ``line`` and ``col`` (1-based,
    0 when unknown) where in the file."""

    def __init__(self, message: str, line: int = 0, col: int = 0) -> None:
        super().__init__(message)
        self.line, self.col = line, col


SVG_LIMIT = 1e6
"""Largest size or coordinate, either way, of an SVG icon in its own units (a PDF cannot
write a number that is not finite, ReportLab none beyond about 1e20)."""
SVG_SMALLEST = 1e-6
"""Smallest size of an SVG icon, or scale of a transform, in its own units: the icon is
scaled to its box, and a smaller one would be scaled past the numbers a PDF can write."""


MAX_SVG_PARTS = 5_000
"""Most elements an SVG icon has, each ``<use>`` counted as all it draws: svglib reads a few
thousand a second, and every copy of the icon is drawn again."""
MAX_PATH_NUMBERS = 50_000
"""Most numbers an SVG icon's paths and points draw together (a point is two; a ``<use>``
counts all it draws): a million took a build half a minute, for an icon a few millimetres
wide."""
MAX_SVG_DEPTH = 100
"""Deepest an SVG icon nests its elements, through each ``<use>`` too: deeper, svglib drops
the inner parts unsaid (from 255) or runs out of stack."""
_URL_ID = re.compile(r"url\(\s*['\"]?#([^)'\"]*)")


class _SvgTree:
    """An SVG's elements as expat reads them: where each starts, its children, the first
    element of each id, and what each refers to (a ``<use>`` its part, a ``url(#id)`` its
    gradient or clip) as (how it is said, id, whether it is drawn there); ``problem``, the
    first size the root or a viewBox gets wrong. ``data`` is well-formed (``outside_reference``
    parsed it)."""

    def __init__(self, data: bytes) -> None:
        self.at: list[tuple[int, int]] = []
        self.kids: list[list[int]] = []
        self.ids: dict[str, int] = {}
        self.refs: dict[int, list[tuple[str, str, bool]]] = {}
        self.problem: IconFileError | None = None
        self.numbers: list[int] = []  # each element's own path or point numbers
        self.unseen: set[int] = set()  # a <defs> or <symbol>: drawn only through a <use>
        self._open: list[int] = []
        self._mats: list[tuple[float, float, float, float]] = []  # each open one's, composed
        self._parser = expat.ParserCreate(namespace_separator=" ")
        self._parser.StartElementHandler = self._start
        self._parser.EndElementHandler = self._end
        self._parser.Parse(data, True)

    def _end(self, _name: str) -> None:
        self._open.pop()
        self._mats.pop()

    def _composed(self, attrs: Mapping[str, str]) -> str | None:
        """Push the element's transform composed with those around it (its scale and turn);
        why that shrinks what it draws to nothing, or grows it past ``SVG_LIMIT``, where its
        own transform alone does neither (``scale(1e6)`` nested thrice drew nothing in one
        viewer and filled the box in others; one past the limit alone is said elsewhere)."""
        a, b, c, d = self._mats[-1] if self._mats else (1.0, 0.0, 0.0, 1.0)
        own = _transform_matrix(attrs["transform"]) if "transform" in attrs else None
        if own is not None:
            t = own
            a, b, c, d = (
                a * t[0] + c * t[1], b * t[0] + d * t[1], a * t[2] + c * t[3], b * t[2] + d * t[3]
            )  # fmt: skip
        self._mats.append((a, b, c, d))
        if own is None or not max(abs(v) for v in own[:4]) <= SVG_LIMIT:
            return None
        around = "with those of the elements around it"
        if abs(a * d - b * c) < SVG_SMALLEST**2:
            return f"has a transform that, {around}, shrinks what it draws to nothing"
        if max(abs(a), abs(b), abs(c), abs(d)) > SVG_LIMIT:
            return (
                f"has a transform that, {around}, grows what it draws over"
                f" {SVG_LIMIT:,.0f} times; draw the shapes at their size instead"
            )
        return None

    def _start(self, name: str, raw: dict[str, str]) -> None:
        i, local = len(self.at), name.rsplit(" ", 1)[-1]
        self.at.append((self._parser.CurrentLineNumber, self._parser.CurrentColumnNumber + 1))
        self.kids.append([])
        self.numbers.append(0)
        if local in ("defs", "symbol"):
            self.unseen.add(i)
        if self._open:
            self.kids[self._open[-1]].append(i)
        self._open.append(i)
        attrs = {key.rsplit(" ", 1)[-1]: value for key, value in raw.items()}
        self.ids.setdefault(attrs.get("id", "").strip(), i)
        refs = [  # each url(#id): a clip-path is drawn, a fill or a mask only named
            (f"{key} {excerpt(m.group(0) + ')')}", m.group(1).strip(), key == "clip-path")
            for key, value in attrs.items()
            for m in _URL_ID.finditer(value)
        ]
        if local == "use":
            href = attrs.get("href", "").strip()
            refs.insert(0, (f"a <use> of {excerpt(href)}", href[1:], True))
        if refs:
            self.refs[i] = refs
        why = _size_problem(local, attrs, root=i == 0)
        if why is None and local == "path":
            why, self.numbers[i] = _path_problem(attrs.get("d", ""))
        if local in ("polyline", "polygon"):
            points = _PATH_TOKEN.finditer(attrs.get("points", ""))
            self.numbers[i] = sum(1 for m in points if m.group(2) is not None)
        if why is None and "transform" in attrs:
            why = _transform_problem(attrs["transform"])
        nested = self._composed(attrs)
        why = why or nested
        if why is not None and self.problem is None:
            self.problem = IconFileError(why, *self.at[i])


_PATH_TOKEN = re.compile(
    r"([MmLlHhVvCcSsQqTtAaZz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)|[\s,]+|(.)"
)
_TAKES = {  # a path command's numbers: how many at a time, and what they are
    "M": (2, "twos (x y)"),
    "L": (2, "twos (x y)"),
    "T": (2, "twos (x y)"),
    "H": (1, "ones (x)"),
    "V": (1, "ones (y)"),
    "C": (6, "sixes (x1 y1 x2 y2 x y)"),
    "S": (4, "fours (x2 y2 x y)"),
    "Q": (4, "fours (x1 y1 x y)"),
}


def _path_problem(d: str) -> tuple[str | None, int]:
    """Why a ``<path>``'s ``d`` cannot be drawn as written: a character that is no command
    or number, numbers before the first command, or a command with a number too few or too
    many (svglib called ReportLab's path with arguments missing: a Python TypeError); None
    when it can. Arcs (``A``, whose flags may be written run together) are left to svglib.
    With it, how many numbers ``d`` holds (up to the problem)."""
    command, count, total = "", 0, 0
    for m in _PATH_TOKEN.finditer(d):
        letter, number, stray = m.groups()
        if stray is not None:
            why = f"has a <path> whose d has {excerpt(stray)}, which is no path command or number"
            return why, total
        if number is not None:
            if not command:
                return "has a <path> whose d starts with a number, not a command (M x y)", total
            count += 1
            total += 1
            continue
        if letter is not None:
            why = _numbers_problem(command, count)
            if why is not None:
                return why, total
            command, count = letter, 0
    return _numbers_problem(command, count), total


def _numbers_problem(command: str, count: int) -> str | None:
    takes = _TAKES.get(command.upper())
    if takes is None or (count and count % takes[0] == 0):
        return None
    got = f"{count} number{'s' * (count != 1)}" if count else "no numbers"
    return f"has a <path> whose d has '{command}' with {got}; '{command}' takes them in {takes[1]}"


def _size_problem(local: str, attrs: Mapping[str, str], root: bool) -> str | None:
    """Why an element's size cannot be drawn: the root's (no ``<svg>``, no size, a size in
    %) or a viewBox's (not four numbers, a width or height not above 0); None when it can."""
    limit = f"{SVG_LIMIT:,.0f}"
    box = attrs.get("viewBox")
    if box is not None and local in ("svg", "symbol"):
        try:
            values = [float(n) for n in re.split(r"[\s,]+", box.strip())]
        except ValueError:
            values = []
        if len(values) != 4:
            return f"has viewBox {excerpt(box)}: a viewBox is four numbers, x y width height"
        w, h = values[2:]
        if not (SVG_SMALLEST <= w <= SVG_LIMIT and SVG_SMALLEST <= h <= SVG_LIMIT):
            return (
                f"has viewBox {excerpt(box)}, {w:g} wide and {h:g} high; a viewBox's width"
                f" and height are at least {SVG_SMALLEST:f} and at most {limit}"
            )
    if not root:
        return None
    if local != "svg":
        return f"is no SVG: its outermost element is <{local}>, not <svg>"
    if box is None and not ("width" in attrs and "height" in attrs):
        return 'has no size: give its <svg> a viewBox ("0 0 24 24") or a width and a height'
    for key in ("width", "height"):
        if attrs.get(key, "").strip().endswith("%"):
            return f"has {key} {excerpt(attrs[key])}: an icon's <svg> is sized in numbers, not %"
        if key in attrs and not _LENGTH.fullmatch(attrs[key]):
            return (
                f"has {key} {excerpt(attrs[key])}: an icon's <svg> is sized in numbers (24,"
                " 24px, 6mm)"
            )
    return None


_TRANSFORM = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)[\s,]*")
_TAKES_T = {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3)}


NUMBER = re.compile(
    r"[-+]?(?:(?<![A-Za-z])(?:inf(?:inity)?|nan)(?![A-Za-z])|(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)",
    re.IGNORECASE,
)
"""A number as an SVG attribute writes it (``inf`` and ``nan`` too, which Python reads)."""


def _numbers(text: str) -> list[float]:
    """The numbers ``text`` writes (``1e999`` is an infinity)."""
    return [float(n) for n in NUMBER.findall(text)]


def _transform_problem(text: str) -> str | None:
    """Why a ``transform`` cannot be drawn: it shrinks what it draws to nothing (a scale of
    0: ReportLab divided by zero undoing it; an area under ``SVG_SMALLEST`` squared); None
    when it can, for one this does not read (svglib says what it makes of it), and for one
    whose numbers grow past ``SVG_LIMIT`` (said of the drawing's numbers, ``symbols``); one
    with a number that is not finite (``rotate(inf)``: svglib failed on it, unplaced)."""
    if not all(map(math.isfinite, _numbers(text))):
        return f"has transform {excerpt(text)}, with a number that is not finite"
    composed = _transform_matrix(text)
    if composed is None:
        return None
    a, b, c, d, _e, _f = composed
    area = abs(a * d - b * c)  # what svglib draws with: the functions composed
    if area < SVG_SMALLEST**2:  # not for a NaN or an infinity: ``symbols`` says those
        return (
            f"has transform {excerpt(text)}, which shrinks what it draws to nothing;"
            " leave that part out instead"
        )
    return None


def _transform_matrix(text: str) -> tuple[float, ...] | None:
    """The six numbers of a ``transform``'s functions composed; None for one this does not
    read (svglib says what it makes of it)."""
    a, b, c, d, e, f = 1.0, 0.0, 0.0, 1.0, 0.0, 0.0
    at = 0
    while at < len(text.rstrip()):
        m = _TRANSFORM.match(text, at)
        if m is None:
            return None
        at = m.end()
        try:
            n = [float(v) for v in re.split(r"[\s,]+", m.group(2).strip()) if v]
        except ValueError:
            return None
        if len(n) not in _TAKES_T.get(m.group(1), (1,)) or not all(map(math.isfinite, n)):
            return None  # (one not finite is said of the drawing's numbers, ``symbols``)
        t = _matrix(m.group(1), n)
        a, b, c, d, e, f = (
            a * t[0] + c * t[1], b * t[0] + d * t[1], a * t[2] + c * t[3],
            b * t[2] + d * t[3], a * t[4] + c * t[5] + e, b * t[4] + d * t[5] + f,
        )  # fmt: skip
    return a, b, c, d, e, f


def _matrix(name: str, n: list[float]) -> tuple[float, ...]:
    """The six numbers of one transform function (its arguments ``n``, checked)."""
    if name == "matrix":
        return tuple(n)
    if name == "translate":
        return (1.0, 0.0, 0.0, 1.0, n[0], n[1] if len(n) > 1 else 0.0)
    if name == "scale":
        return (n[0], 0.0, 0.0, n[1] if len(n) > 1 else n[0], 0.0, 0.0)
    if name == "rotate":
        r = math.radians(n[0])
        cos, sin = math.cos(r), math.sin(r)
        cx, cy = (n[1], n[2]) if len(n) == 3 else (0.0, 0.0)
        return (cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy)
    slope = math.tan(math.radians(n[0]))
    return (1.0, 0.0, slope, 1.0, 0.0, 0.0) if name == "skewX" else (1.0, slope, 0.0, 1.0, 0.0, 0.0)


_LENGTH = re.compile(
    r"\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*(?:px|pt|pc|mm|cm|in|em|ex)?\s*"
)
"""A length as an SVG's root writes it: a number and, if any, a unit."""


def shape_problem(data: bytes) -> IconFileError | None:
    """Why well-formed SVG ``data`` cannot be drawn as it is written, at the element: a size
    (``_size_problem``), a ``<use>`` or ``clip-path`` of an id no element has, or of a part
    that holds it (it would draw itself without end), nesting deeper than ``MAX_SVG_DEPTH``,
    paths and points of more than ``MAX_PATH_NUMBERS`` numbers, more than ``MAX_SVG_PARTS``
    elements; None when it can be. Each element is visited once."""
    tree = _SvgTree(data)
    if tree.problem is not None:
        return tree.problem
    deps = [list(kids) for kids in tree.kids]
    for i, refs in tree.refs.items():
        for shown, ident, drawn in refs:
            if ident not in tree.ids or not ident:
                return IconFileError(f"has {shown}, but no part of it has that id", *tree.at[i])
            if drawn:
                deps[i].append(tree.ids[ident])
    cost, depth, state = [0] * len(deps), [0] * len(deps), bytearray(len(deps))
    weight = [0] * len(deps)  # the path and point numbers each draws, through each <use>
    stack, state[0] = [(0, iter(deps[0]))], 1
    while stack:
        i, todo = stack[-1]
        j = next(todo, None)
        if j is None:
            stack.pop()
            state[i], cost[i] = 2, 1 + sum(cost[k] for k in deps[i])
            weight[i] = tree.numbers[i] + sum(weight[k] for k in _drawn(tree, deps, i))
            depth[i] = 1 + max((depth[k] for k in deps[i]), default=0)
            if depth[i] > MAX_SVG_DEPTH:
                why = f"nests its parts more than {MAX_SVG_DEPTH} deep (through each <use> too)"
                return IconFileError(f"{why}; flatten its groups", *tree.at[i])
        elif state[j] == 1:  # j holds i: a part is never its own child, so i refers to j
            shown = next(s for s, ident, _ in tree.refs[i] if tree.ids[ident] == j)
            why = f"has {shown} inside the part it names, so it would draw itself without end"
            return IconFileError(why, *tree.at[i])
        elif state[j] == 0:
            state[j] = 1
            stack.append((j, iter(deps[j])))
    if weight[0] > MAX_PATH_NUMBERS:
        why = (
            f"draws paths and points of {weight[0]:,} numbers, each <use> counted as all it"
            f" draws; an SVG icon has at most {MAX_PATH_NUMBERS:,}: simplify it, or make it a"
            " PNG icon"
        )
        return IconFileError(why, *tree.at[_tipping(tree, deps, weight)])
    if cost[0] <= MAX_SVG_PARTS:
        return None
    at = next((i for i in tree.refs if cost[i] > MAX_SVG_PARTS), 0)
    why = (
        f"has {cost[0]:,} elements, each <use> counted as all it draws; an SVG icon has at"
        f" most {MAX_SVG_PARTS:,}: simplify it, or make it a PNG icon"
    )
    return IconFileError(why, *tree.at[at])


def _drawn(tree: _SvgTree, deps: list[list[int]], i: int) -> list[int]:
    """What element ``i`` draws: its children but a ``<defs>`` or ``<symbol>`` among them
    (drawn only where a ``<use>`` names a part), and the parts its ``<use>`` names."""
    kids = set(tree.kids[i])
    return [k for k in deps[i] if k not in kids or k not in tree.unseen]


def _tipping(tree: _SvgTree, deps: list[list[int]], weight: list[int]) -> int:
    """The element at which an icon's drawn numbers pass ``MAX_PATH_NUMBERS``: from the
    root down, the part that holds too many by itself, else the one, in the order drawn,
    whose numbers tip its parent's over."""
    at = 0
    while True:
        drawn = _drawn(tree, deps, at)
        over = next((k for k in drawn if weight[k] > MAX_PATH_NUMBERS), None)
        if over is not None:
            at = over
            continue
        total = tree.numbers[at]
        for k in drawn:
            total += weight[k]
            if total > MAX_PATH_NUMBERS:
                return k
        return at


class _Kept(logging.Handler):
    """Log records kept in a list, not printed."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextmanager
def svglib_said() -> Iterator[list[logging.LogRecord]]:
    """What svglib logs while it reads an SVG (a colour or a transform it cannot read), kept
    from stderr (the library's own words) for ``misread`` to say."""
    kept = _Kept()
    root = logging.getLogger()
    root.addHandler(kept)
    try:
        yield kept.records
    finally:
        root.removeHandler(kept)


_SVGLIB_SAID = {  # svglib's message -> what cutsheet says ({}: the value svglib names)
    "Can't handle color: %s": "has the colour {}, which cutsheet cannot draw; give it as #RRGGBB",
    "Unable to parse transform expression %r": "has the transform {}, which cannot be read",
}


def misread(data: bytes, said: list[logging.LogRecord]) -> IconFileError | None:
    """The first thing svglib ``said`` it could not draw, in cutsheet's words at the element
    that has it; None when it said nothing that changes the drawing. A gradient or pattern
    paint (``url(#id)``) is left out: svglib draws that shape without it, which is a warning
    (``unpainted``), not a reason to refuse the icon."""
    for record in said:
        value = str(record.args[0]) if isinstance(record.args, tuple) and record.args else ""
        if value.startswith("url("):
            continue
        template = _SVGLIB_SAID.get(str(record.msg))
        if template is not None:
            at = element_at(data, lambda v, part=value: part in v)
            if at == (0, 0):  # not in an attribute: in a <style> element's rules
                at = style_at(data, value)
            return IconFileError(template.format(excerpt(value)), *at)
        if "percentage" in str(record.msg):
            at = element_at(data, lambda v: v.strip().endswith("%"))
            return IconFileError(
                "has a size in % that cannot be worked out; give it in numbers", *at
            )
        return IconFileError(f"cannot be drawn as it is written ({record.getMessage()})")
    return None


def style_at(data: bytes, part: str) -> tuple[int, int]:
    """Line and column of the first ``<style>`` element of well-formed SVG ``data`` whose
    rules hold ``part``; (0, 0) when none does."""
    parser = expat.ParserCreate(namespace_separator=" ")
    open_at: list[tuple[int, int]] = []
    text: list[str] = []
    found: list[tuple[int, int]] = []

    def start(name: str, _attrs: dict[str, str]) -> None:
        if name.rsplit(" ", 1)[-1] == "style" and not found:
            open_at.append((parser.CurrentLineNumber, parser.CurrentColumnNumber + 1))
            text.clear()

    def end(name: str) -> None:
        if name.rsplit(" ", 1)[-1] == "style" and open_at:
            at = open_at.pop()
            if part in "".join(text) and not found:
                found.append(at)

    parser.StartElementHandler, parser.EndElementHandler = start, end
    parser.CharacterDataHandler = lambda chunk: text.append(chunk) if open_at else None
    parser.Parse(data, True)
    return found[0] if found else (0, 0)


SVG_NS = "http://www.w3.org/2000/svg"
_CSS_URL_PAINT = re.compile(r"(?:^|[;{\s])(fill|stroke)\s*:\s*(url\([^;}]*)")


def unpainted(data: bytes) -> IconFileError | None:
    """The first element of well-formed SVG ``data`` filled or stroked with a gradient or a
    pattern (``url(#id)``: as its attribute, in its style, or by a ``<style>`` element's
    rule): svglib paints neither, nor a fallback colour after it, so that shape is drawn
    without it (a filled shape vanishes). For a warning at the element (the ``<style>``
    element for a rule); None when there is none. An attribute of another namespace
    (``x:fill``) is no paint of the SVG's."""
    parser = expat.ParserCreate(namespace_separator=" ")
    found: list[IconFileError] = []
    css: list[tuple[tuple[int, int], list[str]]] = []  # each <style> open: where, its text

    def warn(key: str, value: str, at: tuple[int, int], rule: bool = False) -> None:
        said = f"has {key} {excerpt(value.strip())}: a gradient or pattern is not drawn, so"
        if rule:
            said = f"has a <style> rule with {said[4:]} the shapes it styles are"
            end = f"their {key}; give them a colour (#RRGGBB)"
        else:
            said, end = f"{said} this shape is", f"its {key}; give it a colour (#RRGGBB)"
        found.append(IconFileError(f"{said} drawn without {end}", *at))

    def start(name: str, raw: dict[str, str]) -> None:
        at = (parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)
        if name.rsplit(" ", 1)[-1] == "style":
            css.append((at, []))
        attrs = {
            key.rsplit(" ", 1)[-1]: value
            for key, value in raw.items()
            if " " not in key or key.startswith(SVG_NS + " ")
        }
        declared = (part.partition(":") for part in attrs.get("style", "").split(";"))
        paints = [(key, attrs[key]) for key in ("fill", "stroke") if key in attrs]
        paints += [(k.strip(), v) for k, _, v in declared if k.strip() in ("fill", "stroke")]
        for key, value in paints:
            if "url(" in value and not found:
                warn(key, value, at)

    def text(chunk: str) -> None:
        if css:
            css[-1][1].append(chunk)

    def end(name: str) -> None:
        if name.rsplit(" ", 1)[-1] == "style" and css:
            at, chunks = css.pop()
            rule = _CSS_URL_PAINT.search("".join(chunks))
            if rule is not None and not found:
                warn(rule.group(1), rule.group(2), at, rule=True)

    parser.StartElementHandler, parser.EndElementHandler = start, end
    parser.CharacterDataHandler = text
    parser.Parse(data, True)
    return found[0] if found else None


def element_at(
    data: bytes, holds: Callable[[str], bool], key: str | None = None
) -> tuple[int, int]:
    """Line and column of the first element in well-formed SVG ``data`` with an attribute
    value that ``holds`` (with ``key``, only that attribute, or a ``style`` that sets it);
    (0, 0) when none has."""
    parser = expat.ParserCreate(namespace_separator=" ")
    found: list[tuple[int, int]] = []

    def named(name: str, value: str) -> bool:
        local = name.rsplit(" ", 1)[-1]
        return key is None or local == key or (local == "style" and key in value)

    def start(_name: str, attrs: dict[str, str]) -> None:
        if not found and any(holds(v) for k, v in attrs.items() if named(k, v)):
            found.append((parser.CurrentLineNumber, parser.CurrentColumnNumber + 1))

    parser.StartElementHandler = start
    parser.Parse(data, True)
    return found[0] if found else (0, 0)
