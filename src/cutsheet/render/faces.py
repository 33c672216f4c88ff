"""Drawing a planned face: every element through its kind's ``draw``, nothing decided here."""

from __future__ import annotations

import dataclasses
from contextlib import nullcontext
from typing import Literal

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..boxes import KINDS, Element
from ..boxes.text import TextElement
from ..plan.model import FacePlan
from ..plan.overleaf import CONTINUED, is_more_note
from .face_copies import FaceCopies
from .pen import CanvasPen
from .tagging import Tagger

Role = Literal["front", "back", "overleaf"]

EDGE = 0.01  # mm: a box this close to the face's edge touches the trim


def _reach(el: Element, face: FacePlan, bleed: float) -> tuple[float, float, float, float]:
    """The box of ``el`` in mm from the face's bottom-left; a filled shape that touches the
    trim reaches on into the bleed, so a small cutting error shows its colour, not paper."""
    box = el.box
    x, y, w, h = box.x, face.height_mm - box.y - box.h, box.w, box.h
    if bleed <= 0 or not box.traits.reaches_bleed or not el.fill:
        return x, y, w, h
    left, bottom = x <= EDGE, y <= EDGE
    right, top = x + w >= face.width_mm - EDGE, y + h >= face.height_mm - EDGE
    x, y = x - bleed * left, y - bleed * bottom
    return x, y, w + bleed * (left + right), h + bleed * (bottom + top)


_NOT_HEADINGS = ("list", "title", "item", "label")  # boxes that are part of something else


def headed(face: FacePlan) -> tuple[Element, ...]:
    """The face's elements with its heading: its title, else its first text (a vote's "SECRET
    VOTE", a ticket's "TICKET", a back's "SOLD OUT"), so every card's section is headed; and
    each text box read as part of it (``read_as: title``: a ticket's colour)."""
    texts = [el for el in face.elements if isinstance(el, TextElement) and el.plain.strip()]
    if not texts:
        return face.elements
    joined = [el for el in texts if getattr(el.box, "read_as", "") == "title"]
    heads = {id(el) for el in joined}
    if not any(el.heading for el in texts):
        # not a box read as a list where another text can head the card: set as a heading,
        # its items would run together ("…from the deck2. Play one…"); with boxes read as
        # part of the heading, only a text before them (a ticket's "TICKET"), never the
        # card's running text after them when that text is left out
        before = texts[: texts.index(joined[0])] if joined else texts
        whole = [el for el in texts if getattr(el.box, "read_as", "") not in ("item", "label")]
        first = next(
            (el for el in before if getattr(el.box, "read_as", "") not in _NOT_HEADINGS),
            None if joined else next(iter(whole), None),
        )  # (a list's items never head a card: a face of items alone is read as a list)
        if first is not None:
            heads.add(id(first))
    if not heads:
        return face.elements
    return tuple(
        dataclasses.replace(el, heading=True) if id(el) in heads else el for el in face.elements
    )


def heading_parts(elements: tuple[Element, ...]) -> int:
    """How many texts the face's heading is made of ("TICKET" and "ORANGE": two)."""
    return sum(1 for el in elements if isinstance(el, TextElement) and el.heading)


def repeated(el: Element, role: Role) -> bool:
    """What a reference card that goes on over its back prints for the eye alone, an
    artifact to a reader, who hears the card once, front then back, a list cut there as one:
    the front's closing "Continued on the back", and on the back the title and a cut list's
    label "… (continued)", which repeat the front's."""
    if not isinstance(el, TextElement):
        return False
    if role != "overleaf":
        return is_more_note(el)
    return el.box.name == "title" or el.plain.rstrip().endswith(CONTINUED)


def draw_face(
    c: Canvas,
    face: FacePlan,
    x_mm: float,
    y_mm: float,
    tagger: Tagger | None = None,
    bleed: float = 0.0,
    rotation: int = 0,
    role: Role = "front",
    copies: FaceCopies | None = None,
    first: bool = True,
) -> None:
    """Draw a planned face with its trim's bottom-left corner at (x_mm, y_mm) on the page,
    turned by ``rotation`` degrees about its centre. Text is tagged, shapes are artifacts,
    when a tagger is given: the front's title (or first text) is the card's H2, a back with
    its own text has its own H3, an overleaf back (``role``) reads on from its front.

    The face is drawn in its own coordinates, under one ``cm`` that puts it in place (none
    at the page's origin), so a face the file prints again is copied from its first drawing
    when ``copies`` keeps it (``face_copies``). A card's later copy in its file (not
    ``first``) has no heading: its texts are paragraphs."""
    tagger = tagger or Tagger(False)
    moved = bool(rotation or x_mm or y_mm)
    if moved:
        c.saveState()
    if rotation:  # about the face's centre, which is its origin
        c.translate((x_mm + face.width_mm / 2) * mm, (y_mm + face.height_mm / 2) * mm)
        c.rotate(rotation)
        x_mm, y_mm = -face.width_mm / 2, -face.height_mm / 2
    elif moved:
        c.translate(x_mm * mm, y_mm * mm)
        x_mm = y_mm = 0.0

    def elements() -> None:
        _draw_elements(c, face, x_mm, y_mm, tagger, bleed, role, first)

    if copies is None:
        elements()
    else:
        copies.draw(c, face, (bool(rotation), bleed, role, first), tagger, elements)
    if moved:
        c.restoreState()


def _draw_elements(
    c: Canvas,
    face: FacePlan,
    x_mm: float,
    y_mm: float,
    tagger: Tagger,
    bleed: float,
    role: Role,
    first: bool = True,
) -> None:
    heading = ("H3" if role == "back" else "H2") if first else "P"
    elements = headed(face) if role != "overleaf" else face.elements
    # a side of a card that goes on over its back: a list cut there is one list (``split``)
    over = role == "overleaf" or (role == "front" and any(map(is_more_note, face.elements)))
    split = tagger.group if over and tagger.group is not None else ""
    pen = CanvasPen(
        c, tagger, heading=heading, parts=heading_parts(elements), split=split, side=role
    )
    if role == "overleaf" and split:
        pen.go_on(tagger.carried.pop(split, ""))
    for el in elements:
        x, y, w, h = _reach(el, face, bleed)
        bx, by, bw, bh = (x_mm + x) * mm, (y_mm + y) * mm, w * mm, h * mm
        c.saveState()
        c.setLineWidth(el.box.stroke_width)
        if el.box.dash:
            c.setDash(2, 2)
        with tagger.artifact(c) if repeated(el, role) else nullcontext():
            KINDS[el.box.kind].draw(pen, el, bx, by, bw, bh)
        c.restoreState()
    if role == "front" and split and pen.open_list():
        tagger.carried[split] = pen.open_list()  # its back goes on with it
