"""Flowing documents drawn: the flow's flowables (``cutsheet.flow``), marked for the structure
tree. Text is tagged (H1, H2 or P), rules, fills and shapes are artifacts. Each class here
overrides only how its flowable draws, never its size or how it splits, so what the plan
measured is what is drawn."""

from __future__ import annotations

from typing import Any

from reportlab.lib.units import mm

from ..flow.diagrams import CardRowDiagram, CardSpaces, CheckBoxes, CheckNumbers
from ..flow.figures import CardFigure
from ..flow.paragraphs import DocParagraph, ItemList, ListItemIndenter
from ..flow.story import StoryBuilder
from ..flow.tables import RuledTable
from ..plan.model import FacePlan
from .faces import draw_face
from .replay import draw_lines
from .symbols import install
from .tagging import new_key, tagger_of


class TaggedParagraph(DocParagraph):
    """A paragraph that marks its text for the structure tree (H1, H2 or P) and draws the
    symbols in it; the parts of one split over a page break (``split_key``) are one element."""

    def draw(self) -> None:
        install(self.canv)
        tagger = tagger_of(self.canv)
        key = self.split_key
        if key is None:
            marked = tagger.text(self.canv, self.tag)
        else:
            marked = tagger.continued(self.canv, self.tag, key)
        with marked:
            draw_lines(self.canv, self, super().draw)


class TaggedListItem(ListItemIndenter):
    """A list item, ``L`` > ``LI`` > ``Lbl`` (its number or bullet) + ``LBody`` (its
    paragraph). An item split over a page break is one LI, its list one L: the keys go with
    the parts."""

    def drawOn(self, canv: Any, x: float, y: float, _sW: float = 0) -> None:  # noqa: N802, N803
        tagger = tagger_of(canv)
        list_key, item_key = self.keys
        with tagger.node("L", list_key), tagger.node("LI", item_key):
            if self._bullet:
                with tagger.text(canv, "Lbl"):
                    self._bullet.drawOn(self, canv, x, y, 0)
            with tagger.node("LBody", item_key + "-body"):
                w = max(0, _sW - self._leftIndent - self._rightIndent)
                self._flowable.drawOn(canv, x + self._leftIndent, y, w)


class TaggedList(ItemList):
    """A list whose items tag themselves as one L (see TaggedListItem)."""

    item_type = TaggedListItem


def _table_events(table: RuledTable, event: str, *args: Any) -> None:
    """ReportLab's table drawing callback: a table read as one opens ``Table`` > ``TR`` >
    ``TH``/``TD`` nodes around its cells' content (a cell with nothing in it, a write-in, is
    an empty TD). A table split over pages is one Table, the header rows repeated over a
    later page's rows an artifact."""
    if table.headers is None:
        return
    tagger, c = tagger_of(table.canv), table.canv
    if event == "startRow" and table.continued and args[0] < table.repeatRows:
        table._cs_repeat = tagger.artifact(c)  # the header again, over a later page's rows:
        table._cs_repeat.__enter__()  # read once, where the table starts
    if event in ("startTable", "startRow"):
        key = table.table_key if event == "startTable" else None  # one Table over its pages
        tagger.push("Table" if event == "startTable" else "TR", key)
    elif event == "startCell":
        row, col = args[0], args[1]
        scope = table.header_scope(row, col)
        span = (getattr(table, "_spanRanges", None) or {}).get((col, row))
        spans = {}  # a wrapped track's label spans its rows, the rest of its short last row
        if span and span[3] > span[1]:
            spans["RowSpan"] = str(span[3] - span[1] + 1)
        if span and span[2] > span[0]:
            spans["ColSpan"] = str(span[2] - span[0] + 1)
        if scope:
            tagger.push("TH", Scope=scope, **spans)
        else:
            tagger.push("TD", **spans)
        tagger.empty(c)
    elif event in ("endCell", "endRow", "endTable"):
        tagger.pop()
        repeat = vars(table).pop("_cs_repeat", None) if event == "endRow" else None
        if repeat is not None:
            repeat.__exit__(None, None, None)


