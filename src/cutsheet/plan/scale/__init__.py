"""Scaled faces (large print): the standard face, with its structure, at a larger text size.

Every box keeps its place in the design. Horizontally the face is stretched to the card it is
printed on; vertically each text box grows to what its text needs at the profile's sizes and
the boxes below move down (shapes around them stretch with them), while the empty space
between boxes gives some of itself back. Text sizes keep their hierarchy: body text at the
profile's body size, a title at least at its heading size, and a headline (any style of 14 pt
and up: a name, a vote, a limit, a cost) at least 1.5 times the body size and proportionally
larger, so it stays the largest thing on the card.

``scale_face`` runs the steps: ``styles`` (sizes and styles), ``boxes`` (which boxes show,
which hold which), ``needs`` (text measured at its new size), ``edges`` (the vertical edge
map), ``widths`` (widening for unbreakable words), ``badges`` (a shape grown round the value
it holds), ``icons`` (an icon grown with the words beside it, or moved clear of grown text)
and ``shades`` (the shape under text that misses the profile's contrast in a darker or
lighter shade of its colour).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from ...boxes import Box, FillContext
from ...boxes.base import field_of
from ...diagnostics import Problem
from ...layouts import Face
from ...measure import TextStyle
from ...profiles import Profile
from ..deck_alignment import Column
from .badges import badge_needs, centred_in_badges, circle_spills, spilled
from .boxes import disc_names, squares_kept, visible
from .edges import fitted_edge_map, kept_stretches
from .icons import clear_icons, icon_needs
from .needs import text_needs
from .shades import markup_inks, shaded
from .styles import clean, keep_alignment, scaled_styles
from .widths import widened


def scale_face(
    face: Face,
    src: tuple[float, float],
    dst: tuple[float, float],
    fc: FillContext,
    profile: Profile,
    gap: float = 1.0,
    memo: dict[tuple[object, ...], tuple[Face, dict[str, TextStyle], float]] | None = None,
    fixed: tuple[object, ...] | None = None,
    deck_running: frozenset[Column] = frozenset(),
) -> tuple[Face, FillContext, Problem | None, float, frozenset[Column], frozenset[Column]]:
    """The face re-laid for ``dst`` at the profile's sizes, the fill context with the scaled
    styles, the overflow when the structure does not fit (None when it does), and the share
    of its inner space the design kept (at most ``gap``: cards of one deck share theirs).
    Wrapping body text is left-aligned; a single line (a kicker, an id) keeps its place but
    in a column that is running text on another card of the deck (``deck_running``); then
    the columns set as running text and those that kept their alignment (``column_of``).
    With a ``memo`` and the ``fixed`` values its templates read besides its boxes' text, a
    face without icons is re-laid once for every item whose text needs the same room, and
    its vertical edges found once for every item whose text needs the same heights."""
    kx, ky = dst[0] / src[0], dst[1] / src[1]
    styles, names = scaled_styles(face, fc, profile)
    shown = visible(face, fc)
    needs, wide, single, running = text_needs(face, fc, styles, names, kx, profile, shown)
    moved = {n for n in single if column_of(face, n) in deck_running}
    single, running = single - moved, running | moved
    sets = tuple(_one_of(frozenset(column_of(face, n) for n in ns)) for ns in (running, single))
    inks, key = markup_inks(face.boxes, fc, styles, shown) if profile.min_contrast else {}, None
    if memo is not None and fixed is not None and not any(b.traits.symbol for b in face.boxes):
        measured = tuple((n, h) for n, (h, _box) in needs.items())
        key = (face.name, src, dst, gap, fixed, frozenset(shown), measured, tuple(wide.items()))
        key += (frozenset(single), frozenset(running), tuple(sorted(inks.items())))
        if key in memo:
            scaled_face, styles, gap = memo[key]
            adjusted = dataclasses.replace(fc, styles=styles, adjust=lambda m: clean(m, profile))
            return scaled_face, adjusted, None, gap, *sets  # type: ignore[return-value]
    grown, unheld = badge_needs(face, fc, styles, names, kx, profile, shown)
    needs.update(icon_needs(face, fc, styles, names, needs, kx, shown))
    needs.update(grown)
    keep_alignment(face, fc, styles, names, single, running)
    edges = None if key is None else ("edges", *key[:4], key[5], key[6])
    new, gap = _edge_map(face, needs, shown, (src[1], dst[1], ky), gap, memo, edges)
    spans = widened(face, fc, wide, kx, dst[0])
    boxes = squares_kept(face, _moved(face, new, spans, names, kx), shown)
    boxes = clear_icons(boxes, fc, styles, profile, shown)
    boxes = centred_in_badges(boxes, grown, shown)
    if profile.min_contrast:
        boxes = shaded(boxes, fc, styles, profile, shown, inks, disc_names(face))
    scaled_face = Face(face.name, tuple(boxes), face.loc)
    held = circle_spills(face, boxes, fc, styles, names, profile, shown)  # a token's ground
    overflow, *others = spilled(fc, unheld, profile) + held or [None]  # (the first badge's)
    if new[src[1]] > dst[1] + 0.01:
        overflow = _overflow(fc, face, needs, ky, dst, new[src[1]] - dst[1], profile)
    elif others:  # every badge that spills is said, the first as the overflow
        fc.problems.extend(p for p in others if p is not None)
    elif overflow is None and key is not None and memo is not None:
        memo[key] = (scaled_face, styles, gap)
    adjusted = dataclasses.replace(fc, styles=styles, adjust=lambda m: clean(m, profile))
    return scaled_face, adjusted, overflow, gap, *sets  # type: ignore[return-value]


def column_of(face: Face, name: str) -> Column:
    """The column (``deck_alignment.Column``) of ``face``'s box ``name``."""
    box = next(b for b in face.boxes if b.name == name)
    return (round(box.x, 1), round(box.w, 1), str(getattr(box, "style", "")))


