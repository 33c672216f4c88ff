"""A paragraph whose lines end with a space when it is drawn, so that its words read apart.

ReportLab writes each line's words and moves to the next line: nothing in the text says
that the last word of one line and the first of the next are two words. A screen reader, a
search or a copy that follows the structure tree reads the marked content as written and
gets "keepthe" for "keep" at one line's end and "the" at the next's start. Tagged PDF wants
each word break to be a space character (ISO 32000-1, 14.8.2.5), so every line but the last
is drawn with a space after its last word: after the last glyph, it changes no ink and no
position, and the lines ReportLab measured (and the plan fitted) are unchanged.

A line's space is added to a copy of the lines for the drawing alone: the lines are shared
(a paragraph's wraps serve both papers and the fit check) and a split reads them.
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Paragraph


def spaced(lines: Any) -> Any:
    """``lines`` (a paragraph's ``blPara``) with a space after the last word of every line
    but the last, where the line does not already end with one and ends with a word (a line
    that ends with a drawn symbol is left as it is); ``lines`` itself when none needs one."""
    rows = lines.lines
    last = len(rows) - 1
    if last < 1:
        return lines
    if lines.kind == 0:
        out = []
        for i, (extra, words) in enumerate(rows):
            if i < last and words and not words[-1][-1:].isspace():
                words = [*words[:-1], words[-1] + " "]
            out.append((extra, words))
        return lines.clone(lines=out)
    out = []
    for i, line in enumerate(rows):
        if i < last:
            line = _line_spaced(line)
        out.append(line)
    return lines.clone(lines=out)


def _line_spaced(line: Any) -> Any:
    """A line of fragments with a space after its last word: the last fragment that holds
    text (a ``<br/>`` leaves an empty one after it); after a drawn symbol that ends the line
    (a notation's span, an icon), a space of its own after it, still inside the paragraph.
    A span that a line break left opened at the line's end (its text on the next line) is
    passed over: the space goes before it, never inside it (a span's ActualText would read
    for it). A line that ends with any other callback (a list item's end, which closes its
    marked sequence) is left as it is: a space after it would be content outside every
    marked sequence."""
    words = line.words
    for at in range(len(words) - 1, -1, -1):
        word = words[at]
        callback = getattr(word, "cbDefn", None)
        if callback is not None:
            if _is(callback, SYMBOL_STARTS):
                continue
            return _space_after(line, at) if _is(callback, SYMBOL_ENDS) else line
        text = getattr(word, "text", None)
        if not isinstance(text, str):
            return line
        if text:
            if text[-1:].isspace():
                return line
            return line.clone(words=[*words[:at], word.clone(text=text + " "), *words[at + 1 :]])
    return line


SYMBOL_ENDS = {"cs_end": None, "cs_icon": None, "cs_art": ")"}
"""The callbacks after which a line has drawn a symbol whole (``render.symbols``): a
notation's span closed, an icon drawn, a spacer's span closed (its label ``)``)."""
SYMBOL_STARTS = {"cs_text": None, "cs_art": "("}
"""The callbacks that open a symbol's span (a notation's, a spacer's)."""


def _is(callback: Any, names: dict[str, str | None]) -> bool:
    """Whether ``callback`` is one of ``names`` (with that label, where one is given)."""
    name = getattr(callback, "name", None)
    if getattr(callback, "kind", None) != "onDraw" or name not in names:
        return False
    label = names[name]
    return label is None or getattr(callback, "label", None) == label


def _space_after(line: Any, at: int) -> Any:
    """``line`` with a space drawn right after its ``at``-th word (a callback): in the
    empty fragment that follows it, else in a fragment of its own, set in the font of the
    last text before it; ``line`` itself when no text gives it a font."""
    words = line.words
    after = words[at + 1] if at + 1 < len(words) else None
    if after is not None and not hasattr(after, "cbDefn") and getattr(after, "text", None) == "":
        return line.clone(words=[*words[: at + 1], after.clone(text=" "), *words[at + 2 :]])
    font = next(
        (w for w in reversed(words[:at]) if not hasattr(w, "cbDefn") and getattr(w, "text", "")),
        None,
    )
    if font is None:
        return line
    return line.clone(words=[*words[: at + 1], font.clone(text=" "), *words[at + 1 :]])


class SpacedParagraph(Paragraph):
    """ReportLab's paragraph, drawn with a space at each line's end (``spaced``); measured,
    wrapped and split exactly as ReportLab's."""

    def drawPara(self, debug: int = 0) -> None:  # noqa: N802 (ReportLab's name)
        lines = self.blPara
        drawn = spaced(lines)
        if drawn is lines:
            super().drawPara(debug)
            return
        self.blPara = drawn
        try:
            super().drawPara(debug)
        finally:
            self.blPara = lines
