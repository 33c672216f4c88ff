"""Checks that read plans: face geometry (boxes inside the face, text inside the safe zone),
text contrast against what is really drawn under it, no text set over another box's, and the
large-print look: no white sticker under text inside a coloured shape, running text
left-aligned."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable

from reportlab.lib.units import mm as MM

from ..boxes import Box, Element
from ..boxes.base import SAFE_ZONE_MM
from ..boxes.icon import IconElement
from ..boxes.text import TextElement
from ..contrast import BLACK, WHITE, contrast, reaching
from ..diagnostics import Problem
from ..layouts import Face
from ..measure import wrapped
from .model import FacePlan
from .scale.boxes import is_disc

OVERLAP_MM = 1.0
"""Two boxes' text that overlaps less than this either way sits side by side: a line's box
holds its leading, not only ink (a badge's "+1" beside an effect's rule meets it by 0.3 mm)."""


def face_geometry(
    face: Face, size: tuple[float, float], card: str = "", profile: str = ""
) -> list[Problem]:
    """Boxes inside the face; boxes that print text (a text box, numbered cells) at least
    3 mm inside the trim (the safe zone), the distance named. ``card`` names the item when
    the geometry is that card's own, scaled for ``profile`` (its subject: the same mistake
    on many cards is said once, with a count, and says which profile's card it is on)."""
    w, h = size
    on = f" in {profile} ({w:g}×{h:g} mm)" if profile else ""
    scaled = f" in {profile}" if profile else ""  # its size is said beside it
    problems = []
    for box in face.boxes:
        if box.x < -0.01 or box.y < -0.01 or box.x + box.w > w + 0.01 or box.y + box.h > h + 0.01:
            problems.append(
                Problem(
                    box.loc,
                    f"box '{box.name}' of face '{face.name}'{scaled} leaves the {w:g}×{h:g} mm"
                    " face",
                    subject=card,
                    code="geometry",
                )
            )
            continue
        past = _stroke_past(box, w, h)
        if past > 0.01:
            problems.append(
                Problem(
                    box.loc,
                    f"box '{box.name}' of face '{face.name}'{scaled}: its {box.stroke_width:g} pt"
                    f" stroke reaches {past:.1f} mm past the {w:g}×{h:g} mm face"
                    f" ({_centred(box)})",
                    subject=card,
                    code="geometry",
                )
            )
            continue
        if not box.traits.styled:  # prints text: a paragraph, or numbered cells' digits
            continue
        edges = {"left": box.x, "top": box.y, "right": w - box.x - box.w}
        edges["bottom"] = h - box.y - box.h
        side = min(edges, key=edges.__getitem__)
        nearest = edges[side]
        if nearest < SAFE_ZONE_MM - 0.01:
            problems.append(
                Problem(
                    box.loc,
                    f"{'text' if box.traits.holds_text else box.kind} box '{box.name}' of"
                    f" face '{face.name}'{on} comes {under(nearest)} mm"
                    f" from the {side} trim; keep text at least {SAFE_ZONE_MM:g} mm inside it",
                    subject=card,
                    code="geometry",
                )
            )
    return problems


def under(mm: float) -> str:
    """A distance short of a limit, to a tenth rounded down: 2.97 mm is 2.9, not the 3.0 the
    message says it must be at least (a designer's probe)."""
    return f"{math.floor(max(mm, 0.0) * 10 + 1e-6) / 10:.1f}"


def raised_runs(face: FacePlan, size: tuple[float, float], label: str) -> list[Problem]:
    """Text boxes whose ``<super>`` (on the first line) or ``<sub>`` (on the last) reaches
    past the box into the 3 mm safe zone: the box keeps it, the raised run does not."""
    h = size[1]
    problems = []
    for el in face.elements:
        if not isinstance(el, TextElement) or el.reach == (0.0, 0.0):
            continue
        start, end = el.ink_rows()
        box = el.box
        nearest = min(box.y + start, h - box.y - end)
        if nearest < SAFE_ZONE_MM - 0.01:
            problems.append(
                Problem(
                    box.loc,
                    f"text box '{box.name}': a <super> or <sub> run reaches {under(nearest)} mm"
                    f" from the trim; keep text at least {SAFE_ZONE_MM:g} mm inside it (move"
                    " the box in, or the run off its first or last line)",
                    subject=label,
                    code="geometry",
                )
            )
    return problems


