"""How wide each column of a planned table is: at least its longest word at the profile's
sizes and its tick boxes (numbered when the page is wide enough for that, else bare), the
columns without a width sharing what is left of the narrowest page."""

from __future__ import annotations

from collections.abc import Sequence

from ..flow.checkboxes import check_layout
from ..flow.tables import CELL_PAD
from ..measure import MM, DocStyles, suffix_style, widest_word
from ..model import Column
from .model import Cell, Checks, Para, Suffixed

TABLE_WIDTH_MM = 180.0  # the narrowest frame: A4 with 15 mm margins

Widths = tuple[float | None, ...]  # points; None: the table shares out the room left


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
) -> tuple[Widths, str | None]:
    """Each column at least as wide as its longest word at this profile's sizes (a table
    set for 10 pt grows at 18 pt) and its tick boxes, numbered if the page is wide enough
    for that, else bare; and the problem, when the table then overflows the page."""
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
        return tuple(widths), (
            f"the table needs {(fixed + sum(flexible)) / MM:.0f} mm at"
            f" {styles.body.fontSize:g} pt, more than the {TABLE_WIDTH_MM:g} mm page width"
        )
    if flexible:
        shares = _shared(TABLE_WIDTH_MM * MM - fixed, flexible)
        given = iter(shares)
        widths = [w if w is not None else next(given) for w in widths]
        widths = [w if w else None for w in widths]
    return tuple(widths), None


def _shared(room: float, needs: Sequence[float]) -> list[float]:
    """``room`` shared by columns without a width: equally, except that a column needing
    more than its equal share (its longest word, its tick boxes) gets what it needs and the
    others share what is left (an equal split once left such a column too narrow in a table
    that fitted)."""
    wide: set[int] = set()
    while True:
        left = room - sum(needs[i] for i in wide)
        rest = [i for i in range(len(needs)) if i not in wide]
        share = max(left / len(rest), 0) if rest else 0.0
        more = {i for i in rest if needs[i] > share + 0.01}
        if not more:
            return [needs[i] if i in wide else share for i in range(len(needs))]
        wide |= more
