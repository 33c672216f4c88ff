"""What most likely made a CSV row wider than its header, said as advice after the error
(``csv_reader``): a comma inside a cell's words, commas left at its end, a space before a
quoted cell's quote, a quote inside an unquoted cell."""

from __future__ import annotations

import re

from ..diagnostics import excerpt

PLAIN_HINT = '; a cell that holds a comma is written in double quotes: "Gain 2, then pass"'
"""The hint for a wide row when nothing in it says more (no cell's words, quote or end)."""

_SPACED_QUOTE = re.compile(r'(^|,)[ \t]+"')


def wide_row_hint(
    extra: list[str], row: list[str], text: str, quoted: list[bool]
) -> tuple[str, int | None]:
    """What most likely made a row wider than its header (``extra``: its cells past it), and
    the cell to mend when it is not the first of ``extra``: a comma inside a cell's words
    (the words after it start a cell with a space; one cell too many), commas left at its
    end, a space before a quoted cell's quote (the quote is then text,
    and the comma inside the cell ends it), a quote inside an unquoted cell, or a comma in a
    cell that is not quoted."""
    plain = not any('"' in cell for cell in row)  # (a quote in a cell says more, below)
    split = _split_words(row, quoted) if len(extra) == 1 and plain else None
    if split is not None:  # (an empty cell at its end is the field it leaves empty, or not)
        trailing = "" if any(c.strip() for c in extra) else _OR_TRAILING
        return (
            f"; the comma before {excerpt(row[split].strip())} may be inside a cell's words:"
            ' a cell that holds a comma is written in double quotes: "Gain 2, then pass"'
            " (the items of a list field are parted with ';': wind; rain)" + trailing,
            split - 1,
        )
    if not any(cell.strip() for cell in extra):
        return "; it ends with more commas than its fields need: remove the last", None
    if _SPACED_QUOTE.search(text):
        return (
            "; a quoted cell starts with its quote, right after the comma (a space before the"
            ' quote makes it text): ,"Sun, Moon"',
            None,
        )
    if any('"' in cell for cell in row):
        return (
            "; a cell that holds a comma or a quote is written in double quotes, each quote"
            ' inside it doubled: "Gain 2, then say ""pass"""',
            None,
        )
    return PLAIN_HINT, None


_OR_TRAILING = " (or, if it only ends with a comma too many, remove the last)"


def _split_words(row: list[str], quoted: list[bool]) -> int | None:
    """The cell of ``row`` that holds the words after a comma inside the cell before it, when
    nothing else can be read so: the only cell of the row that starts with a space (a file
    written ``a, b, c`` starts many), not quoted nor after a quoted cell (``quoted``: each
    cell's), and then a letter, after a cell with words of its own (a number is a field
    of its own). A stray space is read so too: the message says "may"."""
    spaced = [i for i, cell in enumerate(row) if cell[:1] in " \t" and cell.strip()]
    if len(spaced) != 1 or spaced[0] < 2:  # (the row's first cell, its id, holds no comma)
        return None
    i = spaced[0]
    words = row[i].lstrip()[:1].isalpha() and not quoted[i] and not quoted[i - 1]
    return i if words and any(c.isalpha() for c in row[i - 1]) else None
