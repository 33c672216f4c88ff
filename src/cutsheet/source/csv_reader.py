"""CSV text to located data: one item a row, the header row naming the fields.

Locations use the line an editor shows (the header is line 1) and the column where the cell
starts, so ``cards.csv:7:18`` points at the cell. A file has at most ``MAX_CSV_ROWS`` rows,
``MAX_CSV_COLUMNS`` columns and ``MAX_VALUES`` cells.
"""

from __future__ import annotations

import csv
import io
import itertools
import re
from collections.abc import Iterator
from typing import Any

from ..diagnostics import ContentError, Loc, Problem, excerpt
from .csv_hints import PLAIN_HINT, wide_row_hint
from .limits import (
    MAX_CSV_COLUMNS,
    MAX_CSV_ROWS,
    MAX_FILE_BYTES,
    MAX_PROBLEMS,
    MAX_VALUES,
    capped,
    short,
    too_big,
)
from .located import Located, Packed, PathKey, Spots, pack_bucket, spot
from .yaml_build import MARKER, marker_message, nfc

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
        raise too_big(len(text.encode("utf-8", "replace")), file)
    text = text.removeprefix("\ufeff")
    # Only CR/LF end a CSV line (str.splitlines would also split on form feeds and such).
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    _control_characters(text, file)
    if '"' in text:
        _unclosed_quote(text, file)
    if len(text) > csv.field_size_limit():
        _huge_cell(text, file)
    reader = csv.reader(io.StringIO(text))
    header = _read_header(reader, lines[0], file)
    problems, columns = _header_problems(header, lines[0], file)
    table = _Table(file, lines, header, short_rows_are_errors, problems)
    table.read(reader)
    table.header_too_long(columns)
    table.header_too_short()
    if '"' in text:  # (a stray quote that swallowed rows is said where it opened)
        problems += _closed_too_soon(text, file, {p.loc.line for p in problems})
    if problems:
        raise ContentError(capped(problems))
    # a cell's key is where its value is: one dict serves as both (``Located``)
    return Located(table.rows, file, *table.places(), columns=columns)


_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ue000-\ue005\ufffe\uffff]")
"""Characters no cell may hold: controls (a tab and a line end aside), surrogates and the
two non-characters; the same ones YAML refuses, and the C1 controls as well; and the
characters cutsheet marks symbols with (``yaml_build.MARKER``)."""


def _control_characters(text: str, file: str) -> None:
    """A control character prints nothing and is invisible in most editors: an error at
    each one, naming it by its code point (it is never shown raw)."""
    problems = []
    for match in _CONTROL.finditer(text):
        at = match.start()
        loc = Loc(file, text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at))
        if MARKER.match(match.group()):
            message = f"CSV: {marker_message(match.group())}"
        else:
            message = (
                f"CSV: character U+{ord(match.group()):04X} is not allowed in a cell; remove it"
                " (a control character prints nothing; it often comes in with pasted text)"
            )
        problems.append(Problem(loc, message))
        if len(problems) > MAX_PROBLEMS:
            break
    if problems:
        raise ContentError(capped(problems))


_QUOTING = re.compile(r'[",\n]')


def _quoting(text: str) -> Iterator[tuple[int, str, bool]]:
    """Each quote, comma and line break of CSV ``text`` with whether a quoted cell is open
    after it (RFC 4180: a quote opens a cell only as its first character, and "" inside a
    quoted cell is one quote, whose second half is not given)."""
    quoted, start, skip = False, 0, -1
    for match in _QUOTING.finditer(text):
        i, c = match.start(), match.group()
        if i == skip:
            continue
        if c == '"':
            if not quoted:
                quoted = i == start
            elif text.startswith('"', i + 1):
                skip = i + 1
            else:
                quoted = False
        elif not quoted:
            start = i + 1
        yield i, c, quoted


def _huge_cell(text: str, file: str) -> None:
    """A cell longer than the csv module reads (``csv.field_size_limit()``, 131,072
    characters) is an error at the cell, not the parser's own words at the row's line."""
    limit, start = csv.field_size_limit(), 0
    for i, c, quoted in itertools.chain(_quoting(text), [(len(text), ",", False)]):
        if quoted or c == '"':
            continue
        size = i - start - (2 if text.startswith('"', start) else 0)  # its quotes aside
        if size > limit:
            loc = Loc(file, text.count("\n", 0, start) + 1, start - text.rfind("\n", 0, start))
            message = (
                f"CSV: this cell holds {size:,} characters, over the {limit:,} a cell may"
                " hold; no card prints that much text"
            )
            raise ContentError([Problem(loc, message)])
        start = i + 1


