"""The space after a word that holds a soft hyphen, kept where the next run of text changes
font (or colour, or size).

ReportLab splits a paragraph's fragments into words, each marked as followed by a space
or not. A word with a soft hyphen in it that ends its fragment's text, before the space
that text ends with, is marked as followed by none (ReportLab 4.4 and 5.1,
``_getFragWords``: ``_SHYWord`` where every other such word is ``_SHYWordHS``), so
``ea&shy;ch <b>score</b>`` prints "eachscore": a space of the text lost in the ink.
Here such a word is marked as followed by its space, as ReportLab marks the same word
anywhere else in a fragment, unless the next run starts with a space of its own (which
ReportLab then keeps as a word: marking both would print two). Nothing else is touched:
a paragraph without a soft hyphen breaks and prints as before."""

from __future__ import annotations

from typing import Any

from reportlab.platypus import paragraph


def spaces_kept(words: list[Any]) -> list[Any]:
    """``words`` (ReportLab's fragment words) with each soft-hyphen word that ends its
    fragment's text before a space marked as followed by that space."""
    for i, word in enumerate(words):
        if type(word) is not paragraph._SHYWord or len(word) < 2:
            continue
        frag = word[-1][0]
        text = getattr(frag, "text", None)
        if not isinstance(text, str) or not text[-1:].isspace():
            continue
        after = words[i + 1] if i + 1 < len(words) else None
        if after is not None and len(after) > 1 and after[1][0] is frag:
            continue  # not its text's last word
        if after is not None and isinstance(after, paragraph._HSFrag) and not _text(after):
            continue  # the next run starts with a space, which ReportLab kept as a word
        words[i] = paragraph._SHYWordHS(word)
    return words


def _text(word: Any) -> str:
    return "".join(str(entry[1]) for entry in word[1:])
