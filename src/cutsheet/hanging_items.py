"""A list box's items set with a hanging indent: a wrapped line starts under its item's text,
not under its number or bullet.

A list box (``read_as: list``) is one paragraph, its items marked (``boxes.text.listed``):
each item's start (``cs_li``) and, where it begins with a number or a bullet, the end of
that label (``cs_lb``). An item's hang is its label and the space after it, in the label's
font: "1. " at 9 pt is about 3 mm; every labelled item of a box hangs by the widest such (a
digit is not as wide as another, and "10. " is wider than "9. "), so the wrapped lines of a
box make one column. A line is an item's first when it starts with the item's mark; any
other line of the item (wrapped, or after a ``<br/>`` inside a bold run) hangs.

ReportLab breaks a paragraph's lines to a list of widths, one a line (the last repeated),
and draws each line at an offset of its own (``Paragraph._offsets``): an item's first line
at the box's full width and its left edge, its other lines that much narrower and that much
in. Which lines are an item's first is known once the lines are broken: each item is broken
alone first (its lines depend on its own words and widths alone), the paragraph then broken
to the widths that gives, and broken again, at most ``MAX_BREAKINGS`` times, until a
breaking implies the widths it was given (the first does, but where ReportLab holds a last
number to its word). A paragraph with no label, set centred or to the right, whose lines
never settle, or where a hung line holds a word wider than its line (a word that fits the
box would be said too wide for it), is set without a hang.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from reportlab.lib.enums import TA_JUSTIFY, TA_LEFT
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph

ITEM, LABEL_END = "cs_li", "cs_lb"
"""The marks ``boxes.text`` writes at an item's start and after its label (a test keeps the
two modules alike: this one comes before ``boxes`` in the pipeline)."""
MAX_BREAKINGS = 6
"""Breakings of the paragraph tried before one whose lines never settle is set unhung."""


def _mark(frag: Any) -> str | None:
    return getattr(getattr(frag, "cbDefn", None), "name", None)


def items_of(frags: Sequence[Any]) -> list[list[Any]]:
    """A parsed paragraph's fragments item by item, each from its start mark to the next's;
    what comes before the first mark (nothing, in a list box) is left out. Empty for
    fragments already broken into words (a paragraph's own, after a breaking)."""
    if not frags or isinstance(frags[0], list):
        return []
    items: list[list[Any]] = []
    for frag in frags:
        if _mark(frag) == ITEM:
            items.append([])
        if items:
            items[-1].append(frag)
    return items


def item_hangs(items: Sequence[Sequence[Any]]) -> tuple[float, ...]:
    """Each item's hang (points): the widest label of the box and the space after it, 0.0
    for an item without a label. Empty when no item has one."""
    hangs = [_label_width(item) for item in items]
    widest = max(hangs, default=0.0)
    return tuple(widest if h else 0.0 for h in hangs) if widest else ()


def _label_width(item: Sequence[Any]) -> float:
    """An item's label, the room that pads it (``boxes.text.listed``: a part of a list a
    card's back goes on with keeps its column) and the blank after it, in their fonts; 0.0
    without a label."""
    if not any(_mark(f) == LABEL_END for f in item):
        return 0.0
    width, in_label = 0.0, True
    for frag in item:
        text = getattr(frag, "text", "") or ""
        defn = getattr(frag, "cbDefn", None)
        if _mark(frag) == LABEL_END:
            in_label = False
        elif in_label and text:
            width += stringWidth(text, frag.fontName, frag.fontSize)
        elif not in_label and getattr(defn, "kind", None) == "img":
            width += float(getattr(defn, "width", 0.0) or 0.0)
        elif not in_label and text:
            blank = text[: len(text) - len(text.lstrip(" "))]
            return width + stringWidth(blank, frag.fontName, frag.fontSize)
    return width


def hung(
    breaking: Callable[[list[float]], Any],
    width: Any,
    items: Sequence[Sequence[Any]],
    hangs: Sequence[float],
    style: Any,
) -> tuple[Any, list[float] | None]:
    """The lines ``breaking`` (the paragraph's own line breaking, given a width a line) makes
    of a paragraph whose ``items`` hang by ``hangs``, and each line's offset; the lines
    broken to ``width`` and None where it is set without a hang (the module's note)."""
    widths = list(width) if isinstance(width, (list, tuple)) else [width]
    full = widths[-1]
    unhung = style.alignment not in (TA_LEFT, TA_JUSTIFY) or any(w != full for w in widths)
    if not hangs or unhung or max(hangs) >= full / 2:  # (half the box: words in a sliver)
        return breaking(widths), None
    guess = _alone(items, hangs, full, style)
    for _ in range(MAX_BREAKINGS):
        lines = breaking([full - h for h in guess])
        rows = getattr(lines, "lines", None)
        if getattr(lines, "kind", 0) != 1 or not rows:
            break
        offsets = line_offsets(rows, hangs)
        if offsets == _padded(guess, len(offsets)):
            if any(o and _overruns(row) for row, o in zip(rows, offsets, strict=True)):
                break  # a word its hung line cannot hold: set as the box would set it
            return lines, offsets
        guess = offsets
    return breaking(widths), None


def _alone(
    items: Sequence[Sequence[Any]], hangs: Sequence[float], full: float, style: Any
) -> list[float]:
    """Each line's offset, each item broken alone (ReportLab's breaking: a last number held
    to its word is the paragraph's, and the paragraph's breaking says it)."""
    guess: list[float] = []
    for item, hang in zip(items, hangs, strict=True):
        lines = Paragraph("", style, frags=list(item)).breakLines([full, full - hang])
        count = len(getattr(lines, "lines", ()) or ()) or 1
        guess += [0.0] + [hang] * (count - 1)
    return guess or [0.0]


def line_offsets(rows: Sequence[Any], hangs: Sequence[float]) -> list[float]:
    """Each line's offset: none on a line an item starts (its mark first), its item's hang
    on the item's other lines, none before the first item."""
    out, item = [], -1
    for row in rows:
        words = getattr(row, "words", None) or []
        if words and _mark(words[0]) == ITEM:
            item += 1
            out.append(0.0)
        else:
            out.append(hangs[item] if 0 <= item < len(hangs) else 0.0)
    return out


def _overruns(row: Any) -> bool:
    """Whether a line runs past its width as ``measure`` says a word too wide does."""
    extra, words = float(getattr(row, "extraSpace", 0.0)), getattr(row, "wordCount", 1)
    return extra < 0 and (words <= 1 or extra < -2.0)


def _padded(guess: list[float], n: int) -> list[float]:
    """``guess`` as a breaking reads it for ``n`` lines: its last width repeated."""
    return (guess + [guess[-1]] * n)[:n]


__all__ = ["ITEM", "LABEL_END", "hung", "item_hangs", "items_of", "line_offsets"]
