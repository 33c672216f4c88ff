"""A colour written unquoted after a key: YAML reads ``fill: #0B6E4F`` as the key ``fill`` with
no value and the comment ``#0B6E4F``, since a ``#`` after a space starts a comment. A box's
``fill`` may be left empty (no fill), so the slip would print without a word; inside
``{ … }`` the comment also hides the closing brace, and PyYAML then names a later line.
Both are said here, at the ``#``, with the fix, for a key that takes a colour (``fill``,
``stroke``, ``color``, ``colour``, or a name under ``colours:``) and a comment that is a
colour and nothing more: ``rule: #add later`` is a comment, and stays one."""

from __future__ import annotations

import re

from ..diagnostics import Loc

COLOUR_KEYS = frozenset({"fill", "stroke", "color", "colour"})
"""Keys whose value is a colour, wherever they are (a box's, a style's, an item's field)."""
PALETTES = frozenset({"colours", "colors"})
"""Mappings whose every value is a colour (a layout's named colours)."""

_HEX = r"#(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{3,4})"
_AFTER_KEY = re.compile(rf"[ \t]*:[ \t]+({_HEX})(?=[ \t]*(?:$|[,}}\]]))")
"""A key's ':' followed by a colour that is all the comment holds (3, 4, 6 or 8 digits)."""
_IN_FLOW = re.compile(
    rf"""(?:^|[\s{{,])["']?({"|".join(sorted(COLOUR_KEYS))})["']?{_AFTER_KEY.pattern}"""
)
"""The same after a colour key anywhere on a line (a flow mapping's ``{x: 1, fill: #fff}``)."""


def takes_colour(key: str, holder: str | None) -> bool:
    """Whether the value of ``key`` (in a mapping that is the value of ``holder``) is a colour."""
    return key in COLOUR_KEYS or holder in PALETTES


def message(colour: str, key: str | None = None) -> str:
    """What the comment did: left ``key`` with no value, or (no key said: inside a
    flow collection) hid the rest of its line."""
    did = f"so {key!r} has no value" if key else "which hides the rest of the line"
    return (
        f"{colour!r} here is a YAML comment (a # after a space starts one), {did}:"
        f" put the colour in quotes, {colour!r}"
    )


def after_key(line: str, key: str, where: Loc) -> tuple[Loc, str] | None:
    """The place and message of a colour comment right after the plain or quoted ``key``
    that starts at ``where`` on ``line``; None when there is none."""
    start = where.col - 1
    quoted = line[start : start + 1] in ("'", '"')
    end = start + len(key) + (2 if quoted else 0)
    if line[start + quoted : start + quoted + len(key)] != key:
        return None
    found = _AFTER_KEY.match(line, end)
    if found is None:
        return None
    return Loc(where.path, where.line, found.start(1) + 1), message(found.group(1), key)


def first_on_lines(lines: list[str], first: int, last: int, path: str) -> tuple[Loc, str] | None:
    """The first colour comment after a colour key, outside quotes, on lines ``first`` to
    ``last`` (0-based, both included); None when there is none."""
    for n in range(max(first, 0), min(last, len(lines) - 1) + 1):
        for found in _IN_FLOW.finditer(lines[n]):
            before = lines[n][: found.start(2)]
            if before.count('"') % 2 or before.count("'") % 2:
                continue  # inside a quoted value: text, not a comment
            return Loc(path, n + 1, found.start(2) + 1), message(found.group(2))
    return None