def _centred(box: Box) -> str:
    """Where a box's stroke is drawn, for a message."""
    if box.traits.rule:
        return (
            "a line is drawn along its box's middle, its stroke as wide above as below: keep"
            " the line half its width inside"
        )
    return "a stroke is centred on the box's edge: keep the box half its width inside"


def _stroke_past(box: Box, w: float, h: float) -> float:
    """How far (mm) the box's stroke, centred on its edge, reaches past a ``w`` × ``h`` face;
    a line's, drawn along its middle (black when it names no stroke), as drawn."""
    half = box.stroke_width / 2 * 25.4 / 72
    if box.traits.rule:  # square-cut ends at the box's sides; the stroke's width up and down
        middle = box.y + box.h / 2
        return max(-box.x, box.x + box.w - w, half - middle, middle + half - h)
    if not box.stroke:
        return 0.0
    return max(-box.x, -box.y, box.x + box.w - w, box.y + box.h - h) + half


def covers(outer: Element, inner: Element) -> bool:
    a, b = outer.box, inner.box
    cx, cy = b.x + b.w / 2, b.y + b.h / 2
    return a.x <= cx <= a.x + a.w and a.y <= cy <= a.y + a.h


def clear_of(face: FacePlan, dropped: list[Box]) -> FacePlan:
    """``face`` less the texts that meet a box its error left off: the colour under such a
    text is not known (the box may have been a shape under it), so its contrast is not
    measured. The shapes stay, drawn as they are: another text on them is still measured on
    them (a designer's walkthrough: a badge's text left off took the band under the title
    with it, and the white title was said to be "white on white")."""
    if not dropped:
        return face
    kept = tuple(
        el for el in face.elements if not (el.is_text and any(_meet(el.box, b) for b in dropped))
    )
    return dataclasses.replace(face, elements=kept)


def _meet(a: Box, b: Box) -> bool:
    """Whether two boxes overlap (more than along an edge)."""
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


def background(
    face: FacePlan, element: Element, under_it: Callable[[Element, Element], bool] = covers
) -> str:
    """The colour under ``element``: its own fill, else that of the last filled shape drawn
    before it that lies under it (``under_it``: covers its centre), else the white paper."""
    return element.fill or shape_under(face, element, under_it)


def shape_under(
    face: FacePlan, element: Element, under_it: Callable[[Element, Element], bool] = covers
) -> str:
    """The fill of the last filled shape drawn before ``element`` that lies under it
    (``under_it``), else the white paper: what ``element`` is seen against, its own fill
    aside."""
    j = _shape_below(face, element, under_it)
    return WHITE if j is None else face.elements[j].fill or WHITE


def _shape_below(
    face: FacePlan, element: Element, under_it: Callable[[Element, Element], bool] = covers
) -> int | None:
    """The index of the last filled shape drawn before ``element`` that lies under it
    (``under_it``); None for the paper. The one walk ``shape_under``, ``ground_named`` and
    ``_ground`` share."""
    under = None
    for j, other in enumerate(face.elements):
        if other is element:
            break
        if other.box.traits.paints_under_text and other.fill and under_it(other, element):
            under = j
    return under


def ground_named(
    face: FacePlan, element: Element, under_it: Callable[[Element, Element], bool] = covers
) -> str:
    """Which box gives ``element`` its background, as ``background`` finds it, said after its
    colour: " (its own fill)", " (box 'band')", or '' for the paper (a designer's probe: a
    title's contrast named a colour a term's fill gave a band, and neither)."""
    if element.fill:
        return " (its own fill)"
    j = _shape_below(face, element, under_it)
    return "" if j is None else f" (box '{face.elements[j].box.name}')"


def _under_its_lines(shape: Element, text: Element) -> bool:
    """Whether ``shape`` lies under every row ``text``'s lines are drawn on, at its middle
    (a box's centre may be on a shape while its one line, set at its top, is on the paper)."""
    if not isinstance(text, TextElement):
        return covers(shape, text)
    a, b = shape.box, text.box
    top, bottom = text.ink_rows()
    cx = b.x + b.w / 2
    return a.x <= cx <= a.x + a.w and a.y <= b.y + top + 0.01 and b.y + bottom - 0.01 <= a.y + a.h


