"""Read YAML and CSV content while keeping the location of every value.

Safe loading only. Duplicate keys, non-string keys and YAML syntax errors become located
problems. The result is plain data plus a map from each value's path to its location, so
later stages (pydantic validation, checks) can point back at ``file:line:col``.

YAML is parsed by libyaml (``yaml.CSafeLoader``) when PyYAML has it, and composed here,
without recursion, from the parser's events. Data and locations are the ones PyYAML's
pure-Python parser gives, which cutsheet used before: after a libyaml error, a text of up to
``REPARSE_LIMIT`` (256 KiB) is parsed again in pure Python, so it errs (or reads) as before.

Hostile or broken files fail fast with a located error, never a traceback or a hang:

* a content file may be at most ``MAX_FILE_BYTES`` (8 MiB);
* collections nest at most ``MAX_DEPTH`` (64) levels, aliases included;
* a file may hold at most ``MAX_VALUES`` (500,000) values, and aliases may build at most
  ``MAX_ALIAS_VALUES`` (1,000,000) more (no "billion laughs");
* an alias inside the collection it names (``a: &x [*x]``) is refused;
* a CSV file has at most ``MAX_CSV_ROWS`` rows and ``MAX_CSV_COLUMNS`` columns.

Scalars resolve like YAML 1.2's core schema, not YAML 1.1 (see ``CoreLoader``): only
``true``/``false`` (also ``True``, ``TRUE``...) are booleans, so ``yes``, ``no``, ``on``,
``off``, ``y`` and ``n`` stay words; ``1:30`` stays the text "1:30"; there are no implicit
dates. Integers are decimal (``12``, ``-3``), ``0o17`` (octal) or ``0x1F`` (hex); a decimal
with a leading zero such as ``017`` or ``007`` stays text (YAML 1.2 would read 17, YAML 1.1
would read 15; text keeps codes like "007" intact, and a number field still accepts it).
Floats are YAML 1.2's that hold a dot: ``1.5``, ``.5``, ``2.``, ``1.5e3``, and ``.inf``,
``-.inf``, ``.nan``; ``1e3`` without a dot stays text, as it was under YAML 1.1 (so a code
like "2E5" is not read as 200000.0). Nulls are ``~``, ``null`` (``Null``, ``NULL``) and an
empty value. Explicit tags are limited to ``!!str``, ``!!int``, ``!!float``, ``!!bool`` and
``!!null``; any other tag is refused.
"""

from __future__ import annotations

import csv
import gc
import io
import itertools
import math
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .diagnostics import ContentError, Loc, Problem, display_path, excerpt

PathKey = tuple[str | int, ...]

MIB = 1024 * 1024
MAX_FILE_BYTES = 8 * MIB
"""Largest content file read (YAML or CSV); bigger ones are refused before reading."""
MAX_DEPTH = 64
"""Deepest nesting of collections (lists and mappings) in a YAML file, aliases included."""
MAX_VALUES = 500_000
"""Most values (YAML scalars, lists and mappings; CSV cells) written in one file: about
175 MB once located. An 8 MiB file of tiny values would otherwise hold 4 million."""
MAX_ALIAS_VALUES = 1_000_000
"""Most values that aliases (``*name`` and ``<<: *name``) may build in one YAML file."""
MAX_PROBLEMS = 100
"""Most problems reported for one file; the rest are counted in one last problem."""
MAX_CSV_ROWS = 100_000
"""Most rows (besides the header) in one CSV file."""
MAX_CSV_COLUMNS = 1_000
"""Most columns a CSV header may name."""


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


# --- YAML ------------------------------------------------------------------------------------

try:
    from yaml import CSafeLoader as _FastLoader
except ImportError:  # PyYAML built without libyaml
    _FastLoader = yaml.SafeLoader  # type: ignore[assignment, misc]

_TAG = "tag:yaml.org,2002:"
_STR, _INT, _FLOAT, _BOOL, _NULL = (_TAG + t for t in ("str", "int", "float", "bool", "null"))
_MAP, _SEQ, _MERGE = _TAG + "map", _TAG + "seq", _TAG + "merge"

