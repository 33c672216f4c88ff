"""Rendering a template to paragraph markup, and evaluating an expression, in the sandbox.

Every failure, a division by zero included, becomes a ``TemplateProblem`` for the caller
to locate.
"""

from __future__ import annotations

import itertools
import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from jinja2 import TemplateError, TemplateSyntaxError, Undefined, UndefinedError
from jinja2.environment import TemplateExpression
from markupsafe import escape

from ..diagnostics import and_list, did_you_mean, first_and_more, id_hint
from ..source.yaml_build import MARKER
from ..symbols import look_key
from . import kept
from .filters import MADE
from .limits import MAX_OUTPUT, Steps, printable
from .markup import ampersands_kept, check_markup
from .problem import TemplateProblem
from .sandbox import environment, last_code, last_compiled


@dataclass(frozen=True)
class _Compiled:
    """A compiled template (or expression), the names it reads from its context and the
    filters it calls, all from one pass of Jinja's compiler."""

    run: Any
    names: frozenset[str]
    filters: frozenset[str]


@lru_cache(maxsize=4096)
def _compile(source: str) -> _Compiled:
    env = environment()
    found = kept.find("template", source)
    if found is not None:
        code, names, filters = found
        return _Compiled(
            env.template_class.from_code(env, code, env.make_globals(None)), names, filters
        )
    run = env.from_string(source)
    return _Compiled(run, *_kept("template", source))


@lru_cache(maxsize=1024)
def _compile_expr(source: str) -> _Compiled:
    env = environment()
    found = kept.find("expression", source)
    if found is not None:
        code, names, filters = found
        template = env.template_class.from_code(env, code, env.make_globals(None))
        return _Compiled(TemplateExpression(template, False), names, filters)
    run = env.compile_expression(source, undefined_to_none=False)
    return _Compiled(run, *_kept("expression", source))


def _kept(kind: str, source: str) -> tuple[frozenset[str], frozenset[str]]:
    """The names and filters of what was compiled last, that compiling kept (``kept``)."""
    names, filters = last_compiled()
    code = last_code()
    if code is not None:
        kept.keep(kind, source, (code, names, filters))
    return names, filters


def _compiled(source: str, expression: bool) -> _Compiled | None:
    """``source`` compiled, or None when it does not compile (running it reports why)."""
    try:
        return _compile_expr(source) if expression else _compile(source)
    except Exception:  # a syntax error, or anything the sandbox refuses while compiling
        return None


_LOOKUPS = {KeyError: "no such key", IndexError: "no such position", AttributeError: "no such name"}
"""A lookup that failed, in words (Python's own names are no help to a designer)."""


def _why(exc: BaseException) -> str:
    """A runtime error as a short clause: "division by zero", "no such key ('x')",
    "numerical result out of range" (an error number and its words: the words alone)."""
    args = exc.args
    if len(args) == 2 and isinstance(args[0], int) and isinstance(args[1], str):
        text = args[1][:1].lower() + args[1][1:]
    else:
        text = str(exc)
    lookup = next((said for kind, said in _LOOKUPS.items() if isinstance(exc, kind)), None)
    if lookup is not None:
        text = f"{lookup} ({text})" if text else lookup
    elif not text:
        text = type(exc).__name__
    return text if len(text) <= 120 else text[:119] + "…"


_DOCUMENTS_ONLY = {
    "'imposition' is undefined": (
        " (the rules' and sheets' templates read imposition, the build's --imposition;"
        " a card's do not)"
    )
}
"""What a card's template is told when it names what only the documents' templates read."""
_NO_ATTRIBUTE = re.compile(r"'?([\w.]+) object'? has no (?:attribute|element) (.+)", re.DOTALL)
_NAMED = re.compile(r"'([^']*)'(?: is undefined)?$|\"([^\"]*)\"$|has no element (.+)$")
"""The name an UndefinedError's message ends with: the unknown name, or the key looked up."""
_KINDS = {"dict": "mapping", "str": "text", "int": "number", "float": "number", "list": "list"}
_KINDS |= {"jinja2.runtime.LoopContext": "loop"}  # (Jinja names a loop by its full class)


def _unknown(message: str) -> str:
    """Jinja's word for a name that is not there, in a designer's words: "'x' is undefined"
    stays; "'dict object' has no attribute 'CR-X'" (a key looked up that is not there) says
    which key and what it was looked up in."""
    found = _NO_ATTRIBUTE.fullmatch(message)
    if found is None:
        return message + _DOCUMENTS_ONLY.get(message, "")
    kind = _KINDS.get(found.group(1), "value")
    return f"there is no {found.group(2)} in the {kind} it is looked up in"


