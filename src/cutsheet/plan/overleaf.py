"""Overleaf: a scaled face too tall for its card continues on the card's back.

A reference card (a turn summary, a list of effects) keeps its design in large print, but its
text at 18 pt can need twice the card. When the card has no back of its own, its back is
free paper (a duplex file gives every sheet a back anyway), so the face is cut in two at a
row of the design and the rest is set on the back, under the card's title again. The cut
falls between boxes, or between the lines of a text box at one of its line breaks; the front
ends with a note that the card goes on overleaf, and a list cut in two is headed on the back
by its label again, "(continued)". Nothing is shrunk and nothing is dropped:
when the two sides together cannot hold the face, the overflow is reported as before.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from ..boxes import MM, Element
from ..boxes.text import TextElement, line_breaks
from ..measure import MarkupError, measure
from .checks import covers
from .faces import reading_order
from .model import FacePlan

MORE = "Continued on the back"  # the front's last line
CONTINUED = "(continued)"  # after the label of a text box cut in two, on the back
LABEL_GAP_MM = 3.0  # a one-line text box this close above another is its label
FRAME_SHARE = 0.8  # a shape this much of the face's height tall is its frame: on both sides
SLACK_MM = 0.4  # measured text gets this much room, as a scaled box does


def _strip_breaks(markup: str) -> str:
    """``markup`` without the line breaks (and blanks) at its start and end."""
    return re.sub(r"^(\s|<br\s*/?>)+|(\s|<br\s*/?>)+$", "", markup)


def _remeasured(el: TextElement, markup: str, top: float) -> TextElement:
    """``el`` holding ``markup`` instead, its box at ``top`` and as tall as the text needs."""
    m = measure(markup, el.style, el.avail[0])
    h = m.height / MM + SLACK_MM
    box = dataclasses.replace(el.box, y=top, h=h, valign="top")  # type: ignore[call-arg]
    return dataclasses.replace(
        el,
        box=box,
        markup=markup,
        avail=(el.avail[0], h * MM),
        height=m.height,
        text=m.plain,
        reach=m.reach,
    )


def split_text(el: TextElement, room: float) -> tuple[TextElement, TextElement] | None:
    """The most of ``el``'s lines, cut at a line break, that fit ``room`` mm, and the rest;
    None when not even its first line fits or it has no line break to cut at, or when it is
    one item of a list of boxes (``read_as: item``, read as one item: it goes over whole)."""
    if getattr(el.box, "read_as", "") in ("item", "label"):
        return None
    best = None
    for start, end in line_breaks(el.markup):
        head, tail = _strip_breaks(el.markup[:start]), _strip_breaks(el.markup[end:])
        if not head or not tail:
            continue
        try:
            first = _remeasured(el, head, el.box.y)
        except MarkupError:
            return None
        if first.box.h > room:
            break
        best = (first, _remeasured(el, tail, el.box.y + first.box.h))
    return best


@dataclasses.dataclass(frozen=True)
class _Cut:
    """Where the front ends (mm from the top) and the text elements cut there."""

    at: float
    split: dict[int, tuple[TextElement, TextElement]]


def find_cut(content: Sequence[Element], limit: float) -> _Cut:
    """The lowest cut at or above ``limit`` that no shape and no unbreakable text crosses."""
    at = limit
    while True:
        split: dict[int, tuple[TextElement, TextElement]] = {}
        for i, el in enumerate(content):
            top, bottom = el.box.y, el.box.y + el.box.h
            if not top < at < bottom - 0.01:
                continue
            parts = split_text(el, at - top) if isinstance(el, TextElement) else None
            if parts is None:
                at = top
                break
            split[i] = parts
        else:
            return _Cut(at, split)


def _moved(el: Element, dy: float) -> Element:
    return dataclasses.replace(el, box=dataclasses.replace(el.box, y=el.box.y + dy))


def _frame_on(el: Element, height: float) -> Element:
    """A frame around the whole face, as far inside the edges at the bottom as at the top."""
    h = max(height - 2 * el.box.y, 0.0)
    return dataclasses.replace(el, box=dataclasses.replace(el.box, h=h))


def _more_note(like: TextElement, left: float, width: float, bottom: float) -> TextElement:
    """The front's closing line, in bold, in the style of the card's main text."""
    box = dataclasses.replace(like.box, name="overleaf", x=left, w=width, read_as="paragraph")  # type: ignore[call-arg]
    note = dataclasses.replace(like, box=box, avail=(width * MM, like.avail[1]), heading=False)
    note = _remeasured(note, f"<b>{MORE}</b>", 0.0)
    return _moved(note, bottom - note.box.h)  # type: ignore[return-value]


def is_more_note(el: Element) -> bool:
    """Whether ``el`` is the "Continued on the back" that closes a front (``_more_note``)."""
    return isinstance(el, TextElement) and el.box.name == "overleaf" and el.plain.strip() == MORE


def overleaf(face: FacePlan) -> tuple[FacePlan, FacePlan] | float:
    """``face`` (its boxes laid out taller than the card) cut into a front and a back that
    each fit the card, or the mm by which the back would still overflow."""
    height = face.height_mm
    bottom = max((el.box.y + el.box.h for el in face.elements), default=height)
    frames, content = _frames(face.elements, bottom)
    texts = [el for el in content if isinstance(el, TextElement)]
    if not any(el.box.name != "title" for el in texts):
        return bottom - height  # nothing but a title: nothing to go on with
    # the design's own top margin, kept at the foot: its text's (a band may start at the trim)
    margin = min(el.box.y for el in texts)
    limit = height - margin
    header = _header(content)
    body = [el for el in content if not any(el is h for h in header)]
    # the text column's left edge: a centred label (a "+1" in a narrow box) starts further
    # out than any line of text does, and the note would stand out of line
    flush = [el for el in texts if el.style.align == "left"] or texts
    left = min(el.box.x for el in flush)
    width = max(el.box.x + el.box.w for el in texts) - left
    main = max((el for el in texts if el.box.name != "title"), key=lambda el: el.box.h)
    note = _more_note(main, left, width, limit)
    cut = find_cut(body, note.box.y - 1.0)
    front = [el for el in body if el.box.y + el.box.h <= cut.at + 0.01]
    front = [el for el in front if body.index(el) not in cut.split]
    front += [parts[0] for parts in cut.split.values()]
    rest = [el for el in body if el.box.y >= cut.at - 0.01 and body.index(el) not in cut.split]
    for i, (_head, tail) in cut.split.items():
        end = body[i].box.y + body[i].box.h  # what sat under the whole box moves up to its rest
        freed = end - (tail.box.y + tail.box.h)
        rest = [_moved(el, -freed) if el.box.y >= end - 0.01 else el for el in rest]
        added = _continued(body[i], tail, front)
        if added:
            grow = added[1].box.y - tail.box.y
            rest = [_moved(el, grow) if el.box.y > tail.box.y - 0.01 else el for el in rest]
        rest += added or [tail]
    if not front or not rest:
        return bottom + margin - height
    start = max((el.box.y + el.box.h for el in header), default=margin)
    under = [el.box.y for el in body if el.box.y >= start - 0.01]  # not the title's row
    gap = min(under, default=start) - start if header else 0.0
    shift = start + gap - min(el.box.y for el in rest)
    back = [_moved(el, shift) for el in rest]
    over = max(el.box.y + el.box.h for el in back) - limit
    if over > 0.01:
        return over
    sides = (
        [_frame_on(f, height) for f in frames] + header + front + [note],
        [_frame_on(f, height) for f in frames] + header + back,
    )
    return _face(face, sides[0]), _face(face, sides[1])


def _frames(elements: Sequence[Element], bottom: float) -> tuple[list[Element], list[Element]]:
    """The shapes that frame the whole face (drawn on both sides), and everything else."""
    top = min((el.box.y for el in elements), default=0.0)
    frames = [
        el
        for el in elements
        if not el.is_text and el.box.h >= FRAME_SHARE * (bottom - top) and el.box.y <= top + 0.5
    ]
    return frames, [el for el in elements if not any(el is f for f in frames)]


def _continued(whole: Element, tail: TextElement, front: Sequence[Element]) -> list[Element]:
    """The rest of a cut text box under its label again (the line of text just above it on
    the front, such as "Each turn") marked "(continued)"; nothing when it has no label."""
    box = whole.box
    labels = [
        el
        for el in front
        if isinstance(el, TextElement)
        and box.y - LABEL_GAP_MM <= el.box.y + el.box.h <= box.y + 0.5
        and el.box.x < box.x + box.w
        and box.x < el.box.x + el.box.w
        and el.height < 1.5 * el.style.leading  # a single line
    ]
    if not labels:
        return []
    label = labels[-1]
    again = _remeasured(label, f"{label.markup} {CONTINUED}", tail.box.y)
    gap = box.y - (label.box.y + label.box.h)
    return [again, _moved(tail, again.box.h + gap)]


def _header(content: Sequence[Element]) -> list[Element]:
    """The card's title, the shapes behind it (its band) and those between it and the text
    under it (a rule): repeated at the top of the back. Nothing when the face has no box
    named ``title``."""
    titles = [el for el in content if el.is_text and el.box.name == "title"]
    if not titles:
        return []
    title = titles[0]
    end = title.box.y + title.box.h  # a box in the title's row (an id beside it) is not under it
    below = [el.box.y for el in content if el.is_text and el.box.y >= end - 0.01]
    first = min(below, default=end)
    return [title] + [
        el
        for el in content
        if not el.is_text
        and (el.box.y >= title.box.y or covers(el, title))  # a band behind it, too
        and el.box.y + el.box.h <= first + 0.01
    ]


def _face(like: FacePlan, elements: list[Element]) -> FacePlan:
    """A side of ``like``: its shapes drawn in the order the face declares them (a band
    taken up with the title is still under a panel declared after it), then its text."""
    declared = {el.box.name: i for i, el in enumerate(like.elements)}
    elements = sorted(elements, key=lambda el: declared.get(el.box.name, len(declared)))
    ordered = reading_order(elements)
    texts = tuple(el.plain for el in ordered if el.is_text)
    return FacePlan(like.width_mm, like.height_mm, tuple(ordered), texts)