_CORE_RESOLVERS: list[tuple[str, str, str]] = [
    # (tag, pattern, first characters); the order matters where first characters overlap.
    (_BOOL, r"(?:true|True|TRUE|false|False|FALSE)\Z", "tTfF"),
    (_INT, r"(?:[-+]?(?:0|[1-9][0-9]*)|0o[0-7]+|0x[0-9a-fA-F]+)\Z", "-+0123456789"),
    (
        _FLOAT,
        r"(?:[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?"
        r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))\Z",
        "-+0123456789.",
    ),
    (_NULL, r"(?:~|null|Null|NULL|)\Z", "~nN"),
    (_MERGE, r"<<\Z", "<"),  # only meaningful as a mapping key
]


def _core_loader(base: type[yaml.SafeLoader]) -> type[yaml.SafeLoader]:
    class Loader(base):  # type: ignore[misc, valid-type]
        yaml_implicit_resolvers: dict[str | None, list[tuple[str, re.Pattern[str]]]] = {}

    for tag, pattern, first in _CORE_RESOLVERS:
        Loader.add_implicit_resolver(tag, re.compile(pattern), list(first))
    Loader.add_implicit_resolver(_NULL, re.compile(r"\Z"), [""])
    return Loader


PyCoreLoader = _core_loader(yaml.SafeLoader)
"""PyYAML's pure-Python safe loader, resolving plain scalars like YAML 1.2's core schema.
``parse_yaml`` falls back on it after a libyaml error (see ``_as_before``)."""
CoreLoader = PyCoreLoader if _FastLoader is yaml.SafeLoader else _core_loader(_FastLoader)
"""The same on libyaml (``yaml.CSafeLoader``) when PyYAML has it: what ``parse_yaml`` uses.
``yaml.load(text, Loader=CoreLoader)`` gives the same plain values as ``parse_yaml``
(without locations and without the bounds)."""


def _int(text: str) -> int:
    body = text.lstrip("+-")
    sign = -1 if text.startswith("-") else 1
    if body[:2] in ("0o", "0x"):
        return sign * int(body[2:], 8 if body[1] == "o" else 16)
    return int(text, 10)


_SPECIAL_FLOATS = {".inf": math.inf, "+.inf": math.inf, "-.inf": -math.inf, ".nan": math.nan}


def _float(text: str) -> float:
    special = _SPECIAL_FLOATS.get(text.lower())
    return special if special is not None else float(text)


def _bool(text: str) -> bool:
    low = text.lower()
    if low not in ("true", "false"):
        raise ValueError(text)
    return low == "true"


_CONSTRUCT: dict[str, Callable[[str], Any]] = {
    _STR: str,
    _INT: _int,
    _FLOAT: _float,
    _BOOL: _bool,
    _NULL: lambda text: None,
    _MERGE: str,  # '<<' as a value is just text
}


class _Scalar:
    __slots__ = ("loc", "tag", "text", "value")
    size = 1  # values it builds
    height = 0  # collections nested in it, itself included

    def __init__(self, loc: Loc, tag: str, text: str, value: Any) -> None:
        self.loc, self.tag, self.text, self.value = loc, tag, text, value


class _Collection:
    __slots__ = ("loc", "tag", "items", "size", "height", "is_map", "flow")

    def __init__(self, loc: Loc, tag: str, is_map: bool, flow: bool) -> None:
        self.loc, self.tag, self.is_map, self.flow = loc, tag, is_map, flow
        self.items: list[_Node] = []  # a mapping's keys and values alternate
        self.size, self.height = 1, 1

    def pairs(self) -> list[tuple[_Node, _Node]]:
        return list(zip(self.items[::2], self.items[1::2], strict=True))


class _Alias:
    __slots__ = ("loc", "target")

    def __init__(self, loc: Loc, target: _Scalar | _Collection) -> None:
        self.loc, self.target = loc, target


_Node = _Scalar | _Collection | _Alias


def _target(node: _Node) -> _Scalar | _Collection:
    return node.target if type(node) is _Alias else node  # type: ignore[return-value]


def _mark_loc(file: str, mark: Any) -> Loc:
    if mark is None:
        return Loc(file, 1, 1)
    return Loc(file, mark.line + 1, mark.column + 1)


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


def _stop(loc: Loc, message: str) -> ContentError:
    return ContentError([Problem(loc, message)])


