"""Text measured at the profile's sizes: what each text box needs at its new width (height,
a width for an unbreakable word, whether it is one line or running text), and the extent of
text as set."""

from __future__ import annotations

from collections.abc import Mapping

from ...boxes import MM, Box, FillContext
from ...boxes.text import fit, word_shape
from ...layouts import Face
from ...measure import (
    MarkupError,
    TextStyle,
    face_name,
    paragraph_style,
    widest_word,
    wrapped,
)
from ...profiles import Profile
from ...symbols import expand
from ...text import TemplateProblem, render
from .boxes import inside
from .styles import clean

WORD_MARGIN_MM = 1.0  # a word in a tight frame keeps this much room on either side
LABEL_WORDS = 2  # text of more words than this that wraps is running text (left-aligned)


def text_needs(
    face: Face,
    fc: FillContext,
    styles: Mapping[str, TextStyle],
    names: Mapping[str, str],
    kx: float,
    profile: Profile,
    shown: set[str],
) -> tuple[dict[str, tuple[float, Box]], dict[str, float], set[str], set[str]]:
    """mm each visible text box needs at its new width, by box name; the width of each box
    whose longest word is wider than the box; the boxes whose text is a single line; and
    those whose text is running text (more than ``LABEL_WORDS`` words on more than one line,
    the card's title aside: a heading)."""
    needs: dict[str, tuple[float, Box]] = {}
    wide: dict[str, float] = {}
    single: set[str] = set()
    running: set[str] = set()
    for box, framed in _text_boxes(face, fc, names, shown):
        try:
            raw = render(box.text or "", fc.ctx)  # type: ignore[attr-defined]
        except TemplateProblem:
            continue  # reported when the face is filled
        style = styles[names[box.name]]
        shape = word_shape(raw)
        where = (face.name, box.name)  # (one face of a name in a memo: a component's)
        key = ("needs", where, style, kx, framed, raw if shape is None else shape, shape is None)
        found = fc.memo.get(key) if fc.memo is not None else None
        if found is None:
            found = _box_needs(box, raw, style, kx, profile, framed)
            if found is None:
                continue
            if fc.memo is not None:
                fc.memo[key] = found
        need, one_line, too_wide, words = found
        needs[box.name] = (need, box)
        if one_line or (words <= LABEL_WORDS and box.name != "title"):
            single.add(box.name)  # a label of a word or two keeps its alignment, wrapped too
        elif box.name != "title":
            running.add(box.name)
        if too_wide is not None:
            wide[box.name] = too_wide
    return needs, wide, single, running


def _text_boxes(
    face: Face, fc: FillContext, names: Mapping[str, str], shown: set[str]
) -> list[tuple[Box, bool]]:
    """The visible text boxes of ``face`` that have a scaled style, each with whether it is
    framed; with ``fc.memo``, found once for each set of boxes shown."""
    key = ("text boxes", face.name, frozenset(shown), tuple(names.items()))
    found = fc.memo.get(key) if fc.memo is not None else None
    if found is None:
        found = [
            (box, _framed(face, box, shown))
            for box in face.boxes
            if box.traits.holds_text and box.name in shown and box.name in names
        ]
        if fc.memo is not None:
            fc.memo[key] = found
    return found  # type: ignore[no-any-return]


def _box_needs(
    box: Box, raw: str, style: TextStyle, kx: float, profile: Profile, framed: bool
) -> tuple[float, bool, float | None, int] | None:
    """What one text box's rendered text ``raw`` needs at its new width: mm of height,
    whether it is one line, the width an unbreakable word asks (None: it fits) and how many
    words it has; None
    when it is not markup (reported when the face is filled). The same for every word of
    one shape (``boxes.text.word_shape``)."""
    markup = expand(clean(raw, profile), style.size, style.leading, face_name("bold"))
    try:
        m = fit(markup, style, box.w * kx * MM)
    except MarkupError:
        return None
    wide: float | None = None
    if m.too_wide > 0:
        wide = box.w * kx + m.too_wide / MM + 0.6
    if framed:
        word = widest_word(markup, paragraph_style(style)) / MM
        if word + 2 * WORD_MARGIN_MM > box.w * kx:
            wide = max(wide or 0.0, word + 2 * WORD_MARGIN_MM)
    return m.height / MM + 0.4, m.height < 1.5 * style.leading, wide, len(m.plain.split())


def _framed(face: Face, box: Box, shown: set[str]) -> bool:
    """Is ``box`` drawn in a frame or on a panel hardly wider than itself (a cost ring)?"""
    return any(
        r.traits.frames_text
        and r.name in shown
        and (r.stroke or r.fill)
        and r.w <= box.w + 2
        and inside(r, box)
        for r in face.boxes
    )


def text_extent(
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
