"""Drawing the ``cards`` or ``sheets`` part for one paper: imposed card pages (duplex,
gutterfold), full-page sheets, and the duplex calibration sheet. Every position comes from
``impose``; this module only draws."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from contextlib import AbstractContextManager

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from ..diagnostics import Problem
from ..flow.frames import Furniture, padded_frame, sheet_frame
from ..flow.sheets import continued_height, continued_title, fill_frame, sheet_story
from ..flow.story import StoryBuilder
from ..impose import PagePlan, Rect, Slot
from ..impose.print_plan import ImposedPage, PrintPlan
from ..measure import face_name, string_width
from ..plan.model import FacePlan, PageDoc, PrintedCard
from ..plan.overleaf import MORE
from .calibration import draw_calibration
from .face_copies import FaceCopies
from .faces import draw_face
from .grounds import ground_of, grounds
from .pdf import (
    DocMeta,
    draw_note,
    draw_scale_bar,
    draw_segments,
    new_canvas,
    page_furniture,
)
from .pdfstream import add_structure
from .spill import Spill
from .tagging import Tagger, attach, new_key

TITLE_INSET_MM = 6.0  # the file's title, in the text layer only, this far inside the paper


def _box(r: Rect) -> tuple[float, float, float, float]:
    return (r.x * mm, r.y * mm, r.right * mm, r.top * mm)


def _slot_face(slot: Slot[PrintedCard]) -> FacePlan | None:
    """The face a slot shows: its card's front, or its back (None: a card with none)."""
    return slot.item.front if slot.side == "front" else slot.item.back


def _shared_back(slot: Slot[PrintedCard]) -> bool:
    """A back that is the deck's art, not the card's own content (drawn once, as a form)."""
    return slot.side == "back" and not slot.item.back_is_content