def _compose(loader: yaml.SafeLoader, file: str, source_text: str) -> _Node | None:
    """The document's node graph, built from parser events without recursion.

    Aliases stay references to the anchored node; each node knows how many values it
    builds (``size``) and how deep its collections go (``height``), so alias bombs and
    over-deep nesting are refused here, at the alias or collection that goes too far,
    before any of it is built.
    """
    get = loader.get_event
    implicit_resolvers = loader.yaml_implicit_resolvers
    construct = _CONSTRUCT
    scalar_event, alias_event = yaml.ScalarEvent, yaml.AliasEvent
    starts = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
    ends = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
    anchors: dict[str, tuple[_Scalar | _Collection, Loc]] = {}
    open_anchors: dict[str, Loc] = {}  # collections not complete yet
    stack: list[tuple[_Collection, str | None]] = []
    lines: list[str] = []  # the source's lines, split when first needed
    alias_values = 0
    budget = MAX_VALUES  # values written out, counted down
    get()  # stream start
    if isinstance(get(), yaml.StreamEndEvent):
        return None  # nothing but comments

    def check_anchor(name: str, loc: Loc) -> None:
        first = anchors[name][1] if name in anchors else open_anchors.get(name)
        if first is not None:
            shown = excerpt("&" + name)
            raise _stop(loc, f"anchor {shown} is already defined at line {first.line}")

    while True:
        event = get()
        kind = type(event)
        node: _Node
        if kind not in ends:
            budget -= 1
            if budget < 0:
                loc = _mark_loc(file, event.start_mark)
                raise _stop(loc, f"more than {MAX_VALUES:,} values in one file; split it")
        if kind is scalar_event:
            text = event.value
            tag = event.tag
            mark = event.start_mark
            loc = Loc(file, mark.line + 1, mark.column + 1)
            if not text and stack and stack[-1][0].flow and event.implicit[0]:
                if not lines:
                    lines = source_text.split("\n")
                loc = _empty_in_flow(loc, lines)
            if tag is None and event.implicit[0]:  # plain: resolve as YAML 1.2 core
                tag = _STR
                for candidate, pattern in implicit_resolvers.get(text[:1], ()):
                    if pattern.match(text):
                        tag = candidate
                        break
            elif tag is None or tag == "!":
                tag = loader.resolve(yaml.ScalarNode, text, event.implicit)
            if tag is _STR:
                value: Any = text
            else:
                make = construct.get(tag)
                try:
                    value = make(text) if make is not None else None
                except ValueError:
                    shown = tag.replace(_TAG, "!!")
                    raise _stop(loc, f"{excerpt(text)} is not a valid {shown}") from None
            node = _Scalar(loc, tag, text, value)
            if event.anchor is not None:
                check_anchor(event.anchor, loc)
                anchors[event.anchor] = (node, loc)
        elif kind is alias_event:
            name = event.anchor
            loc = _mark_loc(file, event.start_mark)
            if name in open_anchors:
                line = open_anchors[name].line
                raise _stop(
                    loc,
                    f"alias {excerpt('*' + name)} is inside the collection it names"
                    f" (anchored at line {line})",
                )
            if name not in anchors:
                raise _stop(loc, f"alias {excerpt('*' + name)} has no anchor before it")
            target = anchors[name][0]
            node = _Alias(loc, target)
            alias_values += target.size
            if alias_values > MAX_ALIAS_VALUES:
                raise _stop(
                    loc,
                    f"aliases build more than {MAX_ALIAS_VALUES:,} values (aliases of aliases"
                    " multiply); write the values out or use fewer aliases",
                )
            if len(stack) + target.height > MAX_DEPTH:
                raise _stop(
                    loc, f"this alias nests lists and mappings more than {MAX_DEPTH} levels deep"
                )
        elif kind in starts:
            loc = _mark_loc(file, event.start_mark)
            if len(stack) >= MAX_DEPTH:
                raise _stop(loc, f"lists and mappings nest more than {MAX_DEPTH} levels deep")
            is_map = kind is yaml.MappingStartEvent
            tag = event.tag
            if tag is None or tag == "!":
                tag = _MAP if is_map else _SEQ
            if event.anchor is not None:  # usable once the collection is complete
                check_anchor(event.anchor, loc)
                open_anchors[event.anchor] = loc
            stack.append((_Collection(loc, tag, is_map, bool(event.flow_style)), event.anchor))
            continue
        elif kind in ends:
            node, name = stack.pop()
            if name is not None:
                anchors[name] = (node, open_anchors.pop(name))
        else:  # pragma: no cover - the parser emits nothing else inside a document
            raise _stop(_mark_loc(file, event.start_mark), "unexpected YAML")
        if not stack:
            break
        parent = stack[-1][0]
        parent.items.append(node)
        if kind is scalar_event:
            parent.size += 1
        else:
            child = _target(node)
            parent.size += child.size
            if child.height >= parent.height:
                parent.height = child.height + 1
    get()  # document end
    event = get()
    if not isinstance(event, yaml.StreamEndEvent):
        loc = _mark_loc(file, event.start_mark)
        raise _stop(loc, "YAML syntax: a second document; a content file holds one")
    return node


