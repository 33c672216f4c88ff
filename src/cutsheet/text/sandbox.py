"""The environment templates run in: Jinja2's sandbox with StrictUndefined and autoescaping,
cutsheet's filters, and the bounds of ``limits`` checked by every operator, filter and call
before it builds anything."""

from __future__ import annotations

import functools
import string
import threading
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from functools import lru_cache
from types import CodeType
from typing import Any

from jinja2 import StrictUndefined, Undefined, nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.exceptions import SecurityError, UndefinedError
from jinja2.runtime import Macro, missing
from jinja2.sandbox import (
    ImmutableSandboxedEnvironment,
    SandboxedEnvironment,
    modifies_known_mutable,
)
from markupsafe import Markup

from ..source.yaml_build import MARKER, marker_message
from . import filters
from .limits import (
    MAX_BITS,
    MAX_SIZE,
    Depth,
    Steps,
    check_args,
    check_format,
    check_joined,
    check_replaced,
    length,
    printable,
    settled,
    sized,
)
from .problem import TemplateProblem
from .tree_bounds import TreeBounds


class _Compiled(threading.local):
    """What the template compiled last in this thread reads: the names it looks up in its
    context and the filters it calls."""

    names: frozenset[str] = frozenset()
    filters: frozenset[str] = frozenset()
    code: CodeType | None = None


_COMPILED = _Compiled()


def last_compiled() -> tuple[frozenset[str], frozenset[str]]:
    """The names and filters of the template (or expression) this thread compiled last."""
    return _COMPILED.names, _COMPILED.filters


def last_code() -> CodeType | None:
    """The Python code of the template (or expression) this thread compiled last."""
    return _COMPILED.code


#: The names of the helpers ``tree_bounds`` writes into every template (globals of ours).
OWN_HELPERS = "_cs_"


