"""The pieces every content model is built from: strict models, whole numbers as written,
a field's name. Shared by ``model`` and ``fieldspec`` (which ``model`` imports)."""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict

from .diagnostics import excerpt

_DIGITS = re.compile(r"[-+]?[0-9]+")


def _whole(value: Any) -> Any:
    """A count, a number of copies or a quantity is a whole number as written: pydantic would
    read ``true`` as 1, ``1.0`` as 1 and the text "2_0" as 20. The text of a CSV cell ("3")
    is still read as 3."""
    if isinstance(value, bool):  # (None, for a key that may be left out, passes)
        raise ValueError(f"input should be a whole number, got {str(value).lower()}")
    if isinstance(value, float):
        raise ValueError(f"input should be a whole number, got {value!r}")
    if isinstance(value, str) and "_" in value:  # (other text: pydantic says it is none)
        raise ValueError(f"input should be a whole number, got {excerpt(value)}")
    return value


def _written_whole(value: Any) -> Any:
    """``_whole`` for a key written only in YAML, where a quoted number is text."""
    if isinstance(value, str) and _DIGITS.fullmatch(value.strip()):
        raise ValueError(
            f"input should be a whole number, got the text {excerpt(value)} (write it unquoted)"
        )
    return _whole(value)


Whole = Annotated[int, BeforeValidator(_whole)]
"""A whole number of an item (YAML or a CSV cell)."""
MaybeWhole = Annotated[int | None, BeforeValidator(_whole)]
"""``Whole`` or nothing (the check runs on the union, so a field's bounds stay in its schema)."""
Number = Annotated[int, BeforeValidator(_written_whole)]
"""A whole number written in YAML."""
MaybeNumber = Annotated[int | None, BeforeValidator(_written_whole)]
"""``Number`` or nothing."""


FIELD_NAME = r"^[A-Za-z][A-Za-z0-9_]*$"
"""A field's name in a component's ``fields``: what its templates write, ``{{ flavour }}``."""


class Strict(BaseModel):
    # nan and inf are no size, no position and no count
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)