class _Builder:
    """Plain data and locations from a composed node graph (depth is bounded by _compose)."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.values: dict[PathKey, Loc] = {}
        self.keys: dict[PathKey, Loc] = {}
        self.problems: list[Problem] = []

    def build(self, node: _Node, path: PathKey) -> Any:
        node = _target(node)
        self.values[path] = node.loc
        if isinstance(node, _Scalar):
            if node.tag not in _CONSTRUCT:
                self.problems.append(Problem(node.loc, f"unsupported YAML tag {excerpt(node.tag)}"))
                return None
            return node.value
        if node.tag != (_MAP if node.is_map else _SEQ):
            self.problems.append(Problem(node.loc, f"unsupported YAML tag {excerpt(node.tag)}"))
            return None
        if node.is_map:
            return self._mapping(node, path)
        return [self.build(item, path + (i,)) for i, item in enumerate(node.items)]

    def _mapping(self, node: _Collection, path: PathKey) -> dict[str, Any]:
        """A mapping; ``<<: *anchor`` merges another mapping's keys (explicit keys win and
        keep their own locations; merged keys point at the anchored text)."""
        out: dict[str, Any] = {}
        own = self.values[path]
        pairs = node.pairs()
        for key_node, value_node in pairs:
            if _target(key_node).tag != _MERGE:
                continue
            value = _target(value_node)
            sources = (
                value.items if isinstance(value, _Collection) and not value.is_map else [value]
            )
            for src in map(_target, sources):
                if not (isinstance(src, _Collection) and src.is_map):
                    self.problems.append(
                        Problem(src.loc, "'<<' merges a mapping (an anchor like *deck)")
                    )
                    continue
                for key, item in self._mapping(src, path).items():
                    out.setdefault(key, item)
        self.values[path] = own
        explicit: set[str] = set()
        for key_node, value_node in pairs:
            key_target = _target(key_node)
            if key_target.tag == _MERGE:
                continue
            kloc = key_target.loc
            if not isinstance(key_target, _Scalar):
                self.problems.append(Problem(kloc, "a mapping key must be a plain word"))
                continue
            # Keys are words: take their text as written, so `yes:` or `no:` stay words
            # instead of booleans.
            key = key_target.text
            if key in explicit:
                first = self.keys[path + (key,)]
                self.problems.append(
                    Problem(
                        kloc, f"duplicate key {excerpt(key)} (first defined at line {first.line})"
                    )
                )
                continue
            explicit.add(key)
            self.keys[path + (key,)] = kloc
            out[key] = self.build(value_node, path + (key,))
        return out


def _capped(problems: list[Problem]) -> list[Problem]:
    """At most ``MAX_PROBLEMS`` problems, the rest counted in one more."""
    if len(problems) <= MAX_PROBLEMS:
        return problems
    problems = sorted(problems)
    rest = len(problems) - MAX_PROBLEMS
    more = Problem(problems[MAX_PROBLEMS].loc, f"and {rest:,} more problems in this file")
    return [*problems[:MAX_PROBLEMS], more]


def _short(message: str, limit: int = 160) -> str:
    """A parser's message, cut so that no long run of the file's text gets through."""
    message = " ".join(message.split())
    return message if len(message) <= limit else message[: limit - 1] + "…"


def _too_big(size: int, file: str) -> ContentError:
    shown = math.ceil(size * 10 / MIB) / 10  # rounded up: 8 MiB and a byte shows as 8.1
    return ContentError(
        [
            Problem(
                Loc(file, 1, 1),
                f"file is {shown:g} MiB, over the {MAX_FILE_BYTES // MIB} MiB limit"
                " for a content file",
            )
        ]
    )


def _position_loc(text: str, position: int, file: str) -> Loc:
    line = text.count("\n", 0, position) + 1
    return Loc(file, line, position - (text.rfind("\n", 0, position) + 1) + 1)


def _load(text: str, file: str, loader_class: type[yaml.SafeLoader]) -> Located:
    """Located data; the parser's own errors (yaml.YAMLError) are left to the caller."""
    loader = loader_class(text)
    collecting = gc.isenabled()
    gc.disable()  # the graph has no cycles; collecting while building it costs a third
    try:
        root = _compose(loader, file, text)
        if root is None:
            return Located({}, file, {(): Loc(file, 1, 1)})
        builder = _Builder(file)
        data = builder.build(root, ())
    finally:
        loader.dispose()
        if collecting:
            gc.enable()
    if builder.problems:
        raise ContentError(_capped(list(dict.fromkeys(builder.problems))))  # aliases repeat
    return Located(data, file, builder.values, builder.keys)


