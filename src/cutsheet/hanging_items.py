"""A list box's items set with a hanging indent: a wrapped line starts under its item's text,
not under its number or bullet.

A list box (``read_as: list``) is one paragraph, its items the runs between ``<br/>``, each
marked (``boxes.text.listed``): its start (``cs_li``) and, where it begins with a number or a
bullet, the end of that label (``cs_lb``). An item's hang is its own label and the space after
it, in the label's font: "1. " at 9 pt is about 3 mm; every labelled item of a box hangs by
the widest such (a digit is not as wide as another, and "10. " is wider than "9. "), so the
wrapped lines of a box make one column. ReportLab breaks a paragraph's lines to
a list of widths, one a line (the last repeated), and draws each line at an offset of its own
(``Paragraph._offsets``): the first line of an item is set at the box's full width and at its
left edge, every further line of it that much narrower and that much in. Which lines are an
item's first is known only once the lines are broken, so they are broken again with the
widths the last breaking implies until a breaking implies its own widths (two or three
times; each item is then broken as it would be alone). A paragraph with no label, or set
centred or to the right, is broken as ReportLab breaks it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from reportlab.lib.enums import TA_JUSTIFY, TA_LEFT
from reportlab.pdfbase.pdfmetrics import stringWidth

ITEM, LABEL_END = "cs_li", "cs_lb"
"""The marks ``boxes.text`` writes at an item's start and after its label (a test keeps the
two modules alike: this one comes before ``boxes`` in the pipeline)."""
MAX_BREAKINGS = 12
"""Breakings tried before a paragraph whose lines never settle is set without a hang."""


def item_hangs(frags: Sequence[Any]) -> tuple[float, ...]:
    """The hang (points) of each run between line breaks of a parsed paragraph's fragments:
    the widest label and the space after it, 0.0 for a run without a label. Empty when no
    run has one (or the fragments are already broken into words: a paragraph's own)."""
    if not frags or isinstance(frags[0], list):
        return ()
    hangs: list[float] = []
    width, state = 0.0, "before"  # before the label, in it, after it (its space to add)
    for frag in frags:
        if getattr(frag, "lineBreak", False):
            hangs.append(width if state == "done" else 0.0)
            width, state = 0.0, "before"
            continue
        name = getattr(getattr(frag, "cbDefn", None), "name", None)
        text = getattr(frag, "text", "") or ""
        if name == ITEM:
            width, state = 0.0, "label"
        elif name == LABEL_END and state == "label":
            state = "space"
        elif state == "label" and text:
            width += stringWidth(text, frag.fontName, frag.fontSize)
        elif state == "space" and text:
            blank = text[: len(text) - len(text.lstrip(" "))]
            width += stringWidth(blank, frag.fontName, frag.fontSize)
            state = "done"
    hangs.append(width if state == "done" else 0.0)
    widest = max(hangs)
    return tuple(widest if h else 0.0 for h in hangs) if widest else ()


def hung(
    breaking: Callable[[list[float]], Any], width: Any, hangs: Sequence[float], alignment: int
) -> tuple[Any, list[float] | None]:
    """The lines ``breaking`` (a paragraph's own line breaking, given a width a line) makes
    of a paragraph whose items hang by ``hangs``, and each line's offset; the lines broken
    to ``width`` and None where no item hangs (or the lines never settle)."""
    widths = list(width) if isinstance(width, (list, tuple)) else [width]
    full = widths[-1]
    if not hangs or alignment not in (TA_LEFT, TA_JUSTIFY) or any(w != full for w in widths):
        return breaking(widths), None
    if max(hangs) >= full / 2:  # a label half the box wide: its words would hang in a sliver
        return breaking(widths), None
    guess = [0.0, hangs[0]]  # the first line at the left edge, the rest of its item hung
    for _ in range(MAX_BREAKINGS):
        lines = breaking([full - h for h in guess])
        rows = getattr(lines, "lines", None)
        if getattr(lines, "kind", 0) != 1 or not rows:
            break
        offsets = _offsets(rows, hangs)
        if offsets == _padded(guess, len(offsets)):
            return lines, offsets
        guess = offsets
    return breaking(widths), None


def _offsets(rows: Sequence[Any], hangs: Sequence[float]) -> list[float]:
    """Each line's offset: none on an item's first line, its item's hang on the others."""
    out, run, first = [], 0, True
    for row in rows:
        out.append(0.0 if first else (hangs[run] if run < len(hangs) else 0.0))
        first = bool(getattr(row, "lineBreak", False))
        run += first
    return out


def _padded(guess: list[float], n: int) -> list[float]:
    """``guess`` as a breaking reads it for ``n`` lines: its last width repeated."""
    return (guess + [guess[-1]] * n)[:n]


__all__ = ["ITEM", "LABEL_END", "hung", "item_hangs"]
