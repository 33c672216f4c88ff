"""Jinja2 templates over content data, rendered to ReportLab paragraph markup.

Templates run in the sandbox with StrictUndefined. Autoescaping turns every value that comes
from content into literal text (``5R>G`` prints as written); markup written in the template
itself (``<b>``, ``<br/>``) stays markup, and only the tags and fonts cutsheet sets are
allowed in it (see ``check_markup``).

A template is bounded, so a hostile or mistaken layout fails fast with a located error
instead of filling the memory or running for hours:

* it prints at most ``MAX_OUTPUT`` (100,000) characters;
* no string, list or ``range`` it builds holds more than ``MAX_SIZE`` (100,000) items, and
  no number more than ``MAX_BITS`` bits (``'x' * 10**9``, ``range(10**9)``, ``9**9**9``);
* one rendering makes at most ``MAX_STEPS`` (100,000) loop turns and calls;
* ``{% include %}``, ``{% import %}`` and ``{% extends %}`` are refused: there are no
  other templates to read.

Every failure, a division by zero included, is a ``TemplateProblem`` for the caller to
locate.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import lru_cache
from html.parser import HTMLParser
from typing import Any

from jinja2 import StrictUndefined, TemplateError, Undefined, UndefinedError, nodes
from jinja2.runtime import Macro
from jinja2.sandbox import SandboxedEnvironment
from jinja2.visitor import NodeTransformer
from markupsafe import Markup, escape

from . import symbols

MAX_OUTPUT = 100_000
"""Most characters one template may print."""
MAX_SIZE = 100_000
"""Longest string, list or range a template may build (and largest count or width it may
pass to a filter or method)."""
MAX_BITS = 10_000
"""Largest number (in bits, about 3,000 digits) a template may compute."""
MAX_STEPS = 100_000
"""Most loop turns and calls in one rendering (about half a second of the slowest kind)."""


class TemplateProblem(Exception):
    """A template failed; the message says why (unknown name, syntax, a bound)."""


# ------------------------------------------------------------------ filters
def _counts(values: Mapping[str, int], sep: str = " · ", zeros: bool = True) -> Markup:
    """``{WATER: 3, FUEL: 0}`` → "WATER 3 · FUEL 0" (``zeros=false`` leaves out the 0s)."""
    shown = [(k, v) for k, v in values.items() if zeros or v]
    return Markup(escape(sep)).join(escape(f"{k} {v}") for k, v in shown)


_NOTATION = re.compile(r"[0-9A-Z<>]*(?:[A-Z]|>)[0-9A-Z<>]*")
_COLOUR = re.compile(r"^#[0-9A-Fa-f]{6}$")


def is_colour(value: str) -> bool:
    """``#RRGGBB``: the one colour notation layouts and terms use."""
    return bool(_COLOUR.match(value))


def _glyphs(value: str, terms: Mapping[str, Mapping[str, str]]) -> Markup:
    """Cube notation to symbols. In a run of notation (``5R>G``, ``RRRR``), each letter that
    has a ``fill`` in ``terms`` becomes a cube tile with its letter, and ``>``/``<>`` get room
    to breathe; the run keeps its literal text for readers (see :mod:`cutsheet.symbols`).
    Words that are not notation ("Bank", "Red") are left alone."""
    if not isinstance(terms, Mapping):
        raise TemplateProblem("glyphs needs the terms (write glyphs(terms))")
    cubes = {
        k: v["fill"]
        for k, v in terms.items()
        if isinstance(k, str) and len(k) == 1 and isinstance(v, Mapping) and "fill" in v
    }
    for letter, fill in cubes.items():
        if not is_colour(str(fill)):
            raise TemplateProblem(
                f"terms {letter}: fill {_short(fill)} is not a colour (#RRGGBB, e.g. #D55E00)"
            )
    cubes = {k: v for k, v in cubes.items() if "A" <= k <= "Z"}
    text = str(value)
    out: list[str] = []
    last = 0
    for m in _NOTATION.finditer(text):
        run = m.group(0)
        word = _word_at(text, m.start(), m.end())
        if not any(ch in cubes for ch in run) or word != run:
            continue
        out.append(str(escape(text[last : m.start()])))
        shown = "".join(
            symbols.cube(ch, cubes[ch]) if ch in cubes else f"<b>{escape(ch)}</b>" for ch in run
        )
        out.append(symbols.actual_text(str(escape(run)), shown))
        last = m.end()
    out.append(str(escape(text[last:])))
    return Markup("".join(out))


