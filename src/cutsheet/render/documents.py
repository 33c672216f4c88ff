"""Flowing documents drawn: the flow's flowables (``cutsheet.flow``), marked for the structure
tree. Text is tagged (H1, H2 or P), rules, fills and shapes are artifacts. Each class here
overrides only how its flowable draws, never its size or how it splits, so what the plan
measured is what is drawn."""

from __future__ import annotations

from typing import Any

from ..flow.diagrams import CardRowDiagram, CardSpaces, CheckBoxes
from ..flow.paragraphs import DocParagraph, ItemList, ListItemIndenter
from ..flow.story import StoryBuilder
from ..flow.tables import RuledTable
from .symbols import install
from .tagging import tagger_of


class TaggedParagraph(DocParagraph):
    """A paragraph that marks its text for the structure tree (H1, H2 or P) and draws the
    symbols in it."""

    def draw(self) -> None:
        install(self.canv)
        with tagger_of(self.canv).text(self.canv, self.tag):
            super().draw()


class TaggedListItem(ListItemIndenter):
    """A list item: its number or bullet and its paragraph are one tagged paragraph, so the
    bullet is not painted outside marked content and a reader hears "1. Shuffle …"."""

    def drawOn(self, canv: Any, x: float, y: float, _sW: float = 0) -> None:  # noqa: N802, N803
        with tagger_of(canv).text(canv, getattr(self._flowable, "tag", "P")):
            super().drawOn(canv, x, y, _sW)


class TaggedList(ItemList):
    """A list whose items tag their bullets with their text (see TaggedListItem)."""

    item_type = TaggedListItem


class ArtifactTable(RuledTable):
    """A table whose rules and shading are artifacts; its cell paragraphs tag themselves."""

    def _drawBkgrnd(self) -> None:  # noqa: N802 - ReportLab's name
        with tagger_of(self.canv).artifact(self.canv):
            super()._drawBkgrnd()

    def _drawLines(self) -> None:  # noqa: N802 - ReportLab's name
        with tagger_of(self.canv).artifact(self.canv):
            super()._drawLines()


class ArtifactCheckBoxes(CheckBoxes):
    """Tick boxes and their numbers, drawn as an artifact."""

    def draw(self) -> None:
        with tagger_of(self.canv).artifact(self.canv):
            super().draw()


class ArtifactCardSpaces(CardSpaces):
    """Card-sized spaces and their labels, drawn as an artifact."""

    def draw(self) -> None:
        with tagger_of(self.canv).artifact(self.canv):
            super().draw()


class TaggedCardRow(CardRowDiagram):
    """A row of cards whose outlines and tabs are artifacts; the labels and marks tag
    themselves as text."""

    def draw_outlines(self) -> None:
        with tagger_of(self.canv).artifact(self.canv):
            super().draw_outlines()


class TaggedStory(StoryBuilder):
    """Planned document blocks made into flowables that tag what they draw."""

    paragraph_type = TaggedParagraph
    list_type = TaggedList
    table_type = ArtifactTable
    check_boxes_type = ArtifactCheckBoxes
    card_spaces_type = ArtifactCardSpaces
    card_row_type = TaggedCardRow
