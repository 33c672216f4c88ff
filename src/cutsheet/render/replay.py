"""A paragraph drawn again in the same file: its operators written once, then copied.

ReportLab draws a flowable inside ``q 1 0 0 1 x y cm … Q``: what it writes between the
translation and the ``Q`` depends on the paragraph alone (its lines, fonts and colours, each
set afresh), never on where it goes. In one file a character keeps the code its font subset
gave it, so the same paragraph object drawn again writes the same operators. A deck repeats
most of its words ("DELIVERY", "WATER", "3"): each is laid out in lines and turned into
operators once per file, and copied after that. The same faces are drawn again in the other
paper's file: there, the operators are copied too once that file has coded every character
of the paragraph as the first did (``_elsewhere``).

Only a drawing that left nothing else behind is copied: one that placed a form or an image
(the page's resources name it), made a link (the page's annotations) or used a shading or
a graphics state is drawn afresh every time, as is one that wrote a marked-content id.

A paragraph is remembered only as long as something else holds it (the measure caches, the
plan): one that is gone can never be drawn again, so its operators go with it. A 10,000-card
deck's unique paragraphs (each card's id) no longer stay, laid out, until the file is saved.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfdoc import PDF_VERSION_DEFAULT
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from .font_codes import Needs, agrees, hear, listener, names_only, needs
from .tagging import tagger_of

_REFUSED = (" Do", " gs", " sh", "MCID", "BI ", " cs", " CS")


def copyable(ops: Any, refused: tuple[str, ...] = _REFUSED) -> bool:
    """Whether drawn operators may be copied: all text, none naming what ``refused`` lists
    (by default a form, a graphics state, a shading, a marked-content id, an inline image,
    a named colour space: each names a resource of the page it is drawn on, or of the file).
    Searched in one text, the operators a line each: no word refused holds a line's end."""
    try:
        text = "\n".join(ops)
    except TypeError:  # an operator that is not text
        return False
    return not any(r in text for r in refused)


def traces(c: Canvas) -> tuple[int, ...]:
    """The sizes of what a drawing can leave on the page besides its operators."""
    return (
        len(c._formsinuse),  # type: ignore[attr-defined]
        len(c._annotationrefs),  # type: ignore[attr-defined]
        len(getattr(c, "_shadingUsed", ()) or ()),
        len(getattr(c, "_colorsUsed", ()) or ()),
    )


class _Held(weakref.ref):  # type: ignore[type-arg]
    """A paragraph drawn in a file, held weakly, under the id it is known by."""

    __slots__ = ("key",)


Drawn = dict[int, tuple[_Held, list[str] | None, tuple[int, int]]]
"""Each paragraph drawn in the file: its operators (None: drawn afresh every time) and the PDF
version its drawing asked for, which each copy asks for again."""


def _drawn(c: Canvas) -> tuple[Drawn, Callable[[_Held], None]]:
    """The canvas's drawings by paragraph id, and the callback that forgets a paragraph's
    drawing when the paragraph goes (its id may then be another's)."""
    found = c.__dict__.get("_cutsheet_drawn")
    if found is None:
        drawn: Drawn = {}

        def forget(held: _Held) -> None:
            known = drawn.get(held.key)
            if known is not None and known[0] is held:
                del drawn[held.key]

        found = c.__dict__["_cutsheet_drawn"] = (drawn, forget)
    return found  # type: ignore[no-any-return]


def draw_paragraph(c: Canvas, para: Paragraph, x: float, y: float) -> None:
    """``para.drawOn(c, x, y)``, with the operators of an earlier drawing of this very
    paragraph copied instead when there was one in this file, or in another file whose
    fonts gave each of its characters the code this file gives it (see the module's note)."""
    drawn, forget = _drawn(c)
    known = drawn.get(id(para))
    alive = known is not None and known[0]() is para
    ops, needed = (
        (known[1], known[2]) if known is not None and alive else (None, PDF_VERSION_DEFAULT)
    )
    if ops is None and not alive:
        found = _elsewhere(c, para)
        if found is not None:
            ops, needed = found
            _remember(drawn, forget, para, ops, needed)
    if ops is not None:
        _copied(c, para, needed)
        # what saveState, translate and restoreState around the copy write, without their
        # work: the canvas's own state is the same before and after the q … Q
        x = para._hAlignAdjust(x, 0)
        c._code.extend(("q", f"{fp_str(1, 0, 0, 1, x, y)} cm", *ops, "Q"))  # type: ignore[attr-defined]
        return
    code: list[Any] = c._code  # type: ignore[attr-defined]
    start, before = len(code), traces(c)
    needed = _drawn_alone(c, lambda: para.drawOn(c, x, y))
    ops = code[start + 2 : -1] if len(code) >= start + 3 else None
    if (
        ops is None
        or traces(c) != before
        or code[start] != "q"
        or code[-1] != "Q"
        or not copyable(ops)
    ):
        ops = None
    _remember(drawn, forget, para, ops, needed)
    if ops is not None:
        _share(c, para, ops, needed)


def _copied(c: Canvas, para: Paragraph, needed: tuple[int, int]) -> None:
    """What drawing ``para`` would have done to the file besides its operators, done for a
    copy: the PDF version it asks for (a face being kept, whose version starts afresh,
    learns it even when this file has already asked), and its text, heard by a face being
    kept for another file."""
    doc = c._doc  # type: ignore[attr-defined]
    doc._pdfVersion = max(doc._pdfVersion, needed)
    heard = listener(doc)
    if heard is not None:
        hear(heard, _texts(para))


