"""Read YAML and CSV content while keeping the location of every value.

Safe loading only. Duplicate keys, non-string keys and YAML syntax errors become located
problems. The result is plain data plus a map from each value's path to its location, so
later stages (pydantic validation, checks) can point back at ``file:line:col``.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .diagnostics import ContentError, Loc, Problem, display_path

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


def _mark_loc(file: str, mark: yaml.Mark | None) -> Loc:
    if mark is None:
        return Loc(file, 1, 1)
    return Loc(file, mark.line + 1, mark.column + 1)


class _Builder:
    def __init__(self, file: str, loader: yaml.SafeLoader) -> None:
        self.file = file
        self.loader = loader
        self.values: dict[PathKey, Loc] = {}
        self.keys: dict[PathKey, Loc] = {}
        self.problems: list[Problem] = []

    def build(self, node: yaml.Node, path: PathKey) -> Any:
        self.values[path] = _mark_loc(self.file, node.start_mark)
        plain = {
            yaml.MappingNode: "tag:yaml.org,2002:map",
            yaml.SequenceNode: "tag:yaml.org,2002:seq",
        }
        expected = plain.get(type(node))
        if expected and node.tag != expected:
            self.problems.append(Problem(self.values[path], f"unsupported YAML tag '{node.tag}'"))
            return None
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]
        return self.loader.construct_object(node, deep=True)

    def _mapping(self, node: yaml.MappingNode, path: PathKey) -> dict[str, Any]:
        """A mapping; ``<<: *anchor`` merges another mapping's keys (explicit keys win and
        keep their own locations; merged keys point at the anchored text)."""
        out: dict[str, Any] = {}
        own = self.values[path]
        for key_node, value_node in node.value:
            if key_node.tag != "tag:yaml.org,2002:merge":
                continue
            sources = (
                value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
            )
            for src in sources:
                if not isinstance(src, yaml.MappingNode):
                    loc = _mark_loc(self.file, src.start_mark)
                    self.problems.append(
                        Problem(loc, "'<<' merges a mapping (an anchor like *deck)")
                    )
                    continue
                for key, value in self._mapping(src, path).items():
                    out.setdefault(key, value)
        self.values[path] = own
        explicit: set[str] = set()
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            kloc = _mark_loc(self.file, key_node.start_mark)
            if not isinstance(key_node, yaml.ScalarNode):
                self.problems.append(Problem(kloc, "a mapping key must be a plain word"))
                continue
            # Keys are words: take their text as written, so `yes:` or `no:` stay words
            # instead of YAML 1.1 booleans.
            key = str(key_node.value)
            if key in explicit:
                first = self.keys[path + (key,)]
                self.problems.append(
                    Problem(kloc, f"duplicate key '{key}' (first defined at line {first.line})")
                )
                continue
            explicit.add(key)
            self.keys[path + (key,)] = kloc
            out[key] = self.build(value_node, path + (key,))
        return out


def parse_yaml(text: str, file: str) -> Located:
    """Parse YAML text into located data; raises ContentError with located problems."""
    try:
        loader = yaml.SafeLoader(text)
    except yaml.YAMLError as exc:  # the reader refuses control characters up front
        raise ContentError([Problem(Loc(file, 1, 1), f"YAML: {exc}")]) from None
    try:
        node = loader.get_single_node()
        if node is None:
            return Located({}, file, {(): Loc(file, 1, 1)})
        builder = _Builder(file, loader)
        data = builder.build(node, ())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        msg = exc.problem or exc.context or "invalid YAML"
        raise ContentError([Problem(_mark_loc(file, mark), f"YAML syntax: {msg}")]) from None
    except yaml.YAMLError as exc:  # errors without a mark (rare)
        raise ContentError([Problem(Loc(file, 1, 1), f"YAML: {exc}")]) from None
    finally:
        loader.dispose()
    if builder.problems:
        raise ContentError(builder.problems)
    return Located(data, file, builder.values, builder.keys)


def read_text(path: Path, shown_as: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError([Problem(Loc(shown_as), "file not found")]) from None
    except UnicodeDecodeError as exc:
        raise ContentError([Problem(Loc(shown_as), f"not UTF-8 text (byte {exc.start})")]) from None


def load_yaml(path: Path, root: Path | None = None) -> Located:
    shown = display_path(path, root)
    return parse_yaml(read_text(path, shown), shown)


def _cell_columns(line: str) -> list[int]:
    """1-based start column of every cell of one physical CSV line (RFC 4180 quoting)."""
    starts = [1]
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "," and not quoted:
            starts.append(i + 2)
    return starts


def _csv_value(raw: str) -> str | None:
    """Cells are text (pydantic turns "3" into 3 where a field is a number); empty is absent."""
    s = raw.strip()
    return s or None


def parse_csv(text: str, file: str) -> Located:
    """One item a row; the header row names the fields. Empty cells are absent fields.

    Locations use the line an editor shows (the header is line 1) and the column where the
    cell starts, so ``cards.csv:7:18`` points at the cell.
    """
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
        raise ContentError([Problem(Loc(file, 1, 1), f"CSV syntax: {exc}")]) from None
    header = [h.strip() for h in header]
    hcols = _cell_columns(lines[0]) if lines else [1]
    values: dict[PathKey, Loc] = {(): Loc(file, 1, 1)}
    keys: dict[PathKey, Loc] = {}
    seen: dict[str, int] = {}
    for i, name in enumerate(header):
        col = hcols[i] if i < len(hcols) else 1
        if not name:
            problems.append(Problem(Loc(file, 1, col), "empty column name in header"))
        elif name in seen:
            problems.append(
                Problem(Loc(file, 1, col), f"duplicate column '{name}' (also column {seen[name]})")
            )
        else:
            seen[name] = col
    rows: list[dict[str, Any]] = []
    start_line = reader.line_num + 1
    try:
        for row in reader:
            line_no = start_line
            start_line = reader.line_num + 1
            if not any(cell.strip() for cell in row):
                continue
            index = len(rows)
            physical = lines[line_no - 1] if line_no - 1 < len(lines) else ""
            cols = _cell_columns(physical)
            values[(index,)] = Loc(file, line_no, 1)
            if len(row) > len(header):
                col = cols[len(header)] if len(header) < len(cols) else 1
                problems.append(
                    Problem(
                        Loc(file, line_no, col),
                        f"row has {len(row)} cells but the header names {len(header)} fields",
                    )
                )
            item: dict[str, Any] = {}
            for j, name in enumerate(header):
                if j >= len(row) or not name:
                    continue
                value = _csv_value(row[j])
                if value is None:
                    continue
                item[name] = value
                loc = Loc(file, line_no, cols[j] if j < len(cols) else 1)
                values[(index, name)] = loc
                keys[(index, name)] = loc
            rows.append(item)
    except csv.Error as exc:
        problems.append(Problem(Loc(file, reader.line_num, 1), f"CSV syntax: {exc}"))
    if problems:
        raise ContentError(problems)
    return Located(rows, file, values, keys)


def load_csv(path: Path, root: Path | None = None) -> Located:
    shown = display_path(path, root)
    return parse_csv(read_text(path, shown), shown)


def load_any(path: Path, root: Path | None = None) -> Located:
    if path.suffix.lower() == ".csv":
        return load_csv(path, root)
    return load_yaml(path, root)
