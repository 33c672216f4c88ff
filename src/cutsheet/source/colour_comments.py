"""A colour written unquoted after a key: YAML reads ``fill: #0B6E4F`` as the key ``fill`` with
no value and the comment ``#0B6E4F``, since a ``#`` after a space starts a comment. A box's
``fill`` may be left empty (no fill), so the slip would print without a word; inside
``{ … }`` the comment also hides the closing brace, and PyYAML then names a later line.
Both are said here, at the ``#``, with the fix."""

from __future__ import annotations

import re

from ..diagnostics import Loc

_AFTER_KEY = re.compile(r"[ \t]*:[ \t]+(#(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{3,4}))\b")
"""A key's ':' followed by what reads as a colour, and is a comment: the '#' and hex digits
(3, 4, 6 or 8 of them, as colours are written in CSS)."""
_ANY_KEY = re.compile(r"(?:^|[\s{,])[\w-]+" + _AFTER_KEY.pattern)
"""The same after any plain key on a line (a flow mapping's ``{x: 1, fill: #fff}``)."""


def message(colour: str, key: str | None = None) -> str:
    """What the comment did: left ``key`` with no value, or (no key said: inside a
    flow collection) hid the rest of its line."""
    did = f"so {key!r} has no value" if key else "which hides the rest of the line"
    return (
        f"{colour!r} here is a YAML comment (a # after a space starts one), {did}:"
        f" put the colour in quotes, {colour!r}"
    )


def after_key(line: str, key: str, where: Loc) -> tuple[Loc, str] | None:
    """The place and message of a colour comment right after the plain ``key`` that starts
    at ``where`` on ``line``; None when there is none."""
    found = _AFTER_KEY.match(line, where.col - 1 + len(key))
    if found is None or line[where.col - 1 : where.col - 1 + len(key)] != key:
        return None
    return Loc(where.path, where.line, found.start(1) + 1), message(found.group(1), key)


def first_on_lines(lines: list[str], first: int, last: int, path: str) -> tuple[Loc, str] | None:
    """The first colour comment after a key on lines ``first`` to ``last`` (0-based, both
    included); None when there is none."""
    for n in range(max(first, 0), min(last, len(lines) - 1) + 1):
        found = _ANY_KEY.search(lines[n])
        if found is not None:
            return Loc(path, n + 1, found.start(1) + 1), message(found.group(1))
    return None
