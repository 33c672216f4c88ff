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
