"""``Pen``: the drawing operations box kinds use, on a ReportLab canvas, tagged as it goes."""

from __future__ import annotations

from contextlib import AbstractContextManager, ExitStack

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from ..measure import TextStyle, face_name, wrapped
from .icons import draw_icon
from .replay import draw_paragraph
from .symbols import install
from .tagging import Tagger, install_items, new_key


class CanvasPen:
    """Implements ``boxes.Pen`` on a canvas; ``tagger`` marks text and artifacts. A face's
    heading is tagged ``heading`` (H2 on a card, H3 on a back with its own text), a heading
    under it (``H3`` to a box) one level lower; with ``heading`` "P" (a card's later copy
    in its file) no text of the face is a heading. A heading of several texts (``parts``)
    is one element holding each, every part but the last ending with a space (the words of
    "TICKET" and "ORANGE" stay apart, and each part keeps what it says: a cube's words).

    ``split``: the card's key when the face is one side of a card that goes on over its back
    (``plan.overleaf``): a list cut there is one list, its items on both sides. Its lists
    then take keys of that card (``list_key``), so the face is drawn afresh for each copy
    (``face_copies`` copies only nodes a face makes anew)."""

    def __init__(
        self,
        c: Canvas,
        tagger: Tagger,
        heading: str = "H2",
        parts: int = 1,
        split: str = "",
        side: str = "",
    ) -> None:
        self.c = c
        self.tagger = tagger
        self.heading = heading
        self.parts, self._drawn, self._key, self._continues = parts, 0, "", False
        self._list, self._item = "", ""  # the face's list of item boxes, and its open item
        self.split, self.side, self._lists = split, side, 0  # side: "front" or the back's
        install_items(c)

    def list_key(self, name: str = "") -> str:
        """A new list's key: a new node's, or on a side of a card that goes on over its back
        that card's, by the list box's ``name`` (the same box on both sides) or, for a list
        of item boxes, by the count of them so far."""
        if not self.split:
            return new_key()
        if name:
            return f"{self.split}:list:{name}"
        self._lists += 1
        return f"{self.split}:items:{self.side}:{self._lists}"

    def go_on(self, key: str) -> None:
        """Go on with the list of item boxes ``key`` (a front's, open at its foot)."""
        self._list = key

    def open_list(self) -> str:
        """The list of item boxes still open (its key), or ""."""
        return self._list

    def _reading(self) -> bool:
        """Whether what is drawn now is read (not inside an artifact: a repeated title or
        label on a card's back, which leaves a list of item boxes open across it)."""
        return self.tagger.open != "Artifact"

    def artifact(self) -> AbstractContextManager[None]:
        return self.tagger.artifact(self.c)

    def figure(self, alt: str) -> AbstractContextManager[None]:
        if self._reading():
            self._list = self._item = ""  # read content between two items ends their list
        return self.tagger.text(self.c, "Figure", Alt=alt)

    def list_part(self, part: str) -> AbstractContextManager[None]:
        """Mark a text box's text as part of a list of the face's item boxes (``L``, made at
        its first item or label and ended by any other content read between two items, so
        that the reading order is the print's): an ``item`` the next item's body (``LI`` >
        ``LBody`` > ``P``), a ``label`` the label of the item right after it (``LI`` >
        ``Lbl``). Every node takes a new key, as a face's own nodes do (``face_copies``
        copies them), but the list's on a card that goes on over its back (``list_key``)."""
        self._list = self._list or self.list_key()
        self._item = self._item or new_key()  # the item a label opens, or this item box's
        nodes = ExitStack()
        nodes.enter_context(self.tagger.node("L", self._list))
        nodes.enter_context(self.tagger.node("LI", self._item))
        if part == "item":
            nodes.enter_context(self.tagger.node("LBody", new_key()))
            self._item = ""  # the next label or item opens the next one
        nodes.enter_context(self.tagger.text(self.c, "P" if part == "item" else "Lbl"))
        return nodes

    def tagged(self, kind: str) -> AbstractContextManager[None]:
        if self._reading():
            self._list = self._item = ""  # read content between two items ends their list
        joined = kind == "H2" and self.parts > 1
        if kind in ("H2", "H3"):  # as on a card's front: its title, a heading under it
            kind = "P" if self.heading == "P" else f"H{int(self.heading[1:]) + int(kind[1:]) - 2}"
        if joined:  # each of its texts a part of one element
            self._key = self._key or new_key()
            self._drawn += 1
            self._continues = self._drawn < self.parts  # the next part goes on from this one
            return self.tagger.continued(self.c, kind, self._key)
        return self.tagger.text(self.c, kind)

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str | None,
        stroke: str | None,
        radius: float = 0.0,
    ) -> None:
        c = self.c
        if fill:
            c.setFillColor(colors.HexColor(fill))
        if stroke:
            c.setStrokeColor(colors.HexColor(stroke))
        if not (fill or stroke):
            return
        f, s = (1 if fill else 0), (1 if stroke else 0)
        if radius:
            c.roundRect(x, y, w, h, radius, stroke=s, fill=f)
        else:
            c.rect(x, y, w, h, stroke=s, fill=f)

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str) -> None:
        self.c.setStrokeColor(colors.HexColor(stroke))
        self.c.line(x1, y1, x2, y2)

    def icon(
        self, name: str, x: float, y: float, w: float, h: float, fill: str, stroke: str
    ) -> None:
        draw_icon(self.c, name, x, y, w, h, fill, stroke)

    def image(self, path: str, x: float, y: float, w: float, h: float) -> None:
        self.c.drawImage(path, x, y, w, h, preserveAspectRatio=True, anchor="c", mask="auto")

    def paragraph(
        self,
        markup: str,
        style: TextStyle,
        name: str,
        avail: tuple[float, float],
        x: float,
        y: float,
        *,
        as_list: bool = False,
        box: str = "",
    ) -> None:
        """The box's paragraph; ``as_list``: a list box's (``box``: its name), its items
        tagging themselves as it draws them (see ``Tagger.items``), drawn afresh (a copy of
        an earlier drawing would leave their tags out)."""
        para, _height = wrapped(markup, style, name, *avail)
        install(self.c)
        if self._continues:  # a heading's part before another: it ends with a space too
            self._continues = False
            para.continues = True  # (drawn afresh: a kept drawing of it has no such space)
            try:
                para.drawOn(self.c, x, y)
            finally:
                del para.continues
            return
        if not as_list:
            draw_paragraph(self.c, para, x, y)
            return
        if self._reading():
            self._list = self._item = ""  # a list box read between two items ends their list
        with self.tagger.items(self.c, self.list_key(box) if self.split else None):
            para.drawOn(self.c, x, y)

    def cells(
        self,
        numbers: tuple[int, ...],
        cols: int,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        style: TextStyle,
        fill: str | None,
        stroke: str,
        line_width: float,
    ) -> None:
        """Numbered cells filling the box, ``cols`` to a row, in reading order: the cells'
        outlines and fills an artifact, their numbers a list in reading order (``L`` > ``LI`` >
        ``LBody``, a number an item), so a screen reader says "0, 1, 2", never "012"."""
        c = self.c
        rows = -(-len(numbers) // cols)
        cw, ch = w / cols, h / rows
        places = []
        for i, _n in enumerate(numbers):
            row, col = divmod(i, cols)
            places.append((x + col * cw, y + h - (row + 1) * ch))
        with self.artifact():
            c.setLineWidth(line_width)
            c.setStrokeColor(colors.HexColor(stroke))
            if fill:
                c.setFillColor(colors.HexColor(fill))
            for cx, cy in places:
                c.rect(cx, cy, cw, ch, stroke=1, fill=1 if fill else 0)
        with self.tagger.node("L"):
            for n, (cx, cy) in zip(numbers, places, strict=True):
                with self.tagger.node("LI"), self.tagger.node("LBody"), self.tagged("P"):
                    c.setFont(face_name(style.font), style.size)
                    c.setFillColor(colors.HexColor(style.color))
                    c.drawCentredString(cx + cw / 2, cy + ch / 2 - style.size * 0.35, str(n))
