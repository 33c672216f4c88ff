"""Tables of a flowing document: the table flowable, and the rules, fills and paddings of
each kind (a worked example's box, a track, a table with write-in rows, a write-in row)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Table, TableStyle

from ..measure import face_name
from .blocks import Checks, TableBlock, TrackBlock
from .checkboxes import CHECK_PAD_MM, CHECK_PAD_V_MM

CELL_PAD = 6.0  # pt: ReportLab's cell padding, left and right, where a style sets none
TABLE_WIDTH_MM = 180.0
"""The widest a table whose columns share the room is set: a full-page sheet's frame on A4
(210 mm less its 15 mm margins), on every paper. In a narrower frame (a rules page, a
booklet's half page, a project's small paper) such a table shares that frame's width."""
HEADER_FILL = colors.HexColor("#E6E6E6")  # light grey: black text on it keeps > 15:1 contrast
EXAMPLE_FILL = colors.HexColor("#F2F2F2")

Commands = list[tuple[Any, ...]]
_TABLES = itertools.count(1)


class RuledTable(Table):
    """A table whose plain-string cells use our font, so no unembedded Helvetica enters the
    file. ``headers`` says how it is read: "row" (a ledger: its first row heads the columns),
    "column" (a track: its first cell heads the row) or None (a box laid out as a table, a
    worked example or a write-in row: not a table to a reader). ``row_headers``: a ledger
    whose first column also heads each row (the turn, the proposal's number)."""

    headers: str | None = None
    row_headers = False
    splits_when_long = False  # a table to fill in: taller than a sheet's page, it splits

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), face_name("regular"))]))

    def read_as(self, headers: str, row_headers: bool = False) -> RuledTable:
        self.headers, self.row_headers = headers, row_headers
        return self

    def header_scope(self, row: int, col: int) -> str | None:
        """ "Column" for a cell that heads its column, "Row" for one that heads its row."""
        if self.headers == "row" and row == 0:
            return "Column"
        if self.headers == "column" and col == 0:
            return "Row"
        if self.headers == "row" and self.row_headers and col == 0:
            return "Row"
        return None

    table_key: str | None = None  # the parts of one table split over pages share it
    continued = False  # a part after the first: its header rows repeat the first part's

    def split(self, availWidth: float, availHeight: float) -> list[Any]:  # noqa: N803
        """ReportLab's split, its parts one table to a reader (``table_key``), the header
        rows of each part after the first a repetition (``continued``)."""
        parts: list[Any] = super().split(availWidth, availHeight)
        key = (self.table_key or f"table{next(_TABLES)}") if len(parts) > 1 else None
        for i, part in enumerate(parts):
            part.headers, part.row_headers = self.headers, self.row_headers
            part.splits_when_long = self.splits_when_long  # its rest may be as long again
            if key is not None:
                part.table_key = key
                part.continued = self.continued or i > 0
        return parts


def long_table(f: Flowable, canv: Any, width: float, page: float) -> bool:
    """Whether ``f`` is a table to fill in taller than a page ``page`` points high (set
    ``width`` wide): on a full-page sheet, which moves every other block whole, it goes on
    over the next page between two rows, its header repeated."""
    if not getattr(f, "splits_when_long", False):
        return False
    return bool(f.wrapOn(canv, width, page)[1] > page + 0.01)


def room_in_frame(frame_width: float) -> float:
    """The points a table's columns share in a frame ``frame_width`` points wide."""
    return min(frame_width, TABLE_WIDTH_MM * mm)


def share_room(room: float, needs: Sequence[float]) -> list[float]:
    """``room`` shared by columns without a width: equally, except that a column needing
    more than its equal share (its longest word, its tick boxes) gets what it needs and the
    others share what is left (an equal split once left such a column too narrow in a table
    that fitted). Where the needs are more than the room, each column has its need: the
    table is wider than its frame, which the plan reports."""
    wide: set[int] = set()
    while True:
        left = room - sum(needs[i] for i in wide)
        rest = [i for i in range(len(needs)) if i not in wide]
        share = max(left / len(rest), 0) if rest else 0.0
        more = {i for i in rest if needs[i] > share + 0.01}
        if not more:
            return [needs[i] if i in wide else share for i in range(len(needs))]
        wide |= more


