"""The four printed parts of a game: cards, sheets, rules and the rules booklet, drawn from a
``GamePlan`` for one paper. Nothing is decided or checked here: the plan already was."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import NoReturn, cast

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, PageTemplate

from ..diagnostics import Loc, Problem
from ..flow.blocks import DocPlan
from ..flow.frames import (
    FRAME_PADDING,
    Furniture,
    end_space_dropped,
    rules_frame,
    rules_margin,
    rules_side,
)
from ..impose.print_plan import DocPrint, PartPrint, PrintOptions, PrintPlan
from ..measure import register
from ..model import Game
from ..papers import Paper
from ..plan.model import FacePlan, GamePlan
from ..profiles import Profile
from .documents import TaggedStory
from .faces import draw_face
from .pdf import DocMeta, apply_meta, new_canvas, page_furniture
from .pdfstream import add_structure
from .sides import NotImposable, sides_for
from .tagging import Tagger, attach
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


# ------------------------------------------------------------------------ what a part reads
@dataclass(frozen=True)
class PartInput:
    """Everything drawing one part on one paper reads, and nothing else: the part as imposed
    (or the flowing document and its page), the paper, the print options, the profile, the
    margin furniture, the file's metadata and the game's title. ``draw_part`` draws from this
    alone (the game itself is out of its reach), so two equal inputs draw the same bytes:
    the build keeps a part whose input did not change (``partcache``)."""

    part: PartPrint | DocPrint
    paper: Paper
    options: PrintOptions
    profile: Profile
    furniture: Furniture
    meta: DocMeta
    title: str  # the game's, in the rules pages' label

    @property
    def name(self) -> str:
        return self.part.part


def input_of(plan: PrintPlan, part: PartPrint | DocPrint) -> PartInput:
    """What drawing ``part`` of ``plan`` reads."""
    game = plan.game_plan.game
    if isinstance(part, PartPrint):
        duplex = "long" if part.duplex else None
    else:
        duplex = "short" if part.part == "rules-booklet" else None
    meta = meta_for(game, part.part, duplex)
    return PartInput(
        part,
        plan.paper,
        plan.options,
        plan.game_plan.profile,
        plan.furniture,
        meta,
        game.spec.title,
    )


def part_inputs(plan: PrintPlan) -> list[PartInput]:
    """Each part of ``plan`` as it is drawn, in file order: cards, sheets, rules, booklet."""
    return [input_of(plan, part) for part in (*plan.parts, *plan.documents)]


def draw_part(inp: PartInput) -> tuple[bytes, int, list[Problem]]:
    """The part's PDF, its pages (a booklet's printed sides) and what went wrong drawing it
    that the plan should have found."""
    if isinstance(inp.part, PartPrint):
        return _card_part(inp, inp.part)
    booklet = inp.part.part == "rules-booklet"
    data, pages, imposed = _rules(inp, inp.part, booklet)
    if not booklet or imposed:
        return data, pages, []
    from ..booklet import impose_booklet  # an untagged booklet: imposed by pikepdf

    m = inp.meta
    booklet, sides = impose_booklet(
        data,
        inp.paper.size,
        title=m.title,
        author=m.author,
        subject=m.subject,
        creator=m.creator,
        lang=m.lang,
    )
    return booklet, sides, []


class _Unread:
    """The game of the plan a part is drawn from: drawing reads its ``PartInput`` only (which
    decides whether the part is drawn again), so a reach for the game is a bug, said here."""

    def __getattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"drawing a part reads its PartInput only, not game.{name}")


_NOTHING = DocPlan((), Loc(""))


def _bare_plan(inp: PartInput, part: PartPrint) -> PrintPlan:
    """A print plan holding ``inp`` and nothing more, for the part writer to draw from."""
    game_plan = GamePlan(cast(Game, _Unread()), inp.profile, {}, _NOTHING, inp.furniture, _NOTHING)
    return PrintPlan(game_plan, inp.paper, inp.options, (part,), (), ())


# ------------------------------------------------------------------------ writing a part
def render_card_part(plan: PrintPlan, part: PartPrint) -> tuple[bytes, int, list[Problem]]:
    """Draw the ``cards`` or ``sheets`` part as planned: card pages (front/back pairs, then
    single pages), then full-page sheets, then, when two-sided, the calibration sheet."""
    return _card_part(input_of(plan, part), part)


def _card_part(inp: PartInput, part: PartPrint) -> tuple[bytes, int, list[Problem]]:
    writer = PartWriter(
        _bare_plan(inp, part), part.part, inp.meta, TaggedStory.for_profile(inp.profile)
    )
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
    data, pages, _imposed = _rules(input_of(plan, doc_print), doc_print)
    return data, pages


def _rules(inp: PartInput, doc_print: DocPrint, booklet: bool = False) -> tuple[bytes, int, bool]:
    """The rules' file, its pages, and whether they were imposed as a ``booklet`` already:
    a tagged booklet is imposed as its tags are written (``sides``); an untagged one is
    left as half pages."""
    page, half = doc_print.page, doc_print.half
    body = inp.profile.body_size
    top, side = rules_margin(half), rules_side(page[0], half, body)  # as ``rules_frame``
    meta = replace(inp.meta, duplex=None)  # the booklet's half pages: imposed, then flipped
    furniture = inp.furniture
    tagger = Tagger(inp.profile.tagged)
    buf = io.BytesIO()
    register()

    def on_page(c: Canvas, doc: BaseDocTemplate) -> None:
        attach(c, tagger)
        apply_meta(c, meta)
        whole = (0, 0, page[0] * mm, page[1] * mm)  # a rules page is cut nowhere
        c.setTrimBox(whole)
        c.setBleedBox(whole)
        long = f"{inp.title} · rules · page {doc.page}"
        with tagger.artifact(c):
            label = furniture.label(long, f"page {doc.page}")
            page_furniture(c, page, label, furniture, side + FRAME_PADDING / mm)  # by the text

    doc = BaseDocTemplate(
        buf,
        pagesize=(page[0] * mm, page[1] * mm),
        leftMargin=side * mm,
        rightMargin=side * mm,
        topMargin=top * mm,
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
    frame = rules_frame(page, half, furniture.band_mm, body)  # the plan measured in this frame
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=on_page)])
    builder = TaggedStory.for_profile(inp.profile).for_frame(frame._aW)
    story = end_space_dropped(builder.flowables(doc_print.doc.blocks))
    doc.build(story)
    if not (booklet and tagger.enabled):
        return add_structure(buf.getvalue(), tagger), doc.page, False
    imposed = sides_for(inp.paper.size, doc_print.sides(doc.page))
    try:
        return add_structure(buf.getvalue(), tagger, imposed), len(imposed.pairs), True
    except NotImposable:  # a file the writer cannot impose: pikepdf imposes the tagged pages
        return add_structure(buf.getvalue(), tagger), doc.page, False


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