def _word_at(text: str, start: int, end: int) -> str:
    """The whitespace-delimited word around text[start:end] (trailing punctuation dropped)."""
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    while end < len(text) and not text[end].isspace():
        end += 1
    return text[start:end].rstrip(".,;:!?)").lstrip("(")


def _icon(name: str, colour: str = "#000000") -> Markup:
    """An icon inside running text, at the text's size on its baseline (put a word beside it)."""
    from .boxes.icon import ICON_NAMES

    if str(name) not in ICON_NAMES:
        raise TemplateProblem(f"unknown icon {_short(name)} (known: {', '.join(ICON_NAMES)})")
    if not is_colour(str(colour)):
        raise TemplateProblem(f"icon colour {_short(colour)} is not a colour (#RRGGBB)")
    return Markup(symbols.icon(str(name), str(colour)))


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("−" + str(-n) if n < 0 else "0")


def _finalize(value: Any) -> Any:
    """Refuse to print a method: ``{{ step.get }}`` names dict.get, not the key 'get'."""
    if callable(value) and not isinstance(value, Undefined):
        raise TemplateProblem(
            f"template prints a method ({getattr(value, '__name__', 'callable')}); "
            "write x['name'] to read a key that shares a method's name"
        )
    return _printable(value)


def _short(value: object) -> str:
    from .diagnostics import excerpt

    return excerpt(value, 40)


# ------------------------------------------------------------------ bounds
class _Steps:
    """Loop turns and calls left in the current rendering."""

    left = MAX_STEPS

    @classmethod
    def reset(cls) -> None:
        cls.left = MAX_STEPS

    @classmethod
    def take(cls, n: int = 1) -> None:
        cls.left -= n
        if cls.left < 0:
            raise TemplateProblem(
                f"template makes more than {MAX_STEPS:,} loop turns and calls; simplify it"
            )


def _sized(value: Any) -> Any:
    """``value``, if it is within the bounds on what a template builds."""
    if value is None or isinstance(value, (bool, float)):
        return value
    if isinstance(value, (str, list, tuple, dict, set, frozenset, range)) and (
        len(value) > MAX_SIZE
    ):
        what = "text" if isinstance(value, str) else "list"
        raise TemplateProblem(
            f"template builds a {what} of {len(value):,} items, over the {MAX_SIZE:,} limit"
        )
    if isinstance(value, int) and value.bit_length() > MAX_BITS:
        raise TemplateProblem(f"template computes a number of over {MAX_BITS:,} bits")
    return value


def _weight(value: Any, limit: int = MAX_OUTPUT) -> int:
    """About how many characters ``str(value)`` has, counted only up to just over ``limit``
    (a list of a hundred thousand references to one long text is cheap to hold, not to
    print)."""
    total = 0
    stack = [value]
    while stack and total <= limit:
        v = stack.pop()
        if isinstance(v, str):
            total += len(v) + 2
        elif isinstance(v, Mapping):
            total += 2 + 4 * len(v)
            if total <= limit:
                stack.extend(v.keys())
                stack.extend(v.values())
        elif isinstance(v, (list, tuple, set, frozenset)):
            total += 2 + 2 * len(v)
            if total <= limit:
                stack.extend(v)
        elif isinstance(v, int):
            total += v.bit_length() // 3 + 1
        else:
            total += 8
    return total


