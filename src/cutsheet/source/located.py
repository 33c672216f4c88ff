"""Plain data read from one content file, with the location of every value and key in it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..diagnostics import Loc

PathKey = tuple[str | int, ...]


@dataclass(frozen=True)
class Located:
    """Plain data from one file and the location of every value and every mapping key in it.

    ``values`` and ``keys`` map paths from the file's root; a view made by ``sub`` shares
    them and keeps its own root in ``prefix``, so making a view costs nothing. Paths given
    to ``loc``, ``key_loc`` and ``sub`` are relative to the view.
    """

    data: Any
    file: str
    values: dict[PathKey, Loc] = field(default_factory=dict)
    keys: dict[PathKey, Loc] = field(default_factory=dict)
    prefix: PathKey = ()
    columns: dict[str, Loc] = field(default_factory=dict)  # a CSV's header cells, by name

    def loc(self, path: PathKey) -> Loc:
        """Location of the value at ``path``, or of its nearest located ancestor."""
        root = len(self.prefix)
        p = self.prefix + tuple(path)
        while len(p) > root:
            found = self.values.get(p)
            if found is not None:
                return found
            p = p[:-1]
        return self.values.get(self.prefix, Loc(self.file, 1, 1))

    def key_loc(self, path: PathKey) -> Loc:
        """Location of the key that names ``path`` (falls back to the value's location)."""
        path = tuple(path)
        if path:
            found = self.keys.get(self.prefix + path)
            if found is not None:
                return found
        return self.loc(path)

    def sub(self, path: PathKey) -> Located:
        """A view rooted at ``path`` (paths in the view are relative to it)."""
        data = self.data
        for part in path:
            data = data[part]
        return Located(data, self.file, self.values, self.keys, self.prefix + tuple(path))