_ELEMENT = re.compile(r"'?(?:list|tuple) object'? has no element (-?\d+)")


def _past_the_end(message: str, looked_in: object) -> str:
    """An item looked up past a list's end, in a designer's words, with the list's length
    (a probe: a rules table of 5 rows over lists of 4 said 'there is no 4 in the list it is
    looked up in'); '' for any other miss."""
    found = _ELEMENT.fullmatch(message)
    if found is None:
        return ""
    n = len(looked_in) if isinstance(looked_in, list | tuple) else -1
    size = f" of {n} item{'' if n == 1 else 's'}" if n >= 0 else ""
    last = f", so its last is [{n - 1}]" if n > 0 else ""
    return (
        f"looks up item [{found.group(1)}] of a list{size}, past its end (a list counts from 0"
        f"{last})"
    )


NAME_GUESS = 0.75
"""How alike an unknown name and a context's name must be to be guessed: two letters
swapped in a short name (``nmae``, ``rlue``) are; ``prices`` and ``profile`` are not."""


def _guessed(problem: TemplateProblem, context: Mapping[str, Any]) -> TemplateProblem:
    """An unknown name with the closest name the context has (a field misspelt: ``nmae``
    for ``name``), when one is close (``NAME_GUESS``); else with the names it has (the
    first ``NAMES_LISTED``): a designer who wrote a name of their own game learns what a
    card's template or the rules' may read."""
    if problem.kinds != ("name",) or not problem.word or not str(problem).endswith("undefined"):
        return problem
    names = sorted(k for k in context if not k.startswith("_"))
    guess = did_you_mean(problem.word, names, cutoff=NAME_GUESS)
    if not guess and names:
        guess = f"; it can use {and_list(first_and_more(names, NAMES_LISTED))}"
    if not guess:
        return problem
    return TemplateProblem(f"{problem}{guess}", problem.word, problem.kinds)


NAMES_LISTED = 16
"""The most names an unknown name is said with (a card's fields, id, game, terms …)."""


_LOOKED_UP = re.compile(r"the (\w+) it is looked up in")


def _looked_up_in(problem: TemplateProblem, source: str) -> TemplateProblem:
    """A key looked up that is not there, said with what it was looked up in, as the
    template writes it ("there is no 'rounds' in params (a mapping)"), when the template
    looks that key up in one place only."""
    said = str(problem)
    if not problem.word or _LOOKED_UP.search(said) is None:
        return problem
    key = re.escape(problem.word)
    found = {
        m.group(1)
        for m in re.finditer(
            rf"([A-Za-z_]\w*(?:\.\w+)*)\s*(?:\.\s*{key}\b|\[\s*['\"]{key}['\"]\s*\])", source
        )
    }
    if len(found) != 1:
        return problem
    owner = found.pop()
    said = _LOOKED_UP.sub(lambda m: f"{owner} (a {m.group(1)})", said)
    return TemplateProblem(said, problem.word, problem.kinds)


_ID = re.compile(r"[A-Z0-9]+(?:-[A-Z0-9]+)+")  # an item id (model.ITEM_ID: text is below it)


def _key_hint(word: str, looked_in: object) -> str:
    """The nearest key of the mapping a key was looked up in (its text keys: a template's
    own objects, a cycler, are no names), as an id is suggested where it looks like one (a
    card's id one letter from another's names that other card: never offered)."""
    if not isinstance(looked_in, Mapping):
        return ""
    keys = [k for k in itertools.islice(looked_in, MAX_KEYS) if isinstance(k, str)]
    ids = any(_ID.fullmatch(k) for k in keys)  # keyed by card ids: another id is another card
    hint = id_hint(word, keys) if ids else did_you_mean(word, keys)
    if not hint and not ids and 0 < len(keys) <= KEYS_LISTED:  # none near: what there is
        hint = f"; it has {and_list([repr(k) for k in keys])}"
    return hint


KEYS_LISTED = 8
"""The most keys a mapping may have for a key looked up in it to be said with them all (a
term's ``fill`` and ``name``), when none is near the one written."""


MAX_KEYS = 10_000  # keys of a mapping a misspelt key is compared with


