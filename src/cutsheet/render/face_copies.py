"""A card face drawn again, in the same file or the next: its operators and its tags
written once, then copied.

A deck prints most faces more than once in a file (three copies of a card), and the same
faces again in the other paper's file. A face is drawn in its own coordinates, under the one
``cm`` that puts it in its slot (``faces.draw_face``), so what it writes after that depends
on the face alone. The first time a face is drawn in a file, its operators are kept, with
what it left in the file besides them:

- the forms and images it placed (an icon's form, a picture), which each page that shows
  them must name among its resources;
- its tagged runs: each marked-content id, counted from the page's next one, and the
  structure nodes made while it was drawn (a cell grid's ``L`` > ``LI`` > ``LBody``), which
  each copy makes afresh, as a drawing would.

A later copy writes the kept operators with its own marked-content ids, names the forms on its
page, and records its runs in the card being drawn. A drawing that left anything else behind
(a link, a shading, a graphics state, an inline image, a node it did not make) is not kept:
that face is drawn afresh every time. In the file, a face's drawing is let go after its last
slot, so a deck of ten thousand different cards keeps none; for the next file, see
``_share``.
"""

from __future__ import annotations

import re
import weakref
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from reportlab.pdfbase.pdfdoc import PDF_VERSION_DEFAULT
from reportlab.pdfgen.canvas import Canvas

from ..plan.model import FacePlan
from .font_codes import Needs, agrees, listening, names_only, needs
from .form_makers import can_make, make
from .replay import copyable, traces
from .tagging import Attrs, Node, Tagger, new_key

# a graphics state, a shading, an inline image, a named colour space (a separation colour,
# which each page that paints in it names among its resources)
_REFUSED = (" gs", " sh", "BI ", " cs", " CS")
_MCID = re.compile(r"(?<=<</MCID )(\d+)(?=>> BDC)")

Key = tuple[bool, float, str, bool, bool]  # centred, bleed, role, headed, tagged


@dataclass(frozen=True, slots=True)
class Run:
    """A tagged run (or an empty node) the face recorded: its kind, its marked-content id
    counted from the face's first (None for none), the nodes it sits in below the card's
    own, and its attributes."""

    kind: str
    mcid: int | None
    inner: tuple[Node, ...]
    attrs: Attrs


@dataclass(frozen=True, slots=True)
class Drawing:
    """A face's kept drawing: its operators, those that hold marked-content ids split around
    each id (by index, the text between ids), the forms it placed, its runs."""

    ops: tuple[str, ...]
    marked: tuple[tuple[int, tuple[str, ...]], ...]
    forms: tuple[str, ...]
    runs: tuple[Run, ...]
    mcids: int
    version: tuple[int, int]  # the PDF version its drawing asked of the file (a colour: 1.4)


class FaceCopies:
    """One file's faces: ``expect`` counts each face's slots; a face's drawing is kept from
    its first slot until its last, and copied from another file's when this file would
    write the same."""

    def __init__(self) -> None:
        self._left: Counter[int] = Counter()
        self._kept: dict[int, tuple[FacePlan, dict[Key, Drawing | None]]] = {}

    def expect(self, faces: Iterable[FacePlan]) -> None:
        """Count the faces the file will draw (each once per slot it fills)."""
        self._left.update(map(id, faces))

    def draw(
        self,
        c: Canvas,
        face: FacePlan,
        key: tuple[bool, float, str, bool],
        tagger: Tagger,
        draw: Callable[[], None],
    ) -> None:
        """Draw ``face`` with ``draw`` (its elements, in the face's own coordinates), or copy
        its kept drawing under the same ``key`` (centred, bleed, role, headed)."""
        ident = id(face)
        left = self._left[ident] - 1
        kept = self._kept.get(ident)
        drawings = kept[1] if kept is not None and kept[0] is face else {}
        full: Key = (*key, tagger.enabled and tagger.open is None)
        if full in drawings:
            drawing = drawings[full]
        else:  # first drawn here: another file's drawing, when this file would write the same
            drawing = _elsewhere(c, face, full)
            if drawing is not None and left > 0:
                drawings[full] = drawing
                self._kept[ident] = (face, drawings)
        if drawing is not None:
            _replay(c, tagger, drawing)
        elif full in drawings or (left <= 0 and not _keeping()):  # refused, or of no use
            draw()
        else:
            drawing, wanted = _record(c, tagger, draw)
            if left > 0:
                drawings[full] = drawing
                self._kept[ident] = (face, drawings)
            if drawing is not None and wanted is not None and _keeping():
                _share(face, full, drawing, wanted)
        if left > 0:
            self._left[ident] = left
        else:  # its last slot in the file
            self._left.pop(ident, None)
            self._kept.pop(ident, None)