def _printable(value: Any) -> Any:
    """``value``, if turning it into text gives at most ``MAX_OUTPUT`` characters."""
    if isinstance(value, str):
        if len(value) > MAX_OUTPUT:
            raise TemplateProblem(f"template prints more than {MAX_OUTPUT:,} characters")
    elif not isinstance(value, (int, float, bool)) and _weight(value) > MAX_OUTPUT:
        raise TemplateProblem(f"template prints a value of over {MAX_OUTPUT:,} characters")
    return value


def _length(value: Any) -> int | None:
    try:
        return len(value)  # type: ignore[no-any-return]
    except TypeError:
        return None


_FORMAT_WIDTH = re.compile(r"%[-#0 +]*(?:\*|\d{6,})|\{[^{}]*:[^{}]*(?:\d{6,}|\{)")


def _check_format(fmt: Any) -> None:
    """A format (``'%5s'``, ``'{:>5}'``) may not pad to more than ``MAX_SIZE`` characters."""
    if isinstance(fmt, str) and _FORMAT_WIDTH.search(fmt):
        raise TemplateProblem(
            f"template formats with a width over {MAX_SIZE:,} characters (or a '*' width)"
        )


def _check_args(args: Iterable[Any]) -> None:
    for arg in args:
        if isinstance(arg, int) and not isinstance(arg, bool) and abs(arg) > MAX_SIZE:
            raise TemplateProblem(
                f"template passes {_short(arg)} to a filter or method, over the {MAX_SIZE:,} limit"
            )


def _joined_length(items: Any, sep: Any) -> None:
    """Refuse a join (``sep`` a string) or a sum of lists (``sep`` None) that would build
    more than ``MAX_SIZE`` characters or items."""
    if isinstance(items, (str, bytes)) or _length(items) is None:
        return
    total = 0
    for item in items:
        if sep is None:
            total += _length(item) or 0
        else:
            total += _weight(item, MAX_SIZE) + len(str(sep))
        if total > MAX_SIZE:
            raise TemplateProblem(f"template joins more than {MAX_SIZE:,} characters or items")


def _replaced_length(text: Any, old: Any, new: Any) -> None:
    if isinstance(text, str) and isinstance(old, str) and isinstance(new, str):
        grows = text.count(old) * (len(new) - len(old))
        if len(text) + grows > MAX_SIZE:
            raise TemplateProblem(
                f"template builds a text of {len(text) + grows:,} characters, over the"
                f" {MAX_SIZE:,} limit"
            )


#: Filters that look at a list or mapping without turning it into text.
_STRUCTURAL = frozenset(
    "length count first last list sort dictsort reverse unique select reject selectattr"
    " rejectattr map batch slice groupby sum min max random items default d attr join bool"
    " int float abs round".split()
)


def _bounded_filter(name: str, f: Callable[..., Any]) -> Callable[..., Any]:
    """A filter whose counts and widths are bounded, and whose result is."""
    lead = 2 if getattr(f, "jinja_pass_arg", None) is not None else 1  # context, then value

    @functools.wraps(f)
    def bounded(*args: Any, **kwargs: Any) -> Any:
        _Steps.take()
        value = args[lead - 1] if len(args) >= lead else None
        if len(args) > lead or kwargs:
            _check_args((*args[lead:], *kwargs.values()))
        if name == "join":
            sep = args[lead] if len(args) > lead else kwargs.get("d", "")
            _joined_length(value, sep)
        elif name == "sum":
            _joined_length(value, None)
        elif name == "format":
            _check_format(value)
        elif name == "replace" and len(args) >= lead + 2:
            _replaced_length(value, args[lead], args[lead + 1])
        if name not in _STRUCTURAL:
            _printable(value)
        return _sized(f(*args, **kwargs))

    return bounded


def _range(*args: int) -> range:
    """``range``, of at most ``MAX_SIZE`` numbers."""
    try:
        numbers = range(*args)
    except (TypeError, ValueError) as exc:
        raise TemplateProblem(f"range: {exc}") from None
    return _sized(numbers)  # type: ignore[no-any-return]


