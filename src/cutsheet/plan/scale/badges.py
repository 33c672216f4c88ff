"""Badges: a shape (an icon: a circle, a diamond; or a rectangle drawn as a circle, its radius
half its side) with a value set inside it, such as an event's "+2" in its green circle. In
large print the value grows; the badge grows with it, so the value sits wholly inside the
shape with a rim of colour all round it, and the badge keeps its shape (a circle stays one
where the face is stretched more one way than the other)."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence

from ...boxes import Box, FillContext
from ...diagnostics import Problem
from ...layouts import Face
from ...measure import MarkupError, TextStyle
from ...profiles import Profile
from ...text import TemplateProblem, render_plain
from .boxes import holds_several, inside, is_disc
from .needs import text_extent

RIM_MM = 2.0  # colour left around a badge's value, at the narrowest
TEXT_PAD_MM = 0.5  # room around a value on its colour
HELD_SHARE = 0.6  # a text box this much inside an icon's box is the value it holds
INK_ASCENT, INK_DESCENT = 0.75, 0.22  # of a size: how far capitals and descenders reach
MM_PT = 72 / 25.4  # points a millimetre


# How much of its square an icon's shape fills (render/icons/shapes.py draws a circle of
# diameter 0.9 and a diamond 0.76 wide and 1.0 tall).
CIRCLE_DIAMETER = 0.9
DIAMOND_SPAN = (0.76, 1.0)
DISC = "disc"  # a rectangle drawn as a circle fills its square


def _span(shape: str, w: float, h: float) -> float:
    """The size of a ``shape`` (drawn square) that holds a w × h mm rectangle at its centre."""
    if shape == "circle":
        return math.hypot(w, h) / CIRCLE_DIAMETER
    if shape == DISC:
        return math.hypot(w, h)
    if shape == "diamond":
        return w / DIAMOND_SPAN[0] + h / DIAMOND_SPAN[1]
    return max(w, h) / CIRCLE_DIAMETER


def _held(boxes: Sequence[Box], icon: Box, shown: set[str]) -> Box | None:
    """The text box a badge holds: shown, and mostly (60 %) inside the icon's box; not the
    number beside a star that only touches it."""
    for t in boxes:
        if not t.traits.holds_text or t.name not in shown or not inside(icon, t):
            continue
        w = min(icon.x + icon.w, t.x + t.w) - max(icon.x, t.x)
        h = min(icon.y + icon.h, t.y + t.h) - max(icon.y, t.y)
        if w > 0 and h > 0 and w * h >= HELD_SHARE * t.w * t.h:
            return t
    return None


def _size_for(
    shape: str, text: Box, style: TextStyle, fc: FillContext, profile: Profile, pad: float
) -> float:
    """The badge size that holds ``text`` set in ``style`` with its pad and a rim."""
    wide = dataclasses.replace(text, w=1000.0, h=1000.0)
    tw, th = text_extent(wide, fc, style, profile)
    return _span(shape, tw + 2 * (pad + RIM_MM), th + 2 * (pad + RIM_MM))


def badge_needs(
    face: Face,
    fc: FillContext,
    styles: dict[str, TextStyle],
    names: dict[str, str],
    kx: float,
    profile: Profile,
    shown: set[str],
) -> tuple[dict[str, tuple[float, Box]], list[tuple[Box, Box, float, float]]]:
    """mm each badge (a shown icon holding a shown text box) needs to hold its value at the
    profile's sizes, by icon name; only badges that must grow. A badge grows no wider than
    its box: a value that would need more is set smaller, down to the body size (a corner
    index, not the card's headline), in a ``-badge`` style added to ``styles``; and each
    badge whose value needs more than its box even so (icon, text, size, room)."""
    needs: dict[str, tuple[float, Box]] = {}
    unheld: list[tuple[Box, Box, float, float]] = []
    badges = (
        b
        for b in face.boxes
        if (b.traits.symbol or is_disc(b))
        and b.name in shown
        and not holds_several(face, b)  # a token's ground, kept round instead
    )
    for icon in badges:
        text = _held(face.boxes, icon, shown)
        if text is None or text.name not in names:
            continue
        style = styles[names[text.name]]
        try:
            disc = not icon.traits.symbol
            shape = DISC if disc else render_plain(getattr(icon, "icon", "") or "", fc.ctx)
        except TemplateProblem:
            continue  # reported when the face is filled
        pad = TEXT_PAD_MM
        room = icon.w * kx
        try:
            size = _size_for(shape, text, style, fc, profile, pad)
            while size > room + 0.01 and style.size > profile.body_size:
                smaller = max(style.size - 1, profile.body_size)
                style = dataclasses.replace(
                    style, size=smaller, leading=round(smaller * profile.line_spacing, 2)
                )
                size = _size_for(shape, text, style, fc, profile, pad)
        except (TemplateProblem, MarkupError):
            continue  # reported, where it is written, when the face is filled
        if style is not styles[names[text.name]]:
            names[text.name] = f"{names[text.name]}-badge"
            styles[names[text.name]] = style
        least = min(icon.w * kx, icon.h)
        if size > room + 0.01:  # not even at the body size: the value would spill out
            unheld.append((icon, text, size, room))
        if size > least + 0.01:
            needs[icon.name] = (min(size, room), icon)
        elif disc:  # round, as big as the shorter of its stretched sides
            needs[icon.name] = (least, icon)
    return needs, unheld


def spilled(
    fc: FillContext, unheld: Sequence[tuple[Box, Box, float, float]], profile: Profile
) -> list[Problem]:
    """A problem for each badge whose value does not fit it even at the body size, at the
    badge's box in the layout: what mends it is there (a wider badge, a face of its own),
    and the cards it spills on are one mistake, said once (``collapse_repeats``). The
    first is the face's overflow (a larger card is tried, and the last one tried says
    it); the others are said with it."""
    return [
        Problem(
            icon.loc,
            f"box '{text.name}': its value needs the badge '{icon.name}' {size:.1f} mm"
            f" across at the {profile.name} profile's {profile.body_size:g} pt; the badge's"
            f" box gives {room:.1f} mm (the badge at least {_in_layout(icon, size, room):g} mm"
            f" wide in the layout, where it is {icon.w:g} mm; or a face of its own for"
            f" {profile.name})",
            subject=fc.label,
            code="badge",
        )
        for icon, text, size, room in unheld
    ]


def _in_layout(icon: Box, size: float, room: float) -> float:
    """The badge's width in the layout that gives it ``size`` mm where its width there gives
    ``room`` (the face is stretched in proportion), rounded up to the tenth of a mm."""
    return math.ceil(icon.w * size / room * 10 - 1e-6) / 10 if room > 0 else icon.w


def circle_spills(
    face: Face,
    boxes: Sequence[Box],
    fc: FillContext,
    styles: Mapping[str, TextStyle],
    names: Mapping[str, str],
    profile: Profile,
    shown: set[str],
) -> list[Problem]:
    """A problem for each text a circle holds (``holds_several``: a token's ground, kept
    round) whose ink, set at the profile's sizes where the scaling put it, leaves the
    circle: a badge grows round its value and says so when it cannot; a ground holding
    several things is laid out with the face, and is checked here."""
    problems = []
    for i, disc in enumerate(face.boxes):
        if disc.name not in shown or not holds_several(face, disc):
            continue
        circle = boxes[i]
        r, cx, cy = circle.w / 2, circle.x + circle.w / 2, circle.y + circle.h / 2
        for j, text in enumerate(face.boxes):
            held = text.traits.holds_text and text.name in shown and text.name in names
            if not held or not _in_circle(disc, text):  # (a ring drawn over it holds it too)
                continue
            placed, style = boxes[j], styles[names[text.name]]
            try:
                tw, th = text_extent(placed, fc, style, profile)
            except (TemplateProblem, MarkupError):
                continue  # reported, where it is written, when the face is filled
            x = placed.x + {"left": 0.0, "center": 0.5, "right": 1.0}[style.align] * (placed.w - tw)
            valign = getattr(placed, "valign", "top")
            y = placed.y + {"top": 0.0, "middle": 0.5}.get(valign, 1.0) * (placed.h - th)
            # its ink, not its lines' leading: capitals and ascenders from the first line's
            # baseline (a size below the top) up, descenders below the last one's
            top = y + (1 - INK_ASCENT) * style.size / MM_PT
            bottom = y + (th - style.leading / MM_PT) + (1 + INK_DESCENT) * style.size / MM_PT
            corners = ((x, top), (x + tw, top), (x, bottom), (x + tw, bottom))
            if all(math.hypot(px - cx, py - cy) <= r + 0.01 for px, py in corners):
                continue
            problems.append(
                Problem(
                    disc.loc,
                    f"box '{text.name}': its text ({tw:.1f} × {th:.1f} mm at the"
                    f" {profile.name} profile's sizes) leaves the circle '{disc.name}', which"
                    f" is {circle.w:.1f} mm across there (a shorter text, a larger circle, or"
                    f" a face of its own for {profile.name})",
                    subject=fc.label,
                    code="badge",
                )
            )
    return problems


def _in_circle(disc: Box, box: Box) -> bool:
    """Whether the layout sets ``box`` in circle ``disc``: its centre inside the circle (not
    only its square: a corner index beside it is not in it), and no wider nor taller than
    the circle (a card-wide text behind it, a ribbon across it, is not)."""
    r = disc.w / 2
    cx, cy = box.x + box.w / 2 - (disc.x + r), box.y + box.h / 2 - (disc.y + r)
    return box.w <= disc.w and box.h <= disc.h and math.hypot(cx, cy) <= r


def centred_in_badges(
    boxes: list[Box], grown: Mapping[str, tuple[float, Box]], shown: set[str]
) -> list[Box]:
    """Each grown badge drawn at the size it needs, centred where its box is, and the text
    it holds centred on it."""
    out = list(boxes)
    for i, icon in enumerate(out):
        if icon.name not in grown:
            continue
        d = grown[icon.name][0]
        cx, cy = icon.x + icon.w / 2, icon.y + icon.h / 2
        held = _held(out, icon, shown)
        out[i] = dataclasses.replace(icon, x=cx - d / 2, y=cy - d / 2, w=d, h=d)
        if is_disc(grown[icon.name][1]):
            out[i] = dataclasses.replace(out[i], radius=d / 2)  # type: ignore[call-arg]
        if held is not None:
            j = out.index(held)
            out[j] = dataclasses.replace(held, x=cx - held.w / 2, y=cy - held.h / 2)
    return out
