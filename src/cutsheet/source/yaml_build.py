"""Plain data and the location of every value and key, from a composed YAML node graph.

Keys are taken as written (``yes:`` stays the word "yes"); a key written twice in one
mapping is a problem; ``<<: *anchor`` merges another mapping's keys. Nesting is bounded
when the graph is composed, so the recursion here is bounded too.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from ..diagnostics import Loc, Problem, excerpt
from .located import Packed, PathKey, Spots, pack_bucket, spot, spot_line
from .yaml_nodes import Alias, Collection, Node, Scalar, target
from .yaml_schema import CONSTRUCT, MAP, MERGE, SEQ

SURROGATE = re.compile("[\ud800-\udfff]")
MARKER = re.compile("[\ue000-\ue005]")
"""Private-use characters cutsheet marks symbols with in text (a cube, an icon, what a
reader is told): content holding one would draw a symbol, not print it (``symbols.py``)."""


def marker_message(char: str) -> str:
    """Why a marker character cannot be content, and what to do."""
    return (
        f"character U+{ord(char):04X} is not allowed: cutsheet uses it to mark a symbol"
        " (an icon, a cube, read-aloud text) in text; remove it"
    )


def nfc(text: str) -> str:
    """``text`` in Unicode normal form C: ``Cafe\\u0301`` becomes ``Café``, one character
    that the font has, printed as one letter (not an accent set beside the e)."""
    return text if unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)


class DataBuilder:
    """Builds plain data from nodes, recording locations in ``values`` and ``keys`` and
    mistakes in ``problems`` (it goes on past them, to report them all).

    The places inside an item of a list met outside any other list (``Packed``) are
    recorded in dicts of that item's own, by the paths below it, and packed as soon as
    the item is built; ``values`` and ``keys`` are the dicts being filled."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.values: dict[PathKey, int] = {}  # each a ``spot`` of the file
        self.keys: dict[PathKey, int] = {}
        self.top = (self.values, self.keys)
        self.buckets: dict[PathKey, bytes] = {}
        self.in_item = False
        self.problems: list[Problem] = []

    def places(self) -> tuple[Spots, Spots]:
        """The places recorded: the values' and the keys'."""
        return Packed(self.top, self.buckets).views()

    def build(self, node: Node, path: PathKey) -> Any:
        """The plain value of ``node``, found at ``path`` from the file's root (from the
        list item being built, inside one)."""
        node = target(node)
        loc = node.loc
        self.values[path] = spot(loc.line, loc.col)
        if isinstance(node, Scalar):
            if node.tag not in CONSTRUCT:
                self.problems.append(Problem(node.loc, f"unsupported YAML tag {excerpt(node.tag)}"))
                return None
            if isinstance(node.value, str):
                return nfc(self._no_markers(self._no_surrogates(node.value, node.loc), node.loc))
            return node.value
        if node.tag != (MAP if node.is_map else SEQ):
            self.problems.append(Problem(node.loc, f"unsupported YAML tag {excerpt(node.tag)}"))
            return None
        if node.is_map:
            return self._mapping(node, path)
        if self.in_item:
            return [self.build(item, path + (i,)) for i, item in enumerate(node.items)]
        return [self._item(item, path + (i,)) for i, item in enumerate(node.items)]

    def _item(self, node: Node, head: PathKey) -> Any:
        """An item of a list outside any other: its places go in a bucket of their own."""
        self.values, self.keys, self.in_item = {}, {}, True
        try:
            return self.build(node, ())
        finally:
            pack_bucket(self.buckets, head, (self.values, self.keys))
            self.values, self.keys = self.top
            self.in_item = False

    def _no_surrogates(self, text: str, loc: Loc) -> str:
        """``text``, or a problem when it holds a lone surrogate (``"\\ud800"``: half of a
        UTF-16 pair, no character, and no PDF can hold it); it is then replaced by U+FFFD."""
        found = SURROGATE.search(text)
        if found is None:
            return text
        lone = found.group()
        self.problems.append(
            Problem(
                loc,
                f"U+{ord(lone):04X} is a lone surrogate, not a character: write the character"
                " itself (or \\U0001F600 for one beyond U+FFFF)",
            )
        )
        return SURROGATE.sub("\ufffd", text)

    def _no_markers(self, text: str, loc: Loc) -> str:
        """``text``, or a problem when it holds a character cutsheet marks symbols with
        (``MARKER``); each is then replaced by U+FFFD, which draws nothing of ours."""
        found = MARKER.search(text)
        if found is None:
            return text
        self.problems.append(Problem(loc, marker_message(found.group())))
        return MARKER.sub("\ufffd", text)

    def _mapping(self, node: Collection, path: PathKey) -> dict[str, Any]:
        """A mapping; ``<<: *anchor`` merges another mapping's keys (explicit keys win and
        keep their own locations; merged keys point at the anchored text)."""
        own = self.values[path]
        pairs = node.pairs()
        out = self._merged(pairs, path)
        self.values[path] = own
        self._add_explicit(pairs, path, out)
        return out

    def _merged(self, pairs: list[tuple[Node, Node]], path: PathKey) -> dict[str, Any]:
        """The keys that ``<<`` pairs merge in, the first merged mapping's winning."""
        out: dict[str, Any] = {}
        for key_node, value_node in pairs:
            if target(key_node).tag != MERGE:
                continue
            value = target(value_node)
            if isinstance(value_node, Alias) and not (
                isinstance(value, Collection) and value.is_map
            ):
                # an alias of a list or a value: one mistake, where the merge names it (not
                # at each item of what its anchor holds, elsewhere in the file)
                self.problems.append(
                    Problem(value_node.loc, "'<<' merges a mapping (an anchor like *deck)")
                )
                continue
            sources = value.items if isinstance(value, Collection) and not value.is_map else [value]
            for raw in sources:  # a list written here: each of its entries, where it is
                src = target(raw)
                if not (isinstance(src, Collection) and src.is_map):
                    self.problems.append(
                        Problem(raw.loc, "'<<' merges a mapping (an anchor like *deck)")
                    )
                    continue
                for key, item in self._mapping(src, path).items():
                    out.setdefault(key, item)
        return out

    def _add_explicit(
        self, pairs: list[tuple[Node, Node]], path: PathKey, out: dict[str, Any]
    ) -> None:
        """Set the keys written in the mapping itself, each once, over merged ones."""
        explicit: dict[str, str] = {}  # each key, in normal form C: as it was written
        for key_node, value_node in pairs:
            key_target = target(key_node)
            if key_target.tag == MERGE:
                continue
            kloc = key_target.loc
            if not isinstance(key_target, Scalar):
                said = "a mapping key must be a plain word"
                if isinstance(key_target, Collection) and key_target.is_map and key_target.flow:
                    # `text: {{ name }}`: a template's braces read as YAML's own
                    said += " (a value that starts with { is read as a mapping: quote it,"
                    said += ' e.g. "{{ name }}")'
                self.problems.append(Problem(kloc, said))
                continue
            # Keys are words: take their text as written, so `yes:` or `no:` stay words
            # instead of booleans; in normal form C, as every text value is, so that a key
            # and the text that names it match however an editor composed their accents.
            written = self._no_markers(key_target.text, kloc)
            key = nfc(written)
            if key in explicit:
                first = self.keys[path + (key,)]
                same = (
                    ""
                    if explicit[key] == written
                    else "; the two are the same word, its accents typed differently"
                )
                self.problems.append(
                    Problem(
                        kloc,
                        f"duplicate key {excerpt(key)} (first defined at line"
                        f" {spot_line(first)}{same})",
                    )
                )
                continue
            explicit[key] = written
            self.keys[path + (key,)] = spot(kloc.line, kloc.col)
            out[key] = self.build(value_node, path + (key,))