def _turns(iterable: Any) -> Iterator[Any]:
    """Every loop's items, each turn counted against the rendering's steps."""
    for item in iterable:
        _Steps.take()
        yield item


class _Bounds(NodeTransformer):
    """Counts loop turns and bounds what ``~`` builds; refuses reading other templates."""

    def __init__(self, name: str | None) -> None:
        self.name = name

    def _refuse(self, node: nodes.Node, tag: str) -> None:
        from jinja2 import TemplateSyntaxError

        raise TemplateSyntaxError(
            f"'{{% {tag} %}}' is not allowed: a template cannot read other files",
            node.lineno,
            self.name,
        )

    def visit_Extends(self, node: nodes.Extends) -> nodes.Node:  # noqa: N802
        self._refuse(node, "extends")
        return node

    def visit_Include(self, node: nodes.Include) -> nodes.Node:  # noqa: N802
        self._refuse(node, "include")
        return node

    def visit_Import(self, node: nodes.Import) -> nodes.Node:  # noqa: N802
        self._refuse(node, "import")
        return node

    def visit_FromImport(self, node: nodes.FromImport) -> nodes.Node:  # noqa: N802
        self._refuse(node, "from … import")
        return node

    def visit_For(self, node: nodes.For) -> nodes.Node:  # noqa: N802
        self.generic_visit(node)
        node.iter = _call("_cs_turns", node.iter)
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:  # noqa: N802
        self.generic_visit(node)
        node.nodes = [_call("_cs_printable", part) for part in node.nodes]
        return _call("_cs_sized", node)


def _call(name: str, arg: nodes.Expr) -> nodes.Call:
    call = nodes.Call(nodes.Name(name, "load"), [arg], [], None, None)
    return call.set_lineno(arg.lineno)  # type: ignore[return-value]


class BoundedEnvironment(SandboxedEnvironment):
    """The sandbox, with bounds on what a template may build, compute and print."""

    intercepted_binops = frozenset({"*", "**", "+", "%"})

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        tree = super()._parse(source, name, filename)
        tree = _Bounds(name).visit(tree)
        tree.set_environment(self)
        return tree  # type: ignore[no-any-return]

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        _Steps.take()
        if operator == "*":
            for seq, n in ((left, right), (right, left)):
                size = _length(seq)
                if size is not None and isinstance(n, int) and size * n > MAX_SIZE:
                    raise TemplateProblem(
                        f"template repeats {size:,} item{'' if size == 1 else 's'} {n:,} times,"
                        f" over the {MAX_SIZE:,} limit"
                    )
        elif operator == "**":
            if isinstance(left, (int, float)) and isinstance(right, (int, float)):
                if abs(right) > MAX_BITS and abs(left) not in (0, 1):
                    raise TemplateProblem(f"template computes a number of over {MAX_BITS:,} bits")
                if isinstance(left, int) and isinstance(right, int) and right > 0:
                    if left.bit_length() * right > MAX_BITS:
                        raise TemplateProblem(
                            f"template computes a number of over {MAX_BITS:,} bits"
                        )
        elif operator == "%":
            _check_format(left)
            _printable(right)
        elif operator == "+":
            a, b = _length(left), _length(right)
            if a is not None and b is not None and a + b > MAX_SIZE:
                raise TemplateProblem(
                    f"template builds a list or text of {a + b:,} items, over the"
                    f" {MAX_SIZE:,} limit"
                )
        return _sized(super().call_binop(context, operator, left, right))

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """``'{:>9}'.format(x)``: the width and what is formatted are bounded too."""
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None
        fmt = value.__self__

        def bounded(*args: Any, **kwargs: Any) -> str:
            _check_format(fmt)
            for arg in (*args, *kwargs.values()):
                _printable(arg)
            return wrapped(*args, **kwargs)

        return bounded

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: B902, N805
        _Steps.take()
        if (args or kwargs) and __obj is not _range and not isinstance(__obj, Macro):
            _check_args((*args, *kwargs.values()))
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, str):
            name = getattr(__obj, "__name__", "")
            if name == "join" and args:
                _joined_length(args[0], owner)
            elif name == "replace" and len(args) >= 2:
                _replaced_length(owner, args[0], args[1])
            elif name == "expandtabs":
                size = owner.count("\t") * (args[0] if args and isinstance(args[0], int) else 8)
                if size > MAX_SIZE:
                    raise TemplateProblem(f"template builds a text of over {MAX_SIZE:,} characters")
            elif name == "translate":
                raise TemplateProblem("template may not call str.translate; use replace")
        return _sized(SandboxedEnvironment.call(__self, __context, __obj, *args, **kwargs))