_SETS: dict[frozenset[Column], frozenset[Column]] = {}


def _one_of(columns: frozenset[Column]) -> frozenset[Column]:
    """One object for every equal set: a deck's planner keeps each card's two sets until
    the deck is planned (20,000 cards held 25 MB of equal sets, each its own)."""
    return _SETS.setdefault(columns, columns)


def _edge_map(
    face: Face,
    needs: Mapping[str, tuple[float, Box]],
    shown: set[str],
    heights: tuple[float, float, float],
    gap: float,
    memo: dict[tuple[object, ...], Any] | None,
    edges: tuple[object, ...] | None,
) -> tuple[Mapping[float, float], float]:
    """The face's vertical edge map and gap (``fitted_edge_map``; ``heights``: the face's
    height, the card's and the stretch between them), found once for every item whose text
    needs the same heights (``edges``: its key in ``memo``)."""
    if edges is not None and memo is not None and edges in memo:
        return memo[edges]  # type: ignore[no-any-return]
    keeps = kept_stretches(face, shown)
    found = fitted_edge_map(face, needs, keeps, *heights, gap, shown)
    if edges is not None and memo is not None:
        memo[edges] = found
    return found


def _moved(
    face: Face,
    new: Mapping[float, float],
    spans: Mapping[str, tuple[float, float]],
    names: Mapping[str, str],
    kx: float,
) -> list[Box]:
    """Every box at its new place: its top and bottom edges where the edge map puts them, its
    sides stretched by ``kx`` (or as widened), text in its scaled style."""
    boxes = []
    for box in face.boxes:
        top, bottom = new[box.y], new[box.y + box.h]
        x, w = spans.get(box.name, (box.x * kx, box.w * kx))
        changes: dict[str, object] = {"x": x, "y": top, "w": w, "h": bottom - top}
        if box.name in names:
            changes["style"] = names[box.name]
        boxes.append(_replaced(box, changes))
    return boxes


def _replaced(box: Box, changes: Mapping[str, object]) -> Box:
    """``dataclasses.replace(box, **changes)``, for a face's every box of every item: a box
    is a frozen dataclass whose fields are what its ``__init__`` was given (no
    ``__post_init__``, no slots), so a copy of them with ``changes`` is the same box, made
    without running ``__init__`` again."""
    new = object.__new__(type(box))
    new.__dict__.update(box.__dict__)
    new.__dict__.update(changes)
    return new


def _overflow(
    fc: FillContext,
    face: Face,
    needs: Mapping[str, tuple[float, Box]],
    ky: float,
    dst: tuple[float, float],
    over: float,
    p: Profile,
) -> Problem:
    """The design is ``over`` mm too tall for ``dst``: located at the field of the text box
    that grew most (else at that box, else at the face)."""
    worst = max(needs.values(), key=lambda nb: nb[0] - nb[1].h * ky, default=None)
    box = worst[1] if worst else None
    field = field_of(getattr(box, "text", None), fc.ctx) if box else None
    where = fc.loc_of(field) if field else (box.loc if box else face.loc)
    name = f", box '{box.name}'" if box else ""
    grew = f" (field {field})" if field else ""
    return Problem(
        where,
        f"{fc.label}{name}{grew}: the {p.name} profile's text ({p.body_size:g} pt and up) does"
        f" not fit a {dst[0]:g}×{dst[1]:g} mm card ({over:.1f} mm over)",
    )
