"""Text sizes and styles at a profile's sizes: a standard size scaled (``scaled_size``), each
text style of a face scaled (``scaled_styles``), inline sizes and italics in markup adjusted
(``clean``)."""

from __future__ import annotations

import dataclasses
import html
import math
import re
from collections.abc import Iterable

from ...boxes import FillContext
from ...layouts import Face
from ...measure import TextStyle
from ...profiles import Profile
from ...text.tags import Tag, retagged, upright_tag

REFERENCE_BODY = 8.0  # pt: the body size the standard layouts are drawn for
HEADLINE = 14.0  # pt: a standard style this large is a headline (a name, a value, a cost)
HEADLINE_RATIO = 1.5  # a headline stays at least this many times the body size
_FONT_SIZE_RE = re.compile(r"""\s(size|fontSize)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)""", re.I)
SIZED_TAGS = frozenset({"font", "span", "super", "sup", "sub"})  # the tags a size is set on
# a <super> or <sub> with no size of its own: ReportLab sets it smaller than its text
SHRINKING_TAGS = frozenset({"super", "sup", "sub"})


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
    return TextStyle(font, size, leading, align, style.color, style.instead_of)


def clean(markup: str, profile: Profile) -> str:
    """Inline sizes at the profile's sizes (a small word stays smaller than the headline
    beside it, and never under the body size; a raised or lowered one at the body size), and
    no italics where the profile wants none. Only tags change (``text.tags``): a value from
    content is text, whatever it says (``Hat size=7`` prints as written)."""

    def rescale(m: re.Match[str]) -> str:
        try:
            size = float(html.unescape(m.group(2).strip("\"'")))  # as the parser reads it
        except ValueError:
            return ""  # not a number: left to the profile's size
        return f' {m.group(1)}="{round(scaled_size(size, profile), 1):g}"'

    def tag(t: Tag) -> str:
        if not profile.italics:
            kept = upright_tag(t)
            if kept is None:
                return ""
            t = kept
        if t.end or t.name not in SIZED_TAGS:
            return t.text
        rest = _FONT_SIZE_RE.sub(rescale, t.rest)
        if t.name in SHRINKING_TAGS and not _FONT_SIZE_RE.search(t.rest):
            return f'<{t.written} size="{profile.body_size:g}"{rest}>'
        return f"<{t.written}{rest}>"

    return retagged(markup, tag)


def _scaled_name(style: str, title: bool = False, align: str | None = None) -> str:
    return f"{style}@scaled" + ("-title" if title else "") + (f"-{align}" if align else "")


def scaled_styles(
    face: Face, fc: FillContext, profile: Profile
) -> tuple[dict[str, TextStyle], dict[str, str]]:
    """The fill context's styles plus a scaled one for each text and cells box of ``face``,
    and each such box's scaled style's name: new dictionaries (the caller adds to them),
    worked out once a face with ``fc.memo`` (whose items all share their styles)."""
    key = ("scaled styles", face.name)
    found = fc.memo.get(key) if fc.memo is not None else None
    if found is None:
        found = _scaled_styles(face, fc, profile)
        if fc.memo is not None:
            fc.memo[key] = found
    return dict(found[0]), dict(found[1])


def _scaled_styles(
    face: Face, fc: FillContext, profile: Profile
) -> tuple[dict[str, TextStyle], dict[str, str]]:
    styles = dict(fc.styles)
    names: dict[str, str] = {}  # box → its scaled style's name
    for box in face.boxes:
        if box.traits.styled and box.style in fc.styles:
            title = box.name == "title"
            names[box.name] = _scaled_name(box.style, title)
            styles[names[box.name]] = scaled_style(fc.styles[box.style], profile, title)
    return styles, names


def keep_alignment(
    face: Face,
    fc: FillContext,
    styles: dict[str, TextStyle],
    names: dict[str, str],
    single: set[str],
    running: Iterable[str] = (),
) -> None:
    """A box whose text is a single line (a kicker, an id) keeps its own alignment, and
    running text (``needs.text_needs``: a marker's sentences, set larger than the body) is
    left-aligned whatever its size: such a box gets a scaled style with that alignment, added
    to ``styles`` and named in ``names``."""
    for name, left in [(n, False) for n in sorted(single)] + [(n, True) for n in sorted(running)]:
        box = next(b for b in face.boxes if b.name == name)
        own, scaled = "left" if left else fc.styles[box.style].align, styles[names[name]]
        if scaled.align != own:
            names[name] = _scaled_name(box.style, name == "title", own)
            styles[names[name]] = dataclasses.replace(scaled, align=own)
