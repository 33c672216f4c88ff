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
    text (a ``<br/>`` leaves an empty one after it), unless a drawn symbol comes after it."""
    words = line.words
    for at in range(len(words) - 1, -1, -1):
        word = words[at]
        if hasattr(word, "cbDefn"):
            return line
        text = getattr(word, "text", None)
        if not isinstance(text, str):
            return line
        if text:
            if text[-1:].isspace():
                return line
            return line.clone(words=[*words[:at], word.clone(text=text + " "), *words[at + 1 :]])
    return line


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