class ArtifactTable(RuledTable):
    """A table whose rules and shading are artifacts; its cell paragraphs tag themselves, in
    ``Table`` > ``TR`` > ``TH``/``TD`` when it is read as a table (ReportLab calls its
    ``_renderCB`` around rows and cells as it draws them)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._renderCB = _table_events

    def _drawBkgrnd(self) -> None:  # noqa: N802 - ReportLab's name
        with tagger_of(self.canv).artifact(self.canv):
            super()._drawBkgrnd()

    def _drawLines(self) -> None:  # noqa: N802 - ReportLab's name
        with tagger_of(self.canv).artifact(self.canv):
            super()._drawLines()


class TaggedCheckBoxes(CheckBoxes):
    """Tick boxes and their numbers, drawn as one ``Figure`` a reader is told of ("3 tick
    boxes, numbered 1 to 3"): as an artifact, the cell read as empty, as a write-in does."""

    def draw(self) -> None:
        n = len(self.layout.boxes)
        alt = f"{n} tick boxes, numbered 1 to {n}" if n > 1 else "a tick box"
        with tagger_of(self.canv).text(self.canv, "Figure", Alt=alt):
            super().draw()


class ArtifactCheckNumbers(CheckNumbers):
    """The numbers over a column's tick boxes, drawn as an artifact, as the boxes are."""

    def draw(self) -> None:
        with tagger_of(self.canv).artifact(self.canv):
            super().draw()


class TaggedCardSpaces(CardSpaces):
    """Card-sized spaces whose dashed frames are artifacts; each label ("CURRENT", "NEXT")
    is text, read where the space is."""

    def draw_space(self, x: float, y: float) -> None:
        with tagger_of(self.canv).artifact(self.canv):
            super().draw_space(x, y)

    def draw_label(self, x: float, y: float, label: str) -> None:
        with tagger_of(self.canv).text(self.canv, "P"):
            super().draw_label(x, y, label)


class TaggedCardRow(CardRowDiagram):
    """A row of cards read as a list, ``L`` > ``LI`` > ``LBody``, a card an item whose
    label and mark tag themselves as text ("Limit 2", "blocking ticket"); the outlines and
    tabs are artifacts. (Read as loose paragraphs, the row's labels and marks ran together
    with no sign that they belong to one row of cards.)"""

    def draw(self) -> None:
        key = self.__dict__.setdefault("_key", new_key())  # a row is drawn on one page
        with tagger_of(self.canv).node("L", key):
            super().draw()

    def draw_card_text(self, n: int, card: tuple[Any, Any], box: Any) -> None:
        tagger, key = tagger_of(self.canv), f"{self._key}-{n}"
        with tagger.node("LI", key), tagger.node("LBody", key + "-body"):
            super().draw_card_text(n, card, box)

    def draw_outlines(self) -> None:
        with tagger_of(self.canv).artifact(self.canv):
            super().draw_outlines()


class TaggedCardFigure(CardFigure):
    """A card drawn from its planned face as its deck prints it, one ``Figure`` whose Alt
    names it (its own text is the figure's, not read again); the leader lines are
    artifacts and the labels tag themselves as text."""

    def draw_card(self, x: float, y: float, scale: float) -> None:
        assert isinstance(self.face, FacePlan)  # the plan hands the flow planned faces
        c = self.canv
        with tagger_of(c).text(c, "Figure", Alt=self.alt):
            c.saveState()
            c.translate(x, y)
            c.scale(scale, scale)
            draw_face(c, self.face, 0, 0)
            c.restoreState()
        with tagger_of(c).artifact(c):  # the cut, where the card's art has no outline
            c.setLineWidth(0.25)
            c.setStrokeColorRGB(0.6, 0.6, 0.6)
            w, h = self.face.width_mm * mm * scale, self.face.height_mm * mm * scale
            c.rect(x, y, w, h, stroke=1, fill=0)
            c.setStrokeColorRGB(0, 0, 0)

    def draw_leaders(self) -> None:
        with tagger_of(self.canv).artifact(self.canv):
            super().draw_leaders()


class TaggedStory(StoryBuilder):
    """Planned document blocks made into flowables that tag what they draw."""

    paragraph_type = TaggedParagraph
    list_type = TaggedList
    table_type = ArtifactTable
    check_boxes_type = TaggedCheckBoxes
    check_numbers_type = ArtifactCheckNumbers
    card_spaces_type = TaggedCardSpaces
    card_row_type = TaggedCardRow
    card_figure_type = TaggedCardFigure
