"""The four printed parts of a game: cards, sheets, rules and the rules booklet, drawn from a
``GamePlan`` for one paper. Nothing is decided or checked here: the plan already was."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, KeepTogether, PageTemplate

from ..diagnostics import Problem
from ..impose import HALF_PAPERS, PAPERS, Grid, SheetPlan, plan_sheets
from ..measure import doc_styles, face_name, register
from ..model import Game
from ..plan.model import FacePlan, GamePlan, PageDoc, PrintedCard, Run
from ..profiles import Profile
from .documents import DocRenderer
from .faces import draw_face
from .pdf import (
    DocMeta,
    Furniture,
    apply_meta,
    draw_segments,
    grid_furniture,
    new_canvas,
    page_furniture,
)
from .tagging import Tagger, add_structure, attach


def meta_for(game: Game, part: str, duplex: str | None = None) -> DocMeta:
    from .. import __version__

    g = game.spec
    names = {
        "cards": "Cards",
        "sheets": "Sheets, markers and references",
        "rules": "Rules",
        "rules-booklet": "Rules booklet",
    }
    return DocMeta(
        title=f"{g.title} — {names[part]}",
        author=g.publisher or "cutsheet",
        subject=f"{g.title}: print-and-play {names[part].lower()} ({g.subtitle})".replace(
            " ()", ""
        ),
        creator=f"cutsheet {__version__}",
        lang=g.language,
        duplex=duplex,  # type: ignore[arg-type]
    )


# ------------------------------------------------------------------------ writing a part
class PartWriter:
    """Draws one part (cards or sheets) onto one canvas: card grids with their backs, flowing
    document pages, the calibration sheet; tags content when the profile asks for it."""

    def __init__(
        self,
        plan: GamePlan,
        part: str,
        paper_name: str,
        duplex: bool,
        cut_guides: str,
        back_offset: tuple[float, float],
    ) -> None:
        self.game = plan.game
        self.profile = plan.profile
        self.part = part
        self.paper = PAPERS[paper_name]
        self.duplex = duplex
        self.cut_guides = cut_guides
        self.back_offset = back_offset
        self.furniture = furniture_of(self.profile)
        self.buf = io.BytesIO()
        self.c = new_canvas(
            self.buf, self.paper, meta_for(self.game, part, "long" if duplex else None)
        )
        self.tagger = Tagger(self.profile.tagged)
        attach(self.c, self.tagger)
        self.docs = doc_renderer(self.profile)
        self.problems: list[Problem] = []
        self.sheet = 0

    def label(self, side: str = "") -> str:
        side = f" {side}" if side else ""
        long = f"{self.game.spec.title} · {self.part} · sheet {self.sheet}{side}"
        return self.furniture.label(long, f"{self.part} {self.sheet}{side}")

    def finish_page(self, label: str) -> None:
        with self.tagger.artifact(self.c):
            if label:
                page_furniture(self.c, self.paper, label, self.furniture)
        self.c.showPage()

    # -- card grids ----------------------------------------------------------------------
    def grid_page(
        self, grid: Grid, slots: Sequence[tuple[Any, FacePlan]], side: str, used: int
    ) -> None:
        for index, (rect, face) in enumerate(slots):
            self.tagger.group = f"{self.sheet}{side}:{index}"
            draw_face(self.c, face, rect.x, rect.y, self.tagger)
        self.tagger.group = None
        with self.tagger.artifact(self.c):
            if self.cut_guides == "lines":
                draw_segments(self.c, grid.cut_lines(), 0.25)
            if slots:
                draw_segments(self.c, grid.crop_marks(used=used))
            grid_furniture(self.c, grid, self.label(side), self.furniture)
        self.c.showPage()

    def runs(self, runs: Sequence[Run]) -> None:
        plans: list[SheetPlan[PrintedCard]] = plan_sheets(
            self.paper,
            [(r.size, [(card, card if card.back else None) for card in r.cards]) for r in runs],
            duplex=self.duplex,
            note_pt=self.furniture.size,
        )
        for plan in plans:
            self.sheet += 1
            used = len(plan.front)
            fronts = [(rect, card.front) for rect, card in plan.front_slots()]
            self.grid_page(plan.grid, fronts, "front" if self.duplex else "", used)
            if plan.backs is not None:
                backs = [
                    (rect, card.back)
                    for rect, card in plan.back_slots(self.back_offset)
                    if card.back
                ]
                self.grid_page(plan.grid, backs, "back", used)

    # -- flowing pages -------------------------------------------------------------------
    def page_doc(self, doc: PageDoc) -> None:
        margin, bottom = 15.0, self.furniture.band_mm
        for _ in range(doc.copies):
            story = _flatten(self.docs.flowables(doc.doc.blocks))
            while story:
                self.sheet += 1
                frame = Frame(
                    margin * mm,
                    bottom * mm,
                    (self.paper[0] - 2 * margin) * mm,
                    (self.paper[1] - bottom - margin) * mm,
                    leftPadding=0,
                    rightPadding=0,
                    topPadding=0,
                    bottomPadding=0,
                )
                before = len(story)
                frame.addFromList(story, self.c)
                self.finish_page(self.label("front" if self.duplex else ""))
                if self.duplex:
                    self.finish_page(self.label("back"))
                if len(story) == before:
                    self.problems.append(
                        Problem(doc.doc.loc, f"{doc.item}: a block is taller than a page")
                    )
                    break

    # -- calibration ---------------------------------------------------------------------
    def calibration(self) -> None:
        """One sheet: squares on the front; on the back, the same squares mirrored and shifted
        by -2..+2 mm. Hold it to the light: the pair that coincides names the offset to use."""
        c, (pw, ph), f = self.c, self.paper, self.furniture
        steps = (-2, -1, 0, 1, 2)
        cell, side = 30.0, 14.0
        x0 = (pw - cell * len(steps)) / 2
        y0 = (ph - cell * len(steps)) / 2 - 10
        size = max(f.size, 8.0)
        line = size * 1.3 / mm
        for back in (False, True):
            heading = "Duplex calibration: back" if back else "Duplex calibration: front"
            lines = (
                [
                    "Print two-sided (flip on the long edge) and hold the sheet to a window.",
                    "The back square that sits exactly on its front square gives,",
                    "by its label, the --back-offset X,Y (mm) to build with.",
                ]
                if back
                else ["Print this page and the next on the two sides of one sheet."]
            )
            with self.tagger.text(c, "H1"):
                c.setFont(face_name("bold"), size + 3)
                c.drawString(15 * mm, (ph - 15 - line) * mm, heading)
            for i, text in enumerate(lines):
                with self.tagger.text(c, "P"):
                    c.setFont(face_name("regular"), size)
                    c.drawString(15 * mm, (ph - 17 - line * (i + 2.2)) * mm, text)
            with self.tagger.artifact(c):
                c.setLineWidth(0.5)
                for j, dy in enumerate(steps):
                    for i, dx in enumerate(steps):
                        cx = x0 + (i + 0.5) * cell
                        cy = y0 + (len(steps) - j - 0.5) * cell
                        if back:
                            cx, cy = pw - cx + dx, cy + dy
                        c.rect((cx - side / 2) * mm, (cy - side / 2) * mm, side * mm, side * mm)
                        if back:
                            c.setFont(face_name("regular"), max(f.size, 7))
                            c.drawCentredString(
                                cx * mm, (cy - side / 2 - 3.5) * mm, f"{dx:+d},{dy:+d}"
                            )
            self.finish_page(self.furniture.label("duplex calibration", "calibration"))

    def save(self) -> bytes:
        self.pages = self.c.getPageNumber() - 1
        self.c.save()
        return add_structure(self.buf.getvalue(), self.tagger)


def furniture_of(profile: Profile) -> Furniture:
    return Furniture(profile.scale_note, profile.small_size)


def doc_renderer(profile: Profile) -> DocRenderer:
    styles = doc_styles(
        profile.body_size,
        profile.heading_size,
        profile.title_size,
        profile.small_size,
        profile.line_spacing,
    )
    return DocRenderer(styles, profile.write_in_mm)


def _flatten(story: list[Flowable]) -> list[Flowable]:
    """A bare Frame (no doc template) cannot split KeepTogether: lay out its content instead."""
    out: list[Flowable] = []
    for f in story:
        if isinstance(f, KeepTogether):
            out.extend(_flatten(list(f._content)))
        else:
            out.append(f)
    return out


def render_cards_like(
    plan: GamePlan,
    part: str,
    paper_name: str,
    *,
    cut_guides: str = "marks",
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> tuple[bytes, int, list[Problem]] | None:
    """Render the ``cards`` or ``sheets`` part, or None when the game has nothing in it."""
    entries = plan.parts.get(part, ())
    if not entries:
        return None
    duplex = any(isinstance(e, Run) and any(card.back for card in e.cards) for e in entries)
    writer = PartWriter(plan, part, paper_name, duplex, cut_guides, back_offset)
    pending: list[Run] = []
    for entry in entries:
        if isinstance(entry, Run):
            pending.append(entry)
            continue
        writer.runs(pending)
        pending = []
        writer.page_doc(entry)
    writer.runs(pending)
    if duplex:
        writer.calibration()
    data = writer.save()
    return data, writer.pages, writer.problems


# ------------------------------------------------------------------------ rules
def render_rules(plan: GamePlan, paper_name: str, *, half: bool = False) -> tuple[bytes, int]:
    """The rules in reading order, on the paper (or on half-size pages for the booklet),
    tagged when the profile asks (the booklet's imposition keeps the tags)."""
    game = plan.game
    page = HALF_PAPERS[paper_name] if half else PAPERS[paper_name]
    part = "rules-booklet" if half else "rules"
    meta = meta_for(game, part)
    furniture = furniture_of(plan.profile)
    tagger = Tagger(plan.profile.tagged)
    margin = 12.0 if half else 18.0
    buf = io.BytesIO()
    register()

    def on_page(c: Canvas, doc: BaseDocTemplate) -> None:
        attach(c, tagger)
        apply_meta(c, meta)
        long = f"{game.spec.title} · rules · page {doc.page}"
        with tagger.artifact(c):
            page_furniture(c, page, furniture.label(long, f"page {doc.page}"), furniture)

    doc = BaseDocTemplate(
        buf,
        pagesize=(page[0] * mm, page[1] * mm),
        leftMargin=margin * mm,
        rightMargin=margin * mm,
        topMargin=margin * mm,
        bottomMargin=furniture.band_mm * mm,
        title=meta.title,
        author=meta.author,
        subject=meta.subject,
        creator=meta.creator,
        producer=meta.creator,
        lang=meta.lang,
        invariant=1,
        initialFontName=register(),
    )
    frame = Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="body")
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=on_page)])
    doc.build(doc_renderer(plan.profile).flowables(plan.rules.blocks))
    return add_structure(buf.getvalue(), tagger), doc.page


def render_single(face: FacePlan, title: str, lang: str) -> bytes:
    """One face alone on a page of its own size with a hairline trim outline (previews)."""
    buf = io.BytesIO()
    meta = DocMeta(title, "cutsheet", "preview", "cutsheet", lang)
    c = new_canvas(buf, (face.width_mm, face.height_mm), meta)
    draw_face(c, face, 0, 0)
    c.setLineWidth(0.25)
    c.rect(0, 0, face.width_mm * mm, face.height_mm * mm, stroke=1, fill=0)
    c.showPage()
    c.save()
    return buf.getvalue()
