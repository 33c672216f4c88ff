"""Headings kept with the start of what follows them, on the rules' pages and on full-page
sheets alike."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer
from reportlab.platypus.doctemplate import FrameBreak
from reportlab.platypus.flowables import LIIndenter, _Container, _listWrapOn

from .paragraphs import ItemList


class KeepWithNext(_Container, Flowable):  # type: ignore[misc]
    """Headings and the start of what follows them, placed as one flowable.

    ReportLab's own ``keepWithNext`` cannot hold a heading to a list, a table or anything in a
    KeepTogether (its ``handle_keepWithNext`` only groups "plain" flowables), and a bare
    Frame (full-page sheets) ignores it altogether. This group is as tall as its parts, so a
    Frame places it whole or not at all. In a document template, when it does not fit:
    the headings stay with the first lines of a paragraph or list item that can be split,
    or else the group moves to the next frame; at the top of a frame (taller than a page)
    its parts flow one by one, the headings first."""

    def __init__(self, content: Sequence[Flowable]) -> None:
        super().__init__()
        self._content = list(content)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        self.width, self.height = _listWrapOn(self._content, availWidth, self.canv)
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        frame = getattr(self, "_frame", None)
        if frame is None or getattr(frame, "_atTop", True):
            return list(self._content)
        filled = self._fill(availWidth, availHeight)
        if filled is not None:
            return filled
        return [FrameBreak(), KeepWithNext(self._content)]

    def _fill(self, aw: float, ah: float) -> list[Flowable] | None:
        """Headings and the first lines of the paragraph that follows them, when they fit."""
        *heads, lead = self._content
        body = lead._flowable if isinstance(lead, LIIndenter) else lead
        if not heads or not isinstance(body, Paragraph):
            return None
        _, used = _listWrapOn(heads, aw, self.canv)
        space = max(heads[-1].getSpaceAfter(), lead.getSpaceBefore())
        if ah - used - space <= 0:
            return None
        parts = lead.splitOn(self.canv, aw, ah - used - space)
        if len(parts) < 2:
            return None
        first = KeepWithNext([*heads, parts[0]])
        if first.wrapOn(self.canv, aw, ah)[1] > ah:
            return None
        return [first, *parts[1:]]


def _keeps(f: Flowable) -> bool:
    """Set by the plan on headings (``Para.keep_with_next``), never inherited from a style."""
    return bool(vars(f).get("keepWithNext"))


def _take_headings(pending: list[Flowable]) -> list[Flowable]:
    """The run of headings at the head of ``pending``, taken off it; the group keeps them
    together, so ReportLab must not regroup them."""
    group: list[Flowable] = []
    while pending and _keeps(pending[0]):
        head = pending.pop(0)
        head.keepWithNext = 0
        group.append(head)
    return group


def _take_start(pending: list[Flowable], group: list[Flowable], heads: int) -> None:
    """Add to ``group`` the start of what follows its headings, taken off ``pending``: a whole
    KeepTogether block, the first item of a list, or the next flowable (and the one after a
    spacer)."""
    while pending:
        nxt = pending.pop(0)
        if isinstance(nxt, KeepTogether):
            group.extend(nxt._content)
        elif isinstance(nxt, ItemList):
            first, *rest = nxt.items()
            group.append(first)
            pending[0:0] = rest
        else:
            group.append(nxt)
        if not all(isinstance(f, Spacer) for f in group[heads:]):
            break


def keep_with_next(story: Sequence[Flowable]) -> list[Flowable]:
    """Group every run of ``keepWithNext`` flowables (headings) with the start of what
    follows: a whole KeepTogether block, the first item of a list, or the next flowable
    (and the one after a spacer)."""
    pending = list(story)
    out: list[Flowable] = []
    while pending:
        if not _keeps(pending[0]):
            out.append(pending.pop(0))
            continue
        group = _take_headings(pending)
        heads = len(group)
        _take_start(pending, group, heads)
        if len(group) > heads:
            out.append(KeepWithNext(group))
        else:  # nothing follows the headings
            out.extend(group)
    return out