class _NamesNoted(CodeGenerator):
    """Jinja's code generator, noting every name the template looks up in its context as it
    goes, without a second pass. That is what ``jinja2.meta.find_undeclared_variables``
    finds, and also the environment's globals (``range``, ``dict``…) the template uses: an
    item value of that name takes the global's place (the context is looked up first), so
    what the template prints can depend on it. Only our own helpers are left out."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.undeclared: set[str] = set()

    def enter_frame(self, frame: Frame) -> None:
        super().enter_frame(frame)
        for _, (action, param) in frame.symbols.loads.items():
            if action == "resolve" and not param.startswith(OWN_HELPERS):
                self.undeclared.add(param)

    def _output_child_to_const(self, node: nodes.Expr, frame: Frame, finalize: Any) -> str:
        """What a constant output prints, found while compiling, except a method
        (``{{ "a".upper }}``) or a value that does not print the same every run (an iterator
        of constants, ``{{ [3, 1]|reverse }}``, a set): Jinja escapes a constant before
        ``finalize`` sees it, so its text (with a memory address, never the same twice) would
        be printed; left to run, it is refused as any such value is (``printable``)."""
        if not isinstance(node, nodes.TemplateData) and not _prints_alike(
            node.as_const(frame.eval_ctx)
        ):
            raise nodes.Impossible()
        return super()._output_child_to_const(node, frame, finalize)  # type: ignore[no-any-return]


def _prints_alike(value: Any) -> bool:
    """Whether ``value``'s text is the same every run: no method, nothing ``printable``
    refuses."""
    if callable(value):
        return False
    try:
        printable(value)
    except TemplateProblem:
        return False
    return True


class BoundedEnvironment(ImmutableSandboxedEnvironment):
    """The sandbox, with bounds on what a template may build, compute and print, where no
    list, mapping or set may be changed in place (``append``, ``update``…): a card's
    context holds values every item shares (``terms``, a list an item reads), so a template
    that changed one would change the next card's text, and what a build prints would
    depend on the order its jobs run in."""

    intercepted_binops = frozenset({"*", "**", "+", "%"})

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        """A template's globals as one plain mapping, not Jinja's ``ChainMap`` over the
        environment's: every run of a template copies its globals into a new context, and a
        ``ChainMap`` merges its maps again for each copy (some 20 ms of a cold build). The
        environment's globals are set once, before any template (``environment``)."""
        return {**self.globals, **(d or {})}

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        """The immutable sandbox's rule, and the same for a method read off the type itself
        (``dict.update(terms, …)``: ``dict`` is a global)."""
        if isinstance(obj, type) and _changes_in_place(obj, attr):
            return False
        return super().is_safe_attribute(obj, attr, value)  # type: ignore[no-any-return]

    def unsafe_undefined(self, obj: Any, attribute: str) -> Undefined:
        """What an unsafe attribute reads as: said plainly when it would change a value in
        place."""
        if modifies_known_mutable(obj, attribute) or (
            isinstance(obj, type) and _changes_in_place(obj, attribute)
        ):
            kind = obj.__name__ if isinstance(obj, type) else type(obj).__name__
            return self.undefined(  # type: ignore[no-any-return]
                f"{kind}.{attribute} would change a {kind} in place, which templates may not"
                " do; build a new one (+, a filter, namespace())",
                name=attribute,
                obj=obj,
                exc=SecurityError,
            )
        return super().unsafe_undefined(obj, attribute)  # type: ignore[no-any-return]

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        tree = super()._parse(source, name, filename)
        tree = TreeBounds(name).visit(tree)
        tree.set_environment(self)
        return tree  # type: ignore[no-any-return]

    def _generate(
        self,
        source: nodes.Template,
        name: str | None,
        filename: str | None,
        defer_init: bool = False,
    ) -> str:
        """Python source for ``source``; what it reads is noted for ``last_compiled``."""
        filters = frozenset(f.name for f in source.find_all(nodes.Filter))  # before folding
        generator = _NamesNoted(
            self, name, filename, defer_init=defer_init, optimized=self.optimized
        )
        generator.visit(source)
        _COMPILED.names, _COMPILED.filters = frozenset(generator.undeclared), filters
        return generator.stream.getvalue()  # type: ignore[no-any-return]

    def _compile(self, source: str, filename: str) -> CodeType:
        code = super()._compile(source, filename)
        _COMPILED.code = code
        return code  # type: ignore[no-any-return]

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        Steps.take()
        if operator == "%" and isinstance(left, str):  # a value left out formats as nothing
            if right is None:
                right = ""
            elif isinstance(right, tuple):
                right = tuple("" if v is None else v for v in right)
        _check_binop(operator, left, right)
        return sized(super().call_binop(context, operator, left, right))

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """``'{:>9}'.format(x)``: the width and what is formatted are bounded too."""
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None
        fmt = value.__self__

        def bounded(*args: Any, **kwargs: Any) -> str:
            check_format(fmt)
            _whole_fields(fmt)
            for arg in (*args, *kwargs.values()):
                printable(arg)
            return wrapped(*args, **kwargs)

        bounded.__name__ = getattr(value, "__name__", "format")  # what a refusal names
        return bounded

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: B902, N805
        Steps.take()
        if (args or kwargs) and __obj is not _range and not isinstance(__obj, Macro):
            check_args((*args, *kwargs.values()))
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, str):
            _check_str_method(owner, getattr(__obj, "__name__", ""), args)
        Depth.enter()
        try:
            return sized(SandboxedEnvironment.call(__self, __context, __obj, *args, **kwargs))
        finally:
            Depth.leave()


def _whole_fields(fmt: Any) -> None:
    """A format's fields name its arguments, not their attributes or items (``{0.upper}``
    formats a method: its text holds a memory address, never the same twice, and is read
    where nothing checks what is printed)."""
    if not isinstance(fmt, str):
        return
    try:
        fields = [name for _text, name, _spec, _conv in string.Formatter().parse(fmt) if name]
    except ValueError as exc:
        raise TemplateProblem(f"template format error: {exc}") from None
    for name in fields:
        if "." in name or "[" in name:
            raise TemplateProblem(
                f"template formats {{{name}}}: a format field names an argument, not its"
                " attributes or items; pass the value itself"
            )


_CHANGEABLE = (dict, list, set, bytearray)


def _changes_in_place(cls: type, attr: str) -> bool:
    """Whether ``attr`` of the type ``cls`` is a method that changes its instance in place
    (``dict.update``, ``list.append``): what ``modifies_known_mutable`` says of an instance."""
    for base in _CHANGEABLE:
        if issubclass(cls, base) and modifies_known_mutable(base(), attr):
            return True
    return False


