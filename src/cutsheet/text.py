"""Jinja2 templates over content data, rendered to ReportLab paragraph markup.

Templates run in the sandbox with StrictUndefined. Autoescaping turns every value that comes
from content into literal text (``5R>G`` prints as written); markup written in the template
itself (``<b>``, ``<br/>``) stays markup.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from jinja2 import StrictUndefined, TemplateError, Undefined, UndefinedError
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup, escape

from . import symbols


class TemplateProblem(Exception):
    """A template failed; the message says why (unknown name, syntax)."""


def _counts(values: Mapping[str, int], sep: str = " · ", zeros: bool = True) -> Markup:
    """``{WATER: 3, FUEL: 0}`` → "WATER 3 · FUEL 0" (``zeros=false`` leaves out the 0s)."""
    shown = [(k, v) for k, v in values.items() if zeros or v]
    return Markup(escape(sep)).join(escape(f"{k} {v}") for k, v in shown)


_NOTATION = re.compile(r"[0-9A-Z<>]*(?:[A-Z]|>)[0-9A-Z<>]*")


def _glyphs(value: str, terms: Mapping[str, Mapping[str, str]]) -> Markup:
    """Cube notation to symbols. In a run of notation (``5R>G``, ``RRRR``), each letter that
    has a ``fill`` in ``terms`` becomes a cube tile with its letter, and ``>``/``<>`` get room
    to breathe; the run keeps its literal text for readers (see :mod:`cutsheet.symbols`).
    Words that are not notation ("Bank", "Red") are left alone."""
    cubes = {k: v["fill"] for k, v in terms.items() if len(k) == 1 and "fill" in v}
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
    return value


@lru_cache(maxsize=1)
def environment() -> SandboxedEnvironment:
    env = SandboxedEnvironment(
        undefined=StrictUndefined, autoescape=True, keep_trailing_newline=False, finalize=_finalize
    )
    env.filters["counts"] = _counts
    env.filters["signed"] = _signed
    env.filters["glyphs"] = _glyphs
    env.filters["icon"] = _icon
    return env


@lru_cache(maxsize=4096)
def _compile(source: str) -> Any:
    return environment().from_string(source)


@lru_cache(maxsize=1024)
def _compile_expr(source: str) -> Any:
    return environment().compile_expression(source)


def render(source: str, context: Mapping[str, Any]) -> str:
    """Render a template to paragraph markup; data values arrive escaped."""
    try:
        return str(_compile(source).render(**context)).strip()
    except TemplateProblem:
        raise
    except UndefinedError as exc:
        raise TemplateProblem(f"template uses an unknown name: {exc.message}") from None
    except TemplateError as exc:
        raise TemplateProblem(f"template error: {exc.message or exc}") from None


def render_plain(source: str, context: Mapping[str, Any]) -> str:
    """Render a template that yields a plain value (a colour, an icon name), not markup."""
    if "{" not in source:
        return source
    from html import unescape

    return unescape(render(source, context))


def evaluate(expression: str, context: Mapping[str, Any]) -> Any:
    try:
        return _compile_expr(expression)(**context)
    except UndefinedError as exc:
        raise TemplateProblem(f"expression uses an unknown name: {exc.message}") from None
    except TemplateError as exc:
        raise TemplateProblem(f"expression error: {exc.message or exc}") from None


def literal(value: str) -> str:
    """Escape a plain string for paragraph markup."""
    return str(escape(value))
