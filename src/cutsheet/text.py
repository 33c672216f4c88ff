"""Jinja2 templates over content data, rendered to ReportLab paragraph markup.

Templates run in the sandbox with StrictUndefined. Autoescaping turns every value that comes
from content into literal text (``5R>G`` prints as written); markup written in the template
itself (``<b>``, ``<br/>``) stays markup.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from jinja2 import StrictUndefined, TemplateError, Undefined, UndefinedError
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup, escape


class TemplateProblem(Exception):
    """A template failed; the message says why (unknown name, syntax)."""


def _counts(values: Mapping[str, int], sep: str = " · ", zeros: bool = True) -> Markup:
    """``{WATER: 3, FUEL: 0}`` → "WATER 3 · FUEL 0" (``zeros=false`` leaves out the 0s)."""
    shown = [(k, v) for k, v in values.items() if zeros or v]
    return Markup(escape(sep)).join(escape(f"{k} {v}") for k, v in shown)


def _tint(hex_colour: str, amount: float = 0.4) -> str:
    """The colour mixed with ``amount`` of white."""
    rgb = [int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02X}" for c in rgb)


def _glyphs(value: str, terms: Mapping[str, Mapping[str, str]]) -> Markup:
    """Notation to markup. A run of letters made only of letters that have a ``fill`` in
    ``terms`` (``R``, ``RRRR``, the ``G`` of ``5R>G``) prints each letter bold on its colour: a
    cube glyph that still reads as its letter. Other words ("Bank") are left alone. ``>`` and
    ``<>`` print struck through, so they look like arrows while the text layer keeps the
    exact characters (``5R>G``)."""
    cubes = {k for k, v in terms.items() if len(k) == 1 and "fill" in v}
    text = str(value)
    out: list[str] = []
    i = 0
    while i < len(text):
        if text.startswith("<>", i):
            out.append("<strike>&lt;&gt;</strike>")
            i += 2
            continue
        if text[i] == ">":
            out.append("<strike>&gt;</strike>")
            i += 1
            continue
        j = i
        while j < len(text) and text[j].isalpha():
            j += 1
        if j == i:
            out.append(str(escape(text[i])))
            i += 1
            continue
        run = text[i:j]
        if set(run) <= cubes:
            for k, ch in enumerate(run):
                term = terms[ch]
                ink = term.get("ink", "#000000")
                # neighbouring cubes alternate with a lighter tint so each stays a cube
                fill = _tint(term["fill"]) if k % 2 else term["fill"]
                out.append(f'<span backcolor="{fill}" color="{ink}"><b>{escape(ch)}</b></span>')
        else:
            out.append(str(escape(run)))
        i = j
    return Markup("".join(out))


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
