"""Named colours: a project's palette, a ``colours:`` table in any of its layout files (a later
file wins)::

    colours:
      brand: "#0B6E4F"

A name is usable wherever a colour is (a box's ``fill`` and ``stroke``, a style's ``color``,
the ``icon`` filter's colour); everything downstream sees the ``#RRGGBB`` it stands for, so
contrast checks treat a named colour exactly as its value."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping

from .diagnostics import excerpt

HEX = r"^#[0-9A-Fa-f]{6}$"
"""``#RRGGBB``: the one colour notation layouts, terms and palettes use."""
_HEX = re.compile(HEX)


def is_hex(value: str) -> bool:
    """Whether ``value`` is written ``#RRGGBB``."""
    return bool(_HEX.match(value))


def resolve(value: str, colours: Mapping[str, str]) -> str | None:
    """``#RRGGBB`` as written, a named colour's value, else None."""
    if is_hex(value):
        return value
    return colours.get(value)


def unknown(
    value: str, colours: Mapping[str, str], what: str, none: bool = True, given_by: str = ""
) -> str:
    """The message for a value that is neither ``#RRGGBB`` nor a name in ``colours``, with the
    closest name as a suggestion (``none``: 'none' is allowed too; ``given_by``: the template
    that gave it, when it was not written as it is)."""
    guess = difflib.get_close_matches(value, sorted(colours), n=1)
    hint = f"; did you mean '{guess[0]}'?" if guess else ""
    allowed = (
        "#RRGGBB, a name from 'colours', or none" if none else "#RRGGBB, or a name from 'colours'"
    )
    source = f" (from {excerpt(given_by)})" if given_by else ""
    return f"{what} {excerpt(value)}{source} is not a colour ({allowed}){hint}"


__all__ = ["is_hex", "resolve", "unknown"]
