"""Page furniture: the 100 % note, the 50 mm bar and the page label, docked in margins clear
of all ink, and the fold line of a gutterfold page."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .base import (
    _EPS,
    CLEAR,
    SAFE_MARGIN,
    Fold,
    NoteSize,
    PageFurniture,
    Placement,
    Rect,
    Segment,
    Size,
    _bar_at,
    _fold_rect,
    _text_at,
    _union,
)

# -- furniture: the note, the bar and the label, in margins clear of all ink -----------------

_Block = tuple[Rect, tuple[tuple[float, float], ...]]  # a band's bleed box, its rows' trim spans
_Prefs = tuple[tuple[str, bool], ...]  # (dock kind, from its far end) in order of preference
_Taken = tuple[list[Rect], Sequence[Rect], float]  # solids (cards, furniture), lines, their gap
_NOTE_PREFS: _Prefs = (("bottom", False), ("left", False), ("top", False), ("right", False))
_BAR_PREFS: _Prefs = (("bottom", True), ("right", False), ("top", True), ("left", False))
_LABEL_PREFS: _Prefs = (("top", False), ("bottom", True), ("right", True), ("left", True))


def _docks(
    paper: Size,
    blocks: Sequence[_Block],
    ink: Rect,
    fold_x: float | None,
    gap: float,
) -> dict[str, list[Rect]]:
    """Free margins to put furniture in, by kind: the strips between the page's ink and its
    safe edges ("bottom", "top", "left", "right"), and beside each row of each block (a band's
    box and its rows' trim spans), between the crop marks on that row's trim lines, out to the
    safe edge or the vertical fold line, ``gap`` off those lines ("left", "right")."""
    pw, ph = paper
    s, c, m = SAFE_MARGIN, CLEAR, gap
    docks: dict[str, list[Rect]] = {
        "bottom": [Rect(s, s, pw - 2 * s, ink.y - c - s)],
        "top": [Rect(s, ink.top + c, pw - 2 * s, ph - s - ink.top - c)],
        "left": [Rect(s, s, ink.x - c - s, ph - 2 * s)],
        "right": [Rect(ink.right + c, s, pw - s - ink.right - c, ph - 2 * s)],
    }
    for box, spans in blocks:
        lo, hi = s, pw - s
        if fold_x is not None:
            lo, hi = (fold_x + m, hi) if box.x >= fold_x else (lo, fold_x - m)
        for y0, y1 in spans:
            docks["left"].append(Rect(lo, y0 + m, box.x - c - lo, y1 - y0 - 2 * m))
            docks["right"].append(Rect(box.right + c, y0 + m, hi - box.right - c, y1 - y0 - 2 * m))
    return {k: [d for d in v if d.w > 0 and d.h > 0] for k, v in docks.items()}


def _is_free(p: Placement, paper: Size, taken: _Taken) -> bool:
    """``p`` lies in the safe area, its box at least ``CLEAR`` from every solid and line, and
    its ink at least the gap asked for from every line."""
    box, s = p.box, SAFE_MARGIN - _EPS
    if box.x < s or box.y < s or box.right > paper[0] - s or box.top > paper[1] - s:
        return False
    solids, lines, gap = taken
    return not any(_near(box, o, CLEAR) for o in (*solids, *lines)) and not any(
        _near(p.ink, o, gap) for o in lines
    )


def _near(a: Rect, b: Rect, gap: float) -> bool:
    """``a`` comes closer than ``gap`` to ``b`` along both axes (a box ``gap`` around ``b``)."""
    g = gap - _EPS
    return a.x - g < b.right and b.x < a.right + g and a.y - g < b.top and b.y < a.top + g


def _spots(
    dock: Rect, w: float, h: float, vertical: bool, far: bool, paper: Size, middle: bool = False
) -> list[Rect]:
    """Where a ``w`` × ``h`` box may sit in ``dock``: against the dock side nearer the page
    edge, at the dock's start, end or middle along it (its end first when ``far``; upright in
    a side margin, its middle first when ``middle``)."""
    if vertical:
        x = dock.x if dock.x + dock.right <= paper[0] else dock.right - w
        ends = [dock.y, dock.top - h]
        mid = dock.y + (dock.h - h) / 2
        along = (
            [mid, *(ends[::-1] if far else ends)]
            if middle
            else [*(ends[::-1] if far else ends), mid]
        )
        return [Rect(x, y, w, h) for y in along]
    y = dock.y if dock.y + dock.top <= paper[1] else dock.top - h
    ends = [dock.x, dock.right - w]
    mid = dock.x + (dock.w - w) / 2
    return [Rect(x, y, w, h) for x in [*(ends[::-1] if far else ends), mid]]


def _put(
    size: Size,
    prefs: _Prefs,
    docks: dict[str, list[Rect]],
    paper: Size,
    taken: _Taken,
    make: Callable[[Rect, bool], Placement],
    middle: bool = False,
) -> Placement | None:
    """The first free spot for a piece ``size`` = (along, across) long, trying docks in order
    of ``prefs``, lengthwise in strips first; its box joins ``taken``'s solids."""
    along, across = size
    for kind, far in prefs:
        flat_first = kind in ("bottom", "top")
        for dock in docks[kind]:
            for vertical in (not flat_first, flat_first):
                w, h = (across, along) if vertical else (along, across)
                if dock.w + _EPS < w or dock.h + _EPS < h:
                    continue
                for box in _spots(dock, w, h, vertical, far, paper, middle):
                    p = make(box, vertical)
                    if _is_free(p, paper, taken):
                        taken[0].append(box)
                        return p
    return None