def _drawn_alone(c: Canvas, draw: Callable[[], None]) -> tuple[int, int]:
    """``draw()``, and the PDF version it asked for on its own (the file keeps the higher)."""
    doc = c._doc  # type: ignore[attr-defined]
    version, doc._pdfVersion = doc._pdfVersion, PDF_VERSION_DEFAULT
    try:
        draw()
    finally:
        needed = doc._pdfVersion
        doc._pdfVersion = max(version, needed)
    return needed  # type: ignore[no-any-return]


def _remember(
    drawn: Drawn,
    forget: Callable[[_Held], None],
    para: Paragraph,
    ops: Any,
    version: tuple[int, int],
) -> None:
    held = _Held(para, forget)
    held.key = id(para)
    drawn[held.key] = (held, ops, version)


# ------------------------------------------------------------------ another file's drawing
# The same faces are drawn on A4 and on Letter, each paper a file of its own. A paragraph's
# operators name its fonts' subsets and its characters' codes in them, which each file gives
# out in the order it first meets them: another file's operators are copied only when this
# file has already given every character of the paragraph the same code in the same subset
# font (its drawing would then write the very same bytes, and change nothing it keeps).

_shared: dict[int, tuple[_Held, list[str], Needs, tuple[int, int]]] = {}
"""A paragraph's operators for another file, what that file must code as this one did, and
the PDF version drawing it asked of the file (a colour asks for 1.4: ReportLab sets its
alpha), which a copy asks for too."""


def _forget_shared(held: _Held) -> None:
    known = _shared.get(held.key)
    if known is not None and known[0] is held:
        del _shared[held.key]


def _texts(para: Paragraph) -> dict[str, set[str]] | None:
    """The characters the paragraph draws, by font name; None when it draws more than
    text (a bullet, a symbol) or in a way this cannot tell."""
    if para.bulletText:
        return None
    lines = para.blPara
    out: dict[str, set[str]] = {}
    if lines.kind == 0:
        chars = out.setdefault(lines.fontName, {" "})
        for _extra, words in lines.lines:
            for w in words:
                chars.update(w)
        return out
    for line in lines.lines:
        for w in line.words:
            if hasattr(w, "cbDefn") or not isinstance(getattr(w, "text", None), str):
                return None
            out.setdefault(w.fontName, {" "}).update(w.text)
    return out


def _needs(c: Canvas, para: Paragraph) -> Needs | None:
    """What a file must hold to draw ``para`` as ``c``'s file did: each font's subset name
    and each character's code there."""
    texts = _texts(para)
    if texts is None:
        return None
    return needs(c._doc, ((name, "".join(chars)) for name, chars in texts.items()))  # type: ignore[attr-defined]


def _share(c: Canvas, para: Paragraph, ops: list[str], version: tuple[int, int]) -> None:
    wanted = _needs(c, para)
    if wanted is None:
        return
    held = _Held(para, _forget_shared)
    held.key = id(para)
    _shared[held.key] = (held, ops, wanted, version)


def _elsewhere(c: Canvas, para: Paragraph) -> tuple[list[str], tuple[int, int]] | None:
    """Another file's operators for ``para`` and the PDF version its drawing asked for,
    when this file would write the same."""
    known = _shared.get(id(para))
    if known is None or known[0]() is not para:
        return None
    _held, ops, wanted, version = known
    return (ops, version) if agrees(c._doc, wanted) else None  # type: ignore[attr-defined]


# ------------------------------------------------------------------ a document's paragraph
# A flowing document (the rules, a sheet) is set for each paper, and the rules for the
# booklet's half pages too: the same paragraph, broken into the very same lines at the same
# width (``flow.paragraphs.Wraps``), is drawn by a new flowable in each file. What it writes
# inside its own marked content (its ``BDC`` … ``EMC``, which hold the file's next
# marked-content id and so are written afresh) depends on those lines alone, as above: it is
# kept with the lines and copied into the next file that codes its characters alike.


def draw_lines(c: Canvas, para: Paragraph, draw: Callable[[], None]) -> None:
    """``draw()`` (``para`` drawing itself, inside its ``q … Q`` and its marked content), or
    the operators an earlier drawing of the same lines at the same width wrote, when this
    file would write the same. Only a paragraph whose lines are its markup's shared ones
    (not a part of a split, nor lines a split copied) is kept or copied."""
    lines = _shared_lines(para)
    if lines is None:
        draw()
        return
    doc = c._doc  # type: ignore[attr-defined]
    kept = lines.drawn.get(para.width)
    if kept is not None and agrees(doc, kept[1]):
        _copied(c, para, kept[2])
        c._code.extend(kept[0])  # type: ignore[attr-defined]
        return
    code: list[Any] = c._code  # type: ignore[attr-defined]
    start, before, tags = len(code), traces(c), _tag_state(c)
    needed = _drawn_alone(c, draw)
    if kept is not None or traces(c) != before or _tag_state(c) != tags:
        return
    ops = code[start:]
    wanted = _needs(c, para)
    if wanted is not None and copyable(ops) and names_only(ops, wanted):
        lines.drawn[para.width] = (tuple(ops), wanted, needed)


def _shared_lines(para: Paragraph) -> Any:
    """The shared lines (``Wraps``) ``para`` is drawn from whole, or None."""
    shared = getattr(para, "shared", None)
    if shared is None or getattr(para, "text", None) is None or para.continues:
        return None
    wrapped = para.__dict__.get("_wrapped_at")
    if wrapped is None or wrapped is not shared.get(para.width) or wrapped[2] is not para.blPara:
        return None
    return shared


def _tag_state(c: Canvas) -> tuple[object, ...]:
    """What a drawing can change in the file's tags: the page's runs and marked-content ids,
    the open nodes and sequence."""
    tagger = tagger_of(c)
    page = c.getPageNumber()
    tags = tagger.pages.get(page)
    size = len(tags) if tags is not None else 0
    return page, size, tagger.mcids.get(page, -1), len(tagger.nodes), tagger.open