@lru_cache(maxsize=1)
def environment() -> SandboxedEnvironment:
    env = BoundedEnvironment(
        undefined=StrictUndefined, autoescape=True, keep_trailing_newline=False, finalize=_finalize
    )
    env.filters["counts"] = _counts
    env.filters["signed"] = _signed
    env.filters["glyphs"] = _glyphs
    env.filters["icon"] = _icon
    for name, f in list(env.filters.items()):
        env.filters[name] = _bounded_filter(name, f)
    env.globals.pop("lipsum", None)  # n paragraphs of filler: nothing a card needs
    env.globals["range"] = _range
    env.globals["_cs_turns"] = _turns
    env.globals["_cs_sized"] = _sized
    env.globals["_cs_printable"] = _printable
    return env


@lru_cache(maxsize=4096)
def _compile(source: str) -> Any:
    return environment().from_string(source)


@lru_cache(maxsize=1024)
def _compile_expr(source: str) -> Any:
    return environment().compile_expression(source, undefined_to_none=False)


def _why(exc: BaseException) -> str:
    """A runtime error as a short clause: "division by zero", "KeyError: 'x'"."""
    text = str(exc)
    if isinstance(exc, (KeyError, IndexError, AttributeError)) or not text:
        text = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    return text if len(text) <= 120 else text[:119] + "…"


def _failed(exc: Exception, what: str) -> TemplateProblem:
    """The TemplateProblem for any exception a template raised while running."""
    if isinstance(exc, TemplateProblem):
        return exc
    if isinstance(exc, UndefinedError):
        return TemplateProblem(f"{what} uses an unknown name: {exc.message}")
    if isinstance(exc, TemplateError):
        return TemplateProblem(f"{what} error: {_why(exc)}")
    if isinstance(exc, RecursionError):
        return TemplateProblem(f"{what} calls itself too deeply")
    if isinstance(exc, MemoryError):
        return TemplateProblem(f"{what} builds more than fits in memory")
    if isinstance(exc, OverflowError):
        return TemplateProblem(f"{what} computes a number too large ({_why(exc)})")
    return TemplateProblem(f"{what} error: {_why(exc)}")


def render(source: str, context: Mapping[str, Any]) -> str:
    """Render a template to paragraph markup; data values arrive escaped. The markup is
    checked (``check_markup``) and at most ``MAX_OUTPUT`` characters long."""
    chunks: list[str] = []
    size = 0
    _Steps.reset()
    try:
        for chunk in _compile(source).generate(**context):
            size += len(chunk)
            if size > MAX_OUTPUT:
                raise TemplateProblem(f"template prints more than {MAX_OUTPUT:,} characters")
            chunks.append(chunk)
    except Exception as exc:  # every failure of a template is the layout's
        raise _failed(exc, "template") from None
    markup = "".join(chunks).strip()
    check_markup(markup)
    return markup


def render_plain(source: str, context: Mapping[str, Any]) -> str:
    """Render a template that yields a plain value (a colour, an icon name), not markup."""
    if "{" not in source:
        return source
    from html import unescape

    return unescape(render(source, context))


