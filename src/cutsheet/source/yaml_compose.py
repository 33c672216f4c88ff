"""A YAML document's node graph, composed from the parser's events without recursion.

Aliases stay references to the anchored node; each node knows how many values it builds
(``size``) and how deep its collections go (``height``), so alias bombs and over-deep
nesting are refused here, at the alias or collection that goes too far, before any of it
is built:

* collections nest at most ``MAX_DEPTH`` levels, aliases included;
* a file may write at most ``MAX_VALUES`` values, and aliases may build at most
  ``MAX_ALIAS_VALUES`` more (no "billion laughs");
* an alias inside the collection it names (``a: &x [*x]``) is refused, and so is an
  anchor defined twice;
* a plain (unquoted) text that begins with an anchor no alias uses (``rule: &more cubes``,
  whose value YAML reads as ``cubes``) is refused: the '&' was meant as text (a number's or
  a flag's anchor, ``x: &left 5``, reads as written: it is no text).
"""

from __future__ import annotations

import json
import re
from typing import Any

import yaml

from ..diagnostics import ContentError, Loc, Problem, excerpt
from . import colour_comments
from .limits import MAX_ALIAS_VALUES, MAX_DEPTH, MAX_VALUES, capped
from .scalar_lines import MAX_TEXT, note, start_file
from .yaml_nodes import Alias, Collection, Node, Scalar, mark_loc, target
from .yaml_schema import CONSTRUCT, MAP, SEQ, STR, TAG

_STARTS = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_ENDS = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


def compose(loader: yaml.SafeLoader, file: str, source_text: str) -> Node | None:
    """The document's node graph (None for a file of nothing but comments); the bounds
    broken and the aliases and anchors misused are ContentErrors."""
    start_file(file)  # what was noted of it before is of an older text
    return _Composer(loader, file, source_text).compose()


_PLAIN_END = re.compile(r"\s#|: |:$")
"""Where a plain value ends on its line: a comment (after a blank) or a key's colon."""


def _quoted(text: str, limit: int = 40) -> str:
    """``text`` as YAML writes it in double quotes (its escapes are JSON's), the first
    ``limit`` characters of a longer one and '…'."""
    if len(text) <= limit:
        return json.dumps(text, ensure_ascii=False)
    return json.dumps(text[:limit], ensure_ascii=False)[:-1] + '…"'


def _stop(loc: Loc, message: str) -> ContentError:
    return ContentError([Problem(loc, message)])


def _empty_in_flow(loc: Loc, lines: list[str]) -> Loc:
    """Where PyYAML's pure-Python parser puts an empty value in a flow collection (just
    after its ':', as in ``{cost: , name: x}``); libyaml puts it at the ',' or '}' after."""
    row = lines[loc.line - 1] if loc.line <= len(lines) else ""
    k = loc.col - 1
    if k >= len(row) or row[k] not in ",}]":
        return loc
    k -= 1
    while k >= 0 and row[k] in " \t":
        k -= 1
    return Loc(loc.path, loc.line, k + 2) if k >= 0 and row[k] in ":?" else loc


def _scalar_value(tag: str, text: str, loc: Loc) -> Any:
    """The value of a scalar's text under its tag (None for a tag the builder refuses)."""
    if tag is STR:
        return text
    make = CONSTRUCT.get(tag)
    try:
        return make(text) if make is not None else None
    except ValueError:
        shown = tag.replace(TAG, "!!")
        raise _stop(loc, f"{excerpt(text)} is not a valid {shown}") from None


def _attach(parent: Collection, node: Node, is_scalar: bool) -> None:
    """Add ``node`` to ``parent``, which then builds its values and nests its depth too."""
    parent.items.append(node)
    if is_scalar:
        parent.size += 1
        return
    child = target(node)
    parent.size += child.size
    if child.height >= parent.height:
        parent.height = child.height + 1