def _unclosed_quote(text: str, file: str) -> None:
    """A quote that opens a cell and is never closed would take the rest of the file into
    that cell: an error at the quote, where the mistake is (not at the end of the file)."""
    quoted, opened = False, 0
    for i, _c, now in _quoting(text):
        if now and not quoted:
            opened = i
        quoted = now
    if quoted:
        loc = Loc(file, text.count("\n", 0, opened) + 1, opened - text.rfind("\n", 0, opened))
        message = (
            "this quote opens a cell that is never closed: end the cell with a quote (a quote"
            ' inside a quoted cell is written twice, "")'
        )
        raise ContentError([Problem(loc, message)])


def _closed_too_soon(text: str, file: str, said: set[int]) -> list[Problem]:
    """A quote that ends a quoted cell with more of the cell after it (``"when you "dock"
    at"``: a quote meant to print) would be read away, and the text after it run on in the
    cell: an error at that quote, for every such quote; but not for a cell that opened on a
    line with a problem ``said`` already (a stray quote that swallowed rows: said where it
    opened, ``_Table._runs_on``)."""
    problems, quoted, opened = [], False, 0
    for i, c, now in _quoting(text):
        if now and not quoted:
            opened = i
        closes, quoted = c == '"' and quoted and not now, now
        if not closes or text[i + 1 : i + 2] in ("", ",", "\n"):
            continue
        if text.count("\n", 0, opened) + 1 in said:
            continue
        line_start, line_end = text.rfind("\n", 0, i) + 1, text.find("\n", i)
        after = text[i + 1 : line_end if line_end >= 0 else len(text)]
        problems.append(
            Problem(
                Loc(file, text.count("\n", 0, i) + 1, i - line_start + 1),
                f"this quote ends its quoted cell, but {excerpt(after, 20)} follows it: a quote"
                ' inside a quoted cell is written twice ("")',
            )
        )
        if len(problems) > MAX_PROBLEMS:
            break
    return problems


def _swallows_rows(cell: str, width: int) -> bool:
    """Whether a cell that spans lines holds a line as long as a row (``width`` cells)."""
    return any(line.count(",") >= max(width - 1, 1) for line in cell.split("\n")[1:])


ROW_PREFIX = 3
"""Characters a line inside a cell shares with its row's first cell, at the start of its own
first cell, to read as a row of the same kind (``CR-N0012`` after ``CR-N0011``)."""


def _holds_a_row(cell: str, first: str, width: int) -> bool:
    """Whether a cell that spans lines holds a line that reads as a whole row of its own: as
    many commas as a row, and a first cell without spaces that begins as this row's first
    cell does (an id of the same kind), not the same one. Such a row was swallowed by a
    quote left open even when the merged row happens to have the header's width (a later
    quote closed the cell), which no count of cells would show. A line whose first comma is
    followed by a space is prose (a list of ids in a rule), never a row."""
    first = first.strip()
    if len(first) < ROW_PREFIX or " " in first:
        return False
    for line in cell.split("\n")[1:]:
        if line.count(",") < max(width - 1, 1):
            continue
        head, _comma, rest = line.partition(",")
        if rest[:1].isspace():  # "SD-MOON, SD-STAR, or…": a list in prose, not a row's cells
            continue
        head = head.strip('"')
        if head != first and " " not in head and head[:ROW_PREFIX] == first[:ROW_PREFIX]:
            return True
    return False


def _cell_columns(line: str, most: int) -> list[int]:
    """1-based start column of the first ``most`` cells of one physical CSV line (RFC 4180
    quoting)."""
    if '"' not in line:
        cells = line.split(",", most - 1)
        return list(itertools.accumulate((len(c) + 1 for c in cells[:-1]), initial=1))
    starts = [1]
    for i, c, quoted in _quoting(line):  # a quote inside a cell is the csv module's text too
        if c == "," and not quoted:
            if len(starts) >= most:
                break
            starts.append(i + 2)
    return starts


