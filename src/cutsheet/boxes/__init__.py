"""Box kinds: each kind is one module here that owns its layout keys, how it is filled from
an item's data at plan time, and how the filled element is drawn through a ``Pen``.

Adding a kind means adding its module to ``KINDS`` below; layouts, plans and drawing find it
through this registry.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from . import cells, icon, image, line, rect, text
from .base import MM, Box, BoxKind, Element, FillContext, Pen, Traits, field_of

KINDS: dict[str, BoxKind] = {m.KIND.name: m.KIND for m in (text, rect, icon, line, cells, image)}


def box_keys(spec: type[BaseModel], box: Any, face: Any) -> list[str]:
    """The layout keys a box may have, in ``spec``'s order: the common ones and its kind's
    own (its ``kind``, else text when it has ``text``, else rect unless its face extends
    another, where a box of that name may give the kind); every kind's when it cannot tell."""
    own = {k for kind in KINDS.values() for k in kind.keys}
    kind = box.get("kind") if isinstance(box, dict) else None
    if kind not in KINDS and isinstance(box, dict):
        extends = isinstance(face, dict) and face.get("extends") is not None
        kind = "text" if box.get("text") is not None else None if extends else "rect"
    if kind not in KINDS:
        return list(spec.model_fields)
    return [k for k in spec.model_fields if k not in own or k in KINDS[kind].keys]


__all__ = [
    "KINDS",
    "MM",
    "Box",
    "BoxKind",
    "Element",
    "FillContext",
    "Pen",
    "Traits",
    "box_keys",
    "field_of",
]