# ------------------------------------------------------------------ another file's drawing
# The same faces are drawn on A4 and on Letter, each paper a file of its own, one after the
# other: a face's drawing is kept for the other file too, and copied there when that file
# codes every character the face draws as this one did (``font_codes``) and has made, or can
# make, every form it places (``form_makers``: made just before the copy, where drawing the
# face would have made them). Kept only while a job draws more than one paper
# (``between_papers``), while the face lives (the plan holds it), at most ``SHARED`` at a
# time: a deck of ten thousand different cards on one paper keeps none.

SHARED = 512
_shared: dict[tuple[int, Key], tuple[weakref.ref[FacePlan], Drawing, Needs]] = {}
_sharing: list[bool] = []


@contextmanager
def between_papers(papers: int) -> Iterator[None]:
    """While it lasts, faces drawn are kept for the next paper's files when ``papers`` (the
    papers the job draws) is more than one; all are let go as it ends."""
    _sharing.append(papers > 1)
    try:
        yield
    finally:
        _sharing.pop()
        _shared.clear()


def _keeping() -> bool:
    """Whether a face drawn now is kept for another paper's file."""
    return bool(_sharing) and _sharing[-1] and len(_shared) < SHARED


def _share(face: FacePlan, key: Key, drawing: Drawing, wanted: Needs) -> None:
    """Keep ``face``'s drawing for the next file, with what that file must hold to copy it,
    until the face is gone (its id may then be another's)."""
    full = (id(face), key)
    if full in _shared or len(_shared) >= SHARED:
        return

    def forget(held: weakref.ref[FacePlan]) -> None:
        known = _shared.get(full)
        if known is not None and known[0] is held:
            del _shared[full]

    _shared[full] = (weakref.ref(face, forget), drawing, wanted)


def _elsewhere(c: Canvas, face: FacePlan, key: Key) -> Drawing | None:
    """Another file's drawing of ``face``, when this file would write the same operators."""
    known = _shared.get((id(face), key))
    if known is None or known[0]() is not face:
        return None
    drawing = known[1]
    if not agrees(c._doc, known[2]) or not can_make(c, drawing.forms):  # type: ignore[attr-defined]
        return None
    make(c, drawing.forms)  # a form the face places that this file has not made yet
    return drawing