def _failed(exc: Exception, what: str) -> TemplateProblem:
    """The TemplateProblem for any exception a template raised while running."""
    if isinstance(exc, TemplateProblem):
        return exc
    if isinstance(exc, UndefinedError):
        message = exc.message or ""
        named = _NAMED.search(message)  # "'x' is undefined", "… has no attribute 'CR-X'"
        if named is None:  # Jinja's own: "No first item, sequence was empty." names nothing
            return TemplateProblem(f"{what} error: {message}")
        # an unknown name, else a key looked up (``x.key`` or ``x["key"]``)
        kinds = ("name",) if message.endswith(" is undefined") else ("attribute", "string")
        word = next((g for g in named.groups() if g is not None), "")
        past = _past_the_end(message, getattr(exc, "looked_in", None))
        if past:
            return TemplateProblem(f"{what} {past}", word, kinds)
        said = f"{what} uses an unknown name: {_unknown(message)}"
        said += _key_hint(word, getattr(exc, "looked_in", None))
        return TemplateProblem(said, word, kinds)
    if isinstance(exc, TemplateSyntaxError):  # said whole: its last words say what to close
        said = " ".join((exc.message or str(exc)).split())
        line = f" (its line {exc.lineno})" if exc.lineno and exc.lineno > 1 else ""
        return TemplateProblem(f"{what} error{line}: {said[:400]}", syntax=said)
    if isinstance(exc, TemplateError):
        return TemplateProblem(f"{what} error: {_why(exc)}")
    if isinstance(exc, RecursionError):
        return TemplateProblem(f"{what} calls itself too deeply")
    if isinstance(exc, MemoryError):
        return TemplateProblem(f"{what} builds more than fits in memory")
    if isinstance(exc, OverflowError):
        return TemplateProblem(f"{what} computes a number too large ({_why(exc)})")
    return TemplateProblem(f"{what} error: {_why(exc)}")


#: A template that only prints one name, ``{{ title }}``: substituted without running Jinja.
_PLAIN = re.compile(r"\s*\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}\s*")
#: Names Jinja reads as something else than a context value.
_SPECIAL = frozenset({"true", "false", "none", "True", "False", "None", "self"})


class _Results(threading.local):
    """What the templates and expressions gave over one context (the item being filled):
    a face is filled, measured and scaled from the same context several times, so each
    template runs once per item. Only the latest context is remembered (items are filled one
    after another), and it is held, so its identity cannot be taken by another."""

    def __init__(self) -> None:
        self.context: Mapping[str, Any] | None = None
        self.results: dict[tuple[str, str], Any] = {}

    def of(self, context: Mapping[str, Any]) -> dict[tuple[str, str], Any]:
        if self.context is not context:
            self.context, self.results = context, {}
        return self.results


_RESULTS = _Results()

#: Plain values: an item's values of these types are keys of ``_BY_VALUES``.
_SCALARS = (str, int, float, bool, type(None))
#: Filters whose result depends on more than their arguments (the project's icons).
_LOOK_FILTERS = frozenset({"icon"})
_MEMO_MAX = 16_384
#: What a template or expression gave, by its source and the values of the names it reads:
#: another item with the same values gets the same result (``when: "effects"`` on every
#: card of a deck). Failures are never kept: they are raised again each time.
_BY_VALUES: dict[tuple[object, ...], Any] = {}
#: Values many contexts hold as one object (``shared``), by identity; held, so an id here is
#: its own object's. Emptied when full (a value no longer here is simply not remembered by).
_SHARED: dict[int, object] = {}
_SHARED_MAX = 1_024


def shared(value: Any) -> Any:
    """Mark ``value`` (a mapping or list every item of a component names alike: the game,
    the component, the terms) as one object its contexts share, and return it: a result
    that reads it is remembered by its identity, so a template that reads only such values
    and plain ones runs once for every card (``{{ game.title }}`` on a deck's back).
    Templates cannot change a value in place (the sandbox is immutable), and cutsheet does
    not change a context's values once it is made."""
    if len(_SHARED) >= _SHARED_MAX:
        _SHARED.clear()
    _SHARED[id(value)] = value
    return value


