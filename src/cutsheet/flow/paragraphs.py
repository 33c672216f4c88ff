"""Paragraphs and lists of a flowing document, each knowing the structure element it is
read as, and keeping it across a page break."""

from __future__ import annotations

import itertools
from typing import Any, ClassVar

from reportlab.platypus import Flowable, ListFlowable, Paragraph
from reportlab.platypus.flowables import LIIndenter

_NO_ROOM = 0x7FFFFFFF


class DocParagraph(Paragraph):
    """A paragraph read as ``tag`` (H1, H2 or P); the continuation of a heading split over a
    page break is still the heading. A page break never falls after a line that ends with a
    colon (it reads as a lead-in cut off from what it introduces): such a split leaves that
    line for the next page too, when the lines before it can stay."""

    tag = "P"

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        """ReportLab's wrap, broken into lines once per width: a document wraps a paragraph
        several times at the same width (to keep it with the next, to fit it, to place it),
        and its lines depend on the width alone."""
        last = self.__dict__.get("_wrapped_at")
        if last is not None and last[0] == availWidth:
            _, self.blPara, self.height, self._wrapWidths = last
            self.width = availWidth
            return availWidth, self.height
        width, height = super().wrap(availWidth, availHeight)
        if height < _NO_ROOM:  # (_NO_ROOM: ReportLab found the width too narrow for anything)
            self._wrapped_at = (availWidth, self.blPara, height, self._wrapWidths)
        return width, height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        parts: list[Flowable] = super().split(availWidth, availHeight)
        if len(parts) > 1 and ends_with_colon(parts[0]):
            self.wrap(availWidth, availHeight)
            earlier = super().split(availWidth, availHeight - self.style.leading)
            if len(earlier) > 1 and not ends_with_colon(earlier[0]):
                parts = earlier
        for part in parts:
            part.tag = self.tag  # type: ignore[attr-defined]
        return parts


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