def _parse_yaml(text: str, file: str, loader_class: type[yaml.SafeLoader]) -> Located:
    try:
        return _load(text, file, loader_class)
    except yaml.YAMLError as exc:
        if loader_class is PyCoreLoader:
            raise _yaml_problem(exc, text, file) from None
        return _as_before(exc, text, file)


REPARSE_LIMIT = 256 * 1024
"""Largest text (in characters) parsed again in pure Python after a libyaml error."""


def _head(text: str, line: int) -> str:
    """``text`` up to the end of its 0-based line ``line``."""
    end = -1
    for _ in range(line + 1):
        end = text.find("\n", end + 1)
        if end < 0:
            return text
    return text[: end + 1]


def _as_before(exc: yaml.YAMLError, text: str, file: str) -> Located:
    """What PyYAML's pure-Python parser, which cutsheet used before libyaml, makes of a text
    that libyaml refused: its error, worded and placed as before ("mapping values are not
    allowed here"), or its data where it reads what libyaml does not (a tab that starts a
    line of a block scalar, say).

    Only a text up to ``REPARSE_LIMIT`` is parsed again; libyaml's own error stands for a
    bigger one. A text nested deeper than libyaml's own limit (1,000 levels) is parsed
    again up to there, however long: the pure-Python parser streams, so it stops at our
    limit (64) and locates it.
    """
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    if len(text) <= REPARSE_LIMIT:
        again_text = text
    elif mark is not None and "nesting depth" in str(exc):
        again_text = _head(text, mark.line)
    else:
        raise _yaml_problem(exc, text, file) from None
    try:
        located = _load(again_text, file, PyCoreLoader)
    except yaml.YAMLError as again:
        if again_text is text:
            raise _yaml_problem(again, text, file) from None
        raise _yaml_problem(exc, text, file) from None
    if again_text is not text:
        raise _yaml_problem(exc, text, file)
    return located


def _yaml_problem(exc: yaml.YAMLError, text: str, file: str) -> ContentError:
    if isinstance(exc, yaml.reader.ReaderError):
        loc = _position_loc(text, exc.position, file)
        code = exc.character if isinstance(exc.character, int) else ord(exc.character)
        return ContentError([Problem(loc, f"YAML: character U+{code:04X} is not allowed")])
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        msg = exc.problem or exc.context or "invalid YAML"
        return ContentError([Problem(_mark_loc(file, mark), f"YAML syntax: {_short(msg)}")])
    return ContentError([Problem(Loc(file, 1, 1), f"YAML: {_short(str(exc))}")])


def parse_yaml(text: str, file: str) -> Located:
    """Parse YAML text into located data; raises ContentError with located problems."""
    if len(text) > MAX_FILE_BYTES:
        raise _too_big(len(text.encode("utf-8", "replace")), file)
    return _parse_yaml(text.removeprefix("\ufeff"), file, CoreLoader)