class _Same:
    """A shared value in a result's key: equal only to itself, and held by the key (so its
    id cannot be another object's while the key is remembered)."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __hash__(self) -> int:
        return id(self.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.value is self.value


def _values_key(kind: str, source: str, context: Mapping[str, Any]) -> tuple[object, ...] | None:
    """The key of a template's (or expression's) result in ``_BY_VALUES``: its source, the
    value (and type: ``1`` is not ``True``) of every name it reads (a global of the
    environment the context does not override counts as itself), and the project's look
    (its icons and named colours: the ``icon`` filter reads them, however it is called).
    None when a name is not a plain value of the context (or one ``shared``), when the source
    uses a filter that reads the project, or when
    it prints one text value alone (``_plain`` substitutes it faster than a key is made, and
    remembering every card's name would only hold memory)."""
    names = _reads(source, kind == "evaluate")
    if names is None:
        return None
    plain = kind == "render" and len(names) == 1 and _PLAIN.fullmatch(source)
    if plain and type(context.get(names[0])) is str:
        return None
    parts: list[tuple[str, type, object]] = []
    for name in names:
        value = context.get(name, _reads)
        if value is _reads and name in environment().globals:
            parts.append((name, type(None), _reads))  # the environment's own: the same always
            continue
        if type(value) not in _SCALARS:  # a name the context lacks is never a plain value
            if _SHARED.get(id(value)) is not value:
                return None
            parts.append((name, _Same, _Same(value)))
            continue
        parts.append((name, type(value), value))
    return (kind, source, (*parts, ("", type(None), look_key())))


@lru_cache(maxsize=4096)
def _reads(source: str, expression: bool) -> tuple[str, ...] | None:
    """The names ``source`` reads, in order; None when it does not parse or its result may
    depend on more than those names (a filter in ``_LOOK_FILTERS``)."""
    if not expression and "{" not in source:
        return ()
    compiled = _compiled(source, expression)
    if compiled is None or compiled.filters & _LOOK_FILTERS:
        return None
    return tuple(sorted(compiled.names))


def _remembered(kind: str, source: str, context: Mapping[str, Any], run: Any) -> Any:
    """``run(source, context)``, or what it gave for the same source and values before."""
    key = _values_key(kind, source, context)
    if key is not None and key in _BY_VALUES:
        return _BY_VALUES[key]
    result = run(source, context)
    if key is not None and type(result) in _SCALARS:
        if len(_BY_VALUES) >= _MEMO_MAX:
            _BY_VALUES.clear()
        _BY_VALUES[key] = result
    return result


def render(source: str, context: Mapping[str, Any]) -> str:
    """Render a template to paragraph markup; data values arrive escaped, and a bare ``&``
    in the template's own text is kept as written (``ampersands_kept``). The markup is
    checked (``check_markup``) and at most ``MAX_OUTPUT`` characters long. Once per template
    and context (a failure is raised again each time)."""
    results = _RESULTS.of(context)
    key = ("render", source)
    if key not in results:
        results[key] = _remembered("render", source, context, _render)
    return results[key]  # type: ignore[no-any-return]


def _plain(source: str, context: Mapping[str, Any]) -> str | None:
    """``{{ name }}`` of a text value, escaped as Jinja would print it; None for any other
    template (run by Jinja, which also reports an unknown name)."""
    found = _PLAIN.fullmatch(source) if "{{" in source else None
    name = found.group(1) if found else None
    value = context.get(name) if name and name not in _SPECIAL else None
    if type(value) is not str:
        return None
    printed = str(escape(printable(value)))
    if len(printed) > MAX_OUTPUT:
        raise TemplateProblem(f"template prints more than {MAX_OUTPUT:,} characters")
    return printed


def _text_only(source: str) -> str:
    """What Jinja prints for a template without a brace (no ``{{``, ``{%`` or ``{#``: its
    text alone), without compiling it: the text with every line break (``\r\n``, ``\r``,
    ``\n``) written ``\n`` and one trailing line break left off (``keep_trailing_newline``
    is off). Autoescaping never touches a template's own text."""
    lines = _LINE_BREAK.split(source)[::2]
    if lines[-1] == "":
        del lines[-1]
    printed = "\n".join(lines)
    if len(printed) > MAX_OUTPUT:
        raise TemplateProblem(f"template prints more than {MAX_OUTPUT:,} characters")
    return printed


#: A line break as Jinja's lexer reads one (``jinja2.lexer.newline_re``).
_LINE_BREAK = re.compile(r"(\r\n|\r|\n)")


def _render(source: str, context: Mapping[str, Any]) -> str:
    plain = _plain(source, context)
    if plain is not None:
        markup = plain.strip()
        check_markup(markup)
        return markup
    if "{" not in source:
        markup = ampersands_kept(_text_only(source).strip())
        check_markup(markup)
        return markup
    try:
        printed = _generate(_compile(source).run, context)
    except Exception as exc:  # every failure of a template is the layout's
        problem = _guessed(_looked_up_in(_failed(exc, "template"), source), context)
        if not problem.word and not problem.syntax:  # to find where (``failing_line``)
            problem.context, problem.source = context, source
        raise problem from None
    if MARKER.search(printed):
        _own_symbols_only(printed, MADE.symbols)
    markup = ampersands_kept(printed.strip())
    check_markup(markup)
    return markup


def _generate(template: Any, context: Mapping[str, Any]) -> str:
    """What a compiled template prints over ``context``: its steps counted afresh and the
    symbols it makes noted (``MADE``); a TemplateProblem past ``MAX_OUTPUT`` characters."""
    chunks: list[str] = []
    size = 0
    Steps.reset()
    MADE.symbols.clear()
    for chunk in template.generate(**context):
        size += len(chunk)
        if size > MAX_OUTPUT:
            raise TemplateProblem(f"template prints more than {MAX_OUTPUT:,} characters")
        chunks.append(chunk)
    return "".join(chunks)


def failing_line(written: str, problem: TemplateProblem) -> int | None:
    """The line of ``written`` (the template that failed with ``problem``, as written over
    several lines: a folded YAML text reaches Jinja as one line) on which it fails, run with
    what it ran with, as it failed before: the line Jinja's traceback gives the template's
    frame. None when it runs, or fails otherwise, or the problem was not kept with what it
    ran with. Found once for the same values of the names the template reads (the 2,000
    cards of a deck whose 0 a template divides by are run again once, not 2,000 times)."""
    context, said = problem.context, str(problem)
    if context is None:
        return None
    values = _values_key("render", problem.source, context) if problem.source else None
    if values is None:  # (a value that is no plain one: run again for this item alone)
        return _line_failing(written, context, said)
    key = (written, said, values)
    if key not in _LINES:
        if len(_LINES) >= LINES_KEPT:
            _LINES.clear()
        _LINES[key] = _line_failing(written, context, said)
    return _LINES[key]


LINES_KEPT = 256
_LINES: dict[tuple[str, str, tuple[object, ...]], int | None] = {}


def _line_failing(source: str, context: Mapping[str, Any], said: str) -> int | None:
    try:
        _generate(_as_written(source), context)
    except Exception as exc:  # noqa: BLE001 - the failure looked for
        if str(_failed(exc, "template")) != said:
            return None
        tb, line = exc.__traceback__, None
        while tb is not None:
            if tb.tb_frame.f_code.co_filename == "<template>":
                line = tb.tb_lineno
            tb = tb.tb_next
        return line
    return None


@lru_cache(maxsize=64)
def _as_written(source: str) -> Any:
    """A template as written over several lines, compiled once (never kept for the next
    run: only a failing template is run so)."""
    return environment().from_string(source)


def _own_symbols_only(printed: str, made: set[str]) -> None:
    """Refuse what a template ``printed`` when a marker character in it is not part of a symbol that the
    ``glyphs``, ``said`` or ``icon`` filter made for it, whole: one a template computes (``'%c' %
    57346``), marks safe, or cuts out of a filter's result would draw an icon or set what a
    reader hears that the filters never checked."""
    rest = printed
    for symbol in sorted(made, key=len, reverse=True):
        rest = rest.replace(symbol, "")
    found = MARKER.search(rest)
    if found is not None:
        raise TemplateProblem(
            f"template prints character U+{ord(found.group()):04X}, which cutsheet uses to"
            " mark a symbol: only the glyphs, said and icon filters write it (print what"
            " they give as it is)"
        )


def render_plain(source: str, context: Mapping[str, Any]) -> str:
    """Render a template that yields a plain value (a colour, an icon name), not markup."""
    if "{" not in source:
        return source
    from html import unescape

    return unescape(render(source, context))


def evaluate(expression: str, context: Mapping[str, Any]) -> Any:
    """The value of a Jinja2 expression (a box's ``when:``). A name that is neither an item
    field nor a known name is an error, never a silent false. Once per expression and
    context (a failure is raised again each time)."""
    results = _RESULTS.of(context)
    key = ("evaluate", expression)
    if key not in results:
        results[key] = _remembered("evaluate", expression, context, _evaluate)
    return results[key]


def _evaluate(expression: str, context: Mapping[str, Any]) -> Any:
    Steps.reset()
    try:
        value = _compile_expr(expression).run(**context)
        if isinstance(value, Undefined):
            value._fail_with_undefined_error()
        return value
    except Exception as exc:  # every failure of an expression is the layout's
        raise _guessed(_looked_up_in(_failed(exc, "expression"), expression), context) from None


@lru_cache(maxsize=4096)
def names_read(source: str, expression: bool = False) -> frozenset[str] | None:
    """Every name a template (or, with ``expression``, an expression) looks up in its
    context, the environment's globals it uses included (an item value of that name takes
    a global's place): what its output can depend on. None when
    it does not compile (rendering it reports why). Found while compiling it, which running
    it needs anyway."""
    if not expression and "{" not in source:
        return frozenset()  # plain text: no Jinja syntax starts without a brace
    compiled = _compiled(source, expression)
    return None if compiled is None else compiled.names


def literal(value: str) -> str:
    """Escape a plain string for paragraph markup."""
    return str(escape(value))
