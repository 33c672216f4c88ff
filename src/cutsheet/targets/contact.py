"""The contact-sheet target: one PDF per game on the print plan's paper, for proofreading
a whole game at a glance: every distinct face of every deck drawn small, in a grid, under its
deck's heading, with its id (searchable text) and its number of copies."""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..diagnostics import Problem, counted
from ..impose.print_plan import PrintPlan
from ..measure import FACES
from ..plan.model import FacePlan
from ..render.faces import draw_face
from ..render.parts import meta_for
from ..render.pdf import DocMeta, new_canvas
from . import ExportSettings, Rendered
from .decks import Deck, Face, deck_faces, decks, shared_back_stems

MARGIN = 12.0  # mm
CELL = (34.0, 44.0)  # mm a thumbnail may take
GAP = 4.0  # mm between cells
LABEL = 7.0  # mm under a thumbnail for its id and copies
HEADING = 9.0  # mm a deck's heading takes


@dataclass(frozen=True)
class ContactTarget:
    name: str = "contact"
    settings: ExportSettings = field(default_factory=ExportSettings)

    def render(self, plan: PrintPlan, problems: list[Problem]) -> list[Rendered]:
        return draw(plan, self.settings)


TARGET = ContactTarget()


class Sheet:
    """The pages being filled: a cursor going left to right, then down, page after page."""

    def __init__(self, c: Canvas, paper: tuple[float, float], title: str) -> None:
        self.c, self.paper, self.title = c, paper, title
        self.columns = max(1, int((paper[0] - 2 * MARGIN + GAP) // (CELL[0] + GAP)))
        self.page = 0
        self.top = 0.0
        self.column = 0
        self.running = ""  # the heading of the deck being drawn, as a page that goes on says it
        self.new_page()

    def new_page(self) -> None:
        if self.page:
            self.c.showPage()
        self.page += 1
        self.top = self.paper[1] - MARGIN
        c = self.c
        c.setFont(FACES["regular"][0], 8)
        c.drawString(MARGIN * mm, (MARGIN / 2) * mm, f"{self.title} · page {self.page}")
        self.column = 0

    def room(self, height: float) -> None:
        if self.top - height < MARGIN:
            self.new_page()

    def heading(self, deck: Deck, faces: list[Face]) -> None:
        """The deck's title, counts, and its cards' size and the scale they are drawn at (a
        thumbnail fills its cell: the heading says how small, so sizes compare across decks)."""
        self.room(HEADING + CELL[1] + LABEL)
        text = f"{deck.title} ({deck.component}): {counted(deck.copies, 'card')},"
        text += f" {counted(len(faces), 'face')}"
        if faces:
            f = faces[0].face
            text += f" · {f.width_mm:g} × {f.height_mm:g} mm, drawn at {_scale(f):.0%}"
        self.running = f"{deck.title} ({deck.component}), continued"
        self._write(text)

    def _write(self, text: str) -> None:
        """A heading line at the cursor (a long one set smaller, never past the margin)."""
        width = (self.paper[0] - 2 * MARGIN) * mm
        size = min(11.0, 11.0 * width / max(stringWidth(text, FACES["bold"][0], 11), 1.0))
        self.c.setFont(FACES["bold"][0], size)
        self.c.drawString(MARGIN * mm, (self.top - 6) * mm, text)
        self.top -= HEADING

    def face(self, face: Face) -> None:
        if self.column == 0 and self.top - (CELL[1] + LABEL) < MARGIN:  # a deck goes on
            self.new_page()
            self._write(self.running)  # overleaf, under its name again
        c, f = self.c, face.face
        scale = _scale(f)
        w, h = f.width_mm * scale, f.height_mm * scale
        x = MARGIN + self.column * (CELL[0] + GAP) + (CELL[0] - w) / 2
        y = self.top - CELL[1] + (CELL[1] - h)
        c.saveState()
        c.translate(x * mm, y * mm)
        c.scale(scale, scale)
        draw_face(c, f, 0, 0)
        c.restoreState()
        c.setLineWidth(0.25)
        c.rect(x * mm, y * mm, w * mm, h * mm, stroke=1, fill=0)
        c.setFont(FACES["regular"][0], 6.5)
        left = (MARGIN + self.column * (CELL[0] + GAP)) * mm
        c.drawString(left, (y - 3) * mm, face.stem)  # under the thumbnail, however small
        c.drawString(left, (y - 6) * mm, f"× {face.copies}")
        self.column += 1
        if self.column == self.columns:
            self.end_row()

    def end_row(self) -> None:
        if self.column:
            self.top -= CELL[1] + LABEL + GAP
        self.column = 0


def _scale(face: FacePlan) -> float:
    """How small a face is drawn: to fill its cell, never above its size."""
    return min(CELL[0] / face.width_mm, CELL[1] / face.height_mm, 1.0)


def _fronts_first(faces: list[Face], shared: dict[FacePlan, str]) -> list[Face]:
    """A deck's faces for the eye: each card with its own back, and a back the deck's cards
    share after them all (in print order it follows the first card, and reads as that
    card's)."""
    return sorted(faces, key=lambda f: f.side == "back" and f.face in shared)  # stable


def draw(plan: PrintPlan, settings: ExportSettings) -> list[Rendered]:
    game = plan.game_plan.game
    all_decks = decks(plan.game_plan)
    if not all_decks:
        return []
    shared = shared_back_stems(all_decks)
    base = meta_for(game, "cards")
    profile = plan.game_plan.profile.name
    title = f"{game.spec.title} — contact sheet ({profile})"
    meta = DocMeta(title, base.author, base.subject, base.creator, base.lang)
    buf = io.BytesIO()
    c = new_canvas(buf, plan.paper.size, meta)
    sheet = Sheet(c, plan.paper.size, title)
    for deck in all_decks:
        faces = _fronts_first(deck_faces(deck, shared), shared)
        sheet.heading(deck, faces)
        for face in faces:
            sheet.face(face)
        sheet.end_row()
    c.showPage()
    c.save()
    counts = {d.component: d.copies for d in all_decks}
    return [
        Rendered(
            plan.paper.name, "contact", buf.getvalue(), sheet.page, counts, f"{game.id}-contact.pdf"
        )
    ]