def column_widths_in(b: TableBlock, room: float) -> list[float | None]:
    """Each column's width in points where the table's columns share ``room``: with its
    tick boxes numbered where they fit the room, else bare (``TableBlock.bare``); a column
    given a width keeps it, the others share what is left by need (``share_room``). A table
    planned without needs leaves its columns without a width to ReportLab."""
    given, needs = b.widths, b.needs
    if b.bare is not None and least_width(given, needs) > room + 0.01:
        given, needs = b.bare
    if not needs:
        return list(given)
    fixed = sum(w for w in given if w is not None)
    shares = iter(share_room(room - fixed, needs))
    widths = [w if w is not None else next(shares) for w in given]
    return [w if w else None for w in widths]


def least_width(widths: Sequence[float | None], needs: Sequence[float]) -> float:
    """The least width of a table: its columns' given widths and the others' needs."""
    return sum(w for w in widths if w is not None) + sum(needs)


def example_style() -> TableStyle:
    """A worked example: one shaded, boxed cell."""
    return TableStyle(
        [
            ("BACKGROUND", (0, 0), (-1, -1), EXAMPLE_FILL),
            ("BOX", (0, 0), (-1, -1), 0.8, colors.black),
            ("LEFTPADDING", (0, 0), (-1, -1), 3 * mm),
            ("RIGHTPADDING", (0, 0), (-1, -1), 3 * mm),
            ("TOPPADDING", (0, 0), (-1, -1), 2 * mm),
        ]
    )


def track_per_row(count: int, need: float, room: float | None, label: float) -> int:
    """How many of a track's ``count`` numbers one row holds in a frame ``room`` points wide
    (None: not known, one row) beside its ``label`` column, each cell at least ``need``
    points: all of them where they fit, else rows of ten (twenty, thirty… on a wide page)
    under one another, as a score track runs on a board; where ten do not fit, as few rows
    as hold them, as even as can be (12 where 8 fit: two rows of 6). At least one."""
    if room is None or count * need <= room - label + 0.01:
        return count
    fits = max(int((room - label + 0.01) // need), 1)
    if fits >= 10:
        return fits - fits % 10
    rows = -(-count // fits)
    return -(-count // rows)


def track_style(b: TrackBlock, per_row: int | None = None) -> TableStyle:
    """A track: its label (from the margin, as a write-in's), then a ruled cell per number,
    ``per_row`` numbers a row (the label beside all the rows, the unruled rest of a short
    last row one empty cell); the marked number boxed and shaded."""
    per = per_row or len(b.values)
    if per >= len(b.values):
        cmds: Commands = [("GRID", (1, 0), (-1, -1), 0.8, colors.black)]
    else:  # only the cells that hold a number: the last row may be short
        rows = -(-len(b.values) // per)
        cmds = [("SPAN", (0, 0), (0, rows - 1))]
        for r in range(rows):
            last = min(per, len(b.values) - r * per)
            cmds.append(("GRID", (1, r), (last, r), 0.8, colors.black))
        if last < per:
            cmds.append(("SPAN", (last + 1, rows - 1), (per, rows - 1)))
    cmds.append(("VALIGN", (0, 0), (-1, -1), "MIDDLE"))
    cmds.append(("LEFTPADDING", (0, 0), (0, -1), 0))  # the label from the margin, as text is
    if b.mark is not None and b.values and b.values[0] <= b.mark <= b.values[-1]:
        row, col = divmod(b.mark - b.values[0], per)
        cmds.append(("BOX", (1 + col, row), (1 + col, row), 2.2, colors.black))
        cmds.append(("BACKGROUND", (1 + col, row), (1 + col, row), HEADER_FILL))
    return TableStyle(cmds)


def table_style(b: TableBlock) -> TableStyle:
    """A ruled table with a shaded header; cells of tick boxes keep a small padding, so the
    boxes fit."""
    cmds: Commands = [
        ("GRID", (0, 0), (-1, -1), 0.8, colors.black),
        ("BACKGROUND", (0, 0), (-1, 0), HEADER_FILL),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (0, 1), (-1, -1), "CENTER"),
    ]
    for r, row in enumerate(b.rows, 1):
        for j, c in enumerate(row):
            if isinstance(c, Checks):
                for side, pad in (("LEFT", CHECK_PAD_MM), ("RIGHT", CHECK_PAD_MM)):
                    cmds.append((f"{side}PADDING", (j, r), (j, r), pad * mm))
                for side in ("TOP", "BOTTOM"):
                    cmds.append((f"{side}PADDING", (j, r), (j, r), CHECK_PAD_V_MM * mm))
    return TableStyle(cmds)


def write_in_style() -> TableStyle:
    """A write-in row: label (from the margin, as the text above it), boxed space, suffix."""
    return TableStyle(
        [
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (0, 0), 0),
            ("BOX", (1, 0), (1, 0), 0.8, colors.black),
        ]
    )