def _check_binop(operator: str, left: Any, right: Any) -> None:
    """``*``, ``**``, ``%`` and ``+`` within the bounds, checked before computing them."""
    if operator == "*":
        for seq, n in ((left, right), (right, left)):
            size = length(seq)
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
                    raise TemplateProblem(f"template computes a number of over {MAX_BITS:,} bits")
    elif operator == "%":
        check_format(left)
        printable(right)
    elif operator == "+":
        a, b = length(left), length(right)
        if a is not None and b is not None and a + b > MAX_SIZE:
            raise TemplateProblem(
                f"template builds a list or text of {a + b:,} items, over the {MAX_SIZE:,} limit"
            )


def _check_str_method(owner: str, name: str, args: tuple[Any, ...]) -> None:
    """A string method called within the bounds (``translate`` is refused)."""
    if name == "join" and args:
        check_joined(args[0], owner)
    elif name == "replace" and len(args) >= 2:
        check_replaced(owner, args[0], args[1])
    elif name == "expandtabs":
        size = owner.count("\t") * (args[0] if args and isinstance(args[0], int) else 8)
        if size > MAX_SIZE:
            raise TemplateProblem(f"template builds a text of over {MAX_SIZE:,} characters")
    elif name == "translate":
        raise TemplateProblem("template may not call str.translate; use replace")


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
        Steps.take()
        if name in _ONE_OF_EMPTY and len(args) >= lead and _empty(args[lead - 1]):
            return ""  # one item of an empty list (a left-out one sorted): nothing, as of None
        if len(args) >= lead and (args[lead - 1] is None or name in _NONE_INSIDE):
            if args[lead - 1] is None and name in ("default", "d"):  # left out: the fallback
                return sized(args[lead] if len(args) > lead else kwargs.get("default_value", ""))
            if args[lead - 1] is None and name in _ONE_OF_NONE:  # one item of nothing: nothing
                return ""
            if args[lead - 1] is None and name in _PARTS_OF_NONE:  # no parts, not empty ones
                return []
            args, kwargs = _none_as_nothing(name, args, kwargs, lead)
        value = args[lead - 1] if len(args) >= lead else None
        if isinstance(value, (set, frozenset)) and name not in _ORDERLESS:
            raise TemplateProblem(  # (|list, |first, |join… take a set's order of the run)
                f"template takes a set's items in turn (|{name}), in an order that changes"
                " from run to run; sort it first (|sort)"
            )
        if len(args) > lead or kwargs:
            check_args((*args[lead:], *kwargs.values()))
            if name not in _STRUCTURAL:  # (``format``, ``replace``…: printed into the text)
                for arg in (*args[lead:], *kwargs.values()):
                    settled(arg)
        if name == "join":
            sep = args[lead] if len(args) > lead else kwargs.get("d", "")
            settled(sep)
            check_joined(value, sep)
        elif name == "sum":
            check_joined(value, None)
        elif name == "format":
            check_format(value)
        elif name == "replace" and len(args) >= lead + 2:
            check_replaced(value, args[lead], args[lead + 1])
        if name not in _STRUCTURAL:
            printable(value)
        return sized(f(*args, **kwargs))

    return bounded


#: Filters whose result does not depend on the order of a set's items.
_ORDERLESS = frozenset("sort length count min max bool default d".split())

#: Filters that print the values inside their arguments (a list's items, format's values).
_NONE_INSIDE = frozenset({"join", "format"})


#: Filters that pick one item (or a value's own attribute, sign, rounding): of a value left
#: out, nothing (Jinja's own would fail, or print "No first item, sequence was empty.").
_ONE_OF_NONE = frozenset("first last min max random attr abs round".split())
#: Filters that pick one item: of an empty list (``|sort|first`` of a value left out),
#: nothing (Jinja's own would be "No first item, sequence was empty.").
_ONE_OF_EMPTY = frozenset("first last min max random".split())


def _empty(value: Any) -> bool:
    return isinstance(value, list | tuple) and not value


#: Filters that cut a list into parts: of a value left out, no parts (not [[], []]).
_PARTS_OF_NONE = frozenset({"slice", "batch", "groupby"})
#: Filters over a mapping's items: a value left out is an empty mapping.
_ITEMS_OF_NONE = frozenset({"items", "dictsort"})
#: Filters that make a value of None as Jinja makes it (0, 0.0, False) or fall back.
_SCALAR_OF_NONE = frozenset("int float bool default d".split())


