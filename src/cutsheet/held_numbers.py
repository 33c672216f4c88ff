"""A number that ends a paragraph is never left alone on its last line.

"… the card is worth" over a lone "3." reads as the start of a numbered list, or as a page
number; a designer holds the two together by hand with a no-break space. Here, when a
paragraph broken into lines leaves its last line to a number alone (``NUMBER``: "3", "3.",
"(R 1, G 3, B 5)." ends with "5)."), the space before that number becomes a no-break space
and the paragraph is broken again, so that the word before it goes down with it. The
join is given up when it does not fit: when the line it makes would run past the width
at all (the pair is wider than a line, "Reinforcements 3." in a narrow box), or when the
pair, too wide, would be broken inside its word (at a soft hyphen: "Rein-" over
"forcements 3." is no better than a lone number). ReportLab draws a no-break space with
the font's own space. The number must be the last fragment's text, after a space
in it: held to the word before it in that text, or to what the fragment before ends with
(a word in another font, a symbol, an inline image); a number after a ``<br/>`` is left
as it was broken. The plan measures and the renderer draws the same lines
(``SpacedParagraph.breakLines``), so what was checked is what prints.
"""

from __future__ import annotations

import re
from typing import Any

NUMBER = re.compile(r"[(\[]?[+\-\u2212]?\d{1,3}[.,;:!?)\]]*")
"""A short number as a paragraph may end with it: "3", "3.", "+2,", "(5)", "20)."."""

_HELD = re.compile(r"(?P<head>(?:.*\S)?) (?P<number>" + NUMBER.pattern + r")(?P<tail>\s*)", re.S)
NBSP = "\xa0"


def alone(lines: Any) -> bool:
    """Whether a paragraph's lines (ReportLab's ``blPara``) leave its last line to a
    number alone, after a line of its own."""
    rows = getattr(lines, "lines", None) or []
    if len(rows) < 2:
        return False
    last = rows[-1]
    if isinstance(last, tuple):  # one fragment: (extra space, words)
        words = [w for w in last[1] if str(w).strip()]
        return len(words) == 1 and NUMBER.fullmatch(str(words[0])) is not None
    text = ""
    for word in getattr(last, "words", None) or []:
        if hasattr(word, "cbDefn"):
            return False  # a symbol, an image, a list item's mark: not text alone
        text += str(getattr(word, "text", ""))
    return NUMBER.fullmatch(text.strip()) is not None


def held(frags: Any) -> list[Any] | None:
    """``frags`` with the space before a paragraph's last number made a no-break space
    (the number and the word before it in the last fragment's text); None when they are
    not. (ReportLab draws a no-break space with the font's space glyph, in every font.)"""
    if not frags or isinstance(frags[0], list):  # broken into words already (a split part)
        return None
    last = frags[-1]
    text = getattr(last, "text", None)
    if not isinstance(text, str) or hasattr(last, "cbDefn") or getattr(last, "lineBreak", 0):
        return None
    found = _HELD.fullmatch(text)
    if found is None:
        return None
    if not found["head"] and not _ends_a_word(frags[-2] if len(frags) > 1 else None):
        return None
    joined = f"{found['head']}{NBSP}{found['number']}{found['tail']}"
    return [*frags[:-1], last.clone(text=joined, cs_held=True)]


def holds(frags: Any) -> bool:
    """Whether ``frags`` (fragments, or ReportLab's words of them) hold a number held by
    ``held``: the last no-break space of their text is that one."""
    for frag in frags or ():
        entries = frag[1:] if isinstance(frag, list) else [(frag, None)]
        if any(getattr(entry[0], "cs_held", False) for entry in entries):
            return True
    return False


def _ends_a_word(frag: Any) -> bool:
    """Whether the fragment before a last fragment that starts with the space before its
    number ends a word the number can be held to: text that does not end with a space, or
    a symbol or an inline image (never a ``<br/>``)."""
    if frag is None or getattr(frag, "lineBreak", 0):
        return False
    if hasattr(frag, "cbDefn"):
        return True
    text = getattr(frag, "text", None)
    return isinstance(text, str) and bool(text) and not text[-1].isspace()


def overrun(lines: Any) -> float:
    """How far (points) the widest line of ``lines`` runs past its width."""
    rows = getattr(lines, "lines", None) or []
    return max([0.0, *(-_extra(line) for line in rows)])  # lines with room run over by nothing


def fits(again: Any, lines: Any) -> bool:
    """Whether the lines broken with the number held (``again``) may replace ReportLab's
    (``lines``): the last line, which holds the pair, runs past the width not at all (a
    line of several words may run a hair over in ReportLab's breaking, and a pair that
    does so is one word too wide), and no line runs further past it than before."""
    rows = getattr(again, "lines", None) or []
    return bool(rows) and _extra(rows[-1]) >= 0 and overrun(again) <= overrun(lines)


def _extra(line: Any) -> float:
    """The room left on a line (points; below zero: how far it runs over)."""
    return float(line[0] if isinstance(line, tuple) else getattr(line, "extraSpace", 0.0))
