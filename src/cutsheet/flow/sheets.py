"""Full-page sheets laid out page after page in bare Frames (no document template).

A bare Frame never splits a block but a table to fill in taller than a page (or, with the
heading before it, too tall for one), which goes on over the next page between two rows, its
header repeated (``tables.long_table``): "a page" is the room under the repeated title, on
every page (``frames.page_height``, as the plan measures). What it cannot place waits for the next
page. Two kinds of group are cut or moved here instead: a heading or lead-in with what follows it
(``KeepWithNext``, cut where its rules allow), and the sheet's last block with the block
before it (``KeepLast``), so no page of a sheet holds only its last block when the two fit
one page together. The plan measures the same flowables block by block (``plan/pages.py``):
``KeepLast`` decides only where a page ends, never what must fit on one. A sheet that runs
onto another page opens that page with its title again, "(continued)" (``continued_title``),
and the plan measures every block against the room left under it.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, Spacer
from reportlab.platypus.flowables import _Container, _listWrapOn

from .blocks import DocPlan, Para
from .frames import end_space_dropped, flatten, page_height
from .story import StoryBuilder
from .tables import long_table

CONTINUED = "(continued)"


class KeepLast(_Container, Flowable):  # type: ignore[misc]
    """A sheet's last block with the block before it: placed whole where it fits, moved whole
    to the next page when it fits an empty one, else laid out part by part."""

    def __init__(self, content: Sequence[Flowable]) -> None:
        super().__init__()
        self._content = list(content)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        self.width, self.height = _listWrapOn(self._content, availWidth, self.canv)
        return self.width, self.height

    def for_bare_frame(self, flat: list[Flowable]) -> KeepLast:
        return KeepLast(flat)

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        frame = getattr(self, "_frame", None)
        if frame is None or getattr(frame, "_atTop", True):
            return list(self._content)
        whole = _listWrapOn(self._content, availWidth, self.canv)[1]  # moved only where it
        return [] if whole <= page_height(frame) else list(self._content)  # fits the next page


def keep_last(story: Sequence[Flowable]) -> list[Flowable]:
    """``story`` with its last block (and any spacers after it) grouped with the block
    before it (and the spacers between), when it has two blocks."""
    blocks = [i for i, f in enumerate(story) if not isinstance(f, Spacer)]
    if len(blocks) < 2:
        return list(story)
    start = blocks[-2]
    return [*story[:start], KeepLast(story[start:])]


def sheet_story(story: Sequence[Flowable]) -> list[Flowable]:
    """A full-page sheet's story as a bare Frame lays it out."""
    return flatten(keep_last(end_space_dropped(list(story))))


def fill_frame(frame: Frame, story: list[Flowable], canv: Canvas) -> int:
    """Place flowables from the front of ``story`` in ``frame`` until one does not fit (a
    group that does not fit is cut or opened where it allows; a space that does not fit is
    dropped, ending the page); returns how many were placed (a dropped space counts)."""
    placed = 0
    while story:
        f = story[0]
        if frame.add(f, canv):
            story.pop(0)
            placed += 1
            continue
        if isinstance(f, Spacer):  # space the page's foot has no room for ends the page
            while story and isinstance(story[0], Spacer):  # and is dropped, all of it: it
                story.pop(0)  # would open the next page with a gap (or a page of its own)
                placed += 1
            break
        page = page_height(frame)
        splits = hasattr(f, "for_bare_frame") or long_table(f, canv, frame._aW, page)
        parts = frame.split(f, canv) if splits else []
        if not parts:
            break
        story[0:1] = parts
    return placed


def continued_title(doc: DocPlan, builder: StoryBuilder) -> Flowable | None:
    """The heading a sheet's later pages open with: its title, "(continued)"; None for a
    sheet that does not open with a title."""
    first = doc.blocks[0] if doc.blocks else None
    if not isinstance(first, Para) or first.style != "title":
        return None
    return builder.flowables([Para(f"{first.markup} {CONTINUED}", "heading")])[0]


def continued_height(title: Flowable | None, width: float, canv: Canvas) -> float:
    """Points the continued title takes at the top of a page ``width`` points wide, with the
    space under it."""
    if title is None:
        return 0.0
    _w, h = title.wrapOn(canv, width, 10_000)
    return h + title.getSpaceAfter()
