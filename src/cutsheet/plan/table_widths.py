"""How wide each column of a planned table is: at least its longest word at the profile's
sizes and its tick boxes (numbered when the widest table has room for that, else bare). The
columns without a width share what is left of the frame the table is set in, at most
``TABLE_WIDTH_MM`` (``flow.tables.column_widths_in``): a table in the rules fits the booklet's
half page when its columns' needs do."""

from __future__ import annotations

from collections.abc import Sequence

from ..flow.checkboxes import check_layout
from ..flow.tables import CELL_PAD, TABLE_WIDTH_MM
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


def column_widths(
    columns: Sequence[Column],
    cells: Sequence[Sequence[Cell | Para]],
    styles: DocStyles,
    box_mm: float,
) -> tuple[Widths, tuple[float, ...], str | None]:
    """Each column given a width at least as wide as its longest word at this profile's sizes
    (a table set for 10 pt grows at 18 pt) and its tick boxes, numbered if the widest table
    has room for that, else bare; what each column without a width needs at least; and the
    problem, when even the widest table cannot hold them."""
    for numbered in (True, False):
        need = [
            max(cell_width(row[j], styles, box_mm, numbered) for row in cells)
            for j in range(len(columns))
        ]
        widths: list[float | None] = []
        for col, minimum in zip(columns, need, strict=True):
            widths.append(max(col.width * MM, minimum) if col.width else None)
        fixed = sum(w for w in widths if w is not None)
        flexible = [n for w, n in zip(widths, need, strict=True) if w is None]
        if fixed + sum(flexible) <= TABLE_WIDTH_MM * MM + 0.01:
            break
    if fixed + sum(flexible) > TABLE_WIDTH_MM * MM + 0.01:
        return (
            tuple(widths),
            tuple(flexible),
            (
                f"the table needs {(fixed + sum(flexible)) / MM:.0f} mm at"
                f" {styles.body.fontSize:g} pt, more than the {TABLE_WIDTH_MM:g} mm page width"
            ),
        )
    return tuple(widths), tuple(flexible), None
