"""Plain data read from one content file, with the location of every value and key in it."""

from __future__ import annotations

import marshal
from collections.abc import Iterator, Mapping
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


def bucket_end(path: PathKey) -> int:
    """How long a path's bucket is: up to its first list index, that included (0: the path
    has none, and sits among the file's top places)."""
    for i, part in enumerate(path):
        if type(part) is int:
            return i + 1
    return 0


Places = tuple[dict[PathKey, int], ...]
"""A file's values' places and its keys' (or its values' alone, when a key sits where its
value does: a CSV's cells), each a dict of paths to ``spot``s."""


class Packed:
    """The places of a file's values and keys, those inside a list item packed together.

    ``top`` holds the places on no list item's path; ``buckets`` holds, for each item of a
    list met outside any other list (a YAML file's ``items``, a CSV's rows), the places in
    it as ``marshal`` bytes of its ``Places``, by the paths below the item. A file of 10,000
    cards has some 150,000 places: as dicts of path tuples to ints they took 20 MB, held as
    long as the game is (an error found late still needs its place); packed, a tenth of it,
    and a lookup unpacks one item's places only. The readers pack as they build."""

    __slots__ = ("top", "buckets")

    def __init__(self, top: Places, buckets: dict[PathKey, bytes]) -> None:
        self.top, self.buckets = top, buckets

    def get(self, which: int, path: PathKey) -> int | None:
        end = bucket_end(path)
        if not end:
            return self.top[which].get(path)
        blob = self.buckets.get(path[:end])
        return None if blob is None else marshal.loads(blob)[which].get(path[end:])

    def items(self, which: int) -> Iterator[tuple[PathKey, int]]:
        yield from self.top[which].items()
        for head, blob in self.buckets.items():
            for rest, at in marshal.loads(blob)[which].items():
                yield head + rest, at

    def views(self) -> tuple[Spots, Spots]:
        """The values' places and the keys' (the same object when they are one)."""
        values = Spots(self, 0)
        return values, (Spots(self, 1) if len(self.top) > 1 else values)


def pack_bucket(buckets: dict[PathKey, bytes], head: PathKey, places: Places) -> None:
    """Put the places in the list item at ``head`` into ``buckets``; an item built again
    (a merged mapping's, then the one written) adds to what it had, as a dict would."""
    old = buckets.get(head)
    if old is not None:
        before = marshal.loads(old)
        for had, new in zip(before, places, strict=True):
            had.update(new)
        places = before
    buckets[head] = marshal.dumps(places)


class Spots(Mapping[PathKey, Spot]):
    """One of a file's two maps of places, its values' or its keys', packed (``Packed``):
    a mapping like the dict it stands for; ``get`` is what lookups use."""

    __slots__ = ("_packed", "_which")

    def __init__(self, packed: Packed, which: int) -> None:
        self._packed, self._which = packed, which

    def get(self, path: PathKey, default: Any = None) -> Any:  # type: ignore[override]
        found = self._packed.get(self._which, path)
        return default if found is None else found

    def __getitem__(self, path: PathKey) -> Spot:
        found = self._packed.get(self._which, path)
        if found is None:
            raise KeyError(path)
        return found

    def __iter__(self) -> Iterator[PathKey]:
        return (path for path, _at in self._packed.items(self._which))

    def __len__(self) -> int:
        return sum(1 for _ in self._packed.items(self._which))


@dataclass(frozen=True, slots=True)
class Located:
    """Plain data from one file and the location of every value and every mapping key in it.

    ``values`` and ``keys`` map paths from the file's root to places in ``file`` (``spot``s,
    or ``Loc``s; a file read by ``source`` has them packed: ``Packed``); a view made by ``sub`` shares them and keeps its own root in ``prefix``, so
    making a view costs nothing. Paths given to ``loc``, ``key_loc`` and ``sub`` are relative
    to the view; a path found in ``values`` but not in ``keys`` is its value's place, so a
    file whose keys sit where their values do (a CSV's cells) gives one dict as both.
    """

    data: Any
    file: str
    values: Mapping[PathKey, Spot] = field(default_factory=dict)
    keys: Mapping[PathKey, Spot] = field(default_factory=dict)
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

    def places(self) -> Located:
        """This view without its data: the places alone, for data kept in another form (an
        item's validated values), so that the file's plain data can go."""
        return Located(None, self.file, self.values, self.keys, self.prefix, self.columns)

    def sub(self, path: PathKey) -> Located:
        """A view rooted at ``path`` (paths in the view are relative to it)."""
        data = self.data
        for part in path:
            data = data[part]
        return Located(
            data, self.file, self.values, self.keys, self.prefix + tuple(path), self.columns
        )
