"""Paragraphs and lists of a flowing document, each knowing the structure element it is
read as, and keeping it across a page break."""

from __future__ import annotations

import copy
import itertools
from collections import OrderedDict
from typing import Any, ClassVar

from reportlab.platypus import Flowable, ListFlowable, Paragraph
from reportlab.platypus.flowables import LIIndenter

from ..word_breaks import SpacedParagraph

_NO_ROOM = 0x7FFFFFFF


Wrapped = tuple[float, Any, Any, float, list[float], float, Any]
"""A paragraph broken into lines: (width, the fragments it was broken from, its lines, its
height, its lines' widths, its widest line, the fragments after: ReportLab turns a paragraph
of several fragments into one of words as it breaks it)."""


class Wraps(dict[float, Wrapped]):
    """The lines of the paragraphs made from one parsed markup (``StoryBuilder.para``) by
    width: the plan's fit check, the rules on each paper, the booklet's half pages and the
    sheets set the same text at the same widths, and ReportLab's lines depend on the
    fragments, the style and the width alone. Only lines broken from the parsed fragments
    themselves are kept (a paragraph broken at one width is broken from words at the next).
    Shared, not owned: never copied with a paragraph (ReportLab deep-copies some flowables)."""

    def __init__(self, frags: Any) -> None:
        super().__init__()
        self.frags = frags
        # what the lines at a width wrote when drawn, for another file (``render.replay``)
        self.drawn: dict[float, tuple[tuple[str, ...], Any, tuple[int, int]]] = {}

    def __copy__(self) -> Wraps:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Wraps:
        return self

    def find(self, frags: Any, width: float) -> Wrapped | None:
        return self.get(width) if frags is self.frags else None

    def keep(self, got: Wrapped) -> None:
        if got[1] is self.frags:
            self[got[0]] = got


KEPT = 256  # parsed paragraphs whose lines are kept: a job's rules and sheets hold ~100
_kept: OrderedDict[int, tuple[Paragraph, Wraps]] = OrderedDict()


def wraps_of(parsed: Paragraph) -> Wraps:
    """The lines shared by the paragraphs made from ``parsed``: kept for the ``KEPT`` parsed
    paragraphs used last (a job sets its rules a few times over, then the next job's)."""
    key = id(parsed)
    found = _kept.get(key)
    if found is not None and found[0] is parsed:
        _kept.move_to_end(key)
        return found[1]
    wraps = Wraps(parsed.frags)
    _kept[key] = (parsed, wraps)
    while len(_kept) > KEPT:
        _kept.popitem(last=False)
    return wraps


_SPLITS = itertools.count(1)


class DocParagraph(SpacedParagraph):
    """A paragraph read as ``tag`` (H1, H2 or P); the continuation of a heading split over a
    page break is still the heading. A page break never falls after a line that ends with a
    colon (it reads as a lead-in cut off from what it introduces): such a split leaves that
    line for the next page too, when the lines before it can stay."""

    tag = "P"
    shared: Wraps | None = None  # the lines of every paragraph of the same parsed markup
    split_key: str | None = None  # the parts of one paragraph split over a page break share it

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        """ReportLab's wrap, broken into lines once per width: a document wraps a paragraph
        several times at the same width (to keep it with the next, to fit it, to place it),
        and its lines depend on the width alone; so do those of the same markup in another
        document, broken from the same fragments (``Wraps``)."""
        last = self.__dict__.get("_wrapped_at")
        if last is None or last[0] != availWidth:
            last = self.shared.find(self.frags, availWidth) if self.shared is not None else None
        if last is not None:
            _, _, self.blPara, self.height, self._wrapWidths, self._width_max, self.frags = last
            self.width = availWidth
            self._wrapped_at = last
            return availWidth, self.height
        if self.shared is not None and self._whole():
            self.frags = self.shared.frags  # broken from them again, its lines can be kept
        frags = self.frags
        width, height = super().wrap(availWidth, availHeight)
        if height < _NO_ROOM:  # (_NO_ROOM: ReportLab found the width too narrow for anything)
            most = self.__dict__.get("_width_max", 0)
            got = (availWidth, frags, self.blPara, height, self._wrapWidths, most, self.frags)
            self._wrapped_at = got
            if self.shared is not None:
                self.shared.keep(got)
        return width, height

    def _whole(self) -> bool:
        """Whether this is the paragraph as parsed, not cut by a split: its last lines (or,
        never broken, its fragments) come from the shared fragments. Broken again at a new
        width, it starts from them, not from the words its last breaking left."""
        assert self.shared is not None
        last = self.__dict__.get("_wrapped_at")
        return (self.frags if last is None else last[1]) is self.shared.frags

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        parts: list[Flowable] = self._split(availWidth, availHeight)
        room = availHeight
        while len(parts) > 1 and ends_with_colon(parts[0]):  # a line earlier, and again
            room -= self.style.leading  # (a split that keeps no widow may land on it again)
            self.wrap(availWidth, availHeight)
            earlier = self._split(availWidth, room)
            if len(earlier) < 2:
                break  # no earlier line can end the page: the split as it was
            if not ends_with_colon(earlier[0]):
                parts = earlier
        # its parts are one paragraph to a reader (``split_key``), and the words of one part
        # run on into the next's: a space ends each but the last (``continues``)
        key = (self.split_key or f"split{next(_SPLITS)}") if len(parts) > 1 else None
        for i, part in enumerate(parts):
            part.tag = self.tag  # type: ignore[attr-defined]
            if key is not None:
                part.split_key = key  # type: ignore[attr-defined]
                part.continues = i < len(parts) - 1 or self.continues  # type: ignore[attr-defined]
        return parts

    def _split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        """ReportLab's split, on lines and words of this paragraph's own: a split writes into
        what it cuts (a space after a line's last word, a hyphenated word's class), and the
        lines from ``Wraps`` are others' too."""
        if "blPara" not in self.__dict__:  # (ReportLab's split drops them where none fit)
            self.wrap(availWidth, availHeight)
        lines = self.__dict__.get("blPara")
        if self.shared is not None and lines is not None and lines is not self.__dict__.get("_own"):
            self.blPara = self._own = own_lines(lines)
            self.frags = [copy.copy(f) if type(f) is not list else f for f in self.frags]
            last = self.__dict__.get("_wrapped_at")
            if last is not None and last[2] is lines:
                self._wrapped_at = (*last[:2], self.blPara, *last[3:6], self.frags)
        return super().split(availWidth, availHeight)  # type: ignore[no-any-return]


