"""Whether another file's drawing writes the same bytes here: the codes its characters have.

A file gives each character of a TrueType font a code in a subset of that font, in the order
it first meets them, and names each font (``F3``) in the order it first uses it. A drawing's
text operators name those subsets and hold those codes, so a drawing made in one file (the A4
cards) may be copied into another (the Letter cards) only when this file already gives every
character of it the same code in the same subset of a font with the same name (``Needs``):
drawing it afresh would then write the very same bytes, and change nothing the file keeps.

What a drawing encodes is heard as it is drawn (``listening``): every string ReportLab splits
into a font's subsets, and the text of every paragraph copied instead of drawn (``hear``).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

# each font drawn in: its name, its name in the file, and each character's code there
Needs = tuple[tuple[str, str, tuple[tuple[int, int | None], ...]], ...]
Heard = list[tuple[str | None, str]]  # (font, text); (None, "") for text that cannot be told

_HEARD = "_cutsheet_heard"
_FONT_SET = re.compile(r"/(\S+) \S+ Tf")


def needs(doc: Any, texts: Iterable[tuple[str | None, str]]) -> Needs | None:
    """What a file must hold to draw ``texts`` (font, characters) as ``doc`` does: each
    font's name there and each character's code; None when a text's font is not told or not
    a TrueType font this file has named."""
    parts: dict[str, list[str]] = {}
    for name, text in texts:
        if name is None:
            return None
        parts.setdefault(name, []).append(text)
    out = []
    for name, drawn in sorted(parts.items()):
        font = pdfmetrics.getFont(name)
        state = getattr(font, "state", {}).get(doc) if getattr(font, "_dynamicFont", 0) else None
        if state is None or state.internalName is None:
            return None
        given = state.assignments
        codes = sorted({32 if ch == "\xa0" else ord(ch) for ch in set("".join(drawn))})
        out.append((name, state.internalName, tuple((o, given.get(o)) for o in codes)))
    return tuple(out)


def agrees(doc: Any, wanted: Needs) -> bool:
    """Whether ``doc`` names each font and codes each character as ``wanted`` says."""
    for name, internal, codes in wanted:
        state = pdfmetrics.getFont(name).state.get(doc)
        if state is None or state.internalName != internal:
            return False
        given = state.assignments
        if any(given.get(o) != code for o, code in codes):
            return False
    return True


def names_only(ops: Iterable[str], wanted: Needs) -> bool:
    """Whether every font the operators set is a subset of a font in ``wanted`` (a drawing
    that set another, a built-in font named by the file, cannot be copied elsewhere)."""
    internal = {name for _font, name, _codes in wanted}
    for found in _FONT_SET.findall("\n".join(ops)):
        head, plus, subset = found.rpartition("+")
        if not plus or head not in internal or not subset.isdigit():
            return False
    return True


_split = TTFont.splitString


class _Codes:
    """The codes a file's font gave out so far, that fall in its first subset, as a table
    ``str.translate`` reads (and the characters it holds), brought up to date as the font
    gives out more (its ``assignments`` keep the order they were given in)."""

    __slots__ = ("chars", "table", "seen")

    def __init__(self) -> None:
        self.chars: set[str] = set()
        self.table: dict[int, str] = {}
        self.seen = 0  # how many of the font's assignments are in the table

    def update(self, assignments: dict[int, int]) -> None:
        if len(assignments) == self.seen:
            return
        for code, n in itertools.islice(assignments.items(), self.seen, None):
            if n < 256:
                self.chars.add(chr(code))
                self.table[code] = chr(n)
                if code == 32:  # a no-break space is written as a space (splitString)
                    self.chars.add("\xa0")
                    self.table[0xA0] = chr(n)
        self.seen = len(assignments)


def _splitting(font: TTFont, text: Any, doc: Any, *args: Any, **kwargs: Any) -> Any:
    """ReportLab's ``TTFont.splitString``, heard by a listener of ``doc`` (see ``listening``).
    A text whose every character the file's font has already given a code in its first
    subset (nearly every text after a file's first few) is one chunk of that subset: its
    codes are read with ``str.translate`` from the font's codes for the file, not character
    by character in Python (a character keeps its code for as long as the file is written).
    Any other text (a new character, one in a later subset, one the font lacks, bytes) is
    split by ReportLab. Put in place once, for good: a class changed and put back around each
    drawing heard would make Python forget what it learned about the class's attributes
    every time."""
    heard = doc.__dict__.get(_HEARD)
    if heard is not None:
        heard.append((font.fontName, text if isinstance(text, str) else text.decode()))
    state = font.state.get(doc) if type(text) is str and not args and not kwargs else None
    if state is None or not text:
        return _split(font, text, doc, *args, **kwargs)
    codes = state.__dict__.get("_cutsheet_codes")
    if codes is None:
        codes = state.__dict__["_cutsheet_codes"] = _Codes()
    codes.update(state.assignments)
    if codes.chars.issuperset(text):
        return [(0, text.translate(codes.table).encode("latin-1"))]
    return _split(font, text, doc)


TTFont.splitString = _splitting  # type: ignore[method-assign]


@contextmanager
def listening(doc: Any) -> Iterator[Heard]:
    """Hear the text drawn into ``doc`` while the block runs: what TrueType fonts split into
    subsets, and the copied paragraphs ``hear`` adds."""
    heard: Heard = []
    doc.__dict__[_HEARD] = heard
    try:
        yield heard
    finally:
        doc.__dict__.pop(_HEARD, None)


def listener(doc: Any) -> Heard | None:
    """What is being heard of ``doc``, if anything is (``listening``)."""
    return doc.__dict__.get(_HEARD)  # type: ignore[no-any-return]


def hear(heard: Heard, texts: dict[str, set[str]] | None) -> None:
    """Add the text of a drawing copied instead of drawn, by font (None: it cannot be told)."""
    if texts is None:
        heard.append((None, ""))
    else:
        heard.extend((name, "".join(chars)) for name, chars in texts.items())
