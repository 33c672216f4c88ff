"""Warnings about a layout's own styles, said where each is declared."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from .diagnostics import Loc, Problem, excerpt


class Style(Protocol):
    """What these warnings read of a layout's style (``layouts.Style``)."""

    @property
    def size(self) -> float: ...
    @property
    def line_height(self) -> float: ...


CROWDED = 0.75
"""A style whose leading is under this share of its size sets its lines over one another."""


def crowded_styles(styles: Mapping[str, Style], locs: Mapping[str, Loc]) -> list[Problem]:
    """A warning, where it is declared, for each style whose lines overlap: a leading set
    under three quarters of its size (a tight leading, down to that, is a designer's own)."""
    return [
        Problem(
            locs[name],
            f"style {excerpt(name)}: its leading ({style.line_height:g} pt) is under three"
            f" quarters of its size ({style.size:g} pt), so a text of two lines or more sets"
            " them over one another",
            "warning",
        )
        for name, style in styles.items()
        if name in locs and style.line_height < CROWDED * style.size - 0.01
    ]
