"""A paragraph whose lines end with a space when it is drawn, so that its words read apart.

ReportLab writes each line's words and moves to the next line: nothing in the text says
that the last word of one line and the first of the next are two words. A screen reader, a
search or a copy that follows the structure tree reads the marked content as written and
gets "keepthe" for "keep" at one line's end and "the" at the next's start. Tagged PDF wants
each word break to be a space character (ISO 32000-1, 14.8.2.5), so every line but the last
is drawn with a space after its last word: after the last glyph, it changes no ink and no
position, and the lines ReportLab measured (and the plan fitted) are unchanged. A word that
carries a line of its own (underlined, struck, a link, a background) gets its space as a
fragment of its own without it, so that line still ends with the word's last glyph.

No space is drawn where it would say something false: inside a span whose ActualText reads
for what it holds (a notation too wide for its line, which ReportLab splits, ``5R>`` over
``G``: the space would be read as the notation; one that fits is never split,
``notation_glue``), after a word a soft hyphen broke (``extra-`` over ``ordinary``), or
after a list item's end (its marked sequence closed: the space would be untagged; it goes
before the end, in the item).

A line's space is added to a copy of the lines for the drawing alone: the lines are shared
(a paragraph's wraps serve both papers and the fit check) and a split reads them.
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Paragraph

from . import held_numbers, notation_glue
from .hanging_items import hung, item_hangs, items_of

notation_glue.install()  # a run of cube notation is one word to the line breaking

SPAN_ENDS = {"cs_end": None, "cs_art": ")"}
"""The callbacks that close a symbol's span (``render.symbols``): a notation's, a spacer's
(its label ``)``)."""
SYMBOL_ENDS = {**SPAN_ENDS, "cs_icon": None}
"""The callbacks after which a line has drawn a symbol whole: a span closed, an icon drawn
(its silent span opened and closed within)."""
SYMBOL_STARTS = {"cs_text": None, "cs_art": "("}
"""The callbacks that open a symbol's span (a notation's, a spacer's)."""
ITEM_ENDS = {"cs_le": None}
"""A list item's end (``boxes.text``), which closes its marked sequence: a line's space goes
before it, in the item (after it, it would be untagged; with none, a list box set as a
card's heading would run its items together)."""
SOFT_HYPHENS = ("\xad", "&shy;", "&#173;", "&#xad;", "&#xAD;")
"""How a soft hyphen is written in a paragraph's markup."""


def spaced(lines: Any, soft_hyphens: bool = False, continues: bool = False) -> Any:
    """``lines`` (a paragraph's ``blPara``) with a space after the last word of every line
    but the last (see the module's text); ``lines`` itself when it has one line.
    ``soft_hyphens``: the paragraph's text holds one, so a line that ends with a hyphen was
    broken there. ``continues``: these are a part of a paragraph a page break cut, which
    goes on on the next page (one element to a reader): its last line ends with a space
    too."""
    rows = lines.lines
    last = len(rows) - (0 if continues else 1)
    if last < 1:
        return lines
    if lines.kind == 0:
        out = []
        for i, (extra, words) in enumerate(rows):
            if i < last and words and _spaceable(words[-1], soft_hyphens):
                words = [*words[:-1], words[-1] + " "]
            out.append((extra, words))
        return lines.clone(lines=out)
    out, depth = [], 0
    for i, line in enumerate(rows):
        after = _depths(line.words, depth)
        if i < last:
            line = _line_spaced(line, after, soft_hyphens)
        depth = after[-1] if after else depth
        out.append(line)
    return lines.clone(lines=out)


def _spaceable(text: str, soft_hyphens: bool) -> bool:
    """Whether a line may end with a space after ``text``: it holds text, has no space
    already, and is not the first half of a word a soft hyphen broke."""
    if not text or text[-1:].isspace():
        return False
    broken = text.endswith("-") and (soft_hyphens or type(text).__name__ == "_SHYStr")
    return not broken


def _depths(words: list[Any], depth: int) -> list[int]:
    """How many symbol spans are open after each of ``words``, ``depth`` before them."""
    out = []
    for word in words:
        callback = getattr(word, "cbDefn", None)
        if callback is not None:
            if _is(callback, SYMBOL_STARTS):
                depth += 1
            elif _is(callback, SPAN_ENDS):
                depth = max(depth - 1, 0)
        out.append(depth)
    return out


def _line_spaced(line: Any, depths: list[int], soft_hyphens: bool) -> Any:
    """A line of fragments with a space after its last word (``depths``: the spans open
    after each word): the last fragment that holds text (a
    ``<br/>`` leaves an empty one after it); after a drawn symbol that ends the line, a
    space of its own after it. A span a break left opened at the line's end (its text on the
    next line) is passed over, and so is a list item's end: the space goes before them. Left
    as it is where the line ends inside a span, after a soft hyphen, or after any other
    callback."""
    words = line.words
    for at in range(len(words) - 1, -1, -1):
        word = words[at]
        callback = getattr(word, "cbDefn", None)
        if callback is not None and (_is(callback, SYMBOL_STARTS) or _is(callback, ITEM_ENDS)):
            continue  # the space goes before: outside the span, inside the list item
        if depths[at] > 0:
            return line  # inside a span: its ActualText would read the space as its own
        if callback is not None:
            return _space_after(line, at) if _is(callback, SYMBOL_ENDS) else line
        text = getattr(word, "text", None)
        if not isinstance(text, str):
            return line
        if text:
            if not _spaceable(text, soft_hyphens):
                return line
            if _draws_lines(word):
                return _space_after(line, at)
            return line.clone(words=[*words[:at], word.clone(text=text + " "), *words[at + 1 :]])
    return line


