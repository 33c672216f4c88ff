"""How plain YAML scalars resolve: like YAML 1.2's core schema, not YAML 1.1.

Only ``true``/``false`` (also ``True``, ``TRUE``...) are booleans, so ``yes``, ``no``,
``on``, ``off``, ``y`` and ``n`` stay words; ``1:30`` stays the text "1:30"; there are no
implicit dates. Integers are decimal (``12``, ``-3``), ``0o17`` (octal) or ``0x1F`` (hex); a
decimal with a leading zero such as ``017`` or ``007`` stays text (YAML 1.2 would read 17,
YAML 1.1 would read 15; text keeps codes like "007" intact, and a number field still accepts
it). Floats are YAML 1.2's that hold a dot: ``1.5``, ``.5``, ``2.``, ``1.5e3``, and
``.inf``, ``-.inf``, ``.nan``; ``1e3`` without a dot stays text, as it was under YAML 1.1
(so a code like "2E5" is not read as 200000.0). Nulls are ``~``, ``null`` (``Null``,
``NULL``) and an empty value. Explicit tags are limited to ``!!str``, ``!!int``,
``!!float``, ``!!bool`` and ``!!null``; any other tag is refused.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

import yaml

try:
    from yaml import CSafeLoader as _FastLoader
except ImportError:  # PyYAML built without libyaml
    _FastLoader = yaml.SafeLoader  # type: ignore[assignment, misc]

TAG = "tag:yaml.org,2002:"
STR, INT, FLOAT, BOOL, NULL = (TAG + t for t in ("str", "int", "float", "bool", "null"))
MAP, SEQ, MERGE = TAG + "map", TAG + "seq", TAG + "merge"

_CORE_RESOLVERS: list[tuple[str, str, str]] = [
    # (tag, pattern, first characters); the order matters where first characters overlap.
    (BOOL, r"(?:true|True|TRUE|false|False|FALSE)\Z", "tTfF"),
    (INT, r"(?:[-+]?(?:0|[1-9][0-9]*)|0o[0-7]+|0x[0-9a-fA-F]+)\Z", "-+0123456789"),
    (
        FLOAT,
        r"(?:[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?"
        r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))\Z",
        "-+0123456789.",
    ),
    (NULL, r"(?:~|null|Null|NULL|)\Z", "~nN"),
    (MERGE, r"<<\Z", "<"),  # only meaningful as a mapping key
]


def _core_loader(base: type[yaml.SafeLoader]) -> type[yaml.SafeLoader]:
    class Loader(base):  # type: ignore[misc, valid-type]
        yaml_implicit_resolvers: dict[str | None, list[tuple[str, re.Pattern[str]]]] = {}

    for tag, pattern, first in _CORE_RESOLVERS:
        Loader.add_implicit_resolver(tag, re.compile(pattern), list(first))
    Loader.add_implicit_resolver(NULL, re.compile(r"\Z"), [""])
    return Loader


PyCoreLoader = _core_loader(yaml.SafeLoader)
"""PyYAML's pure-Python safe loader, resolving plain scalars like YAML 1.2's core schema.
``parse_yaml`` falls back on it after a libyaml error (see ``yaml_reader``)."""
CoreLoader = PyCoreLoader if _FastLoader is yaml.SafeLoader else _core_loader(_FastLoader)
"""The same on libyaml (``yaml.CSafeLoader``) when PyYAML has it: what ``parse_yaml`` uses.
``yaml.load(text, Loader=CoreLoader)`` gives the same plain values as ``parse_yaml``
(without locations and without the bounds)."""


def _int(text: str) -> int:
    body = text.lstrip("+-")
    sign = -1 if text.startswith("-") else 1
    if body[:2] in ("0o", "0x"):
        return sign * int(body[2:], 8 if body[1] == "o" else 16)
    return int(text, 10)


_SPECIAL_FLOATS = {".inf": math.inf, "+.inf": math.inf, "-.inf": -math.inf, ".nan": math.nan}


def _float(text: str) -> float:
    special = _SPECIAL_FLOATS.get(text.lower())
    return special if special is not None else float(text)


def _bool(text: str) -> bool:
    low = text.lower()
    if low not in ("true", "false"):
        raise ValueError(text)
    return low == "true"


CONSTRUCT: dict[str, Callable[[str], Any]] = {
    STR: str,
    INT: _int,
    FLOAT: _float,
    BOOL: _bool,
    NULL: lambda text: None,
    MERGE: str,  # '<<' as a value is just text
}
"""The value of a scalar's text, by tag: the only tags a content file may use. Each raises
ValueError for a text its tag cannot hold (``!!int x``)."""
