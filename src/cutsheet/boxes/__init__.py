"""Box kinds: each kind is one module here that owns its layout keys, how it is filled from
an item's data at plan time, and how the filled element is drawn through a ``Pen``.

Adding a kind means adding its module to ``KINDS`` below; layouts, plans and drawing find it
through this registry.
"""

from __future__ import annotations

from . import cells, icon, image, line, rect, text
from .base import MM, Box, BoxKind, Element, FillContext, Pen, Traits, field_of

KINDS: dict[str, BoxKind] = {m.KIND.name: m.KIND for m in (text, rect, icon, line, cells, image)}

__all__ = [
    "KINDS",
    "MM",
    "Box",
    "BoxKind",
    "Element",
    "FillContext",
    "Pen",
    "Traits",
    "field_of",
]