def evaluate(expression: str, context: Mapping[str, Any]) -> Any:
    """The value of a Jinja2 expression (a box's ``when:``). A name that is neither an item
    field nor a known name is an error, never a silent false."""
    _Steps.reset()
    try:
        value = _compile_expr(expression)(**context)
        if isinstance(value, Undefined):
            value._fail_with_undefined_error()
        return value
    except Exception as exc:  # every failure of an expression is the layout's
        raise _failed(exc, "expression") from None


def literal(value: str) -> str:
    """Escape a plain string for paragraph markup."""
    return str(escape(value))


# ------------------------------------------------------------------ markup
_FONT_ATTRS = frozenset(
    {"size", "fontsize", "face", "name", "fontname", "color", "fg", "textcolor", "backcolor"}
    | {"bgcolor", "rise"}
)
_ALLOWED_TAGS: dict[str, frozenset[str]] = {
    **{tag: frozenset() for tag in ("b", "i", "u", "strike", "strong", "em", "br")},
    **{tag: frozenset({"rise", "size", "fontsize"}) for tag in ("super", "sup", "sub")},
    "font": _FONT_ATTRS,
    "span": _FONT_ATTRS,
}
_NUMBER_ATTRS = {"size": (1.0, 200.0), "fontsize": (1.0, 200.0), "rise": (-200.0, 200.0)}


class _Tags(HTMLParser):
    """The start tags of paragraph markup, as ReportLab's parser (an HTMLParser) sees them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))


def check_markup(markup: str) -> None:
    """Refuse markup cutsheet does not write itself: pictures (``<img>``: they belong in image
    boxes), callbacks (``<onDraw>``), links, other fonts than ours, sizes out of range. Only
    ``b i u strike strong em br super sup sub font span`` are allowed."""
    if "<" not in markup or _plain_tags(markup):
        return
    from .measure import FACES, FAMILY

    parser = _Tags()
    parser.feed(markup)
    parser.close()
    fonts = {FAMILY} | {face[0] for face in FACES.values()}
    for tag, attrs in parser.tags:
        allowed = _ALLOWED_TAGS.get(tag)
        if allowed is None:
            hint = " (pictures go in an image box)" if tag == "img" else ""
            raise TemplateProblem(
                f"markup <{_short_tag(tag)}> is not allowed{hint}; use"
                " <b>, <i>, <u>, <br/>, <font size=… color=…>, <super>, <sub>"
            )
        for attr, value in attrs:
            if attr not in allowed:
                raise TemplateProblem(f"markup <{tag} {_short_tag(attr)}=…> is not allowed")
            if attr in ("face", "name", "fontname") and value not in fonts:
                raise TemplateProblem(
                    f"markup <{tag} {attr}={_short(value)}>: only cutsheet's fonts"
                    f" ({', '.join(sorted(fonts))}) are allowed; use <b> and <i>"
                )
            if attr in _NUMBER_ATTRS:
                lo, hi = _NUMBER_ATTRS[attr]
                try:
                    number = float(value or "")
                except ValueError:
                    number = float("nan")
                if not lo <= number <= hi:
                    raise TemplateProblem(
                        f"markup <{tag} {attr}={_short(value)}>: {attr} must be a number from"
                        f" {lo:g} to {hi:g}"
                    )


_SIMPLE_TAG = re.compile(r"</?(?:b|i|u|strike|strong|em|br|super|sup|sub)\s*/?>", re.IGNORECASE)


def _plain_tags(markup: str) -> bool:
    """True when every '<' opens a tag without attributes that is allowed (the common case,
    decided without parsing)."""
    start = markup.find("<")
    while start != -1:
        m = _SIMPLE_TAG.match(markup, start)
        if m is None:
            return False
        start = markup.find("<", m.end())
    return True


def _short_tag(tag: str) -> str:
    return tag if len(tag) <= 20 else tag[:19] + "…"