def _none_as_nothing(
    name: str, args: tuple[Any, ...], kwargs: dict[str, Any], lead: int
) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """A filter's arguments with a value left out (None, an optional field an item does not
    have) as nothing: an empty text; for ``join`` an empty list and empty items; for a
    filter over a list's or a mapping's items an empty one; so a card never prints the word
    "None" (nor Python's "'NoneType' object is not iterable") however the value is filtered."""
    value = args[lead - 1]
    if name == "join":
        if value is None:
            value = []
        elif isinstance(value, (list, tuple)):
            value = ["" if v is None else v for v in value]
    elif value is None and name in _ITEMS_OF_NONE:
        value = {}
    elif value is None and name in _STRUCTURAL and name not in _SCALAR_OF_NONE:
        value = []  # a list left out is an empty one: |length is 0, |sort|join('') nothing
    elif value is None and name not in _STRUCTURAL:
        value = ""
    rest = args[lead:]
    if name == "format":
        rest = tuple("" if a is None else a for a in rest)
        kwargs = {k: "" if v is None else v for k, v in kwargs.items()}
    return (*args[: lead - 1], value, *rest), kwargs


def _printed(value: Any) -> Any:
    """What ``~`` joins: a value left out joins as nothing (``rule ~ ''`` is ``''``)."""
    return "" if value is None else printable(value)


def _range(*args: int) -> range:
    """``range``, of at most ``MAX_SIZE`` numbers."""
    try:
        numbers = range(*args)
    except (TypeError, ValueError) as exc:
        raise TemplateProblem(f"range: {exc}") from None
    return sized(numbers)  # type: ignore[no-any-return]


def _turns(iterable: Any) -> Iterator[Any]:
    """Every loop's items, each turn counted against the rendering's steps; never a set's,
    which come in an order that changes from run to run."""
    if isinstance(iterable, (set, frozenset)):
        raise TemplateProblem(
            "template loops over a set, whose order changes from run to run; sort it (|sort)"
        )
    for item in iterable:
        Steps.take()
        yield item


def _finalize(value: Any) -> Any:
    """Print nothing for no value (an optional field an item leaves out: never the word
    "None"), nor for an empty list or mapping (such a field through ``|sort``, ``|list``:
    never "[]"), and only what prints the same every run (``printable``): never a method
    (``{{ step.get }}`` names dict.get, not the key 'get'), nor an object's address."""
    if value is None or (isinstance(value, list | tuple | dict) and not value):
        return ""
    if isinstance(value, str) and not isinstance(value, Markup):  # ours (filters') are Markup
        found = MARKER.search(value)
        if found is not None:
            raise TemplateProblem(f"template: {marker_message(found.group())}")
    return printable(value)


class MissingKey(UndefinedError):
    """A key or attribute looked up that is not there, with what it was looked up in (so a
    message can suggest the keys it has)."""

    def __init__(self, message: str | None = None, looked_in: object = None) -> None:
        super().__init__(message)
        self.looked_in = looked_in


class KeyedUndefined(StrictUndefined):
    """StrictUndefined whose error, for a key looked up in a mapping (or an item in a list:
    its length is said), holds that mapping or list."""

    __slots__ = ()

    def __init__(
        self,
        hint: str | None = None,
        obj: Any = missing,
        name: str | None = None,
        exc: type[UndefinedError] = UndefinedError,
    ) -> None:
        if isinstance(obj, Mapping | list | tuple) and exc is UndefinedError:  # (a list's
            exc = functools.partial(MissingKey, looked_in=obj)  # type: ignore[assignment]
        super().__init__(hint, obj, name, exc)


@lru_cache(maxsize=1)
def environment() -> SandboxedEnvironment:
    """The one environment every template and expression is compiled in."""
    env = BoundedEnvironment(
        undefined=KeyedUndefined, autoescape=True, keep_trailing_newline=False, finalize=_finalize
    )
    env.filters["counts"] = filters.counts
    env.filters["signed"] = filters.signed
    env.filters["glyphs"] = filters.glyphs
    env.filters["said"] = filters.said
    env.filters["icon"] = filters.icon
    for name, f in list(env.filters.items()):
        env.filters[name] = _bounded_filter(name, f)
    env.globals.pop("lipsum", None)  # n paragraphs of filler: nothing a card needs
    env.filters.pop("random", None)  # a different card every run: never the same PDF
    env.globals["range"] = _range
    env.globals["_cs_turns"] = _turns
    env.globals["_cs_sized"] = sized
    env.globals["_cs_printable"] = _printed
    return env
