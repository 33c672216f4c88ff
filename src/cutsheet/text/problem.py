"""The one error a template raises, whatever went wrong in it."""

from __future__ import annotations

from ..diagnostics import excerpt


class TemplateProblem(Exception):
    """A template failed; the message says why (unknown name, syntax, a bound)."""


def short(value: object) -> str:
    """A value as a message may quote it: a short excerpt."""
    return excerpt(value, 40)
