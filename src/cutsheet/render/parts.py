"""The four printed parts of a game: cards, sheets, rules and the rules booklet, drawn from a
``GamePlan`` for one paper. Nothing is decided or checked here: the plan already was."""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, PageTemplate

from ..diagnostics import Problem
from ..flow.frames import FRAME_PADDING, padded_frame
from ..impose.print_plan import DocPrint, PartPrint, PrintPlan
from ..measure import register
from ..model import Game
from ..plan.model import FacePlan
from .documents import TaggedStory
from .faces import draw_face
from .pdf import DocMeta, apply_meta, new_canvas, page_furniture
from .tagging import Tagger, add_structure, attach
from .writer import PartWriter


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
def render_card_part(plan: PrintPlan, part: PartPrint) -> tuple[bytes, int, list[Problem]]:
    """Draw the ``cards`` or ``sheets`` part as planned: card pages (front/back pairs, then
    single pages), then full-page sheets, then, when two-sided, the calibration sheet."""
    game_plan = plan.game_plan
    meta = meta_for(game_plan.game, part.part, "long" if part.duplex else None)
    writer = PartWriter(plan, part.part, meta, TaggedStory.for_profile(game_plan.profile))
    writer.card_pages(part.pages)
    writer.sheet = part.first_doc_sheet - 1
    for doc in part.docs:
        writer.page_doc(doc)
    if part.calibration:
        writer.calibration()
    data = writer.save()
    return data, writer.pages, writer.problems


# ------------------------------------------------------------------------ rules
def render_rules(plan: PrintPlan, doc_print: DocPrint) -> tuple[bytes, int]:
    """The rules in reading order, on the paper (or on half-size pages for the booklet),
    tagged when the profile asks (the booklet's imposition keeps the tags)."""
    game_plan = plan.game_plan
    game = game_plan.game
    page, margin = doc_print.page, doc_print.margin
    meta = meta_for(game, doc_print.part)
    furniture = plan.furniture
    tagger = Tagger(game_plan.profile.tagged)
    buf = io.BytesIO()
    register()

    def on_page(c: Canvas, doc: BaseDocTemplate) -> None:
        attach(c, tagger)
        apply_meta(c, meta)
        whole = (0, 0, page[0] * mm, page[1] * mm)  # a rules page is cut nowhere
        c.setTrimBox(whole)
        c.setBleedBox(whole)
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
    frame = padded_frame(
        doc.leftMargin, doc.bottomMargin, doc.width, doc.height, FRAME_PADDING, "body"
    )
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=on_page)])
    story = TaggedStory.for_profile(game_plan.profile).flowables(doc_print.doc.blocks)
    doc.build(story)
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


def render_faces(
    faces: Sequence[FacePlan],
    meta: DocMeta,
    bleed: float = 0.0,
    page: tuple[float, float] | None = None,
) -> bytes:
    """Each face on a page of its own: the trim plus ``bleed`` mm on every side (or ``page``,
    mm, with the face centred), the TrimBox at the trim and the BleedBox around it. A face
    that comes back (a shared back, a card's copies) is drawn once, as a Form XObject."""
    buf = io.BytesIO()
    first = faces[0] if faces else None
    size = page or ((first.width_mm + 2 * bleed, first.height_mm + 2 * bleed) if first else (1, 1))
    c = new_canvas(buf, size, meta)
    forms: dict[FacePlan, str] = {}
    for face in faces:
        w, h = face.width_mm, face.height_mm
        pw, ph = page or (w + 2 * bleed, h + 2 * bleed)
        c.setPageSize((pw * mm, ph * mm))
        x, y = (pw - w) / 2, (ph - h) / 2
        name = forms.get(face)
        if name is None:
            name = forms[face] = f"cs-face-{len(forms) + 1}"
            c.beginForm(name, -bleed * mm, -bleed * mm, (w + bleed) * mm, (h + bleed) * mm)
            draw_face(c, face, 0, 0, None, bleed)
            c.endForm()
        c.saveState()
        c.translate(x * mm, y * mm)
        c.doForm(name)
        c.restoreState()
        c.setTrimBox((x * mm, y * mm, (x + w) * mm, (y + h) * mm))
        c.setBleedBox(
            ((x - bleed) * mm, (y - bleed) * mm, (x + w + bleed) * mm, (y + h + bleed) * mm)
        )
        c.showPage()
    c.save()
    return buf.getvalue()
