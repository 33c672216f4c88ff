"""The one error a template raises, whatever went wrong in it."""

from __future__ import annotations

from ..diagnostics import excerpt


class TemplateProblem(Exception):
    """A template failed; the message says why (unknown name, syntax, a bound). ``word``:
    what of the template's own text it is about (an unknown name), to point at where that
    is written (``source.scalar_lines``); '' when none is."""

    def __init__(self, message: str, word: str = "") -> None:
        super().__init__(message)
        self.word = word


def short(value: object) -> str:
    """A value as a message may quote it: a short excerpt."""
    return excerpt(value, 40)