def _text_contrasts(face: FacePlan, inks: bool = False) -> list[tuple[Element, str, str, float]]:
    """Each text element whose style's colour it prints (unless markup sets the colour of
    every run: a markup colour under a profile's contrast is dropped for the style's before
    this, ``run_colours.recoloured``), with that colour, its background and their contrast;
    with ``inks``, each colour its runs print instead (a profile that recolours none), on
    the colour under its lines (``_under_its_lines``). Text that does not fit its box is an
    error already: it is judged on the ground under its box, what it runs out onto once it
    fits (a designer's probe: a title too long for its black band was also said to be "white
    on white"; a review: its own colour, on the box's ground, is still judged)."""
    from .run_colours import printed_inks

    found = []
    for el in face.elements:
        style = getattr(el, "style", None)
        if not el.is_text or style is None:
            continue
        printed = printed_inks(el.markup, style) if isinstance(el, TextElement) else None
        lines = _under_its_lines if inks and fits_its_box(el) else covers
        bg = background(face, el, lines)
        if inks and printed is not None:
            found += [(el, ink, bg, contrast(ink, bg)) for ink in sorted(printed)]
            continue
        if printed is not None and style.color.upper() not in printed:
            continue  # every run sets its colour, kept only where it reaches the contrast
        found.append((el, style.color, bg, contrast(style.color, bg)))
    return found


def face_contrast(face: FacePlan, minimum: float, label: str) -> list[Problem]:
    """Every text element whose colour is under ``minimum`` against its background."""
    return [
        Problem(
            el.box.loc,
            f"box '{el.box.name}': text {fg} on {bg}{ground_named(face, el)} has contrast"
            f" {ratio:.1f}:1, under {minimum:g}:1{_shade_hint(fg, bg, minimum)}",
            subject=label,
            code="contrast",
        )
        for el, fg, bg, ratio in _text_contrasts(face)
        if ratio < minimum
    ]


LEGIBLE = 1.5
"""The contrast under which text can hardly be seen (black on black, yellow on white): said
as a warning in a profile that asks for no contrast of its own (``min_contrast``)."""


EASY, EASY_LARGE = 4.5, 3.0
"""The contrast text needs to be read easily (WCAG AA), and large text (18 pt, or 14 pt
bold): under it, a warning in a profile that asks for no contrast of its own."""


def unreadable_text(face: FacePlan, label: str) -> list[Problem]:
    """A warning for each text element under ``EASY`` (``EASY_LARGE`` for large text) against
    the shapes (or the paper) under it, in a profile that asks for no contrast; under
    ``LEGIBLE`` it can hardly be read at all. Not for text over a picture, whose colours
    under the text are not known here."""
    pictures = [  # (a shape's and an icon's paint is known: its fill)
        el for el in face.elements if el.box.traits.picture and not el.box.traits.paints_under_text
    ]
    found = []
    for el, fg, bg, ratio in _text_contrasts(face, inks=True):
        style = getattr(el, "style", None)
        large = style is not None and (
            style.size >= 18 or style.size >= 14 and "bold" in style.font
        )
        easy = EASY_LARGE if large else EASY
        if ratio >= easy or any(covers(pic, el) for pic in pictures):
            continue
        said = (
            " and can hardly be read"
            if ratio < LEGIBLE
            else f", under the {easy:g}:1 text needs to be read easily (WCAG AA"
            + (", large text)" if large else ")")
            + _shade_hint(fg, bg, easy)
        )
        drawn = " (shapes are drawn before text, wherever they are declared)"
        found.append(
            Problem(
                el.box.loc,
                f"box '{el.box.name}': text {fg} on {bg}"
                f"{ground_named(face, el, _under_its_lines)} has contrast {ratio:.1f}:1{said}"
                + (drawn if bg != WHITE and ratio < LEGIBLE else ""),
                "warning",
                subject=label,
                code="contrast",
            )
        )
    return found


