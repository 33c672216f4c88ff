"""A font's subset made once for the same characters.

Each file embeds its fonts' subsets, and ReportLab makes each one again from the font file
(``TTFontFile.makeSubset``: the glyphs the file's characters need, their metrics and tables).
The files of a build ask for few distinct subsets: 122 subsets of a cold build were 14
distinct (a part's A4 and Letter files draw the same characters in the same order, and
so do a game's profiles), 0.05 s made again. ``makeSubset`` reads nothing but the font
file and the characters asked for, so the same font and characters give the same bytes:
they are kept, up to ``KEPT_BYTES``, with the font file they came from (so a font file
dropped and another made at its address is never taken for it)."""

from __future__ import annotations

from typing import Any

from reportlab.pdfbase.ttfonts import TTFontFile

KEPT_BYTES = 4 << 20  # subset bytes kept at most; then the oldest half goes

_made: dict[tuple[int, tuple[int, ...]], tuple[TTFontFile, bytes]] = {}
_kept = [0]
_make = TTFontFile.makeSubset


def make_subset(self: TTFontFile, subset: Any) -> bytes:
    """``TTFontFile.makeSubset``, remembered for the font file and the characters."""
    key = (id(self), tuple(subset))
    found = _made.get(key)
    if found is not None and found[0] is self:
        return found[1]
    data: bytes = _make(self, subset)
    if _kept[0] + len(data) > KEPT_BYTES:
        for old in list(_made)[: len(_made) // 2 + 1]:
            _kept[0] -= len(_made.pop(old)[1])
    _made[key] = (self, data)
    _kept[0] += len(data)
    return data


TTFontFile.makeSubset = make_subset  # type: ignore[method-assign]