class _Composer:
    """One document's composition: the open collections, the anchors and the budgets."""

    def __init__(self, loader: yaml.SafeLoader, file: str, source_text: str) -> None:
        self.loader = loader
        self.file = file
        self.source_text = source_text
        self.resolvers = loader.yaml_implicit_resolvers
        self.anchors: dict[str, tuple[Scalar | Collection, Loc]] = {}
        self.open_anchors: dict[str, Loc] = {}  # collections not complete yet
        self.plain_anchored: list[tuple[str, Scalar]] = []  # unquoted texts with an anchor
        self.aliased: set[str] = set()  # the anchors some alias names
        self.stack: list[tuple[Collection, str | None]] = []
        self.lines: list[str] = []  # the source's lines, split when first needed
        self.noting: bool | None = None  # whether its multi-line texts are noted (once known)
        self.alias_values = 0

    def compose(self) -> Node | None:
        get = self.loader.get_event
        get()  # stream start
        if isinstance(get(), yaml.StreamEndEvent):
            return None  # nothing but comments
        stack = self.stack
        scalar_event, alias_event = yaml.ScalarEvent, yaml.AliasEvent
        scalar, alias, start, end = self._scalar, self._alias, self._start, self._end
        budget = MAX_VALUES  # values written out, counted down
        while True:
            event = get()
            kind = type(event)
            node: Node
            if kind in _ENDS:
                node = end()
            else:
                budget -= 1
                if budget < 0:
                    loc = mark_loc(self.file, event.start_mark)
                    raise _stop(loc, f"more than {MAX_VALUES:,} values in one file; split it")
                if kind is scalar_event:
                    node = scalar(event)
                elif kind is alias_event:
                    node = alias(event)
                elif kind in _STARTS:
                    start(event, kind is yaml.MappingStartEvent)
                    continue
                else:  # pragma: no cover - the parser emits nothing else inside a document
                    raise _stop(mark_loc(self.file, event.start_mark), "unexpected YAML")
            if not stack:
                break
            _attach(stack[-1][0], node, kind is scalar_event)
        self._end_of_stream()
        self._anchors_as_text()
        return node

    def _anchors_as_text(self) -> None:
        """Refuse each plain text that begins with an anchor no alias uses: YAML takes
        ``&more`` in ``rule: &more cubes`` for an anchor and the value is ``cubes``, so the
        words would print without it; quoted, the text is whole."""
        unused = [(n, node) for n, node in self.plain_anchored if n not in self.aliased]
        if not unused:
            return
        if not self.lines:
            self.lines = self.source_text.split("\n")
        problems = []
        for name, node in unused:
            row = self.lines[node.loc.line - 1] if node.loc.line <= len(self.lines) else ""
            start = row.find("&" + name, max(0, node.loc.col - 1))
            loc = Loc(node.loc.path, node.loc.line, start + 1) if start >= 0 else node.loc
            whole = f"&{name} {node.text}" if node.text else f"&{name}"
            problems.append(
                Problem(
                    loc,
                    f"{excerpt('&' + name)} is read as a YAML anchor, not as text, and would"
                    f" not print; text that starts with '&' is written in quotes:"
                    f" {_quoted(whole)}",
                )
            )
        raise ContentError(capped(problems))

    def _end_of_stream(self) -> None:
        get = self.loader.get_event
        get()  # document end
        event = get()
        if not isinstance(event, yaml.StreamEndEvent):
            loc = mark_loc(self.file, event.start_mark)
            raise _stop(loc, "YAML syntax: a second document; a content file holds one")

    def _check_anchor(self, name: str, loc: Loc) -> None:
        anchors = self.anchors
        first = anchors[name][1] if name in anchors else self.open_anchors.get(name)
        if first is not None:
            shown = excerpt("&" + name)
            raise _stop(loc, f"anchor {shown} is already defined at line {first.line}")

    def _scalar(self, event: Any) -> Scalar:
        text = event.value
        mark = event.start_mark
        loc = Loc(self.file, mark.line + 1, mark.column + 1)
        stack = self.stack
        if not text and stack and event.implicit[0] and stack[-1][0].is_map:
            if not self.lines:
                self.lines = self.source_text.split("\n")
            self._colour_comment(stack[-1][0])
            if stack[-1][0].flow:
                loc = _empty_in_flow(loc, self.lines)
        last = event.end_mark.line  # 0-based; a block text ends at the next line's start
        multi_line = last > mark.line and (event.end_mark.column or last - 1 > mark.line)
        if multi_line and self.notes_texts():
            if not self.lines:
                self.lines = self.source_text.split("\n")
            parent = stack[-1][0] if stack else None
            value_of = parent is not None and parent.is_map and len(parent.items) % 2 == 1
            holder = parent.loc if value_of and parent is not None else None
            end = event.end_mark.column or None  # 0: a block text, ending with its line
            note(self.file, self.lines, loc, last + (1 if end else 0), holder, end)
        tag = self._scalar_tag(event, text)
        node = Scalar(loc, tag, text, _scalar_value(tag, text, loc))
        if event.anchor is not None:
            self._check_anchor(event.anchor, loc)
            self.anchors[event.anchor] = (node, loc)
            if not event.style and (tag is STR or not text):  # plain text (or none): '&' text?
                self.plain_anchored.append((event.anchor, node))
        return node

    def _colour_comment(self, mapping: Collection) -> None:
        """Refuse an empty value of a key that takes a colour, followed by a colour read as
        a comment."""
        key = mapping.items[-1] if len(mapping.items) % 2 == 1 else None
        if not isinstance(key, Scalar) or key.loc.line > len(self.lines):
            return
        if not colour_comments.takes_colour(key.text, self._holder()):
            return
        found = colour_comments.after_key(self.lines[key.loc.line - 1], key.text, key.loc)
        if found is not None:
            raise _stop(*found)

    def _holder(self) -> str | None:
        """The key whose value is the innermost open mapping (None at the top or in a list)."""
        if len(self.stack) < 2:
            return None
        outer = self.stack[-2][0]
        key = outer.items[-1] if outer.is_map and len(outer.items) % 2 == 1 else None
        return key.text if isinstance(key, Scalar) else None

    def notes_texts(self) -> bool:
        """Whether this file's multi-line texts are noted (``scalar_lines``): not in a very
        long file. (A line break YAML counts and splitting at ``\\n`` does not, NEL, U+2028
        or U+2029, never gets here: ``parse_yaml`` refuses it, where an editor shows it.)"""
        if self.noting is None:
            self.noting = len(self.source_text) <= MAX_TEXT
        return self.noting

    def _scalar_tag(self, event: Any, text: str) -> str:
        tag: str | None = event.tag
        if tag is None and event.implicit[0]:  # plain: resolve as YAML 1.2 core
            for candidate, pattern in self.resolvers.get(text[:1], ()):
                if pattern.match(text):
                    return candidate  # type: ignore[no-any-return]
            return STR
        if tag is None or tag == "!":
            return self.loader.resolve(yaml.ScalarNode, text, event.implicit)  # type: ignore[no-any-return]
        return tag

    def _alias(self, event: Any) -> Alias:
        name = event.anchor
        loc = mark_loc(self.file, event.start_mark)
        if name in self.open_anchors:
            line = self.open_anchors[name].line
            raise _stop(
                loc,
                f"alias {excerpt('*' + name)} is inside the collection it names"
                f" (anchored at line {line})",
            )
        if name not in self.anchors:
            said = f"alias {excerpt('*' + name)} has no anchor before it"
            quoted = _quoted(self._rest_of_value(loc))
            raise _stop(loc, f"{said} (text that starts with '*' is written in quotes: {quoted})")
        named = self.anchors[name][0]
        self.aliased.add(name)
        self.alias_values += named.size
        if self.alias_values > MAX_ALIAS_VALUES:
            raise _stop(
                loc,
                f"aliases build more than {MAX_ALIAS_VALUES:,} values (aliases of aliases"
                " multiply); write the values out or use fewer aliases",
            )
        if len(self.stack) + named.height > MAX_DEPTH:
            raise _stop(
                loc, f"this alias nests lists and mappings more than {MAX_DEPTH} levels deep"
            )
        return Alias(loc, named)

    def _rest_of_value(self, loc: Loc) -> str:
        """The text from ``loc`` as a plain value there would run: to a comment or a ': ' (a
        key's end), in a flow collection to its next ',', ']' or '}', and in a block on
        over the lines indented under its own (folded to one line, as YAML reads them)."""
        if not self.lines:
            self.lines = self.source_text.split("\n")
        row = self.lines[loc.line - 1].rstrip("\r") if loc.line <= len(self.lines) else ""
        flow = bool(self.stack and self.stack[-1][0].flow)
        parts = [row[loc.col - 1 :]]
        indent = len(row) - len(row.lstrip(" "))
        for more in self.lines[loc.line :] if not flow else ():
            body = more.rstrip("\r")
            if not body.strip() or len(body) - len(body.lstrip(" ")) <= indent:
                break
            parts.append(body.strip())
        text = " ".join(_PLAIN_END.split(part, 1)[0].strip() for part in parts)
        if flow:
            for end in ",]}":
                text = text.split(end, 1)[0]
        return text.strip()

    def _start(self, event: Any, is_map: bool) -> None:
        loc = mark_loc(self.file, event.start_mark)
        if len(self.stack) >= MAX_DEPTH:
            raise _stop(loc, f"lists and mappings nest more than {MAX_DEPTH} levels deep")
        tag = event.tag
        if tag is None or tag == "!":
            tag = MAP if is_map else SEQ
        if event.anchor is not None:  # usable once the collection is complete
            self._check_anchor(event.anchor, loc)
            self.open_anchors[event.anchor] = loc
        self.stack.append((Collection(loc, tag, is_map, bool(event.flow_style)), event.anchor))

    def _end(self) -> Collection:
        node, name = self.stack.pop()
        if name is not None:
            self.anchors[name] = (node, self.open_anchors.pop(name))
        return node