def _record(
    c: Canvas, tagger: Tagger, draw: Callable[[], None]
) -> tuple[Drawing | None, Needs | None]:
    """Draw, and return what a copy must write and record (None when it cannot be copied),
    and what another file must hold to copy it (None when no other file can)."""
    code: list[Any] = c._code  # type: ignore[attr-defined]
    page = c.getPageNumber()
    tags = tagger.pages.get(page)
    start, before, forms = len(code), traces(c), len(c._formsinuse)  # type: ignore[attr-defined]
    tagged, mcid = len(tags) if tags is not None else 0, tagger.mcids.get(page, -1)
    outer, first_key = tagger.path() if tagger.enabled else (), _next_key()
    state = (tuple(tagger.nodes), tagger.open)
    doc = c._doc  # type: ignore[attr-defined]
    version, doc._pdfVersion = doc._pdfVersion, PDF_VERSION_DEFAULT  # what the face needs
    try:
        with listening(doc) as heard:
            draw()
    finally:
        needed = doc._pdfVersion
        doc._pdfVersion = max(version, needed)
    code = c._code  # type: ignore[attr-defined]
    ops = code[start:]
    after = traces(c)
    if (
        after[1:] != before[1:]
        or c.getPageNumber() != page
        or (tuple(tagger.nodes), tagger.open) != state  # a node or a sequence left open
        or not copyable(ops, _REFUSED)
    ):
        return None, None
    tags = tagger.pages.get(page)
    rows = list(tags.rows())[tagged:] if tags is not None else []
    runs = _runs(rows, outer, mcid, first_key)
    if runs is None:
        return None, None
    marked = _marked(ops, mcid)
    if marked is None or sum(len(parts) // 2 for _i, parts in marked) != _count(runs):
        return None, None
    used = tuple(c._formsinuse[forms:])  # type: ignore[attr-defined]
    drawing = Drawing(tuple(ops), marked, used, runs, _count(runs), needed)
    wanted = needs(doc, heard)
    if wanted is None or not names_only(ops, wanted):
        return drawing, None  # a font this cannot tell, or one the file names itself
    return drawing, wanted


def _count(runs: tuple[Run, ...]) -> int:
    return sum(run.mcid is not None for run in runs)


def _next_key() -> int:
    """The number the next new node key will carry (taking one: keys need only be unique)."""
    return int(new_key()[1:]) + 1


def _runs(
    rows: list[tuple[str, int | None, tuple[Node, ...], Attrs]],
    outer: tuple[Node, ...],
    mcid: int,
    first_key: int,
) -> tuple[Run, ...] | None:
    """The face's runs, their ids counted from its first and their paths below ``outer``;
    None when a run sits outside the card, is out of order, or in a node not made here."""
    runs, expected, depth = [], mcid + 1, len(outer)
    for kind, number, path, attrs in rows:
        if path[:depth] != outer or not all(_made_here(n, first_key) for n in path[depth:]):
            return None
        if number is not None:
            if number != expected:
                return None
            expected += 1
        runs.append(Run(kind, None if number is None else number - mcid - 1, path[depth:], attrs))
    return tuple(runs)


def _made_here(node: Node, first_key: int) -> bool:
    digits = node.key[1:]
    return node.key[:1] == "n" and digits.isdigit() and int(digits) >= first_key


def _marked(ops: list[str], mcid: int) -> tuple[tuple[int, tuple[str, ...]], ...] | None:
    """Each operator that holds marked-content ids, split around them (ids counted from the
    face's first); None when they are not the face's ids in order."""
    out, expected = [], mcid + 1
    for index, op in enumerate(ops):
        if "MCID" not in op:
            continue
        parts = _MCID.split(op)
        for at in range(1, len(parts), 2):
            if int(parts[at]) != expected:
                return None
            parts[at] = str(expected - mcid - 1)
            expected += 1
        out.append((index, tuple(parts)))
    return tuple(out)


def _replay(c: Canvas, tagger: Tagger, drawing: Drawing) -> None:
    """Write a kept drawing as a fresh one would be written here (see the module's note)."""
    ops: list[str] = list(drawing.ops)
    if drawing.runs:
        page = c.getPageNumber()
        base = tagger.mcids.get(page, -1) + 1
        if drawing.mcids:
            tagger.mcids[page] = base + drawing.mcids - 1
        for index, parts in drawing.marked:
            ops[index] = "".join(str(base + int(p)) if i % 2 else p for i, p in enumerate(parts))
        _retag(c, tagger, drawing.runs, base)
    c._code.extend(ops)  # type: ignore[attr-defined]
    c._formsinuse.extend(drawing.forms)  # type: ignore[attr-defined]
    doc = c._doc  # type: ignore[attr-defined]
    doc._pdfVersion = max(doc._pdfVersion, drawing.version)


def _retag(c: Canvas, tagger: Tagger, runs: tuple[Run, ...], base: int) -> None:
    """Record the face's runs in the card being drawn, in nodes made afresh for this copy."""
    outer = tagger.path()
    tags = tagger.tags_on(c.getPageNumber())
    fresh: dict[str, Node] = {}
    paths: dict[tuple[Node, ...], tuple[Node, ...]] = {}
    for run in runs:
        path = paths.get(run.inner)
        if path is None:
            inner = []
            for node in run.inner:
                made = fresh.get(node.key)
                if made is None:
                    made = fresh[node.key] = Node(new_key(), node.kind, node.attrs)
                inner.append(made)
            path = paths[run.inner] = (*outer, *inner) if inner else outer
        tags.add(run.kind, None if run.mcid is None else base + run.mcid, path, run.attrs)
