"""The node graph a YAML document is composed into before it becomes plain data.

An alias stays a reference to the anchored node, so a graph holds each value once however
often aliases repeat it. Every node knows where it starts in the file.
"""

from __future__ import annotations

from typing import Any

from ..diagnostics import Loc


class Scalar:
    """A scalar, its tag resolved and its value constructed."""

    __slots__ = ("loc", "tag", "text", "value")
    size = 1  # values it builds
    height = 0  # collections nested in it, itself included

    def __init__(self, loc: Loc, tag: str, text: str, value: Any) -> None:
        self.loc, self.tag, self.text, self.value = loc, tag, text, value


class Collection:
    """A list or a mapping, with how many values it builds and how deep it nests."""

    __slots__ = ("loc", "tag", "items", "size", "height", "is_map", "flow")

    def __init__(self, loc: Loc, tag: str, is_map: bool, flow: bool) -> None:
        self.loc, self.tag, self.is_map, self.flow = loc, tag, is_map, flow
        self.items: list[Node] = []  # a mapping's keys and values alternate
        self.size, self.height = 1, 1

    def pairs(self) -> list[tuple[Node, Node]]:
        """A mapping's (key, value) pairs, in the file's order."""
        return list(zip(self.items[::2], self.items[1::2], strict=True))


class Alias:
    """``*name``: where it is written, and the node it names."""

    __slots__ = ("loc", "target")

    def __init__(self, loc: Loc, target: Scalar | Collection) -> None:
        self.loc, self.target = loc, target


Node = Scalar | Collection | Alias


def target(node: Node) -> Scalar | Collection:
    """The node itself, or the node an alias names."""
    return node.target if type(node) is Alias else node  # type: ignore[return-value]


def mark_loc(file: str, mark: Any) -> Loc:
    """The location of a parser's mark (0-based line and column), or the file's start."""
    if mark is None:
        return Loc(file, 1, 1)
    return Loc(file, mark.line + 1, mark.column + 1)