def own_lines(lines: Any) -> Any:
    """A copy of a paragraph's broken lines that shares nothing a split writes to: the lines
    and their words (fragments, or strings that may change class)."""
    if lines.kind == 1:
        new = [line.clone(words=[w.clone() for w in line.words]) for line in lines.lines]
    else:
        new = [(extra, [copy.copy(w) for w in words]) for extra, words in lines.lines]
    return lines.clone(lines=new)


def ends_with_colon(f: Flowable) -> bool:
    """Whether ``f`` is a paragraph (or a part of one split over a page break: its text is
    in its fragments' words then) whose text ends with a colon."""
    if not isinstance(f, Paragraph):
        return False
    text = f.getPlainText()
    if not text:
        text = " ".join(w for frag in f.frags for w in getattr(frag, "words", []))
    return text.rstrip().endswith(":")


_KEYS = itertools.count(1)


class ListItemIndenter(LIIndenter):
    """A list item (its number or bullet and its paragraph) that splits into items of its
    own class, not into ReportLab's plain ones. ``keys``: which list and which item it is,
    kept by the parts of an item split over a page break (one L, one LI to a reader)."""

    _IndenterAttrs = [*LIIndenter._IndenterAttrs, "keys"]

    def split(self, aW: float, aH: float) -> list[Flowable]:  # noqa: N803
        parts = [rewrapped(type(self), part) for part in super().split(aW, aH)]
        for part in parts:
            part.keys = self.keys
        return parts


def rewrapped(cls: type[ListItemIndenter], item: LIIndenter) -> ListItemIndenter:
    """``item`` as an instance of ``cls``: the same paragraph, indents, bullet and spacing."""
    extra = {k: item.__dict__[k] for k in ("spaceBefore", "spaceAfter") if k in item.__dict__}
    out = cls(item._flowable, item._leftIndent, item._rightIndent, item._bullet, **extra)
    out.keys = item.__dict__.get("keys") or ("", f"li{next(_KEYS)}")
    return out


class ItemList(ListFlowable):
    """A numbered or bulleted list whose items are ``item_type`` indenters."""

    item_type: ClassVar[type[ListItemIndenter]] = ListItemIndenter

    def _makeLIIndenter(  # noqa: N802 - ReportLab's name
        self, flowable: Flowable, bullet: Any, params: dict[str, Any] | None = None
    ) -> ListItemIndenter:
        if "list_key" not in self.__dict__:
            self.list_key = f"l{next(_KEYS)}"
        item = rewrapped(self.item_type, super()._makeLIIndenter(flowable, bullet, params))
        item.keys = (self.list_key, f"li{next(_KEYS)}")
        return item

    def items(self) -> list[Flowable]:
        """The items as separate flowables (what the list splits into on a page break)."""
        return list(self._content)
