"""Plain data read from one content file, with the location of every value and key in it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..diagnostics import Loc

PathKey = tuple[str | int, ...]
Spot = int | Loc  # a place in the file itself, packed by ``spot``, or a Loc


def spot(line: int, col: int) -> int:
    """A line and column of a ``Located``'s own file as one int: a file of 10,000 cards holds
    a hundred thousand locations, and an int is a fraction of a ``Loc``."""
    return line << 32 | col


def spot_line(at: Spot) -> int:
    return at.line if isinstance(at, Loc) else at >> 32


@dataclass(frozen=True)
class Located:
    """Plain data from one file and the location of every value and every mapping key in it.

    ``values`` and ``keys`` map paths from the file's root to places in ``file`` (``spot``s,
    or ``Loc``s); a view made by ``sub`` shares them and keeps its own root in ``prefix``, so
    making a view costs nothing. Paths given to ``loc``, ``key_loc`` and ``sub`` are relative
    to the view; a path found in ``values`` but not in ``keys`` is its value's place, so a
    file whose keys sit where their values do (a CSV's cells) gives one dict as both.
    """

    data: Any
    file: str
    values: dict[PathKey, Spot] = field(default_factory=dict)
    keys: dict[PathKey, Spot] = field(default_factory=dict)
    prefix: PathKey = ()
    columns: dict[str, Loc] = field(default_factory=dict)  # a CSV's header cells, by name

    def loc(self, path: PathKey) -> Loc:
        """Location of the value at ``path``, or of its nearest located ancestor."""
        root = len(self.prefix)
        p = self.prefix + tuple(path)
        while len(p) > root:
            found = self.values.get(p)
            if found is not None:
                return self._at(found)
            p = p[:-1]
        found = self.values.get(self.prefix)
        return Loc(self.file, 1, 1) if found is None else self._at(found)

    def key_loc(self, path: PathKey) -> Loc:
        """Location of the key that names ``path`` (falls back to the value's location)."""
        path = tuple(path)
        if path:
            found = self.keys.get(self.prefix + path)
            if found is not None:
                return self._at(found)
        return self.loc(path)

    def _at(self, at: Spot) -> Loc:
        if isinstance(at, Loc):
            return at
        return Loc(self.file, at >> 32, at & 0xFFFFFFFF)

    def sub(self, path: PathKey) -> Located:
        """A view rooted at ``path`` (paths in the view are relative to it)."""
        data = self.data
        for part in path:
            data = data[part]
        return Located(data, self.file, self.values, self.keys, self.prefix + tuple(path))