def _row_spots(lines: list[str], first: int, most: int) -> list[tuple[int, int]]:
    """(line, column) where each of the first ``most`` cells of one row starts: the row is
    ``lines``, the first of them line ``first`` of the file (a quoted cell may span lines,
    and the cells after it start on its last line)."""
    if len(lines) == 1:
        return [(first, col) for col in _cell_columns(lines[0], most)]
    text = "\n".join(lines)
    spots = [(first, 1)]
    line, line_start = first, 0
    for i, c, quoted in _quoting(text):
        if c == "\n":
            line, line_start = line + 1, i + 1
        elif c == "," and not quoted:
            if len(spots) >= most:
                break
            spots.append((line, i + 2 - line_start))
    return spots


def _read_header(reader: Any, first_line: str, file: str) -> list[str]:
    """The header row's names, stripped; an empty file, a header over ``MAX_CSV_COLUMNS``
    or a file separated by something else than commas is an error."""
    try:
        header: list[str] = next(reader)
    except StopIteration:
        raise ContentError([Problem(Loc(file, 1, 1), "CSV file is empty")]) from None
    except csv.Error as exc:
        raise ContentError([Problem(Loc(file, 1, 1), f"CSV syntax: {short(str(exc))}")]) from None
    if len(header) > MAX_CSV_COLUMNS:
        col = _cell_columns(first_line, MAX_CSV_COLUMNS + 1)[-1]
        raise ContentError(
            [
                Problem(
                    Loc(file, 1, col),
                    f"the header names {len(header):,} columns, over the {MAX_CSV_COLUMNS:,} limit",
                )
            ]
        )
    if not any(h.strip() for h in header):  # a blank first line: every row would be too wide
        message = "the header (line 1) is empty: it names the columns, e.g. id,name"
        raise ContentError([Problem(Loc(file, 1, 1), message)])
    separator = _separator_problem(header, file)
    if separator is not None:
        raise ContentError([separator])
    return [h.strip() for h in header]


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


def _header_problems(
    header: list[str], first_line: str, file: str
) -> tuple[list[Problem], dict[str, Loc]]:
    """Empty and duplicate column names, and where each good column's name is."""
    hcols = _cell_columns(first_line, len(header))
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    for i, name in enumerate(header):
        col = hcols[i] if i < len(hcols) else 1
        if not name:
            problems.append(Problem(Loc(file, 1, col), "empty column name in header"))
        elif name in seen:
            problems.append(
                Problem(
                    Loc(file, 1, col),
                    f"duplicate column {excerpt(name)} (first at {Loc(file, 1, seen[name])})",
                )
            )
        else:
            seen[name] = col
    return problems, {name: Loc(file, 1, col) for name, col in seen.items()}


def _names(names: list[str], most: int = 3) -> str:
    shown = ", ".join(excerpt(n) for n in names[:most])
    return shown if len(names) <= most else f"{shown} and {len(names) - most:,} more"


def _quoted_at(lines: list[str], spot: tuple[int, int]) -> bool:
    """Whether the cell that starts at ``spot`` (line, column: 1-based) starts with a quote."""
    line, col = spot
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    return text[col - 1 : col] == '"'


