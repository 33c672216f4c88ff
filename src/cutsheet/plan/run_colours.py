"""Colours set in markup (``<font color=…>``, ``<span backcolor=…>``) held to the profile's
text rules, as text styles are. Where a profile prints text black (``ink: {text: black}``)
markup colours are dropped: every run prints in its style's black on the paper. Where a
profile enforces a contrast (``min_contrast``), a markup text colour that misses it against
what is drawn under its box is dropped, and so is a back colour its style's colour misses it
on: the run prints in its style's colour, which the plan has brought to that contrast (or
reports). A colour that passes is kept; a run that keeps both, a text colour on a back
colour of its own, is held to the contrast too (``pair_problems``), and said as a style's
colour on its background is."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable
from typing import Any

from reportlab.lib.colors import toColor

from ..boxes.text import TextElement
from ..contrast import BLACK, contrast
from ..diagnostics import Problem
from ..flow.tables import HEADER_FILL
from ..measure import MarkupError, TextStyle, paragraph_style, parsed, prints
from ..profiles import Profile
from .checks import background
from .model import FacePlan

_TAG = re.compile(r"<(?:font|span)\b[^>]*>", re.IGNORECASE)
_ATTR = re.compile(
    r"""\s(color|fg|textcolor|backcolor|bgcolor)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)""",
    re.IGNORECASE,
)
_BACK = frozenset({"backcolor", "bgcolor"})
_BACK_SET = re.compile(r"\b(?:backcolor|bgcolor)\s*=", re.IGNORECASE)
# the darkest ground a document's text is set on: a table's header row
DOC_GROUND = "#" + HEADER_FILL.hexval()[2:].upper()

Drop = Callable[[bool, str], bool]  # (a back colour?, its #RRGGBB) → drop it?


def _hex(value: str) -> str | None:
    """A markup colour as ReportLab prints it, ``#RRGGBB``; None if it is no colour."""
    try:
        rgb = toColor(value.strip("\"'")).rgb()
    except (ValueError, TypeError, AttributeError):
        return None
    return "#" + "".join(f"{round(c * 255):02X}" for c in rgb)


def without_colours(markup: str, drop: Drop) -> str:
    """``markup`` without the colour attributes of its font and span tags that ``drop``
    says go."""
    if "<" not in markup:
        return markup

    def attr(m: re.Match[str]) -> str:
        colour = _hex(m.group(2))
        gone = colour is not None and drop(m.group(1).lower() in _BACK, colour)
        return "" if gone else m.group(0)

    return _TAG.sub(lambda tag: _ATTR.sub(attr, tag.group(0)), markup)


def rule_for(profile: Profile, ground: str, ink: str) -> Drop | None:
    """Which markup colours go for text in colour ``ink`` set on ``ground``; None: all stay."""
    if profile.ink is not None and profile.ink.text == "black":
        return lambda back, colour: True
    least = profile.min_contrast
    if not least:
        return None

    def drop(back: bool, colour: str) -> bool:
        if back:  # the run's ground: its style's colour must reach the contrast on it
            return contrast(ink, colour) < least
        return contrast(colour, ground) < least

    return drop


def recoloured(face: FacePlan, profile: Profile) -> FacePlan:
    """``face`` with its text's markup colours held to ``profile``'s rules (``rule_for``),
    measured against what is drawn under each text box; ``face`` itself when none goes."""
    elements = list(face.elements)
    changed = False
    for i, el in enumerate(elements):
        if not isinstance(el, TextElement) or not _TAG.search(el.markup):
            continue
        drop = rule_for(profile, background(face, el), el.style.color)
        markup = el.markup if drop is None else without_colours(el.markup, drop)
        if markup != el.markup:
            elements[i] = dataclasses.replace(el, markup=markup)
            changed = True
    return dataclasses.replace(face, elements=tuple(elements)) if changed else face


def doc_markup(markup: str, profile: Profile) -> str:
    """A document's markup with its colours held to ``profile``'s rules: its text is black,
    on white paper or a light grey at the darkest (``DOC_GROUND``)."""
    drop = rule_for(profile, DOC_GROUND, BLACK)
    return markup if drop is None else without_colours(markup, drop)


def _rgb(colour: Any) -> str:
    """A ReportLab colour as ``#RRGGBB``."""
    return "#" + "".join(f"{round(c * 255):02X}" for c in colour.rgb())


_TEXT_COLOUR_SET = re.compile(r"<(?:font|span)\b[^>]*\s(?:color|fg|textcolor)\s*=", re.I)


def printed_inks(markup: str, style: TextStyle) -> frozenset[str] | None:
    """The colours (``#RRGGBB``) the visible runs of ``markup`` print in, set in ``style``:
    a colour markup sets, else the style's. None when markup sets no text colour (every run
    prints in the style's colour) or cannot be parsed (reported where the text is drawn)."""
    if not _TEXT_COLOUR_SET.search(markup):
        return None
    try:
        frags = parsed(markup, paragraph_style(style)).frags
    except MarkupError:
        return None
    return frozenset(_rgb(f.textColor) for f in frags if prints(getattr(f, "text", "") or ""))


def pair_problems(frags: Iterable[Any], minimum: float) -> list[str]:
    """Each text colour that markup sets on a back colour (a run with both: ``<font
    color=… backColor=…>``, a span, or one inside the other) under ``minimum`` against it,
    in the words a style's colour on its background is said in; each pair once."""
    out: list[str] = []
    for frag in frags:
        back = getattr(frag, "backColor", None)
        if back is None:
            continue
        fg, bg = _rgb(frag.textColor), _rgb(back)
        ratio = contrast(fg, bg)
        said = f"text {fg} on {bg} has contrast {ratio:.1f}:1, under {minimum:g}:1"
        if ratio < minimum and said not in out:
            out.append(said)
    return out


def markup_contrast(face: FacePlan, minimum: float, label: str) -> list[Problem]:
    """``pair_problems`` of every text box of ``face`` (its markup as the profile keeps it),
    at the box, as ``checks.face_contrast`` says a style's colour on its background."""
    problems = []
    for el in face.elements:
        if not isinstance(el, TextElement) or not _BACK_SET.search(el.markup):
            continue
        frags = parsed(el.markup, paragraph_style(el.style)).frags
        problems += [
            Problem(el.box.loc, f"box '{el.box.name}': {said}", subject=label, code="contrast")
            for said in pair_problems(frags, minimum)
        ]
    return problems