def _draws_lines(word: Any) -> bool:
    """Whether a fragment draws a line or a fill along its text (underline, strike, link,
    background), which a space in its own text would lengthen."""
    return any(getattr(word, name, None) for name in ("us_lines", "link", "backColor"))


def _is(callback: Any, names: dict[str, str | None]) -> bool:
    """Whether ``callback`` is one of ``names`` (with that label, where one is given)."""
    name = getattr(callback, "name", None)
    if getattr(callback, "kind", None) != "onDraw" or name not in names:
        return False
    label = names[name]
    return label is None or getattr(callback, "label", None) == label


def _space_after(line: Any, at: int) -> Any:
    """``line`` with a space drawn right after its ``at``-th word: in the empty fragment
    that follows it, else in a fragment of its own, set in the font of the last text up to
    it and drawing no line or fill; ``line`` itself when no text gives it a font."""
    words = line.words
    after = words[at + 1] if at + 1 < len(words) else None
    if after is not None and not hasattr(after, "cbDefn") and getattr(after, "text", None) == "":
        if not _draws_lines(after):
            return line.clone(words=[*words[: at + 1], after.clone(text=" "), *words[at + 2 :]])
    font = next(
        (
            w
            for w in reversed(words[: at + 1])
            if not hasattr(w, "cbDefn") and getattr(w, "text", "")
        ),
        None,
    )
    if font is None:
        return line
    space = font.clone(text=" ", us_lines=[], link=[], backColor=None)
    return line.clone(words=[*words[: at + 1], space, *words[at + 1 :]])


class SpacedParagraph(Paragraph):
    """ReportLab's paragraph, drawn with a space at each line's end (``spaced``); measured,
    wrapped and split exactly as ReportLab's. A part of a split paragraph that the next
    part goes on from (``continues``, set by whoever splits it) ends with a space too."""

    continues = False
    unheld: Any = None  # the fragments a breaking that held a number started from
    hangs: tuple[float, ...] | None = None  # a list box's items' hangs (``hanging_items``)
    items: list[list[Any]] | None = None  # and its items' parsed fragments

    def breakLines(self, width: Any) -> Any:  # noqa: N802 (ReportLab's name)
        """The lines, a list box's items set with a hanging indent (``hanging_items``: each
        line's width and its offset, ``_offsets``, which ReportLab draws it at)."""
        if self.hangs is None:  # read from the parsed fragments, before any breaking
            self.items = items_of(self.unheld if self.unheld is not None else self.frags)
            self.hangs = item_hangs(self.items)
        if not self.hangs:
            return self._held_breaking(width)
        items = self.items or []
        lines, offsets = hung(self._held_breaking, width, items, self.hangs, self.style)
        if offsets is None:
            self.__dict__.pop("_offsets", None)
        else:
            self._offsets = offsets
        return lines

    def _held_breaking(self, width: Any) -> Any:
        """ReportLab's lines, broken again with a paragraph's last number held to the word
        before it where ReportLab left that number alone on the last line and the pair fits
        (``held_numbers``). A paragraph broken before with its number held is broken again
        from the fragments it had then: at another width the pair may not fit."""
        if self.unheld is not None:
            self.frags, self.unheld = self.unheld, None
        frags = self.frags
        lines = super().breakLines(width)
        if not held_numbers.alone(lines):
            return lines
        holding = held_numbers.held(frags)
        if holding is None:
            return lines
        after, self.frags = self.frags, holding
        broken = self._hyphenations, self._splitLongWordCount
        again = super().breakLines(width)
        if (self._hyphenations, self._splitLongWordCount) != broken or not held_numbers.fits(
            again, lines
        ):
            self.frags = after  # the words of the first breaking, which its lines index
            self._hyphenations, self._splitLongWordCount = broken  # (the pair broke a word)
            return lines
        if self.frags is holding:  # one fragment: its lines hold the words; its text is kept
            self.frags = frags
        else:  # ReportLab's words of the held breaking, which a split cuts by its lines
            self.unheld = frags
        return again

    def minWidth(self) -> float:  # noqa: N802 (ReportLab's name)
        """The widest word, as written: a held pair is one word only at the width that held
        it (a card row sizes its cards by its labels' widest words)."""
        if self.unheld is None:
            return float(super().minWidth())
        held, self.frags = self.frags, self.unheld
        try:
            return float(super().minWidth())
        finally:
            self.frags = held

    def getPlainText(self, identify: Any = None) -> str:  # noqa: N802 (ReportLab's name)
        """The text as a reader gets it: a held number's no-break space is the space the
        text has (``breakLines``; any other no-break space is the text's own)."""
        text: str = super().getPlainText(identify)
        if held_numbers.NBSP in text and held_numbers.holds(self.frags):
            head, _nbsp, tail = text.rpartition(held_numbers.NBSP)
            return f"{head} {tail}"
        return text

    def drawPara(self, debug: int = 0) -> None:  # noqa: N802 (ReportLab's name)
        lines = self.blPara
        markup = getattr(self, "text", None)  # None: a part of a split paragraph
        soft = markup is None or any(s in markup for s in SOFT_HYPHENS)
        drawn = spaced(lines, soft, self.continues)
        if markup is None or notation_glue.OPENS in markup or notation_glue.CLOSES in markup:
            drawn = notation_glue.runs_closed(drawn)
        if drawn is lines:
            super().drawPara(debug)
            return
        self.blPara = drawn
        try:
            super().drawPara(debug)
        finally:
            self.blPara = lines
