"""How wide each column of a planned table is: at least its longest word at the profile's
sizes and its tick boxes, numbered, or bare where a frame has no room for numbered ones. The
columns without a width share what is left of the frame the table is set in, at most
``TABLE_WIDTH_MM`` (``flow.tables.column_widths_in``): a table in the rules fits the booklet's
half page when its columns' needs do."""

from __future__ import annotations

from collections.abc import Sequence

from ..flow.checkboxes import check_layout
from ..flow.tables import CELL_PAD, TABLE_WIDTH_MM, least_width
from ..measure import MM, DocStyles, suffix_style, widest_word
from ..model import Column
from .model import Cell, Checks, Para, Suffixed

Widths = tuple[float | None, ...]  # points; None: the column shares the frame's room left


def cell_width(cell: Cell | Para, styles: DocStyles, box_mm: float, numbered: bool) -> float:
    """The width a cell needs, its padding included (tick boxes ``box_mm`` big)."""
    if isinstance(cell, Checks):
        return check_layout(cell.n, box_mm, styles.cell.fontSize, numbered).cell_width
    if isinstance(cell, Suffixed):
        return widest_word(cell.markup, suffix_style(styles)) + 2 * CELL_PAD
    if isinstance(cell, Para):
        return widest_word(cell.markup, getattr(styles, cell.style)) + 2 * CELL_PAD
    return (widest_word(cell, styles.cell) if cell else 0.0) + 2 * CELL_PAD


Planned = tuple[Widths, tuple[float, ...]]
"""A table's widths (points; None: the column shares the room) and the least each column
without a width needs."""


def column_widths(
    columns: Sequence[Column],
    cells: Sequence[Sequence[Cell | Para]],
    styles: DocStyles,
    box_mm: float,
    scaled: str = "",
) -> tuple[Planned, Planned | None, str | None]:
    """Each column given a width at least as wide as its longest word at this profile's sizes
    (a table set for 10 pt grows at 18 pt) and its tick boxes, and what each column without
    a width needs at least: with the tick boxes numbered, then (None when no column has any
    to number) bare, for a frame too narrow for numbered ones (the header numbers them);
    and the problem, when even the widest table cannot hold the bare ones (``scaled``: said
    after the size, " in the large-print profile" where the sizes are a profile's own)."""
    numbered = _planned(columns, cells, styles, box_mm, numbered=True)
    has_numbers = any(
        isinstance(row[j], Checks) and row[j].n > 1 for row in cells for j in range(len(columns))
    )
    bare = _planned(columns, cells, styles, box_mm, numbered=False) if has_numbers else None
    least = least_width(*(bare or numbered))
    if least > TABLE_WIDTH_MM * MM + 0.01:  # (bare boxes need no more than numbered ones)
        return (
            numbered,
            bare,
            (
                f"the table needs {least / MM:.0f} mm at {styles.body.fontSize:g} pt{scaled},"
                f" more than the {TABLE_WIDTH_MM:g} mm a table may take (fewer or narrower"
                " columns, or fewer tick boxes a cell"
                + ("; or a sheet of its own for this profile: 'profiles:'" if scaled else "")
                + ")"
            ),
        )
    return numbered, bare, None


def widened(columns: Sequence[Column], widths: Widths) -> list[tuple[int, float]]:
    """Each column given a ``width:`` that ``widths`` (a table's planned widths, its tick
    boxes numbered, as they are wherever they fit) set wider, by index, with the
    millimetres it is set at instead (its longest word's or its tick boxes')."""
    return [
        (j, w / MM)
        for j, (col, w) in enumerate(zip(columns, widths, strict=True))
        if col.width and w is not None and w > col.width * MM + 0.01
    ]


def _planned(
    columns: Sequence[Column],
    cells: Sequence[Sequence[Cell | Para]],
    styles: DocStyles,
    box_mm: float,
    numbered: bool,
) -> Planned:
    need = [
        max(cell_width(row[j], styles, box_mm, numbered) for row in cells)
        for j in range(len(columns))
    ]
    widths = tuple(
        max(col.width * MM, minimum) if col.width else None
        for col, minimum in zip(columns, need, strict=True)
    )
    return widths, tuple(n for w, n in zip(widths, need, strict=True) if w is None)