def unseen_icons(face: FacePlan, label: str) -> list[Problem]:
    """A warning for each packaged icon whose paint (its fill and its outline) is under
    ``LEGIBLE`` against the shape (or the paper) under it: a night-blue icon on a night-blue
    back prints as nothing, and only text was measured. A project's own icon keeps the
    colours its file gives it, which are not read here."""
    found = []
    for el in face.elements:
        if not isinstance(el, IconElement) or el.ref.startswith("@"):
            continue
        under = shape_under(face, el)
        paint = {el.fill or BLACK, el.stroke or BLACK}
        ratio = max(contrast(colour, under) for colour in paint)
        if ratio < LEGIBLE:
            shown = " and ".join(sorted(paint))
            found.append(
                Problem(
                    el.box.loc,
                    f"box '{el.box.name}': icon '{el.icon}' in {shown} on {under} has contrast"
                    f" {ratio:.1f}:1 and can hardly be seen (give it a fill or stroke that"
                    " stands out)",
                    "warning",
                    subject=label,
                    code="contrast",
                )
            )
    return found


def _shade_hint(fg: str, bg: str, minimum: float) -> str:
    """What reaches ``minimum`` for text ``fg`` on a colour ``bg`` (not the paper): the
    nearest shade of ``bg`` (``contrast.reaching``), or black text on a tint of it."""
    if bg.upper() == WHITE:
        return ""
    shade, ink = reaching(bg, [fg], minimum)
    if ink is None:
        return f" ({shade}, a shade of {bg}, reaches it)"
    return f" (no shade of {bg} does under {fg}; black text on {shade}, a tint of it, does)"


LABEL_WORDS = 2  # a label of this many words may stay centred however it wraps
ALIGNED = {"center": "centred", "right": "right-aligned", "left": "left-aligned"}


def _ground(face: FacePlan, i: int) -> int | None:
    """Which element gives element ``i`` its background (as ``background`` finds it): its
    own fill, else the last filled shape drawn before it that covers its centre; None for
    the paper."""
    el = face.elements[i]
    return i if el.fill else _shape_below(face, el)


def _pasted_in(face: FacePlan, i: int, discs: frozenset[str]) -> Element | None:
    """The coloured shape (not white) drawn before element ``i`` that covers it, when ``i``
    is white: ``i`` is then a white sticker pasted inside that shape. A white circle (as the
    face lays it out: ``discs``, by name) is a shape of the design (a coin holding a cost),
    never a sticker (``scale.shades``)."""
    sticker = face.elements[i]
    round_ = sticker.box.name in discs or is_disc(sticker.box)
    if (sticker.fill or "").upper() != WHITE or round_:
        return None
    for other in reversed(face.elements[:i]):
        if other.box.traits.paints_under_text and other.fill and covers(other, sticker):
            if other.fill.upper() != WHITE:
                return other
    return None


def white_stickers(
    face: FacePlan, minimum: float, label: str, discs: frozenset[str] = frozenset()
) -> list[Problem]:
    """Every white fill under text pasted inside a coloured shape (a white label on a
    coloured token): a profile that enforces a contrast sets the text straight on the shape,
    in a shade of its colour that reaches it (named). Once a sticker, at its box."""
    problems: list[Problem] = []
    seen: set[int] = set()
    for i, el in enumerate(face.elements):
        under = _ground(face, i) if el.is_text else None
        shape = None if under is None or under in seen else _pasted_in(face, under, discs)
        if under is None or shape is None or shape.fill is None:
            continue
        seen.add(under)
        ink = getattr(getattr(el, "style", None), "color", BLACK)
        shade, black = reaching(shape.fill, [ink], minimum)
        if black is not None:
            shade = f"black text on {shade}"
        fix = f"{shade}, as it is" if shade == shape.fill else shade
        problems.append(
            Problem(
                face.elements[under].box.loc,
                f"box '{face.elements[under].box.name}': a white sticker under the text of"
                f" box '{el.box.name}', pasted inside box '{shape.box.name}' ({shape.fill});"
                f" set the text straight on that shape, in a shade of its colour that reaches"
                f" {minimum:g}:1 ({fix})",
                subject=label,
                code="sticker",
            )
        )
    return problems


def centred_running_text(face: FacePlan, label: str) -> list[Problem]:
    """Every text box of running text (more than ``LABEL_WORDS`` words on more than one
    line; a card's title is a heading) that is not left-aligned: a profile that scales faces
    sets running text left-aligned, and a face laid out for it is held to that too. A
    warning, at the box: what counts as running text is told by its words."""
    problems = []
    for el in face.elements:
        style = getattr(el, "style", None)
        if not isinstance(el, TextElement) or el.heading or style is None:
            continue
        if style.align == "left" or el.height < 1.5 * style.leading:
            continue
        words = len(el.plain.split())
        if words <= LABEL_WORDS:
            continue
        lines = round(el.height / style.leading)
        problems.append(
            Problem(
                el.box.loc,
                f"box '{el.box.name}': {words} words of running text on {lines} lines,"
                f" {ALIGNED[style.align]} (style '{el.box.style}'); large print sets running text"
                " left-aligned (a label of one or two words may stay centred)",
                "warning",
                subject=label,
                code="align",
            )
        )
    return problems