def _furniture(
    paper: Size,
    note: NoteSize,
    blocks: Sequence[_Block],
    lines: Sequence[Rect],
    fold_x: float | None,
    gaps: Sequence[float],
    wide: Sequence[float] = (),
) -> PageFurniture | None:
    """Note (bottom left by preference), scale bar (bottom right) and label (top left), each in
    a free margin ``CLEAR`` from all ink and each other, its ink the first of ``gaps`` that lets
    all three fit from the ``lines`` (crop marks, cut and fold lines); None when one of them
    finds no room even at the last. A gap of ``wide``, tried first, is taken only where the
    label keeps the game's title there too: naming the game on a loose page comes before the
    wider gap."""
    solids = [box for box, _ in blocks]
    ink = _union([*solids, *lines])
    for gap in (*wide, *gaps):
        docks = _docks(paper, blocks, ink, fold_x, gap)
        taken = (list(solids), lines, gap)
        note_at = _put((note.text_w, note.line_h), _NOTE_PREFS, docks, paper, taken, _text_at)
        # the bar upright in a side margin takes its middle, between the marks of two rows:
        # at an end, its end tick stood in line with the mark beside it, and read as part of it
        bar_at = _put(note.bar, _BAR_PREFS, docks, paper, taken, _bar_at, middle=True)
        if note_at is None or bar_at is None:
            continue
        # the label with the game's title where a margin holds it, else the short one: the
        # title never costs the page a row nor moves the note or the bar (placed before it)
        if note.titled_w > note.label_w:
            size = (note.titled_w, note.line_h)
            titled = _put(size, _LABEL_PREFS, docks, paper, taken, _text_at)
            if titled is not None:
                return PageFurniture(note_at, bar_at, titled, titled=True)
            if gap in wide:
                continue
        label_at = _put((note.label_w, note.line_h), _LABEL_PREFS, docks, paper, taken, _text_at)
        if label_at is not None:
            return PageFurniture(note_at, bar_at, label_at)
    return None


def _folded(block: _Block, fold: Fold, at: float) -> _Block:
    """A block reflected across the fold: where the backs of its items go."""
    box, spans = block
    if fold == "horizontal":
        spans = tuple((2 * at - top, 2 * at - bottom) for bottom, top in spans)
    return (_fold_rect(box, fold, at), spans)


def _fold_line(zone: Rect, fold: Fold, at: float) -> Segment:
    """The fold, across the whole ``zone`` of the fronts' bands and their marks."""
    if fold == "vertical":
        return Segment(at, zone.y, at, zone.top)
    return Segment(zone.x, at, zone.right, at)
