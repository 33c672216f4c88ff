"""The one error a template raises, whatever went wrong in it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..diagnostics import excerpt


class TemplateProblem(Exception):
    """A template failed; the message says why (unknown name, syntax, a bound). ``word``:
    what of the template's own text it is about (an unknown name, a key looked up), to point
    at where that is written (``text.pointed``)."""

    def __init__(
        self,
        message: str,
        word: str = "",
        kinds: tuple[str, ...] = ("name",),
        syntax: str = "",
    ) -> None:
        super().__init__(message)
        self.word = word  # what of the template's text it is about ('' when nothing is)
        self.kinds = kinds  # the kinds of token that word is (``text.pointed``)
        self.syntax = syntax  # Jinja's words for a template that does not parse ('' if it does)
        # what a template that failed as it ran was run with, when the problem names no word
        # of it (a division by zero, a bound), and its source as run: ``text.pointed`` runs
        # it again, as written, to find the line it fails on
        self.context: Mapping[str, Any] | None = None
        self.source = ""


def short(value: object) -> str:
    """A value as a message may quote it: a short excerpt."""
    return excerpt(value, 40)
