"""Paragraphs and lists of a flowing document, each knowing the structure element it is
read as, and keeping it across a page break."""

from __future__ import annotations

from typing import Any, ClassVar

from reportlab.platypus import Flowable, ListFlowable, Paragraph
from reportlab.platypus.flowables import LIIndenter


class DocParagraph(Paragraph):
    """A paragraph read as ``tag`` (H1, H2 or P); the continuation of a heading split over a
    page break is still the heading."""

    tag = "P"

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        parts: list[Flowable] = super().split(availWidth, availHeight)
        for part in parts:
            part.tag = self.tag  # type: ignore[attr-defined]
        return parts


class ListItemIndenter(LIIndenter):
    """A list item (its number or bullet and its paragraph) that splits into items of its
    own class, not into ReportLab's plain ones."""

    def split(self, aW: float, aH: float) -> list[Flowable]:  # noqa: N803
        return [rewrapped(type(self), part) for part in super().split(aW, aH)]


def rewrapped(cls: type[ListItemIndenter], item: LIIndenter) -> ListItemIndenter:
    """``item`` as an instance of ``cls``: the same paragraph, indents, bullet and spacing."""
    extra = {k: item.__dict__[k] for k in ("spaceBefore", "spaceAfter") if k in item.__dict__}
    return cls(item._flowable, item._leftIndent, item._rightIndent, item._bullet, **extra)


class ItemList(ListFlowable):
    """A numbered or bulleted list whose items are ``item_type`` indenters."""

    item_type: ClassVar[type[ListItemIndenter]] = ListItemIndenter

    def _makeLIIndenter(  # noqa: N802 - ReportLab's name
        self, flowable: Flowable, bullet: Any, params: dict[str, Any] | None = None
    ) -> ListItemIndenter:
        return rewrapped(self.item_type, super()._makeLIIndenter(flowable, bullet, params))

    def items(self) -> list[Flowable]:
        """The items as separate flowables (what the list splits into on a page break)."""
        return list(self._content)