class _Table:
    """The rows under a header, read into items with the location of every cell; the
    problems found are added to ``problems``."""

    def __init__(
        self,
        file: str,
        lines: list[str],
        header: list[str],
        short_rows_are_errors: bool,
        problems: list[Problem],
    ) -> None:
        self.file, self.lines, self.header = file, lines, header
        self.width = len(header)
        self.short_rows_are_errors = short_rows_are_errors
        self.problems = problems
        self.rows: list[dict[str, Any]] = []
        self.values: dict[PathKey, int] = {(): spot(1, 1)}  # each a ``spot`` of the file
        self.rows_at: dict[PathKey, bytes] = {}  # each row's places (``Packed``)
        self.cells = 0
        self.widths: set[int] = set()  # how many cells each row has
        self.short: list[Problem] = []  # the rows with too few cells
        self.wide: list[Problem] = []  # the rows with too many
        self.plain_wide = True  # every one of them with nothing in it to blame but the header

    def places(self) -> tuple[Spots, Spots]:
        """Where the file and each row and cell are: a cell's key is where its value is, so
        one map serves as both (``Located``)."""
        return Packed((self.values,), self.rows_at).views()

    def read(self, reader: Any) -> None:
        """Every row left in ``reader``; blank rows are skipped."""
        start_line = reader.line_num + 1
        try:
            for row in reader:
                line_no = start_line
                start_line = reader.line_num + 1
                if not "".join(row).strip():
                    continue  # a blank row
                if not self._add(row, line_no, reader.line_num):
                    break
        except csv.Error as exc:
            where = Loc(self.file, reader.line_num, 1)
            self.problems.append(Problem(where, f"CSV syntax: {short(str(exc))}"))

    def header_too_long(self, columns: dict[str, Loc]) -> None:
        """Every row (two or more) one cell or more short of the header by the same names:
        the header names a column the rows never had (or the rows lack the commas after
        their last cell). Said once, at the first such name, not once for every row."""
        if len(self.short) < 2 or len(self.short) != len(self.rows) or len(self.widths) != 1:
            return
        have = next(iter(self.widths))
        missing = [n for n in self.header[have:] if n]
        if not missing or missing[0] not in columns:
            return
        first = _cell_columns(self.lines[0], len(self.header))  # said at the column itself,
        at = Loc(self.file, 1, first[have]) if have < len(first) else columns[missing[0]]
        them = "it" if len(missing) == 1 else "them"
        message = (
            f"no row has a cell for {_names(missing)}: the header names {self.width:,}"
            f" fields and every row has {have:,}; remove {them} from the header (or end each row"
            f" with {self.width - have:,} more comma{'' if self.width - have == 1 else 's'})"
        )
        self._said_once(self.short, Problem(at, message))  # not a column named alike before it

    def header_too_short(self) -> None:
        """Every row (two or more) wider than the header by the same number of cells: the
        header lacks the names of the last columns (or every row ends with a cell too many).
        Said once, at the header's end, not once for every row with advice about commas
        inside cells that none of them has."""
        if len(self.wide) < 2 or len(self.wide) != len(self.rows) or len(self.widths) != 1:
            return
        if not self.plain_wide:  # a comma in a cell's words, commas at the ends: said a row
            return
        have = next(iter(self.widths))
        more = have - self.width
        them, cells = ("it", "a cell") if more == 1 else ("them", f"{more:,} cells")
        message = (
            f"every row has {have:,} cells but the header names {self.width:,} fields: name"
            f" the last {'column' if more == 1 else f'{more:,} columns'} here (or, if every"
            f" row ends with {cells} too many, remove {them})"
        )
        self._said_once(self.wide, Problem(Loc(self.file, 1, len(self.lines[0]) + 1), message))

    def _said_once(self, rows: list[Problem], problem: Problem) -> None:
        """``problem`` in place of the problems ``rows`` of every row, said by it once."""
        gone = {id(p) for p in rows}
        self.problems[:] = [p for p in self.problems if id(p) not in gone]
        self.problems.append(problem)

    def _add(self, row: list[str], line_no: int, last_line: int) -> bool:
        """Add one row that starts on ``line_no`` and ends on ``last_line``; False once a
        bound is reached (reading stops)."""
        index = len(self.rows)
        if index >= MAX_CSV_ROWS:
            message = f"more than {MAX_CSV_ROWS:,} rows; split the items over several files"
            self.problems.append(Problem(Loc(self.file, line_no, 1), message))
            return False
        physical = self.lines[line_no - 1 : max(last_line, line_no)] or [""]
        spots = _row_spots(physical, line_no, self.width + 1)
        if len(spots) < len(row):  # not expected: a cell not found is placed at the row
            spots += [(line_no, 1)] * (len(row) - len(spots))
        self._check_width(row, line_no, spots, last_line)
        item, places = self._item(row, spots)
        places[()] = spot(line_no, 1)
        pack_bucket(self.rows_at, (index,), (places,))
        self.rows.append(item)
        self.cells += len(item)
        if self.cells > MAX_VALUES:
            message = f"more than {MAX_VALUES:,} cells; split the items over several files"
            self.problems.append(Problem(Loc(self.file, line_no, 1), message))
            return False
        return True

    def _check_width(
        self, row: list[str], line_no: int, spots: list[tuple[int, int]], last: int
    ) -> None:
        """A row with more cells than the header names, or fewer if that is an error; in a
        row that runs over several lines, at the quote that opened the cell that did so."""
        width = self.width
        self.widths.add(len(row))
        wrong = len(row) > width or len(row) < width and self.short_rows_are_errors
        swallowed = self._runs_on(row, line_no, last, wrong) if last > line_no else None
        if swallowed is not None:
            self.problems.append(swallowed)
            return
        if len(row) > width:
            text = self.lines[line_no - 1] if line_no - 1 < len(self.lines) else ""
            quoted = [_quoted_at(self.lines, spot) for spot in spots[: len(row)]]
            hint, cell = wide_row_hint(row[width:], row, text, quoted)
            self.plain_wide &= hint == PLAIN_HINT  # no row says more than the header would
            self.wide.append(
                Problem(
                    Loc(self.file, *spots[width if cell is None else cell]),
                    f"row has {len(row):,} cells but the header names {width:,} fields" + hint,
                )
            )
            self.problems.append(self.wide[-1])
        elif len(row) < width and self.short_rows_are_errors:
            # a quoted cell may span lines: the row ends on its last line
            end = len(self.lines[last - 1]) + 1 if last - 1 < len(self.lines) else 1
            missing = [n for n in self.header[len(row) :] if n]
            self.short.append(
                Problem(
                    Loc(self.file, last, end),
                    f"row has {len(row):,} cell{'' if len(row) == 1 else 's'} but the header"
                    f" names {width:,} fields; no cell for {_names(missing)} (end the row with"
                    " commas to leave its last cells empty; a cell left out in the middle moves"
                    " every cell after it one column left: an empty cell there is two commas)",
                )
            )
            self.problems.append(self.short[-1])

    def _runs_on(self, row: list[str], line_no: int, last: int, wrong: bool) -> Problem | None:
        """A row that spans lines ``line_no`` to ``last`` because a quote opened a cell that
        swallowed whole rows (a stray quote, the usual mistake), named where the quote is, not
        where the merged row happens to end; None for a cell that only holds a line break or
        two. A row of the wrong width (``wrong``) swallowed one when a line in the cell holds
        as many commas as a row; one of the header's width, when such a line also begins with
        an id of the row's kind (``_holds_a_row``)."""
        if wrong:
            found = any(c.count("\n") and _swallows_rows(c, self.width) for c in row)
        else:
            first = row[0] if row else ""
            found = any(c.count("\n") and _holds_a_row(c, first, self.width) for c in row)
        if not found:
            return None
        text = "\n".join(self.lines[line_no - 1 : last])
        opened, was = 0, False
        for i, c, quoted in _quoting(text):
            if quoted and not was:
                opened = i
            if c == "\n" and quoted:
                break
            was = quoted
        line = line_no + text.count("\n", 0, opened)
        col = opened - text.rfind("\n", 0, opened)
        read = (
            f"one row of {len(row):,} cells (the header names {self.width:,})"
            if wrong
            else "one row, rows of their own inside one cell"
        )
        return Problem(
            Loc(self.file, line, col),
            f"this quote opens a cell that runs on to line {last}, so lines {line_no} to {last}"
            f' read as {read}; a quote inside a cell is written twice (""), or the whole cell'
            " is quoted",
        )

    def _item(
        self, row: list[str], spots: list[tuple[int, int]]
    ) -> tuple[dict[str, Any], dict[PathKey, int]]:
        """The row's non-empty cells by field name, and where each cell is, an empty one
        too (by ``(name,)``): an empty cell is an absent value, and a field that must have one
        is then missing at its cell, not at the row's start."""
        item: dict[str, Any] = {}
        places: dict[PathKey, int] = {}
        for name, raw, at in zip(self.header, row, spots, strict=False):  # a short row ends early
            if not name:
                continue
            places[(name,)] = spot(*at)
            value = raw.strip()
            if value:  # an empty cell is an absent value
                item[name] = nfc(value)
            if ";" in value:
                places.update(self._list_parts(name, raw, at))
        return item, places

    def _list_parts(self, name: str, raw: str, at: tuple[int, int]) -> dict[PathKey, int]:
        """Where each item of a cell read as a list (``wind; rain``: ``itemmodel`` splits on
        ';', leaving out blank items) is written, by ``(name, index)``, so that a mistake in
        one item is said at it: only for a cell written on one line as it reads (unquoted: a
        quote or a doubled one inside would move every item after it)."""
        line, col = at
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        if "\n" in raw or text[col - 1 : col - 1 + len(raw)] != raw:
            return {}
        places: dict[PathKey, int] = {}
        pos = 0
        for part in raw.split(";"):
            if part.strip():
                lead = len(part) - len(part.lstrip())
                places[(name, len(places))] = spot(line, col + pos + lead)
            pos += len(part) + 1
        return places
