"""Shades: text whose colour misses the profile's contrast on the shape it is set on gets a
darker or lighter shade of that shape's own colour under it (``contrast.reaching``), or, when
no shade of that colour will do, black text on a light tint of it. The shape's fill is
replaced; nothing is pasted inside it, so a badge, band or ticket keeps its shape and its
colour, and every text on that shape reaches the contrast. A white sticker the standard face
pastes inside a coloured shape under text (a back's title panel) is left unfilled first
(``peeled``): its text is set on the shape's shade too. A white circle (a coin) is a shape
of the design, not a sticker, and stays."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from ...boxes import Box, FillContext
from ...contrast import BLACK, WHITE, contrast, reaching
from ...measure import TextStyle
from ...profiles import Profile
from ...text import TemplateProblem, render
from .boxes import inside, is_disc


def _colour(fc: FillContext, value: str | None) -> str | None:
    """A fill as ``fc.colour`` gives it; one that is no colour is None here (the face's own
    check reports it, located at the box)."""
    try:
        return fc.colour(value)
    except TemplateProblem:
        return None


def _under(boxes: list[Box], box: Box, fc: FillContext, shown: set[str]) -> int | None:
    """Which box's fill is under a text box as drawn: its own, else the last shown shape
    (shapes are drawn before all text) that covers its centre; None for the paper."""
    if _colour(fc, box.fill):
        return boxes.index(box)
    under = None
    for i, shape in enumerate(boxes):
        if shape.traits.paints_under_text and shape.name in shown and inside(shape, box):
            if _colour(fc, shape.fill):
                under = i
    return under


def _sticker(
    boxes: list[Box], i: int, fc: FillContext, shown: set[str], discs: frozenset[str]
) -> bool:
    """Is box ``i`` white and inside a coloured shape (not white) drawn before it: a white
    sticker pasted inside that shape? A white circle as the face lays it out (``discs``, by
    name: scaled, it may be stretched out of round) is not one: it is a shape of the design
    (a coin holding a cost), which keeps its colour as every badge does."""
    round_ = boxes[i].name in discs or is_disc(boxes[i])
    if (_colour(fc, boxes[i].fill) or "").upper() != WHITE or round_:
        return False
    for shape in boxes[:i]:
        if shape.traits.paints_under_text and shape.name in shown and inside(shape, boxes[i]):
            if (_colour(fc, shape.fill) or WHITE).upper() != WHITE:
                return True
    return False


def peeled(
    boxes: list[Box],
    fc: FillContext,
    styles: dict[str, TextStyle],
    shown: set[str],
    discs: frozenset[str] = frozenset(),
) -> list[Box]:
    """The boxes with every white sticker under text (a white panel or label inside a
    coloured shape: a standard back's title panel) left unfilled, its outline kept: the text
    is set on the shape it was pasted in, which ``shaded`` then gives a shade of its own
    colour that reaches the contrast."""
    out = list(boxes)
    for box in boxes:
        if not box.traits.holds_text or box.name not in shown or box.style not in styles:
            continue
        under = _under(out, box, fc, shown)
        if under is not None and _sticker(out, under, fc, shown, discs):
            out[under] = dataclasses.replace(out[under], fill=None)
    return out


def markup_inks(
    boxes: list[Box] | tuple[Box, ...],
    fc: FillContext,
    styles: Mapping[str, TextStyle],
    shown: set[str],
) -> dict[str, frozenset[str]]:
    """The colours the text of each box prints in, by box name, for a box whose text sets a
    colour in markup (``<font color=…>``): its runs' colours, the style's for a run that sets
    none (``run_colours.printed_inks``). A box whose text sets no colour prints in its style's
    colour, and is not here."""
    from ..run_colours import printed_inks

    inks: dict[str, frozenset[str]] = {}
    for box in boxes:
        style = styles.get(box.style) if box.traits.holds_text else None
        if style is None or box.name not in shown or "<" not in (box.text or ""):
            continue
        try:
            raw = render(box.text or "", fc.ctx)
        except TemplateProblem:
            continue  # reported when the face is filled
        found = printed_inks(raw, style)
        if found is not None:
            inks[box.name] = found
    return inks


def shaded(
    boxes: list[Box],
    fc: FillContext,
    styles: dict[str, TextStyle],
    profile: Profile,
    shown: set[str],
    inks_of: Mapping[str, frozenset[str]] | None = None,
    discs: frozenset[str] = frozenset(),
) -> list[Box]:
    """The boxes with every fill that text misses ``profile.min_contrast`` on replaced by the
    nearest shade of it that all the text on it reaches the contrast on; where only a tint
    under black text does, that text's style is a black ``-ink`` copy, added to ``styles``.
    Text straight on the paper that misses it is set in black. Text whose markup sets its
    colour (``inks_of``: ``markup_inks``) is judged in the colours it prints in: white text
    set on a dark shape that it reaches the contrast on leaves the shape as it is. ``discs``:
    the names of the face's circles as laid out (``peeled``)."""
    minimum = profile.min_contrast or 0.0
    inks_of = inks_of or {}
    boxes = peeled(boxes, fc, styles, shown, discs)
    out = list(boxes)
    on: dict[int | None, list[int]] = {}  # fill → the text boxes set on it
    for i, box in enumerate(boxes):
        style = styles.get(box.style) if box.traits.holds_text else None
        if style is not None and box.name in shown:
            on.setdefault(_under(boxes, box, fc, shown), []).append(i)
    for under, texts in on.items():
        fill = WHITE if under is None else (_colour(fc, boxes[under].fill) or WHITE)
        printed = [inks_of.get(boxes[i].name, {styles[boxes[i].style].color}) for i in texts]
        if all(contrast(ink, fill) >= minimum for inks in printed for ink in inks):
            continue
        inks = sorted(set().union(*printed))  # the shade is chosen for what prints
        shade, ink = reaching(fill, inks, minimum) if under is not None else (WHITE, BLACK)
        if under is not None:
            out[under] = dataclasses.replace(out[under], fill=shade)
        if ink is None:
            continue
        for i in texts:
            style = styles[boxes[i].style]
            if contrast(style.color, shade) < minimum:
                name = f"{boxes[i].style}-ink"
                styles[name] = dataclasses.replace(style, color=ink)
                out[i] = dataclasses.replace(out[i], style=name)
    return out
