"""Headings and lead-ins kept with what follows them, on the rules' pages and on full-page
sheets alike.

A heading never ends a page with fewer than ``HEADING_LINES`` lines of the paragraph (or
list item) under it, or that whole paragraph when it is shorter, nor with fewer than
``MIN_LINES`` lines of text under it in all; a paragraph that ends with a colon, a lead-in,
never ends a page with fewer than ``MIN_LINES`` lines of the list or block it introduces. A
table, a worked example or a diagram counts only whole, and a block kept together (a
KeepTogether) is cut inside, between two of its parts, only where it cannot share a page with
what must stay with it (``_loose``). A lead-in that fits a page's foot but cannot take enough
of what it introduces along is cut itself: its first lines stay, its last go on with it.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.platypus import Flowable, KeepTogether, PageBreak, Paragraph, Spacer
from reportlab.platypus.doctemplate import ActionFlowable, FrameBreak
from reportlab.platypus.flowables import LIIndenter, _Container, _listWrapOn

from .frames import page_height
from .paragraphs import ItemList, ends_with_colon

HEADING_LINES = 3  # the lines of its first paragraph a heading carries to the next page
MIN_LINES = 2  # the lines of text a heading or a lead-in carries, at least
ENOUGH = 1_000  # the lines a table, example or diagram counts for: always enough
_SLACK = 0.01  # points over a whole number of lines, so that those lines fit and no more

Cut = tuple[list[Flowable], list[Flowable]]


def _keeps(f: Flowable) -> bool:
    """Set by the plan on headings (``Para.keep_with_next``), never inherited from a style."""
    return bool(vars(f).get("keepWithNext")) or bool(vars(f).get("_cs_heading"))


def _heads(f: Flowable) -> bool:
    """Whether ``f`` is a heading: kept with what follows and read as one (``H…``), not a
    paragraph the plan keeps with the line after it (the rules' last, with their credit)."""
    return _keeps(f) and str(getattr(f, "tag", "H")).startswith("H")


def _need(f: Flowable) -> bool:
    """Whether ``f`` must share its page with some of what follows it: a heading or a
    lead-in."""
    if _keeps(f):
        return True
    return ends_with_colon(f)


def _kept_enough(content: list[Flowable], lines: _Lines, j: int, after: int) -> bool:
    """Whether ``after`` lines of what follows part ``j`` of ``content`` (whose parts hold
    ``lines`` lines each) are enough for it, when it is a heading or a lead-in."""
    if not _need(content[j]):
        return True
    rest = lines[j + 1 :]
    if after < min(MIN_LINES, sum(rest)):
        return False
    if not _keeps(content[j]):
        return True
    texts = [n for n, f in zip(rest, content[j + 1 :], strict=True) if not isinstance(f, Spacer)]
    return after >= min(HEADING_LINES, texts[0] if texts else 0)


def _lines(f: Flowable, canv: object, aw: float) -> int:
    """The lines of text ``f`` holds set ``aw`` wide; a spacer none, anything but text plenty."""
    if isinstance(f, Spacer):
        return 0
    body = f._flowable if isinstance(f, LIIndenter) else f
    if not isinstance(body, Paragraph):
        return ENOUGH
    f.wrapOn(canv, aw, 1e6)
    return len(body.blPara.lines)


class _Lines(list[int]):
    """The lines of text each part of a group holds set ``aw`` wide (``_lines``), and which
    parts are headings and lead-ins (``_need``), found once a cut."""

    def __init__(self, content: Sequence[Flowable], canv: object, aw: float) -> None:
        super().__init__(_lines(f, canv, aw) for f in content)
        self.needs = [j for j, f in enumerate(content) if _need(f)]


class KeepWithNext(_Container, Flowable):  # type: ignore[misc]
    """Headings and lead-ins with the start of what follows them, placed as one flowable.

    ReportLab's own ``keepWithNext`` cannot hold a heading to a list, a table or anything in a
    KeepTogether (its ``handle_keepWithNext`` only groups "plain" flowables), and a bare
    Frame (full-page sheets) ignores it altogether. This group is as tall as its parts. When
    it does not fit, it is cut at the latest point that leaves every heading and lead-in on
    the page with enough of what follows it (``cut``): between its parts, or, in a document
    template, between the lines of a paragraph or list item; with no such point it moves to
    the next frame whole. At the top of a frame with no such point, its parts flow one by one
    (in a bare Frame, whose blocks never split, nothing is placed: the plan reports it)."""

    def __init__(self, content: Sequence[Flowable], bare: bool = False) -> None:
        super().__init__()
        self._content = list(content)
        self.bare = bare  # laid out in a bare Frame: paragraphs are never split

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        self.width, self.height = _listWrapOn(self._content, availWidth, self.canv)
        return self.width, self.height

    def for_bare_frame(self, flat: list[Flowable]) -> KeepWithNext:
        """This group, made of ``flat`` (its content laid out flat), in a bare Frame."""
        return KeepWithNext(flat, bare=True)

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        frame = getattr(self, "_frame", None)
        at_top = frame is None or bool(getattr(frame, "_atTop", True))
        found = self.cut(availWidth, availHeight)
        if found is not None:
            first, rest = found
            if rest and vars(rest[0]).get("_cs_rows_after"):  # a long table goes on: its rows
                return [KeepWithNext(first, self.bare), *rest]  # and the space after, as blocks
            return [KeepWithNext(first, self.bare), *_regrouped(rest, self.bare)]
        if self.bare:
            return []  # the next page, or (at the top of one) a block taller than a page
        if at_top:
            return list(self._content)
        return [FrameBreak(), KeepWithNext(self._content)]

    # -- where the group may be cut ------------------------------------------------------
    def cut(self, aw: float, ah: float) -> Cut | None:
        """(what goes on this page, what goes on) at the latest point where what goes on
        this page fits ``ah`` and holds, after each heading and lead-in on it, enough of what
        follows; None when the only such point is before the group. A group that fits but
        for the space after its last block is placed without it (a space at a page's foot
        is dropped, as on a sheet)."""
        canv = self.canv if hasattr(self, "canv") else None
        content = self._content
        kept = len(content)  # the space after the group's last block falls at the page's foot
        while kept > 1 and isinstance(content[kept - 1], Spacer):
            kept -= 1
        if kept < len(content) and self._fits(content[:kept], aw, ah):
            return content[:kept], []
        lines = _Lines(content, canv, aw)
        # a table to fill in splits between two rows where the group is taller than a page
        # (``frames.page_height``; in the plan, ``ah``): it could never be placed whole
        frame = getattr(self, "_frame", None)
        page = page_height(frame) if frame is not None else ah
        long = any(getattr(part, "splits_when_long", False) for part in content) and (
            _listWrapOn(content, aw, canv)[1] > page + 0.01
        )
        most = self._most_fitting(aw, ah)  # no cut after more parts than these fits
        loose = _loose(content, aw, canv, page, with_heading=False, most=most)
        found = self._search(lines, loose, most, long, aw, ah, page)
        if found is None:  # a block cut where it cannot share a page with its heading: only
            wider = _loose(content, aw, canv, page, with_heading=True, most=most)  # where no
            if wider != loose:  # other cut would do
                found = self._search(lines, wider, most, long, aw, ah, page)
        return found

    def _search(
        self,
        lines: _Lines,
        loose: set[int],
        most: int,
        long: bool,
        aw: float,
        ah: float,
        page: float,
    ) -> Cut | None:
        """``cut``'s search, from the group's end: a block kept together cut only before the
        parts ``loose``, and after no more than ``most`` parts."""
        content = self._content
        for i in range(len(content) - 1, -1, -1):
            part = content[i]
            if long and getattr(part, "splits_when_long", False):
                # a lead-in cut before it, when the table then fits the next page whole
                j = next(
                    (k for k in range(i - 1, -1, -1) if not isinstance(content[k], Spacer)), -1
                )
                found = self._split_lead_in(j, lines, aw, ah, page) if j >= 0 else None
                found = found or self._split_table_at(i, aw, ah)
                if found is not None:
                    return found
            whole = vars(part).get("_cs_whole") and i not in loose  # a block's caption
            if not (self.bare or _keeps(part) or whole):  # splits where the block may be cut
                found = self._split_at(i, lines, aw, ah)  # never a heading, nor in a block
                if found is None:
                    found = self._split_lead_in(i, lines, aw, ah, page)
                if found is not None:
                    return found
            if i == 0 or i > most or (vars(part).get("_cs_glued") and i not in loose):
                continue  # nothing here, or too much before it, or inside a block kept whole
            if self._keeps_enough(i, lines, 0) and self._fits(content[:i], aw, ah):
                rest = content[i:]
                while rest and isinstance(rest[0], Spacer):
                    rest = rest[1:]  # space falling at the page break is dropped (as a frame
                return content[:i], rest  # drops one opening it: ``frames.CopiedFrame.add``)
        return None

    def _most_fitting(self, aw: float, ah: float) -> int:
        """How many of the group's parts, from its first, fit ``ah``: 1, 2, 4 … parts tried
        until they do not, then found by halves (the height of the first parts never falls
        as a part is added), measuring about a page of parts, however long the group."""
        return _most_within(self._content, aw, getattr(self, "canv", None), ah)

    def _split_at(self, i: int, lines: _Lines, aw: float, ah: float) -> Cut | None:
        """The group cut inside its ``i``-th part (a paragraph or a list item), if the part's
        first lines fit after the parts before it and keep their headings' lines."""
        canv = getattr(self, "canv", None)
        head, part = self._content[:i], self._content[i]
        if lines[i] in (0, ENOUGH):
            return None
        room = self._room_for(i, aw, ah)
        if room <= 0:
            return None
        part.wrapOn(canv, aw, room)
        pieces = part.splitOn(canv, aw, room)
        if len(pieces) < 2:
            return None
        first, *rest = pieces
        got = _lines(first, canv, aw)
        if not self._keeps_enough(i, lines, got) or not self._fits([*head, first], aw, ah):
            return None
        return [*head, first], [*rest, *self._content[i + 1 :]]

    def _split_lead_in(
        self, i: int, lines: _Lines, aw: float, ah: float, page: float
    ) -> Cut | None:
        """The group cut inside its ``i``-th part, a lead-in that fits whole after the parts
        before it but could not take enough of what it introduces along: its first lines
        stay (``MIN_LINES`` at least, as many as may) and its last ones go on with what it
        introduces, rather than the whole lead-in leaving the rest of the page empty; only
        when what goes on fits a fresh ``page`` tall page whole (else the lead-in moves
        whole, and the plan says what cannot be kept together)."""
        canv = getattr(self, "canv", None)
        head, part = self._content[:i], self._content[i]
        if not (isinstance(part, Paragraph) and ends_with_colon(part)) or i + 1 == len(lines):
            return None
        room = self._room_for(i, aw, ah)
        leading = part.style.leading
        for stay in range(lines[i] - 1, MIN_LINES - 1, -1):
            if stay * leading > room:
                continue
            part.wrapOn(canv, aw, room)
            pieces = part.splitOn(canv, aw, stay * leading + _SLACK)
            if len(pieces) < 2:
                continue
            first, *rest = pieces
            got = _lines(first, canv, aw)
            if got < MIN_LINES or not self._keeps_enough(i, lines, got):
                continue
            if not self._fits([*head, first], aw, ah):
                continue
            # only when what goes on fits the next page whole: cut again there (a card row, a
            # table between its rows) it could strand the last lines where the plan says nothing
            after = [*rest, *self._content[i + 1 :]]
            return ([*head, first], after) if self._fits(after, aw, page) else None
        return None

    def _split_table_at(self, i: int, aw: float, ah: float) -> Cut | None:
        """The group cut inside its ``i``-th part, a table to fill in, after as many of its
        rows as fit after the parts before it (at least one under its header)."""
        head, part = self._content[:i], self._content[i]
        room = self._room_for(i, aw, ah)
        if room <= 0:
            return None
        pieces = part.splitOn(getattr(self, "canv", None), aw, room)
        if len(pieces) < 2:
            return None
        first, *rest = pieces
        for piece in rest:
            piece._cs_rows_after = True  # (``split``: laid out as blocks, not as a group)
        return [*head, first], [*rest, *self._content[i + 1 :]]

    def _room_for(self, i: int, aw: float, ah: float) -> float:
        """The height left for the ``i``-th part after the parts before it and the space
        between them (points)."""
        canv = getattr(self, "canv", None)
        head, part = self._content[:i], self._content[i]
        used = _listWrapOn(head, aw, canv)[1] if head else 0.0
        space = max(head[-1].getSpaceAfter(), part.getSpaceBefore()) if head else 0.0
        return float(ah - used - space)

    def _keeps_enough(self, i: int, lines: _Lines, partial: int) -> bool:
        """Whether the parts before ``i`` and ``partial`` lines of part ``i`` keep every
        heading and lead-in among them with enough lines of what follows it."""
        return all(
            _kept_enough(self._content, lines, j, sum(lines[j + 1 : i]) + partial)
            for j in lines.needs
            if j < i
        )

    def _fits(self, parts: list[Flowable], aw: float, ah: float) -> bool:
        return bool(_listWrapOn(parts, aw, getattr(self, "canv", None))[1] <= ah)


def _most_within(parts: list[Flowable], aw: float, canv: object, ah: float) -> int:
    """How many of ``parts``, from the first, are no taller than ``ah`` together
    (``KeepWithNext._most_fitting``)."""
    n, low, step = len(parts), 0, 1
    while low + step <= n and _listWrapOn(parts[: low + step], aw, canv)[1] <= ah:
        low, step = low + step, step * 2
    high = min(n, low + step - 1)
    while low < high:
        mid = (low + high + 1) // 2
        if _listWrapOn(parts[:mid], aw, canv)[1] <= ah:
            low = mid
        else:
            high = mid - 1
    return low


def _loose(
    content: list[Flowable], aw: float, canv: object, page: float, with_heading: bool, most: int
) -> set[int]:
    """Where a block kept together (``_take``) may be cut between two of its parts: a block
    taller than a page ``page`` points high, which goes on over the next page between two
    parts anyway, as it does standing alone (ReportLab lays a KeepTogether too tall for its
    frame out part by part); ``with_heading``, also a block that cannot share a page with
    what comes before it in the group (``cut`` asks so only where no other cut keeps every
    heading and lead-in with its lines: else the group is refused, or the heading stands
    alone). Only where what goes on then starts with a part that fits a page (a space at the
    cut is dropped: ``cut``), and only among the first ``most`` parts (no cut is made after
    more than fit), so a long block is measured about a page at a time."""
    loose: set[int] = set()
    start = 0
    for end in range(1, len(content) + 1):
        if end < len(content) and vars(content[end]).get("_cs_glued"):
            continue  # still inside the block that starts at ``start``
        first = 0 if with_heading else start
        if (
            end - start > 1
            and start < most
            and _most_within(content[first:end], aw, canv, page + 0.01) < end - first
        ):
            for k in range(start + 1, min(end, most + 1)):
                opens = next((j for j in range(k, end) if not isinstance(content[j], Spacer)), end)
                if opens == end or content[opens].wrapOn(canv, aw, page)[1] <= page + 0.01:
                    loose.add(k)
        start = end
    return loose


def _regrouped(rest: list[Flowable], bare: bool) -> list[Flowable]:
    """What goes on after a cut: one group again (its headings, lead-ins and blocks keep
    their rules), unless it is one flowable."""
    return [KeepWithNext(rest, bare)] if len(rest) > 1 else rest


# ------------------------------------------------------------------ grouping a story
def _take(pending: list[Flowable], group: list[Flowable]) -> Flowable | None:
    """Move the next piece of ``pending`` onto ``group``: a whole KeepTogether block's parts,
    the first item of a list, or the next flowable. Returns the piece (None for a block)."""
    nxt = pending.pop(0)
    if isinstance(nxt, KeepTogether):
        for k, part in enumerate(nxt._content):
            part._cs_whole = True  # a block is cut neither inside a part nor between them
            part._cs_glued = k > 0
        group.extend(nxt._content)
        return None
    if isinstance(nxt, ItemList) and nxt.items():
        first, *rest = nxt.items()
        group.append(first)
        pending[0:0] = rest
        return first
    group.append(nxt)
    return nxt


def _group(pending: list[Flowable]) -> list[Flowable]:
    """A heading or lead-in taken off ``pending`` with what it may have to keep: pieces
    (paragraphs, list items) until each heading and lead-in among them has ``MIN_LINES``
    pieces after it (each holds a line at least); a block or a diagram ends the group, and
    the next heading starts its own. How much of it must share a page is decided where it
    is cut, when the lines are known (``KeepWithNext.cut``)."""
    group: list[Flowable] = []
    owed = 0  # pieces still owed to the headings and lead-ins taken so far
    while pending and (owed or not group):
        if group and _heads(pending[0]) and any(not _need(f) for f in group):
            break  # a new heading starts its own group
        if group and isinstance(pending[0], ActionFlowable | PageBreak):
            break  # a page break (after a booklet's cover) ends what can be kept
        if _keeps(pending[0]):  # ReportLab must not regroup it: the group keeps it
            pending[0].keepWithNext = 0
            pending[0]._cs_heading = True
        piece = _take(pending, group)
        if piece is None or not isinstance(piece, Paragraph | LIIndenter | Spacer):
            owed = 0  # a block, a table or a diagram: enough
        elif not isinstance(piece, Spacer):  # a piece of text: at least one line
            owed = max(owed - 1, MIN_LINES if _need(piece) else 0)
    return group


def keep_with_next(story: Sequence[Flowable]) -> list[Flowable]:
    """Group every heading (``keepWithNext`` set by the plan) and every lead-in (a paragraph
    ending with a colon) with the start of what follows it (``_group``)."""
    pending = list(story)
    out: list[Flowable] = []
    while pending:
        if not _need(pending[0]):
            out.append(pending.pop(0))
            continue
        group = _group(pending)
        if any(not _need(f) for f in group):
            out.append(KeepWithNext(group))
        else:  # nothing follows the headings
            out.extend(group)
    return out
