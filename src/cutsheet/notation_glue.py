"""A run of cube notation is one word to ReportLab's line breaking: ``3R<>G`` never ends one
line with ``3R<>`` and starts the next with ``G``.

A run is drawn as tiles, letters and the spacers around them (``symbols.expand``): each
spacer is a transparent inline image, and ReportLab makes every inline image a word of its
own, so it may break a line at any of them, inside the run. Here the words ReportLab finds
between the callback that opens a run's span (``cs_text``) and the one that closes it
(``cs_end``) are joined into one word, as wide as they are together (nothing separates
them: no space is lost or added). Every other word is left as ReportLab found it, so text
without notation breaks exactly as before. Installed once, over ReportLab's own function
(``install``, before any module takes the function by name: ``words``): the plan measures
and the renderer draws with the same lines.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.abag import ABag
from reportlab.platypus import paragraph

from . import shy_spaces

OPENS, CLOSES = "cs_text", "cs_end"


def _callback(entry: Any) -> str | None:
    """The name of the callback an entry of a word is (a run's opening or closing), or None."""
    frag = entry[0] if isinstance(entry, tuple) else None
    name = getattr(getattr(frag, "cbDefn", None), "name", None)
    return name if name in (OPENS, CLOSES) else None


def _after(word: Any, open_run: bool) -> tuple[bool, bool]:
    """Whether a run is open after ``word`` (``open_run``: one was, before it), and whether
    the next word goes on with it: the run holds something in this word. A run opened by
    the word's last entry starts in the next word, after the space that ends this one."""
    held = open_run
    for entry in word[1:]:
        name = _callback(entry)
        if name == OPENS:
            open_run, held = True, False
        elif name == CLOSES:
            open_run = False
        elif open_run:
            held = True
    return open_run, open_run and held


def glued(words: list[Any], width: float | None = None) -> list[Any]:
    """``words`` (ReportLab's fragment words) with the words of each notation run joined.
    A word no space follows is a plain list (one a space follows is ReportLab's ``_HSFrag``):
    a word is joined to the one before when that one is plain and inside the run, and the
    joined word keeps the kind of its last part (whether a space follows it). Split parts of
    a word (ReportLab's ``_SplitFrag`` kinds) are never joined, nor a run past ``width``
    (the line's): one too wide for any line breaks at its spacers, as ReportLab broke it."""
    out: list[Any] = []
    open_run = joining = False
    for word in words:
        kind = type(word)
        fits = bool(out) and (width is None or out[-1][0] + word[0] <= width)
        if joining and fits and type(out[-1]) is list and kind in (list, paragraph._HSFrag):
            out[-1] = kind([out[-1][0] + word[0], *out[-1][1:], *word[1:]])
        else:
            out.append(word)
        open_run, joining = _after(word, open_run)
    return out


_original = paragraph._getFragWords


def _may_hold_runs(frags: Any) -> bool:
    """Whether ``frags`` may hold a run: a parsed fragment that opens one, or words (a
    paragraph broken once is made of words, read whole by ``glued``). Most paragraphs hold
    none, and are not read word by word (some 3,800 a build)."""
    for frag in frags:
        if isinstance(frag, list):
            return True
        callback = getattr(frag, "cbDefn", None)
        if callback is not None and getattr(callback, "name", None) == OPENS:
            return True
    return False


def _glued_words(frags: Any, maxWidth: Any = None) -> list[Any]:  # noqa: N803 - ReportLab's
    words = shy_spaces.spaces_kept(_original(frags, maxWidth))
    if not _may_hold_runs(frags):
        return words  # type: ignore[no-any-return]
    width = maxWidth if isinstance(maxWidth, int | float) else None
    return glued(words, width)


def install() -> None:
    """ReportLab's fragment words, notation runs joined (idempotent)."""
    if paragraph._getFragWords is not _glued_words:
        paragraph._getFragWords = _glued_words


def words(frags: Any, width: Any = None) -> list[Any]:
    """ReportLab's fragment words as line breaking sees them (notation runs joined): what a
    check that reads a paragraph's words calls, never ReportLab's function by name."""
    install()
    return paragraph._getFragWords(frags, width)  # type: ignore[no-any-return]


def runs_closed(lines: Any) -> Any:
    """A paragraph's lines (ReportLab's ``blPara``) with each run whole in the part drawn: a
    run too wide for its line breaks over lines, and a page break may fall between them.
    The part that holds its start then closes its span where it ends (the span's ActualText
    already reads the whole run), and the part that goes on with it reads its rest as
    nothing (a span with an empty ActualText) until the run closes: the marked content is
    balanced on each page, and a run cut once is read once (a run long enough to fill a
    whole page between its two ends reads that page as text again). ``lines`` as they are
    when every run opens and closes in them (nearly always)."""
    if getattr(lines, "kind", 0) != 1:
        return lines  # plain lines: no callbacks
    depth, first, example = 0, None, None
    for line in lines.lines:
        for word in line.words:
            name = getattr(getattr(word, "cbDefn", None), "name", None)
            if name == OPENS:
                depth += 1
                example = example or word
            elif name == CLOSES:
                if depth:
                    depth -= 1
                elif first is None:
                    first = word  # a run this part goes on with, opened before it
                example = example or word
    if not depth and first is None:
        return lines
    assert example is not None
    rows = list(lines.lines)
    if first is not None:
        opens = _callback_like(example, OPENS, "|")  # ActualText () and no words: silent
        rows[0] = rows[0].clone(words=[opens, *rows[0].words])
    if depth:
        closes = [_callback_like(example, CLOSES, "-") for _ in range(depth)]
        rows[-1] = rows[-1].clone(words=[*rows[-1].words, *closes])
    return lines.clone(lines=rows)


def _callback_like(word: Any, name: str, label: str) -> Any:
    """A callback fragment like ``word`` (its font and size), calling ``name`` with ``label``."""
    return word.clone(cbDefn=ABag(kind="onDraw", name=name, label=label), text="")