def read_text(path: Path, shown_as: str) -> str:
    """A content file's text (UTF-8, a leading byte-order mark dropped), refused if it is
    bigger than ``MAX_FILE_BYTES``: its size is checked before reading."""
    where = Loc(shown_as)
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError
        if not stat.S_ISREG(info.st_mode):  # a pipe or a device could block or never end
            raise ContentError([Problem(where, "not a regular file")])
        if info.st_size > MAX_FILE_BYTES:
            raise _too_big(info.st_size, shown_as)
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)  # a file may grow while it is read
    except FileNotFoundError:
        raise ContentError([Problem(where, "file not found")]) from None
    except IsADirectoryError:
        raise ContentError([Problem(where, "is a folder, not a file")]) from None
    except PermissionError:
        raise ContentError([Problem(where, "cannot be read (permission denied)")]) from None
    except OSError as exc:
        raise ContentError([Problem(where, f"cannot be read ({exc.strerror})")]) from None
    if len(raw) > MAX_FILE_BYTES:
        raise _too_big(len(raw), shown_as)
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        start = raw.rfind(b"\n", 0, exc.start) + 1
        col = len(raw[start : exc.start].decode("utf-8", "replace")) + 1
        loc = Loc(shown_as, raw.count(b"\n", 0, exc.start) + 1, col)
        raise ContentError([Problem(loc, f"not UTF-8 text (byte {exc.start})")]) from None


def load_yaml(path: Path, root: Path | None = None) -> Located:
    """Read and parse one YAML content file; ``root`` only shortens the path shown."""
    shown = display_path(path, root)
    return parse_yaml(read_text(path, shown), shown)


# --- CSV -------------------------------------------------------------------------------------

_CELL_BOUNDARY = re.compile(r'[",]')


def _cell_columns(line: str, most: int) -> list[int]:
    """1-based start column of the first ``most`` cells of one physical CSV line (RFC 4180
    quoting)."""
    if '"' not in line:
        cells = line.split(",", most - 1)
        return list(itertools.accumulate((len(c) + 1 for c in cells[:-1]), initial=1))
    starts = [1]
    quoted = False
    for match in _CELL_BOUNDARY.finditer(line):
        if match.group() == '"':
            quoted = not quoted
        elif not quoted:
            if len(starts) >= most:
                break
            starts.append(match.start() + 2)
    return starts


def _names(names: list[str], most: int = 3) -> str:
    shown = ", ".join(excerpt(n) for n in names[:most])
    return shown if len(names) <= most else f"{shown} and {len(names) - most:,} more"


def _separator_problem(header: list[str], file: str) -> Problem | None:
    """A file saved with another separator (Excel in many locales uses ';') reads as one
    column whose name holds that separator."""
    if len(header) != 1:
        return None
    counts = {sep: header[0].count(sep) for sep in (";", "\t", "|")}
    sep = max(counts, key=lambda s: counts[s])
    if not counts[sep]:
        return None
    name = "tabs" if sep == "\t" else f"'{sep}'"
    return Problem(
        Loc(file, 1, 1),
        f"this CSV is separated by {name}; save it comma-separated"
        " (or quote cells that hold commas)",
    )


SHORT_ROWS_ARE_ERRORS = True
"""Default of ``parse_csv``'s ``short_rows_are_errors``: a row with fewer cells than the header
names is an error (a dropped comma shifts every later value into the wrong column)."""