class PartWriter:
    """One part on one canvas, page after page; tags content when the profile asks."""

    def __init__(self, plan: PrintPlan, part: str, meta: DocMeta, docs: StoryBuilder) -> None:
        self.plan = plan.game_plan
        self.part = part
        self.paper = plan.paper.size
        self.bleed = plan.options.bleed
        self.furniture: Furniture = plan.furniture
        self.buf = Spill()
        self.c = new_canvas(self.buf, self.paper, meta)
        self.tagger = Tagger(self.plan.profile.tagged)
        attach(self.c, self.tagger)
        self.docs = dataclasses.replace(docs, heading_offset=1)  # under the file's H1
        self.problems: list[Problem] = []
        self.sheet = 0
        self.pages = 0
        self.forms: dict[FacePlan, str] = {}  # identical backs, drawn once as Form XObjects
        self.copies = FaceCopies()  # faces printed again, drawn once and copied
        self.headed: set[tuple[str, str, str]] = set()  # (side, component, item) read as headed
        self.title = meta.title
        self.titled = False
        self.note_key = ""  # the first page's note, read after the title (``open_with_title``)

    def open_with_title(self) -> None:
        """The file's one H1, "Common Reserve — Cards", first on its first page: set in the
        text layer only (invisible, render mode 3), at heading size in the top margin, where
        a screen reader, search and copy find it and the printed page keeps its design. A
        title too long for one line at that size is set smaller, so it ends on the page:
        text past the page's edge is text a reader may never be given."""
        if self.titled or not self.tagger.enabled:
            return
        self.titled = True
        font = face_name("bold")
        size = float(self.docs.styles.title.fontSize)
        room = (self.paper[0] - 2 * TITLE_INSET_MM) * mm
        wide = string_width(self.title, font, size)
        if wide > room:
            size = int(size * room / wide * 10) / 10
        c = self.c
        with self.tagger.text(c, "H1"):
            c.saveState()  # the render mode is graphics state: it ends with the title
            text = c.beginText(TITLE_INSET_MM * mm, self.paper[1] * mm - TITLE_INSET_MM * mm - size)
            text.setTextRenderMode(3)
            text.setFont(font, size)
            text.textLine(self.title)
            c.drawText(text)
            c.restoreState()
        # the margin's 100 % note is read next, on this first page only: every other copy of
        # it (and this page's bar and label) is furniture, an artifact (the screen-reader
        # audit found the one instruction that keeps cards to size nowhere in the tags)
        self.note_key = new_key()
        with self.tagger.node("P", self.note_key):
            self.tagger.empty(c)

    def furniture_mark(self, piece: str) -> AbstractContextManager[None]:
        """How a piece of a page's furniture is marked: the first page's note as the part of
        the element ``open_with_title`` put after the title, anything else an artifact."""
        if piece == "note" and self.note_key:
            key, self.note_key = self.note_key, ""
            return self.tagger.continued(self.c, "P", key)
        return self.tagger.artifact(self.c)

    # -- furniture -----------------------------------------------------------------------
    def label(self, sheet: int, side: str = "") -> str:
        return self.furniture.page_label(self.part, sheet, side)

    def show_page(self, trim: Rect | None = None, bleed: Rect | None = None) -> None:
        whole = Rect(0, 0, *self.paper)
        self.c.setTrimBox(_box(trim or whole))
        self.c.setBleedBox(_box(bleed or whole))
        self.c.showPage()
        self.pages += 1

    def finish_page(self, label: str) -> None:
        if label and self.note_key:  # the first page: its note is read after the title
            page_furniture(self.c, self.paper, label, self.furniture, marked=self.furniture_mark)
        elif label:
            with self.tagger.artifact(self.c):
                page_furniture(self.c, self.paper, label, self.furniture)
        self.show_page()

    # -- imposed card pages --------------------------------------------------------------
    def card_pages(self, pages: Sequence[ImposedPage]) -> None:
        self.copies.expect(
            _slot_face(slot)
            for imposed in pages
            for slot in imposed.page.slots
            if _slot_face(slot) is not None and not _shared_back(slot)
        )
        for imposed in pages:
            self.sheet = imposed.page.sheet
            self.draw_page(imposed.page, imposed.label)

    def draw_page(self, page: PagePlan[PrintedCard], label: str) -> None:
        c, bleed = self.c, self.bleed
        self.open_with_title()
        self.paint_grounds(page)  # touching backs: their colour under them, no seam shows
        seen: dict[tuple[str, PrintedCard], int] = {}
        for slot in page.slots:
            face = _slot_face(slot)
            if face is None:
                continue
            if _shared_back(slot):
                self.place_back(face, slot.trim, bleed, slot.rotation)
                continue
            # a card is one section, its back after its front: the n-th copy of a card on a
            # sheet's back is the back of the n-th copy on its front
            copy = seen[slot.side, slot.item] = seen.get((slot.side, slot.item), -1) + 1
            self.tagger.group = f"{self.sheet}:{slot.item.component}:{slot.item.item}:{copy}"
            if not any(el.is_read for el in slot.item.front.elements):
                # a card of shapes alone is named by its id; a picture said (its ``alt``)
                # speaks for its card
                self.tagger.group_alt[self.tagger.group] = slot.item.item
            role = "back" if slot.side == "back" else "front"
            if role == "back" and MORE in slot.item.front.texts:
                role = "overleaf"
            # a card's headings are read once a file: on its first copy (a reader moving by
            # headings meets each card once, not fifty cubes "R"); later copies read as text
            seen_as = (slot.side, slot.item.component, slot.item.item)
            first = seen_as not in self.headed
            self.headed.add(seen_as)
            draw_face(
                c,
                face,
                slot.trim.x,
                slot.trim.y,
                self.tagger,
                bleed,
                slot.rotation,
                role,
                self.copies,
                first,
            )
        self.tagger.group = None
        read = bool(self.note_key)  # the first page's note is read after the title
        with self.tagger.artifact(c):
            draw_segments(c, page.cut_lines, 0.25)
            draw_segments(c, page.marks)
            if page.fold:
                c.saveState()
                c.setDash(3, 2)
                draw_segments(c, page.fold, 0.5)
                c.restoreState()
            if not read:
                self.draw_furniture(page, label)
        if read:
            self.draw_furniture(page, label)
        self.show_page(page.trim_box, page.bleed_box)

    def draw_furniture(self, page: PagePlan[PrintedCard], label: str) -> None:
        """An imposed page's note, bar and label, each marked as ``furniture_mark`` says."""
        c, f, fp = self.c, self.furniture, page.furniture
        with self.furniture_mark("note"):
            draw_note(c, f.note, *fp.note.origin, vertical=fp.note.vertical, size=f.size)
        with self.furniture_mark("bar"):
            draw_scale_bar(c, *fp.scale_bar.origin, vertical=fp.scale_bar.vertical, size=f.size)
        with self.furniture_mark("label"):
            draw_note(c, label, *fp.label.origin, vertical=fp.label.vertical, size=f.size)

    def paint_grounds(self, page: PagePlan[PrintedCard]) -> None:
        """The ground colour of the page's touching shared backs, one rectangle a run
        (``grounds``), as an artifact under them: over their bleeds, which touch where a
        bleed sets the cards apart (without one, a back's bleed is its trim)."""
        backs = []
        for slot in page.slots:
            face = _slot_face(slot)
            colour = ground_of(face) if face is not None and _shared_back(slot) else None
            if colour is not None:
                backs.append((colour, slot.bleed))
        runs = grounds(backs)
        if not runs:
            return
        c = self.c
        with self.tagger.artifact(c):
            c.saveState()
            for colour, r in runs:
                c.setFillColor(colors.HexColor(colour))
                c.rect(r.x * mm, r.y * mm, r.w * mm, r.h * mm, stroke=0, fill=1)
            c.restoreState()

    def place_back(self, face: FacePlan, trim: Rect, bleed: float, rotation: int) -> None:
        """A card back: the same art on every card of a deck, so it is drawn once per file as
        a Form XObject and placed where each back goes. Repeated art is decoration to a
        reader (an artifact); the fronts carry the cards' text."""
        c = self.c
        name = self.forms.get(face)
        if name is None:
            name = f"cs-back-{len(self.forms) + 1}"
            w, h = face.width_mm, face.height_mm
            c.beginForm(name, -bleed * mm, -bleed * mm, (w + bleed) * mm, (h + bleed) * mm)
            draw_face(c, face, 0, 0, None, bleed)
            c.endForm()
            self.forms[face] = name
        with self.tagger.artifact(c):
            c.saveState()
            if rotation:
                c.translate((trim.x + face.width_mm / 2) * mm, (trim.y + face.height_mm / 2) * mm)
                c.rotate(rotation)
                c.translate(-face.width_mm / 2 * mm, -face.height_mm / 2 * mm)
            else:
                c.translate(trim.x * mm, trim.y * mm)
            c.doForm(name)
            c.restoreState()

    # -- full-page sheets ----------------------------------------------------------------
    def page_doc(self, doc: PageDoc) -> None:
        """A full-page sheet, each copy from a fresh page, laid out page after page as
        ``flow/sheets.py`` says (groups cut where they allow, the last block kept with the one
        before it)."""
        again = continued_title(doc.doc, StoryBuilder.for_profile(self.plan.profile))
        docs = self.docs.for_frame(sheet_frame(self.paper, self.furniture.band_mm)[2])
        for _ in range(doc.copies):
            self.open_with_title()
            story = sheet_story(docs.flowables(doc.doc.blocks))
            first = True
            while story:
                self.sheet += 1
                x, y, w, h = sheet_frame(self.paper, self.furniture.band_mm)
                # "a page" to a table that may split: the room under the repeated title,
                # on every page, as the plan measures (flow.frames.page_height)
                room = h - continued_height(again, w, self.c)
                if not first and again is not None:
                    h -= self.continued(again, x, y + h, w)
                first = False
                frame = padded_frame(x, y, w, h, 0)
                frame.page_room = room
                placed = fill_frame(frame, story, self.c)
                self.finish_page(self.label(self.sheet))
                if not placed:
                    self.problems.append(
                        Problem(doc.doc.loc, f"{doc.item}: a block is taller than a page")
                    )
                    break

    def continued(self, title: Flowable, x: float, top: float, width: float) -> float:
        """Draw a sheet's continued title at the top of its frame, as a running head (an
        artifact: the title itself was read on the first page); the points it took."""
        height = continued_height(title, width, self.c)
        _w, h = title.wrapOn(self.c, width, 10_000)
        with self.tagger.artifact(self.c):
            title.drawOn(self.c, x, top - h)
        return height

    # -- calibration ---------------------------------------------------------------------
    def calibration(self) -> None:
        if self.pages % 2:  # the sheet's two sides must be one sheet of paper
            self.show_page()
        draw_calibration(
            self.c,
            self.paper,
            self.furniture.size,
            self.plan.profile.heading_size,
            self.tagger,
            lambda label: self.finish_page(self.furniture.label("duplex calibration", label)),
        )

    def save(self) -> bytes:
        """The finished file, tagged. ReportLab writes it into a ``Spill`` (on disk once it
        is big), a piece at a time; the canvas (every page, held until now) is let go before
        the structure is added, which reads ReportLab's file back an object at a time: the
        tagged file is the only one in memory whole."""
        self.c.save()
        del self.c, self.forms, self.copies
        with self.buf as written:
            return add_structure(written, self.tagger)
