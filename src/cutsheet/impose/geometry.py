"""One page's geometry, items aside: the card bands packed onto the page, the fold for
gutterfold, crop marks, cut and fold lines, and room for the page furniture; the page filled
greedily (marks shrunk, then rows given up, until the furniture fits); and the fold that puts
the most items on a gutterfold page."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from .bands import _Band, _fold_at, _pack, _place_bands, _region, _shrink, _Spec
from .base import (
    CLEAR,
    LINE_CLEAR,
    LINE_CLEAR_MIN,
    MARK_DEPTH,
    MARK_DEPTH_MIN,
    SAFE_MARGIN,
    Fold,
    Grid,
    NoteSize,
    PageFurniture,
    Segment,
    Size,
    _seg_rect,
    _union,
)
from .furniture import _Block, _fold_line, _folded, _furniture


@dataclass(frozen=True)
class _Geometry:
    """Everything on one page but the items: the front bands, the fold (gutterfold) and what
    is drawn around them."""

    bands: tuple[_Band, ...]
    fold: Fold | None
    fold_at: float
    marks: tuple[Segment, ...]
    cut_lines: tuple[Segment, ...]
    fold_lines: tuple[Segment, ...]
    furniture: PageFurniture


@lru_cache(maxsize=4096)
def _geometry(
    paper: Size,
    fold: Fold | None,
    specs: tuple[_Spec, ...],
    bleed: float,
    note: NoteSize,
    cap: float,
) -> _Geometry | None:
    """Place ``specs`` on the page (marks grown up to ``cap``), mirror them across the fold for
    gutterfold, and find room for the furniture; None if anything does not fit.

    Whether the page holds them is decided with the furniture ``CLEAR`` of every line (so a
    page holds what it always did); the furniture then keeps its ink ``LINE_CLEAR`` from the
    crop marks, cut and fold lines, or ``LINE_CLEAR_MIN`` at least, the marks shortened where
    they stand (the cards never move) when that is what it takes."""
    bands = _place_bands(_region(paper, fold), specs, bleed, cap)
    if bands is None or _dressed(paper, fold, bands, note, (CLEAR,)) is None:
        return None
    short = [replace(b, depth=tuple(min(d, MARK_DEPTH_MIN) for d in b.depth)) for b in bands]
    for these in (bands, short) if short != bands else (bands,):
        geometry = _dressed(paper, fold, these, note, (LINE_CLEAR, LINE_CLEAR_MIN))
        if geometry is not None:
            return geometry
    return None


def _dressed(
    paper: Size, fold: Fold | None, bands: Sequence[_Band], note: NoteSize, gaps: Sequence[float]
) -> _Geometry | None:
    """Placed ``bands`` with their marks, cut and fold lines, and the furniture its ink the
    first of ``gaps`` from those lines that it fits at; None if it fits at none.

    The fold line is dashed across the whole stack of bands and their mark zones; crop marks
    and cut lines go on the fronts' half only (after folding, the halves coincide)."""
    marks = tuple(m for b in bands for m in b.marks())
    cuts = tuple(c for b in bands for c in b.cut_lines())
    blocks: list[_Block] = [(b.box, b.row_spans()) for b in bands]
    folds: tuple[Segment, ...] = ()
    at = 0.0
    if fold is not None:
        at = _fold_at(paper, fold)
        blocks += [_folded(block, fold, at) for block in blocks]
        folds = (_fold_line(_union([b.zone for b in bands]), fold, at),)
    stubs = tuple(s for b in bands for s in b.cut_stubs())  # the rest of a cut is on the cards
    lines = [_seg_rect(s) for s in marks + stubs + folds]
    fold_x = at if fold == "vertical" else None
    furniture = _furniture(paper, note, blocks, lines, fold_x, gaps)
    if furniture is None:
        return None
    return _Geometry(tuple(bands), fold, at, marks, cuts, folds, furniture)


def _too_big(size: Size, paper: Size, where: str = "") -> ValueError:
    return ValueError(
        f"a {size[0]:g}×{size[1]:g} mm item does not fit{where} on a {paper[0]:g}×{paper[1]:g} mm"
        f" page inside its {SAFE_MARGIN:g} mm margins with room for crop marks"
    )


def _fill(
    runs: Sequence[tuple[Size, int]],
    paper: Size,
    fold: Fold | None,
    bleed: float,
    note: NoteSize,
) -> tuple[list[_Spec], _Geometry]:
    """The next page: packed greedily; if the furniture finds no room, marks shrink to their
    shortest, then the page gives up a row at a time."""
    specs = _pack(runs, _region(paper, fold), bleed)
    if not specs:
        raise _too_big(runs[0][0], paper, " (half of it, for gutterfold)" if fold else "")
    while specs:
        for cap in (MARK_DEPTH, MARK_DEPTH_MIN):
            geometry = _geometry(paper, fold, tuple(specs), bleed, note, cap)
            if geometry is not None:
                return specs, geometry
        specs = _shrink(specs)
    raise ValueError(
        f"no room for the print note and scale bar beside a {runs[0][0][0]:g}×{runs[0][0][1]:g}"
        f" mm item on a {paper[0]:g}×{paper[1]:g} mm page"
    )


def _fill_grid(
    size: Size,
    count: int,
    grid: Grid,
    paper: Size,
    fold: Fold | None,
    bleed: float,
    note: NoteSize,
) -> tuple[int, _Geometry]:
    """The next page of a fixed ``grid`` (columns, rows) of ``size`` items: the whole grid is
    placed (and marked) on every page, the first ``count`` of its places filled."""
    cols, rows = grid
    spec = _Spec(size, cols * rows, cols)
    for cap in (MARK_DEPTH, MARK_DEPTH_MIN):
        geometry = _geometry(paper, fold, (spec,), bleed, note, cap)
        if geometry is not None:
            take = min(count, cols * rows)
            band = replace(geometry.bands[0], count=take)
            return take, replace(geometry, bands=(band,))
    raise ValueError(
        f"a {cols}×{rows} grid of {size[0]:g}×{size[1]:g} mm items does not fit on a"
        f" {paper[0]:g}×{paper[1]:g} mm page inside its {SAFE_MARGIN:g} mm margins with room"
        " for crop marks and the print note"
    )


DEFAULT_NOTE = NoteSize()


@lru_cache(maxsize=256)
def gutterfold_fold(
    size: Size, paper: Size, bleed: float = 0.0, note: NoteSize = DEFAULT_NOTE
) -> Fold:
    """The fold that puts the most ``size`` items on a portrait page (a vertical fold when
    both hold as many): fronts left of a vertical fold, or above a horizontal one."""
    best: tuple[int, Fold] | None = None
    for fold in ("vertical", "horizontal"):
        try:
            specs, _ = _fill([(size, 10**6)], paper, fold, bleed, note)
        except ValueError:
            continue
        n = sum(s.count for s in specs)
        if best is None or n > best[0]:
            best = (n, fold)
    if best is None:
        raise ValueError(
            f"a {size[0]:g}×{size[1]:g} mm item does not fit on half of a {paper[0]:g}×"
            f"{paper[1]:g} mm page: gutterfold puts the fronts on one half and their backs on"
            " the other"
        )
    return best[1]