def parse_csv(text: str, file: str, *, short_rows_are_errors: bool | None = None) -> Located:
    """One item a row; the header row names the fields. Empty cells are absent fields.

    Locations use the line an editor shows (the header is line 1) and the column where the
    cell starts, so ``cards.csv:7:18`` points at the cell. A leading byte-order mark (Excel
    writes one) is ignored. A file separated by ';' or tabs is one error at 1:1.

    A row with more cells than the header names is an error. A row with fewer (``A-1,x``
    under ``id,name,cost``: a dropped comma shifts every later value left) is one too when
    ``short_rows_are_errors`` (default ``SHORT_ROWS_ARE_ERRORS``); otherwise its missing
    cells are absent values. Empty cells that are there (``A-1,x,``) are always fine.
    """
    if short_rows_are_errors is None:
        short_rows_are_errors = SHORT_ROWS_ARE_ERRORS
    if len(text) > MAX_FILE_BYTES:
        raise _too_big(len(text.encode("utf-8", "replace")), file)
    text = text.removeprefix("\ufeff")
    # Only CR/LF end a CSV line (str.splitlines would also split on form feeds and such).
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    reader = csv.reader(io.StringIO(text))
    problems: list[Problem] = []
    try:
        header = next(reader)
    except StopIteration:
        raise ContentError([Problem(Loc(file, 1, 1), "CSV file is empty")]) from None
    except csv.Error as exc:
        raise ContentError([Problem(Loc(file, 1, 1), f"CSV syntax: {_short(str(exc))}")]) from None
    if len(header) > MAX_CSV_COLUMNS:
        col = _cell_columns(lines[0], MAX_CSV_COLUMNS + 1)[-1]
        raise ContentError(
            [
                Problem(
                    Loc(file, 1, col),
                    f"the header names {len(header):,} columns, over the {MAX_CSV_COLUMNS:,} limit",
                )
            ]
        )
    separator = _separator_problem(header, file)
    if separator is not None:
        raise ContentError([separator])
    header = [h.strip() for h in header]
    hcols = _cell_columns(lines[0], len(header))
    values: dict[PathKey, Loc] = {(): Loc(file, 1, 1)}
    keys: dict[PathKey, Loc] = {}
    seen: dict[str, int] = {}
    for i, name in enumerate(header):
        col = hcols[i] if i < len(hcols) else 1
        if not name:
            problems.append(Problem(Loc(file, 1, col), "empty column name in header"))
        elif name in seen:
            problems.append(
                Problem(
                    Loc(file, 1, col),
                    f"duplicate column {excerpt(name)} (also column {seen[name]})",
                )
            )
        else:
            seen[name] = col
    rows: list[dict[str, Any]] = []
    width = len(header)
    cells = 0
    start_line = reader.line_num + 1
    try:
        for row in reader:
            line_no = start_line
            start_line = reader.line_num + 1
            if not "".join(row).strip():
                continue  # a blank row
            index = len(rows)
            if index >= MAX_CSV_ROWS:
                message = f"more than {MAX_CSV_ROWS:,} rows; split the items over several files"
                problems.append(Problem(Loc(file, line_no, 1), message))
                break
            physical = lines[line_no - 1] if line_no - 1 < len(lines) else ""
            cols = _cell_columns(physical, width + 1)
            if len(cols) < len(row):  # a quoted cell spans lines: later cells start at 1
                cols += [1] * (len(row) - len(cols))
            values[(index,)] = Loc(file, line_no, 1)
            if len(row) > width:
                problems.append(
                    Problem(
                        Loc(file, line_no, cols[width]),
                        f"row has {len(row):,} cells but the header names {width:,} fields",
                    )
                )
            elif len(row) < width and short_rows_are_errors:
                last = reader.line_num  # a quoted cell may span lines: the row ends here
                end = len(lines[last - 1]) + 1 if last - 1 < len(lines) else 1
                missing = [n for n in header[len(row) :] if n]
                problems.append(
                    Problem(
                        Loc(file, last, end),
                        f"row has {len(row):,} cell{'' if len(row) == 1 else 's'} but the header"
                        f" names {width:,} fields; no cell for {_names(missing)}"
                        " (end the row with commas to leave cells empty)",
                    )
                )
            item: dict[str, Any] = {}
            for name, raw, col in zip(header, row, cols, strict=False):  # a short row ends early
                value = raw.strip()
                if not value or not name:
                    continue  # an empty cell is an absent value
                item[name] = value
                loc = Loc(file, line_no, col)
                values[(index, name)] = loc
                keys[(index, name)] = loc
            rows.append(item)
            cells += len(item)
            if cells > MAX_VALUES:
                message = f"more than {MAX_VALUES:,} cells; split the items over several files"
                problems.append(Problem(Loc(file, line_no, 1), message))
                break
    except csv.Error as exc:
        problems.append(Problem(Loc(file, reader.line_num, 1), f"CSV syntax: {_short(str(exc))}"))
    if problems:
        raise ContentError(_capped(problems))
    columns = {name: Loc(file, 1, col) for name, col in seen.items()}
    return Located(rows, file, values, keys, columns=columns)


def load_csv(
    path: Path, root: Path | None = None, *, short_rows_are_errors: bool | None = None
) -> Located:
    """Read and parse one CSV content file; ``root`` only shortens the path shown."""
    shown = display_path(path, root)
    text = read_text(path, shown)
    return parse_csv(text, shown, short_rows_are_errors=short_rows_are_errors)


def load_any(
    path: Path, root: Path | None = None, *, short_rows_are_errors: bool | None = None
) -> Located:
    """``load_csv`` for a ``.csv`` file, ``load_yaml`` for anything else."""
    if path.suffix.lower() == ".csv":
        return load_csv(path, root, short_rows_are_errors=short_rows_are_errors)
    return load_yaml(path, root)
