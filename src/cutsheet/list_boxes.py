"""A face's boxes read as one list (``read_as: item``, ``read_as: label``): a label box labels
the item box written right after it, and prints with it or not at all."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .diagnostics import Loc, Problem


class ListBox(Protocol):
    """What this check reads of a box (``boxes.Box``; ``read_as`` on a text box only)."""

    @property
    def name(self) -> str: ...
    @property
    def loc(self) -> Loc: ...
    @property
    def when(self) -> str | None: ...


def label_problems(face: str, boxes: Sequence[ListBox]) -> list[Problem]:
    """An error at each label box that is not followed by an item box, or that a ``when:``
    could print without it: drawn alone, its label would be read as another item's."""
    problems = []
    for i, box in enumerate(boxes):
        if getattr(box, "read_as", None) != "label":
            continue
        after = boxes[i + 1] if i + 1 < len(boxes) else None
        if after is None or getattr(after, "read_as", None) != "item":
            why = "a box read as a label labels the item box written right after it; "
            why += f"face {face!r} has no item box right after {box.name!r}"
            problems.append(Problem(box.loc, why))
        elif after.when != box.when:
            why = f"label box {box.name!r} and its item box {after.name!r} print together or"
            why += " not at all: give them the same when:"
            problems.append(Problem(box.loc, why))
    return problems
