"""The tables of a tagged PDF as a screen reader meets them: each ``Table`` element's rows,
each row's cells as (kind, table attributes), read with pikepdf."""

from __future__ import annotations

from pathlib import Path
from typing import Any

Cell = tuple[str, dict[str, Any]]


def tables_in(pdf_path: Path) -> list[list[list[Cell]]]:
    """Every ``Table`` in the structure tree, in order: its ``TR`` rows, each a list of
    (``/TH`` or ``/TD``, its ``/A`` attributes as plain values)."""
    import pikepdf

    found: list[list[list[Cell]]] = []
    with pikepdf.open(pdf_path) as pdf:

        def walk(node: object) -> None:
            if not (isinstance(node, pikepdf.Dictionary) and "/S" in node):
                return
            if node.S == "/Table":
                found.append([[_cell(c) for c in row.K] for row in node.K])
                return
            kids = node.get("/K")
            for kid in kids if isinstance(kids, pikepdf.Array) else [kids]:
                walk(kid)

        walk(pdf.Root.StructTreeRoot.K)
    return found


def _cell(cell: Any) -> Cell:
    attrs = cell.get("/A")
    plain = (
        {str(k): (str(v) if not isinstance(v, int) else int(v)) for k, v in attrs.items()}
        if attrs is not None
        else {}
    )
    return str(cell.S), plain
