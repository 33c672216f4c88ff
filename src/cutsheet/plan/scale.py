"""Scaled faces (large print): the standard face, with its structure, at a larger text size.

Every box keeps its place in the design. Horizontally the face is stretched to the card it is
printed on; vertically each text box grows to what its text needs at the profile's sizes and
the boxes below move down (shapes around them stretch with them), while the empty space
between boxes gives some of itself back. Text sizes keep their hierarchy: body text at the
profile's body size, a title at least at its heading size, and a headline (any style of 14 pt
and up: a name, a vote, a limit, a cost) at least 1.5 times the body size and proportionally
larger, so it stays the largest thing on the card.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Mapping

from ..boxes import MM, Box, FillContext
from ..boxes.base import field_of
from ..contrast import WHITE, contrast
from ..diagnostics import Problem
from ..layouts import Face
from ..measure import (
    MarkupError,
    TextStyle,
    face_name,
    measure,
    paragraph_style,
    widest_word,
    wrapped,
)
from ..profiles import Profile
from ..symbols import expand
from ..text import TemplateProblem, evaluate, render

SAFE_MM = 3.0  # text keeps this far from the trim
REFERENCE_BODY = 8.0  # pt: the body size the standard layouts are drawn for
HEADLINE = 14.0  # pt: a standard style this large is a headline (a name, a value, a cost)
HEADLINE_RATIO = 1.5  # a headline stays at least this many times the body size
GAP_FLOOR = 0.1  # empty space between boxes may shrink to this share of itself
MIN_GAP_MM = 1.5  # but an inner space keeps this much of itself (text never touches a frame)
WORD_MARGIN_MM = 1.0  # a word in a tight frame keeps this much room on either side
PANEL_PAD_MM = 1.2  # a white panel behind low-contrast text reaches this far past the text
_ITALIC_RE = re.compile(r"</?i>")
_FONT_SIZE_RE = re.compile(r"""\s(size|fontSize)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)""")


def scaled_size(size: float, profile: Profile) -> float:
    """A standard size at the profile's sizes: never under its body size, larger sizes larger
    in proportion to the square root of their size; a headline (14 pt and up) at least 1.5
    times the body size, a larger headline a little larger (so 14, 16 and 18 pt stay apart)."""
    body = profile.body_size
    root = body * math.sqrt(size / REFERENCE_BODY)
    if size >= HEADLINE:  # and never smaller than on the standard card (a 48 pt limit)
        return max(HEADLINE_RATIO * body * (size / HEADLINE) ** 0.25, root, size)
    return max(body, root)


def scaled_style(style: TextStyle, profile: Profile, title: bool) -> TextStyle:
    """The style at the profile's sizes (``scaled_size``), a title at least at its heading
    size; running text is left-aligned, and italics become the upright face."""
    body = profile.body_size
    size = scaled_size(style.size, profile)
    if title:
        size = max(size, profile.heading_size)
    size = round(size, 1)
    font = style.font.replace("bold-italic", "bold").replace("italic", "regular")
    align = style.align if size > body else "left"  # running text is left-aligned
    leading = round(size * profile.line_spacing, 2)
    return TextStyle(font, size, leading, align, style.color)


def clean(markup: str, profile: Profile) -> str:
    """Inline sizes at the profile's sizes (a small word stays smaller than the headline
    beside it, and never under the body size), and no italics where the profile wants none."""

    def rescale(m: re.Match[str]) -> str:
        try:
            size = float(m.group(2).strip("\"'"))
        except ValueError:
            return ""  # not a number: left to the profile's size
        return f' {m.group(1)}="{round(scaled_size(size, profile), 1):g}"'

    markup = _FONT_SIZE_RE.sub(rescale, markup)
    return markup if profile.italics else _ITALIC_RE.sub("", markup)


def _visible(face: Face, fc: FillContext) -> set[str]:
    """Names of the boxes this item shows (``when:`` true or absent)."""
    shown = set()
    for box in face.boxes:
        try:
            if box.when is None or evaluate(box.when, fc.ctx):
                shown.add(box.name)
        except TemplateProblem:
            continue  # reported when the face is filled
    return shown


def _needs(
    face: Face,
    fc: FillContext,
    styles: Mapping[str, TextStyle],
    names: Mapping[str, str],
    kx: float,
    profile: Profile,
    shown: set[str],
) -> tuple[dict[str, tuple[float, Box]], dict[str, float], set[str]]:
    """mm each visible text box needs at its new width, by box name; the width of each box
    whose longest word is wider than the box; and the boxes whose text is a single line."""
    needs: dict[str, tuple[float, Box]] = {}
    wide: dict[str, float] = {}
    single: set[str] = set()
    for box in face.boxes:
        if box.kind != "text" or box.name not in shown or box.name not in names:
            continue
        try:
            markup = clean(render(box.text or "", fc.ctx), profile)  # type: ignore[attr-defined]
        except TemplateProblem:
            continue  # reported when the face is filled
        style = styles[names[box.name]]
        markup = expand(markup, style.size, style.leading, face_name("bold"))
        try:
            m = measure(markup, style, box.style, box.w * kx * MM, 10_000)
        except MarkupError:
            continue
        needs[box.name] = (m.height / MM + 0.4, box)
        if m.height < 1.5 * style.leading:
            single.add(box.name)
        if m.too_wide > 0:
            wide[box.name] = box.w * kx + m.too_wide / MM + 0.6
        if _framed(face, box, shown):
            word = widest_word(markup, paragraph_style(box.style, style)) / MM
            if word + 2 * WORD_MARGIN_MM > box.w * kx:
                wide[box.name] = max(wide.get(box.name, 0.0), word + 2 * WORD_MARGIN_MM)
    return needs, wide, single


def _framed(face: Face, box: Box, shown: set[str]) -> bool:
    """Is ``box`` drawn in a frame or on a panel hardly wider than itself (a cost ring)?"""
    return any(
        r.kind == "rect"
        and r.name in shown
        and (r.stroke or r.fill)
        and r.w <= box.w + 2
        and _inside(r, box)
        for r in face.boxes
    )


def _scaled_name(style: str, title: bool = False, align: str | None = None) -> str:
    return f"{style}@scaled" + ("-title" if title else "") + (f"-{align}" if align else "")


def _inside(outer: Box, inner: Box) -> bool:
    cx, cy = inner.x + inner.w / 2, inner.y + inner.h / 2
    return outer.x <= cx <= outer.x + outer.w and outer.y <= cy <= outer.y + outer.h


def _keeps(face: Face, shown: set[str]) -> list[tuple[float, float, float]]:
    """(top, bottom, floor): stretches of the design that may shrink no further than
    ``floor`` mm a stretch. The shown icons, images and shapes that hold no text keep their
    standard size however tight the card is (frames and panels around text grow with it);
    the space between a text box and the frame around it keeps ``MIN_GAP_MM``."""
    texts = [b for b in face.boxes if b.kind == "text" and b.name in shown]
    keeps = []
    for b in face.boxes:
        if b.name not in shown or b.kind not in ("icon", "image", "rect"):
            continue
        held = [t for t in texts if _inside(b, t)]
        if not held:
            keeps.append((b.y, b.y + b.h, float("inf")))  # a picture: its own size
        for t in held if b.kind == "rect" else ():
            keeps.append((b.y, t.y, MIN_GAP_MM))
            keeps.append((t.y + t.h, b.y + b.h, MIN_GAP_MM))
    return keeps


def _edge_map(
    face: Face,
    needs: Mapping[str, tuple[float, Box]],
    keeps: list[tuple[float, float, float]],
    height: float,
    ky: float,
    gap: float,
) -> dict[float, float]:
    """Each horizontal edge of the design → its new position (mm from the top): every stretch
    of the design scaled by ``ky`` (inner ones also by ``gap`` ≤ 1, to give room back, but
    no further than ``keeps`` allows), and pushed down wherever a text box above needs more
    height for its text."""
    edges = sorted({0.0, height} | {b.y for b in face.boxes} | {b.y + b.h for b in face.boxes})
    ending: dict[float, list[tuple[float, float]]] = {}  # bottom edge -> (need, top edge)
    for need, b in needs.values():
        ending.setdefault(b.y + b.h, []).append((need, b.y))
    new: dict[float, float] = {}
    prev_old = prev_new = 0.0
    for e in edges:
        span = (e - prev_old) * ky
        if prev_old == 0.0 or e == height:  # a margin keeps the safe zone and a little
            value = prev_new + max(min(span, SAFE_MM + 1), span * gap)
        else:
            floor = max(
                (
                    min(e - prev_old, f)
                    for a, b, f in keeps
                    if a - 1e-6 <= prev_old and e <= b + 1e-6
                ),
                default=0.0,
            )
            value = prev_new + max(min(span, floor), span * gap)
        for need, top in ending.get(e, ()):
            value = max(value, new[top] + need)
        new[e] = value
        prev_old, prev_new = e, value
    return new


def scale_face(
    face: Face,
    src: tuple[float, float],
    dst: tuple[float, float],
    fc: FillContext,
    profile: Profile,
) -> tuple[Face, FillContext, Problem | None]:
    """The face re-laid for ``dst`` at the profile's sizes, the fill context with the scaled
    styles, and the overflow when the structure does not fit (None when it does). Text at the
    body size that wraps is left-aligned; a single line (a kicker, an id) keeps its place."""
    kx, ky = dst[0] / src[0], dst[1] / src[1]
    styles = dict(fc.styles)
    names: dict[str, str] = {}  # box → its scaled style's name
    for box in face.boxes:
        if box.kind in ("text", "cells") and box.style in fc.styles:
            title = box.name == "title"
            names[box.name] = _scaled_name(box.style, title)
            styles[names[box.name]] = scaled_style(fc.styles[box.style], profile, title)
    shown = _visible(face, fc)
    needs, wide, single = _needs(face, fc, styles, names, kx, profile, shown)
    for name in single:
        box = next(b for b in face.boxes if b.name == name)
        own, scaled = fc.styles[box.style].align, styles[names[name]]
        if scaled.align != own:
            names[name] = _scaled_name(box.style, name == "title", own)
            styles[names[name]] = dataclasses.replace(scaled, align=own)
    keeps = _keeps(face, shown)
    gap = 1.0
    new = _edge_map(face, needs, keeps, src[1], ky, gap)
    while new[src[1]] > dst[1] + 0.01 and gap > GAP_FLOOR:
        gap = round(gap - 0.05, 2)
        new = _edge_map(face, needs, keeps, src[1], ky, gap)
    spans = _widened(face, fc, wide, kx, dst[0])
    boxes = []
    for box in face.boxes:
        top, bottom = new[box.y], new[box.y + box.h]
        x, w = spans.get(box.name, (box.x * kx, box.w * kx))
        changes: dict[str, object] = {"x": x, "y": top, "w": w, "h": bottom - top}
        if box.name in names:
            changes["style"] = names[box.name]
        boxes.append(dataclasses.replace(box, **changes))  # type: ignore[arg-type]
    boxes = _clear_icons(boxes, fc, styles, profile, shown)
    if profile.min_contrast:
        boxes = _tight_panels(boxes, fc, styles, profile, shown, dst[0])
    scaled_face = Face(face.name, tuple(boxes), face.loc)
    overflow = None
    if new[src[1]] > dst[1] + 0.01:
        worst = max(needs.values(), key=lambda nb: nb[0] - nb[1].h * ky, default=None)
        over = new[src[1]] - dst[1]
        overflow = _overflow(fc, worst[1] if worst else None, face, dst, over, profile)
    adjusted = dataclasses.replace(fc, styles=styles, adjust=lambda m: clean(m, profile))
    return scaled_face, adjusted, overflow


def _under(boxes: list[Box], box: Box, fc: FillContext, shown: set[str]) -> str:
    """The colour under a text box as drawn: its own fill, else the last shown shape (shapes
    are drawn before all text) that covers its centre, else the paper."""
    own = fc.colour(box.fill)
    if own:
        return own
    under = WHITE
    for shape in boxes:
        if shape.kind in ("rect", "icon") and shape.name in shown and _inside(shape, box):
            under = fc.colour(shape.fill) or under
    return under


def _text_extent(
    box: Box, fc: FillContext, style: TextStyle, profile: Profile
) -> tuple[float, float]:
    """Width and height (mm) of the text of ``box`` as set in its box: its longest line."""
    markup = clean(render(box.text or "", fc.ctx), profile)  # type: ignore[attr-defined]
    markup = expand(markup, style.size, style.leading, face_name("bold"))
    para, height = wrapped(markup, style, box.style, box.w * MM, box.h * MM)
    lines = getattr(getattr(para, "blPara", None), "lines", []) or []
    extra = [
        float(ln[0] if isinstance(ln, tuple) else getattr(ln, "extraSpace", 0.0)) for ln in lines
    ]
    width = box.w * MM - min(extra, default=0.0)
    return width / MM, height / MM


def _clear_icons(
    boxes: list[Box],
    fc: FillContext,
    styles: Mapping[str, TextStyle],
    profile: Profile,
    shown: set[str],
) -> list[Box]:
    """An icon set inside a text box's area beside its text (a star left of a right-aligned
    number) moves clear of the text once the text has grown into it: 1 mm before the text
    of a right-aligned box (and its panel, if it gets one), after that of a left-aligned one."""
    out = list(boxes)
    for i, icon in enumerate(out):
        if icon.kind != "icon" or icon.name not in shown:
            continue
        for t in out:
            style = styles.get(t.style)
            if t.kind != "text" or t.name not in shown or style is None or style.align == "center":
                continue
            if not _inside(t, icon):
                continue
            try:
                tw, _th = _text_extent(t, fc, style, profile)
            except (TemplateProblem, MarkupError):
                continue
            a, b = (t.x + t.w - tw, t.x + t.w) if style.align == "right" else (t.x, t.x + tw)
            d = min(icon.w, icon.h)  # an icon is drawn square, centred in its box
            x = icon.x + (icon.w - d) / 2
            if x < b and a < x + d:
                gap = 1 + PANEL_PAD_MM  # clear of a panel behind the text, too
                nx = a - gap - d if style.align == "right" else b + gap
                out[i] = dataclasses.replace(icon, x=nx, w=d, y=icon.y + (icon.h - d) / 2, h=d)
    return out


def _tight_panels(
    boxes: list[Box],
    fc: FillContext,
    styles: dict[str, TextStyle],
    profile: Profile,
    shown: set[str],
    width: float,
) -> list[Box]:
    """Text that misses the profile's contrast on its colour is set on a white panel as big
    as its box (``on_panels``): make such a box hug its text, with ``PANEL_PAD_MM`` around it
    (inside the box it had for centred text; a single line may reach past its box, inside the
    safe zone), so the panel is a label on the colour and the badge, band or ticket around it,
    and any icon beside the text, keep their shape."""
    out = []
    for box in boxes:
        style = styles.get(box.style)
        if box.kind != "text" or box.name not in shown or style is None:
            out.append(box)
            continue
        if contrast(style.color, _under(boxes, box, fc, shown)) >= profile.min_contrast:
            out.append(box)
            continue
        try:
            tw, th = _text_extent(box, fc, style, profile)
        except (TemplateProblem, MarkupError):
            out.append(box)
            continue
        pad = PANEL_PAD_MM
        valign = getattr(box, "valign", "top")
        top = {"top": box.y, "middle": box.y + (box.h - th) / 2}.get(valign, box.y + box.h - th)
        y0, y1 = max(box.y, top - pad), min(box.y + box.h, top + th + pad)
        where = "top" if y0 >= top - 1e-6 else ("bottom" if y1 <= top + th + 1e-6 else "middle")
        changes: dict[str, object] = {"y": y0, "h": y1 - y0, "valign": where}
        lines = round(th / (style.leading / MM))
        if style.align == "center" or lines <= 1:
            left = {"left": box.x, "center": box.x + (box.w - tw) / 2}.get(
                style.align, box.x + box.w - tw
            )
            if style.align == "center":
                room = min(pad, max(left - box.x, 0.0))
            else:  # the same room on both sides: the text, centred in it, stays where it was
                room = max(min(pad, left - SAFE_MM, width - SAFE_MM - left - tw), 0.0)
            changes.update(x=left - room - 0.1, w=tw + 2 * room + 0.2)
            if style.align != "center":
                centred = dataclasses.replace(style, align="center")
                name = f"{box.style}-panel"
                changes["style"] = name
                styles[name] = centred
        out.append(dataclasses.replace(box, **changes))  # type: ignore[arg-type]
    return out


def _widened(
    face: Face, fc: FillContext, wide: Mapping[str, float], kx: float, width: float
) -> dict[str, tuple[float, float]]:
    """New (x, w) of each box that must widen for an unbreakable word, and of the shapes
    around it, grown about their anchor (left, right or centre) inside the safe zone."""
    spans: dict[str, tuple[float, float]] = {}
    lo, hi = SAFE_MM, width - SAFE_MM
    for box in face.boxes:
        if box.name not in wide:
            continue
        x, w = box.x * kx, box.w * kx
        need = min(wide[box.name], hi - lo)
        align = fc.styles[box.style].align if box.style in fc.styles else "left"
        grow = need - w
        nx = x if align == "left" else (x - grow if align == "right" else x - grow / 2)
        nx = min(max(nx, lo), hi - need)
        spans[box.name] = (nx, need)
        cx, cy = box.x + box.w / 2, box.y + box.h / 2
        for shape in face.boxes:
            inside = shape.x <= cx <= shape.x + shape.w and shape.y <= cy <= shape.y + shape.h
            if shape.kind == "rect" and inside and shape.w * kx < need + 2:
                sx = min(max(nx - 1, lo - 1.5), hi + 1.5 - (need + 2))
                if shape.w * kx < width - 2 * SAFE_MM:  # not the card's own border
                    spans.setdefault(shape.name, (sx, need + 2))
    return spans


def _overflow(
    fc: FillContext, box: Box | None, face: Face, dst: tuple[float, float], over: float, p: Profile
) -> Problem:
    field = field_of(getattr(box, "text", None), fc.ctx) if box else None
    where = fc.loc_of(field) if field else (box.loc if box else face.loc)
    name = f", box '{box.name}'" if box else ""
    grew = f" (field {field})" if field else ""
    return Problem(
        where,
        f"{fc.label}{name}{grew}: the {p.name} profile's text ({p.body_size:g} pt and up) does"
        f" not fit a {dst[0]:g}×{dst[1]:g} mm card ({over:.1f} mm over)",
    )