def text_rect(el: TextElement) -> tuple[float, float, float, float]:
    """Where a text box's lines may be set on its face (mm, from the top left: left, top,
    right, bottom): across the width they are wrapped in, as tall as they are, where the
    box's ``valign`` puts them."""
    box, tall = el.box, el.height / MM
    valign = getattr(box, "valign", "top")
    top = box.y if valign == "top" else box.y + (box.h - tall) * (0.5 if valign == "middle" else 1)
    return box.x, top, box.x + el.avail[0] / MM, top + tall


def _line_span(el: TextElement) -> tuple[float, float]:
    """Where its lines are set across (mm from the face's left): as wide as the widest, where
    the alignment puts it (a label set left and a number set right in two boxes as wide as
    the card sit side by side)."""
    para, _height = wrapped(el.markup, el.style, el.box.style, *el.avail)
    room = el.avail[0]
    widest = max((room - line_slack(line) for line in para.blPara.lines), default=room) / MM
    slack = room / MM - widest
    left = el.box.x + slack * {"left": 0.0, "center": 0.5, "right": 1.0}.get(el.style.align, 0.0)
    return left, left + widest


def line_slack(line: object) -> float:
    """The room (points) a wrapped line leaves at its end (ReportLab keeps it as the line's
    first item, or as its ``extraSpace``)."""
    extra = line[0] if isinstance(line, tuple) else getattr(line, "extraSpace", 0.0)
    return max(float(extra), 0.0)


def text_overlaps(face: FacePlan, label: str, profile: str) -> list[Problem]:
    """A warning at the later box for each two text boxes whose text, as set for this item,
    lies over the other's by ``OVERLAP_MM`` or more both ways: their lines print on top of
    each other (boxes that never both hold text for one item, by their ``when:``, never
    meet here). Only boxes whose rows and widths meet have their lines measured: most faces
    have none, and a check of 100,000 cards plans as many faces."""
    placed = [(el, text_rect(el)) for el in face.elements if has_text(el) and fits_its_box(el)]
    problems = []
    for i, (a, ra) in enumerate(placed):
        for b, rb in placed[i + 1 :]:
            tall = min(ra[3], rb[3]) - max(ra[1], rb[1])
            if tall < OVERLAP_MM or min(ra[2], rb[2]) - max(ra[0], rb[0]) < OVERLAP_MM:
                continue  # apart across or down: their lines are too
            (al, ar), (bl, br) = _line_span(a), _line_span(b)
            wide = min(ar, br) - max(al, bl)
            if wide >= OVERLAP_MM and (_hung(a) or _hung(b)):  # line against line
                from .icon_overlaps import lines_meet  # (which reads this module's rects)

                met = lines_meet(a, b)
                wide, tall = met if met is not None else (0.0, tall)
            if wide >= OVERLAP_MM:
                problems.append(
                    Problem(
                        b.box.loc,
                        f"box '{b.box.name}': its text is set over the text of box"
                        f" '{a.box.name}' ({wide:.1f} × {tall:.1f} mm, {profile} profile), and the"
                        " two print on top of each other; move or shrink one",
                        "warning",
                        subject=label,
                        code="overlap",
                    )
                )
    return problems


def _hung(el: TextElement) -> bool:
    """Whether a text box's lines hang (a list's items, ``hanging_items``): its lines' span
    then holds room under its labels that no line prints in."""
    para, _height = wrapped(el.markup, el.style, el.box.style, *el.avail)
    return any(getattr(para, "_offsets", None) or ())


def has_text(el: Element) -> bool:
    return isinstance(el, TextElement) and bool(el.text.strip())


def fits_its_box(el: Element) -> bool:
    """Whether a text box's text fits its box: text that does not is an error already, and
    whatever it runs over follows from that (said once the text fits, if it still does)."""
    return not isinstance(el, TextElement) or el.height <= el.box.h * MM + 0.01
